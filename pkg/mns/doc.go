// Package mns keeps the bookkeeping of a fight in *Men & Supermen*, a
// second superhero system whose combat runs on a clock of segments rather
// than on pages of panels. It is pure: no I/O. The CLI
// (internal/cli/mns) reads and writes the files.
//
// Every rule here is described in the project's own words and cites the
// section of the game's combat chapter it comes from (the Section*
// constants). The game's charts (Sphere, Square, Doubles, Action, Weapons
// and the Misses diagram) are not part of this package or of the
// repository: the GM supplies them in a charts file (see Charts); a rule
// that needs a chart value takes it from the file or from a number the GM
// looked up (see NeedChart).
//
// # The clock
//
// A fight starts at segment 0 and counts up. A round is 50 segments and a
// minute 250. A combatant starts at most one action a segment and none
// while another of its actions is under way; an action started on segment
// s with performance time t lands on s+t. Every 50th segment (50, 100, ...)
// is a payment segment on which every ongoing effect must be paid for
// again.
//
// # The pile
//
// The pile is every combatant ordered by the segment on which it is next
// due: the segment its action under way lands, or, for a combatant with
// nothing under way, the first segment it may start one (now, or later
// when it is surprised, stunned or pushed back). Ties go to the higher
// Agility, then to the combatant listed first in the file (see Pile).
//
// # Dice
//
// Action rolls are 2d10 rolled under a target; Quality (Q) is the target
// minus the roll. The order in which a verb rolls its dice is documented
// on the function that rolls them (Start, Surprise, the miss functions).
package mns

// The sections of the game's combat chapter cited by --explain and the
// docs. They are section names, never page numbers.
const (
	SectionTime       = "M&S Combat: Time"
	SectionSurprise   = "M&S Combat: Surprise"
	SectionNPCs       = "M&S Combat: Surprise, Non-Player Characters"
	SectionActions    = "M&S Attacks (Actions)"
	SectionPayment    = "M&S Attacks (Actions), Payment Segment"
	SectionAttacking  = "M&S Attacks (Actions), Attacking and Combat Q"
	SectionAttackType = "M&S Attack Types"
	SectionRange      = "M&S Attack Types, Projectile Attacks"
	SectionMisses     = "M&S Attack Types, Projectile and Thrown Misses"
	SectionDamage     = "M&S Attack Types, Damage"
	SectionStun       = "M&S Attack Types, Damage (Stun Damage)"
	SectionPoison     = "M&S Attack Types, Damage (Poison Damage)"
	SectionIllusory   = "M&S Attack Types, Damage (Illusory Damage)"
	SectionPushback   = "M&S Attack Types, Pushback"
	SectionThrowback  = "M&S Attack Types, Throwback"
	SectionMultiple   = "M&S Attack Types, Defending and Attacking Multiple Opponents"
	SectionBank       = "M&S Combat Situations, Bank Shots"
	SectionCalled     = "M&S Combat Situations, Called Shots"
	SectionCareful    = "M&S Combat Situations, Careful Attacks"
	SectionDeath      = "M&S Combat Situations, Death Shots"
	SectionHolding    = "M&S Combat Situations, Holding"
	SectionHurried    = "M&S Combat Situations, Hurried Action"
	SectionRanges     = "M&S Combat Situations, Ranges"
	SectionHelpless   = "M&S Combat Situations, Stunned/Paralysed/Unconscious/Immobile Opponents"
	SectionTouch      = "M&S Combat Situations, Touch Attacks"
	SectionOffhand    = "M&S Combat Situations, Using Offhand"
	SectionSituation  = "M&S Situational Modifiers"
)
