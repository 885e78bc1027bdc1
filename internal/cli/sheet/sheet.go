// Package sheet implements `spandex sheet`: a hero file rendered as the
// book's character sheet (p. 17).
package sheet

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Options are the inputs of `spandex sheet`.
type Options struct {
	*cmdutil.Env
	Files []string
}

// NewCmdSheet builds `spandex sheet`. runF replaces runSheet in tests.
func NewCmdSheet(f *cmdutil.Factory, runF func(*Options) error) *cobra.Command {
	opts := &Options{Env: f.PageEnv(cmdutil.FormatText)}
	if runF == nil {
		runF = runSheet
	}
	cmd := &cobra.Command{
		Use:   "sheet [FILE|-]...",
		Short: "Show a hero file as the book's character sheet",
		Long: `Render hero files (stdin when none is given, or "-") as the book's character
sheet (p. 17): abilities with their bonuses, armour class, dodge, knockback
threshold, panels, movement, health and stamina with their thresholds and
dividers, attacks, powers and perks, equipment and the personal profile.

A file may hold one hero, a JSON array of heroes or a stream of heroes
(JSON Lines, as gen hero -n N writes them), rendered one at a time as
they are read, so memory stays flat however long the stream; a bad hero
stops the output there (exit 2, one line naming it). The sheet is text, never wider
than 80 columns. When stdout is not a terminal — redirected to a file or
piped, as in sheet hero.json > sheet.txt — a JSON summary of each sheet is
written instead (as with -o json/jsonl): name, kind, abilities, the combat
figures, tracks, attacks, powers, perks, profile categories, resources and
downtime points; -o json makes one document (an array when there are
several heroes), -o jsonl a line each. To save
the text sheet in a file, give -o text. A progress line shows on a
terminal while a long stream is read.

With -o html (on a terminal too; never chosen automatically) the sheets are
one self-contained HTML document, laid out like the book's sheet with tick
boxes to mark health and stamina damage in pencil: one printed page per
hero on A4 or US Letter, so a whole party or a batch of villains prints at
once. A value too long for its box is cut short with "…" (the file keeps it
whole), and a list too long for the page (attacks, powers and perks,
equipment) goes on to continuation pages that say so. It has no scripts and
loads nothing from the network.`,
		Example: `  spandex sheet hero.json
  spandex gen hero --seed 42 | spandex sheet -o text
  spandex gen hero --seed 42 | spandex sheet -o html > hero.html
  spandex gen hero -n 6 --seed 7 | spandex sheet -o html > party.html
  spandex hero derive testdata/heroes/guardian-draft.json | spandex sheet -o text`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, cmdutil.InputFiles(&opts.Files)),
	}
	cmdutil.AllowHTML(cmd)
	return cmd
}

// runSheet renders every hero of every file.
func runSheet(opts *Options) (err error) {
	if opts.Format == cmdutil.FormatTable {
		opts.Format = cmdutil.FormatText // the sheet is its own table
	}
	if opts.Format == cmdutil.FormatHTML {
		return runHTML(opts)
	}
	list := opts.Results()
	bar := opts.Progress(-1, "sheet")
	defer func() { bar.Finish(err) }()
	err = cmdutil.EachInput(opts.Files, opts.OpenInput, func(name string, r io.Reader) error {
		return opts.DecodeHeroes(r, name, func(_ string, n int, h *hero.Hero) error {
			// Stream from the first good hero on: memory stays flat
			// however long the stream (a bad first hero still writes
			// nothing; a later one stops the output there).
			if err := opts.IO.Out.StartStreaming(); err != nil {
				return err
			}
			bar.Add(1)
			if opts.Format.IsJSON() {
				return list.Add(Summarise(h))
			}
			if n > 1 {
				fmt.Fprintln(opts.IO.Out)
			}
			return Render(opts.IO.Out, h, Width)
		})
	})
	if err != nil || !opts.Format.IsJSON() {
		return err
	}
	return list.Close()
}

// Summary is the JSON form of a character sheet.
type Summary struct {
	Name      string          `json:"name"`
	Kind      hero.Kind       `json:"kind"`
	NPCType   string          `json:"npc_type,omitempty"`
	Abilities hero.AbilitySet `json:"abilities"`
	// Combat figures.
	ArmourClass        string         `json:"armour_class"`
	CanDodge           bool           `json:"can_dodge"`
	DodgeBonus         int            `json:"dodge_bonus"`
	StrikeBonus        int            `json:"strike_bonus"`
	DamageBonus        int            `json:"damage_bonus"`
	KnockbackThreshold int            `json:"knockback_threshold"`
	BraceBonus         int            `json:"brace_bonus"`
	PanelsPerPage      int            `json:"panels_per_page"`
	Movement           int            `json:"movement"`
	Dividers           hero.Dividers  `json:"dividers"`
	Health             int            `json:"health"`
	Battered           int            `json:"battered"`
	Stamina            int            `json:"stamina"`
	Dazed              int            `json:"dazed"`
	Stunned            int            `json:"stunned"`
	Attacks            []string       `json:"attacks"`
	Powers             []PowerRank    `json:"powers"`
	Perks              []string       `json:"perks"`
	Equipment          []string       `json:"equipment"`
	Popularity         int            `json:"popularity"`
	Investigation      int            `json:"investigation"`
	Confidence         int            `json:"confidence"`
	HeroPoints         int            `json:"hero_points"`
	Resources          hero.Resources `json:"resources"`
	DowntimePerWeek    int            `json:"downtime_points_per_week"`
}

// PowerRank is a power on the sheet's JSON: its slug, name and rank.
type PowerRank struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	Rank int    `json:"rank"`
}

// Summarise builds the JSON form of a sheet.
func Summarise(h *hero.Hero) Summary {
	c := h.Combat
	s := Summary{Name: h.Name, Kind: h.Kind, NPCType: h.NPCType, Abilities: h.Abilities,
		ArmourClass: c.ArmourClass.String(), CanDodge: c.CanDodge, DodgeBonus: c.DodgeBonus, StrikeBonus: c.StrikeBonus,
		DamageBonus: c.DamageBonus, KnockbackThreshold: c.KnockbackThreshold, BraceBonus: c.BraceBonus,
		PanelsPerPage: c.PanelsPerPage, Movement: c.Movement, Dividers: c.Dividers,
		Health: h.Health.Max, Battered: h.Health.Battered, Stamina: h.Stamina.Max, Dazed: h.Stamina.Dazed, Stunned: h.Stamina.Stunned,
		Attacks: []string{}, Powers: []PowerRank{}, Perks: []string{}, Equipment: []string{},
		Popularity: h.Profile.Popularity, Investigation: h.Profile.Investigation, Confidence: h.Profile.Confidence,
		HeroPoints: h.HeroPoints.Max, Resources: h.Resources, DowntimePerWeek: h.Downtime.PointsPerWeek}
	for _, a := range c.Attacks {
		s.Attacks = append(s.Attacks, a.Slug)
	}
	for _, p := range h.Powers {
		s.Powers = append(s.Powers, PowerRank{Slug: string(p.Slug), Name: p.Name, Rank: p.Rank})
	}
	for _, p := range h.Perks {
		s.Perks = append(s.Perks, p.Name)
	}
	for _, it := range h.Equipment {
		s.Equipment = append(s.Equipment, it.Name)
	}
	return s
}
