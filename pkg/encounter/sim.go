package encounter

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/codename-spandex/spandex/pkg/combat"
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
	// Policy is the autopilot's policy: plain or focus.
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
// bounds each fight (Auto's default when 0).
func Simulate(data []byte, seed uint64, n, start, step int, copt combat.Options, maxSteps int) (*SimSummary, error) {
	return SimulateProgress(data, seed, n, start, step, copt, maxSteps, PolicyPlain, nil)
}

// SimulateProgress is Simulate with the autopilot's policy (PolicyPlain
// or PolicyFocus), calling done (when not nil) after each fight. The
// fights are played by one Sim: the file is decoded once.
func SimulateProgress(data []byte, seed uint64, n, start, step int, copt combat.Options, maxSteps int, policy string, done func()) (*SimSummary, error) {
	return SimulateHeroPoints(data, seed, n, start, step, copt, maxSteps, policy, "", done)
}

// SimulateHeroPoints is SimulateProgress with the autopilot's hero point
// mode (HeroPointsSpend, the default when "", or HeroPointsKeep).
func SimulateHeroPoints(data []byte, seed uint64, n, start, step int, copt combat.Options, maxSteps int, policy, heroPoints string, done func()) (*SimSummary, error) {
	sim, err := NewSim(data, copt, maxSteps, policy)
	if err != nil {
		return nil, err
	}
	if err := sim.SetHeroPoints(heroPoints); err != nil {
		return nil, err
	}
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

// MergeSims adds summaries of the same simulation (same seed, n, sides
// and combatants) exactly, count by count.
func MergeSims(parts ...*SimSummary) (*SimSummary, error) {
	if len(parts) == 0 {
		return nil, refusal.Errorf("nothing to merge")
	}
	out := &SimSummary{Schema: SimSchema, Kind: SimKind, Seed: parts[0].Seed, Policy: parts[0].Policy, HeroPoints: parts[0].HeroPoints, N: parts[0].N, Shards: []string{}, Pages: []SimPages{}}
	out.Sides = append([]SimSide(nil), parts[0].Sides...)
	out.Combatants = append([]SimCombatant(nil), parts[0].Combatants...)
	for j := range out.Sides {
		out.Sides[j].Wins = 0
	}
	for j := range out.Combatants {
		c := &out.Combatants[j]
		c.Out, c.HealthTaken, c.StaminaTaken, c.HealthDealt, c.StaminaDealt = 0, 0, 0, 0, 0
	}
	seen := map[string]bool{}
	for pi, p := range parts {
		if p.Seed != out.Seed || p.Policy != out.Policy || p.N != out.N || len(p.Sides) != len(out.Sides) || len(p.Combatants) != len(out.Combatants) {
			return nil, refusal.Errorf("summary #%d: not the same simulation (seed %d, n %d)", pi+1, p.Seed, p.N)
		}
		if p.HeroPoints != out.HeroPoints {
			return nil, refusal.Errorf("summary #%d: hero points %s, but summary #1 has %s: shards of one simulation are played with the same --hero-points", pi+1, heroPointsText(p.HeroPoints), heroPointsText(out.HeroPoints))
		}
		for _, sh := range p.Shards {
			if seen[sh] {
				return nil, refusal.Errorf("summary #%d: shard %s counted twice", pi+1, sh)
			}
			seen[sh] = true
		}
		out.Shards = append(out.Shards, p.Shards...)
		out.Fights += p.Fights
		out.Unfinished += p.Unfinished
		out.Draws += p.Draws
		for j, sd := range p.Sides {
			if sd.Name != out.Sides[j].Name {
				return nil, refusal.Errorf("summary #%d: side %d is %q, not %q", pi+1, j+1, sd.Name, out.Sides[j].Name)
			}
			out.Sides[j].Wins += sd.Wins
		}
		for _, pg := range p.Pages {
			out.addPages(pg.Pages, pg.Fights)
		}
		for j, c := range p.Combatants {
			if c.ID != out.Combatants[j].ID {
				return nil, refusal.Errorf("summary #%d: combatant %d is %q, not %q", pi+1, j+1, c.ID, out.Combatants[j].ID)
			}
			oc := &out.Combatants[j]
			oc.Out += c.Out
			oc.HealthTaken += c.HealthTaken
			oc.StaminaTaken += c.StaminaTaken
			oc.HealthDealt += c.HealthDealt
			oc.StaminaDealt += c.StaminaDealt
		}
	}
	if out.Fights > out.N {
		return nil, refusal.Errorf("%d fights counted in a simulation of %d", out.Fights, out.N)
	}
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
