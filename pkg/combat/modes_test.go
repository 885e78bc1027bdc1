package combat

import (
	"errors"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestGrabGrappleCrushEscape walks through grabbing, grappling, hurting
// and escaping (pp. 41-43).
func TestGrabGrappleCrushEscape(t *testing.T) {
	att := withAttack(mk("Brute", 'F'), flat("fist", 2, "1d6-6", "2d6"))
	att.Combat.DamageBonus = 5
	def := mk("Hero", 'F')
	def.Combat.Parries = []hero.Parry{{Slug: "hands", ParryType: "other-melee", Health: "1d6", Stamina: "2d6"}}

	// A crush needs a grapple first.
	if err := resolveErr(t, att, def, Request{Mode: ModeCrush}); !strings.Contains(err.Error(), "not grappled") {
		t.Errorf("crush: %v", err)
	}
	// First grab: to-hit 12 vs 10; grabbed; no damage dice.
	res := resolve(t, att, def, Request{Mode: ModeGrab}, Options{}, 12)
	if res.Outcome != "grabbed" || res.After.Grabbed != "Brute" || res.After.Grappled {
		t.Fatalf("grab: %s %+v", res.Outcome, res.After)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	// Block and brace are not allowed against a grab.
	if err := resolveErr(t, att, def, Request{Mode: ModeGrab, Reaction: Reaction{Kind: ReactionBlock, Object: BlockObject{Health: 5}}}); !strings.Contains(err.Error(), "not allowed against a grab") {
		t.Errorf("block vs grab: %v", err)
	}
	// A parried grab: parry 20, virtual 1d6 + 2d6 = 6+6+6 = 18 against the
	// grab's 1d6 + 5 = 11: stopped.
	res = resolve(t, att, def, Request{Mode: ModeGrab, Reaction: Reaction{Kind: ReactionParry}}, Options{}, 12, 20, 6, 6, 6, 6)
	if res.Outcome != "parried" || res.Damage.Health != 11 {
		t.Errorf("parried grab: %s %+v", res.Outcome, res.Damage)
	}
	// A half dodge does not stop a grab: second grab grapples.
	res = resolve(t, att, def, Request{Mode: ModeGrab, Reaction: Reaction{Kind: ReactionDodge}}, Options{}, 12, 3)
	if res.Outcome != "grappled" || !res.After.Grappled {
		t.Fatalf("grapple: %s %+v", res.Outcome, res.After)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	if !def.Condition.Grappled || def.Condition.GrabbedBy != "Brute" {
		t.Fatalf("condition %+v", def.Condition)
	}
	// Attacks on a grappled target get +4.
	res = resolve(t, att, def, Request{Attack: "fist"}, Options{}, 6, 1, 1, 1)
	if !res.ToHit.Hit || sumMods(res.ToHit.Modifiers) != 4 {
		t.Errorf("grappled +4: %+v", res.ToHit)
	}
	// Crush: no to-hit; 1d6-6 H and 1d6 S plus the bonus (all on stamina).
	res = resolve(t, att, def, Request{Mode: ModeCrush}, Options{}, 6, 4)
	if res.ToHit.Rolled || res.Damage.Health != 0 || res.Damage.Stamina != 9 || res.Knockback != nil {
		t.Errorf("crush: %+v %+v %+v", res.ToHit, res.Damage, res.Knockback)
	}
	// Crush with the bonus split onto health; dodged fully: no damage.
	res = resolve(t, att, def, Request{Mode: ModeCrush, Split: Split{Health: 5}}, Options{}, 6, 4)
	if res.Damage.Health != 5 || res.Damage.Stamina != 4 {
		t.Errorf("crush split: %+v", res.Damage)
	}
	def.Combat.DodgeBonus = 6
	res = resolve(t, att, def, Request{Mode: ModeCrush, Reaction: Reaction{Kind: ReactionDodge}}, Options{}, 6)
	if res.Outcome != "dodged" {
		t.Errorf("crush dodged: %s", res.Outcome)
	}
	def.Combat.DodgeBonus = 0
	// Escape by wriggling: a retroactive dodge of the grab (SC 2): 6 is ½:
	// still held; the escape costs a panel.
	res = resolve(t, att, def, Request{Mode: ModeEscape, Reaction: Reaction{Kind: ReactionDodge}}, Options{}, 6)
	if res.Outcome != "not-escaped" || res.Reaction.Panels != 1 {
		t.Errorf("wriggle: %s %+v", res.Outcome, res.Reaction)
	}
	// Escape by force: parry 20, virtual 3+1+1 = 5 against 1d6 3 + 5 = 8: held.
	res = resolve(t, att, def, Request{Mode: ModeEscape, Reaction: Reaction{Kind: ReactionParry}}, Options{}, 20, 3, 1, 1, 3)
	if res.Outcome != "not-escaped" {
		t.Errorf("force: %s", res.Outcome)
	}
	// ... with a better parry roll: 6+6+6 = 18 against 8: free.
	res = resolve(t, att, def, Request{Mode: ModeEscape, Reaction: Reaction{Kind: ReactionParry}}, Options{}, 20, 6, 6, 6, 3)
	if res.Outcome != "escaped" || res.After.Grabbed != "" || res.After.Grappled {
		t.Fatalf("force free: %s %+v", res.Outcome, res.After)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	if def.Condition.Grappled || def.Condition.GrabbedBy != "" {
		t.Errorf("after escape: %+v", def.Condition)
	}
	if err := resolveErr(t, att, def, Request{Mode: ModeEscape, Reaction: Reaction{Kind: ReactionDodge}}); !strings.Contains(err.Error(), "not held") {
		t.Errorf("escape when free: %v", err)
	}
}

// TestThrowPerson: strength against the Throw score for the mass,
// distance as knockback, the counter-grab (p. 43).
func TestThrowPerson(t *testing.T) {
	att := mk("Brute", 'F')
	att.Abilities.Final.Strength = 30
	def := mk("Hero", 'F')
	def.Condition.GrabbedBy = "Brute"
	// STR 30 over 16 (an average hero): 14 m; a wall at 3 m; prone check.
	res := resolve(t, att, def, Request{Mode: ModeThrow, Obstructions: []Obstruction{{Material: "brick", At: 3}}}, Options{}, 5, 20)
	kb := res.Knockback
	if res.Outcome != "thrown" || kb.Metres != 14 || kb.Travelled != 10 || !kb.Prone || res.Applied.Stamina != 5 {
		t.Fatalf("throw: %s %+v %+v", res.Outcome, kb, res.Applied)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	if def.Condition.GrabbedBy != "" || !def.Condition.Prone || def.Stamina.Current != 35 {
		t.Errorf("after: %+v stamina %d", def.Condition, def.Stamina.Current)
	}
	// Too heavy: a 500 kg robot needs STR 26.
	def.Condition.GrabbedBy = "Brute"
	def.Condition.Prone = false
	att.Abilities.Final.Strength = 25
	if err := resolveErr(t, att, def, Request{Mode: ModeThrow, MassKg: 500}); !strings.Contains(err.Error(), "too heavy") {
		t.Errorf("heavy: %v", err)
	}
	// The counter-grab stops it: 1d20 12 vs AC F's 10.
	att.Abilities.Final.Strength = 30
	res = resolve(t, att, def, Request{Mode: ModeThrow, Reaction: Reaction{Kind: ReactionGrab}}, Options{}, 12)
	if res.Outcome != "not-thrown" || !res.Reaction.Success {
		t.Errorf("counter-grab: %s %+v", res.Outcome, res.Reaction)
	}
	// Must grab first.
	def.Condition.GrabbedBy = ""
	if err := resolveErr(t, att, def, Request{Mode: ModeThrow}); !strings.Contains(err.Error(), "grab first") {
		t.Errorf("ungrabbed: %v", err)
	}
}

// TestFinishingMove: only on an unconscious or stunned target; 1d6 hours.
func TestFinishingMove(t *testing.T) {
	att := mk("A", 'F')
	def := mk("D", 'F')
	if err := resolveErr(t, att, def, Request{Mode: ModeFinishing}, 3); !strings.Contains(err.Error(), "unconscious or stunned") {
		t.Errorf("%v", err)
	}
	def.Stamina.Current = 2
	SetConditions(def)
	res := resolve(t, att, def, Request{Mode: ModeFinishing}, Options{}, 5)
	if res.Finishing == nil || res.Finishing.Hours != 5 || res.Outcome != "knocked-out" {
		t.Fatalf("%+v", res)
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	if !def.Condition.KnockedOut || def.Condition.KnockedOutHours != 5 || !def.Condition.Unconscious {
		t.Errorf("%+v", def.Condition)
	}
	if err := resolveErr(t, att, def, Request{Mode: ModeFinishing, Reaction: Reaction{Kind: ReactionDodge}}); err == nil {
		t.Error("reaction to a finishing move: no error")
	}
}

// TestPowerAttacks: energy blast pools and splits, eldritch bolt, psionic
// blast (a will contest, no knockback), stunning attack, phasing strike,
// movement attacks, haymaker, minimum damage.
func TestPowerAttacks(t *testing.T) {
	nef := loadHero(t, "nefario")
	g := loadHero(t, "guardian")
	// Energy blast split 5/5 from the pool: spends 10.
	res := resolve(t, nef, g, Request{Attack: "staff-blast", PowerDice: PowerDice{Health: 5, Stamina: 5}}, Options{}, 20, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 1)
	if res.PoolSpent.Amount != 10 || res.Damage.Health != 5 || res.Damage.Stamina != 30 {
		t.Errorf("blast: %+v %+v", res.PoolSpent, res.Damage)
	}
	nef.FindPool("energy").Current = 3
	if err := resolveErr(t, nef, g, Request{Attack: "staff-blast"}); !strings.Contains(err.Error(), "has 3 left") {
		t.Errorf("empty pool: %v", err)
	}
	var re *RequestError
	if err := resolveErr(t, nef, g, Request{Attack: "staff-blast", PowerDice: PowerDice{Health: 1, Stamina: 4}}); !errors.As(err, &re) || re.Field != "power-dice" {
		t.Errorf("split: %v", err)
	}
	if err := resolveErr(t, g, nef, Request{Attack: "fist", PowerDice: PowerDice{Health: 1}}); !strings.Contains(err.Error(), "does not split") {
		t.Errorf("fist power dice: %v", err)
	}

	mage := mk("Mage", 'F')
	mage.Abilities.Final.Will = 15
	mp := power("magic", 1, "eldritch-bolt")
	mage.Powers = []hero.Power{mp, power("psychic-ability", 1, "psionic-blast")}
	mage.Pools = []hero.Pool{{Name: "magic", Max: 15, Current: 15, CapPerAction: 10}, {Name: "psi", Max: 15, Current: 15, CapPerAction: 10}}
	withAttack(mage, hero.Attack{Slug: "bolt", StrikeClass: 3, DamageType: "eldritch-bolt", Ranged: true, Panels: 2, Power: "magic"})
	withAttack(mage, hero.Attack{Slug: "mind", StrikeClass: 3, DamageType: "psionic-blast", Ranged: true, Panels: 2, Power: "psychic-ability"})
	// Eldritch bolt: 2 MP per die, ignores dividers (p. 63).
	res = resolve(t, mage, g, Request{Attack: "bolt", PowerDice: PowerDice{Health: 2, Stamina: 3}}, Options{}, 20, 6, 6, 1, 1, 1)
	if res.PoolSpent.Amount != 10 || res.Applied.Health != 12 || res.Applied.Stamina != 3 || !res.Applied.Dividers.None() {
		t.Errorf("bolt: %+v %+v", res.PoolSpent, res.Applied)
	}
	if err := resolveErr(t, mage, g, Request{Attack: "bolt", PowerDice: PowerDice{Health: 3, Stamina: 3}}); err == nil {
		t.Error("12 MP bolt: no error")
	}
	// Psionic blast: will contest 10+15 vs 10+8 (confidence 39: no bonus),
	// resisted with 1d6; no knockback; ignores dividers.
	res = resolve(t, mage, g, Request{Attack: "mind", PowerDice: PowerDice{Stamina: 4}, Reaction: Reaction{Kind: ReactionResist}}, Options{}, 10, 10, 6, 6, 6, 6, 6)
	if !res.ToHit.Hit || res.ToHit.Mental == nil || res.ToHit.Mental.DefenderTotal != 24 || res.Knockback != nil || res.Applied.Stamina != 24 {
		t.Errorf("psionic: %+v %+v kb %+v", res.ToHit.Mental, res.Applied, res.Knockback)
	}
	res = resolve(t, mage, g, Request{Attack: "mind", PowerDice: PowerDice{Stamina: 4}, Reaction: Reaction{Kind: ReactionResist}}, Options{}, 5, 10, 6)
	if res.Outcome != "resisted" || res.Reaction.Panels != 2 {
		t.Errorf("resisted: %s %+v", res.Outcome, res.Reaction)
	}
	if err := resolveErr(t, mage, g, Request{Attack: "mind", Reaction: Reaction{Kind: ReactionBrace}}); !strings.Contains(err.Error(), "mental attack") {
		t.Errorf("brace vs mental: %v", err)
	}
	if err := resolveErr(t, g, nef, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionResist}}); !strings.Contains(err.Error(), "only against psychic") {
		t.Errorf("resist vs punch: %v", err)
	}

	// Stunning attack: 3d6 S, S divider 2 lower (p. 76).
	stun := withAttack(mk("Stun", 'F'), hero.Attack{Slug: "zap", StrikeClass: 3, DamageType: "stunning-attack", Stamina: "3d6", Ranged: true, Panels: 2, Power: "stunning-attack"})
	res = resolve(t, stun, g, Request{Attack: "zap"}, Options{}, 20, 6, 6, 6)
	if res.Applied.Dividers.Stamina != 4 || res.Applied.Stamina != 5 {
		t.Errorf("stun: %+v", res.Applied)
	}

	// Phasing strike: against AC F whatever the defender's class; cannot be parried.
	ph := withAttack(mk("Ghost", 'F'), hero.Attack{Slug: "phase", StrikeClass: 2, DamageType: "phasing-strike", Panels: 1, Power: "phasing"})
	res = resolve(t, ph, g, Request{Attack: "phase", PowerDice: PowerDice{Health: 1, Stamina: 2}}, Options{}, 10, 3, 3, 3)
	if res.ToHit.ArmourClass != 'F' || !res.ToHit.Hit {
		t.Errorf("phasing: %+v", res.ToHit)
	}
	if err := resolveErr(t, ph, nef, Request{Attack: "phase", PowerDice: PowerDice{Health: 1}, Reaction: Reaction{Kind: ReactionParry}}); !strings.Contains(err.Error(), "cannot be parried") {
		t.Errorf("parry phasing: %v", err)
	}
	if err := resolveErr(t, ph, nef, Request{Attack: "phase", PowerDice: PowerDice{Health: 3, Stamina: 1}}); err == nil {
		t.Error("4d6 phasing strike: no error")
	}

	// Movement: super speed's +4 or the charge (1d6 / 2d6+6 and a recovery panel).
	sp := withAttack(mk("Speedy", 'F'), flat("fist", 2, "1d6-6", "2d6"))
	sp.Powers = []hero.Power{power("super-speed", 1)}
	sp.Combat.DamageBonus = 0
	res = resolve(t, sp, nef, Request{Attack: "fist", Movement: &Movement{Power: "super-speed"}}, Options{}, 20, 1, 1, 1)
	if res.Damage.Stamina != 6 {
		t.Errorf("speed bonus: %+v", res.Damage)
	}
	res = resolve(t, sp, nef, Request{Attack: "fist", Movement: &Movement{Power: "super-speed", Special: true}}, Options{}, 20, 1, 1, 1)
	if res.Damage.HealthExpr != "1d6" || res.Damage.Stamina != 8 || res.AttackerEffects == nil || res.AttackerEffects.RecoveryPanels != 1 {
		t.Errorf("charge: %+v %+v", res.Damage, res.AttackerEffects)
	}
	if err := resolveErr(t, sp, nef, Request{Attack: "fist", Movement: &Movement{Power: "flight"}}); !strings.Contains(err.Error(), "movement attack") {
		t.Errorf("no flight: %v", err)
	}

	// Haymaker +2 to hit; shrunk attacker: minimum damage (dice still rolled).
	hm := withAttack(mk("Brawler", 'F'), hero.Attack{Slug: "haymaker", StrikeClass: 3, DamageType: "haymaker", Health: "1d6", Stamina: "3d6+12", AddsDamageBonus: true, Panels: 2, Power: "martial-arts"})
	hm.Combat.DamageBonus = 5
	res = resolve(t, hm, nef, Request{Attack: "haymaker"}, Options{}, 7, 6, 6, 6, 6, 1)
	if !res.ToHit.Hit || res.ToHit.Total != 9 || res.Damage.Stamina != 35 {
		t.Errorf("haymaker: %+v %+v", res.ToHit, res.Damage)
	}
	res = resolve(t, hm, nef, Request{Attack: "haymaker", Situation: Situation{AttackerShrunk: true}}, Options{}, 7, 6, 6, 6, 6)
	if !res.Damage.Minimum || res.Damage.Health != 1 || res.Damage.Stamina != 15 || len(res.Dice) != 5 {
		t.Errorf("shrunk: %+v dice %v", res.Damage, res.Dice)
	}
}

// TestRequestErrors: every check happens before the first die.
func TestRequestErrors(t *testing.T) {
	g, n := loadHero(t, "guardian"), loadHero(t, "nefario")
	for _, c := range []struct {
		att, def *hero.Hero
		req      Request
		field    string
	}{
		{g, n, Request{Attack: "laser"}, "with"},
		{n, g, Request{}, "with"},
		{g, n, Request{Attack: "fist", Mode: "tickle"}, "mode"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: "hug"}}, "reaction"},
		{n, g, Request{Attack: "staff", Reaction: Reaction{Kind: ReactionDodge}}, "reaction"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionJudo}}, "reaction"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionBrace}}, "reaction"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionParry, Parry: "sword"}}, "reaction"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionBlock}}, "object"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionBlock, Object: BlockObject{Name: "unicorn"}}}, "object"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionParry, TakeExtraPanel: true}}, "extra-panel"},
		{g, n, Request{Attack: "fist", Split: Split{Health: 31}}, "split"},
		{g, n, Request{Attack: "fist", Split: Split{Health: -1}}, "split"},
		{n, g, Request{Attack: "staff-blast", Split: Split{Health: 1}}, "split"},
		{g, n, Request{Attack: "fist", Situation: Situation{Cover: 12}}, "cover"},
		{g, n, Request{Attack: "fist", Obstructions: []Obstruction{{Material: "cheese"}}}, "obstruction"},
		{g, n, Request{Attack: "fist", FreeReactionsUsed: 9}, "free-used"},
		{g, n, Request{Attack: "fist", Situation: Situation{Surprise: true}, Reaction: Reaction{Kind: ReactionParry}}, "reaction"},
		{g, n, Request{Attack: "fist", Situation: Situation{AimPanels: 2}}, "aim"},
		{g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionGrab}}, "reaction"},
	} {
		r := dice.NewScripted(nil)
		_, err := Resolve(c.att, c.def, c.req, r, Options{})
		var re *RequestError
		if !errors.As(err, &re) || re.Field != c.field {
			t.Errorf("%+v: %v, want a %s error", c.req, err, c.field)
		}
		if r.Used() != 0 {
			t.Errorf("%+v: rolled %d dice before failing", c.req, r.Used())
		}
	}
	if err := CheckOptions(Options{WallReduction: "bricks"}); err == nil {
		t.Error("bad option: no error")
	}
	if _, err := Resolve(g, n, Request{Attack: "fist"}, dice.NewScripted(nil), Options{JudoColumn: "x"}); err == nil {
		t.Error("bad judo option: no error")
	}
	// An unconscious defender cannot react.
	n.Condition.Unconscious = true
	if _, err := Resolve(g, n, Request{Attack: "fist", Reaction: Reaction{Kind: ReactionDodge}}, dice.NewScripted(nil), Options{}); err == nil {
		t.Error("unconscious reacting: no error")
	}
}

// TestAttackerCondition: a dazed or stunned attacker takes -2 or -5.
func TestAttackerCondition(t *testing.T) {
	att := withAttack(mk("A", 'F'), flat("x", 2, "", "1"))
	att.Condition.Dazed = true
	res := resolve(t, att, mk("D", 'F'), Request{Attack: "x"}, Options{}, 11)
	if res.ToHit.Total != 9 || res.ToHit.Hit {
		t.Errorf("dazed: %+v", res.ToHit)
	}
	att.Condition.Stunned = true
	res = resolve(t, att, mk("D", 'F'), Request{Attack: "x"}, Options{}, 11)
	if res.ToHit.Total != 6 {
		t.Errorf("stunned: %+v", res.ToHit)
	}
}

// TestApplyEvent: the event carries the result, steps and seed.
func TestApplyEvent(t *testing.T) {
	g, n := loadHero(t, "guardian"), loadHero(t, "nefario")
	res, err := Resolve(g, n, Request{Attack: "fist"}, dice.NewSeeded(5), Options{})
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(5)
	if err := res.Apply(n, &seed); err != nil {
		t.Fatal(err)
	}
	ev := n.Log[len(n.Log)-1]
	if ev.Kind != "attack" || ev.Seed == nil || *ev.Seed != 5 || !strings.Contains(string(ev.Details), `"steps"`) || !strings.Contains(string(ev.Details), `"purpose":"to-hit"`) {
		t.Errorf("event %+v", ev)
	}
	if err := res.Apply(g, nil); err == nil {
		t.Error("applied to the wrong hero")
	}
	if err := n.Validate(); err != nil {
		t.Errorf("defender after Apply: %v", err)
	}
	if changed, err := res.ApplyAttacker(g, nil); err != nil || changed {
		t.Errorf("attacker unchanged: %v %v", changed, err)
	}
}
