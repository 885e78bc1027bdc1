package fight

import (
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// ActOptions are the inputs of `spandex fight act`.
type ActOptions struct {
	Env  *Env
	File File

	Actor string
	// One action.
	Move    int
	Attack  string
	Finish  string
	Grab    string
	PickUp  string
	Power   string
	Do      string
	Pass    bool
	Hold    bool
	moveSet bool

	// Attack details.
	With         string
	Mode         string
	Reaction     string
	Split        string
	PowerDice    string
	Behind       bool
	Above        bool
	Unaware      bool
	Cover        int
	Fog          bool
	RangeFifths  int
	Aim          int
	Analyse      int
	Modifier     int
	Obstructions []string
	MoveActMove  bool
	Kill         bool
	Movement     string
	MassKg       float64

	// Power and other-action details.
	Target string
	Effect string
	Spend  int
	Pool   string
	Panels int
	Note   string
}

// NewCmdAct builds `spandex fight act`.
func NewCmdAct(f *cmdutil.Factory, runF func(*ActOptions) error) *cobra.Command {
	opts := &ActOptions{}
	cmd := &cobra.Command{
		Use:   "act [FILE] [--actor ID] ACTION",
		Short: "The combatant whose turn it is acts: move, attack, power, pass ...",
		Long: `The combatant whose turn it is (--actor, default: whoever ` + "`fight next`" + ` shows)
takes one action (pp. 30-31, 41-43). Give exactly one of:

  --move M          move up to your movement speed (halved when dazed): 1 panel;
                    not while stunned, immobilised, impervious or grappled
  --attack ID       attack a combatant: the attack's own time (a panel; a
                    double-panel for two-handed weapons and most powers),
                    resolved by the same rules as ` + "`spandex attack`" + ` (pkg/combat)
  --grab ID|THING   grab a combatant (an attack in grab mode: to-hit roll) or
                    anything not fighting back (automatic): 1 panel
  --finish ID       finishing move on an unconscious or stunned combatant:
                    a double-panel, knocked out for 1d6 hours (p. 43)
  --pick-up THING   1 panel
  --power SLUG      use or switch on a power: a double-panel (--panels 1 if
                    the power says a single panel); --spend N --pool NAME
                    takes points from a pool (at most 10 an action);
                    --effect NAME [--target ID] starts an ongoing effect
                    (mass, gravity, denser, impervious, gale, fog,
                    summoning, bestow-gift, mind-control)
  --do TEXT --panels N   anything else, for the panels the GM rules
  --pass            end this turn (in the advance phase the rest of your
                    panels wait until after the losers act)
  --hold            end this turn holding an unused panel into the next page

A double-panel needs two panels in this turn; it cannot be started now and
finished later (p. 31). Panels owed for reactions are paid back first.

Attack details: --with ATTACK, --reaction KIND for the target's reaction
(parry[:PARRY], dodge, dodge:extra, block:OBJECT[=HEALTH][:pick-up], brace,
judo-throw, resist, grab, none), --split health=N, --power-dice H,S,
--behind, --above, --unaware, --cover N, --fog, --range-fifths N, --aim N,
--analyse N (extra panels), --modifier N, --obstruction MATERIAL@METRES
(repeat), --movement POWER[:special], --move-act-move (Super Speed: half
move, attack, half move in one double-panel), --mode crush|throw|escape,
--mass-kg N (throw), --kill (a mundane target taken out is killed).

The target's reaction panels are owed and paid back from its next panels,
unless free (the first four reactions a page of a hero or villain against
strike class 0-1, p. 31); bracing costs nothing. In the surprise round the
surprised cannot react (except with Danger Sense or Animal Senses).

--dice order: an attack consumes pkg/combat's order (to-hit d20; reaction
dice; damage dice, health then stamina; a d6 per obstruction; the prone
d20); a finishing move 1d6 hours; --power --effect mass or gravity the
target's will roll at ×4 (1d20) and ×8 (1d20+10); other actions roll
nothing.`,
		Example: `  spandex fight act -i bank.json --actor guardian --move 7
  spandex fight act -i bank.json --actor guardian --attack nefario --with fist --reaction parry:staff --dice 14,20,3,5,2,2,4,1,2
  spandex fight act -i bank.json --actor nefario --attack guardian --with staff-blast --behind --reaction brace --power-dice 4,6
  spandex fight act -i bank.json --actor goon-1 --grab hostage
  spandex fight act -i bank.json --actor guardian --hold`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.File.setArgs(args); err != nil {
				return err
			}
			opts.moveSet = cmd.Flags().Changed("move")
			env, err := newEnv(f, cmdutil.FormatText)
			if err != nil {
				return err
			}
			opts.Env = env
			if runF != nil {
				return runF(opts)
			}
			return ActRun(opts)
		},
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&opts.Actor, "actor", "", "the combatant acting (default: whoever's turn it is)")
	fl.IntVar(&opts.Move, "move", 0, "move M metres: 1 panel")
	fl.StringVar(&opts.Attack, "attack", "", "attack the combatant ID")
	fl.StringVar(&opts.Finish, "finish", "", "finishing move on the combatant ID: a double-panel")
	fl.StringVar(&opts.Grab, "grab", "", "grab a combatant (to-hit roll) or a thing: 1 panel")
	fl.StringVar(&opts.PickUp, "pick-up", "", "pick up a thing: 1 panel")
	fl.StringVar(&opts.Power, "power", "", "use or switch on a power: a double-panel")
	fl.StringVar(&opts.Do, "do", "", "any other action, described (with --panels)")
	fl.BoolVar(&opts.Pass, "pass", false, "end this turn")
	fl.BoolVar(&opts.Hold, "hold", false, "end this turn, holding a panel into the next page")

	fl.StringVar(&opts.With, "with", "", "which of the attacker's attacks")
	fl.StringVar(&opts.Mode, "mode", "", "attack mode: crush, throw or escape (grab: use --grab)")
	fl.StringVar(&opts.Reaction, "reaction", "", "the target's reaction: parry[:PARRY], dodge[:extra], block:OBJECT[=HEALTH][:pick-up], brace, judo-throw, resist, grab, none")
	fl.StringVar(&opts.Split, "split", "", "damage bonus on health: health=N (the rest on stamina)")
	fl.StringVar(&opts.PowerDice, "power-dice", "", "H,S: health and stamina dice for energy blast and other split-dice powers")
	fl.BoolVar(&opts.Behind, "behind", false, "attacker is behind the target (+2)")
	fl.BoolVar(&opts.Above, "above", false, "attacker is above the target (+1)")
	fl.BoolVar(&opts.Unaware, "unaware", false, "target is unaware of the attack (+2)")
	fl.IntVar(&opts.Cover, "cover", 0, "target is behind cover: penalty 1-10")
	fl.BoolVar(&opts.Fog, "fog", false, "target is obscured by fog or smoke (-3)")
	fl.IntVar(&opts.RangeFifths, "range-fifths", 0, "fifths of the attack's maximum range to the target (-1 each)")
	fl.IntVar(&opts.Aim, "aim", 0, "extra panels aiming (Accuracy rank 2)")
	fl.IntVar(&opts.Analyse, "analyse", 0, "extra panels analysing (Brain Implant)")
	fl.IntVar(&opts.Modifier, "modifier", 0, "any other to-hit modifier the GM rules")
	fl.StringArrayVar(&opts.Obstructions, "obstruction", nil, "MATERIAL@METRES in the knockback's path (repeat, nearest first)")
	fl.BoolVar(&opts.MoveActMove, "move-act-move", false, "Super Speed: half move, attack, half move in one double-panel")
	fl.BoolVar(&opts.Kill, "kill", false, "a mundane target taken out is killed, not knocked out")
	fl.StringVar(&opts.Movement, "movement", "", "attack straight after moving 4 m or more with POWER[:special]")
	fl.Float64Var(&opts.MassKg, "mass-kg", 0, "mass of the person thrown (--mode throw)")

	fl.StringVar(&opts.Target, "target", "", "the combatant a power's effect goes on")
	fl.StringVar(&opts.Effect, "effect", "", "ongoing effect a power starts")
	fl.IntVar(&opts.Spend, "spend", 0, "points spent from --pool")
	fl.StringVar(&opts.Pool, "pool", "", "pool the points come from: energy, magic, psi or fluid")
	fl.IntVar(&opts.Panels, "panels", 0, "panels the action takes (--do, or a single-panel --power)")
	fl.StringVar(&opts.Note, "note", "", "what happens, in words, for the log")
	return cmd
}

// ActRun performs the action.
func ActRun(opts *ActOptions) error {
	chosen := []string{}
	for name, set := range map[string]bool{
		"--move": opts.moveSet, "--attack": opts.Attack != "", "--finish": opts.Finish != "", "--grab": opts.Grab != "",
		"--pick-up": opts.PickUp != "", "--power": opts.Power != "", "--do": opts.Do != "", "--pass": opts.Pass, "--hold": opts.Hold,
	} {
		if set {
			chosen = append(chosen, name)
		}
	}
	if len(chosen) != 1 {
		if len(chosen) == 0 {
			return cmdutil.Inputf("give one action: --move, --attack, --grab, --finish, --pick-up, --power, --do, --pass or --hold")
		}
		sort.Strings(chosen)
		return cmdutil.Inputf("give one action at a time, not %s", strings.Join(chosen, " and "))
	}
	e, err := opts.Env.load(opts.File)
	if err != nil {
		return err
	}
	actor := opts.Actor
	if actor == "" {
		cur := e.Current()
		if cur == nil {
			return cmdutil.Inputf("--actor: nobody acts now: %s", e.NextTurn().Hint)
		}
		actor = cur.ID
	}
	ctx, _, err := opts.Env.ctx()
	if err != nil {
		return err
	}
	before := len(e.Log)
	grabCombatant := opts.Grab != "" && e.Find(opts.Grab) != nil
	switch {
	case opts.Attack != "" || opts.Finish != "" || grabCombatant:
		s, err := opts.strike(actor)
		if err != nil {
			return err
		}
		if _, err := e.Attack(ctx, s, opts.Env.Combat); err != nil {
			return ruleErr(err)
		}
	default:
		a := encounter.Action{Actor: actor, Note: opts.Note, Panels: opts.Panels}
		switch {
		case opts.moveSet:
			a.Kind, a.Metres = encounter.ActMove, opts.Move
		case opts.Grab != "":
			a.Kind, a.Object = encounter.ActGrab, opts.Grab
		case opts.PickUp != "":
			a.Kind, a.Object = encounter.ActPickUp, opts.PickUp
		case opts.Power != "":
			a.Kind, a.Power, a.Effect, a.Target, a.Points, a.Pool = encounter.ActPower, opts.Power, opts.Effect, opts.Target, opts.Spend, opts.Pool
			if a.Points > 0 && a.Pool == "" {
				return cmdutil.Inputf("--spend needs --pool (energy, magic, psi or fluid)")
			}
		case opts.Do != "":
			a.Kind, a.Note = encounter.ActOther, opts.Do
			if opts.Note != "" {
				a.Note += ": " + opts.Note
			}
		case opts.Pass:
			a.Kind = encounter.ActPass
		case opts.Hold:
			a.Kind = encounter.ActHold
		}
		if err := e.Do(ctx, a); err != nil {
			return ruleErr(err)
		}
	}
	return opts.Env.save(opts.File, e, before)
}

// strike builds the attack request from the flags.
func (opts *ActOptions) strike(actor string) (encounter.Strike, error) {
	s := encounter.Strike{Actor: actor, MoveActMove: opts.MoveActMove}
	req := combat.Request{Attack: opts.With, Kill: opts.Kill, MassKg: opts.MassKg}
	switch {
	case opts.Finish != "":
		s.Target, req.Mode = opts.Finish, combat.ModeFinishing
	case opts.Grab != "":
		s.Target, req.Mode = opts.Grab, combat.ModeGrab
	default:
		s.Target = opts.Attack
		switch opts.Mode {
		case "", "strike":
		case "crush":
			req.Mode = combat.ModeCrush
		case "throw":
			req.Mode = combat.ModeThrow
		case "escape":
			req.Mode = combat.ModeEscape
		case "grab":
			req.Mode = combat.ModeGrab
		default:
			return s, cmdutil.Inputf("--mode: %q is not crush, throw, escape or grab", opts.Mode)
		}
	}
	rx, err := parseReaction(opts.Reaction)
	if err != nil {
		return s, err
	}
	req.Reaction = rx
	if opts.Split != "" {
		k, v, ok := strings.Cut(opts.Split, "=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || strings.TrimSpace(k) != "health" || err != nil || n < 0 {
			return s, cmdutil.Inputf("--split %q: give health=N (the damage bonus on health; the rest goes on stamina)", opts.Split)
		}
		req.Split.Health = n
	}
	if opts.PowerDice != "" {
		parts := splitList(opts.PowerDice)
		if len(parts) != 2 {
			return s, cmdutil.Inputf("--power-dice %q: give H,S (health dice, stamina dice)", opts.PowerDice)
		}
		h, err1 := strconv.Atoi(parts[0])
		st, err2 := strconv.Atoi(parts[1])
		if err1 != nil || err2 != nil || h < 0 || st < 0 {
			return s, cmdutil.Inputf("--power-dice %q: give H,S as whole numbers", opts.PowerDice)
		}
		req.PowerDice = combat.PowerDice{Health: h, Stamina: st}
	}
	sit := &req.Situation
	sit.Behind, sit.Above, sit.Unaware, sit.Cover, sit.Fog = opts.Behind, opts.Above, opts.Unaware, opts.Cover, opts.Fog
	sit.RangeFifths, sit.AimPanels, sit.AnalysePanels = opts.RangeFifths, opts.Aim, opts.Analyse
	if opts.Aim < 0 || opts.Aim > 5 || opts.Analyse < 0 || opts.Analyse > 5 {
		return s, cmdutil.Inputf("--aim and --analyse are 0-5 extra panels")
	}
	if opts.Modifier != 0 {
		sit.Modifiers = append(sit.Modifiers, combat.Modifier{Slug: "gm", Value: opts.Modifier, Text: "the GM's modifier"})
	}
	for _, o := range opts.Obstructions {
		mat, at, ok := strings.Cut(o, "@")
		m, err := strconv.Atoi(strings.TrimSpace(at))
		if !ok || err != nil || m < 0 || strings.TrimSpace(mat) == "" {
			return s, cmdutil.Inputf("--obstruction %q: give MATERIAL@METRES (wood@2)", o)
		}
		req.Obstructions = append(req.Obstructions, combat.Obstruction{Material: strings.TrimSpace(mat), At: m})
	}
	if opts.Movement != "" {
		p, special, _ := strings.Cut(opts.Movement, ":")
		if special != "" && special != "special" {
			return s, cmdutil.Inputf("--movement %q: give POWER or POWER:special", opts.Movement)
		}
		req.Movement = &combat.Movement{Power: p, Special: special == "special"}
	}
	s.Request = req
	return s, nil
}

// parseReaction reads --reaction.
func parseReaction(spec string) (combat.Reaction, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" || spec == "none" {
		return combat.Reaction{}, nil
	}
	kind, arg, _ := strings.Cut(spec, ":")
	switch strings.ToLower(kind) {
	case "parry":
		return combat.Reaction{Kind: combat.ReactionParry, Parry: arg}, nil
	case "dodge":
		if arg != "" && arg != "extra" {
			return combat.Reaction{}, cmdutil.Inputf("--reaction %q: dodge takes no argument but extra (spend the extra panel on a +P)", spec)
		}
		return combat.Reaction{Kind: combat.ReactionDodge, TakeExtraPanel: arg == "extra"}, nil
	case "brace":
		return combat.Reaction{Kind: combat.ReactionBrace}, nil
	case "judo", "judo-throw":
		return combat.Reaction{Kind: combat.ReactionJudo}, nil
	case "resist":
		return combat.Reaction{Kind: combat.ReactionResist}, nil
	case "grab":
		return combat.Reaction{Kind: combat.ReactionGrab}, nil
	case "block":
		if arg == "" {
			return combat.Reaction{}, cmdutil.Inputf("--reaction %q: say what blocks: block:OBJECT[=HEALTH][:pick-up]", spec)
		}
		obj, pick, _ := strings.Cut(arg, ":")
		if pick != "" && pick != "pick-up" {
			return combat.Reaction{}, cmdutil.Inputf("--reaction %q: after the object only :pick-up may follow", spec)
		}
		bo := combat.BlockObject{PickUp: pick == "pick-up"}
		name, hp, hasHP := strings.Cut(obj, "=")
		bo.Name = name
		if hasHP {
			n, err := strconv.Atoi(hp)
			if err != nil || n < 1 {
				return combat.Reaction{}, cmdutil.Inputf("--reaction %q: the object's health is a whole number above 0", spec)
			}
			bo.Health = n
		}
		return combat.Reaction{Kind: combat.ReactionBlock, Object: bo}, nil
	}
	return combat.Reaction{}, cmdutil.Inputf("--reaction %q: not one of parry, dodge, block, brace, judo-throw, resist, grab, none", spec)
}
