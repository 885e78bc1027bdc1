// Package downtime implements `spandex downtime` and its subcommands:
// downtime points, experience and advancement (rulebook pp. 44-50).
package downtime

import (
	"fmt"
	"io"
	"sort"

	"github.com/spf13/cobra"

	profilecmd "github.com/codename-spandex/spandex/internal/cli/profile"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/downtime"
	"github.com/codename-spandex/spandex/pkg/hero"
	prof "github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// EventKind is the log kind of every downtime event.
const EventKind = "downtime"

// NewCmdDowntime builds `spandex downtime`.
func NewCmdDowntime(f *cmdutil.Factory) *cobra.Command {
	opts := &StatusOptions{Env: f.Env(cmdutil.FormatText)}
	cmd := &cobra.Command{
		Use:   "downtime [FILE|-]",
		Short: "Downtime: weekly points, experience, upkeep, devices and plans",
		Long: `Show a hero's downtime (rulebook pp. 44-50): the week, points left and
per week, experience towards each goal with what the next increase
costs, increases being kept, and devices under way.

A campaign week by week:
  downtime week   start a new week: allowance, upkeep checks, reversions
  downtime spend  spend points on an activity for experience
  downtime buy    buy an increase when enough experience has accrued
  downtime device start inventing a device
  downtime plan   what a goal will take, in points and weeks

Goals: a trainable profile measure (backing, heroism, identification,
public_relations, methods, power_use, contacts, conscience,
social_circle), an ability (strength, agility, will, endurance), a
resource (material_resources, financial_resources), power:SLUG (a new
power, or the next rank of one the hero has), subpower:SLUG (another
flavour, which counts as a new power), device:NAME, or other:TEXT (a goal
no rule prices, e.g. other:new-identity).

Options (config rules.* or SPANDEX_RULES_*): carry_over_downtime (unspent
points carry into the next week; the book's default is no) and
simpler_experience (p. 46: points are spent directly, each worth 5
experience, 3 towards a new power).

Output: text on a terminal, JSON when piped: name, week, points,
points_per_week, goals[{goal, experience, cost, ready, blocked}],
upkeep, devices.`,
		Example: `  spandex downtime guardian.json
  spandex downtime week -i guardian.json
  spandex downtime spend -i guardian.json --points 7 --goal public_relations --fit average --side backing=1 --side methods=1
  spandex downtime buy -i guardian.json public_relations
  spandex downtime plan guardian.json --goal material_resources`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Inputf("downtime: %q is not a subcommand (week, spend, buy, device, plan); to show a hero, give one hero file", args[0])
			}
			return nil
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runStatus(opts) }, func(_ *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.File = args[0]
			}
			return nil
		}),
	}
	cmd.AddCommand(NewCmdWeek(f, nil), NewCmdSpend(f, nil), NewCmdBuy(f, nil), NewCmdDevice(f, nil), NewCmdPlan(f, nil))
	return cmd
}

// ruleOptions reads the rule options from the config, with flags that
// can only turn them on, and hooks downtime to hero generation's power
// resolution and derivation (pkg/chargen).
func ruleOptions(env *cmdutil.Env, simpler, carry bool) (downtime.Options, error) {
	cfg, err := env.Config()
	if err != nil {
		return downtime.Options{}, err
	}
	gen, err := env.Derive()
	if err != nil {
		return downtime.Options{}, err
	}
	return downtime.Options{
		Simpler:   simpler || cfg.Rules.SimplerExperience,
		CarryOver: carry || cfg.Rules.CarryOverDowntime,
		GainPower: func(h *hero.Hero, slug string, r dice.Roller) (ruling.Steps, error) {
			return chargen.GainPowerRank(h, slug, r, gen)
		},
		GainSubPower: func(h *hero.Hero, slug string, r dice.Roller) (ruling.Steps, error) {
			return chargen.GainSubPower(h, slug, r, gen)
		},
		SubPowerBlocked: chargen.SubPowerBlocked,
		Derive: func(h *hero.Hero) error {
			quiet := gen
			quiet.Quiet = true
			_, err := chargen.Derive(h, noDice{}, quiet)
			return err
		},
	}, nil
}

// noDice is the roller for re-deriving a hero after an ability changes:
// a complete hero file has every value rolled already, so a die asked for
// means the file is incomplete.
type noDice struct{}

// Roll refuses.
func (noDice) Roll(sides int, purpose string) (int, error) {
	return 0, fmt.Errorf("re-deriving the hero would roll a d%d for %s: the hero file lacks a rolled value; complete it with spandex hero derive first", sides, purpose)
}

// GoalStatus is one goal's experience and next cost.
type GoalStatus struct {
	Goal       string `json:"goal"`
	Experience int    `json:"experience"`
	Cost       int    `json:"cost"`
	Ready      bool   `json:"ready"`
	Blocked    string `json:"blocked,omitempty"`
}

// Status is the JSON output of `spandex downtime`.
type Status struct {
	Name          string        `json:"name"`
	Week          int           `json:"week"`
	Points        int           `json:"points"`
	PointsPerWeek int           `json:"points_per_week"`
	Simpler       bool          `json:"simpler,omitempty"`
	Goals         []GoalStatus  `json:"goals"`
	Upkeep        []hero.Upkeep `json:"upkeep"`
	Devices       []hero.Device `json:"devices"`
}

// StatusOptions are the inputs of `spandex downtime`.
type StatusOptions struct {
	*cmdutil.Env
	// File is the hero file ("" or "-" is stdin).
	File string
}

// runStatus prints the hero's downtime status.
func runStatus(sopts *StatusOptions) error {
	env, ft := sopts.Env, sopts.Format
	h, err := env.ReadHero(sopts.File)
	if err != nil {
		return err
	}
	opts, err := ruleOptions(env, false, false)
	if err != nil {
		return err
	}
	if !prof.HasProfile(h) {
		return cmdutil.Inputf("%s is a %s: only heroes, villains, sidekicks and androids get downtime (pp. 44, 50)", h.Name, h.Kind)
	}
	c := *h
	prof.Recompute(&c)
	st := Status{Name: h.Name, Week: h.Downtime.Week, Points: h.Downtime.Points, PointsPerWeek: c.Downtime.PointsPerWeek,
		Simpler: opts.Simpler, Goals: []GoalStatus{}, Upkeep: h.Downtime.Upkeep, Devices: h.Downtime.Devices}
	if st.Upkeep == nil {
		st.Upkeep = []hero.Upkeep{}
	}
	if st.Devices == nil {
		st.Devices = []hero.Device{}
	}
	keys := make([]string, 0, len(h.Downtime.Experience))
	for k := range h.Downtime.Experience {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		gs := GoalStatus{Goal: k, Experience: h.Downtime.Experience[k]}
		g, err := downtime.ParseGoal(k)
		if err != nil {
			gs.Blocked = err.Error()
		} else if pr, err := downtime.PriceOf(&c, g, opts); err != nil {
			gs.Blocked = err.Error()
		} else {
			gs.Cost, gs.Blocked = pr.XP, pr.Blocked
			gs.Ready = pr.Blocked == "" && pr.Have >= pr.XP
		}
		st.Goals = append(st.Goals, gs)
	}
	if ft.IsJSON() {
		return cmdutil.WriteJSON(env.IO.Out, ft, st)
	}
	w := env.IO.Out
	fmt.Fprintf(w, "%s: week %d, %d downtime points left, %d a week\n", termtext.Escape(st.Name), st.Week, st.Points, st.PointsPerWeek)
	for _, g := range st.Goals {
		line := fmt.Sprintf("  %-22s %4d/%d experience", g.Goal, g.Experience, g.Cost)
		switch {
		case g.Ready:
			line += "  ready: downtime buy " + g.Goal
		case g.Blocked != "":
			line += "  (" + g.Blocked + ")"
		}
		fmt.Fprintln(w, line)
	}
	for _, u := range st.Upkeep {
		fmt.Fprintf(w, "  keeping %s %d → %d: %d of %d weeks paid, %d/5 this week, %d missed in a row\n", u.Goal, u.From, u.To, u.WeeksDone, u.WeeksNeeded, u.PaidThisWeek, u.Missed)
	}
	for _, d := range st.Devices {
		fmt.Fprintf(w, "  device %s: %s, %d/%d experience\n", termtext.Escape(d.Name), d.Stage, d.Experience, downtime.DeviceTotalXP(d))
	}
	return nil
}

// change describes a downtime event (see cmdutil.HeroChange): v is both
// the event's details and the JSON report.
func change(summary string, seed *uint64, v any, steps ruling.Steps, warnings []string, text func(io.Writer) error) cmdutil.HeroChange {
	return cmdutil.HeroChange{Kind: EventKind, Summary: summary, Seed: seed, Details: v, Steps: steps, Warnings: warnings, Text: text}
}

func joinChanges(cs []prof.Change) string {
	if len(cs) == 0 {
		return ""
	}
	return "; " + profilecmd.Summarise(cs)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
