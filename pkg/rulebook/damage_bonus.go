package rulebook

// TakesDamageBonus reports whether an attack of this Physical Damage
// Table row adds the attacker's damage bonus (p. 36: "in the case of
// unarmed attacks, melee attacks or thrown objects/weapons, the attacker's
// damage bonus is added"). The judo throw's "Dam" row takes the
// defender's damage bonus (p. 36). Projectile and explosive weapons and
// energy blasts never do. This is the one rule for spandex damage and the
// derived attacks' adds_damage_bonus.
func (t DamageType) TakesDamageBonus() bool {
	switch t {
	case DamageUnarmed, DamageJudoThrow, DamageBluntOneHanded, DamageBluntTwoHanded, DamageBluntThrown,
		DamageSharpOneHanded, DamageSharpTwoHanded, DamageSharpThrown:
		return true
	}
	return false
}
