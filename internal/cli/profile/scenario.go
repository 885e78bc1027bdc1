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
)

// MaxScenarioName bounds --name.
const MaxScenarioName = 200

// ScenarioOptions are the inputs of `spandex profile scenario`.
type ScenarioOptions struct {
	*cmdutil.Env
	Target     cmdutil.HeroTarget
	Competence int
	Success    bool
	Failure    bool
	Name       string
}

// ScenarioOutput is the JSON report of `profile scenario`.
type ScenarioOutput struct {
	Name string `json:"name"`
	prof.ScenarioResult
}

// NewCmdScenario builds `spandex profile scenario`.
func NewCmdScenario(f *cmdutil.Factory, runF func(*ScenarioOptions) error) *cobra.Command {
	opts := &ScenarioOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runScenario
	}
	cmd := &cobra.Command{
		Use:   "scenario [-i FILE | FILE|-] --competence N (--success | --failure)",
		Short: "Record a scenario: competence and success rate move",
		Long: `Record the outcome of a scenario (pp. 20-21, 25). --competence is the
scenario's rating on the competence scale (1 make a public appearance ...
5 fight a normal villain ... 10 save the world).

Winning a scenario rated above the hero's competence raises competence by
half the difference, rounded down, but by 1 when the difference is
exactly 1; failing one rated below lowers it the same way; otherwise
nothing changes. The scenario joins the hero's history and success rate
counts the successes among the last five. Every derived value follows.

With -i FILE the file is rewritten and the result printed (JSON when
piped: scenario, competence_from, competence_to, success_rate, changes,
steps); otherwise the hero goes to stdout and the result to stderr.
An event "profile" is appended to the hero's log.`,
		Example: `  spandex profile scenario -i guardian.json --competence 6 --success
  spandex profile scenario -i guardian.json --competence 2 --failure --name "bank job"`,
		Args: cmdutil.OneHeroFile("profile scenario"),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs, opts.checkFlags),
	}
	opts.Target.AddInPlaceFlag(cmd)
	cmd.Flags().IntVar(&opts.Competence, "competence", 0, "the scenario's competence rating, 1-10 (p. 21)")
	cmd.Flags().BoolVar(&opts.Success, "success", false, "the hero succeeded")
	cmd.Flags().BoolVar(&opts.Failure, "failure", false, "the hero failed")
	cmd.Flags().StringVar(&opts.Name, "name", "", "a label for the scenario")
	return cmd
}

// checkFlags checks what only the command knows: which flags were given.
func (opts *ScenarioOptions) checkFlags(cmd *cobra.Command, _ []string) error {
	if !cmd.Flags().Changed("competence") {
		return cmdutil.Inputf("--competence: give the scenario's competence rating, 1-10 (p. 21)")
	}
	if opts.Success == opts.Failure {
		return cmdutil.Inputf("--success/--failure: give exactly one")
	}
	if len(opts.Name) > MaxScenarioName || strings.ContainsAny(opts.Name, "\n\r") {
		return cmdutil.Inputf("--name: one line of up to %d characters", MaxScenarioName)
	}
	return nil
}

// runScenario records the scenario.
func runScenario(opts *ScenarioOptions) error {
	if opts.Competence < 1 || opts.Competence > 10 {
		return cmdutil.Inputf("--competence %d: a scenario's rating is 1-10 (p. 21)", opts.Competence)
	}
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		res, err := prof.RecordScenario(h, opts.Competence, opts.Success, opts.Name)
		if err != nil {
			return cmdutil.HeroChange{}, err
		}
		if res.Changes == nil {
			res.Changes = []prof.Change{}
		}
		outcome := "failure"
		if opts.Success {
			outcome = "success"
		}
		summary := fmt.Sprintf("scenario %d %s: competence %d → %d, success rate %d", opts.Competence, outcome, res.CompetenceFrom, res.CompetenceTo, res.SuccessRate)
		return cmdutil.HeroChange{Kind: EventKind, Summary: summary, Details: res, Report: ScenarioOutput{Name: h.Name, ScenarioResult: res}, Steps: res.Steps,
			Text: func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "%s: %s; %s\n", termtext.Escape(h.Name), summary, Summarise(res.Changes))
				return err
			}}, nil
	})
}
