package combat

// Spells and psychic powers that are not contests of one use on another
// character: Illusion and Hallucinations (their cost by size and range,
// and Hallucinations' psychic attack on touch), Astral Projection (its
// limits and the observer's notice roll), cancelling another's spell,
// and Bestow Gift's gifts put on and taken off a hero (pp. 62-64, 67-68).
// The one place that decides these numbers: `fight act` and `fight
// notice` call them.

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

// Illusion kinds and their base cost (pp. 63, 67).
var illusionKinds = []struct {
	Kind   string
	Points int
	Text   string
}{
	{"visual", 3, "purely visual"},
	{"auditory", 3, "purely auditory"},
	{"minor-sounds", 7, "visual with minor sounds"},
	{"speech", 10, "visual with speech or loud clear sounds"},
}

// IllusionKinds lists the kinds for help texts and errors.
func IllusionKinds() string {
	s := make([]string, len(illusionKinds))
	for i, k := range illusionKinds {
		s[i] = k.Kind
	}
	return strings.Join(s, ", ")
}

// The illusion's size and range covered by the base cost (pp. 63, 67).
const (
	IllusionRadius      = 2  // metres of radius
	IllusionDistance    = 20 // metres from the caster
	IllusionRadiusStep  = 2  // +1 point per further 2 m of radius
	IllusionRangeStep   = 20 // +1 point per further 20 m of distance
	AstralSpellCap      = 5  // MP a spell while projected (p. 62)
	AstralCost          = 5  // MP to project (p. 62)
	AstralMoveFactor    = 2  // the spirit's movement (p. 62)
	HallucinationDamage = "2d6+6"
)

// IllusionCost is what an Illusion (magic points) or Hallucinations (psi)
// of this kind, radius and distance costs before the speciality's half
// (pp. 63, 67): 3, 7 or 10, +1 per further 2 m of radius (or part) beyond
// 2 m and per further 20 m (or part) beyond 20 m. Radius and distance 0
// mean the base 2 m and 20 m.
func IllusionCost(kind string, radius, distance int) (int, ruling.Steps, error) {
	var steps ruling.Steps
	k := naming.Slug(kind)
	if k == "" {
		k = "visual"
	}
	base, text := 0, ""
	for _, x := range illusionKinds {
		if x.Kind == k {
			base, text = x.Points, x.Text
		}
	}
	if base == 0 {
		return 0, nil, reqErr("how", "an illusion is %s, not %q (pp. 63, 67)", IllusionKinds(), kind)
	}
	if radius < 0 || distance < 0 {
		return 0, nil, reqErr("radius", "radius and distance are metres, 0 or more")
	}
	radius, distance = max(radius, IllusionRadius), max(distance, IllusionDistance)
	er := (radius - IllusionRadius + IllusionRadiusStep - 1) / IllusionRadiusStep
	ed := (distance - IllusionDistance + IllusionRangeStep - 1) / IllusionRangeStep
	steps.Add("illusion", "pp. 63, 67", "%s: %d points for a %d m radius within %d m", text, base, IllusionRadius, IllusionDistance)
	if er+ed > 0 {
		steps.Add("illusion", "pp. 63, 67", "radius %d m: +%d (1 per further 2 m); distance %d m: +%d (1 per further 20 m)", radius, er, distance, ed)
	}
	return base + er + ed, steps, nil
}

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

// HallucinationTouch is Hallucinations' psychic attack on a person who
// touches the illusion or whom it attacks (pp. 67-68): on a success the
// illusion blocks and may hurt it, at most a two-handed blunt weapon's
// stamina damage (2d6+6, Physical Damage Table) and never health; on a
// failure this illusion never blocks or hurts that person again.
type HallucinationTouch struct {
	Contest *PsychicResult `json:"contest"`
	Success bool           `json:"success"`
	// Stamina is the damage dealt (0 on a failure or without --hurt).
	Stamina int          `json:"stamina"`
	Steps   ruling.Steps `json:"steps"`
}

// Hallucinate works out a hallucination's psychic attack on def by att
// (pp. 67-68); hurt rolls its damage on a success.
//
// Dice: att's d20, def's d20, the resist 1d6; then 2d6 (+6) stamina when
// it hurts.
func Hallucinate(att, def *hero.Hero, hurt, resist bool, attHP, defHP int, r dice.Roller) (HallucinationTouch, error) {
	var h HallucinationTouch
	if err := heroPointsCheck(att, def, attHP, defHP); err != nil {
		return h, err
	}
	c, st, err := ContestWith(att.Abilities.Final.Will, 0, def, resist,
		PsychicInput{AttackerHeroPoints: attHP, DefenderHeroPoints: defHP, AttackerName: att.Name}, r)
	if err != nil {
		return h, err
	}
	h.Contest, h.Success = &c, c.Success
	h.Steps = append(h.Steps, ruling.Step{Rule: "hallucinations", Page: "pp. 67-68", Text: "touching the illusion, or attacked by it: a psychic attack"})
	h.Steps = append(h.Steps, st...)
	if !c.Success {
		h.Steps.Add("hallucinations", "p. 68", "it fails: the person passes through, and this illusion never blocks or hurts it again")
		return h, nil
	}
	if !hurt {
		h.Steps.Add("hallucinations", "p. 68", "it succeeds: the person feels the illusion and is blocked by it")
		return h, nil
	}
	v, err := dice.MustParse(HallucinationDamage).Total(r, "hallucination stamina damage")
	if err != nil {
		return h, err
	}
	h.Stamina = v
	h.Steps.Add("hallucinations", "p. 68", "it hurts: at most a two-handed blunt weapon's damage, %s stamina = %d, no health damage (Physical Damage Table)", HallucinationDamage, v)
	return h, nil
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

// The gifts of Bestow Gift (p. 63).
const (
	GiftInvisibility = "invisibility"
	GiftSpeed        = "speed"
	GiftStrength     = "strength"
	GiftCombat       = "combat-prowess"
	GiftFlight       = "flight"
	GiftRegeneration = "regeneration"
	giftSource       = "gift"
	giftAbility      = "bestow gift (strength)"
)

// Gift is one gift: the power (and rank) it gives, or the strength dice.
type Gift struct {
	Slug    string           `json:"slug"`
	Power   rulebook.PowerID `json:"power"`
	Rank    int              `json:"rank"`
	Flavour string           `json:"flavour"`
	Text    string           `json:"text"`
}

var gifts = []Gift{
	{GiftInvisibility, rulebook.PowerInvisibility, 1, "", "the Invisibility power"},
	{GiftSpeed, rulebook.PowerSuperSpeed, 1, "", "Super Speed rank 1 (twice the movement, +3 dodge)"},
	{GiftStrength, "", 0, "", "+1d6+6 strength"},
	{GiftCombat, rulebook.PowerMartialArts, 2, "oriental", "Oriental Martial Arts rank 2"},
	{GiftFlight, rulebook.PowerFlight, 1, "", "Flight rank 1"},
	{GiftRegeneration, "", 0, "", "1d6 health per double-panel of rest"},
}

// GiftSlugs lists the gifts for help texts and errors.
func GiftSlugs() string { return naming.List(gifts, giftSlug) }

// FindGift looks a gift up by slug.
func FindGift(slug string) (Gift, bool) { return naming.Find(gifts, slug, giftSlug) }

func giftSlug(g *Gift) string { return g.Slug }

// GiftChange is what a gift did to a hero: the power added (none when it
// already had it at that rank or better), the strength added, the
// movement added.
type GiftChange struct {
	Gift       string `json:"gift"`
	PowerAdded bool   `json:"power_added"`
	Strength   int    `json:"strength"`
	Movement   int    `json:"movement"`
	// Steps go in the log event, not in the effect.
	Steps ruling.Steps `json:"-"`
}

// Bestow puts a gift on h (p. 63): a power it gains (kept with source
// "gift"), +1d6+6 strength (the damage bonus, dividers and thresholds
// follow), Super Speed's doubled movement; regeneration is a rest the
// fight allows (RegenerateRest).
//
// Dice: the strength gift's 1d6.
func Bestow(h *hero.Hero, slug string, r dice.Roller) (GiftChange, error) {
	g, ok := FindGift(slug)
	if !ok {
		return GiftChange{}, reqErr("gift", "unknown gift %q (%s, p. 63)", slug, GiftSlugs())
	}
	ch := GiftChange{Gift: g.Slug}
	switch {
	case g.Slug == GiftStrength:
		v, err := r.Roll(6, "bestowed strength")
		if err != nil {
			return ch, err
		}
		if v < 1 || v > 6 {
			return ch, errRoller(6, v, "bestowed strength")
		}
		ch.Strength = v + 6
		h.Abilities.Final.Strength += ch.Strength
		h.Abilities.Modifiers = append(h.Abilities.Modifiers, hero.AbilityModifier{Ability: "strength", Amount: ch.Strength, Source: giftAbility, Dice: "1d6+6"})
		ch.Steps.Add("gift", "p. 63", "strength 1d6+6: %d+6 = +%d, now %d", v, ch.Strength, h.Abilities.Final.Strength)
		ch.Steps = append(ch.Steps, resize(h)...)
	case g.Power != "":
		if h.PowerRank(g.Power) >= g.Rank {
			ch.Steps.Add("gift", "p. 63", "%s: already held at rank %d, nothing added", g.Text, h.PowerRank(g.Power))
			break
		}
		if old := h.FindPower(g.Power); old != nil {
			return ch, reqErr("gift", "%s already has %s at rank %d: the gift's rank %d would replace it", h.Name, g.Power, old.Rank, g.Rank)
		}
		p := hero.Power{Slug: rulebook.PowerID(string(g.Power)), Name: g.Text, Rank: g.Rank, Source: giftSource, Notes: "Bestow Gift (p. 63)"}
		if g.Flavour != "" {
			p.Flavours = []hero.Flavour{{Slug: g.Flavour, Name: "Oriental", Table: "martial-arts", Rank: g.Rank}}
		}
		h.Powers = append(h.Powers, p)
		ch.PowerAdded = true
		ch.Steps.Add("gift", "p. 63", "gains %s while the spell lasts", g.Text)
		if g.Slug == GiftSpeed {
			ch.Movement = h.Combat.Movement
			h.Combat.Movement += ch.Movement
			ch.Steps.Add("gift", "p. 75", "Super Speed rank 1: movement ×2, %d m a panel", h.Combat.Movement)
		}
	default:
		ch.Steps.Add("gift", "p. 63", "regenerates 1d6 health per double-panel of rest")
	}
	return ch, nil
}

// Unbestow takes a gift off h when the spell ends: the strength and
// movement it added, the power it added.
func Unbestow(h *hero.Hero, ch GiftChange) ruling.Steps {
	var steps ruling.Steps
	if ch.Strength != 0 {
		h.Abilities.Final.Strength -= ch.Strength
		if i := slices.IndexFunc(h.Abilities.Modifiers, func(m hero.AbilityModifier) bool { return m.Source == giftAbility }); i >= 0 {
			h.Abilities.Modifiers = slices.Delete(h.Abilities.Modifiers, i, i+1)
		}
		steps.Add("gift", "p. 63", "the strength gift ends: strength %d", h.Abilities.Final.Strength)
		steps = append(steps, resize(h)...)
	}
	if ch.Movement != 0 {
		h.Combat.Movement -= ch.Movement
	}
	if ch.PowerAdded {
		g, _ := FindGift(ch.Gift)
		h.Powers = slices.DeleteFunc(h.Powers, func(p hero.Power) bool { return p.ID() == g.Power && p.Source == giftSource })
		steps.Add("gift", "p. 63", "the %s gift ends: %s is gone", ch.Gift, g.Text)
	}
	return steps
}

// RegenerateRest is Regeneration's double-panel of rest, from Super
// Health (p. 73) or Bestow Gift's regeneration gift (p. 63).
//
// Dice: one d6.
func RegenerateRest(h *hero.Hero, gifted bool, r dice.Roller) (int, int, ruling.Steps, error) {
	if !gifted {
		return Regenerate(h, r)
	}
	return regenerate(h, r, "p. 63")
}

// GiftText names a gift for summaries.
func GiftText(slug string) string {
	g, _ := FindGift(slug)
	return fmt.Sprintf("%s (%s)", g.Slug, g.Text)
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
