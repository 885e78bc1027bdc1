package combat

// Psychic Ability's Telekinesis (p. 69): "any single object or person
// within 20 metres", 1 psi per 10 kg (a speciality pays half, so 200 kg
// for 10 psi); a person is attacked (a will contest), an object is not;
// it moves at will ÷ 3 metres a panel and cannot throw. Moving a
// combatant in a fight is pkg/encounter's power_telekinesis.go.

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// telekinesis is Telekinesis' mentalRule.
var telekinesis = mentalRule{
	MentalPower: MentalPower{rulebook.PsiTelekinesis, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "always", "p. 69"},
	cost: func(_ MentalPower, in MentalInput, speciality bool) (int, error) {
		limit := rulebook.PoolCapPerAction
		if in.MassKg < 1 {
			return 0, reqErr("mass", "telekinesis needs the mass moved in kg (1 psi per 10 kg, p. 69)")
		}
		n := (in.MassKg + 9) / 10
		if paid := SpecialityCost(n, speciality); paid > limit {
			if speciality {
				return 0, reqErr("mass", "%d kg is %d psi at 1 per 10 kg, %d paid as a speciality, more than the %d a use allows (pp. 67, 69)", in.MassKg, n, paid, limit)
			}
			return 0, reqErr("mass", "%d kg is %d psi at 1 per 10 kg, more than the %d a use allows (pp. 67, 69)", in.MassKg, n, limit)
		}
		return n, nil
	},
	prepare: telekinesisLoad,
	outcome: func(u mentalUse, res *MentalResult) error {
		will := u.att.Abilities.Final.Will
		res.SpeedMetres, res.MassKg = will/3, u.in.MassKg
		res.Steps.Add(string(rulebook.PsiTelekinesis), "p. 69", "%d kg: %d psi (1 per 10 kg); speed will %d ÷ 3 = %d m a panel; cannot throw", u.in.MassKg, u.points, will, res.SpeedMetres)
		return nil
	},
	worked: func(b *strings.Builder, m *MentalResult) {
		kg := m.MassKg
		if kg == 0 {
			kg = m.Points * 10 // a ruling recorded before the mass was kept
		}
		what := ""
		if m.Object {
			what = " (an object)"
		}
		fmt.Fprintf(b, ", moved %d kg%s at up to %d m a panel", kg, what, m.SpeedMetres)
	},
}

// TelekinesisRange is how far Telekinesis reaches: "any single object or
// person within 20 metres" (p. 69).
const TelekinesisRange = 20

// telekinesisLoad is what Telekinesis moves (p. 69): with no target an
// object, whose mass must be given; with a target a person, at its own
// mass now unless one is given (MassNow: its hero file, grown, denser).
// Metres beyond TelekinesisRange are refused.
func telekinesisLoad(res *MentalResult, def *hero.Hero, in MentalInput) (MentalInput, error) {
	if in.Metres < 0 {
		return in, reqErr("distance", "%d m is negative", in.Metres)
	}
	if in.Metres > TelekinesisRange {
		return in, reqErr("distance", "%d m is beyond Telekinesis's %d m (\"within 20 metres\", p. 69)", in.Metres, TelekinesisRange)
	}
	if in.Metres > 0 {
		res.Steps.Add("range", "p. 69", "%d m away, within %d m", in.Metres, TelekinesisRange)
	}
	if def == nil {
		res.Object = true
		if in.MassKg < 1 {
			return in, reqErr("mass", "telekinesis on an object needs its mass in kg (1 psi per 10 kg, p. 69)")
		}
		return in, nil
	}
	if in.MassKg == 0 {
		m := MassNow(def, def.States, 0)
		in.MassKg = WholeKg(m.Kg)
		res.Steps = append(res.Steps, m.Steps...)
	}
	return in, nil
}
