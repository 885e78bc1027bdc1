package encounter

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// fourOnSix is the seeded 4-on-6 fight: The Guardian, Blur, Spark and
// Bulwark against two brutes and four thugs.
func fourOnSix(t testing.TB) *Encounter {
	s := Setup{Sides: []string{"heroes", "gang"}}
	for _, f := range []struct{ side, file string }{{"heroes", "guardian.json"}, {"heroes", "heroes.jsonl"}, {"gang", "gang.jsonl"}} {
		for _, h := range loadHeroes(t, f.file) {
			s.Entries = append(s.Entries, Entry{Side: f.side, Hero: h})
		}
	}
	e, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestWeigh: a thug's pistol (SC 1, 2d6+3 stamina / 1d6+3 health) on Blur
// (AC F: 11 to hit, no dividers) hits 10 times in 20 for 6.5 + 10 = 16.5:
// 8.25 expected; on The Guardian (AC B, immune to strike class 0-1,
// p. 32) nothing. Weighed fresh: the same on a hurt, dazed Blur.
func TestWeigh(t *testing.T) {
	e := fourOnSix(t)
	thug, blur, guardian := e.Find("thug-2"), e.Find("blur"), e.Find("guardian")
	x, err := e.Weigh(thug, blur, 0, combat.Options{})
	if err != nil || math.Abs(x.Damage-8.25) > 1e-9 || math.Abs(x.Hit-0.5) > 1e-9 || x.Out != 0 {
		t.Errorf("pistol on blur = %+v, %v; want damage 8.25, hit 0.5, out 0", x, err)
	}
	if x, err := e.Weigh(thug, guardian, 0, combat.Options{}); err != nil || x.Damage != 0 {
		t.Errorf("pistol on guardian = %+v, %v; want no damage", x, err)
	}
	blur.Hero.Stamina.Current = 3
	blur.Hero.Condition.Dazed = true
	if y, _ := e.Weigh(thug, blur, 0, combat.Options{}); y != x {
		t.Errorf("weighed on the hurt blur: %+v, fresh: %+v", y, x)
	}
}

// TestWeighSampled: an attack of more than WeighLimit outcomes (the
// reference villain's psionic blast: a d20 contest, 4d6 health and 6d6
// stamina) is weighed by seeded samples: the same in a simulation (once,
// for every fight) as in fight auto.
func TestWeighSampled(t *testing.T) {
	data := encounterFile(t, "reference.json")
	e, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	c, d := e.Find("cobalt-mind"), e.Find("silver-flare")
	i := -1
	for j, a := range c.Hero.Combat.Attacks {
		if a.Mental {
			i = j
		}
	}
	if i < 0 {
		t.Fatal("no mental attack")
	}
	live, err := e.Weigh(c, d, i, combat.Options{})
	if err != nil || live.Hit <= 0 || live.Damage <= 0 {
		t.Fatalf("psionic blast weighed %+v, %v", live, err)
	}
	sim, err := NewSim(data, combat.Options{}, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	sim.reset()
	w := &sim.work
	got, err := w.Weigh(w.Find("cobalt-mind"), w.Find("silver-flare"), i, combat.Options{})
	if err != nil || got != live {
		t.Errorf("in a simulation %+v, %v; in fight auto %+v", got, err, live)
	}
}

// TestSensibleFinishesTheWeakened: of two goons, a police officer (no
// super power: two hits take a goon out, p. 38) under the sensible
// policy shoots the one already hit once, though it stands second in the
// file; the plain policy shoots the first.
func TestSensibleFinishesTheWeakened(t *testing.T) {
	for _, tc := range []struct{ policy, want string }{{PolicySensible, "goon-2"}, {PolicyPlain, "goon-1"}} {
		e, err := New(Setup{Sides: []string{"heroes", "villains"}, Entries: []Entry{
			{Side: "heroes", Hero: loadHeroes(t, "police.jsonl")[0]},
			{Side: "villains", Hero: loadHeroes(t, "goons.jsonl")[0]},
			{Side: "villains", Hero: loadHeroes(t, "goons.jsonl")[1]},
		}})
		if err != nil {
			t.Fatal(err)
		}
		e.Find("goon-2").Hero.Mundane.Hits = 1
		must(t, e.RollInitiative(gm(9, 1)))
		n := len(e.Log)
		if _, err := e.Auto(Ctx{Roller: dice.NewSeeded(1)}, AutoOptions{Until: UntilTurn, Policy: tc.policy}, combat.Options{}); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, ev := range e.Log[n:] {
			if ev.Actor == "police-officer" && ev.Target != "" {
				got = ev.Target
				break
			}
		}
		if got != tc.want {
			t.Errorf("%s: the officer attacked %q, want %q", tc.policy, got, tc.want)
		}
	}
}

// TestWeighReaction: the thug's pistol (SC 1, one panel) on Blur dodging.
// With a free reaction left (p. 31) the dodge costs Blur nothing; with
// the page's free reactions spent it costs the attack's panel whenever
// it is made, against the 10 to-hit rolls in 20 that hit (a miss is not
// reacted to): 0.5 panels expected. The same dice, so the same damage
// and hits.
// Dodging, Blur is hit less than the 10 times in 20 of no reaction. A
// simulation weighs it once, as fight auto does.
func TestWeighReaction(t *testing.T) {
	e := fourOnSix(t)
	thug, blur := e.Find("thug-2"), e.Find("blur")
	dodge := combat.Reaction{Kind: combat.ReactionDodge}
	free, err := e.WeighReaction(thug, blur, 0, dodge, false, combat.Options{})
	if err != nil {
		t.Fatal(err)
	}
	spent, err := e.WeighReaction(thug, blur, 0, dodge, true, combat.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if free.Panels != 0 || math.Abs(spent.Panels-0.5) > 1e-12 {
		t.Errorf("panels: free %v, spent %v; want 0 and 0.5", free.Panels, spent.Panels)
	}
	if free.Damage != spent.Damage || free.Hit != spent.Hit || free.Out != spent.Out {
		t.Errorf("free %+v, spent %+v: only the panels differ", free, spent)
	}
	if free.Hit >= 0.5 || free.Damage >= 8.25 {
		t.Errorf("dodging: %+v; want fewer hits than no reaction (0.5, 8.25)", free)
	}
	if none, _ := e.WeighReaction(thug, blur, 0, combat.Reaction{}, true, combat.Options{}); none.Panels != 0 || math.Abs(none.Damage-8.25) > 1e-9 {
		t.Errorf("no reaction: %+v; want Weigh's", none)
	}
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := NewSim(data, combat.Options{}, 0, PolicyFocus)
	if err != nil {
		t.Fatal(err)
	}
	sim.reset()
	w := &sim.work
	for range 2 {
		if got, err := w.WeighReaction(w.Find("thug-2"), w.Find("blur"), 0, dodge, true, combat.Options{}); err != nil || got != spent {
			t.Errorf("in a simulation %+v, %v; in fight auto %+v", got, err, spent)
		}
	}
}
