// Package dice is the dice engine of spandex: dice rollers, dice
// expressions and their exact odds.
//
// The package is pure: it does no I/O and keeps no global state, so every
// result depends only on its inputs and on the [Roller] it is given.
//
// # Rollers
//
// A [Roller] hands out die faces. Four are provided:
//
//   - [Seeded] draws from a PCG generator (math/rand/v2) and is fully
//     reproducible: the same seed gives the same faces for the same
//     sequence of dice.
//   - [Scripted] hands out the values of the GM's physical dice (the
//     --dice flag, see [ParseList]) in order, and says precisely which die
//     a value did not fit, which die ran short, or what was left over.
//     With [Scripted.CountShort] it keeps a ruling going past its last
//     value so that one error names every die still needed.
//   - [Mixed] hands out the GM's values first and rolls the rest from a
//     seed (--dice with --roll-rest), telling which face was entered and
//     which rolled ([Source]).
//   - [Recorder] wraps another Roller and records every die it rolls,
//     with its [Source] when the roller mixes entered and rolled faces.
//
// # Expressions
//
// [Parse] reads a dice expression once; the resulting [Expr] can then be
// rolled many times. The grammar, case-insensitive, with spaces allowed
// around and between tokens (but not inside a number), is:
//
//	expr  = [sign] term { sign term }
//	sign  = "+" | "-"
//	term  = number | dice
//	dice  = [number] "d" ( number | "%" ) [ keep ]
//	keep  = ( "kh" | "k" | "kl" | "dh" | "dl" ) number
//
// Examples: 3d6, d20 (one die), 2d6+4, 1d6-6, 2d6+1d3-1, -1d6+10, 5,
// 4d6kh3 (keep the highest 3; 4d6k3 is the same), 4d6kl1 (keep the lowest
// one), 4d6dh1 (drop the highest one), 4d6dl1 (drop the lowest one).
// Any term may carry a sign, including the first, so -1d6+10 is ten minus
// one die. A keep/drop suffix applies to its own group only.
//
// d% and d100 are one 100-sided die (faces 1 to 100; with --dice, 100 is a
// valid value and 0 is not). d3 is a real 3-sided die with faces 1 to 3:
// players using physical dice enter the halved d6 result (1-3), not the d6
// face. Every die has faces 1 to its number of sides.
//
// [Expr.String] gives the canonical form of an expression: lower case, no
// spaces, explicit dice counts and "kh" for "k" (d% and d100 become 1d100,
// d6 becomes 1d6); terms are kept as written, in order, and not combined.
// The canonical form parses back to the same expression.
//
// # Order of the dice
//
// Dice are rolled left to right: group by group in the order they appear
// in the expression, and each group's dice one after the other, before any
// keep/drop is applied. Constants roll nothing. This is the order in which
// --dice values are consumed: for "2d6+1d20" the first two values are the
// d6s and the third the d20. When equal dice compete for the last kept
// places of a keep/drop group, the earlier dice are kept.
//
// # Limits
//
// An expression has at most [MaxExprLen] characters and [MaxDice] dice in
// all; a die has at most [MaxSides] sides; a constant is at most
// [MaxConstant]; every group rolls at least one die and keeps at least one.
// Parse reports anything else as a [*ParseError] naming the offending
// token and its column; it never panics.
//
// # Odds
//
// [Expr.Distribution] computes the exact distribution of an expression's
// total: plain dice by integer convolution, one die at a time, on exact
// multi-word counts (a single machine word while the number of outcomes
// fits, as for 20d6), and keep/drop groups by a dynamic programme over face
// values in math/big. Each probability is the exact fraction rounded once
// to float64, and so are the mean and the variance. Expressions with more
// than [MaxSupport] possible totals, or whose exact computation would
// exceed a fixed time or memory budget (a second or two), are refused with
// an error rather than approximated: 2000d6 or 60d20kh30 are fine,
// 10000d6 is not.
//
// # Concurrency
//
// An [Expr] and a [Distribution] are immutable and safe for concurrent
// use. Rollers are not: give each goroutine its own.
package dice
