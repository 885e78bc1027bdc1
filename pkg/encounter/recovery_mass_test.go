package encounter

// Regression tests for the bugs and gaps the independent verification of
// the fight clock against the rulebook found (docs/rules-notes.md).

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// The Endurance Table bonus is added to each recovery once (p. 39: END 18
// recovers 1d6+1). pkg/chargen writes it into recovery.stamina ("1d6+1");
// before the fix the fight added it again (1d6+2).
func TestRecoveryBonusCountedOnce(t *testing.T) {
	for _, tc := range []struct {
		name     string
		end      int
		expr     string
		die, got int
	}{
		{"chargen's 1d6+1 at END 18", 18, "1d6+1", 4, 25},
		{"a plain 1d6 at END 18", 18, "1d6", 4, 25},
		{"no expression at END 26", 26, "", 1, 24},
		{"chargen's 1d6-1 at END 5, never below 0", 5, "1d6-1", 1, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newBank(t)
			g := e.Find("guardian")
			g.Hero.Abilities.Final.Endurance = tc.end
			g.Hero.Recovery.Stamina = tc.expr
			g.Hero.Stamina.Current = 20
			initiative(t, e, 8, 3)
			must(t, e.EndPage(gm(tc.die)))
			if got := e.Find("guardian").Hero.Stamina.Current; got != tc.got {
				t.Fatalf("stamina %d, want %d", got, tc.got)
			}
		})
	}
}

// Density Control (Other) at ×4 gives +10 knockback threshold (p. 54: +5
// at ×2 and an additional +5 at ×4); before the fix the fight passed only
// "denser" (+5). The Guardian's 36 stamina against 30 is 6 over: 4 m.
func TestMassStepsRaiseKnockbackThreshold(t *testing.T) {
	e := newBank(t)
	ef, _ := PresetEffect("mass")
	ef.Source = "guardian"
	must(t, e.AddEffect(gm(), "nefario", ef))
	must(t, e.AddEffect(gm(1), "nefario", ef)) // ×4: will 1d20 = 1 holds
	initiative(t, e, 8, 3)
	// To-hit 20; 1d6-6 = 1; 2d6 = 3, 3 + 30 = 36 stamina; prone check 1.
	res, err := e.Attack(gm(20, 1, 3, 3, 1), strike("guardian", "nefario", "fist", ""), combat.Options{})
	must(t, err)
	if kb := res.Knockback; kb == nil || kb.Threshold != 30 || kb.Metres != 4 {
		t.Fatalf("knockback %+v, want threshold 30 and 4 m", kb)
	}
}

// Mass cannot go past ×16 (pp. 54, 57), and refusing a fifth doubling
// leaves the ×16 effect in place.
func TestMassPastSixteenChangesNothing(t *testing.T) {
	e := newBank(t)
	ef, _ := PresetEffect("mass")
	ef.Source = "guardian"
	must(t, e.AddEffect(gm(), "nefario", ef))
	must(t, e.AddEffect(gm(1), "nefario", ef)) // ×4
	must(t, e.AddEffect(gm(1), "nefario", ef)) // ×8: 1d20+10 = 11 ≤ WIL
	must(t, e.AddEffect(gm(), "nefario", ef))  // ×16: blacks out
	mustFail(t, e.AddEffect(gm(), "nefario", ef), "×16")
	n := e.Find("nefario")
	if len(n.Effects) != 1 || n.Effects[0].Multiplier != 16 {
		t.Fatalf("effects after a refused doubling: %+v", n.Effects)
	}
}

// The free-reaction and never-surprised rules have one home, pkg/combat;
// the fight clock's methods agree with it for every kind of character.
func TestReactionRulesHaveOneHome(t *testing.T) {
	e := newBank(t)
	c := e.Find("guardian")
	for _, k := range []hero.Kind{hero.KindHero, hero.KindVillain, hero.KindSidekick, hero.KindMundane, hero.KindRobot, hero.KindAndroid, hero.KindSummoned} {
		c.Hero.Kind = k
		if c.HasFreeReactions() != combat.GetsFreeReactions(&c.Hero) {
			t.Errorf("%s: the fight and pkg/combat disagree on free reactions", k)
		}
	}
	c.Hero.Powers = []hero.Power{{Slug: "super-senses", Name: "Super Senses", Rank: 1, MaxRank: 1, Flavours: []hero.Flavour{{Slug: "animal-senses", Name: "Animal Senses"}}}}
	if !c.NeverSurprised() || !combat.NeverSurprised(&c.Hero) {
		t.Error("Animal Senses are never surprised (p. 74)")
	}
}
