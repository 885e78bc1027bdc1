package combat

// Regression tests for the bugs and gaps the independent verification of
// combat against the rulebook found (docs/rules-notes.md, "Verification").

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Animal Senses are "never surprised by an attack" (p. 74), like Danger
// Sense (p. 54): a complete surprise does not stop their reaction. Before
// the fix only Danger Sense was exempt.
func TestSurpriseExemptsAnimalSenses(t *testing.T) {
	att := withAttack(mk("Att", rulebook.ACF), flat("jab", 2, "0", "4"))
	req := Request{Attack: "jab", Situation: Situation{Surprise: true}, Reaction: Reaction{Kind: ReactionDodge}}

	plain := mk("Plain", rulebook.ACF)
	if err := resolveErr(t, att, plain, req, 15, 6); !strings.Contains(err.Error(), "surprised") {
		t.Fatalf("a plain defender reacted to a surprise: %v", err)
	}
	for _, p := range []hero.Power{power("danger-sense", 1), power("super-senses", 1, "animal-senses")} {
		def := mk("Sensed", rulebook.ACF)
		def.Combat.DodgeBonus = 1
		def.Powers = []hero.Power{p}
		if !NeverSurprised(def) {
			t.Fatalf("%s: NeverSurprised false", p.Slug)
		}
		// 6 + 1 = 7 against SC 2: +P, half damage (p. 35).
		res := resolve(t, att, def, req, Options{}, 15, 6)
		if res.Reaction.Kind != ReactionDodge || res.Reaction.DodgeResult != "mostly" || res.Reaction.DodgeSymbol != "+P" || res.Applied.Stamina != 2 {
			t.Errorf("%s: reaction %+v, applied %+v", p.Slug, res.Reaction, res.Applied)
		}
	}
}

// The four free reactions against SC 0-1 belong to heroes, villains,
// sidekicks and androids (p. 31), and GetsFreeReactions is the one place
// that says so.
func TestGetsFreeReactions(t *testing.T) {
	for kind, want := range map[hero.Kind]bool{
		hero.KindHero: true, hero.KindVillain: true, hero.KindSidekick: true, hero.KindAndroid: true,
		hero.KindMundane: false, hero.KindRobot: false, hero.KindSummoned: false,
	} {
		h := mk("x", rulebook.ACF)
		h.Kind = kind
		if got := GetsFreeReactions(h); got != want {
			t.Errorf("%s: %v, want %v", kind, got, want)
		}
	}
}

// Density Control (Other) raises the knockback threshold +5 at each step
// (p. 54). 36 stamina against 20 + the step's bonus: ×2 (25) 11 over, 6 m;
// ×4 (30) 6 over, 4 m; ×8 (35) 1 over, 2 m; ×16 (40) none. Before the fix
// every step gave +5.
func TestDefenderMassKnockbackSteps(t *testing.T) {
	att := withAttack(mk("Att", rulebook.ACF), flat("slam", 2, "0", "36"))
	for _, tc := range []struct{ mass, threshold, metres int }{
		{0, 20, 8}, {2, 25, 6}, {4, 30, 4}, {8, 35, 2}, {16, 40, 0},
	} {
		def := mk("Def", rulebook.ACF)
		def.Abilities.Final.Agility = 30 // the prone check always passes
		vals := []int{15}
		if tc.metres > 0 {
			vals = append(vals, 1)
		}
		res := resolve(t, att, def, Request{Attack: "slam", Situation: Situation{DefenderMass: tc.mass}}, Options{}, vals...)
		kb := res.Knockback
		if kb == nil || kb.Threshold != tc.threshold || kb.Metres != tc.metres {
			t.Errorf("×%d: knockback %+v, want threshold %d, %d m", tc.mass, kb, tc.threshold, tc.metres)
		}
	}
	def := mk("Def", rulebook.ACF)
	if err := resolveErr(t, att, def, Request{Attack: "slam", Situation: Situation{DefenderMass: 3}}); !strings.Contains(err.Error(), "defender-mass") {
		t.Errorf("×3: %v", err)
	}
}

// An active resistance that makes a psychic attack fail has succeeded
// (p. 43): the reaction reports success. Before the fix it said false.
func TestResistSucceedsWhenTheAttackFails(t *testing.T) {
	att := psionicBlaster()
	def := mk("Def", rulebook.ACF)
	req := Request{Attack: "psionic-blast", Reaction: Reaction{Kind: ReactionResist}}
	// 10 + 14 = 24 against 10 + 10 + resist 5 = 25: resisted.
	res := resolve(t, att, def, req, Options{}, 10, 10, 5)
	if res.Outcome != "resisted" || !res.Reaction.Success || res.Reaction.Panels != 2 {
		t.Errorf("resisted: outcome %q, reaction %+v", res.Outcome, res.Reaction)
	}
	// Resist 4: 24 against 24, a tie goes to the attacker; the resistance
	// failed and the damage dice follow.
	res = resolve(t, att, def, req, Options{}, 10, 10, 4, 3, 3)
	if res.Outcome != "hit" || res.Reaction.Success || res.Reaction.Panels != 2 {
		t.Errorf("tie: outcome %q, reaction %+v", res.Outcome, res.Reaction)
	}
}

// Stamina damage past minus endurance is taken as health damage (p. 38),
// and the record says what came off each track: 60 S on 40 stamina with
// END 10 takes 50 off stamina (to -10) and 10 off health. Before the fix
// the record (and the summary) said 60 S as well as the 10 H.
func TestOverflowRecordsWhatCameOffEachTrack(t *testing.T) {
	att := withAttack(mk("A", rulebook.ACF), flat("x", 2, "0", "60"))
	def := mk("D", rulebook.ACF)
	def.Combat.KnockbackThreshold = 1000
	res := resolve(t, att, def, Request{Attack: "x"}, Options{}, 20)
	ap := res.Applied
	if ap.Stamina != 50 || ap.Health != 10 || ap.Overflow != 10 {
		t.Fatalf("applied %+v, want 10 H (all overflow) and 50 S", ap)
	}
	if res.Before.Stamina-res.After.Stamina != ap.Stamina || res.Before.Health-res.After.Health != ap.Health {
		t.Fatalf("applied %+v, tracks %+v -> %+v", ap, res.Before, res.After)
	}
	if s := res.Summary(); !strings.Contains(s, "took 10 H 50 S") {
		t.Fatalf("summary %q", s)
	}
}
