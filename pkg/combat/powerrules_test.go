package combat

import (
	"reflect"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Each hook kind of powerrules.go, asked through the general code that
// calls it: were the hook not called, the power's rule would be missing.

// prepared readies a resolution without rolling (every check happens
// before the first die, Resolve).
func prepared(t *testing.T, att, def *hero.Hero, req Request) (*pipeline, error) {
	t.Helper()
	return new(Resolver).prepare(&Result{}, att, def, req, dice.NewScripted(nil), Options{})
}

func withPowers(h *hero.Hero, ps ...hero.Power) *hero.Hero {
	h.Powers = append(h.Powers, ps...)
	return h
}

func fist() hero.Attack { return flat("fist", rulebook.SC2, "1", "2") }

// TestToHitRules: "+1 to hit for every extra panel spent analysing ...
// +1 per rank" up to +5 (brain implant, p. 53); Accuracy's chosen penalty
// comes off the to-hit roll (p. 51).
func TestToHitRules(t *testing.T) {
	implant := hero.Power{Slug: rulebook.PowerCybernetics, Rank: 1, Flavours: []hero.Flavour{{Slug: string(rulebook.ImplantBrainImplant), Rank: 2}}}
	for _, tc := range []struct {
		name string
		att  *hero.Hero
		sit  Situation
		want []Modifier
	}{
		{"brain implant rank 2, 2 panels: +4 (p. 53)", withPowers(mk("A", rulebook.ACF), implant), Situation{AnalysePanels: 2},
			[]Modifier{{Slug: "brain-implant", Value: 4, Text: "brain implant analysis", Page: "p. 53"}}},
		{"Accuracy's penalty of 3 (p. 51)", mk("A", rulebook.ACF), Situation{AccuracyPenalty: 3},
			[]Modifier{{Slug: "accuracy-penalty", Value: -3, Text: "penalty taken with Accuracy", Page: "p. 51"}}},
		{"neither", mk("A", rulebook.ACF), Situation{}, nil},
	} {
		got, err := appendSituationModifiers(nil, 0, &tc.sit, false, false, tc.att)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestDamageRules: Accuracy rank 2, "+5 damage bonus ... for each
// additional panel you spend aiming ... an additional +5" (p. 51).
func TestDamageRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		rank int
		aim  int
		want int
		err  bool
	}{
		{"rank 2: +5", 2, 0, 5, false},
		{"rank 2, 2 panels aiming: +15", 2, 2, 15, false},
		{"rank 1: nothing", 1, 0, 0, false},
		{"rank 1 aiming: refused", 1, 1, 0, true},
	} {
		att := withPowers(withAttack(mk("A", rulebook.ACF), fist()), power(string(rulebook.PowerAccuracy), tc.rank))
		p, err := prepared(t, att, mk("D", rulebook.ACF), Request{Mode: ModeStrike, Attack: "fist", Situation: Situation{AimPanels: tc.aim}})
		if (err != nil) != tc.err {
			t.Fatalf("%s: error %v", tc.name, err)
		}
		if err == nil && p.bonus != tc.want {
			t.Errorf("%s: bonus %d, want %d", tc.name, p.bonus, tc.want)
		}
	}
}

// TestReactionRules: "anyone reacting to one of your attacks has a -2
// penalty on their parry, dodge or judo throw roll" (Reactions, p. 69);
// the Accuracy penalty is carried over to the reaction (p. 51).
func TestReactionRules(t *testing.T) {
	att := withPowers(withAttack(mk("A", rulebook.ACF), fist()), power(string(rulebook.PowerReactions), 1))
	p, err := prepared(t, att, mk("D", rulebook.ACF), Request{Mode: ModeStrike, Attack: "fist", Situation: Situation{AccuracyPenalty: 2}})
	if err != nil {
		t.Fatal(err)
	}
	got := p.reactionMods(nil, false)
	if len(got) != 2 || got[0].Slug != "reactions" || got[0].Value != -2 || got[1].Slug != "accuracy" || got[1].Value != -2 {
		t.Errorf("reaction modifiers %+v, want reactions -2 and accuracy -2", got)
	}
}

// TestReactionPowers: "characters with super strength may brace" and the
// judo throw is Martial Arts' option (p. 35); without them, refused.
func TestReactionPowers(t *testing.T) {
	judo := power(string(rulebook.PowerMartialArts), 1)
	judo.Options = []string{"judo-throw"}
	for _, tc := range []struct {
		name string
		def  *hero.Hero
		kind ReactionKind
		ok   bool
	}{
		{"brace with Super Strength", withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerSuperStrength), 2)), ReactionBrace, true},
		{"brace without", mk("D", rulebook.ACF), ReactionBrace, false},
		{"judo with the option", withPowers(mk("D", rulebook.ACF), judo), ReactionJudo, true},
		{"judo without", withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerMartialArts), 1)), ReactionJudo, false},
	} {
		att := withAttack(mk("A", rulebook.ACF), fist())
		_, err := prepared(t, att, tc.def, Request{Mode: ModeStrike, Attack: "fist", Reaction: Reaction{Kind: tc.kind}})
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v", tc.name, err)
		}
	}
	if b := BraceBonus(withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerSuperStrength), 2))); b != 10 {
		t.Errorf("brace at rank 2: +%d, want +10 (+5 a rank, p. 76)", b)
	}
}

// TestSurpriseRules: Danger Sense: "you are never surprised in combat"
// (p. 54).
func TestSurpriseRules(t *testing.T) {
	if !NeverSurprised(withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerDangerSense), 1))) {
		t.Error("Danger Sense: surprised")
	}
	if NeverSurprised(mk("D", rulebook.ACF)) {
		t.Error("no power: never surprised")
	}
}

// TestImmunityRules: "completely immune to damage from one type of
// energy" (Immunity, p. 61); Energy Blast's immunity option, to its own
// type (p. 55).
func TestImmunityRules(t *testing.T) {
	blast := power(string(rulebook.PowerEnergyBlast), 1, "cold")
	blast.Options = []string{"immunity"}
	for _, tc := range []struct {
		name   string
		def    *hero.Hero
		energy string
		want   bool
	}{
		{"Immunity to fire, fire", withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerImmunity), 1, "fire")), "fire", true},
		{"Immunity to fire, cold", withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerImmunity), 1, "fire")), "cold", false},
		{"cold blast with the option, cold", withPowers(mk("D", rulebook.ACF), blast), "cold", true},
	} {
		if got, why := immuneToEnergy(tc.def, tc.energy); got != tc.want {
			t.Errorf("%s: %v (%s), want %v", tc.name, got, why, tc.want)
		}
	}
}

// TestParryRowRules: the Parrying Table's rows for martial arts (rank 3
// its own) and for weapon mastery (p. 34).
func TestParryRowRules(t *testing.T) {
	ma := hero.Attack{Slug: "kick", Power: string(rulebook.PowerMartialArts), DamageType: "martial-arts"}
	thrown := hero.Attack{Slug: "knife", Power: string(rulebook.PowerWeaponMastery), DamageType: "sharp-thrown"}
	sword := hero.Attack{Slug: "sword", Power: string(rulebook.PowerWeaponMastery), DamageType: "sharp-one-handed"}
	for _, tc := range []struct {
		name string
		att  *hero.Hero
		a    hero.Attack
		want rulebook.AttackType
	}{
		{"rank 3 martial arts", withPowers(mk("A", rulebook.ACF), power(string(rulebook.PowerMartialArts), 3)), ma, rulebook.AttackRank3MartialArts},
		{"rank 1 martial arts", withPowers(mk("A", rulebook.ACF), power(string(rulebook.PowerMartialArts), 1)), ma, rulebook.AttackMartialArts},
		{"a thrown knife with weapon mastery", mk("A", rulebook.ACF), thrown, rulebook.AttackRangedWM},
		{"a sword with weapon mastery", mk("A", rulebook.ACF), sword, rulebook.AttackOtherMeleeWM},
	} {
		if got, _ := attackTypeOf(tc.att, &tc.a); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestSuperBlowRules: a blow "from a character with super strength or
// super speed" uses a super power and takes a mundane out (p. 38).
func TestSuperBlowRules(t *testing.T) {
	a := fist()
	for _, tc := range []struct {
		name string
		att  *hero.Hero
		want bool
	}{
		{"Super Strength", withPowers(mk("A", rulebook.ACF), power(string(rulebook.PowerSuperStrength), 1)), true},
		{"Super Speed", withPowers(mk("A", rulebook.ACF), power(string(rulebook.PowerSuperSpeed), 1)), true},
		{"neither", mk("A", rulebook.ACF), false},
	} {
		if got := usesSuperPower(tc.att, &a); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSpecialAttacks: each power's special attack, asked by the resolver
// for the dividers, the armour class and the cost: an energy blast's
// "dividers are treated as being 2 points lower" (pp. 38, 55), 1 energy
// point a die; a stunning attack's S divider "two points less" (p. 76);
// a partial re-phase strike rolls "as if the opponent was armour class
// F" (p. 66).
func TestSpecialAttacks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		a      hero.Attack
		pd     PowerDice
		dv     rulebook.Dividers
		ac     rulebook.ArmourClass
		pool   string
		points int
	}{
		{"energy blast 3+2 dice", hero.Attack{Slug: "blast", Power: string(rulebook.PowerEnergyBlast), StrikeClass: 3, Health: "3d6", Stamina: "2d6", Ranged: true},
			PowerDice{Health: 3, Stamina: 2}, rulebook.Dividers{Health: 4, Stamina: 4}, rulebook.ACB, "energy", 5},
		{"stunning attack", hero.Attack{Slug: "stun", Power: string(rulebook.PowerStunningAttack), StrikeClass: 3, Stamina: "3d6", Ranged: true},
			PowerDice{}, rulebook.Dividers{Health: 6, Stamina: 4}, rulebook.ACB, "", 0},
		{"partial re-phase strike", hero.Attack{Slug: "phase-strike", Power: string(rulebook.PowerPhasing), StrikeClass: 2, Health: "1d6", Stamina: "1d6"},
			PowerDice{Health: 1, Stamina: 2}, rulebook.Dividers{Health: 6, Stamina: 6}, rulebook.ACF, "", 0},
	} {
		def := mk("D", rulebook.ACB)
		def.Combat.Dividers = hero.Dividers{Health: 6, Stamina: 6}
		att := withAttack(mk("A", rulebook.ACF), tc.a)
		p, err := prepared(t, att, def, Request{Mode: ModeStrike, Attack: tc.a.Slug, PowerDice: tc.pd})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if dv := p.dividers(); dv != tc.dv {
			t.Errorf("%s: dividers %+v, want %+v", tc.name, dv, tc.dv)
		}
		if p.ac != tc.ac {
			t.Errorf("%s: rolls against AC %s, want %s", tc.name, p.ac, tc.ac)
		}
		pool, points, err := powerCost(att, p.special, numDice(p.hE), numDice(p.sE))
		if err != nil || pool != tc.pool || points != tc.points {
			t.Errorf("%s: costs %d %q (%v), want %d %q", tc.name, points, pool, err, tc.points, tc.pool)
		}
	}
}

// TestStateRules: the lasting states, each asked through ApplyStates
// from its power's file: "Opponents ... get a -4 penalty to their to-hit
// rolls if they can't see you" (invisible, p. 61), -2 against the
// camouflaged moving (p. 52), phased out (p. 66); shrunk, -3 to hit and
// knockback threshold -10 (p. 70); denser, knockback threshold +5, and
// lighter, threshold 10 (p. 54); impervious to physical damage (p. 61);
// bound, +4 as restrained (pp. 33, 64); grown, its extra health and
// stamina first (p. 60).
func TestStateRules(t *testing.T) {
	att := withAttack(mk("A", rulebook.ACF), fist())
	for _, tc := range []struct {
		state   string
		page    string
		switchd bool // a row of States
		want    func(Situation) bool
	}{
		{StateInvisible, "p. 61", true, func(s Situation) bool { return s.Invisible }},
		{StateCamouflaged, "p. 52", true, func(s Situation) bool { return s.Camouflaged }},
		{StatePhased, "p. 66", true, func(s Situation) bool { return s.Phased }},
		{StateShrunk, "p. 70", true, func(s Situation) bool { return s.Shrunk }},
		{StateDenser, "p. 54", true, func(s Situation) bool { return s.DefenderDenser }},
		{StateLighter, "p. 54", true, func(s Situation) bool { return s.DefenderLighter }},
		{StateGrown, "p. 60", true, func(s Situation) bool { return s.DefenderGrown }},
		{StateImpervious, "p. 61", false, func(s Situation) bool { return s.Impervious }},
		{StateBound, "pp. 33, 64", false, func(s Situation) bool { return s.Grappled }},
	} {
		req := Request{Mode: ModeStrike, Attack: "fist"}
		steps, err := ApplyStates(&req, att, nil, []string{tc.state})
		if err != nil || !tc.want(req.Situation) || len(steps) != 1 || steps[0].Rule != tc.state || steps[0].Page != tc.page {
			t.Errorf("defender %s: situation %+v, steps %v, error %v", tc.state, req.Situation, steps, err)
		}
		if info, ok := StateByName(tc.state); ok != tc.switchd || (ok && info.Page == "") {
			t.Errorf("%s: a row of States %v, want %v", tc.state, ok, tc.switchd)
		}
	}
	req := Request{Mode: ModeStrike, Attack: "fist"}
	if _, err := ApplyStates(&req, att, []string{StatePhased}, nil); err == nil {
		t.Error("a phased attacker punched")
	}
}

// TestAttackerStateRules: an attacker's lasting states, asked through
// ApplyStates from each power's file: shrunk, "your attacks always do
// minimum damage" (p. 71); denser +10 melee damage, lighter minimum
// melee damage (p. 54); grown, its strength the grown one (p. 60);
// shapechanged, "you may not use any other super powers" (p. 70).
func TestAttackerStateRules(t *testing.T) {
	for _, tc := range []struct {
		state string
		page  string
		want  func(Situation) bool
	}{
		{StateShrunk, "p. 71", func(s Situation) bool { return s.AttackerShrunk }},
		{StateDenser, "p. 54", func(s Situation) bool { return s.AttackerDenser }},
		{StateLighter, "p. 54", func(s Situation) bool { return s.AttackerLighter }},
		{StateGrown, "p. 60", func(s Situation) bool { return reflect.DeepEqual(s, Situation{}) }},
		{StateShapechanged, "p. 70", func(s Situation) bool { return reflect.DeepEqual(s, Situation{}) }},
	} {
		att := withAttack(mk("A", rulebook.ACF), fist())
		req := Request{Mode: ModeStrike, Attack: "fist"}
		steps, err := ApplyStates(&req, att, []string{tc.state}, nil)
		if err != nil || !tc.want(req.Situation) || len(steps) != 1 || steps[0].Rule != tc.state || steps[0].Page != tc.page {
			t.Errorf("attacker %s: situation %+v, steps %v, error %v", tc.state, req.Situation, steps, err)
		}
	}
	blast := hero.Attack{Slug: "blast", Power: string(rulebook.PowerEnergyBlast), StrikeClass: 3, Health: "1d6", Stamina: "1d6", Ranged: true}
	att := withAttack(mk("A", rulebook.ACF), blast)
	req := Request{Mode: ModeStrike, Attack: "blast"}
	if _, err := ApplyStates(&req, att, []string{StateShapechanged}, nil); err == nil {
		t.Error("a shapechanged attacker used Energy Blast (p. 70)")
	}
}

// TestDefenceRules: each defender's defence, asked through the
// resolver's immunity and dividers: phased out, "rank 1: H/11 S/11 and
// only attacks that reduce or negate dividers"; rank 2: nothing hurts (p.
// 66); Impervious, "impervious to all physical damage" (p. 61); an astral
// form, hurt only by energy attacks (p. 62); Elasticity, "If you dodge a
// blunt attack ... you get at least H/2 S/2 dividers" (p. 55).
func TestDefenceRules(t *testing.T) {
	blast := hero.Attack{Slug: "blast", Power: string(rulebook.PowerEnergyBlast), StrikeClass: 3, Health: "1d6", Stamina: "1d6", Ranged: true}
	phasing := func(rank int) []hero.Power { return []hero.Power{power(string(rulebook.PowerPhasing), rank)} }
	for _, tc := range []struct {
		name   string
		powers []hero.Power
		sit    Situation
		react  ReactionKind
		a      hero.Attack
		immune string
		dv     rulebook.Dividers
	}{
		{"phased rank 1, a fist", phasing(1), Situation{Phased: true}, "", fist(), "p. 66", rulebook.Dividers{}},
		{"phased rank 1, an energy blast: H/11 S/11 2 lower", phasing(1), Situation{Phased: true}, "", blast, "", rulebook.Dividers{Health: 9, Stamina: 9}},
		{"phased rank 2, an energy blast", phasing(2), Situation{Phased: true}, "", blast, "p. 66", rulebook.Dividers{}},
		{"impervious, a fist", nil, Situation{Impervious: true}, "", fist(), "p. 61", rulebook.Dividers{}},
		{"astral, a fist", nil, Situation{Astral: true}, "", fist(), "p. 62", rulebook.Dividers{}},
		{"astral, an energy blast: 2 lower", nil, Situation{Astral: true}, "", blast, "", rulebook.Dividers{}},
		{"elastic, dodging a fist: H/2 S/2", []hero.Power{power(string(rulebook.PowerElasticity), 1)}, Situation{}, ReactionDodge, fist(), "", rulebook.Dividers{Health: 2, Stamina: 2}},
		{"elastic, not dodging", []hero.Power{power(string(rulebook.PowerElasticity), 1)}, Situation{}, "", fist(), "", rulebook.Dividers{}},
	} {
		def := withPowers(mk("D", rulebook.ACF), tc.powers...)
		p, err := prepared(t, withAttack(mk("A", rulebook.ACF), tc.a), def, Request{Mode: ModeStrike, Attack: tc.a.Slug, Situation: tc.sit, Reaction: Reaction{Kind: tc.react}})
		if err != nil {
			t.Fatal(err)
		}
		why := p.completeImmunity()
		if (why != "") != (tc.immune != "") || !strings.Contains(why, tc.immune) {
			t.Errorf("%s: immunity %q, want one citing %q", tc.name, why, tc.immune)
		}
		if dv := p.dividers(); tc.immune == "" && dv != tc.dv {
			t.Errorf("%s: dividers %+v, want %+v", tc.name, dv, tc.dv)
		}
	}
}

// TestRestraintEscapeRules: "If the target has the teleport power or the
// phasing power, they can use these to automatically escape the
// restraint" (pp. 64, 72).
func TestRestraintEscapeRules(t *testing.T) {
	for _, tc := range []struct {
		power rulebook.PowerID
		want  bool
	}{
		{rulebook.PowerTeleport, true},
		{rulebook.PowerPhasing, true},
		{rulebook.PowerFlight, false},
	} {
		r, err := RestraintOn(withPowers(mk("D", rulebook.ACF), power(string(tc.power), 1)), 10)
		if err != nil || r.Automatic != tc.want {
			t.Errorf("%s: automatic %v, want %v (error %v)", tc.power, r.Automatic, tc.want, err)
		}
	}
}

// TestMovementAttackRules: the movement attacks of a power without a
// file of their own before: "If you tumble at least 4 metres into combat
// directly before making an attack, you can ... gain a +2 damage bonus"
// (gymnastics, p. 71); a magnetic fling, +2 (p. 57).
func TestMovementAttackRules(t *testing.T) {
	for _, tc := range []struct {
		move    rulebook.PowerID
		power   hero.Power
		bonus   int
		page    string
		without bool
	}{
		{"gymnastics", power(string(rulebook.PowerSkills), 1, "gymnastics"), 2, "p. 71", false},
		{"magnetism", power(string(rulebook.PowerEnvironmentalControl), 1, "magnetism"), 2, "p. 57", false},
	} {
		if b, page := movementBonus(withPowers(mk("A", rulebook.ACF), tc.power), tc.move); b != tc.bonus || page != tc.page {
			t.Errorf("%s: %+d %s, want %+d %s", tc.move, b, page, tc.bonus, tc.page)
		}
		if b, _ := movementBonus(mk("A", rulebook.ACF), tc.move); b != 0 {
			t.Errorf("%s without the skill or power: %+d", tc.move, b)
		}
	}
}

// TestParryRules: animal senses, "a +1 bonus to all parrying rolls" (p. 74), on the
// resolver's parry and on a defender's own parry modifiers.
func TestParryRules(t *testing.T) {
	def := withPowers(mk("D", rulebook.ACF), power(string(rulebook.PowerSuperSenses), 1, "animal-senses"))
	if got := DefenderParryModifiers(def); len(got) != 1 || got[0] != AnimalSensesModifier() {
		t.Errorf("animal senses: %+v", got)
	}
	p, err := prepared(t, withAttack(mk("A", rulebook.ACF), fist()), def, Request{Mode: ModeStrike, Attack: "fist"})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.reactionMods(nil, true); len(got) != 1 || got[0].Page != "p. 74" {
		t.Errorf("animal senses on the resolver's parry: %+v", got)
	}
	if got := DefenderParryModifiers(mk("D", rulebook.ACF)); len(got) != 0 {
		t.Errorf("no senses: %+v", got)
	}
}

// TestSuperHealthRules: Fast Recovery, "You recover stamina twice per page"
// (p. 73), Regeneration "1d6 health each time you spend a double-panel
// resting" (p. 73).
func TestSuperHealthRules(t *testing.T) {
	fast := withPowers(mk("H", rulebook.ACF), power(string(rulebook.PowerSuperHealth), 1, "fast-recovery"))
	if !fastRecovery(fast) || fastRecovery(mk("H", rulebook.ACF)) {
		t.Error("Fast Recovery not read off the power")
	}
	h := withPowers(mk("H", rulebook.ACF), power(string(rulebook.PowerSuperHealth), 1, "regeneration"))
	h.Health.Current = 30
	if v, got, _, err := Regenerate(h, dice.NewScripted([]int{4})); err != nil || v != 4 || got != 4 || h.Health.Current != 34 {
		t.Errorf("Regeneration: d6 %d, +%d, now %d (error %v)", v, got, h.Health.Current, err)
	}
	if _, _, _, err := Regenerate(mk("H", rulebook.ACF), dice.NewScripted([]int{4})); err == nil {
		t.Error("regenerated without the power")
	}
}

// TestMentalRules: each mental power's rule, asked through Mental and
// MentalCost: Psychic Drain "+1 to the psychic roll per psi" (p. 68);
// Telekinesis 1 psi per 10 kg (p. 69); Transmutation 6 psi, on objects
// only (p. 69); the device's "Will" 10 +2 a rank (p. 53); Mind Control,
// won, takes control (p. 68).
func TestMentalRules(t *testing.T) {
	costs := []struct {
		power rulebook.PowerID
		in    MentalInput
		want  int
	}{
		{rulebook.PsiPsychicDrain, MentalInput{Points: 4}, 4},
		{rulebook.PsiTelekinesis, MentalInput{MassKg: 25}, 3},
		{rulebook.PsiTransmutation, MentalInput{}, 6},
		{rulebook.PsiEmpathy, MentalInput{Mode: "change"}, 5},
		{rulebook.PsiTelepathy, MentalInput{Mode: "send"}, 2},
		{rulebook.PsiMindControl, MentalInput{}, 10},
		{rulebook.SpellHypnotism, MentalInput{}, 10},
		{rulebook.SpellRestraint, MentalInput{Points: 7}, 7},
		{rulebook.ImplantMindControlDevice, MentalInput{}, 0},
	}
	for _, tc := range costs {
		p, ok := FindMentalPower(tc.power)
		if !ok {
			t.Fatalf("%s is not a mental power", tc.power)
		}
		if got, err := MentalCost(p, tc.in, false); err != nil || got != tc.want {
			t.Errorf("%s costs %d (%v), want %d", tc.power, got, err, tc.want)
		}
	}

	psyche := mentalHero("mx", 14, 10, []hero.Power{psychicPower(hero.Flavour{Slug: string(rulebook.PsiPsychicDrain)},
		hero.Flavour{Slug: string(rulebook.PsiMindControl)}, hero.Flavour{Slug: string(rulebook.PsiTransmutation)})}, psi(15))
	target := mentalHero("t", 10, 10, nil, psi(8))
	// Drain 3: 1d20 5 + 14 + 3 = 22 against 1d20 10 + 10 = 20.
	r, err := Mental(psyche, target, MentalInput{Power: rulebook.PsiPsychicDrain, Points: 3}, dice.NewScripted([]int{5, 10}))
	if err != nil || r.Contest == nil || r.Contest.AttackerTotal != 22 || !r.Success || r.Drained != 2 {
		t.Errorf("drain: %+v, %v", r, err)
	}
	// Mind Control: 1d20 10 + 14 = 24 against 1d20 10 + 10 = 20.
	if r, err := Mental(psyche, target, MentalInput{Power: rulebook.PsiMindControl}, dice.NewScripted([]int{10, 10})); err != nil || r.State != StateMindControl {
		t.Errorf("mind control: %+v, %v", r, err)
	}
	if _, err := Mental(psyche, target, MentalInput{Power: rulebook.PsiTransmutation}, dice.NewScripted(nil)); err == nil {
		t.Error("transmutation worked on a person")
	}
	cyborg := mentalHero("unit", 9, 10, []hero.Power{{Slug: rulebook.PowerCybernetics, Rank: 1,
		Flavours: []hero.Flavour{{Slug: string(rulebook.ImplantMindControlDevice), Rank: 2}}}})
	if r, err := Mental(cyborg, target, MentalInput{Power: rulebook.ImplantMindControlDevice}, dice.NewScripted([]int{10, 1, 3})); err != nil || r.Will != 12 || r.Establish != 3 {
		t.Errorf("device: will %d, establish %d (%v), want 12 and 3", r.Will, r.Establish, err)
	}
}

// TestEnergyTypedPowers: an energy blast carries its energy type, the
// power's flavour (p. 55), whatever table the flavour records; another
// power's attack only a flavour from the energy types table.
func TestEnergyTypedPowers(t *testing.T) {
	att := withPowers(mk("A", rulebook.ACF), power(string(rulebook.PowerEnergyBlast), 1, "fire"), power(string(rulebook.PowerClaws), 1, "steel"))
	if et := energyType(att, &hero.Attack{Power: string(rulebook.PowerEnergyBlast)}); et != "fire" {
		t.Errorf("energy blast: %q, want fire", et)
	}
	if et := energyType(att, &hero.Attack{Power: string(rulebook.PowerClaws)}); et != "" {
		t.Errorf("claws: %q, want none", et)
	}
}

// TestSpecialAttackIndex: the switches that find a special attack by
// damage type and by power agree with the list, specialAttacks.
func TestSpecialAttackIndex(t *testing.T) {
	for _, s := range specialAttacks {
		if got := specialByDamageType(s.slug); got != s {
			t.Errorf("damage type %s: %v", s.slug, got)
		}
		if s.power != "" && specialByPower(s.power) != s {
			t.Errorf("power %s: not %s", s.power, s.slug)
		}
	}
	if specialByDamageType("unarmed") != nil || specialByPower(rulebook.PowerFlight) != nil {
		t.Error("an ordinary attack is special")
	}
}

// TestKindRules: the powers whose attacks are a kind of their own, asked
// through KindOf: a spell is a magic attack (p. 63), a psychic power's or
// any mental attack a psychic one (p. 68), whatever their damage type.
func TestKindRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    hero.Attack
		want AttackKind
	}{
		{"a spell (p. 63)", hero.Attack{Slug: "spell", DamageType: "unarmed", Power: string(rulebook.PowerMagic)}, KindMagic},
		{"an eldritch bolt (p. 63)", hero.Attack{Slug: "bolt", DamageType: kindEldritch}, KindMagic},
		{"a psychic power (p. 68)", hero.Attack{Slug: "psi", DamageType: "unarmed", Power: string(rulebook.PowerPsychicAbility)}, KindPsychic},
		{"a mental attack (p. 68)", hero.Attack{Slug: "stare", DamageType: "unarmed", Mental: true}, KindPsychic},
		{"a fist", fist(), KindPhysical},
	} {
		if got := KindOf(mk("A", rulebook.ACF), &tc.a); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestStateSwitchRules: switching a state on a hero file (SwitchState),
// through each state's rule: one size at a time, "you must return to
// normal size" before shrinking while grown, or growing while shrunk
// (pp. 60, 70); growing raises the file's strength and shrinking back
// lowers it again (pp. 60-61).
func TestStateSwitchRules(t *testing.T) {
	for _, tc := range []struct {
		on, in string
	}{
		{StateShrunk, StateGrown},
		{StateGrown, StateShrunk},
		{StateLighter, StateDenser},
	} {
		h := withPowers(grower(), power(string(rulebook.PowerShrinking), 1), power(string(rulebook.PowerDensityControlSelf), 1))
		h.States = []string{tc.in}
		if _, err := SwitchState(h, tc.on, true, dice.NewScripted(nil)); err == nil || !strings.Contains(err.Error(), "is "+tc.in+": switch it off first") {
			t.Errorf("%s while %s: %v", tc.on, tc.in, err)
		}
	}
	h := grower()
	str := h.Abilities.Final.Strength
	if _, err := SwitchState(h, StateGrown, true, dice.NewScripted([]int{2, 3, 4, 5, 4, 4, 4, 3})); err != nil || h.Abilities.Final.Strength <= str {
		t.Fatalf("grown: strength %d from %d (error %v)", h.Abilities.Final.Strength, str, err)
	}
	if _, err := SwitchState(h, StateGrown, false, dice.NewScripted(nil)); err != nil || h.Abilities.Final.Strength != str {
		t.Fatalf("back: strength %d, want %d (error %v)", h.Abilities.Final.Strength, str, err)
	}
}
