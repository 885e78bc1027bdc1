package encounter

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// Weather Control (p. 78), worked by hand: Nefario (rank 2) summons a gale
// (a double-panel) and spends one extra panel on it. Everyone else's
// attacks take -2 and -1 more; his own melee attacks are in the eye of the
// storm, his ranged ones are not. The Guardian's 7 m halves to 3 and loses
// 1 m for the extra panel: 2 m. Fog is -2 on every to-hit roll.
func TestWeatherInFight(t *testing.T) {
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Hero.Name == "Doctor Nefario" || en.Source == "nefario.json" {
			en.Hero.Powers = append(append([]hero.Power(nil), en.Hero.Powers...), hero.Power{Slug: "weather-control", Name: "Weather Control", Rank: 2, MaxRank: 3})
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 3, 8)
	wantTurn(t, e, "nefario", 3)
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "weather-control", Effect: EffectGale}))
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "weather-control", Effect: EffectGale}))
	n := e.Find("nefario")
	i := findEffect(n, EffectGale)
	if i < 0 || n.Effects[i].ExtraPanels != 1 || n.Panels.Used != 3 {
		t.Fatalf("gale %+v, panels %+v; want one extra panel, 3 used", n.Effects, n.Panels)
	}
	for _, tc := range []struct {
		att, with string
		gale      bool
		extra     int
	}{
		{"goon-1", "pistol", true, 1},
		{"guardian", "", true, 1},
		{"nefario", "staff", false, 0},
		{"nefario", "staff-blast", true, 1},
	} {
		req := combat.Request{Attack: tc.with}
		e.weather(e.Find(tc.att), &req)
		if req.Situation.Gale != tc.gale || req.Situation.GaleExtra != tc.extra {
			t.Errorf("%s with %q: gale %v extra %d, want %v %d", tc.att, tc.with, req.Situation.Gale, req.Situation.GaleExtra, tc.gale, tc.extra)
		}
	}
	if got, why := e.galeSpeed(e.Find("guardian"), 7); got != 2 || why == "" {
		t.Errorf("guardian in the gale: %d m (%s), want 2", got, why)
	}
	if got, why := e.galeSpeed(n, 6); got != 6 || why != "" {
		t.Errorf("nefario in his own gale: %d m (%s), want 6", got, why)
	}
	// Rank 1 cannot strengthen a gale.
	n.Hero.Powers[len(n.Hero.Powers)-1].Rank = 1
	if _, err := strengthenGale(e, n, ActionRecord{Power: "weather-control", Effect: EffectGale}); err == nil {
		t.Error("rank 1 strengthened a gale")
	}
	// Fog: -2 on every to-hit roll, Nefario's melee too.
	must(t, e.EndEffect("nefario", EffectGale, "dropped"))
	fog, _ := PresetEffect(EffectFog)
	must(t, e.AddEffect(Ctx{}, "nefario", fog))
	req := combat.Request{Attack: "staff"}
	e.weather(n, &req)
	if !req.Situation.Gale || req.Situation.GaleExtra != 0 {
		t.Errorf("fog: %+v", req.Situation)
	}
	if got, _ := e.galeSpeed(e.Find("guardian"), 7); got != 7 {
		t.Errorf("fog slowed the guardian to %d m", got)
	}
}

// Density Control (Other) on an intelligent target is a psychic attack it
// cannot resist (p. 54), at each use. By hand: Nefario's d20 1 + will 15
// = 16 against the Guardian's d20 20 + will 8 (and any confidence bonus):
// the attack fails, the double-panel is spent and the mass stays.
func TestDensityOtherPsychicAttack(t *testing.T) {
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Source == "nefario.json" {
			en.Hero.Powers = append(append([]hero.Power(nil), en.Hero.Powers...), hero.Power{Slug: "density-control-other", Name: "Density Control (Other)", Rank: 1, MaxRank: 1})
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 3, 8)
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "nefario", Kind: ActPower, Power: "density-control-other", Effect: "mass", Target: "guardian", Resist: true}), "resist")
	must(t, e.Do(gm(1, 20), ActionRecord{Actor: "nefario", Kind: ActPower, Power: "density-control-other", Effect: "mass", Target: "guardian"}))
	if findEffect(e.Find("guardian"), "mass") >= 0 {
		t.Fatal("a failed psychic attack changed the guardian's mass")
	}
	ev := e.Log[len(e.Log)-1]
	if len(ev.Dice) != 2 || ev.Panels != 2 || !strings.Contains(ev.Summary, "the psychic attack fails") {
		t.Fatalf("event %+v", ev)
	}
	wantTurn(t, e, "nefario", 1)
	// A robot is not intelligent: no contest.
	g := e.Find("guardian")
	g.Hero.Kind = hero.KindRobot
	if densityContested(e.Find("nefario"), g, ActionRecord{Power: "density-control-other", Effect: "mass"}) {
		t.Error("a robot contested")
	}
}

// Growth's +4 or slam (p. 61) needs the grow directly before: the
// combatant's last action in the fight. Worked on the bank fight: the
// Guardian grows (a double-panel; its extra points already rolled, so no
// dice), may slam at once, but not after a move.
func TestGrowthMomentum(t *testing.T) {
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Hero.Name == "The Guardian" {
			en.Hero.Powers = append(append([]hero.Power(nil), en.Hero.Powers...), hero.Power{Slug: "growth", Name: "Growth", Rank: 1, MaxRank: 1,
				Values: map[string]int{combat.GrowthStrD6: 2, combat.GrowthEndD6: 2, combat.GrowthHealth: 7, combat.GrowthStamina: 7}})
			en.Hero.Combat.Attacks = append(append([]hero.Attack(nil), en.Hero.Combat.Attacks...),
				hero.Attack{Slug: "slam", Name: "Growth slam", StrikeClass: 2, DamageType: "unarmed", Health: "1d6", Stamina: "2d6+6", Panels: 1, Power: "growth"})
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 8, 3)
	g := e.Find("guardian")
	slam := combat.Request{Attack: "slam"}
	_, err := e.Attack(gm(20), Strike{Actor: "guardian", Target: "nefario", Request: slam}, combat.Options{})
	mustFail(t, err, "directly before")
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "growth"}))
	must(t, e.growthMomentum(g, slam))
	must(t, e.growthMomentum(g, combat.Request{Attack: "fist", Movement: &combat.Movement{Power: "growth"}}))
	must(t, e.growthMomentum(g, combat.Request{Attack: "fist"}))
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 3}))
	mustFail(t, e.growthMomentum(g, slam), "directly before")
}

// Freeform Shapechange in a fight (p. 70): a double-panel; then no other
// power (wallcrawling refused) until it returns to its own shape.
func TestShapechangeInFight(t *testing.T) {
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Hero.Name == "The Guardian" {
			en.Hero.Powers = append(append([]hero.Power(nil), en.Hero.Powers...), hero.Power{Slug: "shapechange", Name: "Shapechange", Rank: 1, MaxRank: 1,
				Flavours: []hero.Flavour{{Slug: "freeform", Name: "Freeform"}}})
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 8, 3)
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "shapechange"}))
	g := e.Find("guardian")
	if findEffect(g, combat.StateShapechanged) < 0 || g.Panels.Used != 2 {
		t.Fatalf("effects %+v panels %+v", g.Effects, g.Panels)
	}
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "wallcrawling"}), "no other super power")
	if h := g.HeroFile(); len(h.States) != 1 || h.States[0] != combat.StateShapechanged {
		t.Fatalf("hero file states %v", h.States)
	}
}
