package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Cases worked by hand from the Object Table (p. 39) and pp. 36, 41:
// swinging needs the Lift score, throwing the Throw score; a throw goes
// 2 m per point of strength over the Throw score (1 m at exactly it,
// half when awkward); thrown objects use the blunt thrown row (1d6 /
// 2d6+3) with the damage bonus only over 1 kg; swung objects are blunt
// one-handed under 5 kg (1d6-6 / 2d6), two-handed from 5 kg (1d6 / 2d6+6,
// a double-panel).
func TestObjectWeaponAttack(t *testing.T) {
	tests := []struct {
		name     string
		strength int
		ow       ObjectWeapon
		dt       string
		h, s     string
		bonus    bool
		panels   int
		metres   int
		err      string
	}{
		{"fridge thrown by strength 45: 2 x (45-11) m", 45, ObjectWeapon{Name: "fridge", Thrown: true}, "blunt-thrown", "1d6", "2d6+3", true, 1, 68, ""},
		{"fridge thrown at exactly Throw 11: 1 m", 11, ObjectWeapon{Name: "fridge", Thrown: true}, "blunt-thrown", "1d6", "2d6+3", true, 1, 1, ""},
		{"fridge thrown awkwardly at exactly Throw 11: 0 m", 11, ObjectWeapon{Name: "fridge", Thrown: true, Awkward: true}, "", "", "", false, 0, 0, "can't be thrown"},
		{"fridge needs 11 to throw", 10, ObjectWeapon{Name: "fridge", Thrown: true}, "", "", "", false, 0, 0, "needs strength 11 to throw"},
		{"boot (< 1 kg) thrown: no damage bonus, 2 x (5-2) m", 5, ObjectWeapon{Name: "boot", Thrown: true}, "blunt-thrown", "1d6", "2d6+3", false, 1, 6, ""},
		{"120 kg awkward, strength 20: (20-16) x 2 / 2", 20, ObjectWeapon{MassKg: 120, Thrown: true, Awkward: true}, "blunt-thrown", "1d6", "2d6+3", true, 1, 4, ""},
		{"chair swung: one-handed", 2, ObjectWeapon{Name: "chair"}, "blunt-one-handed", "1d6-6", "2d6", true, 1, 0, ""},
		{"chair needs Lift 2", 1, ObjectWeapon{Name: "chair"}, "", "", "", false, 0, 0, "needs strength 2 to lift"},
		{"desk swung: two-handed, a double-panel", 4, ObjectWeapon{Name: "desk"}, "blunt-two-handed", "1d6", "2d6+6", true, 2, 0, ""},
		{"hatchback car swung needs Lift 26", 25, ObjectWeapon{Name: "hatchback car"}, "", "", "", false, 0, 0, "needs strength 26"},
		{"awkward only when thrown", 45, ObjectWeapon{Name: "desk", Awkward: true}, "", "", "", false, 0, 0, "awkward is for a thrown object"},
		{"unknown object without a mass", 45, ObjectWeapon{Name: "grand piano"}, "", "", "", false, 0, 0, "not an Object Table example"},
		{"nothing named", 45, ObjectWeapon{}, "", "", "", false, 0, 0, "name an Object Table example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, info, err := ObjectWeaponAttack(tt.strength, rulebook.SC2, tt.ow)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.DamageType != tt.dt || a.Health != tt.h || a.Stamina != tt.s || a.AddsDamageBonus != tt.bonus || a.Panels != tt.panels || info.Metres != tt.metres {
				t.Errorf("attack %+v info %+v", a, info)
			}
			if tt.ow.Thrown != (a.Ranged && a.Range == tt.metres) || a.StrikeClass != rulebook.SC2 {
				t.Errorf("ranged %v range %d SC %d", a.Ranged, a.Range, a.StrikeClass)
			}
		})
	}
}

// A thrown fridge resolved whole: SC 2 against AC F needs 10 (p. 33);
// 40 m of a 68 m throw is 2 complete fifths (-2); 12 - 2 = 10 hits.
// Damage 1d6 = 3 H, 2d6+3 = 4+5+3 = 12 S, +30 damage bonus on stamina.
func TestResolveThrownObject(t *testing.T) {
	att := mk("Guardian", rulebook.ACB)
	att.Abilities.Final.Strength = 45
	att.Combat.DamageBonus = 30
	def := mk("Nefario", rulebook.ACF)
	def.Stamina.Max, def.Stamina.Current = 100, 100
	req := Request{Object: &ObjectWeapon{Name: "fridge", Thrown: true}, Situation: Situation{RangeMetres: 40}}
	// to-hit 12; damage 3 | 4, 5; 42 S: 22 over 20 is 10 m; prone 20.
	res := resolve(t, att, def, req, Options{}, 12, 3, 4, 5, 20)
	if !res.ToHit.Hit || res.ToHit.Total != 10 || res.Damage.Health != 3 || res.Damage.Stamina != 42 || res.Object == nil || res.Object.Metres != 68 {
		t.Fatalf("to-hit %+v damage %+v object %+v", res.ToHit, res.Damage, res.Object)
	}
	if res.Attack.Slug != "fridge-thrown" || res.Attack.Melee {
		t.Errorf("attack %+v", res.Attack)
	}
	if err := resolveErr(t, att, def, Request{Attack: "fist", Object: &ObjectWeapon{Name: "desk"}}); err == nil || !strings.Contains(err.Error(), "not both") {
		t.Errorf("--with and an object: %v", err)
	}
}
