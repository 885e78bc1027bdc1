// Package config is spandex's settings: the typed Config passed down to
// the commands, Keys (keys.go), the one list of settings, and the checks
// of a value and of the SPANDEX_* names. Reading them from the config
// file and the environment through viper is internal/config/loader's,
// which only the root command links (a verb and its tests see the types
// alone). Config.Sources records where each value came from.
package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/echo"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Config is everything a user can set as a default.
type Config struct {
	// Output is the default output format: auto, json, jsonl, table or text.
	Output string `mapstructure:"output"`
	// Seed, when non-nil, is the default seed for random verbs.
	Seed *uint64 `mapstructure:"seed"`
	// Rules are the optional readings where the rulebook is ambiguous
	// (see docs/rules-notes.md).
	Rules Rules `mapstructure:"rules"`
	// Mns are the defaults of `spandex mns` (Men & Supermen).
	Mns Mns `mapstructure:"mns"`
	// File is the config file that was read, if any.
	File string `mapstructure:"-"`
	// Sources says where each key's value came from, by key name.
	Sources map[string]Source `mapstructure:"-"`
}

// Rules holds the documented rule options. The zero value of each field
// means "the book's rule text" as decided in docs/rules-notes.md.
type Rules struct {
	// DodgeStacking is "add" (every dodge bonus adds up; default) or "best"
	// (the best single bonus plus Martial Arts' +1).
	DodgeStacking string `mapstructure:"dodge_stacking"`
	// WallReduction is "table" (the Wall Strength Table, 1 m per 4 damage;
	// default) or "prose" (2 m per 4 damage, p. 37).
	WallReduction string `mapstructure:"wall_reduction"`
	// JudoColumn is "rank" (the defender's Martial Arts rank; default) or
	// "strike-class" (the attack's strike class).
	JudoColumn string `mapstructure:"judo_column"`
	// CarryOverDowntime lets unspent downtime points carry into the next week.
	CarryOverDowntime bool `mapstructure:"carry_over_downtime"`
	// SimplerExperience turns on the optional "simpler experience" rule (p. 46).
	SimplerExperience bool `mapstructure:"simpler_experience"`
}

// Mns holds the defaults of the Men & Supermen verbs.
type Mns struct {
	// Charts is the GM's charts file (docs/mns.md), used when a verb is
	// given no --charts.
	Charts string `mapstructure:"charts"`
}

// Source is where a setting's value came from.
type Source struct {
	// Kind is "default", "file", "env" or "flag".
	Kind string `json:"kind"`
	// File and Line locate a value read from the config file.
	File string `json:"file"`
	Line int    `json:"line"`
	// Name is the environment variable or flag that set the value.
	Name string `json:"name"`
}

// String is the source for humans and error messages:
// "default", "config file /x/config.yaml:3", "env SPANDEX_SEED", "flag --seed".
func (s Source) String() string {
	switch s.Kind {
	case "file":
		return fmt.Sprintf("config file %s:%d", s.File, s.Line)
	case "env":
		return "env " + s.Name
	case "flag":
		return "flag " + s.Name
	}
	return "default"
}

// Defaults returns the configuration used when nothing is set.
func Defaults() *Config {
	sources := make(map[string]Source, len(Keys))
	for _, k := range Keys {
		sources[k.Name] = Source{Kind: "default"}
	}
	return &Config{Output: "auto", Rules: Rules{DodgeStacking: "add", WallReduction: "table", JudoColumn: "rank"}, Sources: sources}
}

// Locations describes where Load looks for the config file, in order.
var Locations = []string{
	"the file given with --config FILE (it must exist, whatever the verb)",
	"$XDG_CONFIG_HOME/spandex/config.yaml, when XDG_CONFIG_HOME is set",
	"$HOME/.config/spandex/config.yaml otherwise",
}

// CheckValue refuses a value raw the key k does not take, naming where it
// was set (src).
func CheckValue(k Key, raw any, src Source) error {
	if raw == nil {
		return nil
	}
	val := fmt.Sprint(raw)
	where := "config"
	if src.Kind != "default" {
		where = src.String()
	}
	if k.Name == "seed" {
		if _, err := strconv.ParseUint(strings.TrimSpace(val), 10, 64); err != nil {
			return refusal.Errorf("%s: seed: %s is not a whole number", where, echo.Quote(val))
		}
		return nil
	}
	if k.Values == nil || slices.Contains(k.Values, val) {
		return nil
	}
	if slices.Equal(k.Values, []string{"true", "false"}) {
		if _, err := strconv.ParseBool(val); err == nil {
			return nil
		}
	}
	return refusal.Errorf("%s: %s: %s is not one of %s", where, k.Name, echo.Quote(val), strings.Join(k.Values, ", "))
}
