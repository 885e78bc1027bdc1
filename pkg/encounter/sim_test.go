package encounter

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestWilson checks the interval against values worked out by hand from
// (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.96.
func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.277533},  // z²/(n+z²) = 3.8415/13.8415
		{10, 10, 0.722467, 1}, // the mirror image
		{5, 10, 0.236593, 0.763407},
		{0, 0, 0, 1},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-6 || math.Abs(hi-tc.hi) > 1e-6 {
			t.Errorf("Wilson(%d, %d) = %.6f-%.6f, want %.6f-%.6f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestFightSeed: the seed depends on (s, i) only, and differs between
// neighbours.
func TestFightSeed(t *testing.T) {
	// Hand-checked: FightSeed(0, 0) is SplitMix64 applied twice as
	// documented; different seeds give different first fights.
	if FightSeed(0, 0) == FightSeed(1, 0) {
		t.Fatal("seed ignored")
	}
	seen := map[uint64]bool{}
	for s := uint64(0); s < 4; s++ {
		for i := range 100 {
			v := FightSeed(s, i)
			if seen[v] {
				t.Fatalf("FightSeed(%d, %d) repeats", s, i)
			}
			seen[v] = true
		}
	}
}

// TestMergeSims: counts add exactly; pages stay sorted; a shard counted
// twice or another simulation is refused.
func TestMergeSims(t *testing.T) {
	a := &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: 3, N: 5, Fights: 3, Shards: []string{"1/2"},
		Sides: []SimSide{{"heroes", 2}, {"villains", 1}}, Pages: []SimPages{{1, 1}, {3, 2}},
		Combatants: []SimCombatant{{ID: "a", Side: "heroes", Out: 1, HealthTaken: 4, StaminaTaken: 10, HealthDealt: 7, StaminaDealt: 30}}}
	b := &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: 3, N: 5, Fights: 2, Shards: []string{"2/2"},
		Sides: []SimSide{{"heroes", 0}, {"villains", 1}}, Unfinished: 1, Pages: []SimPages{{2, 1}, {3, 1}},
		Combatants: []SimCombatant{{ID: "a", Side: "heroes", Out: 2, HealthTaken: 1, StaminaTaken: 5, HealthDealt: 2, StaminaDealt: 11}}}
	got, err := MergeSims(b, a)
	if err != nil {
		t.Fatal(err)
	}
	want := &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: 3, N: 5, Fights: 5, Shards: []string{}, Unfinished: 1,
		Sides: []SimSide{{"heroes", 2}, {"villains", 2}}, Pages: []SimPages{{1, 1}, {2, 1}, {3, 3}},
		Combatants: []SimCombatant{{ID: "a", Side: "heroes", Out: 3, HealthTaken: 5, StaminaTaken: 15, HealthDealt: 9, StaminaDealt: 41}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged %+v\nwant %+v", got, want)
	}
	if _, err := MergeSims(a, a); err == nil {
		t.Error("a shard counted twice was merged")
	}
	c := *b
	c.Seed = 4
	if _, err := MergeSims(a, &c); err == nil {
		t.Error("another seed was merged")
	}
	// The hero-point mode is part of the simulation: shards spending and
	// keeping them are not merged, nor a recorded mode with none.
	for _, modes := range [][2]string{{HeroPointsSpend, HeroPointsKeep}, {"", HeroPointsSpend}} {
		x, y := *a, *b
		x.HeroPoints, y.HeroPoints = modes[0], modes[1]
		if _, err := MergeSims(&x, &y); err == nil || !strings.Contains(err.Error(), "shards of one simulation are played with the same --hero-points") {
			t.Errorf("hero points %q and %q: err = %v", modes[0], modes[1], err)
		}
		y.HeroPoints = modes[0]
		if got, err := MergeSims(&x, &y); err != nil || got.HeroPoints != modes[0] {
			t.Errorf("hero points %q twice: %v, %v", modes[0], got, err)
		}
	}
}

// BenchmarkSimulate plays the bank fight (The Guardian and two police
// officers against Nefario and four goons) with the plain autopilot.
func BenchmarkSimulate(b *testing.B) {
	data := bankFightJSON(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Simulate(data, 1, i+1, i, 1<<30, combat.Options{}, 0); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func bankFightJSON(t testing.TB) []byte {
	data, err := json.Marshal(newBank(t))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSimulateSplitsExactly: the bank fight played as one run, as two
// interleaved halves merged, and in three strides merged, counts the same.
func TestSimulateSplitsExactly(t *testing.T) {
	data := bankFightJSON(t)
	whole, err := Simulate(data, 5, 12, 0, 1, combat.Options{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if whole.Fights != 12 || whole.Sides[0].Wins+whole.Sides[1].Wins+whole.Draws+whole.Unfinished != 12 {
		t.Fatalf("whole run %+v", whole)
	}
	for _, k := range []int{2, 3} {
		var parts []*SimSummary
		for j := range k {
			p, err := Simulate(data, 5, 12, j, k, combat.Options{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p)
		}
		got, err := MergeSims(parts...)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, whole) {
			t.Errorf("%d parts merged: %+v\nwhole: %+v", k, got, whole)
		}
	}
}

// BenchmarkSimFight is one fight of a batch: the bank fight (three on
// five) played to the end by the default (sensible) autopilot in a Sim's
// reused memory, as each worker of `fight sim` plays them.
func BenchmarkSimFight(b *testing.B) { benchSimFight(b, PolicySensible) }

// BenchmarkSimFightPlain is BenchmarkSimFight with the plain policy.
func BenchmarkSimFightPlain(b *testing.B) { benchSimFight(b, PolicyPlain) }

// BenchmarkSimFightFocus is BenchmarkSimFight with the focus policy.
func BenchmarkSimFightFocus(b *testing.B) { benchSimFight(b, PolicyFocus) }

// BenchmarkSimReference is one fight of the reference encounter
// (testdata/encounters/reference.json: two rolled heroes against a rolled
// psychic villain and six trained goons), by each policy
// (-bench 'SimReference/sensible' for one).
func BenchmarkSimReference(b *testing.B) {
	data := encounterFile(b, "reference.json")
	for _, p := range Policies {
		b.Run(p, func(b *testing.B) { benchSim(b, data, p) })
	}
}

// encounterFile reads one of the shared test encounters.
func encounterFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "encounters", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func benchSimFight(b *testing.B, policy string) { benchSim(b, bankFightJSON(b), policy) }

func benchSim(b *testing.B, data []byte, policy string) {
	sim, err := NewSim(data, combat.Options{}, 0, policy)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := cpuTime()
	i := 0
	for b.Loop() {
		_, _, err := sim.Play(FightSeed(1, i))
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
	if cpu := cpuTime() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "fights/cpu-s")
	}
	b.ReportMetric(float64(sim.b.attacks)/float64(b.N), "attacks/fight")
}

// TestSimTurnAllocatesNothing: inside a simulated fight the autopilot's
// turn (choosing the attack and making it: to-hit, damage, knockback,
// applying it, booking the panels) allocates nothing, once the batch has
// weighed the attacks of that state of the fight (the expected damages a
// batch remembers).
func TestSimTurnAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	for _, policy := range Policies {
		sim, err := NewSim(bankFightJSON(t), combat.Options{}, 0, policy)
		if err != nil {
			t.Fatal(err)
		}
		sim.reset()
		sim.roller.Reseed(1)
		e := &sim.work
		ctx := Ctx{Roller: &sim.roller, Seed: &sim.seed}
		if err := e.RollInitiative(ctx); err != nil {
			t.Fatal(err)
		}
		saved := append([]Combatant(nil), e.Combatants...)
		pools := make([][]hero.Pool, len(saved))
		mundane := make([]hero.Mundane, len(saved))
		for i := range saved {
			pools[i] = append([]hero.Pool(nil), saved[i].Hero.Pools...)
			if m := saved[i].Hero.Mundane; m != nil {
				mundane[i] = *m
			}
		}
		phase, attacks := e.Phase, 0
		allocs := testing.AllocsPerRun(200, func() {
			copy(e.Combatants, saved)
			for i := range pools {
				copy(e.Combatants[i].Hero.Pools, pools[i])
				if m := e.Combatants[i].Hero.Mundane; m != nil {
					*m = mundane[i]
				}
			}
			e.Phase = phase
			c := e.Current()
			before := sim.b.attacks
			if err := e.autoTurn(ctx, c, combat.Options{}, policy, HeroPointsSpend); err != nil {
				t.Fatal(err)
			}
			attacks += sim.b.attacks - before
		})
		if attacks == 0 {
			t.Fatalf("%s: no attack was made", policy)
		}
		if allocs != 0 {
			t.Errorf("%s: an autopilot turn allocates %.1f times", policy, allocs)
		}
	}
}

// TestSimPlaysAsAuto: a Sim's fight, played in reused memory with no log,
// ends exactly as the same fight played by Auto on a freshly decoded
// encounter with its whole log (every combatant's tracks, condition,
// pools, effects and panels; the page), for every policy (40 seeds), with the damage each dealt as its log's attacks record; and
// the decoded base is never written.
func TestSimPlaysAsAuto(t *testing.T) {
	data := bankFightJSON(t)
	fights := 40
	if testing.Short() {
		fights = 10 // the whole suite plays all 40
	}
	for _, policy := range Policies {
		sim, err := NewSim(data, combat.Options{}, 0, policy)
		if err != nil {
			t.Fatal(err)
		}
		before, err := json.Marshal(sim.Base())
		if err != nil {
			t.Fatal(err)
		}
		for i := range fights {
			seed := FightSeed(3, i)
			got, over, err := sim.Play(seed)
			if err != nil || !over {
				t.Fatalf("%s fight %d: over %v, %v", policy, i, over, err)
			}
			want, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			s := seed
			if _, err := want.Auto(Ctx{Roller: dice.NewSeeded(seed), Seed: &s}, AutoOptions{Policy: policy}, combat.Options{}); err != nil {
				t.Fatal(err)
			}
			if len(want.Log) == 0 || len(got.Log) != 0 {
				t.Fatalf("logs: auto %d events, sim %d", len(want.Log), len(got.Log))
			}
			if g, w := fightState(t, got), fightState(t, want); g != w {
				t.Fatalf("%s fight %d (seed %d) differs:\nsim  %s\nauto %s", policy, i, seed, g, w)
			}
			// Damage dealt: what the log's attacks took off their targets.
			dealt := map[string][2]int{}
			for _, ev := range want.Log {
				if ev.Kind != "attack" {
					continue
				}
				var rec AttackRecord
				if err := json.Unmarshal(ev.Details, &rec); err != nil {
					t.Fatal(err)
				}
				d := dealt[ev.Actor]
				dealt[ev.Actor] = [2]int{d[0] + rec.Health, d[1] + rec.Stamina}
			}
			for j, c := range want.Combatants {
				if h, st := sim.Dealt(j); [2]int{h, st} != dealt[c.ID] {
					t.Errorf("%s fight %d: %s dealt %d H %d S, the log says %v", policy, i, c.ID, h, st, dealt[c.ID])
				}
			}
		}
		after, err := json.Marshal(sim.Base())
		if err != nil {
			t.Fatal(err)
		}
		if string(before) != string(after) {
			t.Errorf("%s: the base encounter was written by the fights", policy)
		}
	}
}

// fightState is the encounter's state without logs or explanations.
func fightState(t *testing.T, e *Encounter) string {
	t.Helper()
	c := *e
	c.Log = nil
	c.Initiative = nil
	c.Combatants = append([]Combatant(nil), e.Combatants...)
	for i := range c.Combatants {
		c.Combatants[i].Hero.Log = nil
		c.Combatants[i].Panels.Why = nil
		if len(c.Combatants[i].Effects) == 0 {
			c.Combatants[i].Effects = nil
		}
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
