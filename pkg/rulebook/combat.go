package rulebook

import (
	"fmt"
	"strings"
	"sync"

	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// ---------------------------------------------------------------------
// To-Hit Table (p. 33; App. p. 82)

// toHitTable[ac][sc] is the d20 roll needed to hit, rows A..L, columns
// SC 0..5 (p. 33; App. p. 82; the two copies agree).
var toHitTable = [12][StrikeClassCount]int{
	{13, 12, 11, 10, 9, 8}, // A
	{13, 12, 11, 10, 9, 8}, // B
	{13, 12, 11, 10, 9, 8}, // C
	{13, 12, 11, 10, 9, 8}, // D
	{13, 12, 11, 10, 9, 8}, // E
	{12, 11, 10, 9, 8, 7},  // F
	{11, 10, 9, 8, 7, 6},   // G
	{10, 9, 8, 7, 6, 5},    // H
	{9, 8, 7, 6, 5, 4},     // I
	{8, 7, 6, 5, 4, 3},     // J
	{7, 6, 5, 4, 3, 2},     // K
	{6, 5, 4, 3, 2, 2},     // L
}

// ToHit returns the d20 roll (this number or higher, after modifiers)
// needed for an attack of strike class sc to hit armour class ac (To-Hit
// Table, p. 33; App. p. 82).
func ToHit(ac ArmourClass, sc StrikeClass) (int, error) {
	if !ac.Valid() {
		return 0, refusal.Errorf("rulebook: to-hit: invalid armour class %v", ac)
	}
	if !sc.Valid() {
		return 0, refusal.Errorf("rulebook: to-hit: invalid strike class %d", int(sc))
	}
	return toHitTable[ac.index()][sc], nil
}

// ToHitModifier is one to-hit modifier (p. 33).
type ToHitModifier struct {
	Slug      string `json:"slug"`
	Situation string `json:"situation"`
	// Modifier is the fixed modifier. For a range (cover) it is the
	// smallest penalty and Max the largest; for per-unit modifiers Note
	// says what the unit is. Strike bonus is variable: Modifier 0.
	Modifier int    `json:"modifier"`
	Max      int    `json:"max,omitempty"`
	Note     string `json:"note,omitempty"`
}

// toHitModifiers (p. 33).
var toHitModifiers = []ToHitModifier{
	{Slug: "strike-bonus", Situation: "Attacker's strike bonus", Note: "+strike bonus"},
	{Slug: "behind", Situation: "Attacker behind the target", Modifier: 2, Note: "does not stack with above"},
	{Slug: "above", Situation: "Attacker above the target", Modifier: 1, Note: "does not stack with behind"},
	{Slug: "unaware", Situation: "Target unaware of the attack", Modifier: 2},
	{Slug: "grappled", Situation: "Target grappled or restrained", Modifier: 4},
	{Slug: "cover", Situation: "Target behind cover", Modifier: -1, Max: -10, Note: "GM's judgement"},
	{Slug: "fog-smoke", Situation: "Target obscured by fog or smoke", Modifier: -3},
	{Slug: "dazed", Situation: "Attacker dazed", Modifier: -2},
	{Slug: "stunned", Situation: "Attacker stunned", Modifier: -5},
	{Slug: "ranged", Situation: "Ranged attack", Modifier: -1, Note: "per fifth of maximum range"},
	// Modifiers that powers add (pp. 52–78, listed with the to-hit rules).
	{Slug: "invisibility", Situation: "Target invisible (Invisibility)", Modifier: -4},
	{Slug: "shrinking", Situation: "Target shrunk (Shrinking)", Modifier: -3},
	{Slug: "camouflage", Situation: "Target camouflaged and moving (Camouflage)", Modifier: -2},
	{Slug: "dimensional", Situation: "Inside a Dimensional control area", Modifier: -4},
	{Slug: "gale-fog", Situation: "In or shooting into a gale or fog (Weather Control)", Modifier: -2},
	{Slug: "stealth-dark", Situation: "Target using Stealth in the dark", Modifier: -2},
	{Slug: "brain-implant", Situation: "Brain Implant analysis", Modifier: 1, Max: 5, Note: "+1 per extra panel spent analysing"},
	{Slug: "haymaker", Situation: "Streetfighting haymaker", Modifier: 2},
}

// ToHitModifiers returns the to-hit modifiers (p. 33).
func ToHitModifiers() []ToHitModifier { return append([]ToHitModifier(nil), toHitModifiers...) }

// ---------------------------------------------------------------------
// Dodging Table (p. 35; App. p. 83)

// DodgeResult is a Dodging Table cell (p. 35).
type DodgeResult string

// Dodging Table results (p. 35). The book says "one of three results"
// but defines four.
const (
	DodgeNone  DodgeResult = "-"    // not dodged, full damage
	DodgeHalf  DodgeResult = "half" // printed "½": half the rolled damage
	DodgePlusP DodgeResult = "+P"   // half damage, or spend one extra (never free) panel to avoid it
	DodgeFull  DodgeResult = "Y"    // completely dodged, no damage
)

// Symbol returns the book's symbol: "-", "½", "+P" or "Y".
func (r DodgeResult) Symbol() string {
	if r == DodgeHalf {
		return "½"
	}
	return string(r)
}

// Word returns the result as a stable word for JSON: "fail" (not
// dodged), "half" (partly dodged), "mostly" (+P: mostly dodged) or
// "evade" (completely dodged).
func (r DodgeResult) Word() string {
	switch r {
	case DodgeNone:
		return "fail"
	case DodgeHalf:
		return "half"
	case DodgePlusP:
		return "mostly"
	case DodgeFull:
		return "evade"
	}
	return ""
}

// DodgeResultFromSymbol reads a result from the book's symbol ("-", "½",
// "+P", "Y"), as files written before the stable words recorded it.
func DodgeResultFromSymbol(s string) (DodgeResult, bool) {
	for _, r := range []DodgeResult{DodgeNone, DodgeHalf, DodgePlusP, DodgeFull} {
		if r.Symbol() == s {
			return r, true
		}
	}
	return "", false
}

// Meaning explains the result (p. 35).
func (r DodgeResult) Meaning() string {
	switch r {
	case DodgeNone:
		return "Not dodged. Full damage"
	case DodgeHalf:
		return "Partly dodged. Half the rolled damage"
	case DodgePlusP:
		return "Mostly dodged. Take half damage, or spend one extra panel, never free, to avoid the attack entirely"
	case DodgeFull:
		return "Completely dodged. No damage"
	}
	return ""
}

// Damage says in a few words what the result does to the attack's damage
// (p. 35): "full damage", "half damage", "half damage, or no damage for
// one extra panel (never free)" or "no damage".
func (r DodgeResult) Damage() string {
	switch r {
	case DodgeNone:
		return "full damage"
	case DodgeHalf:
		return "half damage"
	case DodgePlusP:
		return "half damage, or no damage for one extra panel (never free)"
	case DodgeFull:
		return "no damage"
	}
	return ""
}

type dodgeRow struct {
	Roll    int
	Results [StrikeClassCount]DodgeResult
}

// dodgingTable, printed order (roll 12 down to 1), columns SC 0..5
// (p. 35; App. p. 83).
var dodgingTable = [12]dodgeRow{
	{12, [6]DodgeResult{DodgeFull, DodgeFull, DodgeFull, DodgeFull, DodgeFull, DodgeFull}},
	{11, [6]DodgeResult{DodgeFull, DodgeFull, DodgeFull, DodgeFull, DodgeFull, DodgePlusP}},
	{10, [6]DodgeResult{DodgeFull, DodgeFull, DodgeFull, DodgeFull, DodgePlusP, DodgePlusP}},
	{9, [6]DodgeResult{DodgeFull, DodgeFull, DodgeFull, DodgePlusP, DodgePlusP, DodgeHalf}},
	{8, [6]DodgeResult{DodgeFull, DodgeFull, DodgePlusP, DodgePlusP, DodgeHalf, DodgeHalf}},
	{7, [6]DodgeResult{DodgeFull, DodgePlusP, DodgePlusP, DodgeHalf, DodgeHalf, DodgeHalf}},
	{6, [6]DodgeResult{DodgePlusP, DodgePlusP, DodgeHalf, DodgeHalf, DodgeHalf, DodgeNone}},
	{5, [6]DodgeResult{DodgePlusP, DodgeHalf, DodgeHalf, DodgeHalf, DodgeNone, DodgeNone}},
	{4, [6]DodgeResult{DodgeHalf, DodgeHalf, DodgeHalf, DodgeNone, DodgeNone, DodgeNone}},
	{3, [6]DodgeResult{DodgeHalf, DodgeHalf, DodgeNone, DodgeNone, DodgeNone, DodgeNone}},
	{2, [6]DodgeResult{DodgeHalf, DodgeNone, DodgeNone, DodgeNone, DodgeNone, DodgeNone}},
	{1, [6]DodgeResult{DodgeNone, DodgeNone, DodgeNone, DodgeNone, DodgeNone, DodgeNone}},
}

// Dodge looks up a dodge roll (1d6 + dodge bonus) against an attack of
// strike class sc (Dodging Table, p. 35; App. p. 83). Rolls ≤1 use row 1
// and rolls ≥12 use row 12. An invalid strike class gives DodgeNone.
func Dodge(roll int, sc StrikeClass) DodgeResult {
	if !sc.Valid() {
		return DodgeNone
	}
	roll = clamp(roll, 1, 12)
	return dodgingTable[12-roll].Results[sc]
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// ---------------------------------------------------------------------
// Parrying Table (p. 34; App. p. 83)

// AttackType is a Parrying Table row: the kind of attack being parried.
type AttackType string

// Parrying Table attack types (rows), book order. WM = weapon mastery.
const (
	AttackRank3MartialArts AttackType = "rank3-martial-arts" // Rank 3 martial arts
	AttackMartialArts      AttackType = "martial-arts"       // Rank 1-2 martial arts
	AttackOtherMeleeWM     AttackType = "other-melee-wm"     // Other melee attack (with WM)
	AttackOtherMelee       AttackType = "other-melee"        // Other melee attack (without WM)
	AttackRangedWM         AttackType = "ranged-wm"          // Any ranged weapon (with WM)
	AttackThrown           AttackType = "thrown"             // Thrown weapon (without WM)
	AttackProjectile       AttackType = "projectile"         // Projectile weapon (without WM)
	AttackEnergyBlast      AttackType = "energy-blast"       // Energy blast
)

// ParryType is a Parrying Table column: what the defender parries with.
type ParryType string

// Parrying Table parry types (columns), book order. The book has no
// column for a shield without weapon mastery; use ParryOtherMelee.
const (
	ParryRank3MartialArts ParryType = "rank3-martial-arts" // Rank 3 martial arts
	ParryMartialArts      ParryType = "martial-arts"       // Rank 1-2 martial arts
	ParryShieldWM         ParryType = "shield-wm"          // Shield (with WM)
	ParryOtherMeleeWM     ParryType = "other-melee-wm"     // Other melee parry (with WM)
	ParryOtherMelee       ParryType = "other-melee"        // Other melee parry (without WM)
	ParryRangedWM         ParryType = "ranged-wm"          // Any ranged weapon (with WM)
	ParryRanged           ParryType = "ranged"             // Any ranged weapon (without WM)
	ParryEnergyBlast      ParryType = "energy-blast"       // Energy blast
)

var parryAttackLabels = [...]struct {
	T     AttackType
	Label string
}{
	{AttackRank3MartialArts, "Rank 3 martial arts"},
	{AttackMartialArts, "Rank 1-2 martial arts"},
	{AttackOtherMeleeWM, "Other melee attack (with weapon mastery)"},
	{AttackOtherMelee, "Other melee attack (without weapon mastery)"},
	{AttackRangedWM, "Any ranged weapon (with weapon mastery)"},
	{AttackThrown, "Thrown weapon (without weapon mastery)"},
	{AttackProjectile, "Projectile weapon (without weapon mastery)"},
	{AttackEnergyBlast, "Energy blast"},
}

var parryTypeLabels = [...]struct {
	T     ParryType
	Label string
}{
	{ParryRank3MartialArts, "Rank 3 martial arts"},
	{ParryMartialArts, "Rank 1-2 martial arts"},
	{ParryShieldWM, "Shield (with weapon mastery)"},
	{ParryOtherMeleeWM, "Other melee parry (with weapon mastery)"},
	{ParryOtherMelee, "Other melee parry (without weapon mastery)"},
	{ParryRangedWM, "Any ranged weapon (with weapon mastery)"},
	{ParryRanged, "Any ranged weapon (without weapon mastery)"},
	{ParryEnergyBlast, "Energy blast"},
}

// parryingTable[attack][parry], in the label orders above; 0 = "-" (that
// parry cannot stop that attack) (p. 34; App. p. 83).
var parryingTable = [8][8]int{
	{8, 9, 6, 7, 14, 0, 0, 0},   // rank 3 martial arts
	{7, 8, 5, 6, 13, 0, 0, 0},   // rank 1-2 martial arts
	{9, 10, 6, 7, 14, 0, 0, 0},  // other melee (WM)
	{6, 7, 4, 5, 9, 0, 0, 0},    // other melee
	{9, 10, 6, 7, 15, 7, 11, 8}, // ranged (WM)
	{7, 8, 4, 5, 13, 5, 9, 6},   // thrown
	{8, 9, 5, 6, 14, 6, 10, 7},  // projectile
	{0, 0, 8, 0, 0, 0, 0, 6},    // energy blast
}

// ParryAttackTypes returns the attack types in book (row) order.
func ParryAttackTypes() []AttackType {
	out := make([]AttackType, len(parryAttackLabels))
	for i, l := range parryAttackLabels {
		out[i] = l.T
	}
	return out
}

// ParryTypes returns the parry types in book (column) order.
func ParryTypes() []ParryType {
	out := make([]ParryType, len(parryTypeLabels))
	for i, l := range parryTypeLabels {
		out[i] = l.T
	}
	return out
}

func (a AttackType) index() int {
	for i, l := range parryAttackLabels {
		if l.T == a {
			return i
		}
	}
	return -1
}

func (p ParryType) index() int {
	for i, l := range parryTypeLabels {
		if l.T == p {
			return i
		}
	}
	return -1
}

// Valid reports whether a is a Parrying Table row.
func (a AttackType) Valid() bool { return a.index() >= 0 }

// Valid reports whether p is a Parrying Table column.
func (p ParryType) Valid() bool { return p.index() >= 0 }

// Label is the book's row label.
func (a AttackType) Label() string {
	if i := a.index(); i >= 0 {
		return parryAttackLabels[i].Label
	}
	return ""
}

// Label is the book's column label.
func (p ParryType) Label() string {
	if i := p.index(); i >= 0 {
		return parryTypeLabels[i].Label
	}
	return ""
}

// ParryTarget returns the d20 roll (plus strike bonus) needed to parry an
// attack of type a with parry p (Parrying Table, p. 34; App. p. 83). ok is
// false when the table prints "-" (that parry cannot stop the attack) or
// either argument is unknown.
func ParryTarget(a AttackType, p ParryType) (target int, ok bool) {
	ai, pi := a.index(), p.index()
	if ai < 0 || pi < 0 {
		return 0, false
	}
	t := parryingTable[ai][pi]
	return t, t != 0
}

// ParseParryAttack accepts a slug ("other-melee-wm") or the book's row
// label, case-insensitively.
func ParseParryAttack(s string) (AttackType, error) {
	// Every parry check of a ruling asks: the labels are slugged once.
	n := naming.Slug(s)
	for i, l := range parryAttackLabels {
		if n == string(l.T) || n == parryAttackLabelSlugs()[i] {
			return l.T, nil
		}
	}
	return "", refusal.Errorf("rulebook: unknown parry attack type %q", s)
}

// parryAttackLabelSlugs are the slugs of parryAttackLabels' labels, made
// once on first use.
var parryAttackLabelSlugs = sync.OnceValue(func() []string {
	out := make([]string, len(parryAttackLabels))
	for i, l := range parryAttackLabels {
		out[i] = naming.Slug(l.Label)
	}
	return out
})

// ParseParryType accepts a slug ("shield-wm") or the book's column label,
// case-insensitively.
func ParseParryType(s string) (ParryType, error) {
	n := naming.Slug(s)
	for i, l := range parryTypeLabels {
		if n == string(l.T) || n == parryTypeLabelSlugs()[i] {
			return l.T, nil
		}
	}
	return "", refusal.Errorf("rulebook: unknown parry type %q", s)
}

// parryTypeLabelSlugs are the slugs of parryTypeLabels' labels, made
// once on first use.
var parryTypeLabelSlugs = sync.OnceValue(func() []string {
	out := make([]string, len(parryTypeLabels))
	for i, l := range parryTypeLabels {
		out[i] = naming.Slug(l.Label)
	}
	return out
})

// ---------------------------------------------------------------------
// Judo Throw Table (p. 36; App. p. 83)

// JudoResult is a Judo Throw Table cell (p. 36).
type JudoResult struct {
	// Prone: 0 = "-" (throw fails, attack hits normally); 1 = "P" (attack
	// misses, attacker unbalanced, loses next panel); 2 = "2P" (attack
	// misses, attacker prone, loses next two panels).
	Prone int `json:"prone"`
	// Damage ("Dam"): the attacker takes judo-throw damage (2d6 S, 1d3 H,
	// plus the defender's damage bonus if wanted); check knockback.
	Damage bool `json:"damage"`
}

// Thrown reports whether the throw worked (the attack misses).
func (r JudoResult) Thrown() bool { return r.Prone > 0 }

// String renders the book's cell: "-", "P", "P, Dam", "2P, Dam".
func (r JudoResult) String() string {
	var s string
	switch r.Prone {
	case 0:
		s = "-"
	case 1:
		s = "P"
	default:
		s = fmt.Sprintf("%dP", r.Prone)
	}
	if r.Damage {
		s += ", Dam"
	}
	return s
}

type judoRow struct {
	Roll int
	Cols [3]JudoResult
}

var (
	judoNone  = JudoResult{}
	judoP     = JudoResult{Prone: 1}
	judoPDam  = JudoResult{Prone: 1, Damage: true}
	judo2PDam = JudoResult{Prone: 2, Damage: true}
)

// judoTable, printed order (roll 12 down to 1), columns "1", "2", "3+"
// (p. 36; App. p. 83).
var judoTable = [12]judoRow{
	{12, [3]JudoResult{judo2PDam, judo2PDam, judo2PDam}},
	{11, [3]JudoResult{judo2PDam, judo2PDam, judo2PDam}},
	{10, [3]JudoResult{judo2PDam, judo2PDam, judo2PDam}},
	{9, [3]JudoResult{judo2PDam, judo2PDam, judo2PDam}},
	{8, [3]JudoResult{judo2PDam, judo2PDam, judo2PDam}},
	{7, [3]JudoResult{judoPDam, judo2PDam, judo2PDam}},
	{6, [3]JudoResult{judoPDam, judo2PDam, judo2PDam}},
	{5, [3]JudoResult{judoP, judoPDam, judo2PDam}},
	{4, [3]JudoResult{judoP, judoPDam, judo2PDam}},
	{3, [3]JudoResult{judoP, judoP, judoPDam}},
	{2, [3]JudoResult{judoNone, judoP, judoPDam}},
	{1, [3]JudoResult{judoNone, judoP, judoP}},
}

// Judo looks up a judo throw roll (1d6 + strike bonus) on the Judo Throw
// Table (p. 36; App. p. 83). The book leaves the columns ("1", "2", "3+")
// unlabelled; we read column as the DEFENDER'S MARTIAL ARTS RANK. Rolls ≤1 use row 1, ≥12 row 12; column ≤1 uses
// column "1" and ≥3 column "3+".
func Judo(roll int, column int) JudoResult {
	roll = clamp(roll, 1, 12)
	column = clamp(column, 1, 3)
	return judoTable[12-roll].Cols[column-1]
}

// ---------------------------------------------------------------------
// Physical Damage Table (p. 36; App. p. 82)

// DamageType is a Physical Damage Table row.
type DamageType string

// Physical Damage Table attack types, book order.
const (
	DamageUnarmed        DamageType = "unarmed"
	DamageJudoThrow      DamageType = "judo-throw"
	DamageBluntOneHanded DamageType = "blunt-one-handed"
	DamageBluntTwoHanded DamageType = "blunt-two-handed"
	DamageBluntThrown    DamageType = "blunt-thrown"
	DamageSharpOneHanded DamageType = "sharp-one-handed"
	DamageSharpTwoHanded DamageType = "sharp-two-handed"
	DamageSharpThrown    DamageType = "sharp-thrown"
	DamageProjectile     DamageType = "projectile"
	DamageExplosive      DamageType = "explosive"
	DamageEnergyBlast    DamageType = "energy-blast"
)

// DamageRow is a Physical Damage Table row. Health and Stamina are dice
// expressions ("1d6-6", "2d6+6"); both are "" when Varies (energy blast).
type DamageRow struct {
	Type    DamageType `json:"type"`
	Name    string     `json:"name"`
	Health  string     `json:"health"`
	Stamina string     `json:"stamina"`
	Varies  bool       `json:"varies,omitempty"`
}

// physicalDamage (p. 36; App. p. 82). Blunt two-handed is 1d6 / 2d6+6 as
// both copies print it; the p. 40 example's 2d6+3 is the blunt-thrown row.
var physicalDamage = []DamageRow{
	{DamageUnarmed, "Unarmed", "1d6-6", "2d6", false},
	{DamageJudoThrow, "Judo throw", "1d3", "2d6", false},
	{DamageBluntOneHanded, "Blunt one-handed weapon", "1d6-6", "2d6", false},
	{DamageBluntTwoHanded, "Blunt two-handed weapon", "1d6", "2d6+6", false},
	{DamageBluntThrown, "Blunt thrown object or weapon", "1d6", "2d6+3", false},
	{DamageSharpOneHanded, "Sharp one-handed weapon", "2d6", "1d6", false},
	{DamageSharpTwoHanded, "Sharp two-handed weapon", "2d6+3", "1d6", false},
	{DamageSharpThrown, "Sharp thrown weapon", "2d6+3", "1d6", false},
	{DamageProjectile, "Projectile weapon", "2d6+3", "1d6+3", false},
	{DamageExplosive, "Explosive weapon", "3d6+3", "2d6+3", false},
	{DamageEnergyBlast, "Energy blast", "", "", true},
}

// PhysicalDamage returns the damage dice for an attack type (Physical
// Damage Table, p. 36; App. p. 82). Add the damage bonus for unarmed,
// melee and thrown attacks, split between H and S as the attacker likes.
func PhysicalDamage(t DamageType) (DamageRow, error) {
	for _, r := range physicalDamage {
		if r.Type == t {
			return r, nil
		}
	}
	return DamageRow{}, refusal.Errorf("rulebook: unknown damage type %q", string(t))
}

// PhysicalDamageRows returns the Physical Damage Table in book order.
func PhysicalDamageRows() []DamageRow { return append([]DamageRow(nil), physicalDamage...) }

// ParseDamageType accepts a slug or the book's row label.
func ParseDamageType(s string) (DamageType, error) {
	n := naming.Slug(s)
	for _, r := range physicalDamage {
		if n == string(r.Type) || n == naming.Slug(r.Name) {
			return r.Type, nil
		}
	}
	return "", refusal.Errorf("rulebook: unknown damage type %q", s)
}

// Special attacks after movement: every flying kick, slam or charge does
// this damage and costs 1 panel plus 1 recovery panel (pp. 51–76).
const (
	SpecialAttackHealth  = "1d6"
	SpecialAttackStamina = "2d6+6"
)

// ---------------------------------------------------------------------
// Initiative Table (p. 30; App. p. 82)

// InitiativeRow is one Initiative Table band.
type InitiativeRow struct {
	Difference Band `json:"difference"`
	Panels     int  `json:"panels"`
}

// initiativeTable (p. 30; App. p. 82).
var initiativeTable = []InitiativeRow{
	{Band{1, 2}, 1},
	{Band{3, 4}, 2},
	{Band{5, 6}, 3},
	{Band{7, 9}, 4},
}

// InitiativeAdvance returns the winner's advance panels for a d10-vs-d10
// initiative difference (p. 30; App. p. 82). 0 (a tie, re-rolled) gives
// 0; a negative difference is taken as its absolute value; above 9 gives
// 4. Initiative is rolled once per page.
func InitiativeAdvance(diff int) int {
	if diff < 0 {
		diff = -diff
	}
	if diff == 0 {
		return 0
	}
	for _, r := range initiativeTable {
		if r.Difference.Contains(diff) {
			return r.Panels
		}
	}
	return initiativeTable[len(initiativeTable)-1].Panels
}

// InitiativeRows returns the Initiative Table.
func InitiativeRows() []InitiativeRow { return append([]InitiativeRow(nil), initiativeTable...) }

// ---------------------------------------------------------------------
// Pages, panels and action costs (pp. 29–31)

// Panels per page and related constants (pp. 29–31).
const (
	PanelsHero            = 4 // costumed hero or villain
	PanelsMundane         = 2 // bystander, thug, civilian, combatant, animal
	PanelsStunned         = 2
	DoublePanel           = 2     // panels in a double-panel
	FreeReactionsPerPage  = 4     // heroes/villains, against SC 0–1 attacks
	SurpriseRoundPanels   = 2     // attackers' panels before a complete surprise
	FinishingMoveKnockout = "1d6" // hours knocked out
)

// PanelsRow is one "who gets how many panels" row (pp. 29, 38, 71).
type PanelsRow struct {
	Who    string `json:"who"`
	Panels int    `json:"panels"`
	Note   string `json:"note,omitempty"`
}

var panelsPerPage = []PanelsRow{
	{"Costumed hero or villain", PanelsHero, ""},
	{"Mundane character (bystander, thug, goon, civilian, combatant, animal)", PanelsMundane, ""},
	{"Sidekick", 3, `"may get" 3 (p. 29); the Sidekick power gives 2 / 3 / 4 by rank and wins`},
	{"Stunned character", PanelsStunned, ""},
}

// PanelsPerPage returns who gets how many panels per page (pp. 29–31).
func PanelsPerPage() []PanelsRow { return append([]PanelsRow(nil), panelsPerPage...) }

// ActionCost is the time an action takes (pp. 29–31).
type ActionCost struct {
	Slug   string `json:"slug"`
	Action string `json:"action"`
	Panels int    `json:"panels"` // 0 = no time; 2 = double-panel
	Note   string `json:"note,omitempty"`
}

var actionCosts = []ActionCost{
	{"move", "Move up to your movement speed", 1, ""},
	{"super-speed-move-act-move", "Super Speed only: half-move, act, half-move", 2, ""},
	{"melee-one-handed", "Unarmed or one-handed melee attack", 1, ""},
	{"two-handed-weapon", "Two-handed weapon attack", 2, ""},
	{"throw-in-hand", "Throw an item already in your hand", 1, ""},
	{"use-power", "Use or switch on a super power, unless the power says otherwise", 2, ""},
	{"always-on-power", "Always-on powers such as Armour or Toughness", 0, "no time"},
	{"pick-up", "Pick up an object", 1, ""},
	{"grab", "Grab", 1, ""},
	{"finishing-move", "Finishing move on an unconscious or stunned target", 2, "knocked out for 1d6 hours"},
	{"block", "Block with an object already in hand", 1, "+1 panel to pick one up (never free)"},
	{"parry-dodge", "Parry or dodge", 0, "same time as the attack; free against SC 0–1"},
	{"brace", "Brace (Super Strength only)", 0, "no panels"},
	{"judo-throw", "Judo throw", 2, "1 panel to grab plus 1 to throw"},
}

// ActionCosts returns the action time costs (pp. 29–36).
func ActionCosts() []ActionCost { return append([]ActionCost(nil), actionCosts...) }

// ActionCostBySlug looks up an action cost.
func ActionCostBySlug(slug string) (ActionCost, bool) {
	return naming.Find(actionCosts, slug, func(a *ActionCost) string { return a.Slug })
}

// ---------------------------------------------------------------------
// Knockback (pp. 36–37)

// Knockback constants (pp. 36–37, 43).
const (
	DefaultKnockbackThreshold = 20
	KnockbackMetresPerStep    = 2     // metres per step
	KnockbackDamagePerStep    = 5     // stamina damage (or part) over KB per step
	KnockbackCollisionDamage  = "1d6" // S, on hitting an obstruction
	HeroHoleHealth            = 8     // health needed for a hero-sized hole, before dividers
	PronePerMetres            = 2     // +1 on the 1d20 stay-upright roll per 2 m knocked back
)

// KnockbackDistance returns metres of knockback for stamina damage
// against a knockback threshold: 2 m per 5 points (or part of 5) over the
// threshold (p. 36). Dodge reduction comes first; a ranged-form parry too.
// Example: 36 S vs KB 20 is 16 over, 4 steps, 8 m.
func KnockbackDistance(staminaDamage, threshold int) int {
	over := staminaDamage - threshold
	if over <= 0 {
		return 0
	}
	return KnockbackMetresPerStep * ((over + KnockbackDamagePerStep - 1) / KnockbackDamagePerStep)
}

// ProneCheckBonus returns the bonus on the 1d20 stay-upright roll after
// being knocked back metres (+1 per 2 m, p. 37; App. p. 82 step 4b). The
// roll must be ≤ AGI to stay standing. Fractions round down.
func ProneCheckBonus(metres int) int {
	if metres <= 0 {
		return 0
	}
	return metres / PronePerMetres
}

// ---------------------------------------------------------------------
// Wall Strength Table (p. 37; App. p. 79)

// WallMaterial is a Wall Strength Table row slug.
type WallMaterial string

// Wall Strength Table materials, book order.
const (
	WallNormalGlass      WallMaterial = "normal-glass"
	WallWood             WallMaterial = "wood"
	WallThinMetal        WallMaterial = "thin-metal"
	WallBulletproofGlass WallMaterial = "bulletproof-glass"
	WallBrick            WallMaterial = "brick"
	WallMetalDoor        WallMaterial = "metal-door"
	WallStone            WallMaterial = "stone"
	WallConcrete         WallMaterial = "concrete"
	WallArmourPlating    WallMaterial = "armour-plating"
)

// WallRow is a Wall Strength Table row: damage needed for a super-hero
// sized hole, and the knockback it takes off (metres).
type WallRow struct {
	Material           WallMaterial `json:"material"`
	Name               string       `json:"name"`
	DamageNeeded       int          `json:"damage_needed"`
	KnockbackReduction int          `json:"knockback_reduction"` // metres
}

// wallStrength (p. 37; App. p. 79). We follow the table (1 m per 4
// damage) over the prose's "2 m per 4" (the Nefario
// door example on p. 40 agrees with the table). Thin metal stays 8 as
// printed.
var wallStrength = []WallRow{
	{WallNormalGlass, "Normal glass", 8, 2},
	{WallWood, "Wood", 8, 2},
	{WallThinMetal, "Thin metal", 8, 2},
	{WallBulletproofGlass, "Bulletproof glass", 16, 4},
	{WallBrick, "Brick", 16, 4},
	{WallMetalDoor, "Metal door", 24, 6},
	{WallStone, "Stone", 32, 8},
	{WallConcrete, "Concrete", 32, 8},
	{WallArmourPlating, "Armour plating", 32, 8},
}

// Wall returns the Wall Strength Table row for a material (p. 37; App.
// p. 79). An unknown material gives the zero row (Material == "").
func Wall(m WallMaterial) WallRow {
	for _, w := range wallStrength {
		if w.Material == m {
			return w
		}
	}
	return WallRow{}
}

// Walls returns the Wall Strength Table in book order.
func Walls() []WallRow { return append([]WallRow(nil), wallStrength...) }

// ParseWallMaterial accepts a slug or the book's label ("Bulletproof
// glass"), case-insensitively; plain "glass" is normal glass.
func ParseWallMaterial(s string) (WallMaterial, error) {
	n := naming.Slug(s)
	if n == "glass" {
		return WallNormalGlass, nil
	}
	for _, w := range wallStrength {
		if n == string(w.Material) || n == naming.Slug(w.Name) {
			return w.Material, nil
		}
	}
	return "", refusal.Errorf("rulebook: unknown wall material %q", s)
}

// ---------------------------------------------------------------------
// Damage states and recovery (pp. 37–39)

// DamageState is one damage state (pp. 37–38).
type DamageState struct {
	Slug    string `json:"slug"`
	State   string `json:"state"`
	Trigger string `json:"trigger"`
	Effect  string `json:"effect"`
}

var damageStates = []DamageState{
	{"battered", "Battered", "Health ≤ battered value (1/10 of health)", "Conscious but can do nothing except crawl. Heals only in hospital"},
	{"deaths-door", "Death's door", "Health exactly 0", "Unconscious. Dies within 5 minutes without CPR or similar"},
	{"dead", "Dead", "Health below 0", "Dead"},
	{"dazed", "Dazed", "Stamina ≤ dazed value (1/5 of stamina)", "Half movement, −2 to hit"},
	{"stunned", "Stunned", "Stamina ≤ stunned value (1/10 of stamina)", "2 panels per page, cannot move, −5 to hit"},
	{"unconscious", "Unconscious", "Stamina ≤ 0", "Unconscious"},
	{"overflow", "Overflow", "Stamina ≤ −END", "Any further stamina damage is taken as health damage"},
}

// DamageStates returns the damage states (pp. 37–38).
func DamageStates() []DamageState { return append([]DamageState(nil), damageStates...) }

// RecoveryRow is one recovery rule (pp. 14, 38–39).
type RecoveryRow struct {
	Condition string `json:"condition"`
	Recovery  string `json:"recovery"`
}

var recoveryRules = []RecoveryRow{
	{"Dead", "None"},
	{"Battered", "1d6 health per day, only with hospital treatment"},
	{"Not battered", "1d6 health per hour"},
	{"First aid from a trained professional, while alive and not mid-fight", "1d6 health at once"},
	{"Unconscious", "At the end of each page, roll 1d20 ≤ END to recover 1d6 stamina"},
	{"Conscious", "1d6 stamina at the end of each page, automatically"},
	{"Modifiers", "Endurance Table bonus on every roll. Fast Recovery doubles the number of recoveries. Regeneration adds 1d6 H per double-panel of rest"},
	{"After a finishing move", "Health recovers normally. Stamina does not start recovering until the 1d6-hour knockout ends, unless first aid ends it early"},
}

// RecoveryRules returns the recovery rules (pp. 38–39).
func RecoveryRules() []RecoveryRow { return append([]RecoveryRow(nil), recoveryRules...) }

// AttackStep is one row of the Physical Attack Detailed Steps Table (App.
// p. 82 only).
type AttackStep struct {
	Step    string `json:"step"`
	Details string `json:"details"`
}

var attackSteps = []AttackStep{
	{"1", "Attacker rolls to-hit. If they miss, the attack ends here."},
	{"2", "Defender chooses a Reaction."},
	{"2a (optional)", "If the defender is Dodging, they roll to reduce the incoming damage."},
	{"3", "Knockback distance is calculated (2 metres per 5 stun damage beyond their Knockback Threshold)."},
	{"3a (optional)", "If the defender is Parrying, they roll for success. On a success, they roll parrying \"damage\" to cancel out incoming damage."},
	{"3b (optional)", "If the defender is Blocking, the object they are blocking with takes some of the incoming damage, reducing the amount they take."},
	{"4", "The defender takes any remaining damage, reducing it if they have Dividers."},
	{"4a (optional)", "If the defender was knocked back into an object, they take 1d6 Stun (reduced by their S Divider) and may be knocked through it."},
	{"4b (optional)", "If the defender was knocked back, they must roll 1d20 + 1 per 2 metres of Knockback and get less than or equal to their Agility to remain standing."},
}

// AttackSteps returns the Physical Attack Detailed Steps Table (App. p. 82).
func AttackSteps() []AttackStep { return append([]AttackStep(nil), attackSteps...) }

// Reaction describes one defensive reaction (pp. 33–36).
type Reaction struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	Time string `json:"time"`
	Roll string `json:"roll"`
	Who  string `json:"who"`
}

var reactions = []Reaction{
	{"parry", "Parry", "Same time as the attack", "d20 + strike bonus ≥ Parrying Table value; on success roll virtual damage (H + S) and take it off the incoming damage, H first, then S", "Anyone with a suitable parry"},
	{"block", "Block", "1 panel if the object is in hand, +1 panel to pick one up (never free)", "Automatic; incoming damage reduced by the object's remaining health", "Anyone"},
	{"dodge", "Dodge", "Same time as the attack", "1d6 + dodge bonus on the Dodging Table", "Not AC A–C or K–L"},
	{"brace", "Brace", "No panels", "No roll; +5 KB per Super Strength rank", "Super Strength only"},
	{"judo-throw", "Judo throw", "1 panel to grab plus 1 panel to throw", "1d6 + strike bonus on the Judo Throw Table", "Melee attacks only; needs the judo option of Martial Arts"},
}

// Reactions returns the reactions overview (pp. 33–36).
func Reactions() []Reaction { return append([]Reaction(nil), reactions...) }

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// MetresPerStorey is how far a storey of a building is, for a fall given
// in storeys (`fall --storeys N`). The book measures falls in metres only
// (p. 43) and gives no storey: 3 m is the project's reading, recorded in
// docs/rules-notes.md.
const MetresPerStorey = 3
