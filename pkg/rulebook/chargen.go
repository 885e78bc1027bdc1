package rulebook

import "github.com/codename-spandex/spandex/pkg/naming"

// Character creation data (pp. 6–15).

// Defaults from character creation (pp. 13–15, 27–28, 44).
const (
	DefaultMaterialResources  = 4
	DefaultFinancialResources = 5
	DefaultContacts           = 5 // "usually 5" (p. 24)
	StartingItems             = 3 // starting equipment items (p. 13)
	HealthDicePerEND          = 1 // health and stamina: 1d6 per point of END (p. 14)
	BatteredDivisor           = 10
	DazedDivisor              = 5
	StunnedDivisor            = 10
	MovementDivisor           = 6
	BasicAttackHealth         = "1d6-6" // fist/foot, SC 2 (p. 15)
	BasicAttackStamina        = "2d6"
	BasicAttackStrikeClass    = SC2
	AbilityGridSize           = 4     // 4×4 grid of 3d6 rolls (p. 9)
	AbilityRoll               = "3d6" // per grid cell
)

// Perk is one perk (pp. 9–12, 27). Each perk costs one dropped power
// rank. Zero starting values mean "no change from the default".
type Perk struct {
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Effect string `json:"effect"`
	Page   int    `json:"page"`
	// Starting values this perk sets (0 = unchanged).
	FinancialResources int `json:"financial_resources,omitempty"`
	MaterialResources  int `json:"material_resources,omitempty"`
	Contacts           int `json:"contacts,omitempty"`
	// Bonuses this perk adds.
	DowntimePerWeek int `json:"downtime_per_week,omitempty"`
	Security        int `json:"security,omitempty"` // non-human without basic needs only
	AbilityPoints   int `json:"ability_points,omitempty"`
}

var perks = []Perk{
	{Slug: "boffin", Name: "Boffin", Page: 9, MaterialResources: 8,
		Effect: "Starts with material resources 8. Can invent devices (p. 47)"},
	{Slug: "business-high-flyer", Name: "Business High-Flyer", Page: 10, FinancialResources: 8,
		Effect: "Starts with financial resources 8"},
	{Slug: "contacts", Name: "Contacts", Page: 10, Contacts: 10,
		Effect: "Starts with contacts 10. Field options: Academia, Criminals, Government, Media, Military, Police, Secret service, or another field the GM approves"},
	{Slug: "idle-rich", Name: "Idle Rich", Page: 11, FinancialResources: 8, DowntimePerWeek: 1,
		Effect: "+1 downtime point per week. Starts with financial resources 8"},
	{Slug: "mystic-training", Name: "Mystic Training", Page: 11,
		Effect: "No bonus. Required once for Magic and once for Psychic Ability if you keep them"},
	{Slug: "position-of-power", Name: "Position of Power", Page: 12, FinancialResources: 6,
		Effect: "Starts with financial resources 6. Has a staff of aides"},
	{Slug: "specialist-training", Name: "Specialist Training", Page: 12, AbilityPoints: 2,
		Effect: "+2 to one ability score, or +1 to each of two"},
	{Slug: "unearthly-being", Name: "Unearthly Being", Page: 12, Security: 2,
		Effect: "Immortal, does not age and cannot catch disease. A non-human without basic human needs also gets +2 Security (p. 27)"},
}

// Perks returns the perks (pp. 9–12).
func Perks() []Perk { return append([]Perk(nil), perks...) }

// PerkBySlug looks up a perk by slug or name.
func PerkBySlug(s string) (Perk, bool) {
	n := naming.Slug(s)
	for _, p := range perks {
		if p.Slug == n || naming.Slug(p.Name) == n {
			return p, true
		}
	}
	return Perk{}, false
}

// EquipmentItem is one optional starting equipment item (p. 13).
type EquipmentItem struct {
	Slug string      `json:"slug"`
	Name string      `json:"name"`
	AC   ArmourClass `json:"ac,omitempty"` // armour class it gives, if any
	Note string      `json:"note,omitempty"`
}

var startingEquipment = []EquipmentItem{
	{"grappling-gun", "Grappling gun", 0, ""},
	{"padded-costume", "Padded or lightly armoured costume", ACE, "AC E instead of the standard costume's AC F"},
	{"morphic-fabric-costume", "Morphic-fabric costume", 0, ""},
	{"earpiece-radio", "Encrypted earpiece radio/mic", 0, ""},
	{"tracking-device", "Tracking device", 0, ""},
	{"vehicle", "Vehicle with no special powers", 0, ""},
}

// StartingEquipment returns the list heroes top up to StartingItems from
// (p. 13). Ordinary phones and computers do not count.
func StartingEquipment() []EquipmentItem { return append([]EquipmentItem(nil), startingEquipment...) }

// SecondaryRule is one secondary characteristic rule (pp. 13–15).
type SecondaryRule struct {
	Value string `json:"value"`
	Rule  string `json:"rule"`
}

var secondaryRules = []SecondaryRule{
	{"Damage bonus", "From the Strength Table"},
	{"Knockback threshold", "20 by default. Some powers change it"},
	{"Strike bonus", "Agility bonus plus modifiers from powers"},
	{"Dodge bonus", "Set by armour class plus modifiers from powers"},
	{"Panels per page", "4 for heroes and villains"},
	{"Health", "1d6 per point of END"},
	{"Battered value", "Health ÷ 10"},
	{"Stamina", "1d6 per point of END, rolled separately from health"},
	{"Dazed value", "Stamina ÷ 5"},
	{"Stunned value", "Stamina ÷ 10"},
	{"H / S dividers", "Only from powers. A high STR can improve them but not create them"},
	{"Recovery rate", "Health 1d6 per hour. Stamina 1d6 per page. Both get the Endurance Table bonus"},
	{"Movement speed", "(STR + AGI + END) ÷ 6, in metres per panel, from the originally rolled scores"},
	{"Basic attack", "Fist/foot, SC 2, 2d6 S / 1d6-6 H plus damage bonus, split between S and H fresh each attack"},
	{"Hero points", "From the Confidence Table; refill at the start of each adventure"},
	{"Material / financial resources", "4 / 5 by default. Higher starting values need perks"},
	{"Downtime points", "7 per week by default"},
}

// SecondaryRules returns the secondary characteristic rules (pp. 13–15).
func SecondaryRules() []SecondaryRule { return append([]SecondaryRule(nil), secondaryRules...) }

// roundDiv divides rounding to nearest, halves up (the book never says;
// the p. 16 example turns 3.5→4, 7.2→7, 3.6→4).
func roundDiv(n, d int) int {
	if n < 0 {
		return -roundDiv(-n, d)
	}
	return (2*n + d) / (2 * d)
}

// BatteredValue is health ÷ 10, rounded to nearest (p. 14).
func BatteredValue(health int) int { return roundDiv(health, BatteredDivisor) }

// DazedValue is stamina ÷ 5, rounded to nearest (p. 14).
func DazedValue(stamina int) int { return roundDiv(stamina, DazedDivisor) }

// StunnedValue is stamina ÷ 10, rounded to nearest (p. 14).
func StunnedValue(stamina int) int { return roundDiv(stamina, StunnedDivisor) }

// MovementSpeed is (STR + AGI + END) ÷ 6 metres per panel from the
// originally rolled scores, rounded to nearest (p. 14).
func MovementSpeed(str, agi, end int) int { return roundDiv(str+agi+end, MovementDivisor) }
