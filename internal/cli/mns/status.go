package mns

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// NewCmdStatus builds `spandex mns status`.
func NewCmdStatus(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runStatus
	}
	cmd := &cobra.Command{
		Use:   "status [FILE]",
		Short: "Everyone's VP, DP, penalty, surprise, stun and action under way",
		Long: `Show the fight at a glance: the segment, the ongoing effects, and for every
combatant in file order its VP and DP (current/full), action roll
penalty, the segments it is surprised or stunned until, pushback points
taken since its action started, and the action under way with the segment
it lands.

Output: a table on a terminal; JSON when piped ({segment, name,
combatants, effects}); -o text prints one line per combatant: "ID SIDE VP
DP PENALTY DUE". Rolls no dice.`,
		Example: `  spandex mns status fight.json
  spandex mns status fight.json -o json | jq '.combatants[] | select(.dp < 0)'`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.File.readOnly("status")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// Status is the JSON of `mns status`.
type Status struct {
	Name       string       `json:"name"`
	Segment    int          `json:"segment"`
	Round      int          `json:"round"`
	Combatants []StatusLine `json:"combatants"`
	Effects    []mns.Effect `json:"effects"`
}

// StatusLine is one combatant in `mns status`.
type StatusLine struct {
	ID             string      `json:"id"`
	Name           string      `json:"name"`
	Side           string      `json:"side"`
	VP             int         `json:"vp"`
	MaxVP          int         `json:"max_vp"`
	DP             int         `json:"dp"`
	MaxDP          int         `json:"max_dp"`
	Penalty        int         `json:"penalty"`
	SurprisedUntil int         `json:"surprised_until"`
	StunnedUntil   int         `json:"stunned_until"`
	Pushback       int         `json:"pushback"`
	Due            int         `json:"due"`
	State          string      `json:"state"`
	Action         *mns.Action `json:"action"`
}

// runStatus prints the board.
func runStatus(opts *ViewOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	if err := opts.Env.FinishDice(); err != nil {
		return err
	}
	st := Status{Name: e.Name, Segment: e.Segment, Round: e.Segment/mns.RoundSegments + 1, Effects: e.Effects, Combatants: []StatusLine{}}
	if st.Effects == nil {
		st.Effects = []mns.Effect{}
	}
	for i := range e.Combatants {
		c := &e.Combatants[i]
		due, state := c.Due(e.Segment)
		st.Combatants = append(st.Combatants, StatusLine{ID: c.Fighter.ID, Name: c.Fighter.Name, Side: c.Fighter.Side,
			VP: c.VP, MaxVP: c.Fighter.VP, DP: c.DP, MaxDP: c.Fighter.DP, Penalty: c.Penalty,
			SurprisedUntil: c.SurprisedUntil, StunnedUntil: c.StunnedUntil, Pushback: c.Pushback, Due: due, State: state, Action: c.Action})
	}
	out := opts.Env.IO.Out
	switch opts.Env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Env.Format, st)
	case cmdutil.FormatText:
		for _, c := range st.Combatants {
			side := c.Side
			if side == "" {
				side = "-"
			}
			if _, err := fmt.Fprintf(out, "%s %s %d %d %d %d\n", c.ID, side, c.VP, c.DP, c.Penalty, c.Due); err != nil {
				return err
			}
		}
		return nil
	}
	title := fmt.Sprintf("Segment %d (round %d)", st.Segment, st.Round)
	if st.Name != "" {
		title = st.Name + ": " + title
	}
	fmt.Fprintln(out, title)
	if len(st.Effects) > 0 {
		fmt.Fprintf(out, "Ongoing effects: %s.\n", effectsText(st.Effects)[len("pay for "):])
	}
	rows := make([][]string, 0, len(st.Combatants))
	for _, c := range st.Combatants {
		what := "-"
		if c.Action != nil {
			what = fmt.Sprintf("%s %s", c.Action.Kind, c.Action.Name)
			if c.Action.Target != "" {
				what += " on " + c.Action.Target
			}
			if c.Action.Lost {
				what += " (lost)"
			}
		}
		rows = append(rows, []string{c.ID, fmt.Sprintf("%d/%d", c.VP, c.MaxVP), fmt.Sprintf("%d/%d", c.DP, c.MaxDP),
			strconv.Itoa(c.Penalty), until(c.SurprisedUntil, e.Segment), until(c.StunnedUntil, e.Segment), strconv.Itoa(c.Pushback),
			strconv.Itoa(c.Due), what})
	}
	return cmdutil.Table(out, []string{"ID", "VP", "DP", "Pen", "Surpr", "Stun", "Push", "Due", "Action"}, rows)
}

func until(s, now int) string {
	if s <= now {
		return "-"
	}
	return strconv.Itoa(s)
}
