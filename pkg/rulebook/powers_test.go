package rulebook

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/naming"
)

// Power Table, App. p. 80: roll|name|max ("inf" = ∞, "-" = free choice),
// "*" suffix = flavours.
const wantPowers = `
01-02|Accuracy|2
03-05|Acrobatics|2
06-09|Armour|3
10|Camouflage|1
11|Claws|1
12-14|Cybernetics*|1
15|Danger Sense|1
16|Density Control (Other)|1
17|Density Control (Self)|1
18|Duplication|1
19|Elasticity|2
20-27|Energy Blast*|4
28|Energy Reflect*|1
29|Environmental Control*|1
30-34|Flight|4
35-36|Forcefield*|1
37|Growth|1
38|Immunity*|1
39|Impervious|1
40|Invisibility|1
41|Larger|inf
42|Luck|1
43-44|Magic*|3
45-49|Martial Arts*|3
50|Phasing|2
51-52|Psychic Ability*|3
53-54|Reactions|1
55-56|Shapechange*|1
57|Shrinking|1
58|Sidekick|3
59-62|Skills*|1
63|Snare|2
64-65|Super Endurance|inf
66-67|Super Health*|1
68-69|Super Leap|2
70-71|Super Senses*|1
72-73|Super Speed|inf
74-79|Super Strength|inf
80|Stunning Attack|1
81-82|Teleport|3
83-86|Toughness|4
87|Vehicle|1
88|Wallcrawling|1
89-94|Weapon Mastery*|3
95|Weather Control|3
96-00|Free choice or upgrade|-
`

func TestPowerTableAgainstBook(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(wantPowers), "\n")
	rows := Powers()
	if len(rows) != len(lines) {
		t.Fatalf("%d rows, want %d", len(rows), len(lines))
	}
	for i, line := range lines {
		f := strings.Split(line, "|")
		p := rows[i]
		name := strings.TrimSuffix(f[1], "*")
		if p.Roll() != f[0] || p.Name != name || p.HasFlavours != strings.HasSuffix(f[1], "*") {
			t.Errorf("row %d = %s %s %v, want %s", i, p.Roll(), p.Name, p.HasFlavours, line)
		}
		switch f[2] {
		case "inf":
			if p.MaxRanks != Unlimited || p.MaxRanksString() != "∞" {
				t.Errorf("%s: max %d", p.Name, p.MaxRanks)
			}
		case "-":
			if !p.FreeChoice {
				t.Errorf("%s: free choice", p.Name)
			}
		default:
			if p.MaxRanks != atoi(t, f[2]) {
				t.Errorf("%s: max %d want %s", p.Name, p.MaxRanks, f[2])
			}
		}
		if p.Page < 51 && !p.FreeChoice || p.Page > 78 {
			t.Errorf("%s: page %d", p.Name, p.Page)
		}
		if p.Slug == "" || naming.Slug(p.Slug) != p.Slug {
			t.Errorf("%s: slug %q", p.Name, p.Slug)
		}
		if p.SubTable != "" {
			if _, ok := SubTableBySlug(p.SubTable); !ok {
				t.Errorf("%s: sub-table %q missing", p.Name, p.SubTable)
			}
		}
	}
}

func TestPowerByRollCoversD100(t *testing.T) {
	prev := PowerRow{}
	count := map[string]int{}
	for roll := 1; roll <= 100; roll++ {
		p, err := PowerByRoll(roll)
		if err != nil {
			t.Fatalf("roll %d: %v", roll, err)
		}
		if roll > 1 && p.Slug != prev.Slug && p.Lo != prev.Hi+1 {
			t.Errorf("gap or overlap at %d", roll)
		}
		count[p.Slug]++
		prev = p
	}
	total := 0
	for _, p := range Powers() {
		if count[p.Slug] != p.Hi-p.Lo+1 {
			t.Errorf("%s covered %d times", p.Slug, count[p.Slug])
		}
		total += p.Hi - p.Lo + 1
	}
	if total != 100 {
		t.Errorf("ranges cover %d rolls", total)
	}
	for _, bad := range []int{0, 101, -1} {
		if _, err := PowerByRoll(bad); err == nil {
			t.Errorf("PowerByRoll(%d) want error", bad)
		}
	}
	// Guardian's rolls (p. 8): 06 Armour, 77 Super Strength, 71 Super
	// Senses, 08 Armour, 44 Magic, 88 Wallcrawling.
	for roll, slug := range map[int]string{6: "armour", 77: "super-strength", 71: "super-senses", 8: "armour", 44: "magic", 88: "wallcrawling", 100: "free-choice"} {
		if p, _ := PowerByRoll(roll); p.Slug != slug {
			t.Errorf("PowerByRoll(%d) = %s want %s", roll, p.Slug, slug)
		}
	}
}

func TestPowerBySlug(t *testing.T) {
	for in, want := range map[string]string{
		"super-strength": "super-strength", "energy-blast": "energy-blast", "density-control-self": "density-control-self",
		"Density Control (Other)": "density-control-other", "WEAPON MASTERY": "weapon-mastery",
	} {
		p, ok := PowerBySlug(in)
		if !ok || p.Slug != want {
			t.Errorf("PowerBySlug(%q) = %q %v", in, p.Slug, ok)
		}
	}
	if _, ok := PowerBySlug("telekinesis"); ok {
		t.Error("telekinesis is a psychic power, not a Power Table row")
	}
	seen := map[string]bool{}
	for _, p := range Powers() {
		if seen[p.Slug] {
			t.Errorf("duplicate slug %s", p.Slug)
		}
		seen[p.Slug] = true
	}
	if n, ok := ChosenRaiseSlotCost(2); !ok || n != 2 {
		t.Error("second raise costs 2")
	}
	if _, ok := ChosenRaiseSlotCost(3); ok {
		t.Error("third raise not allowed")
	}
}

// Sub-tables (App. pp. 80–81): slug|die|results by roll (ranges expanded).
const wantSubTables = `
cybernetic-implants|10|Bionic arm,Retractable glider,Hologram projector,Cyber controller,Power simulator,Power enhancer,Brain implant,Cyber weapon,Mind control device,Choose
energy-type|10|Fire,Cold,Electricity,Light,Sound,Nuclear,Plasma,Shadow,Cosmic,Choose
martial-arts|6|Oriental,Oriental,Oriental,Streetfighting,Streetfighting,Streetfighting
shapechange|6|Freeform,Freeform,Freeform,Specific,Specific,Specific
environmental-control|6|Dimensional,Electrical,Gravity,Magnetism,Molecular,Temperature
forcefield|6|Hard force wall,Soft force wall,Hard force shield,Soft force shield,Personal forcefield,Choose
magic-spells|10|Astral Projection,Bestow Gift,Eldritch Bolt,Hypnotism,Illusion,Lore,Mystic Shield,Restraint,Summoning,Choose
psychic-powers|10|Empathy,Hallucinations,Mind Control,Precognition,Psionic Blast,Psychic Drain,Telekinesis,Telepathy,Transmutation,Choose
skills|10|Acting,Computer Use,Disguise,Escapology,Gymnastics,Locksmith,Pilot,Stealth,Surgeon,Choose
super-health|6|Environmental Protection,Fast Recovery,Immune to Disease/Radiation,Immune to Poison,Regeneration,Choose
super-senses|6|Animal Senses,Animal Senses,Enhanced Sense,Enhanced Sense,Radar Sense,Choose or Special Sense
enhanced-sense|6|Enhanced Hearing,Enhanced Sight,Enhanced Smell,Enhanced Taste,Enhanced Touch,Choose
special-sense|6|Thermal Vision,Microscopic Vision,Magnetic Sense,Life Sense,X-ray Vision,Choose
`

func TestSubTablesAgainstBook(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(wantSubTables), "\n")
	if len(SubTables()) != len(lines) {
		t.Fatalf("%d sub-tables, want %d", len(SubTables()), len(lines))
	}
	for _, line := range lines {
		f := strings.Split(line, "|")
		st, ok := SubTableBySlug(f[0])
		if !ok {
			t.Fatalf("missing %s", f[0])
		}
		die := atoi(t, f[1])
		if st.Die != die || st.Page == "" || st.Name == "" {
			t.Errorf("%s: die %d page %q", f[0], st.Die, st.Page)
		}
		want := strings.Split(f[2], ",")
		if len(want) != die {
			t.Fatalf("%s: bad test data", f[0])
		}
		for roll := 1; roll <= die; roll++ {
			r, err := SubTableRoll(f[0], roll)
			if err != nil {
				t.Fatalf("%s %d: %v", f[0], roll, err)
			}
			if !strings.EqualFold(r.Result, want[roll-1]) {
				t.Errorf("%s %d = %q want %q", f[0], roll, r.Result, want[roll-1])
			}
			if r.Slug == "" || naming.Slug(r.Slug) != r.Slug {
				t.Errorf("%s %d: slug %q", f[0], roll, r.Slug)
			}
			if r.Choose != strings.HasPrefix(want[roll-1], "Choose") {
				t.Errorf("%s %d: Choose = %v", f[0], roll, r.Choose)
			}
		}
		// Rows are contiguous and cover exactly 1..die.
		next := 1
		for _, r := range st.Rows {
			if r.Lo != next || r.Hi < r.Lo {
				t.Errorf("%s: row %+v breaks coverage", f[0], r)
			}
			next = r.Hi + 1
		}
		if next != die+1 {
			t.Errorf("%s: covers 1..%d, want 1..%d", f[0], next-1, die)
		}
		for _, bad := range []int{0, die + 1} {
			if _, err := SubTableRoll(f[0], bad); err == nil {
				t.Errorf("%s: roll %d want error", f[0], bad)
			}
		}
	}
	if _, err := SubTableRoll("nope", 1); err == nil {
		t.Error("unknown sub-table")
	}
	r, _ := SubTableRoll("super-senses", 3)
	if r.Then != "enhanced-sense" {
		t.Error("super senses 3-4 lead to the enhanced sense table")
	}
}

func TestPowerNumbers(t *testing.T) {
	if d, ok := ForcefieldHealthDice("hard-force-wall"); !ok || d != "5d6" {
		t.Error("hard force wall 5d6")
	}
	want := map[string]string{"soft-force-wall": "3d6", "hard-force-shield": "5d6", "soft-force-shield": "3d6", "personal-forcefield": "4d6"}
	for s, w := range want {
		if d, _ := ForcefieldHealthDice(s); d != w {
			t.Errorf("%s = %s", s, d)
		}
	}
	// Every forcefield sub-table result except Choose has a type row.
	st, _ := SubTableBySlug("forcefield")
	for _, r := range st.Rows {
		if _, ok := ForcefieldHealthDice(r.Slug); !ok && !r.Choose {
			t.Errorf("no forcefield numbers for %s", r.Slug)
		}
	}
	// Every spell / psychic power / implant on its sub-table has numbers.
	for table, lookup := range map[string]func(string) bool{
		"magic-spells":        func(s string) bool { _, ok := SpellCost(s); return ok },
		"psychic-powers":      func(s string) bool { _, ok := PsychicCost(s); return ok },
		"cybernetic-implants": func(s string) bool { return hasSlug(Implants(), s) },
		"environmental-control": func(s string) bool {
			for _, a := range EnvironmentalAspects() {
				if a.Slug == s {
					return true
				}
			}
			return false
		},
	} {
		st, _ := SubTableBySlug(table)
		for _, r := range st.Rows {
			if !r.Choose && !lookup(r.Slug) {
				t.Errorf("%s: no numbers for %s", table, r.Slug)
			}
		}
	}
	if c, _ := SpellCost("lore"); c.BaseCost != 10 {
		t.Error("lore 10 MP")
	}
	if c, _ := PsychicCost("transmutation"); c.BaseCost != 6 {
		t.Error("transmutation 6 psi")
	}
	if len(IllusionTiers()) != 3 || IllusionTiers()[1].Cost != 7 {
		t.Error("illusion tiers 3/7/10")
	}
	if len(SummonAbilities()) != 7 {
		t.Error("7 summoning abilities")
	}
	// Transmutation: WIL 8, person-sized (-2), shape or material (-3),
	// temporary (0): difficulty 5 → 40%.
	if c, ok := TransmutationChance(8, "person-sized", "shape-or-material", "temporary"); !ok || c != 40 {
		t.Errorf("transmutation chance %d %v", c, ok)
	}
	if _, ok := TransmutationChance(8, "tank-sized", "emotional"); ok {
		t.Error("difficulty -3 cannot be done")
	}
	if _, ok := TransmutationChance(8, "bogus"); ok {
		t.Error("unknown modifier")
	}
	if len(TransmutationModifiers()) != 12 {
		t.Error("12 transmutation modifiers")
	}
	// Restraint: STR 20, 6 MP spent (+40), one helpful power (+10),
	// escapology (+30) = 100.
	if c := RestraintEscapeChance(20, 6, 1, true); c != 100 {
		t.Errorf("restraint %d", c)
	}
	if c := RestraintEscapeChance(14, 10, 0, false); c != 14 {
		t.Errorf("restraint %d", c)
	}
	for _, p := range PointPools() {
		if p.Rank1 != 15 || p.CapPerAction != 10 || p.RefillPages != 5 {
			t.Errorf("pool %+v", p)
		}
		if _, ok := PowerBySlug(p.Power); !ok {
			t.Errorf("pool power %s", p.Power)
		}
	}
	if len(PointPools()) != 4 {
		t.Error("4 pools")
	}
	bonus := map[string]int{}
	for _, d := range DodgeBonusSources() {
		bonus[d.Slug] = d.Bonus
	}
	if bonus["acrobatics-r1"] != 2 || bonus["acrobatics-r2"] != 3 || bonus["reactions"] != 2 || bonus["super-speed"] != 3 || bonus["gymnastics"] != 1 || bonus["martial-arts-r2"] != 1 {
		t.Errorf("dodge bonuses %v", bonus)
	}
	kb := map[string]KnockbackModifier{}
	for _, k := range KnockbackModifiers() {
		kb[k.Slug] = k
	}
	if !kb["bracing"].PerRank || kb["bracing"].Modifier != 5 || kb["shrinking"].Modifier != -10 || kb["density-self-lighter"].SetTo != 10 {
		t.Errorf("knockback modifiers %v", kb)
	}
	// p. 41: Guardian braces at Super Strength R2: KB 20 + 10 = 30.
	if DefaultKnockbackThreshold+2*BracePerRank != 30 {
		t.Error("bracing example")
	}
	steps := MassSteps()
	total := 0
	for _, s := range steps {
		total += s.KnockbackBonus
	}
	if len(steps) != 4 || steps[3].Multiplier != 16 || total != 20 {
		t.Error("mass steps")
	}
	if len(MovementAttackBonuses()) != 3 {
		t.Error("movement bonuses")
	}
}

func hasSlug(rows []ImplantRow, s string) bool {
	for _, r := range rows {
		if r.Slug == s {
			return true
		}
	}
	return false
}
