package combat

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Explain builds the step-by-step ruling (rule, text, table row, page)
// from the result, stores it in res.Steps and returns it. It is separate
// from Resolve so that simulations that never print can skip it.
func (res *Result) Explain() ruling.Steps {
	var st ruling.Steps
	a := res.Attack
	verb := map[Mode]string{ModeStrike: "attacks", ModeGrab: "grabs at", ModeCrush: "crushes", ModeFinishing: "finishes",
		ModeEscape: "holds", ModeThrow: "throws"}[res.Mode]
	st.Add("attack", "p. 31", "%s %s %s with %s (%s, %s)", res.Attacker, verb, res.Defender, nameOr(a.Name, a.Slug), a.StrikeClass, nameOr(a.DamageType, "attack"))
	switch res.Mode {
	case ModeFinishing:
		if f := res.Finishing; f != nil {
			st.Add("finishing", "p. 43", "finishing move on a %s target: automatic; knocked out for 1d6 = %d hours (no stamina recovery until then)", res.Before.Condition, f.Hours)
		}
		res.Steps = st
		return st
	case ModeCrush:
		st.Add("crush", "p. 42", "crushing hold on a grappled target: no to-hit roll; up to 1d6 S and 1d6-6 H plus the damage bonus")
	case ModeEscape:
		st.Add("escape", "p. 42", "%s tries to get free: a retroactive %s of the grab", res.Defender, map[ReactionKind]string{ReactionDodge: "dodge (wriggle)", ReactionParry: "parry (force)"}[res.Reaction.Kind])
	case ModeThrow:
		st.Add("throw", "p. 43", "throwing a grabbed person: no to-hit roll; the thrower needs the Throw score for the mass")
	}
	if o := res.Object; o != nil {
		st.AddRow("object", "pp. 36, 39-41", "Object Table", o.Mass, "%s", o.Text())
	}
	for _, r := range res.HeroPoints {
		st.Add("hero-points", "p. 14", "%s", r.Text())
	}
	th := res.ToHit
	switch {
	case th.Mental != nil:
		m := th.Mental
		st.Add("mental", "p. 43", "will contest: attacker 1d20 %d + will %d%s = %d vs defender 1d20 %d + will %d%s%s = %d: %s",
			m.AttackerRoll, m.AttackerWill, plusIf(m.AttackerBonus, "bonus"), m.AttackerTotal, m.DefenderRoll, m.DefenderWill,
			plusIf(m.WillBonus, "confidence"), plusIf(m.ResistRoll, "resist 1d6"), m.DefenderTotal, hitWord(m.Success, "succeeds (ties go to the attacker)", "resisted"))
	case th.Rolled:
		st.AddRow("to-hit", "p. 33", "To-Hit Table", "AC "+th.ArmourClass.String()+", "+th.StrikeClass.String(),
			"1d20 %d%s = %d vs %d needed: %s", th.Roll, modsText(th.Modifiers), th.Total, th.Target, hitWord(th.Hit, "hit", "miss, the attack ends"))
	}
	rr := res.Reaction
	if rr.Kind != ReactionNone {
		explainReaction(&st, res)
	}
	if res.Mode == ModeGrab || res.Mode == ModeEscape {
		if res.Damage.HealthExpr != "" {
			st.Add("grab", "p. 41", "grab's virtual health damage 1d6 %d + damage bonus %d = %d against the parry's %d", res.Damage.HealthRoll, res.Damage.Bonus, res.Damage.Health, rr.VirtualDamage)
		}
		switch res.Outcome {
		case OutcomeGrabbed:
			st.Add("grab", "p. 41", "%s is grabbed: cannot move away from %s", res.Defender, res.Attacker)
		case OutcomeGrappled:
			st.Add("grapple", "p. 42", "second grab on the same target: %s is grappled (no attacks; +4 to hit them)", res.Defender)
		case OutcomeEscaped:
			st.Add("escape", "p. 42", "%s gets free", res.Defender)
		case OutcomeNotEscaped:
			st.Add("escape", "p. 42", "%s is still held", res.Defender)
		}
	}
	if res.Applied.Immune != "" && res.Outcome == OutcomeImmune {
		st.Add(string(rulebook.PowerImmunity), "", "%s: no damage and no knockback", res.Applied.Immune)
	}
	if m := res.Mundane; m != nil {
		if m.TakenOut {
			why := "a second strike without a super power"
			if m.SuperPower {
				why = "a strike using a super power"
			}
			st.Add("mundane", "p. 38", "mundane character: %s takes them out (%s)", why, m.Result)
		} else {
			st.Add("mundane", "p. 38", "mundane character: first strike without a super power (hits %d); a second takes them out", m.HitsAfter)
		}
	}
	d := res.Damage
	if d.HealthExpr != "" || d.StaminaExpr != "" {
		if res.Mode == ModeStrike || res.Mode == ModeCrush {
			row := a.DamageType
			st.AddRow("damage", "p. 36", "Physical Damage Table", row, "health %s rolled %d%s, stamina %s rolled %d%s: %d H, %d S%s",
				nameOr(d.HealthExpr, "-"), d.HealthRoll, plusIf(d.BonusHealth, "bonus"), nameOr(d.StaminaExpr, "-"), d.StaminaRoll,
				plusIf(d.BonusStamina, "bonus"), d.Health, d.Stamina, minimumText(d.Minimum))
			for _, b := range d.BonusSources {
				st.Add("bonus", b.Page, "%s %+d (split between health and stamina as the attacker chose)", b.Text, b.Value)
			}
		}
	}
	if rr.Kind == ReactionDodge && (rr.ReducedHealth > 0 || rr.ReducedStamina > 0) {
		st.Add("dodge", "p. 35", "half the rolled damage (rounded up), before knockback: -%d H, -%d S", rr.ReducedHealth, rr.ReducedStamina)
	}
	if rr.Kind == ReactionParry && rr.RangedForm && rr.Success && res.Mode == ModeStrike {
		st.Add("parry", "p. 36", "ranged parry: virtual damage %d taken off before knockback, health first: -%d H, -%d S", rr.VirtualDamage, rr.ReducedHealth, rr.ReducedStamina)
	}
	if kb := res.Knockback; kb != nil {
		explainKnockback(&st, kb, res.Mode == ModeThrow)
	}
	if rr.Kind == ReactionParry && !rr.RangedForm && rr.Success && res.Mode == ModeStrike {
		st.Add("parry", "p. 36", "melee parry: virtual damage %d taken off after knockback, health first: -%d H, -%d S", rr.VirtualDamage, rr.ReducedHealth, rr.ReducedStamina)
	}
	// A miss records the block declared but puts nothing in the way.
	if b := rr.Block; b != nil && res.Mode == ModeStrike {
		if b.Destroyed {
			st.Add("block", "p. 34", "%s (health %d) takes -%d H, -%d S and is destroyed", b.Object, b.Health, rr.ReducedHealth, rr.ReducedStamina)
		} else {
			st.Add("block", "p. 34", "%s (health %d) absorbs everything and has %d health left", b.Object, b.Health, b.Remaining)
		}
	}
	ap := res.Applied
	for _, ab := range ap.Absorbers {
		st.Add("absorb", "", "%s absorbs %d H, %d S", ab.Source, ab.Health, ab.Stamina)
	}
	if (res.Mode == ModeStrike || res.Mode == ModeCrush) && res.Mundane == nil {
		if res.Outcome == OutcomeHit || res.Outcome == OutcomeParried || res.Outcome == OutcomeBlocked {
			for _, n := range ap.DividerNotes {
				st.Add("dividers", "p. 37", "%s", n)
			}
			for _, n := range splitNotes(ap.Immune) {
				text, page := notePage(n, "p. 32")
				st.Add(string(rulebook.PowerImmunity), page, "%s", text)
			}
			st.Add("dividers", "p. 37", "%d H at %s and %d S at %s (damage taken rounded up)%s: %d H, %d S",
				ap.IncomingHealth, divText(ap.Dividers.Health, "H"), ap.IncomingStamina, divText(ap.Dividers.Stamina, "S"), obstructionText(res.Knockback), ap.Health-ap.Overflow, ap.Stamina+ap.Overflow)
			if ap.Overflow > 0 {
				st.Add("overflow", "p. 38", "stamina stops at minus endurance: %d of the stamina damage is taken as health damage (%d H, %d S in all)", ap.Overflow, ap.Health, ap.Stamina)
			}
		}
	}
	if res.Mundane == nil && res.Mode != ModeGrab && res.Mode != ModeEscape && res.After != res.Before {
		st.Add("condition", "pp. 37-38", "health %d → %d, stamina %d → %d: %s → %s%s", res.Before.Health, res.After.Health,
			res.Before.Stamina, res.After.Stamina, res.Before.Condition, res.After.Condition, proneText(res.After.Prone && !res.Before.Prone))
	}
	if e := res.AttackerEffects; e != nil {
		if e.PanelsLost > 0 {
			st.Add("judo", "p. 36", "%s loses the next %d panel(s)%s", res.Attacker, e.PanelsLost, proneText(e.Prone))
		}
		if e.Damage != nil {
			kbm := 0
			if e.Knockback != nil {
				kbm = e.Knockback.Metres
			}
			st.Add("judo", "p. 36", "Dam: %s takes 1d3 %d H and 2d6 %d%s S; knockback %d m; after dividers %d H, %d S",
				res.Attacker, e.Damage.HealthRoll, e.Damage.StaminaRoll, plusIf(e.Damage.BonusStamina, "bonus"), kbm, e.Applied.Health, e.Applied.Stamina)
		}
		if e.RecoveryPanels > 0 {
			st.Add("movement", "p. 58", "the special attack costs %s one recovery panel in advance", res.Attacker)
		}
	}
	if ps := res.PoolSpent; ps != nil {
		st.Add("pool", "pp. 55-72", "%s spends %d from its %s pool", res.Attacker, ps.Amount, ps.Pool)
	}
	for _, n := range res.Notes {
		st.Add("note", "", "%s", n)
	}
	res.Steps = st
	return st
}

func explainReaction(st *ruling.Steps, res *Result) {
	rr := res.Reaction
	cost := strconv.Itoa(rr.Panels) + " panel(s)"
	if rr.Free {
		cost = "free (one of four free reactions a page against SC 0-1, p. 31)"
	}
	if !res.ToHit.Hit && res.ToHit.Mental == nil {
		st.Add("reaction", "p. 33", "%s not needed: the attack missed", rr.Kind)
		return
	}
	switch rr.Kind {
	case ReactionParry:
		if rr.Roll == 0 && rr.Success {
			st.Add("parry", "p. 56", "Energy Reflect: automatic successful parry with %s; costs %s", rr.Parry, cost)
		} else {
			st.AddRow("parry", "p. 34", "Parrying Table", rr.AttackType+" vs "+rr.ParryType,
				"%s: 1d20 %d%s = %d vs %d: %s; costs %s", rr.Parry, rr.Roll, modsText(rr.Modifiers), rr.Total, rr.Target, hitWord(rr.Success, "parried", "failed"), cost)
		}
		if rr.Success {
			st.Add("parry", "p. 34", "virtual damage (health + stamina added) %d", rr.VirtualDamage)
		}
	case ReactionDodge:
		extra := ""
		if rr.ExtraPanel {
			extra = " (+1 extra panel, never free, to avoid it entirely)"
		}
		st.AddRow("dodge", "p. 35", "Dodging Table", "roll "+strconv.Itoa(min(max(rr.Total, 1), 12))+", "+res.Attack.StrikeClass.String(),
			"1d6 %d%s = %d: %s%s; costs %s", rr.Roll, modsText(rr.Modifiers), rr.Total, rr.DodgeSymbol, extra, cost)
	case ReactionBrace:
		st.Add("brace", "p. 35", "brace: knockback threshold +%d (+5 per Super Strength rank); costs no panels", rr.BraceBonus)
	case ReactionBlock:
		if b := rr.Block; b != nil {
			st.AddRow("block", "p. 34", "Object Table", b.Object, "block with %s (%d health to destroy); costs %s", b.Object, b.Health, cost)
		}
	case ReactionJudo:
		if g := rr.JudoGrab; g != nil {
			st.AddRow("judo", "p. 41", "To-Hit Table", "AC "+g.ArmourClass.String()+", "+g.StrikeClass.String(),
				"grab: 1d20 %d%s = %d vs %d: %s", g.Roll, modsText(g.Modifiers), g.Total, g.Target, hitWord(g.Hit, "grabbed", "missed, the attack hits as normal"))
		}
		if rr.JudoColumn > 0 {
			st.AddRow("judo", "p. 36", "Judo Throw Table", "roll "+strconv.Itoa(min(max(rr.Total, 1), 12))+", column "+strconv.Itoa(rr.JudoColumn),
				"1d6 %d%s = %d: %s; costs %s", rr.Roll, modsText(rr.Modifiers), rr.Total, rr.JudoResult, cost)
		}
	case ReactionResist:
		st.Add("resist", "p. 43", "active resistance: +1d6 to the defender's roll; costs a double-panel")
	case ReactionGrab:
		st.AddRow("grab", "p. 43", "To-Hit Table", "", "counter-grab: 1d20 %d%s = %d vs %d: %s; costs %s", rr.Roll, modsText(rr.Modifiers), rr.Total, rr.Target, hitWord(rr.Success, "the throw is stopped", "missed"), cost)
	}
}

func explainKnockback(st *ruling.Steps, kb *KnockbackResult, thrown bool) {
	if thrown {
		st.Add("knockback", "p. 43", "thrown %d m, treated as knockback", kb.Metres)
	} else {
		th := strconv.Itoa(kb.Threshold)
		if kb.BraceBonus > 0 {
			th += " + " + strconv.Itoa(kb.BraceBonus) + " braced"
		}
		if kb.Metres == 0 {
			st.Add("knockback", "p. 36", "%d stamina vs knockback threshold %s: not knocked back", kb.StaminaCounted, th)
			return
		}
		st.Add("knockback", "p. 36", "%d stamina vs knockback threshold %s: %d over, 2 m per 5 or part of 5: %d m", kb.StaminaCounted, th, kb.Excess, kb.Metres)
	}
	for _, o := range kb.Obstructions {
		what := "stops there"
		if o.BrokeThrough {
			what = "breaks through"
		}
		st.AddRow("obstacle", "p. 37", "Wall Strength Table", o.Material, "hits %s at %d m: 1d6 %d stamina (%d after the S divider); %d damage for a hero-sized hole cuts %d m; %s",
			o.Material, o.At, o.Roll, o.Stamina, o.DamageNeeded, o.Reduction, what)
	}
	if len(kb.Obstructions) > 0 {
		st.Add("knockback", "p. 37", "ends %d m back", kb.Travelled)
	}
	switch {
	case kb.Automatic:
		st.Add("prone", "p. 71", "gymnastics: stays standing automatically")
	case kb.ProneRoll > 0:
		st.Add("prone", "p. 37", "1d20 %d + %d (1 per 2 m of %d m) = %d vs agility %d: %s", kb.ProneRoll, kb.ProneBonus, kb.Metres, kb.ProneTotal, kb.Agility,
			hitWord(kb.Prone, "knocked prone, loses the next panel", "stays standing"))
	}
}

func modsText(mods []Modifier) string {
	var b strings.Builder
	for _, m := range mods {
		if m.Value >= 0 {
			b.WriteString(" + ")
			b.WriteString(strconv.Itoa(m.Value))
		} else {
			b.WriteString(" - ")
			b.WriteString(strconv.Itoa(-m.Value))
		}
		b.WriteString(" (")
		b.WriteString(nameOr(m.Text, m.Slug))
		b.WriteString(")")
	}
	return b.String()
}

func plusIf(n int, what string) string {
	if n == 0 {
		return ""
	}
	if n > 0 {
		return " + " + strconv.Itoa(n) + " " + what
	}
	return " - " + strconv.Itoa(-n) + " " + what
}

func hitWord(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}

func nameOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func divText(d int, letter string) string {
	if d < 2 {
		return "no " + letter + " divider"
	}
	return letter + "/" + strconv.Itoa(d)
}

func minimumText(m bool) string {
	if m {
		return " (minimum damage: shrunk or lighter)"
	}
	return ""
}

func proneText(p bool) string {
	if p {
		return ", prone"
	}
	return ""
}

func obstructionText(kb *KnockbackResult) string {
	if kb == nil {
		return ""
	}
	n := 0
	for _, o := range kb.Obstructions {
		n += o.Stamina
	}
	if n == 0 {
		return ""
	}
	return ", plus " + strconv.Itoa(n) + " S from obstructions"
}

// Summary is a one-line account of the result for the event log.
func (res *Result) Summary() string {
	s := fmt.Sprintf("%s vs %s (%s): %s", res.Attacker, res.Defender, nameOr(res.Attack.Slug, string(res.Mode)), res.Outcome)
	if kb := res.Knockback; kb != nil && kb.Metres > 0 {
		s += fmt.Sprintf(", knocked back %d m%s", kb.Metres, proneText(kb.Prone))
	}
	if res.Applied.Health > 0 || res.Applied.Stamina > 0 {
		s += fmt.Sprintf(", took %d H %d S", res.Applied.Health, res.Applied.Stamina)
	}
	if m := res.Mundane; m != nil && m.TakenOut {
		s += fmt.Sprintf(", taken out (%s)", m.Result)
	}
	if f := res.Finishing; f != nil {
		s += fmt.Sprintf(", knocked out for %d hours", f.Hours)
	}
	for _, r := range res.HeroPoints {
		s += fmt.Sprintf(", %s re-rolled the %s with %d hero point%s", r.Hero, r.Roll, r.Points, map[bool]string{true: "", false: "s"}[r.Points == 1])
	}
	if res.After.Condition != res.Before.Condition {
		s += "; " + res.After.Condition
	}
	return s
}
