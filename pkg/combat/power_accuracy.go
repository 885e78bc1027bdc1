package combat

// Accuracy (p. 51) in a fight. Rank 1: "Before rolling to hit, you may
// decide to subtract any amount from your to-hit roll. If you still hit
// even with this penalty, the target of your attack suffers the same
// penalty on any parry or dodge roll" (Situation.AccuracyPenalty, on the
// to-hit roll and on the reaction). Rank 2: "a +5 damage bonus with the
// attack form with which you are precise", and "for each additional
// panel you spend aiming ... an additional +5 damage bonus ..., up to a
// maximum of +25" (Situation.AimPanels).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// accuracyPenalty is the penalty the attacker chose to take on its own
// to-hit roll (p. 51): a toHitRule.
func accuracyPenalty(mods []Modifier, _ *hero.Hero, sit *Situation) []Modifier {
	if sit.AccuracyPenalty <= 0 {
		return mods
	}
	return append(mods, Modifier{Slug: "accuracy-penalty", Value: -sit.AccuracyPenalty, Text: "penalty taken with Accuracy", Page: "p. 51"})
}

// accuracyPenaltyOnReaction is the same penalty on the target's parry,
// dodge or judo roll (p. 51): a reactionRule.
func accuracyPenaltyOnReaction(mods []Modifier, _ *hero.Hero, sit *Situation) []Modifier {
	if sit.AccuracyPenalty <= 0 {
		return mods
	}
	return append(mods, Modifier{Slug: string(rulebook.PowerAccuracy), Value: -sit.AccuracyPenalty, Text: "the attacker's Accuracy penalty", Page: "p. 51"})
}

// accuracyAim is rank 2's damage bonus (p. 51): +5, and +5 for each extra
// panel aiming, at most +25; aiming without rank 2 is refused. A
// damageRule.
func accuracyAim(att *hero.Hero, req *Request) (Modifier, error) {
	rank := att.PowerRank(rulebook.PowerAccuracy)
	if n := req.Situation.AimPanels; n != 0 {
		if n < 0 || n > MaxAimPanels {
			return Modifier{}, reqErr("aim", "%d extra panels aiming is outside 0-%d (at most +%d damage, p. 51)", n, MaxAimPanels, MaxAimBonus)
		}
		if rank < 2 {
			return Modifier{}, reqErr("aim", "aiming for damage needs Accuracy rank 2 (p. 51)")
		}
	}
	if rank < 2 || req.Mode != ModeStrike {
		return Modifier{}, nil
	}
	return Modifier{Slug: string(rulebook.PowerAccuracy), Value: min(MaxAimBonus, AimBonus+AimBonus*req.Situation.AimPanels),
		Text: "Accuracy rank 2 with the chosen attack form", Page: "p. 51"}, nil
}
