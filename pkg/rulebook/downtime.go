package rulebook

import (
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Downtime and advancement (pp. 44–50).

// Downtime constants (pp. 44–48).
const (
	DowntimePointsPerWeek = 7  // roughly one per day (p. 44)
	IdleRichBonus         = 1  // +1 DP per week (p. 11)
	IdealXPPerDP          = 5  // an activity should yield 5 XP per DP in total (p. 45)
	NewPowerUsualMaxXP    = 3  // new-power activities normally earn ≤3 XP per DP (p. 48)
	KeepIncreaseXPPerWeek = 5  // "5 per week for (new score) weeks" (p. 46)
	KeepIncreaseMaxMissed = 2  // missing more than 2 weeks in a row reverts (p. 46)
	AbilityTrainingCap    = 21 // ability scores can be trained to 21 at most (p. 46)
	ResourceCap           = 10
	DeviceStages          = 4 // research, design, production, testing (p. 48)
	SimpleXPDivisor       = 5 // option: DP = XP ÷ 5 (p. 46)
	SimpleXPNewPowerDiv   = 3 // option: new powers DP = XP ÷ 3 (p. 46)
	AndroidMinResources   = 9 // material and financial, with Boffin (p. 50)
)

// DowntimeRule is one downtime points rule (p. 44).
type DowntimeRule struct {
	Rule  string `json:"rule"`
	Value string `json:"value"`
}

var downtimeRules = []DowntimeRule{
	{"Standard allowance", "7 DP per game week, roughly one per day"},
	{"Idle Rich perk", "+1 per week"},
	{"Confidence 15–30", "−2 per week"},
	{"Weeks spent away on a long adventure (a week or more)", "No DP for that week"},
}

// DowntimeRules returns the downtime points rules (p. 44).
func DowntimeRules() []DowntimeRule { return append([]DowntimeRule(nil), downtimeRules...) }

// WeeklyDowntimePoints returns DP per week: 7, +1 with Idle Rich, plus the
// Confidence Table change (−2 at confidence 15–30) (pp. 24, 44).
func WeeklyDowntimePoints(confidence int, idleRich bool) int {
	dp := DowntimePointsPerWeek + Confidence(confidence).DowntimePoints
	if idleRich {
		dp += IdleRichBonus
	}
	return dp
}

// Fit is how well a downtime activity suits its goal (p. 45).
type Fit string

// Downtime Point Experience Table rows (p. 45; App. p. 85).
const (
	FitCompletelyUnsuitable Fit = "completely-unsuitable"
	FitPoor                 Fit = "poor"
	FitAverage              Fit = "average"
	FitWellSuited           Fit = "well-suited"
	FitIdeal                Fit = "ideal"
)

// FitRow is one Downtime Point Experience Table row.
type FitRow struct {
	Fit        Fit    `json:"fit"`
	Label      string `json:"label"`
	XPPerPoint int    `json:"xp_per_point"`
}

var downtimeExperience = []FitRow{
	{FitCompletelyUnsuitable, "Completely Unsuitable", 1},
	{FitPoor, "A Poor Fit", 2},
	{FitAverage, "Average", 3},
	{FitWellSuited, "Well Suited", 4},
	{FitIdeal, "Ideal", 5},
}

// XP returns experience points gained per downtime point at this fit
// (p. 45; App. p. 85), or 0 for an unknown fit.
func (f Fit) XP() int {
	for _, r := range downtimeExperience {
		if r.Fit == f {
			return r.XPPerPoint
		}
	}
	return 0
}

// DowntimeXP returns XP per DP for a fit (same as f.XP()).
func DowntimeXP(f Fit) int { return f.XP() }

// ParseFit accepts a slug or the book's label ("A Poor Fit").
func ParseFit(s string) (Fit, error) {
	n := naming.Slug(s)
	for _, r := range downtimeExperience {
		if n == string(r.Fit) || n == naming.Slug(r.Label) {
			return r.Fit, nil
		}
	}
	return "", refusal.Errorf("rulebook: unknown activity fit %q", s)
}

// DowntimeExperienceRows returns the Downtime Point Experience Table.
func DowntimeExperienceRows() []FitRow { return append([]FitRow(nil), downtimeExperience...) }

// XPCostRow is one Experience Point Cost Table row (p. 46; App. p. 85).
// Cost = Multiplier × the current value named by Basis; Multiplier 0
// means it varies (devices) or is per week (keeping an increase).
type XPCostRow struct {
	Slug       string `json:"slug"`
	Result     string `json:"result"`
	Needed     string `json:"needed"` // as printed
	Multiplier int    `json:"multiplier"`
}

var experienceCost = []XPCostRow{
	{"profile-score", "Increase a Personal Profile Score", "10 x current score", 10},
	{"ability-score", "Increase an Ability Score", "10 x current score", 10},
	{"resource-level", "Increase a Resource Level", "10 x current score", 10},
	{"keep-increase", "Keep an Increase", "5 per week for (New score) weeks", KeepIncreaseXPPerWeek},
	{"create-device", "Create a Device", "Varies", 0},
	{"new-power", "Acquire a New Super Power", "30 x current powers", 30},
	{"power-rank", "Improve a Super Power's Rank", "100 x current rank", 100},
}

// ExperienceCostRows returns the Experience Point Cost Table.
func ExperienceCostRows() []XPCostRow { return append([]XPCostRow(nil), experienceCost...) }

func xpMultiplier(slug string) int {
	for _, r := range experienceCost {
		if r.Slug == slug {
			return r.Multiplier
		}
	}
	panic("rulebook: missing experience cost row " + slug)
}

// CostProfileMeasure returns the XP to raise a personal profile score from
// cur (10 × current score, p. 46). Example (p. 45): 3 → 30.
func CostProfileMeasure(cur int) int { return xpMultiplier("profile-score") * cur }

// CostAbility returns the XP to raise an ability score from cur (10 ×
// current score, p. 46). Training stops at AbilityTrainingCap.
func CostAbility(cur int) int { return xpMultiplier("ability-score") * cur }

// CostResource returns the XP to raise a resource level from cur (10 ×
// current score, p. 46). Needs confidence 46+.
func CostResource(cur int) int { return xpMultiplier("resource-level") * cur }

// CostNewPower returns the XP to acquire a new power (30 × the number of
// powers already held, p. 48).
func CostNewPower(currentPowers int) int { return xpMultiplier("new-power") * currentPowers }

// CostPowerRank returns the XP to raise a power from currentRank (100 ×
// current rank, p. 48).
func CostPowerRank(currentRank int) int { return xpMultiplier("power-rank") * currentRank }

// KeepIncreaseWeeks returns the weeks of upkeep (at KeepIncreaseXPPerWeek
// XP each) needed to keep an increase to newScore (p. 46).
func KeepIncreaseWeeks(newScore int) int { return newScore }

// NonTrainableScores are the profile scores downtime cannot raise (p. 46).
func NonTrainableScores() []string {
	var out []string
	for _, c := range profileComponents {
		if !c.Trainable {
			out = append(out, c.Slug)
		}
	}
	return out
}

// DeviceComplexityRow is one Device Complexity Table row (p. 47; App.
// p. 85; both copies are misprinted "Device Components Table").
type DeviceComplexityRow struct {
	Slug              string `json:"slug"`
	Complexity        string `json:"complexity"`
	MaterialResources int    `json:"material_resources"`
	XPPerStage        int    `json:"xp_per_stage"`
}

var deviceComplexity = []DeviceComplexityRow{
	{"anyone", "Anyone could make it", 3, 5},
	{"some-know-how", "Needs some know-how", 4, 10},
	{"knowledge-and-equipment", "Needs knowledge and equipment", 5, 15},
	{"specialist-equipment", "Needs specialist equipment", 6, 20},
	{"precision-research", "Needs precision work and innovative research", 7, 25},
}

// DeviceComplexityRows returns the Device Complexity Table. The per-stage
// XP is paid DeviceStages (4) times.
func DeviceComplexityRows() []DeviceComplexityRow {
	return append([]DeviceComplexityRow(nil), deviceComplexity...)
}

// DeviceComponentsRow is one Device Components Table row (p. 47; App.
// p. 85).
type DeviceComponentsRow struct {
	Slug               string `json:"slug"`
	Components         string `json:"components"`
	FinancialResources int    `json:"financial_resources"`
}

var deviceComponents = []DeviceComponentsRow{
	{"cheap-common", "Cheap, common parts", 3},
	{"average-common", "Average, common parts", 4},
	{"hard-to-find", "Hard to find or expensive parts", 5},
	{"custom-hi-tech", "Custom-made hi-tech parts", 6},
	{"secret-cutting-edge", "Secret, illegal or cutting edge parts", 7},
}

// DeviceComponentsRows returns the Device Components Table.
func DeviceComponentsRows() []DeviceComponentsRow {
	return append([]DeviceComponentsRow(nil), deviceComponents...)
}
