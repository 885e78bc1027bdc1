// Package rulings implements the one-off combat rulings: `spandex tohit`,
// `dodge`, `parry`, `knockback`, `damage`, `fall`, `throw` and `psychic`.
// They take plain numbers (no hero files) and print a small JSON object, or
// text on a terminal. The rules are pkg/combat's.
package rulings

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Base is what every ruling verb needs from the factory.
type Base struct {
	IO      *iostreams.IOStreams
	Format  cmdutil.Format
	Explain bool
	// Rolls reports whether --dice or --seed was given.
	Rolls  bool
	Roller func() (*cmdutil.RollerState, error)
	Rules  func() (combat.Options, error)
}

func newBase(f *cmdutil.Factory) *Base {
	return &Base{IO: f.IOStreams, Roller: f.Roller, Rules: func() (combat.Options, error) {
		cfg, err := f.Config()
		if err != nil {
			return combat.Options{}, err
		}
		return combat.Options{DodgeStacking: cfg.Rules.DodgeStacking, WallReduction: cfg.Rules.WallReduction, JudoColumn: cfg.Rules.JudoColumn}, nil
	}}
}

// bind fills the global settings when the command runs.
func bind(f *cmdutil.Factory, b *Base) error {
	ft, err := f.Format(cmdutil.FormatText)
	if err != nil {
		return err
	}
	b.Format, b.Explain, b.Rolls = ft, f.Globals.Explain, f.Globals.DiceSet || f.Globals.SeedSet
	return nil
}

// Commands returns every ruling verb, in help order.
func Commands(f *cmdutil.Factory) []*cobra.Command {
	return []*cobra.Command{
		NewCmdToHit(f, nil), NewCmdDodge(f, nil), NewCmdParry(f, nil), NewCmdKnockback(f, nil),
		NewCmdDamage(f, nil), NewCmdFall(f, nil), NewCmdThrow(f, nil), NewCmdPsychic(f, nil),
	}
}

// emit writes a ruling: JSON (with the seed and steps), or the text lines
// and then the steps on a terminal. --explain prints the steps on stderr.
func emit(b *Base, rs *cmdutil.RollerState, v any, lines []string, steps ruling.Steps) error {
	if b.Explain {
		if err := steps.Write(b.IO.ErrOut); err != nil {
			return err
		}
	}
	if rs != nil && rs.Seeded && !b.Format.IsJSON() {
		fmt.Fprintf(b.IO.ErrOut, "seed %d (replay with --seed %d)\n", rs.Seed, rs.Seed)
	}
	switch b.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(b.IO.Out, b.Format, v)
	case cmdutil.FormatTable:
		rows := make([][]string, 0, len(lines))
		for _, l := range lines {
			k, val, ok := strings.Cut(l, ": ")
			if !ok {
				k, val = l, ""
			}
			rows = append(rows, []string{k, val})
		}
		return cmdutil.Table(b.IO.Out, []string{"Ruling", ""}, rows)
	default:
		for _, l := range lines {
			if _, err := fmt.Fprintln(b.IO.Out, l); err != nil {
				return err
			}
		}
		return nil
	}
}

// finish checks leftover --dice before anything is printed.
func finish(rs *cmdutil.RollerState) error {
	if rs != nil && rs.Scripted != nil {
		return cmdutil.Input(rs.Scripted.Finish())
	}
	return nil
}

// inputErr maps a rules error to an input error naming the flag.
func inputErr(err error) error {
	var re *combat.RequestError
	if errors.As(err, &re) {
		return cmdutil.Inputf("--%s: %s", re.Field, re.Msg)
	}
	return cmdutil.Input(err)
}

func parseSC(s string) (rulebook.StrikeClass, error) {
	if s == "" {
		return 0, cmdutil.Inputf("--strike-class: required (0-5)")
	}
	sc, err := rulebook.ParseStrikeClass(s)
	if err != nil {
		return 0, cmdutil.Inputf("--strike-class: %q is not a strike class 0-5", s)
	}
	return sc, nil
}

func parseAC(s string, required bool) (rulebook.ArmourClass, error) {
	if s == "" {
		if required {
			return 0, cmdutil.Inputf("--armour-class: required (A-L)")
		}
		return 0, nil
	}
	ac, err := rulebook.ParseArmourClass(s)
	if err != nil {
		return 0, cmdutil.Inputf("--armour-class: %q is not an armour class A-L", s)
	}
	return ac, nil
}

func parseMods(ss []string) ([]combat.Modifier, error) {
	var out []combat.Modifier
	for _, s := range ss {
		m, err := combat.ParseModifier(s)
		if err != nil {
			return nil, cmdutil.Inputf("--modifier: %v", err)
		}
		out = append(out, m)
	}
	return out, nil
}

func modsLine(mods []combat.Modifier) string {
	if len(mods) == 0 {
		return "none"
	}
	parts := make([]string, len(mods))
	for i, m := range mods {
		parts[i] = fmt.Sprintf("%+d %s", m.Value, nameOr(m.Text, m.Slug))
	}
	return strings.Join(parts, ", ")
}

func nameOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func sum(mods []combat.Modifier) int {
	n := 0
	for _, m := range mods {
		n += m.Value
	}
	return n
}

func yes(b bool, y, n string) string {
	if b {
		return y
	}
	return n
}

func checkRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return cmdutil.Inputf("--%s: %d is outside %d-%d", flag, v, lo, hi)
	}
	return nil
}
