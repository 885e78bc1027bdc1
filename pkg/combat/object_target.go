package combat

import (
	"fmt"
	"math"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// ObjectTarget is an object or a wall taking damage (p. 39): "objects are
// given a health score as if they were a character and may be broken or
// destroyed if they take enough health damage; but have no stamina score
// and are immune to stamina damage."
type ObjectTarget struct {
	// Name is an Object Table example, or MassKg its mass: the row's
	// Health is the health damage that destroys it (p. 39).
	Name   string  `json:"name,omitempty"`
	MassKg float64 `json:"mass_kg,omitempty"`
	// Material makes a sturdy object: its H divider (/2 brick, /3 thin
	// metal, /4 stone, concrete, armour-plated metal, p. 39). Divider
	// gives one directly.
	Material string `json:"material,omitempty"`
	Divider  int    `json:"divider,omitempty"`
	// Wall is a Wall Strength Table material (p. 37): the damage needed
	// for a super-hero sized hole, its divider already counted.
	Wall string `json:"wall,omitempty"`
	// Remaining is the health it has left from earlier damage; 0 means
	// undamaged.
	Remaining int `json:"remaining,omitempty"`
	// Lower lowers an object's divider (energy blast 2; below 2 it is
	// ignored, p. 37); IgnoreDividers drops it (eldritch bolt, psionic
	// blast). Neither touches a wall's Wall Strength Table figure.
	Lower          int  `json:"lower,omitempty"`
	IgnoreDividers bool `json:"ignore_dividers,omitempty"`
}

// ObjectDamage is what a blow did to an object or wall.
type ObjectDamage struct {
	Object string `json:"object"`
	// Row is the Object Table mass row or the Wall Strength Table row.
	Row  string `json:"row"`
	Wall bool   `json:"wall"`
	// Health is what destroys it (a hole, for a wall); Divider its H
	// divider (0: none).
	Health  int `json:"health"`
	Divider int `json:"divider"`
	// Incoming health damage; Stamina damage is ignored (objects are
	// immune to it); Taken is the health damage after the divider,
	// rounded up (p. 37).
	Incoming       int  `json:"incoming_health"`
	StaminaIgnored int  `json:"stamina_ignored"`
	Taken          int  `json:"taken"`
	Before         int  `json:"before"`
	After          int  `json:"after"`
	Destroyed      bool `json:"destroyed"`
	// Needed is the incoming health damage that would now finish it:
	// After x Divider.
	Needed int `json:"needed"`
}

// DamageObject applies health and stamina damage (after the attack's
// bonus and any reactions) to an object or wall (p. 39). An Object Table
// object has its row's health and a sturdy material's H divider; the
// damage taken is the health damage divided, rounded up (p. 37), and it
// breaks when its health reaches 0. A wall is its Wall Strength Table
// row (p. 37): the damage needed for a super-hero sized hole already
// counts the material (brick 16 is 8 at /2), so it takes health damage
// undivided and is holed at 0. Stamina damage never counts. Knocking a
// combatant through a wall is the attack's own knockback ruling.
func DamageObject(t ObjectTarget, health, stamina int) (ObjectDamage, ruling.Steps, error) {
	var st ruling.Steps
	if health < 0 || stamina < 0 {
		return ObjectDamage{}, nil, reqErr("damage", "damage cannot be negative (%d H, %d S)", health, stamina)
	}
	var d ObjectDamage
	switch {
	case t.Wall != "":
		if t.Name != "" || t.MassKg != 0 || t.Material != "" || t.Divider != 0 {
			return ObjectDamage{}, nil, reqErr("wall", "a wall is its Wall Strength Table row: not with an object, material or divider")
		}
		m, err := rulebook.ParseWallMaterial(t.Wall)
		if err != nil {
			return ObjectDamage{}, nil, reqErr("wall", "%q is not on the Wall Strength Table (normal-glass, wood, thin-metal, bulletproof-glass, brick, metal-door, stone, concrete, armour-plating)", t.Wall)
		}
		w := rulebook.Wall(m)
		d = ObjectDamage{Object: w.Name + " wall", Row: w.Name, Wall: true, Health: w.DamageNeeded}
		st.AddRow("wall", "p. 37", "Wall Strength Table", w.Name, "a super-hero sized hole in %s needs %d health damage (the material counted); stamina damage does nothing", w.Name, w.DamageNeeded)
	default:
		if math.IsNaN(t.MassKg) || math.IsInf(t.MassKg, 0) || t.MassKg < 0 {
			return ObjectDamage{}, nil, reqErr("object", "%v is not a mass in kg", t.MassKg)
		}
		if t.Name == "" && t.MassKg == 0 {
			return ObjectDamage{}, nil, reqErr("object", "name an Object Table example or give its mass, or a wall material")
		}
		row, err := LookupObject(t.Name, t.MassKg)
		if err != nil {
			return ObjectDamage{}, nil, reqErr("object", "%v", err)
		}
		name := t.Name
		if name == "" {
			name = fmt.Sprintf("%v kg object", t.MassKg)
		}
		div := t.Divider
		if t.Material != "" {
			if div != 0 {
				return ObjectDamage{}, nil, reqErr("material", "give a material or a divider, not both")
			}
			div = rulebook.SturdyDivider(t.Material)
			if div == 0 {
				return ObjectDamage{}, nil, reqErr("material", "%q is not a sturdy material: brick (/2), thin-metal (/3), stone, concrete or armour-plating (/4)", t.Material)
			}
		}
		if div < 0 || div > 100 {
			return ObjectDamage{}, nil, reqErr("divider", "%d is outside 0-100", div)
		}
		if t.Lower > 0 {
			div = rulebook.Dividers{Health: div}.Lowered(t.Lower).Health
		}
		if t.IgnoreDividers {
			div = 0
		}
		d = ObjectDamage{Object: name, Row: row.Mass, Health: row.Health, Divider: div}
		st.AddRow("object", "p. 39", "Object Table", row.Mass, "%s: %d health damage destroys it; no stamina, immune to stamina damage", name, row.Health)
		if div >= 2 {
			st.Add("divider", "p. 39", "sturdy%s: H divider /%d", yesText(t.Material != "", " ("+t.Material+")"), div)
		}
	}
	d.Before = d.Health
	if t.Remaining != 0 {
		if t.Remaining < 0 || t.Remaining > d.Health {
			return ObjectDamage{}, nil, reqErr("remaining", "%d is outside 1-%d (its health)", t.Remaining, d.Health)
		}
		d.Before = t.Remaining
	}
	d.Incoming, d.StaminaIgnored = health, stamina
	d.Taken = rulebook.DivideDamage(health, d.Divider)
	d.After = max(0, d.Before-d.Taken)
	d.Destroyed = d.After == 0
	d.Needed = d.After * max(d.Divider, 1)
	what := "destroyed"
	if d.Wall {
		what = "holed: a super-hero sized hole"
	}
	verdict := fmt.Sprintf("%d left; %d more health damage %s it", d.After, d.Needed, map[bool]string{true: "holes", false: "destroys"}[d.Wall])
	if d.Destroyed {
		verdict = what
	}
	st.Add("damage", "pp. 37, 39", "%d H%s%s: takes %d of %d: %s", health, yesText(d.Divider >= 2, fmt.Sprintf(" /%d (rounded up)", d.Divider)),
		yesText(stamina > 0, fmt.Sprintf(" (%d S ignored)", stamina)), d.Taken, d.Before, verdict)
	return d, st, nil
}

// ObjectStrike is one of a character's attacks on an object or a wall.
type ObjectStrike struct {
	Attacker string       `json:"attacker"`
	Attack   string       `json:"attack"`
	Damage   DamageResult `json:"damage"`
	Object   ObjectDamage `json:"object"`
	// PoolSpent is what a pool power's blow costs its attacker (energy,
	// magic, psi, fluid), as on a combatant; ApplyPool takes it off.
	PoolSpent *PoolSpend `json:"pool_spent,omitempty"`
	// Knockback is always 0: the book knocks back a defender by the
	// stamina damage over its knockback threshold (p. 36); an object has
	// neither stamina nor a threshold (p. 39).
	Knockback int           `json:"knockback_metres"`
	Dice      []dice.Rolled `json:"dice"`
	Steps     ruling.Steps  `json:"steps"`
}

// Blow is how an attacker strikes an object: the damage bonus put on
// health (the rest goes on stamina, which objects ignore; nil puts the
// whole bonus on health, ObjectBonusOnHealth) and, for a
// power that splits its dice (energy blast, eldritch bolt, psionic blast,
// snare ball, a partial re-phase strike), the dice on each side.
type Blow struct {
	SplitHealth *int      `json:"split_health,omitempty"`
	PowerDice   PowerDice `json:"power_dice"`
}

// StrikeObject rolls attacker's attack a (one of its attacks, or an
// object weapon from ObjectWeaponAttack) against an object or wall (p.
// 39): an unattended object neither dodges nor parries and has no armour
// class, so the blow lands (docs/rules-notes.md); the attack's damage
// formulas (or b.PowerDice of a power that splits its dice), plus its
// damage bonus (if it takes one) and extra damage, split b.SplitHealth on
// health (p. 36); its divider lowering applies to a sturdy object's
// divider. A pool power costs what it costs against a combatant
// (powerCost: energy blast 1 point a die, eldritch bolt 2, ...), checked
// against the pool here and recorded in PoolSpent; attacker is not
// changed (ApplyPool). No knockback: see ObjectStrike.Knockback. Dice:
// the health formula, then the stamina formula.
func StrikeObject(attacker *hero.Hero, a *hero.Attack, b Blow, t ObjectTarget, r dice.Roller) (*ObjectStrike, error) {
	in := DamageInput{HealthExpr: a.Health, StaminaExpr: a.Stamina, Bonus: a.ExtraDamage}
	if a.AddsDamageBonus {
		in.Bonus += attacker.Combat.DamageBonus
	}
	splitHealth := ObjectBonusOnHealth(in.Bonus)
	if b.SplitHealth != nil {
		splitHealth = *b.SplitHealth
	}
	in.SplitHealth = splitHealth
	if splitHealth < 0 || splitHealth > max(in.Bonus, 0) {
		return nil, reqErr("split", "health=%d: the damage bonus is %d, so put 0-%d on health", splitHealth, in.Bonus, max(in.Bonus, 0))
	}
	special := specialOf(a)
	pd := b.PowerDice
	if pd.Health < 0 || pd.Stamina < 0 {
		return nil, reqErr("power-dice", "dice cannot be negative (%d health, %d stamina)", pd.Health, pd.Stamina)
	}
	if pd.Set() {
		if special == nil || !special.splitsDice {
			return nil, reqErr("power-dice", "%s does not split dice between health and stamina", a.Slug)
		}
		in.HealthExpr, in.StaminaExpr = d6s(pd.Health), d6s(pd.Stamina)
	}
	var nh, ns int
	for i, x := range []string{in.HealthExpr, in.StaminaExpr} {
		e, err := parseOpt(x)
		if err != nil {
			return nil, reqErr("with", "%s: %v", a.Slug, err)
		}
		if i == 0 {
			nh = numDice(e)
		} else {
			ns = numDice(e)
		}
	}
	poolName, cost, err := powerCost(attacker, special, nh, ns)
	if err != nil {
		return nil, err
	}
	var spend *PoolSpend
	noPool := false
	if poolName != "" {
		pool, err := chargePool(attacker, a, poolName, cost)
		if err != nil {
			return nil, err
		}
		if pool != nil {
			spend = &PoolSpend{Pool: poolName, Amount: cost}
		} else {
			noPool = true
		}
	}
	if t.Wall == "" {
		// As against a combatant (pipeline.dividers): an energy blast's
		// dividers count as 2 lower, an eldritch bolt and a psionic
		// blast ignore them (pp. 55, 63, 68), whether or not the file's
		// attack says so.
		lower := a.LowersDividers
		if special != nil && special.lowers > 0 {
			lower = max(lower, special.lowers)
		}
		t.Lower += lower
		t.IgnoreDividers = t.IgnoreDividers || a.IgnoresDividers || (special != nil && special.ignoresDividers)
	}
	if _, _, err := DamageObject(t, 0, 0); err != nil {
		return nil, err // refused before any die
	}
	rec := dice.NewRecorder(r)
	d, err := DamageRoll(in, rec)
	if err != nil {
		return nil, err
	}
	od, st, err := DamageObject(t, d.Health, d.Stamina)
	if err != nil {
		return nil, err
	}
	os := &ObjectStrike{Attacker: attacker.Name, Attack: a.Slug, Damage: d, Object: od, PoolSpent: spend, Dice: rec.Rolls()}
	os.Steps.Add("strike", "p. 39", "%s strikes %s with %s: an unattended object neither dodges nor parries, so it is hit", attacker.Name, od.Object, nameOr(a.Name, a.Slug))
	switch {
	case spend != nil:
		os.Steps.Add("pool", "pp. 55-72", "%s: %s on health, %s on stamina cost %d %s points (as against a combatant)", a.Slug, nameOr(in.HealthExpr, "no dice"), nameOr(in.StaminaExpr, "no dice"), cost, poolName)
	case noPool:
		os.Steps.Add("pool", "pp. 55-72", "%s has no %s pool in its file: nothing spent", attacker.Name, poolName)
	}
	os.Steps.AddRow("damage", "p. 36", "Physical Damage Table", nameOr(a.DamageType, a.Slug), "health %s rolled %d, stamina %s rolled %d; bonus %d split %d H / %d S: %d H, %d S",
		nameOr(d.HealthExpr, "-"), d.HealthRoll, nameOr(d.StaminaExpr, "-"), d.StaminaRoll, d.Bonus, d.BonusHealth, d.BonusStamina, d.Health, d.Stamina)
	os.Steps = append(os.Steps, st...)
	os.Steps.Add("knockback", "pp. 36, 39", "none: knockback is a defender's, by the stamina damage over its knockback threshold; an object has no stamina and no threshold")
	return os, nil
}

// ApplyPool takes the blow's pool cost off attacker (the one it was
// rolled for); it reports the pool and what is left, or "" when nothing
// was spent.
func (os *ObjectStrike) ApplyPool(attacker *hero.Hero) (pool string, left int) {
	ps := os.PoolSpent
	if ps == nil {
		return "", 0
	}
	p := attacker.FindPool(ps.Pool)
	if p == nil {
		return "", 0
	}
	p.Current = max(0, p.Current-ps.Amount)
	return ps.Pool, p.Current
}

// Summary is the strike in one line.
func (os *ObjectStrike) Summary() string {
	o := os.Object
	state := fmt.Sprintf("%d of %d health left", o.After, o.Health)
	if o.Destroyed {
		state = map[bool]string{true: "holed", false: "destroyed"}[o.Wall]
	}
	return fmt.Sprintf("%s strikes %s with %s: %d H taken; %s", os.Attacker, o.Object, os.Attack, o.Taken, state)
}
