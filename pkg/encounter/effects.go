package encounter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

func mustJSON(v any) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only plain structs are marshalled
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// The mass and gravity effects: Density Control (Other) makes a target
// heavier (p. 54), Environmental Control's gravity everything in an area
// (p. 57); each doubles at every step.
const (
	EffectMass    = "mass"
	EffectGravity = "gravity"
)

// PresetEffect returns the effect the book describes for a slug, with its
// numbers from the rulebook: denser, impervious (its MaxPages is the
// holder's will), gale, fog, summoning, bestow-gift, mind-control, mass and
// gravity (whose multiplier the caller sets).
func PresetEffect(name string) (Effect, bool) {
	switch name {
	case EffectMass:
		return Effect{Name: EffectMass, Power: string(rulebook.PowerDensityControlOther), Note: "Density Control (Other) (p. 54)"}, true
	case EffectGravity:
		return Effect{Name: EffectGravity, Power: string(rulebook.PowerEnvironmentalControl), Note: "Environmental Control: gravity (p. 57)"}, true
	}
	if ef, ok := presetEffects()[name]; ok {
		return ef, true // the slug as the table spells it: built once
	}
	u, ok := rulebook.PageUpkeepByEffect(name)
	if !ok {
		return Effect{}, false
	}
	return presetOf(u), true
}

// presetEffects are the effects of the Page Upkeep rows by their slugs,
// built once (a simulation starts them fight after fight).
var presetEffects = sync.OnceValue(func() map[string]Effect {
	m := map[string]Effect{}
	for _, u := range rulebook.PageUpkeeps() {
		if _, ok := m[u.Effect]; !ok {
			m[u.Effect] = presetOf(u)
		}
	}
	return m
})

// presetOf is the effect of a Page Upkeep row.
func presetOf(u rulebook.PageUpkeep) Effect {
	ef := Effect{Name: u.Effect, Power: u.Power, HalvesPanels: u.HalvesPanels, NoMove: u.NoMove,
		UpkeepPanels: u.Panels, UpkeepPoints: u.Points, UpkeepPool: u.Pool, Note: fmt.Sprintf("%s (p. %d)", u.Note, u.Page)}
	if u.Effect == combat.StateImpervious {
		ef.Cooldown = rulebook.ImperviousCooldownPages
	}
	return ef
}

// AddEffect puts an ongoing effect on a combatant (who holds it) kept up
// by source (who pays its upkeep; the holder when empty). A mass or gravity
// effect that is already there doubles instead (pp. 54, 57): at ×4 and ×8
// the holder is immobilised and rolls against its will (1d20, 1d20+10) or
// drops to 0 stamina, at ×16 it blacks out. Panels per page drop at once.
//
// Dice: the will roll at ×4 and ×8, if any.
func (e *Encounter) AddEffect(ctx Ctx, holder string, ef Effect) error {
	c := e.Find(holder)
	if c == nil {
		return e.unknown(holder)
	}
	if ef.Name == "" {
		return refusal.Errorf("effect: missing name")
	}
	if ef.Source == "" {
		ef.Source = c.ID
	}
	if e.Find(ef.Source) == nil {
		return e.unknown(ef.Source)
	}
	if ef.Power != "" {
		src := e.Find(ef.Source)
		if until := src.Cooldowns[ef.Power]; until > e.Page {
			return refusal.Errorf("%s cannot use %s again %s", src.ID, ef.Power, cooldownText(until))
		}
	}
	if ef.Name == combat.StateImpervious && ef.MaxPages == 0 {
		ef.MaxPages = max(c.Hero.Abilities.Final.Will, 1)
	}
	ef.Since = e.Page
	// A simulated fight keeps no log: no event, so no words and no dice
	// recorded for one (logRoller).
	explain := e.batch == nil
	var steps ruling.Steps
	roller, rec := e.logRoller(ctx.Roller)
	summary := ""
	if ef.Name == EffectMass || ef.Name == EffectGravity {
		mult, at := 2, -1
		ef.BuiltSince = e.Page
		for i := range c.Effects {
			if c.Effects[i].Name == ef.Name {
				mult, at = c.Effects[i].Multiplier*2, i
				// A step by hand leaves the rate it built up unknown
				// in panels: it falls by the page (massfall.go).
				ef.BuiltByUse = ef.BuiltByUse && c.Effects[i].BuiltByUse
				if !c.Effects[i].Falling {
					ef.BuiltSince = c.Effects[i].BuiltSince
				}
				break
			}
		}
		ef.Falling, ef.FallSteps = false, 0
		if mult > rulebook.MassMax {
			// Refused before anything changes.
			return refusal.Errorf("%s: %s is already ×%d, the most there is (pp. 54, 57)", c.ID, ef.Name, rulebook.MassMax)
		}
		if at >= 0 {
			c.Effects = append(c.Effects[:at], c.Effects[at+1:]...)
		}
		ef.Multiplier = mult
		ef.HalvesPanels = mult >= rulebook.MassHalvesPanels && mult < rulebook.MassImmobilises
		ef.Immobilised = mult >= rulebook.MassImmobilises
		if explain {
			summary = fmt.Sprintf("%s's %s is now ×%d", c.ID, ef.Name, mult)
			steps.Add("mass", "pp. 54, 57", "×%d: %s", mult, massEffectText(mult))
		}
		expr, auto := rulebook.MassWillRoll(mult)
		switch {
		case auto:
			e.blackout(c)
			if explain {
				summary += "; blacks out"
				steps.Add("blackout", "pp. 54, 57", "×%d: automatically reduced to 0 stamina", mult)
			}
		case expr != "":
			x := dice.MustParse(expr)
			roll, err := x.Total(roller, "will against "+ef.Name+" for "+c.ID)
			if err != nil {
				return err
			}
			will := c.Hero.Abilities.Final.Will
			switch {
			case roll <= will && explain:
				steps.Add("will", "pp. 54, 57", "%s %d ≤ will %d: stays conscious", expr, roll, will)
				summary += fmt.Sprintf("; will roll %d ≤ %d holds", roll, will)
			case roll > will && explain:
				steps.Add("will", "pp. 54, 57", "%s %d > will %d: drops to 0 stamina and blacks out", expr, roll, will)
				summary += fmt.Sprintf("; will roll %d > %d: blacks out", roll, will)
			}
			if roll > will {
				e.blackout(c)
			}
		}
	} else {
		for _, have := range c.Effects {
			if have.Name == ef.Name && have.Source == ef.Source && (have.Gift == nil || ef.Gift == nil || have.Gift.Gift == ef.Gift.Gift) {
				return refusal.Errorf("%s already has %s from %s", c.ID, ef.Name, ef.Source)
			}
		}
		if explain {
			summary = fmt.Sprintf("%s: %s begins", c.ID, ef.Name)
			if ef.Source != c.ID {
				summary += " (kept up by " + ef.Source + ")"
			}
		}
	}
	c.Effects = append(c.Effects, ef)
	e.record(func() Event {
		ev := Event{Kind: KindEffect, Actor: ef.Source, Target: c.ID, Summary: summary, Dice: rec.Rolls(), Steps: steps, Details: mustJSON(ef)}
		if len(ev.Dice) > 0 {
			ev.Seed = ctx.Seed
		}
		return ev
	})
	e.refreshAll()
	return nil
}

func massEffectText(mult int) string {
	switch {
	case mult >= rulebook.MassMax:
		return "blacks out"
	case mult >= rulebook.MassImmobilises:
		return "immobilised"
	}
	return "half panels per page"
}

// blackout drops a combatant to 0 stamina, unconscious (pp. 54, 57).
func (e *Encounter) blackout(c *Combatant) {
	if c.Hero.IsMundane() || c.Hero.Stamina.Max == 0 {
		c.Hero.Condition.TakenOut = true
		return
	}
	if c.Hero.Stamina.Current > 0 {
		c.Hero.Stamina.Current = 0
	}
	recondition(c)
}

// ReleaseEffect lets go of a mass or gravity effect (its maker stops
// concentrating): it falls away at twice the rate it built up (pp. 54,
// 57), ticked by PageEffects at each end of page (see fallSteps).
func (e *Encounter) ReleaseEffect(holder, name, why string) error {
	c := e.Find(holder)
	if c == nil {
		return e.unknown(holder)
	}
	if name != EffectMass && name != EffectGravity {
		return refusal.Errorf("release: only mass and gravity fall away (pp. 54, 57); end %s with --end", name)
	}
	i := findEffect(c, name)
	if i < 0 {
		return refusal.Errorf("%s has no effect %q", holder, name)
	}
	if c.Effects[i].Falling {
		return refusal.Errorf("%s's %s is already falling away", holder, name)
	}
	e.release(c, i, why)
	e.refreshAll()
	return nil
}

// release starts a mass or gravity effect falling away: by its maker's
// panels when its power's use built it (releaseByPanel), else by the page.
func (e *Encounter) release(c *Combatant, i int, why string) {
	ef := &c.Effects[i]
	var st ruling.Steps
	var summary string
	if ef.BuiltByUse {
		summary = e.releaseByPanel(c, ef, &st)
	} else {
		steps, rate := fallSteps(*ef, e.Page)
		ef.Falling, ef.FallSteps = true, steps
		st.Add("fall", "pp. 54, 57", "×%d built up over %s: %s; at twice the rate it falls %s a page, at each end of page", ef.Multiplier, plural(e.Page-ef.BuiltSince+1, "page"), rate, plural(steps, "halving"))
		summary = fmt.Sprintf("%s: %s ×%d falls away, %s a page", c.ID, ef.Name, ef.Multiplier, plural(steps, "halving"))
	}
	if why != "" {
		summary += " (" + why + ")"
	}
	e.appendEvent(Event{Kind: KindEffect, Actor: ef.Source, Target: c.ID, Summary: summary, Steps: st})
}

// fallSteps is how many halvings a released mass or gravity effect falls
// each page: twice the rate it built up, the rate being its doublings
// (log2 of the multiplier) over the pages from its first step to now,
// rounded up (pp. 54, 57).
func fallSteps(ef Effect, page int) (int, string) {
	built := doublings(ef.Multiplier)
	pages := max(page-ef.BuiltSince+1, 1)
	n := max((2*built+pages-1)/pages, 1)
	return n, fmt.Sprintf("%s in %s", plural(built, "doubling"), plural(pages, "page"))
}

// fall ticks a released mass or gravity effect at the end of a page: it
// halves FallSteps times, ending at ×1 (pp. 54, 57). It reports whether
// the effect ended.
func (e *Encounter) fall(c *Combatant, i int) bool {
	return e.fallBy(c, i, c.Effects[i].FallSteps, plural(c.Effects[i].FallSteps, "halving")+" this page", nil)
}

// fallBy halves a falling mass or gravity effect n times, ending it at
// ×1 (pp. 54, 57); how says when (for the summary), steps why. It
// reports whether the effect ended.
func (e *Encounter) fallBy(c *Combatant, i, n int, how string, steps ruling.Steps) bool {
	ef := &c.Effects[i]
	from := ef.Multiplier
	m := from >> min(n, 8)
	if m <= 1 {
		e.endEffectWith(c, i, fmt.Sprintf("×%d fell away, %s (pp. 54, 57)", from, how), steps)
		return true
	}
	ef.Multiplier = m
	ef.HalvesPanels = m >= rulebook.MassHalvesPanels && m < rulebook.MassImmobilises
	ef.Immobilised = m >= rulebook.MassImmobilises
	e.appendEvent(Event{Kind: KindEffect, Actor: ef.Source, Target: c.ID, Steps: steps,
		Summary: fmt.Sprintf("%s's %s falls from ×%d to ×%d (pp. 54, 57): %s", c.ID, ef.Name, from, m, massEffectText(m))})
	return false
}

// EndEffect ends a named effect on a combatant (from any source). An
// effect with a cooldown (Impervious) cannot be used again for that many
// pages (p. 61).
func (e *Encounter) EndEffect(holder, name, why string) error {
	c := e.Find(holder)
	if c == nil {
		return e.unknown(holder)
	}
	for i := range c.Effects {
		if c.Effects[i].Name == name {
			e.endEffect(c, i, why)
			return nil
		}
	}
	return refusal.Errorf("%s has no effect %q", holder, name)
}

func (e *Encounter) endEffect(c *Combatant, i int, why string) {
	e.endEffectWith(c, i, why, nil)
}

// endEffectWith is endEffect with the ruling steps that ended it.
func (e *Encounter) endEffectWith(c *Combatant, i int, why string, steps ruling.Steps) {
	ef := c.Effects[i]
	c.Effects = append(c.Effects[:i], c.Effects[i+1:]...)
	e.stateEnded(c, ef.Name) // however it ends (the grown scores go, p. 60)
	if ef.Gift != nil {
		steps = append(steps, unbestow(&c.Hero, *ef.Gift)...) // however it ends, the gift goes (p. 63)
		recondition(c)
	}
	var cooled *Combatant
	if ef.Cooldown > 0 && ef.Power != "" {
		cooled = e.Find(ef.Source)
		if cooled == nil {
			cooled = c
		}
		if cooled.Cooldowns == nil {
			cooled.Cooldowns = map[string]int{}
		}
		cooled.Cooldowns[ef.Power] = e.Page + ef.Cooldown + 1
	}
	e.record(func() Event {
		summary := fmt.Sprintf("%s: %s ends", c.ID, ef.Name)
		if why != "" {
			summary += " (" + why + ")"
		}
		if cooled != nil {
			summary += fmt.Sprintf("; %s cannot use it again until page %d", cooled.ID, e.Page+ef.Cooldown+1)
		}
		return Event{Kind: KindEffect, Actor: ef.Source, Target: c.ID, Summary: summary, Steps: steps}
	})
}

// chargeUpkeepPanels makes everyone keeping an effect going owe its upkeep
// panels at the start of a page; they are paid from the first panels.
func (e *Encounter) chargeUpkeepPanels() {
	for i := range e.Combatants {
		for _, ef := range e.Combatants[i].Effects {
			if ef.UpkeepPanels == 0 {
				continue
			}
			src := e.Find(ef.Source)
			if src == nil || src.Out() {
				continue
			}
			src.Panels.Owed += ef.UpkeepPanels
			e.appendEvent(Event{Kind: KindUpkeep, Actor: src.ID, Target: e.Combatants[i].ID, Panels: ef.UpkeepPanels,
				Summary: fmt.Sprintf("%s spends %s keeping up %s", src.ID, plural(ef.UpkeepPanels, "panel"), ef.Name)})
		}
	}
}

// pageEffects keeps effects going at the end of a page: those whose
// source is out of the fight end, those that ran their MaxPages end, and
// the rest charge their pool points (ending if the pool cannot pay).
func (e *Encounter) pageEffects() {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		for j := 0; j < len(c.Effects); {
			ef := c.Effects[j]
			src := e.Find(ef.Source)
			switch {
			case hasEndOfPage(ef.Name) && src != nil && !src.Out():
				if r, _ := effectRule(ef.Name); r.EndOfPage(e, c, j) {
					continue
				}
			case ef.Falling:
				if e.fallAtEndOfPage(c, j) {
					continue
				}
			case (ef.Name == EffectMass || ef.Name == EffectGravity) && ef.Multiplier > 1 && (src == nil || src.Out()):
				// Its maker can no longer concentrate: it has been falling
				// away since, from this end of page (pp. 54, 57).
				e.release(c, j, "its source is out of the fight")
				if e.fallAtEndOfPage(c, j) {
					continue
				}
			case lastsByItself(ef.Name) && ef.MaxPages == 0:
				// The binding holds whatever becomes of its maker; the
				// escape roll (escapes) frees the bound (p. 64). A force
				// shield and the lasting states need no concentration
				// (pp. 52, 54, 60-61, 66, 70).
			case (src == nil || src.Out()) && !(lastsByItself(ef.Name) && ef.MaxPages > 0):
				e.endEffect(c, j, "its source can no longer keep it up")
				continue
			case ef.MaxPages > 0 && e.Page-ef.Since+1 >= ef.MaxPages:
				e.endEffect(c, j, fmt.Sprintf("it lasts at most %s", plural(ef.MaxPages, "page")))
				continue
			case ef.UpkeepPoints > 0:
				p := src.Hero.FindPool(ef.UpkeepPool)
				if p == nil || p.Current < ef.UpkeepPoints {
					e.endEffect(c, j, fmt.Sprintf("%s cannot pay %d %s points", src.ID, ef.UpkeepPoints, ef.UpkeepPool))
					continue
				}
				p.Current -= ef.UpkeepPoints
				e.appendEvent(Event{Kind: KindUpkeep, Actor: src.ID, Target: c.ID,
					Summary: fmt.Sprintf("%s pays %d %s points keeping up %s (%d left)", src.ID, ef.UpkeepPoints, ef.UpkeepPool, ef.Name, p.Current)})
			}
			j++
		}
	}
}

func (e *Encounter) unknown(id string) error {
	ids := make([]string, len(e.Combatants))
	for i, c := range e.Combatants {
		ids[i] = c.ID
	}
	return &UnknownError{ID: id, Known: ids}
}

// UnknownError names a combatant id that is not in the fight.
type UnknownError struct {
	ID    string
	Known []string
}

// Refused marks an UnknownError as the user's fault (exit status 2).
func (e *UnknownError) Refused() {}

func (e *UnknownError) Error() string {
	return fmt.Sprintf("%q is not a combatant (%s)", e.ID, joinShort(e.Known, 12))
}

func joinShort(s []string, n int) string {
	if len(s) <= n {
		return fmtList(s)
	}
	return fmtList(s[:n]) + fmt.Sprintf(", and %d more", len(s)-n)
}

func fmtList(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
