package encounter

import (
	"math"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestContestOdds: a psychic attack succeeds when 1d20 + the attacker's
// will is at least 1d20 + the defender's will and Confidence Table bonus,
// ties to the attacker (p. 43). Of the 400 pairs of d20s, 20 - |j| have
// the attacker's die j above the defender's.
func TestContestOdds(t *testing.T) {
	for _, c := range []struct {
		name          string
		att, def, bon int
		pairs         int // of 400
	}{
		// The reference villain (will 16) on blazing-titan (will 13, no
		// bonus): the attacker's die at least 3 below the defender's.
		// Failing needs the defender's die 4 or more above: 16+15+...+1
		// = 136 pairs, so 400 - 136 = 264 succeed.
		{"will 16 against 13", 16, 13, 0, 264},
		// Against silver-flare (will 9): failing needs the defender's die
		// 8 or more above, 12+11+...+1 = 78 pairs: 322 succeed.
		{"will 16 against 9", 16, 9, 0, 322},
		// Equal wills: ties go to the attacker, 200 + 10 = 210 of 400.
		{"equal wills", 10, 10, 0, 210},
		// A bonus of 2 on top: the attacker's die 2 above or more,
		// 18+17+...+1 = 171.
		{"equal wills, bonus 2", 10, 10, 2, 171},
		{"beyond the dice", 10, 30, 0, 0},
		{"beyond the dice the other way", 30, 10, 1, 400},
		{"the last pair", 10, 29, 0, 1},
	} {
		if got, want := contestOdds(c.att, c.def, c.bon), float64(c.pairs)/400; math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: %v, want %d/400", c.name, got, c.pairs)
		}
	}
}

// TestRestMean: a rest regenerates 1d6 health (p. 73), no more than was
// lost: the mean of min(d6, lost).
func TestRestMean(t *testing.T) {
	for lost, want := range map[int]float64{1: 1, 3: (1 + 2 + 3 + 3 + 3 + 3) / 6.0, 6: 3.5, 40: 3.5} {
		if got := restMean(lost); math.Abs(got-want) > 1e-12 {
			t.Errorf("lost %d: %v, want %v", lost, got, want)
		}
	}
}

// TestMindControlUses: the reference villain's Mind Control hook (p. 68)
// offers a cast on each hero, worth the contest's odds times the hero's
// threat to the villains plus its threat to the heroes, and nothing when
// psi, the double-panel or the last enemy standing forbid it.
func TestMindControlUses(t *testing.T) {
	e, err := Decode(encounterFile(t, "reference.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Initiative: heroes 1, villains 10, so the villains advance (p. 30).
	if err := e.RollInitiative(Ctx{Roller: dice.NewScripted([]int{1, 10})}); err != nil {
		t.Fatal(err)
	}
	c := e.Find("cobalt-mind")
	if e.PhaseLeft(c) < rulebook.DoublePanel {
		t.Fatalf("cobalt-mind has %d panels now", e.PhaseLeft(c))
	}
	titan, flare := e.Find("blazing-titan"), e.Find("silver-flare")
	uses := mindControlUses(e, c, combat.Options{}, nil)
	if len(uses) != 2 {
		t.Fatalf("%d uses, want one on each hero", len(uses))
	}
	for i, tg := range []*Combatant{titan, flare} {
		odds := contestOdds(16, tg.Hero.Abilities.Final.Will, combat.MentalWillBonus(&tg.Hero))
		against, own := e.threats(tg, []string{"heroes", "heroes", "villains", "villains", "villains", "villains", "villains", "villains", "villains"}, "villains", combat.Options{})
		want := odds * (against + own)
		if uses[i].worth != want || uses[i].panels != rulebook.DoublePanel {
			t.Errorf("use %d: worth %v in %d panels, want %v in a double-panel", i, uses[i].worth, uses[i].panels, want)
		}
	}
	if uses[0].worth <= uses[1].worth {
		t.Errorf("blazing-titan (%v) should be worth more than silver-flare (%v): its attacks take either side further", uses[0].worth, uses[1].worth)
	}

	pool := c.Hero.FindPool("psi")
	pool.Current = 4 // the speciality's half of 10 is 5
	if got := mindControlUses(e, c, combat.Options{}, nil); len(got) != 0 {
		t.Errorf("4 psi: %d uses, want none", len(got))
	}
	pool.Current = 5
	if got := mindControlUses(e, c, combat.Options{}, nil); len(got) != 2 {
		t.Errorf("5 psi: %d uses, want 2", len(got))
	}

	flare.Hero.Condition.Unconscious = true
	if got := mindControlUses(e, c, combat.Options{}, nil); len(got) != 0 {
		t.Errorf("one hero standing: %d uses, want none (control decides no fight)", len(got))
	}
}

// TestRegenerationUses: blazing-titan (Regeneration, health 48, battered
// at 5) rests when hurt: down to 10 health, a rest's 1d6 (3.5, all of
// it within the 38 lost) is 3.5 of the 5 it has left before battered,
// 0.7; whole, it offers nothing (p. 73).
func TestRegenerationUses(t *testing.T) {
	e, err := Decode(encounterFile(t, "reference.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := e.RollInitiative(Ctx{Roller: dice.NewScripted([]int{10, 1})}); err != nil {
		t.Fatal(err)
	}
	c := e.Find("blazing-titan")
	if got := regenerationUses(e, c, combat.Options{}, nil); len(got) != 0 {
		t.Errorf("whole: %d uses, want none", len(got))
	}
	c.Hero.Health.Current = 10
	got := regenerationUses(e, c, combat.Options{}, nil)
	if len(got) != 1 || math.Abs(got[0].worth-0.7) > 1e-12 || got[0].panels != rulebook.DoublePanel || got[0].use.Power != rulebook.PowerSuperHealth {
		t.Fatalf("at 10 health: %+v, want one rest worth 0.7 in a double-panel", got)
	}
}

// TestMindControlLetsGo: with nobody standing against the villains but
// the hero cobalt-mind controls, the fight would never end (the sides of
// the file count); cobalt-mind lets go, taking no panel, and the titan
// fights for the heroes again (p. 68).
func TestMindControlLetsGo(t *testing.T) {
	e, err := Decode(encounterFile(t, "reference.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := e.RollInitiative(Ctx{Roller: dice.NewScripted([]int{1, 10})}); err != nil {
		t.Fatal(err)
	}
	c, titan := e.Find("cobalt-mind"), e.Find("blazing-titan")
	ef, _ := PresetEffect(combat.StateMindControl)
	ef.Source = c.ID
	if err := e.AddEffect(Ctx{}, titan.ID, ef); err != nil {
		t.Fatal(err)
	}
	e.Find("silver-flare").Hero.Condition.Unconscious = true
	if e.FightsFor(titan) != "villains" || e.Over() {
		t.Fatalf("the titan fights for %s, over %v", e.FightsFor(titan), e.Over())
	}
	left := e.PhaseLeft(c)
	uses := e.sensibleUses(c, combat.Options{})
	if e.FightsFor(titan) != "heroes" || e.heldBy(c) != 0 {
		t.Errorf("after letting go the titan fights for %s, %d held", e.FightsFor(titan), e.heldBy(c))
	}
	if e.PhaseLeft(c) != left {
		t.Errorf("letting go took %d panels", left-e.PhaseLeft(c))
	}
	if len(uses) != 0 {
		t.Errorf("%d uses after letting go, want none (the titan is the last hero standing)", len(uses))
	}
}
