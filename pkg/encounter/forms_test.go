package encounter

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// mimic is the specific-forms fixture (testdata/heroes/mimic.json):
// Shapechange (specific), Toughness 2 and Energy Blast in the heroic
// form, nothing in the secret identity.
func mimic(t *testing.T) *hero.Hero { return loadHero(t, "mimic.json") }

// A form switch (p. 70) and boarding a vehicle (p. 77) in a fight: one
// panel each, only the form's and the aboard powers apply, and both
// survive the encounter file's encoding and decoding.
func TestFormsAndVehicleInFight(t *testing.T) {
	m := mimic(t)
	r := m.Clone()
	r.Name, r.Forms, r.Form = "Rider", nil, ""
	r.Powers[0] = hero.Power{Slug: "vehicle", Name: "Vehicle", Rank: 1, MaxRank: 1, Rolled: 1}
	r.Vehicle = &hero.Vehicle{Name: "Blastcar", Object: "Sports car", Health: 12, Current: 12, Material: "armour-plating", Travel: "land",
		Gadgets: []string{"Blaster cannon"}, Powers: []string{"energy-blast"}}
	e, err := New(Setup{Sides: []string{"heroes", "villains"}, Entries: []Entry{
		{Side: "heroes", Hero: m}, {Side: "heroes", Hero: r}, {Side: "villains", Hero: loadHero(t, "nefario.json")}}})
	must(t, err)
	initiative(t, e, 8, 3)
	// The heroic form fires its blast; the secret identity has none.
	must(t, e.Do(gm(), ActionRecord{Actor: "mimic", Kind: ActPower, Power: "shapechange", Form: "secret-identity"}))
	c := e.Find("mimic")
	if c.Hero.Form != "secret-identity" || c.Panels.Used != 1 {
		t.Fatalf("form %q, used %d; want secret-identity, 1 (a single panel, p. 70)", c.Hero.Form, c.Panels.Used)
	}
	_, err = e.Attack(gm(20), Strike{Actor: "mimic", Target: "nefario", Request: combat.Request{Attack: "energy-blast"}}, combat.Options{})
	mustFail(t, err, `in its "secret-identity" form, which has no energy-blast`)
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "mimic", Kind: ActPower, Power: "energy-blast"}), "which has no energy-blast")
	must(t, e.Do(gm(), ActionRecord{Actor: "mimic", Kind: ActPass}))
	// Off the vehicle the rider's blaster is refused; boarding is a panel.
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "rider", Kind: ActPower, Power: "energy-blast"}), "built into its vehicle")
	must(t, e.Do(gm(), ActionRecord{Actor: "rider", Kind: ActPower, Power: "vehicle", Effect: EffectBoard}))
	if rc := e.Find("rider"); !rc.Hero.Vehicle.Aboard || rc.Panels.Used != 1 {
		t.Fatalf("aboard %v, used %d", rc.Hero.Vehicle.Aboard, rc.Panels.Used)
	}
	b, err := Encode(e)
	must(t, err)
	back, err := Decode(b)
	must(t, err)
	if back.Find("mimic").Hero.Form != "secret-identity" || !back.Find("rider").Hero.Vehicle.Aboard {
		t.Fatalf("the form or the vehicle did not round-trip")
	}
	st := back.Status()
	if st.Combatants[0].Form != "secret-identity" || st.Combatants[1].Vehicle == nil || !st.Combatants[1].Vehicle.Aboard {
		t.Errorf("status: %+v %+v", st.Combatants[0].Form, st.Combatants[1].Vehicle)
	}
	var switched bool
	for _, ev := range back.Log {
		switched = switched || strings.Contains(ev.Summary, "switches from its heroic form to its secret-identity form")
	}
	if !switched {
		t.Errorf("the log does not record the switch")
	}
}
