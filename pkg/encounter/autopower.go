package encounter

// The autopilot's use of powers other than attacks: each power offers
// its uses through its Auto hook (powerRule.Auto, in the power's own
// file), and the sensible policy weighs them against the attacks it
// could make (sensibleTurn): a use is tried before every attack it is
// worth more than.

import (
	"cmp"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
)

// contestDie is the die each side of a psychic attack rolls (p. 43).
const contestDie = 20

// autoUse is one use of a power the autopilot may make: the power use
// made through Do (use), or a change that takes no panel and no action
// (free: a controller letting go); the panels it takes; and its worth on
// the scale of OutProgress (how far an attack takes its target to going
// out, 0 to 1, or more for a use that changes more than one combatant's
// fight).
type autoUse struct {
	worth  float64
	panels int
	use    UsePower
	free   func()
}

// autoUses are the uses c's powers offer the autopilot now, the most
// worth first (ties in the order of autoPowers).
func (e *Encounter) autoUses(c *Combatant, opt combat.Options) []autoUse {
	var out []autoUse
	if e.batch != nil {
		out = e.batch.uses[:0]
	}
	for _, id := range powerTable().autoPowers {
		if c.Hero.FindPower(id) != nil {
			out = powerRules()[id].Auto(e, c, opt, out)
		}
	}
	if len(out) > 1 {
		slices.SortStableFunc(out, func(x, y autoUse) int { return cmp.Compare(y.worth, x.worth) })
	}
	if e.batch != nil {
		e.batch.uses = out
	}
	return out
}

// tryUse makes the autopilot's power use u if it fits in the left panels
// and the rules accept it; done as tryStrike's.
func (e *Encounter) tryUse(ctx Ctx, u autoUse, left int) (done bool, err error) {
	if u.panels > left {
		return false, nil
	}
	cr := e.counting(ctx.Roller)
	if err := e.Do(Ctx{Roller: cr, Seed: ctx.Seed}, u.use); err == nil {
		return true, nil
	} else if cr.n > 0 {
		return true, err // the dice failed, not the request
	}
	return false, nil
}

// threats is how far t's best attack takes one of the standing
// combatants who fight for side to going out (against), and one of those
// who fight for t's own side but t (own): the OutProgress, on each as it
// stands, of the attack of t's that takes it furthest fresh (bestOn), 0
// when t has none. sides are who each combatant fights for (FightsFor),
// by place. It is the sensible policy's measure of what one action of
// t's is worth to whoever t fights for.
func (e *Encounter) threats(t *Combatant, sides []string, side string, opt combat.Options) (against, own float64) {
	ti := e.index(t)
	for oi := range e.Combatants {
		o := &e.Combatants[oi]
		if oi == ti || o.Out() {
			continue
		}
		var best *float64
		switch sides[oi] {
		case side:
			best = &against
		case sides[ti]:
			best = &own
		default:
			continue
		}
		if x, ok := e.bestOn(t, o, ti, oi, opt); ok {
			*best = max(*best, OutProgress(x, o))
		}
	}
	return against, own
}

// bestOn is the weight (Weigh) of the attack of t's that takes o
// furthest to going out on the two as their sheets have them, fresh; ok
// is false when t has none it may make now (autoUsable). A simulation
// picks it once for all its fights (batch.bestOn); ti and oi are the
// two's places.
func (e *Encounter) bestOn(t, o *Combatant, ti, oi int, opt combat.Options) (combat.Expected, bool) {
	b := e.batch
	if b == nil || ti >= len(b.weighing.base.Combatants) || oi >= len(b.weighing.base.Combatants) ||
		b.weighing.base.Combatants[ti].ID != t.ID || b.weighing.base.Combatants[oi].ID != o.ID {
		return e.pickBest(t, o, opt)
	}
	n := len(b.weighing.base.Combatants)
	if b.bestOn == nil {
		b.bestOn = make([]bestWeight, n*n)
	}
	w := &b.bestOn[ti*n+oi]
	if !w.picked {
		w.attack, w.picked = -1, true
		fo := fresh(o)
		for j := range t.Hero.Combat.Attacks {
			if x, err := e.weighAt(ti, oi, t, o, j, reactNone, false, opt); err == nil && (w.attack < 0 || OutProgress(x, fo) > OutProgress(w.x, fo)) {
				w.attack, w.x = j, x
			}
		}
	}
	if w.attack < 0 || !autoUsable(t, &t.Hero.Combat.Attacks[w.attack]) {
		return e.pickBest(t, o, opt) // none, or not one it may make now
	}
	return w.x, true
}

// bestWeight is the attack bestOn picked (-1: none) and its weight;
// picked once it is.
type bestWeight struct {
	attack int
	x      combat.Expected
	picked bool
}

// pickBest is bestOn worked out now, on the attacks t may make now.
func (e *Encounter) pickBest(t, o *Combatant, opt combat.Options) (combat.Expected, bool) {
	fo := fresh(o)
	var bx combat.Expected
	ok := false
	for j := range t.Hero.Combat.Attacks {
		if !autoUsable(t, &t.Hero.Combat.Attacks[j]) {
			continue
		}
		if x, err := e.Weigh(t, o, j, opt); err == nil && (!ok || OutProgress(x, fo) > OutProgress(bx, fo)) {
			bx, ok = x, true
		}
	}
	return bx, ok
}

// contestOdds is the chance a psychic or magic attack of will att
// succeeds against a defender of will def with Confidence Table bonus
// bonus (p. 43): 1d20 + att at least 1d20 + def + bonus, ties to the
// attacker; nobody resists or spends hero points (the autopilot's
// defender takes no reaction). In closed form: of the 400 pairs of d20s,
// 20 - |j| have the attacker's die exactly j above the defender's.
func contestOdds(att, def, bonus int) float64 {
	need := def + bonus - att // the attacker's die less the defender's, at least
	n := 0
	for j := max(need, 1-contestDie); j < contestDie; j++ {
		n += contestDie - abs(j)
	}
	return float64(n) / float64(contestDie*contestDie)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// sensibleUses are the power uses the sensible policy weighs on c's turn
// (autoUses): those that take no action (a controller letting go) are
// made at once, before the attacks are weighed, and the uses offered
// anew; the rest are returned, the most worth first.
func (e *Encounter) sensibleUses(c *Combatant, opt combat.Options) []autoUse {
	uses := e.autoUses(c, opt)
	freed := false
	for _, u := range uses {
		if u.free != nil {
			u.free()
			freed = true
		}
	}
	if freed {
		uses = slices.DeleteFunc(e.autoUses(c, opt), func(u autoUse) bool { return u.free != nil })
	}
	return uses
}

// tryUsesOver tries, most worth first, the uses worth more than worth,
// taking each off uses as it is tried; done as tryStrike's.
func (e *Encounter) tryUsesOver(ctx Ctx, uses *[]autoUse, worth float64, left int) (done bool, err error) {
	for len(*uses) > 0 && (*uses)[0].worth > worth {
		u := (*uses)[0]
		*uses = (*uses)[1:]
		if done, err := e.tryUse(ctx, u, left); done {
			return true, err
		}
	}
	return false, nil
}
