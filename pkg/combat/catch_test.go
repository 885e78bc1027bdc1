package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Catching a thrown object parried bare-handed (p. 34): "providing they
// have a high enough strength to have thrown it". A fridge is on the
// 26-80 kg row of the Object Table (p. 39), Throw 11: a defender of
// strength 11 catches it, one of strength 10 only deflects it. A thrown
// weapon of the attacker's own list is not weighed: the note leaves the
// strength to the GM. Dice: to-hit 12, the parry's d20 20, the fridge's
// 1d6 H and 2d6 S (+3) all 6s.
func TestCatchNeedsTheThrowScore(t *testing.T) {
	for _, c := range []struct {
		name     string
		strength int
		caught   bool
		note     string
	}{
		{"strength 11 catches a fridge (Throw 11)", 11, true, "Nefario catches the fridge: strength 11 is enough to have thrown it (Throw 11"},
		{"strength 10 only deflects it", 10, false, "Nefario cannot catch the fridge: strength 10 is under its Throw 11"},
	} {
		t.Run(c.name, func(t *testing.T) {
			att := mk("Guardian", rulebook.ACB)
			att.Abilities.Final.Strength = 45
			def := mk("Nefario", rulebook.ACF)
			def.Abilities.Final.Strength = c.strength
			def.Combat.Parries = []hero.Parry{{Slug: "hands", ParryType: "other-melee", Stamina: "5"}}
			req := Request{Object: &ObjectWeapon{Name: "fridge", Thrown: true}, Situation: Situation{RangeMetres: 4},
				Reaction: Reaction{Kind: ReactionParry, Catch: true}}
			res := resolve(t, att, def, req, Options{}, 12, 20, 6, 6, 6)
			if res.Reaction.Caught != c.caught {
				t.Fatalf("reaction %+v", res.Reaction)
			}
			if !strings.Contains(strings.Join(res.Notes, "; "), c.note) {
				t.Errorf("notes %q, want %q", res.Notes, c.note)
			}
		})
	}
	att := withAttack(mk("Guardian", rulebook.ACB), hero.Attack{Slug: "knife", Name: "knife", StrikeClass: 2, DamageType: "sharp-thrown", Health: "1", Stamina: "1", Ranged: true, Range: 20, Panels: 1})
	def := mk("Nefario", rulebook.ACF)
	def.Combat.Parries = []hero.Parry{{Slug: "hands", ParryType: "other-melee", Stamina: "5"}}
	res := resolve(t, att, def, Request{Attack: "knife", Situation: Situation{RangeMetres: 4}, Reaction: Reaction{Kind: ReactionParry, Catch: true}}, Options{}, 12, 20)
	if !res.Reaction.Caught || !strings.Contains(strings.Join(res.Notes, "; "), "if strong enough to have thrown it") {
		t.Errorf("a thrown knife: caught %v, notes %q", res.Reaction.Caught, res.Notes)
	}
}
