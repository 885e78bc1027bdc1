package downtime

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// PowerGainer gains a power at rank 1, or the next rank of a power the
// hero has (or, as Options.GainSubPower, another flavour of a power the
// hero has), the way hero generation resolves it: flavours and rolled
// values, then the hero's derived values. It is supplied by the caller
// (the CLI passes the character-generation code), so that downtime never
// keeps a second copy of power resolution. It returns the steps of its
// ruling.
type PowerGainer func(h *hero.Hero, slug string, r dice.Roller) (ruling.Steps, error)

// Options are the documented rule options and the hooks into hero
// generation.
type Options struct {
	// CarryOver lets unspent downtime points carry into the next week
	// (config rules.carry_over_downtime; the book's default is no).
	CarryOver bool
	// Simpler is the optional simpler experience rule (p. 46): points are
	// spent directly, each worth 5 experience (3 towards a new power), so
	// costs in points are the experience cost / 5 (/ 3), rounded up.
	Simpler bool
	// GainPower resolves new powers and ranks; nil means buying powers is
	// not available in this build.
	GainPower PowerGainer
	// GainSubPower adds another flavour to a power the hero has; nil
	// means buying sub-powers is not available in this build.
	GainSubPower PowerGainer
	// SubPowerBlocked says why a power the hero has cannot gain another
	// sub-power ("" when it can), so that plans show it before experience
	// is spent; nil blocks nothing beyond the checks here.
	SubPowerBlocked func(h *hero.Hero, slug string) string
	// Derive recomputes the hero's derived values (combat figures,
	// movement) after an ability changes; nil leaves them, with a warning.
	Derive func(h *hero.Hero) error
}

// Price is what the next increase of a goal costs and whether it can be
// bought now.
type Price struct {
	Goal Goal `json:"goal"`
	// Current is the score, level or rank now (for a new power or
	// sub-power: the number of powers counted).
	Current int `json:"current"`
	// Next is the value after the increase (for a new power: rank 1).
	Next int `json:"next"`
	// XP is the experience cost.
	XP int `json:"xp"`
	// DP is the cost in downtime points under the simpler experience rule.
	DP int `json:"dp,omitempty"`
	// Have is the experience accrued towards the goal.
	Have    int    `json:"have"`
	Formula string `json:"formula"`
	Page    string `json:"page"`
	// Blocked says why the goal cannot be bought now, if it cannot.
	Blocked string `json:"blocked,omitempty"`
	// UpkeepWeeks is how many weeks of 5 experience keep the increase
	// (0 where no upkeep applies).
	UpkeepWeeks int `json:"upkeep_weeks"`
	// NewPower marks the new-power cost (30 x powers).
	NewPower bool `json:"new_power"`
}

// XPPerPoint is what one downtime point is worth towards the goal under
// the simpler experience rule: 5, or 3 towards a new power or sub-power
// (p. 46).
func XPPerPoint(p Price) int {
	if p.NewPower {
		return rulebook.SimpleXPNewPowerDiv
	}
	return rulebook.SimpleXPDivisor
}

// CountPowers is the number of different powers the hero has, for the
// new-power cost (p. 48): one per power entry (a power with several
// flavours counts once); being a robot counts as one more (p. 50).
func CountPowers(h *hero.Hero) int {
	n := len(h.Powers)
	if h.Kind == hero.KindRobot {
		n++
	}
	return n
}

// PriceOf works out the next increase of a goal for the hero (pp. 46-48).
// An error means the goal does not apply to this hero (an unknown
// device); a goal that applies but cannot be bought now has Blocked set.
func PriceOf(h *hero.Hero, g Goal, opts Options) (Price, error) {
	p := Price{Goal: g, Have: h.Downtime.Experience[g.Key]}
	switch g.Kind {
	case GoalProfile, GoalResource:
		m, _ := profile.LookupMeasure(g.Target)
		cur := *profile.Score(h, g.Target)
		p.Current, p.Next = cur, cur+1
		if g.Kind == GoalProfile {
			p.XP, p.Formula, p.Page = rulebook.CostProfileMeasure(cur), fmt.Sprintf("10 x current score %d", cur), "p. 46"
		} else {
			p.XP, p.Formula, p.Page = rulebook.CostResource(cur), fmt.Sprintf("10 x current level %d", cur), "p. 47"
		}
		p.UpkeepWeeks = rulebook.KeepIncreaseWeeks(p.Next)
		switch {
		case cur >= m.Max:
			p.Blocked = fmt.Sprintf("%s is at its maximum of %d (%s)", g.Key, m.Max, p.Page)
		case g.Kind == GoalResource && !profile.CanIncreaseResources(h):
			p.Blocked = fmt.Sprintf("confidence %d is below 46: resources cannot be increased (Confidence Table, p. 24; p. 47)", h.Profile.Confidence)
		}
	case GoalAbility:
		cur, _ := h.Abilities.Base.Get(g.Target)
		p.Current, p.Next = cur, cur+1
		p.XP, p.Formula, p.Page = rulebook.CostAbility(cur), fmt.Sprintf("10 x current (rolled) score %d", cur), "p. 47"
		p.UpkeepWeeks = rulebook.KeepIncreaseWeeks(p.Next)
		if cur >= rulebook.AbilityTrainingCap {
			p.Blocked = fmt.Sprintf("%s %d: training stops at %d; beyond that only powers raise it (p. 47)", g.Target, cur, rulebook.AbilityTrainingCap)
		}
	case GoalPower:
		row, _ := rulebook.PowerBySlug(g.Target)
		if pw := h.FindPower(rulebook.PowerID(g.Target)); pw != nil {
			p.Current, p.Next = pw.Rank, pw.Rank+1
			p.XP, p.Formula, p.Page = rulebook.CostPowerRank(pw.Rank), fmt.Sprintf("100 x current rank %d", pw.Rank), "p. 48"
			if row.MaxRanks != rulebook.Unlimited && pw.Rank >= row.MaxRanks {
				p.Blocked = fmt.Sprintf("%s is at its maximum rank %d (p. 48)", row.Name, row.MaxRanks)
			}
		} else {
			n := CountPowers(h)
			p.Current, p.Next, p.NewPower = n, 1, true
			p.XP, p.Formula, p.Page = rulebook.CostNewPower(n), fmt.Sprintf("30 x %d current powers", n), "p. 48"
		}
		if opts.GainPower == nil && p.Blocked == "" {
			p.Blocked = "buying powers needs hero generation's power resolution, which this build does not provide"
		}
	case GoalSubPower:
		row, _ := rulebook.PowerBySlug(g.Target)
		n := CountPowers(h)
		p.Current, p.Next, p.NewPower = n, 1, true
		p.XP, p.Formula, p.Page = rulebook.CostNewPower(n), fmt.Sprintf("a new sub-power counts as a new power: 30 x %d current powers", n), "p. 48"
		switch {
		case h.FindPower(rulebook.PowerID(g.Target)) == nil:
			p.Blocked = fmt.Sprintf("%s has no %s: buy power:%s first", h.Name, row.Name, row.Slug)
		case opts.GainSubPower == nil:
			p.Blocked = "buying a sub-power needs hero generation to add a flavour to a power the hero has, which this build does not provide; the GM can add it by hand (hero derive)"
		case opts.SubPowerBlocked != nil:
			p.Blocked = opts.SubPowerBlocked(h, g.Target)
		}
	case GoalDevice:
		d := FindDevice(h, g.Target)
		if d == nil {
			return Price{}, refusal.Errorf("no device %q under way: start it with downtime device --name %s", g.Target, g.Target)
		}
		total := DeviceTotalXP(*d)
		p.Current, p.Next = d.Experience, total
		p.XP, p.Have = total-d.Experience, 0
		p.Formula = fmt.Sprintf("%d per stage x %d stages x %d functions, %d done", d.PerStage, deviceStages(*d), functions(*d), d.Experience)
		p.Page = "pp. 47-48"
		if d.Stage == StageDone {
			p.Blocked = fmt.Sprintf("device %s is finished", d.Name)
		}
	case GoalOther:
		p.Formula, p.Page = "the GM decides", "p. 44"
		p.Blocked = fmt.Sprintf("no rule prices %s: the GM settles it (experience is kept as a record)", g.Key)
	default:
		return Price{}, refusal.Errorf("unknown goal kind %q", g.Kind)
	}
	if opts.Simpler && p.XP > 0 {
		per := XPPerPoint(p)
		p.DP = (p.XP + per - 1) / per
	}
	return p, nil
}
