package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// massDuel is The Guardian, given Density Control (Other) and
// Environmental Control, against the sturdy Nefario (will 15), her side
// winning the initiative with 4 advance panels.
func massDuel(t *testing.T) *Encounter {
	t.Helper()
	g := loadHero(t, "guardian.json")
	g.Powers = append(g.Powers,
		hero.Power{Slug: rulebook.PowerDensityControlOther, Name: "Density Control (Other)", Rank: 1, MaxRank: 1, Rolled: 1},
		hero.Power{Slug: rulebook.PowerEnvironmentalControl, Name: "Environmental Control", Rank: 1, MaxRank: 3, Rolled: 1})
	e := mustNew(t, Setup{Sides: []string{"heroes", "villains"}, Entries: []Entry{
		{Side: "heroes", Hero: g, Source: "guardian.json"},
		{Side: "villains", Hero: loadHero(t, "nefario.json"), Source: "nefario.json"}}})
	initiative(t, e, 9, 2)
	return e
}

// TestFallByPanel works the fall of a mass built by its power's use (pp.
// 54, 57): each use is a double-panel of the maker's concentration and
// doubles the mass, so let go it falls at twice the rate, a halving for
// each panel of the maker's that passes.
func TestFallByPanel(t *testing.T) {
	mass := UsePower{Actor: "guardian", Power: rulebook.PowerDensityControlOther, Effect: EffectMass, Target: "nefario"}
	mult := func(e *Encounter) int {
		if i := findEffect(e.Find("nefario"), EffectMass); i >= 0 {
			return e.Find("nefario").Effects[i].Multiplier
		}
		return 1
	}
	t.Run("x4 built in 4 panels falls in 2", func(t *testing.T) {
		e := massDuel(t)
		must(t, e.Do(gm(20, 1), mass))    // psychic attack 20+8 against 1+15+...: ×2
		must(t, e.Do(gm(20, 1, 5), mass)) // ×4, will 5 ≤ 15 holds
		if m := mult(e); m != 4 {
			t.Fatalf("built: ×%d, want ×4", m)
		}
		must(t, e.ReleaseEffect("nefario", EffectMass, "its maker lets go"))
		// Her 4 panels were spent building it: no panel of hers passes
		// before the page ends.
		passAll(t, e)
		must(t, e.EndPage(gm(1, 1, 1, 1)))
		if m := mult(e); m != 4 {
			t.Fatalf("after page 1: ×%d, want ×4 (no panel of hers passed)", m)
		}
		initiative(t, e, 9, 2)
		must(t, e.Do(gm(), Other{Actor: "guardian", Note: "looks", Panels: 1}))
		if m := mult(e); m != 2 {
			t.Fatalf("one panel: ×%d, want ×2", m)
		}
		must(t, e.Do(gm(), Other{Actor: "guardian", Note: "looks", Panels: 1}))
		if m := mult(e); m != 1 {
			t.Fatalf("two panels: ×%d, want gone", m)
		}
	})
	t.Run("the unspent panels pass at the end of the page", func(t *testing.T) {
		e := massDuel(t)
		must(t, e.Do(gm(20, 1), mass))
		must(t, e.Do(gm(20, 1, 5), mass))
		must(t, e.ReleaseEffect("nefario", EffectMass, ""))
		passAll(t, e)
		must(t, e.EndPage(gm(1, 1, 1, 1)))
		initiative(t, e, 9, 2)
		must(t, e.Do(gm(), Other{Actor: "guardian", Note: "looks", Panels: 1})) // ×2
		passAll(t, e)
		must(t, e.EndPage(gm(1, 1, 1, 1))) // 3 unspent: gone
		if m := mult(e); m != 1 {
			t.Fatalf("×%d after the page's 3 unspent panels, want gone", m)
		}
	})
	t.Run("a use holds the fall and doubles what is left", func(t *testing.T) {
		e := massDuel(t)
		must(t, e.Do(gm(20, 1), mass)) // ×2
		must(t, e.ReleaseEffect("nefario", EffectMass, ""))
		must(t, e.Do(gm(20, 1, 5), mass)) // its double-panel is concentration: ×4
		ef := e.Find("nefario").Effects[findEffect(e.Find("nefario"), EffectMass)]
		if ef.Multiplier != 4 || ef.Falling || !ef.BuiltByUse {
			t.Fatalf("%+v, want ×4 held, built by use", ef)
		}
	})
	t.Run("a failed use holds it through its double-panel only", func(t *testing.T) {
		e := massDuel(t)
		must(t, e.Do(gm(20, 1), mass)) // ×2
		must(t, e.ReleaseEffect("nefario", EffectMass, ""))
		must(t, e.Do(gm(1, 20), mass)) // 1+8 against 20+15+2: fails
		ef := e.Find("nefario").Effects[findEffect(e.Find("nefario"), EffectMass)]
		if ef.Multiplier != 2 || !ef.Falling {
			t.Fatalf("%+v, want ×2 falling again", ef)
		}
		passAll(t, e) // her 4 panels are spent: none passes at the end of the page
		must(t, e.EndPage(gm(1, 1, 1, 1)))
		if m := mult(e); m != 2 {
			t.Fatalf("×%d after page 1, want ×2", m)
		}
		initiative(t, e, 9, 2)
		must(t, e.Do(gm(), Other{Actor: "guardian", Note: "looks", Panels: 1}))
		if findEffect(e.Find("nefario"), EffectMass) >= 0 {
			t.Fatal("×2 outlived the next panel")
		}
	})
	t.Run("a step by hand falls by the page", func(t *testing.T) {
		e := massDuel(t)
		must(t, e.Do(gm(20, 1), mass)) // ×2 by use
		ef, _ := PresetEffect(EffectMass)
		ef.Source = "guardian"
		must(t, e.AddEffect(gm(5), "nefario", ef)) // ×4 by the GM's hand
		must(t, e.ReleaseEffect("nefario", EffectMass, ""))
		got := e.Find("nefario").Effects[0]
		// 2 doublings in 1 page: 4 halvings a page (fallSteps).
		if got.BuiltByUse || got.FallSteps != 4 {
			t.Fatalf("%+v, want by the page, 4 halvings", got)
		}
	})
	t.Run("gravity by use", func(t *testing.T) {
		e := massDuel(t)
		must(t, e.Do(gm(), UsePower{Actor: "guardian", Power: rulebook.PowerEnvironmentalControl, Effect: EffectGravity, Target: "nefario"}))
		must(t, e.ReleaseEffect("nefario", EffectGravity, ""))
		must(t, e.Do(gm(), Other{Actor: "guardian", Note: "looks", Panels: 1}))
		if findEffect(e.Find("nefario"), EffectGravity) >= 0 {
			t.Fatal("×2 gravity outlived a panel of its maker's after the release")
		}
	})
}
