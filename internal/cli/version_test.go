package cli

import (
	"runtime/debug"
	"testing"
)

func TestReadBuildInfo(t *testing.T) {
	clone := &debug.BuildInfo{
		GoVersion: "go1.26.0",
		Main:      debug.Module{Path: "github.com/codename-spandex/spandex", Version: "v0.0.0-20261201200000-41786e3a7c1b+dirty"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "41786e3a7c1b0000000000000000000000000000"},
			{Key: "vcs.time", Value: "2026-12-01T20:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	tests := []struct {
		name                  string
		version, commit, date string
		bi                    *debug.BuildInfo
		want                  buildInfo
		line                  string
	}{
		{"no build info", "dev", "", "", nil,
			buildInfo{Version: "dev"}, ""},
		{"from a clone: VCS stamp", "dev", "", "", clone,
			buildInfo{Version: "v0.0.0-20261201200000-41786e3a7c1b+dirty", Revision: "41786e3a7c1b0000000000000000000000000000", Time: "2026-12-01T20:00:00Z", Dirty: true, Go: "go1.26.0"},
			"spandex v0.0.0-20261201200000-41786e3a7c1b+dirty (revision 41786e3a7c1b, modified, built 2026-12-01T20:00:00Z, go1.26.0, hero file schema "},
		{"release: ldflags win", "1.2.3", "abc123", "2026-12-02T10:00:00Z", clone,
			buildInfo{Version: "1.2.3", Revision: "abc123", Time: "2026-12-02T10:00:00Z", Dirty: true, Go: "go1.26.0"},
			"spandex 1.2.3 (revision abc123, modified, built 2026-12-02T10:00:00Z, go1.26.0"},
		{"devel main module, clean tree", "dev", "", "", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			buildInfo{Version: "dev", Revision: "abc", Go: "go1.26.0"},
			"spandex dev (revision abc, go1.26.0, hero file schema "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readBuildInfo(tt.version, tt.commit, tt.date, tt.bi)
			if tt.want.Go == "" {
				tt.want.Go = got.Go // runtime.Version()
			}
			tt.want.Schema = got.Schema
			if got != tt.want {
				t.Errorf("readBuildInfo = %+v, want %+v", got, tt.want)
			}
			if got.Schema == 0 {
				t.Error("schema version missing")
			}
			if s := got.String(); tt.line != "" && len(s) < len(tt.line) || tt.line != "" && s[:len(tt.line)] != tt.line {
				t.Errorf("String() = %q, want prefix %q", s, tt.line)
			}
		})
	}
}
