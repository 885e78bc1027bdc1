package encounter

// Duplication (p. 54): `fight act --power duplication --count N` makes N
// duplicates, five a day; each has no powers, abilities at most 20,
// health and stamina at most 70, and 2 panels a page (turn.go's panel
// count), acting from the next page.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// duplicationRule is Duplication's row of powerRules.
var duplicationRule = powerRule{
	Use: func(d *doing) error {
		if d.a.Count == 0 {
			d.a.Count = 1
		}
		return checkDuplicates(d.c, d.a.Count)
	},
	Used: func(d *doing, _ dice.Roller) error {
		ids, err := d.e.duplicate(d.c, d.a.Count)
		if err != nil {
			return err
		}
		d.c = d.e.Find(d.a.Actor) // the combatants have grown
		if d.target != nil {
			d.target = d.e.Find(d.target.ID)
		}
		d.ev.Summary += fmt.Sprintf(": %s emerge (%d of %d today; 2 panels a page each, acting from the next page, p. 54)", fmtList(ids), d.c.DuplicatesMade, rulebook.DuplicatesPerDay)
		return nil
	},
}

// checkDuplicates checks that c may make n duplicates now (Duplication,
// p. 54: up to five a day).
func checkDuplicates(c *Combatant, n int) error {
	if c.DuplicateOf != "" {
		return refusal.Errorf("%s is itself a duplicate and has no powers (p. 54)", c.ID)
	}
	if n < 1 {
		return refusal.Errorf("duplication: make at least one duplicate")
	}
	if c.DuplicatesMade+n > rulebook.DuplicatesPerDay {
		return refusal.Errorf("%s has made %d of its %d duplicates today; %d more is too many (p. 54)", c.ID, c.DuplicatesMade, rulebook.DuplicatesPerDay, n)
	}
	return nil
}

// duplicate makes n duplicates of c on its side; c is not valid afterwards
// (the combatants grow) (Duplication, p. 54). A
// duplicate is the original without its super powers, its ability scores
// capped at 20 and its health and stamina at 70, re-derived by
// pkg/chargen (armour class, attacks, bonuses); it gets at most 2 panels
// per page and acts from the next page.
func (e *Encounter) duplicate(c *Combatant, n int) ([]string, error) {
	if err := checkDuplicates(c, n); err != nil {
		return nil, err
	}
	// c points into e.Combatants, which grows below: work by id.
	origID := c.ID
	var ids []string
	for i := 0; i < n; i++ {
		c := e.Find(origID)
		c.DuplicatesMade++
		num := c.DuplicatesMade
		d, err := duplicateHero(&c.Hero, num)
		if err != nil {
			return nil, fmt.Errorf("making %s's duplicate: %w", c.ID, err)
		}
		id := fmt.Sprintf("%s-dup-%d", c.ID, num)
		for k := 2; e.Find(id) != nil; k++ {
			id = fmt.Sprintf("%s-dup-%d-%d", c.ID, num, k)
		}
		dc := Combatant{ID: id, Side: c.Side, Source: "duplicate of " + c.ID, DuplicateOf: c.ID, Hero: *d}
		e.beginPanels(&dc)
		// It emerges now and acts from the next page.
		dc.Panels.Forfeited = dc.Panels.PerPage
		dc.Panels.Done = true
		e.Combatants = append(e.Combatants, dc)
		ids = append(ids, id)
	}
	return ids, nil
}

// duplicateHero builds one duplicate's hero file.
func duplicateHero(orig *hero.Hero, num int) (*hero.Hero, error) {
	b, err := hero.Encode(orig)
	if err != nil {
		return nil, err
	}
	d, err := hero.DecodeDraft(b)
	if err != nil {
		return nil, err
	}
	d.Name = fmt.Sprintf("%s (duplicate %d)", orig.Name, num)
	d.Powers, d.Pools, d.Creation = nil, nil, nil
	d.Log = []hero.Event{}
	d.Abilities.Modifiers = nil
	capAbilities := func(a *hero.Abilities) {
		a.Strength = min(a.Strength, rulebook.DuplicateAbilityCap)
		a.Agility = min(a.Agility, rulebook.DuplicateAbilityCap)
		a.Will = min(a.Will, rulebook.DuplicateAbilityCap)
		a.Endurance = min(a.Endurance, rulebook.DuplicateAbilityCap)
	}
	capAbilities(&d.Abilities.Base)
	d.Abilities.Final = d.Abilities.Base
	d.Condition = hero.Condition{}
	// Every value is already rolled, so Derive rolls nothing.
	if _, err := chargen.Derive(d, dice.NewScripted(nil), chargen.Options{Quiet: true}); err != nil {
		return nil, err
	}
	capAbilities(&d.Abilities.Final)
	// Health and stamina (re-summed from the dice by Derive) are capped,
	// with their thresholds; the duplicate emerges unhurt.
	d.Health.Max = min(d.Health.Max, rulebook.DuplicateTrackCap)
	d.Health.Battered = rulebook.BatteredValue(d.Health.Max)
	d.Stamina.Max = min(d.Stamina.Max, rulebook.DuplicateTrackCap)
	d.Stamina.Dazed, d.Stamina.Stunned = rulebook.DazedValue(d.Stamina.Max), rulebook.StunnedValue(d.Stamina.Max)
	d.Health.Current, d.Stamina.Current = d.Health.Max, d.Stamina.Max
	return d, d.Validate()
}
