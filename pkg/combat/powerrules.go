package combat

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
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

// toHitRule is an attacker's power changing its own to-hit roll (a brain
// implant's analysis, p. 53; Accuracy's chosen penalty, p. 51): the
// modifier, ok false when it adds none. att is nil for a to-hit ruled
// without a hero file (`tohit`).
type toHitRule func(att *hero.Hero, sit *Situation) (m Modifier, ok bool)

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
// penalty carried over, p. 51): the modifier, ok false when none.
type reactionRule func(att *hero.Hero, sit *Situation) (m Modifier, ok bool)

// attackerReactions are the attacker's powers on the defender's reaction
// roll, in the order their modifiers are listed.
var attackerReactions = []reactionRule{reactionsPenalty, accuracyPenaltyOnReaction}

// reactionPower is a reaction only a power gives the defender (brace:
// Super Strength; judo throw: Martial Arts' option, p. 35): nil when def
// may take it against a, else the refusal.
type reactionPower func(def *hero.Hero, a *hero.Attack) error

// reactionPowers are the reactions a power gives, by kind.
var reactionPowers = map[ReactionKind]reactionPower{
	ReactionBrace: superStrengthBrace,
	ReactionJudo:  martialArtsJudo,
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
