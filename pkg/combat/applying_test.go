package combat

import (
	"strings"

	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// TestDividerCases covers every divider rule (pp. 37-38 and the power
// texts), each through a full Resolve: 13 H and 13 S arrive.
func TestDividerCases(t *testing.T) {
	cases := []struct {
		name           string
		div            hero.Dividers
		kind           string // damage type of the attack
		sit            Situation
		elastic, dodge bool
		wantDiv        rulebook.Dividers
		wantH, wantS   int
	}{
		{"none", hero.Dividers{}, "unarmed", Situation{}, false, false, rulebook.Dividers{}, 13, 13},
		{"H/3 S/2 rounds up", hero.Dividers{Health: 3, Stamina: 2}, "unarmed", Situation{}, false, false, rulebook.Dividers{Health: 3, Stamina: 2}, 5, 7},
		{"divider 1 is ignored", hero.Dividers{Health: 1, Stamina: 1}, "unarmed", Situation{}, false, false, rulebook.Dividers{}, 13, 13},
		{"exact division", hero.Dividers{Health: 13, Stamina: 13}, "unarmed", Situation{}, false, false, rulebook.Dividers{Health: 13, Stamina: 13}, 1, 1},
		{"energy blast lowers by 2", hero.Dividers{Health: 6, Stamina: 6}, "energy-blast", Situation{}, false, false, rulebook.Dividers{Health: 4, Stamina: 4}, 4, 4},
		{"energy blast: below 2 ignored", hero.Dividers{Health: 3, Stamina: 2}, "energy-blast", Situation{}, false, false, rulebook.Dividers{}, 13, 13},
		{"energy blast: exactly 2 kept", hero.Dividers{Health: 4, Stamina: 5}, "energy-blast", Situation{}, false, false, rulebook.Dividers{Health: 2, Stamina: 3}, 7, 5},
		{"stunning attack lowers S only", hero.Dividers{Health: 4, Stamina: 4}, "stunning-attack", Situation{}, false, false, rulebook.Dividers{Health: 4, Stamina: 2}, 4, 7},
		{"eldritch bolt ignores dividers", hero.Dividers{Health: 6, Stamina: 6}, "eldritch-bolt", Situation{}, false, false, rulebook.Dividers{}, 13, 13},
		{"elasticity dodging blunt: at least /2", hero.Dividers{}, "unarmed", Situation{}, true, true, rulebook.Dividers{Health: 2, Stamina: 2}, 7, 7},
		{"elasticity keeps better dividers", hero.Dividers{Health: 3, Stamina: 3}, "unarmed", Situation{}, true, true, rulebook.Dividers{Health: 3, Stamina: 3}, 5, 5},
		{"elasticity not against sharp", hero.Dividers{}, "sharp-one-handed", Situation{}, true, true, rulebook.Dividers{}, 13, 13},
		{"phased rank 1: /11 against a divider-lowering attack", hero.Dividers{}, "energy-blast", Situation{Phased: true}, false, false, rulebook.Dividers{Health: 9, Stamina: 9}, 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := hero.Attack{Slug: "x", StrikeClass: 2, DamageType: c.kind, Health: "13", Stamina: "13", Panels: 1}
			att := withAttack(mk("A", 'F'), a)
			def := mk("D", 'F')
			def.Combat.Dividers = c.div
			def.Combat.KnockbackThreshold = 100
			def.Combat.DodgeBonus = 0
			if c.elastic {
				def.Powers = append(def.Powers, power("elasticity", 1))
			}
			if c.kind == "phasing" || c.sit.Phased {
				def.Powers = append(def.Powers, power("phasing", 1))
			}
			req := Request{Attack: "x", Situation: c.sit}
			vals := []int{20}
			if c.dodge {
				req.Reaction.Kind = ReactionDodge
				vals = append(vals, 1) // "-": full damage
			}
			res := resolve(t, att, def, req, Options{}, vals...)
			if res.Applied.Dividers != c.wantDiv {
				t.Errorf("dividers %+v, want %+v", res.Applied.Dividers, c.wantDiv)
			}
			if res.Applied.Health != c.wantH || res.Applied.Stamina != c.wantS {
				t.Errorf("applied %d H %d S, want %d H %d S", res.Applied.Health, res.Applied.Stamina, c.wantH, c.wantS)
			}
		})
	}
	// Strength improves only dividers that exist (p. 14): Armour R3 at STR 45.
	if d := (rulebook.Dividers{Health: 5, Stamina: 4}).Improve(rulebook.StrengthDividerModifier(45)); d != (rulebook.Dividers{Health: 6, Stamina: 6}) {
		t.Errorf("improve: %+v", d)
	}
	if d := (rulebook.Dividers{Health: 2}).Improve(rulebook.StrengthDividerModifier(60)); d != (rulebook.Dividers{Health: 3}) {
		t.Errorf("improve without S: %+v", d)
	}
	// Dividers never turn damage into nothing: 1 damage at /6 is 1.
	if h, s := ApplyDividers(1, 0, rulebook.Dividers{Health: 6, Stamina: 6}); h != 1 || s != 0 {
		t.Errorf("1/6 = %d, 0/6 = %d", h, s)
	}
}

// TestImmunities: armour class A-C against SC 0-1, D's partial immunity,
// mundane bullets and blades, energy types, impervious, phased.
func TestImmunities(t *testing.T) {
	cases := []struct {
		name    string
		ac      rulebook.ArmourClass
		sc      rulebook.StrikeClass
		typ     string
		setup   func(att, def *hero.Hero)
		sit     Situation
		immune  bool // complete: no damage dice, no knockback
		wantH   int
		wantS   int
		outcome string
	}{
		{"AC A vs SC 0", 'A', 0, "unarmed", nil, Situation{}, true, 0, 0, "immune"},
		{"AC C vs SC 1", 'C', 1, "projectile", nil, Situation{}, true, 0, 0, "immune"},
		{"AC B vs SC 2 hurts", 'B', 2, "unarmed", nil, Situation{}, false, 13, 13, "hit"},
		{"AC D vs SC 1 punch: stamina only", 'D', 1, "unarmed", nil, Situation{}, false, 0, 13, "hit"},
		{"AC D vs SC 1 bullet: immune", 'D', 1, "projectile", nil, Situation{}, true, 0, 0, "immune"},
		{"AC D vs SC 0 blade: immune", 'D', 0, "sharp-one-handed", nil, Situation{}, true, 0, 0, "immune"},
		{"AC D vs SC 2 blade hurts", 'D', 2, "sharp-one-handed", nil, Situation{}, false, 13, 13, "hit"},
		{"AC E vs SC 0: no immunity", 'E', 0, "unarmed", nil, Situation{}, false, 13, 13, "hit"},
		{"immune to fire", 'F', 3, "energy-blast", func(att, def *hero.Hero) {
			att.Powers = []hero.Power{power("energy-blast", 1, "fire")}
			att.Combat.Attacks[0].Power = "energy-blast"
			def.Powers = []hero.Power{power("immunity", 1, "fire")}
		}, Situation{}, true, 0, 0, "immune"},
		{"immune to cold, not fire", 'F', 3, "energy-blast", func(att, def *hero.Hero) {
			att.Powers = []hero.Power{power("energy-blast", 1, "fire")}
			att.Combat.Attacks[0].Power = "energy-blast"
			def.Combat.Immunities = []string{"cold"}
		}, Situation{}, false, 13, 13, "hit"},
		{"impervious", 'F', 2, "unarmed", nil, Situation{Impervious: true}, true, 0, 0, "immune"},
		{"phased rank 1 vs a punch", 'F', 2, "unarmed", func(att, def *hero.Hero) { def.Powers = []hero.Power{power("phasing", 1)} }, Situation{Phased: true}, true, 0, 0, "immune"},
		{"phased rank 2 vs anything", 'F', 2, "eldritch-bolt", func(att, def *hero.Hero) { def.Powers = []hero.Power{power("phasing", 2)} }, Situation{Phased: true}, true, 0, 0, "immune"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := hero.Attack{Slug: "x", StrikeClass: c.sc, DamageType: c.typ, Health: "1d6+12", Stamina: "13", Panels: 1}
			att := withAttack(mk("A", 'F'), a)
			def := mk("D", c.ac)
			def.Combat.KnockbackThreshold = 5
			if c.setup != nil {
				c.setup(att, def)
			}
			vals := []int{20}
			if !c.immune {
				vals = append(vals, 1, 1) // health die, prone die (13 S > 5: knocked back)
			}
			res := resolve(t, att, def, Request{Attack: "x", Situation: c.sit}, Options{}, vals...)
			if string(res.Outcome) != c.outcome || res.Applied.Health != c.wantH || res.Applied.Stamina != c.wantS {
				t.Errorf("outcome %s applied %d H %d S (immune %q), want %s %d H %d S", res.Outcome, res.Applied.Health, res.Applied.Stamina, res.Applied.Immune, c.outcome, c.wantH, c.wantS)
			}
			if c.immune && res.Knockback != nil {
				t.Errorf("immune but knocked back: %+v", res.Knockback)
			}
		})
	}
}

// TestConditionThresholds checks every damage state's threshold (pp. 37-38).
func TestConditionThresholds(t *testing.T) {
	base := Tracks{Health: 40, Stamina: 40, Battered: 4, Dazed: 8, Stunned: 4, Endurance: 10}
	cases := []struct {
		health, stamina int
		want            string
		c               Conditions
	}{
		{40, 40, "ok", Conditions{}},
		{5, 40, "ok", Conditions{}},
		{4, 40, "battered", Conditions{Battered: true}},
		{1, 40, "battered", Conditions{Battered: true}},
		{0, 40, "deaths_door", Conditions{Battered: true, DeathsDoor: true, Unconscious: true}},
		{-1, 40, "dead", Conditions{Dead: true, Unconscious: true}},
		{40, 9, "ok", Conditions{}},
		{40, 8, "dazed", Conditions{Dazed: true}},
		{40, 5, "dazed", Conditions{Dazed: true}},
		{40, 4, "stunned", Conditions{Dazed: true, Stunned: true}},
		{40, 1, "stunned", Conditions{Dazed: true, Stunned: true}},
		{40, 0, "unconscious", Conditions{Dazed: true, Stunned: true, Unconscious: true}},
		{40, -9, "unconscious", Conditions{Dazed: true, Stunned: true, Unconscious: true}},
		{40, -10, "unconscious", Conditions{Dazed: true, Stunned: true, Unconscious: true, Overflowing: true}},
	}
	for _, c := range cases {
		tr := base
		tr.Health, tr.Stamina = c.health, c.stamina
		got := ConditionsOf(tr)
		if got != c.c || got.Worst() != c.want {
			t.Errorf("H %d S %d: %+v (%s), want %+v (%s)", c.health, c.stamina, got, got.Worst(), c.c, c.want)
		}
	}
	// Overflow: stamina stops at -END, the rest is health damage (p. 38).
	for _, c := range []struct{ stamina, dmg, wantS, wantH, overflow int }{
		{5, 5, 0, 40, 0},
		{5, 15, -10, 40, 0},
		{5, 16, -10, 39, 1},
		{-9, 3, -10, 38, 2},
		{-10, 4, -10, 36, 4},
		{-12, 4, -12, 36, 4}, // already past -END (e.g. END fell): all to health
	} {
		tr := base
		tr.Stamina = c.stamina
		after, of := TakeDamage(tr, 0, c.dmg)
		if after.Stamina != c.wantS || after.Health != c.wantH || of != c.overflow {
			t.Errorf("S %d take %d: S %d H %d overflow %d, want S %d H %d overflow %d", c.stamina, c.dmg, after.Stamina, after.Health, of, c.wantS, c.wantH, c.overflow)
		}
	}
	// Through Resolve and Apply: the defender's flags follow the tracks.
	att := withAttack(mk("A", 'F'), flat("x", 2, "36", "60"))
	def := mk("D", 'F')
	def.Combat.KnockbackThreshold = 1000
	res := resolve(t, att, def, Request{Attack: "x"}, Options{}, 20)
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	// 60 S from 40 with END 10: stamina -10, 10 overflows; health 40-36-10 = -6: dead.
	if def.Stamina.Current != -10 || def.Health.Current != -6 || !def.Condition.Dead || res.Applied.Overflow != 10 || res.After.Condition != "dead" {
		t.Errorf("H %d S %d cond %+v applied %+v", def.Health.Current, def.Stamina.Current, def.Condition, res.Applied)
	}
}

// TestMundaneRule: one strike with a super power, or two without, takes a
// mundane character out (p. 38).
func TestMundaneRule(t *testing.T) {
	thug := func() *hero.Hero {
		h := mk("Thug", 'K')
		h.Kind = hero.KindMundane
		return h
	}
	cop := withAttack(mk("Cop", 'H'), flat("baton", 1, "", "2d6"))
	cop.Kind = hero.KindMundane
	def := thug()
	res := resolve(t, cop, def, Request{Attack: "baton"}, Options{}, 20)
	if res.Mundane == nil || res.Mundane.TakenOut || res.Mundane.HitsAfter != 1 || len(res.Dice) != 1 {
		t.Fatalf("first strike: %+v dice %v", res.Mundane, res.Dice)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	res = resolve(t, cop, def, Request{Attack: "baton"}, Options{}, 20)
	if !res.Mundane.TakenOut || res.Mundane.Result != "unconscious" {
		t.Errorf("second strike: %+v", res.Mundane)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	if !def.Condition.TakenOut || !def.Condition.Unconscious || def.Mundane.Hits != 2 {
		t.Errorf("after: %+v %+v", def.Condition, def.Mundane)
	}
	// A super-strong punch takes them out at once; the attacker may kill.
	brute := withAttack(mk("Brute", 'F'), flat("fist", 2, "1d6-6", "2d6"))
	brute.Powers = []hero.Power{power("super-strength", 1)}
	res = resolve(t, brute, thug(), Request{Attack: "fist", Kill: true}, Options{}, 20)
	if !res.Mundane.SuperPower || !res.Mundane.TakenOut || res.Mundane.Result != "dead" {
		t.Errorf("super strength: %+v", res.Mundane)
	}
	// A full dodge is no strike.
	def = thug()
	def.Combat.ArmourClass = 'G'
	def.Combat.DodgeBonus = 2
	res = resolve(t, cop, def, Request{Attack: "baton", Reaction: Reaction{Kind: ReactionDodge}}, Options{}, 20, 6)
	if res.Mundane != nil || res.Outcome != "dodged" {
		t.Errorf("dodged: %+v %s", res.Mundane, res.Outcome)
	}
}

// TestReactionCosts: panels for each reaction, free reactions against SC
// 0-1, the +P extra panel and the pick-up panel are never free (pp. 31-36).
func TestReactionCosts(t *testing.T) {
	mkDef := func() *hero.Hero {
		d := mk("D", 'F')
		d.Combat.Parries = []hero.Parry{{Slug: "stick", ParryType: "other-melee", Stamina: "1"}}
		d.Powers = []hero.Power{power("super-strength", 1)}
		d.Combat.KnockbackThreshold = 100
		return d
	}
	cases := []struct {
		name     string
		sc       rulebook.StrikeClass
		panels   int
		rx       Reaction
		used     int
		dice     []int
		want     int
		wantFree bool
	}{
		{"parry a 1-panel attack", 2, 1, Reaction{Kind: ReactionParry}, 0, []int{20, 1}, 1, false},
		{"parry a double-panel attack", 2, 2, Reaction{Kind: ReactionParry}, 0, []int{20, 1}, 2, false},
		{"dodge a double-panel attack", 3, 2, Reaction{Kind: ReactionDodge}, 0, []int{20, 1}, 2, false},
		{"block in hand", 2, 2, Reaction{Kind: ReactionBlock, Object: BlockObject{Health: 3}}, 0, []int{20}, 1, false},
		{"block, picking it up", 2, 2, Reaction{Kind: ReactionBlock, Object: BlockObject{Name: "desk", PickUp: true}}, 0, []int{20}, 2, false},
		{"brace", 2, 2, Reaction{Kind: ReactionBrace}, 0, []int{20}, 0, false},
		{"free parry vs SC 1", 1, 1, Reaction{Kind: ReactionParry}, 3, []int{20, 1}, 0, true},
		{"no free reactions left", 1, 1, Reaction{Kind: ReactionParry}, 4, []int{20, 1}, 1, false},
		{"free block still pays the pick-up", 0, 1, Reaction{Kind: ReactionBlock, Object: BlockObject{Name: "desk", PickUp: true}}, 0, []int{20}, 1, true},
		{"free dodge still pays +P's extra panel", 1, 1, Reaction{Kind: ReactionDodge, TakeExtraPanel: true}, 0, []int{20, 6}, 1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := flat("x", c.sc, "", "10")
			a.Panels = c.panels
			att := withAttack(mk("A", 'F'), a)
			res := resolve(t, att, mkDef(), Request{Attack: "x", Reaction: c.rx, FreeReactionsUsed: c.used}, Options{}, c.dice...)
			if res.Reaction.Panels != c.want || res.Reaction.Free != c.wantFree {
				t.Errorf("panels %d free %v, want %d %v", res.Reaction.Panels, res.Reaction.Free, c.want, c.wantFree)
			}
		})
	}
}

// TestBlock: the object's health absorbs damage, health first; left-over
// damage destroys it (p. 34); a sturdy object's divider multiplies.
func TestBlock(t *testing.T) {
	att := withAttack(mk("A", 'F'), flat("x", 2, "3", "20"))
	for _, c := range []struct {
		obj       BlockObject
		hp, h, s  int
		destroyed bool
		remain    int
		outcome   string
	}{
		{BlockObject{Name: "desk"}, 4, 0, 19, true, 0, "hit"},
		{BlockObject{Health: 30}, 30, 0, 0, false, 7, "blocked"},
		{BlockObject{Name: "safe", Divider: 3}, 24, 0, 0, false, 1, "blocked"},
		{BlockObject{MassKg: 2000}, 14, 0, 9, true, 0, "hit"},
	} {
		def := mk("D", 'F')
		def.Combat.KnockbackThreshold = 100
		res := resolve(t, att, def, Request{Attack: "x", Reaction: Reaction{Kind: ReactionBlock, Object: c.obj}}, Options{}, 20)
		rr := res.Reaction
		if rr.Block == nil || rr.Block.Health != c.hp || res.Applied.Health != c.h || res.Applied.Stamina != c.s || rr.Block.Destroyed != c.destroyed || rr.Block.Remaining != c.remain || string(res.Outcome) != c.outcome {
			t.Errorf("%+v: %+v applied %+v outcome %s", c.obj, rr, res.Applied, res.Outcome)
		}
	}
	// Knockback is worked out before the block (p. 36).
	def := mk("D", 'F')
	res := resolve(t, att, def, Request{Attack: "x", Reaction: Reaction{Kind: ReactionBlock, Object: BlockObject{Health: 50}}}, Options{}, 20)
	if res.Knockback != nil && res.Knockback.Metres != 0 {
		t.Errorf("20 S vs 20: %+v", res.Knockback)
	}
	att2 := withAttack(mk("A", 'F'), flat("x", 2, "", "30"))
	res = resolve(t, att2, def, Request{Attack: "x", Reaction: Reaction{Kind: ReactionBlock, Object: BlockObject{Health: 50}}}, Options{}, 20, 1)
	if res.Knockback.Metres != 4 || res.Applied.Stamina != 0 {
		t.Errorf("blocked but knocked back 4 m: %+v %+v", res.Knockback, res.Applied)
	}
}

// TestParryOrdering: a ranged parry's reduction comes before knockback, a
// melee parry's after (p. 36).
func TestParryOrdering(t *testing.T) {
	att := withAttack(mk("A", 'F'), hero.Attack{Slug: "gun", StrikeClass: 2, DamageType: "projectile", Health: "", Stamina: "40", Panels: 1})
	for _, c := range []struct {
		pt     string
		metres int
		dice   []int
	}{
		{"ranged", 4, []int{20, 20, 1}},      // 40 - 10 = 30 counted: 10 over → 4 m
		{"other-melee", 8, []int{20, 20, 1}}, // 40 counted: 20 over → 8 m
	} {
		def := mk("D", 'F')
		def.Combat.Parries = []hero.Parry{{Slug: "p", ParryType: c.pt, Stamina: "10"}}
		res := resolve(t, att, def, Request{Attack: "gun", Reaction: Reaction{Kind: ReactionParry}}, Options{}, c.dice...)
		if res.Knockback.Metres != c.metres || res.Applied.Stamina != 30 {
			t.Errorf("%s: %d m, %d S", c.pt, res.Knockback.Metres, res.Applied.Stamina)
		}
	}
}

// TestAbsorbers: whirlwind and a personal forcefield soak damage, health
// first, after knockback and before dividers. (A mystic shield is a wall,
// not an absorber: TestMysticShieldIsAWall.)
func TestAbsorbers(t *testing.T) {
	att := withAttack(mk("A", 'F'), flat("x", 2, "6", "30"))
	def := mk("D", 'F')
	ff := power("forcefield", 1, "personal-forcefield")
	ff.Values = map[string]int{"personal-forcefield": 10}
	def.Powers = []hero.Power{ff}
	def.Combat.Dividers = hero.Dividers{Stamina: 2}
	res := resolve(t, att, def, Request{Attack: "x", Situation: Situation{Whirlwind: true}}, Options{}, 20, 4, 1)
	// 6 H 30 S; whirlwind 4: 2 H 30 S; forcefield 10: 0 H 22 S; S/2: 11.
	if len(res.Applied.Absorbers) != 2 || res.Applied.Health != 0 || res.Applied.Stamina != 11 || res.Knockback.Metres != 4 {
		t.Errorf("%+v kb %+v", res.Applied, res.Knockback)
	}
	// The explanation says what each absorbed, as amounts (not "-4 H").
	var absorbs []string
	for _, st := range res.Explain() {
		if st.Rule == "absorb" {
			absorbs = append(absorbs, st.Text)
		}
	}
	if len(absorbs) != 2 || strings.Contains(absorbs[0]+absorbs[1], "-") || !strings.Contains(absorbs[1], "absorbs 2 H, 8 S") {
		t.Errorf("absorb steps %q", absorbs)
	}
	res = resolve(t, att, def, Request{Attack: "x", Situation: Situation{ForcefieldDown: true}}, Options{}, 20, 1)
	if len(res.Applied.Absorbers) != 0 || res.Applied.Health != 6 {
		t.Errorf("forcefield down: %+v", res.Applied)
	}
}

// TestMysticShieldIsAWall: a mystic shield (p. 64) stops every attack that
// hits it whole, knockback too, an eldritch bolt as well; one attack
// doing more health damage than its health destroys it (still stopped);
// a psionic blast passes. By hand: 6 H 30 S against a shield of 6 holds
// (6 is not more than 6), against 5 it is destroyed; either way no damage.
func TestMysticShieldIsAWall(t *testing.T) {
	att := withAttack(mk("A", 'F'), flat("x", 2, "6", "30"))
	bolt := flat("bolt", 3, "6", "0")
	bolt.DamageType = "eldritch-bolt"
	withAttack(att, bolt)
	def := mk("D", 'F')
	for _, tc := range []struct {
		with   string
		health int
		broken bool
	}{{"x", 6, false}, {"x", 5, true}, {"bolt", 6, false}} {
		res := resolve(t, att, def, Request{Attack: tc.with, Situation: Situation{MysticShield: tc.health}}, Options{}, 20)
		b := res.Barrier
		if b == nil || b.Kind != BarrierMysticShield || !b.Wall || b.Broken != tc.broken || res.Applied.Health != 0 || res.Applied.Stamina != 0 || res.Knockback != nil && res.Knockback.Metres != 0 {
			t.Errorf("%s against %d: barrier %+v applied %+v kb %+v", tc.with, tc.health, b, res.Applied, res.Knockback)
		}
	}
}
