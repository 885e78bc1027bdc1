package encounter

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// FieldError is a problem with one field of an encounter file. Path is a
// JSON path such as "$.combatants[2].panels.owed".
type FieldError = jsonfile.FieldError

// fileFormat is the encounter file for jsonfile's messages and limits.
var fileFormat = jsonfile.Format{
	What:      "encounter",
	EmptyHint: " (make one with `spandex fight new`)",
	MaxSize:   MaxFileSize,
	MaxItems:  MaxEvents,
}

// MaxEvents bounds an encounter's log (and any other array of the file):
// a long fight played by the autopilot logs a few thousand events; a log
// of hundreds of thousands of small ones costs the decoder kilobytes an
// event. A change that would log more is refused.
const MaxEvents = 50_000

// Decode parses an encounter file strictly (unknown fields and wrong types
// are errors, in the embedded heroes too) and validates it. The error, if
// any, is a *FieldError naming the first problem. It never panics.
func Decode(data []byte) (*Encounter, error) {
	e := &Encounter{}
	if err := jsonfile.Decode(data, e, fileFormat); err != nil {
		return nil, err
	}
	migrate(e)
	if err := e.Validate(); err != nil {
		return nil, err
	}
	return e, nil
}

// migrations upgrade an encounter of an older schema version to the next
// version, keyed by the version they upgrade from.
var migrations = map[int]func(*Encounter){
	// Version 1 has no Revert on its events (the field is new in 2): its
	// changes cannot be undone. Its attack records name dodge results by
	// the book's symbol; version 2 by a stable word with the symbol
	// beside (hero.DodgeWordsV2).
	1: func(e *Encounter) {
		for i := range e.Log {
			e.Log[i].Details = hero.DodgeWordsV2(e.Log[i].Details)
		}
	},
}

// migrate upgrades a decoded encounter of a known older schema version,
// one version at a time, and every combatant's hero file (hero.Migrate);
// Validate refuses versions it does not know.
func migrate(e *Encounter) {
	for i := range e.Combatants {
		// A problem is left for Validate to name with its path.
		_ = hero.Migrate(&e.Combatants[i].Hero)
	}
	for e.Schema != SchemaVersion {
		up, ok := migrations[e.Schema]
		if !ok {
			return
		}
		up(e)
		e.Schema++
	}
}

// Encode writes an encounter as indented JSON with a trailing newline, not
// HTML-escaping <, > and & (as hero files). The same encounter always
// encodes to the same bytes.
func Encode(e *Encounter) ([]byte, error) {
	if e.Schema == 0 {
		e.Schema = SchemaVersion
	}
	if e.Log == nil {
		e.Log = []Event{}
	}
	b, _, err := EncodeMax(e, math.MaxInt)
	return b, err
}

// EncodeMax is Encode for a file of at most max bytes (MaxFileSize: what
// spandex reads back): data is nil when the file would be larger, n its
// size either way. It streams (jsonfile.EncodeMax): no more than max
// bytes of the file are held.
func EncodeMax(e *Encounter, max int) (data []byte, n int, err error) {
	if e.Schema == 0 {
		e.Schema = SchemaVersion
	}
	if e.Log == nil {
		e.Log = []Event{}
	}
	e.MarkOut()
	b, n, err := jsonfile.EncodeMax(e, max)
	if err != nil {
		return nil, 0, fmt.Errorf("encoding encounter: %w", err)
	}
	return b, n, nil
}

// Validate checks an encounter's structure and every embedded hero, and
// returns the first problem as a *FieldError.
func (e *Encounter) Validate() error {
	v := &validator{}
	v.encounter(e)
	return v.Result()
}

// validator walks the file, keeping the first problem (jsonfile.Checker).
type validator struct{ jsonfile.Checker }

func (v *validator) encounter(e *Encounter) {
	v.Schema(e.Schema, SchemaVersion, "encounter")
	if !e.Phase.Valid() {
		v.Fail("$.phase", "%q is not one of surprise, initiative, advance, losers, remainder, end", e.Phase)
	}
	v.Range("$.page", e.Page, 0, 1_000_000)
	if (e.Phase == PhaseSurprise) != (e.Page == 0) && e.Phase.Valid() {
		v.Fail("$.page", "%d: page 0 is the surprise round and only the surprise round", e.Page)
	}
	if err := e.Options.validate(); err != nil {
		v.Fail("$.options", "%v", err)
	}
	if len(e.Sides) < 2 {
		v.Fail("$.sides", "a fight needs at least two sides, got %d", len(e.Sides))
	}
	for i, s := range e.Sides {
		path := fmt.Sprintf("$.sides[%d].name", i)
		if !ValidID(s.Name) {
			v.Fail(path, "%q: a side name is lower-case letters, digits and hyphens", s.Name)
		}
		for j := 0; j < i; j++ {
			if e.Sides[j].Name == s.Name {
				v.Fail(path, "%q is given twice", s.Name)
			}
		}
	}
	if e.Surprise != "" && e.SideIndex(e.Surprise) < 0 {
		v.Fail("$.surprise", "%q is not a side", e.Surprise)
	}
	if e.Phase == PhaseSurprise && e.Surprise == "" {
		v.Fail("$.surprise", "missing: the surprise round needs a surprising side")
	}
	switch e.Phase {
	case PhaseAdvance, PhaseLosers, PhaseRemainder, PhaseEnd:
		if e.Initiative == nil {
			v.Fail("$.initiative", "missing: the %s phase comes after initiative", e.Phase)
		}
	}
	if ini := e.Initiative; ini != nil && len(e.Sides) >= 2 {
		names := make([]string, len(e.Sides))
		for i, s := range e.Sides {
			names[i] = s.Name
		}
		want, err := Decide(names, ini.Rolls)
		switch {
		case err != nil:
			v.Fail("$.initiative.rolls", "%v", err)
		case want.Winner != ini.Winner:
			v.Fail("$.initiative.winner", "%q, but the rolls make %q the winner", ini.Winner, want.Winner)
		case want.Difference != ini.Difference:
			v.Fail("$.initiative.difference", "%d, but the rolls differ by %d", ini.Difference, want.Difference)
		case want.Advance != ini.Advance:
			v.Fail("$.initiative.advance", "%d, but the Initiative Table gives %d (p. 30)", ini.Advance, want.Advance)
		}
	}
	if len(e.Combatants) == 0 {
		v.Fail("$.combatants", "a fight needs combatants")
	}
	for i := range e.Combatants {
		v.combatant(e, i)
	}
	for i, o := range e.Objects {
		path := fmt.Sprintf("$.objects[%d]", i)
		if !ValidID(o.ID) {
			v.Fail(path+".id", "%q: an id is lower-case letters, digits and hyphens", o.ID)
		}
		for j := 0; j < i; j++ {
			if e.Objects[j].ID == o.ID {
				v.Fail(path+".id", "%q is given twice", o.ID)
			}
		}
		v.Range(path+".health", o.Health, 1, 1_000_000)
		v.Range(path+".remaining", o.Remaining, 0, o.Health)
		if o.Destroyed != (o.Remaining == 0) {
			v.Fail(path+".destroyed", "%v, but %d health remains", o.Destroyed, o.Remaining)
		}
	}
	prev := 0
	for i, ev := range e.Log {
		path := fmt.Sprintf("$.log[%d]", i)
		if ev.Seq <= prev {
			v.Fail(path+".seq", "%d does not follow %d (the log is append-only)", ev.Seq, prev)
		}
		prev = ev.Seq
		if ev.Kind == "" {
			v.Fail(path+".kind", "missing")
		}
	}
	if v.Err == nil {
		if err := checkLog(e.Log); err != nil {
			v.Fail(err.Path(), "%s", err.Msg)
		}
	}
}

func (v *validator) combatant(e *Encounter, i int) {
	c := &e.Combatants[i]
	path := fmt.Sprintf("$.combatants[%d]", i)
	if !ValidID(c.ID) {
		v.Fail(path+".id", "%q: an id is lower-case letters, digits and hyphens", c.ID)
	}
	for j := 0; j < i; j++ {
		if e.Combatants[j].ID == c.ID {
			v.Fail(path+".id", "%q is used twice", c.ID)
		}
	}
	if e.SideIndex(c.Side) < 0 {
		v.Fail(path+".side", "%q is not a side", c.Side)
	}
	p := c.Panels
	pp := path + ".panels."
	v.Range(pp+"per_page", p.PerPage, 0, 12)
	v.Range(pp+"saved", p.Saved, 0, 12)
	v.Range(pp+"used", p.Used, 0, 24)
	v.Range(pp+"forfeited", p.Forfeited, 0, 24)
	v.Range(pp+"held", p.Held, 0, 12)
	v.Range(pp+"owed", p.Owed, 0, 1000)
	v.Range(pp+"free_reactions", p.FreeReactions, 0, 4)
	if p.Saved > e.Options.SavedPanels {
		v.Fail(pp+"saved", "%d is more than the %d a combatant may hold into a page", p.Saved, e.Options.SavedPanels)
	}
	if p.Held > e.Options.SavedPanels {
		v.Fail(pp+"held", "%d is more than the %d a combatant may hold into a page", p.Held, e.Options.SavedPanels)
	}
	v.Range(path+".panels_base", c.PanelsBase, 0, 12)
	if c.LuckPage != nil {
		v.Range(path+".luck_page", *c.LuckPage, 0, 1_000_000)
	}
	v.Range(path+".duplicates_made", c.DuplicatesMade, 0, 1000)
	if c.Gone != "" && len(c.Gone) > 200 {
		v.Fail(path+".gone", "longer than 200 characters")
	}
	if c.DuplicateOf != "" && e.Find(c.DuplicateOf) == nil {
		v.Fail(path+".duplicate_of", "%q is not a combatant", c.DuplicateOf)
	}
	for j, ef := range c.Effects {
		ep := fmt.Sprintf("%s.effects[%d]", path, j)
		if ef.Name == "" {
			v.Fail(ep+".name", "missing")
		}
		if ef.Source != "" && e.Find(ef.Source) == nil {
			v.Fail(ep+".source", "%q is not a combatant", ef.Source)
		}
		switch ef.Multiplier {
		case 0, 2, 4, 8, 16:
		default:
			v.Fail(ep+".multiplier", "%d is not ×2, ×4, ×8 or ×16", ef.Multiplier)
		}
		v.Range(ep+".upkeep_panels", ef.UpkeepPanels, 0, 4)
		v.Range(ep+".upkeep_points", ef.UpkeepPoints, 0, 100)
		v.Range(ep+".max_pages", ef.MaxPages, 0, 1_000_000)
		v.Range(ep+".cooldown", ef.Cooldown, 0, 1000)
		v.Range(ep+".since", ef.Since, 0, 1_000_000)
	}
	if v.Err != nil {
		return
	}
	if err := c.Hero.Validate(); err != nil {
		var fe *hero.FieldError
		if errors.As(err, &fe) {
			v.Fail(path+".hero"+strings.TrimPrefix(fe.Path, "$"), "%s", fe.Msg)
			return
		}
		v.Fail(path+".hero", "%v", err)
	}
}
