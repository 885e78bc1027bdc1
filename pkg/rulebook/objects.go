package rulebook

import (
	"math"
	"strings"

	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// ObjectRow is one Object Table row (p. 39; App. p. 79). Push, Lift and
// Throw are the Strength needed; Health is the health damage that
// destroys the object (objects ignore stamina damage).
type ObjectRow struct {
	Mass     string   `json:"mass"`   // as printed: "1kg-4kg", "10.1t-21.5t"
	MinKg    float64  `json:"min_kg"` // printed lower bound (0 for "< 1kg")
	MaxKg    float64  `json:"max_kg"` // printed upper bound (exclusive 1 for "< 1kg")
	Push     int      `json:"push"`
	Lift     int      `json:"lift"`
	Throw    int      `json:"throw"`
	Examples []string `json:"examples"`
	Health   int      `json:"health"`
}

const tonne = 1000

// objectTable (p. 39; App. p. 79). The first three rows are damaged the
// same way in both copies of the extraction and were rebuilt from the
// diagonal Push/Lift/Throw pattern.
var objectTable = []ObjectRow{
	{"< 1kg", 0, 1, 1, 1, 2, []string{"Tablet", "boot", "stone"}, 1},
	{"1kg-4kg", 1, 4, 1, 2, 4, []string{"Laptop", "brick", "chair", "monitor"}, 2},
	{"5kg-25kg", 5, 25, 2, 4, 6, []string{"Television", "desk", "bicycle", "sign post"}, 4},
	{"26kg-80kg", 26, 80, 4, 6, 11, []string{"Dishwasher", "fridge", "moped", "lamp post"}, 6},
	{"81kg-195kg", 81, 195, 6, 11, 16, []string{"Motorcycle", "safe", "washing machine"}, 8},
	{"196kg-445kg", 196, 445, 11, 16, 21, []string{"Caravan", "trailer", "concrete bollard"}, 10},
	{"446kg-1,000kg", 446, 1000, 16, 21, 26, []string{"Sports car", "glider"}, 12},
	{"1,001kg-2,150kg", 1001, 2150, 21, 26, 31, []string{"Hatchback car", "small helicopter"}, 14},
	{"2,151kg-4,650kg", 2151, 4650, 26, 31, 36, []string{"4x4 vehicle", "van"}, 16},
	{"4,651kg-10t", 4651, 10 * tonne, 31, 36, 41, []string{"Jet fighter", "coach", "flatbed truck"}, 18},
	{"10.1t-21.5t", 10.1 * tonne, 21.5 * tonne, 36, 41, 46, []string{"Lorry", "bulldozer"}, 20},
	{"21.6t-46.5t", 21.6 * tonne, 46.5 * tonne, 41, 46, 51, []string{"Articulated lorry", "train carriage", "private jet"}, 22},
	{"46.6t-100t", 46.6 * tonne, 100 * tonne, 46, 51, 56, []string{"Tank", "train locomotive", "fishing boat"}, 25},
	{"101t-215t", 101 * tonne, 215 * tonne, 51, 56, 61, []string{"Space shuttle", "hovercraft", "steam train"}, 28},
	{"216t-465t", 216 * tonne, 465 * tonne, 56, 61, 66, []string{"Passenger ferry", "jumbo jet"}, 31},
	{"466t-1,000t", 466 * tonne, 1000 * tonne, 61, 66, 71, []string{"Minesweeper", "passenger ferry"}, 34},
	{"1,001t-2,150t", 1001 * tonne, 2150 * tonne, 66, 71, 76, []string{"Submarine", "frigate"}, 37},
	{"2,151t-4,650t", 2151 * tonne, 4650 * tonne, 71, 76, 81, []string{"Destroyer", "rocket"}, 40},
	{"4,651t-10,000t", 4651 * tonne, 10000 * tonne, 76, 81, 86, []string{"Cruiser", "container vessel"}, 45},
	{"10,001t-21,500t", 10001 * tonne, 21500 * tonne, 81, 86, 91, []string{"Oil tanker", "heavy cruiser"}, 50},
	{"21,501t-46,500t", 21501 * tonne, 46500 * tonne, 86, 91, 96, []string{"Battleship", "cruise liner"}, 55},
	{"46,501t-100,000t", 46501 * tonne, 100000 * tonne, 91, 96, 101, []string{"Aircraft carrier", "oil rig"}, 60},
}

// Objects returns the Object Table (p. 39; App. p. 79).
func Objects() []ObjectRow {
	out := make([]ObjectRow, len(objectTable))
	for i, r := range objectTable {
		r.Examples = append([]string(nil), r.Examples...)
		out[i] = r
	}
	return out
}

// ObjectByMass returns the Object Table row for a mass in kilograms (p.
// 39). The printed bands have gaps (4 kg / 5 kg, 10 t / 10.1 t); a mass
// belongs to the last row whose printed lower bound it reaches, so 4.5 kg
// is in "1kg-4kg". Masses above 100,000 t, negative or NaN are errors.
func ObjectByMass(kg float64) (ObjectRow, error) {
	if kg < 0 || math.IsNaN(kg) {
		return ObjectRow{}, refusal.Errorf("rulebook: invalid object mass %v kg", kg)
	}
	last := objectTable[len(objectTable)-1]
	if kg > last.MaxKg {
		return ObjectRow{}, refusal.Errorf("rulebook: object mass %v kg is beyond the Object Table (max 100,000 t)", kg)
	}
	row := objectTable[0]
	for _, r := range objectTable {
		if kg >= r.MinKg && r.MinKg > 0 {
			row = r
		}
	}
	return row, nil
}

// ObjectByName finds the row listing an example object, matched
// case-insensitively ("fridge", "Hatchback Car"). "Passenger ferry" is
// printed in two rows; the lighter row (216t-465t) is
// returned.
func ObjectByName(name string) (ObjectRow, bool) {
	n := naming.Slug(name)
	if n == "" {
		return ObjectRow{}, false
	}
	for _, r := range objectTable {
		for _, e := range r.Examples {
			if naming.Slug(e) == n {
				r.Examples = append([]string(nil), r.Examples...)
				return r, true
			}
		}
	}
	return ObjectRow{}, false
}

// ObjectThrowDistance returns metres an object can be thrown (p. 41): 2 m
// per point of STR over its Throw score, 1 m at exactly the Throw score,
// 0 (cannot throw) below it. Awkward objects go half as far.
func ObjectThrowDistance(str, throwScore int) int {
	switch {
	case str < throwScore:
		return 0
	case str == throwScore:
		return 1
	default:
		return 2 * (str - throwScore)
	}
}

// PersonThrowDistance returns metres a grabbed person is thrown (p. 43):
// 1 m per point of STR over the Throw score for their mass; 0 if the
// thrower lacks the Throw strength. Resolved as knockback.
func PersonThrowDistance(str, throwScore int) int {
	if str < throwScore {
		return 0
	}
	return str - throwScore
}

// SturdyMaterial is a sturdy-object health divider (p. 39).
type SturdyMaterial struct {
	Slug     string `json:"slug"`
	Material string `json:"material"`
	HDivider int    `json:"h_divider"`
}

var sturdyMaterials = []SturdyMaterial{
	{"brick", "Brick", 2},
	{"thin-metal", "Thin metal", 3},
	{"stone", "Stone", 4},
	{"concrete", "Concrete", 4},
	{"armour-plating", "Armour-plated metal", 4},
}

// SturdyMaterials returns the sturdy-object H dividers (p. 39).
func SturdyMaterials() []SturdyMaterial { return append([]SturdyMaterial(nil), sturdyMaterials...) }

// SturdyDivider returns the H divider for a sturdy material slug
// ("brick" 2, "thin-metal" 3, "stone"/"concrete"/"armour-plating" 4), or 0.
func SturdyDivider(material string) int {
	n := naming.Slug(material)
	for _, m := range sturdyMaterials {
		if m.Slug == n || naming.Slug(m.Material) == n {
			return m.HDivider
		}
	}
	return 0
}

// ObjectUse explains what meeting each Object Table score allows (p. 39).
type ObjectUse struct {
	Score  string `json:"score"`
	Effect string `json:"effect"`
}

var objectUses = []ObjectUse{
	{"Push", "Move the object about 1 m per panel"},
	{"Lift", "Push it, or stagger while carrying it, at half movement speed"},
	{"Throw", "Push or carry it at full movement speed; throw it 2 m per STR point over (1 m at exactly)"},
}

// ObjectUses returns the object strength rules (pp. 39–41).
func ObjectUses() []ObjectUse { return append([]ObjectUse(nil), objectUses...) }

func examplesString(ex []string) string { return strings.Join(ex, ", ") }
