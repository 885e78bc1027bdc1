package combat

// Psychic Ability's Psychic Drain (pp. 68-69): 1-10 psi, +1 on the
// psychic roll each; won, the target's pool loses one point per point of
// the margin, and at 0 the target drops to 0 stamina, unconscious, with
// no recovery until the pool has points again (StateDrained).

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// psychicDrain is Psychic Drain's mentalRule.
var psychicDrain = mentalRule{
	MentalPower: MentalPower{rulebook.PsiPsychicDrain, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "always", "pp. 68-69"},
	cost:        chosenPoints,
	will: func(res *MentalResult, _, points int) int {
		res.Steps.Add("drain", "p. 68", "+%d on the psychic roll, +1 per psi", points)
		return points
	},
	outcome: func(u mentalUse, res *MentalResult) error {
		return drain(res, u.def, u.in.Drain)
	},
	worked: func(b *strings.Builder, m *MentalResult) {
		fmt.Fprintf(b, ", %s pool drained by %d (%d left)", m.DrainPool, m.Drained, m.DrainLeft)
		if m.Blackout {
			b.WriteString(": stamina 0, no recovery until it has points again")
		}
	},
}

// chosenPoints is the cost of Psychic Drain and Restraint: the points
// chosen, 1-10 (pp. 64, 68-69).
func chosenPoints(p MentalPower, in MentalInput, _ bool) (int, error) {
	limit := rulebook.PoolCapPerAction
	if in.Points < 1 || in.Points > limit {
		what := "+1 on the roll per psi, at least 1 (pp. 68-69)"
		if p.Slug == rulebook.SpellRestraint {
			what = "strength 10 per magic point (p. 64)"
		}
		return 0, reqErr("spend", "%s takes 1-%d points: %s (got %d)", p.Slug, limit, what, in.Points)
	}
	return in.Points, nil
}

// drain works out Psychic Drain on def's pool: one point per point of the
// margin; at 0 the target drops to 0 stamina (p. 69).
func drain(res *MentalResult, def *hero.Hero, name string) error {
	var pool *hero.Pool
	if name != "" {
		if pool = def.FindPool(name); pool == nil {
			return reqErr("drain", "%s has no %q pool", def.Name, name)
		}
	} else {
		for i := range def.Pools {
			if pool == nil || def.Pools[i].Current > pool.Current {
				pool = &def.Pools[i]
			}
		}
	}
	if pool == nil {
		return reqErr("drain", "%s has no pool to drain (energy blast, magic, psychic ability or snare, p. 68)", def.Name)
	}
	res.DrainPool = pool.Name
	res.Drained = min(res.Margin, pool.Current)
	res.DrainLeft = pool.Current - res.Drained
	res.Steps.Add("drain", "p. 68", "won by %d: %s pool loses %d (%d → %d)", res.Margin, pool.Name, res.Drained, pool.Current, res.DrainLeft)
	if res.Drained > 0 && res.DrainLeft == 0 {
		res.Blackout, res.State = true, StateDrained
		res.Steps.Add("drain", "p. 69", "0 points: stamina to 0, unconscious, no recovery until the pool has points again")
	}
	return nil
}
