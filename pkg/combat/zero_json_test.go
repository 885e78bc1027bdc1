package combat

import (
	"encoding/json"
	"strings"
	"testing"
)

// Results keep their zero numbers and false booleans:
// a to-hit total of 0, a reaction rolled 0 after modifiers, no overflow.
func TestResultZeroValuesKept(t *testing.T) {
	for _, c := range []struct {
		v    any
		want []string
	}{
		{ToHitResult{Rolled: true, Roll: 2, Total: 0, Target: 9}, []string{`"roll":2`, `"total":0`, `"target":9`, `"hit":false`}},
		{ReactionResult{Kind: ReactionDodge, Roll: 1, Total: 0}, []string{`"free":false`, `"total":0`, `"target":0`, `"reduced_health":0`, `"reduced_stamina":0`}},
		{AppliedResult{}, []string{`"overflow":0`}},
		{State{Condition: "ok"}, []string{`"prone":false`, `"grappled":false`, `"hits":0`}},
		{PsychicResult{}, []string{`"attacker_bonus":0`, `"will_bonus":0`, `"resist":false`}},
	} {
		b, err := json.Marshal(c.v)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%T: %s has no %s", c.v, b, w)
			}
		}
	}
}
