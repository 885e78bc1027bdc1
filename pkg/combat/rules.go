package combat

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ---------------------------------------------------------------------
// Dice expressions

// exprCache holds parsed damage expressions. Hero files use a handful of
// distinct expressions, so parsing each once keeps Resolve cheap. It is
// filled lazily and bounded.
var exprCache struct {
	sync.RWMutex
	m map[string]*dice.Expr
}

const maxCachedExprs = 4096

// parseExpr parses a dice expression, caching the result.
func parseExpr(s string) (*dice.Expr, error) {
	exprCache.RLock()
	e, ok := exprCache.m[s]
	exprCache.RUnlock()
	if ok {
		return e, nil
	}
	e, err := dice.Parse(s)
	if err != nil {
		return nil, err
	}
	exprCache.Lock()
	if exprCache.m == nil {
		exprCache.m = make(map[string]*dice.Expr)
	}
	if len(exprCache.m) < maxCachedExprs {
		exprCache.m[s] = e
	}
	exprCache.Unlock()
	return e, nil
}

// rollExpr rolls an expression (empty means 0 and rolls nothing). Every
// die is rolled even when the total cannot be positive.
func rollExpr(r dice.Roller, s, purpose string) (int, error) {
	if s == "" {
		return 0, nil
	}
	e, err := parseExpr(s)
	if err != nil {
		return 0, err
	}
	return e.Total(r, purpose)
}

// parseOpt parses an optional expression ("" gives nil).
func parseOpt(s string) (*dice.Expr, error) {
	if s == "" {
		return nil, nil
	}
	return parseExpr(s)
}

// exprMemo is a Resolver's own memo of parsed expressions (a hero's few
// damage expressions), in front of the shared cache. Bounded like it.
type exprMemo struct {
	m map[string]*dice.Expr
}

// parseOpt is parseOpt through the memo.
func (em *exprMemo) parseOpt(s string) (*dice.Expr, error) {
	if s == "" {
		return nil, nil
	}
	if e, ok := em.m[s]; ok {
		return e, nil
	}
	e, err := parseExpr(s)
	if err != nil {
		return nil, err
	}
	if em.m == nil {
		em.m = make(map[string]*dice.Expr)
	}
	if len(em.m) < maxCachedExprs {
		em.m[s] = e
	}
	return e, nil
}

// rollParsed rolls a parsed expression (nil rolls nothing and gives 0).
func rollParsed(r dice.Roller, e *dice.Expr, purpose string) (int, error) {
	if e == nil {
		return 0, nil
	}
	return e.Total(r, purpose)
}

func numDice(e *dice.Expr) int {
	if e == nil {
		return 0
	}
	return e.NumDice()
}

func exprMinOf(e *dice.Expr) int {
	if e == nil {
		return 0
	}
	return e.Min()
}

// d6s renders "Nd6" for split-dice power attacks ("" for none).
func d6s(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n) + "d6"
}

// ---------------------------------------------------------------------
// To-hit (p. 33)

// SituationModifiers lists the to-hit modifiers (p. 33 and the power
// texts) for an attacker with strikeBonus in a situation; dazed and
// stunned are the attacker's condition. Behind and above do not stack:
// behind's +2 is used. Errors name the bad field.
func SituationModifiers(strikeBonus int, sit Situation, dazed, stunned bool) ([]Modifier, error) {
	return appendSituationModifiers(nil, strikeBonus, &sit, dazed, stunned, nil)
}

// appendSituationModifiers appends the to-hit modifiers to mods; att is
// the attacker, whose powers add theirs (attackerToHit), or nil.
func appendSituationModifiers(mods []Modifier, strikeBonus int, sit *Situation, dazed, stunned bool, att *hero.Hero) ([]Modifier, error) {
	if sit.Cover < 0 || sit.Cover > MaxCover {
		return mods, reqErr("cover", "%d is outside 0-%d (the cover penalty, p. 33)", sit.Cover, MaxCover)
	}
	fifths, rangeText, err := rangeModifier(sit)
	if err != nil {
		return mods, err
	}
	if sit.AnalysePanels < 0 || sit.AnalysePanels > MaxAnalysePanels {
		return mods, reqErr("analyse", "%d panels is outside 0-%d (any number of panels, but the bonus stops at +%d, p. 53)", sit.AnalysePanels, MaxAnalysePanels, MaxAnalyseBonus)
	}
	if sit.AccuracyPenalty < 0 || sit.AccuracyPenalty > 20 {
		return mods, reqErr("accuracy-penalty", "%d is outside 0-20", sit.AccuracyPenalty)
	}
	if strikeBonus != 0 {
		mods = append(mods, Modifier{Slug: "strike-bonus", Value: strikeBonus, Text: "attacker's strike bonus", Page: "p. 33"})
	}
	switch {
	case sit.Behind && sit.Above:
		// "Not cumulative" (p. 33): behind and above, only the better +2.
		mods = append(mods, Modifier{Slug: "behind", Value: 2, Text: "attacker behind and above the target (not cumulative: the better, behind)", Page: "p. 33"})
	case sit.Behind:
		mods = append(mods, Modifier{Slug: "behind", Value: 2, Text: "attacker behind the target", Page: "p. 33"})
	case sit.Above:
		mods = append(mods, Modifier{Slug: "above", Value: 1, Text: "attacker above the target", Page: "p. 33"})
	}
	if sit.Unaware {
		mods = append(mods, Modifier{Slug: "unaware", Value: 2, Text: "target unaware of the attack", Page: "p. 33"})
	}
	if sit.Grappled {
		mods = append(mods, Modifier{Slug: "grappled", Value: 4, Text: "target grappled or restrained", Page: "p. 33"})
	}
	if sit.Cover > 0 {
		mods = append(mods, Modifier{Slug: "cover", Value: -sit.Cover, Text: "target behind cover", Page: "p. 33"})
	}
	if sit.Fog {
		mods = append(mods, Modifier{Slug: "fog-smoke", Value: -3, Text: "target obscured by fog or smoke", Page: "p. 33"})
	}
	if stunned {
		mods = append(mods, Modifier{Slug: "stunned", Value: -5, Text: "attacker stunned", Page: "p. 38"})
	} else if dazed {
		mods = append(mods, Modifier{Slug: "dazed", Value: -2, Text: "attacker dazed", Page: "p. 38"})
	}
	if fifths > 0 {
		mods = append(mods, Modifier{Slug: "range", Value: -fifths, Text: rangeText, Page: "p. 33"})
	}
	if sit.Invisible {
		mods = append(mods, Modifier{Slug: string(rulebook.PowerInvisibility), Value: -4, Text: "target invisible", Page: "p. 61"})
	}
	if sit.Shrunk {
		mods = append(mods, Modifier{Slug: string(rulebook.PowerShrinking), Value: -3, Text: "target shrunk", Page: "p. 70"})
	}
	if sit.Camouflaged {
		mods = append(mods, Modifier{Slug: string(rulebook.PowerCamouflage), Value: -2, Text: "target camouflaged and moving", Page: "p. 52"})
	}
	if sit.StealthDark {
		mods = append(mods, Modifier{Slug: "stealth-dark", Value: -2, Text: "target using stealth in the dark", Page: "p. 71"})
	}
	if sit.Dimensional {
		mods = append(mods, Modifier{Slug: "dimensional", Value: -4, Text: "inside a dimensional control area", Page: "p. 57"})
	}
	if sit.Gale {
		mods = append(mods, Modifier{Slug: "gale-fog", Value: -2, Text: "in or shooting into a gale or fog", Page: "p. 78"})
		if sit.GaleExtra > 0 {
			mods = append(mods, Modifier{Slug: "stronger-gale", Value: -sit.GaleExtra, Text: fmt.Sprintf("a stronger gale: %d extra panels concentrating, -1 each", sit.GaleExtra), Page: "p. 78"})
		}
	}
	for _, rule := range attackerToHit {
		mods = rule(mods, att, sit)
	}
	for _, m := range sit.Modifiers {
		if m.Slug == "" {
			m.Slug = "gm"
		}
		mods = append(mods, m)
	}
	return mods, nil
}

// ToHit rules on a to-hit roll (p. 33): roll plus modifiers against the
// To-Hit Table's number for armour class ac and strike class sc.
func ToHit(ac rulebook.ArmourClass, sc rulebook.StrikeClass, mods []Modifier, roll int) (ToHitResult, error) {
	target, err := rulebook.ToHit(ac, sc)
	if err != nil {
		return ToHitResult{}, err
	}
	if roll < 1 || roll > 20 {
		return ToHitResult{}, reqErr("roll", "%d is not a d20 face (1-20)", roll)
	}
	total := roll + sumMods(mods)
	return ToHitResult{Rolled: true, Roll: roll, Modifiers: mods, Total: total, Target: target,
		ArmourClass: ac, StrikeClass: sc, Hit: total >= target}, nil
}

func sumMods(mods []Modifier) int {
	s := 0
	for _, m := range mods {
		s += m.Value
	}
	return s
}

// ---------------------------------------------------------------------
// Dodge (p. 35)

// CanDodge reports whether armour class ac may dodge: not A-C (too heavy)
// nor K-L (untrained) (pp. 32-33, 35; AC D may).
func CanDodge(ac rulebook.ArmourClass) bool { return rulebook.ArmourClassInfo(ac).CanDodge }

// DodgeOutcome rules on a dodge roll: the d6 plus the dodge bonus and other
// modifiers, read on the Dodging Table against strike class sc.
func DodgeOutcome(sc rulebook.StrikeClass, roll, bonus int, mods []Modifier) (total int, res rulebook.DodgeResult) {
	total = roll + bonus + sumMods(mods)
	return total, rulebook.Dodge(total, sc)
}

// DodgeBonus derives a dodge bonus from its sources under a stacking
// option: ac is the armour class, sources are slugs of
// rulebook.DodgeBonusSources (acrobatics-r1, acrobatics-r2,
// martial-arts-r2, reactions, super-speed, gymnastics). "add" adds
// everything (Acrobatics R2's +3 replaces its R1 +2); "best" takes the
// best single source plus Martial Arts' +1, which says "increases by".
func DodgeBonus(ac rulebook.ArmourClass, sources []string, stacking string) (int, []Modifier, error) {
	if !CanDodge(ac) {
		return 0, nil, reqErr("armour-class", "armour class %s cannot dodge (p. 35)", ac)
	}
	var mods []Modifier
	if b := rulebook.ArmourClassInfo(ac).DodgeBonus; b != 0 {
		mods = append(mods, Modifier{Slug: "ac-" + string(rune(ac)), Value: b, Text: "armour class " + ac.String(), Page: "p. 32"})
	}
	all := rulebook.DodgeBonusSources()
	hasAcroR2 := false
	for _, s := range sources {
		if s == "acrobatics-r2" {
			hasAcroR2 = true
		}
	}
	for _, s := range sources {
		if s == "acrobatics-r1" && hasAcroR2 {
			continue // R2's "increases to +3" replaces R1's +2
		}
		found := false
		for _, src := range all {
			if src.Slug == s && s != "ac-f" && s != "ac-g-j" && s != "ac-d-e" {
				mods = append(mods, Modifier{Slug: s, Value: src.Bonus, Text: src.Source})
				found = true
				break
			}
		}
		if !found {
			return 0, nil, reqErr("source", "%q is not a dodge bonus source (acrobatics-r1, acrobatics-r2, martial-arts-r2, reactions, super-speed, gymnastics)", s)
		}
	}
	switch stacking {
	case "", DodgeStackAdd:
		return sumMods(mods), mods, nil
	case DodgeStackBest:
		best, ma := 0, 0
		var kept []Modifier
		var bestMod Modifier
		for _, m := range mods {
			if m.Slug == "martial-arts-r2" {
				ma = m.Value
				kept = append(kept, m)
				continue
			}
			if m.Value > best {
				best, bestMod = m.Value, m
			}
		}
		if best > 0 {
			kept = append([]Modifier{bestMod}, kept...)
		}
		return best + ma, kept, nil
	}
	return 0, nil, reqErr("dodge-stacking", "%q is not add or best", stacking)
}

// ---------------------------------------------------------------------
// Parry (pp. 33-34)

// ParseAttackType accepts a Parrying Table row slug or label, plus the
// aliases "unarmed", "melee" and "fist" for other-melee.
func ParseAttackType(s string) (rulebook.AttackType, error) {
	switch s {
	case "unarmed", "melee", "fist", "blunt", "sharp":
		return rulebook.AttackOtherMelee, nil
	case "ranged":
		return rulebook.AttackProjectile, nil
	}
	return rulebook.ParseParryAttack(s)
}

// ParryStrikeBonusPage is where the parry rule adds the strike bonus:
// "the defender must roll that number or higher on a d20 (adding their
// strike bonus if they have one)" ends The Parry Reaction's first
// paragraph at the foot of p. 33; the Parrying Table it reads, and the
// rest of the section, are on p. 34.
const ParryStrikeBonusPage = "p. 33"

// ParryStrikeBonus is the modifier a parrying defender's strike bonus b
// adds to the parry roll (ParryStrikeBonusPage). `spandex attack`, the
// fight and `spandex parry` all take it from here.
func ParryStrikeBonus(b int) Modifier {
	return Modifier{Slug: "strike-bonus", Value: b, Text: "defender's strike bonus", Page: ParryStrikeBonusPage}
}

// ParryOutcome rules on a parry roll (pp. 33-34): d20 plus the strike
// bonus and modifiers against the Parrying Table. ok is false when the
// table prints "-" (that parry cannot stop that attack).
func ParryOutcome(a rulebook.AttackType, p rulebook.ParryType, roll, strikeBonus int, mods []Modifier) (target, total int, success, ok bool) {
	target, ok = rulebook.ParryTarget(a, p)
	if !ok {
		return 0, 0, false, false
	}
	total = roll + strikeBonus + sumMods(mods)
	return target, total, total >= target, true
}

// rangedParry reports whether a parry type is a ranged attack form, whose
// reduction comes before knockback (p. 36).
func rangedParry(p rulebook.ParryType) bool {
	return p == rulebook.ParryRangedWM || p == rulebook.ParryRanged || p == rulebook.ParryEnergyBlast
}

// ReduceHealthFirst takes amount off incoming health damage first and
// then stamina damage, as parries, blocks and forcefields do (pp. 34, 59).
// It returns the damage left and how much was used.
func ReduceHealthFirst(health, stamina, amount int) (h, s, used int) {
	if amount <= 0 {
		return health, stamina, 0
	}
	dh := min(health, amount)
	health -= dh
	amount -= dh
	ds := min(stamina, amount)
	stamina -= ds
	return health, stamina, dh + ds
}

// ---------------------------------------------------------------------
// Knockback (pp. 36-37)

// KnockbackInput is what a knockback ruling needs.
type KnockbackInput struct {
	// Stamina is the stamina damage counted (after dodge and ranged-parry
	// reductions; before melee parry, block and dividers).
	Stamina int
	// Metres, when positive, is a fixed distance (a thrown person, p. 43)
	// used instead of working one out from Stamina.
	Metres int
	// Threshold is the knockback threshold (0 means the default 20,
	// unless ExactThreshold); Brace is the bracing bonus added to it.
	Threshold      int
	ExactThreshold bool
	Brace          int
	// Obstructions in the path, in any order (sorted by distance).
	Obstructions []Obstruction
	// StaminaDivider reduces each obstruction's 1d6 (step 4a, App. p. 82).
	StaminaDivider int
	// Agility is the defender's agility for the prone check; Gymnastics
	// passes it automatically (p. 71).
	Agility    int
	Gymnastics bool
	// NoProneCheck skips the prone check (a judo throw already decides).
	NoProneCheck bool
}

// WallReductionMetres is how far an obstruction needing damage for a
// hero-sized hole cuts the knockback: the Wall Strength Table's 1 m per 4
// damage (default) or the prose's 2 m per 4 (p. 37).
func WallReductionMetres(damageNeeded int, mode string) int {
	if mode == WallProse {
		return 2 * (damageNeeded / 4)
	}
	return damageNeeded / 4
}

// obstructionNeeds returns the material label and the damage needed for
// a hero-sized hole.
func obstructionNeeds(o Obstruction, i int) (string, int, error) {
	if o.At < 0 || o.At > 1_000_000 {
		return "", 0, reqErr("obstruction", "#%d: distance %d m is outside 0-1000000", i+1, o.At)
	}
	if o.DamageNeeded < 0 || o.DamageNeeded > 1_000_000 {
		return "", 0, reqErr("obstruction", "#%d: damage needed %d is outside 0-1000000", i+1, o.DamageNeeded)
	}
	if o.DamageNeeded > 0 {
		name := o.Material
		if name == "" {
			name = "obstruction"
		}
		return name, o.DamageNeeded, nil
	}
	if w := rulebook.Wall(rulebook.WallMaterial(o.Material)); w.Material != "" {
		return o.Material, w.DamageNeeded, nil // exact slug: no parsing
	}
	m, err := rulebook.ParseWallMaterial(o.Material)
	if err != nil {
		return "", 0, reqErr("obstruction", "#%d: %q is not on the Wall Strength Table (normal-glass, wood, thin-metal, bulletproof-glass, brick, metal-door, stone, concrete, armour-plating)", i+1, o.Material)
	}
	return string(m), rulebook.Wall(m).DamageNeeded, nil
}

// Knockback rules on knockback (pp. 36-37; App. p. 82 steps 3, 4a, 4b):
// 2 m per five points (or part of five) of stamina damage over the
// threshold; each obstruction reached costs 1d6 stamina (less the S
// divider) and cuts the distance, and is broken through when distance
// remains; then the prone check, 1d20 + 1 per 2 m knocked back against
// agility. Dice: one 1d6 per obstruction hit, then the prone 1d20.
func Knockback(in KnockbackInput, r dice.Roller, opt Options) (KnockbackResult, error) {
	var kb KnockbackResult
	err := knockbackInto(&kb, in, r, opt)
	return kb, err
}

func knockbackInto(kb *KnockbackResult, in KnockbackInput, r dice.Roller, opt Options) error {
	th := in.Threshold
	if th == 0 && !in.ExactThreshold {
		th = rulebook.DefaultKnockbackThreshold
	}
	obs := kb.Obstructions[:0]
	*kb = KnockbackResult{StaminaCounted: max(in.Stamina, 0), Threshold: th, BraceBonus: in.Brace, Obstructions: obs}
	eff := th + in.Brace
	kb.Excess = max(0, kb.StaminaCounted-eff)
	kb.Metres = rulebook.KnockbackDistance(kb.StaminaCounted, eff)
	if in.Metres > 0 {
		kb.Excess, kb.Metres = 0, in.Metres
	}
	if len(in.Obstructions) > MaxObstructions {
		return reqErr("obstruction", "%d obstructions is more than %d", len(in.Obstructions), MaxObstructions)
	}
	// Validate every obstruction up front, even those not reached.
	var needBuf [16]int
	var nameBuf [16]string
	needs, names := needBuf[:0], nameBuf[:0]
	for i, o := range in.Obstructions {
		name, need, err := obstructionNeeds(o, i)
		if err != nil {
			return err
		}
		needs, names = append(needs, need), append(names, name)
	}
	if kb.Metres == 0 {
		kb.Obstructions = nil
		return nil
	}
	end := kb.Metres
	var idxBuf [16]int
	for _, i := range sortedByDistance(in.Obstructions, idxBuf[:0]) {
		o := in.Obstructions[i]
		if o.At >= end {
			break
		}
		name, need := names[i], needs[i]
		roll, err := r.Roll(6, obstructionPurpose(i))
		if err != nil {
			return err
		}
		or := ObstructionResult{Material: name, At: o.At, DamageNeeded: need, Roll: roll,
			Stamina: rulebook.DivideDamage(roll, in.StaminaDivider)}
		if o.DamageNeeded == 0 && (opt.WallReduction == "" || opt.WallReduction == WallTable) {
			or.Reduction = rulebook.Wall(rulebook.WallMaterial(name)).KnockbackReduction
		} else {
			or.Reduction = WallReductionMetres(need, opt.WallReduction)
		}
		if end-o.At > or.Reduction {
			or.BrokeThrough = true
			end -= or.Reduction
			kb.Obstructions = append(kb.Obstructions, or)
			continue
		}
		end = o.At
		kb.Obstructions = append(kb.Obstructions, or)
		break
	}
	if len(kb.Obstructions) == 0 {
		kb.Obstructions = nil
	}
	kb.Travelled = end
	if in.NoProneCheck {
		return nil
	}
	kb.Agility = in.Agility
	kb.ProneBonus = rulebook.ProneCheckBonus(kb.Metres)
	if in.Gymnastics {
		kb.Automatic = true
		return nil
	}
	// Prone when the d20 plus the bonus beats agility: the face counts
	// only as doing so or not.
	roll, err := dice.RollCut(r, 20, "prone check", in.Agility-kb.ProneBonus+1)
	if err != nil {
		return err
	}
	kb.ProneRoll = roll
	kb.ProneTotal = roll + kb.ProneBonus
	kb.Prone = kb.ProneTotal > in.Agility
	return nil
}

// obstructionPurposes name the obstruction dice without allocating.
var obstructionPurposes = [...]string{"knockback obstruction 1", "knockback obstruction 2", "knockback obstruction 3",
	"knockback obstruction 4", "knockback obstruction 5", "knockback obstruction 6", "knockback obstruction 7", "knockback obstruction 8"}

func obstructionPurpose(i int) string {
	if i < len(obstructionPurposes) {
		return obstructionPurposes[i]
	}
	return "knockback obstruction " + strconv.Itoa(i+1)
}

// sortedByDistance returns the indexes of obs ordered by At (stable),
// appended to buf.
func sortedByDistance(obs []Obstruction, buf []int) []int {
	idx := buf[:0]
	for i := range obs {
		idx = append(idx, i)
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && obs[idx[j]].At < obs[idx[j-1]].At; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

// ---------------------------------------------------------------------
// Dividers and conditions (pp. 37-38)

// ApplyDividers divides health and stamina damage by the dividers,
// rounding the damage taken up; a divider below 2 is ignored (p. 37).
func ApplyDividers(health, stamina int, d rulebook.Dividers) (int, int) {
	return rulebook.DivideDamage(health, d.Health), rulebook.DivideDamage(stamina, d.Stamina)
}

// Tracks are a character's health and stamina with their thresholds.
type Tracks struct {
	Health    int `json:"health"`
	Stamina   int `json:"stamina"`
	Battered  int `json:"battered"`
	Dazed     int `json:"dazed"`
	Stunned   int `json:"stunned"`
	Endurance int `json:"endurance"`
	// NoStamina marks a robot's tracks (p. 49): stamina damage is
	// ignored and stamina gives no condition.
	NoStamina bool `json:"no_stamina"`
}

// Conditions are the damage states a set of tracks gives (pp. 37-38).
type Conditions struct {
	Battered    bool `json:"battered"`
	DeathsDoor  bool `json:"deaths_door"`
	Dead        bool `json:"dead"`
	Dazed       bool `json:"dazed"`
	Stunned     bool `json:"stunned"`
	Unconscious bool `json:"unconscious"`
	// Overflowing: stamina is at or below -END, so further stamina damage
	// is taken as health damage.
	Overflowing bool `json:"overflowing"`
}

// Worst names the worst state: dead, deaths_door, unconscious, battered,
// stunned, dazed or ok.
func (c Conditions) Worst() string {
	switch {
	case c.Dead:
		return "dead"
	case c.DeathsDoor:
		return "deaths_door"
	case c.Unconscious:
		return "unconscious"
	case c.Battered:
		return "battered"
	case c.Stunned:
		return "stunned"
	case c.Dazed:
		return "dazed"
	}
	return "ok"
}

// ConditionsOf returns the damage states of tracks (pp. 37-38): battered
// at health ≤ battered value, death's door at exactly 0 (unconscious),
// dead below 0; dazed at stamina ≤ dazed value, stunned ≤ stunned value,
// unconscious ≤ 0; overflowing at ≤ -endurance.
func ConditionsOf(t Tracks) Conditions {
	c := Conditions{
		Battered:   t.Health <= t.Battered && t.Health >= 0,
		DeathsDoor: t.Health == 0,
		Dead:       t.Health < 0,
		Dazed:      t.Stamina <= t.Dazed,
		Stunned:    t.Stamina <= t.Stunned,
	}
	c.Unconscious = t.Stamina <= 0 || c.DeathsDoor || c.Dead
	c.Overflowing = t.Stamina <= -t.Endurance
	if t.NoStamina {
		// A robot has no stamina (p. 49): only health damage stops it.
		c.Dazed, c.Stunned, c.Overflowing = false, false, false
		c.Unconscious = c.DeathsDoor || c.Dead
	}
	return c
}

// TakeDamage takes health and stamina damage (already divided) off the
// tracks. Stamina stops at minus endurance; stamina damage past it is
// taken as health damage instead (p. 38), returned as overflow. A robot's
// tracks (NoStamina) ignore stamina damage altogether (p. 49).
func TakeDamage(t Tracks, health, stamina int) (after Tracks, overflow int) {
	floor := -t.Endurance
	if stamina > 0 && !t.NoStamina {
		switch {
		case t.Stamina <= floor:
			overflow = stamina
		case t.Stamina-stamina < floor:
			overflow = floor - (t.Stamina - stamina)
			t.Stamina = floor
		default:
			t.Stamina -= stamina
		}
	}
	t.Health -= max(health, 0) + overflow
	return t, overflow
}

// ---------------------------------------------------------------------
// Objects (pp. 39, 41)

// LookupObject finds an object's Object Table row by example name or by
// mass; name wins when both are given.
func LookupObject(name string, massKg float64) (rulebook.ObjectRow, error) {
	if name != "" {
		if row, ok := rulebook.ObjectByName(name); ok {
			return row, nil
		}
		if massKg == 0 {
			return rulebook.ObjectRow{}, refusal.Errorf("%q is not an Object Table example: give its mass or health", name)
		}
	}
	return rulebook.ObjectByMass(massKg)
}
