package rulebook

import "testing"

// p. 36: the damage bonus goes on "unarmed attacks, melee attacks or
// thrown objects/weapons"; the judo throw's Dam row takes the defender's.
func TestTakesDamageBonus(t *testing.T) {
	want := map[DamageType]bool{
		DamageUnarmed: true, DamageJudoThrow: true, DamageBluntOneHanded: true, DamageBluntTwoHanded: true,
		DamageBluntThrown: true, DamageSharpOneHanded: true, DamageSharpTwoHanded: true, DamageSharpThrown: true,
		DamageProjectile: false, DamageExplosive: false, DamageEnergyBlast: false,
	}
	for _, r := range PhysicalDamageRows() {
		w, ok := want[r.Type]
		if !ok {
			t.Fatalf("row %s not covered", r.Type)
		}
		if got := r.Type.TakesDamageBonus(); got != w {
			t.Errorf("%s: TakesDamageBonus = %v, want %v", r.Type, got, w)
		}
	}
}
