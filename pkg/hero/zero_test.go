package hero

import (
	"strings"
	"testing"
)

// No number or boolean that means something vanishes for being zero: a hero with no brace or parry bonus, not knocked
// out, not taken out, says so.
func TestZeroValuesKept(t *testing.T) {
	h, err := Decode(validFile(t))
	if err != nil {
		t.Fatal(err)
	}
	h.Combat.BraceBonus, h.Combat.ParryBonus, h.Combat.NeverSurprised = 0, 0, false
	b, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"brace_bonus": 0`, `"parry_bonus": 0`, `"never_surprised": false`,
		`"knocked_out": false`, `"knocked_out_hours": 0`, `"taken_out": false`, `"grappled": false`,
		`"ranged": false`, `"to_hit_bonus": 0`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the encoded hero has no %s", want)
		}
	}
}
