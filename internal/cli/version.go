package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Commit and Date may be set at build time (goreleaser does) with
// -ldflags "-X .../internal/cli.Commit=... -X .../internal/cli.Date=...";
// otherwise they come from the VCS stamp Go embeds when the binary is
// built from a clone (go build / go install ./cmd/spandex).
var (
	Commit = ""
	Date   = ""
)

// buildInfo is what `spandex version` reports.
type buildInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision"` // VCS revision ("" when unknown)
	Time     string `json:"time"`     // build date, else the revision's commit time (RFC 3339; "" when unknown)
	Dirty    bool   `json:"dirty"`    // built from a working tree with uncommitted changes
	Go       string `json:"go"`
	Schema   int    `json:"schema"` // hero file schema version
}

// readBuildInfo merges the ldflags-set version, commit and date with the
// VCS stamp in bi (from debug.ReadBuildInfo; nil when unavailable).
func readBuildInfo(version, commit, date string, bi *debug.BuildInfo) buildInfo {
	b := buildInfo{Version: version, Revision: commit, Time: date, Go: runtime.Version(), Schema: hero.SchemaVersion}
	if bi == nil {
		return b
	}
	if bi.GoVersion != "" {
		b.Go = bi.GoVersion
	}
	var rev, vcsTime string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			vcsTime = s.Value
		case "vcs.modified":
			b.Dirty = s.Value == "true"
		}
	}
	if b.Revision == "" {
		b.Revision = rev
	}
	if b.Time == "" {
		b.Time = vcsTime
	}
	// Go stamps the main module with a pseudo-version built from the
	// repository ("v0.0.0-20261201...-41786e3a7c1b+dirty"): better than "dev".
	if (b.Version == "" || b.Version == "dev") && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		b.Version = bi.Main.Version
	}
	if b.Version == "" {
		b.Version = "dev"
	}
	return b
}

// String is the one-line human form.
func (b buildInfo) String() string {
	var parts []string
	if b.Revision != "" {
		rev := b.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if b.Dirty {
			rev += ", modified"
		}
		parts = append(parts, "revision "+rev)
	}
	if b.Time != "" {
		parts = append(parts, "built "+b.Time)
	}
	parts = append(parts, b.Go, fmt.Sprintf("hero file schema %d", b.Schema))
	return fmt.Sprintf("spandex %s (%s)", b.Version, strings.Join(parts, ", "))
}

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	env, version := f.Env(cmdutil.FormatText), f.Version
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, VCS revision, build date, Go version and hero file schema",
		Long: `Print the version, the VCS revision it was built from (with "modified"
when the working tree had uncommitted changes), the build date (for a
build from a clone, the revision's commit time), the Go version and the
hero file schema version.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := env.Bind(); err != nil {
				return err
			}
			bi, _ := debug.ReadBuildInfo()
			b := readBuildInfo(version, Commit, Date, bi)
			if env.Format.IsJSON() {
				return env.WriteJSON(b)
			}
			_, err := fmt.Fprintln(env.IO.Out, b.String())
			return err
		},
	}
}
