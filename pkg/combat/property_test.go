package combat

import (
	"fmt"
	"hash/fnv"
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// purposeRoller hands out faces chosen by purpose and occurrence, so two
// resolutions that differ in one choice (a reaction, a bonus) still get
// the same damage dice, obstruction dice and prone die.
type purposeRoller struct {
	seed  uint64
	count map[string]int
}

func (p *purposeRoller) Roll(sides int, purpose string) (int, error) {
	if p.count == nil {
		p.count = map[string]int{}
	}
	n := p.count[purpose]
	p.count[purpose] = n + 1
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s/%d", p.seed, purpose, n)
	return int(h.Sum64()%uint64(sides)) + 1, nil
}

// genDefender draws a defender that may be dodged for.
func genDefender(t *rapid.T) *hero.Hero {
	ac := rulebook.ArmourClass(rapid.SampledFrom([]byte("DEFGHIJ")).Draw(t, "ac"))
	d := mk("D", ac)
	d.Combat.DodgeBonus = rapid.IntRange(-2, 6).Draw(t, "dodge_bonus")
	d.Combat.KnockbackThreshold = rapid.IntRange(5, 40).Draw(t, "kb")
	d.Combat.Dividers = hero.Dividers{Health: rapid.IntRange(0, 6).Draw(t, "hdiv"), Stamina: rapid.IntRange(0, 6).Draw(t, "sdiv")}
	d.Abilities.Final.Agility = rapid.IntRange(1, 25).Draw(t, "agi")
	d.Abilities.Final.Endurance = rapid.IntRange(1, 25).Draw(t, "end")
	d.Health.Current = rapid.IntRange(1, 80).Draw(t, "health")
	d.Stamina.Current = rapid.IntRange(-10, 80).Draw(t, "stamina")
	if rapid.Bool().Draw(t, "elastic") {
		d.Powers = append(d.Powers, power("elasticity", 1))
	}
	return d
}

func genAttack(t *rapid.T) hero.Attack {
	typ := rapid.SampledFrom([]string{"unarmed", "blunt-two-handed", "sharp-one-handed", "projectile", "explosive", "energy-blast", "stunning-attack", "eldritch-bolt"}).Draw(t, "type")
	hn := rapid.IntRange(0, 4).Draw(t, "hn")
	sn := rapid.IntRange(0, 6).Draw(t, "sn")
	switch typ {
	case "energy-blast": // neither side more than 2 dice ahead (p. 55)
		sn = min(hn+2, sn)
		hn = min(sn+2, hn)
	case "eldritch-bolt": // at most 10 MP: 5 dice
		hn, sn = min(hn, 2), min(sn, 3)
	}
	a := hero.Attack{Slug: "x", StrikeClass: rulebook.StrikeClass(rapid.IntRange(0, 5).Draw(t, "sc")), DamageType: typ, Panels: 1,
		Health:          expr(hn, rapid.IntRange(-6, 6).Draw(t, "hm")),
		Stamina:         expr(sn, rapid.IntRange(-6, 12).Draw(t, "sm")),
		AddsDamageBonus: rapid.Bool().Draw(t, "adds")}
	return a
}

// expr renders NdM+K, a constant, or "" for nothing.
func expr(n, k int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("%dd6%+d", n, k)
	case k > 0:
		return fmt.Sprint(k)
	}
	return ""
}

func genObstructions(t *rapid.T) []Obstruction {
	n := rapid.IntRange(0, 3).Draw(t, "nobs")
	obs := make([]Obstruction, n)
	for i := range obs {
		obs[i] = Obstruction{Material: rapid.SampledFrom([]string{"wood", "brick", "concrete", "normal-glass"}).Draw(t, "mat"), At: rapid.IntRange(0, 20).Draw(t, "at")}
	}
	return obs
}

// A dodge never makes an attack hurt more: same dice, with and without a
// dodge, the damage taken, the knockback distance and the obstruction
// stamina are never larger with the dodge.
func TestPropertyDodgeNeverHurtsMore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genAttack(t)
		att := withAttack(mk("A", 'F'), a)
		att.Combat.DamageBonus = rapid.IntRange(0, 40).Draw(t, "bonus")
		def := genDefender(t)
		obs := genObstructions(t)
		seed := rapid.Uint64().Draw(t, "seed")
		extra := rapid.Bool().Draw(t, "extra")
		base := Request{Attack: "x", Obstructions: obs, Situation: Situation{Modifiers: []Modifier{{Slug: "sure", Value: 40}}}}
		plain, err := Resolve(att, def, base, &purposeRoller{seed: seed}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		dodging := base
		dodging.Reaction = Reaction{Kind: ReactionDodge, TakeExtraPanel: extra}
		dodged, err := Resolve(att, def, dodging, &purposeRoller{seed: seed}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if dodged.Applied.Health > plain.Applied.Health || dodged.Applied.Stamina > plain.Applied.Stamina {
			t.Fatalf("dodge hurt more: %+v vs %+v (%s)", dodged.Applied, plain.Applied, dodged.Reaction.DodgeResult)
		}
		if dodged.After.Health < plain.After.Health || dodged.After.Stamina < plain.After.Stamina {
			t.Fatalf("dodge left worse tracks: %+v vs %+v", dodged.After, plain.After)
		}
		if m := func(r *Result) int {
			if r.Knockback == nil {
				return 0
			}
			return r.Knockback.Metres
		}; m(dodged) > m(plain) {
			t.Fatalf("dodge knocked back further: %d > %d", m(dodged), m(plain))
		}
	})
}

// More damage never yields less knockback: in the rule itself, and
// through Resolve with a larger damage bonus on the same dice.
func TestPropertyMoreDamageMoreKnockback(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		th := rapid.IntRange(0, 200).Draw(t, "threshold")
		s := rapid.IntRange(0, 1000).Draw(t, "stamina")
		more := s + rapid.IntRange(0, 100).Draw(t, "more")
		if rulebook.KnockbackDistance(more, th) < rulebook.KnockbackDistance(s, th) {
			t.Fatalf("%d vs %d at KB %d", more, s, th)
		}
		a := genAttack(t)
		a.AddsDamageBonus = true
		att := withAttack(mk("A", 'F'), a)
		def := genDefender(t)
		seed := rapid.Uint64().Draw(t, "seed")
		b1 := rapid.IntRange(0, 40).Draw(t, "b1")
		b2 := b1 + rapid.IntRange(0, 40).Draw(t, "extra_bonus")
		req := Request{Attack: "x", Situation: Situation{Modifiers: []Modifier{{Slug: "sure", Value: 40}}}}
		att.Combat.DamageBonus = b1
		r1, err := Resolve(att, def, req, &purposeRoller{seed: seed}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		att.Combat.DamageBonus = b2
		r2, err := Resolve(att, def, req, &purposeRoller{seed: seed}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m1, m2 := 0, 0
		if r1.Knockback != nil {
			m1 = r1.Knockback.Metres
		}
		if r2.Knockback != nil {
			m2 = r2.Knockback.Metres
		}
		if m2 < m1 {
			t.Fatalf("bonus %d: %d m, bonus %d: %d m", b1, m1, b2, m2)
		}
	})
}

// Dividers never increase damage, whatever they are, and never make
// positive damage zero.
func TestPropertyDividersNeverIncrease(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := rapid.IntRange(0, 10000).Draw(t, "h")
		s := rapid.IntRange(0, 10000).Draw(t, "s")
		d := rulebook.Dividers{Health: rapid.IntRange(-3, 100).Draw(t, "hd"), Stamina: rapid.IntRange(-3, 100).Draw(t, "sd")}
		dh, ds := ApplyDividers(h, s, d)
		if dh > h || ds > s || (h > 0 && dh < 1) || (s > 0 && ds < 1) {
			t.Fatalf("%d/%d, %d/%d -> %d, %d", h, d.Health, s, d.Stamina, dh, ds)
		}
		// Lowering (energy blast) never makes a divider larger.
		low := d.Lowered(rapid.IntRange(0, 5).Draw(t, "lower"))
		if (d.Health >= 0 && low.Health > d.Health) || (d.Stamina >= 0 && low.Stamina > d.Stamina) {
			t.Fatalf("lowered %+v -> %+v", d, low)
		}
		// Through Resolve: applied never exceeds what arrived.
		a := genAttack(t)
		att := withAttack(mk("A", 'F'), a)
		def := genDefender(t)
		res, err := Resolve(att, def, Request{Attack: "x", Situation: Situation{Modifiers: []Modifier{{Slug: "sure", Value: 40}}}}, &purposeRoller{seed: rapid.Uint64().Draw(t, "seed")}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		obsS := 0
		if res.Knockback != nil {
			for _, o := range res.Knockback.Obstructions {
				obsS += o.Stamina
			}
		}
		if res.Applied.Health-res.Applied.Overflow > res.Applied.IncomingHealth || res.Applied.Stamina-obsS > res.Applied.IncomingStamina {
			t.Fatalf("dividers increased damage: %+v", res.Applied)
		}
	})
}

// Resolve is deterministic and every die it reports is one it was given.
func TestPropertyDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genAttack(t)
		att := withAttack(mk("A", 'F'), a)
		def := genDefender(t)
		kinds := []ReactionKind{ReactionNone, ReactionDodge, ReactionBlock}
		rx := Reaction{Kind: rapid.SampledFrom(kinds).Draw(t, "reaction"), Object: BlockObject{Health: 5}}
		if rx.Kind == ReactionDodge && !CanDodge(def.Combat.ArmourClass) {
			rx.Kind = ReactionNone
		}
		req := Request{Attack: "x", Reaction: rx, Obstructions: genObstructions(t)}
		seed := rapid.Uint64().Draw(t, "seed")
		r1, err := Resolve(att, def, req, &purposeRoller{seed: seed}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		r2, _ := Resolve(att, def, req, &purposeRoller{seed: seed}, Options{})
		if fmt.Sprint(r1.Dice) != fmt.Sprint(r2.Dice) || r1.Applied.Health != r2.Applied.Health || r1.Applied.Stamina != r2.Applied.Stamina {
			t.Fatal("not deterministic")
		}
		for _, d := range r1.Dice {
			if d.Value < 1 || d.Value > d.Sides || d.Purpose == "" {
				t.Fatalf("bad die %+v", d)
			}
		}
		r1.Explain()
		if len(r1.Steps) == 0 {
			t.Fatal("no steps")
		}
	})
}
