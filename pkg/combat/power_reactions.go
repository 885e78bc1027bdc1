package combat

// Reactions (p. 69) in a fight: "anyone reacting to one of your attacks
// has a -2 penalty on their parry, dodge or judo throw roll". Its +2
// dodge bonus is on the hero file (combat.dodge_bonus).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// ReactionsModifier is the -2 on a defender's parry, dodge or judo roll
// against an attacker with the Reactions power (p. 69).
func ReactionsModifier() Modifier {
	return Modifier{Slug: string(rulebook.PowerReactions), Value: -2, Text: "attacker has Reactions", Page: "p. 69"}
}

// reactionsPenalty is the reactionRule: -2 when att has Reactions.
func reactionsPenalty(mods []Modifier, att *hero.Hero, _ *Situation) []Modifier {
	if !hasPower(att, rulebook.PowerReactions) {
		return mods
	}
	return append(mods, ReactionsModifier())
}
