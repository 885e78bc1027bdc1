package mns

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Ctx is what a rule that rolls or looks up needs: the dice, the seed to
// report, and the GM's charts (nil when none were given).
type Ctx struct {
	Roller dice.Roller
	Seed   *uint64
	Charts *Charts
}

// stepsOf starts an explanation with one step citing a section.
func stepsOf(rule, section, format string, args ...any) ruling.Steps {
	var s ruling.Steps
	s.Add(rule, section, format, args...)
	return s
}

// Start is a request to start an action.
type Start struct {
	Actor string `json:"actor"`
	// Kind is attack, move or other.
	Kind string `json:"kind"`
	// Target is the combatant attacked.
	Target string `json:"target"`
	// Weapon names the attacker's weapon (its own, then the charts
	// file's); Time is the performance time of anything else (or
	// overrides the weapon's).
	Weapon string `json:"weapon"`
	Time   int    `json:"time"`
	// Name says what a move or other action is.
	Name string `json:"name"`
	// Hurry moves the action up by this many segments.
	Hurry int `json:"hurry"`
	// Careful delays an attack by this many segments for a bonus to
	// Attack from the Doubles Chart (CarefulBonus when looked up by hand).
	Careful      int  `json:"careful"`
	CarefulBonus *int `json:"careful_bonus"`
	// Spend is how a successful roll's Q is spent.
	Spend Spend `json:"spend"`
	// Situation are the attacker's pool modifiers.
	Situation Situation `json:"situation"`
	// Restrained and Helpless describe the defender.
	Restrained int  `json:"restrained"`
	Flier      bool `json:"flier"`
	Helpless   bool `json:"helpless"`
	// Distance is the range to the target in meters (0: not a ranged
	// attack, or point blank).
	Distance float64 `json:"distance"`
	// PoolBonus and RangeBonus are Sphere Chart values the GM looked up
	// (the modified pool, the range sets) when there is no charts file.
	PoolBonus  *int `json:"pool_bonus"`
	RangeBonus *int `json:"range_bonus"`
	// Effect starts an ongoing effect to be paid for every round.
	Effect string `json:"effect"`
	// Passive marks an action that does not count for the Perception save
	// that ends a surprise penalty.
	Passive bool `json:"passive"`
}

// Started is the full record of a started action (the act event's
// details).
type Started struct {
	Actor   string `json:"actor"`
	Segment int    `json:"segment"`
	Action  Action `json:"action"`
	// Roll is the combat roll, when one was made.
	Roll *CombatRoll `json:"roll"`
	// Penalty is the actor's action roll penalty after the action (the
	// Perception save may clear it; a hurried attack may add to it).
	Penalty int `json:"penalty"`
	// Save is the Perception save against the penalty, when one was made.
	Save *Save `json:"save"`
	// Rested is how much rest took off the penalty before the action.
	Rested int `json:"rested"`
}

// CombatRoll is an attack's roll and what it bought.
type CombatRoll struct {
	CombatRoll   int    `json:"combat_roll"`
	Pool         int    `json:"pool"`
	PoolModifier int    `json:"pool_modifier"`
	PoolBonus    int    `json:"pool_bonus"`
	Target       int    `json:"target"`
	Dice         [2]int `json:"dice"`
	Roll         int    `json:"roll"`
	Penalty      int    `json:"penalty"`
	Q            int    `json:"q"`
	Success      bool   `json:"success"`
	Spend        Spend  `json:"spend"`
	SpendCost    int    `json:"spend_cost"`
	// Attack and its parts.
	BaseAttack     int  `json:"base_attack"`
	FailureAttack  int  `json:"failure_attack"`
	CarefulBonus   int  `json:"careful_bonus"`
	HurryPenalty   int  `json:"hurry_penalty"`
	Attack         int  `json:"attack"`
	BaseDefense    int  `json:"base_defense"`
	RangeSets      int  `json:"range_sets"`
	RangeBonus     int  `json:"range_bonus"`
	DefenseQ       int  `json:"defense_q"`
	DefenseMods    int  `json:"defense_mods"`
	Defense        int  `json:"defense"`
	Hit            bool `json:"hit"`
	DamageRoll     int  `json:"damage_roll"`
	DamageQ        int  `json:"damage_q"`
	FailureDamage  int  `json:"failure_damage"`
	BeyondMax      int  `json:"beyond_max_penalty"`
	Damage         int  `json:"damage"`
	NewPenalty     int  `json:"new_penalty"`
	PerformanceCut int  `json:"performance_cut"`
}

// Save is a Perception save against a surprise penalty.
type Save struct {
	Perception int    `json:"perception"`
	Penalty    int    `json:"penalty"`
	Target     int    `json:"target"`
	Dice       [2]int `json:"dice"`
	Roll       int    `json:"roll"`
	Success    bool   `json:"success"`
}

// weapon finds the combatant's weapon, then the charts file's.
func (c *Combatant) weapon(name string, ch *Charts) (Weapon, bool) {
	for _, w := range c.Fighter.Weapons {
		if w.Name == name {
			return w, true
		}
	}
	return ch.Weapon(name)
}

func roll2d10(r dice.Roller, purpose string) ([2]int, error) {
	var d [2]int
	if r == nil {
		return d, fmt.Errorf("no dice to roll the %s with (a bug)", purpose)
	}
	for i := range d {
		v, err := r.Roll(10, purpose)
		if err != nil {
			return d, err
		}
		if v < 1 || v > 10 {
			return d, refusal.Errorf("dice: %d does not fit the d10 for %s", v, purpose)
		}
		d[i] = v
	}
	return d, nil
}

// Start starts an action for s.Actor and returns what was rolled.
//
// The clock first moves to the segment the actor is due (now, when its
// action under way lands, or when its surprise or stun runs out: a
// surprised or stunned combatant cannot start an action); no other
// combatant's action may land before that. Rest since its last action
// takes 1 off its penalty per 2 idle segments.
//
// Dice, in order: for an attack the combat roll (2d10), then, when it
// hits, the weapon's damage dice; then, when the actor carries a penalty
// and the action is not passive, the Perception save (2d10).
//
// The combat roll is made when the attack starts, because its Q may
// shorten the performance time; the attack's outcome is logged when it
// lands (docs/rules-notes.md).
func (e *Encounter) Start(ctx Ctx, s Start) (*Started, error) {
	c, err := e.must(s.Actor, "--actor")
	if err != nil {
		return nil, err
	}
	id := c.Fighter.ID
	// The segment the actor starts on.
	start, _ := c.Due(e.Segment)
	if c.Action != nil {
		// Its action under way lands first; surprise and stun still hold.
		start = max(start, c.SurprisedUntil, c.StunnedUntil)
	}
	for _, p := range e.Pile() {
		o := e.Find(p.ID)
		if p.ID != id && o.Action != nil && o.Action.Lands < start {
			return nil, refusal.Errorf("%s's %s lands on segment %d, before %s is due on %d: act for %s first (spandex mns next)", p.ID, o.Action.describe(), o.Action.Lands, id, start, p.ID)
		}
	}
	if c.SurprisedUntil > start {
		return nil, refusal.Errorf("%s is surprised until segment %d and cannot start an action before then", id, c.SurprisedUntil)
	}
	if c.StunnedUntil > start {
		return nil, refusal.Errorf("%s is stunned until segment %d and cannot start an action before then", id, c.StunnedUntil)
	}
	switch s.Kind {
	case "attack":
		if s.Target == "" {
			return nil, refusal.Errorf("an attack needs a target")
		}
		if s.Target == id {
			return nil, refusal.Errorf("%s cannot attack itself", id)
		}
		if _, err := e.must(s.Target, "--attack"); err != nil {
			return nil, err
		}
	case "move", "other":
		if s.Careful != 0 {
			return nil, refusal.Errorf("only an attack can be careful")
		}
	default:
		return nil, refusal.Errorf("action kind %q is not one of attack, move, other", s.Kind)
	}
	if s.Careful < 0 || s.Hurry < 0 || s.Distance < 0 || s.Distance > 1e9 {
		return nil, refusal.Errorf("careful, hurry and distance cannot be negative")
	}
	if s.Careful > 0 && s.Hurry > 0 {
		return nil, refusal.Errorf("an action is either hurried or careful, not both")
	}
	if max := MaxCareful(c.Fighter.Agility, c.Fighter.Learning); s.Careful > max {
		return nil, refusal.Errorf("a careful attack may be delayed at most %d segments (the lower of agility %d and learning %d)", max, c.Fighter.Agility, c.Fighter.Learning)
	}
	// Performance time: the weapon's, or the one given.
	var w Weapon
	haveWeapon := false
	if s.Weapon != "" {
		w, haveWeapon = c.weapon(s.Weapon, ctx.Charts)
		if !haveWeapon {
			if s.Time == 0 {
				return nil, &NeedChartError{Chart: "Weapons Chart", Input: fmt.Sprintf("the %s's performance time", s.Weapon), Flag: "--time N"}
			}
		}
	}
	time := s.Time
	if time == 0 && haveWeapon {
		time = w.Time
	}
	if time < 1 {
		return nil, refusal.Errorf("give the action's performance time (--time N segments, at least 1)")
	}
	if time > MaxSegment {
		return nil, refusal.Errorf("performance time %d is too long", time)
	}

	var steps ruling.Steps
	if err := e.Advance(start); err != nil {
		return nil, err
	}
	// Rest: idle segments since the last action take off the penalty.
	// Segments lost to surprise or stun are not rest.
	rested, idleFrom := 0, max(c.ReadyAt, c.SurprisedUntil, c.StunnedUntil)
	if c.Penalty > 0 && c.Action == nil && start > idleFrom {
		rested = min(c.Penalty, RestRelief(start-idleFrom))
		if rested > 0 {
			steps.Add("rest", SectionSurprise, "%d idle segments (%d-%d) take %d off the penalty of %d", start-idleFrom, idleFrom, start, rested, c.Penalty)
			c.Penalty -= rested
		}
	}
	steps.Add("start", SectionActions, "%s starts on segment %d: performance time %d", id, start, time)

	a := Action{Kind: s.Kind, Name: s.Weapon, Target: s.Target, Started: start}
	if a.Name == "" {
		a.Name = s.Name
	}
	out := &Started{Actor: id, Segment: start, Rested: rested}
	penalty := c.Penalty
	newPenalty := 0
	if s.Kind == "attack" {
		cr, err := e.combatRoll(ctx, c, s, w, haveWeapon, &time, &steps)
		if err != nil {
			return nil, err
		}
		out.Roll = cr
		a.Q = cr.Q
		a.Defense = cr.Spend.Defense
		newPenalty = cr.NewPenalty
		if cr.Hit {
			a.Outcome = fmt.Sprintf("hits %s (attack %d vs defense %d) for %d damage", s.Target, cr.Attack, cr.Defense, cr.Damage)
		} else {
			a.Outcome = fmt.Sprintf("misses %s (attack %d vs defense %d)", s.Target, cr.Attack, cr.Defense)
		}
	} else {
		if s.Hurry > 0 {
			// Hurrying anything else costs no Attack (a reading).
			if time-s.Hurry < 1 {
				return nil, refusal.Errorf("hurry by %d: the action takes %d segments and lands at the soonest on the next segment (hurry at most %d)", s.Hurry, time, time-1)
			}
			time -= s.Hurry
			steps.Add("hurry", SectionHurried, "moved up %d segments: time %d", s.Hurry, time)
		}
		if s.Spend != (Spend{}) {
			return nil, refusal.Errorf("--q-*, --called, --hold, --touch, --carrier: Q is spent only on an attack's combat roll")
		}
	}
	a.Time = time
	a.Lands = Lands(start, time)
	if s.Careful > 0 {
		a.Careful = s.Careful
		a.CarefulFrom = a.Lands
		a.Lands += s.Careful
		a.Time += s.Careful
		steps.Add("careful", SectionCareful, "delayed %d segments from %d to %d; damage taken in between loses the attack", s.Careful, a.CarefulFrom, a.Lands)
	}
	if a.Lands > MaxSegment {
		return nil, refusal.Errorf("the action would land on segment %d, past the clock's end", a.Lands)
	}
	steps.Add("lands", SectionActions, "started on %d with time %d: lands on segment %d", start, a.Time, a.Lands)

	// The Perception save at the end of a non-passive action.
	if penalty > 0 && !s.Passive {
		d, err := roll2d10(ctx.Roller, "perception save")
		if err != nil {
			return nil, err
		}
		sv := &Save{Perception: c.Fighter.Perception, Penalty: penalty, Target: c.Fighter.Perception - penalty, Dice: d, Roll: d[0] + d[1]}
		sv.Success = sv.Roll <= sv.Target
		out.Save = sv
		if sv.Success {
			c.Penalty = 0
			steps.Add("save", SectionSurprise, "perception %d - penalty %d = %d; rolled %d+%d = %d: saved, no more penalty", sv.Perception, penalty, sv.Target, d[0], d[1], sv.Roll)
		} else {
			steps.Add("save", SectionSurprise, "perception %d - penalty %d = %d; rolled %d+%d = %d: failed, the penalty stays", sv.Perception, penalty, sv.Target, d[0], d[1], sv.Roll)
		}
	}
	if newPenalty > 0 {
		c.Penalty += newPenalty
		steps.Add("hurry", SectionHurried, "attack below zero: %d more penalty to later action rolls (now %d)", newPenalty, c.Penalty)
	}
	out.Penalty = c.Penalty
	out.Action = a
	c.Action = &a
	c.Pushback, c.PushedBy = 0, 0
	if s.Effect != "" {
		e.Effects = append(e.Effects, Effect{Holder: id, Name: s.Effect, Since: start})
		steps.Add("effect", SectionPayment, "%s keeps up %s: pay for it on every payment segment", id, s.Effect)
	}
	summary := fmt.Sprintf("segment %d: %s starts %s, landing on %d", start, id, a.describe(), a.Lands)
	if out.Roll != nil {
		summary += fmt.Sprintf(" (Q %d: %s)", out.Roll.Q, a.Outcome)
	}
	ev := Event{Kind: "act", Actor: id, Target: s.Target, Summary: summary, Seed: ctx.Seed, Steps: steps, Details: mustJSON(out)}
	ev.Dice = recorded(ctx)
	e.add(ev)
	return out, nil
}

// combatRoll makes an attack's combat roll and works out what it does.
func (e *Encounter) combatRoll(ctx Ctx, c *Combatant, s Start, w Weapon, haveWeapon bool, time *int, steps *ruling.Steps) (*CombatRoll, error) {
	t := e.Find(s.Target)
	cr := &CombatRoll{CombatRoll: c.Fighter.CombatRoll, Pool: c.Fighter.Pool, Penalty: c.Penalty, Spend: s.Spend}
	mod, err := s.Situation.PoolModifier()
	if err != nil {
		return nil, err
	}
	cr.PoolModifier = mod
	pool := c.Fighter.Pool + mod
	cr.PoolBonus, err = ctx.Charts.SphereOf(pool, s.PoolBonus, "--pool-bonus N")
	if err != nil {
		return nil, fmt.Errorf("the combat roll %w", err)
	}
	steps.AddRow("pool", SectionAttacking, "Sphere Chart", fmt.Sprint(pool), "combat bonus pool %d %+d = %d: %+d", c.Fighter.Pool, mod, pool, cr.PoolBonus)
	cost, err := s.Spend.Cost()
	if err != nil {
		return nil, err
	}
	cr.SpendCost = cost
	// Defense and range before any die is rolled, so a missing chart
	// value stops the verb before the dice.
	ranges := Ranges{Short: w.Short, Set: w.Set, Max: w.Max}
	ranged := haveWeapon && (w.Type == Projectile || w.Type == Thrown || w.Type == Explosive) && s.Distance > 0
	if ranged {
		if cr.RangeSets, err = RangeSets(s.Distance, ranges); err != nil {
			return nil, err
		}
		if cr.RangeSets > 0 {
			if cr.RangeBonus, err = ctx.Charts.SphereOf(cr.RangeSets, s.RangeBonus, "--range-bonus N"); err != nil {
				return nil, fmt.Errorf("the range bonus %w", err)
			}
		}
		if cr.BeyondMax, err = BeyondMaxPenalty(s.Distance, ranges); err != nil {
			return nil, err
		}
	} else if s.Distance > 0 && haveWeapon && w.Type == Close {
		return nil, refusal.Errorf("--range: the %s is a close combat weapon", w.Name)
	}
	careful := 0
	if s.Careful > 0 {
		if careful, err = ctx.Charts.DoublesOf(float64(s.Careful), s.CarefulBonus, "--careful-bonus N"); err != nil {
			return nil, fmt.Errorf("the careful attack %w", err)
		}
	}
	rd, err := RestrainedDefense(s.Restrained, s.Flier)
	if err != nil {
		return nil, err
	}

	d, err := roll2d10(ctx.Roller, "combat roll")
	if err != nil {
		return nil, err
	}
	cr.Dice, cr.Roll = d, d[0]+d[1]
	cr.Target = c.Fighter.CombatRoll + cr.PoolBonus
	cr.Q = Quality(cr.Target, cr.Roll, c.Penalty)
	cr.Success = cr.Q >= 0
	steps.Add("roll", SectionAttacking, "2d10 %d+%d = %d under combat roll %d %+d = %d, penalty %d: Q %d", d[0], d[1], cr.Roll, c.Fighter.CombatRoll, cr.PoolBonus, cr.Target, c.Penalty, cr.Q)
	if !cr.Success {
		if s.Spend != (Spend{}) {
			return nil, refusal.Errorf("the combat roll failed (Q %d): there is no Q to spend", cr.Q)
		}
		cr.FailureAttack, cr.FailureDamage = SplitFailure(cr.Q)
		steps.Add("failure", SectionAttacking, "Q %d split: %d to attack, %d to damage", cr.Q, cr.FailureAttack, cr.FailureDamage)
	} else if cost > cr.Q {
		return nil, refusal.Errorf("spending %d Q, but the roll's Q is only %d", cost, cr.Q)
	} else if cost > 0 {
		steps.Add("quality", SectionAttacking, "Q %d spent: %d attack, %d defense, %d damage, %d time%s", cost, s.Spend.Attack, s.Spend.Defense, s.Spend.Damage, s.Spend.Time, spendExtras(s.Spend))
	}
	if s.Spend.Time > 0 {
		if *time-s.Spend.Time < 1 {
			return nil, refusal.Errorf("--q-time %d: the attack takes %d segments and lands at the soonest on the next segment", s.Spend.Time, *time)
		}
		*time -= s.Spend.Time
		cr.PerformanceCut = s.Spend.Time
	}
	cr.BaseAttack = c.Fighter.Attack
	cr.CarefulBonus = careful
	attack := c.Fighter.Attack + s.Spend.Attack + cr.FailureAttack + careful
	if careful > 0 {
		steps.AddRow("careful", SectionCareful, "Doubles Chart", fmt.Sprint(s.Careful), "delay %d: %+d attack", s.Careful, careful)
	}
	if s.Hurry > 0 {
		nt, na, pen, err := Hurry(*time, attack, s.Hurry)
		if err != nil {
			return nil, err
		}
		steps.Add("hurry", SectionHurried, "moved up %d segments: time %d, attack %d to %d, %d penalty", s.Hurry, nt, attack, na, pen)
		*time, attack, cr.NewPenalty, cr.HurryPenalty = nt, na, pen, s.Hurry
	}
	cr.Attack = attack
	// The defender.
	tdef := 0
	if t.Action != nil {
		tdef = t.Action.Defense
	}
	cr.BaseDefense, cr.DefenseQ = t.Fighter.Defense, tdef
	cr.DefenseMods = rd
	if s.Helpless {
		cr.DefenseMods += HelplessDefense
	}
	cr.Defense = t.Fighter.Defense + tdef + cr.RangeBonus + cr.DefenseMods
	if ranged && cr.RangeSets > 0 {
		steps.AddRow("range", SectionRange, "Sphere Chart", fmt.Sprint(cr.RangeSets), "%vm is %v beyond short range %v: %d range sets of %v: %+d defense", s.Distance, s.Distance-ranges.Short, ranges.Short, cr.RangeSets, ranges.Set, cr.RangeBonus)
	}
	if cr.DefenseMods != 0 {
		steps.Add("defense", SectionSituation, "defender restrained %d, helpless %v: %+d defense", s.Restrained, s.Helpless, cr.DefenseMods)
	}
	cr.Hit = cr.Attack > cr.Defense
	steps.Add("hit", SectionAttacking, "attack %d vs defense %d (%d base %+d Q %+d range %+d situation): %s", cr.Attack, cr.Defense, t.Fighter.Defense, tdef, cr.RangeBonus, cr.DefenseMods, map[bool]string{true: "hit", false: "miss"}[cr.Hit])
	if cr.Hit {
		if haveWeapon {
			expr, err := ParseDamage(w.Damage)
			if err != nil {
				return nil, err
			}
			v, err := expr.Total(ctx.Roller, "damage "+w.Name)
			if err != nil {
				return nil, err
			}
			cr.DamageRoll = v
		}
		cr.DamageQ = s.Spend.Damage
		cr.Damage = max(0, cr.DamageRoll+cr.DamageQ+cr.FailureDamage-cr.BeyondMax)
		steps.Add("damage", SectionDamage, "damage %d %+d Q %+d failure %+d beyond maximum range = %d", cr.DamageRoll, cr.DamageQ, cr.FailureDamage, -cr.BeyondMax, cr.Damage)
	}
	return cr, nil
}

func spendExtras(s Spend) string {
	var parts []string
	if s.Called != "" {
		parts = append(parts, "called shot "+s.Called)
	}
	if s.Hold {
		parts = append(parts, "hold")
	}
	if s.Touch {
		parts = append(parts, "touch")
	}
	if s.Carrier {
		parts = append(parts, "poison carrier")
	}
	if len(parts) == 0 {
		return ""
	}
	return ", " + strings.Join(parts, ", ")
}
