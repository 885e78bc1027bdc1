package fight

import (
	"encoding/json"
	"strings"

	"github.com/codename-spandex/spandex/internal/cli/attack"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// actTarget resolves --actor (default: whoever's turn it is; after the
// fight is decided only --finish acts, and needs --actor).
func (opts *ActOptions) actTarget(e *encounter.Encounter) (string, error) {
	if opts.Actor != "" {
		return opts.Actor, nil
	}
	cur := e.Current()
	if cur == nil {
		return "", cmdutil.Inputf("--actor: nobody acts now: %s", e.NextTurn().Hint)
	}
	return cur.ID, nil
}

// runActOdds prints the exact odds of the action against the fight as the
// file has it now (encounter.ActOdds: Do itself, once per distinct dice
// outcome). Nothing is written.
func runActOdds(opts *ActOptions) error {
	if opts.DiceGiven || opts.SeedGiven {
		return cmdutil.Inputf("--odds: rolls no dice; leave out --dice and --seed")
	}
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	actor, err := opts.actTarget(e)
	if err != nil {
		return err
	}
	a, err := opts.action(e, actor)
	if err != nil {
		return err
	}
	od, err := encounter.ActOdds(e, a, observeAct)
	if err != nil {
		return err
	}
	return opts.WriteOdds("fight act", od)
}

// observeAct records one run of an action: an attack's ruling as
// `attack --odds` records it (outcome, reaction, health, stamina,
// knockback, prone, condition, stunned, unconscious, out), a contest's
// success, a smash's damage to its object, and who is out of the fight
// after the action that was not before it ("out of the fight").
func observeAct(out encounter.Outcome, o *odds.Observer) {
	if out.Attack != nil {
		attack.ObserveAttack(out.Attack, o)
	}
	for _, ev := range out.Events {
		switch ev.Kind {
		case encounter.KindMental:
			var r combat.MentalResult
			if json.Unmarshal(ev.Details, &r) == nil && r.Contest != nil {
				o.Flag("success", r.Success)
			}
		case encounter.KindSmash:
			var r combat.ObjectStrike
			if json.Unmarshal(ev.Details, &r) == nil {
				o.Value("object health", r.Object.Taken)
				o.Flag("destroyed", r.Object.Destroyed)
			}
		}
	}
	var newly []string
	for i := range out.After.Combatants {
		c := &out.After.Combatants[i]
		if was := out.Before.Find(c.ID); c.Out() && (was == nil || !was.Out()) {
			newly = append(newly, c.ID)
		}
	}
	if len(newly) == 0 {
		o.Label("out of the fight", "nobody")
		return
	}
	o.Label("out of the fight", strings.Join(newly, ", "))
}

// runActDryRun does the action on the file as read and prints the events
// it would append (the same lines and JSON as with -i), writing nothing.
func runActDryRun(opts *ActOptions) error {
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	before := len(e.Log)
	state, err := encounter.Snapshot(e)
	if err != nil {
		return cmdutil.Internal(err)
	}
	if err := opts.act(e); err != nil {
		return err
	}
	if err := e.RecordChange(state, before); err != nil {
		return cmdutil.Internal(err)
	}
	if _, err := encounter.Encode(e); err != nil {
		return cmdutil.Internal(err)
	}
	if err := opts.FinishDice(); err != nil {
		return err
	}
	events := e.Log[before:]
	explain(opts.Env, events)
	reportSeed(opts.Env, events)
	return printEvents(opts.Env, events)
}
