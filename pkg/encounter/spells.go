package encounter

// Spells and psychic powers on the fight clock that are not one contest
// of a mental power: Illusion and Hallucinations (pp. 63-64, 67-68),
// Astral Projection and cancelling another's spell (p. 62), Bestow Gift's
// gifts (pp. 62-63). pkg/combat's spells.go decides every number; this
// file charges panels and pools and keeps the states.

import (
	"fmt"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"slices"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The effects of these spells.
const (
	EffectIllusion       = "illusion"
	EffectHallucinations = "hallucinations"
	EffectAstral         = combat.StateAstral
	EffectBestowGift     = "bestow-gift"
	EffectSummoning      = "summoning"
	EffectCancel         = "cancel" // not a state: the action cancelling a spell
)

// IsSpellEffect reports whether --effect names one of these spells.
func IsSpellEffect(name string) bool {
	switch name {
	case EffectIllusion, EffectHallucinations, EffectAstral, EffectBestowGift, EffectCancel:
		return true
	}
	return false
}

// spellOf reports whether a power use is one of these spells, held by the
// right power.
func spellOf(a ActionRecord) bool {
	switch a.Effect {
	case EffectHallucinations:
		return a.Power == rulebook.PowerPsychicAbility
	case EffectIllusion, EffectAstral, EffectBestowGift, EffectCancel:
		return a.Power == rulebook.PowerMagic
	}
	return false
}

// astralCap is the most magic points c may spend on one spell: 5 while
// projected (p. 62), else 0 (the pool's own cap).
func astralCap(c *Combatant) int {
	if findEffect(c, EffectAstral) >= 0 {
		return combat.AstralSpellCap
	}
	return 0
}

// checkAstralCap refuses a spell of more than 5 MP while c is projected.
func checkAstralCap(c *Combatant, pool string, cost int) error {
	if pool == "magic" && astralCap(c) > 0 && cost > combat.AstralSpellCap {
		return refusal.Errorf("%s is astrally projected: at most %d magic points on one spell, not %d (p. 62)", c.ID, combat.AstralSpellCap, cost)
	}
	return nil
}

// doSpell performs one of these spells on c's turn.
func (e *Encounter) doSpell(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if a.Pool != "" && a.Pool != map[bool]string{true: "psi", false: "magic"}[a.Power == rulebook.PowerPsychicAbility] {
		return refusal.Errorf("%s does not spend %s points", a.Effect, a.Pool)
	}
	if a.Effect != EffectCancel && a.Effect != EffectAstral && !combat.KnowsSpell(&c.Hero, a.Power, a.Effect) {
		return refusal.Errorf("%s does not know %s (its %s)", c.ID, a.Effect, a.Power)
	}
	if a.Gift != "" && a.Effect != EffectBestowGift {
		return refusal.Errorf("gift: only bestow-gift gives one")
	}
	if a.Spell != "" && a.Effect != EffectCancel {
		return refusal.Errorf("spell: only cancel names a spell")
	}
	if (a.Radius != 0 || a.Distance != 0) && a.Effect != EffectIllusion && a.Effect != EffectHallucinations {
		return refusal.Errorf("radius and distance go with an illusion or hallucinations")
	}
	if a.Hurt && (a.Effect != EffectHallucinations || target == nil) {
		return refusal.Errorf("hurt goes with --effect hallucinations --target ID")
	}
	switch a.Effect {
	case EffectAstral:
		return e.astral(ctx, c, a, n, steps)
	case EffectCancel:
		if target == nil {
			return refusal.Errorf("cancel needs the caster of the spell (--target ID)")
		}
		return e.cancelSpell(ctx, c, target, a, n, steps)
	case EffectBestowGift:
		if target == nil {
			target = c
		}
		return e.bestowGift(ctx, c, target, a, n, steps)
	case EffectHallucinations:
		if target != nil {
			return e.hallucinate(ctx, c, target, a, n, steps)
		}
	}
	return e.illusion(ctx, c, a, n, steps)
}

// charge takes a spell's cost from c's pool after the panels are spent.
func (e *Encounter) charge(c *Combatant, pool string, cost int) int {
	p := c.Hero.FindPool(pool)
	p.Current -= cost
	return p.Current
}

// illusion creates an Illusion (MP) or Hallucinations (psi) round c: 3, 7
// or 10 points by kind, +1 per further 2 m of radius or 20 m of distance
// (pp. 63, 67). An illusion lasts an hour or until cancelled;
// hallucinations while c concentrates (they end when c is out).
func (e *Encounter) illusion(ctx Ctx, c *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	pool, page := "magic", "pp. 63-64"
	if a.Effect == EffectHallucinations {
		pool, page = "psi", "pp. 67-68"
	}
	points, st, err := combat.IllusionCost(a.Mode, a.Radius, a.Distance)
	if err != nil {
		return err
	}
	if a.Points != 0 && a.Points != points {
		return refusal.Errorf("spend: this %s costs %d points, not %d (%s); leave --spend out", a.Effect, points, a.Points, page)
	}
	cost, cst, err := combat.SpellCharge(&c.Hero, a.Effect, pool, points, astralCap(c))
	if err != nil {
		return err
	}
	if findEffect(c, a.Effect) >= 0 {
		return refusal.Errorf("%s already keeps an %s going; cancel it first (`--do`, or another caster's cancel)", c.ID, a.Effect)
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	left := e.charge(c, pool, cost)
	steps = append(append(steps, st...), cst...)
	kind := a.Mode
	if kind == "" {
		kind = "visual"
	}
	radius, distance := max(a.Radius, combat.IllusionRadius), max(a.Distance, combat.IllusionDistance)
	e.appendEvent(Event{Kind: "action", Actor: c.ID, Panels: n, Steps: steps, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s creates a %s %s (%d m radius within %d m), spending %d %s points (%d left) (%s)", c.ID, kind, a.Effect, radius, distance, cost, pool, left, page)})
	note := "Illusion (pp. 63-64): lasts an hour or until cancelled; touched, it is passed through"
	if a.Effect == EffectHallucinations {
		note = "Hallucinations (pp. 67-68): while its maker concentrates; a touch or an attack by it is a psychic attack (--target ID)"
	}
	if err := e.AddEffect(ctx, c.ID, Effect{Name: a.Effect, Power: string(a.Power), Source: c.ID, Points: points, Spell: kind, Note: note}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// hallucinate makes c's hallucination attack target, or settles target
// touching it: a psychic attack (pp. 67-68); on a success target feels
// it and, with --hurt, takes 2d6+6 stamina (a two-handed blunt weapon's
// at most, no health); on a failure the illusion never blocks or hurts
// target again. The to-hit roll the book also asks for when the illusion
// attacks is the GM's (--hurt says it hit).
func (e *Encounter) hallucinate(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	i := findEffect(c, EffectHallucinations)
	if i < 0 {
		return refusal.Errorf("%s keeps no hallucination going: create one first (--effect hallucinations without --target)", c.ID)
	}
	if target == c {
		return refusal.Errorf("%s cannot make its hallucination attack itself", c.ID)
	}
	if slices.Contains(c.Effects[i].Immune, target.ID) {
		return refusal.Errorf("this hallucination can never block or hurt %s again: its psychic attack failed (p. 68)", target.ID)
	}
	if a.Points != 0 {
		return refusal.Errorf("spend: the hallucination was paid for when made")
	}
	if a.Resist {
		if ok, why := e.CanReact(target, c); !ok {
			return refusal.Errorf("%s cannot resist: %s", target.ID, why)
		}
	}
	rec := dice.NewRecorder(ctx.Roller)
	h, err := combat.Hallucinate(&c.Hero, &target.Hero, a.Hurt, a.Resist, a.AttackerHeroPoints, a.DefenderHeroPoints, rec)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	h.Contest.SpendHeroPoints(&c.Hero, &target.Hero)
	s := fmt.Sprintf("%s's hallucination on %s: will %d against %d", c.ID, target.ID, h.Contest.AttackerTotal, h.Contest.DefenderTotal)
	switch {
	case !h.Success:
		c.Effects[i].Immune = append(c.Effects[i].Immune, target.ID)
		s += ", it fails: passed through, never to block or hurt it again (p. 68)"
	case h.Stamina > 0:
		loseStamina(target, h.Stamina)
		s += fmt.Sprintf(", it hurts: %d stamina (%s, no health; stamina %d of %d) (p. 68)", h.Stamina, combat.HallucinationDamage, target.Hero.Stamina.Current, target.Hero.Stamina.Max)
	default:
		s += ", it is felt and blocks (p. 68)"
	}
	if a.Note != "" {
		s += ": " + a.Note
	}
	e.appendEvent(Event{Kind: "mental", Actor: c.ID, Target: target.ID, Panels: n, Summary: s, Steps: append(steps, h.Steps...),
		Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(h)})
	if a.Resist {
		e.chargeResist(target, c, string(rulebook.PsiHallucinations))
	}
	e.endAction(c)
	return nil
}

// astral projects c's spirit (p. 62): 5 MP and a double-panel; the spirit
// moves at twice c's movement and spends at most 5 MP a spell. Used again
// while projected it returns, as cancelling one's own spell: no effort,
// no panels.
func (e *Encounter) astral(ctx Ctx, c *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if i := findEffect(c, EffectAstral); i >= 0 {
		e.endEffect(c, i, "the spirit returns to its body, without effort (p. 62)")
		e.refreshAll()
		return nil
	}
	if !combat.KnowsSpell(&c.Hero, rulebook.PowerMagic, EffectAstral) {
		return refusal.Errorf("%s does not know astral-projection (its magic)", c.ID)
	}
	if a.Points != 0 && a.Points != combat.AstralCost {
		return refusal.Errorf("spend: astral projection costs %d MP (p. 62); leave --spend out", combat.AstralCost)
	}
	cost, cst, err := combat.SpellCharge(&c.Hero, EffectAstral, "magic", combat.AstralCost, 0)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	left := e.charge(c, "magic", cost)
	steps = append(steps, cst...)
	steps.Add("astral", "p. 62", "the spirit moves at %d× movement (%d m a panel), passes through walls, spends at most %d MP a spell; the body is comatose", combat.AstralMoveFactor, c.Hero.Combat.Movement*combat.AstralMoveFactor, combat.AstralSpellCap)
	e.appendEvent(Event{Kind: "action", Actor: c.ID, Panels: n, Steps: steps, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s projects its spirit, spending %d magic points (%d left): %d m a panel, at most %d MP a spell (p. 62)", c.ID, cost, left, c.Hero.Combat.Movement*combat.AstralMoveFactor, combat.AstralSpellCap)})
	if err := e.AddEffect(ctx, c.ID, Effect{Name: EffectAstral, Power: string(rulebook.PowerMagic), Source: c.ID, Points: combat.AstralCost,
		Note: "Astral Projection (p. 62): twice the movement, through walls; at most 5 MP a spell; noticed on d100 ≤ an observer's will (`fight notice`); the body is comatose"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// AstralNotice rolls whether observer notices the astral form of id
// looking its way: d100 at or under its will; Animal Senses see it
// without a roll (pp. 62, 74). It takes no panels.
//
// Dice: one d100 (none with Animal Senses).
func (e *Encounter) AstralNotice(ctx Ctx, observer, id string) (bool, error) {
	o, c := e.Find(observer), e.Find(id)
	if o == nil {
		return false, e.unknown(observer)
	}
	if c == nil {
		return false, e.unknown(id)
	}
	i := findEffect(c, EffectAstral)
	if i < 0 {
		return false, refusal.Errorf("%s is not astrally projected (p. 62)", c.ID)
	}
	if o == c {
		return false, refusal.Errorf("%s knows where its own spirit is", c.ID)
	}
	rec := dice.NewRecorder(ctx.Roller)
	v, ok, steps, err := combat.AstralNotice(&o.Hero, rec)
	if err != nil {
		return false, err
	}
	summary := fmt.Sprintf("%s looks towards %s's astral form", o.ID, c.ID)
	if v > 0 {
		summary += fmt.Sprintf(": d100 %d against will %d", v, o.Hero.Abilities.Final.Will)
	} else {
		summary += ": animal senses"
	}
	if ok {
		summary += ", noticed (p. 62)"
		if !slices.Contains(c.Effects[i].Noticed, o.ID) {
			c.Effects[i].Noticed = append(c.Effects[i].Noticed, o.ID)
		}
	} else {
		summary += ", not noticed (p. 62)"
	}
	ev := Event{Kind: "notice", Actor: o.ID, Target: c.ID, Summary: summary, Dice: rec.Rolls(), Steps: steps}
	if len(ev.Dice) > 0 {
		ev.Seed = ctx.Seed
	}
	e.appendEvent(ev)
	return ok, nil
}

// spellState is the effect a cancellable spell leaves ("" for a spell
// that cannot be cancelled).
func spellState(spell string) string {
	switch rulebook.PowerID(spell) {
	case rulebook.SpellHypnotism:
		return EffectHypnotised
	case rulebook.SpellRestraint:
		return EffectBound
	case rulebook.SpellMysticShield:
		return EffectMysticShield
	case rulebook.SpellBestowGift:
		return EffectBestowGift
	case rulebook.SpellSummoning:
		return EffectSummoning
	case rulebook.SpellIllusion:
		return EffectIllusion
	case rulebook.SpellAstralProjection:
		return EffectAstral
	}
	return ""
}

// castBy finds the state of spell that caster keeps (the first in the
// fight's order): its holder and index.
func (e *Encounter) castBy(caster *Combatant, spell string) (*Combatant, int) {
	name := spellState(spell)
	for ci := range e.Combatants {
		h := &e.Combatants[ci]
		for i, ef := range h.Effects {
			if ef.Name != name || ef.Source != caster.ID {
				continue
			}
			if (rulebook.PowerID(spell) == rulebook.SpellHypnotism && ef.PowerID() != rulebook.PowerMagic) || (rulebook.PowerID(spell) == rulebook.SpellRestraint && ef.PowerID() != rulebook.SpellRestraint) {
				continue
			}
			return h, i
		}
	}
	return nil, -1
}

// cancelSpell is c cancelling caster's spell (p. 62): a double-panel, the
// points casting it costs (c's own speciality half), win or lose, and a
// magic attack on the caster; on a success the spell's state ends.
//
// Dice: c's d20, the caster's d20, the resist 1d6.
func (e *Encounter) cancelSpell(ctx Ctx, c, caster *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if caster == c {
		return refusal.Errorf("%s cancels its own spells without effort: end it with `fight effect --end` (p. 62)", c.ID)
	}
	if a.Spell == "" {
		return refusal.Errorf("spell: name the spell to cancel (--spell NAME)")
	}
	in := combat.CancelInput{Spell: a.Spell, Points: a.Points, Resist: a.Resist, Cap: astralCap(c),
		AttackerHeroPoints: a.AttackerHeroPoints, DefenderHeroPoints: a.DefenderHeroPoints}
	if spellState(in.Spell) == "" {
		_, err := combat.CancelSpell(&c.Hero, &caster.Hero, in, dice.NewRecorder(ctx.Roller))
		if err == nil {
			err = refusal.Errorf("%q cannot be cancelled", a.Spell)
		}
		return err
	}
	holder, i := e.castBy(caster, in.Spell)
	if holder == nil {
		return refusal.Errorf("%s keeps no %s going to cancel", caster.ID, in.Spell)
	}
	ef := holder.Effects[i]
	switch {
	case ef.Points > 0:
		in.Points = ef.Points
	case rulebook.PowerID(in.Spell) == rulebook.SpellRestraint && ef.Strength > 0:
		in.Points = ef.Strength / 10
	}
	if a.Resist {
		if ok, why := e.CanReact(caster, c); !ok {
			return refusal.Errorf("%s cannot resist: %s", caster.ID, why)
		}
	}
	rec := dice.NewRecorder(ctx.Roller)
	res, err := combat.CancelSpell(&c.Hero, &caster.Hero, in, rec)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	left := e.charge(c, "magic", res.Cost)
	res.Contest.SpendHeroPoints(&c.Hero, &caster.Hero)
	s := fmt.Sprintf("%s tries to cancel %s's %s on %s, spending %d magic points (%d left): will %d against %d", c.ID, caster.ID, res.Spell, holder.ID,
		res.Cost, left, res.Contest.AttackerTotal, res.Contest.DefenderTotal)
	s += map[bool]string{true: ", cancelled (p. 62)", false: ", the spell holds (p. 62)"}[res.Success]
	if a.Note != "" {
		s += ": " + a.Note
	}
	e.appendEvent(Event{Kind: "mental", Actor: c.ID, Target: caster.ID, Panels: n, Summary: s, Steps: append(steps, res.Steps...),
		Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(res)})
	if a.Resist {
		e.chargeResist(caster, c, "the cancelling of "+res.Spell)
	}
	if res.Success {
		e.endEffect(holder, i, fmt.Sprintf("cancelled by %s (p. 62)", c.ID))
	}
	e.endAction(c)
	return nil
}

// bestowGift casts Bestow Gift on target (c itself when none, p. 63): 5
// MP and a double-panel, then 5 MP and a panel a page; the gift's power
// or strength goes on target while it lasts, and comes off when it ends
// (endEffect). Each target benefits from each gift once.
//
// Dice: the strength gift's 1d6.
func (e *Encounter) bestowGift(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if a.Gift == "" {
		return refusal.Errorf("gift: name the gift (%s, p. 63)", combat.GiftSlugs())
	}
	g, ok := combat.FindGift(a.Gift)
	if !ok {
		return refusal.Errorf("gift: unknown gift %q (%s, p. 63)", a.Gift, combat.GiftSlugs())
	}
	for _, ef := range target.Effects {
		if ef.Gift != nil && ef.Gift.Gift == g.Slug {
			return refusal.Errorf("%s already has the %s gift: each target benefits from each gift once (p. 63)", target.ID, g.Slug)
		}
	}
	if a.Points != 0 && a.Points != 5 {
		return refusal.Errorf("spend: bestow gift costs 5 MP (p. 62); leave --spend out")
	}
	cost, cst, err := combat.SpellCharge(&c.Hero, EffectBestowGift, "magic", 5, astralCap(c))
	if err != nil {
		return err
	}
	if err := e.canSpend(c, n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	ch, err := combat.Bestow(&target.Hero, g.Slug, rec)
	if err != nil {
		return err
	}
	if err := martialGift(&target.Hero, ch); err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	recondition(target)
	left := e.charge(c, "magic", cost)
	steps = append(append(steps, cst...), ch.Steps...)
	s := fmt.Sprintf("%s bestows %s on %s, spending %d magic points (%d left)", c.ID, combat.GiftText(g.Slug), target.ID, cost, left)
	if ch.Strength > 0 {
		s += fmt.Sprintf(": strength %d", target.Hero.Abilities.Final.Strength)
	}
	s += "; 5 MP and a panel a page to keep it (pp. 62-63)"
	ev := Event{Kind: "action", Actor: c.ID, Target: target.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Details: mustJSON(a), Summary: s}
	if len(ev.Dice) > 0 {
		ev.Seed = ctx.Seed
	}
	e.appendEvent(ev)
	ef, _ := PresetEffect(EffectBestowGift)
	ef.Source, ef.Points, ef.Gift = c.ID, 5, &ch
	if err := e.AddEffect(ctx, target.ID, ef); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// martialGift re-derives the figures Martial Arts decides (the unarmed
// attacks' strike class and damage, the parries, the dodge, pp. 65-66)
// when the combat-prowess gift comes or goes (p. 63), as `hero derive`
// would: the combat figures are derived on a copy, rolling nothing, and
// only those are taken from it.
func martialGift(h *hero.Hero, ch combat.GiftChange) error {
	if ch.Gift != combat.GiftCombat || !ch.PowerAdded {
		return nil
	}
	b, err := hero.Encode(h)
	if err != nil {
		return err
	}
	d, err := hero.DecodeDraft(b)
	if err != nil {
		return err
	}
	chargen.DeriveCombat(d, chargen.Options{Quiet: true})
	h.Combat.Attacks, h.Combat.Parries = d.Combat.Attacks, d.Combat.Parries
	h.Combat.CanDodge, h.Combat.DodgeBonus = d.Combat.CanDodge, d.Combat.DodgeBonus
	return nil
}

// unbestow takes a gift off h, and the figures it changed.
func unbestow(h *hero.Hero, ch combat.GiftChange) ruling.Steps {
	steps := combat.Unbestow(h, ch)
	if err := martialGift(h, ch); err != nil {
		steps.Add("gift", "p. 63", "the martial arts figures were not re-derived: %v", err)
	}
	return steps
}

// hasGift reports whether c holds a Bestow Gift of that gift.
func hasGift(c *Combatant, gift string) bool {
	for _, ef := range c.Effects {
		if ef.Gift != nil && ef.Gift.Gift == gift {
			return true
		}
	}
	return false
}
