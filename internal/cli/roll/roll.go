// Package roll implements `spandex roll`.
package roll

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// MaxRepeat bounds -n.
const MaxRepeat = 100_000_000

// Options are the inputs of `spandex roll`.
type Options struct {
	*cmdutil.Env
	Exprs []string
	N     int
	Odds  bool
}

// NewCmdRoll builds the command. runF replaces runRoll in tests.
func NewCmdRoll(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runRoll
	}
	cmd := &cobra.Command{
		Use:   "roll EXPR...",
		Short: "Roll dice expressions, or show their exact odds",
		Long: `Roll one or more dice expressions.

Expressions: NdS (N defaults to 1), d% and d100 (one die, 1-100), sums and
differences of dice groups and constants (2d6+1d3-1, 1d6-6, 3d6+3), and
keep/drop per group: 4d6kh3 (keep highest 3), 4d6kl1, 4d6dh1, 4d6dl1.
Limits: 256 characters, 10,000 dice, 1,000,000 sides.

Dice are rolled left to right, group by group; --dice values are used in
that order, expression by expression, repetition by repetition. A d100 read
as "00" on both d10s is 100 (p. 5): give it as 00 or 100.

Output: a JSON object per roll (expr, total, dice, modifier, seed; each
die has sides and value, kept in a keep/drop group, and source, "entered"
or "rolled", with --dice LIST --roll-rest): with
-o json (the default when piped) one document, an array when there are
several rolls; with -o jsonl one compact object per line. -o text prints
one total per line; a terminal shows a table. --odds prints the exact
distribution of each expression's total (with -o json and several
expressions, an array of them).`,
		Example: `  spandex roll 3d6
  spandex roll 2d6+4 1d6-6 d100 -o json
  spandex roll -n 10000 3d6 -o text
  spandex roll 3d6 --dice 3,5,6
  spandex roll 3d6 --dice 3 --roll-rest --seed 1
  spandex roll 4d6kh3 --seed 7
  spandex roll --odds 3d6`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdutil.Inputf("roll: give at least one dice expression, e.g. spandex roll 3d6")
			}
			return nil
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			opts.Exprs = args
			return nil
		}, opts.checkRepeat),
	}
	cmd.Flags().IntVarP(&opts.N, "repeat", "n", 1, "roll each expression N times, streaming the results")
	cmd.Flags().BoolVar(&opts.Odds, "odds", false, "print the exact probability of every total instead of rolling")
	return cmd
}

// checkRepeat refuses -n outside 1-MaxRepeat.
func (opts *Options) checkRepeat(*cobra.Command, []string) error {
	if opts.N < 1 || opts.N > MaxRepeat {
		return cmdutil.Inputf("-n: %d is outside 1-%d", opts.N, MaxRepeat)
	}
	return nil
}

// runRoll rolls (or computes odds) and writes the results.
func runRoll(opts *Options) error {
	exprs := make([]*dice.Expr, len(opts.Exprs))
	for i, s := range opts.Exprs {
		e, err := dice.Parse(s)
		if err != nil {
			return cmdutil.Input(err)
		}
		exprs[i] = e
	}
	if opts.Odds {
		return runOdds(opts, exprs)
	}
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	out := opts.IO.Out
	// With the GM's dice the output stays buffered until every value has
	// been checked; a seeded roller cannot fail, so batches stream.
	if !opts.DiceGiven && opts.N > 1 {
		if err := out.StartStreaming(); err != nil {
			return err
		}
	}
	seed := rs.SeedPtr()
	opts.ReportSeed(seed)

	// Each expression's canonical form names its dice in --dice errors.
	names := make([]string, len(exprs))
	for i, e := range exprs {
		names[i] = e.String()
	}
	switch opts.Format {
	case cmdutil.FormatText:
		// Totals are gathered in a buffer of up to 32 KB and written in
		// chunks: a million rolls cost little more than the dice
		// themselves, and one roll no more than its line (a total is at
		// most 20 digits and a sign).
		buf := make([]byte, 0, min(32<<10, opts.N*len(exprs)*22))
		for n := 0; n < opts.N; n++ {
			for i, e := range exprs {
				t, err := e.Total(rs.Roller, names[i])
				if err != nil {
					return cmdutil.Input(err)
				}
				buf = strconv.AppendInt(buf, int64(t), 10)
				buf = append(buf, '\n')
				if len(buf) > 32<<10-32 {
					if _, err := out.Write(buf); err != nil {
						return err
					}
					buf = buf[:0]
				}
			}
		}
		_, err := out.Write(buf)
		return err
	case cmdutil.FormatTable:
		var rows [][]string
		var res dice.Result
		for n := 0; n < opts.N; n++ {
			for i, e := range exprs {
				if err := e.RollInto(rs.Roller, names[i], &res); err != nil {
					return cmdutil.Input(err)
				}
				explain(opts, &res)
				rows = append(rows, []string{res.Expr, diceText(&res), signed(res.Modifier), strconv.Itoa(res.Total)})
				if len(rows) == 1000 {
					if err := cmdutil.Table(out, []string{"Expr", "Dice", "Modifier", "Total"}, rows); err != nil {
						return err
					}
					rows = rows[:0]
				}
			}
		}
		if len(rows) > 0 {
			return cmdutil.Table(out, []string{"Expr", "Dice", "Modifier", "Total"}, rows)
		}
		return nil
	default: // json: one document (an array for several rolls); jsonl: a line per roll
		var res dice.Result
		enc := newResultEncoder()
		list := opts.Results()
		for n := 0; n < opts.N; n++ {
			for i, e := range exprs {
				if err := e.RollInto(rs.Roller, names[i], &res); err != nil {
					return cmdutil.Input(err)
				}
				explain(opts, &res)
				b, err := enc.encode(&res, seed)
				if err != nil {
					return err
				}
				if err := list.AddRaw(b); err != nil {
					return err
				}
			}
		}
		return list.Close()
	}
}

func explain(opts *Options, res *dice.Result) {
	if !opts.Explain {
		return
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s: dice %s, modifier %s, total %d (dice conventions p. 5)\n", res.Expr, diceText(res), signed(res.Modifier), res.Total)
}

// resultJSON is one roll as JSON: expr, total, dice, modifier, then the
// seed of a seeded roll.
type resultJSON struct {
	*dice.Result
	Seed *uint64 `json:"seed,omitempty"`
}

// resultEncoder encodes rolls one after another with encoding/json into
// one reused buffer, so a stream of a million rolls allocates nothing
// per roll.
type resultEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
	rec resultJSON
}

func newResultEncoder() *resultEncoder {
	e := &resultEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}

// encode returns res as compact JSON (one line, no newline), valid until
// the next call.
func (e *resultEncoder) encode(res *dice.Result, seed *uint64) ([]byte, error) {
	e.buf.Reset()
	e.rec = resultJSON{Result: res, Seed: seed}
	if err := e.enc.Encode(&e.rec); err != nil {
		return nil, fmt.Errorf("encoding JSON: %w", err)
	}
	return bytes.TrimSuffix(e.buf.Bytes(), []byte("\n")), nil
}

func diceText(res *dice.Result) string {
	var sb strings.Builder
	for i, d := range res.Dice {
		if i > 0 {
			sb.WriteString(" ")
		}
		if d.Kept != nil && !*d.Kept {
			sb.WriteString("(" + strconv.Itoa(d.Value) + ")")
		} else {
			sb.WriteString(strconv.Itoa(d.Value))
		}
	}
	return sb.String()
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// oddsJSON is the --odds record for one expression.
type oddsJSON struct {
	Expr     string         `json:"expr"`
	Min      int            `json:"min"`
	Max      int            `json:"max"`
	Mean     float64        `json:"mean"`
	StdDev   float64        `json:"std_dev"`
	Outcomes []dice.Outcome `json:"outcomes"`
}

// maxOddsTotals bounds the possible totals of all the --odds expressions
// together, so ten expressions of a million totals each are refused at
// once instead of costing gigabytes.
const maxOddsTotals = dice.MaxSupport

func runOdds(opts *Options, exprs []*dice.Expr) error {
	if opts.N != 1 {
		return cmdutil.Inputf("-n cannot be used with --odds")
	}
	// Refuse before computing anything: each expression's size and cost,
	// then their sum.
	sizes, err := dice.DistributionSizes(exprs)
	if err != nil {
		return cmdutil.Input(err)
	}
	all := 0
	for _, n := range sizes {
		all += n
	}
	if all > maxOddsTotals {
		return cmdutil.Inputf("--odds: the expressions have %d possible totals in all, over the limit of %d", all, maxOddsTotals)
	}
	// Nothing can fail now but writing: stream the distributions, each
	// computed in turn and written outcome by outcome.
	out := opts.IO.Out
	if err := out.StartStreaming(); err != nil {
		return err
	}
	// -o json with several expressions: one array of the distributions.
	array := opts.Format == cmdutil.FormatJSON && len(exprs) > 1
	if array {
		if _, err := io.WriteString(out, "[\n"); err != nil {
			return err
		}
	}
	for i, e := range exprs {
		d, err := e.Distribution()
		if err != nil {
			return cmdutil.Input(err)
		}
		lo, hi := d.Support()
		rec := oddsJSON{Expr: e.String(), Min: lo, Max: hi, Mean: round6(d.Mean()), StdDev: round6(d.StdDev())}
		switch opts.Format {
		case cmdutil.FormatJSON, cmdutil.FormatJSONL:
			if array && i > 0 {
				if _, err := io.WriteString(out, ",\n"); err != nil {
					return err
				}
			}
			if err := writeOddsJSON(out, opts.Format, rec, d); err != nil {
				return err
			}
		case cmdutil.FormatText:
			var line []byte
			err := d.EachOutcome(func(o dice.Outcome) error {
				line = strconv.AppendInt(line[:0], int64(o.Total), 10)
				line = append(line, '\t')
				line = strconv.AppendFloat(line, o.Probability, 'f', 6, 64)
				line = append(line, '\n')
				_, err := out.Write(line)
				return err
			})
			if err != nil {
				return err
			}
		default:
			rec.Outcomes = d.Outcomes()
			fmt.Fprintf(out, "%s: mean %.4g, standard deviation %.4g, range %d-%d\n", rec.Expr, rec.Mean, rec.StdDev, lo, hi)
			rows := make([]cmdutil.BarRow, 0, len(rec.Outcomes))
			atLeast := 1.0
			for _, o := range rec.Outcomes {
				rows = append(rows, cmdutil.BarRow{Label: strconv.Itoa(o.Total), P: o.Probability, AtLeast: atLeast})
				atLeast -= o.Probability
			}
			if err := cmdutil.Bars(out, "Total", true, rows); err != nil {
				return err
			}
		}
	}
	if array {
		_, err := io.WriteString(out, "]\n")
		return err
	}
	return nil
}

// writeOddsJSON writes rec with d's outcomes, byte for byte what
// cmdutil.WriteJSON writes for rec with Outcomes filled in, but one
// outcome at a time, so memory does not grow with the distribution.
func writeOddsJSON(w io.Writer, ft cmdutil.Format, rec oddsJSON, d *dice.Distribution) error {
	rec.Outcomes = []dice.Outcome{}
	var head bytes.Buffer
	if err := cmdutil.WriteJSON(&head, ft, rec); err != nil {
		return err
	}
	indent := ft != cmdutil.FormatJSONL
	// head ends `"outcomes": []\n}\n` (indented) or `"outcomes":[]}\n`.
	h := head.Bytes()
	cut := bytes.LastIndex(h, []byte("[]"))
	if _, err := w.Write(h[:cut+1]); err != nil {
		return err
	}
	// Each outcome is encoded by encoding/json, indented as it sits in
	// the document: four spaces in, two more per level.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if indent {
		enc.SetIndent("    ", "  ")
	}
	first := true
	var cur dice.Outcome // one value encoded each time: no allocation per outcome
	err := d.EachOutcome(func(o dice.Outcome) error {
		buf.Reset()
		if !first {
			buf.WriteByte(',')
		}
		if indent {
			buf.WriteString("\n    ")
		}
		cur = o
		if err := enc.Encode(&cur); err != nil {
			return fmt.Errorf("encoding JSON: %w", err)
		}
		first = false
		_, err := w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return err
	})
	if err != nil {
		return err
	}
	tail := "]}\n"
	if indent {
		tail = "]\n}\n"
		if !first {
			tail = "\n  ]\n}\n"
		}
	}
	_, err = io.WriteString(w, tail)
	return err
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
