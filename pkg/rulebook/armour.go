package rulebook

// StrikeClassRow describes who attacks at a strike class (pp. 31–32).
type StrikeClassRow struct {
	Class StrikeClass `json:"class"`
	Who   string      `json:"who"`
}

// strikeClasses is the strike class list (pp. 31–32).
var strikeClasses = [StrikeClassCount]StrikeClassRow{
	{SC0, "Non-powered characters who are unarmed or using an unfamiliar weapon, which covers most mundane people"},
	{SC1, "Non-powered characters with some skill: police, soldiers, terrorists, some criminals, a villain's thugs and goons"},
	{SC2, "Default for costumed heroes and villains: standard melee, thrown objects, and any power that does not name another SC"},
	{SC3, "Advanced offensive powers that say so, such as Energy Blast, most Martial Arts ranks, Stunning Attack and Eldritch Bolt"},
	{SC4, "Weapon Mastery, or Oriental Martial Arts at rank 3"},
	{SC5, "Beyond what the character creation rules can produce. Used by GM villains or heavily advanced characters"},
}

// StrikeClasses returns the strike class rows 0..5 (pp. 31–32).
func StrikeClasses() []StrikeClassRow { return append([]StrikeClassRow(nil), strikeClasses[:]...) }

// StrikeClassInfo returns the row for sc; the zero row if sc is invalid.
func StrikeClassInfo(sc StrikeClass) StrikeClassRow {
	if !sc.Valid() {
		return StrikeClassRow{}
	}
	return strikeClasses[sc]
}

// ArmourClassRow is one armour class description (pp. 32–33, 35).
type ArmourClassRow struct {
	Class      ArmourClass `json:"class"`
	Who        string      `json:"who"`
	CanDodge   bool        `json:"can_dodge"`
	DodgeBonus int         `json:"dodge_bonus"`
	Dividers   Dividers    `json:"dividers"`
	// ImmuneSC01All: immune to all damage from SC 0 and SC 1 attacks.
	ImmuneSC01All bool `json:"immune_sc01_all"`
	// ImmuneSC01Health: immune to health damage from SC 0–1 attacks
	// (takes stamina only).
	ImmuneSC01Health bool `json:"immune_sc01_health"`
	// ImmuneMundaneBulletsBlades: completely immune to SC 0–1 attacks made
	// with mundane bullets or blades.
	ImmuneMundaneBulletsBlades bool `json:"immune_mundane_bullets_blades"`
}

// armourClasses is the armour class list, A..L (pp. 32–33; dodging p. 35).
//
// AC D: the book says D "gain[s] no dodge bonus". We read that as "may
// dodge at +0": the dodge section (p. 35) names
// only A–C and K–L as unable to dodge, and E uses the same words.
var armourClasses = [12]ArmourClassRow{
	{Class: ACA, Who: "Toughness R4", Dividers: Dividers{6, 5}, ImmuneSC01All: true, ImmuneSC01Health: true, ImmuneMundaneBulletsBlades: true},
	{Class: ACB, Who: "Armour R3 or Toughness R3", Dividers: Dividers{5, 4}, ImmuneSC01All: true, ImmuneSC01Health: true, ImmuneMundaneBulletsBlades: true},
	{Class: ACC, Who: "Armour R2 or Toughness R2", Dividers: Dividers{4, 3}, ImmuneSC01All: true, ImmuneSC01Health: true, ImmuneMundaneBulletsBlades: true},
	{Class: ACD, Who: "Armour R1 or Toughness R1", CanDodge: true, Dividers: Dividers{3, 2}, ImmuneSC01Health: true, ImmuneMundaneBulletsBlades: true},
	{Class: ACE, Who: "Padded or armoured costume (starting equipment)", CanDodge: true, Dividers: Dividers{2, 0}},
	{Class: ACF, Who: "Normal costume", CanDodge: true, DodgeBonus: 1},
	{Class: ACG, Who: "Non-powered characters with varying combat skill; may wear light mundane armour", CanDodge: true, DodgeBonus: 1},
	{Class: ACH, Who: "Non-powered characters with varying combat skill; may wear light mundane armour", CanDodge: true, DodgeBonus: 1},
	{Class: ACI, Who: "Non-powered characters with varying combat skill; may wear light mundane armour", CanDodge: true, DodgeBonus: 1},
	{Class: ACJ, Who: "Non-powered characters with varying combat skill; may wear light mundane armour", CanDodge: true, DodgeBonus: 1},
	{Class: ACK, Who: "Non-powered characters with no combat training"},
	{Class: ACL, Who: "Non-powered characters with no combat training"},
}

// ArmourClassInfo returns the description of ac (pp. 32–33). An invalid
// class yields the zero row.
func ArmourClassInfo(ac ArmourClass) ArmourClassRow {
	if !ac.Valid() {
		return ArmourClassRow{}
	}
	return armourClasses[ac.index()]
}

// ArmourClassRows returns every armour class row, A..L.
func ArmourClassRows() []ArmourClassRow { return append([]ArmourClassRow(nil), armourClasses[:]...) }

// ArmourRankRow maps a rank of the Armour or Toughness power to an armour
// class (pp. 51, 77). The dividers come from the armour class row.
type ArmourRankRow struct {
	Rank      int         `json:"rank"`
	Armour    bool        `json:"armour"`    // Armour has this rank (max 3)
	Toughness bool        `json:"toughness"` // Toughness has this rank (max 4)
	Class     ArmourClass `json:"class"`
}

// armourRanks: Armour (p. 51) and Toughness (p. 77) by rank.
var armourRanks = [4]ArmourRankRow{
	{1, true, true, ACD},
	{2, true, true, ACC},
	{3, true, true, ACB},
	{4, false, true, ACA},
}

// ArmourRank returns the armour class and dividers given by rank 1..4 of
// Armour or Toughness (they share ranks 1–3; rank 4 is Toughness only)
// (pp. 51, 77). Any other rank returns (0, Dividers{}). Apply
// StrengthDividerModifier with Dividers.Improve for STR 19+.
func ArmourRank(rank int) (ArmourClass, Dividers) {
	if rank < 1 || rank > len(armourRanks) {
		return 0, Dividers{}
	}
	ac := armourRanks[rank-1].Class
	return ac, ArmourClassInfo(ac).Dividers
}

// ArmourRanks returns the Armour/Toughness rank rows.
func ArmourRanks() []ArmourRankRow { return append([]ArmourRankRow(nil), armourRanks[:]...) }
