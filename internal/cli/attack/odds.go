package attack

import (
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/odds"
)

// AttackOdds is the exact distribution of one attack's ruling: the real
// combat.Resolve run once per distinct dice outcome (pkg/odds). Tables:
// outcome (hit, miss, dodged ...), reaction (the reaction's result, when
// one is made), health and stamina (what comes off each track after
// dividers), knockback (metres travelled, when knockback is possible),
// prone, condition (the defender's worst condition after the attack),
// stunned (stunned or worse), unconscious (unconscious or worse) and out
// (unconscious, at death's door, dead, or a mundane defender taken out).
//
// The ruling is walked step by step (combat.Stages, odds.WalkStages): a
// run whose new dice are all damage dice starts at the damage step, one
// whose new dice all come after the damage (knockback into obstructions,
// the prone check) starts after it; each step is the resolver's own.
func AttackOdds(attacker, defender *hero.Hero, req combat.Request, rules combat.Options) (*odds.Odds, error) {
	return odds.WalkStages(odds.Options{}, combat.NewStages(attacker, defender, req, rules, ObserveAttack))
}

// ObserveAttack records the observations of one resolved attack.
func ObserveAttack(res *combat.Result, o *odds.Observer) {
	o.Label("outcome", string(res.Outcome))
	if res.Reaction.Kind != combat.ReactionNone {
		kind, detail := reactionWords(res)
		o.Label2("reaction", kind, detail)
	}
	o.Value("health", res.Applied.Health)
	o.Value("stamina", res.Applied.Stamina)
	if kb := res.Knockback; kb != nil {
		o.Value("knockback", kb.Travelled)
		o.Flag("prone", kb.Prone)
	}
	c := res.After.Condition
	o.Label("condition", c)
	out := c == "unconscious" || c == "deaths_door" || c == "dead" || (res.Mundane != nil && res.Mundane.TakenOut)
	o.Flag("stunned", c == "stunned" || out)
	o.Flag("unconscious", c == "unconscious" || c == "deaths_door" || c == "dead")
	o.Flag("out", out)
}

// reactionWords name a reaction's result ("parry succeeds", "dodge ½"):
// the reaction, then the Dodging Table or judo result when there is
// one, else success or failure.
func reactionWords(res *combat.Result) (kind, detail string) {
	rr := &res.Reaction
	switch {
	case rr.DodgeResult != "":
		return string(rr.Kind), rr.DodgeSymbol
	case rr.JudoResult != "":
		return string(rr.Kind), rr.JudoResult
	case rr.Success:
		return string(rr.Kind), "succeeds"
	}
	return string(rr.Kind), "fails"
}

// runOdds prints the exact odds of the attack instead of resolving it.
func runOdds(opts *Options, attacker, defender *hero.Hero, req combat.Request, rules combat.Options) error {
	od, err := AttackOdds(attacker, defender, req, rules)
	if err != nil {
		return ruleErr(err)
	}
	return opts.WriteOdds("attack", od)
}
