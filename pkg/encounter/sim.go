package encounter

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// SimSchema is the version of a simulation summary (2: damage dealt is
// counted).
const SimSchema = 2

// SimKind marks a simulation summary.
const SimKind = "fight-sim"

// FightSeed is the seed of fight i of a simulation seeded with s: it
// depends only on (s, i), so a simulation gives the same result however
// its fights are split among workers or shards (SplitMix64 of s and i).
func FightSeed(s uint64, i int) uint64 {
	return splitmix(s ^ splitmix(uint64(i)+0x9e3779b97f4a7c15))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// SimSummary is what a simulation counted: whole numbers only, so that
// summaries of shards merge exactly (MergeSims).
type SimSummary struct {
	Schema int `json:"schema"`
	// Kind is always SimKind: what the file is.
	Kind string `json:"kind"`
	Seed uint64 `json:"seed"`
	// Policy is the autopilot's policy: sensible, plain or focus.
	Policy string `json:"policy"`
	// HeroPoints is the autopilot's hero points: spend or keep (p. 14).
	// A summary written before the mode was recorded has none (a
	// schema-1 summary was played before the autopilot spent any: keep).
	HeroPoints string `json:"hero_points,omitempty"`
	// N is the size of the whole simulation; Fights how many of its
	// fights this summary counts (all of them, or one shard's).
	N      int `json:"n"`
	Fights int `json:"fights"`
	// Shards lists the shards counted ("1/2"), empty for a whole run.
	Shards []string  `json:"shards"`
	Sides  []SimSide `json:"sides"`
	// Unfinished fights hit the step limit; Draws ended with no side
	// standing.
	Unfinished int            `json:"unfinished"`
	Draws      int            `json:"draws"`
	Pages      []SimPages     `json:"pages"`
	Combatants []SimCombatant `json:"combatants"`
}

// SimSide is one side's wins.
type SimSide struct {
	Name string `json:"name"`
	Wins int    `json:"wins"`
}

// SimPages counts the fights that ended on a page.
type SimPages struct {
	Pages  int `json:"pages"`
	Fights int `json:"fights"`
}

// SimCombatant counts one combatant's fates over all fights: fights it
// ended out; the health and stamina it lost (at the end of each fight,
// against the start: damage taken less what it recovered); and the health
// and stamina its attacks took off their targets (after dividers and
// immunities, what came off the tracks).
type SimCombatant struct {
	ID           string `json:"id"`
	Side         string `json:"side"`
	Out          int    `json:"out"`
	HealthTaken  int64  `json:"health_taken"`
	StaminaTaken int64  `json:"stamina_taken"`
	HealthDealt  int64  `json:"health_dealt"`
	StaminaDealt int64  `json:"stamina_dealt"`
}

// Simulate plays the fights i = start, start+step, ... below n from the
// encounter data with the plain autopilot, fight i rolling with
// dice.NewSeeded(FightSeed(seed, i)), and counts the results. maxSteps
// bounds each fight (Auto's default when 0). The fights are played by
// one Sim (NewSim, Sim.Run: the way to another policy, hero point mode or
// a shared WeighMemo): the file is decoded once.
func Simulate(data []byte, seed uint64, n, start, step int, copt combat.Options, maxSteps int) (*SimSummary, error) {
	sim, err := NewSim(data, copt, maxSteps, PolicyPlain)
	if err != nil {
		return nil, err
	}
	return sim.Run(seed, n, start, step, nil)
}

// Run plays fights start, start+step, ... below n of a simulation of n
// fights from seed (fight i rolls with FightSeed(seed, i)), calling done
// (when not nil) after each, and counts them: one shard of the whole
// when step > 1 (MergeSims adds the shards up).
func (sim *Sim) Run(seed uint64, n, start, step int, done func()) (*SimSummary, error) {
	s := newSummary(sim.Base(), seed, n)
	s.Policy = sim.opt.Policy
	s.HeroPoints = sim.opt.HeroPoints
	if s.HeroPoints == "" {
		s.HeroPoints = HeroPointsSpend
	}
	for i := start; i < n; i += step {
		seedI := FightSeed(seed, i)
		e, over, err := sim.Play(seedI)
		if err != nil {
			return nil, fmt.Errorf("fight %d (seed %d): %w", i, seedI, err)
		}
		s.count(sim, e, over)
		if done != nil {
			done()
		}
	}
	return s, nil
}

func newSummary(base *Encounter, seed uint64, n int) *SimSummary {
	s := &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: seed, N: n, Shards: []string{}, Pages: []SimPages{}}
	for _, sd := range base.Sides {
		s.Sides = append(s.Sides, SimSide{Name: sd.Name})
	}
	for i := range base.Combatants {
		c := &base.Combatants[i]
		s.Combatants = append(s.Combatants, SimCombatant{ID: c.ID, Side: c.Side})
	}
	return s
}

// count adds the fight e that sim played.
func (s *SimSummary) count(sim *Sim, e *Encounter, over bool) {
	base := sim.Base()
	s.Fights++
	if !over {
		s.Unfinished++
	} else if w := e.Winner(); w == "" {
		s.Draws++
	} else {
		for j := range s.Sides {
			if s.Sides[j].Name == w {
				s.Sides[j].Wins++
			}
		}
	}
	s.addPages(e.Page, 1)
	for j := range s.Combatants {
		if j >= len(e.Combatants) || j >= len(base.Combatants) {
			break
		}
		c, b, sc := &e.Combatants[j], &base.Combatants[j], &s.Combatants[j]
		if c.Out() {
			sc.Out++
		}
		sc.HealthTaken += int64(b.Hero.Health.Current - c.Hero.Health.Current)
		sc.StaminaTaken += int64(b.Hero.Stamina.Current - c.Hero.Stamina.Current)
		h, st := sim.Dealt(j)
		sc.HealthDealt += int64(h)
		sc.StaminaDealt += int64(st)
	}
}

func (s *SimSummary) addPages(p, n int) {
	i := sort.Search(len(s.Pages), func(i int) bool { return s.Pages[i].Pages >= p })
	if i < len(s.Pages) && s.Pages[i].Pages == p {
		s.Pages[i].Fights += n
		return
	}
	s.Pages = append(s.Pages, SimPages{})
	copy(s.Pages[i+1:], s.Pages[i:])
	s.Pages[i] = SimPages{Pages: p, Fights: n}
}

// SimMergeError is a summary that cannot be merged: Part is its index in
// the summaries given (from 0), Path the JSON path of the problem.
type SimMergeError struct {
	Part int
	Path string
	Msg  string
}

func (e *SimMergeError) Error() string {
	return jsonfile.OneLine("summary #" + strconv.Itoa(e.Part+1) + ": " + e.Path + ": " + e.Msg)
}

// Refused marks the problem as the input's (exit status 2).
func (e *SimMergeError) Refused() {}

// MergeShards merges summaries read from files (ReadSim) as MergeSims
// does, after checking each (CheckSim) and that their shards are of one
// plan (i/k with the same k) and disjoint: a whole run (no shards) merges
// with nothing. A problem is a *SimMergeError.
func MergeShards(parts ...*SimSummary) (*SimSummary, error) {
	if len(parts) == 0 {
		return nil, refusal.Errorf("nothing to merge")
	}
	seen := map[int]int{}
	plan := 0
	for pi, p := range parts {
		if err := CheckSim(p); err != nil {
			var fe *jsonfile.FieldError
			if errors.As(err, &fe) {
				return nil, &SimMergeError{Part: pi, Path: fe.Path, Msg: fe.Msg}
			}
			return nil, err
		}
		if len(p.Shards) == 0 && len(parts) > 1 {
			return nil, mergeErr(pi, "$.shards", "none: a whole run, merged with another summary, counts fights twice")
		}
		for si, str := range p.Shards {
			sh, _ := ParseShard(str) // CheckSim parsed it
			path := "$.shards[" + strconv.Itoa(si) + "]"
			if plan != 0 && sh.K != plan {
				return nil, mergeErr(pi, path, "%s is not of the plan in %d shares of the summaries before it: the shards of one simulation are of one plan", str, plan)
			}
			if prev, dup := seen[sh.I]; dup {
				return nil, mergeErr(pi, path, "shard %s counted twice: summary #%d has it too", str, prev+1)
			}
			plan, seen[sh.I] = sh.K, pi
		}
	}
	return MergeSims(parts...)
}

func mergeErr(pi int, path, format string, args ...any) error {
	return &SimMergeError{Part: pi, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// MergeSims adds summaries of the same simulation (same seed, policy,
// hero points, n, sides and combatants) exactly, count by count; a sum
// that overflows is refused. The time is linear in the summaries' size
// (but for sorting the page counts). The workers' parts of one run have
// no shards; summaries from files are merged by MergeShards.
func MergeSims(parts ...*SimSummary) (*SimSummary, error) {
	if len(parts) == 0 {
		return nil, refusal.Errorf("nothing to merge")
	}
	fail := mergeErr
	first := parts[0]
	out := &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: first.Seed, Policy: first.Policy, HeroPoints: first.HeroPoints, N: first.N, Shards: []string{}, Pages: []SimPages{}}
	out.Sides = append([]SimSide(nil), first.Sides...)
	out.Combatants = append([]SimCombatant(nil), first.Combatants...)
	for j := range out.Sides {
		out.Sides[j].Wins = 0
	}
	for j := range out.Combatants {
		c := &out.Combatants[j]
		c.Out, c.HealthTaken, c.StaminaTaken, c.HealthDealt, c.StaminaDealt = 0, 0, 0, 0, 0
	}
	pages := map[int]int{}
	seen := map[string]bool{}
	ok := true
	sum := func(dst *int, v int) {
		var o bool
		*dst, o = addInt(*dst, v)
		ok = ok && o
	}
	sum64 := func(dst *int64, v int64) {
		var o bool
		*dst, o = add64(*dst, v)
		ok = ok && o
	}
	for pi, p := range parts {
		switch {
		case p.Seed != out.Seed:
			return nil, fail(pi, "$.seed", "%d, but summary #1 has %d: not the same simulation", p.Seed, out.Seed)
		case p.Policy != out.Policy:
			return nil, fail(pi, "$.policy", "%s, but summary #1 has %s: not the same simulation", p.Policy, out.Policy)
		case p.HeroPoints != out.HeroPoints:
			return nil, fail(pi, "$.hero_points", "%s, but summary #1 has %s: shards of one simulation are played with the same --hero-points", heroPointsText(p.HeroPoints), heroPointsText(out.HeroPoints))
		case p.N != out.N:
			return nil, fail(pi, "$.n", "%d, but summary #1 has %d: not the same simulation", p.N, out.N)
		case len(p.Sides) != len(out.Sides):
			return nil, fail(pi, "$.sides", "%d sides, but summary #1 has %d: not the same encounter", len(p.Sides), len(out.Sides))
		case len(p.Combatants) != len(out.Combatants):
			return nil, fail(pi, "$.combatants", "%d combatants, but summary #1 has %d: not the same encounter", len(p.Combatants), len(out.Combatants))
		}
		for si, sh := range p.Shards {
			if seen[sh] {
				return nil, fail(pi, "$.shards["+strconv.Itoa(si)+"]", "shard %s counted twice", sh)
			}
			seen[sh] = true
		}
		out.Shards = append(out.Shards, p.Shards...)
		sum(&out.Fights, p.Fights)
		sum(&out.Unfinished, p.Unfinished)
		sum(&out.Draws, p.Draws)
		for j, sd := range p.Sides {
			if sd.Name != out.Sides[j].Name {
				return nil, fail(pi, "$.sides["+strconv.Itoa(j)+"].name", "%q, but summary #1 has %q: not the same encounter", sd.Name, out.Sides[j].Name)
			}
			sum(&out.Sides[j].Wins, sd.Wins)
		}
		for _, pg := range p.Pages {
			v := pages[pg.Pages]
			sum(&v, pg.Fights)
			pages[pg.Pages] = v
		}
		for j, c := range p.Combatants {
			oc := &out.Combatants[j]
			if c.ID != oc.ID || c.Side != oc.Side {
				return nil, fail(pi, "$.combatants["+strconv.Itoa(j)+"]", "%q of side %q, but summary #1 has %q of side %q: not the same encounter", c.ID, c.Side, oc.ID, oc.Side)
			}
			sum(&oc.Out, c.Out)
			sum64(&oc.HealthTaken, c.HealthTaken)
			sum64(&oc.StaminaTaken, c.StaminaTaken)
			sum64(&oc.HealthDealt, c.HealthDealt)
			sum64(&oc.StaminaDealt, c.StaminaDealt)
		}
		if !ok {
			return nil, fail(pi, "$", "a count overflows when added to the summaries before it")
		}
	}
	if out.Fights > out.N {
		return nil, refusal.Errorf("%d fights counted in a simulation of %d", out.Fights, out.N)
	}
	for pg, n := range pages {
		out.Pages = append(out.Pages, SimPages{Pages: pg, Fights: n})
	}
	sort.Slice(out.Pages, func(i, j int) bool { return out.Pages[i].Pages < out.Pages[j].Pages })
	sort.Strings(out.Shards)
	if out.Fights == out.N {
		out.Shards = []string{}
	}
	return out, nil
}

// Wilson is the 95 % Wilson score interval of k successes in n trials.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	nf, p := float64(n), float64(k)/float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

// heroPointsText names a summary's hero-point mode in a message.
func heroPointsText(mode string) string {
	if mode == "" {
		return "not recorded"
	}
	return strconv.Quote(mode)
}
