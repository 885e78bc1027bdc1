package combat

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Resolve rules on one attack by attacker on defender, following the
// Physical Attack Detailed Steps (App. p. 82): to-hit, reaction, damage,
// knockback, dividers and immunities, condition. It rolls with r in the
// order documented in the package comment and changes neither hero; call
// Result.Apply to write the outcome onto the defender. Errors name the
// request field at fault (an unknown attack, an ineligible reaction, a
// bad split) as a *RequestError, or come from r (--dice running out).
// Every request check happens before the first die is rolled.
func Resolve(attacker, defender *hero.Hero, req Request, r dice.Roller, opt Options) (*Result, error) {
	res := &Result{}
	if err := new(Resolver).Resolve(res, attacker, defender, req, r, opt); err != nil {
		return nil, err
	}
	return res, nil
}

// Resolver resolves attacks one after another in memory it keeps: a
// simulation creates one, and resolving an attack into a Result it
// reuses allocates nothing. The zero value is ready to use; a Resolver is
// not safe for concurrent use.
type Resolver struct {
	p pipeline
	// exprs are the dice expressions this Resolver has parsed: its own,
	// so simulation workers do not meet on the shared cache's lock.
	exprs exprMemo
}

// Resolve is the package's Resolve writing into res, reusing its slices.
func (rv *Resolver) Resolve(res *Result, attacker, defender *hero.Hero, req Request, r dice.Roller, opt Options) error {
	p, err := rv.prepare(res, attacker, defender, req, r, opt)
	if err != nil {
		return err
	}
	return p.run()
}

// prepare checks the request and readies rv's pipeline to rule on it.
func (rv *Resolver) prepare(res *Result, attacker, defender *hero.Hero, req Request, r dice.Roller, opt Options) (*pipeline, error) {
	if attacker == nil || defender == nil {
		return nil, errors.New("combat: Resolve needs an attacker and a defender")
	}
	if r == nil {
		return nil, errors.New("combat: Resolve needs a roller")
	}
	if err := CheckOptions(opt); err != nil {
		return nil, err
	}
	res.reset()
	// A hero in a specific form of Shapechange fights with that form's
	// powers, abilities and combat figures only (p. 70).
	attacker, defender = attacker.InPlay(), defender.InPlay()
	if req.Situation.Molecular {
		// The molecular layer improves the armour class one step (p. 58):
		// everything read from the class (to-hit, dodging, immunities)
		// follows; the file's dividers stay.
		d := *defender
		d.Combat.ArmourClass = ImprovedArmourClass(defender.Combat.ArmourClass, 1)
		defender = &d
	}
	res.Attacker, res.Defender, res.Mode = attacker.Name, defender.Name, req.Mode
	res.Before = stateOf(defender)
	return prepare(res, attacker, defender, &req, r, opt, &rv.p, &rv.exprs)
}

// CheckOptions checks the rule options.
func CheckOptions(opt Options) error {
	switch opt.DodgeStacking {
	case "", DodgeStackAdd, DodgeStackBest:
	default:
		return reqErr("rules.dodge_stacking", "%q is not add or best", opt.DodgeStacking)
	}
	switch opt.WallReduction {
	case "", WallTable, WallProse:
	default:
		return reqErr("rules.wall_reduction", "%q is not table or prose", opt.WallReduction)
	}
	switch opt.JudoColumn {
	case "", JudoByRank, JudoByStrikeClass:
	default:
		return reqErr("rules.judo_column", "%q is not rank or strike-class", opt.JudoColumn)
	}
	return nil
}

func (res *Result) reset() {
	res.Attacker, res.Defender, res.Mode, res.Attack, res.Outcome = "", "", "", AttackInfo{}, ""
	res.ToHit = ToHitResult{Modifiers: res.ToHit.Modifiers[:0]}
	res.Reaction = ReactionResult{Modifiers: res.Reaction.Modifiers[:0]}
	res.Damage = DamageResult{BonusSources: res.Damage.BonusSources[:0]}
	res.Knockback = nil
	res.Applied = AppliedResult{Absorbers: res.Applied.Absorbers[:0], DividerNotes: res.Applied.DividerNotes[:0]}
	res.Before, res.After = State{}, State{}
	res.Mundane, res.AttackerEffects, res.Finishing, res.PoolSpent = nil, nil, nil, nil
	res.Barrier = nil
	res.Notes = res.Notes[:0]
	res.HeroPoints = res.HeroPoints[:0]
	res.Object = nil
	res.Dice = res.Dice[:0]
	res.Steps = nil
	if res.Dice == nil {
		res.Dice = make([]dice.Rolled, 0, 16)
	}
}

// pipeline is one attack being resolved: what Resolve works with, apart
// from the Result it fills.
type pipeline struct {
	res *Result
	// rec rolls with the caller's roller, recording each die in res.Dice.
	rec recorder
	opt Options

	att, def *hero.Hero
	exprs    *exprMemo
	req      *Request
	reqv     Request
	atk      *hero.Attack
	objAtk   hero.Attack  // an object used as the weapon
	objInfo  ObjectAttack // its ruling
	block    BlockedBy    // a block's object (res.Reaction.Block points here)
	kind     string       // specialKind
	special  *specialAttack
	akind    AttackKind // KindOf: which defences stop it
	mental   bool
	ac       rulebook.ArmourClass // AC used for to-hit
	free     bool

	parry    *hero.Parry
	atype    rulebook.AttackType
	ptype    rulebook.ParryType
	reflect  bool
	objectHP int

	hExpr, sExpr string
	hE, sE       *dice.Expr // parsed hExpr, sExpr (nil for none)
	pvH, pvS     *dice.Expr // the parry's virtual damage
	bonus        int
	pool         *hero.Pool
	poolCost     int

	immune   string // complete immunity, known before damage
	knock    bool   // knockback applies
	grabbing bool   // grab or throw: no damage

	kb    KnockbackResult
	spend PoolSpend
	// mundaneRes is res.Mundane's memory, kept with the Resolver.
	mundaneRes MundaneResult
}

// The armour classes' immunities to strike class 0-1 (p. 32), each
// sentence made once for every class rather than per attack.
var (
	immuneSC01All = acText{text: func(ac rulebook.ArmourClass) string {
		return fmt.Sprintf("armour class %s is immune to all damage from strike class 0-1 attacks (p. 32)", ac)
	}}
	immuneSC01BulletsBlades = acText{text: func(ac rulebook.ArmourClass) string {
		return fmt.Sprintf("armour class %s is immune to strike class 0-1 mundane bullets and blades (p. 32)", ac)
	}}
)

// acText is text for every armour class, made once when first asked for
// (not at start-up: a composite literal of it is static data).
type acText struct {
	text func(rulebook.ArmourClass) string
	once sync.Once
	made map[rulebook.ArmourClass]string
}

// of returns the text for ac.
func (t *acText) of(ac rulebook.ArmourClass) string {
	t.once.Do(func() {
		t.made = map[rulebook.ArmourClass]string{}
		for _, ac := range rulebook.ArmourClasses() {
			t.made[ac] = t.text(ac)
		}
	})
	if s, ok := t.made[ac]; ok {
		return s
	}
	return t.text(ac)
}

// prepare checks the whole request before any die is rolled.
func prepare(res *Result, att, def *hero.Hero, req *Request, r dice.Roller, opt Options, p *pipeline, exprs *exprMemo) (*pipeline, error) {
	obs := p.kb.Obstructions[:0]
	// Cleared, then filled field by field: a composite literal would be
	// built aside and copied over (req may point anywhere).
	*p = pipeline{}
	p.res, p.rec, p.opt, p.att, p.def, p.exprs = res, recorder{r: r, dice: &res.Dice}, opt, att, def, exprs
	p.reqv, p.ac = *req, def.Combat.ArmourClass
	p.req = &p.reqv
	req = p.req
	p.kb.Obstructions = obs
	if !p.ac.Valid() {
		return nil, reqErr("defender", "%s has no valid armour class", def.Name)
	}
	switch req.Mode {
	case ModeStrike, ModeGrab, ModeCrush, ModeFinishing, ModeEscape, ModeThrow:
	default:
		return nil, reqErr("mode", "%q is not strike, grab, crush, finishing-move, escape or throw", req.Mode)
	}
	// The attack.
	switch {
	case req.Object != nil:
		if req.Attack != "" {
			return nil, reqErr("object-weapon", "give one of the attacker's attacks (--with) or an object, not both")
		}
		if req.Mode != ModeStrike {
			return nil, reqErr("object-weapon", "an object is swung or thrown as a strike, not in %s mode", req.Mode)
		}
		atk, info, err := ObjectWeaponAttack(att.Abilities.Final.Strength, unarmedAttack(att).StrikeClass, *req.Object)
		if err != nil {
			return nil, err
		}
		p.objAtk, p.objInfo = atk, info
		p.atk = &p.objAtk
		res.Object = &p.objInfo
	case req.Attack != "":
		p.atk = att.FindAttack(req.Attack)
		if p.atk == nil {
			return nil, reqErr("with", "%q is not one of %s's attacks (%s)", req.Attack, att.Name, attackSlugs(att))
		}
	case req.Mode == ModeStrike:
		if len(att.Combat.Attacks) == 1 {
			p.atk = &att.Combat.Attacks[0]
		} else {
			return nil, reqErr("with", "name the attack (%s)", attackSlugs(att))
		}
	default:
		p.atk = unarmedAttack(att)
	}
	a := p.atk
	if !a.StrikeClass.Valid() {
		return nil, reqErr("with", "%s's strike class %d is outside 0-5", a.Slug, int(a.StrikeClass))
	}
	if p.special = specialOf(a); p.special != nil {
		p.kind = p.special.slug
	}
	p.akind = KindOf(att, a)
	p.mental = p.special != nil && p.special.mental && req.Mode == ModeStrike
	et := energyType(att, a)
	res.Attack = AttackInfo{Slug: a.Slug, Name: a.Name, StrikeClass: a.StrikeClass, DamageType: a.DamageType,
		ParryAs: a.ParryAs, Panels: max(a.Panels, 1), Power: a.PowerID(), Ranged: a.Ranged, Melee: isMelee(a), EnergyType: et}
	if req.Situation.Cold && a.DamageType != "temperature" {
		return nil, reqErr("cold", "only Environmental Control's temperature attack chills (p. 58), not %s", a.Slug)
	}
	if req.Situation.Attracted {
		if a.Slug != "magnetic-missile" {
			return nil, reqErr("attracted", "only a magnetic missile is attracted towards its target (p. 58), not %s", a.Slug)
		}
		if r := req.Situation.RangeMetres; r > a.Range && a.Range > 0 {
			return nil, reqErr("attracted", "an object is attracted only towards a target within range (%d m), not %d m away; repelled, it needs a to-hit roll (p. 58)", a.Range, r)
		}
	}
	if err := CheckLocated(att, def, req.Situation); err != nil {
		return nil, err
	}
	if req.Situation.GaleExtra < 0 || (req.Situation.GaleExtra > 0 && !req.Situation.Gale) {
		return nil, reqErr("gale-extra", "%d: extra panels on a gale go with --gale and are 0 or more (p. 78)", req.Situation.GaleExtra)
	}
	if s := p.special; s != nil && s.armourClass != 0 {
		p.ac = s.armourClass // a partial re-phase strike rolls against AC F (p. 66)
	}
	if req.FreeReactionsUsed < 0 || req.FreeReactionsUsed > MaxFreeReactions {
		return nil, reqErr("free-used", "%d is outside 0-%d (free reactions used this page, p. 31)", req.FreeReactionsUsed, MaxFreeReactions)
	}
	switch req.Situation.DefenderMass {
	case 0, 1, 2, 4, 8, 16:
	default:
		return nil, reqErr("defender-mass", "×%d is not a mass multiplier: 1, 2, 4, 8 or 16 (Density Control (Other), p. 54)", req.Situation.DefenderMass)
	}
	if sit := &req.Situation; sit.RangeMetres != 0 && sit.RangeMax == 0 {
		// A distance in metres: fifths of this attack's range (p. 33).
		if !a.Ranged || a.Range <= 0 {
			return nil, reqErr("range", "%s has no maximum range in its file: give --range-fifths (p. 33)", a.Slug)
		}
		sit.RangeMax = a.Range
	}
	if _, _, err := rangeModifier(&req.Situation); err != nil {
		return nil, err
	}
	p.free = a.StrikeClass <= rulebook.SC1 && GetsFreeReactions(def) && req.FreeReactionsUsed < MaxFreeReactions
	if err := p.checkMode(); err != nil {
		return nil, err
	}
	if err := p.checkReaction(); err != nil {
		return nil, err
	}
	if err := p.checkDamage(); err != nil {
		return nil, err
	}
	if err := p.checkAutoHeroPoints(); err != nil {
		return nil, err
	}
	if err := p.checkHeroPoints(); err != nil {
		return nil, err
	}
	for i, o := range req.Obstructions {
		if _, _, err := obstructionNeeds(o, i); err != nil {
			return nil, err
		}
	}
	if len(req.Obstructions) > MaxObstructions {
		return nil, reqErr("obstruction", "%d obstructions is more than %d", len(req.Obstructions), MaxObstructions)
	}
	return p, nil
}

func (p *pipeline) checkMode() error {
	def, att, req := p.def, p.att, p.req
	c := def.Condition
	if c.Dead && req.Mode != ModeStrike {
		return reqErr("defender", "%s is dead", def.Name)
	}
	switch req.Mode {
	case ModeFinishing:
		if !(c.Unconscious || c.Stunned || c.DeathsDoor || (def.IsMundane() && c.TakenOut)) {
			return reqErr("finishing", "%s is %s: a finishing move needs an unconscious or stunned target (p. 43)", def.Name, c.State())
		}
		if req.Reaction.Kind != ReactionNone {
			return reqErr("reaction", "no reaction against a finishing move: it succeeds automatically (p. 43)")
		}
	case ModeCrush:
		if !c.Grappled || c.GrabbedBy != att.Name {
			return reqErr("crush", "%s is not grappled by %s: grab twice first (p. 42)", def.Name, att.Name)
		}
	case ModeEscape:
		if c.GrabbedBy != att.Name {
			return reqErr("escape", "%s is not held by %s", def.Name, att.Name)
		}
	case ModeThrow:
		if c.GrabbedBy != att.Name {
			return reqErr("throw", "%s has not grabbed %s: grab first, then throw (p. 43)", att.Name, def.Name)
		}
		if p.req.MassKg < 0 {
			return reqErr("mass", "%v kg is negative", p.req.MassKg)
		}
	}
	return nil
}

// checkReaction enforces who may take which reaction against what.
func (p *pipeline) checkReaction() error {
	def, att, req, a := p.def, p.att, p.req, p.atk
	rx := req.Reaction
	k := rx.Kind
	if k == ReactionNone {
		return nil
	}
	field := "reaction"
	allowed := func(kinds ...ReactionKind) error {
		for _, x := range kinds {
			if x == k {
				return nil
			}
		}
		names := make([]string, len(kinds))
		for i, x := range kinds {
			names[i] = string(x)
		}
		what := map[Mode]string{ModeGrab: "a grab (p. 41)", ModeCrush: "a crushing hold (p. 42)", ModeEscape: "an escape: dodge wriggles free, parry forces free (p. 42)",
			ModeThrow: "being thrown (p. 43)", ModeStrike: "a mental attack (p. 43)"}[req.Mode]
		return reqErr(field, "%s is not allowed against %s; use %s", k, what, strings.Join(names, " or "))
	}
	switch {
	case p.mental:
		if err := allowed(ReactionResist); err != nil {
			return err
		}
	case req.Mode == ModeGrab:
		if err := allowed(ReactionParry, ReactionDodge, ReactionJudo); err != nil {
			return err
		}
	case req.Mode == ModeCrush, req.Mode == ModeEscape:
		if err := allowed(ReactionParry, ReactionDodge); err != nil {
			return err
		}
	case req.Mode == ModeThrow:
		if err := allowed(ReactionGrab); err != nil {
			return err
		}
	default:
		if k == ReactionResist {
			return reqErr(field, "resist is only against psychic and magic attacks (p. 43); %s is physical", a.Slug)
		}
		if k == ReactionGrab {
			return reqErr(field, "grab is a reaction to being thrown (p. 43)")
		}
	}
	if req.Situation.Surprise && !NeverSurprised(def) {
		return reqErr(field, "%s is completely surprised and cannot react (p. 29)", def.Name)
	}
	if c := def.Condition; c.Unconscious || c.Dead || c.DeathsDoor || c.TakenOut {
		return reqErr(field, "%s is %s and cannot react", def.Name, c.State())
	}
	switch k {
	case ReactionDodge:
		if !CanDodge(def.Combat.ArmourClass) {
			return reqErr(field, "dodge: %s is armour class %s, which cannot dodge (armour class A-C and K-L, p. 35)", def.Name, def.Combat.ArmourClass)
		}
	case ReactionParry:
		if s := p.special; s != nil && s.unblockable != "" {
			return reqErr(field, "parry: %s", s.unblockable)
		}
		at, ok := attackTypeOf(att, a)
		if !ok {
			return reqErr(field, "parry: %s cannot be parried", a.Slug)
		}
		p.atype = at
		p.reflect = reflects(def, p.res.Attack.EnergyType)
		var err error
		if p.parry, err = ChooseParry(def, rx.Parry, at, field); err != nil {
			return err
		}
		pt, err := parseParryType(p.parry.ParryType)
		if err != nil {
			return reqErr(field, "parry %s: %v", p.parry.Slug, err)
		}
		p.ptype = pt
		if _, ok := rulebook.ParryTarget(at, pt); !ok && !p.reflect {
			return reqErr(field, "parry: %s (%s) cannot stop %s: the Parrying Table shows \"-\" (p. 34)", p.parry.Slug, pt.Label(), at.Label())
		}
		if p.parry.Health == "" && p.parry.Stamina == "" && !p.reflect {
			return reqErr(field, "parry %s has no virtual damage dice (health/stamina)", p.parry.Slug)
		}
		var err2 error
		if p.pvH, err2 = p.exprs.parseOpt(p.parry.Health); err2 == nil {
			p.pvS, err2 = p.exprs.parseOpt(p.parry.Stamina)
		}
		if err2 != nil {
			return reqErr(field, "parry %s: %v", p.parry.Slug, err2)
		}
		if rx.Catch && !(a.DamageType == "blunt-thrown" || a.DamageType == "sharp-thrown" || p.atype == rulebook.AttackThrown) {
			return reqErr("catch", "only a thrown object can be caught (p. 34)")
		}
	case ReactionBlock:
		if s := p.special; s != nil && s.unblockable != "" {
			return reqErr(field, "block: %s", s.unblockable)
		}
		o := rx.Object
		switch {
		case o.Health < 0:
			return reqErr("object", "health %d is negative", o.Health)
		case o.Health > 0:
			p.objectHP = o.Health
		case o.Name == "" && o.MassKg == 0:
			return reqErr("object", "block: name the object (an Object Table example such as desk) or give its health or mass")
		default:
			row, err := LookupObject(o.Name, o.MassKg)
			if err != nil {
				return reqErr("object", "%v", err)
			}
			p.objectHP = row.Health
		}
		if o.Divider < 0 || o.Divider > 100 {
			return reqErr("object", "divider %d is outside 0-100", o.Divider)
		}
		if o.Divider >= 2 {
			p.objectHP *= o.Divider
		}
	case ReactionBrace, ReactionJudo:
		if err := checkReactionPower(def, a, k); err != nil {
			return err
		}
	case ReactionResist, ReactionGrab:
	default:
		return reqErr(field, "%q is not parry, block, dodge, brace, judo-throw or resist", k)
	}
	if rx.TakeExtraPanel && k != ReactionDodge {
		return reqErr("extra-panel", "only a dodge's +P result takes an extra panel (p. 35)")
	}
	return nil
}

// checkDamage works out the damage formulas, bonus and pool cost.
func (p *pipeline) checkDamage() error {
	att, req, a := p.att, p.req, p.atk
	res := p.res
	p.hExpr, p.sExpr = a.Health, a.Stamina
	pd := req.PowerDice
	if pd.Health < 0 || pd.Stamina < 0 {
		return reqErr("power-dice", "dice cannot be negative (%d health, %d stamina)", pd.Health, pd.Stamina)
	}
	if pd.Set() {
		if p.special == nil || !p.special.splitsDice {
			return reqErr("power-dice", "%s does not split dice between health and stamina", a.Slug)
		}
		p.hExpr, p.sExpr = d6s(pd.Health), d6s(pd.Stamina)
	}
	switch req.Mode {
	case ModeCrush:
		p.hExpr, p.sExpr = "1d6-6", "1d6" // p. 42
	case ModeGrab, ModeThrow, ModeEscape, ModeFinishing:
		p.hExpr, p.sExpr = "", ""
		p.grabbing = true
	}
	if m := req.Movement; m != nil && req.Mode == ModeStrike {
		if b, _ := movementBonus(att, m.Power); b == 0 {
			return reqErr("movement", "%s cannot make a movement attack with %q (acrobatics, super-leap, gymnastics, retractable-glider, magnetism, super-speed, growth, shrinking, flight)", att.Name, m.Power)
		}
		if m.Special {
			p.hExpr, p.sExpr = rulebook.SpecialAttackHealth, rulebook.SpecialAttackStamina
		}
	}
	var err error
	if p.hE, err = p.exprs.parseOpt(p.hExpr); err == nil {
		p.sE, err = p.exprs.parseOpt(p.sExpr)
	}
	if err != nil {
		return reqErr("with", "%s: %v", a.Slug, err)
	}
	// Dice counts for split-dice powers.
	nh, ns := numDice(p.hE), numDice(p.sE)
	if req.Mode == ModeStrike {
		poolName, cost, err := powerCost(att, p.special, nh, ns)
		if err != nil {
			return err
		}
		if poolName != "" && req.Reflected {
			res.Notes = append(res.Notes, "reflected energy: no pool pays for it (p. 56)")
		} else if poolName != "" {
			pool, err := chargePool(att, a, poolName, cost)
			if err != nil {
				return err
			}
			if pool != nil {
				p.pool, p.poolCost = pool, cost
				p.spend = PoolSpend{Pool: poolName, Amount: cost}
				res.PoolSpent = &p.spend
			} else {
				res.Notes = append(res.Notes, fmt.Sprintf("%s has no %s pool in its file: nothing spent", att.Name, poolName))
			}
		}
	}
	// The damage bonus and flat bonuses (p. 36; power texts).
	if p.grabbing {
		if req.Split.Health != 0 {
			return reqErr("split", "a %s does no damage to split", req.Mode)
		}
		return nil
	}
	minimum := req.Situation.AttackerShrunk || (req.Situation.AttackerLighter && isMelee(a))
	add := func(slug string, v int, text, page string) {
		if v != 0 {
			res.Damage.BonusSources = append(res.Damage.BonusSources, Modifier{Slug: slug, Value: v, Text: text, Page: page})
			p.bonus += v
		}
	}
	if !minimum {
		if a.AddsDamageBonus || req.Mode == ModeCrush || (req.Movement != nil && req.Movement.Special) {
			add("damage-bonus", att.Combat.DamageBonus, "attacker's damage bonus", "p. 36")
		}
		add("extra-damage", a.ExtraDamage, "the attack's extra damage", "")
		if m := req.Movement; m != nil && !m.Special && req.Mode == ModeStrike {
			b, page := movementBonus(att, m.Power)
			add("movement", b, "attack after moving 4 m or more with "+string(m.Power), page)
		}
		for _, rule := range attackerDamage {
			m, err := rule(att, req)
			if err != nil {
				return err
			}
			add(m.Slug, m.Value, m.Text, m.Page)
		}
		if req.Situation.AttackerDenser && isMelee(a) {
			add("density", 10, "Density Control, denser: melee damage", "p. 54")
		}
	}
	sp := req.Split.Health
	switch {
	case p.bonus >= 0 && (sp < 0 || sp > p.bonus):
		return reqErr("split", "health=%d: the damage bonus is %d, so put 0-%d on health (the rest goes on stamina)", sp, p.bonus, p.bonus)
	case p.bonus < 0 && (sp > 0 || sp < p.bonus):
		return reqErr("split", "health=%d: the damage bonus is %d, so put %d-0 on health", sp, p.bonus, p.bonus)
	}
	res.Damage.Minimum = minimum
	return nil
}

// run rolls the dice and rules, in the documented order.
func (p *pipeline) run() error {
	done, err := p.attackRoll()
	if err != nil {
		return err
	}
	if !done {
		// Step 3: damage.
		if err := p.rollDamage(); err != nil {
			return err
		}
		if err := p.afterDamage(); err != nil {
			return err
		}
	}
	p.bookRecovery()
	return nil
}

// bookRecovery books the attack's own recovery panels, whatever its
// outcome: the flying kick, the slam after Growth or after returning to
// normal size, and the charge each "uses up a second panel in advance
// ... during which you must recover" (pp. 58, 61, 71, 76), as does any
// melee attack made as a special movement attack (Request.Movement). Every
// path that resolves an attack (Resolve, the odds walk's Stages) ends
// here, so every verb books them.
func (p *pipeline) bookRecovery() {
	n := p.atk.RecoveryPanels
	if p.res.Attack.Melee && p.req.Movement != nil && p.req.Movement.Special {
		n = max(n, 1)
	}
	if n > 0 {
		p.effects().RecoveryPanels = n
	}
}

// attackRoll runs steps 1 and 2, the to-hit roll (or the mental contest)
// and the reaction, and every ruling that ends before the damage dice (a
// miss, an avoided attack, a grab, a mundane defender, a complete
// immunity, and the finishing move, escape and throw modes); done is
// true when the attack was ruled on whole.
func (p *pipeline) attackRoll() (done bool, err error) {
	res, req := p.res, p.req
	switch req.Mode {
	case ModeFinishing:
		return true, p.finishing()
	case ModeEscape:
		return true, p.escape()
	case ModeThrow:
		return true, p.throwPerson()
	}
	// Step 1: to-hit (or the mental contest).
	hit := true
	switch {
	case req.Mode == ModeCrush:
		res.ToHit = ToHitResult{ArmourClass: p.def.Combat.ArmourClass, StrikeClass: p.atk.StrikeClass, Hit: true}
	case p.atk.NoToHit && req.Mode == ModeStrike:
		// The electrical arc and temperature need no to-hit roll (pp. 57-58).
		res.ToHit = ToHitResult{ArmourClass: p.def.Combat.ArmourClass, StrikeClass: p.atk.StrikeClass, Hit: true}
		res.Notes = append(res.Notes, p.atk.Slug+": no to-hit roll (pp. 57-58)")
	case req.Situation.Attracted && req.Mode == ModeStrike:
		// An attracted magnetic missile needs no to-hit roll (p. 58).
		res.ToHit = ToHitResult{ArmourClass: p.def.Combat.ArmourClass, StrikeClass: p.atk.StrikeClass, Hit: true}
		res.Notes = append(res.Notes, p.atk.Slug+": attracted towards a target within range, no to-hit roll (p. 58)")
	case p.mental:
		pr, err := p.mentalContest()
		if err != nil {
			return true, err
		}
		res.ToHit = ToHitResult{ArmourClass: p.def.Combat.ArmourClass, StrikeClass: p.atk.StrikeClass, Hit: pr.Success, Mental: pr}
		hit = pr.Success
	default:
		var err error
		hit, err = p.toHit()
		if err != nil {
			return true, err
		}
	}
	if !hit {
		res.Outcome = OutcomeMiss
		if p.mental {
			res.Outcome = OutcomeResisted
		}
		res.Reaction = ReactionResult{Kind: req.Reaction.Kind}
		if req.Reaction.Kind == ReactionResist {
			// The active resistance was taken (a double-panel, p. 43)
			// and the attack failed: the resistance held.
			res.Reaction.Panels = 2
			res.Reaction.Success = true
		}
		res.After = res.Before
		return true, nil
	}
	// Step 2: the reaction.
	avoided, err := p.reaction()
	if err != nil {
		return true, err
	}
	if avoided != "" {
		res.Outcome = avoided
		res.After = res.Before
		return true, nil
	}
	if req.Mode == ModeGrab {
		return true, p.grabbed()
	}
	// Mundane defenders: the simplified rule, no tracks (p. 38).
	if p.def.IsMundane() {
		return true, p.mundane()
	}
	// Complete immunities are known before any damage die.
	p.immune = p.completeImmunity()
	if p.immune != "" {
		res.Outcome = OutcomeImmune
		res.Applied.Immune = p.immune
		res.After = res.Before
		return true, nil
	}
	return false, nil
}

func (p *pipeline) effects() *AttackerEffects {
	if p.res.AttackerEffects == nil {
		p.res.AttackerEffects = &AttackerEffects{}
	}
	return p.res.AttackerEffects
}

// toHit rolls step 1.
func (p *pipeline) toHit() (bool, error) {
	res, att := p.res, p.att
	sit := &p.req.Situation
	if p.def.Condition.Grappled {
		sit.Grappled = true
	}
	mods, err := appendSituationModifiers(res.ToHit.Modifiers, att.Combat.StrikeBonus, sit, att.Condition.Dazed, att.Condition.Stunned, att)
	if err != nil {
		return false, err
	}
	if hasUnseen(mods) {
		if sense, ok := seesUnseen(att, p.def, sit.RangeMetres); ok {
			mods = sense.cancel(mods)
		} else if enhancedHearing(att) {
			mods = HalveUnseen(mods)
		}
	}
	mods = append(mods, AttackModifiers(p.atk)...)
	// The d20 counts only as reaching the target or not (p. 33).
	cut := 0
	if target, err := rulebook.ToHit(p.ac, p.atk.StrikeClass); err == nil {
		cut = target - sumMods(mods)
	}
	var roll int
	if a := p.req.AutoHeroPoints; (a.Attacker > 0 || a.Defender > 0) && cut != 0 {
		roll, err = p.autoToHit(cut)
	} else {
		roll, err = p.rollDieKept(HeroRollToHit, 20, "to-hit", cut)
	}
	if err != nil {
		return false, err
	}
	th, err := ToHit(p.ac, p.atk.StrikeClass, mods, roll)
	if err != nil {
		return false, err
	}
	res.ToHit = th
	return th.Hit, nil
}

// reactionMods are the modifiers on the defender's parry, dodge or judo
// roll from the attacker's powers and the situation.
func (p *pipeline) reactionMods(mods []Modifier, parry bool) []Modifier {
	for _, rule := range attackerReactions {
		mods = rule(mods, p.att, &p.req.Situation)
	}
	if parry && p.req.Situation.Dimensional {
		mods = append(mods, Modifier{Slug: "dimensional", Value: -4, Text: "inside a dimensional control area", Page: "p. 57"})
	}
	if parry {
		for _, rule := range defenderParry {
			mods = rule(mods, p.def)
		}
	}
	return mods
}

// reactionPanels is what a reaction costs before extras.
func (p *pipeline) reactionPanels(k ReactionKind) (int, bool) {
	n := 0
	switch k {
	case ReactionParry, ReactionDodge:
		n = max(p.atk.Panels, 1)
	case ReactionBlock, ReactionGrab:
		n = 1
	case ReactionJudo, ReactionResist:
		n = 2
	}
	if p.req.Mode == ModeEscape {
		n = 1
	}
	if p.free && n > 0 && k != ReactionResist && p.req.Mode != ModeEscape {
		return 0, true
	}
	return n, false
}

// reaction runs step 2 and returns a non-empty outcome when the attack is
// avoided entirely.
func (p *pipeline) reaction() (Outcome, error) {
	res, def := p.res, p.def
	rx := p.req.Reaction
	rr := &res.Reaction
	rr.Kind = rx.Kind
	if rx.Kind == ReactionNone {
		return "", nil
	}
	rr.Panels, rr.Free = p.reactionPanels(rx.Kind)
	rec := &p.rec
	switch rx.Kind {
	case ReactionParry:
		rr.Parry, rr.AttackType, rr.ParryType = p.parry.Slug, string(p.atype), string(p.ptype)
		rr.RangedForm = p.parry.Ranged || rangedParry(p.ptype)
		if p.reflect {
			// "you automatically succeed in a melee parry" (p. 56): the
			// attack is stopped whole, not reduced as a ranged parry.
			rr.RangedForm = false
			rr.Success = true
			res.Notes = append(res.Notes, "Energy Reflect: an automatic successful parry; "+def.Name+" may now roll to hit the source back at strike class 2 (p. 56)")
			rr.Reflect = &Reflection{Attack: p.atk.Slug, DamageType: p.atk.DamageType, EnergyType: res.Attack.EnergyType,
				Health: p.hExpr, Stamina: p.sExpr, Range: p.atk.Range}
			// The energy goes back at its source: none of it reaches the
			// reflector, so no damage, virtual damage or knockback is
			// rolled (read, docs/rules-notes.md).
			return OutcomeParried, nil
		} else {
			mods := rr.Modifiers
			if b := def.Combat.StrikeBonus; b != 0 {
				mods = append(mods, ParryStrikeBonus(b))
			}
			mods = p.reactionMods(mods, true)
			// The d20 counts only as reaching the parry's target or not.
			cut := 0
			if target, ok := rulebook.ParryTarget(p.atype, p.ptype); ok {
				cut = target - sumMods(mods)
			}
			roll, err := p.rollDieKept(HeroRollReaction, 20, "parry", cut)
			if err != nil {
				return "", err
			}
			target, total, ok, _ := ParryOutcome(p.atype, p.ptype, roll, 0, mods)
			rr.Roll, rr.Modifiers, rr.Target, rr.Total, rr.Success = roll, mods, target, total, ok
		}
		if rr.Success {
			bonus := 0
			if p.parry.AddsDamageBonus {
				bonus = def.Combat.DamageBonus
			}
			v, err := ParryVirtualDamage(rec.distOrPlain(), p.pvH, p.pvS, bonus)
			if err != nil {
				return "", err
			}
			rr.VirtualDamage = v
			if rx.Catch {
				caught, note := catches(def, p.req.Object)
				rr.Caught = caught
				res.Notes = append(res.Notes, note)
			}
		}
		if p.req.Mode == ModeGrab || p.req.Mode == ModeEscape {
			return "", nil // the grab's virtual damage is rolled by the caller
		}
		return "", nil
	case ReactionDodge:
		roll, err := p.rollDieKept(HeroRollReaction, 6, "dodge", 0)
		if err != nil {
			return "", err
		}
		mods := rr.Modifiers
		if b := def.Combat.DodgeBonus; b != 0 {
			mods = append(mods, Modifier{Slug: "dodge-bonus", Value: b, Text: "defender's dodge bonus", Page: "p. 35"})
		}
		mods = p.reactionMods(mods, false)
		total, dr := DodgeOutcome(p.atk.StrikeClass, roll, 0, mods)
		rr.Roll, rr.Modifiers, rr.Total, rr.DodgeResult, rr.DodgeSymbol = roll, mods, total, dr.Word(), dr.Symbol()
		switch dr {
		case rulebook.DodgeFull:
			rr.Success = true
			return OutcomeDodged, nil
		case rulebook.DodgePlusP:
			rr.Success = true
			if rx.TakeExtraPanel {
				rr.ExtraPanel = true
				rr.Panels++
				return OutcomeDodged, nil
			}
		case rulebook.DodgeHalf:
			rr.Success = true
		}
		return "", nil
	case ReactionBrace:
		rr.BraceBonus = BraceBonus(def)
		rr.Success = true
		return "", nil
	case ReactionBlock:
		p.block = BlockedBy{Object: rx.Object.Name, Health: p.objectHP, Remaining: p.objectHP}
		if p.block.Object == "" {
			p.block.Object = "object"
		}
		rr.Block = &p.block
		rr.Success = true
		if rx.Object.PickUp {
			rr.Panels++ // picking it up is never free (p. 34)
		}
		return "", nil
	case ReactionJudo:
		return p.judo()
	case ReactionResist:
		rr.Success = res.ToHit.Mental != nil && !res.ToHit.Mental.Success
		return "", nil
	}
	return "", nil
}

// judo runs the judo throw reaction (pp. 35-36): a grab (a to-hit roll
// with the defender's unarmed attack against the attacker's armour
// class), then 1d6 + strike bonus on the Judo Throw Table.
func (p *pipeline) judo() (Outcome, error) {
	res, def, att := p.res, p.def, p.att
	rr := &res.Reaction
	rec := &p.rec
	ua := unarmedAttack(def)
	var gmods []Modifier
	if b := def.Combat.StrikeBonus; b != 0 {
		gmods = append(gmods, Modifier{Slug: "strike-bonus", Value: b, Text: "defender's strike bonus", Page: "p. 33"})
	}
	groll, err := p.rollDieKept(HeroRollJudoGrab, 20, "judo grab to-hit", 0)
	if err != nil {
		return "", err
	}
	grab, err := ToHit(att.Combat.ArmourClass, ua.StrikeClass, gmods, groll)
	if err != nil {
		return "", reqErr("attacker", "%s: %v", att.Name, err)
	}
	rr.JudoGrab = &grab
	if !grab.Hit {
		if !rr.Free {
			rr.Panels = 1 // only the grab was tried
		}
		rr.JudoResult = "grab missed"
		return "", nil
	}
	roll, err := p.rollDieKept(HeroRollReaction, 6, "judo throw", 0)
	if err != nil {
		return "", err
	}
	mods := rr.Modifiers
	if b := def.Combat.StrikeBonus; b != 0 {
		mods = append(mods, Modifier{Slug: "strike-bonus", Value: b, Text: "defender's strike bonus", Page: "p. 36"})
	}
	mods = p.reactionMods(mods, false)
	col := judoColumn(def, p.atk.StrikeClass, p.opt)
	total := roll + sumMods(mods)
	jr := rulebook.Judo(total, col)
	rr.Roll, rr.Modifiers, rr.Total = roll, mods, total
	rr.JudoColumn = min(max(col, 1), 3)
	rr.JudoResult = jr.String()
	if !jr.Thrown() {
		return "", nil
	}
	rr.Success = true
	eff := p.effects()
	eff.PanelsLost = jr.Prone
	eff.Prone = jr.Prone >= 2
	if jr.Damage {
		h, err := rec.Roll(3, "judo damage health")
		if err != nil {
			return "", err
		}
		s, err := rollExpr(rec, "2d6", "judo damage stamina")
		if err != nil {
			return "", err
		}
		d := &DamageResult{HealthExpr: "1d3", StaminaExpr: "2d6", HealthRoll: h, StaminaRoll: s}
		if b := def.Combat.DamageBonus; b > 0 && !p.req.Reaction.NoJudoBonus {
			d.Bonus, d.BonusStamina = b, b
			d.BonusSources = []Modifier{{Slug: "damage-bonus", Value: b, Text: "thrower's damage bonus", Page: "p. 36"}}
		}
		d.Health, d.Stamina = h, max(0, s+d.BonusStamina)
		eff.Damage = d
		kb, err := Knockback(KnockbackInput{Stamina: d.Stamina, Threshold: att.Combat.KnockbackThreshold, NoProneCheck: true}, rec, p.opt)
		if err != nil {
			return "", err
		}
		eff.Knockback = &kb
		dv := rbDividers(att.Combat.Dividers)
		ah, as := ApplyDividers(d.Health, d.Stamina, dv)
		eff.Applied = &AppliedResult{IncomingHealth: d.Health, IncomingStamina: d.Stamina, Dividers: dv, Health: ah, Stamina: as}
	}
	return OutcomeThrown, nil
}

// mentalContest is a psionic blast's will contest (p. 43).
func (p *pipeline) mentalContest() (*PsychicResult, error) {
	in := PsychicInput{AttackerWill: p.att.Abilities.Final.Will, DefenderWill: p.def.Abilities.Final.Will,
		Resist: p.req.Reaction.Kind == ReactionResist, AttackerName: p.att.Name, DefenderName: p.def.Name}
	// Hero points: a side re-rolls its own d20 or makes the other side
	// re-roll its d20 (p. 14).
	for _, sp := range p.req.HeroPoints {
		att := sp.Who == RoleAttacker
		switch {
		case sp.Roll == HeroRollContest && att:
			in.AttackerHeroPoints = sp.Points
		case sp.Roll == HeroRollContest:
			in.DefenderHeroPoints = sp.Points
		case sp.Roll == HeroRollOpponentContest && att:
			in.AttackerOpponentHeroPoints = sp.Points
		case sp.Roll == HeroRollOpponentContest:
			in.DefenderOpponentHeroPoints = sp.Points
		}
	}
	if !p.def.IsMundane() && p.def.Kind != hero.KindRobot && p.def.Kind != hero.KindSummoned {
		in.WillBonus = rulebook.Confidence(p.def.Profile.Confidence).WillBonus
	}
	pr, err := Psychic(in, &p.rec)
	if err != nil {
		return nil, err
	}
	p.res.HeroPoints = append(p.res.HeroPoints, pr.HeroPoints...)
	return &pr, nil
}

// completeImmunity names an immunity that stops all of the attack's
// damage (and so its knockback), or "".
func (p *pipeline) completeImmunity() string {
	def, a := p.def, p.atk
	info := rulebook.ArmourClassInfo(def.Combat.ArmourClass)
	sc01 := a.StrikeClass <= rulebook.SC1
	switch {
	case sc01 && info.ImmuneSC01All:
		return immuneSC01All.of(def.Combat.ArmourClass)
	case sc01 && info.ImmuneMundaneBulletsBlades && mundaneBulletsOrBlades(a):
		return immuneSC01BulletsBlades.of(def.Combat.ArmourClass)
	}
	if ok, why := immuneToEnergy(def, p.res.Attack.EnergyType); ok {
		return why
	}
	if a.DamageType == "temperature" {
		// Only the relevant immunity prevents heat or cold (p. 58): fire's
		// for heat, cold's for cold (docs/rules-notes.md).
		if ok, why := immuneToEnergy(def, temperatureEnergy(p.req.Situation.Cold)); ok {
			return why + ": temperature damage prevented (p. 58)"
		}
	}
	in := p.incoming()
	for _, d := range defenderDefences {
		if d.immune == nil {
			continue
		}
		if why := d.immune(in); why != "" {
			return why
		}
	}
	return ""
}

// incoming is the attack as the defender's powers see it
// (defenderDefences).
func (p *pipeline) incoming() incoming {
	return incoming{def: p.def, sit: &p.req.Situation, atk: p.atk, energy: p.res.Attack.EnergyType,
		kind: p.akind, special: p.special, reaction: p.req.Reaction.Kind}
}

// rollDamage rolls step 3.
func (p *pipeline) rollDamage() error {
	res := p.res
	d := &res.Damage
	rec := &p.rec
	d.HealthExpr, d.StaminaExpr = p.hExpr, p.sExpr
	d.Bonus = p.bonus
	d.BonusHealth = p.req.Split.Health
	d.BonusStamina = p.bonus - d.BonusHealth
	bh, bs := d.BonusHealth, d.BonusStamina
	if d.Minimum {
		d.BonusHealth, d.BonusStamina = 0, 0
	}
	// The health and stamina dice are one damage roll; hero points
	// re-roll both and compare health + stamina damage (p. 14).
	type rolled struct{ hr, sr, h, s int }
	var all [4]rolled
	rs := all[:0]
	kept, err := p.keep(HeroRollDamage, "health + stamina damage", func(i int) (int, error) {
		hr, err := rollParsed(rec, p.hE, rerollPurpose("damage health", i))
		if err != nil {
			return 0, err
		}
		sr, err := rollParsed(rec, p.sE, rerollPurpose("damage stamina", i))
		if err != nil {
			return 0, err
		}
		r := rolled{hr: hr, sr: sr, h: max(0, hr+bh), s: max(0, sr+bs)}
		if d.Minimum {
			r.h, r.s = max(0, exprMinOf(p.hE)), max(0, exprMinOf(p.sE))
		}
		rs = append(rs, r)
		return r.h + r.s, nil
	})
	if err != nil {
		return err
	}
	k := rs[kept]
	d.HealthRoll, d.StaminaRoll, d.Health, d.Stamina = k.hr, k.sr, k.h, k.s
	return nil
}

// afterDamage runs reductions, knockback, absorbers, dividers and the
// condition (steps 2a-4b).
func (p *pipeline) afterDamage() error {
	res, def, req := p.res, p.def, p.req
	rr := &res.Reaction
	rec := &p.rec
	h, s := res.Damage.Health, res.Damage.Stamina
	// Whirlwind's die is rolled with the damage dice; like a forcefield
	// it reduces only physical and energy attacks (p. 78).
	whirl := 0
	if req.Situation.Whirlwind && p.akind.PhysicalOrEnergy() {
		v, err := rec.Roll(6, "whirlwind")
		if err != nil {
			return err
		}
		whirl = v
	}
	// Reductions before knockback: dodge, ranged parry (p. 36).
	if rr.Kind == ReactionDodge && (rr.DodgeResult == rulebook.DodgeHalf.Word() || rr.DodgeResult == rulebook.DodgePlusP.Word()) {
		nh, ns := halfUp(h), halfUp(s)
		rr.ReducedHealth, rr.ReducedStamina = h-nh, s-ns
		h, s = nh, ns
	}
	if rr.Kind == ReactionParry && rr.Success && rr.RangedForm {
		nh, ns, _ := ReduceHealthFirst(h, s, rr.VirtualDamage)
		rr.ReducedHealth, rr.ReducedStamina = h-nh, s-ns
		h, s = nh, ns
	}
	// A force wall or shield stops a physical or energy attack whole
	// (pp. 59-60); a wall stops its knockback too, a shield does not. A
	// mystic shield is a wall of force that stops every attack hitting it
	// whole, magic ones too (p. 64); mental attacks pass every barrier.
	fb := req.Situation.ForceBarrier > 0 && p.akind.StoppedByForcefield()
	ms := req.Situation.MysticShield > 0 && (p.special == nil || !p.special.mental)
	barrier := req.Mode == ModeStrike && !p.mental && (fb || ms)
	if barrier {
		b := &BarrierResult{Kind: BarrierMysticShield, Wall: true, Health: req.Situation.MysticShield, Damage: res.Damage.Health}
		what, pages := "mystic shield", "p. 64"
		if fb {
			b.Kind, b.Wall, b.Health = BarrierForceShield, req.Situation.ForceBarrierWall, req.Situation.ForceBarrier
			what, pages = "force shield", "pp. 59-60"
			if b.Wall {
				b.Kind, what = BarrierForceWall, "force wall"
			}
		}
		b.Broken = b.Damage > b.Health
		res.Barrier = b
		verdict := "holds (it repairs itself between attacks)"
		if b.Broken {
			verdict = "is destroyed"
		}
		res.Notes = append(res.Notes, fmt.Sprintf("the %s stops the attack: %d health damage against its health %d, it %s (%s)", what, b.Damage, b.Health, verdict, pages))
	}
	// Knockback (step 3), before melee parry, block and dividers.
	p.knock = req.Mode == ModeStrike && !p.mental && !(barrier && res.Barrier.Wall)
	var kbStaminaHit int
	if p.knock {
		th := def.Combat.KnockbackThreshold
		if th == 0 {
			th = rulebook.DefaultKnockbackThreshold
		}
		sit := req.Situation
		switch {
		case sit.DefenderLighter:
			th = 10
		case sit.DefenderDenser:
			th += 5
		}
		// Density Control (Other): +5 a step (p. 54).
		th += rulebook.MassKnockbackBonus(sit.DefenderMass)
		if sit.Shrunk {
			th -= 10
		}
		kb := &p.kb
		err := knockbackInto(kb, KnockbackInput{Stamina: s, Threshold: max(th, 0), ExactThreshold: true, Brace: rr.BraceBonus, Obstructions: req.Obstructions,
			StaminaDivider: def.Combat.Dividers.Stamina, Agility: def.Abilities.Final.Agility, Gymnastics: gymnastics(def)}, rec, p.opt)
		if err != nil {
			return err
		}
		res.Knockback = kb
		for _, o := range kb.Obstructions {
			kbStaminaHit += o.Stamina
		}
	}
	// Reductions after knockback: melee parry, block (pp. 34, 36).
	if rr.Kind == ReactionParry && rr.Success && !rr.RangedForm {
		nh, ns, _ := ReduceHealthFirst(h, s, rr.VirtualDamage)
		rr.ReducedHealth, rr.ReducedStamina = h-nh, s-ns
		h, s = nh, ns
	}
	if rr.Kind == ReactionParry && rr.Success && h == 0 && s == 0 {
		res.Outcome = OutcomeParried
	}
	if rr.Kind == ReactionBlock {
		b := rr.Block
		nh, ns, used := ReduceHealthFirst(h, s, b.Health)
		rr.ReducedHealth, rr.ReducedStamina = h-nh, s-ns
		h, s = nh, ns
		b.Remaining = b.Health - used
		if nh > 0 || ns > 0 {
			b.Destroyed, b.Remaining = true, 0
		} else {
			res.Outcome = OutcomeBlocked
		}
	}
	if barrier {
		h, s = 0, 0
	}
	// Absorbers (whirlwind, the defender's powers: defenderAbsorbers), outermost
	// first; none of them stops knockback (p. 59).
	ap := &res.Applied
	absorb := func(src string, roll, amount int) {
		if amount <= 0 {
			return
		}
		nh, ns, _ := ReduceHealthFirst(h, s, amount)
		ap.Absorbers = append(ap.Absorbers, Absorber{Source: src, Roll: roll, Health: h - nh, Stamina: s - ns})
		h, s = nh, ns
	}
	absorb("whirlwind (p. 78)", whirl, whirl)
	for _, rule := range defenderAbsorbers {
		src, n := rule(def, req.Situation, p.akind)
		absorb(src, 0, n)
	}
	ap.IncomingHealth, ap.IncomingStamina = h, s
	// Dividers and partial immunity (pp. 32, 37).
	dv := p.dividers()
	ap.Dividers = dv
	if p.atk.StrikeClass <= rulebook.SC1 && rulebook.ArmourClassInfo(def.Combat.ArmourClass).ImmuneSC01Health && h > 0 {
		ap.Immune = fmt.Sprintf("armour class %s takes no health damage from strike class 0-1 attacks (p. 32)", def.Combat.ArmourClass)
		h = 0
	}
	dh, ds := ApplyDividers(h, s, dv)
	ds += kbStaminaHit
	if NoStamina(def) && ds > 0 {
		ap.Immune = joinNote(ap.Immune, RobotStaminaImmunity)
		ds = 0
	}
	before := tracksOf(def)
	after, overflow := TakeDamage(before, dh, ds)
	// Overflow moves stamina damage past -END onto health (p. 38): the
	// record says what came off each track.
	ap.Health, ap.Stamina, ap.Overflow = dh+overflow, ds-overflow, overflow
	res.After = State{Health: after.Health, Stamina: after.Stamina, Condition: ConditionsOf(after).Worst(),
		Prone: def.Condition.Prone, Grabbed: def.Condition.GrabbedBy, Grappled: def.Condition.Grappled}
	if k := res.Knockback; k != nil && k.Prone {
		res.After.Prone = true
	}
	if res.Outcome == "" {
		res.Outcome = OutcomeHit
	}
	return nil
}

// dividers are the defender's dividers against this attack (pp. 37-38
// and the power texts).
func (p *pipeline) dividers() rulebook.Dividers {
	dv := rbDividers(p.def.Combat.Dividers)
	notes := &p.res.Applied.DividerNotes
	in := p.incoming()
	for _, d := range defenderDefences {
		if d.dividers == nil {
			continue
		}
		if v, note := d.dividers(in, dv); note != "" {
			dv = v
			*notes = append(*notes, note)
		}
	}
	if p.atk.DamageType == "temperature" {
		dv.Stamina = 0
		*notes = append(*notes, "temperature: S dividers do not help (p. 58)")
	}
	if d, note := p.special.applyDividers(dv); note != "" {
		dv = d
		*notes = append(*notes, note)
	}
	if dv.Health < 2 {
		dv.Health = 0
	}
	if dv.Stamina < 2 {
		dv.Stamina = 0
	}
	return dv
}

func halfUp(n int) int { return (n + 1) / 2 }

// mundane applies the simplified rule (p. 38).
func (p *pipeline) mundane() error {
	res, def := p.res, p.def
	m := &p.mundaneRes
	*m = MundaneResult{SuperPower: usesSuperPower(p.att, p.atk)}
	if def.Mundane != nil {
		m.HitsBefore = def.Mundane.Hits
	}
	m.HitsAfter = m.HitsBefore + 1
	m.TakenOut = m.SuperPower || m.HitsAfter >= 2 || def.Condition.TakenOut
	after := res.Before
	after.Hits = m.HitsAfter
	if m.TakenOut {
		m.Result = "unconscious"
		if p.req.Kill {
			m.Result = "dead"
		}
		after.Condition = m.Result
	}
	res.Mundane = m
	res.After = after
	res.Outcome = OutcomeHit
	return nil
}

// grabVirtual rolls a grab's virtual health damage: 1d6 + the grabber's
// damage bonus (p. 41).
func (p *pipeline) grabVirtual(holder *hero.Hero) (int, error) {
	v, err := p.rec.Roll(6, "grab virtual damage")
	if err != nil {
		return 0, err
	}
	return max(0, v+holder.Combat.DamageBonus), nil
}

// grabbed finishes a grab that was not dodged or judo-thrown.
func (p *pipeline) grabbed() error {
	res, def := p.res, p.def
	rr := &res.Reaction
	if rr.Kind == ReactionParry && rr.Success {
		gv, err := p.grabVirtual(p.att)
		if err != nil {
			return err
		}
		res.Damage = DamageResult{HealthExpr: "1d6", HealthRoll: gv - p.att.Combat.DamageBonus, Bonus: p.att.Combat.DamageBonus,
			BonusHealth: p.att.Combat.DamageBonus, Health: gv, BonusSources: res.Damage.BonusSources[:0]}
		if rr.VirtualDamage >= gv {
			res.Outcome = OutcomeParried
			res.After = res.Before
			return nil
		}
	}
	// A partial dodge or a parry that does not beat the grab's virtual
	// damage leaves the defender grabbed (p. 41).
	res.After = res.Before
	if def.Condition.GrabbedBy == p.att.Name {
		res.Outcome = OutcomeGrappled
		res.After.Grappled = true
	} else {
		res.Outcome = OutcomeGrabbed
	}
	res.After.Grabbed = p.att.Name
	return nil
}

// escape: the held defender wriggles (dodge) or forces (parry) free (p. 42).
func (p *pipeline) escape() error {
	res := p.res
	res.ToHit = ToHitResult{ArmourClass: p.def.Combat.ArmourClass, StrikeClass: p.atk.StrikeClass, Hit: true}
	k := p.req.Reaction.Kind
	if k != ReactionDodge && k != ReactionParry {
		return reqErr("reaction", "escape: choose dodge (wriggle free) or parry (force free) (p. 42)")
	}
	avoided, err := p.reaction()
	if err != nil {
		return err
	}
	rr := &res.Reaction
	escaped := avoided != ""
	if k == ReactionParry && rr.Success {
		gv, err := p.grabVirtual(p.att)
		if err != nil {
			return err
		}
		res.Damage = DamageResult{HealthExpr: "1d6", HealthRoll: gv - p.att.Combat.DamageBonus, Bonus: p.att.Combat.DamageBonus,
			BonusHealth: p.att.Combat.DamageBonus, Health: gv, BonusSources: res.Damage.BonusSources[:0]}
		escaped = rr.VirtualDamage >= gv
	}
	res.After = res.Before
	if escaped {
		res.Outcome = OutcomeEscaped
		res.After.Grabbed, res.After.Grappled = "", false
	} else {
		res.Outcome = OutcomeNotEscaped
	}
	return nil
}

// throwPerson throws a grabbed defender (p. 43).
func (p *pipeline) throwPerson() error {
	res, att, def, req := p.res, p.att, p.def, p.req
	mass := req.MassKg
	if mass == 0 {
		var states []string
		if req.Situation.DefenderGrown {
			states = append(states, StateGrown)
		}
		if req.Situation.DefenderDenser {
			states = append(states, StateDenser)
		}
		m := MassNow(def, states, req.Situation.DefenderMass)
		mass = m.Kg
		res.Steps = append(res.Steps, m.Steps...)
	}
	t, err := ThrowPerson(att.Abilities.Final.Strength, mass)
	if err != nil {
		return err
	}
	if !t.CanThrow {
		return reqErr("mass", "%s's strength %d is below the Throw score %d for %s: too heavy to throw (p. 43)", att.Name, t.Strength, t.ThrowScore, t.Mass)
	}
	res.ToHit = ToHitResult{ArmourClass: def.Combat.ArmourClass, StrikeClass: p.atk.StrikeClass, Hit: true}
	rr := &res.Reaction
	if req.Reaction.Kind == ReactionGrab {
		rr.Kind = ReactionGrab
		rr.Panels, rr.Free = p.reactionPanels(ReactionGrab)
		ua := unarmedAttack(def)
		var mods []Modifier
		if b := def.Combat.StrikeBonus; b != 0 {
			mods = append(mods, Modifier{Slug: "strike-bonus", Value: b, Text: "defender's strike bonus", Page: "p. 33"})
		}
		roll, err := p.rec.Roll(20, "grab to-hit")
		if err != nil {
			return err
		}
		g, err := ToHit(att.Combat.ArmourClass, ua.StrikeClass, mods, roll)
		if err != nil {
			return reqErr("attacker", "%s: %v", att.Name, err)
		}
		rr.Roll, rr.Modifiers, rr.Total, rr.Target, rr.Success = g.Roll, g.Modifiers, g.Total, g.Target, g.Hit
		if g.Hit {
			res.Outcome = OutcomeNotThrown
			res.After = res.Before
			return nil
		}
	}
	kb := &p.kb
	if err := knockbackInto(kb, KnockbackInput{Metres: t.Metres, Obstructions: req.Obstructions, StaminaDivider: def.Combat.Dividers.Stamina,
		Agility: def.Abilities.Final.Agility, Gymnastics: gymnastics(def)}, &p.rec, p.opt); err != nil {
		return err
	}
	res.Knockback = kb
	res.Notes = append(res.Notes, fmt.Sprintf("thrown %d m: strength %d over the Throw score %d for %s (p. 43)", t.Metres, t.Strength, t.ThrowScore, t.Mass))
	ds := 0
	for _, o := range kb.Obstructions {
		ds += o.Stamina
	}
	res.After = res.Before
	res.After.Grabbed, res.After.Grappled = "", false
	res.Applied.IncomingStamina = ds
	if ds > 0 && !def.IsMundane() {
		after, overflow := TakeDamage(tracksOf(def), 0, ds)
		res.Applied.Health, res.Applied.Stamina, res.Applied.Overflow = overflow, ds-overflow, overflow
		res.After.Health, res.After.Stamina = after.Health, after.Stamina
		res.After.Condition = ConditionsOf(after).Worst()
	}
	res.After.Prone = kb.Prone || res.Before.Prone
	res.Outcome = OutcomeThrown
	return nil
}

// finishing: knocked out for 1d6 hours (p. 43).
func (p *pipeline) finishing() error {
	res := p.res
	roll, err := p.rec.Roll(6, "finishing move hours")
	if err != nil {
		return err
	}
	res.Finishing = &FinishingResult{Roll: roll, Hours: roll}
	res.Outcome = OutcomeKnockedOut
	res.After = res.Before
	if res.After.Condition == "ok" || res.After.Condition == "stunned" || res.After.Condition == "dazed" || res.After.Condition == "battered" {
		res.After.Condition = "unconscious"
	}
	return nil
}

// parseParryType accepts a Parrying Table column slug without allocating,
// or anything rulebook.ParseParryType accepts.
func parseParryType(s string) (rulebook.ParryType, error) {
	if pt := rulebook.ParryType(s); pt.Valid() {
		return pt, nil
	}
	return rulebook.ParseParryType(s)
}

// powerCost is what a special attack's strike costs (its cost, in its
// power's file: pp. 55, 62, 66, 67, 72): the pool that pays ("" none) and
// the points, or a refusal. nh and ns are the health and stamina dice.
// Every strike that spends a pool (an attack on a combatant or an object)
// costs through here.
func powerCost(att *hero.Hero, s *specialAttack, nh, ns int) (poolName string, cost int, err error) {
	if s == nil || s.cost == nil {
		return "", 0, nil
	}
	poolName, cost, capDice, err := s.cost(att, nh, ns)
	if err != nil {
		return "", 0, err
	}
	if capDice > 0 && nh+ns > capDice {
		return "", 0, reqErr("power-dice", "%s: %d dice is more than the %d one action may use (10 points per action)", s.slug, nh+ns, capDice)
	}
	return poolName, cost, nil
}

// chargePool checks that att's pool can pay cost for a (its cap per
// action and what is left) and returns it; nil when the file has no such
// pool (nothing is spent).
func chargePool(att *hero.Hero, a *hero.Attack, poolName string, cost int) (*hero.Pool, error) {
	pool := att.FindPool(poolName)
	if pool == nil {
		return nil, nil
	}
	if limit := pool.CapPerAction; limit > 0 && cost > limit {
		return nil, reqErr("power-dice", "%s costs %d %s points; at most %d per action", a.Slug, cost, poolName, limit)
	}
	if cost > pool.Current {
		return nil, reqErr("power-dice", "%s costs %d %s points but %s has %d left", a.Slug, cost, poolName, att.Name, pool.Current)
	}
	return pool, nil
}

// temperatureEnergy is the energy type whose Immunity prevents a
// temperature attack's damage: fire for heat, cold for cold (p. 58).
func temperatureEnergy(cold bool) string {
	if cold {
		return "cold"
	}
	return "fire"
}
