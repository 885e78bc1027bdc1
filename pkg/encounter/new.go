package encounter

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Entry is one combatant joining a new encounter.
type Entry struct {
	Side string
	// ID is the short id to use; empty derives one from the hero's name.
	ID     string
	Hero   *hero.Hero
	Source string
}

// Setup is what starts a fight.
type Setup struct {
	Name string
	// Sides names the sides in order; every Entry's side must be one.
	Sides   []string
	Entries []Entry
	// Surprise names the side that surprises the others, if any (p. 29).
	Surprise string
	// Sidekicks sets a combatant's panels per page from its master's
	// Sidekick power rank (p. 71), keyed by combatant id.
	Sidekicks map[string]int
	Options   Options
}

// ValidID reports whether s is a well-formed combatant or side id: 1-64
// lower-case letters, digits and hyphens, not starting with a hyphen.
func ValidID(s string) bool {
	if s == "" || len(s) > 64 || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Slug turns a hero's name into a short id (naming.ID: lower case, runs of other
// characters as one hyphen), a leading "the-" dropped ("The Guardian" →
// "guardian").
func Slug(name string) string {
	s := naming.ID(name)
	if rest, ok := strings.CutPrefix(s, "the-"); ok && rest != "" {
		s = rest
	}
	if len(s) > 48 {
		s = strings.TrimRight(s[:48], "-")
	}
	if s == "" {
		s = "combatant"
	}
	return s
}

// New starts an encounter. Ids are the entries' own or derived from names;
// a derived id shared by several combatants is numbered ("goon-1",
// "goon-2", ...). With a surprise side the fight opens on page 0, the
// surprise round; otherwise on page 1, waiting for initiative.
func New(s Setup) (*Encounter, error) {
	if len(s.Sides) < 2 {
		return nil, refusal.Errorf("a fight needs at least two sides, got %d", len(s.Sides))
	}
	opts := s.Options
	if opts == (Options{}) {
		opts = DefaultOptions()
	}
	if err := opts.validate(); err != nil {
		return nil, err
	}
	e := &Encounter{Schema: SchemaVersion, Name: s.Name, Options: opts, Log: []Event{}}
	for _, name := range s.Sides {
		if !ValidID(name) {
			return nil, refusal.Errorf("side %q: a side name is lower-case letters, digits and hyphens", name)
		}
		if e.SideIndex(name) >= 0 {
			return nil, refusal.Errorf("side %q is given twice", name)
		}
		e.Sides = append(e.Sides, Side{Name: name})
	}
	if s.Surprise != "" && e.SideIndex(s.Surprise) < 0 {
		return nil, refusal.Errorf("surprise: %q is not a side (%s)", s.Surprise, e.sideList())
	}
	if len(s.Entries) == 0 {
		return nil, refusal.Errorf("a fight needs combatants")
	}
	// Derived ids shared by several entries are numbered.
	count := map[string]int{}
	for _, en := range s.Entries {
		if en.ID == "" {
			count[Slug(en.Hero.Name)]++
		}
	}
	seen := map[string]int{}
	for i, en := range s.Entries {
		if en.Hero == nil {
			return nil, refusal.Errorf("combatant %d has no hero", i+1)
		}
		if e.SideIndex(en.Side) < 0 {
			return nil, refusal.Errorf("combatant %q: side %q is not one of %s", en.Hero.Name, en.Side, e.sideList())
		}
		id := en.ID
		if id == "" {
			base := Slug(en.Hero.Name)
			id = base
			if count[base] > 1 {
				seen[base]++
				id = fmt.Sprintf("%s-%d", base, seen[base])
			}
		}
		if !ValidID(id) {
			return nil, refusal.Errorf("combatant id %q: use lower-case letters, digits and hyphens", id)
		}
		if e.Find(id) != nil {
			return nil, refusal.Errorf("combatant id %q is used twice; give ids explicitly (ID:FILE)", id)
		}
		e.Combatants = append(e.Combatants, newCombatant(id, en))
	}
	for id, rank := range s.Sidekicks {
		c := e.Find(id)
		if c == nil {
			return nil, refusal.Errorf("sidekick %q is not a combatant", id)
		}
		if rank < 1 || rank > 3 {
			return nil, refusal.Errorf("sidekick %s: rank %d is outside 1-3 (p. 71)", id, rank)
		}
		c.PanelsBase = rulebook.SidekickPanelsPerPage(rank)
		c.PanelsNote = fmt.Sprintf("sidekick of a rank %d Sidekick power (p. 71)", rank)
	}
	for _, side := range e.Sides {
		found := false
		for i := range e.Combatants {
			if e.Combatants[i].Side == side.Name {
				found = true
				break
			}
		}
		if !found {
			return nil, refusal.Errorf("side %q has no combatants", side.Name)
		}
	}

	var names []string
	for _, c := range e.Combatants {
		what := c.Side
		for _, ef := range c.Effects {
			what += "; " + ef.Name
		}
		names = append(names, c.ID+" ("+what+")")
	}
	if s.Surprise != "" {
		e.Surprise = s.Surprise
		e.Page, e.Phase = 0, PhaseSurprise
		for i := range e.Combatants {
			c := &e.Combatants[i]
			e.beginPanels(c)
			if c.Side == e.Surprise && !c.Out() {
				c.Panels.PerPage = rulebook.SurpriseRoundPanels
				c.Panels.Why = []string{fmt.Sprintf("%d: surprise round (p. 29)", rulebook.SurpriseRoundPanels)}
			} else {
				c.Panels.PerPage = 0
				c.Panels.Why = []string{"0: surprised (p. 29)"}
			}
		}
		e.appendEvent(Event{Kind: KindNew, Summary: fmt.Sprintf("fight begins: %s; %s surprise the others: two panels each, no reactions against them (p. 29)", strings.Join(names, ", "), e.Surprise)})
		e.settle()
		return e, nil
	}
	e.Page, e.Phase = 1, PhaseInitiative
	for i := range e.Combatants {
		e.beginPanels(&e.Combatants[i])
	}
	e.appendEvent(Event{Kind: KindNew, Summary: "fight begins: " + strings.Join(names, ", ")})
	return e, nil
}

func (o Options) validate() error {
	if o.SavedPanels < 0 || o.SavedPanels > 12 {
		return refusal.Errorf("saved panels: %d is outside 0-12", o.SavedPanels)
	}
	if o.HalfPanels != "down" && o.HalfPanels != "up" {
		return refusal.Errorf("half panels: %q is not down or up", o.HalfPanels)
	}
	if o.EscapeRolls != "" && o.EscapeRolls != EscapeRollsTurn && o.EscapeRolls != EscapeRollsPage {
		return refusal.Errorf("escape rolls: %q is not turn or page", o.EscapeRolls)
	}
	return nil
}

func (e *Encounter) sideList() string {
	names := make([]string, len(e.Sides))
	for i, s := range e.Sides {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// newCombatant is the combatant an entry brings into the fight (at its
// start or as a late arrival) with the id it is known by: the hero
// file's lasting states, and the states another's power left on it
// (`contest`), become the combatant's effects.
func newCombatant(id string, en Entry) Combatant {
	c := Combatant{ID: id, Side: en.Side, Source: en.Source, Hero: *en.Hero}
	if c.Hero.Log == nil {
		c.Hero.Log = []hero.Event{}
	}
	for _, s := range c.Hero.States {
		c.Effects = append(c.Effects, stateEffect(s, id))
	}
	c.Hero.States = nil
	for _, st := range c.Hero.ImposedStates {
		c.Effects = append(c.Effects, imposedEffect(st, id))
	}
	return c
}
