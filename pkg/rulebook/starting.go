package rulebook

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/naming"
)

// Starting a character: the twenty readable
// lines of the ability grid (p. 9), and the readings spandex takes of the
// book's examples-only lists (which powers help investigation without
// being used on purpose, p. 22; which powers look outlandish, p. 19).

// Cell is one square of the 4×4 ability grid, counted from 0 (row 0 is
// the top row, column 0 the left column).
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// AbilityLine is one row, column or major diagonal of the ability grid
// read in one direction (p. 9). Cells lists the four squares in the order
// they give strength, agility, will and endurance.
type AbilityLine struct {
	Slug  string  `json:"slug"`
	Name  string  `json:"name"`
	Cells [4]Cell `json:"cells"`
}

// AbilityLineCount is the number of readable lines: four rows, four
// columns and two diagonals, each read in either direction (p. 9).
const AbilityLineCount = 20

// AbilityLines returns the twenty readable lines in a fixed order: each
// row left to right then right to left, each column top to bottom then
// bottom to top, then the main diagonal (top-left to bottom-right) and
// the other diagonal (top-right to bottom-left), each both ways.
func AbilityLines() []AbilityLine {
	out := make([]AbilityLine, 0, AbilityLineCount)
	add := func(slug, name string, cells [4]Cell) {
		out = append(out, AbilityLine{Slug: slug, Name: name, Cells: cells})
		rev := [4]Cell{cells[3], cells[2], cells[1], cells[0]}
		out = append(out, AbilityLine{Slug: slug + "-reversed", Name: name + " reversed", Cells: rev})
	}
	for r := 0; r < AbilityGridSize; r++ {
		add(fmt.Sprintf("row-%d", r+1), fmt.Sprintf("row %d, left to right", r+1),
			[4]Cell{{r, 0}, {r, 1}, {r, 2}, {r, 3}})
	}
	for c := 0; c < AbilityGridSize; c++ {
		add(fmt.Sprintf("column-%d", c+1), fmt.Sprintf("column %d, top to bottom", c+1),
			[4]Cell{{0, c}, {1, c}, {2, c}, {3, c}})
	}
	add("diagonal", "main diagonal, top-left to bottom-right", [4]Cell{{0, 0}, {1, 1}, {2, 2}, {3, 3}})
	add("anti-diagonal", "other diagonal, top-right to bottom-left", [4]Cell{{0, 3}, {1, 2}, {2, 1}, {3, 0}})
	// "X reversed" reads better as the opposite direction's words.
	for i := range out {
		out[i].Name = reverseName(out[i].Name)
	}
	return out
}

func reverseName(n string) string {
	r := strings.NewReplacer(
		"left to right reversed", "right to left",
		"top to bottom reversed", "bottom to top",
		"top-left to bottom-right reversed", "bottom-right to top-left",
		"top-right to bottom-left reversed", "bottom-left to top-right",
	)
	return r.Replace(n)
}

// AbilityLineBySlug finds a line by its slug ("row-2", "column-3-reversed",
// "diagonal", "anti-diagonal-reversed").
func AbilityLineBySlug(slug string) (AbilityLine, bool) {
	return naming.Find(AbilityLines(), slug, func(l *AbilityLine) string { return l.Slug })
}

// automaticInvestigation lists the powers and flavours that help
// investigation "without you having to deliberately use it" (p. 22): the
// book names "subconscious luck or some of the super senses", and the
// Guardian's radar sense does not count (p. 23). spandex counts the
// always-on senses that reveal clues (sounds, sights, scents, textures,
// heat, fields, life) and the brain implant's perfect memory; senses used
// deliberately or that only map solid matter (radar, taste, X-ray,
// microscopic vision) do not count. See docs/rules-notes.md.
var automaticInvestigation = []string{
	"luck",
	"animal-senses", "enhanced-hearing", "enhanced-sight", "enhanced-smell", "enhanced-touch",
	"thermal-vision", "magnetic-sense", "life-sense",
	"brain-implant",
}

// AutomaticInvestigation returns the slugs of powers and flavours that
// give a starting point of power use (p. 22-23).
func AutomaticInvestigation() []string { return append([]string(nil), automaticInvestigation...) }

// HelpsInvestigationAutomatically reports whether a power or flavour slug
// gives a starting point of power use.
func HelpsInvestigationAutomatically(slug string) bool {
	for _, s := range automaticInvestigation {
		if s == slug {
			return true
		}
	}
	return false
}

// outlandish lists the powers whose use looks outlandish to the public,
// so that a hero starts with identification 2 rather than 3 (p. 19: "more
// outlandish powers such as the ability to fly or throw energy bolts
// around"). Strength, agility, skills, armour suits and devices look
// "relatively normal" (identification 3).
var outlandish = []string{
	"camouflage", "claws", "density-control-other", "density-control-self", "duplication",
	"elasticity", "energy-blast", "energy-reflect", "environmental-control", "flight",
	"forcefield", "growth", "impervious", "invisibility", "larger", "magic", "phasing",
	"psychic-ability", "shapechange", "shrinking", "snare", "stunning-attack", "super-leap",
	"super-speed", "teleport", "wallcrawling", "weather-control",
}

// IsOutlandish reports whether a power makes a hero start with
// identification 2 (p. 19). Alien, monstrous or robotic heroes start
// with 1 regardless.
func IsOutlandish(powerSlug string) bool {
	for _, s := range outlandish {
		if s == powerSlug {
			return true
		}
	}
	return false
}

// Starting identification values (p. 19).
const (
	IdentificationNormal     = 3
	IdentificationOutlandish = 2
	IdentificationAlien      = 1
)

// Starting values of the personal profile measures a GM sets from the
// back-story (pp. 18-27).
const (
	StartBacking         = 3
	StartHeroism         = 3
	StartPublicRelations = 3
	StartCompetence      = 1
	StartMethods         = 3
	StartConscience      = 3
	StartSocialCircle    = 3
	StartSuccessRate     = 0
	MinPowerUse          = 1
	MaxPowerUse          = 5
)

// contactsFields are the Contacts perk's fields (p. 10); the GM may
// approve another.
var contactsFields = []string{"academia", "criminals", "government", "media", "military", "police", "secret-service"}

// ContactsFields returns the Contacts perk's listed fields (p. 10).
func ContactsFields() []string { return append([]string(nil), contactsFields...) }
