package encounter

// Magic (pp. 62-65) in a fight: `fight act --power magic --effect SPELL`.
// Magic's row of powerRules hands each spell on whole from its Begin
// hook: the Mystic Shield (power_mysticshield.go), Illusion
// (power_illusion.go), Astral Projection (power_astral.go), Bestow Gift
// (power_bestowgift.go), cancelling another's spell (here), and the
// spells that are a contest with their target, Hypnotism
// (power_mindcontrol.go) and Restraint (here: its binding is the bound
// state Snare's binding leaves, power_snare.go), through the mental
// powers' path (doMental, contests.go). pkg/combat's power_magic.go and
// its fellows decide every number; these files charge panels and pools
// and keep the states.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// magicRule is Magic's row of powerRules.
var magicRule = powerRule{
	Begin: func(d *doing) error {
		if d.a.Effect == EffectMysticShield {
			return d.handled(d.e.mysticShield(d.ctx, d.c, d.target, d.a, d.n, d.steps))
		}
		return d.mentalUse()
	},
}

// restraintRule is the Restraint spell's share of the mental powers'
// path (p. 64): a success binds its target as a Snare binding does
// (bind, power_snare.go), strength 10 a magic point.
var restraintRule = powerRule{Mental: &mentalRule{
	Outcome: func(*Combatant, *combat.MentalResult) string { return " (p. 64)" },
	Leaves: func(e *Encounter, _ Ctx, c, def *Combatant, res *combat.MentalResult) error {
		if res.Restraint == nil {
			return nil
		}
		return e.bind(c, def, rulebook.SpellRestraint, res.Points)
	},
}}

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
	e.appendEvent(Event{Kind: KindMental, Actor: c.ID, Target: caster.ID, Panels: n, Summary: s, Steps: append(steps, res.Steps...),
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
