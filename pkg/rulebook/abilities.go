package rulebook

// StrengthRow is one Strength Table band (p. 8; App. p. 79).
type StrengthRow struct {
	Strength Band `json:"strength"`
	// HasBonus: the damage bonus is Strength - BonusOffset; otherwise "-".
	HasBonus    bool     `json:"has_bonus"`
	BonusOffset int      `json:"bonus_offset"`
	Modifier    Dividers `json:"divider_modifier"`
}

// strengthTable, printed order (p. 8; App. p. 79).
var strengthTable = []StrengthRow{
	{Band{60, 0}, true, 15, Dividers{1, 3}},
	{Band{40, 59}, true, 15, Dividers{1, 2}},
	{Band{19, 39}, true, 15, Dividers{1, 1}},
	{Band{16, 18}, true, 15, Dividers{}},
	{Band{6, 15}, false, 0, Dividers{}},
	{Band{1, 5}, true, 6, Dividers{}},
}

func strengthRow(str int) StrengthRow {
	for _, r := range strengthTable {
		if r.Strength.Contains(str) {
			return r
		}
	}
	return strengthTable[len(strengthTable)-1] // below 1: the 1-5 row
}

// DamageBonus returns the Strength Table damage bonus (p. 8; App. p. 79):
// STR-15 at 16+, 0 at 6–15, STR-6 at 1–5 (scores below 1 use the 1–5
// formula). STR 45 → +30 (p. 16).
func DamageBonus(str int) int {
	r := strengthRow(str)
	if !r.HasBonus {
		return 0
	}
	return str - r.BonusOffset
}

// StrengthDividerModifier returns the Strength Table divider modifier
// (p. 8): H/+1 S/+1 at 19–39, H/+1 S/+2 at 40–59, H/+1 S/+3 at 60+. It only
// improves existing dividers; apply it with Dividers.Improve.
func StrengthDividerModifier(str int) Dividers { return strengthRow(str).Modifier }

// StrengthRows returns the Strength Table.
func StrengthRows() []StrengthRow { return append([]StrengthRow(nil), strengthTable...) }

// AgilityRow is one Agility Table band (p. 8; App. p. 79).
type AgilityRow struct {
	Agility     Band `json:"agility"`
	HasBonus    bool `json:"has_bonus"`
	BonusOffset int  `json:"bonus_offset"` // bonus = Agility - BonusOffset
}

var agilityTable = []AgilityRow{
	{Band{16, 0}, true, 15},
	{Band{6, 15}, false, 0},
	{Band{1, 5}, true, 6},
}

// AgilityBonus returns the Agility Table bonus (p. 8; App. p. 79), the
// base of the strike bonus (p. 13). AGI 17 → +2 (p. 16).
func AgilityBonus(agi int) int {
	r := agilityTable[len(agilityTable)-1]
	for _, a := range agilityTable {
		if a.Agility.Contains(agi) {
			r = a
			break
		}
	}
	if !r.HasBonus {
		return 0
	}
	return agi - r.BonusOffset
}

// AgilityRows returns the Agility Table.
func AgilityRows() []AgilityRow { return append([]AgilityRow(nil), agilityTable...) }

// EnduranceRow is one Endurance Table band (p. 9; App. p. 79).
type EnduranceRow struct {
	Endurance Band `json:"endurance"`
	Bonus     int  `json:"bonus"`
}

var enduranceTable = []EnduranceRow{
	{Band{26, 0}, 3},
	{Band{21, 25}, 2},
	{Band{16, 20}, 1},
	{Band{6, 15}, 0},
	{Band{1, 5}, -1},
}

// RecoveryBonus returns the Endurance Table recovery rate bonus, added to
// every health or stamina recovery roll (p. 9; App. p. 79). END 18 → +1
// (p. 39). Scores below 1 use the 1–5 row.
func RecoveryBonus(end int) int {
	for _, r := range enduranceTable {
		if r.Endurance.Contains(end) {
			return r.Bonus
		}
	}
	return enduranceTable[len(enduranceTable)-1].Bonus
}

// EnduranceRows returns the Endurance Table.
func EnduranceRows() []EnduranceRow { return append([]EnduranceRow(nil), enduranceTable...) }
