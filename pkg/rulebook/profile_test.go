package rulebook

import "testing"

func TestConfidenceBands(t *testing.T) {
	// App. p. 84: lo hi dp canIncrease will hero
	want := []struct {
		lo, hi, dp int
		can        bool
		will, hero int
	}{
		{15, 30, -2, false, 0, 0}, {31, 45, 0, false, 0, 0}, {46, 60, 0, true, 0, 0},
		{61, 63, 0, true, 1, 0}, {64, 66, 0, true, 2, 0}, {67, 69, 0, true, 3, 0},
		{70, 72, 0, true, 4, 0}, {73, 75, 0, true, 5, 0}, {76, 78, 0, true, 5, 1},
		{79, 81, 0, true, 5, 2}, {82, 84, 0, true, 5, 3}, {85, 87, 0, true, 5, 4},
		{88, 90, 0, true, 5, 5},
	}
	for _, w := range want {
		for _, c := range []int{w.lo, w.hi} {
			r := Confidence(c)
			if r.DowntimePoints != w.dp || r.CanIncreaseResources != w.can || r.WillBonus != w.will || r.HeroPoints != w.hero {
				t.Errorf("Confidence(%d) = %+v", c, r)
			}
		}
	}
	//: 12–14 use the 15-30 row.
	for _, c := range []int{12, 13, 14, 0} {
		if Confidence(c) != Confidence(15) {
			t.Errorf("Confidence(%d) should be the 15-30 row", c)
		}
	}
	if Confidence(95) != Confidence(90) {
		t.Error("above 90")
	}
	// p. 26: Guardian (3+3+2+0+5)×3 = 39: no DP penalty, cannot raise resources.
	c := CategoryScore(3, 3, 2, 0, 5)
	if c != 39 || Confidence(c).DowntimePoints != 0 || Confidence(c).CanIncreaseResources {
		t.Errorf("Guardian confidence %d", c)
	}
	if WeeklyDowntimePoints(20, false) != 5 || WeeklyDowntimePoints(39, true) != 8 {
		t.Error("WeeklyDowntimePoints")
	}
}

func TestPopularityFamePublicResponse(t *testing.T) {
	status := []struct {
		lo, hi              int
		reaction, influence string
	}{
		{15, 30, "\"Who are you?\"", "Criminals"}, {31, 45, "Resented", "Criminals"},
		{46, 60, "Accepted", "Bystanders"}, {61, 75, "Liked", "Bystanders"},
		{76, 87, "Wildly popular", "Police"}, {88, 90, "A legend", "Government/Army"},
	}
	for _, s := range status {
		for _, p := range []int{s.lo, s.hi} {
			r := PopularityStatus(p)
			if r.Reaction != s.reaction || r.Influence != s.influence {
				t.Errorf("PopularityStatus(%d) = %+v", p, r)
			}
		}
	}
	fame := []struct{ lo, hi, fame int }{{76, 90, 1}, {61, 75, 2}, {46, 60, 3}, {31, 45, 4}, {15, 30, 5}}
	for _, f := range fame {
		for _, p := range []int{f.lo, f.hi} {
			if got := Fame(p).Fame; got != f.fame {
				t.Errorf("Fame(%d) = %d want %d", p, got, f.fame)
			}
		}
	}
	pr := []struct{ lo, hi, resp int }{{15, 30, 1}, {31, 45, 2}, {46, 60, 3}, {61, 75, 4}, {76, 90, 5}}
	for _, f := range pr {
		for _, p := range []int{f.lo, f.hi} {
			if got := PublicResponse(p).Response; got != f.resp {
				t.Errorf("PublicResponse(%d) = %d want %d", p, got, f.resp)
			}
		}
	}
	// Clamping.
	if Fame(5).Fame != 5 || Fame(99).Fame != 1 || PublicResponse(0).Response != 1 || PopularityStatus(100).Influence != "Government/Army" || PopularityStatus(3).Reaction != "\"Who are you?\"" {
		t.Error("out-of-range clamping")
	}
	// p. 20, 23, 26: popularity (3+3+2+3+1)×3 = 36 → Resented, fame 4,
	// public response 2.
	p := CategoryScore(3, 3, 2, 3, 1)
	if p != 36 || PopularityStatus(p).Reaction != "Resented" || Fame(p).Fame != 4 || PublicResponse(p).Response != 2 {
		t.Errorf("Guardian popularity %d", p)
	}
	// p. 23: investigation (3+3+4+1+10)×3 = 63.
	if CategoryScore(3, 3, 4, 1, 10) != 63 {
		t.Error("investigation")
	}
}

func TestProfileComponents(t *testing.T) {
	comps := ProfileComponents()
	if len(comps) != 15 {
		t.Fatalf("%d components", len(comps))
	}
	for _, cat := range ProfileCategories() {
		if len(cat.Components) != 5 {
			t.Errorf("%s: %d components", cat.Name, len(cat.Components))
		}
		tens := 0
		for _, slug := range cat.Components {
			c, ok := ProfileComponentBySlug(slug)
			if !ok || c.Category != cat.Category {
				t.Errorf("%s: component %s", cat.Name, slug)
			}
			if c.Max == 10 {
				tens++
			} else if c.Max != 5 {
				t.Errorf("%s max %d", slug, c.Max)
			}
		}
		if tens != 1 {
			t.Errorf("%s: want one 1-10 component", cat.Name)
		}
	}
	sr, _ := ProfileComponentBySlug("success-rate")
	if sr.Min != 0 || sr.StartDefault != 0 {
		t.Error("success rate 0-5, starts 0")
	}
	nt := map[string]bool{}
	for _, s := range NonTrainableScores() {
		nt[s] = true
	}
	for _, s := range []string{"competence", "approachability", "fame", "success-rate", "public-response", "security"} {
		if !nt[s] {
			t.Errorf("%s should not be trainable", s)
		}
	}
	if len(nt) != 6 {
		t.Errorf("non-trainable %v", nt)
	}
	for _, slug := range ComponentScaleSlugs() {
		rows, ok := ComponentScale(slug)
		c, _ := ProfileComponentBySlug(slug)
		if !ok || len(rows) != c.Max {
			t.Errorf("scale %s: %d rows", slug, len(rows))
		}
		for i, r := range rows {
			if r.Value != i+1 || r.Description == "" {
				t.Errorf("scale %s row %d", slug, i)
			}
		}
	}
	if rows, _ := ComponentScale("competence"); rows[9].Description != "Save the world" {
		t.Error("competence 10")
	}
}

func TestProfileFormulas(t *testing.T) {
	// p. 23: identification 2, heroism 3 → 2½ → 3.
	if Approachability(2, 3) != 3 || Approachability(5, 1) != 5 || Approachability(1, 5) != 1 || Approachability(3, 3) != 3 {
		t.Error("Approachability")
	}
	if Security(5, false, false) != 5 || Security(1, true, false) != 1 || Security(10, false, true) != 10 || Security(6, true, true) != 6 {
		t.Error("Security")
	}
	cases := []struct {
		cur, scen int
		ok        bool
		want      int
	}{
		{1, 2, true, 2}, {1, 5, true, 3}, {1, 10, true, 5}, {5, 3, true, 5}, {5, 4, false, 4},
		{6, 1, false, 4}, {5, 8, false, 5}, {3, 3, true, 3},
	}
	for _, c := range cases {
		if got := CompetenceChange(c.cur, c.scen, c.ok); got != c.want {
			t.Errorf("CompetenceChange(%d,%d,%v) = %d want %d", c.cur, c.scen, c.ok, got, c.want)
		}
	}
}

func TestResources(t *testing.T) {
	fin := []string{"Destitute", "Scraping by", "Poor", "Average", "Comfortable", "Well off", "Affluent", "Loaded", "Rich", "Filthy rich"}
	for i, d := range fin {
		r, ok := FinancialResources(i + 1)
		if !ok || r.Description != d || r.Home == "" || r.Clothing == "" || r.Transport == "" {
			t.Errorf("FinancialResources(%d) = %+v", i+1, r)
		}
	}
	if r, _ := FinancialResources(5); r.Home != "Shared house" || r.Transport != "Second hand car" {
		t.Error("level 5")
	}
	if r, _ := MaterialResources(4); r.Description != "Power tools" {
		t.Error("material 4")
	}
	for _, bad := range []int{0, 11} {
		if _, ok := FinancialResources(bad); ok {
			t.Error("financial range")
		}
		if _, ok := MaterialResources(bad); ok {
			t.Error("material range")
		}
	}
	if len(MaterialResourcesRows()) != 10 || len(FinancialResourcesRows()) != 10 {
		t.Error("10 levels each")
	}
}

func TestPerksAndEquipment(t *testing.T) {
	want := map[string][3]int{ // financial, material, contacts
		"boffin": {0, 8, 0}, "business-high-flyer": {8, 0, 0}, "contacts": {0, 0, 10},
		"idle-rich": {8, 0, 0}, "mystic-training": {}, "position-of-power": {6, 0, 0},
		"specialist-training": {}, "unearthly-being": {},
	}
	if len(Perks()) != len(want) {
		t.Fatalf("%d perks", len(Perks()))
	}
	for slug, w := range want {
		p, ok := PerkBySlug(slug)
		if !ok || p.FinancialResources != w[0] || p.MaterialResources != w[1] || p.Contacts != w[2] {
			t.Errorf("perk %s = %+v", slug, p)
		}
	}
	if p, _ := PerkBySlug("Idle Rich"); p.DowntimePerWeek != 1 {
		t.Error("idle rich +1 DP")
	}
	if p, _ := PerkBySlug("unearthly-being"); p.Security != 2 {
		t.Error("unearthly +2 security")
	}
	eq := StartingEquipment()
	if len(eq) != 6 || StartingItems != 3 {
		t.Error("starting equipment")
	}
	found := false
	for _, e := range eq {
		if e.AC == ACE {
			found = true
		}
	}
	if !found {
		t.Error("padded costume gives AC E")
	}
}

func TestDerivedValues(t *testing.T) {
	// p. 16: health 35 → battered 4 (3.5); stamina 36 → dazed 7 (7.2),
	// stunned 4 (3.6); movement (14+17+11)/6 = 7.
	if BatteredValue(35) != 4 || DazedValue(36) != 7 || StunnedValue(36) != 4 || MovementSpeed(14, 17, 11) != 7 {
		t.Error("Guardian derived values")
	}
	// Worked examples: STR 45 → +30 and H/+1 S/+2; AGI 17 → +2; END 18 → +1.
	if DamageBonus(45) != 30 || StrengthDividerModifier(45) != (Dividers{1, 2}) || AgilityBonus(17) != 2 || RecoveryBonus(18) != 1 {
		t.Error("worked examples")
	}
}
