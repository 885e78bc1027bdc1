package rulebook

import (
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// SubRow is one row of a power generation sub-table.
type SubRow struct {
	Lo     int    `json:"lo"`
	Hi     int    `json:"hi"`
	Result string `json:"result"`
	Slug   string `json:"slug"`
	// Choose: the player chooses (or, for Super Senses 6, chooses or takes
	// a special sense).
	Choose bool `json:"choose,omitempty"`
	// Then names a further sub-table to roll on (Super Senses → Enhanced
	// Sense / Special Sense).
	Then string `json:"then,omitempty"`
}

// SubTable is a power generation sub-table (pp. 52–74; App. pp. 80–81).
type SubTable struct {
	Name  string   `json:"name"`
	Slug  string   `json:"slug"`
	Die   int      `json:"die"` // 6 or 10
	Page  string   `json:"page"`
	Power string   `json:"power"` // slug of the power(s) that use it
	Rows  []SubRow `json:"rows"`
	Note  string   `json:"note,omitempty"`
}

func one(n int, result, slug string) SubRow { return SubRow{Lo: n, Hi: n, Result: result, Slug: slug} }

func choose(n int) SubRow {
	return SubRow{Lo: n, Hi: n, Result: "Choose", Slug: "choose", Choose: true}
}

// subTables, book order of the appendix (App. pp. 80–81; all copies agree).
var subTables = []SubTable{
	{Name: "Cybernetic Implants Table", Slug: "cybernetic-implants", Die: 10, Page: "p. 52; App. p. 80", Power: "cybernetics",
		Rows: []SubRow{
			one(1, "Bionic arm", "bionic-arm"), one(2, "Retractable glider", "retractable-glider"),
			one(3, "Hologram projector", "hologram-projector"), one(4, "Cyber controller", "cyber-controller"),
			one(5, "Power simulator", "power-simulator"), one(6, "Power enhancer", "power-enhancer"),
			one(7, "Brain implant", "brain-implant"), one(8, "Cyber weapon", "cyber-weapon"),
			one(9, "Mind control device", "mind-control-device"), choose(10),
		}},
	{Name: "Energy Type Table", Slug: "energy-type", Die: 10, Page: "p. 55; App. p. 80", Power: "energy-blast, energy-reflect, immunity",
		Note: "A character who already has an energy type may reuse it or roll a new one (pp. 55, 56, 61).",
		Rows: []SubRow{
			one(1, "Fire", "fire"), one(2, "Cold", "cold"), one(3, "Electricity", "electricity"),
			one(4, "Light", "light"), one(5, "Sound", "sound"), one(6, "Nuclear", "nuclear"),
			one(7, "Plasma", "plasma"), one(8, "Shadow", "shadow"), one(9, "Cosmic", "cosmic"), choose(10),
		}},
	{Name: "Martial Arts Table", Slug: "martial-arts", Die: 6, Page: "p. 66; App. p. 80", Power: "martial-arts",
		Note: "Each style's ranks are tracked separately: Oriental up to rank 3, Streetfighting up to rank 2.",
		Rows: []SubRow{{Lo: 1, Hi: 3, Result: "Oriental", Slug: "oriental"}, {Lo: 4, Hi: 6, Result: "Streetfighting", Slug: "streetfighting"}}},
	{Name: "Shapechange Table", Slug: "shapechange", Die: 6, Page: "p. 70; App. p. 80", Power: "shapechange",
		Rows: []SubRow{{Lo: 1, Hi: 3, Result: "Freeform", Slug: "freeform"}, {Lo: 4, Hi: 6, Result: "Specific", Slug: "specific"}}},
	{Name: "Environmental Control Table", Slug: "environmental-control", Die: 6, Page: "p. 57; App. p. 81", Power: "environmental-control",
		Rows: []SubRow{
			one(1, "Dimensional", "dimensional"), one(2, "Electrical", "electrical"), one(3, "Gravity", "gravity"),
			one(4, "Magnetism", "magnetism"), one(5, "Molecular", "molecular"), one(6, "Temperature", "temperature"),
		}},
	{Name: "Forcefield Table", Slug: "forcefield", Die: 6, Page: "p. 59; App. p. 81", Power: "forcefield",
		Rows: []SubRow{
			one(1, "Hard force wall", "hard-force-wall"), one(2, "Soft force wall", "soft-force-wall"),
			one(3, "Hard force shield", "hard-force-shield"), one(4, "Soft force shield", "soft-force-shield"),
			one(5, "Personal forcefield", "personal-forcefield"), choose(6),
		}},
	{Name: "Magic Spells Table", Slug: "magic-spells", Die: 10, Page: "p. 62; App. p. 81", Power: "magic",
		Note: "Rank 1 rolls three times. The first spell rolled is the speciality spell and costs half.",
		Rows: []SubRow{
			one(1, "Astral Projection", "astral-projection"), one(2, "Bestow Gift", "bestow-gift"),
			one(3, "Eldritch Bolt", "eldritch-bolt"), one(4, "Hypnotism", "hypnotism"), one(5, "Illusion", "illusion"),
			one(6, "Lore", "lore"), one(7, "Mystic Shield", "mystic-shield"), one(8, "Restraint", "restraint"),
			one(9, "Summoning", "summoning"), choose(10),
		}},
	{Name: "Psychic Powers Table", Slug: "psychic-powers", Die: 10, Page: "p. 67; App. p. 81", Power: "psychic-ability",
		Note: "Rank 1 rolls three times. The first power rolled is the speciality power and costs half.",
		Rows: []SubRow{
			one(1, "Empathy", "empathy"), one(2, "Hallucinations", "hallucinations"), one(3, "Mind Control", "mind-control"),
			one(4, "Precognition", "precognition"), one(5, "Psionic Blast", "psionic-blast"), one(6, "Psychic Drain", "psychic-drain"),
			one(7, "Telekinesis", "telekinesis"), one(8, "Telepathy", "telepathy"), one(9, "Transmutation", "transmutation"), choose(10),
		}},
	{Name: "Skills Table", Slug: "skills", Die: 10, Page: "p. 71; App. p. 81", Power: "skills",
		Rows: []SubRow{
			one(1, "Acting", "acting"), one(2, "Computer Use", "computer-use"), one(3, "Disguise", "disguise"),
			one(4, "Escapology", "escapology"), one(5, "Gymnastics", "gymnastics"), one(6, "Locksmith", "locksmith"),
			one(7, "Pilot", "pilot"), one(8, "Stealth", "stealth"), one(9, "Surgeon", "surgeon"), choose(10),
		}},
	{Name: "Super Health Table", Slug: "super-health", Die: 6, Page: "p. 74; App. p. 81", Power: "super-health",
		Rows: []SubRow{
			one(1, "Environmental Protection", "environmental-protection"), one(2, "Fast Recovery", "fast-recovery"),
			one(3, "Immune To Disease/Radiation", "immune-disease-radiation"), one(4, "Immune To Poison", "immune-poison"),
			one(5, "Regeneration", "regeneration"), choose(6),
		}},
	{Name: "Super Senses Table", Slug: "super-senses", Die: 6, Page: "p. 74; App. p. 81", Power: "super-senses",
		Note: "A 6 is read as: choose any sense freely, or roll on the Special Sense Table.",
		Rows: []SubRow{
			{Lo: 1, Hi: 2, Result: "Animal Senses", Slug: "animal-senses"},
			{Lo: 3, Hi: 4, Result: "Enhanced Sense", Slug: "enhanced-sense", Then: "enhanced-sense"},
			one(5, "Radar Sense", "radar-sense"),
			{Lo: 6, Hi: 6, Result: "Choose or Special Sense", Slug: "choose-or-special-sense", Choose: true, Then: "special-sense"},
		}},
	{Name: "Enhanced Sense Table", Slug: "enhanced-sense", Die: 6, Page: "p. 74; App. p. 81", Power: "super-senses",
		Rows: []SubRow{
			one(1, "Enhanced Hearing", "enhanced-hearing"), one(2, "Enhanced Sight", "enhanced-sight"),
			one(3, "Enhanced Smell", "enhanced-smell"), one(4, "Enhanced Taste", "enhanced-taste"),
			one(5, "Enhanced Touch", "enhanced-touch"), choose(6),
		}},
	{Name: "Special Sense Table", Slug: "special-sense", Die: 6, Page: "p. 74; App. p. 81", Power: "super-senses",
		Rows: []SubRow{
			one(1, "Thermal Vision", "thermal-vision"), one(2, "Microscopic Vision", "microscopic-vision"),
			one(3, "Magnetic Sense", "magnetic-sense"), one(4, "Life Sense", "life-sense"),
			one(5, "X-Ray Vision", "x-ray-vision"), choose(6),
		}},
}

// SubTables returns every power generation sub-table.
func SubTables() []SubTable {
	out := make([]SubTable, len(subTables))
	for i, s := range subTables {
		s.Rows = append([]SubRow(nil), s.Rows...)
		out[i] = s
	}
	return out
}

// SubTableBySlug returns one sub-table by slug.
func SubTableBySlug(slug string) (SubTable, bool) {
	n := naming.Slug(slug)
	for _, s := range subTables {
		if s.Slug == n {
			s.Rows = append([]SubRow(nil), s.Rows...)
			return s, true
		}
	}
	return SubTable{}, false
}

// SubTableRoll looks up a die roll on a sub-table by slug
// ("energy-type", 3 → Electricity).
func SubTableRoll(slug string, roll int) (SubRow, error) {
	n := naming.Slug(slug)
	for _, s := range subTables {
		if s.Slug != n {
			continue
		}
		for _, r := range s.Rows {
			if roll >= r.Lo && roll <= r.Hi {
				return r, nil
			}
		}
		return SubRow{}, refusal.Errorf("rulebook: roll %d out of range 1-%d on %s", roll, s.Die, s.Name)
	}
	return SubRow{}, refusal.Errorf("rulebook: unknown sub-table %q", slug)
}
