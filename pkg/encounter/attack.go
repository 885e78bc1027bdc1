package encounter

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Strike is an attack made on the actor's turn, resolved by pkg/combat.
type Strike struct {
	Actor  string
	Target string
	// Request is the attack as pkg/combat takes it (attack, mode,
	// situation, reaction, split, ...). FreeReactionsUsed is filled in
	// from the target's panel account, and Situation.Surprise in the
	// surprise round.
	Request combat.Request
	// MoveActMove wraps a single-panel attack in Super Speed's half move,
	// act, half move: a double-panel in all (p. 30).
	MoveActMove bool
	// Points are the pool points a binding spends (Snare's fluid, 1-10,
	// hit or miss; default 10): the fewer, the likelier the escape (p. 64).
	Points int
	// Reflect: the target parries with Energy Reflect and sends the
	// energy back (p. 56); ReflectReaction is the attacker's reaction to
	// the return shot.
	Reflect         bool
	ReflectReaction combat.Reaction
	// Also are more targets of an area attack in the same action:
	// Environmental Control's temperature does its 2d6 S to everyone in
	// the radius for one double-panel (p. 58). Each is resolved after
	// Target, in this order, with no reaction and no more panels.
	Also []string
	// follow marks one of Also's attacks: part of the action already paid.
	follow bool
	// decided marks a finishing move made after the fight is decided
	// (see finishDecided): no turn, no panels.
	decided bool
}

// AttackRecord is the details of an "attack" event: the outcome in
// brief. The whole ruling (every modifier, the damage split, knockback,
// dividers) is the "attack" event pkg/combat appended to the defender's
// own log, numbered DefenderEvent; what the attack did to the attacker
// (pool spent, a judo throw) is its log's AttackerEvent, if any. The
// encounter event itself carries the dice and the steps.
type AttackRecord struct {
	Attack         string         `json:"attack"`
	StrikeClass    int            `json:"strike_class"`
	Mode           string         `json:"mode,omitempty"`
	Outcome        combat.Outcome `json:"outcome"`
	Reaction       string         `json:"reaction,omitempty"`
	ReactionPanels int            `json:"reaction_panels"`
	Free           bool           `json:"free"`
	Health         int            `json:"health"`
	Stamina        int            `json:"stamina"`
	Before         combat.State   `json:"before"`
	After          combat.State   `json:"after"`
	// KnockbackMetres and Prone: how far the defender was knocked back
	// and whether it fell.
	KnockbackMetres int  `json:"knockback_metres"`
	Prone           bool `json:"prone"`
	// DefenderOut and DefenderOutReason: the defender is out of the fight
	// after the attack, and why (the combatant's out_reason words).
	DefenderOut       bool   `json:"defender_out"`
	DefenderOutReason string `json:"defender_out_reason"`
	DefenderEvent     int    `json:"defender_event"`
	AttackerEvent     int    `json:"attacker_event"`
	// HeroPoints are the rolls re-rolled with hero points (p. 14), by
	// hand or by the autopilot: every result and the one kept.
	HeroPoints []heropoints.Reroll `json:"hero_points,omitempty"`
}

// AttackPanels returns the panels an attack takes its attacker: the
// attack's own time for a strike (a panel, or a double-panel for
// two-handed weapons and powers, p. 33), a grab, crush, escape attempt or
// throw a panel each (pp. 41-43), a finishing move a double-panel
// (p. 43); plus any extra panels spent aiming or analysing (pp. 51-53);
// Super Speed's move-act-move makes a single-panel attack a double-panel.
func (e *Encounter) AttackPanels(c *Combatant, s Strike) (int, ruling.Steps, error) {
	var steps ruling.Steps
	n, err := attackPanels(c, s, &steps)
	if err != nil {
		return 0, nil, err
	}
	return n, steps, nil
}

// attackPanels is AttackPanels, adding its steps to steps unless nil (a
// simulated fight does not explain).
func attackPanels(c *Combatant, s Strike, steps *ruling.Steps) (int, error) {
	req := s.Request
	n := 1
	switch req.Mode {
	case combat.ModeStrike:
		if req.Object != nil {
			a, info, err := combat.ObjectWeaponAttack(c.Hero.Abilities.Final.Strength, combat.UnarmedStrikeClass(&c.Hero), *req.Object)
			if err != nil {
				return 0, err
			}
			n = a.Panels
			if steps != nil {
				steps.Add("panels", "pp. 33, 41", "%s %s takes %s (picking it up is its own panel, p. 30)", info.Object, map[bool]string{true: "thrown", false: "swung"}[info.Thrown], plural(n, "panel"))
			}
			break
		}
		a := c.Hero.FindAttack(req.Attack)
		if a == nil && req.Attack == "" && len(c.Hero.Combat.Attacks) == 1 {
			a = &c.Hero.Combat.Attacks[0]
		}
		if a == nil {
			return 0, refusal.Errorf("--with: %q is not one of %s's attacks (%s)", req.Attack, c.ID, combat.AttackSlugs(&c.Hero))
		}
		n = max(a.Panels, 1)
		if steps != nil {
			steps.Add("panels", "pp. 30, 33", "%s takes %s", a.Slug, plural(n, "panel"))
		}
	case combat.ModeFinishing:
		ac, _ := rulebook.ActionCostBySlug("finishing-move")
		n = ac.Panels
		if steps != nil {
			steps.Add("panels", "p. 43", "a finishing move takes a double-panel")
		}
	default:
		ac, _ := rulebook.ActionCostBySlug("grab")
		n = ac.Panels
		if steps != nil {
			steps.Add("panels", "pp. 41-43", "%s takes %s", req.Mode, plural(n, "panel"))
		}
	}
	if s.MoveActMove {
		if c.Hero.PowerRank(rulebook.PowerSuperSpeed) == 0 {
			return 0, refusal.Errorf("only Super Speed can move, act and move in one double-panel (p. 30)")
		}
		if n != 1 {
			return 0, refusal.Errorf("move-act-move wraps a single-panel action; this attack takes %s", plural(n, "panel"))
		}
		if ok, why := c.CanMove(); !ok {
			return 0, refusal.Errorf("%s cannot move: %s", c.ID, why)
		}
		ac, _ := rulebook.ActionCostBySlug("super-speed-move-act-move")
		n = ac.Panels
		if steps != nil {
			steps.Add("panels", "p. 30", "Super Speed: half move, attack, half move in a double-panel")
		}
	}
	if x := req.Situation.AimPanels; x > 0 {
		n += x
		if steps != nil {
			steps.Add("panels", "p. 51", "%s aiming", plural(x, "extra panel"))
		}
	}
	if x := req.Situation.AnalysePanels; x > 0 {
		n += x
		if steps != nil {
			steps.Add("panels", "p. 53", "%s analysing", plural(x, "extra panel"))
		}
	}
	return n, nil
}

// Attack makes an attack on the actor's turn: the panels are taken, the
// attack is resolved and applied by pkg/combat (the same code as `spandex
// attack`), and the panel consequences are booked: the target's reaction
// is owed (or free against strike class 0-1, p. 31), a judo throw's lost
// panels and a special attack's recovery panel are owed by the attacker
// (pp. 36, 51-76), a target knocked prone owes its next panel (p. 37),
// 20 stamina damage or a knockout breaks mind control (p. 68), and
// stunning or knocking someone out cuts their panels at once.
//
// Dice: exactly pkg/combat's order for the attack (to-hit, reaction,
// damage, obstructions, prone check; a finishing move's 1d6); then, for a
// phased attacker's partial re-phase strike, a d100 against 20% per strike
// (p. 66).
func (e *Encounter) Attack(ctx Ctx, s Strike, opt combat.Options) (*combat.Result, error) {
	var att *Combatant
	var err error
	if s.follow || s.decided {
		att = e.Find(s.Actor)
	} else if att, err = e.turnOf(s.Actor); err != nil {
		return nil, err
	}
	def := e.Find(s.Target)
	if def == nil {
		return nil, e.unknown(s.Target)
	}
	if err := e.checkAlso(att, def, s); err != nil {
		return nil, err
	}
	if err := checkHaymaker(att, def, s.Request); err != nil {
		return nil, err
	}
	if def == att && s.Request.Mode != combat.ModeEscape {
		return nil, refusal.Errorf("%s cannot attack itself", att.ID)
	}
	if att.Hero.Condition.Grappled && s.Request.Mode != combat.ModeEscape {
		return nil, refusal.Errorf("%s is grappled and can only try to escape (p. 42)", att.ID)
	}
	var steps ruling.Steps
	explain := &steps
	if e.batch != nil {
		explain = nil
	}
	n, err := attackPanels(att, s, explain)
	if err != nil {
		return nil, err
	}
	if s.decided {
		n = 0
		if explain != nil {
			steps = decidedSteps()
		}
	}
	if s.follow {
		n = 0
		if explain != nil {
			steps = ruling.Steps{{Rule: "area", Page: "p. 58", Text: "another target in the same radius: part of the same double-panel"}}
		}
	}
	req := s.Request
	if req.Reaction.Kind != combat.ReactionNone {
		if ok, why := e.CanReact(def, att); !ok {
			return nil, refusal.Errorf("%s cannot react: %s", def.ID, why)
		}
	}
	if err := fluidShieldBlock(def, &req); err != nil {
		return nil, err
	}
	req, stateSteps, err := e.situation(att, def, req)
	if err != nil {
		return nil, err
	}
	if err := e.attackingRules(att, req); err != nil {
		return nil, err
	}
	if explain != nil {
		steps = append(steps, stateSteps...)
	}
	binding, err := bindingCost(att, req, s.Points)
	if err != nil {
		return nil, err
	}
	req.FreeReactionsUsed = min(def.Panels.FreeReactions, rulebook.FreeReactionsPerPage)
	if err := e.canSpend(att, n); err != nil {
		return nil, err
	}
	// pkg/combat checks the whole request before rolling a die, so a
	// refused attack changes nothing.
	res, err := e.resolve(&att.Hero, &def.Hero, req, ctx.Roller, opt)
	if err != nil {
		return nil, err
	}
	if err := e.spend(att, n); err != nil {
		return nil, err
	}
	markHaymaker(att, def, req)
	staminaBefore := def.Hero.Stamina.Current
	if b := e.batch; b != nil {
		// A simulated fight keeps no log: the outcome alone, and the
		// damage the attacker dealt.
		if err := res.ApplyState(&def.Hero); err != nil {
			return nil, err
		}
		if _, _, err := res.ApplyAttackerState(&att.Hero); err != nil {
			return nil, err
		}
		b.attacks++
		if i := e.index(att); i >= 0 && i < len(b.dealt) {
			b.dealt[i].health += res.Applied.Health
			b.dealt[i].stamina += res.Applied.Stamina
		}
	} else if err := e.logAttack(ctx, att, def, s, n, steps, res); err != nil {
		return nil, err
	}

	// The target's reaction: free, or owed from its next panels.
	if rx := res.Reaction; rx.Kind != combat.ReactionNone {
		if rx.Free {
			def.Panels.FreeReactions++
		}
		def.Panels.Owed += rx.Panels
		e.record(func() Event {
			r := Reaction{Actor: def.ID, Against: att.ID, Reaction: string(rx.Kind), StrikeClass: int(res.Attack.StrikeClass)}
			return Event{Kind: KindReaction, Actor: def.ID, Target: att.ID, Panels: rx.Panels,
				Summary: reactionSummary(def, r, rx.Panels, rx.Free), Details: mustJSON(r)}
		})
	}
	if ae := res.AttackerEffects; ae != nil {
		if lost := ae.PanelsLost + ae.RecoveryPanels; lost > 0 {
			att.Panels.Owed += lost
			e.record(func() Event {
				return Event{Kind: KindLost, Actor: att.ID, Panels: lost,
					Summary: fmt.Sprintf("%s loses its next %s (%d owed in all)", att.ID, plural(lost, "panel"), att.Panels.Owed)}
			})
		}
	}
	if kb := res.Knockback; kb != nil && kb.Prone {
		def.Panels.Owed++
		e.record(func() Event {
			return Event{Kind: KindLost, Actor: def.ID, Panels: 1,
				Summary: fmt.Sprintf("%s is knocked prone and spends its next panel getting up (p. 37)", def.ID)}
		})
	}
	e.wearFluidShield(def, req, res)
	if b := res.Barrier; b != nil && b.Broken {
		if i, ok := barrier(def); ok {
			e.breakBarrier(def, i, att, b)
		}
	}
	if err := e.spendBinding(att, def, binding, res); err != nil {
		return nil, err
	}
	// What the attack's power does once it is resolved (a phased
	// attacker's re-phase strike, p. 66).
	if after := powerRules()[res.Attack.Power].Attacked; after != nil {
		if err := after(e, ctx, att); err != nil {
			return nil, err
		}
	}
	// Mind control and the like break on 20 stamina damage or a knockout.
	took := staminaBefore - def.Hero.Stamina.Current
	for i := 0; i < len(def.Effects); {
		if breaksOnStamina(def.Effects[i].Name) && (took >= rulebook.MentalControlBreakStamina || def.Out()) {
			e.endEffect(def, i, fmt.Sprintf("%d stamina damage or a knockout breaks it (p. 68)", took))
			continue
		}
		i++
	}
	if s.Reflect {
		if err := e.reflectBack(ctx, att, def, res, s.ReflectReaction, opt); err != nil {
			return nil, err
		}
	}
	for _, id := range s.Also {
		sub := Strike{Actor: s.Actor, Target: id, Request: s.Request, follow: true}
		sub.Request.Reaction = combat.Reaction{Kind: combat.ReactionNone}
		if _, err := e.Attack(ctx, sub, opt); err != nil {
			return nil, err
		}
	}
	if !s.follow && !s.decided {
		e.endAction(att)
	}
	return res, nil
}

// checkAlso checks an area attack's other targets before anything is
// rolled: only Environmental Control's temperature reaches everyone in
// its radius (p. 58); each target once, not the attacker.
func (e *Encounter) checkAlso(att, def *Combatant, s Strike) error {
	if len(s.Also) == 0 {
		return nil
	}
	if a := att.Hero.FindAttack(s.Request.Attack); a == nil || a.DamageType != "temperature" {
		return refusal.Errorf("also: only an area attack (Environmental Control's temperature, p. 58) reaches more targets in one action, not %q", s.Request.Attack)
	}
	seen := map[string]bool{def.ID: true}
	for _, id := range s.Also {
		c := e.Find(id)
		switch {
		case c == nil:
			return e.unknown(id)
		case c == att:
			return refusal.Errorf("also: %s cannot attack itself", att.ID)
		case seen[c.ID]:
			return refusal.Errorf("also: %s is named twice", c.ID)
		}
		seen[c.ID] = true
	}
	return nil
}

// reflectBack makes Energy Reflect's return shot (p. 56): def, having
// parried att's energy attack automatically, rolls to hit att at strike
// class 2 with the same energy; att may react as to any attack (its
// reaction owed or free as usual). The shot takes no panels of def's: it
// is part of the parry. One return shot is computed; a bounce back (both
// with Energy Reflect) is the next `fight act`'s.
//
// Dice: after the parried attack's, the return shot's in pkg/combat's
// order.
func (e *Encounter) reflectBack(ctx Ctx, att, def *Combatant, res *combat.Result, rx combat.Reaction, opt combat.Options) error {
	if res.Outcome == combat.OutcomeMiss {
		return nil // nothing reached the parry: nothing to send back
	}
	a, err := combat.ReflectedAttack(res.Reaction)
	if err != nil {
		return refusal.Errorf("reflect: %s did not reflect %s (Energy Reflect parries its own energy type with --reaction parry, p. 56)", def.ID, res.Attack.Slug)
	}
	if att.Out() {
		return nil
	}
	if rx.Kind != combat.ReactionNone {
		if ok, why := e.CanReact(att, def); !ok {
			return refusal.Errorf("reflect-reaction: %s cannot react: %s", att.ID, why)
		}
	}
	shooter := def.Hero
	shooter.Combat.Attacks = append(append([]hero.Attack(nil), def.Hero.Combat.Attacks...), a)
	req := combat.Request{Attack: a.Slug, Mode: combat.ModeStrike, Reaction: rx, Reflected: true,
		FreeReactionsUsed: min(att.Panels.FreeReactions, rulebook.FreeReactionsPerPage)}
	staminaBefore := att.Hero.Stamina.Current
	back, err := combat.Resolve(&shooter, &att.Hero, req, ctx.Roller, opt)
	if err != nil {
		return err
	}
	if err := back.Apply(&att.Hero, ctx.Seed); err != nil {
		return err
	}
	rec := AttackRecord{Attack: a.Slug, StrikeClass: int(back.Attack.StrikeClass), Mode: string(back.Mode), Outcome: back.Outcome,
		Reaction: string(back.Reaction.Kind), ReactionPanels: back.Reaction.Panels, Free: back.Reaction.Free,
		Health: back.Applied.Health, Stamina: back.Applied.Stamina, Before: back.Before, After: back.After,
		DefenderOut: att.Out(), DefenderOutReason: att.Why()}
	if n := len(att.Hero.Log); n > 0 {
		rec.DefenderEvent = att.Hero.Log[n-1].Seq
	}
	ev := Event{Kind: KindAttack, Actor: def.ID, Target: att.ID, Seed: ctx.Seed, Dice: back.Dice, Steps: back.Steps,
		Summary: fmt.Sprintf("%s reflects %s back at %s (strike class 2, p. 56): %s%s", def.ID, res.Attack.Slug, att.ID, back.Outcome, damageText(back, att)),
		Details: mustJSON(rec)}
	if len(back.Dice) == 0 {
		ev.Seed = nil
	}
	e.appendEvent(ev)
	if r := back.Reaction; r.Kind != combat.ReactionNone {
		rr := Reaction{Actor: att.ID, Against: def.ID, Reaction: string(r.Kind), StrikeClass: int(back.Attack.StrikeClass)}
		if r.Free {
			att.Panels.FreeReactions++
		}
		att.Panels.Owed += r.Panels
		e.appendEvent(Event{Kind: KindReaction, Actor: att.ID, Target: def.ID, Panels: r.Panels,
			Summary: reactionSummary(att, rr, r.Panels, r.Free), Details: mustJSON(rr)})
	}
	if kb := back.Knockback; kb != nil && kb.Prone {
		att.Panels.Owed++
		e.appendEvent(Event{Kind: KindLost, Actor: att.ID, Panels: 1,
			Summary: fmt.Sprintf("%s is knocked prone and spends its next panel getting up (p. 37)", att.ID)})
	}
	took := staminaBefore - att.Hero.Stamina.Current
	for i := 0; i < len(att.Effects); {
		if controlBroken(att.Effects[i].Name) && (took >= rulebook.MentalControlBreakStamina || att.Out()) {
			e.endEffect(att, i, fmt.Sprintf("%d stamina damage or a knockout breaks it (p. 68)", took))
			continue
		}
		i++
	}
	return nil
}

// damageText is what an attack did to its target, for the event's one
// line: the damage taken and the tracks after it (a mundane character's
// hits), the knockback, the new condition, and "out" when it left the
// target out of the fight.
func damageText(res *combat.Result, def *Combatant) string {
	var b strings.Builder
	b2, a := res.Before, res.After
	switch {
	case res.Mundane != nil:
		if m := res.Mundane; m.HitsAfter != m.HitsBefore {
			fmt.Fprintf(&b, ", hits %d → %d", m.HitsBefore, m.HitsAfter)
		}
	case res.Applied.Health > 0 || res.Applied.Stamina > 0:
		fmt.Fprintf(&b, ", %d H %d S damage: health %d → %d, stamina %d → %d", res.Applied.Health, res.Applied.Stamina,
			b2.Health, a.Health, b2.Stamina, a.Stamina)
	case res.Outcome == "hit":
		b.WriteString(", no damage")
	}
	if kb := res.Knockback; kb != nil && kb.Metres > 0 {
		fmt.Fprintf(&b, ", knocked back %d m", kb.Metres)
		if kb.Prone {
			b.WriteString(", prone")
		}
	}
	if f := res.Finishing; f != nil {
		fmt.Fprintf(&b, ", knocked out for %d hours", f.Hours)
	}
	if a.Condition != b2.Condition && res.Mundane == nil {
		fmt.Fprintf(&b, "; %s → %s", b2.Condition, a.Condition)
	}
	if def.Out() {
		fmt.Fprintf(&b, "; %s is out (%s)", def.ID, def.Why())
	}
	return b.String()
}

func reactionSummary(d *Combatant, r Reaction, owed int, free bool) string {
	s := fmt.Sprintf("%s reacts (%s)", d.ID, r.Reaction)
	if r.Against != "" {
		s += " to " + r.Against
	}
	switch {
	case free && owed == 0:
		return s + fmt.Sprintf(": free reaction %d of %d this page against strike class %d (p. 31)", d.Panels.FreeReactions, rulebook.FreeReactionsPerPage, r.StrikeClass)
	case owed == 0:
		return s + ": no panels"
	case free:
		return s + fmt.Sprintf(": free reaction %d of %d against strike class %d, but owes %s that is never free (%d owed in all)", d.Panels.FreeReactions, rulebook.FreeReactionsPerPage, r.StrikeClass, plural(owed, "panel"), d.Panels.Owed)
	}
	return s + fmt.Sprintf(": owes %s, paid back from its next panels (%d owed in all, p. 31)", plural(owed, "panel"), d.Panels.Owed)
}

// resolve resolves an attack: in a simulated fight into the batch's
// Resolver and Result (nothing allocated), else into a new Result.
func (e *Encounter) resolve(att, def *hero.Hero, req combat.Request, r dice.Roller, opt combat.Options) (*combat.Result, error) {
	if b := e.batch; b != nil {
		if err := b.rv.Resolve(&b.res, att, def, req, r, opt); err != nil {
			return nil, err
		}
		return &b.res, nil
	}
	return combat.Resolve(att, def, req, r, opt)
}

// logAttack applies the result onto both heroes with their logs and
// appends the attack's event, with its one-line summary, the dice and the
// steps, to the encounter's log.
func (e *Encounter) logAttack(ctx Ctx, att, def *Combatant, s Strike, n int, steps ruling.Steps, res *combat.Result) error {
	attLog := len(att.Hero.Log)
	if err := res.Apply(&def.Hero, ctx.Seed); err != nil {
		return err
	}
	if _, err := res.ApplyAttacker(&att.Hero, ctx.Seed); err != nil {
		return err
	}
	summary := fmt.Sprintf("%s attacks %s with %s: %s%s", att.ID, def.ID, res.Attack.Slug, res.Outcome, damageText(res, def))
	if s.MoveActMove {
		summary = fmt.Sprintf("%s moves, attacks %s with %s (%s%s) and moves on", att.ID, def.ID, res.Attack.Slug, res.Outcome, damageText(res, def))
	}
	if b := res.Barrier; b != nil {
		what, pages := map[bool]string{true: "force wall", false: "force shield"}[b.Wall], "pp. 59-60"
		if b.Kind == combat.BarrierMysticShield {
			what, pages = "mystic shield", "p. 64"
		}
		summary += fmt.Sprintf(", stopped whole by %s's %s (%d health damage against its %d, %s)", def.ID, what, b.Damage, b.Health, pages)
	}
	rec := AttackRecord{Attack: res.Attack.Slug, StrikeClass: int(res.Attack.StrikeClass), Mode: string(res.Mode), Outcome: res.Outcome,
		Reaction: string(res.Reaction.Kind), ReactionPanels: res.Reaction.Panels, Free: res.Reaction.Free,
		Health: res.Applied.Health, Stamina: res.Applied.Stamina, Before: res.Before, After: res.After,
		DefenderOut: def.Out(), DefenderOutReason: def.Why(), HeroPoints: res.HeroPoints}
	if kb := res.Knockback; kb != nil {
		rec.KnockbackMetres, rec.Prone = kb.Metres, kb.Prone
	}
	if n := len(def.Hero.Log); n > 0 {
		rec.DefenderEvent = def.Hero.Log[n-1].Seq
	}
	if n := len(att.Hero.Log); n > attLog {
		rec.AttackerEvent = att.Hero.Log[n-1].Seq
	}
	ev := Event{Kind: KindAttack, Actor: att.ID, Target: def.ID, Panels: n, Seed: ctx.Seed, Dice: res.Dice,
		Steps: append(steps, res.Steps...), Summary: summary, Details: mustJSON(rec)}
	if len(res.Dice) == 0 {
		ev.Seed = nil
	}
	e.appendEvent(ev)
	return nil
}

// situation adds to an attack's request what the fight knows about the
// two: the surprise round (p. 29), the lasting states through
// combat.ApplyStates (pp. 52, 54, 60-61, 64, 66, 70), mass and barriers
// (pp. 54, 59-60); an attack a state forbids is refused.
func (e *Encounter) situation(att, def *Combatant, req combat.Request) (combat.Request, ruling.Steps, error) {
	if e.Phase == PhaseSurprise && att.Side == e.Surprise && def.Side != e.Surprise && !def.NeverSurprised() {
		req.Situation.Surprise = true
	}
	// What the fight knows about the two: their lasting states, read by
	// pkg/combat's one rule (pp. 52, 54, 60-61, 64, 66, 70), and mass.
	steps, err := combat.ApplyStates(&req, &att.Hero, stateNames(att), stateNames(def))
	if err != nil {
		return req, nil, err
	}
	steps = append(steps, e.weather(att, &req)...)
	if req.Situation.Invisible && !req.Situation.Located && e.unlocated(def) {
		req.Situation.Unlocated = true // it may not attack at all (p. 61)
	}
	for _, ef := range def.Effects {
		switch ef.Name {
		case EffectMolecular:
			req.Situation.Molecular = true // armour class one step better (p. 58)
		case EffectMass:
			// +5 knockback threshold at each step, ×2 to ×16 (p. 54).
			req.Situation.DefenderMass = max(req.Situation.DefenderMass, ef.Multiplier)
		}
	}
	for _, ef := range att.Effects {
		if ef.Name == EffectMass {
			req.Situation.AttackerDenser = true // +10 melee damage at ×2 (p. 54)
		}
	}
	// The strongest barrier on def: one rule in pkg/combat for a force
	// wall or shield (pp. 59-60) and a mystic shield (p. 64).
	if i, ok := barrier(def); ok {
		if ef := def.Effects[i]; ef.Name == EffectMysticShield {
			req.Situation.MysticShield = ef.Health
		} else {
			req.Situation.ForceBarrier = ef.Health
			req.Situation.ForceBarrierWall = ef.Name == EffectForceWall
		}
	}
	return req, steps, nil
}
