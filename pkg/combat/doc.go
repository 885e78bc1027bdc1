// Package combat resolves the physical combat chapter of Codename: Spandex
// (rulebook pp. 29-43, the Physical Attack Detailed Steps on App. p. 82,
// and the power texts on pp. 51-78 that change attacks and defences).
//
// Everything here is pure: functions over *hero.Hero values, a
// dice.Roller and Options, with no I/O. Resolve computes a whole attack
// (to-hit, reaction, damage, knockback, dividers and immunities,
// condition) without touching either hero; Result.Apply then writes the
// outcome onto the defender and appends the event to its log, and
// Result.ApplyAttacker does the same for what happens to the attacker (a
// judo throw's damage, pool dice spent).
//
// The one-off rulings (ToHit, DodgeRoll, ParryRoll, Knockback, DamageRoll,
// Fall, ThrowObject, ThrowPerson, Psychic, ApplyDamage) are the same
// building blocks Resolve uses, exposed for quick rulings from plain
// numbers.
//
// # Dice order
//
// Resolve consumes dice in one fixed order, so the GM's --dice list is
// predictable:
//
//  1. to-hit: 1d20 (a psionic blast rolls the attacker's and then the
//     defender's 1d20 for the mental contest instead);
//  2. reaction dice: parry 1d20, then the parry's virtual damage (health
//     expression, then stamina expression); dodge 1d6; judo throw: grab
//     1d20, judo 1d6, then for "Dam" 1d3 health and 2d6 stamina for the
//     attacker; active resistance 1d6; a grab's virtual damage 1d6 when it
//     is parried;
//  3. damage dice: the health expression, then the stamina expression
//     (every die of a formula is rolled even when its total cannot be
//     positive, e.g. 1d6-6), then defence dice (whirlwind 1d6);
//  4. one 1d6 per obstruction hit by knockback, in order;
//  5. the prone check: 1d20 (not rolled with gymnastics or no knockback).
//
// A finishing move rolls only 1d6 (hours knocked out).
package combat
