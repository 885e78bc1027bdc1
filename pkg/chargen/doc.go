// Package chargen creates characters by the book: heroes through the four
// steps of "Creating a Hero" (rulebook pp. 6-16), the supporting cast of
// pp. 49-50, and the derivation of every secondary figure of a hero file
// (Step 4, "Filling in the blanks").
//
// It is pure: every function works on a *hero.Hero with a dice.Roller and
// does no I/O. The entry points are:
//
//   - Generate: a complete hero from eight power slots, the 4×4 ability
//     grid, back-story perks and Step 4 (gen hero);
//   - Derive: fill in every derived figure of a hero whose choices and
//     rolled values are pinned, rolling only what is missing (hero
//     derive; downtime calls it after any change);
//   - GainPowerRank: add a power or raise it by one rank, resolving its
//     flavours as the power's text says, then Derive (downtime);
//   - GenerateNPC: civilians, combatants (goons), animals, robots,
//     androids, summoned creatures and sidekicks (gen npc);
//   - RollGrid and the grid lines (gen grid).
//
// A batch (gen hero -n, gen npc -n) makes its characters with one
// Generator (NewGenerator; Generator.Hero and Generator.NPC), which owns
// the memory and caches reused from one character to the next. The
// combat explanation is recorded as typed lines (combatLine: rule, table,
// figures, page) while the figures are worked out, and formatted with fmt
// only when stored on the character or printed.
//
// Dice are rolled in one documented order (docs/chargen.md), so the GM's
// own dice (--dice) can drive any of them. Every unattended choice the
// book leaves to the player follows a documented, deterministic strategy
// that rolls no extra dice.
package chargen
