package rulebook

import (
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Supporting cast (pp. 49–50).

// CivilianRow is one civilian type (p. 49). All civilians get 2 panels
// per page and are taken out by one super-powered hit or two others.
type CivilianRow struct {
	Slug        string      `json:"slug"`
	Type        string      `json:"type"`
	AbilityDice string      `json:"ability_dice"`
	AC          ArmourClass `json:"ac"`
	SC          StrikeClass `json:"sc"`
	SCNote      string      `json:"sc_note"`
}

var civilians = []CivilianRow{
	{"normal-adult", "Normal adult", "1d3+2", ACL, SC0, "0 with any weapon or unarmed attack"},
	{"street-tough", "Street tough", "1d6+2", ACK, SC1, "1 unarmed or with knives; 0 with guns"},
	{"specialist", "Specialist (scientist, athlete, etc.)", "1d3+2 physical and 2d6 mental, or the other way round", ACJ, SC0, "0"},
	{"child", "Child", "1d3 each; the four scores usually add up to the child's age", ACL, SC0, "0"},
}

// Civilians returns the civilian types (p. 49).
func Civilians() []CivilianRow { return append([]CivilianRow(nil), civilians...) }

// CivilianBySlug looks up a civilian type.
func CivilianBySlug(s string) (CivilianRow, bool) {
	n := naming.Slug(s)
	for _, c := range civilians {
		if c.Slug == n {
			return c, true
		}
	}
	return CivilianRow{}, false
}

// Combatant constants (p. 49).
const (
	CombatantAbilityDice = "1d6+2"
	CombatantStrikeClass = SC1 // "strike rank 1" with their weapon
	CombatantProwessDie  = 6
	TrainedBonus         = 1 // well-trained: +1 to ability rolls and prowess roll
	EliteBonus           = 2 // elite: +2 to both
)

// CombatantRow is one combat prowess row (p. 49, untitled).
type CombatantRow struct {
	Roll   int         `json:"roll"`
	Weapon string      `json:"weapon"`
	AC     ArmourClass `json:"ac"`
}

var combatantProwess = []CombatantRow{
	{1, "Unarmed", ACL},
	{2, "Nightstick", ACK},
	{3, "Knife", ACJ},
	{4, "Pistol", ACI},
	{5, "Pistol", ACI},
	{6, "Shotgun", ACH},
	{7, "Sub-machine gun", ACH},
	{8, "Hi-tech blaster", ACG},
}

// CombatantProwess returns the combat prowess row for a roll 1..8 (1d6,
// +1 trained, +2 elite) (p. 49). Treat the hi-tech blaster as Energy
// Blast rank 1 or Stunning Attack.
func CombatantProwess(roll int) (CombatantRow, error) {
	if roll < 1 || roll > len(combatantProwess) {
		return CombatantRow{}, refusal.Errorf("rulebook: combatant prowess roll %d out of range 1-8", roll)
	}
	return combatantProwess[roll-1], nil
}

// CombatantProwessRows returns the combat prowess table.
func CombatantProwessRows() []CombatantRow { return append([]CombatantRow(nil), combatantProwess...) }

// CastRow describes another supporting character type (pp. 49–50, 65).
type CastRow struct {
	Slug string `json:"slug"`
	Type string `json:"type"`
	// AC, SC and Panels are zero when they vary.
	AC     ArmourClass `json:"ac,omitempty"`
	SC     StrikeClass `json:"sc"`
	Panels int         `json:"panels,omitempty"`
	Notes  string      `json:"notes"`
	Page   int         `json:"page"`
}

var otherCast = []CastRow{
	{"animal", "Animal", ACH, SC1, PanelsMundane, "Abilities depend on species. Animal sidekicks are built as full characters", 50},
	{"robot", "Robot", 0, 0, 0, "No stamina, so immune to stamina damage; must be destroyed through health. Panels and abilities vary. Built as a device with cutting-edge, expensive parts; cannot gain experience", 49},
	{"android", "Android", 0, 0, 0, "Treated as full heroes, with stamina and downtime points of their own. Needs Boffin, material and financial resources 9; bought as the Sidekick power", 50},
	{"summoned-creature", "Summoned creature (Magic)", ACJ, SC0, 2, "4 m/panel, all abilities 6. Lasts 1 hour. Health 1d10 and stamina 1d10 per MP; extra abilities +2 MP each", 65},
}

// OtherCast returns animals, robots, androids and the summoned creature.
func OtherCast() []CastRow { return append([]CastRow(nil), otherCast...) }
