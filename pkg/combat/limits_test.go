package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestAimAndAnalyseLimits checks the limits against the book's words:
// Accuracy rank 2, +5 damage and +5 per extra panel aiming "up to a
// maximum of +25" (p. 51); the Brain Implant, +1 to hit per panel
// analysing per rank, "the maximum bonus remains at +5" (p. 53).
func TestAimAndAnalyseLimits(t *testing.T) {
	if AimBonus != 5 || MaxAimBonus != 25 || MaxAimPanels != 4 {
		t.Errorf("aim: bonus %d, max %d, panels %d; want 5, 25, 4", AimBonus, MaxAimBonus, MaxAimPanels)
	}
	if AimBonus+AimBonus*MaxAimPanels != MaxAimBonus {
		t.Errorf("%d extra panels aiming do not reach +%d", MaxAimPanels, MaxAimBonus)
	}
	if MaxAnalyseBonus != 5 || MaxAnalysePanels != 100 || MaxCover != 10 { // p. 53 caps the bonus, not the panels
		t.Errorf("analyse bonus %d, panels %d, cover %d; want 5, 100, 10", MaxAnalyseBonus, MaxAnalysePanels, MaxCover)
	}
	for _, tc := range []struct {
		panels, rank, want int
	}{{1, 1, 1}, {4, 1, 4}, {5, 1, 5}, {2, 2, 4}, {3, 2, 5}, {5, 3, 5},
		// p. 53 caps the bonus, not the panels: 7 panels give +5.
		{7, 1, 5}, {6, 1, 5}, {20, 3, 5}} {
		implanted := &hero.Hero{Powers: []hero.Power{{Slug: rulebook.PowerCybernetics, Rank: 1,
			Flavours: []hero.Flavour{{Slug: string(rulebook.ImplantBrainImplant), Rank: tc.rank}}}}}
		mods, err := appendSituationModifiers(nil, 0, &Situation{AnalysePanels: tc.panels}, false, false, implanted)
		if err != nil {
			t.Fatal(err)
		}
		if len(mods) != 1 || mods[0].Slug != "brain-implant" || mods[0].Value != tc.want {
			t.Errorf("%d panels at rank %d: %+v, want +%d", tc.panels, tc.rank, mods, tc.want)
		}
	}
	// A typo-sized number of panels is refused.
	if _, err := appendSituationModifiers(nil, 0, &Situation{AnalysePanels: MaxAnalysePanels + 1}, false, false, nil); err == nil {
		t.Errorf("%d panels analysing was accepted", MaxAnalysePanels+1)
	}
}

// TestParryStrikeBonus: the parry roll adds the defender's strike bonus
// ("adding their strike bonus if they have one", The Parry Reaction at
// the foot of p. 33), and counts toward the Parrying Table's number.
func TestParryStrikeBonus(t *testing.T) {
	m := ParryStrikeBonus(2)
	if m != (Modifier{Slug: "strike-bonus", Value: 2, Text: "defender's strike bonus", Page: "p. 33"}) || ParryStrikeBonusPage != "p. 33" {
		t.Errorf("ParryStrikeBonus(2) = %+v", m)
	}
	// Other melee vs other melee parry needs 9 (p. 34): 7 + 2 parries.
	target, total, ok, valid := ParryOutcome("other-melee", "other-melee", 7, 0, []Modifier{m})
	if target != 9 || total != 9 || !ok || !valid {
		t.Errorf("ParryOutcome = %d, %d, %v, %v; want 9, 9, true, true", target, total, ok, valid)
	}
}
