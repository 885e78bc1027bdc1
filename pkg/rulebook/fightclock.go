package rulebook

import "github.com/codename-spandex/spandex/pkg/naming"

// Numbers the fight clock needs that the book gives in running text: who
// gets how many panels, what keeping a power going costs each page, and
// the limits on powers that act per page (pp. 29-31, 38-39, 43, 51-78).

// Per-page and recovery constants (pp. 38-39, 43, 54, 61-62, 65, 73).
const (
	// StaminaRecoveryDice is what a conscious character recovers at the
	// end of each page, plus the Endurance Table bonus (p. 38; p. 9).
	StaminaRecoveryDice = "1d6"
	// UnconsciousRecoveryDie is rolled by the unconscious at the end of
	// each page: roll it ≤ endurance to recover StaminaRecoveryDice (p. 38).
	UnconsciousRecoveryDie = 20
	// FastRecoveryTimes is how many recoveries Fast Recovery gives (p. 73).
	FastRecoveryTimes = 2
	// DuplicatePanels is a duplicate's panels per page (p. 54).
	DuplicatePanels = 2
	// DuplicatesPerDay is how many copies Duplication makes a day (p. 54).
	DuplicatesPerDay = 5
	// DuplicateAbilityCap and DuplicateTrackCap cap a duplicate's ability
	// scores and its health and stamina (p. 54).
	DuplicateAbilityCap = 20
	DuplicateTrackCap   = 70
	// SummonedPanels is a summoned creature's panels per page, and
	// SummonedSpeedPanels with the Speed ability (p. 65).
	SummonedPanels      = 2
	SummonedSpeedPanels = 3
	// ImperviousCooldownPages is how long Impervious cannot be used after
	// it stops; it lasts at most WIL consecutive pages (p. 61).
	ImperviousCooldownPages = 5
	// LuckDie is the die for a luck roll (roll ≤ the luck chance), at most
	// LuckUsesPerPage times a page (p. 62).
	LuckDie         = 100
	LuckUsesPerPage = 1
	// MassHalvesPanels is the mass or gravity multiplier at which the
	// target gets half its panels, and MassImmobilises where it is
	// immobilised (Density Control (Other), Gravity; pp. 54, 57).
	MassHalvesPanels = 2
	MassImmobilises  = 4
	// MassMax is the largest multiplier (×16).
	MassMax = 16
)

// sidekickPanels is the Sidekick power's panels per page by rank (p. 71).
var sidekickPanels = [...]int{2, 3, 4}

// SidekickPanelsPerPage returns a sidekick's panels per page for the
// Sidekick power's rank: 2, 3 or 4 (p. 71). Ranks below 1 use
// rank 1 and above 3 use rank 3.
func SidekickPanelsPerPage(rank int) int {
	rank = clamp(rank, 1, len(sidekickPanels))
	return sidekickPanels[rank-1]
}

// MassWillRoll returns the dice a target must roll ≤ its will to stay
// conscious at a mass or gravity multiplier (pp. 54, 57): "1d20" at ×4,
// "1d20+10" at ×8; "" below ×4 (no roll) and at ×16 (automatic blackout,
// auto = true).
func MassWillRoll(multiplier int) (expr string, auto bool) {
	switch {
	case multiplier >= MassMax:
		return "", true
	case multiplier >= 8:
		return "1d20+10", false
	case multiplier >= MassImmobilises:
		return "1d20", false
	}
	return "", false
}

// PageUpkeep is what keeping an ongoing power effect costs each page: the
// panels the character must spend on it and the pool points (pp. 62, 65,
// 68, 78).
type PageUpkeep struct {
	// Effect is the effect's slug as the fight clock names it.
	Effect string `json:"effect"`
	// Power is the power (or spell's power) behind it.
	Power string `json:"power"`
	Name  string `json:"name"`
	// Panels per page spent maintaining it.
	Panels int `json:"panels"`
	// Points per page from Pool ("magic", "psi").
	Points int    `json:"points,omitempty"`
	Pool   string `json:"pool,omitempty"`
	// OnTarget marks effects that sit on someone else (the caster pays).
	OnTarget bool `json:"on_target,omitempty"`
	// HalvesPanels: the target gets half its panels per page.
	HalvesPanels bool `json:"halves_panels,omitempty"`
	// NoMove: whoever has the effect cannot move.
	NoMove bool   `json:"no_move,omitempty"`
	Note   string `json:"note,omitempty"`
	Page   int    `json:"page"`
}

var pageUpkeeps = []PageUpkeep{
	{Effect: "gale", Power: "weather-control", Name: "Weather Control: gale", Panels: 1, Note: "1 panel per page to maintain; at rank 3 several phenomena cost 1 panel in all", Page: 78},
	{Effect: "fog", Power: "weather-control", Name: "Weather Control: fog", Panels: 1, Note: "1 panel per page to maintain (rank 2)", Page: 78},
	{Effect: "summoning", Power: "magic", Name: "Summoning: instructing a creature", Panels: 2, OnTarget: true, Note: "2 panels per page (not necessarily a double-panel) per creature; an uninstructed creature does not act that page. With the Intelligence ability, 1 panel", Page: 65},
	{Effect: "bestow-gift", Power: "magic", Name: "Bestow Gift", Panels: 1, Points: 5, Pool: "magic", OnTarget: true, Note: "5 MP per page plus a panel of effort to keep it going", Page: 62},
	{Effect: "mind-control", Power: "psychic-ability", Name: "Mind Control", Points: 1, Pool: "psi", OnTarget: true, HalvesPanels: true, Note: `1 psi "per round" (read: per page); the target gets half its panels; broken by 20 stamina damage`, Page: 68},
	{Effect: "impervious", Power: "impervious", Name: "Impervious", NoMove: true, Note: "concentrate: no movement at all; at most WIL consecutive pages, then 5 pages before it can be used again", Page: 61},
	{Effect: "denser", Power: "density-control-self", Name: "Density Control (Self): denser", HalvesPanels: true, Note: "half panels per page, +10 melee damage, +5 knockback threshold", Page: 54},
	{Effect: "lighter", Power: "density-control-self", Name: "Density Control (Self): lighter", Note: "walks on any surface, minimum melee damage, knockback threshold 10", Page: 54},
}

// PageUpkeeps returns the per-page costs of ongoing power effects.
func PageUpkeeps() []PageUpkeep { return append([]PageUpkeep(nil), pageUpkeeps...) }

// PageUpkeepByEffect looks up an ongoing effect by slug.
func PageUpkeepByEffect(slug string) (PageUpkeep, bool) {
	return naming.Find(pageUpkeeps, slug, func(u *PageUpkeep) string { return u.Effect })
}

// MassKnockbackBonus returns the knockback threshold bonus of Density
// Control (Other) at a mass multiplier (p. 54): "+5 to their knockback
// threshold" at double mass, and "an additional +5", "another +5",
// "another +5" at ×4, ×8 and ×16 — the sum of the MassSteps' bonuses up to
// the multiplier: +5, +10, +15, +20. Below ×2 it is 0. Gravity control
// (p. 57) changes no knockback threshold (its text gives none).
func MassKnockbackBonus(multiplier int) int {
	bonus := 0
	for _, s := range massSteps {
		if multiplier >= s.Multiplier {
			bonus += s.KnockbackBonus
		}
	}
	return bonus
}
