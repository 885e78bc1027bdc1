package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// withHaymaker gives the Guardian a streetfighting haymaker (p. 66): a
// double-panel, +2 to hit, 1d6 H and 3d6+12 S.
func withHaymaker(e *Encounter) {
	g := e.Find("guardian")
	g.Hero.Combat.Attacks = append(g.Hero.Combat.Attacks, hero.Attack{Slug: "haymaker", Name: "Haymaker",
		StrikeClass: 2, DamageType: "unarmed", Health: "1d6", Stamina: "3d6+12", Panels: 2, ToHitBonus: 2})
}

// TestHaymakerOncePerOpponent: "You may only do a haymaker once per
// opponent per combat" (p. 66). The Guardian's haymaker at Nefario
// misses (a 1); a second one at Nefario is refused (a refusal, nothing
// spent), where it used to be allowed; one at a goon is allowed. The
// list survives the file.
func TestHaymakerOncePerOpponent(t *testing.T) {
	e := newBank(t)
	withHaymaker(e)
	initiative(t, e, 9, 2)
	_, err := e.Attack(gm(1), strike("guardian", "nefario", "haymaker", ""), combat.Options{})
	must(t, err)
	_, err = e.Attack(gm(), strike("guardian", "nefario", "haymaker", ""), combat.Options{})
	mustFail(t, err, "guardian has already thrown its haymaker at nefario: once per opponent per combat (p. 66)")
	if !refusal.Is(err) {
		t.Errorf("not a refusal: %v", err)
	}
	if p := panelsOf(t, e, "guardian"); p.Used != 2 {
		t.Errorf("the refused haymaker spent panels: %+v", p)
	}
	_, err = e.Attack(gm(1), strike("guardian", "goon-1", "haymaker", ""), combat.Options{})
	must(t, err)
	if got := clone(t, e).Find("guardian").Haymakered; len(got) != 2 || got[0] != "nefario" || got[1] != "goon-1" {
		t.Errorf("haymakered %v", got)
	}
}

// TestAutopilotHaymakersOnce: both policies leave out a haymaker already
// thrown at the target (the autopilot used to throw it at the same
// villain again).
func TestAutopilotHaymakersOnce(t *testing.T) {
	e := newBank(t)
	withHaymaker(e)
	initiative(t, e, 9, 2)
	g, n := e.Find("guardian"), e.Find("nefario")
	hasHaymaker := func() bool {
		for _, sc := range e.bestAttacks(g, n, combat.Options{}) {
			if sc.a.Slug == "haymaker" {
				return true
			}
		}
		return false
	}
	if !hasHaymaker() {
		t.Fatal("the plain policy never considers the haymaker")
	}
	g.Haymakered = []string{"nefario"}
	if hasHaymaker() {
		t.Error("the plain policy considers a second haymaker at nefario")
	}
	g.Haymakered = nil
	ch, ok := FocusChoice(e, g, combat.Options{})
	if !ok || g.Hero.Combat.Attacks[ch.Attack].Slug != "haymaker" {
		t.Fatalf("the focus policy's first choice is not a haymaker: %+v", ch)
	}
	for _, c := range e.Combatants {
		if c.Side != g.Side {
			g.Haymakered = append(g.Haymakered, c.ID)
		}
	}
	if ch, ok := FocusChoice(e, g, combat.Options{}); !ok || g.Hero.Combat.Attacks[ch.Attack].Slug == "haymaker" {
		t.Errorf("the focus policy throws a second haymaker: %+v", ch)
	}
}
