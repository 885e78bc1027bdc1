package encounter

import "testing"

// TestFocusTarget works through the bank fight by hand: the villains'
// target is, of The Guardian (stamina 36) and the two police officers
// (mundane, no hits taken), the first officer; after the first officer
// takes a hit, he stays the target (1 hit left); when he is out, the
// second; The Guardian's target is a goon (mundane) before Nefario.
func TestFocusTarget(t *testing.T) {
	e := newBank(t)
	byID := func(id string) *Combatant {
		for i := range e.Combatants {
			if e.Combatants[i].ID == id {
				return &e.Combatants[i]
			}
		}
		t.Fatalf("no %s", id)
		return nil
	}
	nef, g := byID("nefario"), byID("guardian")
	if got := FocusTarget(e, nef); got == nil || got.ID != "police-officer-1" {
		t.Fatalf("nefario targets %v, want police-officer-1", got)
	}
	p2 := byID("police-officer-2")
	if p2.Hero.Mundane == nil {
		t.Fatal("police officer is not mundane")
	}
	p2.Hero.Mundane.Hits = 1
	if got := FocusTarget(e, nef); got == nil || got.ID != "police-officer-2" {
		t.Errorf("with one hit on officer 2 nefario targets %v, want police-officer-2", got)
	}
	if got := FocusTarget(e, g); got == nil || got.ID != "goon-1" {
		t.Errorf("the guardian targets %v, want goon-1", got)
	}
	for i := range e.Combatants {
		if e.Combatants[i].Side == "villains" {
			e.Combatants[i].Gone = "fled"
		}
	}
	if got := FocusTarget(e, g); got != nil {
		t.Errorf("nobody stands, target %v", got.ID)
	}
}
