package rulebook

import (
	"strconv"
	"strings"
)

// Display views for character creation, profile, downtime, supporting
// cast and powers. Every number comes from the typed data.

func tablePower() Table {
	t := Table{Name: "power", Title: "Power Table", Page: "p. 7; App. p. 80",
		Columns: []string{"Roll", "Power", "Max Ranks", "Page"},
		Notes: []string{
			"Roll d100 for each of 8 power slots. * marks a power with sub-powers or flavours. ∞ means no rank limit.",
			"Cybernetics is printed with max rank 1 though its text describes rank 2+.",
		}}
	for _, p := range powerTable {
		name := p.Name
		if p.HasFlavours {
			name += "*"
		}
		t.Rows = append(t.Rows, []string{p.Roll(), name, p.MaxRanksString(), itoa(p.Page)})
	}
	return t
}

func tableSlotRules() Table {
	t := Table{Name: "slot-rules", Title: "Power Slot Rules", Page: "pp. 6–7",
		Columns: []string{"Situation", "Cost / effect"}}
	for _, r := range slotRules {
		t.Rows = append(t.Rows, []string{r.Situation, r.Effect})
	}
	return t
}

func tablePerks() Table {
	t := Table{Name: "perks", Title: "Perks", Page: "pp. 9–12, 27",
		Columns: []string{"Perk", "Numeric effect", "Page"},
		Notes:   []string{"Each perk costs one dropped power rank."}}
	for _, p := range perks {
		t.Rows = append(t.Rows, []string{p.Name, p.Effect, itoa(p.Page)})
	}
	return t
}

func tableStartingEquipment() Table {
	t := Table{Name: "starting-equipment", Title: "Starting Equipment", Page: "p. 13",
		Columns: []string{"Item", "Note"},
		Notes: []string{"You start with any equipment your powers depend on; if that is fewer than " + itoa(StartingItems) +
			" items, top up to " + itoa(StartingItems) + " from this list. Ordinary phones and computers do not count."}}
	for _, e := range startingEquipment {
		t.Rows = append(t.Rows, []string{e.Name, e.Note})
	}
	return t
}

func tableSecondary() Table {
	t := Table{Name: "secondary-characteristics", Title: "Secondary Characteristics", Page: "pp. 13–15",
		Columns: []string{"Value", "Rule"},
		Notes:   []string{"The book does not say how to round battered, dazed, stunned and movement; this package rounds to nearest, halves up, as the p. 16 example does."}}
	for _, r := range secondaryRules {
		t.Rows = append(t.Rows, []string{r.Value, r.Rule})
	}
	return t
}

// ---------------------------------------------------------------------
// Profile

func tableProfileStructure() Table {
	t := Table{Name: "profile-structure", Title: "Personal Profile Structure", Page: "pp. 14, 18",
		Columns: []string{"Category", "How it is used", "Components"},
		Notes: []string{
			"Each category score is " + itoa(CategoryMultiplier) + " × the sum of its five components.",
			"Success rate is listed as 1-5 but starts at 0, so confidence can be as low as 12.",
		}}
	for _, c := range profileCategories {
		var comps []string
		for _, slug := range c.Components {
			pc, _ := ProfileComponentBySlug(slug)
			comps = append(comps, pc.Name+" ("+itoa(pc.Min)+"-"+itoa(pc.Max)+")")
		}
		t.Rows = append(t.Rows, []string{c.Name, c.Use, strings.Join(comps, ", ")})
	}
	return t
}

func tableStatusMeasurement() Table {
	t := Table{Name: "status-measurement", Title: "Status Measurement Summary", Page: "p. 26",
		Columns: []string{"Status Measurement", "Range", "Starting Value", "Contributes To", "Changes Due To", "Downtime?"},
		Notes: []string{
			"Identification starts 1-3 per the prose (p. 19); the summary prints 2-3.",
			"Downtime may train any score except competence, approachability, fame, success rate, public response and security (p. 46).",
		}}
	for _, c := range profileComponents {
		cat := strings.ToUpper(string(c.Category[:1])) + string(c.Category[1:])
		t.Rows = append(t.Rows, []string{c.Name, itoa(c.Min) + "-" + itoa(c.Max), c.Start, cat, c.ChangesDueTo, yesNo(c.Trainable)})
	}
	return t
}

func tablePopularityStatus() Table {
	t := Table{Name: "popularity-status", Title: "Popularity Status", Page: "p. 18",
		Columns: []string{"Status (popularity)", "Reaction", "Influence"},
		Notes:   []string{"Untitled in the book. Persuasive advice, as opposed to orders, works one category higher."}}
	for _, r := range popularityStatus {
		t.Rows = append(t.Rows, []string{r.Popularity.String(), r.Reaction, r.Influence})
	}
	return t
}

func scaleTable(name, title, page string, slugs []string, notes ...string) Table {
	t := Table{Name: name, Title: title, Page: page, Columns: []string{"Value"}, Notes: notes}
	var scales [][]ScaleRow
	for _, s := range slugs {
		pc, _ := ProfileComponentBySlug(s)
		t.Columns = append(t.Columns, pc.Name)
		rows, _ := ComponentScale(s)
		scales = append(scales, rows)
	}
	for i := range scales[0] {
		row := []string{itoa(scales[0][i].Value)}
		for _, sc := range scales {
			row = append(row, sc[i].Description)
		}
		t.Rows = append(t.Rows, row)
	}
	start := []string{"Start"}
	for _, s := range slugs {
		pc, _ := ProfileComponentBySlug(s)
		start = append(start, pc.Start)
	}
	t.Rows = append(t.Rows, start)
	return t
}

func tablePopularityComponents() Table {
	return scaleTable("popularity-components", "Popularity Component Scales", "pp. 18–20",
		[]string{"backing", "heroism", "identification", "public-relations"})
}

func tableInvestigationComponents() Table {
	return scaleTable("investigation-components", "Investigation Component Scales", "pp. 21–22",
		[]string{"methods", "approachability"},
		"Approachability = 3 + (½ × identification) − (½ × heroism), a leftover half rounded up (p. 22).")
}

func tableConfidenceComponents() Table {
	return scaleTable("confidence-components", "Confidence Component Scales", "pp. 24–25",
		[]string{"conscience", "social-circle"},
		"Success rate: successes in the last five scenarios, 0–5, starting at 0 (p. 25).",
		"Security = financial resources, −2 if your identity is publicly known, +2 if not human and without basic human needs, kept within 1–10 (p. 27).")
}

func tableCompetence() Table {
	t := Table{Name: "competence", Title: "Competence Scenario Scale", Page: "p. 21",
		Columns: []string{"Rating", "Scenario"},
		Notes: []string{
			"Competence runs 1–10 and always starts at 1.",
			"Winning a scenario rated above your competence raises it by half the difference, rounded down (1 if the difference is 1); failing one rated below lowers it the same way.",
		}}
	rows, _ := ComponentScale("competence")
	for i := len(rows) - 1; i >= 0; i-- {
		t.Rows = append(t.Rows, []string{itoa(rows[i].Value), rows[i].Description})
	}
	return t
}

func tableContacts() Table {
	t := Table{Name: "contacts", Title: "Contacts Scale", Page: "p. 24",
		Columns: []string{"Value", "Description"},
		Notes:   []string{"Usually " + itoa(DefaultContacts) + " at the start, or 10 with the Contacts perk."}}
	rows, _ := ComponentScale("contacts")
	for _, r := range rows {
		t.Rows = append(t.Rows, []string{itoa(r.Value), r.Description})
	}
	return t
}

func tableFame() Table {
	t := Table{Name: "fame", Title: "Fame", Page: "p. 22",
		Columns: []string{"Popularity", "Fame", "Description"},
		Notes:   []string{"Untitled in the book. Fame comes straight from popularity; a lower fame number means more press attention."}}
	for _, r := range fameTable {
		t.Rows = append(t.Rows, []string{r.Popularity.String(), itoa(r.Fame), r.Description})
	}
	return t
}

func tablePublicResponse() Table {
	t := Table{Name: "public-response", Title: "Public Response", Page: "p. 27",
		Columns: []string{"Popularity", "Public response", "Description"},
		Notes:   []string{"Untitled in the book. Public response comes straight from popularity."}}
	for _, r := range publicResponseTable {
		t.Rows = append(t.Rows, []string{r.Popularity.String(), itoa(r.Response), r.Description})
	}
	return t
}

func tableConfidence() Table {
	t := Table{Name: "confidence", Title: "Confidence Table", Page: "p. 24; App. p. 84",
		Columns: []string{"Confidence", "Downtime Points", "Can Increase Resources?", "Will Bonus For Defence", "Hero Points"},
		Notes: []string{
			"Downtime Points is a change to the usual " + itoa(DowntimePointsPerWeek) + " per week. The Will bonus applies against mental attacks.",
			"Confidence 12–14 (possible because success rate starts at 0) uses the 15-30 row.",
		}}
	for _, r := range confidenceTable {
		t.Rows = append(t.Rows, []string{r.Confidence.String(), signed(r.DowntimePoints), yesNo(r.CanIncreaseResources), signed(r.WillBonus), dash(r.HeroPoints)})
	}
	return t
}

func tableFinancialResources() Table {
	t := Table{Name: "financial-resources", Title: "Financial Resources Table", Page: "p. 28; App. p. 84",
		Columns: []string{"Financial Resources", "Description", "Home", "Clothing", "Transport"},
		Notes:   []string{"The default start is " + itoa(DefaultFinancialResources) + ". Starting above it needs a perk."}}
	for _, r := range financialResources {
		t.Rows = append(t.Rows, []string{itoa(r.Level), r.Description, r.Home, r.Clothing, r.Transport})
	}
	return t
}

func tableMaterialResources() Table {
	t := Table{Name: "material-resources", Title: "Material Resources Table", Page: "p. 28; App. p. 84",
		Columns: []string{"Material Resources", "Description"},
		Notes:   []string{"The default start is " + itoa(DefaultMaterialResources) + ". Starting above it needs a perk."}}
	for _, r := range materialResources {
		t.Rows = append(t.Rows, []string{itoa(r.Level), r.Description})
	}
	return t
}

// ---------------------------------------------------------------------
// Downtime

func tableDowntimePoints() Table {
	t := Table{Name: "downtime-points", Title: "Downtime Points", Page: "p. 44",
		Columns: []string{"Rule", "Value"}}
	for _, r := range downtimeRules {
		t.Rows = append(t.Rows, []string{r.Rule, r.Value})
	}
	return t
}

func tableDowntimeExperience() Table {
	t := Table{Name: "downtime-experience", Title: "Downtime Point Experience Table", Page: "p. 45; App. p. 85",
		Columns: []string{"Suitability of Activity to Goal", "Experience Points Gained"},
		Notes:   []string{"Where possible an activity should yield " + itoa(IdealXPPerDP) + " XP per DP in total; whatever does not go to the main goal goes to side goals."}}
	for _, r := range downtimeExperience {
		t.Rows = append(t.Rows, []string{r.Label, itoa(r.XPPerPoint)})
	}
	return t
}

func tableExperienceCost() Table {
	t := Table{Name: "experience-cost", Title: "Experience Point Cost Table", Page: "p. 46; App. p. 85",
		Columns: []string{"Desired Result", "Experience Points Needed"},
		Notes: []string{
			"Missing more than " + itoa(KeepIncreaseMaxMissed) + " weeks in a row before the upkeep is finished reverts the score.",
			"Ability scores can be trained to " + itoa(AbilityTrainingCap) + " at most; resources stop at " + itoa(ResourceCap) + " and need confidence 46+.",
			"Option (p. 46): pay DP directly at the XP cost ÷ " + itoa(SimpleXPDivisor) + " (new powers ÷ " + itoa(SimpleXPNewPowerDiv) + ").",
		}}
	for _, r := range experienceCost {
		t.Rows = append(t.Rows, []string{r.Result, r.Needed})
	}
	return t
}

func tableDeviceComplexity() Table {
	t := Table{Name: "device-complexity", Title: "Device Complexity Table", Page: "p. 47; App. p. 85",
		Columns: []string{"Complexity", "Material Resources Needed", "Experience Points Per Stage"},
		Notes: []string{
			"Both copies print this table as \"Device Components Table\"; the p. 48 prose calls it the device complexity table.",
			"The per-stage XP is paid " + itoa(DeviceStages) + " times: research, design, production and testing.",
		}}
	for _, r := range deviceComplexity {
		t.Rows = append(t.Rows, []string{r.Complexity, itoa(r.MaterialResources), itoa(r.XPPerStage)})
	}
	return t
}

func tableDeviceComponents() Table {
	t := Table{Name: "device-components", Title: "Device Components Table", Page: "p. 47; App. p. 85",
		Columns: []string{"Components Needed", "Financial Resources Needed"}}
	for _, r := range deviceComponents {
		t.Rows = append(t.Rows, []string{r.Components, itoa(r.FinancialResources)})
	}
	return t
}

// ---------------------------------------------------------------------
// Supporting cast

func tableCivilians() Table {
	t := Table{Name: "civilians", Title: "Civilians", Page: "p. 49",
		Columns: []string{"Type", "Ability scores", "Armour class", "Strike class"},
		Notes:   []string{"All civilians get " + itoa(PanelsMundane) + " panels per page. One hit using a super power, or two without, takes them out."}}
	for _, c := range civilians {
		t.Rows = append(t.Rows, []string{c.Type, c.AbilityDice, c.AC.String(), c.SCNote})
	}
	return t
}

func tableCombatants() Table {
	t := Table{Name: "combatants", Title: "Combatant Prowess", Page: "p. 49",
		Columns: []string{"Roll", "Weapon", "Armour class"},
		Notes: []string{
			"Untitled in the book. Roll 1d" + itoa(CombatantProwessDie) + "; well-trained combatants add +" + itoa(TrainedBonus) + " and elite +" + itoa(EliteBonus) + " to this roll and to their ability rolls.",
			"Combatants roll " + CombatantAbilityDice + " per ability, attack at SC " + itoa(int(CombatantStrikeClass)) + " with their weapon, and get " + itoa(PanelsMundane) + " panels per page.",
			"Treat the hi-tech blaster as Energy Blast rank 1 or the Stunning Attack power.",
		}}
	for _, c := range combatantProwess {
		t.Rows = append(t.Rows, []string{itoa(c.Roll), c.Weapon, c.AC.String()})
	}
	return t
}

func tableOtherCast() Table {
	t := Table{Name: "other-cast", Title: "Other Supporting Characters", Page: "pp. 49–50, 65",
		Columns: []string{"Type", "AC", "SC", "Panels", "Notes"}}
	for _, c := range otherCast {
		ac, sc, p := "varies", "varies", "varies"
		if c.AC.Valid() {
			ac, sc = c.AC.String(), strconv.Itoa(int(c.SC))
		}
		if c.Panels != 0 {
			p = itoa(c.Panels)
		}
		t.Rows = append(t.Rows, []string{c.Type, ac, sc, p, c.Notes})
	}
	return t
}

// ---------------------------------------------------------------------
// Powers

func tableDodgeBonusSources() Table {
	t := Table{Name: "dodge-bonus-sources", Title: "Dodge Bonus Sources", Page: "pp. 32, 51, 65, 69, 71, 75",
		Columns: []string{"Source", "Bonus", "Note"},
		Notes:   []string{"The book never says whether these stack; this package adds them all, with Acrobatics R2 replacing Acrobatics R1."}}
	for _, d := range dodgeBonusSources {
		b := signed(d.Bonus)
		if d.Bonus == 0 {
			b = "none"
		}
		t.Rows = append(t.Rows, []string{d.Source, b, d.Note})
	}
	return t
}

func tableKnockbackModifiers() Table {
	t := Table{Name: "knockback-modifiers", Title: "Knockback Threshold Modifiers", Page: "pp. 35–36, 54, 61, 70, 76",
		Columns: []string{"Source", "Effect on KB", "Page"},
		Notes: []string{
			"Default knockback threshold: " + itoa(DefaultKnockbackThreshold) + ".",
			"Bracing is +5 per Super Strength rank, not a flat +5.",
		}}
	for _, k := range knockbackModifiers {
		e := signed(k.Modifier)
		if k.SetTo != 0 {
			e = "becomes " + itoa(k.SetTo)
		}
		if k.PerRank {
			e += " per rank"
		}
		t.Rows = append(t.Rows, []string{k.Source, e, itoa(k.Page)})
	}
	return t
}

func tableMovementAttackBonuses() Table {
	t := Table{Name: "movement-attack-bonuses", Title: "Attack-After-Movement Bonuses", Page: "pp. 51–76",
		Columns: []string{"Bonus", "Sources"},
		Notes:   []string{"Every special kick, slam or charge does " + SpecialAttackHealth + " H / " + SpecialAttackStamina + " S and costs 1 panel plus 1 recovery panel spent in advance."}}
	for _, m := range movementAttackBonuses {
		t.Rows = append(t.Rows, []string{"+" + itoa(m.Damage) + " damage or " + m.Special, strings.Join(m.Sources, ", ")})
	}
	return t
}

func subTableView(slug string) Table {
	s, _ := SubTableBySlug(slug)
	t := Table{Name: s.Slug, Title: s.Name, Page: s.Page,
		Columns: []string{"Roll (1d" + itoa(s.Die) + ")", "Result"}}
	if s.Note != "" {
		t.Notes = []string{s.Note}
	}
	for _, r := range s.Rows {
		res := r.Result
		if r.Then != "" {
			res += " (see " + r.Then + ")"
		}
		t.Rows = append(t.Rows, []string{Band{r.Lo, r.Hi}.String(), res})
	}
	return t
}

func tableCyberneticImplants() Table   { return subTableView("cybernetic-implants") }
func tableEnergyType() Table           { return subTableView("energy-type") }
func tableMartialArts() Table          { return subTableView("martial-arts") }
func tableShapechange() Table          { return subTableView("shapechange") }
func tableEnvironmentalControl() Table { return subTableView("environmental-control") }
func tableForcefield() Table           { return subTableView("forcefield") }
func tableMagicSpells() Table          { return subTableView("magic-spells") }
func tablePsychicPowers() Table        { return subTableView("psychic-powers") }
func tableSkills() Table               { return subTableView("skills") }
func tableSuperHealth() Table          { return subTableView("super-health") }
func tableSuperSenses() Table          { return subTableView("super-senses") }
func tableEnhancedSense() Table        { return subTableView("enhanced-sense") }
func tableSpecialSense() Table         { return subTableView("special-sense") }

func tableImplantNumbers() Table {
	t := Table{Name: "implant-numbers", Title: "Cybernetic Implant Numbers", Page: "pp. 52–53",
		Columns: []string{"Implant", "Numbers", "Extra ranks"}}
	for _, i := range implants {
		t.Rows = append(t.Rows, []string{i.Name, i.Effect, i.ExtraRanks})
	}
	return t
}

func tableEnvironmentalNumbers() Table {
	t := Table{Name: "environmental-numbers", Title: "Environmental Control Numbers", Page: "pp. 56–58",
		Columns: []string{"Aspect", "Numbers"}}
	for _, a := range aspects {
		t.Rows = append(t.Rows, []string{a.Aspect, a.Numbers})
	}
	return t
}

func tableMassSteps() Table {
	t := Table{Name: "mass-steps", Title: "Density and Gravity Steps", Page: "pp. 54, 57",
		Columns: []string{"Multiplier", "Effect", "KB (Density Control (Other))"},
		Notes:   []string{"Each double-panel of concentration doubles the target's mass (Density Control (Other)) or the gravity (Gravity control). It falls away at twice the rate it built up."}}
	for _, m := range massSteps {
		t.Rows = append(t.Rows, []string{"×" + itoa(m.Multiplier), m.Effect, signed(m.KnockbackBonus)})
	}
	return t
}

func tableForcefieldTypes() Table {
	t := Table{Name: "forcefield-types", Title: "Forcefield Types", Page: "p. 59",
		Columns: []string{"Type", "Health", "Notes"},
		Notes:   []string{"Activating takes a double-panel. Strength is rolled once, when you gain the power. None of them stop knockback."}}
	for _, f := range forcefieldTypes {
		t.Rows = append(t.Rows, []string{f.Name, f.HealthDice, f.Notes})
	}
	return t
}

func costTable(name, title, page, unit string, rows []PowerCost, note string) Table {
	t := Table{Name: name, Title: title, Page: page,
		Columns: []string{"Name", "Cost", "Other numbers", "Page"},
		Notes: []string{"Pool: " + itoa(PoolRank1) + " " + unit + " at rank 1, refilled every " + itoa(PoolRefillPages) +
			" pages, at most " + itoa(PoolCapPerAction) + " per use; the speciality costs half.", note}}
	for _, c := range rows {
		t.Rows = append(t.Rows, []string{c.Name, c.Cost, c.Other, itoa(c.Page)})
	}
	return t
}

func tableSpellCosts() Table {
	return costTable("spell-costs", "Magic Spell Costs", "pp. 62–65", "MP", spellCosts,
		"Cancelling someone else's spell: double-panel, same MP cost, and a successful magic attack.")
}

func tablePsychicCosts() Table {
	return costTable("psychic-costs", "Psychic Power Costs", "pp. 67–69", "psi", psychicCosts,
		"\"Per round\" and \"frame\" in the book mean page and panel.")
}

func tableSummoningAbilities() Table {
	t := Table{Name: "summoning-abilities", Title: "Summoned Creature Extra Abilities", Page: "p. 65",
		Columns: []string{"Ability", "Effect"},
		Notes:   []string{"Each extra ability costs +" + itoa(SummonExtraAbilityCost) + " MP."}}
	for _, a := range summonAbilities {
		t.Rows = append(t.Rows, []string{a.Name, a.Effect})
	}
	return t
}

func tableRestraintEscape() Table {
	t := Table{Name: "restraint-escape", Title: "Restraint and Snare Escape", Page: "pp. 64, 72",
		Columns: []string{"Escape chance", "Effect"},
		Notes: []string{
			"Escape chance % = target's STR, +10 per point spent below 10, +10 per helpful power (" + strings.Join(restraintHelpfulPowers, ", ") + "), +30 for Escapology.",
			"Teleport or Phasing escape automatically. The bonds' strength (10 × points) is never used.",
		}}
	for _, r := range restraintEscape {
		t.Rows = append(t.Rows, []string{r.Chance.String() + "%", r.Effect})
	}
	return t
}

func tableTransmutation() Table {
	t := Table{Name: "transmutation", Title: "Transmutation Difficulty Modifiers", Page: "p. 69",
		Columns: []string{"Condition", "Modifier"},
		Notes:   []string{"Success chance % = difficulty × WIL. Difficulty starts at " + itoa(TransmutationBaseDifficulty) + "; at 0 or less it cannot be done."}}
	for _, m := range transmutationModifiers {
		v := "-" + strconv.Itoa(-m.Modifier)
		t.Rows = append(t.Rows, []string{m.Condition, v})
	}
	return t
}

func tablePointPools() Table {
	t := Table{Name: "point-pools", Title: "Point Pools", Page: "pp. 55, 62, 67, 72",
		Columns: []string{"Pool", "R1", "Each later rank", "Cap per action", "Refill"},
		Notes:   []string{"Each extra 1d10 is rolled once, when the rank is gained."}}
	for _, p := range pointPools {
		r1, c := itoa(p.Rank1), itoa(p.CapPerAction)
		if p.Unit == "d6" {
			r1, c = r1+"d6", c+"d6"
		}
		t.Rows = append(t.Rows, []string{p.Pool, r1, p.LaterRanks, c, "every " + itoa(p.RefillPages) + " pages"})
	}
	return t
}
