package profile

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// RefreshSteps explains a refill of hero points at the start of an
// adventure (pp. 15, 24): the Confidence Table row that sets the hero's
// maximum, and the gained points Refresh returned.
func RefreshSteps(h *hero.Hero, gained int) ruling.Steps {
	row := rulebook.Confidence(h.Profile.Confidence)
	var steps ruling.Steps
	steps.AddRow("hero-points", "pp. 15, 24", "Confidence Table", fmt.Sprintf("%d-%d", row.Confidence.Lo, row.Confidence.Hi),
		"confidence %d gives %d hero points; refilled %d at the start of the adventure", h.Profile.Confidence, row.HeroPoints, gained)
	return steps
}
