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
		parts = append(parts, k+" "+strconv.Itoa(p.Values[k]))
	}
	if p.Source != "" {
		parts = append(parts, "from "+p.Source)
	}
	return strings.Join(parts, ", ")
}
