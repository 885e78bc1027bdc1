package encounter

import (
	"fmt"
	"sort"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// CheckHeroPoints checks the hero points a command may spend (Ctx.
// HeroPoints): each id a combatant of the fight with that many points
// left (p. 14). Ids are checked in sorted order, so the first problem
// named is always the same.
func (e *Encounter) CheckHeroPoints(points map[string]int) error {
	ids := make([]string, 0, len(points))
	for id := range points {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		c := e.Find(id)
		if c == nil {
			return fmt.Errorf("hero-points: %w", e.unknown(id))
		}
		if c.Hero.IsMundane() {
			return refusal.Errorf("hero-points: %s is a mundane character and has no hero points", id)
		}
		if err := heropoints.Check(&c.Hero, points[id]); err != nil {
			return refusal.Errorf("hero-points: %v", err)
		}
	}
	return nil
}

// heroRoll makes one roll that directly affects c, spending c's hero
// points from ctx.HeroPoints on it while it is not good enough
// (heropoints.KeepUntil): each point one re-roll, the more favourable
// kept. The points spent come off c's hero file and the budget at once.
// It returns the value kept, and the record when points were spent.
func (e *Encounter) heroRoll(ctx Ctx, c *Combatant, what string, favour heropoints.Favour, compared string, good func(int) bool, roll func(i int) (int, error)) (int, *heropoints.Reroll, error) {
	budget := ctx.HeroPoints[c.ID]
	if budget == 0 {
		v, err := roll(0) // KeepUntil's one roll, with nothing to keep it in
		if err != nil {
			return 0, nil, err
		}
		return v, nil, nil
	}
	kept, results, err := heropoints.KeepUntil(budget, favour, good, roll)
	if err != nil {
		return 0, nil, err
	}
	spent := len(results) - 1
	if spent == 0 {
		return results[kept], nil, nil
	}
	ctx.HeroPoints[c.ID] -= spent
	heropoints.Spend(&c.Hero, spent)
	rr := heropoints.Record(c.Hero.Name, "hero", what, favour, compared, kept, results)
	return results[kept], &rr, nil
}

// The autopilot's hero point modes (AutoOptions.HeroPoints).
const (
	// HeroPointsSpend (the default) spends points by AutoHeroPoints' rule.
	HeroPointsSpend = "spend"
	// HeroPointsKeep never spends any.
	HeroPointsKeep = "keep"
)

// CheckHeroPointMode checks an autopilot hero point mode ("" is spend).
func CheckHeroPointMode(mode string) error {
	if mode != "" && mode != HeroPointsSpend && mode != HeroPointsKeep {
		return refusal.Errorf("hero points: %q is not spend or keep", mode)
	}
	return nil
}

// AutoHeroPoints is the autopilot's rule for spending hero points on an
// attack of att on def (p. 14; docs/fight.md), pure and deterministic, on
// the to-hit d20 only:
//   - the attacker, with a point left, re-rolls its own to-hit once when
//     it misses and a re-roll could hit, keeping the higher;
//   - the defender, with a point left and in danger of going out (its
//     stamina or health at half its maximum or less), makes the attacker
//     re-roll once a to-hit that hits when a re-roll could miss, keeping
//     the lower.
//
// One point a roll at most, so a pool lasts the fight. Mundane characters
// have no hero points (p. 14); mode HeroPointsKeep spends none.
func AutoHeroPoints(mode string, att, def *Combatant) combat.AutoHeroPoints {
	var a combat.AutoHeroPoints
	if mode == HeroPointsKeep {
		return a
	}
	if hasHeroPoint(att) {
		a.Attacker = 1
	}
	if hasHeroPoint(def) && inDanger(def) {
		a.Defender = 1
	}
	return a
}

func hasHeroPoint(c *Combatant) bool {
	return c.Hero.HeroPoints.Current > 0 && !c.Hero.IsMundane()
}

// inDanger: stamina or health at half the maximum or less, where the
// next blows can knock the combatant out.
func inDanger(c *Combatant) bool {
	h := &c.Hero
	return 2*h.Stamina.Current <= h.Stamina.Max || 2*h.Health.Current <= h.Health.Max
}
