package combat

// Growth (pp. 60-61): growing and shrinking back change the hero's
// strength, endurance, tracks and the figures that follow them; the extra
// health and stamina lost to damage heal at normal rates. The grown
// state (grownState, asked by ApplyStates) says so on an attack by and
// on it; its slam is a movement attack (growthSlam).

import (
	"slices"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// growthSlam is the slam straight after growing: +4 damage (p. 61).
var growthSlam = momentum(rulebook.PowerGrowth, 4, "p. 61")

// GrowthChange is what growing, or shrinking back to normal size, does
// to a hero (pp. 60-61).
type GrowthChange struct {
	Grown bool `json:"grown"`
	// Strength and Endurance are the power's rolled 1d6s.
	Strength  int `json:"strength"`
	Endurance int `json:"endurance"`
	// Health and Stamina are the extra maximum points while grown (1d6
	// each per point of extra endurance, p. 14, rolled the first time).
	Health  int `json:"health"`
	Stamina int `json:"stamina"`
	// HealthLeft and StaminaLeft are the extra points not lost to damage:
	// what growing adds back (p. 61).
	HealthLeft  int `json:"health_left"`
	StaminaLeft int `json:"stamina_left"`
	// Rolled: the extra health and stamina were rolled now.
	Rolled bool         `json:"rolled"`
	Steps  ruling.Steps `json:"steps"`
}

// The Growth power's values: the rolled 1d6s, the extra health and
// stamina (rolled once, the first time it grows) and what is left of them
// after damage.
const (
	GrowthStrD6       = "str_d6"
	GrowthEndD6       = "end_d6"
	GrowthHealth      = "grown_health"
	GrowthStamina     = "grown_stamina"
	GrowthHealthLeft  = "grown_health_left"
	GrowthStaminaLeft = "grown_stamina_left"
)

// growthSource is the ability modifier source while grown.
const growthSource = "growth (grown)"

// Grow makes h grow (p. 60): strength and endurance rise by the power's
// 1d6s, which were rolled when it was gained and are the same every time;
// the extra endurance brings 1d6 health and 1d6 stamina per point (p. 14),
// rolled the first time it grows and kept on the power; growing again
// brings back only the extra points damage has not taken (p. 61). The
// damage bonus, the Strength Table's divider improvement and the
// thresholds follow the new scores.
//
// Dice: only the first time: (end_d6)d6 extra health, then (end_d6)d6
// extra stamina (no stamina for a robot).
func Grow(h *hero.Hero, r dice.Roller) (GrowthChange, error) {
	p := h.FindPower(rulebook.PowerGrowth)
	if p == nil {
		return GrowthChange{}, reqErr("power", "%s has no Growth power", h.Name)
	}
	g := GrowthChange{Grown: true, Strength: p.Values[GrowthStrD6], Endurance: p.Values[GrowthEndD6]}
	if g.Strength < 1 || g.Endurance < 1 {
		return g, reqErr("power", "%s's Growth has no rolled strength and endurance (powers[].values.str_d6 and end_d6: `hero derive` rolls them, p. 60)", h.Name)
	}
	g.Steps.Add("grow", "p. 60", "a double-panel to grow to twice the height")
	if _, ok := p.Values[GrowthHealth]; !ok {
		hp, err := rollD6s(r, g.Endurance, "Growth extra health")
		if err != nil {
			return g, err
		}
		sp := 0
		if h.Kind != hero.KindRobot {
			if sp, err = rollD6s(r, g.Endurance, "Growth extra stamina"); err != nil {
				return g, err
			}
		}
		if p.Values == nil {
			p.Values = map[string]int{}
		}
		p.Values[GrowthHealth], p.Values[GrowthStamina] = hp, sp
		g.Rolled = true
		g.Steps.Add("grow", "pp. 14, 60", "extra endurance %d: %dd6 health %d and %dd6 stamina %d, rolled once and kept on the power", g.Endurance, g.Endurance, hp, g.Endurance, sp)
	}
	g.Health, g.Stamina = p.Values[GrowthHealth], p.Values[GrowthStamina]
	g.HealthLeft, g.StaminaLeft = g.Health, g.Stamina
	if v, ok := p.Values[GrowthHealthLeft]; ok {
		g.HealthLeft = min(v, g.Health)
	}
	if v, ok := p.Values[GrowthStaminaLeft]; ok {
		g.StaminaLeft = min(v, g.Stamina)
	}
	f := &h.Abilities.Final
	f.Strength += g.Strength
	f.Endurance += g.Endurance
	h.Abilities.Modifiers = append(h.Abilities.Modifiers,
		hero.AbilityModifier{Ability: "strength", Amount: g.Strength, Source: growthSource, Dice: "1d6"},
		hero.AbilityModifier{Ability: "endurance", Amount: g.Endurance, Source: growthSource, Dice: "1d6"})
	g.Steps.Add("grow", "p. 60", "strength +%d = %d, endurance +%d = %d (the power's 1d6s, the same every time)", g.Strength, f.Strength, g.Endurance, f.Endurance)
	h.Health.Max += g.Health
	h.Health.Current += g.HealthLeft
	h.Stamina.Max += g.Stamina
	h.Stamina.Current += g.StaminaLeft
	g.Steps.Add("grow", "p. 61", "health +%d of %d (%d/%d), stamina +%d of %d (%d/%d): damage taken while grown comes off the extra points first and is not replenished by growing again",
		g.HealthLeft, g.Health, h.Health.Current, h.Health.Max, g.StaminaLeft, g.Stamina, h.Stamina.Current, h.Stamina.Max)
	g.Steps = append(g.Steps, resize(h)...)
	return g, nil
}

// ShrinkBack returns a grown h to normal size (p. 60): the scores drop
// back; current health and stamina keep the damage beyond the extra
// points (55 stamina, grown to 70, 10 damage: back to 55, and growing
// again only to 60; 25 damage: 45, and growing again stays 45, p. 61).
func ShrinkBack(h *hero.Hero) (GrowthChange, error) {
	p := h.FindPower(rulebook.PowerGrowth)
	if p == nil {
		return GrowthChange{}, reqErr("power", "%s has no Growth power", h.Name)
	}
	g := GrowthChange{Strength: p.Values[GrowthStrD6], Endurance: p.Values[GrowthEndD6], Health: p.Values[GrowthHealth], Stamina: p.Values[GrowthStamina]}
	g.Steps.Add("shrink", "p. 60", "a double-panel to shrink back to normal size")
	f := &h.Abilities.Final
	f.Strength -= g.Strength
	f.Endurance -= g.Endurance
	h.Abilities.Modifiers = slices.DeleteFunc(h.Abilities.Modifiers, func(m hero.AbilityModifier) bool { return m.Source == growthSource })
	normalH, normalS := h.Health.Max-g.Health, h.Stamina.Max-g.Stamina
	g.HealthLeft, g.StaminaLeft = max(h.Health.Current-normalH, 0), max(h.Stamina.Current-normalS, 0)
	h.Health.Max, h.Stamina.Max = normalH, normalS
	h.Health.Current, h.Stamina.Current = min(h.Health.Current, normalH), min(h.Stamina.Current, normalS)
	p.Values[GrowthHealthLeft], p.Values[GrowthStaminaLeft] = g.HealthLeft, g.StaminaLeft
	g.Steps.Add("shrink", "p. 61", "strength %d, endurance %d; health %d/%d and stamina %d/%d; %d extra health and %d extra stamina left for growing again",
		f.Strength, f.Endurance, h.Health.Current, h.Health.Max, h.Stamina.Current, h.Stamina.Max, g.HealthLeft, g.StaminaLeft)
	g.Steps = append(g.Steps, resize(h)...)
	return g, nil
}

// GrowthGrown reports whether h is grown now (Growth's ability modifiers
// are on it).
func GrowthGrown(h *hero.Hero) bool {
	return slices.ContainsFunc(h.Abilities.Modifiers, func(m hero.AbilityModifier) bool { return m.Source == growthSource })
}

// GrowthDeficit is the extra health and stamina a normal-sized hero's
// Growth has lost to damage and not yet healed: shrinking and growing
// again do not bring them back, but they "heal at normal rates" (p. 61),
// after the hero's own tracks. Zero while grown (the tracks hold the
// extra points then) or before the hero has grown.
func GrowthDeficit(h *hero.Hero) (health, stamina int) {
	p := h.FindPower(rulebook.PowerGrowth)
	if p == nil || GrowthGrown(h) {
		return 0, 0
	}
	if v, ok := p.Values[GrowthHealthLeft]; ok {
		health = max(p.Values[GrowthHealth]-v, 0)
	}
	if v, ok := p.Values[GrowthStaminaLeft]; ok {
		stamina = max(p.Values[GrowthStamina]-v, 0)
	}
	return health, stamina
}

// HealGrowth heals up to health and stamina points of a normal-sized
// hero's Growth deficit (GrowthDeficit), the recovery its full tracks
// cannot hold, and returns what it healed (p. 61).
func HealGrowth(h *hero.Hero, health, stamina int) (int, int) {
	dh, ds := GrowthDeficit(h)
	gh, gs := min(max(health, 0), dh), min(max(stamina, 0), ds)
	if gh == 0 && gs == 0 {
		return 0, 0
	}
	p := h.FindPower(rulebook.PowerGrowth)
	p.Values[GrowthHealthLeft] += gh
	p.Values[GrowthStaminaLeft] += gs
	return gh, gs
}

// grownState is the grown state (pp. 60-61): its strength and endurance
// are on the file (Grow), so an attack by it only says so; an attack on
// it takes the extra health and stamina first (Situation.DefenderGrown).
var grownState = stateRule{
	StateInfo: StateInfo{Name: StateGrown, Power: rulebook.PowerGrowth, Panels: 2, Page: "pp. 60-61",
		Text: "twice the height: +1d6 strength and +1d6 endurance (rolled once), the extra health and stamina lost first"},
	attacker: func(sit Situation) (Situation, ruling.Step) {
		return sit, ruling.Step{Rule: StateGrown, Page: "p. 60", Text: "attacker grown: its strength (damage bonus) is the grown one"}
	},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.DefenderGrown = true
		return sit, ruling.Step{Rule: StateGrown, Page: "p. 60", Text: "defender grown: the extra health and stamina go first"}
	},
	excludes: StateShrunk,
	switchedOn: func(h *hero.Hero, r dice.Roller) (ruling.Steps, error) {
		g, err := Grow(h, r)
		return g.Steps, err
	},
	switchedOff: func(h *hero.Hero) (ruling.Steps, error) {
		g, err := ShrinkBack(h)
		return g.Steps, err
	},
}
