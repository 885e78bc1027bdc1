package combat

// Cybernetics' implants in a fight (pp. 52-53): a brain implant analyses
// a target, +1 to hit a rank for each extra panel spent, at most +5
// (p. 53); the retractable glider dives, +2 damage after 4 m or more
// (p. 53). The mind-control device's contest is power_mindcontroldevice.go.

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// implantRank is the rank of a Brain Implant (1 when present).
func implantRank(h *hero.Hero) int {
	p := h.FindPower(rulebook.PowerCybernetics)
	if p == nil {
		return 0
	}
	for _, f := range p.Flavours {
		if rulebook.PowerID(f.Slug) == rulebook.ImplantBrainImplant {
			return max(f.Rank, 1)
		}
	}
	return 0
}

// brainImplantAnalysis is the toHitRule of the panels spent analysing
// (Situation.AnalysePanels): +1 each per implant rank, at most +5 (p.
// 53). Without a hero file (att nil) the implant is rank 1.
func brainImplantAnalysis(mods []Modifier, att *hero.Hero, sit *Situation) []Modifier {
	if sit.AnalysePanels <= 0 {
		return mods
	}
	rank := 1
	if att != nil {
		rank = max(implantRank(att), 1)
	}
	return append(mods, Modifier{Slug: string(rulebook.ImplantBrainImplant), Value: min(MaxAnalyseBonus, sit.AnalysePanels*rank), Text: "brain implant analysis", Page: "p. 53"})
}

// gliderDive is the retractable glider's movement attack: +2 (p. 53).
func gliderDive(h *hero.Hero) (int, string) {
	if hasFlavour(h, rulebook.PowerCybernetics, string(rulebook.ImplantRetractableGlider)) {
		return 2, "p. 53"
	}
	return 0, ""
}
