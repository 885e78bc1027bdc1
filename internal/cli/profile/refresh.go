package profile

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/hero"
	prof "github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// RefreshOptions are the inputs of `spandex profile refresh`.
type RefreshOptions struct {
	*cmdutil.Env
	Target cmdutil.HeroTarget
}

// RefreshResult is the JSON report of `profile refresh`.
type RefreshResult struct {
	Name       string       `json:"name"`
	Gained     int          `json:"gained"`
	HeroPoints hero.Points  `json:"hero_points"`
	Steps      ruling.Steps `json:"steps"`
}

// NewCmdRefresh builds `spandex profile refresh`.
func NewCmdRefresh(f *cmdutil.Factory, runF func(*RefreshOptions) error) *cobra.Command {
	opts := &RefreshOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runRefresh
	}
	cmd := &cobra.Command{
		Use:   "refresh [-i FILE | FILE|-]",
		Short: "Refill hero points at the start of an adventure",
		Long: `Refill the hero's hero points to the Confidence Table maximum, as at
the start of each adventure (pp. 14-15, 24): confidence 76-78 gives 1,
up to 5 at 88-90. The maximum is recomputed first.

With -i FILE the file is rewritten and the result printed (JSON when
piped: name, gained, hero_points); otherwise the hero goes to stdout.
An event "profile" is appended to the hero's log.`,
		Example: `  spandex profile refresh -i guardian.json`,
		Args:    cmdutil.OneHeroFile("profile refresh"),
		RunE:    cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.Target.FromArgs),
	}
	opts.Target.AddInPlaceFlag(cmd)
	return cmd
}

// runRefresh refills hero points.
func runRefresh(opts *RefreshOptions) error {
	return opts.Target.Change(opts.Env, func(h *hero.Hero) (cmdutil.HeroChange, error) {
		if !prof.HasProfile(h) {
			return cmdutil.HeroChange{}, cmdutil.Inputf("%s is a %s: only heroes, villains, sidekicks and androids have hero points (p. 14)", h.Name, h.Kind)
		}
		prof.Recompute(h)
		gained := prof.Refresh(h)
		res := RefreshResult{Name: h.Name, Gained: gained, HeroPoints: h.HeroPoints, Steps: prof.RefreshSteps(h, gained)}
		summary := fmt.Sprintf("hero points refreshed: +%d, %d/%d", gained, h.HeroPoints.Current, h.HeroPoints.Max)
		return cmdutil.HeroChange{Kind: EventKind, Summary: summary, Details: res, Steps: res.Steps, Text: func(w io.Writer) error {
			_, err := fmt.Fprintf(w, "%s: %s (confidence %d)\n", termtext.Escape(h.Name), summary, h.Profile.Confidence)
			return err
		}}, nil
	})
}
