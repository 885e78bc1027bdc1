package encounter

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestOutProgress: worked by hand from its definition.
func TestOutProgress(t *testing.T) {
	tracked := &Combatant{Hero: hero.Hero{Kind: hero.KindVillain}}
	tracked.Hero.Stamina.Current = 20
	mundane := &Combatant{Hero: hero.Hero{Kind: hero.KindMundane, Mundane: &hero.Mundane{}}}
	for _, c := range []struct {
		x    combat.Expected
		t    *Combatant
		hits int
		want float64
	}{
		{combat.Expected{Damage: 5}, tracked, 0, 0.25},                    // 5 of 20 stamina
		{combat.Expected{Damage: 10, Out: 0.5}, tracked, 0, 0.75},         // 0.5 + 0.5 × 10/20
		{combat.Expected{Damage: 50, Out: 0.2}, tracked, 0, 1},            // damage past the stamina left
		{combat.Expected{Hit: 0.6}, mundane, 0, 0.3},                      // one hit of the two it can take
		{combat.Expected{Hit: 0.6, Out: 0.6}, mundane, 1, 0.6},            // the second hit takes it out
		{combat.Expected{Hit: 0.6, Out: 0.6, Damage: 3}, mundane, 1, 0.6}, // no tracks: damage does not count
	} {
		if c.t.Hero.Mundane != nil {
			c.t.Hero.Mundane.Hits = c.hits
		}
		if got := OutProgress(c.x, c.t); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("OutProgress(%+v) = %v, want %v", c.x, got, c.want)
		}
	}
}

// duel is A (always hits: strike bonus 20) with a small attack (1d4
// stamina) and a big one (4d4), against B (40 stamina) and C (8), both
// armour class K (no dodge, pp. 32-35) with no parries: no reaction is
// possible, so the choice is the attacks' odds alone.
func duel(t *testing.T) *Encounter {
	t.Helper()
	k, err := rulebook.ParseArmourClass("K")
	if err != nil {
		t.Fatal(err)
	}
	mk := func(name string, stamina int) *hero.Hero {
		h := &hero.Hero{Schema: hero.SchemaVersion, Name: name, Kind: hero.KindVillain}
		h.Combat.ArmourClass = k
		h.Combat.KnockbackThreshold = 1000
		h.Combat.PanelsPerPage = 4
		h.Abilities.Final = hero.Abilities{Strength: 10, Agility: 10, Will: 10, Endurance: 10}
		h.Health = hero.Health{Max: 50, Current: 50, Battered: 2}
		h.Stamina = hero.Stamina{Max: stamina, Current: stamina, Dazed: 2, Stunned: 1}
		return h
	}
	a := mk("A", 30)
	a.Combat.StrikeBonus = 20
	a.Combat.Attacks = []hero.Attack{
		{Slug: "small", Name: "Small", StrikeClass: 2, DamageType: "unarmed", Stamina: "1d4", Panels: 1},
		{Slug: "big", Name: "Big", StrikeClass: 2, DamageType: "unarmed", Stamina: "4d4", Panels: 1},
	}
	e, err := New(Setup{Sides: []string{"a", "b"}, Entries: []Entry{{Side: "a", Hero: a}, {Side: "b", Hero: mk("B", 40)}, {Side: "b", Hero: mk("C", 8)}}})
	if err != nil {
		t.Fatal(err)
	}
	must(t, e.SetInitiative(Ctx{}, [][]int{{9, 1}}))
	return e
}

// TestFocusChoice, by hand: the big attack (4d4, mean 10) on C (8
// stamina) takes C to stamina 0 or below, out (p. 38), whenever 4d4 >= 8:
// 1 - 35/256 = 221/256; its expected damage 10 is more than C's 8, so
// its progress is 1, the most there is. On B it would be 10/40. When C
// is out, B is the only target: the big attack, progress 0.25.
func TestFocusChoice(t *testing.T) {
	e := duel(t)
	a := e.Find("a")
	ch, ok := FocusChoice(e, a, combat.Options{})
	if !ok || ch.Target.ID != "c" || a.Hero.Combat.Attacks[ch.Attack].Slug != "big" || ch.Reaction.Kind != combat.ReactionNone {
		t.Fatalf("choice %+v, %v; want big on c, no reaction", ch, ok)
	}
	if math.Abs(ch.Expected.Out-221.0/256) > 1e-12 || math.Abs(ch.Expected.Damage-10) > 1e-12 || ch.Progress != 1 {
		t.Errorf("expected %+v, progress %v; want out 221/256, damage 10, progress 1", ch.Expected, ch.Progress)
	}
	e.Find("c").Hero.Condition.Unconscious = true
	ch, ok = FocusChoice(e, a, combat.Options{})
	if !ok || ch.Target.ID != "b" || a.Hero.Combat.Attacks[ch.Attack].Slug != "big" || math.Abs(ch.Progress-0.25) > 1e-12 {
		t.Errorf("choice %+v; want big on b, progress 0.25", ch)
	}
	e.Find("b").Gone = "fled"
	if _, ok := FocusChoice(e, a, combat.Options{}); ok {
		t.Error("a choice with nobody standing")
	}
}

// TestFocusReaction on the bank fight: whatever it picks is never worse
// for the defender than no reaction once its panels are counted, and a
// defender that cannot react (surprised, p. 29) takes none.
func TestFocusReaction(t *testing.T) {
	e := newBank(t)
	must(t, e.SetInitiative(Ctx{}, [][]int{{9, 1}}))
	for _, pair := range [][2]string{{"guardian", "nefario"}, {"nefario", "guardian"}, {"goon-1", "guardian"}, {"guardian", "goon-2"}} {
		att, def := e.Find(pair[0]), e.Find(pair[1])
		rx, x, err := FocusReaction(e, def, att, 0, combat.Options{})
		if err != nil {
			t.Fatal(err)
		}
		none, err := e.Weigh(att, def, 0, combat.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, base := OutProgress(x, def)+FocusReactionWorth*x.Panels, OutProgress(none, def); got > base+1e-12 {
			t.Errorf("%s on %s: %s leaves progress %v with its panels, no reaction %v", pair[0], pair[1], rx.Kind, got, base)
		}
		t.Logf("%s on %s: %s (%+v)", pair[0], pair[1], rx.Kind, x)
	}
	// Nefario's fist on a dodging Guardian... the Guardian cannot dodge
	// (armour class B); Nefario can: the Guardian's fist against him.
	e.Phase, e.Surprise = PhaseSurprise, "heroes"
	if rx, _, _ := FocusReaction(e, e.Find("nefario"), e.Find("guardian"), 0, combat.Options{}); rx.Kind != combat.ReactionNone {
		t.Errorf("a surprised defender reacts: %s", rx.Kind)
	}
}

// The autopilot never makes the partial re-phase strike (p. 66) when its
// maker is not phased, though it would do the most damage; phased, it is
// the only attack (a phased combatant touches nothing else). By both
// policies.
func TestAutoPhaseStrikeOnlyPhased(t *testing.T) {
	e := duel(t)
	a := e.Find("a")
	a.Hero.Powers = []hero.Power{{Slug: "phasing", Name: "Phasing", Rank: 1, MaxRank: 2}}
	// big drops to 2d4 (mean 5): the strike's 1d6 H 2d6 S (7 S) would be
	// the best of the three by expected damage.
	a.Hero.Combat.Attacks[1].Stamina = "2d4"
	a.Hero.Combat.Attacks = append(a.Hero.Combat.Attacks,
		hero.Attack{Slug: "phase-strike", Name: "Phase strike", StrikeClass: 2, DamageType: "phase-strike", Health: "1d6", Stamina: "2d6", Panels: 1, Power: "phasing"})
	ch, ok := FocusChoice(e, a, combat.Options{})
	if !ok || a.Hero.Combat.Attacks[ch.Attack].Slug != "big" {
		t.Fatalf("focus, not phased: %+v; want big", ch)
	}
	for _, sc := range e.bestAttacks(a, e.Find("c"), combat.Options{}) {
		if sc.a.Slug == "phase-strike" {
			t.Fatal("plain, not phased: the phase strike is among the attacks tried")
		}
	}
	// The plain policy's turn: the d20 and big's 2d4, not the strike.
	must(t, e.autoTurn(gm(20, 1, 1), a, combat.Options{}, PolicyPlain, HeroPointsSpend))
	if last := e.Log[len(e.Log)-1]; !strings.Contains(last.Summary, "with big") {
		t.Fatalf("plain turn: %s", last.Summary)
	}
	a.Effects = append(a.Effects, stateEffect(combat.StatePhased, a.ID))
	ch, ok = FocusChoice(e, a, combat.Options{})
	if !ok || a.Hero.Combat.Attacks[ch.Attack].Slug != "phase-strike" {
		t.Fatalf("focus, phased: %+v; want phase-strike", ch)
	}
	if best := e.bestAttacks(a, e.Find("c"), combat.Options{}); len(best) == 0 || best[0].a.Slug != "phase-strike" {
		t.Fatalf("plain, phased: %+v; want phase-strike first", best)
	}
}

// TestFocusNextIsTheSortedOrder: focusNext, which weighs an attack with
// reactions only when its progress unanswered could beat the best so
// far, gives the same order as answering every candidate and sorting
// them (furthest to going out first, ties in file order), turn after turn
// of seeded fights of the reference encounter played by focus.
func TestFocusNextIsTheSortedOrder(t *testing.T) {
	data := encounterFile(t, "reference.json")
	reactions := 0
	for seed := range uint64(2) {
		e, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		end, err := e.beginWeighing() // weighed once, as in a run of fight auto
		if err != nil {
			t.Fatal(err)
		}
		ctx := Ctx{Roller: dice.NewSeeded(seed)}
		for turn := 0; turn < 60 && !e.Over(); turn++ {
			if c := e.Current(); c != nil {
				lazy := append([]aim(nil), e.autoAims(c, combat.Options{})...)
				var got []aim
				for j := e.focusNext(c, lazy, combat.Options{}); j >= 0; j = e.focusNext(c, lazy, combat.Options{}) {
					got = append(got, lazy[j])
					lazy[j].tried = true
				}
				want := append([]aim(nil), e.autoAims(c, combat.Options{})...)
				for j := range want {
					e.focusAnswer(c, &want[j], combat.Options{})
				}
				slices.SortStableFunc(want, byProgress)
				if len(got) != len(want) {
					t.Fatalf("seed %d turn %d: %d aims, want %d", seed, turn, len(got), len(want))
				}
				for j := range want {
					g, w := got[j], want[j]
					if g.reaction.Kind != combat.ReactionNone {
						reactions++
					}
					if g.target != w.target || g.index != w.index || g.reaction != w.reaction || g.progress != w.progress {
						t.Fatalf("seed %d turn %d, choice %d: %s %d %+v %v; sorted: %s %d %+v %v", seed, turn, j,
							g.target.ID, g.index, g.reaction, g.progress, w.target.ID, w.index, w.reaction, w.progress)
					}
				}
			}
			if _, err := e.Auto(ctx, AutoOptions{Until: UntilTurn, Policy: PolicyFocus}, combat.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		end()
	}
	if reactions == 0 {
		t.Error("no choice was answered by a reaction: nothing tested")
	}
}
