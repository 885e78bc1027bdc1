package encounter

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// Duplication (p. 54): five a day, no powers, abilities at most 20, health
// and stamina at most 70, two panels a page, acting from the next page.
func TestDuplication(t *testing.T) {
	s := bankSetup(t)
	for _, en := range s.Entries {
		if en.Hero.Name == "The Guardian" {
			en.Hero.Powers = append(append([]hero.Power(nil), en.Hero.Powers...), hero.Power{Slug: "duplication", Name: "Duplication", Rank: 1, MaxRank: 1})
		}
	}
	e := mustNew(t, s)
	initiative(t, e, 8, 3)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPower, Power: "duplication", Count: 6}), "too many")
	must(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPower, Power: "duplication", Count: 3}))
	if p := panelsOf(t, e, "guardian"); p.Used != 2 {
		t.Fatalf("duplication is a double-panel: %+v", p)
	}
	d := e.Find("guardian-dup-2")
	if d == nil || d.Side != "heroes" || d.DuplicateOf != "guardian" {
		t.Fatalf("%+v", d)
	}
	h := d.Hero
	if len(h.Powers) != 0 || h.Abilities.Final.Strength != 14 || h.Combat.ArmourClass.String() != "F" || h.Combat.DamageBonus != 0 || h.Health.Max != 35 {
		t.Fatalf("duplicate: powers %v, abilities %+v, AC %s, damage bonus %d, health %+v",
			h.Powers, h.Abilities.Final, h.Combat.ArmourClass, h.Combat.DamageBonus, h.Health)
	}
	if d.Panels.PerPage != 2 || e.PhaseLeft(d) != 0 {
		t.Fatalf("a new duplicate acts from the next page: %+v", d.Panels)
	}
	// The caps: a big original.
	big := loadHero(t, "guardian.json")
	big.Abilities.Base.Agility, big.Abilities.Base.Endurance = 30, 19
	big.Health.Dice, big.Stamina.Dice = nil, nil
	for i := 0; i < 19; i++ { // 19d6 of sixes: 114
		big.Health.Dice = append(big.Health.Dice, 6)
		big.Stamina.Dice = append(big.Stamina.Dice, 6)
	}
	dh, err := duplicateHero(big, 1)
	must(t, err)
	if dh.Abilities.Final.Agility != 20 || dh.Health.Max != 70 || dh.Health.Battered != 7 || dh.Stamina.Max != 70 || dh.Stamina.Current != 70 || dh.Stamina.Stunned != 7 {
		t.Fatalf("caps: %+v %+v %+v", dh.Abilities.Final, dh.Health, dh.Stamina)
	}
	// Two more are all that is left today.
	passAll(t, e)
	must(t, e.EndPage(gm(1, 1, 1, 1)))
	initiative(t, e, 8, 3)
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian", Kind: ActPower, Power: "duplication", Count: 3}), "3 of its 5")
	wantTurn(t, e, "guardian", 3)
	// The duplicates act this page, two panels each, by agility.
	pass(t, e, "guardian")
	wantTurn(t, e, "guardian-dup-1", 2)
	// A duplicate reabsorbed leaves the fight.
	must(t, e.Leave("guardian-dup-1", "reabsorbed"))
	mustFail(t, e.Leave("guardian-dup-1", ""), "already left")
	wantTurn(t, e, "guardian-dup-2", 2)
	if got := e.Find("guardian-dup-1").OutState(); got != "gone" {
		t.Fatalf("%s", got)
	}
	mustFail(t, e.Do(Ctx{}, ActionRecord{Actor: "guardian-dup-2", Kind: ActPower, Power: "duplication"}), "no power")
	clone(t, e)
}

// A summoned creature acts only while its caster instructs it: two panels
// of the caster's each page (p. 65).
func TestSummonedCreature(t *testing.T) {
	s := bankSetup(t)
	beast := loadHeroes(t, "goons.jsonl")[0]
	beast.Name, beast.Kind = "Hell hound", hero.KindSummoned
	s.Entries = append(s.Entries, Entry{Side: "villains", Hero: beast})
	e := mustNew(t, s)
	if p := panelsOf(t, e, "hell-hound"); p.PerPage != 0 {
		t.Fatalf("an uninstructed creature: %+v", p)
	}
	ef, _ := PresetEffect("summoning")
	ef.Source = "nefario"
	must(t, e.AddEffect(Ctx{}, "hell-hound", ef))
	initiative(t, e, 3, 8)
	if p := panelsOf(t, e, "hell-hound"); p.PerPage != 2 {
		t.Fatalf("instructed: %+v", p)
	}
	wantTurn(t, e, "nefario", 1) // 3 advance panels, 2 spent instructing
	// Nefario leaves: the creature is no longer instructed from next page.
	must(t, e.Leave("nefario", "escapes"))
	passAll(t, e)
	must(t, e.EndPage(gm()))
	if len(e.Find("hell-hound").Effects) != 0 || panelsOf(t, e, "hell-hound").PerPage != 0 {
		t.Fatalf("%+v", e.Find("hell-hound"))
	}
	if st := e.Standing(); len(st) != 2 {
		t.Fatalf("standing %v: the goons are still there", st)
	}
}
