package chargen

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Generator makes characters one after another: a batch (gen hero -n,
// gen npc -n) creates one and asks it for every character. It owns what
// generation keeps from one character to the next, so that a batch
// allocates little per character: the working state, the recorded
// combat explanation steps, and the parsed dice expressions and dice
// purposes it has already built. The zero value is ready to use; a
// Generator is not safe for concurrent use.
type Generator struct {
	b builder
	// busy: b is in use (a hero's sidekick is generated while the hero
	// is), so a nested character gets a builder of its own.
	busy bool
	// lines, text and ends are the combat explanation's memory (see
	// combatLine and builder.formatLines).
	lines []combatLine
	text  []byte
	ends  []int
	// parsed holds parsed dice expressions by text.
	parsed map[string]*dice.Expr
	// abilities holds a supporting character's parsed ability dice with
	// the purposes of the four abilities, by expression.
	abilities map[string]*[4]abilityDice
	// purposes holds a power's sub-table die purpose by power and what it
	// decides ("Energy Blast energy type").
	purposes map[[2]string]string
}

// NewGenerator returns a Generator for a batch.
func NewGenerator() *Generator { return new(Generator) }

// Hero generates one character like Generate, reusing the Generator's
// memory.
func (g *Generator) Hero(r dice.Roller, opt GenOptions) (*hero.Hero, ruling.Steps, error) {
	return g.generate(r, opt)
}

// NPC generates one supporting character like GenerateNPC, reusing the
// Generator's memory.
func (g *Generator) NPC(r dice.Roller, opt NPCOptions) (*hero.Hero, ruling.Steps, error) {
	return g.npc(r, opt)
}

// Generate generates one character (see Generator.Hero for a batch).
func Generate(r dice.Roller, opt GenOptions) (*hero.Hero, ruling.Steps, error) {
	return new(Generator).generate(r, opt)
}

// GenerateNPC generates one supporting character (see Generator.NPC for
// a batch).
func GenerateNPC(r dice.Roller, opt NPCOptions) (*hero.Hero, ruling.Steps, error) {
	return new(Generator).npc(r, opt)
}

// builder returns the builder to fill for one character, set to b, and
// the function that gives it back.
func (g *Generator) builder(b builder) (*builder, func()) {
	b.g = g
	if g.busy {
		nb := new(builder)
		*nb = b
		return nb, func() {}
	}
	g.busy = true
	b.lines, b.text, b.ends = g.lines[:0], g.text[:0], g.ends[:0]
	g.b = b
	return &g.b, func() {
		g.lines, g.text, g.ends = g.b.lines, g.b.text, g.b.ends
		g.b = builder{}
		g.busy = false
	}
}

// parse returns the parsed expression (dice.MustParse: the expressions
// are the rulebook's own), parsed once per Generator.
func (g *Generator) parse(expr string) *dice.Expr {
	if g == nil {
		return dice.MustParse(expr)
	}
	if e, ok := g.parsed[expr]; ok {
		return e
	}
	if g.parsed == nil {
		g.parsed = map[string]*dice.Expr{}
	}
	e := dice.MustParse(expr)
	g.parsed[expr] = e
	return e
}

// abilityDice returns the parsed ability dice of an expression with the
// four abilities' purposes ("strength (1d6+2)"), built once per
// Generator.
func (g *Generator) abilityDice(expr string) *[4]abilityDice {
	if a, ok := g.abilities[expr]; ok {
		return a
	}
	e := g.parse(expr)
	a := &[4]abilityDice{}
	for k, name := range [4]string{"strength", "agility", "will", "endurance"} {
		a[k] = abilityDice{e, name + " (" + expr + ")"}
	}
	if g.abilities == nil {
		g.abilities = map[string]*[4]abilityDice{}
	}
	g.abilities[expr] = a
	return a
}

// flavourPurpose is the purpose of a power's sub-table die, its name and
// what the die decides ("Energy Blast energy type"), made once per
// Generator.
func (g *Generator) flavourPurpose(slug, what string) string {
	if g == nil {
		return powerName(slug) + " " + what
	}
	k := [2]string{slug, what}
	if p, ok := g.purposes[k]; ok {
		return p
	}
	p := powerName(slug) + " " + what
	if g.purposes == nil {
		g.purposes = map[[2]string]string{}
	}
	g.purposes[k] = p
	return p
}

// generateOr generates with g, or with a Generator of its own when g is
// nil (a sidekick gained in downtime).
func (g *Generator) generateOr(r dice.Roller, opt GenOptions) (*hero.Hero, ruling.Steps, error) {
	if g == nil {
		g = new(Generator)
	}
	return g.generate(r, opt)
}
