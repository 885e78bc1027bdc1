package encounter

import (
	"encoding/json"
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// spellSetup is zara (magic: illusion, astral projection, bestow gift)
// and psy (psychic ability: hallucinations) against nefario.
func spellSetup(t *testing.T) *Encounter {
	t.Helper()
	zara, psy := loadHero(t, "../../../testdata/heroes/zara.json"), loadHero(t, "../../../testdata/heroes/psyche.json")
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
	must(t, e.Do(gm(6), Action{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectBestowGift, Gift: "strength", Target: "psy"}))
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
	mustFail(t, e.Do(gm(1), Action{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectBestowGift, Gift: "strength", Target: "psy"}), "once")
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
	must(t, e.Do(gm(), Action{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectAstral}))
	z := e.Find("zara")
	if z.Hero.FindPool("magic").Current != 10 {
		t.Fatalf("magic %d, want 15 - 5", z.Hero.FindPool("magic").Current)
	}
	mustFail(t, e.Do(gm(), Action{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectIllusion, Mode: "speech"}), "at most 5")
	mustFail(t, e.Do(gm(), Action{Actor: "zara", Kind: ActMove, Metres: 2*z.Hero.Combat.Movement + 1}), "at most")
	must(t, e.Do(gm(), Action{Actor: "zara", Kind: ActMove, Metres: 2 * z.Hero.Combat.Movement}))
	used := z.Panels.Used
	must(t, e.Do(gm(), Action{Actor: "zara", Kind: ActPower, Power: "magic", Effect: EffectAstral}))
	if z.Panels.Used != used || findEffect(z, EffectAstral) >= 0 || z.Hero.FindPool("magic").Current != 10 {
		t.Fatalf("return: panels %d -> %d, effects %+v", used, z.Panels.Used, z.Effects)
	}
}
