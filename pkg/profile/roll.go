package profile

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// MaxModifier bounds the GM's bonus or penalty to a profile roll.
const MaxModifier = 100

// RollRequest is a d100 roll-under against a category.
type RollRequest struct {
	// Category is popularity, investigation or confidence.
	Category string
	// Modifier is the GM's bonus (+) or penalty (-) to the target.
	Modifier int
	// Advice: persuasive advice rather than orders, which influences as if
	// popularity were one category higher (p. 18). Popularity only.
	Advice bool
	// HeroPoints re-roll the d100 that many times, keeping the lowest
	// face (a roll under the score, p. 14); the caller takes them from
	// the hero's pool (heropoints.Spend).
	HeroPoints int
}

// Influence is what a popularity score lets the hero sway (p. 18).
type Influence struct {
	// Status is the popularity band's reaction ("Resented").
	Status string `json:"status"`
	Band   string `json:"band"`
	// Influence is the band's group; with advice, the next band's.
	Influence string `json:"influence"`
	// CanInfluence lists every group up to and including Influence.
	CanInfluence []string `json:"can_influence"`
	Advice       bool     `json:"advice"`
}

// RollResult is the outcome of a profile roll.
type RollResult struct {
	Category  string     `json:"category"`
	Score     int        `json:"score"`
	Modifier  int        `json:"modifier"`
	Target    int        `json:"target"`
	Roll      int        `json:"roll"`
	Success   bool       `json:"success"`
	Influence *Influence `json:"influence,omitempty"`
	// HeroPoints is the re-roll bought with hero points (p. 14), if any.
	HeroPoints *heropoints.Reroll `json:"hero_points,omitempty"`
	Dice       []dice.Rolled      `json:"dice"`
	Steps      ruling.Steps       `json:"steps"`
}

// PopularityInfluence returns who a popularity score can influence: the
// status row's group, or with advice the next row's (p. 18). The groups
// are cumulative: a hero who can sway bystanders can also intimidate
// criminals.
func PopularityInfluence(popularity int, advice bool) Influence {
	rows := rulebook.PopularityStatusRows()
	st := rulebook.PopularityStatus(popularity)
	idx := 0
	for i, r := range rows {
		if r.Popularity == st.Popularity {
			idx = i
		}
	}
	eff := idx
	if advice && eff < len(rows)-1 {
		eff++
	}
	inf := Influence{Status: st.Reaction, Band: bandText(st.Popularity), Influence: rows[eff].Influence, Advice: advice}
	for i := 0; i <= eff; i++ {
		g := rows[i].Influence
		if len(inf.CanInfluence) == 0 || inf.CanInfluence[len(inf.CanInfluence)-1] != g {
			inf.CanInfluence = append(inf.CanInfluence, g)
		}
	}
	return inf
}

// Roll rolls d100 against a category score plus the GM's modifier: a roll
// at or under the target succeeds (pp. 18, 21). Popularity rolls also say
// who can be influenced. The die is rolled with the purpose
// "<category> roll". The hero is not changed.
func Roll(h *hero.Hero, req RollRequest, r dice.Roller) (RollResult, error) {
	cat := NormaliseKey(req.Category)
	var score int
	var page string
	switch cat {
	case "popularity":
		score, page = h.Profile.Popularity, "p. 18"
	case "investigation":
		score, page = h.Profile.Investigation, "p. 21"
	case "confidence":
		score, page = h.Profile.Confidence, "p. 24"
	default:
		return RollResult{}, refusal.Errorf("%q is not a category: popularity, investigation or confidence", req.Category)
	}
	if req.Modifier < -MaxModifier || req.Modifier > MaxModifier {
		return RollResult{}, refusal.Errorf("modifier %d is outside -%d to +%d", req.Modifier, MaxModifier, MaxModifier)
	}
	if req.Advice && cat != "popularity" {
		return RollResult{}, refusal.Errorf("advice applies to popularity rolls only (p. 18)")
	}
	res := RollResult{Category: cat, Score: score, Modifier: req.Modifier, Target: score + req.Modifier}
	if req.HeroPoints > 0 {
		if err := heropoints.Check(h, req.HeroPoints); err != nil {
			return RollResult{}, err
		}
	}
	// A d100 rolled under the score: the lower face is more favourable.
	kept, faces, err := heropoints.Keep(req.HeroPoints, heropoints.Lower, func(i int) (int, error) {
		purpose := cat + " roll"
		if i > 0 {
			purpose += fmt.Sprintf(" (re-roll %d)", i)
		}
		v, err := r.Roll(100, purpose)
		if err == nil {
			res.Dice = append(res.Dice, dice.Rolled{Sides: 100, Value: v, Purpose: purpose, Source: dice.SourceOf(r)})
		}
		return v, err
	})
	if err != nil {
		return RollResult{}, err
	}
	v := faces[kept]
	res.Roll = v
	if req.HeroPoints > 0 {
		rr := heropoints.Record(h.Name, "hero", cat+" roll", heropoints.Lower, "d100 face", kept, faces)
		res.HeroPoints = &rr
		res.Steps.Add("hero-points", "p. 14", "%s", rr.Text())
	}
	res.Success = v <= res.Target
	verdict := "fails"
	if res.Success {
		verdict = "succeeds"
	}
	mod := ""
	if req.Modifier != 0 {
		mod = fmt.Sprintf(" %+d GM modifier", req.Modifier)
	}
	res.Steps.Add(cat, page, "d100 %d against %s %d%s = %d: %s", v, cat, score, mod, res.Target, verdict)
	if cat == "popularity" {
		inf := PopularityInfluence(score, req.Advice)
		res.Influence = &inf
		how := "orders"
		if req.Advice {
			how = "persuasive advice, one category higher"
		}
		res.Steps.AddRow("influence", "p. 18", "popularity status", inf.Band,
			"%s: with %s the hero can influence %s", inf.Status, how, joinList(inf.CanInfluence))
	}
	return res, nil
}

func joinList(xs []string) string {
	s := ""
	for i, x := range xs {
		switch {
		case i == 0:
		case i == len(xs)-1:
			s += " and "
		default:
			s += ", "
		}
		s += x
	}
	return s
}
