package encounter

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Ctx is what a change to an encounter needs besides the encounter: the
// dice and the seed to record on events that rolled them.
type Ctx struct {
	Roller dice.Roller
	// Seed is the roller's seed when seeded (nil for the GM's own dice).
	Seed *uint64
	// HeroPoints are the hero points each combatant (by id) may spend on
	// this command's rolls (p. 14; initiative, end of page); the map is
	// decremented as they are spent (see heroRoll). Nil spends none.
	HeroPoints map[string]int
}

// BasePanels returns a combatant's normal panels per page before
// conditions and effects: PanelsBase when set, else the hero file's
// panels_per_page, else 4 for a hero or villain and 2 for anyone mundane
// or summoned (p. 29), capped at 2 for a duplicate (p. 54).
func (c *Combatant) BasePanels() (int, string) {
	n, why := c.PanelsBase, c.PanelsNote
	if n == 0 {
		n, why = c.Hero.InPlay().Combat.PanelsPerPage, "hero file"
	}
	if n == 0 {
		switch c.Hero.Kind {
		case hero.KindMundane:
			n, why = rulebook.PanelsMundane, "mundane (p. 29)"
		case hero.KindSummoned:
			n, why = rulebook.SummonedPanels, "summoned creature (p. 65)"
		default:
			n, why = rulebook.PanelsHero, "costumed hero or villain (p. 29)"
		}
	}
	if c.DuplicateOf != "" && n > rulebook.DuplicatePanels {
		n, why = rulebook.DuplicatePanels, "duplicate (p. 54)"
	}
	return n, why
}

// EffectivePanels returns the panels per page a combatant gets now, with
// the reasons: its base panels, 0 when out of the fight or immobilised, at
// most 2 when stunned (p. 38), halved (rounded as opts say) by each effect
// that halves panels (Density Control, Gravity, Mind Control; pp. 54, 57,
// 68).
func (c *Combatant) EffectivePanels(opts Options) (int, []string) {
	var why []string
	n := c.effectivePanels(opts, &why)
	return n, why
}

// effectivePanels is EffectivePanels, adding the reasons to why unless it
// is nil (a simulated fight keeps no record of them).
func (c *Combatant) effectivePanels(opts Options, why *[]string) int {
	n, base := c.BasePanels()
	if why != nil {
		*why = append(*why, fmt.Sprintf("%d base (%s)", n, base))
	}
	if c.Out() {
		if why != nil {
			*why = append(*why, "0: "+c.OutState())
		}
		return 0
	}
	if c.Hero.Kind == hero.KindSummoned && !c.instructed() {
		if why != nil {
			*why = append(*why, "0: a summoned creature not instructed this page does not act (p. 65)")
		}
		return 0
	}
	for _, ef := range c.Effects {
		if ef.Immobilised {
			if why != nil {
				*why = append(*why, fmt.Sprintf("0: immobilised by %s ×%d (pp. 54, 57)", ef.Name, ef.Multiplier))
			}
			return 0
		}
	}
	if c.Hero.Condition.Stunned && n > rulebook.PanelsStunned {
		n = rulebook.PanelsStunned
		if why != nil {
			*why = append(*why, fmt.Sprintf("%d: stunned (p. 38)", n))
		}
	}
	for _, ef := range c.Effects {
		if ef.HalvesPanels {
			n = halve(n, opts.HalfPanels)
			if why != nil {
				*why = append(*why, fmt.Sprintf("%d: half for %s", n, ef.Name))
			}
		}
	}
	return n
}

// panelsNow is c's panels per page now, with the reasons unless the fight
// keeps no record.
func (e *Encounter) panelsNow(c *Combatant) (int, []string) {
	if e.batch != nil {
		return c.effectivePanels(e.Options, nil), nil
	}
	return c.EffectivePanels(e.Options)
}

// halve halves panels per page: rounding down with a minimum of 1, or up.
func halve(n int, mode string) int {
	if n <= 0 {
		return 0
	}
	if mode == "up" {
		return (n + 1) / 2
	}
	if n/2 < 1 {
		return 1
	}
	return n / 2
}

// instructed reports whether a summoned creature has a caster keeping it
// instructed (the "summoning" effect).
func (c *Combatant) instructed() bool {
	for _, ef := range c.Effects {
		if ef.Name == EffectSummoning {
			return true
		}
	}
	return false
}

// CanMove reports whether the combatant may take a move action, and why
// not: stunned characters cannot move (p. 38), nor immobilised or
// impervious ones, nor the grappled (p. 42).
func (c *Combatant) CanMove() (bool, string) {
	k := c.Hero.Condition
	switch {
	case c.Out():
		return false, c.OutState()
	case k.Stunned:
		return false, "stunned characters cannot move (p. 38)"
	case k.Grappled:
		return false, "grappled characters can only try to escape (p. 42)"
	}
	for _, ef := range c.Effects {
		if ef.Immobilised || ef.NoMove {
			return false, fmt.Sprintf("%s: cannot move", ef.Name)
		}
	}
	return true, ""
}

// hasSuperSpeed reports whether super speed puts a combatant first on its
// side (p. 75).
func (c *Combatant) hasSuperSpeed() bool { return c.Hero.PowerRank(rulebook.PowerSuperSpeed) > 0 }

// NeverSurprised reports whether a combatant is never surprised: Danger
// Sense (p. 54) or the Animal Senses super sense (p. 74). The rule lives in
// pkg/combat (combat.NeverSurprised), which `spandex attack --surprise`
// uses too.
func (c *Combatant) NeverSurprised() bool { return combat.NeverSurprised(&c.Hero) }

// HasFreeReactions reports whether a combatant gets the four free
// reactions a page against strike class 0-1 attacks (p. 31): the rule
// lives in pkg/combat (combat.GetsFreeReactions), so the fight clock and
// `spandex attack` cannot disagree.
func (c *Combatant) HasFreeReactions() bool { return combat.GetsFreeReactions(&c.Hero) }

// inPhase reports whether a combatant's side takes turns in the phase.
func (e *Encounter) inPhase(c *Combatant) bool {
	switch e.Phase {
	case PhaseSurprise:
		return c.Side == e.Surprise
	case PhaseAdvance, PhaseRemainder:
		return e.Initiative != nil && c.Side == e.Initiative.Winner
	case PhaseLosers:
		return e.Initiative != nil && c.Side != e.Initiative.Winner
	}
	return false
}

// PhaseLeft returns the panels a combatant may still take in the current
// phase: in the advance phase the winners' advance panels (capped by their
// panels per page) plus any saved panel, in the other phases everything
// left this page (p. 30).
func (e *Encounter) PhaseLeft(c *Combatant) int {
	if !e.inPhase(c) || c.Out() {
		return 0
	}
	left := c.Panels.Left()
	if e.Phase == PhaseAdvance {
		adv := min(e.Initiative.Advance, c.Panels.PerPage) + c.Panels.Saved - c.Panels.Spent()
		left = min(left, max(adv, 0))
	}
	return left
}

// order returns the combatants taking turns in the current phase, in
// acting order: Super Speed first (p. 75), then highest agility (p. 30),
// then file order.
func (e *Encounter) order() []*Combatant {
	var keys []actingKey
	var out []*Combatant
	if e.batch != nil {
		keys, out = e.batch.orderKeys[:0], e.batch.order[:0]
	}
	for i := range e.Combatants {
		if c := &e.Combatants[i]; e.inPhase(c) {
			keys = append(keys, keyOf(c))
		}
	}
	slices.SortStableFunc(keys, actingOrder)
	for _, k := range keys {
		out = append(out, k.c)
	}
	if e.batch != nil {
		e.batch.orderKeys, e.batch.order = keys, out
	}
	return out
}

// actingKey is what places a combatant in the acting order, read once
// for each ordering rather than at every comparison (Super Speed is a
// search of the power list).
type actingKey struct {
	c          *Combatant
	superSpeed bool
	agility    int
}

func keyOf(c *Combatant) actingKey {
	return actingKey{c: c, superSpeed: c.hasSuperSpeed(), agility: c.Hero.Abilities.Final.Agility}
}

// actingOrder orders two combatants of a side: Super Speed first (p. 75),
// then the higher agility (p. 30); a stable sort keeps file order.
func actingOrder(a, b actingKey) int {
	if a.superSpeed != b.superSpeed {
		if a.superSpeed {
			return -1
		}
		return 1
	}
	return cmp.Compare(b.agility, a.agility)
}

// speedOrder explains a side's acting order when Super Speed puts someone
// first (p. 75): "" when nobody on the side still fighting has it.
func (e *Encounter) speedOrder(side string) string {
	var cs []actingKey
	fast := false
	for i := range e.Combatants {
		c := &e.Combatants[i]
		if c.Side == side && !c.Out() {
			k := keyOf(c)
			cs = append(cs, k)
			fast = fast || k.superSpeed
		}
	}
	if !fast {
		return ""
	}
	slices.SortStableFunc(cs, actingOrder)
	parts := make([]string, len(cs))
	for i, k := range cs {
		c := k.c
		why := fmt.Sprintf("agility %d", c.Hero.Abilities.Final.Agility)
		if k.superSpeed {
			why = "Super Speed: before the others on its side whatever their agility"
		}
		parts[i] = fmt.Sprintf("%s (%s)", c.ID, why)
	}
	return "acting order " + fmtList(parts)
}

// Current returns the combatant whose turn it is, or nil between phases
// (roll initiative, end the page).
func (e *Encounter) Current() *Combatant {
	if !e.Phase.acting() {
		return nil
	}
	for _, c := range e.order() {
		if !c.Panels.Done && e.PhaseLeft(c) > 0 {
			return c
		}
	}
	return nil
}

// settle moves the page along: the next combatant in order pays back what
// it owes from its panels, combatants with nothing left are done, and an
// empty phase gives way to the next (advance → losers → remainder → end).
func (e *Encounter) settle() {
	for e.Phase.acting() {
		if e.firstReady() != nil {
			return
		}
		switch e.Phase {
		case PhaseSurprise:
			return // the surprise round ends with the first initiative roll
		case PhaseAdvance:
			e.setPhase(PhaseLosers)
		case PhaseLosers:
			e.setPhase(PhaseRemainder)
		case PhaseRemainder:
			e.setPhase(PhaseEnd)
		}
	}
}

func (e *Encounter) firstReady() *Combatant {
	for _, c := range e.order() {
		if c.Panels.Done {
			continue
		}
		e.repay(c)
		if e.PhaseLeft(c) == 0 {
			c.Panels.Done = true
			continue
		}
		return c
	}
	return nil
}

func (e *Encounter) setPhase(p Phase) {
	e.Phase = p
	for i := range e.Combatants {
		e.Combatants[i].Panels.Done = false
	}
}

// repay pays a combatant's owed panels out of the panels it may take now
// (p. 31: "not used until the character next gets to use their panels").
func (e *Encounter) repay(c *Combatant) {
	if c.Panels.Owed == 0 {
		return
	}
	n := min(c.Panels.Owed, e.PhaseLeft(c))
	if n == 0 {
		return
	}
	c.Panels.Owed -= n
	c.Panels.Used += n
	e.panelsPassed(c, n)
	e.record(func() Event {
		return Event{Kind: KindRepay, Actor: c.ID, Panels: n,
			Summary: fmt.Sprintf("%s pays back %s spent in advance (%d still owed)", c.ID, plural(n, "panel"), c.Panels.Owed)}
	})
}

// refresh lowers a combatant's panels per page mid-page when its condition
// or effects now give fewer (stunned, knocked out, mass doubled); at the
// start of a page use beginPanels.
func (e *Encounter) refresh(c *Combatant) {
	n, why := e.panelsNow(c)
	if n < c.Panels.PerPage {
		c.Panels.PerPage = n
		c.Panels.Why = why
	}
}

// refreshAll refreshes every combatant and settles the page.
func (e *Encounter) refreshAll() {
	for i := range e.Combatants {
		e.refresh(&e.Combatants[i])
	}
	e.settle()
}

// beginPanels sets a combatant's panel account for a new page.
func (e *Encounter) beginPanels(c *Combatant) {
	c.Panels.PerPage, c.Panels.Why = e.panelsNow(c)
	c.Panels.Used, c.Panels.Forfeited, c.Panels.Held = 0, 0, 0
	c.Panels.FreeReactions = 0
	c.Panels.Done = false
}

// record appends the event that build makes to the log; in a simulated
// fight, which keeps no log, build is never called, so nothing is
// formatted.
func (e *Encounter) record(build func() Event) {
	if e.batch == nil {
		e.appendEvent(build())
	}
}

// appendEvent appends ev to the log (nothing in a simulated fight).
func (e *Encounter) appendEvent(ev Event) {
	if e.batch != nil {
		return
	}
	ev.Seq = 1
	if n := len(e.Log); n > 0 {
		ev.Seq = e.Log[n-1].Seq + 1
	}
	ev.Page = e.Page
	if ev.Phase == "" {
		ev.Phase = e.Phase
	}
	e.Log = append(e.Log, ev)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
