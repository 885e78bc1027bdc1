package profile

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
	prof "github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// RefreshOptions are the inputs of `spandex profile refresh`.
type RefreshOptions struct {
	F      *cmdutil.Factory
	Target Target
	Format cmdutil.Format
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
	opts := &RefreshOptions{F: f}
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
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.Inputf("profile refresh: give one hero file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Target.File = args[0]
			}
			ft, err := f.Format(cmdutil.FormatText)
			if err != nil {
				return err
			}
			opts.Format = ft
			if runF != nil {
				return runF(opts)
			}
			return RefreshRun(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Target.InPlace, "in-place", "i", "", "rewrite this hero file in place")
	return cmd
}

// RefreshRun refills hero points.
func RefreshRun(opts *RefreshOptions) error {
	f := opts.F
	h, err := opts.Target.Read(f)
	if err != nil {
		return err
	}
	if !prof.HasProfile(h) {
		return cmdutil.Inputf("%s is a %s: only heroes, villains, sidekicks and androids have hero points (p. 14)", h.Name, h.Kind)
	}
	prof.Recompute(h)
	gained := prof.Refresh(h)
	res := RefreshResult{Name: h.Name, Gained: gained, HeroPoints: h.HeroPoints}
	row := rulebook.Confidence(h.Profile.Confidence)
	res.Steps.AddRow("hero-points", "pp. 15, 24", "Confidence Table", fmt.Sprintf("%d-%d", row.Confidence.Lo, row.Confidence.Hi),
		"confidence %d gives %d hero points; refilled %d at the start of the adventure", h.Profile.Confidence, row.HeroPoints, gained)
	if err := Explain(f, res.Steps); err != nil {
		return err
	}
	summary := fmt.Sprintf("hero points refreshed: +%d, %d/%d", gained, h.HeroPoints.Current, h.HeroPoints.Max)
	if err := h.AppendEvent(EventKind, summary, nil, res); err != nil {
		return err
	}
	return opts.Target.Save(f, h, opts.Format, res, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%s: %s (confidence %d)\n", h.Name, summary, h.Profile.Confidence)
		return err
	})
}
