// Package config loads spandex's defaults from a YAML config file and
// SPANDEX_* environment variables through viper, into a typed Config that
// is passed down to the commands. Loading is lazy: it happens the first
// time a command asks for the config, never at start-up.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/viper"
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

// Defaults returns the configuration used when nothing is set.
func Defaults() *Config {
	return &Config{Output: "auto", Rules: Rules{DodgeStacking: "add", WallReduction: "table", JudoColumn: "rank"}}
}

// Load reads the config file (explicit path, else
// $XDG_CONFIG_HOME/spandex/config.yaml, else ~/.config/spandex/config.yaml,
// which may be absent) and SPANDEX_* environment variables
// (SPANDEX_OUTPUT, SPANDEX_SEED, SPANDEX_RULES_DODGE_STACKING, ...).
// getenv is os.Getenv outside tests.
func Load(path string, getenv func(string) string) (*Config, error) {
	explicit := path != ""
	if !explicit {
		path = defaultPath(getenv)
	}
	if !explicit && !anyEnv(getenv) && (path == "" || fileAbsent(path)) {
		// Nothing set: the defaults, without paying for viper (the common
		// case, on every call of a random verb without --seed).
		return Defaults(), nil
	}
	v := viper.New()
	d := Defaults()
	v.SetDefault("output", d.Output)
	v.SetDefault("rules.dodge_stacking", d.Rules.DodgeStacking)
	v.SetDefault("rules.wall_reduction", d.Rules.WallReduction)
	v.SetDefault("rules.judo_column", d.Rules.JudoColumn)
	v.SetDefault("rules.carry_over_downtime", false)
	v.SetDefault("rules.simpler_experience", false)
	v.SetDefault("seed", nil)
	v.SetDefault("mns.charts", "")

	if path != "" {
		v.SetConfigFile(path)
		v.SetConfigType("yaml")
		if err := v.ReadInConfig(); err != nil {
			var notFound viper.ConfigFileNotFoundError
			if explicit || !(errors.As(err, &notFound) || errors.Is(err, os.ErrNotExist) || isNotExist(err)) {
				return nil, fmt.Errorf("config file %s: %w", path, oneLine(err))
			}
			path = ""
		}
	}
	// Environment: read through getenv so tests control it.
	for _, key := range envKeys {
		if val := getenv(envName(key)); val != "" {
			v.Set(key, val)
		}
	}
	c := &Config{}
	if err := v.Unmarshal(c); err != nil {
		return nil, fmt.Errorf("config: %w", oneLine(err))
	}
	if raw := v.Get("seed"); raw != nil && c.Seed == nil {
		return nil, fmt.Errorf("config: seed: %v is not a whole number", raw)
	}
	c.File = path
	if err := c.validate(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Config) validate() error {
	switch c.Output {
	case "auto", "json", "jsonl", "table", "text":
	default:
		return fmt.Errorf("config: output: %q is not one of auto, json, jsonl, table, text", c.Output)
	}
	check := func(field, val string, allowed ...string) error {
		for _, a := range allowed {
			if val == a {
				return nil
			}
		}
		return fmt.Errorf("config: rules.%s: %q is not one of %s", field, val, strings.Join(allowed, ", "))
	}
	if err := check("dodge_stacking", c.Rules.DodgeStacking, "add", "best"); err != nil {
		return err
	}
	if err := check("wall_reduction", c.Rules.WallReduction, "table", "prose"); err != nil {
		return err
	}
	return check("judo_column", c.Rules.JudoColumn, "rank", "strike-class")
}

// envKeys are the settings SPANDEX_* variables can set.
var envKeys = []string{"output", "seed", "rules.dodge_stacking", "rules.wall_reduction", "rules.judo_column", "rules.carry_over_downtime", "rules.simpler_experience", "mns.charts"}

// envName is the environment variable for a setting: rules.judo_column is
// SPANDEX_RULES_JUDO_COLUMN.
func envName(key string) string {
	return "SPANDEX_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

func anyEnv(getenv func(string) string) bool {
	for _, key := range envKeys {
		if getenv(envName(key)) != "" {
			return true
		}
	}
	return false
}

// fileAbsent reports whether path certainly does not exist; any other
// problem is left for viper to report.
func fileAbsent(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, os.ErrNotExist)
}

func defaultPath(getenv func(string) string) string {
	if x := getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "spandex", "config.yaml")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".config", "spandex", "config.yaml")
	}
	return ""
}

func isNotExist(err error) bool {
	var pe *os.PathError
	return errors.As(err, &pe) && errors.Is(pe.Err, os.ErrNotExist)
}

func oneLine(err error) error {
	return errors.New(strings.Join(strings.Fields(err.Error()), " "))
}
