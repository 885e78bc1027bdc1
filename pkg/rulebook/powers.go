package rulebook

import (
	"fmt"
	"sync"

	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Unlimited is PowerRow.MaxRanks for a power with no rank limit (printed
// "∞" on the Power Table).
const Unlimited = -1

// PowerSlots is the number of power slots each hero rolls (p. 6).
const PowerSlots = 8

// PowerRow is one Power Table row (p. 7; App. p. 80) plus the page of the
// power's text (contents page; pp. 51–78).
type PowerRow struct {
	Lo   int    `json:"lo"` // d100 range, 1..100 (100 is printed "00")
	Hi   int    `json:"hi"`
	Name string `json:"name"`
	Slug string `json:"slug"`
	// MaxRanks: Unlimited (-1) for "∞"; 0 for the free-choice row.
	MaxRanks int `json:"max_ranks"`
	// HasFlavours: printed with "*" (sub-powers or flavours).
	HasFlavours bool `json:"has_flavours"`
	// SubTable is the slug of the flavour sub-table, if any. Energy
	// Reflect and Immunity carry "*" but have no table of their own; they
	// use the Energy Type table (pp. 55, 56, 61).
	SubTable string `json:"sub_table,omitempty"`
	Page     int    `json:"page"`
	// FreeChoice marks the 96-00 row: choose any power (counts as
	// rolling it).
	FreeChoice bool `json:"free_choice,omitempty"`
}

// powerTable (p. 7; App. p. 80; copies agree). Pages from the contents
// page. Cybernetics max 1 as printed, though its text describes R2+.
var powerTable = []PowerRow{
	{1, 2, "Accuracy", "accuracy", 2, false, "", 51, false},
	{3, 5, "Acrobatics", "acrobatics", 2, false, "", 51, false},
	{6, 9, "Armour", "armour", 3, false, "", 51, false},
	{10, 10, "Camouflage", "camouflage", 1, false, "", 52, false},
	{11, 11, "Claws", "claws", 1, false, "", 52, false},
	{12, 14, "Cybernetics", "cybernetics", 1, true, "cybernetic-implants", 52, false},
	{15, 15, "Danger Sense", "danger-sense", 1, false, "", 54, false},
	{16, 16, "Density Control (Other)", "density-control-other", 1, false, "", 54, false},
	{17, 17, "Density Control (Self)", "density-control-self", 1, false, "", 54, false},
	{18, 18, "Duplication", "duplication", 1, false, "", 54, false},
	{19, 19, "Elasticity", "elasticity", 2, false, "", 55, false},
	{20, 27, "Energy Blast", "energy-blast", 4, true, "energy-type", 55, false},
	{28, 28, "Energy Reflect", "energy-reflect", 1, true, "energy-type", 56, false},
	{29, 29, "Environmental Control", "environmental-control", 1, true, "environmental-control", 56, false},
	{30, 34, "Flight", "flight", 4, false, "", 58, false},
	{35, 36, "Forcefield", "forcefield", 1, true, "forcefield", 59, false},
	{37, 37, "Growth", "growth", 1, false, "", 60, false},
	{38, 38, "Immunity", "immunity", 1, true, "energy-type", 61, false},
	{39, 39, "Impervious", "impervious", 1, false, "", 61, false},
	{40, 40, "Invisibility", "invisibility", 1, false, "", 61, false},
	{41, 41, "Larger", "larger", Unlimited, false, "", 61, false},
	{42, 42, "Luck", "luck", 1, false, "", 62, false},
	{43, 44, "Magic", "magic", 3, true, "magic-spells", 62, false},
	{45, 49, "Martial Arts", "martial-arts", 3, true, "martial-arts", 65, false},
	{50, 50, "Phasing", "phasing", 2, false, "", 66, false},
	{51, 52, "Psychic Ability", "psychic-ability", 3, true, "psychic-powers", 67, false},
	{53, 54, "Reactions", "reactions", 1, false, "", 69, false},
	{55, 56, "Shapechange", "shapechange", 1, true, "shapechange", 70, false},
	{57, 57, "Shrinking", "shrinking", 1, false, "", 70, false},
	{58, 58, "Sidekick", "sidekick", 3, false, "", 71, false},
	{59, 62, "Skills", "skills", 1, true, "skills", 71, false},
	{63, 63, "Snare", "snare", 2, false, "", 72, false},
	{64, 65, "Super Endurance", "super-endurance", Unlimited, false, "", 73, false},
	{66, 67, "Super Health", "super-health", 1, true, "super-health", 73, false},
	{68, 69, "Super Leap", "super-leap", 2, false, "", 74, false},
	{70, 71, "Super Senses", "super-senses", 1, true, "super-senses", 74, false},
	{72, 73, "Super Speed", "super-speed", Unlimited, false, "", 75, false},
	{74, 79, "Super Strength", "super-strength", Unlimited, false, "", 76, false},
	{80, 80, "Stunning Attack", "stunning-attack", 1, false, "", 76, false},
	{81, 82, "Teleport", "teleport", 3, false, "", 76, false},
	{83, 86, "Toughness", "toughness", 4, false, "", 77, false},
	{87, 87, "Vehicle", "vehicle", 1, false, "", 77, false},
	{88, 88, "Wallcrawling", "wallcrawling", 1, false, "", 77, false},
	{89, 94, "Weapon Mastery", "weapon-mastery", 3, true, "", 77, false},
	{95, 95, "Weather Control", "weather-control", 3, false, "", 78, false},
	{96, 100, "Free choice or upgrade", "free-choice", 0, false, "", 7, true},
}

// PowerByRoll returns the Power Table row for a d100 roll 1..100 (a roll
// of "00" is 100) (p. 7; App. p. 80).
func PowerByRoll(d100 int) (PowerRow, error) {
	for _, p := range powerTable {
		if d100 >= p.Lo && d100 <= p.Hi {
			return p, nil
		}
	}
	return PowerRow{}, refusal.Errorf("rulebook: power roll %d out of range 1-100", d100)
}

// PowerBySlug finds a power by slug or name, case-insensitively
// ("density-control-self", "Density Control (Self)").
func PowerBySlug(s string) (PowerRow, bool) {
	i, ok := powerIndex()[naming.Slug(s)]
	if !ok {
		return PowerRow{}, false
	}
	return powerTable[i], true
}

// powerIndex maps each power's slug and the slug of its name to its row
// (the first row, in table order, that answers to it), built once on
// first use: a hero check looks up every power of every hero.
var powerIndex = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, 2*len(powerTable))
	for i, p := range powerTable {
		for _, k := range [...]string{p.Slug, naming.Slug(p.Name)} {
			if _, ok := m[k]; !ok {
				m[k] = i
			}
		}
	}
	return m
})

// Powers returns the Power Table in roll order.
func Powers() []PowerRow { return append([]PowerRow(nil), powerTable...) }

// rollRange renders a d100 range as printed ("01-02", "10", "96-00").
func rollRange(lo, hi int) string {
	f := func(n int) string {
		if n == 100 {
			return "00"
		}
		return fmt.Sprintf("%02d", n)
	}
	if lo == hi {
		return f(lo)
	}
	return f(lo) + "-" + f(hi)
}

// MaxRanksString renders max ranks as printed: "2", "∞", "—".
func (p PowerRow) MaxRanksString() string {
	switch {
	case p.MaxRanks == Unlimited:
		return "∞"
	case p.FreeChoice:
		return "—"
	default:
		return itoa(p.MaxRanks)
	}
}

// Roll renders the d100 range as printed ("20-27", "96-00").
func (p PowerRow) Roll() string { return rollRange(p.Lo, p.Hi) }

// SlotRule is one power slot rule (pp. 6–7).
type SlotRule struct {
	Situation string `json:"situation"`
	Effect    string `json:"effect"`
}

var slotRules = []SlotRule{
	{"Roll d100 for a slot", "Gain the rolled power at the next rank. If the power is already at its max rank, roll again"},
	{"Roll 96-00", "Choose any power. This counts as rolling it, so you may also pick a power you already have to raise its rank"},
	{"First time you choose to raise a power instead of rolling", "1 slot for +1 rank"},
	{"Second time you choose to raise the same power", "2 slots for +1 rank"},
	{"Third time you choose to raise the same power", "Not allowed"},
	{"Rank 4 or higher", "The power must have been rolled at least twice"},
	{"Rolling a power that has flavours again", "Either raise the rank of a flavour you have (up to its max) or take a new flavour"},
	{"Magic or Psychic Ability kept after back-story", "Requires the Mystic Training perk, once for each of the two powers"},
	{"Perk", "Costs one dropped power rank"},
}

// SlotRules returns the power slot rules (pp. 6–7).
func SlotRules() []SlotRule { return append([]SlotRule(nil), slotRules...) }

// ChosenRaiseSlotCost returns the slots it costs to raise a power by
// choice the nth time (1 → 1 slot, 2 → 2 slots); ok is false from the
// third time on (p. 7).
func ChosenRaiseSlotCost(nth int) (slots int, ok bool) {
	if nth < 1 || nth > 2 {
		return 0, false
	}
	return nth, true
}
