package profile

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/hero"
	prof "github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// SetOptions are the inputs of `spandex profile set`.
type SetOptions struct {
	*cmdutil.Env
	Target      cmdutil.HeroTarget
	Assignments []prof.Assignment
}

// SetResult is the JSON report of `profile set`.
type SetResult struct {
	Name    string            `json:"name"`
	Set     []prof.Assignment `json:"set"`
	Changes []prof.Change     `json:"changes"`
	// Steps derive every computed value as it now stands.
	Steps ruling.Steps `json:"steps"`
}

// NewCmdSet builds `spandex profile set`.
func NewCmdSet(f *cmdutil.Factory, runF func(*SetOptions) error) *cobra.Command {
	opts := &SetOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runSet
	}
	cmd := &cobra.Command{
		Use:   "set [-i FILE | FILE|-] KEY=VALUE...",
		Short: "Set profile measures; every dependent value is recomputed",
		Long: `Set personal profile measures (pp. 18-28) and recompute everything that
depends on them: approachability, fame, public response, security, the
three categories and the Confidence Table's effects (downtime points a
week, Will bonus, hero points).

KEY=VALUE sets a measure; KEY=+N or KEY=-N moves it (media response,
events). Keys: backing, heroism, identification, public_relations,
competence, methods, power_use, contacts, conscience, social_circle
(1-5; competence and contacts 1-10), material_resources and
financial_resources (1-10), identity_public and non_human (true/false),
contacts_field (text). Dashes or spaces may replace the underscores.
Approachability, fame, success rate, public response, security and the
categories are derived and cannot be set; the error says what to change.

Arguments with '=' are assignments; one other argument is the hero file.
With -i FILE the file is rewritten atomically and the changes printed;
otherwise the changed hero goes to stdout and the changes to stderr.
With no assignments the derived values are just recomputed.
An event "profile" is appended to the hero's log.`,
		Example: `  spandex profile set -i guardian.json heroism=4 backing=4
  spandex profile set -i guardian.json public_relations=+1 identity_public=true
  spandex profile set guardian.json competence=3 > next.json`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.fromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	return cmd
}

// fromArgs sorts the arguments: those with '=' are assignments, one
// other is the hero file.
func (opts *SetOptions) fromArgs(_ *cobra.Command, args []string) error {
	for _, a := range args {
		if strings.Contains(a, "=") {
			as, err := prof.ParseAssignment(a)
			if err != nil {
				return cmdutil.Inputf("profile set: %w", err)
			}
			opts.Assignments = append(opts.Assignments, as)
			continue
		}
		if opts.Target.File != "" {
			return cmdutil.Inputf("profile set: %q: expected KEY=VALUE (the hero file is %s)", a, opts.Target.File)
		}
		opts.Target.File = a
	}
	return nil
}

// runSet applies the assignments.
func runSet(opts *SetOptions) error {
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		if err := requireProfile(h); err != nil {
			return cmdutil.HeroChange{}, err
		}
		changes, err := prof.Set(h, opts.Assignments)
		if err != nil {
			return cmdutil.HeroChange{}, cmdutil.Inputf("profile set: %w", err)
		}
		res := SetResult{Name: h.Name, Set: opts.Assignments, Changes: changes, Steps: prof.Explain(h)}
		if res.Set == nil {
			res.Set = []prof.Assignment{}
		}
		if res.Changes == nil {
			res.Changes = []prof.Change{}
		}
		raw := make([]string, len(opts.Assignments))
		for i, a := range opts.Assignments {
			raw[i] = a.Raw
		}
		what := "recompute"
		if len(raw) > 0 {
			what = "set " + strings.Join(raw, " ")
		}
		return cmdutil.HeroChange{Kind: EventKind, Summary: fmt.Sprintf("profile %s: %s", what, Summarise(changes)), Details: res, Steps: res.Steps,
			Text: func(w io.Writer) error { return writeChanges(w, h, changes) }}, nil
	})
}

func writeChanges(w io.Writer, h *hero.Hero, cs []prof.Change) error {
	if len(cs) == 0 {
		_, err := fmt.Fprintf(w, "%s: no change\n", termtext.Escape(h.Name))
		return err
	}
	_, err := fmt.Fprintf(w, "%s: %s\n", termtext.Escape(h.Name), Summarise(cs))
	return err
}
