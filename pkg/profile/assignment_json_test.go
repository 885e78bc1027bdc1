package profile

import (
	"encoding/json"
	"testing"
)

// An assignment's value is in its JSON even at zero:
// identity_public=false and heroism=0 do not lose their value.
func TestAssignmentJSON(t *testing.T) {
	for _, c := range []struct {
		tok, want string
	}{
		{"identity_public=false", `{"key":"identity_public","bool":false}`},
		{"non_human=yes", `{"key":"non_human","bool":true}`},
		{"heroism=4", `{"key":"heroism","int":4,"relative":false}`},
		{"heroism=+0", `{"key":"heroism","int":0,"relative":true}`},
		{"success_rate=0", ""}, // derived: refused by ParseAssignment
		{"conscience=-1", `{"key":"conscience","int":-1,"relative":true}`},
		{"contacts_field=", `{"key":"contacts_field","text":""}`},
		{"contacts_field=Media", `{"key":"contacts_field","text":"Media"}`},
	} {
		a, err := ParseAssignment(c.tok)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: parsed, want a refusal", c.tok)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.tok, err)
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("%s: %s, want %s", c.tok, b, c.want)
		}
	}
}
