// Package gen implements `spandex gen`: heroes (gen hero), the ability
// grid (gen grid) and the supporting cast (gen npc), by the book's
// character creation rules (pp. 6-16, 49-50).
package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/sheet"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
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
	cmd.AddCommand(NewCmdHero(f, nil), NewCmdGrid(f, nil), NewCmdNPC(f, nil), NewCmdEncounter(f, nil))
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

// jsonLines writes a batch's characters with hero.AppendJSON (no
// reflection): with -o jsonl one compact line each, with -o json one
// document, an array of indented heroes (see cmdutil.JSONList). It
// gathers them in blocks of a little over 64 KiB, reusing its buffers:
// memory stays flat however many characters a batch makes, and a block
// is larger than the streaming stdout's 64 KiB buffer, which passes it
// straight through instead of copying it.
type jsonLines struct {
	w     io.Writer
	array bool // -o json: write an array
	n     int
	buf   []byte
	one   []byte       // one hero, compact (arrays only)
	ind   bytes.Buffer // one hero, indented (arrays only)
}

// newJSONLines returns the writer of a batch in format ft.
func newJSONLines(w io.Writer, ft cmdutil.Format) *jsonLines {
	return &jsonLines{w: w, array: ft == cmdutil.FormatJSON}
}

// add encodes one character.
func (l *jsonLines) add(h *hero.Hero) error {
	l.n++
	if !l.array {
		b, err := hero.AppendJSON(l.buf, h)
		if err != nil {
			return fmt.Errorf("encoding hero: %w", err)
		}
		l.buf = append(b, '\n')
	} else {
		b, err := hero.AppendJSON(l.one[:0], h)
		if err != nil {
			return fmt.Errorf("encoding hero: %w", err)
		}
		l.one = b
		l.ind.Reset()
		if l.n == 1 {
			l.ind.WriteString("[\n  ")
		} else {
			l.ind.WriteString(",\n  ")
		}
		if err := json.Indent(&l.ind, b, "  ", "  "); err != nil {
			return fmt.Errorf("encoding hero: %w", err)
		}
		l.buf = append(l.buf, l.ind.Bytes()...)
	}
	if len(l.buf) >= 64<<10 {
		return l.flush()
	}
	return nil
}

// flush writes the characters gathered so far.
func (l *jsonLines) flush() error {
	if len(l.buf) == 0 {
		return nil
	}
	_, err := l.w.Write(l.buf)
	l.buf = l.buf[:0]
	return err
}

// finish closes the array (with -o json) and writes what is left.
func (l *jsonLines) finish() error {
	if l.array && l.n > 0 {
		l.buf = append(l.buf, "\n]\n"...)
	}
	return l.flush()
}

// writeHero writes one generated character in the chosen format: an
// indented hero file for a single JSON hero, an array element in a -o json
// batch, one compact line per hero with -o jsonl, the character sheet for
// text and table.
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

// startBatch builds the roller for a batch of n, lets a batch without
// --dice stream its output (memory stays flat in n) and reports the seed.
func startBatch(env *cmdutil.Env, n int) (*cmdutil.RollerState, error) {
	rs, err := env.Roller()
	if err != nil {
		return nil, err
	}
	if !env.DiceGiven && n > 1 {
		if err := env.IO.Out.StartStreaming(); err != nil {
			return nil, err
		}
	}
	env.ReportSeed(rs.SeedPtr())
	return rs, nil
}

// batchRules is what gen hero and gen npc check first when they run: the
// derivation options from the config, and the -n range.
func batchRules(env *cmdutil.Env, n int) (chargen.Options, error) {
	d, err := env.Derive()
	if err != nil {
		return d, err
	}
	if n < 1 || n > MaxCount {
		return d, cmdutil.Inputf("-n: %d is outside 1-%d", n, MaxCount)
	}
	d.Quiet = !env.Explain
	return d, nil
}
