// Package rulebook holds every table of Codename: Spandex (the public-domain
// supers retro-clone) as typed Go data, with lookup functions. It is the
// single home of rules data: combat, chargen, profile, downtime and the CLI
// all import it. It does no I/O, and package initialisation only builds
// composite literals; display views are built on demand.
//
// Sources: the rulebook itself, cited by table name and page; every
// ambiguous reading is
// stated in full in docs/rules-notes.md with its page. Page numbers are the book's printed folios; "App. p. N" is the
// copy in the TABLES appendix (pp. 79–85).
//
// # Vocabulary
//
// ArmourClass ('A'..'L', JSON "B"), StrikeClass (0..5), Dividers (H/S, 0 =
// none) and Band (an inclusive score range, Hi 0 = open-ended) are the
// shared types. ArmourClassInfo describes each class (pp. 32–33).
//
// # What is here
//
//   - Combat (pp. 29–43): ToHit (p. 33), Dodge (p. 35), ParryTarget (p. 34),
//     Judo (p. 36), PhysicalDamage (p. 36), InitiativeAdvance (p. 30),
//     strike and armour classes (pp. 31–33), ArmourRank (pp. 51, 77),
//     to-hit modifiers, action costs and panels per page (pp. 29–31),
//     reactions, knockback (KnockbackDistance, p. 36), Wall (p. 37),
//     damage states and recovery (pp. 37–39), the Object Table with
//     ObjectByMass/ObjectByName and sturdy-object dividers (p. 39), and
//     the appendix-only Physical Attack Detailed Steps (App. p. 82).
//   - Character creation (pp. 6–15): DamageBonus/StrengthDividerModifier
//     (p. 8), AgilityBonus (p. 8), RecoveryBonus (p. 9), the Power Table
//     (PowerByRoll/PowerBySlug, p. 7), slot rules, Perks (pp. 9–12),
//     StartingEquipment (p. 13), derived values (pp. 13–15).
//   - Powers (pp. 51–78): the thirteen sub-tables (SubTableRoll), implant
//     numbers, environmental aspects, forcefield types, spell and psychic
//     costs, transmutation modifiers, point pools, dodge bonus sources,
//     knockback modifiers and attack-after-movement bonuses.
//   - Personal profile (pp. 18–28): categories and components, component
//     scales, PopularityStatus, Fame, PublicResponse, Confidence,
//     FinancialResources, MaterialResources and the profile formulas.
//   - Downtime (pp. 44–48): downtime points, Fit (Downtime Point
//     Experience Table), the Experience Point Cost Table (CostProfileMeasure
//     etc.), device complexity and components.
//   - Supporting cast (pp. 49–50): Civilians, CombatantProwess, OtherCast.
//   - Display: Tables and LookupTable give every table as rows of strings
//     derived from the typed data, for `spandex tables`.
//
// # Conventions
//
// Lookups by roll clamp where the book's table is open-ended by nature
// (Dodge and Judo rows, profile bands) and return an error or false where
// a value outside the table is a caller bug (ToHit, PowerByRoll,
// SubTableRoll, CombatantProwess). Slugs are lower-case, hyphenated, and
// parse functions also accept the book's labels case-insensitively.
//
// # Interpretations
//
// Where the book is ambiguous this package picks
// one reading; each is commented at the data and listed in docs/rules-notes.md:
//
//   - Judo Throw Table columns are the defender's Martial Arts rank: ranks start at 1, results improve for the defender
//     left-to-right, and the throw is a Martial Arts option.
//   - AC D may dodge at +0: the dodge section names only
//     A–C and K–L as unable to dodge.
//   - The Wall Strength Table's values (1 m per 4 damage) win over the
//     prose's "2 m per 4"; thin metal stays at 8.
//   - Blunt two-handed weapons are 1d6 H / 2d6+6 S as both copies print.
//   - Confidence 12–14 uses the 15–30 row; success rate is 0–5.
//   - Dodge bonuses all add; Acrobatics R2's +3 replaces its own R1 +2.
//   - Bracing is +5 KB per Super Strength rank.
//   - Battered/dazed/stunned/movement round to nearest, halves up, as the
//     p. 16 example does.
//   - Initiative is rolled once per page.
//   - A shield without weapon mastery parries as "other melee"; "passenger ferry" resolves to the lighter Object Table row; identification starts 1–3; Cybernetics keeps
//     max rank 1 as printed.
package rulebook
