package encounter

import (
	"fmt"
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// MaxInitiativeRounds bounds re-rolls of tied initiative.
const MaxInitiativeRounds = 100

// PhaseError is a request that does not fit where the page is.
type PhaseError struct{ Msg string }

func (e *PhaseError) Error() string { return e.Msg }

// Refused marks a PhaseError as the user's fault (exit status 2).
func (e *PhaseError) Refused() {}

func phaseErrorf(format string, args ...any) error {
	return &PhaseError{Msg: fmt.Sprintf(format, args...)}
}

// Decide works out a page's initiative from the sides' d10 rolls (one
// slice per round, one roll per side): the highest roll of the last round
// wins, the difference is taken to the best losing roll, and the advance
// panels come from the Initiative Table (p. 30). Every round but the last
// must have a tied highest roll, and the last must not.
func Decide(sides []string, rolls [][]int) (Initiative, error) {
	if len(rolls) == 0 {
		return Initiative{}, refusal.Errorf("initiative: no rolls")
	}
	for r, round := range rolls {
		if len(round) != len(sides) {
			return Initiative{}, refusal.Errorf("initiative: round %d has %d rolls for %d sides", r+1, len(round), len(sides))
		}
		for _, v := range round {
			if v < 1 || v > 10 {
				return Initiative{}, refusal.Errorf("initiative: %d is not a d10 roll", v)
			}
		}
		best, second, who := top2(round)
		last := r == len(rolls)-1
		if best == second && last {
			return Initiative{}, refusal.Errorf("initiative: the last round is tied at %d; roll again", best)
		}
		if best != second && !last {
			return Initiative{}, refusal.Errorf("initiative: round %d is not tied, yet rolling went on", r+1)
		}
		if last {
			diff := best - second
			return Initiative{Rolls: rolls, Winner: sides[who], Difference: diff, Advance: rulebook.InitiativeAdvance(diff)}, nil
		}
	}
	panic("unreachable")
}

// top2 returns the highest and second-highest values and the index of the
// highest (the first, when tied).
func top2(vals []int) (best, second, who int) {
	best, second, who = -1, -1, -1
	for i, v := range vals {
		switch {
		case v > best:
			best, second, who = v, best, i
		case v > second:
			second = v
		}
	}
	return best, second, who
}

// RollInitiative rolls the current page's initiative: a d10 per side in
// Sides order, all re-rolled while the highest is tied (p. 30). From the
// surprise round it first closes the surprise round and starts page 1.
// It then starts the page: panels per page are worked out afresh, ongoing
// effects charge their panels, and the winners' advance phase begins.
//
// Dice: one d10 per side, in side order, round after round until the
// highest roll is not tied.
func (e *Encounter) RollInitiative(ctx Ctx) error {
	if err := e.overErr(); err != nil {
		return err
	}
	switch e.Phase {
	case PhaseInitiative:
	case PhaseSurprise:
		e.closeSurprise()
	default:
		return phaseErrorf("initiative for page %d is already rolled (%s won by %d); finish the page with `fight end-page`", e.Page, e.Initiative.Winner, e.Initiative.Difference)
	}
	rec := e.recorder(ctx.Roller)
	names := make([]string, len(e.Sides))
	for i, s := range e.Sides {
		names[i] = s.Name
	}
	rolls := e.initiativeRounds()
	var spent []heropoints.Reroll
	for {
		if len(rolls) == MaxInitiativeRounds {
			return refusal.Errorf("initiative: still tied after %d rounds", MaxInitiativeRounds)
		}
		round := e.initiativeRound(len(rolls), len(names))
		for i, n := range names {
			v, err := rec.Roll(10, e.initiativePurpose(i, n))
			if err != nil {
				return err
			}
			round[i] = v
		}
		// Hero points (p. 14), first round only: a combatant re-rolls its
		// side's d10 while the side is behind another side's roll.
		if len(rolls) == 0 {
			for i := range e.Combatants {
				c := &e.Combatants[i]
				if ctx.HeroPoints[c.ID] == 0 {
					continue
				}
				si := e.SideIndex(c.Side)
				best := func() int {
					b := 0
					for j, v := range round {
						if j != si {
							b = max(b, v)
						}
					}
					return b
				}()
				v, hp, err := e.heroRoll(ctx, c, "initiative", heropoints.Higher, "d10 face", func(v int) bool { return v >= best },
					func(k int) (int, error) {
						if k == 0 {
							return round[si], nil
						}
						return rec.Roll(10, "initiative for "+names[si]+reroll(k))
					})
				if err != nil {
					return err
				}
				round[si] = v
				if hp != nil {
					spent = append(spent, *hp)
				}
			}
		}
		rolls = append(rolls, round)
		if b, s, _ := top2(round); b != s {
			break
		}
	}
	ini, err := Decide(names, rolls)
	if err != nil {
		return err
	}
	ini.HeroPoints = spent
	return e.startPage(ctx, ini, rec.Rolls())
}

// recorder records the dice r rolls for the log, or only rolls them in a
// simulated fight (which keeps no log).
func (e *Encounter) recorder(r dice.Roller) rollRecorder {
	if b := e.batch; b != nil {
		b.plain = plainRolls{r}
		return &b.plain
	}
	return dice.NewRecorder(r)
}

// rollRecorder rolls and tells the dice rolled.
type rollRecorder interface {
	dice.Roller
	Rolls() []dice.Rolled
}

// plainRolls rolls without recording.
type plainRolls struct{ dice.Roller }

func (*plainRolls) Rolls() []dice.Rolled { return nil }

// SetInitiative starts the page with an initiative decided elsewhere (the
// GM's table), after checking it against the rules.
func (e *Encounter) SetInitiative(ctx Ctx, rolls [][]int) error {
	if err := e.overErr(); err != nil {
		return err
	}
	switch e.Phase {
	case PhaseInitiative:
	case PhaseSurprise:
		e.closeSurprise()
	default:
		return phaseErrorf("initiative for page %d is already rolled", e.Page)
	}
	names := make([]string, len(e.Sides))
	for i, s := range e.Sides {
		names[i] = s.Name
	}
	ini, err := Decide(names, rolls)
	if err != nil {
		return err
	}
	return e.startPage(ctx, ini, nil)
}

// closeSurprise ends the surprise round (page 0) and opens page 1.
func (e *Encounter) closeSurprise() {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		if left := c.Panels.Left(); left > 0 && e.inPhase(c) {
			c.Panels.Forfeited += left
		}
	}
	e.appendEvent(Event{Kind: KindSurprise, Summary: "the surprise round is over"})
	e.Page, e.Phase = 1, PhaseInitiative
}

func (e *Encounter) startPage(ctx Ctx, ini Initiative, rolled []dice.Rolled) error {
	if b := e.batch; b != nil {
		b.ini = ini // a simulated fight's page, in the worker's memory
		e.Initiative = &b.ini
	} else {
		page := ini
		e.Initiative = &page
	}
	e.record(func() Event {
		var steps ruling.Steps
		var parts []string
		for r, round := range ini.Rolls {
			var sides []string
			for i, v := range round {
				sides = append(sides, fmt.Sprintf("%s %d", e.Sides[i].Name, v))
			}
			if r < len(ini.Rolls)-1 {
				steps.Add("initiative", "p. 30", "%s: tied, roll again", strings.Join(sides, ", "))
			} else {
				steps.Add("initiative", "p. 30", "%s: %s win by %d", strings.Join(sides, ", "), ini.Winner, ini.Difference)
			}
			parts = append(parts, strings.Join(sides, " vs "))
		}
		for _, hp := range ini.HeroPoints {
			steps.Add("hero-points", "p. 14", "%s", hp.Text())
		}
		for _, side := range e.Sides {
			if t := e.speedOrder(side.Name); t != "" {
				steps.Add("order", "p. 75", "%s: %s", side.Name, t)
			}
		}
		steps.AddRow("advance", "p. 30", "Initiative Table", fmt.Sprintf("difference %d", ini.Difference),
			"%s get %s each before the losers act (capped by each combatant's panels per page)", ini.Winner, plural(ini.Advance, "advance panel"))
		var seed *uint64
		if len(rolled) > 0 {
			seed = ctx.Seed
		}
		return Event{Kind: KindInitiative, Phase: PhaseInitiative, Seed: seed, Dice: rolled, Steps: steps,
			Summary: fmt.Sprintf("page %d: %s; %s win by %d: %s", e.Page, strings.Join(parts, "; re-roll "), ini.Winner, ini.Difference, plural(ini.Advance, "advance panel")),
			Details: mustJSON(ini)}
	})
	for i := range e.Combatants {
		e.beginPanels(&e.Combatants[i])
	}
	e.chargeUpkeepPanels()
	e.setPhase(PhaseAdvance)
	e.settle()
	return nil
}

// initiativeRounds is where a page's initiative rounds are gathered:
// a new list, or in a simulated fight the worker's own, reused page
// after page (the last page's is not read again).
func (e *Encounter) initiativeRounds() [][]int {
	if b := e.batch; b != nil {
		return b.rounds[:0]
	}
	return nil
}

// initiativeRound is round r's d10s, one per side: new, or in a
// simulated fight the worker's own.
func (e *Encounter) initiativeRound(r, sides int) []int {
	b := e.batch
	if b == nil {
		return make([]int, sides)
	}
	for len(b.rounds) <= r {
		b.rounds = append(b.rounds, nil)
	}
	b.rounds[r] = slices.Grow(b.rounds[r][:0], sides)[:sides]
	clear(b.rounds[r])
	return b.rounds[r]
}

// initiativePurpose names side i's initiative d10 ("initiative for
// heroes"): in a simulated fight named once per side by the worker.
func (e *Encounter) initiativePurpose(i int, side string) string {
	b := e.batch
	if b == nil {
		return "initiative for " + side
	}
	for len(b.iniPurposes) <= i {
		b.iniPurposes = append(b.iniPurposes, "")
	}
	if p := b.iniPurposes[i]; len(p) == len("initiative for ")+len(side) && p[len("initiative for "):] == side {
		return p
	}
	b.iniPurposes[i] = "initiative for " + side
	return b.iniPurposes[i]
}
