package combat

import "testing"

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
	if MaxAnalyseBonus != 5 || MaxAnalysePanels != 5 || MaxCover != 10 {
		t.Errorf("analyse bonus %d, panels %d, cover %d; want 5, 5, 10", MaxAnalyseBonus, MaxAnalysePanels, MaxCover)
	}
	for _, tc := range []struct {
		panels, rank, want int
	}{{1, 1, 1}, {4, 1, 4}, {5, 1, 5}, {7, 1, 5}, {2, 2, 4}, {3, 2, 5}, {20, 3, 5}} {
		mods, err := appendSituationModifiers(nil, 0, Situation{AnalysePanels: tc.panels}, false, false, tc.rank)
		if err != nil {
			t.Fatal(err)
		}
		if len(mods) != 1 || mods[0].Slug != "brain-implant" || mods[0].Value != tc.want {
			t.Errorf("%d panels at rank %d: %+v, want +%d", tc.panels, tc.rank, mods, tc.want)
		}
	}
}
