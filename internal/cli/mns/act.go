package mns

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/mns"
)

// ActOptions are the inputs of `spandex mns act`.
type ActOptions struct {
	*cmdutil.Env
	File   File
	Charts ChartsFile
	Start  mns.Start
	// Attack, Move and Other are the kind flags (one of them).
	Attack string
	Move   bool
	Other  string
}

// NewCmdAct builds `spandex mns act`.
func NewCmdAct(f *cmdutil.Factory, runF func(*ActOptions) error) *cobra.Command {
	opts := &ActOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runAct
	}
	s := &opts.Start
	cmd := &cobra.Command{
		Use:   "act [FILE] --actor ID (--attack ID --weapon NAME | --move | --other WHAT) [--time N]",
		Short: "A combatant starts an action: attack, move or other",
		Long: `Start an action for --actor on the segment it is due: now, or the segment
its action under way lands (that action is then performed first). The
clock moves there, performing every action landing on the way and logging
every payment segment passed; no other combatant's action may land before
it (act for them first; see mns next). A surprised or stunned combatant
cannot start an action. The action lands its performance time later: a
weapon's time (its own weapons, then the charts file's Weapons Chart), or
--time N.

An attack makes the combat roll now: 2d10 under the combat roll plus the
Sphere Chart value of the combat bonus pool (after --opponents, --banks,
--offhand, --unseen, --sight, --in-close), less any surprise penalty; Q is
the target minus the roll. A successful roll's Q may be spent (--q-attack,
--q-defense, --q-damage, --q-time, --called PART, --hold, --touch,
--carrier); a failed roll's negative Q goes half to Attack and half to
Damage, the odd point to Attack. The attack hits when Attack beats the
target's Defense (plus its Q on defense, the range bonus, --restrained,
--helpless). What it does is logged when it lands; apply the damage with
mns damage.

--hurry N moves the action up N segments (at the soonest to the next
segment), N off the Attack; what would go below zero becomes a penalty to
later action rolls. --careful N (an attack only) delays it up to the lower
of agility and learning, for the Doubles Chart value of N on Attack;
damage taken while it is delayed loses the attack.

Chart values without a charts file: --pool-bonus (Sphere Chart of the
modified pool), --range-bonus (Sphere Chart of the range sets),
--careful-bonus (Doubles Chart of the delay), --time (a weapon not in the
file).

--dice order: for an attack, the combat roll (2d10), then, when it hits,
the weapon's damage dice; then, when the actor carries a penalty and the
action is not --passive, its Perception save (2d10 under perception less
the penalty; success ends the penalty).`,
		Example: `  spandex mns act -i fight.json --actor gunman --attack lariat --weapon handgun --range 17 --dice 3,4
  spandex mns act -i fight.json --actor lariat --attack gunman --weapon fist --q-attack 2 --called head --dice 2,2
  spandex mns act -i fight.json --actor lariat --move --time 8
  spandex mns act -i fight.json --actor zap --other "power shield" --time 5 --effect "power shield"`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.Charts.fromFlag, opts.checkFlags),
	}
	opts.File.addFlag(cmd)
	fl := cmd.Flags()
	fl.StringVar(&s.Actor, "actor", "", "the combatant starting the action")
	fl.StringVar(&opts.Attack, "attack", "", "attack this combatant")
	fl.BoolVar(&opts.Move, "move", false, "move")
	fl.StringVar(&opts.Other, "other", "", "any other action: say what")
	fl.StringVar(&s.Weapon, "weapon", "", "the weapon (its performance time, damage and ranges)")
	fl.IntVar(&s.Time, "time", 0, "performance time in segments (overrides the weapon's)")
	fl.IntVar(&s.Hurry, "hurry", 0, "move the action up N segments, taken from Attack")
	fl.IntVar(&s.Careful, "careful", 0, "delay the attack N segments for a bonus to Attack")
	fl.IntVar(&s.Spend.Attack, "q-attack", 0, "Q spent on Attack")
	fl.IntVar(&s.Spend.Defense, "q-defense", 0, "Q spent on Defense while the action is under way")
	fl.IntVar(&s.Spend.Damage, "q-damage", 0, "Q spent on Damage")
	fl.IntVar(&s.Spend.Time, "q-time", 0, "Q spent to cut the performance time")
	fl.StringVar(&s.Spend.Called, "called", "", "called shot: arm, leg, head (3 Q), neck (4), body (2)")
	fl.BoolVar(&s.Spend.Hold, "hold", false, "a hold (4 Q; needs --called)")
	fl.BoolVar(&s.Spend.Touch, "touch", false, "a touch attack (4 Q)")
	fl.BoolVar(&s.Spend.Carrier, "carrier", false, "a poison carrier gets through (5 Q)")
	fl.IntVar(&s.Situation.ExtraOpponents, "opponents", 0, "extra opponents covered by attack and defense (-1 pool each)")
	fl.IntVar(&s.Situation.Banks, "banks", 0, "bank shots (-1 pool each)")
	fl.BoolVar(&s.Situation.Offhand, "offhand", false, "attacking with the offhand (-4 pool)")
	fl.BoolVar(&s.Situation.Unseen, "unseen", false, "the attacker cannot see the target (-6 pool)")
	fl.StringVar(&s.Situation.Sight, "sight", "", "infrared, ultraviolet, radar, x-rays, sonar, vague, map-sense")
	fl.StringVar(&s.Situation.InClose, "in-close", "", "projectile used in close combat: bow, crossbow, gun, pistol, rifle, beam")
	fl.IntVar(&s.Restrained, "restrained", 0, "directions the target cannot move in (-1 defense each)")
	fl.BoolVar(&s.Flier, "flier", false, "the restrained target flies (up and down count)")
	fl.BoolVar(&s.Helpless, "helpless", false, "the target cannot defend at all (-6 defense)")
	fl.Float64Var(&s.Distance, "range", 0, "distance to the target in meters")
	fl.String("pool-bonus", "", "the Sphere Chart value of the modified pool, looked up by hand")
	fl.String("range-bonus", "", "the Sphere Chart value of the range sets, looked up by hand")
	fl.String("careful-bonus", "", "the Doubles Chart value of the careful delay, looked up by hand")
	fl.StringVar(&s.Effect, "effect", "", "start an ongoing effect, paid for every payment segment")
	fl.BoolVar(&s.Passive, "passive", false, "a passive action: no Perception save against the surprise penalty")
	return cmd
}

// checkFlags picks the action's kind and the looked-up chart values.
func (opts *ActOptions) checkFlags(cmd *cobra.Command, _ []string) error {
	s := &opts.Start
	if s.Actor == "" {
		return cmdutil.Inputf("--actor: give the combatant starting the action")
	}
	n := 0
	if opts.Attack != "" {
		n++
		s.Kind, s.Target = "attack", opts.Attack
	}
	if opts.Move {
		n++
		s.Kind = "move"
	}
	if opts.Other != "" {
		n++
		s.Kind, s.Name = "other", opts.Other
	}
	if n != 1 {
		return cmdutil.Inputf("give one of --attack ID, --move or --other WHAT")
	}
	if s.Kind == "attack" && s.Weapon == "" && s.Time == 0 {
		return cmdutil.Inputf("--weapon: give the attack's weapon, or its --time")
	}
	var err error
	for _, p := range []struct {
		name string
		dst  **int
	}{{"pool-bonus", &s.PoolBonus}, {"range-bonus", &s.RangeBonus}, {"careful-bonus", &s.CarefulBonus}} {
		if *p.dst, err = intFlag(cmd, p.name); err != nil {
			return err
		}
	}
	return nil
}

// runAct starts the action.
func runAct(opts *ActOptions) error {
	return change(opts.Env, opts.File, opts.Charts, true, func(e *mns.Encounter, ctx mns.Ctx) error {
		_, err := e.Start(ctx, opts.Start)
		return err
	})
}
