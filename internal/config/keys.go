package config

import (
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Key is one setting of the config file. Keys is the one list the
// loader, `spandex config`, `spandex help environment` and the man pages'
// ENVIRONMENT section are built from.
type Key struct {
	// Name is the dotted name in the file: "output", "rules.judo_column".
	Name string
	// Values are the words the key takes (nil: a number or a boolean).
	Values []string
	// Default is the value used when nothing sets the key, as written in
	// the file ("" for none).
	Default string
	// Doc says what the key does, in one line.
	Doc string
}

// Env is the key's environment variable: SPANDEX_ plus the upper-cased
// name with dots as underscores (SPANDEX_RULES_JUDO_COLUMN).
func (k Key) Env() string {
	return "SPANDEX_" + strings.ToUpper(strings.ReplaceAll(k.Name, ".", "_"))
}

// Keys lists every setting, in the order `spandex config` shows them.
var Keys = []Key{
	{Name: "output", Values: []string{"auto", "json", "jsonl", "table", "text"}, Default: "auto",
		Doc: "default output format (auto: a table or text on a terminal, JSON when piped)"},
	{Name: "seed", Default: "",
		Doc: "default seed for random verbs; every run then rolls the same dice, so a warning says so on stderr"},
	{Name: "rules.dodge_stacking", Values: []string{"add", "best"}, Default: "add",
		Doc: "dodge bonuses all add up, or only the best plus Martial Arts' +1"},
	{Name: "rules.wall_reduction", Values: []string{"table", "prose"}, Default: "table",
		Doc: "knockback through walls: the Wall Strength Table's 1 m per 4 damage, or the prose's 2 m (p. 37)"},
	{Name: "rules.judo_column", Values: []string{"rank", "strike-class"}, Default: "rank",
		Doc: "judo table column: the defender's Martial Arts rank, or the attack's strike class"},
	{Name: "rules.carry_over_downtime", Values: []string{"true", "false"}, Default: "false",
		Doc: "unspent downtime points carry into the next week"},
	{Name: "rules.simpler_experience", Values: []string{"true", "false"}, Default: "false",
		Doc: `the optional "simpler experience" rule (p. 46)`},
	{Name: "mns.charts", Default: "",
		Doc: "the GM's Men & Supermen charts file (docs/mns.md), used when an mns verb is given no --charts"},
}

// LookupKey returns the key named name.
func LookupKey(name string) (Key, bool) {
	for _, k := range Keys {
		if k.Name == name {
			return k, true
		}
	}
	return Key{}, false
}

// NearestKey returns the valid key closest to a misspelt one, comparing
// both the whole dotted name and its last part (so a top-level
// "judo_colum" suggests "rules.judo_column").
func NearestKey(name string) string {
	best, bestD := "", -1
	leaf := name[strings.LastIndex(name, ".")+1:]
	for _, cand := range candidates() {
		d := Distance(name, cand)
		cl := cand[strings.LastIndex(cand, ".")+1:]
		if dl := Distance(leaf, cl) + 1; dl < d {
			d = dl
		}
		if len(leaf) >= 3 && strings.HasPrefix(cl, leaf) && d > 1 {
			d = 1 // a truncated name: "rules.wall"
		}
		if bestD < 0 || d < bestD {
			best, bestD = cand, d
		}
	}
	return best
}

// candidates are the key names and the section names ("rules").
func candidates() []string {
	var names []string
	seen := map[string]bool{}
	for _, k := range Keys {
		if i := strings.Index(k.Name, "."); i > 0 && !seen[k.Name[:i]] {
			seen[k.Name[:i]] = true
			names = append(names, k.Name[:i])
		}
		names = append(names, k.Name)
	}
	return names
}

// Distance is the Levenshtein edit distance between a and b (config keys
// and environment variables, and the command line's flags, suggest by it).
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Get returns the value in force for the key named name, as JSON shows
// it: a string, a boolean, a number, or nil for an unset seed.
func (c *Config) Get(name string) (any, bool) {
	switch name {
	case "output":
		return c.Output, true
	case "seed":
		if c.Seed == nil {
			return nil, true
		}
		return *c.Seed, true
	case "rules.dodge_stacking":
		return c.Rules.DodgeStacking, true
	case "rules.wall_reduction":
		return c.Rules.WallReduction, true
	case "rules.judo_column":
		return c.Rules.JudoColumn, true
	case "rules.carry_over_downtime":
		return c.Rules.CarryOverDowntime, true
	case "rules.simpler_experience":
		return c.Rules.SimplerExperience, true
	case "mns.charts":
		return c.Mns.Charts, true
	}
	return nil, false
}

// Validate checks every value in force against its key's values.
func (c *Config) Validate() error {
	for _, k := range Keys {
		v, _ := c.Get(k.Name)
		if err := CheckValue(k, v, Source{Kind: "default"}); err != nil {
			return err
		}
	}
	return nil
}

// CheckEnv refuses a SPANDEX_* variable of environ ("NAME=value" entries,
// as os.Environ gives them) that is not one spandex reads but is within
// two edits of one: a misspelt variable would otherwise be silently
// ignored, as a misspelt key of the file would. known are the variables
// read outside the config keys (SPANDEX_FORCE_TTY, ...). A variable far
// from every name is left alone: it may belong to a script around
// spandex.
func CheckEnv(environ []string, known ...string) error {
	names := slices.Clone(known)
	for _, k := range Keys {
		names = append(names, k.Env())
	}
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "SPANDEX_") || slices.Contains(names, name) {
			continue
		}
		best, bestD := "", 3
		for _, n := range names {
			if d := Distance(name, n); d < bestD {
				best, bestD = n, d
			}
		}
		if best != "" {
			return refusal.Errorf("environment: %s is not a spandex variable (did you mean %s?)", name, best)
		}
	}
	return nil
}
