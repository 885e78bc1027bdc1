package encounter

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
)

// simWith plays n fights of data with the policy on one Sim, with memo
// (nil: none).
func simWith(t *testing.T, data []byte, policy string, n int, memo *WeighMemo) *SimSummary {
	t.Helper()
	sim, err := NewSim(data, combat.Options{}, 0, policy)
	if err != nil {
		t.Fatal(err)
	}
	sim.SetWeighMemo(memo)
	s, err := sim.Run(3, n, 0, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// withoutCombatant is the encounter data without its i-th combatant: the
// ones after it move up a place.
func withoutCombatant(t *testing.T, data []byte, i int) []byte {
	t.Helper()
	e, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	e.Combatants = append(e.Combatants[:i], e.Combatants[i+1:]...)
	out, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWeighMemoChangesNothing: one memo shared by simulations of
// different encounters holding the same combatants at other places (the
// bank fight, it with a combatant fewer, the reference encounter), by
// both policies that weigh, counts every fight as simulations without it.
func TestWeighMemoChangesNothing(t *testing.T) {
	bank := bankFightJSON(t)
	encounters := map[string][]byte{
		"bank":                        bank,
		"bank with a combatant fewer": withoutCombatant(t, bank, 1),
		"reference":                   encounterFile(t, "reference.json"),
		"bank again (all known)":      bank,
	}
	memo := NewWeighMemo()
	for _, policy := range []string{PolicySensible, PolicyFocus} {
		for _, name := range []string{"bank", "bank with a combatant fewer", "reference", "bank again (all known)"} {
			data := encounters[name]
			want := simWith(t, data, policy, 8, nil)
			if got := simWith(t, data, policy, 8, memo); !reflect.DeepEqual(got, want) {
				t.Errorf("%s, %s: with the shared memo\n%+v\nwithout\n%+v", name, policy, got, want)
			}
		}
	}
	if len(memo.m) == 0 {
		t.Fatal("the memo kept no weight")
	}
}

// TestWeighMemoIsRead: a Sim takes the weights it finds in its memo
// rather than working them out (a memo whose weights were all changed
// changes how the fights go).
func TestWeighMemoIsRead(t *testing.T) {
	bank := bankFightJSON(t)
	memo := NewWeighMemo()
	want := simWith(t, bank, PolicySensible, 8, memo)
	for k, w := range memo.m {
		w.x = combat.Expected{Damage: 1, Out: 0, Hit: 1}
		memo.m[k] = w
	}
	if got := simWith(t, bank, PolicySensible, 8, memo); reflect.DeepEqual(got, want) {
		t.Error("every weight in the memo changed, and no fight went otherwise: the memo is not read")
	}
}

// TestSheetKeyNamesNobody: two combatants alike but for their names,
// their source files and whose duplicates they are share a key; a
// difference in the sheet does not.
func TestSheetKeyNamesNobody(t *testing.T) {
	e, err := Decode(bankFightJSON(t))
	if err != nil {
		t.Fatal(err)
	}
	a := e.Combatants[0]
	b := a
	b.ID, b.Source, b.DuplicateOf = "other", "other.json", "guardian"
	ka, okA := sheetKey(&a)
	kb, okB := sheetKey(&b)
	if !okA || !okB || ka != kb {
		t.Error("a name changed the key")
	}
	b.Hero.Abilities.Final.Strength++
	if kb, _ := sheetKey(&b); ka == kb {
		t.Error("a stronger combatant has the same key")
	}
}
