package encounter

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Recovery is one combatant's end-of-page stamina recovery (p. 38).
type Recovery struct {
	ID string `json:"id"`
	// Rolls are the recoveries: one, or two with Fast Recovery (p. 73).
	Rolls []RecoveryRoll `json:"rolls"`
	// Before and After are the stamina totals.
	Before int `json:"before"`
	After  int `json:"after"`
	// Woke: the combatant was unconscious and is not any more.
	Woke bool `json:"woke"`
	// GrowthStamina is the extra stamina growing had lost that healed
	// once the track was full (Growth, p. 61).
	GrowthStamina int `json:"growth_stamina"`
}

// RecoveryRoll is one recovery: the unconscious roll d20 against
// endurance first (Conscious is false then), then 1d6 + the Endurance
// Table bonus.
type RecoveryRoll struct {
	Conscious bool `json:"conscious"`
	// D20 is the unconscious roll (0 when conscious) and Endurance the
	// score it had to reach or beat from below.
	D20       int  `json:"d20"`
	Endurance int  `json:"endurance"`
	Recovered bool `json:"recovered"`
	D6        int  `json:"d6"`
	Bonus     int  `json:"bonus"`
	Stamina   int  `json:"stamina"`
	// HeroPoints are the hero points spent on the d20 and the d6 (p. 14).
	HeroPoints []heropoints.Reroll `json:"hero_points,omitempty"`
}

// EndPage ends the current page (pp. 30, 38-39, 43, 54-78):
//
//  1. panels nobody took are given up; they first pay back panels owed
//     (skipped actions repay reactions, p. 31);
//  2. a combatant out of the fight but alive who has Regeneration rests:
//     1d6 health per double-panel of its panels a page (p. 74); then one
//     dying at death's door counts the page, dying at the 139th (p. 38);
//     then every combatant, in file order, recovers stamina: the conscious
//     1d6 + the Endurance Table bonus, the unconscious only if a d20 comes
//     up ≤ endurance; Fast Recovery recovers twice; the dead, mundane
//     characters, robots and anyone knocked out by a finishing move do not
//     recover stamina;
//  3. ongoing effects: those past their page limit end (Impervious then
//     cools down), those whose keeper is out of the fight end, the rest
//     charge their pool points; under escape_rolls: page, each
//     combatant bound by Snare or Restraint rolls a d100 against its
//     escape chance (p. 64; by default the bound try on their turn,
//     BreakFree);
//  4. every fifth page (each pool's refill period), energy, magic, psi and
//     fluid pools refill;
//  5. held panels become next page's saved panels, and page N+1 waits for
//     initiative.
//
// Dice, in this order: each resting regenerator's d6s (file order); for
// each combatant in file order that recovers,
// per recovery (two with Fast Recovery) the d20 if unconscious, then the
// d6 if it recovers; then, under escape_rolls: page, a d100 for each
// bound combatant in file order (escape chance 1% or more, not out of the
// fight).
//
// Hero points (ctx.HeroPoints, p. 14) are spent by the combatant on its
// own rolls, in that order, each only while the roll is not good enough
// (heropoints.KeepUntil): the unconscious d20 while it is over
// endurance, the recovery d6 while it shows 3 or less (under the die's
// average), the escape d100 while it is over the escape chance. Each
// re-roll's die follows the roll it re-rolls.
func (e *Encounter) EndPage(ctx Ctx) error {
	switch e.Phase {
	case PhaseSurprise:
		return phaseErrorf("the surprise round is not a page; roll initiative to start page 1")
	case PhaseInitiative:
		return phaseErrorf("page %d has not started; roll initiative first", e.Page)
	}
	// 1. Panels never taken.
	for i := range e.Combatants {
		c := &e.Combatants[i]
		left := c.Panels.Left()
		if c.Out() {
			left = 0
		}
		if left == 0 {
			continue
		}
		pay := min(left, c.Panels.Owed)
		c.Panels.Owed -= pay
		c.Panels.Used += pay
		e.panelsPassed(c, pay)
		c.Panels.Forfeited += left - pay
		e.record(func() Event {
			s := fmt.Sprintf("%s did not take %s", c.ID, plural(left, "panel"))
			if pay > 0 {
				s += fmt.Sprintf("; %d of them pay back panels owed", pay)
			}
			return Event{Kind: KindPass, Actor: c.ID, Panels: pay, Summary: s}
		})
	}
	// 1b. Resting regenerators, then death's door (deathsdoor.go).
	if err := e.restAndDie(ctx); err != nil {
		return err
	}
	// 2. Recovery.
	for i := range e.Combatants {
		c := &e.Combatants[i]
		rec := e.recorder(ctx.Roller)
		var steps ruling.Steps
		explain := &steps
		if e.batch != nil {
			explain = nil
		}
		r, ok, err := e.recoverStamina(ctx, c, rec, explain)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		e.record(func() Event {
			summary := fmt.Sprintf("%s recovers %d stamina (%d → %d)", c.ID, r.After-r.Before, r.Before, r.After)
			if r.GrowthStamina > 0 {
				summary += fmt.Sprintf(" and heals %d of the extra stamina growing lost (p. 61)", r.GrowthStamina)
			}
			if r.Woke {
				summary += " and comes round"
			}
			var seed *uint64
			if len(rec.Rolls()) > 0 {
				seed = ctx.Seed
			}
			return Event{Kind: KindRecovery, Actor: c.ID, Summary: summary, Seed: seed, Dice: rec.Rolls(), Steps: steps, Details: mustJSON(r)}
		})
	}
	// 3. Effects; under escape_rolls: page the bound try to break free.
	e.pageEffects()
	if e.Options.EscapeRolls == EscapeRollsPage {
		if err := e.escapes(ctx); err != nil {
			return err
		}
	}
	// 4. Pools.
	for i := range e.Combatants {
		c := &e.Combatants[i]
		for j := range c.Hero.Pools {
			p := &c.Hero.Pools[j]
			if e.Page%refillPages(p) != 0 || p.Current == p.Max {
				continue
			}
			e.record(func() Event {
				return Event{Kind: KindRefill, Actor: c.ID,
					Summary: fmt.Sprintf("%s's %s pool refills: %d → %d (every %d pages, p. 62)", c.ID, p.Name, p.Current, p.Max, refillPages(p))}
			})
			p.Current = p.Max
			for k := 0; k < len(c.Effects); k++ {
				if c.Effects[k].Name == EffectDrained && (c.Effects[k].Pool == "" || c.Effects[k].Pool == p.Name) {
					e.endEffect(c, k, "its pool refills (p. 68)")
					k--
				}
			}
		}
		e.undrain(c)
	}
	// 5. The next page.
	for i := range e.Combatants {
		c := &e.Combatants[i]
		c.Panels.Saved = min(c.Panels.Held, e.Options.SavedPanels)
	}
	e.record(func() Event { return Event{Kind: KindEndPage, Summary: fmt.Sprintf("end of page %d", e.Page)} })
	e.Page++
	e.Phase = PhaseInitiative
	e.Initiative = nil
	for i := range e.Combatants {
		c := &e.Combatants[i]
		c.Panels.Used, c.Panels.Forfeited, c.Panels.Held, c.Panels.FreeReactions = 0, 0, 0, 0
		c.Panels.Done = false
		c.Panels.PerPage, c.Panels.Why = e.panelsNow(c)
	}
	return nil
}

// recoverStamina makes one combatant's end-of-page stamina recovery,
// adding its steps to steps unless nil; ok is false when it does not
// recover stamina.
func (e *Encounter) recoverStamina(ctx Ctx, c *Combatant, r dice.Roller, steps *ruling.Steps) (rec Recovery, ok bool, err error) {
	h := &c.Hero
	k := h.Condition
	switch {
	case h.IsMundane(), h.Stamina.Max == 0, k.Dead, k.TakenOut:
		return rec, false, nil
	case k.KnockedOut:
		return rec, false, nil // no stamina until the finishing move's knockout ends (p. 43)
	case drainedNoRecovery(c):
		return rec, false, nil // Psychic Drain: no recovery until the pool has points (p. 69)
	case h.Stamina.Current >= h.Stamina.Max && !growthDeficit(h):
		return rec, false, nil
	}
	times := h.Recovery.Times
	if times < 1 {
		times = 1
	}
	if p := h.FindPower(rulebook.PowerSuperHealth); p != nil && p.HasFlavour("fast-recovery") {
		times = rulebook.FastRecoveryTimes
	}
	// The hero file's recovery.stamina is the whole per-page roll, and
	// pkg/chargen writes the Endurance Table bonus into it ("1d6+1" at
	// END 16-20, p. 39). The bonus is added here only when the expression
	// carries no constant of its own ("1d6", or no expression at all), so
	// it is never counted twice.
	bonus := rulebook.RecoveryBonus(h.Abilities.Final.Endurance)
	expr := rulebook.StaminaRecoveryDice
	if h.Recovery.Stamina != "" {
		expr = h.Recovery.Stamina
	}
	x, err := e.parseDice(expr)
	if err != nil {
		return rec, false, fmt.Errorf("%s: recovery.stamina: %w", c.ID, err)
	}
	rec = Recovery{ID: c.ID, Before: h.Stamina.Current}
	wasOut := k.Unconscious
	for t := 0; t < times; t++ {
		rr := RecoveryRoll{Conscious: !h.Condition.Unconscious, Bonus: bonus}
		if h.Condition.Unconscious {
			end := h.Abilities.Final.Endurance
			d20, hp, err := e.heroRoll(ctx, c, "unconscious recovery", heropoints.Lower, "d20 face",
				func(v int) bool { return v <= end },
				func(i int) (int, error) {
					return r.Roll(rulebook.UnconsciousRecoveryDie, e.purpose("unconscious recovery", c.ID, i))
				})
			if err != nil {
				return rec, false, err
			}
			if hp != nil {
				rr.HeroPoints = append(rr.HeroPoints, *hp)
				if steps != nil {
					steps.Add("hero-points", "p. 14", "%s", hp.Text())
				}
			}
			rr.D20, rr.Endurance = d20, end
			if d20 > end {
				if steps != nil {
					steps.Add("recovery", "p. 38", "unconscious: d20 %d > endurance %d, no recovery", d20, end)
				}
				rec.Rolls = append(rec.Rolls, rr)
				continue
			}
			if steps != nil {
				steps.Add("recovery", "p. 38", "unconscious: d20 %d ≤ endurance %d", d20, end)
			}
		}
		var rolls []dice.Result
		_, hp, err := e.heroRoll(ctx, c, "stamina recovery", heropoints.Higher, "stamina recovered",
			func(v int) bool { return v-rolls[0].Modifier >= 4 }, // the d6 face kept
			func(i int) (int, error) {
				res, err := x.Roll(r, e.purpose("stamina recovery", c.ID, i))
				rolls = append(rolls, res)
				return res.Total, err
			})
		if err != nil {
			return rec, false, err
		}
		roll := rolls[0]
		for _, v := range rolls {
			if v.Total > roll.Total {
				roll = v
			}
		}
		if hp != nil {
			rr.HeroPoints = append(rr.HeroPoints, *hp)
			if steps != nil {
				steps.Add("hero-points", "p. 14", "%s", hp.Text())
			}
		}
		d6, b := roll.Total-roll.Modifier, bonus
		if roll.Modifier != 0 {
			b = roll.Modifier // the expression's own constant is the bonus
		}
		rr.Recovered, rr.D6, rr.Bonus = true, d6, b
		rr.Stamina = max(d6+b, 0)
		if steps != nil {
			steps.Add("recovery", "pp. 9, 38", "%s: %d %+d (Endurance Table, END %d) = %d stamina", expr, d6, b, h.Abilities.Final.Endurance, rr.Stamina)
		}
		room := max(h.Stamina.Max-h.Stamina.Current, 0)
		h.Stamina.Current = min(h.Stamina.Current+rr.Stamina, h.Stamina.Max)
		if _, gs := combat.HealGrowth(h, 0, rr.Stamina-room); gs > 0 {
			rec.GrowthStamina += gs
			if steps != nil {
				_, left := combat.GrowthDeficit(h)
				steps.Add(string(rulebook.PowerGrowth), "p. 61", "%d of it heals the extra stamina growing lost (%d still lost)", gs, left)
			}
		}
		recondition(c)
		rec.Rolls = append(rec.Rolls, rr)
	}
	if times == rulebook.FastRecoveryTimes {
		if steps != nil {
			steps.Add("fast-recovery", "p. 73", "recovers twice a page")
		}
	}
	rec.After = h.Stamina.Current
	rec.Woke = wasOut && !h.Condition.Unconscious
	return rec, true, nil
}

// recondition sets the damage conditions from the tracks after a
// recovery, with pkg/combat's reading of pp. 37-38; a finishing move's
// knockout keeps the character unconscious (p. 43).
func recondition(c *Combatant) {
	if c.Hero.IsMundane() || c.Hero.Stamina.Max == 0 {
		return
	}
	combat.SetConditions(&c.Hero)
}

// reroll is the purpose suffix of a hero point re-roll (i > 0).
// purpose names a combatant's die ("stamina recovery for goon-1",
// with " (hero point re-roll i)" for a re-roll); in a simulated fight
// the first roll's name is made once per combatant by the worker.
func (e *Encounter) purpose(kind, id string, i int) string {
	b := e.batch
	if b == nil || i != 0 {
		return kind + " for " + id + reroll(i)
	}
	k := [2]string{kind, id}
	if p, ok := b.purposes[k]; ok {
		return p
	}
	if b.purposes == nil {
		b.purposes = map[[2]string]string{}
	}
	p := kind + " for " + id
	b.purposes[k] = p
	return p
}

func reroll(i int) string {
	if i == 0 {
		return ""
	}
	return fmt.Sprintf(" (hero point re-roll %d)", i)
}

// growthDeficit reports whether a normal-sized hero's Growth still has
// lost extra health or stamina to heal (p. 61).
func growthDeficit(h *hero.Hero) bool {
	dh, ds := combat.GrowthDeficit(h)
	return dh > 0 || ds > 0
}
