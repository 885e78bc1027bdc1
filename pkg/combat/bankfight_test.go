package combat

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// loadHero reads a fixture from testdata/heroes at the repository root.
func loadHero(t testing.TB, name string) *hero.Hero {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "heroes", name+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return h
}

func scripted(vals ...int) *dice.Scripted { return dice.NewScripted(vals) }

// The Guardian's punch on Nefario (p. 40), by the rules: to-hit 14 (+2)
// vs 10; Nefario parries with his staff (20 vs 9) for virtual damage
// 1d6 + 2d6+6 (the Physical Damage Table's blunt two-handed row; the
// book's 2d6+3 is the blunt-thrown row) = 3 + 5 + 2 + 6 =
// 16; the punch does 2d6 (2, 4) + 30 = 36 stamina; knockback counts all
// 36 before the melee parry: 16 over 20 is 8 m (the book's 4 m is wrong); he hits the wooden door behind him (1d6 = 3, 2 m off the
// Wall Strength Table) and breaks through; he takes 36 - 16 = 20 plus the
// door's 3; the prone check is 1d20 2 + 4 (8 m) = 6 against agility 14.
func TestBankFightPunch(t *testing.T) {
	g, n := loadHero(t, "guardian"), loadHero(t, "nefario")
	req := Request{Attack: "fist", Reaction: Reaction{Kind: ReactionParry, Parry: "staff"},
		Obstructions: []Obstruction{{Material: "wood", At: 0}}}
	r := scripted(14, 20, 3, 5, 2, 4, 2, 4, 3, 2)
	res, err := Resolve(g, n, req, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(); err != nil {
		t.Fatal(err)
	}
	check := func(what string, got, want int) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %d, want %d", what, got, want)
		}
	}
	check("to-hit target", res.ToHit.Target, 10)
	check("to-hit total", res.ToHit.Total, 16)
	check("parry target", res.Reaction.Target, 9)
	check("virtual damage", res.Reaction.VirtualDamage, 16)
	check("reaction panels", res.Reaction.Panels, 1)
	check("stamina damage", res.Damage.Stamina, 36)
	check("health damage", res.Damage.Health, 0)
	kb := res.Knockback
	if kb == nil {
		t.Fatal("no knockback")
	}
	check("knockback counted", kb.StaminaCounted, 36)
	check("knockback metres", kb.Metres, 8)
	check("obstructions", len(kb.Obstructions), 1)
	check("door reduction", kb.Obstructions[0].Reduction, 2)
	check("travelled", kb.Travelled, 6)
	check("prone total", kb.ProneTotal, 6)
	if kb.Prone || !kb.Obstructions[0].BrokeThrough {
		t.Errorf("prone %v, broke through %v", kb.Prone, kb.Obstructions[0].BrokeThrough)
	}
	check("applied stamina", res.Applied.Stamina, 23)
	check("applied health", res.Applied.Health, 0)
	check("stamina after", res.After.Stamina, 12)
	if res.After.Condition != "ok" {
		t.Errorf("condition %q, want ok (nearly dazed: 12 > 7)", res.After.Condition)
	}
	if res.Outcome != "hit" {
		t.Errorf("outcome %q", res.Outcome)
	}
	if err := res.Apply(n, nil); err != nil {
		t.Fatal(err)
	}
	if n.Stamina.Current != 12 || len(n.Log) != 1 || n.Log[0].Kind != "attack" {
		t.Errorf("applied: stamina %d, log %+v", n.Stamina.Current, n.Log)
	}
	if len(res.Steps) == 0 {
		t.Error("no steps")
	}
}

// Nefario's energy blast from behind on the braced Guardian (pp. 40-41):
// 16 + 2 behind vs 10 (SC 3 vs AC B); braced, her threshold is 20 + 10
// (Super Strength rank 2); 4d6 health (3, 5, 5, 4 = 17) and 6d6 stamina
// (4, 3, 1, 6, 6, 4 = 24): no knockback; her H/6 S/6 count as /4 against
// an energy blast: 17/4 → 5 and 24/4 → 6.
func TestBankFightBlast(t *testing.T) {
	g, n := loadHero(t, "guardian"), loadHero(t, "nefario")
	req := Request{Attack: "staff-blast", Situation: Situation{Behind: true}, Reaction: Reaction{Kind: ReactionBrace}}
	r := scripted(16, 3, 5, 5, 4, 4, 3, 1, 6, 6, 4)
	res, err := Resolve(n, g, req, r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(); err != nil {
		t.Fatal(err)
	}
	if res.ToHit.Target != 10 || res.ToHit.Total != 18 || !res.ToHit.Hit {
		t.Errorf("to-hit %+v", res.ToHit)
	}
	if res.Reaction.BraceBonus != 10 || res.Reaction.Panels != 0 {
		t.Errorf("brace %+v", res.Reaction)
	}
	if res.Damage.Health != 17 || res.Damage.Stamina != 24 {
		t.Errorf("damage %+v", res.Damage)
	}
	if res.Knockback == nil || res.Knockback.Metres != 0 || res.Knockback.Threshold != 20 {
		t.Errorf("knockback %+v", res.Knockback)
	}
	if d := res.Applied.Dividers; d.Health != 4 || d.Stamina != 4 {
		t.Errorf("dividers %+v", d)
	}
	if res.Applied.Health != 5 || res.Applied.Stamina != 6 {
		t.Errorf("applied %+v", res.Applied)
	}
	if res.After.Health != 30 || res.After.Stamina != 30 {
		t.Errorf("after %+v", res.After)
	}
	if res.PoolSpent == nil || res.PoolSpent.Amount != 10 {
		t.Errorf("pool %+v", res.PoolSpent)
	}
	changed, err := res.ApplyAttacker(n, nil)
	if err != nil || !changed || n.FindPool("energy").Current != 5 {
		t.Errorf("attacker: changed %v err %v pool %+v", changed, err, n.FindPool("energy"))
	}
}
