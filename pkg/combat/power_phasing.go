package combat

// Phasing (p. 66) in a fight. Phased out (StatePhased), "you are unable
// to touch anything or use any other super powers other than those that
// affect only yourself": only the partial re-phase strike attacks; and a
// phased character takes H/11 S/11 from the attacks that reduce or
// negate dividers, nothing from the rest (rank 2: nothing at all). The
// partial re-phase strike is "a to-hit roll as if the opponent was armour
// class F", 1-3d6 split as the attacker chooses, and cannot be parried
// or blocked. Who attacks a phased combatant is pkg/encounter's
// power_phasing.go.

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// phasingStrike is the partial re-phase strike (p. 66).
var phasingStrike = specialAttack{slug: kindPhasingStrike, power: rulebook.PowerPhasing, unparryable: true,
	unblockable: "a partial re-phase strike cannot be parried or blocked (p. 66)", armourClass: rulebook.ACF, splitsDice: true,
	cost: func(_ *hero.Hero, nh, ns int) (string, int, int, error) {
		if nh+ns < 1 || nh+ns > 3 {
			return "", 0, 0, reqErr("power-dice", "a partial re-phase strike does 1-3d6 in all, split as you choose (p. 66); got %d", nh+ns)
		}
		return "", 0, 0, nil
	}}

// phasedState is the phased state: a double-panel to phase out, and one
// to re-phase fully (p. 66).
var phasedState = stateRule{
	StateInfo: StateInfo{Name: StatePhased, Power: rulebook.PowerPhasing, Panels: 2, Page: "p. 66",
		Text: "out of phase: through matter, touches nothing, only powers on itself; rank 1 H/11 S/11 against divider-reducing attacks only, rank 2 untouchable"},
	attacking: func(att *hero.Hero, attack string) (ruling.Step, error) {
		a := findAttackFor(att, attack)
		if a == nil || a.PowerID() != rulebook.PowerPhasing {
			name := attack
			if a != nil {
				name = a.Slug
			}
			return ruling.Step{}, reqErr("with", "%s is phased out: it can touch nothing and use no power but on itself, so only the partial re-phase strike (phase-strike) attacks, not %s (p. 66)", att.Name, name)
		}
		return ruling.Step{Rule: StatePhased, Page: "p. 66", Text: "attacker phased out: the partial re-phase strike"}, nil
	},
	attacked: func(sit Situation) (Situation, ruling.Step) {
		sit.Phased = true
		return sit, ruling.Step{Rule: StatePhased, Page: "p. 66", Text: "defender phased out: rank 1 H/11 S/11 and only divider-reducing attacks hurt, rank 2 nothing hurts"}
	},
}

// phasingEscapes: Phasing escapes a Restraint or a snare automatically
// (p. 64).
func phasingEscapes(def *hero.Hero) bool { return hasPower(def, rulebook.PowerPhasing) }

// phasedDefence is the phased defender's defenceRule (p. 66): at rank 2
// nothing hurts; at rank 1 only an attack that reduces or negates
// dividers, against H/11 S/11.
var phasedDefence = defenceRule{
	immune: func(in incoming) string {
		switch {
		case !in.sit.Phased:
			return ""
		case in.def.PowerRank(rulebook.PowerPhasing) >= 2:
			return "phased out at Phasing rank 2: no health or stamina damage (p. 66)"
		case !in.special.reducesDividers():
			return "phased out: only attacks that reduce or negate dividers can hurt (p. 66)"
		}
		return ""
	},
	dividers: func(in incoming, dv rulebook.Dividers) (rulebook.Dividers, string) {
		if !in.sit.Phased {
			return dv, ""
		}
		return rulebook.Dividers{Health: 11, Stamina: 11}, "phased out: H/11 S/11 (p. 66)"
	},
}
