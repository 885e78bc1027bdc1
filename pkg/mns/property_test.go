package mns

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/dice"
)

// TestClockInvariants drives random fights (actions of every kind,
// hurried and careful, damage of every kind, surprise, disbelief, ends of
// round) and checks after every step, failed or not, that the pile is
// ordered, the clock never goes backwards, no action lands in the past, VP
// stay within 0 and the maximum, DP within minus the maximum and the
// maximum, and the file still validates.
func TestClockInvariants(t *testing.T) {
	ch := synthetic(t)
	base := newFight(t)
	ids := []string{"lariat", "gunman", "brute"}
	rapid.Check(t, func(rt *rapid.T) {
		data, _ := Encode(base)
		e, err := Decode(data)
		if err != nil {
			rt.Fatal(err)
		}
		ctx := Ctx{Roller: dice.NewSeeded(rapid.Uint64().Draw(rt, "seed")), Charts: ch}
		steps := rapid.IntRange(1, 60).Draw(rt, "steps")
		last := e.Segment
		for range steps {
			id := rapid.SampledFrom(ids).Draw(rt, "id")
			switch rapid.IntRange(0, 5).Draw(rt, "op") {
			case 0, 1:
				kind := rapid.SampledFrom([]string{"attack", "move", "other"}).Draw(rt, "kind")
				s := Start{Actor: id, Kind: kind, Time: rapid.IntRange(0, 30).Draw(rt, "time")}
				if kind == "attack" {
					s.Target = rapid.SampledFrom(ids).Draw(rt, "target")
					s.Weapon = rapid.SampledFrom([]string{"fist", "handgun", "test-knife", "club"}).Draw(rt, "weapon")
					s.Distance = float64(rapid.IntRange(0, 200).Draw(rt, "distance"))
					s.Careful = rapid.IntRange(0, 3).Draw(rt, "careful")
				}
				if s.Careful == 0 {
					s.Hurry = rapid.IntRange(0, 12).Draw(rt, "hurry")
				}
				_, _ = e.Start(ctx, s)
			case 2:
				kind := rapid.SampledFrom([]DamageKind{Standard, Stun, Illusory, Death}).Draw(rt, "dkind")
				_, _ = e.Damage(ctx, DamageRequest{On: id, Amount: rapid.IntRange(0, 80).Draw(rt, "amount"), Kind: kind,
					Deadly: kind == Stun && rapid.Bool().Draw(rt, "deadly")})
			case 3:
				n := rapid.IntRange(0, 20).Draw(rt, "segs")
				_, _ = e.Surprise(ctx, SurpriseRequest{On: id, Segments: &n, Reduce: rapid.IntRange(0, n).Draw(rt, "reduce")})
			case 4:
				_, _ = e.Disbelieve(id)
			case 5:
				_ = e.EndRound()
			}
			if e.Segment < last {
				rt.Fatalf("the clock went back from %d to %d", last, e.Segment)
			}
			last = e.Segment
			pile := e.Pile()
			for i := 1; i < len(pile); i++ {
				if pileLess(pile[i], pile[i-1]) {
					rt.Fatalf("pile out of order: %+v", pile)
				}
			}
			for _, c := range e.Combatants {
				if c.VP < 0 || c.VP > c.Fighter.VP || c.DP < -c.Fighter.DP || c.DP > c.Fighter.DP {
					rt.Fatalf("%s: VP %d/%d DP %d/%d", c.Fighter.ID, c.VP, c.Fighter.VP, c.DP, c.Fighter.DP)
				}
				if c.Action != nil && c.Action.Lands <= e.Segment {
					rt.Fatalf("%s's action lands on %d, now is %d", c.Fighter.ID, c.Action.Lands, e.Segment)
				}
			}
			if err := e.Validate(); err != nil {
				rt.Fatalf("invalid after a step: %v", err)
			}
			for i, ev := range e.Log {
				if i > 0 && ev.Segment < e.Log[i-1].Segment {
					rt.Fatalf("log goes back in time: %+v", ev)
				}
			}
		}
	})
}

// TestApplyDamageFloors: whatever the hit, VP stay in 0..max and DP in
// -max..max, and nothing lost is negative.
func TestApplyDamageFloors(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		maxVP := rapid.IntRange(0, 200).Draw(rt, "max_vp")
		maxDP := rapid.IntRange(0, 50).Draw(rt, "max_dp")
		tr := Track{VP: rapid.IntRange(0, maxVP).Draw(rt, "vp"), MaxVP: maxVP, DP: rapid.IntRange(-maxDP, maxDP).Draw(rt, "dp"), MaxDP: maxDP}
		h := Hit{Amount: rapid.IntRange(0, 500).Draw(rt, "amount"), Kind: rapid.SampledFrom([]DamageKind{Standard, Stun, Illusory, Death}).Draw(rt, "kind"),
			Ignore: rapid.IntRange(0, 20).Draw(rt, "ignore"), Temper: float64(rapid.IntRange(0, 40).Draw(rt, "temper10")) / 10,
			Deadly: rapid.Bool().Draw(rt, "deadly"), Unconscious: rapid.Bool().Draw(rt, "unconscious")}
		r, err := ApplyDamage(tr, h)
		if err != nil {
			rt.Fatal(err)
		}
		n := r.Track
		if n.VP < 0 || n.VP > maxVP || n.DP < -maxDP || n.DP > tr.DP || r.VPLost < 0 || r.DPLost < 0 || r.Ignored > h.Amount {
			rt.Fatalf("%+v -> %+v", tr, r)
		}
		if r.Pushback != PushbackPoints(r.VPLost, r.DPLost, r.Ignored) {
			rt.Fatalf("pushback %d", r.Pushback)
		}
	})
}

// TestRangeSetsMonotone: farther is never easier to hit.
func TestRangeSetsMonotone(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		r := Ranges{Short: float64(rapid.IntRange(0, 50).Draw(rt, "short")), Set: float64(rapid.IntRange(1, 20).Draw(rt, "set"))}
		r.Max = r.Short + float64(rapid.IntRange(0, 500).Draw(rt, "span"))
		a := float64(rapid.IntRange(0, 1000).Draw(rt, "a"))
		b := a + float64(rapid.IntRange(0, 1000).Draw(rt, "b"))
		sa, _ := RangeSets(a, r)
		sb, _ := RangeSets(b, r)
		pa, _ := BeyondMaxPenalty(a, r)
		pb, _ := BeyondMaxPenalty(b, r)
		if sb < sa || pb < pa || sa < 0 || pa < 0 {
			rt.Fatalf("%+v: %v→%d/%d, %v→%d/%d", r, a, sa, pa, b, sb, pb)
		}
	})
}

func FuzzDecodeCombatants(f *testing.F) {
	f.Add([]byte(combatantsDoc))
	f.Add([]byte(`{"schema":1,"combatants":[{"id":"a","skin_temper":1e400}]}`))
	f.Add([]byte(`{"schema":1,"combatants":[{"id":"a","weapons":[{"name":"x","type":"close","time":1,"damage":"d6"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		cf, err := DecodeCombatants(data)
		if err != nil {
			return
		}
		// Every valid combatant file starts a valid fight.
		e, err := New("fuzz", cf.Combatants)
		if err != nil {
			t.Fatalf("valid combatants, invalid fight: %v", err)
		}
		if _, err := Encode(e); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzDecode(f *testing.F) {
	e := newFight(f)
	data, _ := Encode(e)
	f.Add(data)
	f.Add([]byte(`{"schema":1,"segment":5,"combatants":[{"fighter":{"id":"a"},"action":{"kind":"move","started":1,"time":1,"lands":2}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data)
		if err != nil {
			return
		}
		_ = e.Pile()
		_ = e.WhatNext()
		if _, err := Encode(e); err != nil {
			t.Fatal(err)
		}
	})
}
