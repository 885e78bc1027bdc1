package combat

// Martial Arts (pp. 65-66) in a fight: streetfighting's haymaker, +2 to
// hit and "only ... once per opponent per combat" (p. 66); a martial
// arts attack is parried on the Parrying Table's martial arts rows, rank
// 3's its own (p. 34), and uses a super power for the mundane rule (p.
// 38); the judo throw option gives the judo throw reaction (p. 35), read
// on the Judo Throw Table's column for the thrower's rank (p. 36, or the
// attack's strike class: Options.JudoColumn).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// judoOption reports whether h took the judo throw option of Martial Arts
// (p. 66).
func judoOption(h *hero.Hero) bool {
	p := h.FindPower(rulebook.PowerMartialArts)
	if p == nil {
		return false
	}
	return p.HasOption("judo-throw") || p.HasOption("judo") || p.HasFlavour("judo-throw") || p.HasFlavour("judo")
}

// martialArtsJudo is the judo throw's reactionPower: the option taken
// (p. 66), and only against a melee attack (p. 35).
func martialArtsJudo(def *hero.Hero, a *hero.Attack) error {
	if !judoOption(def) {
		return reqErr("reaction", "judo-throw: %s has not taken the judo throw option of Martial Arts (p. 35)", def.Name)
	}
	if !isMelee(a) {
		return reqErr("reaction", "judo-throw: only against melee attacks (p. 35); %s is not melee", a.Slug)
	}
	return nil
}

// judoColumn is the Judo Throw Table column of a throw by def: its
// Martial Arts rank (p. 36), or the attack's strike class as an option.
func judoColumn(def *hero.Hero, sc rulebook.StrikeClass, opt Options) int {
	if opt.JudoColumn == JudoByStrikeClass {
		return int(sc)
	}
	return def.PowerRank(rulebook.PowerMartialArts)
}

// martialArts reports a martial arts attack: made with the power or of
// its damage type.
func martialArts(a *hero.Attack) bool {
	return a.PowerID() == rulebook.PowerMartialArts || a.DamageType == "martial-arts"
}

// martialArtsRow is the parryRowRule: a martial arts blow (neither thrown
// nor a projectile) is parried on the rank 1-2 or the rank 3 martial
// arts row (p. 34).
func martialArtsRow(att *hero.Hero, a *hero.Attack, row rulebook.AttackType) (rulebook.AttackType, bool) {
	if row != "" || !martialArts(a) {
		return "", false
	}
	if att.PowerRank(rulebook.PowerMartialArts) >= 3 {
		return rulebook.AttackRank3MartialArts, true
	}
	return rulebook.AttackMartialArts, true
}

// martialArtsBlow is the superBlowRule: a martial arts blow uses a super
// power for the mundane rule (p. 38).
func martialArtsBlow(_ *hero.Hero, a *hero.Attack) bool { return a.DamageType == "martial-arts" }

// HaymakerModifier is a streetfighting haymaker's +2 to hit (p. 66).
func HaymakerModifier() Modifier {
	return Modifier{Slug: kindHaymaker, Value: 2, Text: "streetfighting haymaker", Page: "p. 66"}
}

// IsHaymaker reports whether a is the streetfighting haymaker, which "you
// may only do ... once per opponent per combat" (p. 66).
func IsHaymaker(a *hero.Attack) bool {
	return a != nil && (a.Slug == kindHaymaker || a.DamageType == haymakerAttack.slug)
}

// haymakerAttack is the haymaker as a special attack: known by its damage
// type, with the Physical Damage Table's rules.
var haymakerAttack = specialAttack{slug: kindHaymaker}
