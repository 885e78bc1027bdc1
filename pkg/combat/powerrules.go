package combat

import (
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The resolver's power hooks: where a power changes an attack, the
// resolver asks the powers' rules, each written in the power's own file
// (power_NAME.go). What a kind of attack gets past (forcefields,
// impervious) is said once, on AttackKind.

// absorberRule is a defender's power taking damage off an incoming attack
// of kind k after knockback, as a forcefield does (p. 59): the source
// named in the record and the amount it absorbs (0: nothing).
type absorberRule func(def *hero.Hero, sit Situation, k AttackKind) (source string, amount int)

// defenderAbsorbers are the defender's powers that absorb damage, from
// the outermost in (after a whirlwind, which is the weather's).
var defenderAbsorbers = []absorberRule{personalForcefieldAbsorbs}

// movementAttackRule is an attacker's power adding to its own attack made
// after moving 4 m or more with it (`--movement POWER`, a special move
// attack): the damage bonus and its page, 0 when h lacks the power.
type movementAttackRule func(h *hero.Hero) (bonus int, page string)

// movementAttacks are the movement attacks by the power (or skill or
// implant) moved with (movementBonus).
var movementAttacks = map[rulebook.PowerID]movementAttackRule{
	rulebook.PowerAcrobatics:          acrobaticsKick,
	rulebook.PowerSuperLeap:           superLeapKick,
	"gymnastics":                      gymnasticsKick,
	rulebook.ImplantRetractableGlider: gliderDive,
	"magnetism":                       magneticFling,
	rulebook.PowerSuperSpeed:          superSpeedCharge,
	rulebook.PowerGrowth:              growthSlam,
	rulebook.PowerShrinking:           regrowthSlam,
	rulebook.PowerFlight:              flightDive,
}

// kindRule is a power whose attacks are a kind of their own, whatever
// else they are (KindOf): a spell is magic (p. 63), a psychic power
// psychic (p. 68). ok is false for an attack that is not the power's.
type kindRule func(a *hero.Attack) (k AttackKind, ok bool)

// attackKinds are asked in order, before an attack's energy.
var attackKinds = []kindRule{magicKind, psychicKind}

// energyTypedPowers are the powers whose attacks carry their first
// flavour as their energy type, whatever table it came from (Energy
// Blast, p. 55; Energy Reflect's return shot, p. 56); another power's
// attack carries its flavour from the energy types table, if any
// (energyType).
var energyTypedPowers = []rulebook.PowerID{rulebook.PowerEnergyBlast, rulebook.PowerEnergyReflect}

// toHitRule is an attacker's power changing its own to-hit roll (a brain
// implant's analysis, p. 53; Accuracy's chosen penalty, p. 51): mods
// with its modifier appended, if it adds one. att is nil for a to-hit
// ruled without a hero file (`tohit`).
type toHitRule func(mods []Modifier, att *hero.Hero, sit *Situation) []Modifier

// attackerToHit are the attacker's powers on its own to-hit roll, in the
// order their modifiers are listed (after the situation's, before the
// GM's).
var attackerToHit = []toHitRule{brainImplantAnalysis, accuracyPenalty}

// damageRule is an attacker's power adding to its own damage bonus (p.
// 36; Accuracy's +5, p. 51): the bonus (Value 0: none), or a refusal of
// the request. It is asked for an attack that does damage and not at
// minimum damage.
type damageRule func(att *hero.Hero, req *Request) (Modifier, error)

// attackerDamage are the attacker's powers on its damage bonus.
var attackerDamage = []damageRule{accuracyAim}

// reactionRule is an attacker's power changing the defender's parry,
// dodge or judo roll against it (Reactions' -2, p. 69; Accuracy's
// penalty carried over, p. 51): mods with its modifier appended, if any.
type reactionRule func(mods []Modifier, att *hero.Hero, sit *Situation) []Modifier

// attackerReactions are the attacker's powers on the defender's reaction
// roll, in the order their modifiers are listed.
var attackerReactions = []reactionRule{reactionsPenalty, accuracyPenaltyOnReaction}

// parryRule is a defender's power adding to its own parry roll (animal
// senses' +1, p. 74): mods with its modifier appended, if any.
type parryRule func(mods []Modifier, def *hero.Hero) []Modifier

// defenderParry are the defender's powers on its parry roll, after the
// attack's and the situation's modifiers.
var defenderParry = []parryRule{animalSensesParry}

// restraintEscape is a power that escapes a binding automatically, no
// roll (Teleport, Phasing; p. 64).
type restraintEscape func(def *hero.Hero) bool

// restraintEscapes are the powers that escape a Restraint or a snare
// (RestraintOn).
var restraintEscapes = []restraintEscape{teleportEscapes, phasingEscapes}

// reactionPower is a reaction only a power gives the defender (brace:
// Super Strength; judo throw: Martial Arts' option, p. 35): nil when def
// may take it against a, else the refusal.
type reactionPower func(def *hero.Hero, a *hero.Attack) error

// reactionPowers are the reactions a power gives, by kind.
var reactionPowers = []struct {
	kind ReactionKind
	rule reactionPower
}{
	{ReactionBrace, superStrengthBrace},
	{ReactionJudo, martialArtsJudo},
}

// checkReactionPower refuses reaction k against a when it is a power's
// and def may not take it (reactionPowers).
func checkReactionPower(def *hero.Hero, a *hero.Attack, k ReactionKind) error {
	for _, r := range reactionPowers {
		if r.kind == k {
			return r.rule(def, a)
		}
	}
	return nil
}

// surpriseRule is a defender's power that keeps it from being surprised
// (Danger Sense, p. 54; animal senses, p. 74).
type surpriseRule func(h *hero.Hero) bool

// neverSurprised are the powers that make a character never surprised.
var neverSurprised = []surpriseRule{dangerSenseAlerts, animalSenses}

// immunityRule is a defender's power making it immune to an energy type
// (Immunity, p. 61; Energy Blast's immunity option, p. 55): why, or "".
type immunityRule func(def *hero.Hero, energy string) (why string)

// energyImmunities are the powers that make a character immune to an
// energy type, after the immunities its file lists.
var energyImmunities = []immunityRule{immunityPower, energyBlastImmunity}

// parryRowRule is an attacker's power changing the Parrying Table row its
// attack counts as (p. 34): Martial Arts' rows, Weapon Mastery's.
// row is the attack's row without powers ("" for a melee or ranged
// attack that is neither thrown nor a projectile by its damage type).
type parryRowRule func(att *hero.Hero, a *hero.Attack, row rulebook.AttackType) (rulebook.AttackType, bool)

// parryRows are the powers that change an attack's Parrying Table row,
// the first that answers winning.
var parryRows = []parryRowRule{martialArtsRow, weaponMasteryRow}

// superBlowRule is an attacker's power that makes a strike "use a super
// power" for the mundane rule (p. 38): martial arts blows, Super Strength's and
// Super Speed's.
type superBlowRule func(att *hero.Hero, a *hero.Attack) bool

// superBlows are the powers whose blows use a super power.
var superBlows = []superBlowRule{martialArtsBlow, superStrengthBlow, superSpeedBlow}

// specialAttack is a power's attack whose rules differ from the Physical
// Damage Table's (p. 36): an energy blast, a stunning attack, a partial
// re-phase strike... Each is written in its power's file and matched by
// the attack's damage type, else by the power it is made with
// (specialOf).
type specialAttack struct {
	// slug is its damage type (and the kind's name in the record).
	slug string
	// power is the power whose attacks are of this kind ("": matched by
	// damage type only).
	power rulebook.PowerID
	// energy: an energy attack (stopped by forcefields, p. 59; KindOf).
	energy bool
	// ranged: never a melee attack (a judo throw needs one, p. 35).
	ranged bool
	// mental: a mental attack, struck as a will contest rather than a
	// to-hit roll and resisted (p. 43), passing every barrier, a mystic
	// shield too (p. 64).
	mental bool
	// parryRow is the Parrying Table row it counts as (p. 34; "" as any
	// attack); unparryable: it cannot be parried at all.
	parryRow    rulebook.AttackType
	unparryable bool
	// unblockable says why it can be neither parried nor blocked ("":
	// it can).
	unblockable string
	// armourClass is the class its to-hit roll is against, whatever the
	// target's (0: the target's).
	armourClass rulebook.ArmourClass
	// splitsDice: its dice are split between health and stamina as the
	// attacker chooses (Request.PowerDice).
	splitsDice bool
	// lowers lowers both dividers, lowersStamina the S divider only;
	// ignoresDividers ignores both; dividerNote says so in the record.
	lowers, lowersStamina int
	ignoresDividers       bool
	dividerNote           string
	// cost is what a strike of nh health and ns stamina dice costs: the
	// pool that pays ("" none), the points, the most dice one action may
	// use (0: no cap), or a refusal (pp. 55, 62, 66, 67, 72).
	cost func(att *hero.Hero, nh, ns int) (pool string, points, capDice int, err error)
}

// specialAttacks are the special attacks, each from its power's file.
var specialAttacks = []*specialAttack{&energyBlastAttack, &stunningAttack, &eldritchBolt, &psionicBlast, &snareBall, &phasingStrike, &haymakerAttack}

// specialOf is a's special attack (nil for none): by its damage type,
// else by the power it is made with.
func specialOf(a *hero.Attack) *specialAttack {
	if s := specialByDamageType(a.DamageType); s != nil {
		return s
	}
	return specialByPower(a.PowerID())
}

// specialByDamageType is the special attack of a damage type, or nil:
// specialAttacks by slug, as a switch (every attack asks;
// TestSpecialAttackIndex checks it against the list).
func specialByDamageType(dt string) *specialAttack {
	switch dt {
	case kindEnergyBlast:
		return &energyBlastAttack
	case kindStunning:
		return &stunningAttack
	case kindEldritch:
		return &eldritchBolt
	case kindPsionic:
		return &psionicBlast
	case kindSnareBall:
		return &snareBall
	case kindPhasingStrike:
		return &phasingStrike
	case kindHaymaker:
		return &haymakerAttack
	}
	return nil
}

// specialByPower is the special attack of the power an attack is made
// with, or nil: specialAttacks by power, as a switch.
func specialByPower(p rulebook.PowerID) *specialAttack {
	switch p {
	case rulebook.PowerEnergyBlast:
		return &energyBlastAttack
	case rulebook.PowerStunningAttack:
		return &stunningAttack
	case rulebook.PowerPhasing:
		return &phasingStrike
	}
	return nil
}

// reducesDividers: the attack lowers or ignores dividers, so it hurts a
// phased (p. 66) or astral (p. 62) target.
func (s *specialAttack) reducesDividers() bool {
	return s != nil && (s.lowers > 0 || s.lowersStamina > 0 || s.ignoresDividers)
}

// applyDividers is what the attack does to the defender's dividers dv
// (pp. 38, 55, 63, 68, 76), with the note to record ("" for nothing).
func (s *specialAttack) applyDividers(dv rulebook.Dividers) (rulebook.Dividers, string) {
	switch {
	case s == nil:
		return dv, ""
	case s.ignoresDividers:
		return rulebook.Dividers{}, s.dividerNote
	case s.lowers > 0:
		return dv.Lowered(s.lowers), s.dividerNote
	case s.lowersStamina > 0:
		dv.Stamina = rulebook.Dividers{Stamina: dv.Stamina}.Lowered(s.lowersStamina).Stamina
		return dv, s.dividerNote
	}
	return dv, ""
}

// stateRule is a lasting state a power switches on (its row of States)
// and what it does to an attack by or on the character in it
// (ApplyStates), written in the power's file.
type stateRule struct {
	StateInfo
	// attacking checks an attack (the slug or name given) by att in the
	// state and says so in a step (nil: nothing).
	attacking func(att *hero.Hero, attack string) (ruling.Step, error)
	// attacker marks the situation of an attack by a character in the
	// state and says so in a step (nil: nothing), as attacked does; it is
	// asked in the order of the attacker's states, after every attacking.
	attacker func(sit Situation) (Situation, ruling.Step)
	// attacked marks the situation of an attack on a character in the
	// state and says so in a step (nil: nothing). It takes and returns
	// the situation whole, so that a caller's request stays where it is
	// (no allocation).
	attacked func(sit Situation) (Situation, ruling.Step)
	// excludes is the state it cannot be switched on beside, other than
	// StateInfo.Excludes (one size at a time: grown, shrunk; pp. 60, 70).
	excludes string
	// switchedOn and switchedOff make the changes of switching the state
	// on or off on a hero file (SwitchState): Growth's scores and tracks
	// (pp. 60-61). nil: none.
	switchedOn  func(h *hero.Hero, r dice.Roller) (ruling.Steps, error)
	switchedOff func(h *hero.Hero) (ruling.Steps, error)
}

// powerStates are the lasting states whose rules are in their power's
// file.
// The order is the order the attacker's checks are asked in
// (ApplyStates).
var powerStates = []*stateRule{&shapechangedState, &phasedState, &invisibleState, &camouflagedState,
	&grownState, &shrunkState, &denserState, &lighterState, &imperviousState, &boundState}

// powerState is the rule of a lasting state by name, or nil.
func powerState(name string) *stateRule {
	for _, r := range powerStates {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// incoming is an attack on a defender as the defender's powers see it:
// the defender, the situation, the attack, its energy type ("": none),
// its kind (KindOf), its special attack (nil: an ordinary attack) and the
// defender's reaction. It is handed to a defenceRule whole, by value.
type incoming struct {
	def      *hero.Hero
	sit      *Situation
	atk      *hero.Attack
	energy   string
	kind     AttackKind
	special  *specialAttack
	reaction ReactionKind
}

// defenceRule is a defender's power (or the state it is in) changing an
// incoming attack: an immunity to all its damage (why, or ""), then its
// dividers and the note to record ("" for no change). Either may be nil.
// Impervious' (p. 61), Phasing's (p. 66), the astral form's (p. 62),
// Elasticity's (p. 55).
type defenceRule struct {
	immune   func(in incoming) string
	dividers func(in incoming, dv rulebook.Dividers) (rulebook.Dividers, string)
}

// defenderDefences are the defender's powers on an incoming attack, in
// the order they are asked (the first immunity wins; the dividers are
// changed in turn).
var defenderDefences = []defenceRule{imperviousDefence, phasedDefence, astralDefence, elasticityDefence}

// mentalRule is one mental power's own rules (pp. 53, 63-64, 67-69),
// written in its file: its row (MentalPower), its cost, what it needs
// before the contest, the will it contests with, what it does when it
// works and how its result reads. Mental asks them in that order.
type mentalRule struct {
	MentalPower
	// cost is what a use costs before a speciality's half, and what it
	// counts as (MentalCost).
	cost func(p MentalPower, in MentalInput, speciality bool) (int, error)
	// prepare readies the input before anything else (Telekinesis' load);
	// nil: nothing.
	prepare func(res *MentalResult, def *hero.Hero, in MentalInput) (MentalInput, error)
	// refuseTarget refuses a target it cannot work on (Transmutation:
	// objects only); nil: it needs a target.
	refuseTarget func(def *hero.Hero) error
	// will sets the attacker's will for the contest (res.Will holds its
	// own) and returns the bonus on its roll; nil: its own will, no bonus.
	will func(res *MentalResult, ranks, points int) (bonus int)
	// outcome works out what the power does, when it works (after a won
	// contest, or at once without one); nil: it simply works.
	outcome func(u mentalUse, res *MentalResult) error
	// renewed: the control it establishes is renewed by a repeat attack
	// once an hour (RenewControl: Hypnotism, p. 63; the device, p. 53).
	renewed bool
	// rolled and worked finish its result's line: its own roll, and what
	// it did when it works (Summary); nil: nothing.
	rolled, worked func(b *strings.Builder, m *MentalResult)
}

// mentalUse is one use of a mental power p by att on def (nil: an
// object), as its outcome sees it: the input, the points it counts as
// and the roller.
type mentalUse struct {
	p        MentalPower
	att, def *hero.Hero
	in       MentalInput
	points   int
	r        dice.Roller
}

// mentalRules are the mental powers, in the order they are listed.
var mentalRules = []*mentalRule{&mindControl, &psychicDrain, &telekinesis, &empathy, &telepathy, &transmutation,
	&hypnotism, &restraint, &mindControlDevice}

// renewedControl is the mental power held by power whose control is
// renewed once an hour (mentalRule.renewed).
func renewedControl(power rulebook.PowerID) (MentalPower, bool) {
	for _, r := range mentalRules {
		if r.renewed && r.Power == power {
			return r.MentalPower, true
		}
	}
	return MentalPower{}, false
}

// mentalRuleOf is the rule of a mental power by slug, or nil.
func mentalRuleOf(slug rulebook.PowerID) *mentalRule {
	for _, r := range mentalRules {
		if r.Slug == slug {
			return r
		}
	}
	return nil
}
