package encounter

// Powers in play on the fight clock: the lasting states and the states
// mental attacks leave, as effects. The bound state of Snare and
// Restraint is power_snare.go's, Mind Control's check power_mindcontrol.go's.

import (
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// loseHealth takes health a power costs its user (Teleport carrying mass,
// p. 76) and sets its conditions.
func loseHealth(c *Combatant, n int) {
	if n <= 0 {
		return
	}
	c.Hero.Health.Current -= n
	recondition(c)
}

// loseStamina takes stamina a power costs its user (Teleport) and
// updates its conditions.
func loseStamina(c *Combatant, n int) {
	if n <= 0 {
		return
	}
	c.Hero.Stamina.Current -= n
	recondition(c)
}

// cooldownText says until when a power cannot be used.
func cooldownText(until int) string {
	if until >= RestOfFight {
		return "in this fight (an hour per point of its health, p. 59)"
	}
	return fmt.Sprintf("until page %d (p. 61)", until)
}

// EffectInvisible is the state of a combatant who has turned invisible.
const EffectInvisible = "invisible"

// The states a mental attack or a spell leaves on its target (Psychic
// Ability and Magic, pp. 63, 67-69). They are ordinary effects: Source is
// the attacker, MaxPages a duration in pages that `fight end-page` ticks
// (0: until broken or ended), and the fight breaks or ends them as the
// book says (see breaksOnStamina and the pool refill).
const (
	// EffectControlled: mind-controlled (Mind Control, the mind control
	// device; the contest's "mind-control" effect is its upkeep form).
	EffectControlled = "controlled"
	// EffectHypnotised and EffectDrained: see contests.go.
)

// breaksOnStamina reports the states that 20 stamina damage in one
// attack, or a knockout, breaks (pp. 63, 68).
func breaksOnStamina(name string) bool {
	switch name {
	case combat.StateMindControl, EffectControlled, EffectHypnotised:
		return true
	}
	return false
}

// lastsByItself reports the states that need no concentration and so
// outlast their source going out of the fight: a binding (p. 64), a force
// shield (p. 60), the lasting states a power switches on (grown, shrunk,
// denser, lighter, phased, invisible, camouflaged: pp. 52, 54, 60-61, 66,
// 70) and a drained pool (p. 68). Hypnotism and mind control end with
// their controller.
func lastsByItself(name string) bool {
	if _, ok := combat.StateByName(name); ok {
		return true
	}
	switch name {
	case EffectBound, EffectForceShield, EffectDrained, EffectTransmuted, EffectFluidShield, EffectIllusion, EffectAstral:
		// An illusion lasts an hour (p. 64), a projection until the
		// spirit returns (p. 62).
		return true
	}
	return false
}

// stateNames are the names of c's lasting states that act on attacks,
// for combat.ApplyStates.
func stateNames(c *Combatant) []string {
	var names []string
	for _, ef := range c.Effects {
		if ef.Name == combat.StatePhased && ef.Rephased {
			continue // partially re-phased: hurt normally (p. 66)
		}
		names = append(names, ef.Name)
	}
	return names
}

// findEffect returns the index of c's effect name, or -1.
func findEffect(c *Combatant, name string) int {
	for i, ef := range c.Effects {
		if ef.Name == name {
			return i
		}
	}
	return -1
}

// stateSwitch is a lasting state a `fight act --power` switches on or off.
type stateSwitch struct {
	info combat.StateInfo
	on   bool
	// replace is the state of the same power it replaces (denser and
	// lighter), -1 for none.
	replace int
}

// stateFor works out which lasting state a power action switches: Growth,
// Shrinking, Phasing, Invisibility and Camouflage switch theirs on or off;
// Density Control (Self) goes denser or lighter with --effect and back to
// normal without. ok is false when the action is not a state switch.
func stateFor(c *Combatant, a ActionRecord) (stateSwitch, bool, error) {
	if a.Kind != ActPower {
		return stateSwitch{}, false, nil
	}
	if sw := powerRules()[a.Power].Switch; sw != nil {
		return sw(c, a)
	}
	if a.Effect != "" {
		return stateSwitch{}, false, nil
	}
	info, ok := combat.StateOfPower(a.Power)
	if !ok {
		return stateSwitch{}, false, nil
	}
	on := findEffect(c, info.Name) < 0
	if check := powerRules()[info.Power].SwitchOn; on && check != nil {
		if err := check(c); err != nil {
			return stateSwitch{}, false, err
		}
	}
	return stateSwitch{info: info, on: on, replace: -1}, true, nil
}

// switchState switches c's lasting state on or off after its panels are
// spent, logging it; growing and shrinking back change the abilities and
// tracks (pp. 60-61).
//
// Dice: growing the first time rolls the extra health and stamina.
func (e *Encounter) switchState(ctx Ctx, c *Combatant, s stateSwitch) error {
	if s.replace >= 0 {
		e.endEffect(c, s.replace, "replaced by "+s.info.Name)
	}
	if !s.on {
		e.endEffect(c, findEffect(c, s.info.Name), powerRules()[s.info.Power].SwitchedOff)
		e.refreshAll()
		return nil
	}
	ef := stateEffect(s.info.Name, c.ID)
	if on := powerRules()[s.info.Power].SwitchedOn; on != nil {
		if err := on(e, ctx, c); err != nil {
			return err
		}
	}
	return e.AddEffect(ctx, c.ID, ef)
}

// stateEffect is the effect of a lasting state on combatant id, kept up by
// itself.
func stateEffect(name, id string) Effect {
	ef, ok := PresetEffect(name)
	if !ok {
		info, _ := combat.StateByName(name)
		ef = Effect{Name: name, Power: string(info.Power), Note: fmt.Sprintf("%s (%s)", info.Text, info.Page)}
	}
	ef.Source = id
	return ef
}

// HeroFile is c's hero as the fight has left it, with its own lasting
// states back in the file's states list (a partially re-phased combatant
// is still phased on file).
func (c *Combatant) HeroFile() *hero.Hero {
	h := c.Hero
	h.Powers = slices.Clone(h.Powers)
	h.Abilities.Modifiers = slices.Clone(h.Abilities.Modifiers)
	for _, ef := range c.Effects {
		if ef.Gift != nil {
			// A gift lasts only while its caster keeps it up in the
			// fight (5 MP a page, p. 62): the file keeps its own scores.
			unbestow(&h, *ef.Gift)
		}
	}
	h.States = nil
	imposed := h.ImposedStates
	h.ImposedStates = nil
	for _, ef := range c.Effects {
		if _, ok := hero.StatePowers()[ef.Name]; ok && ef.Source == c.ID {
			h.States = append(h.States, ef.Name)
		}
		name := map[string]string{combat.StateMindControl: hero.ImposedMindControl, EffectControlled: hero.ImposedMindControl,
			EffectHypnotised: hero.ImposedHypnotised, EffectDrained: hero.ImposedDrained, EffectBound: hero.ImposedBound}[ef.Name]
		if name == "" || slices.ContainsFunc(h.ImposedStates, func(s hero.ImposedState) bool { return s.Name == name }) {
			continue
		}
		st := hero.ImposedState{Name: name, Power: ef.Power, Source: ef.Source, Strength: ef.Strength}
		if ef.Source == c.ID {
			// Brought into the fight from the file: its source as written.
			for _, old := range imposed {
				if old.Name == name {
					st.Source = old.Source
				}
			}
		}
		if ef.EscapeChance != nil {
			st.EscapeChance = *ef.EscapeChance
		}
		if name == hero.ImposedDrained {
			st.Pool, st.Power = ef.Power, string(rulebook.PowerPsychicAbility)
		}
		h.ImposedStates = append(h.ImposedStates, st)
	}
	return &h
}

// imposedEffect is the effect a state another's power left on a hero file
// becomes on combatant id at the start of a fight: kept by the holder
// itself, with no upkeep (its source is not paying for it here), ended as
// the fight ends such states (20 stamina damage, a knockout, a refill, an
// escape roll).
func imposedEffect(st hero.ImposedState, id string) Effect {
	from := ""
	if st.Source != "" {
		from = " from " + st.Source
	}
	switch st.Name {
	case hero.ImposedMindControl:
		ef, _ := PresetEffect(combat.StateMindControl)
		ef.UpkeepPanels, ef.UpkeepPoints, ef.UpkeepPool = 0, 0, ""
		ef.Source, ef.Note = id, "mind-controlled"+from+" before the fight (p. 68): half its panels; broken by 20 stamina damage or a knockout"
		return ef
	case hero.ImposedDrained:
		return Effect{Name: EffectDrained, Power: st.Pool, Source: id, Note: fmt.Sprintf("Psychic Drain%s (p. 69): %s pool empty; no stamina recovery until it has points again", from, st.Pool)}
	case hero.ImposedBound:
		chance := st.EscapeChance
		return Effect{Name: EffectBound, Power: st.Power, Source: id, NoMove: true, EscapeChance: &chance, Strength: st.Strength,
			Note: "bound" + from + " (p. 64): cannot move; +4 to hit it; rolls to break free at each end of page"}
	}
	return Effect{Name: EffectHypnotised, Power: st.Power, Source: id, Note: "hypnotised" + from + " (pp. 53, 63): broken by 20 stamina damage, a knockout or another mind control"}
}

// DangerSense rolls a combatant's Danger Sense warning when there is
// danger (p. 54): a d100 at or under 90 warns it. It takes no panels.
//
// Dice: one d100.
func (e *Encounter) DangerSense(ctx Ctx, id, what string) (bool, error) {
	c := e.Find(id)
	if c == nil {
		return false, e.unknown(id)
	}
	rec := dice.NewRecorder(ctx.Roller)
	v, ok, steps, err := combat.DangerSense(&c.Hero, rec)
	if err != nil {
		return false, err
	}
	summary := fmt.Sprintf("%s's danger sense: %d against %d%%, ", id, v, combat.DangerSenseChance)
	if ok {
		summary += "warned that something is wrong"
	} else {
		summary += "no warning"
	}
	if what != "" {
		summary += ": " + what
	}
	e.appendEvent(Event{Kind: KindDangerSense, Actor: id, Summary: summary, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps})
	return ok, nil
}
