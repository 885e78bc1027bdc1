package encounter

// Telekinesis, a psychic power (p. 69): "any single object or person
// within 20 metres at a cost of 1 psi point per 10 kg of weight"; a person
// must lose a psychic attack, an object need not. pkg/combat's Mental
// rules on it; the fight's side is here, Telekinesis' row of powerRules
// (its Mental hooks): a person's weight is the combatant's mass now
// (massOf), and --distance is how far away it is.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// telekinesisInput fills in a Telekinesis use's load: the distance
// (--distance, checked against the 20 m by pkg/combat) and, for a person
// with no --mass, the combatant's mass now, grown, denser or made heavier
// by Density Control (Other) (pp. 54, 60, 69). Other powers' input comes
// back as it was.
func telekinesisInput(target *Combatant, in combat.MentalInput, a ActionRecord, steps *ruling.Steps) combat.MentalInput {
	if in.Power != rulebook.PsiTelekinesis {
		return in
	}
	in.Metres = a.Distance
	if target != nil && in.MassKg == 0 {
		m := massOf(target)
		in.MassKg = combat.WholeKg(m.Kg)
		*steps = append(*steps, m.Steps...)
	}
	return in
}

// telekinesisDistance reports whether a use's --distance belongs to
// Telekinesis (its 20 m range, p. 69) rather than to an illusion.
func telekinesisDistance(a ActionRecord) bool {
	mp, ok := mentalPowerOf(a)
	return ok && mp.Slug == rulebook.PsiTelekinesis
}

// telekinesisRule is Telekinesis' share of the mental powers' path: its
// load from the fight (telekinesisInput) and what it moved.
var telekinesisRule = powerRule{Mental: &mentalRule{
	Input: telekinesisInput,
	Outcome: func(_ *Combatant, res *combat.MentalResult) string {
		return fmt.Sprintf(", moved (%d kg) at up to %d m a panel (p. 69)", res.MassKg, res.SpeedMetres)
	},
}}
