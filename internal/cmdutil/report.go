package cmdutil

import (
	"fmt"
	"io"

	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ReportSeed writes "seed N (replay with --seed N)" on w (stderr), so a
// result a human reads can be replayed. It writes nothing when seed is nil:
// the GM's --dice were used, or nothing was rolled.
func ReportSeed(w io.Writer, seed *uint64) {
	if seed != nil {
		fmt.Fprintf(w, "seed %d (replay with --seed %d)\n", *seed, *seed)
	}
}

// Explain writes a ruling's steps on w (stderr) when on, i.e. with
// --explain.
func Explain(w io.Writer, on bool, steps ruling.Steps) error {
	if !on {
		return nil
	}
	return steps.Write(w)
}

// Warn writes each warning on w (stderr) as "warning: TEXT".
func Warn(w io.Writer, warnings []string) {
	for _, s := range warnings {
		fmt.Fprintf(w, "warning: %s\n", s)
	}
}

// warnConfigSeed warns that a seed from the config file or SPANDEX_SEED is
// in force: every run then rolls exactly the same dice, which is what a
// test wants and a game does not. A seed
// given with --seed is deliberate and not warned about.
func warnConfigSeed(w io.Writer, seed uint64, src config.Source) {
	Warn(w, []string{fmt.Sprintf("seed %d from %s is in force: every run rolls the same dice (remove it for fresh rolls)", seed, src)})
}
