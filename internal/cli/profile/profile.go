// Package profile implements `spandex profile` and its subcommands: the
// personal profile (rulebook pp. 18-28).
package profile

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/hero"
	prof "github.com/codename-spandex/spandex/pkg/profile"
)

// EventKind is the log kind of every profile event.
const EventKind = "profile"

// NewCmdProfile builds `spandex profile`.
func NewCmdProfile(f *cmdutil.Factory) *cobra.Command {
	opts := &ShowOptions{Env: f.Env(cmdutil.FormatTable)}
	cmd := &cobra.Command{
		Use:   "profile [FILE|-]",
		Short: "Show the personal profile: fifteen measures, three categories and what they unlock",
		Long: `Show a hero's personal profile (rulebook pp. 18-28): the fifteen
measures in their three categories, what popularity lets the hero
influence (with orders, and with persuasive advice one category higher),
the Confidence Table's effects (downtime points a week, whether resources
can be raised, Will bonus against mental attacks, hero points), resources
and the scenario history.

Categories are always three times the sum of their five measures;
approachability, fame, success rate, public response and security are
always derived (see profile set). Values stored in the file that disagree
with the rules are listed under "stale" (fix them with profile set -i FILE).

Output: a table on a terminal, JSON when piped (-o json): name,
categories[{key, score, measures[{key, value, max, description}]}],
popularity_status, with_advice, confidence_table, resources, hero_points,
downtime_points_per_week, scenarios, stale.

--explain prints how every derived value was worked out.`,
		Example: `  spandex profile guardian.json
  spandex profile guardian.json -o json | jq '.categories[] | {key, score}'
  spandex profile set -i guardian.json heroism=4 backing=4
  spandex profile scenario -i guardian.json --competence 6 --success
  spandex profile roll popularity guardian.json --advice`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Inputf("profile: %q is not a subcommand (set, scenario, roll, refresh); to show a profile, give one hero file", args[0])
			}
			return nil
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runShow(opts) }, func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.File = args[0]
			}
			return nil
		}),
	}
	cmd.AddCommand(NewCmdSet(f, nil), NewCmdScenario(f, nil), NewCmdRoll(f, nil), NewCmdRefresh(f, nil))
	return cmd
}

// ShowOptions are the inputs of `spandex profile`.
type ShowOptions struct {
	*cmdutil.Env
	File string
}

// runShow prints the profile sheet.
func runShow(opts *ShowOptions) error {
	h, err := opts.ReadHero(opts.File)
	if err != nil {
		return err
	}
	if err := requireProfile(h); err != nil {
		return err
	}
	sh := prof.BuildSheet(h)
	if opts.Explain {
		c := *h
		prof.Recompute(&c)
		if err := opts.ExplainSteps(prof.Explain(&c)); err != nil {
			return err
		}
	}
	if opts.Format.IsJSON() {
		return cmdutil.WriteJSON(opts.IO.Out, opts.Format, sh)
	}
	return opts.Folded(opts.IO.Out, "    ", func(w io.Writer) error {
		return writeSheet(w, sh, opts.Format == cmdutil.FormatTable)
	})
}

func writeSheet(w io.Writer, sh prof.Sheet, table bool) error {
	fmt.Fprintf(w, "%s: personal profile\n", termtext.Escape(sh.Name))
	var rows [][]string
	for _, c := range sh.Categories {
		if !table {
			fmt.Fprintf(w, "%s %d\n", strings.ToUpper(c.Name), c.Score)
		}
		rows = append(rows, []string{strings.ToUpper(c.Name), strconv.Itoa(c.Score), "", c.Use})
		for _, m := range c.Measures {
			val := fmt.Sprintf("%d/%d", m.Value, m.Max)
			name := m.Name
			if m.Kind == prof.KindDerived {
				name += " *"
			}
			if table {
				rows = append(rows, []string{"", name, val, m.Description})
			} else {
				fmt.Fprintf(w, "  %-17s %5s  %s\n", name, val, m.Description)
			}
		}
	}
	if table {
		if err := cmdutil.Table(w, []string{"Category", "Measure", "Value", "Meaning"}, rows); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "* derived: never set directly")
	fmt.Fprintf(w, "Popularity %s (%s): orders sway %s; persuasive advice sways %s (p. 18)\n",
		sh.Status.Band, sh.Status.Status, strings.Join(sh.Status.CanInfluence, ", "), strings.Join(sh.Advice.CanInfluence, ", "))
	ct := sh.Confidence
	can := "cannot"
	if ct.CanIncreaseResources {
		can = "can"
	}
	fmt.Fprintf(w, "Confidence Table %s: downtime points %+d (%d a week), resources %s be increased, Will bonus %+d against mental attacks, hero points %d (p. 24)\n",
		ct.Band, ct.DowntimePoints, sh.PointsPerWeek, can, ct.WillBonus, ct.HeroPoints)
	for _, r := range sh.Resources {
		fmt.Fprintf(w, "%s %d: %s (p. 28)\n", strings.ReplaceAll(r.Key, "_", " "), r.Level, r.Description)
	}
	fmt.Fprintf(w, "Hero points %d/%d. Identity public: %s. Non-human: %s.\n", sh.HeroPoints.Current, sh.HeroPoints.Max, yesNo(sh.IdentityPublic), yesNo(sh.NonHuman))
	if len(sh.Scenarios) > 0 {
		var parts []string
		for _, s := range sh.Scenarios {
			r := "failure"
			if s.Success {
				r = "success"
			}
			parts = append(parts, fmt.Sprintf("%d %s", s.Competence, r))
		}
		fmt.Fprintf(w, "Scenarios: %s\n", strings.Join(parts, ", "))
	}
	for _, c := range sh.Stale {
		fmt.Fprintf(w, "stale: %s is stored as %v but the rules give %v (profile set -i FILE fixes it)\n", c.Measure, c.From, c.To)
	}
	return nil
}

// requireProfile refuses a hero without a personal profile.
func requireProfile(h *hero.Hero) error {
	if !prof.HasProfile(h) {
		return cmdutil.Inputf("%s is a %s: only heroes, villains, sidekicks and androids keep a personal profile (pp. 49-50)", h.Name, h.Kind)
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Summarise writes changes as "heroism 3 → 4, approachability 3 → 2".
func Summarise(cs []prof.Change) string {
	if len(cs) == 0 {
		return "no change"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %v → %v", c.Measure, c.From, c.To)
	}
	return strings.Join(parts, ", ")
}
