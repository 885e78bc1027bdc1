package fight

import (
	"math"
	"sort"
	"strings"

	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// ActOptions are the inputs of `spandex fight act`.
type ActOptions struct {
	*cmdutil.Env
	File File

	Actor string
	// One action.
	Move   int
	Attack string
	Finish string
	Grab   string
	PickUp string
	Power  string
	Do     string
	Pass   bool
	Hold   bool
	// BreakFree is a bound combatant's attempt to break free.
	BreakFree bool
	// Aid is CPR or similar emergency aid for a combatant at death's
	// door (p. 38).
	Aid     string
	moveSet bool
	// Smash: strike an object (--smash NAME, --smash-mass KG) or a wall
	// (--smash-wall MATERIAL) with --material and --remaining.
	Smash     string
	SmashMass float64
	SmashWall string
	// SmashVehicle strikes a combatant's vehicle (p. 77).
	SmashVehicle string
	Material     string
	Remaining    int
	SmashID      string

	// Attack details: the flags shared with `spandex attack`.
	attackflags.Flags
	MoveActMove bool
	Teleport    bool
	Upwards     bool
	Stretch     bool
	Glide       bool
	Also        []string
	Carry       []string
	CarryKg     int
	Blind       bool

	// Power and other-action details.
	Target string
	Effect string
	Form   string
	Spend  int
	Pool   string
	Panels int
	Count  int
	Note   string
	// A psychic power's, spell's or device's details.
	Drain     string
	Modifiers []string
	Mode      string
	Willing   bool
	// Illusion, Hallucinations, cancelling a spell, Bestow Gift.
	Radius   int
	Distance int
	Hurt     bool
	Spell    string
	Gift     string
	// Energy Reflect's return shot.
	Reflect         bool
	ReflectReaction string

	// Odds prints the exact odds of the action instead of doing it;
	// DryRun does it and prints its events without writing the file.
	Odds   bool
	DryRun bool
}

// NewCmdAct builds `spandex fight act`.
func NewCmdAct(f *cmdutil.Factory, runF func(*ActOptions) error) *cobra.Command {
	opts := &ActOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runAct
	}
	cmd := &cobra.Command{
		Use:   "act [FILE] [--actor ID] ACTION",
		Short: "The combatant whose turn it is acts: move, attack, power, pass ...",
		Long: `The combatant whose turn it is (--actor, default: whoever ` + "`fight next`" + ` shows)
takes one action (pp. 30-31, 41-43). Give exactly one of:

  --move M          move up to your movement speed (halved when dazed): 1 panel;
                    not while stunned, immobilised, impervious, bound or
                    grappled. With Teleport (--teleport, or any move beyond
                    your speed when Teleport is your only faster power) a
                    double-panel losing stamina: rank 1 1 a metre, rank 2
                    1 per 2 m (at most 20, 80 m at most), rank 3 1 per 4 m
                    (at most 15, 3,000 m at most); --upwards doubles it
                    (pp. 76-77); --carry ID (repeatable: passengers, each
                    at its own mass) and --carry-kg KG double the stamina
                    for each whole multiple of the teleporter's own mass
                    (a hero file's mass_kg, else 120 kg), and then
                    it also loses half as much health, and each passenger
                    that much stamina (p. 76); --blind teleports into an
                    unseen, unknown area: 1% per 2 m of 5d6 health and 5d6
                    stamina damage (p. 77); --glide flies by the
                    Retractable Glider, 10 m a panel at most; the first
                    glide rolls 20+4d10 panels of flight, each
                    ` + "`fight end-page`" + ` takes a page's panels off and at 0
                    it must land (p. 52); --stretch reaches M metres
                    with Elasticity instead (a panel; rank 1 up to 6 m, rank 2 any
                    distance, 1 stamina per 5 m or part beyond 20 m, p. 55)
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
                    summoning, bestow-gift, mind-control); --power
                    psychic-ability --effect mind-control --target ID is a
                    will contest (1d20 + will each, the target adding its
                    Confidence Table bonus) costing 10 psi win or lose, one
                    target per 6 will (pp. 24, 43, 68); --power
                    psychic-ability|magic|cybernetics --effect NAME
                    [--target ID] uses a psychic power, spell or the
                    mind-control device (see below); lasting states
                    switch on and off with their power: --power
                    invisibility (1 panel; -4 to hit it, p. 61),
                    camouflage (1 panel; -2, p. 52), growth (a
                    double-panel; +1d6 STR and END from the power's
                    values, the extra health and stamina rolled the first
                    time and lost first, pp. 60-61), shrinking (-3 to hit
                    it, minimum damage, 1 m a panel, KB -10, pp. 70-71),
                    phasing (only the phase-strike attacks; H/11 S/11
                    against divider-reducing attacks, rank 2 untouchable;
                    each strike 20% cumulative to re-phase, p. 66),
                    density-control-self --effect denser|lighter (no
                    --effect: back to normal, p. 54), shapechange
                    (freeform: a double-panel; no other power while
                    shapechanged, no change of size, p. 70; specific forms:
                    --form NAME switches to that form in a single panel,
                    after which only its powers apply, p. 70), vehicle
                    --effect board|leave (a panel, as a move: aboard, the
                    powers built into the vehicle apply, p. 77); every later attack
                    by and on the combatant applies them; --power
                    super-health rests a double-panel for Regeneration's
                    1d6 health (p. 73);
                    --power forcefield raises a force shield, or a force
                    wall round --target, stopping each attack whole until
                    one attack does more health damage than its health
                    (pp. 59-60); --effect drop drops it on purpose (a
                    shield: a double-panel; a wall: no panel) and it may
                    be raised again at once (pp. 59-60); --power
                    duplication --count N makes duplicates (five a day;
                    no powers, abilities at most 20, health and stamina at
                    most 70, 2 panels a page, acting from the next page)
  --smash THING     strike an object (an Object Table example; --smash-mass
                    KG) or a wall (--smash-wall MATERIAL) with --with ATTACK
                    or --object (swung or --thrown): the attack's time; an
                    unattended object is hit without a roll and takes the
                    attack's health damage (plus the bonus, --split
                    health=N), divided by a sturdy --material's H divider
                    (/2 brick, /3 thin metal, /4 stone, concrete, armour);
                    stamina does nothing; a pool power pays its pool as
                    against a combatant (--power-dice splits its dice); an
                    object is never knocked back; a wall is holed at its Wall
                    Strength Table damage (pp. 37, 39). The fight keeps
                    what is left of each object and wall (fight status):
                    the next blow on it carries on until it breaks;
                    --smash-id ID tells two of a kind apart (default: its
                    name and material, "tank-armour-plating"); --remaining
                    N overrides the health it has left
  --do TEXT --panels N   anything else, for the panels the GM rules
  --pass            end this turn (in the advance phase the rest of your
                    panels wait until after the losers act)
  --hold            end this turn holding an unused panel into the next page

A double-panel needs two panels in this turn; it cannot be started now and
finished later (p. 31). Panels owed for reactions are paid back first.

Attack details are the flags of ` + "`spandex attack`" + ` (see its help): --with ATTACK,
--mode crush|escape|throw, --reaction none|parry[:NAME]|block:OBJECT|dodge|
brace|judo|resist|grab with --pick-up-block (attack's --pick-up), --extra-panel, --catch,
--no-judo-bonus; --split health=N, --power-dice health=N,stamina=M,
--obstruction MATERIAL[@METRES], --modifier NAME=N, --movement POWER
[--special], --kill, --mass KG, and the situation: --behind, --above,
--unaware, --cover N, --fog, --range M (metres: the fifths are worked out
from the attack's range) or --range-fifths N, --invisible, --shrunk,
--camouflaged, --stealth-dark, --dimensional, --gale, --accuracy-penalty N,
--aim N and --analyse N (extra panels, added to the attack's time),
--phased, --mystic-shield N, --whirlwind, --forcefield-down,
--attacker-shrunk, --attacker-lighter, --defender-lighter. The fight
supplies the rest: free reactions used this page, the surprise round,
both combatants' lasting states (grown, shrunk, denser, lighter, phased,
invisible, camouflaged, impervious, bound) and mass (denser: +10 melee
damage and +5 knockback threshold); an attacker with Enhanced Hearing
takes half the penalties for a target it cannot see (p. 74).
--move-act-move: Super Speed's half move, attack, half move in one
double-panel (p. 30). --object NAME or --object-mass KG (with --thrown,
--awkward) swings or throws an object instead of --with (pp. 36, 39-41;
see spandex attack); pick it up first with --pick-up (a panel).
--hero-points
[attacker:|defender:]ROLL=N (ROLL to-hit, reaction, damage or judo-grab;
defender = the target) spends the actor's or the target's hero points
re-rolling that roll N times, keeping the more favourable (p. 14; see
spandex attack): the points come off the combatant in the same write as
the ruling. With --power (a will contest) ROLL is contest (the spender's
own d20, the higher kept) or opponent-contest (the other side's d20, the
lower kept); on one d20 its owner's re-rolls come first, then the other
side's against the result that stands.

Psychic powers, spells, the mind-control device and the molecular layer
(--power psychic-ability|magic|cybernetics|environmental-control --effect
NAME --target ID; pp. 43, 53, 58, 63-64, 67-69) take a double-panel and
spend their points win or lose (a speciality half, rounded up). A contest
is 1d20 + will each side, the target adding its Confidence Table bonus (p. 24) and, with --reaction
resist, 1d6 (a double-panel reaction it owes); ties go to the attacker.
  mind-control         10 psi; control: half panels, 1 psi a page, one
                       target per 6 will, broken by 20 stamina damage
  hypnotism            10 MP (magic); control after 1d6 double-panels of
                       establishing that both owe (p. 63)
  mind-control-device  (cybernetics) the device's will: 10, +2 for each
                       extra implant rank; no points; 1d6 double-panels
                       of establishing (p. 53)
  psychic-drain        --spend N (1-10) psi, +N on the roll; the target's
                       --drain POOL (default its fullest) loses the margin;
                       at 0 its stamina drops to 0 and it does not recover
                       until the pool refills (pp. 68-69)
  telekinesis          a --target person (a psychic attack; its own mass,
                       or --mass KG) or, with no --target, an object
                       (--mass KG, no attack); 1 psi per 10 kg (at most
                       10 paid; 200 kg as a speciality, half cost, p. 67);
                       --distance M within 20 m; moves it at will / 3 m
                       a panel (p. 69)
  transmutation        no target: 6 psi, --modifiers LIST (tables
                       transmutation), chance (10 + modifiers) x will %
                       on a d100 (p. 69)
  restraint            --spend N (1-10) MP: a binding of strength 10 N,
                       no roll, the escape chance as for a Snare (p. 64)
  mystic-shield        (magic) --spend N MP: 1d6 health per 4 MP (per 2
                       for the speciality) round the caster or --target;
                       stops each attack whole until one attack does more
                       health damage than its health, like a force wall
                       (p. 64); its dice are rolled when it is cast
  molecular-layer      (environmental-control, molecular) a protective
                       layer round the actor or --target: its armour
                       class counts one step better against every attack
                       (p. 58)
  empathy, telepathy   --how read|change (3/5 psi) or read|send (2 psi);
                       a contest unless --willing (pp. 67, 69)
  illusion             (magic) --how visual|auditory (3 MP), minor-sounds
                       (7), speech (10); --radius M (2 m included) and
                       --distance M (20 m included): +1 MP per further
                       2 m or 20 m; lasts an hour (pp. 63-64)
  hallucinations       (psychic-ability) the same in psi, while the actor
                       is in the fight; with --target ID its psychic
                       attack on a person touching it or attacked by it
                       (no points): on a success it blocks, with --hurt
                       2d6+6 stamina (a two-handed blunt weapon's, no
                       health); on a failure it never blocks or hurts
                       that person again (pp. 67-68)
  astral-projection    (magic) 5 MP: the spirit moves at twice the
                       movement and spends at most 5 MP a spell; again:
                       the spirit returns (no panels); observers roll
                       ` + "`fight notice`" + ` (p. 62)
  bestow-gift          (magic) --gift invisibility|speed|strength|
                       combat-prowess|flight|regeneration on --target ID
                       (default the caster): 5 MP, then 5 MP and a panel
                       a page; the target gains Invisibility, Super Speed
                       R1 (twice the movement), 1d6+6 strength, Oriental
                       Martial Arts R2, Flight R1, or a double-panel rest
                       for 1d6 health (--power super-health); each gift
                       once a target; it goes when the spell ends (p. 63)
  cancel               (magic) --target CASTER --spell NAME: a
                       double-panel, the points casting it costs (half for
                       the actor's speciality; --spend N for a summoning),
                       win or lose, and a magic attack (a contest); on a
                       success the spell's state ends (p. 62)

Energy Reflect (p. 56): --attack ID ... --reaction parry[:energy-reflect]
--reflect: the target's automatic parry of its own energy type sends the
energy back at once, a to-hit roll at strike class 2 with the parried
attack's damage dice (no pool spent, no panels); --reflect-reaction R is
the attacker's reaction to it (owed or free as usual).

An area attack reaches everyone in its radius in one action: --attack ID
--with temperature --also ID2 [--also ID3 ...] does Environmental
Control's 2d6 S to each (no to-hit roll, S dividers no help, only the
matching Immunity prevents it) for one double-panel, the first target's
dice first, then each --also target's in order (p. 58).

Death's door (p. 38): --aid ID gives CPR or similar emergency aid to a
combatant at health exactly 0, a double-panel of the actor's; it is
stabilised and no longer dies (otherwise it dies at the end of its 139th
page at death's door, five minutes; fight end-page counts them).

A Snare binding (--attack ID --with snare-bind --spend N, N 1-10 fluid
points, default 10, spent hit or miss) binds on a hit: the target cannot
move and is +4 to hit; its escape chance is its strength %, +10% per point
under 10, +10% per helpful power, +30% escapology; at 100% it is free at
once, Teleport or Phasing escape at once, at 70-99% it loses its next
panel, at 1-69% its next 2; then each attempt to break free takes a
double-panel on its turn (--break-free: a d100 against the chance; pp. 64,
72-73; a fight made with ` + "`fight new --escape-rolls page`" + ` rolls a free d100
at each ` + "`fight end-page`" + ` instead). --power snare --effect fluid-shield --spend N
spins a blocking shield in a single panel: 1d6 health per fluid point
(1-10), rolled once; the maker blocks with it (--reaction
block:fluid-shield on an attack on it), each block wearing it down as a
blocking object (p. 34) until one destroys it; it never parries (pp.
72-73).

The target's reaction panels are owed and paid back from its next panels,
unless free (the first four reactions a page of a hero or villain against
strike class 0-1, p. 31); bracing costs nothing. In the surprise round the
surprised cannot react (except with Danger Sense or Animal Senses).

Before committing: --odds prints the exact odds of the action against the
combatants as the file has them now (the outcome, each reaction's result,
health and stamina damage, knockback, the target's condition, a contest's
success, and who is out of the fight after it): the action itself, run
once per distinct dice outcome on a copy of the fight, so the odds and the
act cannot disagree; it rolls nothing and changes nothing. --dry-run does
the action with the command's dice (--seed, --dice) and prints the events
it would append, exactly as -i would, without writing any file.

After the fight is decided (one side, or nobody, left standing) there are
no more turns, but any combatant still standing may --finish a helpless
one with --actor ID, "to keep someone down" (p. 43): no panels are spent.

--dice order: an attack consumes pkg/combat's order (to-hit d20; reaction
dice; damage dice, health then stamina; a d6 per obstruction; the prone
d20), each hero point re-roll straight after the roll it re-rolls; a
--blind teleport its d100, then on a shunt 5d6 health and 5d6 stamina; the
first --glide 4d10; --also (temperature) each further target's dice after
the first target's, in the order given; a
finishing move 1d6 hours; --power --effect mass or gravity the target's
will roll at ×4 (1d20) and ×8 (1d20+10), density-control-other on an
intelligent target (not a robot or animal) first the psychic attack it
cannot resist, the user's d20 then the target's (p. 54); a psychic power, spell or device
the attacker's d20 (its own hero point re-rolls, then the target's
opponent-contest re-rolls), the target's d20 (its own re-rolls, then the
attacker's opponent-contest re-rolls), the resist 1d6, then hypnotism's or
the device's 1d6 double-panels on a success (cancel: the actor's d20, the
caster's d20, the resist 1d6; hallucinations --target: the same, then
--hurt's 2d6 on a success); bestow-gift strength its 1d6; transmutation
its d100, then on a success that is not permanent its 2d6 pages (p. 69);
with --reflect the return shot in the attack's order; --smash the attack's
health dice, then its stamina dice; --power growth the first time the
extra health's d6s then the extra stamina's (one each per point of the
power's end_d6); --power super-health the Regeneration d6; --effect
fluid-shield a d6 per fluid point; a phased
attacker's phase-strike, after the attack's dice, a d100 against 20% per
strike so far; other actions roll nothing.`,
		Example: `  spandex fight act -i bank.json --actor guardian --move 7
  spandex fight act bank.json --actor guardian --attack nefario --with fist --odds
  spandex fight act -i bank.json --actor guardian --move 7 --dry-run
  spandex fight act -i bank.json --actor guardian --attack nefario --with fist --reaction parry:staff --obstruction wood --dice 14,20,3,5,2,1,2,4,3,2
  spandex fight act -i bank.json --actor nefario --attack guardian --with staff-blast --behind --reaction brace --power-dice health=4,stamina=6
  spandex fight act -i bank.json --actor goon-1 --grab hostage
  spandex fight act -i bank.json --actor guardian --smash-wall brick --with fist --split health=30
  spandex fight act -i bank.json --actor guardian --hold`,
		PreRunE: oneAction,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, func(cmd *cobra.Command, _ []string) error {
			opts.moveSet = cmd.Flags().Changed("move")
			return nil
		}),
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
	fl.StringVar(&opts.Smash, "smash", "", "strike an object (an Object Table example) with --with ATTACK or --object: the attack's time (p. 39)")
	fl.Float64Var(&opts.SmashMass, "smash-mass", 0, "strike an object of this mass in kg (p. 39)")
	fl.StringVar(&opts.SmashWall, "smash-wall", "", "strike a wall: a Wall Strength Table material, holed at its damage needed (p. 37)")
	fl.StringVar(&opts.Material, "material", "", "--smash: a sturdy object's material (brick /2, thin-metal /3, stone, concrete, armour-plating /4, p. 39)")
	fl.IntVar(&opts.Remaining, "remaining", 0, "--smash, --smash-wall: override the health left from earlier blows (default: what the fight kept)")
	fl.StringVar(&opts.SmashVehicle, "smash-vehicle", "", "strike the combatant ID's vehicle (Vehicle, p. 77) with --with ATTACK: an object of its file's kind and material (p. 39)")
	fl.StringVar(&opts.SmashID, "smash-id", "", "--smash, --smash-wall: the object's id in the fight, to tell two of a kind apart (default: its name and material)")
	fl.BoolVar(&opts.Pass, "pass", false, "end this turn")
	fl.BoolVar(&opts.Hold, "hold", false, "end this turn, holding a panel into the next page")
	fl.StringVar(&opts.Aid, "aid", "", "CPR or similar emergency aid for combatant `ID` at death's door: a double-panel; it is stabilised (p. 38)")
	fl.BoolVar(&opts.BreakFree, "break-free", false, "try to break free of a snare binding or a restraint: a double-panel and a d100 against the escape chance (pp. 64, 73)")

	opts.Flags.Bind(fl, attackflags.FightAct)
	fl.BoolVar(&opts.MoveActMove, "move-act-move", false, "Super Speed: half move, attack, half move in one double-panel (p. 30)")
	fl.BoolVar(&opts.Teleport, "teleport", false, "--move by Teleport: a double-panel costing stamina (pp. 76-77)")
	fl.BoolVar(&opts.Upwards, "upwards", false, "--move --teleport vertically upwards: twice the stamina (p. 77)")
	fl.StringArrayVar(&opts.Also, "also", nil, "--attack with temperature: another combatant in the radius, hit in the same double-panel (repeatable, p. 58)")
	fl.BoolVar(&opts.Glide, "glide", false, "--move by the Retractable Glider: 10 m a panel, landing after 20+4d10 panels of flight (p. 52)")
	fl.StringArrayVar(&opts.Carry, "carry", nil, "--move --teleport taking the combatant ID along (repeatable; at its own mass, p. 76)")
	fl.IntVar(&opts.CarryKg, "carry-kg", 0, "--move --teleport taking this many kg of objects along (p. 76)")
	fl.BoolVar(&opts.Blind, "blind", false, "--move --teleport into an area the teleporter cannot see and knows nothing of (p. 77)")
	fl.BoolVar(&opts.Stretch, "stretch", false, "--move by stretching with Elasticity: rank 2 loses 1 stamina per 5 m beyond 20 m (p. 55)")

	fl.StringVar(&opts.Target, "target", "", "the combatant a power's effect goes on")
	fl.StringVar(&opts.Effect, "effect", "", "ongoing effect a power starts")
	fl.StringVar(&opts.Form, "form", "", "--power shapechange: the specific form to switch to (a single panel, p. 70)")
	fl.IntVar(&opts.Spend, "spend", 0, "points spent from --pool (a Snare binding: fluid points, 1-10)")
	fl.StringVar(&opts.Pool, "pool", "", "pool the points come from: energy, magic, psi or fluid")
	fl.IntVar(&opts.Panels, "panels", 0, "panels the action takes (--do, or a single-panel --power)")
	fl.IntVar(&opts.Count, "count", 0, "--power duplication: how many duplicates (default 1; five a day)")
	fl.StringVar(&opts.Note, "note", "", "what happens, in words, for the log")
	fl.StringVar(&opts.Drain, "drain", "", "psychic-drain: the target's pool drained (energy, magic, psi or fluid)")
	fl.StringSliceVar(&opts.Modifiers, "modifiers", nil, "transmutation: the difficulty modifiers (spandex tables transmutation)")
	fl.StringVar(&opts.Mode, "how", "", "empathy: read|change; telepathy: read|send; illusion, hallucinations: visual|auditory|minor-sounds|speech")
	fl.BoolVar(&opts.Reflect, "reflect", false, "the target parries with Energy Reflect and sends the energy back at strike class 2 (p. 56)")
	fl.StringVar(&opts.ReflectReaction, "reflect-reaction", "none", "the attacker's reaction to the reflected shot (as --reaction)")
	fl.BoolVar(&opts.Willing, "willing", false, "empathy, telepathy: the target is willing (no contest)")
	fl.IntVar(&opts.Radius, "radius", 0, "illusion, hallucinations: radius in metres (2 included; +1 point per further 2 m, pp. 63, 67)")
	fl.IntVar(&opts.Distance, "distance", 0, "illusion, hallucinations: metres from the caster (20 included; +1 point per further 20 m); telekinesis: metres to what it moves (at most 20, p. 69)")
	fl.BoolVar(&opts.Hurt, "hurt", false, "hallucinations --target: it hurts on a success, 2d6+6 stamina at most (p. 68)")
	fl.StringVar(&opts.Spell, "spell", "", "cancel: the spell of --target to cancel (p. 62)")
	fl.StringVar(&opts.Gift, "gift", "", "bestow-gift: "+combat.GiftSlugs()+" (p. 63)")
	fl.BoolVar(&opts.Odds, "odds", false, "print the exact odds of the action against the fight as it is now, changing nothing (no dice)")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "print the events the action would append, changing nothing (the file is not written, even with -i)")
	cmd.MarkFlagsOneRequired(actionFlags...)
	cmd.MarkFlagsMutuallyExclusive(actionFlags...)
	return cmd
}

// actionFlags each name one action: exactly one is given (cobra's flag
// groups, worded by oneAction).
var actionFlags = []string{"move", "attack", "finish", "grab", "pick-up", "power", "do",
	"smash", "smash-mass", "smash-wall", "smash-vehicle", "break-free", "aid", "pass", "hold"}

// oneAction checks the flag groups before cobra does, to refuse in the
// verb's own words which action flags were given (exit 2).
func oneAction(cmd *cobra.Command, _ []string) error {
	if cmd.ValidateFlagGroups() == nil {
		return nil
	}
	var set []string
	for _, name := range actionFlags {
		if cmd.Flags().Changed(name) {
			set = append(set, "--"+name)
		}
	}
	if len(set) == 0 {
		return cmdutil.Inputf("give one action: --move, --attack, --grab, --finish, --pick-up, --power, --do, --smash, --break-free, --aid, --pass or --hold")
	}
	sort.Strings(set)
	return cmdutil.Inputf("give one action at a time, not %s", strings.Join(set, " and "))
}

// runAct performs the action (or, with --odds or --dry-run, shows what
// it would do, changing nothing).
func runAct(opts *ActOptions) error {
	switch {
	case opts.Odds && opts.DryRun:
		return cmdutil.Inputf("--odds and --dry-run: give one (odds roll nothing, a dry run rolls)")
	case opts.Odds:
		return runActOdds(opts)
	case opts.DryRun:
		return runActDryRun(opts)
	}
	return change(opts.Env, opts.File, opts.act)
}

// act does the action on e with the command's dice.
func (opts *ActOptions) act(e *encounter.Encounter) error {
	actor, err := opts.actTarget(e)
	if err != nil {
		return err
	}
	ctx, err := diceCtx(opts.Env)
	if err != nil {
		return err
	}
	a, err := opts.action(e, actor)
	if err != nil {
		return err
	}
	return e.Do(ctx, a)
}

// action translates the flags into the one typed action they name.
func (opts *ActOptions) action(e *encounter.Encounter, actor string) (encounter.Action, error) {
	if opts.Smash != "" || opts.SmashMass != 0 || opts.SmashWall != "" || opts.SmashVehicle != "" {
		return opts.smash(actor)
	}
	if opts.Material != "" || opts.Remaining != 0 || opts.SmashID != "" {
		return nil, cmdutil.Inputf("--material, --remaining and --smash-id go with --smash, --smash-mass or --smash-wall")
	}
	if opts.BreakFree {
		return encounter.BreakFree{Actor: actor}, nil
	}
	if opts.Aid != "" {
		return encounter.Aid{Actor: actor, Target: opts.Aid, Note: opts.Note}, nil
	}
	if opts.Attack != "" || opts.Finish != "" || (opts.Grab != "" && e.Find(opts.Grab) != nil) {
		s, err := opts.strike(actor)
		if err != nil {
			return nil, err
		}
		rules, err := opts.Rules()
		return encounter.StrikeAction{Strike: s, Rules: rules}, err
	}
	if err := opts.moveDetails(); err != nil {
		return nil, err
	}
	if opts.Panels != 0 && opts.Power == "" && opts.Do == "" {
		return nil, cmdutil.Inputf("--panels goes with --do or --power")
	}
	switch {
	case opts.moveSet:
		return encounter.Move{Actor: actor, Metres: opts.Move, Teleport: opts.Teleport, Upwards: opts.Upwards,
			Carry: opts.Carry, CarryKg: opts.CarryKg, Blind: opts.Blind, Glide: opts.Glide, Stretch: opts.Stretch, Note: opts.Note}, nil
	case opts.Grab != "":
		return encounter.GrabThing{Actor: actor, Object: opts.Grab, Note: opts.Note}, nil
	case opts.PickUp != "":
		return encounter.PickUp{Actor: actor, Object: opts.PickUp, Note: opts.Note}, nil
	case opts.Power != "":
		return opts.usePower(actor)
	case opts.Do != "":
		note := opts.Do
		if opts.Note != "" {
			note += ": " + opts.Note
		}
		return encounter.Other{Actor: actor, Note: note, Panels: opts.Panels}, nil
	}
	return encounter.Pass{Actor: actor, Hold: opts.Hold}, nil
}

// moveDetails refuses the details of a move given without --move.
func (opts *ActOptions) moveDetails() error {
	switch {
	case (opts.Teleport || opts.Upwards || opts.Stretch) && !opts.moveSet:
		return cmdutil.Inputf("--teleport and --upwards go with --move (and --stretch)")
	case len(opts.Also) > 0:
		return cmdutil.Inputf("--also goes with --attack (an area attack)")
	case opts.Glide && !opts.moveSet:
		return cmdutil.Inputf("--glide goes with --move")
	case (len(opts.Carry) > 0 || opts.CarryKg != 0 || opts.Blind) && !opts.moveSet:
		return cmdutil.Inputf("--carry, --carry-kg and --blind go with --move (a teleport)")
	case opts.CarryKg < 0:
		return cmdutil.Inputf("--carry-kg: %d is negative", opts.CarryKg)
	case opts.Stretch && opts.Teleport:
		return cmdutil.Inputf("--stretch: a stretch is not a teleport (--teleport)")
	}
	return nil
}

// usePower builds --power's action: the power, its effect and points,
// and a psychic power's, spell's or device's details.
func (opts *ActOptions) usePower(actor string) (encounter.Action, error) {
	u := encounter.UsePower{Actor: actor, Power: rulebook.PowerID(opts.Power), Effect: opts.Effect, Target: opts.Target,
		Points: opts.Spend, Pool: opts.Pool, Panels: opts.Panels, Form: opts.Form, Count: opts.Count, Note: opts.Note,
		Contest: encounter.PowerContest{Drain: opts.Drain, Modifiers: opts.Modifiers, Mode: opts.Mode, Willing: opts.Willing},
		Spell:   encounter.SpellDetails{Radius: opts.Radius, Distance: opts.Distance, Hurt: opts.Hurt, Spell: opts.Spell, Gift: opts.Gift}}
	if opts.MassKg != 0 {
		if opts.MassKg < 0 || opts.MassKg > 1e6 {
			return nil, cmdutil.Inputf("--mass: %g kg is outside 0-1000000", opts.MassKg)
		}
		u.Contest.MassKg = int(math.Ceil(opts.MassKg))
	}
	hp, err := combat.ParseContestHeroPoints(opts.HeroPoints)
	if err != nil {
		return nil, cmdutil.Inputf("--hero-points: with --power only the will contest's d20s are re-rolled: %v", err)
	}
	u.Contest.HeroPoints = hp
	switch opts.Reaction {
	case "", "none":
	case "resist":
		u.Contest.Resist = true
	default:
		return nil, cmdutil.Inputf("--reaction: only resist goes with --power (a psychic power or spell), not %q", opts.Reaction)
	}
	if _, mental := combat.FindMentalPower(rulebook.PowerID(u.Effect)); mental || u.Effect == encounter.EffectMysticShield || u.Effect == encounter.EffectFluidShield || encounter.IsSpellEffect(u.Effect) {
		return u, nil
	}
	if u.Points > 0 && u.Pool == "" {
		return nil, cmdutil.Inputf("--spend needs --pool (energy, magic, psi or fluid)")
	}
	return u, nil
}

// smash builds a strike on an object or a wall from the flags: the
// attack (--with or --object) and --split health=N; the to-hit, reaction
// and knockback flags do not apply.
func (opts *ActOptions) smash(actor string) (encounter.Smash, error) {
	s := encounter.Smash{Actor: actor, Attack: opts.With, ID: opts.SmashID, Vehicle: opts.SmashVehicle,
		Target: combat.ObjectTarget{Name: opts.Smash, MassKg: opts.SmashMass, Wall: opts.SmashWall, Material: opts.Material, Remaining: opts.Remaining}}
	if opts.Object != "" || opts.ObjectMassKg != 0 {
		s.Weapon = &combat.ObjectWeapon{Name: opts.Object, MassKg: opts.ObjectMassKg, Thrown: opts.Thrown, Awkward: opts.Awkward}
	}
	if opts.Split != "" {
		sp, err := combat.ParseSplit(opts.Split)
		if err != nil {
			return s, cmdutil.Inputf("--split: %v", err)
		}
		s.SplitHealth = &sp.Health
	}
	if opts.PowerDice != "" {
		pd, err := combat.ParsePowerDice(opts.PowerDice)
		if err != nil {
			return s, cmdutil.Inputf("--power-dice: %v", err)
		}
		s.PowerDice = pd
	}
	if opts.Reaction != "none" || len(opts.HeroPoints) > 0 || len(opts.Obstructions) > 0 || opts.Mode != "" {
		return s, cmdutil.Inputf("--smash: an object does not react, and no --mode, --reaction, --hero-points or --obstruction apply")
	}
	return s, nil
}

// strike builds the attack request from the flags, with pkg/combat's
// parsers (the same syntax as ` + "`spandex attack`" + `).
func (opts *ActOptions) strike(actor string) (encounter.Strike, error) {
	s := encounter.Strike{Actor: actor, MoveActMove: opts.MoveActMove, Points: opts.Spend, Reflect: opts.Reflect, Also: opts.Also}
	if len(opts.Also) > 0 && opts.Attack == "" {
		return s, cmdutil.Inputf("--also goes with --attack (an area attack)")
	}
	if opts.Reflect {
		rx, err := combat.ParseReaction(opts.ReflectReaction)
		if err != nil {
			return s, cmdutil.Inputf("--reflect-reaction: %v", err)
		}
		s.ReflectReaction = rx
	} else if opts.ReflectReaction != "none" && opts.ReflectReaction != "" {
		return s, cmdutil.Inputf("--reflect-reaction goes with --reflect")
	}
	if opts.Pool != "" && opts.Pool != "fluid" {
		return s, cmdutil.Inputf("--pool: an attack here spends only a Snare binding's fluid points")
	}
	var req combat.Request
	var err error
	switch {
	case opts.Finish != "":
		s.Target = opts.Finish
		req, err = opts.RequestAs(attackflags.FightAct, combat.ModeFinishing)
	case opts.Grab != "":
		s.Target = opts.Grab
		req, err = opts.RequestAs(attackflags.FightAct, combat.ModeGrab)
	default:
		s.Target = opts.Attack
		req, err = opts.Request(attackflags.FightAct)
	}
	if err != nil {
		return s, err
	}
	sit := req.Situation
	if sit.Cover < 0 || sit.Cover > combat.MaxCover || sit.AimPanels < 0 || sit.AimPanels > combat.MaxAimPanels ||
		sit.AnalysePanels < 0 || sit.AnalysePanels > combat.MaxAnalysePanels {
		return s, cmdutil.Inputf("--cover is 0-%d; --aim is 0-%d and --analyse 0-%d extra panels", combat.MaxCover, combat.MaxAimPanels, combat.MaxAnalysePanels)
	}
	s.Request = req
	return s, nil
}
