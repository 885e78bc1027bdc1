// Package override is a GM's adjustment of what the rules do not see:
// health and stamina added or taken away, a condition set or cleared,
// hero points given or taken. The rules never make these changes; a GM
// does, and the file logs them as an "adjust" event (undoable like any
// other). It is shared by `hero adjust` (a hero file) and `fight adjust`
// (a combatant in a fight, which also adjusts panels, lasting states and
// sides: pkg/encounter).
//
// The package is pure: no I/O.
package override

import (
	"fmt"
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Fields adjusted, as the details name them.
const (
	FieldHealth     = "health"
	FieldStamina    = "stamina"
	FieldHeroPoints = "hero_points"
	// FieldHeroPointsMax is the maximum a gift past it raised.
	FieldHeroPointsMax = "hero_points_max"
	FieldCondition     = "condition"
	FieldPanels        = "panels"
	FieldState         = "state"
	FieldSide          = "side"
)

// Conditions are the condition flags a GM may set or clear (hero file
// "condition"; pp. 37-38, 42-43).
var Conditions = []string{"prone", "dazed", "stunned", "unconscious", "battered", "deaths_door", "dead", "knocked_out", "grappled", "taken_out"}

// ConditionNames lists Conditions for help and errors.
func ConditionNames() string { return strings.Join(Conditions, ", ") }

// Change is what a GM adjusts on one hero: deltas (0: unchanged) and
// conditions set and cleared.
type Change struct {
	Health, Stamina, HeroPoints int
	Set, Clear                  []string
}

// Empty reports whether the change adjusts nothing.
func (c Change) Empty() bool {
	return c.Health == 0 && c.Stamina == 0 && c.HeroPoints == 0 && len(c.Set) == 0 && len(c.Clear) == 0
}

// Item is one adjustment made, as the event records it.
type Item struct {
	// Field is health, stamina, hero_points, panels, condition, state or
	// side.
	Field string `json:"field"`
	// Delta, From and To: a number's change (health, stamina, hero
	// points, panels per page).
	Delta int `json:"delta"`
	From  int `json:"from"`
	To    int `json:"to"`
	// Name and On: a condition or state set (true) or cleared.
	Name string `json:"name,omitempty"`
	On   bool   `json:"on"`
	// FromSide and ToSide: a move to another side.
	FromSide string `json:"from_side,omitempty"`
	ToSide   string `json:"to_side,omitempty"`
}

// Record is the "adjust" event's details.
type Record struct {
	// Who is the combatant (a fight) or the hero's name (a hero file).
	Who     string `json:"who"`
	Changes []Item `json:"changes"`
	// ConditionBefore and ConditionAfter are the worst condition before
	// and after (hero.Condition.State).
	ConditionBefore string `json:"condition_before"`
	ConditionAfter  string `json:"condition_after"`
	Note            string `json:"note,omitempty"`
}

// Summary is the event's one line: "guardian: health +5 (30 → 35),
// prone off (GM: NOTE)".
func (r Record) Summary() string {
	parts := make([]string, 0, len(r.Changes))
	for _, it := range r.Changes {
		switch it.Field {
		case FieldCondition, FieldState:
			parts = append(parts, fmt.Sprintf("%s %s", it.Name, onOff(it.On)))
		case FieldSide:
			parts = append(parts, fmt.Sprintf("side %s → %s", it.FromSide, it.ToSide))
		default:
			parts = append(parts, fmt.Sprintf("%s %+d (%d → %d)", strings.ReplaceAll(it.Field, "_", " "), it.Delta, it.From, it.To))
		}
	}
	s := fmt.Sprintf("%s: the GM adjusts %s", r.Who, strings.Join(parts, ", "))
	if r.ConditionBefore != r.ConditionAfter {
		s += fmt.Sprintf("; %s → %s", r.ConditionBefore, r.ConditionAfter)
	}
	if r.Note != "" {
		s += " (" + r.Note + ")"
	}
	return s
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// Hero makes the change on h: health and stamina first (stamina stops at
// 0, health at its maximum, stamina at its maximum), the damage
// conditions then recomputed from them as damage would (pp. 37-38), then
// the conditions set and cleared, then hero points (never below 0). By
// the book hero points come only from a high Confidence and refresh at
// an adventure's start (pp. 14-15, 24), so a GM's gift is a house rule:
// a gift past the file's maximum raises the maximum with it, until
// `profile refresh` (or any change to the profile) works it out again
// from the Confidence Table. Field names the flag or field at fault
// in a refusal (health, stamina, hero_points, condition). Nothing is
// changed on a refusal.
func Hero(h *hero.Hero, c Change) ([]Item, ruling.Steps, error) {
	var items []Item
	var steps ruling.Steps
	nh, ns := h.Health.Current, h.Stamina.Current
	if (c.Health != 0 || c.Stamina != 0) && (h.IsMundane() || h.Stamina.Max == 0) {
		return nil, nil, refusal.Errorf("%s is mundane: no health or stamina to adjust (set or clear the condition taken_out, p. 38)", h.Name)
	}
	if c.Health != 0 {
		nh += c.Health
		if nh > h.Health.Max {
			return nil, nil, refusal.Errorf("health: %d %+d is above the maximum %d", h.Health.Current, c.Health, h.Health.Max)
		}
		if nh < -10*max(h.Health.Max, 1) {
			return nil, nil, refusal.Errorf("health: %d %+d is far below any track", h.Health.Current, c.Health)
		}
	}
	if c.Stamina != 0 {
		ns = max(ns+c.Stamina, 0)
		if ns > h.Stamina.Max {
			return nil, nil, refusal.Errorf("stamina: %d %+d is above the maximum %d", h.Stamina.Current, c.Stamina, h.Stamina.Max)
		}
	}
	hp := h.HeroPoints.Current + c.HeroPoints
	if c.HeroPoints != 0 && (hp < 0 || hp > heropoints.MaxPoints) {
		return nil, nil, refusal.Errorf("hero_points: %d %+d is outside 0-%d", h.HeroPoints.Current, c.HeroPoints, heropoints.MaxPoints)
	}
	for _, n := range append(slices.Clone(c.Set), c.Clear...) {
		if !slices.Contains(Conditions, n) {
			return nil, nil, refusal.Errorf("condition: %q is not one of %s", n, ConditionNames())
		}
	}
	for _, n := range c.Set {
		if slices.Contains(c.Clear, n) {
			return nil, nil, refusal.Errorf("condition: %s is both set and cleared", n)
		}
	}
	if c.Health != 0 {
		items = append(items, Item{Field: FieldHealth, Delta: nh - h.Health.Current, From: h.Health.Current, To: nh})
		steps.Add("health", "pp. 37-38", "the GM adjusts health %d → %d", h.Health.Current, nh)
		h.Health.Current = nh
	}
	if c.Stamina != 0 {
		items = append(items, Item{Field: FieldStamina, Delta: ns - h.Stamina.Current, From: h.Stamina.Current, To: ns})
		steps.Add("stamina", "pp. 37-38", "the GM adjusts stamina %d → %d (never below 0)", h.Stamina.Current, ns)
		h.Stamina.Current = ns
	}
	if c.Health != 0 || c.Stamina != 0 {
		combat.SetConditions(h)
		steps.Add("condition", "pp. 37-38", "conditions recomputed from health and stamina: %s", h.Condition.State())
	}
	for _, n := range c.Set {
		setCondition(&h.Condition, n, true)
		items = append(items, Item{Field: FieldCondition, Name: n, On: true})
		steps.Add("condition", "pp. 37-38", "the GM sets %s", n)
	}
	for _, n := range c.Clear {
		setCondition(&h.Condition, n, false)
		items = append(items, Item{Field: FieldCondition, Name: n, On: false})
		steps.Add("condition", "pp. 37-38", "the GM clears %s", n)
	}
	if c.HeroPoints != 0 {
		items = append(items, Item{Field: FieldHeroPoints, Delta: c.HeroPoints, From: h.HeroPoints.Current, To: hp})
		steps.Add("hero points", "pp. 14-15, 24", "the GM's house rule: hero points %d → %d (by the book they come only from Confidence, refreshed at an adventure's start)", h.HeroPoints.Current, hp)
		if hp > h.HeroPoints.Max {
			items = append(items, Item{Field: FieldHeroPointsMax, Delta: hp - h.HeroPoints.Max, From: h.HeroPoints.Max, To: hp})
			steps.Add("hero points", "p. 24", "the maximum rises %d → %d with the gift, until `profile refresh` works it out again from Confidence", h.HeroPoints.Max, hp)
			h.HeroPoints.Max = hp
		}
		h.HeroPoints.Current = hp
	}
	return items, steps, nil
}

// setCondition sets or clears one condition flag; a knockout or death
// set also makes the hero unconscious, and a cleared knockout forgets
// its hours.
func setCondition(c *hero.Condition, name string, on bool) {
	switch name {
	case "prone":
		c.Prone = on
	case "dazed":
		c.Dazed = on
	case "stunned":
		c.Stunned = on
	case "unconscious":
		c.Unconscious = on
	case "battered":
		c.Battered = on
	case "deaths_door":
		c.DeathsDoor = on
	case "dead":
		c.Dead = on
		c.Unconscious = c.Unconscious || on
	case "knocked_out":
		c.KnockedOut = on
		c.Unconscious = c.Unconscious || on
		if !on {
			c.KnockedOutHours = 0
		}
	case "grappled":
		c.Grappled = on
		if !on {
			c.GrabbedBy = ""
		}
	case "taken_out":
		c.TakenOut = on
	}
}
