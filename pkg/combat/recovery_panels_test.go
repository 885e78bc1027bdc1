package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestAttackRecoveryPanels: the slam after Growth (like the flying kick
// and the charge) "takes a panel to perform, and uses up a second panel
// in advance ... during which you must recover" (pp. 58, 61, 71): an
// attack's own recovery_panels are booked whatever the outcome, by
// Resolve and by the odds walk's Stages alike. The old answer booked
// none for an attack made with --with slam.
func TestAttackRecoveryPanels(t *testing.T) {
	slam := flat("slam", 2, "1", "8")
	slam.DamageType, slam.RecoveryPanels = "slam", 1
	att := withAttack(mk("Giant", rulebook.ACF), slam)
	withAttack(att, flat("fist", 2, "1", "2"))
	for _, tc := range []struct {
		with string
		roll int // 10 hits AC F at SC 2, 9 misses (p. 33)
		want int
	}{{"slam", 10, 1}, {"slam", 9, 1}, {"fist", 10, 0}} {
		res := resolve(t, att, mk("Mook", rulebook.ACF), Request{Attack: tc.with}, Options{}, tc.roll)
		got := 0
		if res.AttackerEffects != nil {
			got = res.AttackerEffects.RecoveryPanels
		}
		if got != tc.want {
			t.Errorf("Resolve %s rolling %d: %d recovery panels, want %d", tc.with, tc.roll, got, tc.want)
		}
		s := NewStages(att, mk("Mook", rulebook.ACF), Request{Attack: tc.with}, Options{}, nil)
		r := dice.NewScripted([]int{tc.roll})
		for i := 0; i < s.Steps(); i++ {
			done, err := s.Step(i, r)
			if err != nil {
				t.Fatal(err)
			}
			if done {
				break
			}
		}
		got = 0
		if s.Result.AttackerEffects != nil {
			got = s.Result.AttackerEffects.RecoveryPanels
		}
		if got != tc.want {
			t.Errorf("Stages %s rolling %d: %d recovery panels, want %d", tc.with, tc.roll, got, tc.want)
		}
	}
}
