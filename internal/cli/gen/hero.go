package gen

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// HeroOptions are the inputs of `spandex gen hero`.
type HeroOptions struct {
	*cmdutil.Env
	N       int
	Name    string
	Kind    string
	RollAll bool
	Improve []string
	Powers  []string
	Choose  []string
	Line    string
	Drops   []string
	Perks   []string
	// Derive is the config's derivation options, read by runHero.
	Derive chargen.Options
}

// NewCmdHero builds `spandex gen hero`. runF replaces runHero in tests.
func NewCmdHero(f *cmdutil.Factory, runF func(*HeroOptions) error) *cobra.Command {
	opts := &HeroOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runHero
	}
	cmd := &cobra.Command{
		Use:   "hero",
		Short: "Generate complete, playable heroes by the book (pp. 6-16)",
		Long: `Generate heroes by the four steps of "Creating a Hero" (pp. 6-16):

  1. eight power slots: each rolls d100 on the Power Table (a power already
     at its maximum rank is re-rolled; 96-00 is a free choice or upgrade that
     counts as a roll) or improves a power already held (one slot the first
     time, two the second, never a third); every power marked * resolves its
     flavours at once (energy type, spells, martial-arts style, implant...);
  2. sixteen 3d6 rolls in a 4x4 grid; one row, column or diagonal, read in
     either direction, gives strength, agility, will and endurance;
  3. back-story perks, each bought with a dropped power rank; Magic and
     Psychic Ability need Mystic Training, once each, to be kept;
  4. every derived figure: equipment, final abilities, bonuses, armour class
     and dividers, dodge, knockback threshold, panels, health and stamina,
     movement, attacks, point pools, the personal profile, hero points,
     resources and downtime points.

Unattended choices follow the strategies in docs/chargen.md: roll every slot
but improve, from slot 5 on, a power rolled twice and never improved; a
96-00 raises the hero's highest-ranked power that can rise; the grid line is
the one scoring best for the powers; drop nothing but what Mystic Training
needs, taking the fewest-ranked, most recent power.

Flags force choices:
  --roll-all              roll every slot, never improve (but --improve)
  --improve POWER[@SLOT]  improve POWER instead of rolling (at SLOT, or as
                          soon as it is held); repeatable; replaces the
                          unattended improvement: every other slot rolls
  --power POWER           the power taken on each 96-00, in order
  --choose CHOICE         each "Choose" result on a sub-table, weapon
                          mastery's weapon and a power simulator's power, in order
  --line LINE             row-1..row-4, column-1..column-4, diagonal,
                          anti-diagonal, each optionally -reversed
                          (also r2, c3-rev, diag...)
  --drop POWER            drop one rank of POWER for a perk; repeatable
  --perk NAME[:OPTION]    a perk, e.g. contacts:media,
                          specialist-training:strength+agility; repeatable

Dice (--dice) are used in this order, for each hero in turn:
  1. each slot in turn: its d100 (and another d100 after a re-roll), then
     the dice of that power's sub-tables (e.g. Magic: three d10 spells; Super
     Senses: a d6, then a d6 on the Enhanced or Special Sense Table);
  2. the grid: 3d6 per square, row by row, left to right (48 dice);
  3. Step 4, for each kept power in order: its rolled values (Super Strength
     1d10 per rank, Super Endurance 1d6 per rank, Larger 1d6 strength then
     1d6 endurance per rank, Growth 1d6 then 1d6, Forcefield its health
     dice, Luck 1d3, the extra 1d10 of pools at ranks 2 and 3, a bionic arm's
     1d10, a sidekick's whole generation); then one d6 per point of
     endurance for health, then the same for stamina.
Improvements, choices and back-story roll no dice.

Output: one hero file (JSON) when piped, the character sheet on a terminal.
With -n N the heroes stream: one JSON array (-o json, the default when
piped) or JSON Lines (-o jsonl, a hero per line); hero number k (from 0) of a
seeded batch was made with seed S+k, recorded in creation.seed, so
--seed S+k replays it alone.`,
		Example: `  spandex gen hero --seed 42 > hero.json
  spandex gen hero -n 500 --seed 1 -o jsonl | jq -c '{name, powers: [.powers[].name]}'
  spandex gen hero --seed 7 --roll-all --line diagonal --perk contacts:media
  spandex gen hero --seed 3 --improve armour@5 --drop magic --perk contacts:media`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	fl := cmd.Flags()
	fl.IntVarP(&opts.N, "count", "n", 1, "number of heroes to generate, streamed (a JSON array, or JSON Lines with -o jsonl)")
	fl.StringVar(&opts.Name, "name", "", "the hero's name (default: a made-up codename)")
	fl.StringVar(&opts.Kind, "kind", "hero", "hero, villain or android")
	fl.BoolVar(&opts.RollAll, "roll-all", false, "roll every power slot but those --improve names")
	fl.StringArrayVar(&opts.Improve, "improve", nil, "improve POWER[@SLOT] instead of rolling (repeatable)")
	fl.StringArrayVar(&opts.Powers, "power", nil, "the power chosen on a 96-00 roll (repeatable, in order)")
	fl.StringArrayVar(&opts.Choose, "choose", nil, "the choice for each \"Choose\" result, weapon or simulated power (repeatable, in order)")
	fl.StringVar(&opts.Line, "line", "", "the grid line read as the abilities (default: the one best suited to the powers)")
	fl.StringArrayVar(&opts.Drops, "drop", nil, "drop one rank of POWER for a perk (repeatable)")
	fl.StringArrayVar(&opts.Perks, "perk", nil, "take the perk NAME[:OPTION] (repeatable)")
	return cmd
}

// genOptions checks the flags and builds chargen's options.
func (opts *HeroOptions) genOptions() (chargen.GenOptions, error) {
	var g chargen.GenOptions
	switch k := hero.Kind(strings.ToLower(strings.TrimSpace(opts.Kind))); k {
	case hero.KindHero, hero.KindVillain, hero.KindAndroid:
		g.Kind = k
	default:
		return g, cmdutil.Inputf("--kind: %q is not hero, villain or android", opts.Kind)
	}
	g.Name = opts.Name
	g.RollAll = opts.RollAll
	for _, s := range opts.Improve {
		imp, err := chargen.ParseImprove(s)
		if err != nil {
			return g, cmdutil.Input(err)
		}
		g.Improve = append(g.Improve, imp)
	}
	for _, s := range opts.Powers {
		p, err := chargen.ParsePower("--power", s)
		if err != nil {
			return g, cmdutil.Input(err)
		}
		g.Powers = append(g.Powers, p)
	}
	for _, s := range opts.Drops {
		p, err := chargen.ParsePower("--drop", s)
		if err != nil {
			return g, cmdutil.Input(err)
		}
		g.Drops = append(g.Drops, p)
	}
	for _, s := range opts.Perks {
		pc, err := chargen.ParsePerk(s)
		if err != nil {
			return g, cmdutil.Input(err)
		}
		g.Perks = append(g.Perks, pc)
	}
	if opts.Line != "" {
		l, err := chargen.ParseLine(opts.Line)
		if err != nil {
			return g, cmdutil.Input(err)
		}
		g.Line = l.Slug
	}
	g.Derive = opts.Derive
	g.Derive.Choose = opts.Choose
	return g, nil
}

// runHero generates the heroes and writes them.
func runHero(opts *HeroOptions) error {
	d, err := batchRules(opts.Env, opts.N)
	if err != nil {
		return err
	}
	opts.Derive = d
	g, err := opts.genOptions()
	if err != nil {
		return err
	}
	rs, err := startBatch(opts.Env, opts.N)
	if err != nil {
		return err
	}
	return generateHeroes(opts, g, rs, opts.IO.Out)
}

// generateHeroes makes and writes opts.N heroes.
func generateHeroes(opts *HeroOptions, g chargen.GenOptions, rs *cmdutil.RollerState, out io.Writer) error {
	lines := newJSONLines(out, opts.Format)
	err := makeHeroes(opts, g, rs, out, lines)
	if ferr := lines.finish(); err == nil {
		err = ferr
	}
	return err
}

func makeHeroes(opts *HeroOptions, g chargen.GenOptions, rs *cmdutil.RollerState, out io.Writer, lines *jsonLines) (err error) {
	batch := opts.N > 1
	rollers := rollers{state: rs}
	bar := opts.Progress(int64(opts.N), "gen hero")
	defer func() { bar.Finish(err) }()
	// Each hero is written before the next is made, so the next reuses
	// its memory.
	var prev *hero.Hero
	gen := chargen.NewGenerator()
	for i := 0; i < opts.N; i++ {
		bar.Add(1)
		r, seed := rollers.get(i)
		gi := g
		gi.Seed = seed
		gi.Reuse = prev
		if batch && g.Name != "" {
			gi.Name = g.Name + " " + strconv.Itoa(i+1)
		}
		h, steps, err := gen.Hero(r, gi)
		if err != nil {
			return err
		}
		if err := h.AppendEvent("create", "generated by gen hero", seed, nil); err != nil {
			return err
		}
		if opts.Explain {
			if batch {
				fmt.Fprintf(opts.IO.ErrOut, "hero %d (%s):\n", i+1, h.Name)
			}
			if err := opts.ExplainSteps(steps); err != nil {
				return err
			}
		}
		if !batch {
			for _, n := range h.Creation.Notes {
				if strings.HasPrefix(n, "--") {
					opts.Warn(n)
				}
			}
		}
		if !opts.Format.IsJSON() && i > 0 {
			fmt.Fprintln(out)
		}
		if err := writeHero(out, opts.Format, batch, h, lines); err != nil {
			return err
		}
		prev = h
	}
	return nil
}
