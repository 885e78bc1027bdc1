package rulebook

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// grid parses a whitespace-separated literal table: one line per row,
// first field is the row label.
func grid(t *testing.T, s string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		out[f[0]] = f[1:]
	}
	return out
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("bad int %q", s)
	}
	return n
}

// To-Hit Table, App. p. 82 (rulebook extraction lines ~4678-4700).
const wantToHit = `
A 13 12 11 10 9 8
B 13 12 11 10 9 8
C 13 12 11 10 9 8
D 13 12 11 10 9 8
E 13 12 11 10 9 8
F 12 11 10 9 8 7
G 11 10 9 8 7 6
H 10 9 8 7 6 5
I 9 8 7 6 5 4
J 8 7 6 5 4 3
K 7 6 5 4 3 2
L 6 5 4 3 2 2
`

func TestToHitFullGrid(t *testing.T) {
	g := grid(t, wantToHit)
	if len(g) != 12 {
		t.Fatalf("want 12 rows, got %d", len(g))
	}
	for _, ac := range ArmourClasses() {
		row := g[ac.String()]
		if len(row) != 6 {
			t.Fatalf("row %v: %d cells", ac, len(row))
		}
		for sc := SC0; sc <= SC5; sc++ {
			got, err := ToHit(ac, sc)
			if err != nil {
				t.Fatal(err)
			}
			if want := atoi(t, row[sc]); got != want {
				t.Errorf("ToHit(%v, %v) = %d, want %d", ac, sc, got, want)
			}
		}
	}
}

func TestToHitWorkedExamples(t *testing.T) {
	// p. 40: SC 2 vs AC F needs 10; SC 3 vs AC B needs 10.
	for _, c := range []struct {
		ac   ArmourClass
		sc   StrikeClass
		want int
	}{{ACF, SC2, 10}, {ACB, SC3, 10}} {
		got, err := ToHit(c.ac, c.sc)
		if err != nil || got != c.want {
			t.Errorf("ToHit(%v,%v) = %d,%v want %d", c.ac, c.sc, got, err, c.want)
		}
	}
}

func TestToHitErrors(t *testing.T) {
	for _, c := range []struct {
		ac ArmourClass
		sc StrikeClass
	}{{0, SC2}, {'M', SC2}, {ACA, -1}, {ACA, 6}} {
		if _, err := ToHit(c.ac, c.sc); err == nil {
			t.Errorf("ToHit(%v,%d) want error", c.ac, c.sc)
		}
	}
}

// Dodging Table, App. p. 83; "h" = ½.
const wantDodge = `
12 Y Y Y Y Y Y
11 Y Y Y Y Y +P
10 Y Y Y Y +P +P
9 Y Y Y +P +P h
8 Y Y +P +P h h
7 Y +P +P h h h
6 +P +P h h h -
5 +P h h h - -
4 h h h - - -
3 h h - - - -
2 h - - - - -
1 - - - - - -
`

func TestDodgeFullGrid(t *testing.T) {
	g := grid(t, wantDodge)
	conv := map[string]DodgeResult{"Y": DodgeFull, "+P": DodgePlusP, "h": DodgeHalf, "-": DodgeNone}
	for roll := 1; roll <= 12; roll++ {
		row := g[strconv.Itoa(roll)]
		for sc := SC0; sc <= SC5; sc++ {
			want := conv[row[sc]]
			if got := Dodge(roll, sc); got != want {
				t.Errorf("Dodge(%d,%v) = %q, want %q", roll, sc, got, want)
			}
		}
	}
}

func TestDodgeClampAndSymbols(t *testing.T) {
	for sc := SC0; sc <= SC5; sc++ {
		if Dodge(0, sc) != Dodge(1, sc) || Dodge(-5, sc) != Dodge(1, sc) {
			t.Errorf("low clamp at %v", sc)
		}
		if Dodge(13, sc) != Dodge(12, sc) || Dodge(40, sc) != DodgeFull {
			t.Errorf("high clamp at %v", sc)
		}
	}
	if Dodge(12, 6) != DodgeNone || Dodge(12, -1) != DodgeNone {
		t.Error("invalid SC should be DodgeNone")
	}
	if DodgeHalf.Symbol() != "½" || DodgeFull.Symbol() != "Y" || DodgeNone != "-" || DodgePlusP != "+P" || DodgeHalf != "half" {
		t.Error("dodge constants")
	}
	for _, r := range []DodgeResult{DodgeNone, DodgeHalf, DodgePlusP, DodgeFull} {
		if r.Meaning() == "" {
			t.Errorf("no meaning for %q", r)
		}
	}
}

// Parrying Table, App. p. 83. Columns: rank3-ma, ma, shield-wm,
// other-melee-wm, other-melee, ranged-wm, ranged, energy-blast.
const wantParry = `
rank3-martial-arts 8 9 6 7 14 - - -
martial-arts 7 8 5 6 13 - - -
other-melee-wm 9 10 6 7 14 - - -
other-melee 6 7 4 5 9 - - -
ranged-wm 9 10 6 7 15 7 11 8
thrown 7 8 4 5 13 5 9 6
projectile 8 9 5 6 14 6 10 7
energy-blast - - 8 - - - - 6
`

func TestParryFullGrid(t *testing.T) {
	g := grid(t, wantParry)
	cols := []string{"rank3-martial-arts", "martial-arts", "shield-wm", "other-melee-wm", "other-melee", "ranged-wm", "ranged", "energy-blast"}
	if len(g) != 8 || len(ParryAttackTypes()) != 8 || len(ParryTypes()) != 8 {
		t.Fatal("parry dimensions")
	}
	for slugA, row := range g {
		a, err := ParseParryAttack(slugA)
		if err != nil {
			t.Fatal(err)
		}
		for i, cell := range row {
			p, err := ParseParryType(cols[i])
			if err != nil {
				t.Fatal(err)
			}
			got, ok := ParryTarget(a, p)
			if cell == "-" {
				if ok {
					t.Errorf("ParryTarget(%s,%s) = %d, want -", a, p, got)
				}
				continue
			}
			if !ok || got != atoi(t, cell) {
				t.Errorf("ParryTarget(%s,%s) = %d,%v want %s", a, p, got, ok, cell)
			}
		}
	}
	// Prose checks: p. 34 thrown vs ranged-wm 5; p. 40 melee vs melee 9.
	if v, _ := ParryTarget(AttackThrown, ParryRangedWM); v != 5 {
		t.Error("p. 34 example")
	}
	if v, _ := ParryTarget(AttackOtherMelee, ParryOtherMelee); v != 9 {
		t.Error("p. 40 example")
	}
	if _, ok := ParryTarget("nope", ParryRanged); ok {
		t.Error("unknown attack should fail")
	}
}

func TestParseParry(t *testing.T) {
	if a, err := ParseParryAttack("Thrown Weapon (without weapon mastery)"); err != nil || a != AttackThrown {
		t.Errorf("label parse: %v %v", a, err)
	}
	if p, err := ParseParryType("SHIELD-WM"); err != nil || p != ParryShieldWM {
		t.Errorf("slug parse: %v %v", p, err)
	}
	if _, err := ParseParryType("shield"); err == nil {
		t.Error("plain shield is not a column")
	}
	for _, a := range ParryAttackTypes() {
		if !a.Valid() || a.Label() == "" {
			t.Errorf("attack %q", a)
		}
	}
	for _, p := range ParryTypes() {
		if !p.Valid() || p.Label() == "" {
			t.Errorf("parry %q", p)
		}
	}
}

// Judo Throw Table, App. p. 83. "-", "P", "PD" = P, Dam, "2PD" = 2P, Dam.
const wantJudo = `
12 2PD 2PD 2PD
11 2PD 2PD 2PD
10 2PD 2PD 2PD
9 2PD 2PD 2PD
8 2PD 2PD 2PD
7 PD 2PD 2PD
6 PD 2PD 2PD
5 P PD 2PD
4 P PD 2PD
3 P P PD
2 - P PD
1 - P P
`

func TestJudoFullGrid(t *testing.T) {
	g := grid(t, wantJudo)
	conv := map[string]JudoResult{"-": {}, "P": {Prone: 1}, "PD": {Prone: 1, Damage: true}, "2PD": {Prone: 2, Damage: true}}
	for roll := 1; roll <= 12; roll++ {
		for col := 1; col <= 3; col++ {
			want := conv[g[strconv.Itoa(roll)][col-1]]
			if got := Judo(roll, col); got != want {
				t.Errorf("Judo(%d,%d) = %+v want %+v", roll, col, got, want)
			}
		}
	}
	if Judo(20, 7) != Judo(12, 3) || Judo(-3, 0) != Judo(1, 1) {
		t.Error("judo clamping")
	}
	for _, c := range []struct {
		r    JudoResult
		want string
	}{{JudoResult{}, "-"}, {JudoResult{1, false}, "P"}, {JudoResult{1, true}, "P, Dam"}, {JudoResult{2, true}, "2P, Dam"}} {
		if c.r.String() != c.want {
			t.Errorf("%+v.String() = %q", c.r, c.r.String())
		}
	}
	if Judo(1, 1).Thrown() || !Judo(1, 2).Thrown() {
		t.Error("Thrown")
	}
}

// Physical Damage Table, App. p. 82: type health stamina.
const wantDamage = `
unarmed 1d6-6 2d6
judo-throw 1d3 2d6
blunt-one-handed 1d6-6 2d6
blunt-two-handed 1d6 2d6+6
blunt-thrown 1d6 2d6+3
sharp-one-handed 2d6 1d6
sharp-two-handed 2d6+3 1d6
sharp-thrown 2d6+3 1d6
projectile 2d6+3 1d6+3
explosive 3d6+3 2d6+3
`

var diceRE = regexp.MustCompile(`^\d+d\d+([+-]\d+)?$`)

func TestPhysicalDamage(t *testing.T) {
	g := grid(t, wantDamage)
	for slug, cells := range g {
		r, err := PhysicalDamage(DamageType(slug))
		if err != nil {
			t.Fatal(err)
		}
		if r.Health != cells[0] || r.Stamina != cells[1] || r.Varies {
			t.Errorf("%s = %+v, want H %s S %s", slug, r, cells[0], cells[1])
		}
		if !diceRE.MatchString(r.Health) || !diceRE.MatchString(r.Stamina) {
			t.Errorf("%s: not dice expressions", slug)
		}
	}
	eb, err := PhysicalDamage(DamageEnergyBlast)
	if err != nil || !eb.Varies {
		t.Errorf("energy blast: %+v %v", eb, err)
	}
	if len(PhysicalDamageRows()) != 11 {
		t.Error("11 rows")
	}
	if _, err := PhysicalDamage("laser"); err == nil {
		t.Error("unknown type")
	}
	if d, err := ParseDamageType("Blunt Two-handed Weapon"); err != nil || d != DamageBluntTwoHanded {
		t.Error("ParseDamageType label")
	}
}

func TestInitiative(t *testing.T) {
	want := map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 4, 10: 4, -3: 2}
	for d, w := range want {
		if got := InitiativeAdvance(d); got != w {
			t.Errorf("InitiativeAdvance(%d) = %d want %d", d, got, w)
		}
	}
	// p. 30: 8 vs 3 → 3 advance panels.
	if InitiativeAdvance(8-3) != 3 {
		t.Error("worked example")
	}
}

// Wall Strength Table, App. p. 79: slug damage knockback-metres.
const wantWall = `
normal-glass 8 2
wood 8 2
thin-metal 8 2
bulletproof-glass 16 4
brick 16 4
metal-door 24 6
stone 32 8
concrete 32 8
armour-plating 32 8
`

func TestWall(t *testing.T) {
	g := grid(t, wantWall)
	if len(Walls()) != len(g) {
		t.Fatalf("rows: %d", len(Walls()))
	}
	for slug, c := range g {
		w := Wall(WallMaterial(slug))
		if w.Material != WallMaterial(slug) || w.DamageNeeded != atoi(t, c[0]) || w.KnockbackReduction != atoi(t, c[1]) {
			t.Errorf("Wall(%s) = %+v", slug, w)
		}
	}
	if Wall("paper").Material != "" {
		t.Error("unknown wall")
	}
	if m, err := ParseWallMaterial("Bulletproof Glass"); err != nil || m != WallBulletproofGlass {
		t.Error("ParseWallMaterial")
	}
}

func TestArmourClassType(t *testing.T) {
	for _, c := range []struct {
		in   string
		want ArmourClass
	}{{"B", ACB}, {"b", ACB}, {" AC L ", ACL}, {"ac-f", ACF}} {
		got, err := ParseArmourClass(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseArmourClass(%q) = %v, %v", c.in, got, err)
		}
	}
	for _, bad := range []string{"", "M", "AB", "1", "AC"} {
		if _, err := ParseArmourClass(bad); err == nil {
			t.Errorf("ParseArmourClass(%q) want error", bad)
		}
	}
	type S struct {
		AC ArmourClass `json:"ac"`
	}
	b, err := json.Marshal(S{ACB})
	if err != nil || string(b) != `{"ac":"B"}` {
		t.Errorf("marshal: %s %v", b, err)
	}
	var s S
	if err := json.Unmarshal([]byte(`{"ac":"k"}`), &s); err != nil || s.AC != ACK {
		t.Errorf("unmarshal: %v %v", s.AC, err)
	}
	if err := json.Unmarshal([]byte(`{"ac":"Z"}`), &s); err == nil {
		t.Error("unmarshal Z should fail")
	}
	if _, err := json.Marshal(S{'Z'}); err == nil {
		t.Error("marshal invalid should fail")
	}
	if ArmourClass(0).Valid() || !ACA.Valid() || ACL.String() != "L" || len(ArmourClasses()) != 12 {
		t.Error("ArmourClass basics")
	}
	if sc, err := ParseStrikeClass("SC 3"); err != nil || sc != SC3 {
		t.Error("ParseStrikeClass")
	}
	if _, err := ParseStrikeClass("7"); err == nil {
		t.Error("SC 7")
	}
	if StrikeClass(6).Valid() || !SC0.Valid() {
		t.Error("StrikeClass.Valid")
	}
}

func TestArmourClassInfo(t *testing.T) {
	// Independent transcription of pp. 32–33: AC canDodge bonus H S immAll immH mundane
	const want = `
A n 0 6 5 y y y
B n 0 5 4 y y y
C n 0 4 3 y y y
D y 0 3 2 n y y
E y 0 2 0 n n n
F y 1 0 0 n n n
G y 1 0 0 n n n
H y 1 0 0 n n n
I y 1 0 0 n n n
J y 1 0 0 n n n
K n 0 0 0 n n n
L n 0 0 0 n n n
`
	g := grid(t, want)
	for _, ac := range ArmourClasses() {
		c := g[ac.String()]
		r := ArmourClassInfo(ac)
		yn := func(s string) bool { return s == "y" }
		if r.Class != ac || r.CanDodge != yn(c[0]) || r.DodgeBonus != atoi(t, c[1]) ||
			r.Dividers != (Dividers{atoi(t, c[2]), atoi(t, c[3])}) || r.ImmuneSC01All != yn(c[4]) ||
			r.ImmuneSC01Health != yn(c[5]) || r.ImmuneMundaneBulletsBlades != yn(c[6]) || r.Who == "" {
			t.Errorf("ArmourClassInfo(%v) = %+v", ac, r)
		}
	}
	if ArmourClassInfo(0) != (ArmourClassRow{}) {
		t.Error("invalid AC row")
	}
}

func TestArmourRank(t *testing.T) {
	want := []struct {
		ac  ArmourClass
		div Dividers
	}{{ACD, Dividers{3, 2}}, {ACC, Dividers{4, 3}}, {ACB, Dividers{5, 4}}, {ACA, Dividers{6, 5}}}
	for i, w := range want {
		ac, d := ArmourRank(i + 1)
		if ac != w.ac || d != w.div {
			t.Errorf("ArmourRank(%d) = %v %v", i+1, ac, d)
		}
	}
	if ac, d := ArmourRank(0); ac != 0 || !d.None() {
		t.Error("rank 0")
	}
	if ac, _ := ArmourRank(5); ac != 0 {
		t.Error("rank 5")
	}
	r := ArmourRanks()
	if r[3].Armour || !r[3].Toughness || !r[2].Armour {
		t.Error("rank 4 is Toughness only")
	}
	// p. 16: Armour R3 + STR 45 → H/6 S/6.
	_, d := ArmourRank(3)
	if got := d.Improve(StrengthDividerModifier(45)); got != (Dividers{6, 6}) {
		t.Errorf("Guardian dividers %v", got)
	}
	// Modifier never creates a divider.
	if got := (Dividers{}).Improve(Dividers{1, 3}); !got.None() {
		t.Error("Improve created a divider")
	}
	// p. 41: /6 − 2 = /4; 24/4 = 6, 17/4 → 5 (rounded up).
	low := (Dividers{6, 6}).Lowered(2)
	if low != (Dividers{4, 4}) || DivideDamage(24, low.Stamina) != 6 || DivideDamage(17, low.Health) != 5 {
		t.Errorf("energy blast example: %v", low)
	}
	if (Dividers{3, 2}).Lowered(2) != (Dividers{}) {
		t.Error("dividers below 2 are ignored")
	}
	if (Dividers{5, 4}).String() != "H/5 S/4" || (Dividers{}).String() != "-" {
		t.Error("Dividers.String")
	}
}

func TestStrikeClasses(t *testing.T) {
	rows := StrikeClasses()
	if len(rows) != 6 {
		t.Fatal("6 strike classes")
	}
	for i, r := range rows {
		if int(r.Class) != i || r.Who == "" {
			t.Errorf("row %d: %+v", i, r)
		}
	}
	if StrikeClassInfo(9).Who != "" {
		t.Error("invalid SC info")
	}
}

func TestKnockback(t *testing.T) {
	cases := []struct{ dmg, kb, want int }{
		{20, 20, 0}, {21, 20, 2}, {25, 20, 2}, {26, 20, 4}, {36, 20, 8}, {24, 30, 0},
	}
	for _, c := range cases {
		if got := KnockbackDistance(c.dmg, c.kb); got != c.want {
			t.Errorf("KnockbackDistance(%d,%d) = %d want %d", c.dmg, c.kb, got, c.want)
		}
	}
	if ProneCheckBonus(4) != 2 || ProneCheckBonus(8) != 4 || ProneCheckBonus(0) != 0 {
		t.Error("ProneCheckBonus")
	}
}

func TestActionCosts(t *testing.T) {
	a, ok := ActionCostBySlug("two-handed-weapon")
	if !ok || a.Panels != DoublePanel {
		t.Error("two-handed weapon is a double-panel")
	}
	if a, _ := ActionCostBySlug("move"); a.Panels != 1 {
		t.Error("move")
	}
	if PanelsHero != 4 || PanelsMundane != 2 || FreeReactionsPerPage != 4 {
		t.Error("panel constants")
	}
}
