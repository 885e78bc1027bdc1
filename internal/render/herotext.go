// Package render turns heroes and fights into pages: the words both the
// 80-column text sheet and the HTML sheet use for a hero's attacks and
// powers, and the self-contained HTML documents of `spandex sheet -o html`
// and `spandex fight report -o html` (markup built from gomponents nodes,
// which escape every value themselves, with the stylesheet embedded; no
// scripts, no network, no external fonts).
package render

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Signed writes n with its sign: +3, 0 as +0, -2.
func Signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Divider writes a damage divider as the sheet does: /6, or "-" for none.
func Divider(d int) string {
	if d == 0 {
		return "-"
	}
	return "/" + strconv.Itoa(d)
}

// AttackNotes lists what an attack adds to its strike class and damage
// dice: the damage bonus it takes, extra damage and to-hit, range, what
// it does to dividers, and its special rules.
func AttackNotes(c *hero.Combat, a *hero.Attack) []string {
	var notes []string
	if a.AddsDamageBonus && c.DamageBonus != 0 {
		notes = append(notes, Signed(c.DamageBonus)+" DB")
	}
	if a.ExtraDamage != 0 {
		notes = append(notes, Signed(a.ExtraDamage)+" dmg")
	}
	if a.ToHitBonus != 0 {
		notes = append(notes, Signed(a.ToHitBonus)+" to hit")
	}
	if a.Ranged {
		r := "ranged"
		if a.Range > 0 {
			r += " " + strconv.Itoa(a.Range) + " m"
		}
		notes = append(notes, r)
	}
	if a.LowersDividers > 0 {
		notes = append(notes, "dividers -"+strconv.Itoa(a.LowersDividers))
	}
	if a.LowersStaminaDivider > 0 {
		notes = append(notes, "S divider -"+strconv.Itoa(a.LowersStaminaDivider))
	}
	if a.IgnoresDividers {
		notes = append(notes, "ignores dividers")
	}
	if a.NoToHit {
		notes = append(notes, "no to-hit")
	}
	if a.Mental {
		notes = append(notes, "mental attack")
	}
	if a.RecoveryPanels > 0 {
		notes = append(notes, "+"+strconv.Itoa(a.RecoveryPanels)+" recovery panel")
	}
	return notes
}

// PowerDetail summarises a power's flavours, options and values.
func PowerDetail(p *hero.Power) string {
	var parts []string
	for _, f := range p.Flavours {
		t := f.Name
		if f.Rank > 1 || p.Slug == rulebook.PowerMartialArts || p.Slug == rulebook.PowerWeaponMastery {
			if f.Rank > 0 {
				t += " " + strconv.Itoa(f.Rank)
			}
		}
		if f.Detail != "" {
			t += " (" + f.Detail + ")"
		}
		if f.Speciality {
			t += " (speciality)"
		}
		if len(f.Options) > 0 {
			t += " [" + strings.Join(f.Options, ", ") + "]"
		}
		parts = append(parts, t)
	}
	parts = append(parts, p.Options...)
	for _, k := range slices.Sorted(maps.Keys(p.Values)) {
		parts = append(parts, ValueLabel(k)+" "+strconv.Itoa(p.Values[k]))
	}
	if p.Source != "" {
		parts = append(parts, "from "+p.Source)
	}
	return strings.Join(parts, ", ")
}

// ValueLabel is a power's rolled value (hero.Power.Values) as a player
// reads it: "rank 2 pool roll (d10)" for the file's key "pool_d10_r2".
// A key it does not know is shown as it is.
func ValueLabel(key string) string {
	base, rank, ranked := strings.Cut(key, "_r")
	if ranked {
		if _, err := strconv.Atoi(rank); err != nil {
			base, ranked = key, false
		}
	}
	label, ok := map[string]string{
		"pool_d10": "pool roll (d10)",
		"str_d6":   "strength roll (d6)",
		"end_d6":   "endurance roll (d6)",
		"d3":       "luck roll (d3)",
		"arm_d10":  "arm strength roll (d10)",
		"d10":      "roll (d10)",
		"d6":       "roll (d6)",
	}[base]
	switch {
	case !ok:
		return key
	case ranked:
		return "rank " + rank + " " + label
	}
	return label
}

// ImmunityLabel is an immunity (hero.Combat.Immunities) as a player
// reads it: "SC 0-1 attacks" for "sc01"; an energy type is its own word.
func ImmunityLabel(s string) string {
	switch s {
	case "sc01":
		return "SC 0-1 attacks"
	case "sc01-health":
		return "health damage from SC 0-1 attacks"
	case "mundane-bullets-blades":
		return "mundane bullets and blades"
	}
	return strings.ReplaceAll(s, "-", " ")
}

// SlugDiffers reports whether an attack's slug (what --with takes) is not
// just its name lower-cased and hyphenated, so a sheet shows both.
func SlugDiffers(name, slug string) bool {
	return slug != "" && strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), " ", "-") != slug
}
