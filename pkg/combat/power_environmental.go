package combat

// Environmental Control in a strike: magnetism's fling, a movement
// attack (p. 57). Its other uses are pkg/encounter's
// power_environmental.go; heat and cold are temperature attacks (p. 58).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// magneticFling is a magnetic fling after 4 m or more: +2 damage (p. 57).
func magneticFling(h *hero.Hero) (int, string) {
	if hasFlavour(h, rulebook.PowerEnvironmentalControl, "magnetism") {
		return 2, "p. 57"
	}
	return 0, ""
}
