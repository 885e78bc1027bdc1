package encounter

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// Stamina recovery at the end of a page (pp. 9, 38-39, 43, 73), with
// hand-computed outcomes.
func TestRecovery(t *testing.T) {
	type tc struct {
		name  string
		setup func(h *hero.Hero)
		dice  []int
		want  int // stamina after
		cond  string
	}
	cases := []tc{
		{"conscious: 1d6", func(h *hero.Hero) { h.Stamina.Current = 20 }, []int{4}, 24, "ok"},
		{"never above the maximum", func(h *hero.Hero) { h.Stamina.Current = 34 }, []int{6}, 36, "ok"},
		{"full: no roll", func(h *hero.Hero) {}, nil, 36, "ok"},
		{"END 18: +1 (p. 39)", func(h *hero.Hero) { h.Stamina.Current = 20; h.Abilities.Final.Endurance = 18 }, []int{4}, 25, "ok"},
		{"END 26: +3", func(h *hero.Hero) { h.Stamina.Current = 20; h.Abilities.Final.Endurance = 26 }, []int{1}, 24, "ok"},
		{"END 5: -1, never below 0", func(h *hero.Hero) { h.Stamina.Current = 20; h.Abilities.Final.Endurance = 5 }, []int{1}, 20, "ok"},
		{"dazed to fine", func(h *hero.Hero) { h.Stamina.Current = 7; h.Condition.Dazed = true }, []int{3}, 10, "ok"},
		{"stunned to dazed", func(h *hero.Hero) {
			h.Stamina.Current = 2
			h.Condition.Dazed, h.Condition.Stunned = true, true
		}, []int{3}, 5, "dazed"},
		{"unconscious: d20 over END, nothing", func(h *hero.Hero) {
			h.Stamina.Current = -3
			h.Condition.Unconscious, h.Condition.Stunned, h.Condition.Dazed = true, true, true
		}, []int{12}, -3, "unconscious"},
		{"unconscious: d20 at END recovers", func(h *hero.Hero) {
			h.Stamina.Current = -3
			h.Condition.Unconscious, h.Condition.Stunned, h.Condition.Dazed = true, true, true
		}, []int{11, 5}, 2, "stunned"},
		{"unconscious: stays out at 0", func(h *hero.Hero) {
			h.Stamina.Current = -3
			h.Condition.Unconscious = true
		}, []int{1, 3}, 0, "unconscious"},
		{"fast recovery: twice", func(h *hero.Hero) {
			h.Stamina.Current = 10
			h.Powers = append(h.Powers, hero.Power{Slug: "super-health", Name: "Super Health", Rank: 1, MaxRank: 1, Flavours: []hero.Flavour{{Slug: "fast-recovery", Name: "Fast Recovery"}}})
		}, []int{2, 5}, 17, "ok"},
		{"fast recovery while unconscious: two d20s", func(h *hero.Hero) {
			h.Stamina.Current = -1
			h.Condition.Unconscious = true
			h.Recovery.Times = 2
		}, []int{15, 3, 6}, 5, "dazed"},
		{"knocked out by a finishing move: no stamina", func(h *hero.Hero) {
			h.Stamina.Current = -1
			h.Condition.Unconscious, h.Condition.KnockedOut, h.Condition.KnockedOutHours = true, true, 3
		}, nil, -1, "unconscious"},
		{"dead: nothing", func(h *hero.Hero) {
			h.Health.Current, h.Stamina.Current = -2, 5
			h.Condition.Dead, h.Condition.Unconscious = true, true
		}, nil, 5, "dead"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newBank(t)
			g := e.Find("guardian")
			g.Hero.Powers = append([]hero.Power(nil), g.Hero.Powers...)
			c.setup(&g.Hero)
			initiative(t, e, 8, 3)
			must(t, e.EndPage(gm(c.dice...)))
			g = e.Find("guardian")
			if g.Hero.Stamina.Current != c.want || g.Hero.Condition.State() != c.cond {
				t.Fatalf("stamina %d (%s), want %d (%s)", g.Hero.Stamina.Current, g.Hero.Condition.State(), c.want, c.cond)
			}
		})
	}
}

// Mundane characters do not track stamina (p. 38): no dice for them.
func TestRecoveryDiceOrder(t *testing.T) {
	e := newBank(t)
	e.Find("guardian").Hero.Stamina.Current = 20
	e.Find("nefario").Hero.Stamina.Current = 30
	initiative(t, e, 8, 3)
	must(t, e.EndPage(gm(6, 1)))
	if g, n := e.Find("guardian").Hero.Stamina.Current, e.Find("nefario").Hero.Stamina.Current; g != 26 || n != 31 {
		t.Fatalf("guardian %d nefario %d: the dice go in file order", g, n)
	}
	var kinds []string
	for _, ev := range e.Log {
		kinds = append(kinds, ev.Kind)
	}
	if got := strings.Join(kinds, " "); !strings.HasSuffix(got, "recovery recovery end-page") {
		t.Fatalf("log: %s", got)
	}
	if e.Page != 2 || e.Phase != PhaseInitiative || e.Initiative != nil {
		t.Fatalf("page %d %s %+v", e.Page, e.Phase, e.Initiative)
	}
}

// Energy, magic, psi and fluid pools refill every five pages (pp. 55, 62,
// 67, 72): at the end of page 5, not before.
func TestPoolRefreshOnPage5(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 3, 8)
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "energy-blast", Points: 10, Pool: "energy"}))
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "energy-blast", Points: 6, Pool: "energy"}), "only 5 energy points left")
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "energy-blast", Points: 11, Pool: "energy"}), "at most 10")
	pool := func() int { return e.Find("nefario").Hero.FindPool("energy").Current }
	if pool() != 5 {
		t.Fatalf("pool %d", pool())
	}
	for page := 1; page <= 6; page++ {
		if page > 1 {
			initiative(t, e, 3, 8)
		}
		must(t, e.EndPage(gm()))
		want := 5
		if page >= 5 {
			want = 15
		}
		if pool() != want {
			t.Fatalf("after page %d: pool %d, want %d", page, pool(), want)
		}
	}
	refills := 0
	for _, ev := range e.Log {
		if ev.Kind == "refill" {
			refills++
			if ev.Page != 5 {
				t.Fatalf("refill on page %d", ev.Page)
			}
		}
	}
	if refills != 1 {
		t.Fatalf("%d refills", refills)
	}
}

// Impervious lasts at most WIL pages, then cannot be used for 5 (p. 61).
func TestImperviousLimit(t *testing.T) {
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Hero.Name == "Nefario" {
			en.Hero.Powers = append(en.Hero.Powers, hero.Power{Slug: "impervious", Name: "Impervious", Rank: 1, MaxRank: 1})
			en.Hero.Abilities.Final.Will = 2
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 3, 8)
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "impervious"}))
	n := e.Find("nefario")
	if len(n.Effects) != 1 || n.Effects[0].MaxPages != 2 || !n.Effects[0].NoMove {
		t.Fatalf("%+v", n.Effects)
	}
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActMove, Metres: 1}), "cannot move")
	must(t, e.EndPage(gm()))
	if len(e.Find("nefario").Effects) != 1 {
		t.Fatal("ended after one page")
	}
	initiative(t, e, 3, 8)
	must(t, e.EndPage(gm()))
	n = e.Find("nefario")
	if len(n.Effects) != 0 || n.Cooldowns["impervious"] != 8 {
		t.Fatalf("after page 2: effects %+v cooldowns %v (usable again on page 8)", n.Effects, n.Cooldowns)
	}
	for page := 3; page <= 7; page++ {
		initiative(t, e, 3, 8)
		mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "impervious"}), "until page 8")
		must(t, e.EndPage(gm()))
	}
	initiative(t, e, 3, 8)
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "nefario", Kind: ActPower, Power: "impervious"}))
}

// Mass and gravity double with each use: ×2 halves panels, ×4 immobilises
// and asks for a will roll (pp. 54, 57).
func TestMassEffect(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 3, 8)
	ef, _ := PresetEffect("mass")
	ef.Source = "guardian"
	must(t, e.AddEffect(gm(), "nefario", ef))
	if p := panelsOf(t, e, "nefario"); p.PerPage != 2 {
		t.Fatalf("×2: %+v", p)
	}
	wantTurn(t, e, "nefario", 2)
	must(t, e.AddEffect(gm(16), "nefario", ef)) // ×4: 1d20 16 > WIL 15
	n := e.Find("nefario")
	if n.Effects[0].Multiplier != 4 || !n.Effects[0].Immobilised || n.Hero.Stamina.Current != 0 || !n.Hero.Condition.Unconscious {
		t.Fatalf("×4: %+v %+v", n.Effects, n.Hero.Condition)
	}
	if id, _ := current(e); id == "nefario" {
		t.Fatal("an unconscious Nefario still acts")
	}
	// Its keeper out of the fight, the effect ends at the end of the page.
	e.Find("guardian").Hero.Condition.Unconscious = true
	passAll(t, e)
	must(t, e.EndPage(gm(20, 20)))
	if len(e.Find("nefario").Effects) != 0 {
		t.Fatal("the effect outlived its keeper")
	}
}

// Mind control halves panels, costs its keeper 1 psi a page, and ends when
// the keeper cannot pay (p. 68).
func TestUpkeep(t *testing.T) {
	e := newBank(t)
	n := e.Find("nefario")
	n.Hero.Pools = append(n.Hero.Pools, hero.Pool{Name: "psi", Max: 15, Current: 1, CapPerAction: 10, RefillPages: 5, Power: "psychic-ability"})
	ef, _ := PresetEffect("mind-control")
	ef.Source = "nefario"
	must(t, e.AddEffect(Ctx{}, "police-officer-1", ef))
	initiative(t, e, 8, 3)
	if p := panelsOf(t, e, "police-officer-1"); p.PerPage != 1 {
		t.Fatalf("mind-controlled officer: %+v", p)
	}
	passAll(t, e)
	must(t, e.EndPage(gm()))
	if got := e.Find("nefario").Hero.FindPool("psi").Current; got != 0 || len(e.Find("police-officer-1").Effects) != 1 {
		t.Fatalf("psi %d after paying the upkeep", got)
	}
	initiative(t, e, 8, 3)
	passAll(t, e)
	must(t, e.EndPage(gm()))
	if len(e.Find("police-officer-1").Effects) != 0 {
		t.Fatal("mind control kept up without psi")
	}
	// A gale costs its keeper a panel at the start of each page (p. 78).
	gale, _ := PresetEffect("gale")
	must(t, e.AddEffect(Ctx{}, "nefario", gale))
	initiative(t, e, 3, 8)
	wantTurn(t, e, "nefario", 2) // 3 advance panels, one spent on the gale
	if p := panelsOf(t, e, "nefario"); p.Used != 1 {
		t.Fatalf("%+v", p)
	}
	must(t, e.EndEffect("nefario", "gale", "dropped"))
	mustFail(t, e.EndEffect("nefario", "gale", ""), "no effect")
}

// Luck works once a page (p. 62).
func TestLuckOncePerPage(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	mustFail(t, func() error { _, err := e.Luck(gm(1), "guardian", 0, ""); return err }(), "no Luck power")
	ok, err := e.Luck(gm(30), "guardian", 30, "a falling safe")
	must(t, err)
	if !ok {
		t.Fatal("30 ≤ 30 should avoid it")
	}
	_, err = e.Luck(gm(1), "guardian", 30, "")
	mustFail(t, err, "once per page")
	passAll(t, e)
	must(t, e.EndPage(gm()))
	ok, err = e.Luck(gm(31), "guardian", 30, "")
	must(t, err)
	if ok {
		t.Fatal("31 > 30 should not")
	}
	g := e.Find("guardian")
	g.Hero.Powers = append(g.Hero.Powers, hero.Power{Slug: "luck", Name: "Luck", Rank: 1, MaxRank: 1, Values: map[string]int{"chance": 24}})
	_, err = e.Luck(gm(1), "guardian", 0, "")
	mustFail(t, err, "once per page")
}

// A released mass or gravity falls away at twice the rate it built up
// (pp. 54, 57): doublings over the pages from the first to the release,
// twice that, rounded up, halvings at each end of page.
func TestFallSteps(t *testing.T) {
	cases := []struct {
		mult, since, page, want int
	}{
		{2, 1, 1, 2},  // 1 doubling in 1 page: 2 a page
		{16, 1, 1, 8}, // 4 in 1 page: 8 a page
		{8, 1, 3, 2},  // 3 in 3 pages: 1 a page, 2 falling
		{8, 1, 4, 2},  // 3 in 4 pages: 6/4 rounded up
		{2, 1, 5, 1},  // 1 in 5 pages: 2/5 rounded up to 1
		{16, 2, 9, 1}, // 4 in 8 pages: half a page, twice that 1
	}
	for _, c := range cases {
		if got, _ := fallSteps(Effect{Multiplier: c.mult, BuiltSince: c.since}, c.page); got != c.want {
			t.Errorf("×%d from page %d, released on page %d: %d halvings a page, want %d", c.mult, c.since, c.page, got, c.want)
		}
	}
}
