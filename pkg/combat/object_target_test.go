package combat

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Cases worked by hand from p. 39 (objects: the Object Table's health, no
// stamina, sturdy H dividers /2 brick, /3 thin metal, /4 stone, concrete,
// armour-plated metal; damage taken rounded up as for characters, p. 37)
// and the Wall Strength Table (p. 37: damage for a super-hero sized hole).
func TestDamageObject(t *testing.T) {
	tests := []struct {
		name       string
		t          ObjectTarget
		h, s       int
		taken      int
		after      int
		destroyed  bool
		needed     int
		err        string
		health     int
		divisor    int
		wall       bool
		staminaIgn int
	}{
		{name: "a desk (health 4) takes 3: 1 left", t: ObjectTarget{Name: "desk"}, h: 3, s: 10, taken: 3, after: 1, needed: 1, health: 4, staminaIgn: 10},
		{name: "a desk takes 4: destroyed", t: ObjectTarget{Name: "desk"}, h: 4, taken: 4, destroyed: true, health: 4},
		{name: "stamina alone does nothing", t: ObjectTarget{Name: "fridge"}, h: 0, s: 40, taken: 0, after: 6, needed: 6, health: 6, staminaIgn: 40},
		{name: "an armoured tank (25, /4) takes 34: ceil(8.5) = 9, 16 left, 64 more", t: ObjectTarget{Name: "tank", Material: "armour-plating"}, h: 34, taken: 9, after: 16, needed: 64, health: 25, divisor: 4},
		{name: "thin metal /3: 7 is ceil(2.33) = 3", t: ObjectTarget{MassKg: 50, Material: "thin-metal"}, h: 7, taken: 3, after: 3, needed: 9, health: 6, divisor: 3},
		{name: "carrying on: 2 left, 5 more destroys", t: ObjectTarget{Name: "desk", Remaining: 2}, h: 5, taken: 5, destroyed: true, health: 4},
		{name: "brick wall: 16 for a hole; 15 leaves 1", t: ObjectTarget{Wall: "brick"}, h: 15, s: 6, taken: 15, after: 1, needed: 1, health: 16, wall: true, staminaIgn: 6},
		{name: "brick wall with 6 left holed by 6", t: ObjectTarget{Wall: "brick", Remaining: 6}, h: 6, taken: 6, destroyed: true, health: 16, wall: true},
		{name: "concrete wall 32", t: ObjectTarget{Wall: "concrete"}, h: 20, taken: 20, after: 12, needed: 12, health: 32, wall: true},
		{name: "unknown material", t: ObjectTarget{Name: "desk", Material: "jelly"}, err: "not a sturdy material"},
		{name: "unknown wall", t: ObjectTarget{Wall: "jelly"}, err: "not on the Wall Strength Table"},
		{name: "wall and object", t: ObjectTarget{Wall: "brick", Name: "desk"}, err: "not with an object"},
		{name: "remaining above health", t: ObjectTarget{Name: "desk", Remaining: 5}, err: "outside 1-4"},
		{name: "nothing", t: ObjectTarget{}, err: "name an Object Table example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, steps, err := DamageObject(tt.t, tt.h, tt.s)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Taken != tt.taken || d.After != tt.after || d.Destroyed != tt.destroyed || d.Needed != tt.needed ||
				d.Health != tt.health || d.Divider != tt.divisor || d.Wall != tt.wall || d.StaminaIgnored != tt.staminaIgn {
				t.Errorf("got %+v", d)
			}
			if len(steps) == 0 {
				t.Error("no steps")
			}
		})
	}
}

// An energy blast lowers a sturdy object's divider by 2 (p. 55) as it
// does a character's: armour-plated /4 becomes /2. 2d6 = 5 + 6 = 11 H,
// 11 / 2 = 5.5, rounded up 6: the tank (25) has 19 left, 38 more needed.
func TestStrikeObject(t *testing.T) {
	att := mk("Blaster", rulebook.ACF)
	blast := hero.Attack{Slug: "blast", Name: "blast", StrikeClass: 3, DamageType: "energy-blast", Health: "2d6", Stamina: "2d6", LowersDividers: 2, Panels: 2}
	os, err := StrikeObject(att, &blast, Blow{}, ObjectTarget{Name: "tank", Material: "armour-plating"}, dice.NewScripted([]int{5, 6, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if o := os.Object; o.Divider != 2 || o.Taken != 6 || o.After != 19 || o.Needed != 38 || len(os.Dice) != 4 {
		t.Errorf("%+v dice %v", o, os.Dice)
	}
	if !strings.Contains(os.Summary(), "6 H taken; 19 of 25 health left") {
		t.Errorf("summary %q", os.Summary())
	}
	// A punch with +20 on health holes a brick wall (16): 1d6-6 never
	// helps, the bonus does.
	att.Combat.DamageBonus = 20
	fist := unarmedAttack(att)
	os, err = StrikeObject(att, fist, Blow{SplitHealth: ptr(20)}, ObjectTarget{Wall: "brick"}, dice.NewScripted([]int{6, 1, 1}))
	if err != nil || !os.Object.Destroyed || os.Object.Taken != 20 {
		t.Fatalf("%+v %v", os, err)
	}
	if _, err := StrikeObject(att, fist, Blow{SplitHealth: ptr(21)}, ObjectTarget{Wall: "brick"}, dice.NewScripted(nil)); err == nil {
		t.Error("a split over the bonus accepted")
	}
}

// A pool power's blow on an object costs what it costs on a combatant
// and lowers or ignores a sturdy object's divider by its kind, whatever
// the file's attack says. Worked by hand (pp. 37, 39, 55, 63):
//   - energy blast 3d6 H + 1d6 S at a stone wall-piece (a 446-1,000 kg
//     "sports car" of stone: health 12, /4 lowered 2 = /2): 6+6+6 = 18 H,
//     /2 = 9, 3 left; 4 dice = 4 energy points;
//   - eldritch bolt 2d6 H + 0 S at the same: 2 dice x 2 = 4 magic
//     points; the divider is ignored: 5+5 = 10 taken, 2 left;
//   - no pool in the file: nothing spent;
//   - an energy blast of 4 points with 3 energy left is refused.
func TestStrikeObjectPool(t *testing.T) {
	car := ObjectTarget{Name: "sports car", Material: "stone"}
	cases := []struct {
		name     string
		kind     string
		pools    []hero.Pool
		pd       PowerDice
		faces    []int
		spend    *PoolSpend
		div, aft int
		wantErr  string
	}{
		{"energy blast", "energy-blast", []hero.Pool{{Name: "energy", Max: 15, Current: 15}}, PowerDice{Health: 3, Stamina: 1}, []int{6, 6, 6, 1}, &PoolSpend{Pool: "energy", Amount: 4}, 2, 3, ""},
		{"eldritch bolt", "eldritch-bolt", []hero.Pool{{Name: "magic", Max: 20, Current: 20}}, PowerDice{Health: 2}, []int{5, 5}, &PoolSpend{Pool: "magic", Amount: 4}, 0, 2, ""},
		{"no pool", "energy-blast", nil, PowerDice{Health: 1, Stamina: 1}, []int{1, 1}, nil, 2, 11, ""},
		{"too few points", "energy-blast", []hero.Pool{{Name: "energy", Max: 15, Current: 3}}, PowerDice{Health: 2, Stamina: 2}, nil, nil, 0, 0, "costs 4 energy points but Blaster has 3 left"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			att := mk("Blaster", rulebook.ACF)
			att.Pools = c.pools
			a := hero.Attack{Slug: "blast", Name: "blast", StrikeClass: 3, DamageType: c.kind, Health: "1d6", Stamina: "1d6", Panels: 2}
			os, err := StrikeObject(att, &a, Blow{PowerDice: c.pd}, car, dice.NewScripted(c.faces))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (os.PoolSpent == nil) != (c.spend == nil) || (c.spend != nil && *os.PoolSpent != *c.spend) {
				t.Errorf("pool spent %+v, want %+v", os.PoolSpent, c.spend)
			}
			if os.Object.Divider != c.div || os.Object.After != c.aft || os.Knockback != 0 {
				t.Errorf("%+v knockback %d", os.Object, os.Knockback)
			}
			before := 0
			if len(att.Pools) > 0 {
				before = att.Pools[0].Current
			}
			if pool, left := os.ApplyPool(att); c.spend != nil && (pool != c.spend.Pool || left != before-c.spend.Amount) {
				t.Errorf("ApplyPool %s %d", pool, left)
			}
		})
	}
}
