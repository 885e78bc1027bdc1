package encounter

import (
	"encoding/json"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// The autopilot's hero point rule (docs/fight.md), worked by hand from
// its wording: the attacker with a point re-rolls a missed to-hit; the
// defender with a point at half its stamina or health or less makes a
// hit re-roll; one point a roll; mundane characters and keep spend none.
func TestAutoHeroPointsRule(t *testing.T) {
	mk := func(points, stamina, health int) *Combatant {
		c := &Combatant{ID: "x"}
		c.Hero.Kind = hero.KindHero
		c.Hero.HeroPoints = hero.Points{Max: 3, Current: points}
		c.Hero.Stamina = hero.Stamina{Max: 40, Current: stamina}
		c.Hero.Health = hero.Health{Max: 30, Current: health}
		return c
	}
	tests := []struct {
		name     string
		mode     string
		att, def *Combatant
		want     combat.AutoHeroPoints
	}{
		{"attacker with a point, defender unhurt", HeroPointsSpend, mk(2, 40, 30), mk(2, 40, 30), combat.AutoHeroPoints{Attacker: 1}},
		{"the default mode is spend", "", mk(1, 40, 30), mk(0, 40, 30), combat.AutoHeroPoints{Attacker: 1}},
		{"keep spends none", HeroPointsKeep, mk(2, 40, 30), mk(2, 10, 10), combat.AutoHeroPoints{}},
		{"defender at exactly half stamina (20 of 40)", HeroPointsSpend, mk(0, 40, 30), mk(1, 20, 30), combat.AutoHeroPoints{Defender: 1}},
		{"defender at 21 of 40 stamina: not yet", HeroPointsSpend, mk(0, 40, 30), mk(1, 21, 30), combat.AutoHeroPoints{}},
		{"defender at half health (15 of 30)", HeroPointsSpend, mk(1, 40, 30), mk(1, 40, 15), combat.AutoHeroPoints{Attacker: 1, Defender: 1}},
		{"a hurt defender with no points", HeroPointsSpend, mk(0, 40, 30), mk(0, 5, 5), combat.AutoHeroPoints{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AutoHeroPoints(tt.mode, tt.att, tt.def); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	goon := mk(2, 40, 30)
	goon.Hero.Kind = hero.KindMundane
	if got := AutoHeroPoints(HeroPointsSpend, goon, goon); got != (combat.AutoHeroPoints{}) {
		t.Errorf("a mundane character spends %+v", got)
	}
	if CheckHeroPointMode("hoard") == nil {
		t.Error("mode hoard accepted")
	}
}

// fightWithPoints is the bank fight with 3 hero points for The Guardian
// and Nefario.
func fightWithPoints(t *testing.T) *Encounter {
	e := newBank(t)
	for i := range e.Combatants {
		if h := &e.Combatants[i].Hero; !h.IsMundane() {
			h.HeroPoints = hero.Points{Max: 3, Current: 3}
		}
	}
	return e
}

// TestAutoSpendsHeroPoints plays the bank fight by the autopilot with
// points: with spend every point spent is in an attack event's
// hero_points (both results, the one kept) and off the pool, at most one
// a roll; with keep none is spent; the same seed plays the same fight.
func TestAutoSpendsHeroPoints(t *testing.T) {
	spent := 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, policy := range Policies {
			play := func(mode string) *Encounter {
				e := fightWithPoints(t)
				s := seed
				if _, err := e.Auto(Ctx{Roller: dice.NewSeeded(seed), Seed: &s}, AutoOptions{Policy: policy, HeroPoints: mode}, combat.Options{}); err != nil {
					t.Fatal(err)
				}
				return e
			}
			e := play(HeroPointsSpend)
			logged := map[string]int{}
			for _, ev := range e.Log {
				if ev.Kind != "attack" {
					continue
				}
				var rec AttackRecord
				if err := json.Unmarshal(ev.Details, &rec); err != nil {
					t.Fatal(err)
				}
				for _, r := range rec.HeroPoints {
					if r.Points != 1 || len(r.Results) != 2 || r.Roll != combat.HeroRollToHit || r.Value != r.Results[r.Kept] {
						t.Fatalf("seed %d: record %+v", seed, r)
					}
					id := ev.Actor
					if r.Role == combat.RoleDefender {
						id = ev.Target
					}
					logged[id]++
				}
			}
			for _, c := range e.Combatants {
				if c.Hero.IsMundane() {
					continue
				}
				if used := 3 - c.Hero.HeroPoints.Current; used != logged[c.ID] {
					t.Errorf("seed %d %s: %s used %d points, the log records %d", seed, policy, c.ID, used, logged[c.ID])
				}
				spent += logged[c.ID]
			}
			again := play(HeroPointsSpend)
			if a, b := mustJSON(e.Log), mustJSON(again.Log); string(a) != string(b) {
				t.Fatalf("seed %d: the same seed played another fight", seed)
			}
			for _, c := range play(HeroPointsKeep).Combatants {
				if !c.Hero.IsMundane() && c.Hero.HeroPoints.Current != 3 {
					t.Errorf("seed %d keep: %s has %d points", seed, c.ID, c.Hero.HeroPoints.Current)
				}
			}
		}
	}
	if spent == 0 {
		t.Error("no autopilot spent a point in 12 fights")
	}
}
