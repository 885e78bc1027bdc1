package combat

// Cybernetics' mind-control device (p. 53): an implant that attacks with
// its own "Will", 10 and +2 for each extra rank, not the wearer's; it
// spends no points. Won, 1d6 double-panels establish control as
// Hypnotism's (neither side acting); 20 stamina damage breaks it, and the
// control is renewed by a repeat attack once an hour (RenewControl).

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// DeviceWill is the mind-control device's "Will": 10, +2 for each
// extra rank of the implant (p. 53).
func DeviceWill(ranks int) int {
	return rulebook.MindControlDeviceWill + rulebook.MindControlDeviceWillPerRank*(max(ranks, 1)-1)
}

// mindControlDevice is the device's mentalRule.
var mindControlDevice = mentalRule{
	MentalPower: MentalPower{rulebook.ImplantMindControlDevice, rulebook.PowerCybernetics, MentalDevice, "", "always", "p. 53"},
	cost: func(_ MentalPower, in MentalInput, _ bool) (int, error) {
		if in.Points != 0 {
			return 0, reqErr("spend", "the mind-control device spends no points (p. 53)")
		}
		return 0, nil
	},
	will: func(res *MentalResult, ranks, _ int) int {
		res.Will = DeviceWill(ranks)
		res.Steps.Add("device", "p. 53", "the device's \"Will\" %d (10, +2 for each of %d extra ranks), not the wearer's", res.Will, ranks-1)
		return 0
	},
	renewed: true,
	outcome: establishControl,
	worked:  controlEstablished,
}

// controlEstablished is the line of Hypnotism and the device when they
// work (pp. 53, 63).
func controlEstablished(b *strings.Builder, m *MentalResult) {
	fmt.Fprintf(b, ", control after %d double-panels of establishing (broken by 20 stamina damage)", m.Establish)
}
