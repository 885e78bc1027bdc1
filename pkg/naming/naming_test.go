package naming

import "testing"

// The rules of Slug, Key and ID, case by case.
func TestRules(t *testing.T) {
	for _, c := range []struct{ in, of, key, id string }{
		{"", "", "", ""},
		{"fist", "fist", "fist", "fist"},
		{"Hatchback Car", "hatchback-car", "hatchback_car", "hatchback-car"},
		{"hatchback_car", "hatchback-car", "hatchback_car", "hatchback-car"},
		{"hatchback-car", "hatchback-car", "hatchback_car", "hatchback-car"},
		{"  Hatchback \t _-Car  ", "hatchback-car", "hatchback_car", "hatchback-car"},
		{"Density Control (Self)", "density-control-self", "density_control_self", "density-control-self"},
		{"a(b)c", "abc", "abc", "a-b-c"},
		{"power: Super Strength", "power:-super-strength", "power:_super_strength", "power-super-strength"},
		{"O'Brien, Jr.", "o'brien,-jr.", "o'brien,_jr.", "o-brien-jr"},
		{"ÉLAN Vital", "élan-vital", "élan_vital", "lan-vital"},
		{"The Guardian", "the-guardian", "the_guardian", "the-guardian"},
		{"d10_r1", "d10-r1", "d10_r1", "d10-r1"},
		{"line\nbreak", "line-break", "line_break", "line-break"},
		{"---", "", "", ""},
	} {
		if got := Slug(c.in); got != c.of {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.of)
		}
		if got := Key(c.in); got != c.key {
			t.Errorf("Key(%q) = %q, want %q", c.in, got, c.key)
		}
		if got := ID(c.in); got != c.id {
			t.Errorf("ID(%q) = %q, want %q", c.in, got, c.id)
		}
	}
}

// TestIsSlug checks that IsSlug (which lets callers skip normalising) is only true
// when Slug leaves the string as it is, for every string of up to four bytes
// drawn from the characters Slug treats differently, and true for ordinary
// slugs.
func TestIsSlug(t *testing.T) {
	alphabet := []byte{'a', 'z', '0', '9', '-', '_', ' ', 'A', '(', ')', '.', '\t', 0xc3}
	var try func(s []byte)
	try = func(s []byte) {
		if IsSlug(string(s)) && Slug(string(s)) != string(s) {
			t.Fatalf("IsSlug(%q) = true, but Slug gives %q", s, Slug(string(s)))
		}
		if len(s) < 4 {
			for _, c := range alphabet {
				try(append(s, c))
			}
		}
	}
	try(nil)
	for _, s := range []string{"swords", "throwing-stars", "fist", "sub-machine-gun", "d10-r1"} {
		if !IsSlug(s) {
			t.Errorf("IsSlug(%q) = false", s)
		}
	}
	for _, s := range []string{"Fist", "-fist", "fist-", "a--b", "a_b", "a b"} {
		if IsSlug(s) {
			t.Errorf("IsSlug(%q) = true", s)
		}
	}
}

// A slug comes back without allocating.
func TestSlugOfASlugDoesNotAllocate(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = Slug("sub-machine-gun") }); n != 0 {
		t.Errorf("Slug of a slug allocates %v times", n)
	}
}

func FuzzSlug(f *testing.F) {
	f.Add("Density Control (Self)")
	f.Add("O'Brien")
	f.Fuzz(func(t *testing.T, s string) {
		o := Slug(s)
		if Slug(o) != o {
			t.Fatalf("Slug not idempotent on %q: %q then %q", s, o, Slug(o))
		}
		if id := ID(s); !IsSlug(id) {
			t.Fatalf("ID(%q) = %q is not a slug", s, id)
		}
	})
}

// Find matches by the slug rule, whatever the spelling typed; List joins
// the slugs in the table's order.
func TestFindAndList(t *testing.T) {
	type row struct{ slug, what string }
	rows := []row{{"density-control-self", "a"}, {"flight", "b"}}
	slug := func(r *row) string { return r.slug }
	for in, want := range map[string]string{"Density Control (Self)": "a", "density_control_self": "a", " FLIGHT ": "b"} {
		if got, ok := Find(rows, in, slug); !ok || got.what != want {
			t.Errorf("Find(%q) = %v, %v; want %q", in, got, ok, want)
		}
	}
	if got, ok := Find(rows, "teleport", slug); ok || got != (row{}) {
		t.Errorf("Find(teleport) = %v, %v", got, ok)
	}
	if got := List(rows, slug); got != "density-control-self, flight" {
		t.Errorf("List = %q", got)
	}
}
