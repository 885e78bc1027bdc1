package chargen

import (
	"errors"
	"os"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

func loadFixture(t *testing.T, name string) *hero.Hero {
	t.Helper()
	data, err := os.ReadFile("../../testdata/heroes/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestVerify: the book's heroes agree with hero derive; a changed derived
// figure is reported with both values; an embedded sidekick is checked
// too. The Guardian has Armour rank 3: armour class B
// (Armour Table, p. 32), battered at health ÷ 10 (p. 14).
func TestVerify(t *testing.T) {
	for _, name := range []string{"guardian", "nefario"} {
		if err := Verify(loadFixture(t, name), Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	tests := []struct {
		name   string
		change func(h *hero.Hero)
		want   string
	}{
		{"armour class L with Armour rank 3", func(h *hero.Hero) { h.Combat.ArmourClass = rulebook.ACL },
			`$.combat.armour_class: "L" but hero derive computes "B"`},
		{"final strength off its modifiers", func(h *hero.Hero) { h.Abilities.Final.Strength += 5 },
			"$.abilities.final.strength: "},
		{"battered not health ÷ 10", func(h *hero.Hero) { h.Health.Battered = h.Health.Max },
			"$.health.battered: "},
		{"health max not the dice", func(h *hero.Hero) { h.Health.Max++ },
			"$.health.max: "},
		{"embedded sidekick", func(h *hero.Hero) {
			sk := loadFixture(t, "guardian")
			sk.Kind = hero.KindSidekick
			sk.Combat.Movement = 999
			h.Powers[0].Sidekick = sk
		}, "$.powers[0].sidekick.combat.movement: 999 but hero derive computes "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := loadFixture(t, "guardian")
			tt.change(h)
			err := Verify(h, Options{})
			var fe *hero.FieldError
			if !errors.As(err, &fe) || len(err.Error()) < len(tt.want) || err.Error()[:len(tt.want)] != tt.want {
				t.Fatalf("Verify = %v, want it to begin %q", err, tt.want)
			}
		})
	}
	// Specific forms (p. 70): each form's figures are worked out from its
	// own powers. Mimic's secret identity has no powers, so no Toughness:
	// armour class F (the heroic form, with Toughness 2, has C).
	for _, tt := range []struct {
		name   string
		change func(h *hero.Hero)
		want   string
	}{
		{"a form's armour class", func(h *hero.Hero) { h.Forms[1].Combat.ArmourClass = rulebook.ACC },
			`$.forms[1].combat.armour_class: "C" but hero derive computes "F"`},
		{"a form's final ability", func(h *hero.Hero) { h.Forms[0].Abilities.Agility-- },
			`$.forms[0].abilities.agility: 13 but hero derive computes 14`},
		{"the forms left out", func(h *hero.Hero) { h.Forms, h.Form = nil, "" },
			`$.forms: 0 forms but hero derive makes 2`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := loadFixture(t, "mimic")
			if err := Verify(h, Options{}); err != nil {
				t.Fatalf("mimic as written: %v", err)
			}
			tt.change(h)
			if err := Verify(h, Options{}); err == nil || err.Error() != tt.want {
				t.Fatalf("Verify = %v, want %q", err, tt.want)
			}
		})
	}
	// A hero lacking a rolled value cannot be compared (Nefario above
	// has no health dice): nothing is reported.
	h := loadFixture(t, "guardian")
	h.Health.Dice = nil
	h.Health.Max = 7
	if err := Verify(h, Options{}); err != nil {
		t.Errorf("hero without health dice: %v", err)
	}
	// A mundane character is checked against its own figures
	// (TestVerifyMundane), not hero derive's: the Guardian's figures
	// made a mundane character's are not refused for her health.
	npc := loadFixture(t, "guardian")
	npc.Kind = hero.KindMundane
	npc.Combat.ArmourClass = rulebook.ACL
	npc.Combat.PanelsPerPage = rulebook.PanelsMundane
	npc.Combat.StrikeBonus, npc.Combat.DodgeBonus, npc.Combat.CanDodge = 2, 0, false
	npc.Combat.Dividers = hero.Dividers{}
	if err := Verify(npc, Options{}); err != nil {
		t.Errorf("NPC: %v", err)
	}
}
