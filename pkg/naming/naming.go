// Package naming is spandex's one rule for turning a name (one a user types,
// one a table prints, one a hero file carries) into the slug it is looked
// up and compared by. Every package that matches names uses it, so
// "Density Control (Self)", "density_control_self" and
// "density-control-self" are the same power everywhere.
package naming

import (
	"strings"
	"unicode"
)

// Slug returns s as a slug, by these rules:
//
//   - letters are lower-cased;
//   - '(' and ')' are dropped;
//   - every run of white space, '_' and '-' becomes one '-';
//   - there is no '-' at either end;
//   - anything else is kept as it is.
//
// "Density Control (Self)" → "density-control-self", " hatchback_car " →
// "hatchback-car". A string that is already a slug is returned as it is,
// without allocating.
func Slug(s string) string { return join(s, '-', false) }

// Key is Slug joined with '_' instead of '-', for the keys of JSON objects
// ("Material Resources" → "material_resources").
func Key(s string) string { return join(s, '_', false) }

// ID is Slug for an id made from free text (a combatant's name): every
// character other than a letter a-z or a digit separates words as well
// ("O'Brien, Jr." → "o-brien-jr").
func ID(s string) string { return join(s, '-', true) }

// IsSlug reports whether Slug leaves s as it is: lower-case letters a-z and
// digits, words joined by single hyphens.
func IsSlug(s string) bool { return is(s, '-') }

func is(s string, sep byte) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == sep && i > 0 && i < len(s)-1 && s[i-1] != sep:
		default:
			return false
		}
	}
	return true
}

func join(s string, sep byte, strict bool) string {
	if is(s, sep) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pending := false
	for _, r := range s {
		r = unicode.ToLower(r)
		switch {
		case r == '(' || r == ')':
			if strict {
				pending = true
			}
			continue
		case r == '_' || r == '-' || unicode.IsSpace(r):
			pending = true
			continue
		case strict && !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			pending = true
			continue
		}
		if pending && b.Len() > 0 {
			b.WriteByte(sep)
		}
		pending = false
		b.WriteRune(r)
	}
	return b.String()
}

// Find returns the first of rows whose slug (read by slug) is s's slug: a
// typed table looked up by the name a user typed.
func Find[T any](rows []T, s string, slug func(*T) string) (T, bool) {
	n := Slug(s)
	for i := range rows {
		if slug(&rows[i]) == n {
			return rows[i], true
		}
	}
	var zero T
	return zero, false
}

// List joins the slugs of rows with ", ", for help texts and errors.
func List[T any](rows []T, slug func(*T) string) string {
	s := make([]string, len(rows))
	for i := range rows {
		s[i] = slug(&rows[i])
	}
	return strings.Join(s, ", ")
}
