package combat

import (
	"slices"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Hero points on an attack (p. 14), worked by hand. The attacker's fist
// is SC 2 against AC F: the To-Hit Table needs 10 (p. 33). It does 1d6-6
// H and 2d6 S with no damage bonus; the defender has no dividers, dodge
// bonus 0 and knockback threshold 20. On the Dodging Table's SC 2 column
// (p. 35) a 2 is not dodged and a 6 is half damage.
func TestResolveHeroPoints(t *testing.T) {
	fist := hero.Attack{Slug: "fist", Name: "fist", StrikeClass: rulebook.SC2, DamageType: "unarmed", Health: "1d6-6", Stamina: "2d6", Panels: 1}
	pair := func(att, def int) (*hero.Hero, *hero.Hero) {
		a := withAttack(mk("Hawk", rulebook.ACF), fist)
		d := mk("Brute", rulebook.ACF)
		a.HeroPoints = hero.Points{Max: 3, Current: att}
		d.HeroPoints = hero.Points{Max: 3, Current: def}
		return a, d
	}
	t.Run("attacker re-rolls its to-hit twice and keeps the best", func(t *testing.T) {
		a, d := pair(2, 0)
		req := Request{Attack: "fist", HeroPoints: []HeroPointSpend{{Who: RoleAttacker, Roll: HeroRollToHit, Points: 2}}}
		// to-hit 5 (miss), re-rolls 3 and 12: 12 hits; damage 6 and 3+4.
		res := resolve(t, a, d, req, Options{}, 5, 3, 12, 6, 3, 4)
		if !res.ToHit.Hit || res.ToHit.Roll != 12 {
			t.Fatalf("to-hit %+v, want a hit on the kept 12", res.ToHit)
		}
		hp := res.HeroPoints
		if len(hp) != 1 || !slices.Equal(hp[0].Results, []int{5, 3, 12}) || hp[0].Kept != 2 || hp[0].Favour != heropoints.Higher {
			t.Fatalf("hero points %+v", hp)
		}
		if res.Dice[1].Purpose != "to-hit (re-roll 1)" || res.Dice[3].Purpose != "damage health" {
			t.Errorf("dice order %+v", res.Dice)
		}
		if err := res.Apply(d, nil); err != nil {
			t.Fatal(err)
		}
		if changed, err := res.ApplyAttacker(a, nil); err != nil || !changed {
			t.Fatalf("ApplyAttacker: %v %v", changed, err)
		}
		if a.HeroPoints.Current != 0 || d.HeroPoints.Current != 0 || d.Stamina.Current != 33 {
			t.Errorf("attacker points %d, defender points %d stamina %d; want 0, 0, 33", a.HeroPoints.Current, d.HeroPoints.Current, d.Stamina.Current)
		}
	})
	t.Run("defender re-rolls its dodge and keeps the higher", func(t *testing.T) {
		a, d := pair(0, 1)
		req := Request{Attack: "fist", Reaction: Reaction{Kind: ReactionDodge}, HeroPoints: []HeroPointSpend{{Who: RoleDefender, Roll: HeroRollReaction, Points: 1}}}
		// to-hit 15; dodge 2 (not dodged), re-roll 6 (half); damage 6 and
		// 4+4 = 8 S, halved: 4 S.
		res := resolve(t, a, d, req, Options{}, 15, 2, 6, 6, 4, 4)
		if res.Reaction.Roll != 6 || res.Reaction.DodgeResult != rulebook.DodgeHalf.Word() || res.Applied.Stamina != 4 {
			t.Fatalf("reaction %+v applied %+v", res.Reaction, res.Applied)
		}
		if err := res.Apply(d, nil); err != nil {
			t.Fatal(err)
		}
		if d.HeroPoints.Current != 0 {
			t.Errorf("defender points %d, want 0", d.HeroPoints.Current)
		}
		if !strings.Contains(d.Log[len(d.Log)-1].Summary, "re-rolled the reaction with 1 hero point") {
			t.Errorf("summary %q", d.Log[len(d.Log)-1].Summary)
		}
	})
	t.Run("the attacker makes the defender re-roll its dodge: the lower is kept", func(t *testing.T) {
		a, d := pair(1, 0)
		req := Request{Attack: "fist", Reaction: Reaction{Kind: ReactionDodge}, HeroPoints: []HeroPointSpend{{Who: RoleAttacker, Roll: HeroRollReaction, Points: 1}}}
		res := resolve(t, a, d, req, Options{}, 15, 6, 2, 6, 4, 4)
		if res.Reaction.Roll != 2 || res.Applied.Stamina != 8 {
			t.Fatalf("reaction %+v applied %+v", res.Reaction, res.Applied)
		}
	})
	t.Run("the defender makes the GM re-roll the damage: less is kept", func(t *testing.T) {
		a, d := pair(0, 2)
		req := Request{Attack: "fist", HeroPoints: []HeroPointSpend{{Who: RoleDefender, Roll: HeroRollDamage, Points: 2}}}
		// damage 8 S (6; 4+4), re-rolls 3 S (1; 1+2) and 11 S (2; 5+6).
		res := resolve(t, a, d, req, Options{}, 15, 6, 4, 4, 1, 1, 2, 2, 5, 6)
		if res.Damage.Stamina != 3 || res.Damage.StaminaRoll != 3 || res.HeroPoints[0].Kept != 1 {
			t.Fatalf("damage %+v points %+v", res.Damage, res.HeroPoints)
		}
	})
	t.Run("a miss spends nothing on the damage never rolled", func(t *testing.T) {
		a, d := pair(1, 0)
		req := Request{Attack: "fist", HeroPoints: []HeroPointSpend{{Who: RoleAttacker, Roll: HeroRollDamage, Points: 1}}}
		res := resolve(t, a, d, req, Options{}, 3)
		if res.Outcome != OutcomeMiss || len(res.HeroPoints) != 0 {
			t.Fatalf("outcome %s points %+v", res.Outcome, res.HeroPoints)
		}
		if changed, _ := res.ApplyAttacker(a, nil); changed || a.HeroPoints.Current != 1 {
			t.Errorf("points %d after a miss (changed %v)", a.HeroPoints.Current, changed)
		}
	})
	t.Run("refusals before any die", func(t *testing.T) {
		a, d := pair(1, 0)
		for _, tc := range []struct {
			sp   HeroPointSpend
			rx   Reaction
			want string
		}{
			{HeroPointSpend{Who: RoleAttacker, Roll: HeroRollToHit, Points: 2}, Reaction{}, "has 1 hero points left, not 2"},
			{HeroPointSpend{Who: RoleDefender, Roll: HeroRollToHit, Points: 1}, Reaction{}, "has 0 hero points left"},
			{HeroPointSpend{Who: RoleAttacker, Roll: HeroRollReaction, Points: 1}, Reaction{}, "only a parry"},
			{HeroPointSpend{Who: RoleDefender, Roll: HeroRollReaction, Points: 1}, Reaction{Kind: ReactionBlock, Object: BlockObject{Name: "desk"}}, "only a parry"},
		} {
			req := Request{Attack: "fist", Reaction: tc.rx, HeroPoints: []HeroPointSpend{tc.sp}}
			if err := resolveErr(t, a, d, req); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%+v: err %v, want %q", tc.sp, err, tc.want)
			}
		}
	})
}

func TestParseHeroPoints(t *testing.T) {
	for in, want := range map[string]HeroPointSpend{
		"to-hit=2":            {Who: RoleAttacker, Roll: HeroRollToHit, Points: 2},
		"reaction=1":          {Who: RoleDefender, Roll: HeroRollReaction, Points: 1},
		"defender:damage=3":   {Who: RoleDefender, Roll: HeroRollDamage, Points: 3},
		"attacker:reaction=1": {Who: RoleAttacker, Roll: HeroRollReaction, Points: 1},
	} {
		got, err := ParseHeroPoints(in)
		if err != nil || got != want {
			t.Errorf("ParseHeroPoints(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "to-hit", "to-hit=0", "to-hit=x", "parry=1", "gm:to-hit=1", "damage=-1"} {
		if _, err := ParseHeroPoints(bad); err == nil {
			t.Errorf("ParseHeroPoints(%q) accepted", bad)
		}
	}
}

// FuzzParseHeroPoints: never panics; what it accepts is a valid spend.
func FuzzParseHeroPoints(f *testing.F) {
	for _, s := range []string{"to-hit=1", "defender:damage=3", "defender:opponent-contest=2", "contest=1", "attacker:reaction=100", "x:y=z", "=", ":", "to-hit=-1", "damage=99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseHeroPoints(s)
		if err != nil {
			return
		}
		if sp.Points < 1 || sp.Points > heropoints.MaxPoints || (sp.Who != RoleAttacker && sp.Who != RoleDefender) ||
			!slices.Contains([]string{HeroRollToHit, HeroRollReaction, HeroRollDamage, HeroRollContest, HeroRollOpponentContest, HeroRollJudoGrab}, sp.Roll) {
			t.Fatalf("ParseHeroPoints(%q) = %+v", s, sp)
		}
	})
}

// Hero points on a psionic blast's will contest (pp. 14, 43): each side
// re-rolls its own d20, the higher kept, and the points come off with
// the result. Worked by hand: Psi (will 14) rolls 3, a point: 10, kept:
// 10 + 14 = 24. Def (will 10) rolls 12, two points: 4, 15: 15 kept:
// 15 + 10 = 25 > 24, the attack fails. Dice: 3, 10 (attacker), 12, 4, 15.
func TestHeroPointsOnAWillContest(t *testing.T) {
	att := psionicBlaster()
	att.HeroPoints = hero.Points{Max: 2, Current: 2}
	def := mk("Def", rulebook.ACF)
	def.HeroPoints = hero.Points{Max: 3, Current: 3}
	req := Request{Attack: "psionic-blast", HeroPoints: []HeroPointSpend{
		{Who: RoleAttacker, Roll: HeroRollContest, Points: 1}, {Who: RoleDefender, Roll: HeroRollContest, Points: 2}}}
	res := resolve(t, att, def, req, Options{}, 3, 10, 12, 4, 15)
	m := res.ToHit.Mental
	if m == nil || m.AttackerRoll != 10 || m.DefenderRoll != 15 || m.Success || res.ToHit.Hit {
		t.Fatalf("contest %+v hit %v", m, res.ToHit.Hit)
	}
	if len(res.HeroPoints) != 2 || res.HeroPoints[0].Role != RoleAttacker || res.HeroPoints[1].Points != 2 {
		t.Fatalf("records %+v", res.HeroPoints)
	}
	// A contest spend on an attack that makes no contest is refused.
	fist := withAttack(mk("F", rulebook.ACF), flat("x", 2, "1", "1"))
	fist.HeroPoints = hero.Points{Max: 1, Current: 1}
	if err := resolveErr(t, fist, def, Request{Attack: "x", HeroPoints: []HeroPointSpend{{Who: RoleAttacker, Roll: HeroRollContest, Points: 1}}}); err == nil ||
		!strings.Contains(err.Error(), "only a psychic attack makes a will contest") {
		t.Errorf("contest on a fist: %v", err)
	}
}

// Making the opponent re-roll its will contest d20 (p. 14: the GM's or
// an opponent's roll "that directly affects your character", the result
// more favourable to the spender kept: the lower). Worked by hand: Psi
// (will 14) rolls 3 and re-rolls with its own point: 16, the higher
// kept; Def then makes it re-roll: 5, the lower kept: 5 + 14 = 19. Def
// (will 10) rolls 12; Psi makes it re-roll: 2, the lower kept: 2 + 10 =
// 12. 19 >= 12: the attack succeeds. Psi spends 2 points, Def 1.
// Dice: 3, 16 (Psi's own), 5 (Def's on Psi's), 12, 2 (Psi's on Def's).
func TestOpponentHeroPointsOnAWillContest(t *testing.T) {
	att := psionicBlaster()
	att.HeroPoints = hero.Points{Max: 2, Current: 2}
	def := mk("Def", rulebook.ACF)
	def.HeroPoints = hero.Points{Max: 3, Current: 1}
	sp := func(s string) HeroPointSpend {
		v, err := ParseHeroPoints(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	req := Request{Attack: "psionic-blast", HeroPoints: []HeroPointSpend{sp("contest=1"), sp("defender:opponent-contest=1"), sp("attacker:opponent-contest=1")}}
	res := resolve(t, att, def, req, Options{}, 3, 16, 5, 12, 2, 4, 4)
	m := res.ToHit.Mental
	if m == nil || m.AttackerRoll != 5 || m.AttackerTotal != 19 || m.DefenderRoll != 2 || m.DefenderTotal != 12 || !m.Success || !res.ToHit.Hit {
		t.Fatalf("contest %+v hit %v", m, res.ToHit.Hit)
	}
	want := []struct {
		hero, role, roll string
		fav              heropoints.Favour
		results          []int
		kept             int
	}{
		{"Psi", RoleAttacker, "will contest", heropoints.Higher, []int{3, 16}, 1},
		{"Def", RoleDefender, "opponent's will contest", heropoints.Lower, []int{16, 5}, 1},
		{"Psi", RoleAttacker, "opponent's will contest", heropoints.Lower, []int{12, 2}, 1},
	}
	if len(res.HeroPoints) != len(want) {
		t.Fatalf("records %+v", res.HeroPoints)
	}
	for i, w := range want {
		r := res.HeroPoints[i]
		if r.Hero != w.hero || r.Role != w.role || r.Roll != w.roll || r.Favour != w.fav || !slices.Equal(r.Results, w.results) || r.Kept != w.kept {
			t.Errorf("record %d = %+v, want %+v", i, r, w)
		}
	}
	if err := res.Apply(def, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := res.ApplyAttacker(att, nil); err != nil {
		t.Fatal(err)
	}
	if att.HeroPoints.Current != 0 || def.HeroPoints.Current != 0 {
		t.Errorf("points left %d, %d; want 0, 0", att.HeroPoints.Current, def.HeroPoints.Current)
	}
	// Pools are checked with every spend of a side: Def has 0 left now.
	if err := resolveErr(t, att, def, Request{Attack: "psionic-blast", HeroPoints: []HeroPointSpend{sp("defender:opponent-contest=1")}}); err == nil {
		t.Error("a spend past the pool accepted")
	}
}

// Both sides on one to-hit d20 (p. 14): the attacker's own re-roll first
// (the higher kept), then the defender's against the result that stands
// (the lower kept). Worked by hand: 4, re-roll 17 (kept), the defender's
// re-roll 6 (kept): to-hit 6 misses the 10 the fist needs against AC F.
func TestBothSidesOnOneToHit(t *testing.T) {
	fist := hero.Attack{Slug: "fist", Name: "fist", StrikeClass: rulebook.SC2, DamageType: "unarmed", Health: "1d6-6", Stamina: "2d6", Panels: 1}
	a := withAttack(mk("Hawk", rulebook.ACF), fist)
	d := mk("Brute", rulebook.ACF)
	a.HeroPoints = hero.Points{Max: 3, Current: 1}
	d.HeroPoints = hero.Points{Max: 3, Current: 1}
	req := Request{Attack: "fist", HeroPoints: []HeroPointSpend{{Who: RoleDefender, Roll: HeroRollToHit, Points: 1}, {Who: RoleAttacker, Roll: HeroRollToHit, Points: 1}}}
	res := resolve(t, a, d, req, Options{}, 4, 17, 6)
	if res.ToHit.Hit || res.ToHit.Roll != 6 {
		t.Fatalf("to-hit %+v, want a miss on the kept 6", res.ToHit)
	}
	hp := res.HeroPoints
	if len(hp) != 2 || hp[0].Role != RoleAttacker || !slices.Equal(hp[0].Results, []int{4, 17}) || hp[0].Kept != 1 ||
		hp[1].Role != RoleDefender || !slices.Equal(hp[1].Results, []int{17, 6}) || hp[1].Kept != 1 || hp[1].Favour != heropoints.Lower {
		t.Fatalf("hero points %+v", hp)
	}
}

// The autopilot's hero points on the to-hit (AutoHeroPoints; p. 14 and
// docs/fight.md), worked by hand: the fist needs 10 against AC F; the
// attacker re-rolls a miss while it misses, the defender a hit while it
// hits, each at most its budget, the better for the spender kept.
func TestAutoHeroPointsToHit(t *testing.T) {
	fist := hero.Attack{Slug: "fist", Name: "fist", StrikeClass: rulebook.SC2, DamageType: "unarmed", Health: "1d6-6", Stamina: "2d6", Panels: 1}
	tests := []struct {
		name     string
		att, def int
		dice     []int
		hit      bool
		roll     int
		records  [][]int // each record's results, attacker's first
		attLeft  int
		defLeft  int
	}{
		{"a miss re-rolled into a hit", 1, 0, []int{5, 14, 6, 3, 4}, true, 14, [][]int{{5, 14}}, 0, 1},
		{"a hit is not re-rolled by the attacker", 1, 0, []int{15, 6, 3, 4}, true, 15, nil, 1, 1},
		{"a hit the defender turns into a miss", 1, 1, []int{15, 4}, false, 4, [][]int{{15, 4}}, 1, 0},
		{"a worse re-roll keeps the miss; the defender spends nothing on a miss", 1, 1, []int{5, 3}, false, 5, [][]int{{5, 3}}, 0, 1},
		{"the defender's re-roll still hits: the point is gone, the hit stands", 0, 1, []int{15, 12, 6, 3, 4}, true, 12, [][]int{{15, 12}}, 1, 0},
		{"both: miss, hit, then miss", 1, 1, []int{2, 19, 7}, false, 7, [][]int{{2, 19}, {19, 7}}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := withAttack(mk("Hawk", rulebook.ACF), fist)
			d := mk("Brute", rulebook.ACF)
			a.HeroPoints = hero.Points{Max: 1, Current: 1}
			d.HeroPoints = hero.Points{Max: 1, Current: 1}
			req := Request{Attack: "fist", AutoHeroPoints: AutoHeroPoints{Attacker: tt.att, Defender: tt.def}}
			res := resolve(t, a, d, req, Options{}, tt.dice...)
			if res.ToHit.Hit != tt.hit || res.ToHit.Roll != tt.roll {
				t.Fatalf("to-hit %+v, want hit %v on %d", res.ToHit, tt.hit, tt.roll)
			}
			if len(res.HeroPoints) != len(tt.records) {
				t.Fatalf("records %+v, want %v", res.HeroPoints, tt.records)
			}
			for i, r := range res.HeroPoints {
				if !slices.Equal(r.Results, tt.records[i]) {
					t.Errorf("record %d %+v, want results %v", i, r, tt.records[i])
				}
			}
			if err := res.Apply(d, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := res.ApplyAttacker(a, nil); err != nil {
				t.Fatal(err)
			}
			if a.HeroPoints.Current != tt.attLeft || d.HeroPoints.Current != tt.defLeft {
				t.Errorf("points left %d, %d; want %d, %d", a.HeroPoints.Current, d.HeroPoints.Current, tt.attLeft, tt.defLeft)
			}
		})
	}
	a := withAttack(mk("Hawk", rulebook.ACF), fist)
	if err := resolveErr(t, a, mk("Brute", rulebook.ACF), Request{Attack: "fist", AutoHeroPoints: AutoHeroPoints{Attacker: 1}}); err == nil {
		t.Error("an autopilot budget past the pool accepted")
	}
}
