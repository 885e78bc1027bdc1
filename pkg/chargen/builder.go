package chargen

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Error is a problem with what the user asked for (a flag, a forced
// choice, a draft hero's field). Every chargen error is the user's: a
// seeded roller never fails, and a --dice roller fails only on the GM's
// list.
type Error struct {
	// Field names the flag or JSON path at fault, e.g. "--improve" or
	// "$.powers[1].values.d10_r1".
	Field string
	Msg   string
}

func (e *Error) Error() string { return e.Field + ": " + e.Msg }

// Refused marks a chargen Error as the user's fault (exit status 2).
func (e *Error) Refused() {}

func errorf(field, format string, args ...any) error {
	return &Error{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// builder carries the state shared by generation and derivation: the
// hero, the roller, the explanation and the queue of forced choices.
type builder struct {
	h     *hero.Hero
	r     dice.Roller
	steps ruling.Steps
	// choose is the queue of --choose values, consumed by "Choose"
	// results, weapon mastery's weapon and the power simulator's power.
	choose []string
	// hint is a number taken from dice already rolled (the current
	// slot's d100), used to vary unattended choices without rolling more
	// dice.
	hint int
	// notes are remarks for the creation record (re-rolls, fallbacks).
	notes []string
	// noSidekick re-rolls the Sidekick power (a sidekick may not have
	// its own, p. 71).
	noSidekick bool
	// rollAll: no unattended improvements (--roll-all, or --improve).
	rollAll bool
	// quiet skips the explanation steps (they cost time in batches).
	quiet bool
	// figuresOnly: the character is derived to compare its figures
	// (Verifier), so the explanation text a hero file keeps
	// (combat.explain) is not written either.
	figuresOnly bool
	// spare is the memory of a character being reused (Reuse options).
	spare spare
	// explaining: the combat explanation lines are recorded (see
	// combatLine); lines, text and ends are their memory.
	explaining bool
	lines      []combatLine
	text       []byte
	ends       []int
	// g is the Generator making the character (nil when deriving or
	// gaining): the owner of the caches below.
	g *Generator
}

// roll rolls one die for purpose.
func (b *builder) roll(sides int, purpose string) (int, error) {
	v, err := b.r.Roll(sides, purpose)
	if err != nil {
		return 0, err
	}
	return v, nil
}

// rollFor rolls one die for a power and records it on the power.
func (b *builder) rollFor(i, sides int, purpose string) (int, error) {
	v, err := b.roll(sides, purpose)
	if err != nil {
		return 0, err
	}
	p := &b.h.Powers[i]
	if p.Dice == nil {
		p.Dice = make([]dice.Rolled, 0, 4)
	}
	p.Dice = append(p.Dice, dice.Rolled{Sides: sides, Value: v, Purpose: purpose, Source: dice.SourceOf(b.r)})
	return v, nil
}

// pick returns a deterministic index in [0, n) from the hint.
func (b *builder) pick(n int) int {
	if n <= 0 {
		return 0
	}
	h := b.hint
	if h < 0 {
		h = -h
	}
	return h % n
}

// nextChoice pops the next forced choice, if any.
func (b *builder) nextChoice() (string, bool) {
	if len(b.choose) == 0 {
		return "", false
	}
	c := b.choose[0]
	b.choose = b.choose[1:]
	return c, true
}

// choosePower is one power index with its row.
func powerName(slug string) string {
	if row, ok := lookupPower(slug); ok {
		return row.Name
	}
	return slug
}

// choice resolves a choice the book leaves to the player among options
// (slugs): the next --choose value when one is queued (it must be one of
// the options), else the first of prefer that is an option, else the
// option picked by the hint.
func (b *builder) choice(what string, options, prefer []string) (string, error) {
	if len(options) == 0 {
		return "", errorf("--choose", "no choice is possible for %s", what)
	}
	if c, ok := b.nextChoice(); ok {
		n := naming.Slug(c)
		for _, o := range options {
			if o == n {
				return o, nil
			}
		}
		return "", errorf("--choose", "%q is not a choice for %s (one of %s)", c, what, joinSlugs(options))
	}
	for _, p := range prefer {
		if slices.Contains(options, p) {
			return p, nil
		}
	}
	return options[b.pick(len(options))], nil
}

func joinSlugs(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// subTable rolls a power's sub-table die and returns the row and the roll.
func (b *builder) subTable(i int, table, purpose string) (rulebook.SubRow, int, error) {
	st, ok := tables().subs[table]
	if !ok {
		return rulebook.SubRow{}, 0, refusal.Errorf("chargen: unknown sub-table %q", table)
	}
	v, err := b.rollFor(i, st.Die, purpose)
	if err != nil {
		return rulebook.SubRow{}, 0, err
	}
	_, row, ok := subTableRow(table, v)
	if !ok {
		return rulebook.SubRow{}, 0, refusal.Errorf("chargen: roll %d is not on the %s", v, st.Name)
	}
	if !b.quiet {
		b.addRow("flavour", st.Page, st.Name, strconv.Itoa(v), "%s: rolled %d on the %s: %s", powerName(string(b.h.Powers[i].Slug)), v, st.Name, row.Result)
	}
	return row, v, nil
}

// tableOptions returns the named results of a sub-table (no "Choose").
func tableOptions(table string) []string { return tables().options[table] }

// tableName returns the result name of a slug on a sub-table.
func tableName(table, slug string) string {
	if st, ok := tables().subs[table]; ok {
		for _, r := range st.Rows {
			if r.Slug == slug {
				return r.Result
			}
		}
	}
	if w, ok := weaponBySlug(slug); ok {
		return w.name
	}
	return slug
}

// powerIndex returns the index of the first power with the slug, or -1.
func powerIndex(h *hero.Hero, slug rulebook.PowerID) int {
	for i := range h.Powers {
		if h.Powers[i].Slug == slug {
			return i
		}
	}
	return -1
}

// maxRank returns the Power Table maximum (rulebook.Unlimited for ∞).
func maxRank(slug string) int {
	row, _ := lookupPower(slug)
	return row.MaxRanks
}

// atMax reports whether a power's rank is at its Power Table maximum.
func atMax(p *hero.Power) bool {
	m := maxRank(string(p.Slug))
	return m != rulebook.Unlimited && p.Rank >= m
}

// How a rank was gained.
const (
	howRolled   = "rolled"
	howImproved = "improved"
	howChosen   = "chosen" // 96-00: counts as rolled
	howDowntime = "downtime"
	howImplant  = "implant"
	howGift     = "gift"
)

// gain adds a power at rank 1 or raises it by one rank, resolving its
// flavours (p. 7: "the flavours for each power must be determined before
// you move on to the next power slot"). It returns the power's index.
func (b *builder) gain(slug, how string) (int, error) {
	row, ok := lookupPower(slug)
	if !ok || row.FreeChoice {
		return -1, errorf("power", "%q is not a power on the Power Table (p. 7)", slug)
	}
	i := powerIndex(b.h, rulebook.PowerID(row.Slug))
	if i < 0 {
		b.h.Powers = append(b.h.Powers, hero.Power{Slug: rulebook.PowerID(row.Slug), Name: row.Name, Rank: 1, MaxRank: row.MaxRanks})
		i = len(b.h.Powers) - 1
		b.count(i, how)
		if how == howImplant {
			b.h.Powers[i].Source = string(rulebook.PowerCybernetics)
		}
		if err := b.resolveNew(i); err != nil {
			return i, err
		}
		return i, nil
	}
	p := &b.h.Powers[i]
	if atMax(p) {
		return i, errorf("power", "%s is already at its maximum rank %d (p. 7)", row.Name, p.Rank)
	}
	p.Rank++
	b.count(i, how)
	if p.Rank >= 4 && p.Rolled < 2 && how != howDowntime {
		p.Rank--
		return i, errorf("power", "%s: rank 4 or above needs the power to have been rolled at least twice (p. 7)", row.Name)
	}
	return i, b.resolveRankUp(i)
}

func (b *builder) count(i int, how string) {
	p := &b.h.Powers[i]
	switch how {
	case howRolled, howChosen:
		p.Rolled++
	case howImproved:
		p.Improved++
	}
}

// hasEnergyType returns an energy type the hero already has, if any.
func (b *builder) hasEnergyType(except int) (hero.Flavour, bool) {
	for j := range b.h.Powers {
		if j == except {
			continue
		}
		for _, f := range b.h.Powers[j].Flavours {
			if f.Table == "energy-type" {
				return f, true
			}
		}
	}
	return hero.Flavour{}, false
}

// energyType gives power i its energy type: the type the hero already has
// (the book lets the player reuse it or roll; spandex reuses it, pp. 55,
// 56, 61), else a roll on the Energy Type Table.
func (b *builder) energyType(i int) error {
	if f, ok := b.hasEnergyType(i); ok {
		f.Roll = 0
		b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, f)
		if !b.quiet {
			b.add("flavour", "p. 55", "%s: reuses the hero's energy type, %s", b.h.Powers[i].Name, f.Name)
		}
		return nil
	}
	return b.flavourFromTable(i, "energy-type", "energy type", nil)
}

// flavourFromTable rolls a sub-table and adds the result as a flavour; a
// "Choose" result takes the next --choose value or the preferred option.
func (b *builder) flavourFromTable(i int, table, what string, prefer []string) error {
	row, v, err := b.subTable(i, table, b.g.flavourPurpose(string(b.h.Powers[i].Slug), what))
	if err != nil {
		return err
	}
	slug := row.Slug
	if row.Choose {
		slug, err = b.choice(what+" for "+b.h.Powers[i].Name, tableOptions(table), prefer)
		if err != nil {
			return err
		}
		if !b.quiet {
			b.add("flavour", "p. 7", "%s: chose %s", b.h.Powers[i].Name, tableName(table, slug))
		}
	}
	b.h.Powers[i].Flavours = append(b.h.Powers[i].Flavours, hero.Flavour{Slug: slug, Name: tableName(table, slug), Table: table, Roll: v})
	return nil
}

// add records an explanation step unless the builder is quiet.
func (b *builder) add(rule, page, format string, args ...any) {
	if !b.quiet {
		b.steps.Add(rule, page, format, args...)
	}
}

// addRow records a step that consulted a table row unless quiet.
func (b *builder) addRow(rule, page, table, row, format string, args ...any) {
	if !b.quiet {
		b.steps.AddRow(rule, page, table, row, format, args...)
	}
}

// nameFlavours gives a name to each flavour a draft gave only as a slug
// (the sub-table's row, or the weapon), so sheets never show a blank
// ("Forcefield, rank 1: , health 7"); a slug no table knows names itself.
func nameFlavours(p *hero.Power) {
	for k := range p.Flavours {
		f := &p.Flavours[k]
		if f.Name != "" || f.Slug == "" {
			continue
		}
		if f.Table != "" {
			f.Name = tableName(f.Table, f.Slug)
			continue
		}
		f.Name = f.Slug
		for _, st := range tables().subs {
			for _, r := range st.Rows {
				if r.Slug == f.Slug {
					f.Name = r.Result
				}
			}
		}
		if f.Name == f.Slug {
			if w, ok := weaponBySlug(f.Slug); ok {
				f.Name = w.name
			}
		}
	}
}
