package dice

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/echo"
)

// Limits of a dice expression.
const (
	// MaxExprLen is the longest expression Parse accepts, in characters.
	MaxExprLen = 256
	// MaxDice is the most dice one expression may roll, over all groups.
	MaxDice = 10_000
	// MaxSides is the most sides a die may have.
	MaxSides = 1_000_000
	// MaxConstant bounds the magnitude of a constant term.
	MaxConstant = 1_000_000
)

// keepMode is the keep/drop suffix of a dice group.
type keepMode uint8

const (
	keepAll  keepMode = iota // no suffix
	keepHigh                 // khN (or kN)
	keepLow                  // klN
	dropHigh                 // dhN
	dropLow                  // dlN
)

var modeNames = [...]string{keepAll: "", keepHigh: "kh", keepLow: "kl", dropHigh: "dh", dropLow: "dl"}

// term is one signed term of an expression: a constant (n == 0) or a group
// of n dice with the given sides.
type term struct {
	neg   bool
	n     int // dice in the group; 0 for a constant
	sides int
	value int // a constant's magnitude

	mode  keepMode
	modeN int  // the number written after the keep/drop letters
	keep  int  // dice that count towards the total (n without keep/drop)
	high  bool // the kept dice are the highest (else the lowest)
}

// Expr is a parsed dice expression. It is immutable and safe for concurrent
// use; parse once with Parse and roll many times.
type Expr struct {
	src      string // canonical form
	terms    []term
	numDice  int
	modifier int
	min, max int
}

// Parse parses a dice expression such as "3d6+2", "4d6kh3" or "d%"; see the
// package documentation for the grammar and limits. Errors are of type
// *ParseError and name the offending token and its column. Parse never
// panics.
func Parse(s string) (*Expr, error) {
	if len(s) > MaxExprLen && utf8.RuneCountInString(s) > MaxExprLen {
		return nil, &ParseError{Expr: s, Msg: fmt.Sprintf("longer than %d characters", MaxExprLen)}
	}
	p := parser{src: s}
	return p.parse()
}

// MustParse is like Parse but panics on error. It is meant for
// package-level expressions in rules code, whose text is fixed.
func MustParse(s string) *Expr {
	e, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return e
}

// ParseError reports an invalid dice expression.
type ParseError struct {
	// Expr is the expression as given.
	Expr string
	// Column is the 1-based character column of the problem, or 0 when it
	// concerns the whole expression (empty or too long).
	Column int
	// Msg says what is wrong, naming the offending token and its column.
	Msg string
}

// Error returns a one-line message such as
// `dice expression "3x6": unexpected "x" at column 2`.
// Refused marks a ParseError as the user's fault (exit status 2).
func (e *ParseError) Refused() {}

func (e *ParseError) Error() string {
	return "dice expression " + echo.Quote(e.Expr) + ": " + e.Msg
}

type parser struct {
	src  string
	i    int // byte offset of the next character
	dice int // dice so far
	// bounds of the total so far, in int64 so that they cannot overflow
	min, max int64
}

func (p *parser) eof() bool { return p.i >= len(p.src) }

// peek returns the next byte, or 0 at the end.
func (p *parser) peek() byte {
	if p.i < len(p.src) {
		return p.src[p.i]
	}
	return 0
}

func (p *parser) skipSpace() {
	for p.i < len(p.src) && isSpace(p.src[p.i]) {
		p.i++
	}
}

// col returns the 1-based character column of byte offset off.
func (p *parser) col(off int) int {
	return utf8.RuneCountInString(p.src[:min(off, len(p.src))]) + 1
}

// errAt builds a ParseError about the byte offset off, with the message
// subject + " at column N" + detail.
func (p *parser) errAt(off int, subject, detail string) error {
	c := p.col(off)
	return &ParseError{Expr: p.src, Column: c, Msg: subject + " at column " + strconv.Itoa(c) + detail}
}

// unexpected reports the token at byte offset off: a run of letters, or a
// single character.
func (p *parser) unexpected(off int, hint string) error {
	j := off
	for j < len(p.src) && isLetter(p.src[j]) {
		j++
	}
	if j == off {
		_, w := utf8.DecodeRuneInString(p.src[off:])
		j = off + w
	}
	return p.errAt(off, "unexpected "+echo.Quote(p.src[off:j]), hint)
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c | 0x20
	}
	return c
}

// number reads a run of digits. Values beyond what any limit allows are
// reported as tooBig, which is larger than every limit.
func (p *parser) number() (tok string, v int) {
	const tooBig = 1 << 40
	start := p.i
	for p.i < len(p.src) && isDigit(p.src[p.i]) {
		if v < tooBig {
			v = v*10 + int(p.src[p.i]-'0')
		}
		p.i++
	}
	return p.src[start:p.i], min(v, tooBig)
}

func (p *parser) parse() (*Expr, error) {
	// Every term but the first follows a sign.
	e := &Expr{terms: make([]term, 0, 1+strings.Count(p.src, "+")+strings.Count(p.src, "-"))}
	p.skipSpace()
	if p.eof() {
		return nil, &ParseError{Expr: p.src, Msg: "empty expression"}
	}
	neg := false
	opAt := -1 // byte offset of the sign before the term, -1 if none
	if c := p.peek(); c == '+' || c == '-' {
		neg, opAt = c == '-', p.i
		p.i++
	}
	for {
		p.skipSpace()
		if p.eof() {
			return nil, p.errAt(opAt, "expected a term after "+strconv.Quote(p.src[opAt:opAt+1]), "")
		}
		t, err := p.term(neg)
		if err != nil {
			return nil, err
		}
		e.terms = append(e.terms, t)
		p.skipSpace()
		if p.eof() {
			break
		}
		c := p.peek()
		if c != '+' && c != '-' {
			return nil, p.unexpected(p.i, "")
		}
		neg, opAt = c == '-', p.i
		p.i++
	}
	if p.min < math.MinInt || p.max > math.MaxInt {
		return nil, &ParseError{Expr: p.src, Msg: "totals too large for this platform"}
	}
	e.numDice = p.dice
	e.min, e.max = int(p.min), int(p.max)
	for _, t := range e.terms {
		if t.n == 0 {
			e.modifier += t.signed(t.value)
		}
	}
	e.src = e.canonical()
	return e, nil
}

// term parses one term after its sign.
func (p *parser) term(neg bool) (term, error) {
	t := term{neg: neg}
	start := p.i
	var nTok string
	n := -1 // no count written
	if isDigit(p.peek()) {
		nTok, n = p.number()
		p.skipSpace()
	}
	if c := p.peek(); c != 'd' && c != 'D' {
		if n < 0 {
			return t, p.unexpected(p.i, "")
		}
		if n > MaxConstant {
			return t, p.errAt(start, "constant "+echo.Quote(nTok), fmt.Sprintf(" is over the limit of %d", MaxConstant))
		}
		t.value = n
		p.add(t, int64(n), int64(n))
		return t, nil
	}
	dAt := p.i
	p.i++
	switch {
	case n < 0:
		n = 1
	case n < 1:
		return t, p.errAt(start, "dice count "+echo.Quote(nTok), " must be at least 1")
	case n > MaxDice:
		return t, p.errAt(start, "dice count "+echo.Quote(nTok), fmt.Sprintf(" is over the limit of %d", MaxDice))
	}
	t.n, t.keep, t.high = n, n, true

	p.skipSpace()
	switch c := p.peek(); {
	case p.eof():
		return t, p.errAt(dAt, "expected the number of sides after "+strconv.Quote(p.src[dAt:dAt+1]), "")
	case c == '%':
		t.sides = 100
		p.i++
	case isDigit(c):
		sAt := p.i
		sTok, s := p.number()
		if s < 1 {
			return t, p.errAt(sAt, "sides "+echo.Quote(sTok), " must be at least 1")
		}
		if s > MaxSides {
			return t, p.errAt(sAt, "sides "+echo.Quote(sTok), fmt.Sprintf(" is over the limit of %d", MaxSides))
		}
		t.sides = s
	default:
		return t, p.unexpected(p.i, "")
	}

	p.skipSpace()
	if err := p.keepSuffix(&t); err != nil {
		return t, err
	}
	if p.dice+n > MaxDice {
		return t, p.errAt(start, echo.Quote(strings.TrimRight(p.src[start:p.i], " \t\n\r\v\f")),
			fmt.Sprintf(" brings the total to %d dice, over the limit of %d", p.dice+n, MaxDice))
	}
	p.dice += n
	p.add(t, int64(t.keep), int64(t.keep)*int64(t.sides))
	return t, nil
}

// keepSuffix parses an optional keep/drop suffix of the group t.
func (p *parser) keepSuffix(t *term) error {
	c := lower(p.peek())
	if c != 'k' && c != 'd' {
		return nil
	}
	at := p.i
	next := byte(0)
	if p.i+1 < len(p.src) {
		next = lower(p.src[p.i+1])
	}
	switch {
	case c == 'k' && next == 'h':
		t.mode = keepHigh
		p.i += 2
	case c == 'k' && next == 'l':
		t.mode = keepLow
		p.i += 2
	case c == 'k':
		t.mode = keepHigh
		p.i++
	case next == 'h':
		t.mode = dropHigh
		p.i += 2
	case next == 'l':
		t.mode = dropLow
		p.i += 2
	default:
		return p.unexpected(at, ` (drop dice with "dh" or "dl")`)
	}
	letters := p.src[at:p.i]
	p.skipSpace()
	if p.eof() {
		return p.errAt(at, "expected a number after "+strconv.Quote(letters), "")
	}
	if !isDigit(p.peek()) {
		return p.unexpected(p.i, "")
	}
	_, k := p.number()
	tok := echo.Quote(p.src[at:p.i])
	t.modeN = k
	switch t.mode {
	case keepHigh, keepLow:
		if k < 1 {
			return p.errAt(at, tok, " must keep at least 1 die")
		}
		if k > t.n {
			return p.errAt(at, tok, fmt.Sprintf(" keeps %d dice but the group rolls only %d", k, t.n))
		}
		t.keep, t.high = k, t.mode == keepHigh
	default:
		if k < 1 {
			return p.errAt(at, tok, " must drop at least 1 die")
		}
		if k >= t.n {
			return p.errAt(at, tok, fmt.Sprintf(" drops %d dice but must leave at least 1 of the %d rolled", k, t.n))
		}
		// Dropping the highest k keeps the lowest n-k, and vice versa.
		t.keep, t.high = t.n-k, t.mode == dropLow
	}
	return nil
}

// add widens the bounds of the total by the term t whose own (unsigned)
// bounds are lo and hi.
func (p *parser) add(t term, lo, hi int64) {
	if t.neg {
		lo, hi = -hi, -lo
	}
	p.min += lo
	p.max += hi
}

func (t term) signed(v int) int {
	if t.neg {
		return -v
	}
	return v
}

// canonical renders the expression in canonical form.
func (e *Expr) canonical() string {
	var buf [64]byte
	b := buf[:0]
	for i, t := range e.terms {
		switch {
		case t.neg:
			b = append(b, '-')
		case i > 0:
			b = append(b, '+')
		}
		if t.n == 0 {
			b = strconv.AppendInt(b, int64(t.value), 10)
			continue
		}
		b = strconv.AppendInt(b, int64(t.n), 10)
		b = append(b, 'd')
		b = strconv.AppendInt(b, int64(t.sides), 10)
		if t.mode != keepAll {
			b = append(b, modeNames[t.mode]...)
			b = strconv.AppendInt(b, int64(t.modeN), 10)
		}
	}
	return string(b)
}

// String returns the canonical form of the expression, e.g. "2d6+4",
// "1d6-6", "4d6kh3" or "1d100". It parses back to an equal expression.
func (e *Expr) String() string { return e.src }

// Min returns the smallest possible total.
func (e *Expr) Min() int { return e.min }

// Max returns the largest possible total.
func (e *Expr) Max() int { return e.max }

// NumDice returns how many dice one roll of the expression rolls, counting
// dice that keep/drop later discards. It is the number of --dice values one
// roll consumes.
func (e *Expr) NumDice() int { return e.numDice }

// Result is the full record of one roll of an expression.
type Result struct {
	// Expr is the canonical form of the expression rolled.
	Expr string `json:"expr"`
	// Total is the result of the roll.
	Total int `json:"total"`
	// Dice lists every die rolled, in roll order (see the package doc),
	// including dice that keep/drop discarded.
	Dice []Die `json:"dice"`
	// Modifier is the sum of the constant terms.
	Modifier int `json:"modifier"`
}

// Die is one die of a Result.
type Die struct {
	// Sides is the number of sides of the die.
	Sides int `json:"sides"`
	// Value is the face rolled, in [1, Sides].
	Value int `json:"value"`
	// Kept is set only for dice of a group with keep/drop, and says whether
	// the die counts towards the total. It points to shared package-level
	// values: never write through it.
	Kept *bool `json:"kept,omitempty"`
	// Source is "entered" (the GM rolled the face on a real die) or
	// "rolled" (spandex rolled it); it is present only when the roller
	// mixes the two (--dice LIST --roll-rest, a Mixed roller).
	Source Source `json:"source,omitempty" jsonschema:"enum=entered,enum=rolled"`
}

// The targets of Die.Kept, shared so that marking dice does not allocate.
var (
	keptTrue  = true
	keptFalse = false
)

// rollError wraps an error from rolling the expression.
func (e *Expr) rollError(err error) error {
	return fmt.Errorf("rolling %s: %w", e.src, err)
}

// smallGroup is the size of the stack buffer for a keep/drop group; larger
// groups allocate.
const smallGroup = 64

// Total rolls the expression with r and returns its total. purpose is
// passed to r for every die; when empty, the expression's canonical form
// is used. It does not allocate for groups without keep/drop or with at
// most 64 dice, as long as r does not.
func (e *Expr) Total(r Roller, purpose string) (int, error) {
	if purpose == "" {
		purpose = e.src
	}
	total := 0
	for i := range e.terms {
		t := &e.terms[i]
		sum := 0
		switch {
		case t.n == 0:
			sum = t.value
		case t.keep == t.n:
			if sr, ok := r.(SumRoller); ok {
				v, err := rollSum(sr, t.n, t.sides, purpose)
				if err != nil {
					return 0, e.rollError(err)
				}
				sum = v
				break
			}
			for range t.n {
				v, err := rollDie(r, t.sides, purpose)
				if err != nil {
					return 0, e.rollError(err)
				}
				sum += v
			}
		default:
			var buf [smallGroup]int
			vals := buf[:0]
			if t.n > len(buf) {
				vals = make([]int, 0, t.n)
			}
			for range t.n {
				v, err := rollDie(r, t.sides, purpose)
				if err != nil {
					return 0, e.rollError(err)
				}
				vals = append(vals, v)
			}
			slices.Sort(vals)
			if t.high {
				vals = vals[len(vals)-t.keep:]
			} else {
				vals = vals[:t.keep]
			}
			for _, v := range vals {
				sum += v
			}
		}
		if t.neg {
			total -= sum
		} else {
			total += sum
		}
	}
	return total, nil
}

// Roll rolls the expression with r and returns the full record. purpose is
// as for Total.
func (e *Expr) Roll(r Roller, purpose string) (Result, error) {
	var res Result
	if err := e.RollInto(r, purpose, &res); err != nil {
		return Result{}, err
	}
	return res, nil
}

// RollInto is Roll writing into res, reusing the capacity of res.Dice, so
// that rolling an expression many times does not allocate. On error res
// holds the dice rolled before the failure and a zero Total.
func (e *Expr) RollInto(r Roller, purpose string, res *Result) error {
	if purpose == "" {
		purpose = e.src
	}
	res.Expr = e.src
	res.Modifier = e.modifier
	res.Total = 0
	if res.Dice == nil || cap(res.Dice) < e.numDice {
		res.Dice = make([]Die, 0, e.numDice) // never nil: JSON shows []
	}
	res.Dice = res.Dice[:0]
	sr, _ := r.(SourceRoller) // asked once, not per die
	total := e.modifier
	for i := range e.terms {
		t := &e.terms[i]
		if t.n == 0 {
			continue
		}
		start := len(res.Dice)
		sum := 0
		for range t.n {
			v, err := rollDie(r, t.sides, purpose)
			if err != nil {
				return e.rollError(err)
			}
			d := Die{Sides: t.sides, Value: v}
			if sr != nil {
				d.Source = sr.LastSource()
			}
			res.Dice = append(res.Dice, d)
			sum += v
		}
		if t.keep < t.n {
			sum = markKept(res.Dice[start:], t.keep, t.high)
		}
		total += t.signed(sum)
	}
	res.Total = total
	return nil
}

// markKept marks which of a group's dice are kept — the k highest or
// lowest, earlier dice first among equals — and returns their sum.
func markKept(dice []Die, k int, high bool) int {
	var buf [smallGroup]int
	vals := buf[:0]
	if len(dice) > len(buf) {
		vals = make([]int, 0, len(dice))
	}
	for _, d := range dice {
		vals = append(vals, d.Value)
	}
	slices.Sort(vals)
	// thr is the value of the last kept die; take is how many dice equal to
	// thr are kept.
	var thr, take int
	if high {
		thr = vals[len(vals)-k]
		le, _ := slices.BinarySearch(vals, thr+1) // dice <= thr
		take = k - (len(vals) - le)
	} else {
		thr = vals[k-1]
		lt, _ := slices.BinarySearch(vals, thr) // dice < thr
		take = k - lt
	}
	sum := 0
	for i := range dice {
		v := dice[i].Value
		keep := (high && v > thr) || (!high && v < thr)
		if !keep && v == thr && take > 0 {
			keep = true
			take--
		}
		if keep {
			dice[i].Kept = &keptTrue
			sum += v
		} else {
			dice[i].Kept = &keptFalse
		}
	}
	return sum
}
