package encounter

import (
	"errors"
	"maps"
	"slices"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// batch is the working memory a simulation owns and reuses fight after
// fight. An encounter with a batch keeps no log: nothing is formatted.
type batch struct {
	// rv and res resolve every attack of the fight.
	rv  combat.Resolver
	res combat.Result
	// order and orderKeys are the acting order's buffers.
	order     []*Combatant
	orderKeys []actingKey
	// scored and cr are the autopilot's choice of attack.
	scored []scored
	cr     countingRoller
	// plain rolls the end of page's and initiative's dice unrecorded.
	plain plainRolls
	// exprs are dice expressions parsed once (recovery dice).
	exprs map[string]*dice.Expr
	// weighing is the encounter as decoded, which Weigh weighs attacks
	// on, and the attacks weighed, kept for every fight.
	weighing weighCache
	// aims are the autopilot's candidates of a turn (autoAims), usable
	// which of the actor's attacks it may make then.
	aims   []aim
	usable []bool
	// uses are the power uses offered the autopilot on a turn, sides
	// who each combatant fights for then; bestOn the attack each
	// combatant weighs best on each other (by places, attacker*n+target:
	// see bestOn).
	uses   []autoUse
	sides  []string
	bestOn []bestWeight
	// doing is Do's action under way (newDoing), mental the result of
	// a mental power's use (newMentalResult).
	doing  doing
	mental combat.MentalResult
	// dealt is the health and stamina each combatant's attacks took off
	// their targets this fight, by combatant index.
	dealt []dealt
	// attacks counts the attacks made since the Sim was created.
	attacks int
	// ini, rounds and iniPurposes are the page's initiative, its rounds
	// of d10s and the dice's purposes by side, reused page after page.
	ini         Initiative
	rounds      [][]int
	iniPurposes []string
	// purposes are the combatants' dice's names (see purpose).
	purposes map[[2]string]string
}

type dealt struct{ health, stamina int }

// Sim plays fight after fight from one encounter in memory it owns: the
// file is decoded once, and each fight starts from a copy of the decoded
// encounter made into the same working combatants, so a fight allocates
// almost nothing and an attack nothing at all. A Sim is not safe for
// concurrent use; give each worker its own.
type Sim struct {
	base   *Encounter
	work   Encounter
	b      batch
	roller dice.Seeded
	seed   uint64
	opt    AutoOptions
	copt   combat.Options
	// The combatants' changing parts, owned by the Sim.
	effects [][]Effect
	pools   [][]hero.Pool
	mundane []hero.Mundane
}

// NewSim decodes the encounter data once for a run of fights played by
// the autopilot with the policy (PolicySensible when ""), each bounded by
// maxSteps (Auto's default when 0).
func NewSim(data []byte, copt combat.Options, maxSteps int, policy string) (*Sim, error) {
	base, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if policy == "" {
		policy = PolicySensible
	}
	if err := CheckPolicy(policy); err != nil {
		return nil, err
	}
	n := len(base.Combatants)
	s := &Sim{base: base, opt: AutoOptions{Until: UntilOver, MaxSteps: maxSteps, Policy: policy}, copt: copt,
		effects: make([][]Effect, n), pools: make([][]hero.Pool, n), mundane: make([]hero.Mundane, n)}
	s.b.weighing.base = base
	return s, nil
}

// SetWeighMemo makes the Sim keep the weights of attacks it works out
// in m and take from m those another simulation of the same combatants
// worked out (WeighMemo); nil: the Sim's own, forgotten with it.
func (s *Sim) SetWeighMemo(m *WeighMemo) { s.b.weighing.memo = m }

// SetHeroPoints sets the autopilot's hero point mode (HeroPointsSpend,
// the default, or HeroPointsKeep) for the fights played after it.
func (s *Sim) SetHeroPoints(mode string) error {
	if err := CheckHeroPointMode(mode); err != nil {
		return err
	}
	s.opt.HeroPoints = mode
	return nil
}

// Base is the encounter as decoded: every fight starts from it.
func (s *Sim) Base() *Encounter { return s.base }

// Play plays one fight to the end rolling with dice.NewSeeded(seed), and
// returns the encounter as the fight left it (valid until the next Play;
// it has no log) and whether it ended (false: it hit the step limit).
func (s *Sim) Play(seed uint64) (*Encounter, bool, error) {
	s.reset()
	s.seed = seed
	s.roller.Reseed(seed)
	why, err := s.work.Auto(Ctx{Roller: &s.roller, Seed: &s.seed}, s.opt, s.copt)
	if err != nil {
		var lim *StepLimitError
		if errors.As(err, &lim) {
			return &s.work, false, nil
		}
		return nil, false, err
	}
	return &s.work, why == UntilOver, nil
}

// Dealt is the health and stamina combatant i's attacks took off their
// targets in the last fight played.
func (s *Sim) Dealt(i int) (health, stamina int) {
	if i >= len(s.b.dealt) {
		return 0, 0
	}
	return s.b.dealt[i].health, s.b.dealt[i].stamina
}

// reset makes the working encounter a fresh copy of the base: the
// combatants are copied into the Sim's memory, and every part a fight
// changes (effects, pools, a mundane character's hits, cooldowns) gets
// its own copy, so the base is never written.
func (s *Sim) reset() {
	w, b := &s.work, s.base
	cs := w.Combatants
	for i := range min(len(cs), len(s.effects)) {
		// The effects the last fight grew beyond the Sim's memory are
		// the Sim's: they become its memory (no fight allocates them
		// again).
		if ef := cs[i].Effects; cap(ef) > cap(s.effects[i]) {
			s.effects[i] = ef[:0]
		}
	}
	*w = *b
	w.batch = &s.b
	w.Log = nil
	if b.Initiative != nil {
		ini := *b.Initiative
		w.Initiative = &ini
	}
	w.Combatants = append(cs[:0], b.Combatants...)
	s.b.dealt = append(s.b.dealt[:0], make([]dealt, len(w.Combatants))...)
	for i := range w.Combatants {
		c := &w.Combatants[i]
		s.effects[i] = append(s.effects[i][:0], c.Effects...)
		c.Effects = s.effects[i]
		if c.Cooldowns != nil {
			c.Cooldowns = maps.Clone(c.Cooldowns)
		}
		c.Haymakered = slices.Clip(c.Haymakered)
		h := &c.Hero
		if h.Pools != nil {
			s.pools[i] = append(s.pools[i][:0], h.Pools...)
			h.Pools = s.pools[i]
		}
		if h.Mundane != nil {
			s.mundane[i] = *h.Mundane
			h.Mundane = &s.mundane[i]
		}
		h.Log = slices.Clip(h.Log)
	}
}

// parseDice parses a dice expression, once per simulation in a batch.
func (e *Encounter) parseDice(s string) (*dice.Expr, error) {
	b := e.batch
	if b == nil {
		return dice.Parse(s)
	}
	if x, ok := b.exprs[s]; ok {
		return x, nil
	}
	x, err := dice.Parse(s)
	if err != nil {
		return nil, err
	}
	if b.exprs == nil {
		b.exprs = map[string]*dice.Expr{}
	}
	b.exprs[s] = x
	return x, nil
}

// logRoller is what an action that logs its dice rolls with: a recorder
// of r, whose dice its event keeps; in a simulated fight, which keeps no
// log, r itself and no recorder (nil: read it only to build an event).
func (e *Encounter) logRoller(r dice.Roller) (dice.Roller, *dice.Recorder) {
	if e.batch != nil {
		return r, nil
	}
	rec := dice.NewRecorder(r)
	return rec, rec
}

// newDoing is the memory an action takes its way through Do in: in a
// simulation the batch's, reused action after action (no hook of an
// action does another), else its own.
func (e *Encounter) newDoing() *doing {
	if e.batch != nil {
		return &e.batch.doing
	}
	return new(doing)
}

// newMentalResult is where a mental power's use is worked out
// (combat.MentalInto): in a simulation the batch's, reused use after use,
// else its own.
func (e *Encounter) newMentalResult() *combat.MentalResult {
	if e.batch != nil {
		return &e.batch.mental
	}
	return new(combat.MentalResult)
}
