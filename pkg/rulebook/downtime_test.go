package rulebook

import "testing"

func TestDowntimeExperience(t *testing.T) {
	want := map[Fit]int{FitCompletelyUnsuitable: 1, FitPoor: 2, FitAverage: 3, FitWellSuited: 4, FitIdeal: 5}
	for f, xp := range want {
		if f.XP() != xp || DowntimeXP(f) != xp {
			t.Errorf("%s = %d", f, f.XP())
		}
	}
	if Fit("bogus").XP() != 0 {
		t.Error("unknown fit")
	}
	for in, f := range map[string]Fit{"A Poor Fit": FitPoor, "well-suited": FitWellSuited, "Completely Unsuitable": FitCompletelyUnsuitable, "IDEAL": FitIdeal} {
		got, err := ParseFit(in)
		if err != nil || got != f {
			t.Errorf("ParseFit(%q) = %q %v", in, got, err)
		}
	}
	if _, err := ParseFit("meh"); err == nil {
		t.Error("ParseFit meh")
	}
}

func TestExperienceCost(t *testing.T) {
	// p. 45: public relations 3 costs 30 XP; at 3 XP/DP that is 10 DP.
	if CostProfileMeasure(3) != 30 || CostProfileMeasure(3)/FitAverage.XP() != 10 {
		t.Error("p. 45 example")
	}
	if CostAbility(14) != 140 || CostResource(5) != 50 || CostNewPower(4) != 120 || CostPowerRank(2) != 200 || KeepIncreaseWeeks(4) != 4 || KeepIncreaseXPPerWeek != 5 {
		t.Error("XP costs")
	}
	if len(ExperienceCostRows()) != 7 {
		t.Error("7 XP cost rows")
	}
}

func TestDeviceTables(t *testing.T) {
	cx := DeviceComplexityRows()
	if len(cx) != 5 {
		t.Fatal("5 complexity rows")
	}
	for i, r := range cx {
		if r.MaterialResources != 3+i || r.XPPerStage != 5*(i+1) {
			t.Errorf("complexity row %d = %+v", i, r)
		}
	}
	co := DeviceComponentsRows()
	if len(co) != 5 {
		t.Fatal("5 component rows")
	}
	for i, r := range co {
		if r.FinancialResources != 3+i {
			t.Errorf("components row %d = %+v", i, r)
		}
	}
	if DeviceStages != 4 {
		t.Error("4 stages")
	}
}

func TestSupportingCast(t *testing.T) {
	want := map[string]struct {
		dice string
		ac   ArmourClass
		sc   StrikeClass
	}{
		"normal-adult": {"1d3+2", ACL, SC0}, "street-tough": {"1d6+2", ACK, SC1},
		"specialist": {"", ACJ, SC0}, "child": {"", ACL, SC0},
	}
	if len(Civilians()) != 4 {
		t.Fatal("4 civilian types")
	}
	for slug, w := range want {
		c, ok := CivilianBySlug(slug)
		if !ok || c.AC != w.ac || c.SC != w.sc || (w.dice != "" && c.AbilityDice != w.dice) {
			t.Errorf("civilian %s = %+v", slug, c)
		}
	}
	// p. 49 prowess: roll weapon AC.
	prowess := []struct {
		w  string
		ac ArmourClass
	}{{"Unarmed", ACL}, {"Nightstick", ACK}, {"Knife", ACJ}, {"Pistol", ACI}, {"Pistol", ACI}, {"Shotgun", ACH}, {"Sub-machine gun", ACH}, {"Hi-tech blaster", ACG}}
	for i, p := range prowess {
		r, err := CombatantProwess(i + 1)
		if err != nil || r.Weapon != p.w || r.AC != p.ac || r.Roll != i+1 {
			t.Errorf("CombatantProwess(%d) = %+v %v", i+1, r, err)
		}
	}
	for _, bad := range []int{0, 9} {
		if _, err := CombatantProwess(bad); err == nil {
			t.Errorf("CombatantProwess(%d) want error", bad)
		}
	}
	if CombatantStrikeClass != SC1 || TrainedBonus != 1 || EliteBonus != 2 {
		t.Error("combatant constants")
	}
	oc := map[string]CastRow{}
	for _, c := range OtherCast() {
		oc[c.Slug] = c
	}
	if oc["animal"].AC != ACH || oc["animal"].SC != SC1 || oc["animal"].Panels != 2 {
		t.Error("animals SC 1, AC H, 2 panels")
	}
	if oc["summoned-creature"].AC != ACJ || oc["summoned-creature"].SC != SC0 {
		t.Error("summoned creature AC J SC 0")
	}
	if _, ok := oc["robot"]; !ok {
		t.Error("robot")
	}
	if _, ok := oc["android"]; !ok {
		t.Error("android")
	}
}
