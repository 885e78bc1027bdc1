package profile

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ScenarioResult is the outcome of recording a scenario.
type ScenarioResult struct {
	Scenario       hero.Scenario `json:"scenario"`
	CompetenceFrom int           `json:"competence_from"`
	CompetenceTo   int           `json:"competence_to"`
	SuccessRate    int           `json:"success_rate"`
	Changes        []Change      `json:"changes"`
	Steps          ruling.Steps  `json:"steps"`
}

// RecordScenario records a scenario rated rating (1-10, the competence
// scenario scale, p. 21) that the hero won or lost (pp. 20-21, 25):
// competence moves by half the difference (rounded down, but at least 1
// when the difference is exactly 1) on a success above or a failure below
// the hero's competence; the scenario joins the history and the success
// rate counts the successes in the last five. Every derived value is
// recomputed.
func RecordScenario(h *hero.Hero, rating int, success bool, name string) (ScenarioResult, error) {
	if rating < 1 || rating > 10 {
		return ScenarioResult{}, refusal.Errorf("competence rating %d is outside 1-10 (p. 21)", rating)
	}
	if !HasProfile(h) {
		return ScenarioResult{}, refusal.Errorf("%s is a %s: only heroes, villains, sidekicks and androids keep a personal profile", h.Name, h.Kind)
	}
	before := Take(h)
	res := ScenarioResult{Scenario: hero.Scenario{Competence: rating, Success: success, Name: name}}
	cur := h.Profile.Competence
	res.CompetenceFrom = cur
	next := rulebook.CompetenceChange(cur, rating, success)
	res.CompetenceTo = next
	scale, _ := rulebook.ComponentScale("competence")
	row := fmt.Sprintf("%d: %s", rating, scale[rating-1].Description)
	outcome := "failed"
	if success {
		outcome = "won"
	}
	switch {
	case success && rating > cur, !success && rating < cur:
		diff := rating - cur
		if diff < 0 {
			diff = -diff
		}
		how := "half the difference, rounded down"
		if diff == 1 {
			how = "a difference of exactly 1 still counts 1"
		}
		res.Steps.AddRow("competence", "pp. 20-21", "competence scenario scale", row,
			"%s a scenario rated %d against competence %d: difference %d, %s: competence %d → %d",
			outcome, rating, cur, diff, how, cur, next)
	case success:
		res.Steps.AddRow("competence", "p. 21", "competence scenario scale", row,
			"won a scenario rated %d, not above competence %d: no change", rating, cur)
	default:
		res.Steps.AddRow("competence", "p. 21", "competence scenario scale", row,
			"failed a scenario rated %d, not below competence %d: no change", rating, cur)
	}
	h.Profile.Competence = next
	h.Profile.Scenarios = append(h.Profile.Scenarios, res.Scenario)
	Recompute(h)
	res.SuccessRate = h.Profile.SuccessRate
	n := len(h.Profile.Scenarios)
	if n > ScenarioHistory {
		n = ScenarioHistory
	}
	res.Steps.Add("success-rate", "p. 25", "%d of the last %d scenarios were successes: success rate %d", res.SuccessRate, n, res.SuccessRate)
	res.Changes = Changes(before, Take(h))
	addCategorySteps(&res.Steps, h)
	return res, nil
}

// addCategorySteps explains the three categories as they now stand.
func addCategorySteps(s *ruling.Steps, h *hero.Hero) {
	p := h.Profile
	s.Add("popularity", "p. 18", "(%d + %d + %d + %d + %d) x 3 = %d", p.Backing, p.Heroism, p.Identification, p.PublicRelations, p.Competence, p.Popularity)
	s.Add("investigation", "p. 21", "(%d + %d + %d + %d + %d) x 3 = %d", p.Methods, p.Approachability, p.Fame, p.PowerUse, p.Contacts, p.Investigation)
	s.Add("confidence", "p. 24", "(%d + %d + %d + %d + %d) x 3 = %d", p.Conscience, p.SocialCircle, p.SuccessRate, p.PublicResponse, p.Security, p.Confidence)
}

// Explain returns the steps that derive every computed value of the
// hero's profile as it stands (approachability, fame, public response,
// security, the categories and the Confidence Table row).
func Explain(h *hero.Hero) ruling.Steps {
	var s ruling.Steps
	p := h.Profile
	s.Add("approachability", "p. 22", "3 + %d/2 - %d/2, a leftover half rounded up, within 1-5 = %d", p.Identification, p.Heroism, p.Approachability)
	s.AddRow("fame", "p. 22", "fame table", fmt.Sprintf("popularity %d", p.Popularity), "fame %d (%s)", p.Fame, rulebook.Fame(p.Popularity).Description)
	s.AddRow("public-response", "p. 27", "public response table", fmt.Sprintf("popularity %d", p.Popularity), "public response %d (%s)", p.PublicResponse, rulebook.PublicResponse(p.Popularity).Description)
	mods := ""
	if p.IdentityPublic {
		mods += ", -2 public identity"
	}
	if p.NonHuman {
		mods += ", +2 non-human"
	}
	s.Add("security", "p. 27", "financial resources %d%s, within 1-10 = %d", h.Resources.Financial, mods, p.Security)
	addCategorySteps(&s, h)
	row := rulebook.Confidence(p.Confidence)
	s.AddRow("confidence-table", "p. 24", "Confidence Table", bandText(row.Confidence),
		"downtime points %+d, can increase resources: %s, Will bonus %+d, hero points %d", row.DowntimePoints, yesNo(row.CanIncreaseResources), row.WillBonus, row.HeroPoints)
	idle := ""
	if h.HasPerk("idle-rich") {
		idle = fmt.Sprintf(", +%d Idle Rich", rulebook.IdleRichBonus)
	}
	s.Add("downtime-points", "p. 44", "%d per week%s, %+d confidence = %d", rulebook.DowntimePointsPerWeek, idle, row.DowntimePoints, h.Downtime.PointsPerWeek)
	return s
}

func bandText(b rulebook.Band) string { return fmt.Sprintf("%d-%d", b.Lo, b.Hi) }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
