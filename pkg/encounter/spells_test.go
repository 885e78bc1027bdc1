package encounter

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// spellSetup is zara (magic: illusion, astral projection, bestow gift)
// and psy (psychic ability: hallucinations) against nefario.
func spellSetup(t *testing.T) *Encounter {
	t.Helper()
	zara, psy := loadHero(t, "zara.json"), loadHero(t, "psyche.json")
	zara.Powers = append([]hero.Power(nil), zara.Powers...)
	zara.Powers[0].Flavours = append(append([]hero.Flavour(nil), zara.Powers[0].Flavours...),
		hero.Flavour{Slug: "illusion"}, hero.Flavour{Slug: "astral-projection"}, hero.Flavour{Slug: "bestow-gift"})
	psy.Powers = append([]hero.Power(nil), psy.Powers...)
	psy.Powers[0].Flavours = append(append([]hero.Flavour(nil), psy.Powers[0].Flavours...), hero.Flavour{Slug: "hallucinations"})
	s := Setup{Sides: []string{"heroes", "villains"}, Entries: []Entry{
		{Side: "heroes", Hero: zara, ID: "zara"}, {Side: "heroes", Hero: psy, ID: "psy"},
		{Side: "villains", Hero: loadHero(t, "nefario.json"), ID: "nefario"}}}
	e := mustNew(t, s)
	initiative(t, e, 9, 2)
	return e
}

// A strength gift goes on psy and comes off when zara cannot pay for it;
// the file psy takes home never had it; the encounter JSON round-trips
// the gift (p. 63).
func TestBestowGiftEnds(t *testing.T) {
	e := spellSetup(t)
	psy := e.Find("psy")
	str, dmg := psy.Hero.Abilities.Final.Strength, psy.Hero.Combat.DamageBonus
	must(t, e.Do(gm(6), ActionRecord{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectBestowGift, Gift: "strength", Target: "psy"}))
	if got := psy.Hero.Abilities.Final.Strength; got != str+12 {
		t.Fatalf("strength %d, want %d + 1d6 6 + 6", got, str)
	}
	if f := psy.HeroFile(); f.Abilities.Final.Strength != str || len(f.Abilities.Modifiers) != len(psy.Hero.Abilities.Modifiers)-1 {
		t.Fatalf("the file keeps the gift: strength %d", f.Abilities.Final.Strength)
	}
	if psy.Hero.Abilities.Final.Strength != str+12 {
		t.Fatal("HeroFile changed the combatant")
	}
	b, err := json.Marshal(e)
	must(t, err)
	var back Encounter
	must(t, json.Unmarshal(b, &back))
	if g := back.Find("psy").Effects[0].Gift; g == nil || g.Strength != 12 || g.Gift != "strength" {
		t.Fatalf("round trip: %+v", back.Find("psy").Effects)
	}
	// A second strength gift is refused, from anyone.
	mustFail(t, e.Do(gm(1), ActionRecord{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectBestowGift, Gift: "strength", Target: "psy"}), "once")
	// Zara has 10 MP: she pays at the end of page 1 (5 left) and 2 (0),
	// and cannot at the end of page 3: the gift ends.
	for page := 1; page <= 3; page++ {
		passAll(t, e)
		must(t, e.EndPage(gm(1, 1, 1, 1, 1, 1)))
		if page < 3 {
			initiative(t, e, 9, 2)
		}
	}
	if psy.Hero.Abilities.Final.Strength != str || psy.Hero.Combat.DamageBonus != dmg || len(psy.Effects) != 0 {
		t.Fatalf("after the gift: strength %d bonus %d effects %+v", psy.Hero.Abilities.Final.Strength, psy.Hero.Combat.DamageBonus, psy.Effects)
	}
}

// Projected, zara spends at most 5 MP a spell and moves 2x; a second use
// returns her without panels or points (p. 62).
func TestAstralLimits(t *testing.T) {
	e := spellSetup(t)
	must(t, e.Do(gm(), ActionRecord{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectAstral}))
	z := e.Find("zara")
	if z.Hero.FindPool("magic").Current != 10 {
		t.Fatalf("magic %d, want 15 - 5", z.Hero.FindPool("magic").Current)
	}
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectIllusion, Mode: "speech"}), "at most 5")
	mustFail(t, e.Do(gm(), ActionRecord{Actor: "zara", Kind: ActMove, Metres: 2*z.Hero.Combat.Movement + 1}), "at most")
	must(t, e.Do(gm(), ActionRecord{Actor: "zara", Kind: ActMove, Metres: 2 * z.Hero.Combat.Movement}))
	used := z.Panels.Used
	must(t, e.Do(gm(), ActionRecord{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectAstral}))
	if z.Panels.Used != used || findEffect(z, EffectAstral) >= 0 || z.Hero.FindPool("magic").Current != 10 {
		t.Fatalf("return: panels %d -> %d, effects %+v", used, z.Panels.Used, z.Effects)
	}
}

// The combat-prowess gift is Oriental Martial Arts rank 2 (p. 63), so
// psy's unarmed attacks become what rank 2 gives (p. 65): SC 3, 2d6+6 S /
// 1d6 H, or Oriental's 1d6 S / 2d6+3 H, a martial arts parry, and dodge
// +1 (psy's 1 becomes 2). Her file never has it, and every figure comes
// back when zara stops paying for the gift.
func TestCombatProwessGift(t *testing.T) {
	e := spellSetup(t)
	psy := e.Find("psy")
	// psyche.json is hand-written: first its figures as `hero derive`
	// gives them (a fist at SC 2, 2d6 S / 1d6-6 H, parried as other
	// melee, dodge 1).
	chargen.DeriveCombat(&psy.Hero, chargen.Options{Quiet: true})
	before := psy.Hero.Combat
	before.Attacks, before.Parries = slices.Clone(before.Attacks), slices.Clone(before.Parries)
	fist := before.Attacks[0]
	if len(before.Attacks) != 1 || fist.StrikeClass != 2 || fist.Stamina != "2d6" || fist.Health != "1d6-6" || before.DodgeBonus != 1 || len(before.Parries) != 1 {
		t.Fatalf("the fixture changed: %+v, dodge %d", before.Attacks, before.DodgeBonus)
	}
	must(t, e.Do(gm(), ActionRecord{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectBestowGift, Gift: "combat-prowess", Target: "psy"}))
	got := psy.Hero.Combat
	want := map[string][3]string{"fist": {"SC 3", "1d6", "2d6+6"}, "oriental-strike": {"SC 3", "2d6+3", "1d6"}}
	if len(got.Attacks) != len(want) {
		t.Fatalf("attacks %+v", got.Attacks)
	}
	for _, a := range got.Attacks {
		if w := want[a.Slug]; [3]string{a.StrikeClass.String(), a.Health, a.Stamina} != w {
			t.Errorf("%s: %s %s H / %s S, want %v", a.Slug, a.StrikeClass, a.Health, a.Stamina, w)
		}
	}
	if got.DodgeBonus != 2 || len(got.Parries) != 1 || got.Parries[0].ParryType != "martial-arts" {
		t.Fatalf("dodge %d, parries %+v", got.DodgeBonus, got.Parries)
	}
	if f := psy.HeroFile(); f.Combat.DodgeBonus != 1 || !slices.Equal(f.Combat.Attacks, before.Attacks) || f.FindPower("martial-arts") != nil {
		t.Fatalf("the file keeps the gift: %+v", f.Combat.Attacks)
	}
	for page := 1; page <= 3; page++ {
		passAll(t, e)
		must(t, e.EndPage(gm(1, 1, 1, 1, 1, 1)))
		if page < 3 {
			initiative(t, e, 9, 2)
		}
	}
	back := psy.Hero.Combat
	if len(psy.Effects) != 0 || back.DodgeBonus != 1 || !slices.Equal(back.Attacks, before.Attacks) || !slices.Equal(back.Parries, before.Parries) {
		t.Fatalf("after the gift: effects %+v, dodge %d, attacks %+v, parries %+v", psy.Effects, back.DodgeBonus, back.Attacks, back.Parries)
	}
}
