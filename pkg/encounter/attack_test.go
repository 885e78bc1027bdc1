package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

func strike(actor, target, with string, rx combat.ReactionKind) Strike {
	return Strike{Actor: actor, Target: target, Request: combat.Request{Attack: with, Reaction: combat.Reaction{Kind: rx}}}
}

// The Guardian's punch and Nefario's parry (p. 40) through pkg/combat: the
// parry is owed; the knockback's prone check passes; the file validates.
func TestAttackBooksTheParry(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	s := strike("guardian", "nefario", "fist", combat.ReactionParry)
	s.Request.Reaction.Parry = "staff"
	s.Request.Obstructions = []combat.Obstruction{{Material: "wood"}}
	res, err := e.Attack(gm(14, 20, 3, 5, 2, 1, 2, 4, 3, 2), s, combat.Options{})
	must(t, err)
	if res.Outcome != "hit" || res.Reaction.Panels != 1 {
		t.Fatalf("%s, reaction %+v", res.Outcome, res.Reaction)
	}
	if p := panelsOf(t, e, "nefario"); p.Owed != 1 {
		t.Fatalf("Nefario %+v, want 1 owed", p)
	}
	if p := panelsOf(t, e, "guardian"); p.Used != 1 {
		t.Fatalf("Guardian %+v, want 1 used", p)
	}
	n := e.Find("nefario")
	if n.Hero.Stamina.Current != 19 || len(n.Hero.Log) != 1 {
		t.Fatalf("Nefario's stamina %d, log %d", n.Hero.Stamina.Current, len(n.Hero.Log))
	}
	var attack *Event
	for i := range e.Log {
		if e.Log[i].Kind == "attack" {
			attack = &e.Log[i]
		}
	}
	if attack == nil || len(attack.Dice) != 10 || attack.Dice[0].Purpose != "to-hit" || len(attack.Steps) == 0 || attack.Panels != 1 {
		t.Fatalf("attack event %+v", attack)
	}
	clone(t, e)
	// Nobody can attack out of turn, attack itself, or strike with an
	// attack they do not have; and nothing is spent when refused.
	_, err = e.Attack(gm(), strike("nefario", "guardian", "staff", ""), combat.Options{})
	mustFail(t, err, "it is guardian's turn")
	_, err = e.Attack(gm(), strike("guardian", "guardian", "fist", ""), combat.Options{})
	mustFail(t, err, "itself")
	_, err = e.Attack(gm(), strike("guardian", "nefario", "laser", ""), combat.Options{})
	mustFail(t, err, "not one of guardian's attacks")
	if p := panelsOf(t, e, "guardian"); p.Used != 1 {
		t.Fatalf("refused attacks spent panels: %+v", p)
	}
}

// A goon's pistol (strike class 1) parried by Nefario: a free reaction.
func TestAttackFreeReaction(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 3, 8)
	pass(t, e, "nefario")
	s := strike("goon-1", "nefario", "pistol", combat.ReactionParry)
	_, err := e.Attack(gm(20, 1, 1, 1, 1), s, combat.Options{})
	must(t, err)
	if p := panelsOf(t, e, "nefario"); p.FreeReactions != 1 || p.Owed != 0 {
		t.Fatalf("%+v, want one free reaction and nothing owed", p)
	}
	// A strike-class 2 punch parried is owed.
	pass(t, e, "goon-1")
	s = strike("goon-2", "nefario", "pistol", combat.ReactionParry)
	e.Find("goon-2").Hero.Combat.Attacks[0].StrikeClass = 2
	_, err = e.Attack(gm(20, 1, 1, 1, 1), s, combat.Options{})
	must(t, err)
	if p := panelsOf(t, e, "nefario"); p.FreeReactions != 1 || p.Owed != 1 {
		t.Fatalf("%+v, want one owed", p)
	}
}

// A mundane target hit by a super-strong punch is taken out and skipped
// (p. 38); a knocked-prone target owes its next panel (p. 37).
func TestAttackTakesOutAndKnocksDown(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	_, err := e.Attack(gm(20, 1, 1, 1), strike("guardian", "goon-1", "fist", ""), combat.Options{})
	must(t, err)
	g := e.Find("goon-1")
	if !g.Out() || g.Panels.PerPage != 0 {
		t.Fatalf("goon-1: %+v %+v", g.Hero.Condition, g.Panels)
	}
	// Knock Nefario down: 36 stamina, 8 m, prone check 20 + 4 > AGI 14.
	_, err = e.Attack(gm(20, 1, 2, 4, 20), strike("guardian", "nefario", "fist", ""), combat.Options{})
	must(t, err)
	if p := panelsOf(t, e, "nefario"); p.Owed != 1 {
		t.Fatalf("prone Nefario %+v, want 1 owed", p)
	}
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 7}))
	pass(t, e, "police-officer-1")
	pass(t, e, "police-officer-2")
	wantTurn(t, e, "nefario", 3)
	for id, _ := current(e); id != ""; id, _ = current(e) {
		if id == "goon-1" {
			t.Fatal("a taken-out goon acts")
		}
		pass(t, e, id)
	}
}

// A finishing move keeps a stunned target down: no stamina recovery while
// knocked out (p. 43).
func TestFinishingMove(t *testing.T) {
	e := newBank(t)
	n := e.Find("nefario")
	n.Hero.Stamina.Current = 3
	n.Hero.Condition.Stunned, n.Hero.Condition.Dazed = true, true
	initiative(t, e, 8, 3)
	s := Strike{Actor: "guardian", Target: "nefario", Request: combat.Request{Mode: combat.ModeFinishing}}
	_, err := e.Attack(gm(5), s, combat.Options{})
	must(t, err)
	n = e.Find("nefario")
	if !n.Hero.Condition.KnockedOut || n.Hero.Condition.KnockedOutHours != 5 || !n.Out() {
		t.Fatalf("%+v", n.Hero.Condition)
	}
	if p := panelsOf(t, e, "guardian"); p.Used != 2 {
		t.Fatalf("a finishing move is a double-panel: %+v", p)
	}
	passAll(t, e)
	must(t, e.EndPage(gm())) // no dice: the knocked-out Nefario does not recover
	if got := e.Find("nefario").Hero.Stamina.Current; got != 3 {
		t.Fatalf("stamina %d", got)
	}
}

// The surprise round: the surprising side's attacks get no reaction.
func TestSurpriseAttack(t *testing.T) {
	s := bankSetup(t)
	s.Surprise = "villains"
	e := mustNew(t, s)
	_, err := e.Attack(gm(), strike("nefario", "guardian", "staff-blast", combat.ReactionBrace), combat.Options{})
	mustFail(t, err, "surprised")
	res, err := e.Attack(gm(20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), strike("nefario", "guardian", "staff-blast", ""), combat.Options{})
	must(t, err)
	if res.Outcome != "hit" {
		t.Fatalf("%s", res.Outcome)
	}
}

// Super Speed moves, attacks and moves again in one double-panel (p. 30).
func TestMoveActMove(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	s := strike("guardian", "nefario", "fist", "")
	s.MoveActMove = true
	_, err := e.Attack(gm(1), s, combat.Options{})
	mustFail(t, err, "only Super Speed")
	g := e.Find("guardian")
	g.Hero.Powers = append(append([]hero.Power(nil), g.Hero.Powers...), hero.Power{Slug: "super-speed", Name: "Super Speed", Rank: 1, MaxRank: -1})
	_, err = e.Attack(gm(1), s, combat.Options{}) // a miss
	must(t, err)
	if p := panelsOf(t, e, "guardian"); p.Used != 2 {
		t.Fatalf("%+v", p)
	}
	s.Request.Attack = "fist"
	wantTurn(t, e, "guardian", 1)
	_, err = e.Attack(gm(1), s, combat.Options{})
	mustFail(t, err, "has 1 panel left")
}

// 20 stamina damage breaks mind control (p. 68).
func TestAttackBreaksMindControl(t *testing.T) {
	e := newBank(t)
	ef, _ := PresetEffect("mind-control")
	ef.Source = "guardian"
	must(t, e.AddEffect(Ctx{}, "nefario", ef))
	initiative(t, e, 8, 3)
	// 2d6 = 6 + 30 = 36 stamina: far more than 20.
	_, err := e.Attack(gm(20, 1, 3, 3, 1), strike("guardian", "nefario", "fist", ""), combat.Options{})
	must(t, err)
	if len(e.Find("nefario").Effects) != 0 {
		t.Fatal("mind control survived 36 stamina damage")
	}
}
