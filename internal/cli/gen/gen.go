// Package gen implements `spandex gen`: heroes (gen hero), the ability
// grid (gen grid) and the supporting cast (gen npc), by the book's
// character creation rules (pp. 6-16, 49-50).
package gen

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/sheet"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// MaxCount bounds -n.
const MaxCount = 10_000_000

// NewCmdGen builds `spandex gen`.
func NewCmdGen(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen <command>",
		Short: "Generate heroes, ability grids and supporting cast by the book",
		Long: `Generate characters by the book's character creation rules: complete heroes
(gen hero, pp. 6-16), the 4x4 ability grid and its twenty readable lines
(gen grid, p. 9), and the supporting cast (gen npc, pp. 49-50).

Every verb takes --seed N (reported in the output) and --dice LIST (the faces
rolled on real dice, in the order each verb's help documents).`,
	}
	cmd.AddCommand(NewCmdHero(f, nil), NewCmdGrid(f, nil), NewCmdNPC(f, nil))
	return cmd
}

// rollers hands out the roller for character number i of a batch: with a
// seed, each character gets its own seeded roller (seed + i) so that any
// one can be replayed alone with --seed; with --dice, one roller serves
// the whole batch.
type rollers struct {
	state *cmdutil.RollerState
	// seeds are handed out by pointer (creation.seed), a block at a
	// time rather than one allocation per character.
	seeds []uint64
}

func (rs *rollers) get(i int) (dice.Roller, *uint64) {
	if !rs.state.Seeded {
		return rs.state.Roller, nil
	}
	if len(rs.seeds) == 0 {
		rs.seeds = make([]uint64, 256)
	}
	s := &rs.seeds[0]
	rs.seeds = rs.seeds[1:]
	*s = rs.state.Seed + uint64(i)
	if i == 0 {
		return rs.state.Roller, s
	}
	return dice.NewSeeded(*s), s
}

// jsonLines gathers JSON Lines (hero.AppendJSON, no reflection) and
// writes them in blocks of a little over 64 KiB, reusing one buffer:
// memory stays flat however many characters a batch makes, and a block
// is larger than the streaming stdout's 64 KiB buffer, which passes it
// straight through instead of copying it.
type jsonLines struct {
	w   io.Writer
	buf []byte
}

// add encodes one character as a line.
func (l *jsonLines) add(h *hero.Hero) error {
	b, err := hero.AppendJSON(l.buf, h)
	if err != nil {
		return fmt.Errorf("encoding hero: %w", err)
	}
	l.buf = append(b, '\n')
	if len(l.buf) >= 64<<10 {
		return l.flush()
	}
	return nil
}

// flush writes the lines gathered so far.
func (l *jsonLines) flush() error {
	if len(l.buf) == 0 {
		return nil
	}
	_, err := l.w.Write(l.buf)
	l.buf = l.buf[:0]
	return err
}

// writeHero writes one generated character in the chosen format: an
// indented hero file for a single JSON hero, one compact line per hero in
// a batch or with -o jsonl, the character sheet for text and table.
func writeHero(w io.Writer, ft cmdutil.Format, batch bool, h *hero.Hero, lines *jsonLines) error {
	switch {
	case ft == cmdutil.FormatJSON && !batch:
		b, err := hero.Encode(h)
		if err != nil {
			return fmt.Errorf("encoding hero: %w", err)
		}
		_, err = w.Write(b)
		return err
	case ft.IsJSON():
		return lines.add(h)
	default:
		return sheet.Render(w, h, sheet.Width)
	}
}

// batchRules is what gen hero and gen npc check first when they run: the
// dodge-stacking rule option from the config, and the -n range.
func batchRules(env *cmdutil.Env, n int) (string, error) {
	cfg, err := env.Config()
	if err != nil {
		return "", err
	}
	if n < 1 || n > MaxCount {
		return "", cmdutil.Inputf("-n: %d is outside 1-%d", n, MaxCount)
	}
	return cfg.Rules.DodgeStacking, nil
}
