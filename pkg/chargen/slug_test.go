package chargen

import "testing"

// TestIsSlug checks that isSlug (which lets weaponBySlug skip
// normalising) is only true when normalise leaves the string as it is,
// for every string of up to four bytes drawn from the characters
// normalise treats differently, and true for ordinary slugs.
func TestIsSlug(t *testing.T) {
	alphabet := []byte{'a', 'z', '0', '9', '-', '_', ' ', 'A', '(', ')', '.', '\t', 0xc3}
	var try func(s []byte)
	try = func(s []byte) {
		if isSlug(string(s)) && normalise(string(s)) != string(s) {
			t.Fatalf("isSlug(%q) = true, but normalise gives %q", s, normalise(string(s)))
		}
		if len(s) < 4 {
			for _, c := range alphabet {
				try(append(s, c))
			}
		}
	}
	try(nil)
	for _, s := range []string{"swords", "throwing-stars", "fist", "sub-machine-gun", "d10-r1"} {
		if !isSlug(s) {
			t.Errorf("isSlug(%q) = false", s)
		}
	}
}
