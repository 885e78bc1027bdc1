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

// NPCOptions are the inputs of `spandex gen npc`.
type NPCOptions struct {
	*cmdutil.Env
	Type    string
	N       int
	Name    string
	Civ     string
	Trained bool
	Elite   bool
	Focus   string
	Blaster string
	Rank    int
	MP      int
	Extras  []string
	Panels  int
	Powers  int

	// Changed reports whether a flag was given on the command line, so an
	// explicit 0 is not mistaken for "use the default".
	Changed func(name string) bool
}

// typeFlags are the flags that only apply to one supporting-cast type.
var typeFlags = []struct{ flag, typ string }{
	{"rank", chargen.NPCSidekick},
	{"mp", chargen.NPCSummoned},
	{"ability", chargen.NPCSummoned},
	{"panels", chargen.NPCRobot},
	{"powers", chargen.NPCRobot},
}

// NewCmdNPC builds `spandex gen npc`. runF replaces runNPC in tests.
func NewCmdNPC(f *cmdutil.Factory, runF func(*NPCOptions) error) *cobra.Command {
	opts := &NPCOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runNPC
	}
	cmd := &cobra.Command{
		Use:   "npc TYPE",
		Short: "Generate supporting cast: civilians, goons, animals, robots, sidekicks (pp. 49-50)",
		Long: `Generate supporting characters (pp. 49-50). TYPE is one of:

  civilian          a civilian; --type picks which (default normal-adult):
                      normal-adult  abilities 1d3+2, armour class L,
                                    strike class 0
                      street-tough  abilities 1d6+2, armour class K,
                                    strike class 1 unarmed or with knives
                                    (0 with guns)
                      specialist    1d3+2 physical and 2d6 will (--focus
                                    mental, the default) or 2d6 physical
                                    and 1d3+2 will (--focus physical);
                                    armour class J, strike class 0
                      child         abilities 1d3, armour class L,
                                    strike class 0
  normal-adult, street-tough, specialist, child   the same, directly
  goon, combatant   abilities 1d6+2, strike class 1 with the weapon; the combat
                    prowess d6 gives the weapon and armour class (unarmed L,
                    nightstick K, knife J, pistol I, shotgun H, sub-machine gun
                    H, hi-tech blaster G); --trained adds 1 and --elite 2 to
                    every ability roll and to the prowess roll. The blaster is
                    the Stunning Attack power (--blaster energy-blast: Energy
                    Blast rank 1)
  animal            strike class 1, armour class H, abilities 1d6+2 (the GM
                    adjusts them for the species)
  robot             abilities 3d6, health but no stamina (immune to stamina
                    damage), --panels N (default 2), --powers N Power Table rolls
                    of the powers a construct can have: Magic, Psychic
                    Ability, Danger Sense, Luck, Sidekick, Duplication,
                    Shapechange and Super Health are rolled again (p. 49)
  android           a full hero of kind android (see gen hero)
  summoned          a creature of the Summoning spell: abilities 6, armour class
                    J, strike class 0, 4 m per panel, 2 panels; 1d10 health and
                    1d10 stamina per magic point (--mp, default 10 less 2 per
                    extra); --ability flight|speed|claws|strength|
                    intelligence|toughness|weapon (2 MP each, p. 65)
  sidekick          --rank 1-3: built as a hero with rank-1 power rolls and
                    rank+1 panels per page (p. 71)

Civilians, goons and animals are mundane: 2 panels per page, no health or
stamina track; one strike with a super power, or two without, takes them out.

Dice (--dice), for each character in turn: the four ability scores in order
(strength, agility, will, endurance); a goon's prowess d6 (and an energy
blaster's d10 energy type); a robot's power slots (a d100 each, and another
d100 for a power a robot cannot have), then one d6 per point of
endurance for health; a summoned creature's health d10s, then its stamina
d10s; androids and sidekicks as gen hero.

Output: JSON when piped (one file; with -n one array, or with -o jsonl a
line each); a table on a terminal; -o text prints each character's sheet.`,
		Example: `  spandex gen npc goon -n 30 --trained
  spandex gen npc civilian --type street-tough
  spandex gen npc summoned --mp 6 --ability claws --ability toughness --seed 2
  spandex gen npc sidekick --rank 2 --seed 5`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.Inputf("gen npc: give one TYPE (%s, goon, civilian)", strings.Join(chargen.NPCTypes(), ", "))
			}
			return nil
		},
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(cmd *cobra.Command, args []string) error {
			opts.Type, opts.Changed = args[0], cmd.Flags().Changed
			return nil
		}),
	}
	fl := cmd.Flags()
	fl.IntVarP(&opts.N, "count", "n", 1, "number of characters, streamed (a JSON array, or JSON Lines with -o jsonl)")
	fl.StringVar(&opts.Name, "name", "", "name (numbered in a batch)")
	fl.StringVar(&opts.Civ, "type", "", "civilian type: normal-adult, street-tough, specialist, child")
	fl.BoolVar(&opts.Trained, "trained", false, "well-trained combatants: +1 to abilities and the prowess roll")
	fl.BoolVar(&opts.Elite, "elite", false, "elite combatants: +2 to abilities and the prowess roll")
	fl.StringVar(&opts.Focus, "focus", "", "specialist: mental (default) or physical")
	fl.StringVar(&opts.Blaster, "blaster", "", "hi-tech blaster: stunning-attack (default) or energy-blast")
	fl.IntVar(&opts.Rank, "rank", 1, "sidekick rank 1-3")
	fl.IntVar(&opts.MP, "mp", 0, "summoned creature: magic points for its body (default 10 less 2 per extra ability)")
	fl.StringArrayVar(&opts.Extras, "ability", nil, "summoned creature extra ability (repeatable)")
	fl.IntVar(&opts.Panels, "panels", 0, "robot panels per page (default 2)")
	fl.IntVar(&opts.Powers, "powers", 0, "robot Power Table rolls")
	return cmd
}

// runNPC generates the characters and writes them.
func runNPC(opts *NPCOptions) error {
	derive, err := batchRules(opts.Env, opts.N)
	if err != nil {
		return err
	}
	typ, err := chargen.ParseNPCType(opts.Type)
	if err != nil {
		return err
	}
	if opts.Civ != "" {
		if typ != chargen.NPCNormalAdult || !strings.EqualFold(opts.Type, "civilian") {
			return cmdutil.Inputf("--type: only for gen npc civilian")
		}
		t, err := chargen.ParseNPCType(opts.Civ)
		if err != nil || !isCivilian(t) {
			return cmdutil.Inputf("--type: %q is not a civilian type (normal-adult, street-tough, specialist, child)", opts.Civ)
		}
		typ = t
	}
	if opts.Trained && opts.Elite {
		return cmdutil.Inputf("--trained and --elite cannot be used together")
	}
	if (opts.Trained || opts.Elite || opts.Blaster != "") && typ != chargen.NPCCombatant {
		return cmdutil.Inputf("--trained, --elite and --blaster are for goons (combatants)")
	}
	changed := func(name string) bool { return opts.Changed != nil && opts.Changed(name) }
	for _, tf := range typeFlags {
		if changed(tf.flag) && string(typ) != tf.typ {
			return cmdutil.Inputf("--%s is only for gen npc %s", tf.flag, tf.typ)
		}
	}
	if changed("mp") && opts.MP < 1 {
		return cmdutil.Inputf("--mp: %d magic points cannot make a creature (give 1 or more)", opts.MP)
	}
	if changed("panels") && opts.Panels < 1 {
		return cmdutil.Inputf("--panels: %d is outside 1-12", opts.Panels)
	}
	no := chargen.NPCOptions{Type: typ, Trained: opts.Trained, Elite: opts.Elite, Focus: opts.Focus, Blaster: opts.Blaster,
		Rank: opts.Rank, MP: opts.MP, Extras: opts.Extras, Panels: opts.Panels, Powers: opts.Powers,
		Derive: derive}
	rs, err := startBatch(opts.Env, opts.N)
	if err != nil {
		return err
	}
	return generateNPCs(opts, no, typ, rs, opts.IO.Out)
}

// generateNPCs makes and writes opts.N characters.
func generateNPCs(opts *NPCOptions, no chargen.NPCOptions, typ string, rs *cmdutil.RollerState, out io.Writer) error {
	lines := newJSONLines(out, opts.Format)
	err := makeNPCs(opts, no, typ, rs, out, lines)
	if ferr := lines.finish(); err == nil {
		err = ferr
	}
	return err
}

func makeNPCs(opts *NPCOptions, no chargen.NPCOptions, typ string, rs *cmdutil.RollerState, out io.Writer, lines *jsonLines) (err error) {
	batch := opts.N > 1
	rollers := rollers{state: rs}
	var name []byte
	var rows [][]string
	var prev *hero.Hero
	var creation *hero.Creation
	summary := "generated by gen npc " + typ
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		err := cmdutil.Table(out, []string{"#", "Name", "STR", "AGI", "WIL", "END", "AC", "Attacks (strike class)", "Pan", "H/S"}, rows)
		rows = rows[:0]
		return err
	}
	gen := chargen.NewGenerator()
	bar := opts.Progress(int64(opts.N), "gen npc")
	defer func() { bar.Finish(err) }()
	for i := 0; i < opts.N; i++ {
		bar.Add(1)
		r, seed := rollers.get(i)
		ni := no
		ni.Seed = seed
		// Each character is written (or its table row made) before the
		// next is made, so the next reuses its memory.
		ni.Reuse = prev
		ni.Name = opts.Name
		if batch || ni.Name == "" {
			base := ni.Name
			if base == "" {
				base = defaultName(typ)
			}
			if batch {
				name = append(append(append(name[:0], base...), ' '), strconv.Itoa(i+1)...)
				ni.Name = string(name)
			} else {
				ni.Name = base
			}
		}
		h, steps, err := gen.NPC(r, ni)
		if err != nil {
			return err
		}
		if h.Creation == nil {
			cr := creation
			if cr == nil {
				cr = new(hero.Creation)
			}
			*cr = hero.Creation{Method: "generated"}
			h.Creation = cr
		}
		h.Creation.Seed = seed
		if err := h.AppendEvent("create", summary, seed, nil); err != nil {
			return err
		}
		if opts.Explain {
			if err := opts.ExplainSteps(steps); err != nil {
				return err
			}
		}
		switch {
		case opts.Format.IsJSON():
			if err := writeHero(out, opts.Format, batch, h, lines); err != nil {
				return err
			}
		case opts.Format == cmdutil.FormatText:
			if i > 0 {
				fmt.Fprintln(out)
			}
			if err := writeHero(out, opts.Format, batch, h, lines); err != nil {
				return err
			}
		default:
			rows = append(rows, npcRow(i+1, h))
			if len(rows) == 1000 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		prev, creation = h, h.Creation
	}
	return flush()
}

func isCivilian(t string) bool {
	switch t {
	case chargen.NPCNormalAdult, chargen.NPCStreetTough, chargen.NPCSpecialist, chargen.NPCChild:
		return true
	}
	return false
}

func defaultName(typ string) string {
	switch typ {
	case chargen.NPCCombatant:
		return "Goon"
	case chargen.NPCNormalAdult:
		return "Bystander"
	case chargen.NPCStreetTough:
		return "Street tough"
	case chargen.NPCSpecialist:
		return "Specialist"
	case chargen.NPCChild:
		return "Child"
	case chargen.NPCAnimal:
		return "Animal"
	case chargen.NPCRobot:
		return "Robot"
	case chargen.NPCSummoned:
		return "Summoned creature"
	case chargen.NPCAndroid:
		return "Android"
	case chargen.NPCSidekick:
		return "Sidekick"
	}
	return "NPC"
}

func npcRow(n int, h *hero.Hero) []string {
	f := h.Abilities.Final
	var atk []string
	for _, a := range h.Combat.Attacks {
		atk = append(atk, fmt.Sprintf("%s (%d)", a.Slug, int(a.StrikeClass)))
	}
	hs := "-"
	if !h.IsMundane() {
		hs = fmt.Sprintf("%d/%d", h.Health.Max, h.Stamina.Max)
	}
	return []string{strconv.Itoa(n), h.Name, strconv.Itoa(f.Strength), strconv.Itoa(f.Agility), strconv.Itoa(f.Will), strconv.Itoa(f.Endurance),
		h.Combat.ArmourClass.String(), strings.Join(atk, ", "), strconv.Itoa(h.Combat.PanelsPerPage), hs}
}
