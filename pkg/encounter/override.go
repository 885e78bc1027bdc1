package encounter

import (
	"encoding/json"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/override"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// Adjust is a GM's override on one combatant of what the rules do not
// see (package override): health, stamina, hero points and conditions,
// and in a fight also the panels of this page, lasting states and the
// side it fights on. It takes no turn and no panels.
type Adjust struct {
	Who string
	override.Change
	// Panels are given back (+: panels spent or given up this page) or
	// taken (-: given up) this page; the next page starts afresh.
	Panels int
	// States set and cleared are the lasting states (combat.States) kept
	// as effects on the combatant, as `fight effect` keeps them.
	SetStates, ClearStates []string
	// Side moves the combatant to another side of the fight.
	Side string
	Note string
}

// Adjust makes a GM's override and logs it as an "adjust" event
// (override.Record). Nothing changes on a refusal.
func (e *Encounter) Adjust(a Adjust) error {
	c := e.Find(a.Who)
	if c == nil {
		return e.unknown(a.Who)
	}
	if a.Change.Empty() && a.Panels == 0 && len(a.SetStates) == 0 && len(a.ClearStates) == 0 && a.Side == "" {
		return refusal.Errorf("adjust: give something to adjust")
	}
	if err := e.checkAdjust(c, a); err != nil {
		return err
	}
	rec := override.Record{Who: c.ID, Note: a.Note, ConditionBefore: c.Hero.Condition.State()}
	items, steps, err := override.Hero(&c.Hero, a.Change)
	if err != nil {
		return err
	}
	rec.Changes = items
	if a.Panels != 0 {
		from := c.Panels.Left()
		if a.Panels > 0 {
			back := min(a.Panels, c.Panels.Forfeited)
			c.Panels.Forfeited -= back
			c.Panels.Used -= a.Panels - back
		} else {
			c.Panels.Forfeited -= a.Panels
		}
		rec.Changes = append(rec.Changes, override.Item{Field: override.FieldPanels, Delta: a.Panels, From: from, To: c.Panels.Left()})
		steps.Add("panels", "pp. 29-31", "the GM adjusts the panels left this page %d → %d", from, c.Panels.Left())
		if e.PhaseLeft(c) > 0 {
			c.Panels.Done = false // refreshAll marks it done again when it has none
		}
	}
	for _, s := range a.SetStates {
		ef, ok := PresetEffect(s)
		if !ok {
			ef = Effect{Name: s}
		}
		ef.Source, ef.Since, ef.Note = c.ID, e.Page, "set by the GM"
		c.Effects = append(c.Effects, ef)
		rec.Changes = append(rec.Changes, override.Item{Field: override.FieldState, Name: s, On: true})
		steps.Add("state", "pp. 51-78", "the GM sets %s (as an effect, without using the power)", s)
	}
	for _, s := range a.ClearStates {
		c.Effects = slices.DeleteFunc(c.Effects, func(ef Effect) bool { return ef.Name == s })
		rec.Changes = append(rec.Changes, override.Item{Field: override.FieldState, Name: s, On: false})
		steps.Add("state", "pp. 51-78", "the GM clears %s", s)
	}
	if a.Side != "" {
		rec.Changes = append(rec.Changes, override.Item{Field: override.FieldSide, FromSide: c.Side, ToSide: a.Side})
		steps.Add("side", "p. 29", "the GM moves %s from %s to %s", c.ID, c.Side, a.Side)
		c.Side = a.Side
	}
	rec.ConditionAfter = c.Hero.Condition.State()
	e.refreshAll()
	e.appendEvent(Event{Kind: KindAdjust, Actor: c.ID, Summary: rec.Summary(), Steps: steps, Details: mustJSON(rec)})
	return nil
}

// KindAdjust is the event kind of a GM's override.
const KindAdjust = "adjust"

// checkAdjust refuses what the fight cannot take: panels out of range,
// a state that is not a lasting state (or grown, whose scores only its
// power changes), one the combatant has or lacks, a side not in the
// fight.
func (e *Encounter) checkAdjust(c *Combatant, a Adjust) error {
	p := c.Panels
	if a.Panels > 0 && a.Panels > p.Used+p.Forfeited {
		return refusal.Errorf("panels: %s has spent %d this page; the GM gives back at most those", c.ID, p.Used+p.Forfeited)
	}
	if a.Panels < 0 && -a.Panels > p.Left() {
		return refusal.Errorf("panels: %s has %d left this page; the GM takes at most those", c.ID, p.Left())
	}
	for _, s := range append(slices.Clone(a.SetStates), a.ClearStates...) {
		if _, ok := combat.StateByName(s); !ok {
			return refusal.Errorf("state: %q is not a lasting state (%s)", s, combat.StateNames())
		}
		if s == combat.StateGrown {
			return refusal.Errorf("state: grown changes the scores; use `fight act --power growth` (pp. 60-61)")
		}
	}
	for _, s := range a.SetStates {
		if findEffect(c, s) >= 0 {
			return refusal.Errorf("state: %s is already %s", c.ID, s)
		}
	}
	for _, s := range a.ClearStates {
		if findEffect(c, s) < 0 {
			return refusal.Errorf("state: %s is not %s", c.ID, s)
		}
	}
	if a.Side != "" {
		if e.SideIndex(a.Side) < 0 {
			return refusal.Errorf("side: %q is not a side of the fight (%s)", a.Side, e.sideNames())
		}
		if a.Side == c.Side {
			return refusal.Errorf("side: %s is already on %s", c.ID, a.Side)
		}
	}
	return nil
}

// sideNames lists the sides, for errors.
func (e *Encounter) sideNames() string {
	s := ""
	for i, sd := range e.Sides {
		if i > 0 {
			s += ", "
		}
		s += sd.Name
	}
	return s
}

// adjustObservations are the health and stamina an "adjust" event
// records, for the report.
func adjustObservations(ev Event) []observation {
	var rec override.Record
	if json.Unmarshal(ev.Details, &rec) != nil {
		return nil
	}
	var out []observation
	for _, it := range rec.Changes {
		switch it.Field {
		case override.FieldHealth:
			out = append(out, observation{page: ev.Page, health: true, before: Vitals{Health: it.From}, after: Vitals{Health: it.To}})
		case override.FieldStamina:
			out = append(out, observation{page: ev.Page, stamina: true, before: Vitals{Stamina: it.From}, after: Vitals{Stamina: it.To}})
		}
	}
	return out
}
