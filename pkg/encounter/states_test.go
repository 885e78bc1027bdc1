package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// withPower gives The Guardian a power for a lasting-state test.
func guardianWith(t *testing.T, p hero.Power) *Encounter {
	t.Helper()
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Hero.Name == "The Guardian" {
			en.Hero.Powers = append(append([]hero.Power(nil), en.Hero.Powers...), p)
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 8, 3)
	return e
}

// Growth (pp. 60-61): The Guardian (strength 45, endurance 11, health 35,
// stamina 36) with Growth's 1d6s 3 strength and 2 endurance. Growing is a
// double-panel; the first time, 2d6 extra health (3+4 = 7) and 2d6 extra
// stamina (5+6 = 11): strength 48 (damage bonus 48-15 = 33), endurance 13,
// health 42, stamina 47 (dazed 47/5 = 9, stunned 5, battered 4).
// Shrinking back, another double-panel, restores 45/30, 35 and 36.
func TestGrowthState(t *testing.T) {
	e := guardianWith(t, hero.Power{Slug: "growth", Name: "Growth", Rank: 1, Values: map[string]int{"str_d6": 3, "end_d6": 2}})
	must(t, e.Do(gm(3, 4, 5, 6), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "growth"}))
	g := e.Find("guardian")
	h := &g.Hero
	if g.Panels.Used != 2 || findEffect(g, combat.StateGrown) < 0 {
		t.Fatalf("grow: panels %+v effects %+v", g.Panels, g.Effects)
	}
	if h.Abilities.Final.Strength != 48 || h.Abilities.Final.Endurance != 13 || h.Combat.DamageBonus != 33 ||
		h.Health.Max != 42 || h.Health.Current != 42 || h.Stamina.Max != 47 || h.Stamina.Dazed != 9 || h.Stamina.Stunned != 5 {
		t.Fatalf("grown: %+v %+v %+v %d", h.Abilities.Final, h.Health, h.Stamina, h.Combat.DamageBonus)
	}
	if p := h.FindPower("growth"); p.Values["grown_health"] != 7 || p.Values["grown_stamina"] != 11 {
		t.Fatalf("values %+v", p.Values)
	}
	nextPage(t, e)
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "growth"}))
	if g.Panels.Used != 2 || findEffect(g, combat.StateGrown) >= 0 || h.Abilities.Final.Strength != 45 || h.Combat.DamageBonus != 30 ||
		h.Health.Max != 35 || h.Stamina.Max != 36 || h.Stamina.Current != 36 {
		t.Fatalf("shrunk back: %+v %+v %+v %+v", g.Panels, h.Abilities.Final, h.Health, h.Stamina)
	}
	// Ended any other way (the GM), the grown scores go too.
	nextPage(t, e)
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "growth"}))
	if h.Stamina.Max != 47 {
		t.Fatalf("regrown without dice: %+v", h.Stamina)
	}
	must(t, e.EndEffect("guardian", combat.StateGrown, "the GM says so"))
	if h.Abilities.Final.Strength != 45 || h.Stamina.Max != 36 {
		t.Fatalf("ended by the GM: %+v %+v", h.Abilities.Final, h.Stamina)
	}
}

// Shrinking (pp. 70-71): a double-panel; shrunk, it walks 1 m a panel.
func TestShrunkState(t *testing.T) {
	e := guardianWith(t, hero.Power{Slug: "shrinking", Name: "Shrinking", Rank: 1})
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "shrinking"}))
	g := e.Find("guardian")
	if g.Panels.Used != 2 || findEffect(g, combat.StateShrunk) < 0 {
		t.Fatalf("shrink: %+v %+v", g.Panels, g.Effects)
	}
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 2}), "shrunk: it moves 1 m a panel (p. 71)")
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 1}))
	if got := stateNames(g); len(got) != 1 || got[0] != combat.StateShrunk {
		t.Fatalf("states %v", got)
	}
}

// Density Control (Self) (p. 54): denser, then lighter replaces it, then
// back to normal; each a double-panel. Denser halves the panels at once.
func TestDensityState(t *testing.T) {
	e := guardianWith(t, hero.Power{Slug: "density-control-self", Name: "Density Control (Self)", Rank: 1})
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "density-control-self"}), "--effect denser or --effect lighter")
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "density-control-self", Effect: "lighter"}))
	g := e.Find("guardian")
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "density-control-self", Effect: "lighter"}), "already lighter")
	nextPage(t, e)
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "density-control-self", Effect: "denser"}))
	if findEffect(g, combat.StateLighter) >= 0 || findEffect(g, combat.StateDenser) < 0 || g.Panels.Used != 2 {
		t.Fatalf("denser: %+v %+v", g.Effects, g.Panels)
	}
	nextPage(t, e)
	if g.Panels.PerPage != 2 {
		t.Fatalf("denser: half of 4 panels, got %+v", g.Panels)
	}
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "density-control-self"}))
	if len(stateNames(g)) != 0 {
		t.Fatalf("back to normal: %+v", g.Effects)
	}
}

// Phasing (p. 66): phased out, only the partial re-phase strike attacks;
// each strike rolls d100 against 20% per strike so far.
func TestPhasedState(t *testing.T) {
	e := guardianWith(t, hero.Power{Slug: "phasing", Name: "Phasing", Rank: 1})
	g := e.Find("guardian")
	g.Hero.Combat.Attacks = append(g.Hero.Combat.Attacks, hero.Attack{Slug: "phase-strike", Name: "Phase strike", StrikeClass: 2,
		DamageType: "phase-strike", Health: "1d6", Stamina: "2d6", Panels: 1, Power: "phasing"})
	must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActPower, Power: "phasing"}))
	_, err := e.Attack(gm(20), Strike{Actor: "guardian", Target: "nefario", Request: combat.Request{Attack: "fist"}}, combat.Options{})
	mustFail(t, err, "only the partial re-phase strike")
	// Strike 1 misses (d20 1), d100 21 > 20%: still out of phase.
	_, err = e.Attack(gm(1, 21), Strike{Actor: "guardian", Target: "nefario", Request: combat.Request{Attack: "phase-strike"}}, combat.Options{})
	must(t, err)
	if i := findEffect(g, combat.StatePhased); g.Effects[i].Strikes != 1 || g.Effects[i].Rephased {
		t.Fatalf("strike 1: %+v", g.Effects[i])
	}
	nextPage(t, e)
	// Strike 2: d100 40 ≤ 40%: partially re-phased, hurt normally.
	_, err = e.Attack(gm(1, 40), Strike{Actor: "guardian", Target: "nefario", Request: combat.Request{Attack: "phase-strike"}}, combat.Options{})
	must(t, err)
	if i := findEffect(g, combat.StatePhased); !g.Effects[i].Rephased || len(stateNames(g)) != 0 {
		t.Fatalf("strike 2: %+v", g.Effects[i])
	}
}

// Hypnotism and mind control break on 20 stamina damage; a drained pool
// ends at the refill; lasting states outlast their source going out.
func TestMentalStates(t *testing.T) {
	for _, n := range []string{"mind-control", EffectControlled, EffectHypnotised} {
		if !breaksOnStamina(n) {
			t.Errorf("%s does not break", n)
		}
	}
	if breaksOnStamina(EffectDrained) || !lastsByItself(EffectDrained) || lastsByItself(EffectHypnotised) || !lastsByItself(combat.StateGrown) {
		t.Error("lasting")
	}
	e := newBank(t)
	initiative(t, e, 8, 3)
	n := e.Find("nefario")
	n.Hero.Pools[0].Current = 5
	must(t, e.AddEffect(gm(), "nefario", Effect{Name: EffectDrained, Power: "psychic-ability", Source: "guardian", Pool: "energy"}))
	for page := 1; page <= 5; page++ {
		passAll(t, e)
		must(t, e.EndPage(gm(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)))
		if page < 5 {
			if findEffect(n, EffectDrained) < 0 {
				t.Fatalf("page %d: drained ended early", page)
			}
			initiative(t, e, 8, 3)
		}
	}
	if findEffect(n, EffectDrained) >= 0 || n.Hero.Pools[0].Current != 15 {
		t.Fatalf("after the refill: %+v %+v", n.Effects, n.Hero.Pools)
	}
}

// nextPage passes the rest of the page, ends it and starts the next.
func nextPage(t *testing.T, e *Encounter) {
	t.Helper()
	passAll(t, e)
	must(t, e.EndPage(gm(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)))
	initiative(t, e, 8, 3)
}
