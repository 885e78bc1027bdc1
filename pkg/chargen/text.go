package chargen

import (
	"strconv"
	"sync"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// explainer writes the combat explanation lines (Combat.Explain, each
// ending with its page) and the matching --explain steps without fmt:
// every line goes into one buffer, turned into strings with a single
// allocation at the end (a batch of heroes spends much of its time on
// these lines otherwise). Explainers are pooled: get one with
// newExplainer, give it back with release.
type explainer struct {
	b *builder
	// keep: the lines go into Combat.Explain (not only --explain).
	keep  bool
	buf   []byte
	ends  []int
	start int
}

var explainers = sync.Pool{New: func() any {
	return &explainer{buf: make([]byte, 0, 1024), ends: make([]int, 0, 16)}
}}

func newExplainer(b *builder, keep bool) *explainer {
	x := explainers.Get().(*explainer)
	x.b, x.keep = b, keep
	x.buf, x.ends, x.start = x.buf[:0], x.ends[:0], 0
	return x
}

// release gives the explainer back to the pool.
func (x *explainer) release() {
	x.b = nil
	explainers.Put(x)
}

func (x *explainer) str(s string) { x.buf = append(x.buf, s...) }
func (x *explainer) num(n int)    { x.buf = strconv.AppendInt(x.buf, int64(n), 10) }

// signed writes n as fmt's %+d does.
func (x *explainer) signed(n int) {
	if n >= 0 {
		x.buf = append(x.buf, '+')
	}
	x.num(n)
}

// end finishes the line begun since the last end: an --explain step, and
// the line with " (page)" when kept.
func (x *explainer) end(page string) {
	if !x.b.quiet {
		x.b.steps = append(x.b.steps, ruling.Step{Rule: "combat", Page: page, Text: string(x.buf[x.start:])})
	}
	if !x.keep {
		x.buf = x.buf[:x.start]
		return
	}
	x.buf = append(x.buf, " ("...)
	x.buf = append(x.buf, page...)
	x.buf = append(x.buf, ')')
	x.ends = append(x.ends, len(x.buf))
	x.start = len(x.buf)
}

// lines returns the kept lines, sharing one string, in spare when it has
// room; nil for a nil explainer.
func (x *explainer) lines(spare []string) []string {
	if x == nil || len(x.ends) == 0 {
		return nil
	}
	all := string(x.buf)
	out := recycled(spare, len(x.ends))[:len(x.ends)]
	from := 0
	for i, e := range x.ends {
		out[i] = all[from:e]
		from = e
	}
	return out
}

// memo holds strings generation would otherwise format again for every
// hero, built the first time they are needed from the rulebook's own
// String methods.
var (
	memoOnce     sync.Once
	acText       [256]string
	dividersText [16][16]string
)

func initMemo() {
	for i := range acText {
		acText[i] = rulebook.ArmourClass(i).String()
	}
	for h := range dividersText {
		for s := range dividersText[h] {
			dividersText[h][s] = rulebook.Dividers{Health: h, Stamina: s}.String()
		}
	}
}

// acString is ac.String() without allocating.
func acString(ac rulebook.ArmourClass) string {
	memoOnce.Do(initMemo)
	return acText[byte(ac)]
}

// dividersString is d.String() without allocating for the usual values.
func dividersString(d rulebook.Dividers) string {
	if d.Health < 0 || d.Health >= len(dividersText) || d.Stamina < 0 || d.Stamina >= len(dividersText[0]) {
		return d.String()
	}
	memoOnce.Do(initMemo)
	return dividersText[d.Health][d.Stamina]
}

// Value keys of the ranks 0-9 of the powers whose dice are rolled per
// rank (docs/chargen.md, "Rolled values"); static data, no init work.
var (
	keysD10     = [...]string{"d10_r0", "d10_r1", "d10_r2", "d10_r3", "d10_r4", "d10_r5", "d10_r6", "d10_r7", "d10_r8", "d10_r9"}
	keysD6      = [...]string{"d6_r0", "d6_r1", "d6_r2", "d6_r3", "d6_r4", "d6_r5", "d6_r6", "d6_r7", "d6_r8", "d6_r9"}
	keysStrD6   = [...]string{"str_d6_r0", "str_d6_r1", "str_d6_r2", "str_d6_r3", "str_d6_r4", "str_d6_r5", "str_d6_r6", "str_d6_r7", "str_d6_r8", "str_d6_r9"}
	keysEndD6   = [...]string{"end_d6_r0", "end_d6_r1", "end_d6_r2", "end_d6_r3", "end_d6_r4", "end_d6_r5", "end_d6_r6", "end_d6_r7", "end_d6_r8", "end_d6_r9"}
	keysPoolD10 = [...]string{"pool_d10_r0", "pool_d10_r1", "pool_d10_r2", "pool_d10_r3", "pool_d10_r4", "pool_d10_r5", "pool_d10_r6", "pool_d10_r7", "pool_d10_r8", "pool_d10_r9"}
)

// rankKey returns prefix followed by rank k ("d10_r3"), without
// allocating for the usual prefixes and ranks.
func rankKey(prefix string, k int) string {
	if k >= 0 && k < 10 {
		switch prefix {
		case "d10_r":
			return keysD10[k]
		case "d6_r":
			return keysD6[k]
		case "str_d6_r":
			return keysStrD6[k]
		case "end_d6_r":
			return keysEndD6[k]
		case "pool_d10_r":
			return keysPoolD10[k]
		}
	}
	return prefix + strconv.Itoa(k)
}

// parsedDice caches parsed dice expressions: generation parses each one
// once, not once per hero.
var parsedDice sync.Map // string -> *dice.Expr

// mustParse returns the parsed expression (dice.MustParse), cached.
func mustParse(expr string) *dice.Expr {
	if e, ok := parsedDice.Load(expr); ok {
		return e.(*dice.Expr)
	}
	e := dice.MustParse(expr)
	parsedDice.Store(expr, e)
	return e
}

// signedDice returns expr followed by n as fmt's %+d writes it ("1d6+1",
// "1d6-2"), without allocating for small n.
func signedDice(expr string, n int) string {
	if expr == "1d6" && n >= -9 && n <= 9 {
		return oneD6Signed[n+9]
	}
	s := strconv.Itoa(n)
	if n >= 0 {
		s = "+" + s
	}
	return expr + s
}

var oneD6Signed = [...]string{"1d6-9", "1d6-8", "1d6-7", "1d6-6", "1d6-5", "1d6-4", "1d6-3", "1d6-2", "1d6-1", "1d6+0",
	"1d6+1", "1d6+2", "1d6+3", "1d6+4", "1d6+5", "1d6+6", "1d6+7", "1d6+8", "1d6+9"}

// spare is the memory of a character the caller no longer needs
// (GenOptions.Reuse, NPCOptions.Reuse): its slices and structs are
// emptied and filled again, so that a batch allocates little per
// character.
type spare struct {
	powers     []hero.Power
	perks      []hero.Perk
	equipment  []hero.Item
	log        []hero.Event
	attacks    []hero.Attack
	parries    []hero.Parry
	explain    []string
	health     []int
	stamina    []int
	creation   *hero.Creation
	mundane    *hero.Mundane
	moves      []hero.Move
	immunities []string
	modifiers  []hero.AbilityModifier
	pools      []hero.Pool
}

// spareOf takes what can be reused from h, which is about to be
// overwritten.
func spareOf(h *hero.Hero) spare {
	return spare{powers: h.Powers, perks: h.Perks, equipment: h.Equipment, log: h.Log,
		attacks: h.Combat.Attacks, parries: h.Combat.Parries, explain: h.Combat.Explain,
		health: h.Health.Dice, stamina: h.Stamina.Dice, creation: h.Creation, mundane: h.Mundane,
		moves: h.Combat.Moves, immunities: h.Combat.Immunities, modifiers: h.Abilities.Modifiers, pools: h.Pools}
}

// recycled returns s cleared and emptied for reuse, or, when s has no
// room, a new empty (non-nil) slice with room for n.
func recycled[T any](s []T, n int) []T {
	if cap(s) == 0 || cap(s) < n {
		if n == 0 {
			return []T{}
		}
		return make([]T, 0, n)
	}
	s = s[:cap(s)]
	clear(s)
	return s[:0]
}

// emptied returns s cleared and emptied for reuse: nil stays nil.
func emptied[T any](s []T) []T {
	clear(s[:cap(s)])
	return s[:0]
}

// take returns *s for reuse and forgets it, so that it is used once.
func take[T any](s *[]T) []T {
	t := *s
	*s = nil
	return t
}
