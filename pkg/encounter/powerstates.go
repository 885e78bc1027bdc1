package encounter

// Powers in play on the fight clock: Teleport as a move (pp. 76-77), mind
// control as a will contest (pp. 43, 67-69) and the bound state of Snare
// and Restraint with its escape roll each page (pp. 64, 72). The numbers
// come from pkg/combat (Teleport, Contest, RestraintOn, EscapeRoll).

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// EffectBound is the state of a combatant bound by Snare or Restraint.
const EffectBound = "bound"

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

// mindControlCheck refuses a mind control the book does not allow: no
// target, on oneself, or more targets than one per six will (p. 68). The
// cost is combat.Mental's.
func (e *Encounter) mindControlCheck(c, target *Combatant) error {
	if target == nil {
		return refusal.Errorf("mind control needs a target (--target ID)")
	}
	if target == c {
		return refusal.Errorf("%s cannot mind-control itself", c.ID)
	}
	held := 0
	for i := range e.Combatants {
		for _, ef := range e.Combatants[i].Effects {
			if ef.Name == combat.StateMindControl && ef.Source == c.ID {
				held++
				if e.Combatants[i].ID == target.ID {
					return refusal.Errorf("%s already controls %s", c.ID, target.ID)
				}
			}
		}
	}
	will := c.Hero.Abilities.Final.Will
	if most := combat.MindControlTargets(will); held >= most {
		return refusal.Errorf("%s controls %d already, the most for will %d (one per 6 will, at least one, p. 68)", c.ID, held, will)
	}
	return nil
}

// bind puts the bound state on def after a Snare binding (or Restraint)
// hit it with points spent: the escape chance and the panels it loses at
// once (p. 64), or freedom at once.
func (e *Encounter) bind(att, def *Combatant, power rulebook.PowerID, points int) error {
	r, err := combat.RestraintOn(&def.Hero, points)
	if err != nil {
		return err
	}
	summary := fmt.Sprintf("%s is bound by %s's %s (strength %d, escape chance %d%%)", def.ID, att.ID, power, r.Strength, r.Chance)
	switch {
	case r.Automatic:
		e.appendEvent(Event{Kind: "effect", Actor: att.ID, Target: def.ID, Steps: r.Steps, Details: mustJSON(r),
			Summary: summary + fmt.Sprintf("; %s teleports or phases out at once (p. 64)", def.ID)})
		return nil
	case r.Free:
		e.appendEvent(Event{Kind: "effect", Actor: att.ID, Target: def.ID, Steps: r.Steps, Details: mustJSON(r),
			Summary: summary + "; breaks free at once (p. 64)"})
		return nil
	}
	for i, ef := range def.Effects {
		if ef.Name == EffectBound {
			def.Effects = append(def.Effects[:i], def.Effects[i+1:]...)
			break
		}
	}
	chance := r.Chance
	def.Effects = append(def.Effects, Effect{Name: EffectBound, Power: string(power), Source: att.ID, Since: e.Page, NoMove: true,
		EscapeChance: &chance, Strength: r.Strength, Note: "Snare / Restraint (pp. 64, 72): cannot move; +4 to hit it"})
	if r.PanelsLost > 0 {
		def.Panels.Owed += r.PanelsLost
		summary += fmt.Sprintf("; loses its next %s (%d owed in all)", plural(r.PanelsLost, "panel"), def.Panels.Owed)
	}
	if e.Options.EscapeRolls == EscapeRollsPage {
		summary += "; rolls to break free at each end of page"
	} else {
		summary += "; a double-panel per attempt to break free"
	}
	e.appendEvent(Event{Kind: "effect", Actor: att.ID, Target: def.ID, Panels: r.PanelsLost, Steps: r.Steps, Details: mustJSON(r), Summary: summary})
	return nil
}

// escapes rolls every bound combatant's escape at the end of the page,
// under the option escape_rolls: page (EscapeRollsPage; the book's rule is
// a double-panel per attempt, BreakFree): a d100 at most its escape chance
// breaks free (p. 64). The out of the fight do not try; a chance of 0 or
// less never succeeds.
//
// Dice: a d100 for each bound combatant in file order with a chance of 1
// or more.
func (e *Encounter) escapes(ctx Ctx) error {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		for j := 0; j < len(c.Effects); j++ {
			ef := c.Effects[j]
			if ef.Name != EffectBound || ef.EscapeChance == nil || *ef.EscapeChance < 1 || c.Out() {
				continue
			}
			free, err := e.escapeRoll(ctx, c, j, 0)
			if err != nil {
				return err
			}
			if free {
				j--
			}
		}
	}
	return nil
}

// escapeRoll rolls c's d100 to break free of its j-th effect, a binding,
// and logs it as an escape event costing panels: at most the escape
// chance breaks free and ends the binding (p. 64).
func (e *Encounter) escapeRoll(ctx Ctx, c *Combatant, j, panels int) (bool, error) {
	ef := c.Effects[j]
	rec := dice.NewRecorder(ctx.Roller)
	chance := *ef.EscapeChance
	v, hp, err := e.heroRoll(ctx, c, "escape", heropoints.Lower, "d100 face", func(v int) bool { return v <= chance },
		func(int) (int, error) {
			v, _, err := combat.EscapeRoll(chance, rec)
			return v, err
		})
	if err != nil {
		return false, err
	}
	var steps ruling.Steps
	if panels > 0 {
		steps.Add("panels", "pp. 64, 73", "an attempt to break free takes a double-panel")
	}
	if hp != nil {
		steps.Add("hero-points", "p. 14", "%s", hp.Text())
	}
	if v > chance {
		steps.Add("escape", "p. 64", "d100 %d > escape chance %d%%: still bound", v, chance)
		e.appendEvent(Event{Kind: "escape", Actor: c.ID, Panels: panels, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps,
			Summary: fmt.Sprintf("%s tries to break free: %d against %d%%, still bound", c.ID, v, chance)})
		return false, nil
	}
	steps.Add("escape", "p. 64", "d100 %d ≤ escape chance %d%%: breaks free", v, chance)
	e.appendEvent(Event{Kind: "escape", Actor: c.ID, Panels: panels, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps,
		Summary: fmt.Sprintf("%s breaks free: %d against %d%%", c.ID, v, chance)})
	e.endEffect(c, j, "broke free")
	return true, nil
}

// The force walls and shields (pp. 59-60).
const (
	EffectForceWall   = "force-wall"
	EffectForceShield = "force-shield"
	// EffectMysticShield is the Mystic Shield spell's wall (p. 64): the
	// same rule as a force wall, cast again once destroyed.
	EffectMysticShield = "mystic-shield"
	// RestOfFight is the cooldown page of a hard wall or shield that was
	// destroyed: an hour per point of its health outlasts any fight.
	RestOfFight = 1_000_000_000
)

// barrierEffect is the force wall or shield c raises with its Forcefield
// power, on itself (a shield) or around target (a wall in the way of
// attacks on it); ok is false for a personal forcefield, which is always
// up in the fight and taken off every attack by pkg/combat.
func barrierEffect(c, target *Combatant) (Effect, bool, error) {
	p := c.Hero.FindPower(rulebook.PowerForcefield)
	if p == nil || len(p.Flavours) == 0 {
		return Effect{}, false, refusal.Errorf("%s's forcefield has no kind (flavours: hard-force-wall, soft-force-wall, hard-force-shield, soft-force-shield, personal-forcefield)", c.ID)
	}
	kind := p.Flavours[0].Slug
	ef := Effect{Power: string(rulebook.PowerForcefield), Source: c.ID, Health: p.Values["health"]}
	switch kind {
	case "hard-force-wall", "soft-force-wall":
		ef.Name, ef.Hard = EffectForceWall, kind == "hard-force-wall"
		ef.Note = "stops every physical and energy attack on its holder whole, knockback too; destroyed by more health damage in one attack than its health (p. 59)"
	case "hard-force-shield", "soft-force-shield":
		if target != nil && target != c {
			return Effect{}, false, refusal.Errorf("a force shield surrounds its maker, not %s (p. 60)", target.ID)
		}
		ef.Name, ef.Hard = EffectForceShield, kind == "hard-force-shield"
		ef.Note = "stops every physical and energy attack whole, but not knockback; destroyed by more health damage in one attack than its health (p. 60)"
	default:
		return Effect{}, false, nil
	}
	if ef.Health < 1 {
		return Effect{}, false, refusal.Errorf("%s's %s has no rolled health (powers[].values.health, rolled once, p. 59)", c.ID, kind)
	}
	holder := c
	if target != nil {
		holder = target
	}
	for _, have := range holder.Effects {
		if have.Name == ef.Name && have.Source == c.ID {
			return Effect{}, false, refusal.Errorf("%s's %s is already up", c.ID, ef.Name)
		}
	}
	return ef, true, nil
}

// barrier returns the strongest force wall or shield on def, if any.
func barrier(def *Combatant) (int, bool) {
	at := -1
	for i, ef := range def.Effects {
		if (ef.Name == EffectForceWall || ef.Name == EffectForceShield || ef.Name == EffectMysticShield) && (at < 0 || ef.Health > def.Effects[at].Health) {
			at = i
		}
	}
	if at < 0 {
		return -1, false
	}
	return at, true
}

// breakBarrier ends the force wall or shield at i on def destroyed by an
// attack; a hard one cannot be raised again in this fight (p. 59).
func (e *Encounter) breakBarrier(def *Combatant, i int, att *Combatant, b *combat.BarrierResult) {
	ef := def.Effects[i]
	e.endEffect(def, i, fmt.Sprintf("destroyed by %s: %d health damage in one attack, more than its %d", att.ID, b.Damage, b.Health))
	if !ef.Hard {
		return
	}
	src := e.Find(ef.Source)
	if src == nil {
		return
	}
	if src.Cooldowns == nil {
		src.Cooldowns = map[string]int{}
	}
	src.Cooldowns[ef.Power] = RestOfFight
	e.appendEvent(Event{Kind: "effect", Actor: src.ID, Summary: fmt.Sprintf("%s cannot raise its %s again for %d hours, one per point of its health (p. 59)", src.ID, ef.Name, ef.Health)})
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
	if a.Power == rulebook.PowerDensityControlSelf {
		switch a.Effect {
		case combat.StateDenser, combat.StateLighter:
			info, _ := combat.StateByName(a.Effect)
			if findEffect(c, info.Name) >= 0 {
				return stateSwitch{}, false, refusal.Errorf("%s is already %s; --power density-control-self with no --effect returns to normal (p. 54)", c.ID, info.Name)
			}
			return stateSwitch{info: info, on: true, replace: findEffect(c, info.Excludes)}, true, nil
		case "":
			for _, s := range []string{combat.StateDenser, combat.StateLighter} {
				if findEffect(c, s) >= 0 {
					info, _ := combat.StateByName(s)
					return stateSwitch{info: info, replace: -1}, true, nil
				}
			}
			return stateSwitch{}, false, refusal.Errorf("%s: --effect denser or --effect lighter (p. 54)", c.ID)
		}
		return stateSwitch{}, false, nil
	}
	if a.Effect != "" {
		return stateSwitch{}, false, nil
	}
	info, ok := combat.StateOfPower(a.Power)
	if !ok {
		return stateSwitch{}, false, nil
	}
	on := findEffect(c, info.Name) < 0
	if on && info.Name == combat.StateGrown {
		if p := c.Hero.FindPower(rulebook.PowerGrowth); p == nil || p.Values[combat.GrowthStrD6] < 1 || p.Values[combat.GrowthEndD6] < 1 {
			return stateSwitch{}, false, refusal.Errorf("%s's Growth has no rolled strength and endurance (powers[].values.str_d6 and end_d6: `hero derive` rolls them, p. 60)", c.ID)
		}
	}
	if on {
		other := map[string]string{combat.StateGrown: combat.StateShrunk, combat.StateShrunk: combat.StateGrown}[info.Name]
		if other != "" && findEffect(c, other) >= 0 {
			return stateSwitch{}, false, refusal.Errorf("%s is %s: return to normal size first (pp. 60, 70)", c.ID, other)
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
		why := map[string]string{combat.StateInvisible: "becomes visible again", combat.StateGrown: "back to normal size",
			combat.StateShrunk: "back to normal size", combat.StatePhased: "re-phases fully", combat.StateDenser: "back to normal density",
			combat.StateLighter: "back to normal density", combat.StateCamouflaged: "stops changing colour",
			combat.StateShapechanged: "returns to its own shape"}[s.info.Name]
		e.endEffect(c, findEffect(c, s.info.Name), why)
		e.refreshAll()
		return nil
	}
	ef := stateEffect(s.info.Name, c.ID)
	if s.info.Name == combat.StateGrown {
		rec := dice.NewRecorder(ctx.Roller)
		g, err := combat.Grow(&c.Hero, rec)
		if err != nil {
			return err
		}
		recondition(c)
		ev := Event{Kind: "effect", Actor: c.ID, Target: c.ID, Steps: g.Steps, Dice: rec.Rolls(), Details: mustJSON(g),
			Summary: fmt.Sprintf("%s grows: strength %d, endurance %d, health %d of %d, stamina %d of %d (pp. 60-61)", c.ID,
				c.Hero.Abilities.Final.Strength, c.Hero.Abilities.Final.Endurance, c.Hero.Health.Current, c.Hero.Health.Max, c.Hero.Stamina.Current, c.Hero.Stamina.Max)}
		if len(ev.Dice) > 0 {
			ev.Seed = ctx.Seed
		}
		e.appendEvent(ev)
	}
	return e.AddEffect(ctx, c.ID, ef)
}

// shrinkBack undoes Growth when the grown state ends, however it ends.
func (e *Encounter) shrinkBack(c *Combatant) {
	g, err := combat.ShrinkBack(&c.Hero)
	if err != nil {
		return // the file lost its power: nothing to undo
	}
	recondition(c)
	e.appendEvent(Event{Kind: "effect", Actor: c.ID, Target: c.ID, Steps: g.Steps, Details: mustJSON(g),
		Summary: fmt.Sprintf("%s shrinks back: strength %d, endurance %d, health %d of %d, stamina %d of %d (pp. 60-61)", c.ID,
			c.Hero.Abilities.Final.Strength, c.Hero.Abilities.Final.Endurance, c.Hero.Health.Current, c.Hero.Health.Max, c.Hero.Stamina.Current, c.Hero.Stamina.Max)})
}

// rephase rolls a phased attacker's chance of having become partially
// re-phased after a partial re-phase strike: 20% for each strike so far,
// cumulative (p. 66). Once re-phased it is hurt normally until it spends
// a double-panel phasing out again or re-phasing fully.
//
// Dice: a d100.
func (e *Encounter) rephase(ctx Ctx, c *Combatant) error {
	i := findEffect(c, combat.StatePhased)
	if i < 0 || c.Effects[i].Rephased {
		return nil
	}
	ef := &c.Effects[i]
	ef.Strikes++
	chance := min(rulebook.PhaseStrikeRephaseChance*ef.Strikes, 100)
	rec := dice.NewRecorder(ctx.Roller)
	v, err := rec.Roll(100, "re-phasing chance")
	if err != nil {
		return err
	}
	var steps ruling.Steps
	summary := fmt.Sprintf("%s's re-phase strike %d: d100 %d against %d%%", c.ID, ef.Strikes, v, chance)
	if v <= chance {
		ef.Rephased = true
		steps.Add("phased", "p. 66", "d100 %d ≤ %d%% (20%% per strike, cumulative): partially re-phased, hurt normally until a double-panel re-phases it fully (`--power phasing`), after which another phases it out", v, chance)
		summary += ": partially re-phased, hurt normally by physical attacks (p. 66)"
	} else {
		steps.Add("phased", "p. 66", "d100 %d > %d%% (20%% per strike, cumulative): still out of phase", v, chance)
		summary += ": still out of phase (p. 66)"
	}
	e.appendEvent(Event{Kind: "effect", Actor: c.ID, Target: c.ID, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps, Summary: summary})
	return nil
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
	e.appendEvent(Event{Kind: "danger-sense", Actor: id, Summary: summary, Seed: ctx.Seed, Dice: rec.Rolls(), Steps: steps})
	return ok, nil
}

// mysticShield casts the Mystic Shield spell (p. 64) round c, or round
// target: points MP (1d6 health per 4, per 2 for the speciality), a
// double-panel; the shield stops every attack that hits it whole until a
// single attack does more health damage than its health, repairing
// itself between attacks, like a force wall (p. 59); it needs
// concentration (it ends when its caster is out).
//
// Dice: the shield's health dice.
func (e *Encounter) mysticShield(ctx Ctx, c, target *Combatant, a ActionRecord, n int, steps ruling.Steps) error {
	if c.Hero.PowerRank(rulebook.PowerMagic) == 0 {
		return refusal.Errorf("%s has no Magic", c.ID)
	}
	if p := c.Hero.FindPower(rulebook.PowerMagic); p != nil && len(p.Flavours) > 0 && !p.HasFlavour(string(rulebook.SpellMysticShield)) {
		return refusal.Errorf("%s does not know mystic-shield", c.ID)
	}
	if a.Pool != "" && a.Pool != "magic" {
		return refusal.Errorf("mystic-shield spends magic points, not %s", a.Pool)
	}
	if err := checkAstralCap(c, "magic", a.Points); err != nil {
		return err
	}
	spec := combat.SpellSpeciality(&c.Hero, string(rulebook.SpellMysticShield))
	nd, err := combat.MysticShieldDice(a.Points, spec)
	if err != nil {
		return err
	}
	pool := c.Hero.FindPool("magic")
	if pool == nil || pool.Current < a.Points {
		have := 0
		if pool != nil {
			have = pool.Current
		}
		return refusal.Errorf("%s has only %d magic points left", c.ID, have)
	}
	holder := c
	if target != nil {
		holder = target
	}
	for _, ef := range holder.Effects {
		if ef.Name == EffectMysticShield && ef.Source == c.ID {
			return refusal.Errorf("%s's mystic shield is already up round %s", c.ID, holder.ID)
		}
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	x := dice.MustParse(fmt.Sprintf("%dd6", nd))
	health, err := x.Total(rec, "mystic shield health")
	if err != nil {
		return err
	}
	pool.Current -= a.Points
	how := "1d6 per 4 MP"
	if spec {
		how = "1d6 per 2 MP, the speciality at half cost"
	}
	steps.Add("mystic-shield", "p. 64", "%d MP: %dd6 (%s) = %d health; stops each attack whole unless one attack does more health damage", a.Points, nd, how, health)
	ev := Event{Kind: "action", Actor: c.ID, Target: holder.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s casts mystic-shield round %s, spending %d magic points (%d left): %dd6 = %d health (p. 64)", c.ID, holder.ID, a.Points, pool.Current, nd, health)}
	e.appendEvent(ev)
	if err := e.AddEffect(ctx, holder.ID, Effect{Name: EffectMysticShield, Power: string(rulebook.PowerMagic), Source: c.ID, Health: health, Points: a.Points,
		Note: "Mystic Shield (p. 64): stops every attack that hits it whole; destroyed by more health damage in one attack than its health; concentration"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// growthMomentum refuses Growth's +4 or slam (`--movement growth`, the
// `slam` attack) unless the attacker grew directly before, and the
// regrowth slam (`--movement shrinking`, `regrow-slam`) unless it returned
// to full size from shrunk directly before (pp. 61, 71): its last action
// in the fight must have been that double-panel. Effects, reactions,
// passes and page ends do not count as actions between.
func (e *Encounter) growthMomentum(att *Combatant, req combat.Request) error {
	var power rulebook.PowerID
	if m := req.Movement; m != nil && (m.Power == rulebook.PowerGrowth || m.Power == rulebook.PowerShrinking) {
		power = m.Power
	}
	if a := att.Hero.FindAttack(req.Attack); a != nil && (a.Slug == "slam" || a.Slug == "regrow-slam") {
		power = map[string]rulebook.PowerID{"slam": rulebook.PowerGrowth, "regrow-slam": rulebook.PowerShrinking}[a.Slug]
	}
	if power == "" {
		return nil
	}
	want := map[rulebook.PowerID]string{rulebook.PowerGrowth: "grown", rulebook.PowerShrinking: "returned to full size from shrunk"}[power]
	grown := findEffect(att, combat.StateGrown) >= 0
	shrunk := findEffect(att, combat.StateShrunk) >= 0
	if (power == rulebook.PowerGrowth && !grown) || (power == rulebook.PowerShrinking && shrunk) {
		return refusal.Errorf("%s's momentum attack needs it to have %s directly before (pp. 61, 71)", att.ID, want)
	}
	last := -1
	for i := len(e.Log) - 1; i >= 0 && last < 0; i-- {
		switch ev := e.Log[i]; {
		case ev.Actor != att.ID, ev.UndoneBy != 0:
		case ev.Kind == "action", ev.Kind == "move", ev.Kind == "attack", ev.Kind == "smash", ev.Kind == "mental":
			last = i
		}
	}
	if last >= 0 && e.Log[last].Kind == "action" {
		var a ActionRecord
		if err := json.Unmarshal(e.Log[last].Details, &a); err == nil && a.Kind == ActPower && a.Power == power && a.Effect == "" {
			return nil
		}
	}
	return refusal.Errorf("%s's momentum attack needs it to have %s directly before, as its last action (pp. 61, 71)", att.ID, want)
}

// EffectFluidShield is Snare's blocking shield on its maker: its health
// rolled once (1d6 per fluid point), used as the object of its blocks
// (`--reaction block:fluid-shield`) and worn down by them (pp. 34, 72-73).
const EffectFluidShield = "fluid-shield"

// fluidShield spins Snare's blocking shield (pp. 72-73): a single panel,
// 1-10 fluid points from the fluid pool, 1d6 health a point rolled once.
// A new shield replaces the old.
//
// Dice: one d6 per point.
func (e *Encounter) fluidShield(ctx Ctx, c *Combatant, a ActionRecord) error {
	if c.Hero.PowerRank(rulebook.PowerSnare) == 0 {
		return refusal.Errorf("%s has no Snare power (pp. 72-73)", c.ID)
	}
	if a.Target != "" && a.Target != c.ID {
		return refusal.Errorf("target: the fluid shield is its maker's own, to block with (p. 72)")
	}
	pool := "fluid"
	if a.Pool != "" && a.Pool != pool {
		return refusal.Errorf("a fluid shield spends fluid points, not %s", a.Pool)
	}
	p := c.Hero.FindPool(pool)
	if p == nil {
		return refusal.Errorf("%s has no fluid pool", c.ID)
	}
	if a.Points == 0 {
		return refusal.Errorf("spend: say how many fluid points the shield takes (--spend 1-%d)", rulebook.PoolCapPerAction)
	}
	if a.Points > p.Current {
		return refusal.Errorf("%s has only %d fluid points left (they refill every %d pages)", c.ID, p.Current, refillPages(p))
	}
	n := rulebook.SnareShieldPanels
	if a.Panels != 0 && a.Panels != n {
		return refusal.Errorf("panels: a fluid shield takes a single panel (p. 72)")
	}
	if err := e.canSpend(c, n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	health, st, err := combat.SnareShield(a.Points, rec)
	if err != nil {
		return err
	}
	if err := e.spend(c, n); err != nil {
		return err
	}
	p.Current -= a.Points
	steps := ruling.Steps{{Rule: "panels", Page: "p. 72", Text: "1 panel: spinning a fluid shield"}}
	steps = append(steps, st...)
	ev := Event{Kind: "action", Actor: c.ID, Panels: n, Steps: steps, Dice: rec.Rolls(), Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s spins a fluid shield, spending %d fluid points (%d left): health %d, for blocking only (pp. 72-73)", c.ID, a.Points, p.Current, health)}
	e.appendEvent(ev)
	if i := findEffect(c, EffectFluidShield); i >= 0 {
		e.endEffect(c, i, "replaced by a new one")
	}
	if err := e.AddEffect(ctx, c.ID, Effect{Name: EffectFluidShield, Power: string(rulebook.PowerSnare), Source: c.ID, Health: health,
		Note: "Snare (pp. 72-73): a blocking shield, --reaction block:fluid-shield"}); err != nil {
		return err
	}
	e.endAction(c)
	return nil
}

// fluidShieldBlock makes a block with def's fluid shield block with it:
// the object is the shield with its health now (pp. 34, 72).
func fluidShieldBlock(def *Combatant, req *combat.Request) error {
	if req.Reaction.Kind != combat.ReactionBlock || naming.Slug(req.Reaction.Object.Name) != EffectFluidShield {
		return nil
	}
	i := findEffect(def, EffectFluidShield)
	if i < 0 {
		return refusal.Errorf("%s has no fluid shield to block with (`fight act --power snare --effect fluid-shield --spend N`, p. 72)", def.ID)
	}
	req.Reaction.Object = combat.BlockObject{Name: "fluid shield", Health: def.Effects[i].Health, PickUp: req.Reaction.Object.PickUp}
	return nil
}

// wearFluidShield keeps what is left of a fluid shield after a block, or
// ends it when the block destroyed it (p. 34).
func (e *Encounter) wearFluidShield(def *Combatant, req combat.Request, res *combat.Result) {
	if req.Reaction.Kind != combat.ReactionBlock || req.Reaction.Object.Name != "fluid shield" || res.Reaction.Block == nil {
		return
	}
	i := findEffect(def, EffectFluidShield)
	if i < 0 {
		return
	}
	b := res.Reaction.Block
	if b.Destroyed || b.Remaining <= 0 {
		e.endEffect(def, i, fmt.Sprintf("destroyed blocking: %d health was all it had", b.Health))
		return
	}
	if b.Remaining != def.Effects[i].Health {
		def.Effects[i].Health = b.Remaining
		e.appendEvent(Event{Kind: "effect", Actor: def.ID, Target: def.ID,
			Summary: fmt.Sprintf("%s's fluid shield has %d health left (p. 34)", def.ID, b.Remaining)})
	}
}

// switchForm is `fight act --power shapechange --form NAME` (p. 70): a
// hero whose Shapechange has specific forms switches to another in a
// single panel; from then on only that form's powers apply (its attacks,
// dividers, movement and values: hero.InPlay), until it switches again.
func (e *Encounter) switchForm(ctx Ctx, c *Combatant, a ActionRecord) error {
	switch {
	case a.Power != rulebook.PowerShapechange:
		return refusal.Errorf("form: only Shapechange switches forms (--power shapechange --form NAME)")
	case a.Form == "":
		return refusal.Errorf("form: %s's Shapechange has specific forms: name the one to switch to (--form NAME, p. 70)", c.ID)
	case a.Panels != 0 && a.Panels != combat.FormPanels:
		return refusal.Errorf("panels: switching between forms takes a single panel (p. 70), not %d", a.Panels)
	case a.Target != "" || a.Effect != "" || a.Points != 0:
		return refusal.Errorf("form: switching forms takes no target, effect or points")
	}
	try := c.Hero
	steps, err := combat.SwitchForm(c.ID, &try, a.Form)
	if err != nil {
		return err
	}
	if err := e.spend(c, combat.FormPanels); err != nil {
		return err
	}
	from := c.Hero.Form
	c.Hero.Form = a.Form
	steps = append(ruling.Steps{{Rule: "panels", Page: "p. 70", Text: "1 panel: switching between forms takes only a single panel"}}, steps...)
	e.appendEvent(Event{Kind: "action", Actor: c.ID, Panels: combat.FormPanels, Steps: steps, Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s switches from its %s form to its %s form (a single panel, p. 70)", c.ID, from, a.Form)})
	return nil
}

// The effects of `fight act --power vehicle`: boarding and leaving the
// vehicle (p. 77).
const (
	EffectBoard = "board"
	EffectLeave = "leave"
)

// boardVehicle is `fight act --power vehicle --effect board|leave`
// (p. 77): the hero gets into or out of its vehicle, a move's single
// panel (combat.VehiclePanels); aboard, the powers built into the
// vehicle apply (hero.InPlay).
func (e *Encounter) boardVehicle(ctx Ctx, c *Combatant, a ActionRecord) error {
	var board bool
	switch a.Effect {
	case EffectBoard:
		board = true
	case EffectLeave:
	default:
		return refusal.Errorf("effect: --power vehicle takes --effect board or leave, not %q", a.Effect)
	}
	switch {
	case a.Panels != 0 && a.Panels != combat.VehiclePanels:
		return refusal.Errorf("panels: boarding or leaving the vehicle takes a single panel, as a move (pp. 30, 77), not %d", a.Panels)
	case a.Target != "" || a.Points != 0:
		return refusal.Errorf("vehicle: boarding or leaving takes no target or points")
	}
	try := c.Hero
	if c.Hero.Vehicle != nil {
		v := *c.Hero.Vehicle
		try.Vehicle = &v
	}
	steps, err := combat.BoardVehicle(c.ID, &try, board)
	if err != nil {
		return err
	}
	if err := e.spend(c, combat.VehiclePanels); err != nil {
		return err
	}
	c.Hero.Vehicle.Aboard = board
	steps = append(ruling.Steps{{Rule: "panels", Page: "pp. 30, 77", Text: "1 panel: getting into or out of the vehicle, as a move"}}, steps...)
	what := map[bool]string{true: "boards", false: "leaves"}[board]
	e.appendEvent(Event{Kind: "action", Actor: c.ID, Panels: combat.VehiclePanels, Steps: steps, Seed: ctx.Seed, Details: mustJSON(a),
		Summary: fmt.Sprintf("%s %s its vehicle, %s (a panel, p. 77)", c.ID, what, c.Hero.Vehicle.Name)})
	return nil
}
