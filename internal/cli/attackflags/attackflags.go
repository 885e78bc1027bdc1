// Package attackflags holds the attack flags that `spandex attack` and
// `spandex fight act` share: one binding, and one translation into a
// pkg/combat request with pkg/combat's parsers, so both verbs take the
// same syntax and a new attack option is added once. `spandex tohit`
// shares the to-hit situation flags (BindSituation).
//
// The verbs word a few flags differently (the one-off attack speaks of
// "the defender", the fight of "the target"), and fight act renames
// --pick-up to --pick-up-block (its --pick-up is an action); Verb selects
// those words.
package attackflags

import (
	"fmt"
	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/spf13/pflag"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
)

// Verb is the command the flags belong to.
type Verb int

const (
	// Attack is `spandex attack`: one attack between two hero files.
	Attack Verb = iota
	// FightAct is `spandex fight act --attack`: an attack in a fight,
	// which supplies the defender's state (grappled, surprised, denser,
	// impervious) and the free reactions itself.
	FightAct
	// ToHit is `spandex tohit`: the to-hit situation flags only.
	ToHit
)

// say picks the verb's wording of a flag's help.
func (v Verb) say(attack, fight, tohit string) string {
	switch v {
	case FightAct:
		return fight
	case ToHit:
		return tohit
	}
	return attack
}

// pickUpFlag names the flag of Flags.BlockPickUp.
func (v Verb) pickUpFlag() string {
	if v == FightAct {
		return "pick-up-block"
	}
	return "pick-up"
}

// Flags are the raw values of the shared attack flags, parsed by Request.
type Flags struct {
	// With is the attack: one of the attacker's combat.attacks slugs.
	With     string
	Mode     string
	Reaction string
	// BlockPickUp: the blocking object is picked up as part of the
	// reaction (attack --pick-up, fight act --pick-up-block).
	BlockPickUp  bool
	ExtraPanel   bool
	Catch        bool
	NoJudoBonus  bool
	Split        string
	PowerDice    string
	Obstructions []string
	Modifiers    []string
	Movement     string
	Special      bool
	Kill         bool
	MassKg       float64
	// HeroPoints are --hero-points spends: [attacker:|defender:]ROLL=N.
	HeroPoints []string
	// Object, ObjectMassKg, Thrown, Awkward: an object used as the weapon
	// (--object NAME, --object-mass KG, --thrown, --awkward).
	Object       string
	ObjectMassKg float64
	Thrown       bool
	Awkward      bool
	// Situation holds the situation flags; Request adds the parsed
	// --modifier values to a copy.
	Situation combat.Situation
}

// Bind adds the shared flags to fs in v's words (Attack or FightAct).
// `spandex attack` also gets the situation flags a fight works out itself
// (--grappled, --surprise, --impervious, --attacker-denser,
// --defender-denser, --defender-mass: in a fight the target's "mass"
// effect sets its mass step, so fight act takes no flag for it).
func (fl *Flags) Bind(fs *pflag.FlagSet, v Verb) {
	words := func(attack, fight string) string { return v.say(attack, fight, "") }
	mode := "strike"
	if v == FightAct {
		mode = ""
	}
	fs.StringVar(&fl.With, "with", "", words("the attack: one of the attacker's combat.attacks slugs", "which of the attacker's combat.attacks"))
	fs.StringVar(&fl.Mode, "mode", mode, words("strike|grab|crush|escape|throw|finishing-move", "attack mode: strike (default), grab, crush, escape, throw, finishing-move"))
	fs.StringVar(&fl.Reaction, "reaction", "none", words("", "the target's reaction: ")+"none|parry[:NAME]|block:OBJECT|dodge|brace|judo|resist|grab")
	fs.BoolVar(&fl.BlockPickUp, v.pickUpFlag(), false, "block: the object is picked up as part of the reaction (+1 panel, never free)")
	fs.BoolVar(&fl.ExtraPanel, "extra-panel", false, "dodge: on +P spend an extra panel (never free) to avoid the attack entirely")
	fs.BoolVar(&fl.Catch, "catch", false, "parry: catch a thrown object bare-handed (a thrown --object needs its Throw strength, p. 34)")
	fs.BoolVar(&fl.NoJudoBonus, "no-judo-bonus", false, "judo: do not add the defender's damage bonus to the throw's damage")
	fs.StringVar(&fl.Split, "split", "", "put N of the damage bonus on health, the rest on stamina: health=N"+words(" (default all on stamina)", " (default all on stamina; all on health against --smash, which ignores stamina, p. 39)"))
	fs.StringVar(&fl.PowerDice, "power-dice", "", "split-dice power attacks: health=N,stamina=M d6s"+words(" (energy blast, eldritch bolt, psionic blast, snare ball, phasing strike)", ""))
	fs.StringArrayVar(&fl.Obstructions, "obstruction", nil, "something in the knockback's path: MATERIAL[@METRES]"+words(" (Wall Strength Table)", "")+" or DAMAGE[@METRES]; repeatable")
	fs.StringArrayVar(&fl.Modifiers, "modifier", nil, "another to-hit modifier the GM rules: NAME=N; repeatable")
	fs.StringVar(&fl.Movement, "movement", "", words("attack after moving 4 m+ with a power: acrobatics, super-leap, gymnastics, retractable-glider, magnetism, super-speed, growth, shrinking, flight",
		"attack after moving 4 m+ with a movement power"))
	fs.BoolVar(&fl.Special, "special", false, "with --movement: the flying kick, charge or slam "+words("(1d6 H / 2d6+6 S) ", "")+"instead of the damage bonus")
	fs.BoolVar(&fl.Kill, "kill", false, "a mundane "+words("defender", "target")+" taken out is killed rather than knocked unconscious")
	fs.StringArrayVar(&fl.HeroPoints, "hero-points", nil, "spend hero points re-rolling a roll, keeping the more favourable (p. 14): [attacker:|defender:]ROLL=N, ROLL to-hit, reaction, damage, contest (each side's own d20 of a will contest) or judo-grab (the judo throw's grab d20) (default spender: the roll's own side; the defender is the "+words("defender", "target")+"); repeatable")
	fs.StringVar(&fl.Object, "object", "", "use an object as the weapon instead of --with: an Object Table example (chair, desk, fridge ...); swung in melee (needs its Lift strength) or --thrown (its Throw strength), pp. 39-41")
	fs.Float64Var(&fl.ObjectMassKg, "object-mass", 0, "the object's mass in kg (instead of, or for, an --object not on the Object Table)")
	fs.BoolVar(&fl.Thrown, "thrown", false, "throw the --object at the "+words("defender", "target")+" (2 m per point of strength over its Throw score, p. 41)")
	fs.BoolVar(&fl.Awkward, "awkward", false, "a thrown --object is unaerodynamic: half the distance (p. 41)")
	fs.Float64Var(&fl.MassKg, "mass", 0, "throw: the "+words("defender's mass in kg (default its own: the hero file's mass_kg, else 120 kg)", "target's mass in kg (default its own)"))

	sit := &fl.Situation
	BindSituation(fs, sit, v)
	fs.IntVar(&sit.AimPanels, "aim", 0, "Accuracy rank 2: extra panels aiming"+words(fmt.Sprintf(" (+%d damage each, at most +%d in all)", combat.AimBonus, combat.MaxAimBonus), ", added to the attack's time"))
	target := words("defender", "target")
	fs.BoolVar(&sit.Phased, "phased", false, "the "+target+" is phased out (Phasing)")
	fs.IntVar(&sit.MysticShield, "mystic-shield", 0, "health of a mystic shield covering the "+target+" (1d6 per 4 MP, rolled when cast): stops each attack whole, knockback too, destroyed only by more health damage in one attack (p. 64)")
	fs.BoolVar(&sit.Cold, "cold", false, "the temperature attack chills: Immunity to cold prevents it (default heat: Immunity to fire, p. 58)")
	fs.BoolVar(&sit.Attracted, "attracted", false, "the magnetic missile is attracted towards a "+target+" within range: no to-hit roll (default repelled: rolled, p. 58)")
	fs.BoolVar(&sit.Whirlwind, "whirlwind", false, "the "+target+" is in a whirlwind (1d6 off each attack)")
	fs.BoolVar(&sit.ForcefieldDown, "forcefield-down", false, "the "+target+"'s personal forcefield is off")
	fs.BoolVar(&sit.AttackerShrunk, "attacker-shrunk", false, "the attacker is shrunk: minimum damage")
	fs.BoolVar(&sit.AttackerLighter, "attacker-lighter", false, "the attacker is lighter (density control): minimum melee damage")
	fs.BoolVar(&sit.DefenderLighter, "defender-lighter", false, "the "+target+" is lighter: knockback threshold 10")
	if v == Attack {
		fs.BoolVar(&sit.Surprise, "surprise", false, "a complete surprise: the defender cannot react")
		fs.BoolVar(&sit.Impervious, "impervious", false, "the defender is impervious (immune to physical damage)")
		fs.BoolVar(&sit.AttackerDenser, "attacker-denser", false, "the attacker is denser (density control): +10 melee damage")
		fs.BoolVar(&sit.DefenderDenser, "defender-denser", false, "the defender is denser: knockback threshold +5")
		fs.IntVar(&sit.ForceBarrier, "force-barrier", 0, "health of a force shield around the defender (or, with --force-wall, a force wall in the way): stops the attack whole, destroyed by more health damage than that (pp. 59-60)")
		fs.BoolVar(&sit.ForceBarrierWall, "force-wall", false, "--force-barrier is a force wall: it stops knockback too")
		fs.IntVar(&sit.DefenderMass, "defender-mass", 0, "the defender's mass multiplier from Density Control (Other): 2, 4, 8 or 16 (knockback threshold +5 a step, p. 54)")
	}
}

// BindSituation adds the to-hit situation flags (p. 33, and the powers'
// to-hit modifiers) to fs in v's words. A fight knows who is grappled, so
// fight act has no --grappled.
func BindSituation(fs *pflag.FlagSet, sit *combat.Situation, v Verb) {
	fs.BoolVar(&sit.Behind, "behind", false, "attacker behind the target (+2)")
	fs.BoolVar(&sit.Above, "above", false, "attacker above the target (+1; with --behind only the better +2 counts, p. 33)")
	fs.BoolVar(&sit.Unaware, "unaware", false, "target unaware of the attack (+2)")
	if v != FightAct {
		fs.BoolVar(&sit.Grappled, "grappled", false, "target grappled or restrained (+4)")
	}
	fs.IntVar(&sit.Cover, "cover", 0, fmt.Sprintf("target behind cover: penalty 0-%d", combat.MaxCover))
	fs.BoolVar(&sit.Fog, "fog", false, "target obscured by fog or smoke (-3)")
	fs.IntVar(&sit.RangeFifths, "range-fifths", 0, "fifths of the "+v.say("attack's ", "attack's ", "")+"maximum range to the target (-1 each)")
	fs.IntVar(&sit.RangeMetres, "range", 0, v.say("metres to the target: -1 per complete fifth of the attack's range (p. 33; not with --range-fifths)",
		"metres to the target: -1 per complete fifth of the attack's range (p. 33; not with --range-fifths)",
		"metres to the target, with --max-range: -1 per complete fifth of it (p. 33; not with --range-fifths)"))
	if v == ToHit {
		fs.IntVar(&sit.RangeMax, "max-range", 0, "the attack's maximum range in metres, for --range (energy blast 40, psionic blast 20)")
	}
	fs.BoolVar(&sit.Invisible, "invisible", false, "target invisible (-4)")
	if v == FightAct {
		fs.BoolVar(&sit.Located, "located", false, "the attacker has a good idea where the invisible target is (someone who sees it told it; p. 61) though it has seen no attack by it")
	} else {
		fs.BoolVar(&sit.Unlocated, "unlocated", false, "with --invisible: the attacker has no idea where the target is, so it may not attack (p. 61)")
	}
	fs.BoolVar(&sit.Shrunk, "shrunk", false, "target shrunk (-3"+v.say(", knockback threshold -10", ", knockback threshold -10", "")+")")
	fs.BoolVar(&sit.Camouflaged, "camouflaged", false, "target camouflaged and moving (-2)")
	fs.BoolVar(&sit.StealthDark, "stealth-dark", false, "target using stealth in the dark (-2)")
	if v != ToHit {
		fs.BoolVar(&sit.Molecular, "molecular", false, "the defender is wrapped in a molecular protective layer: armour class one step better (p. 58)")
	}
	fs.BoolVar(&sit.Dimensional, "dimensional", false, "inside a dimensional control area (-4"+v.say(" to hit and to parry", " to hit and to parry", "")+")")
	fs.BoolVar(&sit.Gale, "gale", false, "in or shooting into a gale or fog"+v.say(" from weather control", "", "")+" (-2)")
	fs.IntVar(&sit.GaleExtra, "gale-extra", 0, "with --gale: extra panels a rank 2 gale's maker concentrated on it (-1 each, p. 78)")
	fs.IntVar(&sit.AnalysePanels, "analyse", 0, v.say(fmt.Sprintf("extra panels spent analysing with a brain implant (+1 each per implant rank, at most +%d)", combat.MaxAnalyseBonus),
		"Brain Implant: extra panels analysing, added to the attack's time", fmt.Sprintf("extra panels analysing with a brain implant (+1 each, at most +%d)", combat.MaxAnalyseBonus)))
	fs.IntVar(&sit.AccuracyPenalty, "accuracy-penalty", 0, v.say("Accuracy rank 1: a penalty taken on the to-hit that the defender's reaction also takes",
		"Accuracy rank 1: a penalty the defender's reaction also takes", "a penalty taken with Accuracy rank 1"))
}

// Request parses the flags, --mode included, into a combat request for
// v. Problems are input errors naming the flag.
func (fl *Flags) Request(v Verb) (combat.Request, error) {
	mode, err := parseMode(fl.Mode, v)
	if err != nil {
		return combat.Request{}, err
	}
	return fl.RequestAs(v, mode)
}

// RequestAs is Request for an action that fixes the mode itself (fight
// act --finish, --grab): --mode is not read.
func (fl *Flags) RequestAs(v Verb, mode combat.Mode) (combat.Request, error) {
	req := combat.Request{Attack: fl.With, Mode: mode, Kill: fl.Kill, MassKg: fl.MassKg, Situation: fl.Situation}
	rx, err := combat.ParseReaction(fl.Reaction)
	if err != nil {
		return req, cmdutil.Inputf("--reaction: %v", err)
	}
	if fl.BlockPickUp && rx.Kind != combat.ReactionBlock {
		return req, cmdutil.Inputf("--%s: only with --reaction block:OBJECT", v.pickUpFlag())
	}
	rx.Object.PickUp, rx.TakeExtraPanel, rx.Catch, rx.NoJudoBonus = fl.BlockPickUp, fl.ExtraPanel, fl.Catch, fl.NoJudoBonus
	req.Reaction = rx
	if fl.Split != "" {
		if req.Split, err = combat.ParseSplit(fl.Split); err != nil {
			return req, cmdutil.Inputf("--split: %v", err)
		}
	}
	if fl.PowerDice != "" {
		if req.PowerDice, err = combat.ParsePowerDice(fl.PowerDice); err != nil {
			return req, cmdutil.Inputf("--power-dice: %v", err)
		}
	}
	for _, s := range fl.Obstructions {
		o, err := combat.ParseObstruction(s)
		if err != nil {
			return req, cmdutil.Inputf("--obstruction: %v", err)
		}
		req.Obstructions = append(req.Obstructions, o)
	}
	// A fresh slice: the flags' own situation is never appended to.
	req.Situation.Modifiers = append([]combat.Modifier(nil), fl.Situation.Modifiers...)
	for _, s := range fl.Modifiers {
		m, err := combat.ParseModifier(s)
		if err != nil {
			return req, cmdutil.Inputf("--modifier: %v", err)
		}
		req.Situation.Modifiers = append(req.Situation.Modifiers, m)
	}
	switch {
	case fl.Object != "" || fl.ObjectMassKg != 0:
		req.Object = &combat.ObjectWeapon{Name: fl.Object, MassKg: fl.ObjectMassKg, Thrown: fl.Thrown, Awkward: fl.Awkward}
	case fl.Thrown || fl.Awkward:
		return req, cmdutil.Inputf("--thrown and --awkward go with --object NAME or --object-mass KG")
	}
	for _, s := range fl.HeroPoints {
		sp, err := combat.ParseHeroPoints(s)
		if err != nil {
			return req, cmdutil.Inputf("--hero-points: %v", err)
		}
		req.HeroPoints = append(req.HeroPoints, sp)
	}
	if fl.Movement != "" {
		req.Movement = &combat.Movement{Power: rulebook.PowerID(fl.Movement), Special: fl.Special}
	} else if fl.Special {
		return req, cmdutil.Inputf("--special: only with --movement POWER")
	}
	return req, nil
}

// parseMode reads --mode. `spandex attack` also takes "finishing" and
// "finish" for finishing-move.
func parseMode(s string, v Verb) (combat.Mode, error) {
	switch s {
	case "", "strike":
		return combat.ModeStrike, nil
	case "grab", "crush", "escape", "throw", "finishing-move":
		return combat.Mode(s), nil
	case "finishing", "finish":
		if v == Attack {
			return combat.ModeFinishing, nil
		}
	}
	return "", cmdutil.Inputf("--mode: %q is not one of strike, grab, crush, escape, throw, finishing-move", s)
}
