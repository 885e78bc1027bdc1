package mns

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// ViewOptions are the inputs of `mns next` and `mns status`.
type ViewOptions struct {
	*cmdutil.Env
	File File
}

// NewCmdNext builds `spandex mns next`.
func NewCmdNext(f *cmdutil.Factory, runF func(*ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runNext
	}
	cmd := &cobra.Command{
		Use:   "next [FILE]",
		Short: "Who is due next, on which segment, and the payments on the way",
		Long: `Show the pile: every combatant ordered by the segment it is next due (the
segment its action under way lands, or the first segment it may start
one), and the payment segments passed on the way there with the ongoing
effects to pay for. Ties on a segment go to the higher agility, then to
the combatant listed first in the file.

Output: a table on a terminal; JSON when piped ({segment, who, payments,
pile}); -o text prints "SEGMENT ID" for each combatant due first.
Rolls no dice.`,
		Example: `  spandex mns next fight.json
  spandex mns next fight.json -o json | jq -r '.who[0].id'`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.File.readOnly("next")),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	return cmd
}

// runNext prints the pile.
func runNext(opts *ViewOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	if err := opts.Env.FinishDice(); err != nil {
		return err
	}
	n := e.WhatNext()
	out := opts.Env.IO.Out
	switch opts.Env.Format {
	case cmdutil.FormatJSON, cmdutil.FormatJSONL:
		return cmdutil.WriteJSON(out, opts.Env.Format, n)
	case cmdutil.FormatText:
		for _, w := range n.Who {
			if _, err := fmt.Fprintf(out, "%d %s\n", n.Segment, w.ID); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(out, "Now segment %d; next due on segment %d.\n", e.Segment, n.Segment)
	for _, p := range n.Payments {
		fmt.Fprintf(out, "Payment segment %d on the way: %s.\n", p.Segment, effectsText(p.Effects))
	}
	rows := make([][]string, 0, len(n.Pile))
	for _, p := range n.Pile {
		rows = append(rows, []string{strconv.Itoa(p.Due), p.ID, p.State, p.Action})
	}
	return cmdutil.Table(out, []string{"Due", "ID", "State", "Action under way"}, rows)
}

func effectsText(efs []mns.Effect) string {
	if len(efs) == 0 {
		return "nothing to pay for"
	}
	s := "pay for"
	for i, ef := range efs {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" %s's %s", ef.Holder, ef.Name)
	}
	return s
}
