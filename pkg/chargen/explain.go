package chargen

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// lineKind says which rule a combatLine records.
type lineKind uint8

const (
	lineArmourClass lineKind = iota + 1
	lineDividers
	lineDamageBonus
	lineStrikeBonus
	lineCannotDodge
	lineDodge
	lineStockier
	lineBracing
	lineKnockback
	linePanels
	lineMovement
	lineTaller
	lineSuperSpeed
)

// dodgeSource is one source of a dodge bonus (pp. 13, 35), in the order
// the explanation lists them.
type dodgeSource uint8

const (
	dodgeArmourClass dodgeSource = iota
	dodgeAcrobatics
	dodgeReactions
	dodgeSuperSpeed
	dodgeGymnastics
	dodgeSources
)

var dodgeSourceNames = [dodgeSources]string{"armour class", "Acrobatics", "Reactions", "Super Speed", "Gymnastics"}

// combatLine is one line of a character's combat explanation
// (Combat.Explain, and the "combat" steps of --explain): the rule, the
// table read, the figure worked out and the numbers it came from, and
// the page. Working out the figures only records these; the text is
// formatted (appendText, with fmt) when the lines are stored on the
// character or printed.
type combatLine struct {
	what lineKind
	page string
	// value is the figure worked out: a bonus, a threshold, metres,
	// panels.
	value int
	// score is the ability score (or rank) the figure comes from, and
	// table the table read with it.
	score int
	table string
	// from names where the figure comes from ("a normal costume", a
	// power's name), rank the power's rank.
	from string
	rank int
	// ac is the armour class read; dividers the dividers worked out from
	// base (the armour class's) improved by improve (strength's).
	ac                      rulebook.ArmourClass
	dividers, base, improve rulebook.Dividers
	// scores are movement's strength, agility and endurance.
	scores [3]int
	// dodge: the bonus from each source (0: none), whether only the best
	// one counts, and Martial Arts rank 2's +1.
	dodge       [dodgeSources]int8
	best        bool
	martialArts bool
}

// appendText appends the line's text, as the book's rule reads, to buf.
func (l *combatLine) appendText(buf []byte) []byte {
	switch l.what {
	case lineArmourClass:
		if l.rank > 0 {
			return fmt.Appendf(buf, "armour class %s from %s rank %d", l.ac, l.from, l.rank)
		}
		return fmt.Appendf(buf, "armour class %s from %s", l.ac, l.from)
	case lineDividers:
		buf = fmt.Appendf(buf, "dividers %v: armour class %s gives %v, strength %d improves them by ", (*dividersText)(&l.dividers), l.ac, (*dividersText)(&l.base), l.score)
		if l.improve.None() {
			return append(buf, "nothing"...)
		}
		return fmt.Appendf(buf, "H/+%d S/+%d", l.improve.Health, l.improve.Stamina)
	case lineDamageBonus:
		return fmt.Appendf(buf, "damage bonus %+d from strength %d (%s)", l.value, l.score, l.table)
	case lineStrikeBonus:
		return fmt.Appendf(buf, "strike bonus %+d from agility %d (%s)", l.value, l.score, l.table)
	case lineCannotDodge:
		if l.from == "" {
			return fmt.Appendf(buf, "cannot dodge (armour class %s)", l.ac)
		}
		return fmt.Appendf(buf, "cannot dodge (%s rank %d)", l.from, l.rank)
	case lineDodge:
		return l.appendDodge(buf)
	case lineStockier:
		return fmt.Appendf(buf, "knockback threshold +%d from Larger (stockier), %d rank(s)", l.value, l.rank)
	case lineBracing:
		return fmt.Appendf(buf, "bracing adds %d to the knockback threshold (+5 per Super Strength rank)", l.value)
	case lineKnockback:
		return fmt.Appendf(buf, "knockback threshold %d", l.value)
	case linePanels:
		return fmt.Appendf(buf, "%d panels per page", l.value)
	case lineMovement:
		return fmt.Appendf(buf, "movement (%d+%d+%d) ÷ 6 = %d metres per panel, from the rolled scores", l.scores[0], l.scores[1], l.scores[2], l.value)
	case lineTaller:
		return fmt.Appendf(buf, "Larger (taller): +50%% of %d per rank, %d rank(s): %d", l.score, l.rank, l.value)
	case lineSuperSpeed:
		return fmt.Appendf(buf, "Super Speed rank %d doubles movement per rank in combat: %d", l.rank, l.value)
	}
	return buf
}

// appendDodge writes the dodge bonus and its sources: "may dodge, dodge
// bonus +3: Acrobatics +2, Martial Arts rank 2 +1".
func (l *combatLine) appendDodge(buf []byte) []byte {
	buf = fmt.Appendf(buf, "may dodge, dodge bonus %+d: ", l.value)
	sep := ""
	for src, bonus := range l.dodge {
		if bonus == 0 {
			continue
		}
		buf = append(buf, sep...)
		sep = ", "
		if dodgeSource(src) == dodgeArmourClass {
			buf = fmt.Appendf(buf, "armour class %s %+d", l.ac, bonus)
		} else {
			buf = fmt.Appendf(buf, "%s %+d", dodgeSourceNames[src], bonus)
		}
	}
	if l.best && sep != "" {
		buf = append(buf, " (best)"...)
	}
	if l.martialArts {
		buf = append(buf, sep...)
		sep = ", "
		buf = append(buf, "Martial Arts rank 2 +1"...)
	}
	if sep == "" {
		buf = append(buf, "no bonus"...)
	}
	return buf
}

// dividersText formats dividers as rulebook.Dividers.String does ("H/2
// S/3"); fmt is handed a pointer to it, so formatting allocates nothing.
type dividersText rulebook.Dividers

func (d *dividersText) Format(f fmt.State, _ rune) {
	var buf [24]byte
	f.Write(rulebook.Dividers(*d).Append(buf[:0]))
}

// String is the line's text.
func (l combatLine) String() string { return string(l.appendText(nil)) }

// explain records a combat explanation line, when the character's lines
// are stored or printed.
func (b *builder) explain(l combatLine) {
	if b.explaining {
		if b.lines == nil {
			b.lines = make([]combatLine, 0, 16)
		}
		b.lines = append(b.lines, l)
	}
}

// formatLines turns the recorded lines into the --explain steps (unless
// quiet) and, when keep, into Combat.Explain: each line followed by its
// page, all sharing one string, in spare when it has room.
func (b *builder) formatLines(keep bool, spare []string) []string {
	if !b.quiet {
		for i := range b.lines {
			b.steps = append(b.steps, ruling.Step{Rule: "combat", Page: b.lines[i].page, Text: b.lines[i].String()})
		}
	}
	if !keep || len(b.lines) == 0 {
		return nil
	}
	buf, ends := b.text[:0], b.ends[:0]
	if buf == nil {
		buf, ends = make([]byte, 0, 1024), make([]int, 0, 16)
	}
	for i := range b.lines {
		buf = b.lines[i].appendText(buf)
		buf = append(append(append(buf, " ("...), b.lines[i].page...), ')')
		ends = append(ends, len(buf))
	}
	b.text, b.ends = buf, ends
	all := string(buf)
	out := recycled(spare, len(ends))[:len(ends)]
	from := 0
	for i, e := range ends {
		out[i] = all[from:e]
		from = e
	}
	return out
}
