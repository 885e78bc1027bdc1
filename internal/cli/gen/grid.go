package gen

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// GridOptions are the inputs of `spandex gen grid`.
type GridOptions struct {
	*cmdutil.Env
}

// NewCmdGrid builds `spandex gen grid`. runF replaces runGrid in tests.
func NewCmdGrid(f *cmdutil.Factory, runF func(*GridOptions) error) *cobra.Command {
	opts := &GridOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runGrid
	}
	cmd := &cobra.Command{
		Use:   "grid",
		Short: "Roll the 4x4 ability grid and list its twenty readable lines (p. 9)",
		Long: `Roll the ability grid (p. 9): sixteen 3d6 rolls in a 4x4 grid. One row,
column or major diagonal, read in either direction but kept in order, gives
strength, agility, will and endurance. The twenty lines are listed with the
scores each gives; pass a line's name to gen hero --line.

Lines: row-1 .. row-4 (left to right), column-1 .. column-4 (top to bottom),
diagonal (top-left to bottom-right), anti-diagonal (top-right to
bottom-left), each also -reversed.

Dice (--dice): 48 d6, three per square, row by row, left to right.

Output: {"grid": [[...]x4], "lines": [{"slug", "name", "strength",
"agility", "will", "endurance"}], "seed"} when piped; the grid and a table
of lines on a terminal.`,
		Example: `  spandex gen grid --seed 3
  spandex gen grid --seed 3 | jq -r '.lines[] | select(.strength >= 15) | .slug'`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	return cmd
}

// GridLine is one readable line of the grid with the abilities it gives.
type GridLine struct {
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	Strength  int    `json:"strength"`
	Agility   int    `json:"agility"`
	Will      int    `json:"will"`
	Endurance int    `json:"endurance"`
}

// GridResult is the JSON output of gen grid.
type GridResult struct {
	Grid  [][]int    `json:"grid"`
	Lines []GridLine `json:"lines"`
	Seed  *uint64    `json:"seed,omitempty"`
}

// runGrid rolls and prints the grid.
func runGrid(opts *GridOptions) error {
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	g, err := chargen.RollGrid(rs.Roller)
	if err != nil {
		return err
	}
	res := GridResult{Grid: g.Rows(), Seed: rs.SeedPtr()}
	for _, l := range rulebook.AbilityLines() {
		a := g.Read(l)
		res.Lines = append(res.Lines, GridLine{l.Slug, l.Name, a.Strength, a.Agility, a.Will, a.Endurance})
	}
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(opts.IO.Out, opts.Format, res)
	}
	opts.ReportSeed(rs.SeedPtr())
	out := opts.IO.Out
	for _, row := range g {
		for c, v := range row {
			if c > 0 {
				fmt.Fprint(out, " ")
			}
			fmt.Fprintf(out, "%3d", v)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintln(out)
	if opts.Format == cmdutil.FormatText {
		for _, l := range res.Lines {
			fmt.Fprintf(out, "%-24s %2d %2d %2d %2d  %s\n", l.Slug, l.Strength, l.Agility, l.Will, l.Endurance, l.Name)
		}
		return nil
	}
	rows := make([][]string, 0, len(res.Lines))
	for _, l := range res.Lines {
		rows = append(rows, []string{l.Slug, strconv.Itoa(l.Strength), strconv.Itoa(l.Agility), strconv.Itoa(l.Will), strconv.Itoa(l.Endurance), strconv.Itoa(l.Strength + l.Agility + l.Will + l.Endurance)})
	}
	return cmdutil.Table(out, []string{"Line", "STR", "AGI", "WIL", "END", "Sum"}, rows)
}
