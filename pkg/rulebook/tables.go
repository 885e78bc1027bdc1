package rulebook

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/naming"
)

// Table is a display view of one rulebook table, for `spandex tables`.
// Tables are built on demand from the typed data in this package; the
// numbers live only in the typed data.
type Table struct {
	Name    string     `json:"name"`  // slug, e.g. "to-hit"
	Title   string     `json:"title"` // e.g. "To-Hit Table"
	Page    string     `json:"page"`  // e.g. "p. 33; App. p. 82"
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	Notes   []string   `json:"notes,omitempty"`
}

// tableBuilders lists every table builder in book order (by chapter copy
// page). Each builder derives its rows from the typed data.
var tableBuilders = []func() Table{
	// Character creation (pp. 5–15)
	tablePower, tableSlotRules, tableStrength, tableAgility, tableEndurance,
	tablePerks, tableStartingEquipment, tableSecondary,
	// Personal profile (pp. 18–28)
	tableProfileStructure, tablePopularityStatus, tablePopularityComponents,
	tableCompetence, tableInvestigationComponents, tableFame, tableContacts,
	tableConfidence, tableConfidenceComponents, tableStatusMeasurement,
	tablePublicResponse, tableFinancialResources, tableMaterialResources,
	// Combat (pp. 29–43)
	tablePanelsPerPage, tableActionCosts, tableInitiative, tableStrikeClasses,
	tableArmourClasses, tableArmourRanks, tableToHit, tableToHitModifiers,
	tableReactions, tableParrying, tableDodging, tableJudo, tablePhysicalDamage,
	tableWallStrength, tableDamageStates, tableRecovery, tableObject,
	tableSturdyObjects, tableObjectUse,
	// Downtime (pp. 44–48)
	tableDowntimePoints, tableDowntimeExperience, tableExperienceCost,
	tableDeviceComplexity, tableDeviceComponents,
	// Supporting cast (pp. 49–50)
	tableCivilians, tableCombatants, tableOtherCast,
	// Powers (pp. 51–78)
	tableDodgeBonusSources, tableKnockbackModifiers, tableMovementAttackBonuses,
	tableCyberneticImplants, tableImplantNumbers, tableEnergyType,
	tableEnvironmentalControl, tableEnvironmentalNumbers, tableMassSteps,
	tableForcefield, tableForcefieldTypes, tableMagicSpells, tableSpellCosts,
	tableSummoningAbilities, tableRestraintEscape, tableMartialArts,
	tablePsychicPowers, tablePsychicCosts, tableTransmutation, tableShapechange,
	tableSkills, tableSuperHealth, tableSuperSenses, tableEnhancedSense,
	tableSpecialSense, tablePointPools,
	// Appendix-only
	tableAttackSteps,
}

// Tables returns every table in book order, built on each call from the
// typed data.
func Tables() []Table {
	out := make([]Table, 0, len(tableBuilders))
	for _, b := range tableBuilders {
		out = append(out, b())
	}
	return out
}

// LookupTable finds a table by exact slug, then case-insensitive slug or
// title (with or without a trailing " Table"), then unique slug prefix.
func LookupTable(name string) (Table, bool) {
	all := Tables()
	for _, t := range all {
		if t.Name == name {
			return t, true
		}
	}
	n := naming.Slug(name)
	if n == "" {
		return Table{}, false
	}
	for _, t := range all {
		title := naming.Slug(t.Title)
		if n == t.Name || n == title || n+"-table" == title {
			return t, true
		}
	}
	var match []Table
	for _, t := range all {
		if strings.HasPrefix(t.Name, n) {
			match = append(match, t)
		}
	}
	if len(match) == 1 {
		return match[0], true
	}
	return Table{}, false
}

// TableCandidates returns the slugs of the tables whose slug starts with
// name (normalised), in book order: more than one means name is
// ambiguous.
func TableCandidates(name string) []string {
	n := naming.Slug(name)
	if n == "" {
		return nil
	}
	var out []string
	for _, t := range Tables() {
		if strings.HasPrefix(t.Name, n) {
			out = append(out, t.Name)
		}
	}
	return out
}

// TableNames returns every table slug in book order.
func TableNames() []string {
	all := Tables()
	out := make([]string, len(all))
	for i, t := range all {
		out[i] = t.Name
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// ---------------------------------------------------------------------
// Combat table views

func tableToHit() Table {
	t := Table{Name: "to-hit", Title: "To-Hit Table", Page: "p. 33; App. p. 82",
		Columns: []string{"Armour Class"},
		Notes: []string{
			"Roll this number or higher on d20, after modifiers.",
			"AC A–E share a row; they differ in dividers and immunities.",
		}}
	for sc := SC0; sc <= SC5; sc++ {
		t.Columns = append(t.Columns, sc.String())
	}
	for _, ac := range ArmourClasses() {
		row := []string{ac.String()}
		for sc := SC0; sc <= SC5; sc++ {
			v, _ := ToHit(ac, sc)
			row = append(row, itoa(v))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func tableToHitModifiers() Table {
	t := Table{Name: "to-hit-modifiers", Title: "To-Hit Modifiers", Page: "p. 33",
		Columns: []string{"Situation", "Modifier"}}
	for _, m := range toHitModifiers {
		v := signed(m.Modifier)
		if m.Max != 0 {
			v = signed(m.Modifier) + " to " + signed(m.Max)
		}
		if m.Modifier == 0 {
			v = ""
		}
		t.Rows = append(t.Rows, []string{m.Situation, joinNonEmpty(" ", v, parenthesise(m.Note))})
	}
	return t
}

func parenthesise(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}

func tableDodging() Table {
	t := Table{Name: "dodging", Title: "Dodging Table", Page: "p. 35; App. p. 83",
		Columns: []string{"Dodge Roll"},
		Notes:   []string{"Roll d6 + dodge bonus. Rolls of 1 or less use row 1; 12 or more use row 12."}}
	for sc := SC0; sc <= SC5; sc++ {
		t.Columns = append(t.Columns, sc.String())
	}
	for roll := 12; roll >= 1; roll-- {
		row := []string{itoa(roll)}
		for sc := SC0; sc <= SC5; sc++ {
			row = append(row, Dodge(roll, sc).Symbol())
		}
		t.Rows = append(t.Rows, row)
	}
	for _, r := range []DodgeResult{DodgeNone, DodgeHalf, DodgePlusP, DodgeFull} {
		t.Notes = append(t.Notes, r.Symbol()+": "+r.Meaning())
	}
	t.Notes = append(t.Notes, "The book says \"one of three results\" but defines four.")
	return t
}

func tableParrying() Table {
	t := Table{Name: "parrying", Title: "Parrying Table", Page: "p. 34; App. p. 83",
		Columns: []string{"Attack Type \\ Parry Type"},
		Notes: []string{
			"Roll this number or higher on d20, adding strike bonus. \"-\" means that parry cannot stop that attack.",
			"There is no column for a shield without weapon mastery: use other melee parry (without weapon mastery).",
		}}
	for _, p := range ParryTypes() {
		t.Columns = append(t.Columns, p.Label())
	}
	for _, a := range ParryAttackTypes() {
		row := []string{a.Label()}
		for _, p := range ParryTypes() {
			v, ok := ParryTarget(a, p)
			if ok {
				row = append(row, itoa(v))
			} else {
				row = append(row, "-")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func tableJudo() Table {
	t := Table{Name: "judo-throw", Title: "Judo Throw Table", Page: "p. 36; App. p. 83",
		Columns: []string{"Judo Throw Roll", "1", "2", "3+"},
		Notes: []string{
			"Roll d6 + strike bonus. The book leaves the columns unlabelled; this package reads them as the defender's Martial Arts rank.",
			"-: the throw fails and the attack hits normally. P: the attack misses; the attacker loses their next panel. 2P: the attack misses; the attacker is knocked prone and loses their next two panels.",
			"Dam: the attacker takes 2d6 S and 1d3 H, plus the defender's damage bonus if the defender wants; check knockback.",
		}}
	for roll := 12; roll >= 1; roll-- {
		row := []string{itoa(roll)}
		for col := 1; col <= 3; col++ {
			row = append(row, Judo(roll, col).String())
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func tablePhysicalDamage() Table {
	t := Table{Name: "physical-damage", Title: "Physical Damage Table", Page: "p. 36; App. p. 82",
		Columns: []string{"Attack Type", "Health", "Stamina"},
		Notes: []string{
			"The damage bonus applies to unarmed, melee and thrown attacks, split between H and S as the attacker likes.",
			"The p. 40 example gives a two-handed blunt weapon 2d6+3 S; the table's 2d6+6 is used.",
		}}
	for _, r := range physicalDamage {
		h, s := r.Health, r.Stamina
		if r.Varies {
			h, s = "Varies", "Varies"
		}
		t.Rows = append(t.Rows, []string{r.Name, h, s})
	}
	return t
}

func tableInitiative() Table {
	t := Table{Name: "initiative", Title: "Initiative Table", Page: "p. 30; App. p. 82",
		Columns: []string{"Initiative Difference", "Winner's Advance Panels"},
		Notes:   []string{"Each side rolls d10 once per page; ties are rolled again."}}
	for _, r := range initiativeTable {
		p := itoa(r.Panels) + " panel"
		if r.Panels != 1 {
			p += "s"
		}
		t.Rows = append(t.Rows, []string{r.Difference.String(), p})
	}
	return t
}

func tablePanelsPerPage() Table {
	t := Table{Name: "panels-per-page", Title: "Panels Per Page", Page: "pp. 29–31",
		Columns: []string{"Who", "Panels per page", "Note"}}
	for _, r := range panelsPerPage {
		t.Rows = append(t.Rows, []string{r.Who, itoa(r.Panels), r.Note})
	}
	return t
}

func tableActionCosts() Table {
	t := Table{Name: "action-costs", Title: "Action Costs", Page: "pp. 29–36",
		Columns: []string{"Action", "Panels", "Note"},
		Notes: []string{
			"A double-panel needs two consecutive panels; a panel may be held back, even into the next page.",
			"Heroes and villains get " + itoa(FreeReactionsPerPage) + " free reactions per page against SC 0 or SC 1 attacks.",
			"Surprise round (complete surprise only): attackers get " + itoa(SurpriseRoundPanels) + " panels each before the fight, and defenders cannot react.",
		}}
	for _, a := range actionCosts {
		p := itoa(a.Panels)
		if a.Panels == DoublePanel {
			p = "double-panel"
		}
		t.Rows = append(t.Rows, []string{a.Action, p, a.Note})
	}
	return t
}

func tableStrikeClasses() Table {
	t := Table{Name: "strike-classes", Title: "Strike Classes", Page: "pp. 31–32",
		Columns: []string{"SC", "Who uses it"}}
	for _, r := range strikeClasses {
		t.Rows = append(t.Rows, []string{itoa(int(r.Class)), r.Who})
	}
	return t
}

func tableArmourClasses() Table {
	t := Table{Name: "armour-classes", Title: "Armour Classes", Page: "pp. 32–33, 35",
		Columns: []string{"AC", "Who", "Can dodge?", "Dodge bonus", "H divider", "S divider", "Against SC 0-1 attacks"},
		Notes: []string{
			"AC D \"gain[s] no dodge bonus\": read as may dodge at +0.",
		}}
	for _, r := range armourClasses {
		bonus := "-"
		if r.CanDodge {
			bonus = signed(r.DodgeBonus)
			if r.DodgeBonus == 0 {
				bonus = "none"
			}
		}
		h, s := "-", "-"
		if r.Dividers.Health != 0 {
			h = "H/" + itoa(r.Dividers.Health)
		}
		if r.Dividers.Stamina != 0 {
			s = "S/" + itoa(r.Dividers.Stamina)
		}
		imm := "-"
		switch {
		case r.ImmuneSC01All:
			imm = "Immune to all damage"
		case r.ImmuneSC01Health && r.ImmuneMundaneBulletsBlades:
			imm = "Immune to health damage (stamina only); completely immune to mundane bullets and blades"
		case r.ImmuneSC01Health:
			imm = "Immune to health damage (stamina only)"
		}
		t.Rows = append(t.Rows, []string{r.Class.String(), r.Who, yesNo(r.CanDodge), bonus, h, s, imm})
	}
	return t
}

func tableArmourRanks() Table {
	t := Table{Name: "armour-ranks", Title: "Armour and Toughness Ranks", Page: "pp. 51, 77",
		Columns: []string{"Rank", "Armour", "Toughness", "AC", "H divider", "S divider", "Can dodge?"},
		Notes:   []string{"STR 19+ improves these dividers by the Strength Table's divider modifier."}}
	for _, r := range armourRanks {
		ac, div := ArmourRank(r.Rank)
		mark := func(b bool) string {
			if b {
				return "Yes"
			}
			return "-"
		}
		t.Rows = append(t.Rows, []string{itoa(r.Rank), mark(r.Armour), mark(r.Toughness), ac.String(),
			"/" + itoa(div.Health), "/" + itoa(div.Stamina), yesNo(ArmourClassInfo(ac).CanDodge)})
	}
	return t
}

func tableReactions() Table {
	t := Table{Name: "reactions", Title: "Reactions", Page: "pp. 33–36",
		Columns: []string{"Reaction", "Time", "Roll", "Who can use it"}}
	for _, r := range reactions {
		t.Rows = append(t.Rows, []string{r.Name, r.Time, r.Roll, r.Who})
	}
	return t
}

func tableWallStrength() Table {
	t := Table{Name: "wall-strength", Title: "Wall Strength Table", Page: "p. 37; App. p. 79",
		Columns: []string{"Material", "Damage Needed", "Knockback Reduction"},
		Notes: []string{
			"For a super-hero sized hole. Hitting an obstruction does 1d6 S.",
			"The prose says 2 m per 4 damage; the table (1 m per 4) is followed. Thin metal stays at 8 as printed.",
		}}
	for _, w := range wallStrength {
		t.Rows = append(t.Rows, []string{w.Name, itoa(w.DamageNeeded), itoa(w.KnockbackReduction) + "m"})
	}
	return t
}

func tableDamageStates() Table {
	t := Table{Name: "damage-states", Title: "Damage States", Page: "pp. 37–38",
		Columns: []string{"State", "Trigger", "Effect"},
		Notes:   []string{"Divide damage by dividers after reactions and knockback, rounding the damage taken up. A divider lowered below 2 is ignored. Falling doubles dividers."}}
	for _, s := range damageStates {
		t.Rows = append(t.Rows, []string{s.State, s.Trigger, s.Effect})
	}
	return t
}

func tableRecovery() Table {
	t := Table{Name: "recovery", Title: "Recovering From Damage", Page: "pp. 14, 38–39",
		Columns: []string{"Condition", "Recovery"}}
	for _, r := range recoveryRules {
		t.Rows = append(t.Rows, []string{r.Condition, r.Recovery})
	}
	return t
}

func tableAttackSteps() Table {
	t := Table{Name: "attack-steps", Title: "Physical Attack Detailed Steps Table", Page: "App. p. 82",
		Columns: []string{"Order of Step", "Details of Step"},
		Notes:   []string{"\"Stun\" means stamina. The prose (pp. 36–37) puts a parry made with a ranged attack form before knockback."}}
	for _, s := range attackSteps {
		t.Rows = append(t.Rows, []string{s.Step, s.Details})
	}
	return t
}

func tableStrength() Table {
	t := Table{Name: "strength", Title: "Strength Table", Page: "p. 8; App. p. 79",
		Columns: []string{"Strength", "Damage Bonus", "Divider Modifier"},
		Notes:   []string{"The divider modifier only improves dividers you already have from powers (pp. 14, 37)."}}
	for _, r := range strengthTable {
		b := "-"
		if r.HasBonus {
			b = "(Strength-" + itoa(r.BonusOffset) + ")"
		}
		t.Rows = append(t.Rows, []string{r.Strength.String(), b, r.Modifier.modifierString()})
	}
	return t
}

func tableAgility() Table {
	t := Table{Name: "agility", Title: "Agility Table", Page: "p. 8; App. p. 79",
		Columns: []string{"Agility", "Agility Bonus"},
		Notes:   []string{"The strike bonus starts from the agility bonus (p. 13)."}}
	for _, r := range agilityTable {
		b := "-"
		if r.HasBonus {
			b = "(Agility-" + itoa(r.BonusOffset) + ")"
		}
		t.Rows = append(t.Rows, []string{r.Agility.String(), b})
	}
	return t
}

func tableEndurance() Table {
	t := Table{Name: "endurance", Title: "Endurance Table", Page: "p. 9; App. p. 79",
		Columns: []string{"Endurance", "Recovery Rate Bonus"},
		Notes:   []string{"Added to every health or stamina recovery roll (p. 39)."}}
	for _, r := range enduranceTable {
		t.Rows = append(t.Rows, []string{r.Endurance.String(), signed(r.Bonus)})
	}
	return t
}

func tableObject() Table {
	t := Table{Name: "object", Title: "Object Table", Page: "p. 39; App. p. 79",
		Columns: []string{"Object Size/Mass", "Push", "Lift", "Throw", "Example Objects", "Health"},
		Notes: []string{
			"Push, Lift and Throw are the Strength needed. Health is the health damage that destroys the object; objects ignore stamina damage.",
			"The first three rows were rebuilt from a damaged extraction. \"Passenger ferry\" appears in two rows.",
			"Objects on wheels, rollers or ice, or floating, need half the Push strength.",
		}}
	for _, r := range objectTable {
		t.Rows = append(t.Rows, []string{r.Mass, itoa(r.Push), itoa(r.Lift), itoa(r.Throw), examplesString(r.Examples), itoa(r.Health)})
	}
	return t
}

func tableSturdyObjects() Table {
	t := Table{Name: "sturdy-objects", Title: "Sturdy Object Dividers", Page: "p. 39",
		Columns: []string{"Material", "H divider"}}
	for _, m := range sturdyMaterials {
		t.Rows = append(t.Rows, []string{m.Material, "H/" + itoa(m.HDivider)})
	}
	return t
}

func tableObjectUse() Table {
	t := Table{Name: "object-use", Title: "Using Objects", Page: "pp. 39–41",
		Columns: []string{"Strength vs table", "What the character can do"}}
	for _, u := range objectUses {
		t.Rows = append(t.Rows, []string{u.Score + " score", u.Effect})
	}
	return t
}

// MarshalJSON writes the table with every cell that is a number (a whole
// or decimal number, signed or not: "13", "+2", "-1", "1.5") as a JSON
// number; every other cell ("1d6", "3-4", "½", "Y", "-") stays text.
func (t Table) MarshalJSON() ([]byte, error) {
	rows := make([][]any, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = make([]any, len(r))
		for j, c := range r {
			rows[i][j] = CellValue(c)
		}
	}
	return json.Marshal(struct {
		Name    string   `json:"name"`
		Title   string   `json:"title"`
		Page    string   `json:"page"`
		Columns []string `json:"columns"`
		Rows    [][]any  `json:"rows"`
		Notes   []string `json:"notes,omitempty"`
	}{t.Name, t.Title, t.Page, t.Columns, rows, t.Notes})
}

// CellValue is a table cell as JSON: a json.Number when the cell is a
// number, else the text.
func CellValue(c string) any {
	s := strings.TrimPrefix(c, "+")
	if s == c && strings.HasPrefix(c, "−") { // a typographic minus
		s = "-" + strings.TrimPrefix(c, "−")
	}
	if s == "" || s == "-" || strings.HasPrefix(s, "--") {
		return c
	}
	digits, dot := 0, false
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '-' && i == 0:
		case r == '.' && !dot && digits > 0:
			dot = true
		default:
			return c
		}
	}
	if digits == 0 || strings.HasSuffix(s, ".") {
		return c
	}
	if f, err := strconv.ParseFloat(s, 64); err != nil || f != f {
		return c
	}
	// JSON has no leading zeros: "007" stays text, as it is not a plain
	// number.
	t := strings.TrimPrefix(s, "-")
	if len(t) > 1 && t[0] == '0' && t[1] != '.' {
		return c
	}
	return json.Number(s)
}
