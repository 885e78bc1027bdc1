package encounter

// Impervious (p. 61): `fight act --power impervious` keeps the impervious
// effect up, at most its holder's will in pages, then unusable for
// rulebook.ImperviousCooldownPages (PresetEffect, AddEffect). What it
// stops is said once, on the kind of attack
// (combat.AttackKind.StoppedByImpervious).

import "github.com/codename-spandex/spandex/pkg/combat"

// imperviousRule is Impervious's row of powerRules: a use with no effect
// named turns it on.
var imperviousRule = powerRule{
	Begin: func(d *doing) error {
		if d.a.Effect == "" {
			d.a.Effect = combat.StateImpervious
		}
		return nil
	},
}
