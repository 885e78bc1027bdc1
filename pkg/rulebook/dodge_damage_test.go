package rulebook

import "testing"

// TestDodgeResultDamage: what each Dodging Table result does to the damage
// (p. 35), in the words `spandex dodge` prints.
func TestDodgeResultDamage(t *testing.T) {
	for r, want := range map[DodgeResult]string{
		DodgeNone:  "full damage",
		DodgeHalf:  "half damage",
		DodgePlusP: "half damage, or no damage for one extra panel (never free)",
		DodgeFull:  "no damage",
		"bogus":    "",
	} {
		if got := r.Damage(); got != want {
			t.Errorf("%q.Damage() = %q, want %q", r, got, want)
		}
	}
}
