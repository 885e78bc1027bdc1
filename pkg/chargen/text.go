package chargen

import (
	"strconv"
	"sync"

	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// explainer writes the combat explanation lines (Combat.Explain, each
// ending with its page) and the matching --explain steps without fmt:
// every line goes into one buffer, turned into strings with a single
// allocation at the end (a batch of heroes spends much of its time on
// these lines otherwise).
type explainer struct {
	b *builder
	// on: the lines are wanted at all (a quiet batch of mundane
	// characters wants none); keep: they go into Combat.Explain.
	on, keep bool
	buf      []byte
	ends     []int
	start    int
	bufArr   [768]byte
	endsArr  [16]int
}

func (x *explainer) init(b *builder, on, keep bool) {
	x.b, x.on, x.keep = b, on, keep
	x.buf, x.ends = x.bufArr[:0], x.endsArr[:0]
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

// lines returns the kept lines, sharing one string.
func (x *explainer) lines() []string {
	if len(x.ends) == 0 {
		return nil
	}
	all := string(x.buf)
	out := make([]string, len(x.ends))
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
