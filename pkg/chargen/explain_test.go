package chargen

import (
	"slices"
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// TestCombatLineText checks each kind of combat explanation line against
// the text worked out by hand from the rule it records.
func TestCombatLineText(t *testing.T) {
	var addDodge, bestDodge, acDodge combatLine
	addDodge = combatLine{what: lineDodge, value: 5, martialArts: true}
	addDodge.dodge[dodgeAcrobatics], addDodge.dodge[dodgeReactions] = 2, 2
	bestDodge = combatLine{what: lineDodge, value: 3, best: true}
	bestDodge.dodge[dodgeSuperSpeed] = 3
	acDodge = combatLine{what: lineDodge, value: 1, ac: rulebook.ArmourClass('F')}
	acDodge.dodge[dodgeArmourClass] = 1
	for _, c := range []struct {
		l    combatLine
		want string
	}{
		{combatLine{what: lineArmourClass, ac: 'F', from: "a normal costume"}, "armour class F from a normal costume"},
		{combatLine{what: lineArmourClass, ac: 'D', from: "Armour", rank: 2}, "armour class D from Armour rank 2"},
		{combatLine{what: lineDividers, ac: 'C', dividers: rulebook.Dividers{Health: 2, Stamina: 3}, base: rulebook.Dividers{Health: 2, Stamina: 2}, improve: rulebook.Dividers{Stamina: 1}, score: 30},
			"dividers H/2 S/3: armour class C gives H/2 S/2, strength 30 improves them by H/+0 S/+1"},
		{combatLine{what: lineDividers, ac: 'E', dividers: rulebook.Dividers{Health: 2}, base: rulebook.Dividers{Health: 2}, score: 12},
			"dividers H/2: armour class E gives H/2, strength 12 improves them by nothing"},
		{combatLine{what: lineDamageBonus, value: -1, score: 4, table: "Strength Table"}, "damage bonus -1 from strength 4 (Strength Table)"},
		{combatLine{what: lineStrikeBonus, value: 2, score: 19, table: "Agility Table"}, "strike bonus +2 from agility 19 (Agility Table)"},
		{combatLine{what: lineCannotDodge, ac: 'B'}, "cannot dodge (armour class B)"},
		{combatLine{what: lineCannotDodge, ac: 'D', from: "Toughness", rank: 2}, "cannot dodge (Toughness rank 2)"},
		{addDodge, "may dodge, dodge bonus +5: Acrobatics +2, Reactions +2, Martial Arts rank 2 +1"},
		{bestDodge, "may dodge, dodge bonus +3: Super Speed +3 (best)"},
		{acDodge, "may dodge, dodge bonus +1: armour class F +1"},
		{combatLine{what: lineDodge, best: true}, "may dodge, dodge bonus +0: no bonus"},
		{combatLine{what: lineStockier, value: 10, rank: 2}, "knockback threshold +10 from Larger (stockier), 2 rank(s)"},
		{combatLine{what: lineBracing, value: 10}, "bracing adds 10 to the knockback threshold (+5 per Super Strength rank)"},
		{combatLine{what: lineKnockback, value: 25}, "knockback threshold 25"},
		{combatLine{what: linePanels, value: 4}, "4 panels per page"},
		{combatLine{what: lineMovement, scores: [3]int{14, 12, 10}, value: 6}, "movement (14+12+10) ÷ 6 = 6 metres per panel, from the rolled scores"},
		{combatLine{what: lineTaller, score: 6, rank: 2, value: 12}, "Larger (taller): +50% of 6 per rank, 2 rank(s): 12"},
		{combatLine{what: lineSuperSpeed, rank: 2, value: 24}, "Super Speed rank 2 doubles movement per rank in combat: 24"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("line %d:\n got %q\nwant %q", c.l.what, got, c.want)
		}
	}
}

// TestFormatLines checks that the recorded lines become Combat.Explain
// (each with its page) and, unless quiet, --explain steps.
func TestFormatLines(t *testing.T) {
	b := &builder{explaining: true}
	b.explain(combatLine{what: lineKnockback, value: 20, page: "p. 13"})
	b.explain(combatLine{what: linePanels, value: 4, page: "p. 13"})
	got := b.formatLines(true, nil)
	if want := []string{"knockback threshold 20 (p. 13)", "4 panels per page (p. 13)"}; !slices.Equal(got, want) {
		t.Errorf("Explain = %q, want %q", got, want)
	}
	if want := (ruling.Steps{{Rule: "combat", Page: "p. 13", Text: "knockback threshold 20"}, {Rule: "combat", Page: "p. 13", Text: "4 panels per page"}}); !slices.Equal(b.steps, want) {
		t.Errorf("steps = %+v", b.steps)
	}
	q := &builder{quiet: true}
	q.explain(combatLine{what: linePanels, value: 4, page: "p. 13"})
	if got := q.formatLines(false, nil); got != nil || len(q.steps) != 0 || len(q.lines) != 0 {
		t.Errorf("a quiet builder that does not explain recorded %v, %v, %v", got, q.steps, q.lines)
	}
}
