package combat

import (
	"slices"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Helpers reading powers and states off hero files.

func hasPower(h *hero.Hero, id rulebook.PowerID) bool { return h.PowerRank(id) > 0 }

// hasFlavour reports whether h has power with the flavour (or option).
func hasFlavour(h *hero.Hero, power rulebook.PowerID, flavour string) bool {
	p := h.FindPower(power)
	return p != nil && (p.HasFlavour(flavour) || p.HasOption(flavour))
}

// GetsFreeReactions reports whether h gets the four free reactions per
// page against strike class 0-1 attacks: "a hero or villain character"
// (p. 31), read as heroes, villains, sidekicks and androids; not mundane
// characters, robots or summoned creatures. It is the one home of this
// rule: pkg/encounter's fight clock calls it too.
func GetsFreeReactions(h *hero.Hero) bool {
	switch h.Kind {
	case hero.KindHero, hero.KindVillain, hero.KindSidekick, hero.KindAndroid:
		return true
	}
	return false
}

// energyType is the energy type of an attack made with a power that has
// one (the power's energy-type flavour).
func energyType(attacker *hero.Hero, a *hero.Attack) string {
	if a.Power == "" {
		return ""
	}
	p := attacker.FindPower(a.PowerID())
	if p == nil {
		return ""
	}
	typed := slices.Contains(energyTypedPowers, a.PowerID())
	for _, f := range p.Flavours {
		if f.Table == "energy-type" || typed {
			return f.Slug
		}
	}
	return ""
}

// immuneToEnergy reports whether h is immune to an energy type: listed in
// combat.immunities, or by a power (energyImmunities: Immunity, p. 61;
// Energy Blast's immunity option, p. 55).
func immuneToEnergy(h *hero.Hero, et string) (bool, string) {
	if et == "" {
		return false, ""
	}
	for _, im := range h.Combat.Immunities {
		if strings.EqualFold(im, et) {
			return true, "immune to " + et + " (combat.immunities)"
		}
	}
	for _, rule := range energyImmunities {
		if why := rule(h, et); why != "" {
			return true, why
		}
	}
	return false, ""
}

// tracksOf reads a hero's tracks.
func tracksOf(h *hero.Hero) Tracks {
	return Tracks{
		Health: h.Health.Current, Stamina: h.Stamina.Current,
		Battered: h.Health.Battered, Dazed: h.Stamina.Dazed, Stunned: h.Stamina.Stunned,
		Endurance: h.Abilities.Final.Endurance, NoStamina: NoStamina(h),
	}
}

// stateOf summarises a hero's state.
func stateOf(h *hero.Hero) State {
	s := State{Health: h.Health.Current, Stamina: h.Stamina.Current, Condition: h.Condition.State(),
		Prone: h.Condition.Prone, Grabbed: h.Condition.GrabbedBy, Grappled: h.Condition.Grappled}
	if h.Mundane != nil {
		s.Hits = h.Mundane.Hits
	}
	if h.IsMundane() {
		s.Health, s.Stamina = 0, 0
	}
	return s
}

// unarmedAttack returns h's first unarmed attack, or a basic fist (SC 2
// for costumed characters, SC 0 for mundane ones; pp. 15, 31).
func unarmedAttack(h *hero.Hero) *hero.Attack {
	for i := range h.Combat.Attacks {
		a := &h.Combat.Attacks[i]
		if a.DamageType == string(rulebook.DamageUnarmed) || a.DamageType == "martial-arts" || a.Slug == "fist" {
			return a
		}
	}
	sc := rulebook.SC2
	if h.IsMundane() {
		sc = rulebook.SC0
	}
	return &hero.Attack{Slug: "fist", Name: "Fist/foot", StrikeClass: sc, DamageType: string(rulebook.DamageUnarmed),
		Health: "1d6-6", Stamina: "2d6", AddsDamageBonus: true, Panels: 1}
}

// UnarmedStrikeClass is h's unarmed strike class: its own fist's, else
// SC 2 for a costumed character and SC 0 for a mundane one (p. 31). An
// object swung or thrown uses it (ObjectWeaponAttack).
func UnarmedStrikeClass(h *hero.Hero) rulebook.StrikeClass { return unarmedAttack(h).StrikeClass }

// AttackSlugs lists a hero's attacks, comma-separated ("none" if it has
// none), for error messages.
func AttackSlugs(h *hero.Hero) string { return attackSlugs(h) }

func attackSlugs(h *hero.Hero) string {
	if len(h.Combat.Attacks) == 0 {
		return "none"
	}
	names := make([]string, len(h.Combat.Attacks))
	for i, a := range h.Combat.Attacks {
		names[i] = a.Slug
	}
	return strings.Join(names, ", ")
}

func parrySlugs(h *hero.Hero) string {
	if len(h.Combat.Parries) == 0 {
		return "none"
	}
	names := make([]string, len(h.Combat.Parries))
	for i, p := range h.Combat.Parries {
		names[i] = p.Slug
	}
	return strings.Join(names, ", ")
}

// special attack kinds, by damage type or power.
const (
	kindEnergyBlast   = "energy-blast"
	kindStunning      = "stunning-attack"
	kindEldritch      = "eldritch-bolt"
	kindPsionic       = "psionic-blast"
	kindSnareBall     = "snare-ball"
	kindPhasingStrike = "phasing-strike"
	kindHaymaker      = "haymaker"
)

// specialKind classifies a power attack whose rules differ from the
// Physical Damage Table's (specialOf): its slug, or "".
func specialKind(a *hero.Attack) string {
	if s := specialOf(a); s != nil {
		return s.slug
	}
	return ""
}

// isMelee says whether an attack is a melee attack (judo throws need one).
func isMelee(a *hero.Attack) bool {
	if a.Ranged {
		return false
	}
	switch a.DamageType {
	case "blunt-thrown", "sharp-thrown", "projectile", "explosive":
		return false
	}
	if s := specialByDamageType(a.DamageType); s != nil && s.ranged {
		return false
	}
	return true
}

// mundaneBulletsOrBlades: a projectile or sharp weapon (AC A-D are
// completely immune to these at SC 0-1, p. 32).
func mundaneBulletsOrBlades(a *hero.Attack) bool {
	switch a.DamageType {
	case "projectile", "sharp-one-handed", "sharp-two-handed", "sharp-thrown":
		return true
	}
	return false
}

// blunt: blunt weapons and unarmed blows (Elasticity, p. 55).
func blunt(a *hero.Attack) bool {
	switch a.DamageType {
	case "unarmed", "blunt-one-handed", "blunt-two-handed", "blunt-thrown", "judo-throw", kindHaymaker, "martial-arts", "flying-kick":
		return true
	}
	return false
}

// attackTypeOf is the Parrying Table row an attack counts as: its
// parry_as, else derived from its damage type, and from the attacker's
// powers (parryRows: Martial Arts, Weapon Mastery). ok is false for
// attacks that cannot be parried at all (psionic blast, phasing strike).
func attackTypeOf(attacker *hero.Hero, a *hero.Attack) (rulebook.AttackType, bool) {
	if a.ParryAs != "" {
		if t, err := ParseAttackType(a.ParryAs); err == nil {
			return t, true
		}
	}
	if s := specialByDamageType(a.DamageType); s != nil && s.unparryable {
		return "", false
	} else if s != nil && s.parryRow != "" {
		return s.parryRow, true
	}
	var row rulebook.AttackType
	switch a.DamageType {
	case "blunt-thrown", "sharp-thrown":
		row = rulebook.AttackThrown
	case "projectile", "explosive":
		row = rulebook.AttackProjectile
	}
	for _, rule := range parryRows {
		if t, ok := rule(attacker, a, row); ok {
			return t, true
		}
	}
	switch {
	case row != "":
		return row, true
	case a.Ranged:
		return rulebook.AttackProjectile, true
	}
	return rulebook.AttackOtherMelee, true
}

// usesSuperPower: for the mundane rule, does this strike use a super
// power (p. 38)? Power attacks, and the blows of powers (superBlows:
// martial arts, super strength, super speed).
func usesSuperPower(attacker *hero.Hero, a *hero.Attack) bool {
	if a.Power != "" || specialKind(a) != "" {
		return true
	}
	for _, rule := range superBlows {
		if rule(attacker, a) {
			return true
		}
	}
	return false
}

// movementBonus is the damage bonus for attacking after 4 m or more with
// a movement power: +2, +4 or +5; 0 when h lacks the power. Each power's
// bonus is its row of movementAttacks, in its own file where it has one.
func movementBonus(h *hero.Hero, power rulebook.PowerID) (int, string) {
	if rule, ok := movementAttacks[power]; ok {
		return rule(h)
	}
	return 0, ""
}

// momentum is a movementAttackRule: bonus at page when h has the power.
func momentum(power rulebook.PowerID, bonus int, page string) movementAttackRule {
	return func(h *hero.Hero) (int, string) {
		if hasPower(h, power) {
			return bonus, page
		}
		return 0, ""
	}
}
