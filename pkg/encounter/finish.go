package encounter

import (
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// strikeAction does a StrikeAction: Attack on the actor's turn, or, once
// the fight is decided, a finishing move out of turn (finishDecided).
func (e *Encounter) strikeAction(ctx Ctx, x StrikeAction) (*combat.Result, error) {
	if x.Strike.Request.Mode == combat.ModeFinishing && e.Over() {
		return e.finishDecided(ctx, x)
	}
	return e.Attack(ctx, x.Strike, x.Rules)
}

// finishDecided is a finishing move made after the fight is decided: "in
// order to keep someone down, any character can perform a finishing move
// on a target that is either unconscious or stunned" (p. 43). Once one
// side (or nobody) is left standing there are no turns to wait for, so
// any combatant still standing may finish a helpless one, spending no
// panels of a page (docs/rules-notes.md); the target's condition is
// checked by the finishing move's own rule (pkg/combat).
func (e *Encounter) finishDecided(ctx Ctx, x StrikeAction) (*combat.Result, error) {
	c := e.Find(x.Strike.Actor)
	if c == nil {
		return nil, e.unknown(x.Strike.Actor)
	}
	if c.Out() {
		return nil, refusal.Errorf("%s is out of the fight (%s) and cannot make a finishing move (p. 43)", c.ID, c.Why())
	}
	if len(x.Strike.Also) > 0 || x.Strike.Reflect || x.Strike.MoveActMove {
		return nil, refusal.Errorf("a finishing move after the fight is decided takes one target and nothing else")
	}
	s := x.Strike
	s.decided = true
	return e.Attack(ctx, s, x.Rules)
}

// decidedSteps explain why a finishing move after the fight costs no
// panels.
func decidedSteps() ruling.Steps {
	var st ruling.Steps
	st.Add("decided", "p. 43", "the fight is decided: a finishing move out of turn, no panels spent")
	return st
}
