package chargen

import (
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// maxFlagLen bounds a flag value; nothing sensible is longer.
const maxFlagLen = 200

// ParseLine reads a --line value: a line slug ("row-2", "column-3-reversed",
// "diagonal", "anti-diagonal-reversed"), written with spaces, hyphens or
// none ("row 2", "row2", "col3-rev", "c3r", "r2"), or a line's name
// ("main diagonal, top-left to bottom-right").
func ParseLine(s string) (rulebook.AbilityLine, error) {
	if len(s) > maxFlagLen {
		return rulebook.AbilityLine{}, errorf("--line", "value too long")
	}
	n := naming.Slug(strings.NewReplacer(",", " ").Replace(s))
	for _, l := range rulebook.AbilityLines() {
		if n == l.Slug || n == naming.Slug(strings.ReplaceAll(l.Name, ",", " ")) {
			return l, nil
		}
	}
	// Short forms: r2, row2, c3, col3, column3, d, diag, a, anti, with
	// -r / -rev / -reversed / r suffix.
	t := strings.ReplaceAll(n, "-", "")
	rev := false
	for _, suf := range []string{"reversed", "reverse", "rev"} {
		if strings.HasSuffix(t, suf) && len(t) > len(suf) {
			t, rev = strings.TrimSuffix(t, suf), true
			break
		}
	}
	base := ""
	switch {
	case t == "diagonal" || t == "diag" || t == "d" || t == "maindiagonal":
		base = "diagonal"
	case t == "antidiagonal" || t == "anti" || t == "a" || t == "otherdiagonal":
		base = "anti-diagonal"
	default:
		for _, pre := range []string{"column", "col", "c", "row", "r"} {
			if !strings.HasPrefix(t, pre) {
				continue
			}
			rest := strings.TrimPrefix(t, pre)
			if !rev && len(rest) == 2 && rest[1] == 'r' {
				rest, rev = rest[:1], true
			}
			k, err := strconv.Atoi(rest)
			if err != nil || k < 1 || k > rulebook.AbilityGridSize || len(rest) != 1 {
				break
			}
			kind := "row"
			if pre[0] == 'c' {
				kind = "column"
			}
			base = kind + "-" + rest
			break
		}
	}
	if base != "" {
		if rev {
			base += "-reversed"
		}
		if l, ok := rulebook.AbilityLineBySlug(base); ok {
			return l, nil
		}
	}
	return rulebook.AbilityLine{}, errorf("--line", "%q is not a line of the grid (row-1 .. row-4, column-1 .. column-4, diagonal, anti-diagonal, each optionally -reversed)", s)
}

// ParsePerk reads a --perk NAME[:OPTION] value ("contacts:media",
// "specialist-training:strength+agility", "mystic-training:magic").
func ParsePerk(s string) (PerkChoice, error) {
	if len(s) > maxFlagLen {
		return PerkChoice{}, errorf("--perk", "value too long")
	}
	name, opt, _ := strings.Cut(s, ":")
	row, ok := rulebook.PerkBySlug(name)
	if !ok {
		return PerkChoice{}, errorf("--perk", "%q is not a perk (one of %s)", strings.TrimSpace(name), perkSlugs())
	}
	o, err := checkPerkOption(row.Slug, strings.TrimSpace(opt))
	if err != nil {
		return PerkChoice{}, err
	}
	return PerkChoice{Slug: row.Slug, Option: o}, nil
}

// ParseImprove reads an --improve POWER[@SLOT] value ("armour",
// "super-strength@6").
func ParseImprove(s string) (Improvement, error) {
	if len(s) > maxFlagLen {
		return Improvement{}, errorf("--improve", "value too long")
	}
	name, slot, hasSlot := strings.Cut(s, "@")
	row, ok := rulebook.PowerBySlug(name)
	if !ok || row.FreeChoice {
		return Improvement{}, errorf("--improve", "%q is not a power on the Power Table (p. 7)", strings.TrimSpace(name))
	}
	imp := Improvement{Power: row.Slug}
	if hasSlot {
		n, err := strconv.Atoi(strings.TrimSpace(slot))
		if err != nil || n < 1 || n > rulebook.PowerSlots {
			return Improvement{}, errorf("--improve", "%q: the slot after @ is 1-%d", s, rulebook.PowerSlots)
		}
		imp.Slot = n
	}
	return imp, nil
}

// ParsePower reads a power name for --power or --drop.
func ParsePower(flag, s string) (string, error) {
	if len(s) > maxFlagLen {
		return "", errorf(flag, "value too long")
	}
	row, ok := rulebook.PowerBySlug(s)
	if !ok || row.FreeChoice {
		return "", errorf(flag, "%q is not a power on the Power Table (p. 7)", strings.TrimSpace(s))
	}
	return row.Slug, nil
}
