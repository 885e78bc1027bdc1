package profile

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// MeasureValue is one measure as shown on the profile sheet.
type MeasureValue struct {
	Key         string      `json:"key"`
	Name        string      `json:"name"`
	Kind        MeasureKind `json:"kind"`
	Value       int         `json:"value"`
	Max         int         `json:"max"`
	Description string      `json:"description,omitempty"`
}

// CategoryValue is one category with its five measures.
type CategoryValue struct {
	Key      string         `json:"key"`
	Name     string         `json:"name"`
	Score    int            `json:"score"`
	Use      string         `json:"use"`
	Measures []MeasureValue `json:"measures"`
}

// ConfidenceEffects are the Confidence Table's effects at the hero's
// confidence (p. 24).
type ConfidenceEffects struct {
	Band                 string `json:"band"`
	DowntimePoints       int    `json:"downtime_points"`
	CanIncreaseResources bool   `json:"can_increase_resources"`
	WillBonus            int    `json:"will_bonus"`
	HeroPoints           int    `json:"hero_points"`
}

// ResourceValue is a resource level with its table description.
type ResourceValue struct {
	Key         string `json:"key"`
	Level       int    `json:"level"`
	Description string `json:"description"`
}

// Sheet is everything `profile` shows: the fifteen measures in their
// categories, what the categories unlock, resources, hero points and the
// weekly downtime allowance.
type Sheet struct {
	Name       string            `json:"name"`
	Categories []CategoryValue   `json:"categories"`
	Status     Influence         `json:"popularity_status"`
	Advice     Influence         `json:"with_advice"`
	Confidence ConfidenceEffects `json:"confidence_table"`
	Resources  []ResourceValue   `json:"resources"`
	HeroPoints hero.Points       `json:"hero_points"`
	// PointsPerWeek is the downtime allowance (p. 44).
	PointsPerWeek  int             `json:"downtime_points_per_week"`
	IdentityPublic bool            `json:"identity_public"`
	NonHuman       bool            `json:"non_human"`
	ContactsField  string          `json:"contacts_field,omitempty"`
	Scenarios      []hero.Scenario `json:"scenarios"`
	// Stale lists stored values that differed from the recomputed ones.
	Stale []Change `json:"stale,omitempty"`
}

// BuildSheet returns the hero's profile sheet. It works on a recomputed
// copy; values stored in the file that disagree with the rules are
// listed in Stale (the hero is not changed).
func BuildSheet(h *hero.Hero) Sheet {
	c := *h
	before := Take(h)
	Recompute(&c)
	sh := Sheet{Name: c.Name, Stale: Changes(before, Take(&c))}
	descs := describe(&c)
	for _, cat := range rulebook.ProfileCategories() {
		cv := CategoryValue{Key: string(cat.Category), Name: cat.Name, Score: *Score(&c, string(cat.Category)), Use: cat.Use}
		for _, slug := range cat.Components {
			m, _ := LookupMeasure(slug)
			cv.Measures = append(cv.Measures, MeasureValue{Key: m.Key, Name: m.Name, Kind: m.Kind, Value: *Score(&c, m.Key), Max: m.Max, Description: descs[m.Key]})
		}
		sh.Categories = append(sh.Categories, cv)
	}
	sh.Status = PopularityInfluence(c.Profile.Popularity, false)
	sh.Advice = PopularityInfluence(c.Profile.Popularity, true)
	row := rulebook.Confidence(c.Profile.Confidence)
	sh.Confidence = ConfidenceEffects{Band: bandText(row.Confidence), DowntimePoints: row.DowntimePoints,
		CanIncreaseResources: row.CanIncreaseResources, WillBonus: row.WillBonus, HeroPoints: row.HeroPoints}
	if f, ok := rulebook.MaterialResources(c.Resources.Material); ok {
		sh.Resources = append(sh.Resources, ResourceValue{"material_resources", f.Level, f.Description})
	}
	if f, ok := rulebook.FinancialResources(c.Resources.Financial); ok {
		sh.Resources = append(sh.Resources, ResourceValue{"financial_resources", f.Level,
			fmt.Sprintf("%s: %s, %s, %s", f.Description, f.Home, strings.ToLower(f.Clothing), strings.ToLower(f.Transport))})
	}
	sh.HeroPoints = c.HeroPoints
	sh.PointsPerWeek = c.Downtime.PointsPerWeek
	sh.IdentityPublic = c.Profile.IdentityPublic
	sh.NonHuman = c.Profile.NonHuman
	sh.ContactsField = c.Profile.ContactsField
	sh.Scenarios = c.Profile.Scenarios
	if sh.Scenarios == nil {
		sh.Scenarios = []hero.Scenario{}
	}
	return sh
}

// describe returns the scale description of every measure's current value.
func describe(h *hero.Hero) map[string]string {
	out := map[string]string{}
	for _, slug := range rulebook.ComponentScaleSlugs() {
		key := NormaliseKey(slug)
		rows, _ := rulebook.ComponentScale(slug)
		v := *Score(h, key)
		for _, r := range rows {
			if r.Value == v {
				out[key] = r.Description
			}
		}
	}
	out["fame"] = rulebook.Fame(h.Profile.Popularity).Description
	out["public_response"] = rulebook.PublicResponse(h.Profile.Popularity).Description
	out["success_rate"] = fmt.Sprintf("%d of the last %d scenarios", h.Profile.SuccessRate, ScenarioHistory)
	mods := "financial resources"
	if h.Profile.IdentityPublic {
		mods += " -2 (public identity)"
	}
	if h.Profile.NonHuman {
		mods += " +2 (non-human)"
	}
	out["security"] = mods
	out["power_use"] = "powers and devices that help investigation"
	return out
}
