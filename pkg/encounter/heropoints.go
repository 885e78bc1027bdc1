package encounter

import (
	"fmt"
	"sort"

	"github.com/codename-spandex/spandex/pkg/heropoints"
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
			return fmt.Errorf("hero-points: %s is a mundane character and has no hero points", id)
		}
		if err := heropoints.Check(&c.Hero, points[id]); err != nil {
			return fmt.Errorf("hero-points: %v", err)
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
