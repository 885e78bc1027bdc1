package rulings

import (
	"sync"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// oddsRun is a ruling being run under the odds engine: its roller is the
// engine's enumerating roller and emit records observations instead of
// printing.
type oddsRun struct {
	r dice.Roller
	o *odds.Observer
}

var (
	oddsMu   sync.Mutex
	oddsRuns map[*cmdutil.Env]*oddsRun // made by the first rulingOdds
)

func oddsSession(env *cmdutil.Env) *oddsRun {
	oddsMu.Lock()
	defer oddsMu.Unlock()
	return oddsRuns[env]
}

const oddsHelp = "print the exact odds of every outcome instead of rolling (no dice): bars on a terminal"

// rulingOdds runs the ruling once per distinct dice outcome (pkg/odds)
// through the verb's own run function, and prints the exact odds of what
// it would have printed: the same ruling, so odds and rulings agree.
func rulingOdds(env *cmdutil.Env, name string, run func() error) error {
	if env.DiceGiven || env.SeedGiven {
		return cmdutil.Inputf("--odds: rolls no dice; leave out --dice and --seed")
	}
	sess := &oddsRun{}
	oddsMu.Lock()
	if oddsRuns == nil {
		oddsRuns = map[*cmdutil.Env]*oddsRun{}
	}
	oddsRuns[env] = sess
	oddsMu.Unlock()
	defer func() {
		oddsMu.Lock()
		delete(oddsRuns, env)
		oddsMu.Unlock()
	}()
	od, err := odds.Walk(odds.Options{}, func(r dice.Roller, o *odds.Observer) error {
		sess.r, sess.o = r, o
		return run()
	})
	if err != nil {
		return err
	}
	return env.WriteOdds(name, od)
}

// observe records the outcome of one ruling, by its output type.
func observe(v any, o *odds.Observer) {
	switch out := v.(type) {
	case ToHitResult:
		if out.Hit != nil {
			o.Flag("hit", *out.Hit)
		}
	case DodgeResult:
		o.Label("result", out.Result)
	case ParryResult:
		o.Flag("parried", out.Success)
		if out.VirtualDamage != nil {
			o.Value("virtual damage", *out.VirtualDamage)
		}
	case DamageOutput:
		o.Value("health", out.Taken.Health)
		o.Value("stamina", out.Taken.Stamina)
		if od := out.Object; od != nil {
			o.Flag("destroyed", od.Destroyed)
		}
	case KnockbackOutput:
		o.Value("knockback", out.Travelled)
		o.Flag("prone", out.Prone)
	case FallOutput:
		o.Value("health", out.Health)
		o.Value("stamina", out.Stamina)
	case PsychicOutput:
		o.Flag("success", out.Success)
	}
}
