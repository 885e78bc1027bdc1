package encounter

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// shardSummary is a valid summary of shard i/2 of 4 fights, worked by
// hand: shard 1/2 plays fights 0 and 2, shard 2/2 fights 1 and 3.
func shardSummary(i int) *SimSummary {
	return &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: 1, Policy: PolicyPlain, HeroPoints: HeroPointsSpend, N: 4, Fights: 2,
		Shards: []string{[]string{"1/2", "2/2"}[i-1]}, Sides: []SimSide{{"heroes", 1}, {"villains", 1}},
		Pages:      []SimPages{{3, 2}},
		Combatants: []SimCombatant{{ID: "a", Side: "heroes", Out: 1, HealthTaken: 4}, {ID: "b", Side: "villains", Out: 1}}}
}

// TestMergeSimsRefusesOverflow: a sum past int64 is refused, not wrapped.
func TestMergeSimsRefusesOverflow(t *testing.T) {
	a, b := shardSummary(1), shardSummary(2)
	a.Combatants[0].HealthTaken, b.Combatants[0].HealthTaken = math.MaxInt64-1, 2
	_, err := MergeShards(a, b)
	if err == nil || !strings.Contains(err.Error(), "summary #2: $: a count overflows") {
		t.Fatalf("err %v", err)
	}
	a.Combatants[0].HealthTaken, b.Combatants[0].HealthTaken = math.MinInt64+1, -2
	if _, err := MergeShards(a, b); err == nil {
		t.Fatal("a negative overflow merged")
	}
	if s, err := MergeShards(shardSummary(1), shardSummary(2)); err != nil || s.Fights != 4 || s.Combatants[0].HealthTaken != 8 {
		t.Fatalf("%+v %v", s, err)
	}
}

// TestMergeSimsManyPagesIsLinear: 100,000 page counts in each of two
// summaries merge in well under a second (it took seconds when each was
// inserted in a sorted list).
func TestMergeSimsManyPagesIsLinear(t *testing.T) {
	hostile.Slow(t)
	const n = 100_000
	a, b := shardSummary(1), shardSummary(2)
	for _, s := range []*SimSummary{a, b} {
		s.N, s.Fights, s.Shards = 2*n, n, []string{s.Shards[0]}
		s.Sides[0].Wins, s.Sides[1].Wins = n, 0
		s.Combatants[0].Out, s.Combatants[1].Out = 0, n
		s.Pages = make([]SimPages, n)
		for i := range s.Pages {
			s.Pages[i] = SimPages{Pages: i, Fights: 1}
		}
	}
	start := time.Now()
	s, err := MergeShards(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pages) != n || s.Pages[n-1] != (SimPages{n - 1, 2}) {
		t.Fatalf("pages %v", s.Pages[n-1])
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

// validSim is a summary of shard 1/2 of 4 fights as fight sim writes it.
const validSim = `{"schema":2,"kind":"fight-sim","seed":1,"policy":"plain","hero_points":"spend","n":4,"fights":2,"shards":["1/2"],` +
	`"sides":[{"name":"heroes","wins":1},{"name":"villains","wins":1}],"unfinished":0,"draws":0,"pages":[{"pages":3,"fights":2}],` +
	`"combatants":[{"id":"a","side":"heroes","out":1,"health_taken":4,"stamina_taken":0,"health_dealt":0,"stamina_dealt":0}],` +
	`"report":{"sides":[{"name":"heroes","p_win":0.5,"p_win_low":0.1,"p_win_high":0.9},{"name":"villains","p_win":0.5,"p_win_low":0.1,"p_win_high":0.9}],` +
	`"combatants":[{"id":"a","p_out":0.5,"mean_health_taken":2,"mean_stamina_taken":0,"mean_health_dealt":0,"mean_stamina_dealt":0}]}}`

func TestReadSimValid(t *testing.T) {
	s, err := ReadSim([]byte(validSim))
	if err != nil || s.Fights != 2 || s.Combatants[0].HealthTaken != 4 {
		t.Fatalf("%+v %v", s, err)
	}
}

// FuzzReadSim: the summary reader never panics; what it accepts passes
// CheckSim and merges with itself only as a disjoint shard would.
func FuzzReadSim(f *testing.F) {
	f.Add([]byte(validSim))
	f.Add([]byte(`{"schema":2,"kind":"fight-sim","seed":1,"policy":"plain","n":4,"fights":2,"shards":["3/2"]}`))
	f.Add([]byte(`{"schema":2,"schema":2}`))
	f.Add([]byte(`{"kind":"fight-sim","sides":[{"name":"\u001b[2J","wins":-1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadSim(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on two lines: %q", err)
			}
			return
		}
		if err := CheckSim(s); err != nil {
			t.Fatalf("ReadSim accepted what CheckSim refuses: %v", err)
		}
		if _, err := MergeShards(s, s); err == nil {
			t.Fatal("a summary merged with itself")
		}
	})
}
