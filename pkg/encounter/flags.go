package encounter

import (
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/echo"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// SideFlag is one `fight new --side NAME=FILE[,FILE...]` value: a side's
// name and its hero files, each optionally prefixed with a combatant id
// (ID:FILE, for a file holding one hero).
type SideFlag struct {
	Name  string
	Files []SideFile
}

// SideFile is one file of a side; Path "-" is stdin.
type SideFile struct {
	ID, Path string
}

// ParseSideFlag parses NAME=FILE[,FILE...]. Blank names and empty file
// lists are refused; an entry "ID:FILE" names its combatant when ID is a
// valid id (ValidID), and is otherwise a path containing a colon.
func ParseSideFlag(s string) (SideFlag, error) {
	name, files, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(files) == "" {
		return SideFlag{}, refusal.Errorf("--side %s: give NAME=FILE[,FILE...]", echo.Quote(s))
	}
	sf := SideFlag{Name: name}
	for _, p := range strings.Split(files, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		f := SideFile{Path: p}
		if before, after, ok := strings.Cut(p, ":"); ok && ValidID(before) && after != "" {
			f = SideFile{ID: before, Path: after}
		}
		sf.Files = append(sf.Files, f)
	}
	if len(sf.Files) == 0 {
		return SideFlag{}, refusal.Errorf("--side %s: give NAME=FILE[,FILE...]", echo.Quote(s))
	}
	return sf, nil
}

// ParseSidekickFlag parses `--sidekick ID=RANK`, the rank of the
// master's Sidekick power, 1-3 (p. 71).
func ParseSidekickFlag(s string) (id string, rank int, err error) {
	id, r, ok := strings.Cut(s, "=")
	id = strings.TrimSpace(id)
	rank, convErr := strconv.Atoi(strings.TrimSpace(r))
	if !ok || id == "" || convErr != nil {
		return "", 0, refusal.Errorf("--sidekick %s: give ID=RANK (1-3)", echo.Quote(s))
	}
	if rank < 1 || rank > 3 {
		return "", 0, refusal.Errorf("--sidekick %s: rank %d is outside 1-3 (p. 71)", echo.Quote(s), rank)
	}
	return id, rank, nil
}
