package encounter

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// KindJoin is the event kind of reinforcements joining a fight.
const KindJoin = "join"

// Join is reinforcements arriving in a running fight: Entries as for New
// (a side not yet in the fight is added), Now to let them act on this
// page.
type Join struct {
	Entries []Entry
	Now     bool
	Note    string
}

// JoinRecord is the "join" event's details.
type JoinRecord struct {
	Combatants []JoinedCombatant `json:"combatants"`
	// NewSides are the sides the reinforcements brought into the fight.
	NewSides []string `json:"new_sides,omitempty"`
	// Now: they act on the page they arrived; else from the next page.
	Now  bool   `json:"now"`
	Note string `json:"note,omitempty"`
}

// JoinedCombatant is one arrival.
type JoinedCombatant struct {
	ID     string `json:"id"`
	Side   string `json:"side"`
	Source string `json:"source,omitempty"`
	// PerPage is its panels on the page it arrived (0 unless Now).
	PerPage int `json:"per_page"`
}

// Join brings reinforcements into the fight. The book gives no rule for
// late arrivals (initiative is one d10 per side a page, p. 30), so the
// reading is (docs/rules-notes.md): an arrival takes no panels on the
// page it arrives, as a duplicate acts only from the next page (p. 54);
// from the next page it acts in its side's place, by agility, and a side
// new to the fight rolls its own d10 with the others at the next
// `fight initiative` (it joins only between pages: this page's
// initiative was rolled without it). With Now the GM lets an arrival on
// a side already fighting act at once: it has its panels this page and
// takes its turns in its side's phase, by agility (p. 30). Ids are the entries' own or derived from the name
// (numbered past those in the fight).
func (e *Encounter) Join(j Join) error {
	if len(j.Entries) == 0 {
		return refusal.Errorf("join: no combatants")
	}
	rec := JoinRecord{Now: j.Now, Note: j.Note}
	for _, en := range j.Entries {
		if en.Hero == nil {
			return refusal.Errorf("join: a combatant has no hero")
		}
		if !ValidID(en.Side) {
			return refusal.Errorf("side %q: a side name is lower-case letters, digits and hyphens", en.Side)
		}
		if e.SideIndex(en.Side) < 0 {
			if e.Initiative != nil || e.Phase == PhaseSurprise {
				return refusal.Errorf("side %q is new to the fight: a new side joins between pages, its d10 rolled with the others' (p. 30); end the page (`fight end-page`) and join before `fight initiative`, or join a side in the fight (%s)", en.Side, e.sideNames())
			}
			e.Sides = append(e.Sides, Side{Name: en.Side})
			rec.NewSides = append(rec.NewSides, en.Side)
		}
	}
	count := map[string]int{}
	for _, en := range j.Entries {
		if en.ID == "" {
			count[Slug(en.Hero.Name)]++
		}
	}
	var names []string
	for _, en := range j.Entries {
		id := en.ID
		if id == "" {
			id = e.freeID(Slug(en.Hero.Name), count[Slug(en.Hero.Name)] > 1)
		}
		if !ValidID(id) {
			return refusal.Errorf("combatant id %q: use lower-case letters, digits and hyphens", id)
		}
		if e.Find(id) != nil {
			return refusal.Errorf("combatant id %q is in the fight already; give another (ID:FILE)", id)
		}
		c := newCombatant(id, en)
		e.beginPanels(&c)
		if !j.Now && e.Phase != PhaseInitiative {
			c.Panels.PerPage = 0
			c.Panels.Why = []string{"0: arrived this page; acts from the next (late arrival, docs/rules-notes.md)"}
		}
		e.Combatants = append(e.Combatants, c)
		rec.Combatants = append(rec.Combatants, JoinedCombatant{ID: id, Side: en.Side, Source: en.Source, PerPage: c.Panels.PerPage})
		names = append(names, fmt.Sprintf("%s (%s)", id, en.Side))
	}
	e.refreshAll()
	when := "acting from the next page"
	switch {
	case e.Phase == PhaseInitiative:
		when = "rolling initiative with their side"
	case j.Now:
		when = "acting this page"
	}
	summary := fmt.Sprintf("reinforcements join the fight: %s, %s", strings.Join(names, ", "), when)
	if j.Note != "" {
		summary += " (" + j.Note + ")"
	}
	e.appendEvent(Event{Kind: KindJoin, Summary: summary, Details: mustJSON(rec)})
	return nil
}

// freeID is base, or with numbered the first base-N not in the fight
// (base itself taken also numbers it).
func (e *Encounter) freeID(base string, numbered bool) string {
	if !numbered && e.Find(base) == nil {
		return base
	}
	for n := 1; ; n++ {
		if id := fmt.Sprintf("%s-%d", base, n); e.Find(id) == nil {
			return id
		}
	}
}
