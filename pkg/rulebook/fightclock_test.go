package rulebook

import "testing"

// Sidekick panels by rank (p. 71): 2, 3, 4; out-of-range ranks clamp.
func TestSidekickPanelsPerPage(t *testing.T) {
	for rank, want := range map[int]int{0: 2, 1: 2, 2: 3, 3: 4, 4: 4} {
		if got := SidekickPanelsPerPage(rank); got != want {
			t.Errorf("rank %d: %d panels, want %d", rank, got, want)
		}
	}
}

// Mass and gravity will rolls (pp. 54, 57).
func TestMassWillRoll(t *testing.T) {
	for _, tc := range []struct {
		mult int
		expr string
		auto bool
	}{{2, "", false}, {4, "1d20", false}, {8, "1d20+10", false}, {16, "", true}} {
		expr, auto := MassWillRoll(tc.mult)
		if expr != tc.expr || auto != tc.auto {
			t.Errorf("×%d: %q %v, want %q %v", tc.mult, expr, auto, tc.expr, tc.auto)
		}
	}
}

// Upkeep costs, read off the power texts.
func TestPageUpkeeps(t *testing.T) {
	for _, tc := range []struct {
		effect string
		panels int
		points int
		pool   string
		page   int
	}{
		{"gale", 1, 0, "", 78},
		{"fog", 1, 0, "", 78},
		{"summoning", 2, 0, "", 65},
		{"bestow-gift", 1, 5, "magic", 62},
		{"mind-control", 0, 1, "psi", 68},
		{"impervious", 0, 0, "", 61},
		{"denser", 0, 0, "", 54},
		{"lighter", 0, 0, "", 54},
	} {
		u, ok := PageUpkeepByEffect(tc.effect)
		if !ok || u.Panels != tc.panels || u.Points != tc.points || u.Pool != tc.pool || u.Page != tc.page {
			t.Errorf("%s: %+v", tc.effect, u)
		}
	}
	if _, ok := PageUpkeepByEffect("Mind Control"); !ok {
		t.Error("lookup is not normalised")
	}
	if _, ok := PageUpkeepByEffect("nap"); ok {
		t.Error("found an effect that does not exist")
	}
	if len(PageUpkeeps()) != 8 {
		t.Errorf("%d rows", len(PageUpkeeps()))
	}
}

// Density Control (Other) raises the knockback threshold +5 at each step
// (p. 54): ×2 +5, ×4 +10, ×8 +15, ×16 +20; nothing below ×2.
func TestMassKnockbackBonus(t *testing.T) {
	for mult, want := range map[int]int{0: 0, 1: 0, 2: 5, 3: 5, 4: 10, 8: 15, 16: 20, 32: 20} {
		if got := MassKnockbackBonus(mult); got != want {
			t.Errorf("×%d: +%d, want +%d", mult, got, want)
		}
	}
}

// "glass" names the Wall Strength Table's normal glass (the knockback
// verb's own example says --wall glass@2).
func TestParseWallMaterialGlass(t *testing.T) {
	if m, err := ParseWallMaterial("glass"); err != nil || m != WallNormalGlass {
		t.Fatalf("glass: %q %v, want %q", m, err, WallNormalGlass)
	}
}
