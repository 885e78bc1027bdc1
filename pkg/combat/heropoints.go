package combat

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// The rolls of an attack hero points can re-roll (p. 14).
const (
	HeroRollToHit    = "to-hit"
	HeroRollReaction = "reaction"
	HeroRollDamage   = "damage"
	// HeroRollContest is a side's own d20 of a psychic attack's will
	// contest (p. 43), the higher kept.
	HeroRollContest = "contest"
	// HeroRollOpponentContest is the other side's d20 of a will contest:
	// the spender makes its opponent re-roll it, the lower kept (p. 14).
	HeroRollOpponentContest = "opponent-contest"
	// HeroRollJudoGrab is the judo throw's grab to-hit d20 (p. 35), the
	// defender's own roll.
	HeroRollJudoGrab = "judo-grab"
)

// The spenders.
const (
	RoleAttacker = "attacker"
	RoleDefender = "defender"
)

// HeroPointSpend is hero points spent re-rolling one roll of an attack
// (p. 14): the attacker's own to-hit and damage, the defender's own
// reaction roll, and either side making the other re-roll a roll that
// directly affects them.
type HeroPointSpend struct {
	// Who spends: RoleAttacker or RoleDefender.
	Who string `json:"who"`
	// Roll is HeroRollToHit, HeroRollReaction or HeroRollDamage.
	Roll   string `json:"roll"`
	Points int    `json:"points"`
}

// HeroPointFavour is which way a roll of an attack is more favourable to
// the spender (docs/rules-notes.md, p. 14): a higher to-hit d20 and more
// damage favour the attacker, a higher reaction die (parry d20, dodge d6,
// judo throw d6) favours the defender; the other side wants the lower.
func HeroPointFavour(who, roll string) heropoints.Favour {
	if roll == HeroRollOpponentContest {
		return heropoints.Lower
	}
	owner := heroRollOwner(roll)
	if who == owner {
		return heropoints.Higher
	}
	return heropoints.Lower
}

// heroRollOwner is the side that makes roll: the defender its reaction
// and judo grab, the attacker the rest.
func heroRollOwner(roll string) string {
	owner := RoleAttacker
	if roll == HeroRollReaction || roll == HeroRollJudoGrab {
		owner = RoleDefender
	}
	return owner
}

// ParseHeroPoints reads "[attacker:|defender:]ROLL=N" (ROLL: to-hit,
// reaction, damage, contest, opponent-contest, judo-grab). Without a
// spender the roll's own side spends: the attacker on to-hit, damage and
// the contests, the defender on its reaction and its judo throw's grab.
// On a will contest "contest" re-rolls the spender's own d20 (the higher
// kept) and "opponent-contest" makes the other side re-roll its d20 (the
// lower kept).
func ParseHeroPoints(s string) (HeroPointSpend, error) {
	var sp HeroPointSpend
	body := s
	if who, rest, ok := strings.Cut(s, ":"); ok {
		sp.Who, body = who, rest
	}
	roll, n, ok := strings.Cut(body, "=")
	if !ok {
		return sp, refusal.Errorf("%q: want [attacker:|defender:]ROLL=N, e.g. to-hit=1 or defender:damage=2", s)
	}
	switch roll {
	case HeroRollToHit, HeroRollReaction, HeroRollDamage, HeroRollContest, HeroRollOpponentContest, HeroRollJudoGrab:
		sp.Roll = roll
	default:
		return sp, refusal.Errorf("%q: %q is not to-hit, reaction, damage, contest, opponent-contest or judo-grab", s, roll)
	}
	switch sp.Who {
	case "":
		sp.Who = RoleAttacker
		if roll == HeroRollReaction || roll == HeroRollJudoGrab {
			sp.Who = RoleDefender
		}
	case RoleAttacker, RoleDefender:
	default:
		return sp, refusal.Errorf("%q: %q is not attacker or defender", s, sp.Who)
	}
	v, err := strconv.Atoi(n)
	if err != nil || v < 1 || v > heropoints.MaxPoints {
		return sp, refusal.Errorf("%q: %q is not a number of hero points (1-%d)", s, n, heropoints.MaxPoints)
	}
	sp.Points = v
	return sp, nil
}

// checkHeroPoints checks the spends before any die is rolled: each roll
// once, a roll this attack makes, and enough points in each pool.
func (p *pipeline) checkHeroPoints() error {
	req := p.req
	total := map[string]int{}
	seen := map[[2]string]bool{}
	for _, sp := range req.HeroPoints {
		if sp.Points < 1 || sp.Points > heropoints.MaxPoints {
			return reqErr("hero-points", "%s:%s=%d: spend 1-%d points", sp.Who, sp.Roll, sp.Points, heropoints.MaxPoints)
		}
		if sp.Who != RoleAttacker && sp.Who != RoleDefender {
			return reqErr("hero-points", "%q is not attacker or defender", sp.Who)
		}
		k := [2]string{sp.Who, sp.Roll}
		if seen[k] {
			return reqErr("hero-points", "%s:%s given twice: spend several points on one roll as %s:%s=N", sp.Who, sp.Roll, sp.Who, sp.Roll)
		}
		seen[k] = true
		if why := p.noHeroRoll(sp.Roll); why != "" {
			return reqErr("hero-points", "%s: %s", sp.Roll, why)
		}
		total[sp.Who] += sp.Points
	}
	for who, n := range total {
		h := p.att
		if who == RoleDefender {
			h = p.def
		}
		if h.IsMundane() {
			return reqErr("hero-points", "%s is mundane and has no hero points (p. 14)", h.Name)
		}
		if err := heropoints.Check(h, n); err != nil {
			return reqErr("hero-points", "%v", err)
		}
	}
	return nil
}

// noHeroRoll says why this attack never makes roll, or "".
func (p *pipeline) noHeroRoll(roll string) string {
	req := p.req
	switch req.Mode {
	case ModeFinishing, ModeEscape, ModeThrow:
		return fmt.Sprintf("a %s makes no to-hit, reaction or damage roll hero points can re-roll here", req.Mode)
	}
	switch roll {
	case HeroRollToHit:
		if req.Mode == ModeCrush {
			return "hurting a grappled target needs no to-hit roll (p. 42)"
		}
		if p.mental {
			return "a psychic attack is a will contest, not a to-hit roll (p. 43)"
		}
	case HeroRollReaction:
		switch req.Reaction.Kind {
		case ReactionDodge, ReactionJudo:
		case ReactionParry:
			if p.reflect {
				return "Energy Reflect parries automatically (p. 56)"
			}
		default:
			return "only a parry (d20), dodge (d6) or judo throw (d6) reaction is rolled"
		}
	case HeroRollDamage:
		if req.Mode == ModeGrab {
			return "a grab does no damage"
		}
	case HeroRollContest, HeroRollOpponentContest:
		if !p.mental {
			return "only a psychic attack makes a will contest (p. 43)"
		}
	case HeroRollJudoGrab:
		if req.Reaction.Kind != ReactionJudo {
			return "only a judo throw reaction makes a grab roll (p. 35)"
		}
	default:
		return "not to-hit, reaction, damage, contest, opponent-contest or judo-grab"
	}
	return ""
}

// heroSpends are the spends on roll: the roll's owner's own and the
// other side's making it re-roll, each if any.
func (p *pipeline) heroSpends(roll string) (own, opp HeroPointSpend, any bool) {
	owner := heroRollOwner(roll)
	for _, sp := range p.req.HeroPoints {
		if sp.Roll != roll {
			continue
		}
		if sp.Who == owner {
			own = sp
		} else {
			opp = sp
		}
		any = true
	}
	return own, opp, any
}

// rerollPurpose names a die of a hero point re-roll: "to-hit
// (re-roll 1)".
func rerollPurpose(purpose string, i int) string {
	if i == 0 {
		return purpose
	}
	return purpose + " (re-roll " + strconv.Itoa(i) + ")"
}

// keep rolls roll (roll(0)) and the re-rolls hero points buy: the
// roll's owner's first, keeping the more favourable to it, then the other
// side's against the result that stands, keeping the more favourable to
// that side (heropoints.KeepBoth), by the compared value; it records the
// spends on the result and returns the index of the value kept among
// every roll(i). Without a spend it is just roll(0).
func (p *pipeline) keep(roll, compared string, f func(i int) (int, error)) (int, error) {
	own, opp, ok := p.heroSpends(roll)
	if !ok {
		_, err := f(0)
		return 0, err
	}
	owner := heroRollOwner(roll)
	fav := HeroPointFavour(owner, roll)
	b, err := heropoints.KeepBoth(own.Points, opp.Points, fav, f)
	if err != nil {
		return 0, err
	}
	name := func(who string) string {
		if who == RoleDefender {
			return p.def.Name
		}
		return p.att.Name
	}
	if own.Points > 0 {
		k, rs := b.OwnResults()
		p.res.HeroPoints = append(p.res.HeroPoints, heropoints.Record(name(own.Who), own.Who, roll, fav, compared, k, rs))
	}
	if opp.Points > 0 {
		k, rs := b.OppResults()
		p.res.HeroPoints = append(p.res.HeroPoints, heropoints.Record(name(opp.Who), opp.Who, roll, fav.Opposite(), compared, k, rs))
	}
	return b.Kept, nil
}

// rollDieKept rolls one die for roll with any hero point re-rolls and
// returns the face kept. The die counts only as reaching cut or not (see
// dice.CutRoller; 0 when every face counts), so the odds engine may roll
// one face for each side of it; without hero points on roll it is a plain
// roll of the die.
func (p *pipeline) rollDieKept(roll string, sides int, purpose string, cut int) (int, error) {
	if _, _, ok := p.heroSpends(roll); !ok {
		return p.rollDie(sides, purpose, cut)
	}
	faces := make([]int, 0, 2)
	kept, err := p.keep(roll, fmt.Sprintf("d%d face", sides), func(i int) (int, error) {
		v, err := p.rollDie(sides, rerollPurpose(purpose, i), cut)
		faces = append(faces, v)
		return v, err
	})
	if err != nil {
		return 0, err
	}
	return faces[kept], nil
}

// rollDie rolls one die, which counts only as reaching cut or not when
// cut is not 0.
func (p *pipeline) rollDie(sides int, purpose string, cut int) (int, error) {
	if cut == 0 {
		return p.rec.Roll(sides, purpose)
	}
	return p.rec.RollCut(sides, purpose, cut)
}

// spendHeroPoints takes the points a result spent by who from h's pool
// and returns the points.
func (res *Result) spendHeroPoints(h *hero.Hero, who string) int {
	n := 0
	for _, r := range res.HeroPoints {
		if r.Role == who {
			n += r.Points
		}
	}
	if n > 0 {
		heropoints.Spend(h, n)
	}
	return n
}

// heroPointRerolls are the re-rolls a result made with who's hero points,
// and the points they cost.
func (res *Result) heroPointRerolls(who string) ([]heropoints.Reroll, int) {
	var rs []heropoints.Reroll
	n := 0
	for _, r := range res.HeroPoints {
		if r.Role == who {
			rs = append(rs, r)
			n += r.Points
		}
	}
	return rs, n
}

// ContestSpends are the hero points spent on a will contest's two d20s
// (p. 14): each side's on its own d20 (the higher kept) and on the other
// side's (the lower kept).
type ContestSpends struct {
	Attacker, Defender                 int
	AttackerOpponent, DefenderOpponent int
}

// ParseContestHeroPoints reads --hero-points specs for a will contest:
// "[attacker:|defender:]contest=N" or "[attacker:|defender:]opponent-contest=N",
// each spender and roll once.
func ParseContestHeroPoints(specs []string) (ContestSpends, error) {
	var c ContestSpends
	for _, s := range specs {
		sp, err := ParseHeroPoints(s)
		if err != nil {
			return c, err
		}
		var dst *int
		switch {
		case sp.Roll == HeroRollContest && sp.Who == RoleAttacker:
			dst = &c.Attacker
		case sp.Roll == HeroRollContest:
			dst = &c.Defender
		case sp.Roll == HeroRollOpponentContest && sp.Who == RoleAttacker:
			dst = &c.AttackerOpponent
		case sp.Roll == HeroRollOpponentContest:
			dst = &c.DefenderOpponent
		default:
			return c, refusal.Errorf("%q: a will contest re-rolls only its d20s: [attacker:|defender:]contest=N (the spender's own) or opponent-contest=N (the other side's)", s)
		}
		if *dst != 0 {
			return c, refusal.Errorf("%q: %s:%s given twice: spend several points on one roll as %s:%s=N", s, sp.Who, sp.Roll, sp.Who, sp.Roll)
		}
		*dst = sp.Points
	}
	return c, nil
}

// AutoHeroPoints are budgets of hero points spent on an attack's to-hit
// d20 only while the roll is not good enough for the spender
// (heropoints.KeepUntil, p. 14): the attacker's own re-rolls while the
// d20 misses (the higher kept), then the defender's, making the attacker
// re-roll while it hits (the lower kept). Points not needed stay in the
// pools.
type AutoHeroPoints struct {
	Attacker int
	Defender int
}

// autoToHit rolls the to-hit d20 that reaches cut to hit, with the
// AutoHeroPoints re-rolls (dice: the d20, the attacker's re-rolls, the
// defender's), and records every point spent.
func (p *pipeline) autoToHit(cut int) (int, error) {
	a := p.req.AutoHeroPoints
	hit := func(v int) bool { return v >= cut }
	n := 0
	roll := func(int) (int, error) {
		v, err := p.rollDie(20, rerollPurpose("to-hit", n), cut)
		n++
		return v, err
	}
	// A re-roll is spent only where it can turn the roll: the attacker's
	// when some face hits, the defender's when some face misses.
	if cut > 20 {
		a.Attacker = 0
	}
	if cut <= 1 {
		a.Defender = 0
	}
	k, results, err := heropoints.KeepUntil(a.Attacker, heropoints.Higher, hit, roll)
	if err != nil {
		return 0, err
	}
	v := results[k]
	if len(results) > 1 {
		p.res.HeroPoints = append(p.res.HeroPoints, heropoints.Record(p.att.Name, RoleAttacker, HeroRollToHit, heropoints.Higher, "d20 face", k, results))
	}
	standing := v
	k, results, err = heropoints.KeepUntil(a.Defender, heropoints.Lower, func(v int) bool { return !hit(v) }, func(i int) (int, error) {
		if i == 0 {
			return standing, nil
		}
		return roll(i)
	})
	if err != nil {
		return 0, err
	}
	if len(results) > 1 {
		p.res.HeroPoints = append(p.res.HeroPoints, heropoints.Record(p.def.Name, RoleDefender, HeroRollToHit, heropoints.Lower, "d20 face", k, results))
	}
	return results[k], nil
}

// checkAutoHeroPoints checks the autopilot's budgets with the spends
// given: each side's points in its pool, none by hand on the to-hit.
func (p *pipeline) checkAutoHeroPoints() error {
	a := p.req.AutoHeroPoints
	if a.Attacker == 0 && a.Defender == 0 {
		return nil
	}
	for _, sp := range p.req.HeroPoints {
		if sp.Roll == HeroRollToHit {
			return reqErr("hero-points", "the autopilot's to-hit re-rolls and a spend on the to-hit given by hand do not mix")
		}
	}
	for _, s := range []struct {
		who string
		h   *hero.Hero
		n   int
	}{{RoleAttacker, p.att, a.Attacker}, {RoleDefender, p.def, a.Defender}} {
		if s.n == 0 {
			continue
		}
		if s.n < 0 || s.n > heropoints.MaxPoints || s.h.IsMundane() {
			return reqErr("hero-points", "%s: %d autopilot hero points", s.who, s.n)
		}
		for _, sp := range p.req.HeroPoints {
			if sp.Who == s.who {
				s.n += sp.Points
			}
		}
		if err := heropoints.Check(s.h, s.n); err != nil {
			return reqErr("hero-points", "%v", err)
		}
	}
	return nil
}

// SpendHeroPoints takes the hero points spent on a will contest's d20s
// (p. 14) off the attacker's and the defender's hero files; def may be
// nil (no defender to charge).
func (p *PsychicResult) SpendHeroPoints(att, def *hero.Hero) {
	for _, hp := range p.HeroPoints {
		switch {
		case hp.Role == RoleAttacker:
			heropoints.Spend(att, hp.Points)
		case hp.Role == RoleDefender && def != nil:
			heropoints.Spend(def, hp.Points)
		}
	}
}
