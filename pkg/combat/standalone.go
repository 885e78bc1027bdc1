package combat

// Rulings made on their own, outside an attack: psychic contests, throws,
// falls and a bare damage roll (spandex psychic, throw, fall, damage).

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ---------------------------------------------------------------------
// Psychic and magic attacks (p. 43)

// PsychicInput is a psychic or magic attack's will contest.
type PsychicInput struct {
	AttackerWill int `json:"attacker_will"`
	// AttackerBonus is any bonus on the attacker's roll (Psychic Drain's
	// +1 per psi spent, p. 68).
	AttackerBonus int `json:"attacker_bonus"`
	DefenderWill  int `json:"defender_will"`
	// WillBonus is the defender's Confidence Table will bonus (p. 24).
	WillBonus int `json:"will_bonus"`
	// Resist is active resistance: a double-panel reaction adding 1d6.
	Resist bool `json:"resist"`
	// AttackerHeroPoints and DefenderHeroPoints re-roll each side's own
	// d20 that many times, keeping the higher (p. 14);
	// AttackerOpponentHeroPoints and DefenderOpponentHeroPoints are
	// points a side spends making the other side re-roll its d20, the
	// lower kept (the GM's or an opponent's roll "that directly affects"
	// the spender). On one d20 its owner's re-rolls come first, then the
	// other side's against the result that stands (heropoints.KeepBoth).
	// The names go in the log records.
	AttackerHeroPoints         int    `json:"attacker_hero_points"`
	DefenderHeroPoints         int    `json:"defender_hero_points"`
	AttackerOpponentHeroPoints int    `json:"attacker_opponent_hero_points"`
	DefenderOpponentHeroPoints int    `json:"defender_opponent_hero_points"`
	AttackerName               string `json:"-"`
	DefenderName               string `json:"-"`
}

// The roll names of a will contest's hero point records.
const (
	contestOwnRoll      = "will contest"
	contestOpponentRoll = "opponent's will contest"
)

// contestSide is one side of a will contest for its d20's re-rolls.
type contestSide struct {
	name, role string
	// own re-roll this side's d20 (higher kept); opp are the other side's
	// points making it re-roll (lower kept).
	own, opp int
}

// contestD20 is one side's d20 of a will contest (p. 43), re-rolled with
// its own hero points (the higher kept) and then with the other side's
// (the lower kept, p. 14; heropoints.KeepBoth).
func contestD20(side, other contestSide, purpose string, r dice.Roller, res *PsychicResult) (int, error) {
	if side.own == 0 && side.opp == 0 {
		return r.Roll(20, purpose) // no re-roll: KeepBoth's one roll, nothing to record
	}
	b, err := heropoints.KeepBoth(side.own, side.opp, heropoints.Higher, func(i int) (int, error) {
		p := purpose
		switch {
		case i > 0 && i <= side.own:
			p += fmt.Sprintf(" (hero point re-roll %d)", i)
		case i > side.own:
			p += fmt.Sprintf(" (%s's hero point re-roll %d)", other.role, i-side.own)
		}
		return r.Roll(20, p)
	})
	if err != nil {
		return 0, err
	}
	if side.own > 0 {
		k, rs := b.OwnResults()
		res.HeroPoints = append(res.HeroPoints, heropoints.Record(nameOr(side.name, side.role), side.role, contestOwnRoll, heropoints.Higher, "d20 face", k, rs))
	}
	if side.opp > 0 {
		k, rs := b.OppResults()
		res.HeroPoints = append(res.HeroPoints, heropoints.Record(nameOr(other.name, other.role), other.role, contestOpponentRoll, heropoints.Lower, "d20 face", k, rs))
	}
	return b.Value(), nil
}

// Psychic rules on a psychic or magic attack (p. 43): 1d20 + will each
// side, the attacker winning ties; active resistance adds 1d6 to the
// defender. Hero points re-roll a side's own d20, the higher kept, or
// make the other side re-roll its d20, the lower kept (p. 14).
// Dice: the attacker's d20, its own hero point re-rolls, the defender's
// re-rolls of it; the defender's d20, its own re-rolls, the attacker's
// re-rolls of it; the resist d6.
func Psychic(in PsychicInput, r dice.Roller) (PsychicResult, error) {
	if in.AttackerWill < 0 || in.DefenderWill < 0 || in.AttackerWill > hero.MaxAbility || in.DefenderWill > hero.MaxAbility {
		return PsychicResult{}, reqErr("will", "will must be 0-%d", hero.MaxAbility)
	}
	var res PsychicResult
	as := contestSide{name: in.AttackerName, role: RoleAttacker, own: in.AttackerHeroPoints, opp: in.DefenderOpponentHeroPoints}
	ds := contestSide{name: in.DefenderName, role: RoleDefender, own: in.DefenderHeroPoints, opp: in.AttackerOpponentHeroPoints}
	a, err := contestD20(as, ds, "psychic attack", r, &res)
	if err != nil {
		return PsychicResult{}, err
	}
	d, err := contestD20(ds, as, "psychic defence", r, &res)
	if err != nil {
		return PsychicResult{}, err
	}
	res.AttackerRoll, res.AttackerWill, res.AttackerBonus = a, in.AttackerWill, in.AttackerBonus
	res.DefenderRoll, res.DefenderWill, res.WillBonus, res.Resist = d, in.DefenderWill, in.WillBonus, in.Resist
	if in.Resist {
		v, err := r.Roll(6, "active resistance")
		if err != nil {
			return PsychicResult{}, err
		}
		res.ResistRoll = v
	}
	res.AttackerTotal = a + in.AttackerWill + in.AttackerBonus
	res.DefenderTotal = d + in.DefenderWill + in.WillBonus + res.ResistRoll
	res.Success = res.AttackerTotal >= res.DefenderTotal
	return res, nil
}

// ---------------------------------------------------------------------
// Throwing (pp. 41, 43)

// ThrowResult is how far something can be thrown.
type ThrowResult struct {
	Strength   int     `json:"strength"`
	Object     string  `json:"object,omitempty"`
	Mass       string  `json:"mass"`
	MassKg     float64 `json:"mass_kg,omitempty"`
	Push       int     `json:"push"`
	Lift       int     `json:"lift"`
	ThrowScore int     `json:"throw_score"`
	CanPush    bool    `json:"can_push"`
	CanLift    bool    `json:"can_lift"`
	CanThrow   bool    `json:"can_throw"`
	// Metres thrown; Awkward objects go half as far.
	Metres  int  `json:"metres"`
	Awkward bool `json:"awkward"`
	// Damage is the thrown object's damage row and whether the thrower's
	// damage bonus adds (objects over 1 kg, p. 41).
	Damage     rulebook.DamageRow `json:"damage,omitzero"`
	AddsBonus  bool               `json:"adds_bonus"`
	DamageRule string             `json:"damage_rule,omitempty"`
	Health     int                `json:"object_health,omitempty"`
}

// ThrowObject rules on throwing an object (pp. 39, 41): the Object Table
// row by example name or mass; 2 m per point of strength over the Throw
// score, 1 m at exactly it, half for an unaerodynamic object (rounded
// down); the blunt thrown row with the damage bonus for objects over
// 1 kg.
func ThrowObject(strength int, name string, massKg float64, awkward bool) (ThrowResult, error) {
	if strength < 0 || strength > hero.MaxAbility {
		return ThrowResult{}, reqErr("strength", "%d is outside 0-%d", strength, hero.MaxAbility)
	}
	row, err := LookupObject(name, massKg)
	if err != nil {
		return ThrowResult{}, reqErr("object", "%v", err)
	}
	t := ThrowResult{Strength: strength, Object: name, Mass: row.Mass, MassKg: massKg, Push: row.Push, Lift: row.Lift,
		ThrowScore: row.Throw, CanPush: strength >= row.Push, CanLift: strength >= row.Lift, CanThrow: strength >= row.Throw,
		Awkward: awkward, Health: row.Health}
	t.Metres = rulebook.ObjectThrowDistance(strength, row.Throw)
	if awkward {
		t.Metres /= 2
	}
	t.Damage, _ = rulebook.PhysicalDamage(rulebook.DamageBluntThrown)
	t.AddsBonus = row.MinKg >= 1
	if t.AddsBonus {
		t.DamageRule = "blunt thrown object: 1d6 H / 2d6+3 S plus the thrower's damage bonus (p. 41)"
	} else {
		t.DamageRule = "blunt thrown object under 1 kg: 1d6 H / 2d6+3 S, no damage bonus (p. 41)"
	}
	return t, nil
}

// ThrowPerson rules on throwing a grabbed person of massKg (p. 43): the
// thrower needs the Throw score for the mass; the person goes 1 m per
// point over it (2 m per point, halved for a flailing person), resolved
// as knockback.
func ThrowPerson(strength int, massKg float64) (ThrowResult, error) {
	if strength < 0 || strength > hero.MaxAbility {
		return ThrowResult{}, reqErr("strength", "%d is outside 0-%d", strength, hero.MaxAbility)
	}
	row, err := rulebook.ObjectByMass(massKg)
	if err != nil {
		return ThrowResult{}, reqErr("mass", "%v", err)
	}
	t := ThrowResult{Strength: strength, Mass: row.Mass, MassKg: massKg, Push: row.Push, Lift: row.Lift, ThrowScore: row.Throw,
		CanPush: strength >= row.Push, CanLift: strength >= row.Lift, CanThrow: strength >= row.Throw, Awkward: true}
	t.Metres = rulebook.PersonThrowDistance(strength, row.Throw)
	t.DamageRule = "treated as knockback of the same distance (p. 43)"
	return t, nil
}

// ---------------------------------------------------------------------
// Falling (p. 43)

// FallInput is a fall.
type FallInput struct {
	Metres int `json:"metres"`
	// Jump: a deliberate jump counts 5 m less.
	Jump bool `json:"jump"`
	// Dividers are the faller's dividers, doubled for falls; Soft adds
	// the GM's extra dividers for a soft landing (multiplies both).
	Dividers rulebook.Dividers `json:"dividers"`
	Soft     int               `json:"soft"`
	// Acrobatics next to a surface avoids all fall damage; EdgeGrab is the
	// reaction of grabbing the edge (no fall at all).
	Acrobatics bool `json:"acrobatics"`
	EdgeGrab   bool `json:"edge_grab"`
	// HeroPoints make the GM re-roll the fall's damage that many times,
	// keeping the least damage taken (p. 14; FallOn spends them).
	HeroPoints int `json:"hero_points"`
}

// FallResult is the damage of a fall.
type FallResult struct {
	Metres          int               `json:"metres"`
	EffectiveMetres int               `json:"effective_metres"`
	DiceEach        int               `json:"dice_each"` // d6s of each type
	HealthRoll      int               `json:"health_roll"`
	StaminaRoll     int               `json:"stamina_roll"`
	Dividers        rulebook.Dividers `json:"dividers"`
	Health          int               `json:"health"`
	Stamina         int               `json:"stamina"`
	Avoided         string            `json:"avoided,omitempty"`
	// HeroPoints is the damage re-rolled with hero points (p. 14).
	HeroPoints *heropoints.Reroll `json:"hero_points,omitempty"`
}

// MaxFallDice caps fall damage at 20d6 of each type (p. 43).
const MaxFallDice = 20

// Fall rules on a fall (p. 43): 1d6 health and 1d6 stamina per full 5 m
// fallen (at most 20d6 each), a jump counting 5 m less; H and S dividers
// are doubled. Dice: the health d6s, then the stamina d6s.
func Fall(in FallInput, r dice.Roller) (FallResult, error) {
	if in.Metres < 0 || in.Metres > 1_000_000 {
		return FallResult{}, reqErr("metres", "%d is outside 0-1000000", in.Metres)
	}
	if in.Soft < 0 || in.Soft > 100 {
		return FallResult{}, reqErr("soft", "%d is outside 0-100", in.Soft)
	}
	res := FallResult{Metres: in.Metres, EffectiveMetres: in.Metres}
	switch {
	case in.EdgeGrab:
		res.Avoided = "grabbed the edge as a reaction: no fall (p. 43)"
		return res, nil
	case in.Acrobatics:
		res.Avoided = "acrobatics next to a surface: no fall damage (p. 43)"
		return res, nil
	}
	if in.Jump {
		res.EffectiveMetres = max(0, in.Metres-5)
	}
	res.DiceEach = min(MaxFallDice, res.EffectiveMetres/5)
	if in.HeroPoints != 0 && res.DiceEach == 0 {
		return FallResult{}, reqErr("hero-points", "a fall of %d m effective rolls no damage dice to re-roll", res.EffectiveMetres)
	}
	d := rulebook.Dividers{Health: 2 * in.Dividers.Health, Stamina: 2 * in.Dividers.Stamina}
	if in.Soft >= 2 {
		d.Health = max(d.Health, 1) * in.Soft
		d.Stamina = max(d.Stamina, 1) * in.Soft
	}
	res.Dividers = d
	// The GM's damage roll directly affects the faller: with hero points
	// the least damage taken (health + stamina after dividers) is kept.
	type rolled struct{ h, s, th, ts int }
	var rs []rolled
	kept, results, err := heropoints.Keep(in.HeroPoints, heropoints.Lower, func(i int) (int, error) {
		h, err := dice.Roll(r, res.DiceEach, 6, rerollPurpose("fall damage health", i))
		if err != nil {
			return 0, err
		}
		s, err := dice.Roll(r, res.DiceEach, 6, rerollPurpose("fall damage stamina", i))
		if err != nil {
			return 0, err
		}
		th, ts := ApplyDividers(h, s, d)
		rs = append(rs, rolled{h, s, th, ts})
		return th + ts, nil
	})
	if err != nil {
		return FallResult{}, err
	}
	k := rs[kept]
	res.HealthRoll, res.StaminaRoll, res.Health, res.Stamina = k.h, k.s, k.th, k.ts
	if in.HeroPoints > 0 {
		rr := heropoints.Record("", "hero", "fall damage", heropoints.Lower, "health + stamina damage taken", kept, results)
		res.HeroPoints = &rr
	}
	return res, nil
}

// ---------------------------------------------------------------------
// Damage (p. 36)

// DamageInput is a damage roll from the Physical Damage Table or given
// formulas.
type DamageInput struct {
	// Type is a Physical Damage Table row; HealthExpr/StaminaExpr
	// override its formulas (energy blast varies).
	Type        string `json:"type"`
	HealthExpr  string `json:"health_expr,omitempty"`
	StaminaExpr string `json:"stamina_expr,omitempty"`
	// Bonus is the damage bonus; SplitHealth of it goes on health. A
	// Type whose row takes no damage bonus (projectile, explosive, energy
	// blast; p. 36) adds none: DamageResult.BonusDropped says so.
	Bonus       int `json:"bonus"`
	SplitHealth int `json:"split_health"`
}

// DamageRoll rolls damage (p. 36): the formulas (every die, health then
// stamina) plus the damage bonus split as the attacker chooses; each side
// is at least 0.
func DamageRoll(in DamageInput, r dice.Roller) (DamageResult, error) {
	h, s := in.HealthExpr, in.StaminaExpr
	dropped := 0
	if in.Type != "" {
		t, err := rulebook.ParseDamageType(in.Type)
		if err != nil {
			return DamageResult{}, reqErr("type", "%q is not a Physical Damage Table row (unarmed, judo-throw, blunt-one-handed, blunt-two-handed, blunt-thrown, sharp-one-handed, sharp-two-handed, sharp-thrown, projectile, explosive, energy-blast)", in.Type)
		}
		if !t.TakesDamageBonus() && in.Bonus != 0 {
			// Only unarmed, melee and thrown attacks add it (p. 36).
			dropped, in.Bonus, in.SplitHealth = in.Bonus, 0, 0
		}
		row, _ := rulebook.PhysicalDamage(t)
		if h == "" {
			h = row.Health
		}
		if s == "" {
			s = row.Stamina
		}
		if row.Varies && h == "" && s == "" {
			return DamageResult{}, reqErr("type", "energy blast damage varies: give --health and --stamina dice (p. 55)")
		}
	}
	if h == "" && s == "" {
		return DamageResult{}, reqErr("type", "give a damage type or --health/--stamina dice")
	}
	for _, e := range []string{h, s} {
		if e != "" {
			if _, err := parseExpr(e); err != nil {
				return DamageResult{}, reqErr("dice", "%v", err)
			}
		}
	}
	b, sp := in.Bonus, in.SplitHealth
	if (b >= 0 && (sp < 0 || sp > b)) || (b < 0 && (sp > 0 || sp < b)) {
		return DamageResult{}, reqErr("split", "health=%d does not fit a damage bonus of %d", sp, b)
	}
	hr, err := rollExpr(r, h, "damage health")
	if err != nil {
		return DamageResult{}, err
	}
	sr, err := rollExpr(r, s, "damage stamina")
	if err != nil {
		return DamageResult{}, err
	}
	d := DamageResult{HealthExpr: h, StaminaExpr: s, HealthRoll: hr, StaminaRoll: sr, Bonus: b, BonusHealth: sp, BonusStamina: b - sp, BonusDropped: dropped}
	d.Health, d.Stamina = max(0, hr+sp), max(0, sr+b-sp)
	return d, nil
}

// String renders a damage result as "H 3, S 36".
func (d DamageResult) String() string { return fmt.Sprintf("H %d, S %d", d.Health, d.Stamina) }
