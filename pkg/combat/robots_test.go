package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// robot is a robot as gen npc robot makes it: health, no stamina (p. 49).
func robot() *hero.Hero {
	r := mk("Robby", rulebook.ACD)
	r.Kind = hero.KindRobot
	r.Abilities.Final.Endurance = 15
	r.Combat.Dividers = hero.Dividers{Health: 3, Stamina: 2}
	r.Stamina = hero.Stamina{}
	r.Combat.Immunities = []string{"stamina"}
	return r
}

// Worked by hand from p. 49 ("they do not have a stamina value and are
// immune to stunning damage. In order to be stopped they must be destroyed
// by sufficient health damage"): stamina damage does nothing, never
// overflows onto health, and a stamina of 0 is not unconsciousness.
func TestRobotIgnoresStaminaDamage(t *testing.T) {
	cases := []struct {
		name           string
		health, stam   string
		wantH, wantS   int
		wantCondition  string
		wantAppliedH   int
		wantAppliedS   int
		wantImmuneNote bool
	}{
		// 16 S at S/2 would be 8 S: a robot takes none (before the fix:
		// stamina -8, unconscious).
		{"stamina only", "0", "16", 40, 0, "ok", 0, 0, true},
		// 60 S at S/2 is 30 S, which overflowed past -END 15 onto health
		// before the fix; now nothing.
		{"no overflow", "0", "60", 40, 0, "ok", 0, 0, true},
		// 9 H at H/3 is 3 H; the 10 S does nothing.
		{"health still hurts", "9", "10", 37, 0, "ok", 3, 0, true},
		// 108 H at H/3 is 36 H: 40 → 4, battered (4 or less).
		{"battered by health", "108", "0", 4, 0, "battered", 36, 0, false},
		// 120 H at H/3 is 40 H: 0 is death's door.
		{"destroyed by health", "120", "0", 0, 0, "deaths_door", 40, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			att := withAttack(mk("Brute", rulebook.ACF), flat("x", 2, c.health, c.stam))
			def := robot()
			// To-hit 20; no knockback die unless 16+ stamina beats 20.
			vals := []int{20}
			if n, _ := parseExpr(c.stam); n != nil && n.Max() > 20 {
				vals = append(vals, 20) // the prone check
			}
			res := resolve(t, att, def, Request{Attack: "x"}, Options{}, vals...)
			if res.After.Health != c.wantH || res.After.Stamina != c.wantS || res.After.Condition != c.wantCondition {
				t.Fatalf("after = %+v, want H %d S %d %s", res.After, c.wantH, c.wantS, c.wantCondition)
			}
			if res.Applied.Health != c.wantAppliedH || res.Applied.Stamina != c.wantAppliedS || res.Applied.Overflow != 0 {
				t.Fatalf("applied = %+v", res.Applied)
			}
			if got := res.Applied.Immune != ""; got != c.wantImmuneNote {
				t.Fatalf("immune note %q", res.Applied.Immune)
			}
			if err := res.Apply(def, nil); err != nil {
				t.Fatal(err)
			}
			if def.Condition.Unconscious != (c.wantCondition == "deaths_door") || def.Condition.Dazed || def.Condition.Stunned {
				t.Fatalf("condition on file = %+v", def.Condition)
			}
		})
	}
}

func TestNoStaminaTracks(t *testing.T) {
	tr := Tracks{Health: 40, Stamina: 0, Battered: 4, Endurance: 15, NoStamina: true}
	after, over := TakeDamage(tr, 2, 99)
	if after.Health != 38 || after.Stamina != 0 || over != 0 {
		t.Fatalf("TakeDamage = %+v, %d", after, over)
	}
	if c := ConditionsOf(after); c.Worst() != "ok" || c.Unconscious || c.Dazed || c.Overflowing {
		t.Fatalf("conditions %+v", c)
	}
	// An android is not a robot (p. 50): it is stunned like anyone.
	a := mk("Andy", rulebook.ACF)
	a.Kind = hero.KindAndroid
	if NoStamina(a) {
		t.Fatal("an android has stamina")
	}
}
