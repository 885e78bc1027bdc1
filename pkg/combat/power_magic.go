package combat

// Magic (pp. 62-65) in a fight. The spells that are not contests of one
// use on another character: what a spell costs its caster (SpellCharge,
// shared with the psychic powers, p. 67), Astral Projection (its limits
// and the observer's notice roll, p. 62) and cancelling another's spell
// (p. 62). Hypnotism and Restraint, mental powers (mentalRule), and the
// eldritch bolt, an attack (p. 63), are here too. Illusion and
// Hallucinations are power_illusion.go's, Bestow Gift's gifts
// power_bestowgift.go's. The one place that decides these numbers:
// `fight act` and `fight notice` call them.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// StateAstral is Astral Projection's state on the caster (p. 62).
const StateAstral = "astral-projection"

// magicKind: an attack made with Magic, an eldritch bolt too, is a magic
// attack (p. 63), which no forcefield stops (p. 59).
func magicKind(a *hero.Attack) (AttackKind, bool) {
	return KindMagic, a.PowerID() == rulebook.PowerMagic || a.DamageType == kindEldritch
}

// astralDefender marks the situation of an attack on an astral form
// (Situation.Astral) unless the attacker is one too, and says so
// (ApplyStates; p. 62): ok is false when it does not apply.
func astralDefender(sit *Situation, attStates, defStates []string) (st ruling.Step, ok bool) {
	if !slices.Contains(defStates, StateAstral) || slices.Contains(attStates, StateAstral) {
		return ruling.Step{}, false
	}
	sit.Astral = true
	return ruling.Step{Rule: "astral", Page: "p. 62", Text: "defender an astral form: immune to physical attacks (but from another astral form), hurt by energy attacks"}, true
}

// astralDefence is the astral form's immunity to physical attacks: only
// energy attacks, and attacks that reduce or negate dividers, hurt it
// (p. 62).
var astralDefence = defenceRule{
	immune: func(in incoming) string {
		if in.sit.Astral && in.energy == "" && in.atk.DamageType != "temperature" && !in.special.reducesDividers() {
			return "an astral form: immune to physical attacks, hurt only by energy attacks (p. 62)"
		}
		return ""
	},
}

// Astral Projection's limits (p. 62).
const (
	AstralSpellCap   = 5 // MP a spell while projected (p. 62)
	AstralCost       = 5 // MP to project (p. 62)
	AstralMoveFactor = 2 // the spirit's movement (p. 62)
)

// SpellCharge works out what a caster pays for points of a spell or
// psychic power slug from pool: the speciality at half (rounded up), at
// most the pool's cap a use (cap overrides it when lower, as Astral
// Projection's 5), at most what is left (pp. 62, 67).
func SpellCharge(h *hero.Hero, slug, pool string, points, cap int) (int, ruling.Steps, error) {
	var steps ruling.Steps
	spec := SpellSpeciality(h, slug)
	cost := SpecialityCost(points, spec)
	if spec {
		steps.Add("cost", "pp. 62, 67", "%s is a speciality: half cost, %d of %d (rounded up)", slug, cost, points)
	}
	p := h.FindPool(pool)
	if p == nil {
		return 0, nil, reqErr("pool", "%s has no %s pool", h.Name, pool)
	}
	limit := p.CapPerAction
	if limit == 0 {
		limit = rulebook.PoolCapPerAction
	}
	if cap > 0 && cap < limit {
		limit = cap
		steps.Add("astral", "p. 62", "projected: at most %d MP on one spell", cap)
	}
	if cost > limit {
		return 0, nil, reqErr("spend", "%s can spend at most %d %s on one use, %s costs %d (pp. 62, 67)", h.Name, limit, poolUnit(pool), slug, cost)
	}
	if cost > p.Current {
		return 0, nil, reqErr("spend", "%s has only %d %s left, %s costs %d", h.Name, p.Current, poolUnit(pool), slug, cost)
	}
	steps.Add("cost", "pp. 62, 67", "%d %s from %d", cost, poolUnit(pool), p.Current)
	return cost, steps, nil
}

// KnowsSpell reports whether h knows a spell or psychic power: the
// flavour on its magic or psychic ability, or any when the power lists
// none (a GM's own file).
func KnowsSpell(h *hero.Hero, power rulebook.PowerID, slug string) bool {
	p := h.FindPower(power)
	if p == nil || p.Rank < 1 {
		return false
	}
	return len(p.Flavours) == 0 || p.HasFlavour(slug)
}

// AstralNotice is an observer's roll to notice an astral form looking
// its way: d100 at or under its will (p. 62); Animal Senses see astral
// forms without a roll (p. 74).
//
// Dice: one d100 (none with Animal Senses).
func AstralNotice(h *hero.Hero, r dice.Roller) (int, bool, ruling.Steps, error) {
	var steps ruling.Steps
	if animalSenses(h) {
		steps.Add("astral", "p. 74", "animal senses see astral forms: noticed without a roll")
		return 0, true, steps, nil
	}
	v, err := r.Roll(100, "noticing an astral form")
	if err != nil {
		return 0, false, nil, err
	}
	if v < 1 || v > 100 {
		return 0, false, nil, errRoller(100, v, "noticing an astral form")
	}
	will := h.Abilities.Final.Will
	ok := v <= will
	steps.Add("astral", "p. 62", "d100 %d against will %d: %s", v, will, map[bool]string{true: "notices the ghostly form", false: "does not notice it"}[ok])
	return v, ok, steps, nil
}

// Cancellable lists the spells another caster can cancel, with the
// points a casting costs when the state does not record them (0: the
// points the caster chose). Eldritch Bolt and Lore cannot be cancelled
// (pp. 63, 64).
var cancellable = [...]struct {
	spell  rulebook.PowerID
	points int
}{
	{rulebook.SpellHypnotism, 10}, {rulebook.SpellRestraint, 0}, {rulebook.SpellMysticShield, 0}, {rulebook.SpellBestowGift, 5},
	{rulebook.SpellSummoning, 0}, {rulebook.SpellIllusion, 0}, {rulebook.SpellAstralProjection, AstralCost},
}

// cancelCost is a cancellable spell's fixed cost (0: the caster's
// choice); ok is false for a spell that cannot be cancelled.
func cancelCost(spell string) (points int, ok bool) {
	for _, c := range cancellable {
		if c.spell == rulebook.PowerID(spell) {
			return c.points, true
		}
	}
	return 0, false
}

// CancelInput is one attempt to cancel another's spell (p. 62).
type CancelInput struct {
	Spell string `json:"spell"`
	// Points the spell cost to cast (before anybody's speciality); 0
	// for hypnotism, bestow-gift and astral-projection (fixed).
	Points             int  `json:"points"`
	Resist             bool `json:"resist"`
	AttackerHeroPoints int  `json:"attacker_hero_points"`
	DefenderHeroPoints int  `json:"defender_hero_points"`
	// Cap is a lower limit a use (5 while the canceller is projected).
	Cap int `json:"cap"`
}

// CancelResult is what an attempt to cancel did.
type CancelResult struct {
	Spell     string         `json:"spell"`
	Canceller string         `json:"canceller"`
	Caster    string         `json:"caster"`
	Points    int            `json:"points"`
	Cost      int            `json:"cost"`
	Contest   *PsychicResult `json:"contest"`
	Success   bool           `json:"success"`
	Steps     ruling.Steps   `json:"steps"`
}

// CancelSpell works out att cancelling caster's spell (p. 62): att must
// know the spell; it pays the points casting it would cost att (its own
// speciality half), win or lose; a magic attack, att's will against the
// caster's (the Confidence Table bonus, --resist), decides it. A double-
// panel is the caller's.
//
// Dice: the canceller's d20, the caster's d20, the resist 1d6.
func CancelSpell(att, caster *hero.Hero, in CancelInput, r dice.Roller) (CancelResult, error) {
	s := naming.Slug(in.Spell)
	res := CancelResult{Spell: s, Canceller: att.Name, Caster: caster.Name}
	fixed, ok := cancelCost(s)
	if !ok {
		names := make([]string, 0, len(cancellable))
		for _, c := range cancellable {
			names = append(names, string(c.spell))
		}
		slices.Sort(names)
		return res, reqErr("spell", "%q cannot be cancelled (%s; eldritch bolt and lore cannot, pp. 63-64)", in.Spell, strings.Join(names, ", "))
	}
	if !KnowsSpell(att, rulebook.PowerMagic, s) {
		return res, reqErr("spell", "%s cannot cast %s, so cannot cancel it (p. 62)", att.Name, s)
	}
	res.Points = in.Points
	if fixed > 0 {
		res.Points = fixed
	}
	if res.Points < 1 {
		return res, reqErr("spend", "cancelling %s costs what casting it did: give --spend N", s)
	}
	res.Steps.Add("cancel", "p. 62", "cancelling %s's %s: a double-panel, the %d MP casting it costs, and a magic attack", caster.Name, s, res.Points)
	cost, st, err := SpellCharge(att, s, "magic", res.Points, in.Cap)
	if err != nil {
		return res, err
	}
	res.Cost = cost
	res.Steps = append(res.Steps, st...)
	if err := heroPointsCheck(att, caster, in.AttackerHeroPoints, in.DefenderHeroPoints); err != nil {
		return res, err
	}
	c, cst, err := ContestWith(att.Abilities.Final.Will, 0, caster, in.Resist,
		PsychicInput{AttackerHeroPoints: in.AttackerHeroPoints, DefenderHeroPoints: in.DefenderHeroPoints, AttackerName: att.Name}, r)
	if err != nil {
		return res, err
	}
	res.Contest, res.Success = &c, c.Success
	res.Steps = append(res.Steps, cst...)
	res.Steps.Add("cancel", "p. 62", "%s", map[bool]string{true: "the spell is cancelled", false: "the spell holds"}[c.Success])
	return res, nil
}

func heroPointsCheck(att, def *hero.Hero, a, d int) error {
	if err := heropoints.Check(att, a); err != nil {
		return reqErr("attacker-hero-points", "%v", err)
	}
	if err := heropoints.Check(def, d); err != nil {
		return reqErr("defender-hero-points", "%v", err)
	}
	return nil
}

// CancelOnFile finds the state caster's spell left on a hero file's
// imposed states (Hypnotism: hypnotised; Restraint: bound, both by
// Magic): its index and the points casting it cost (10; the binding's
// strength ÷ 10, p. 64). -1 when there is none.
func CancelOnFile(target *hero.Hero, spell, caster string) (int, int) {
	name := map[rulebook.PowerID]string{rulebook.SpellHypnotism: hero.ImposedHypnotised, rulebook.SpellRestraint: hero.ImposedBound}[rulebook.PowerID(naming.Slug(spell))]
	for i, st := range target.ImposedStates {
		if st.Name != name || rulebook.PowerID(st.Power) != rulebook.PowerMagic || st.Source != caster {
			continue
		}
		if name == hero.ImposedBound {
			return i, st.Strength / 10 // strength 10 per point (p. 64)
		}
		return i, 10
	}
	return -1, 0
}

// Summary is the cancel in one line.
func (c *CancelResult) Summary() string {
	s := fmt.Sprintf("%s tries to cancel %s's %s (%d MP)", c.Canceller, c.Caster, c.Spell, c.Cost)
	if k := c.Contest; k != nil {
		s += fmt.Sprintf(": will %d against %d", k.AttackerTotal, k.DefenderTotal)
	}
	if c.Success {
		return s + ", cancelled (p. 62)"
	}
	return s + ", the spell holds (p. 62)"
}

// eldritchBolt is the eldritch bolt (p. 63): "1d6 health damage or 1d6
// stamina damage per two magic points", split as the caster sees fit,
// ignoring dividers; a speciality costs half (rounded up) and may use 10
// dice an action.
var eldritchBolt = specialAttack{slug: kindEldritch, ranged: true, parryRow: rulebook.AttackEnergyBlast, splitsDice: true,
	ignoresDividers: true, dividerNote: kindEldritch + " ignores dividers (pp. 63, 68)",
	cost: func(att *hero.Hero, nh, ns int) (string, int, int, error) {
		cost, capDice := 2*(nh+ns), 5
		if SpellSpeciality(att, kindEldritch) {
			cost, capDice = SpecialityCost(cost, true), 10
		}
		return "magic", cost, capDice, nil
	}}

// hypnotism is the Hypnotism spell's mentalRule (p. 63): 10 magic points,
// win or lose; a magic attack (a will contest); won, 1d6 double-panels
// establishing control.
var hypnotism = mentalRule{
	MentalPower: MentalPower{rulebook.SpellHypnotism, rulebook.PowerMagic, MentalMagic, "magic", "always", "p. 63"},
	cost:        tenPoints,
	renewed:     true,
	outcome:     establishControl,
	worked:      controlEstablished,
}

// restraint is the Restraint spell's mentalRule (pp. 64-65): 1-10 magic
// points, strength 10 each; no attack roll, it binds a target within 20
// m unless it escapes at once (RestraintOn).
var restraint = mentalRule{
	MentalPower: MentalPower{rulebook.SpellRestraint, rulebook.PowerMagic, MentalMagic, "magic", "never", "pp. 64-65"},
	cost:        chosenPoints,
	outcome: func(u mentalUse, res *MentalResult) error {
		rs, err := RestraintOn(u.def, u.points)
		if err != nil {
			return err
		}
		res.Restraint = &rs
		res.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "no attack roll is asked: the spell binds a target within 20 m")
		res.Steps = append(res.Steps, rs.Steps...)
		if !rs.Automatic && !rs.Free {
			res.State = StateBound
		}
		return nil
	},
	worked: func(b *strings.Builder, m *MentalResult) {
		r := m.Restraint
		switch {
		case r.Automatic:
			b.WriteString(", but Teleport or Phasing escapes it at once")
		case r.Free:
			fmt.Fprintf(b, ", but escape chance %d%% frees at once", r.Chance)
		default:
			fmt.Fprintf(b, ", bound (strength %d, escape chance %d%%)", r.Strength, r.Chance)
		}
	},
}
