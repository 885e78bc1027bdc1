package chargen

import (
	"slices"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// draft returns a minimal hand-built hero: base abilities and pinned
// health and stamina dice (all 3s) for the endurance.
func draft(str, agi, wil, end int, powers ...hero.Power) *hero.Hero {
	h := &hero.Hero{Schema: hero.SchemaVersion, Name: "Test", Kind: hero.KindHero, Powers: powers}
	h.Abilities.Base = hero.Abilities{Strength: str, Agility: agi, Will: wil, Endurance: end}
	return h
}

func pw(slug string, rank int, values map[string]int, flavours ...string) hero.Power {
	p := hero.Power{Slug: rulebook.PowerID(slug), Rank: rank, Values: values}
	for _, f := range flavours {
		p.Flavours = append(p.Flavours, hero.Flavour{Slug: f, Name: f, Rank: 1})
	}
	return p
}

func derive(t *testing.T, h *hero.Hero, d []int, opt Options) *hero.Hero {
	t.Helper()
	// Pin the tracks unless the test gives their dice.
	end := h.Abilities.Base.Endurance
	if d == nil {
		for range 2 * end * 4 {
			d = append(d, 3)
		}
	}
	s := dice.NewScripted(d)
	if _, err := Derive(h, s, opt); err != nil {
		t.Fatal(err)
	}
	// Track dice depend on the final endurance; drop the unused 3s.
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestDeriveHandComputed checks derived figures against hand-computed
// values (tables pp. 8-9, 32-33; powers pp. 51-78).
func TestDeriveHandComputed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		h     *hero.Hero
		opt   Options
		check func(t *testing.T, h *hero.Hero)
	}{
		{"super speed and a taller Larger: (12+15+14)/6 = 6.83 → 7, +50% → 10.5 → 11, doubled → 22",
			draft(12, 15, 10, 14, pw("super-speed", 1, nil), pw("larger", 1, map[string]int{"str_d6_r1": 4, "end_d6_r1": 1}, "taller")), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "movement", h.Combat.Movement, 22)
				eq(t, "strength", h.Abilities.Final.Strength, 12+6)
				eq(t, "endurance", h.Abilities.Final.Endurance, 14+3)
				eq(t, "knockback threshold", h.Combat.KnockbackThreshold, 20)
				eq(t, "dodge bonus (F +1, Super Speed +3)", h.Combat.DodgeBonus, 4)
			}},
		{"a stockier Larger at rank 2: +10 knockback threshold, movement unchanged",
			draft(10, 10, 10, 10, pw("larger", 2, map[string]int{"str_d6_r1": 1, "end_d6_r1": 1, "str_d6_r2": 6, "end_d6_r2": 6, "knockback_ranks": 2}, "stockier")), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "knockback threshold", h.Combat.KnockbackThreshold, 30)
				eq(t, "movement", h.Combat.Movement, 5)
				eq(t, "strength", h.Abilities.Final.Strength, 10+3+8)
			}},
		{"Toughness rank 4 and strength 74: armour class A, H/6 S/5 improved by H/+1 S/+3",
			draft(14, 10, 10, 10, pw("toughness", 4, nil), pw("super-strength", 3, map[string]int{"d10_r1": 10, "d10_r2": 10, "d10_r3": 10})), Options{},
			func(t *testing.T, h *hero.Hero) {
				c := h.Combat
				eq(t, "strength", h.Abilities.Final.Strength, 74)
				eq(t, "damage bonus", c.DamageBonus, 59)
				eq(t, "H divider", c.Dividers.Health, 7)
				eq(t, "S divider", c.Dividers.Stamina, 8)
				eq(t, "brace bonus", c.BraceBonus, 15)
				if c.ArmourClass != rulebook.ACA || c.CanDodge {
					t.Errorf("armour class %s can dodge %v", c.ArmourClass, c.CanDodge)
				}
			}},
		{"Armour rank 1: armour class D may dodge, at +0 plus powers",
			draft(10, 10, 10, 10, pw("armour", 1, nil), pw("acrobatics", 1, nil)), Options{},
			func(t *testing.T, h *hero.Hero) {
				if !h.Combat.CanDodge {
					t.Error("armour class D may dodge")
				}
				eq(t, "dodge bonus", h.Combat.DodgeBonus, 2)
				eq(t, "H divider", h.Combat.Dividers.Health, 3)
				eq(t, "S divider", h.Combat.Dividers.Stamina, 2)
			}},
		{"dodge bonuses add up: F 1 + Acrobatics R2 3 + Reactions 2 + Super Speed 3 + Gymnastics 1 + Martial Arts R2 1 = 11",
			dodgeHero(), Options{},
			func(t *testing.T, h *hero.Hero) { eq(t, "dodge bonus", h.Combat.DodgeBonus, 11) }},
		{"dodge bonuses, best only: Super Speed 3 + Martial Arts R2 1 = 4",
			dodgeHero(), Options{DodgeStacking: "best"},
			func(t *testing.T, h *hero.Hero) { eq(t, "dodge bonus", h.Combat.DodgeBonus, 4) }},
		{"a padded costume: armour class E, H/2, not improved by strength 20 (only powers' dividers are, p. 14)",
			withItems(draft(20, 10, 10, 10), hero.Item{Slug: "padded-costume", Name: "Padded costume"}), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "H divider", h.Combat.Dividers.Health, 2)
				eq(t, "S divider", h.Combat.Dividers.Stamina, 0)
				if h.Combat.ArmourClass != rulebook.ACE || h.Combat.DodgeBonus != 0 || !h.Combat.CanDodge {
					t.Errorf("armour class %s dodge %v %+d", h.Combat.ArmourClass, h.Combat.CanDodge, h.Combat.DodgeBonus)
				}
			}},
		{"Specialist Training +1 strength +1 will; low scores give negative bonuses",
			withPerks(draft(4, 3, 10, 5), hero.Perk{Slug: "specialist-training", Option: "strength+will"}), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "strength", h.Abilities.Final.Strength, 5)
				eq(t, "will", h.Abilities.Final.Will, 11)
				eq(t, "damage bonus", h.Combat.DamageBonus, -1)
				eq(t, "strike bonus", h.Combat.StrikeBonus, -3)
				eq(t, "recovery bonus", h.Recovery.Bonus, -1)
				if h.Recovery.Health != "1d6-1" {
					t.Errorf("recovery %q", h.Recovery.Health)
				}
			}},
		{"Super Endurance 1d6+6: endurance 20 gives recovery 1d6+1 and 20 dice per track",
			draft(10, 10, 10, 10, pw("super-endurance", 1, map[string]int{"d6_r1": 4})), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "endurance", h.Abilities.Final.Endurance, 20)
				eq(t, "health dice", len(h.Health.Dice), 20)
				eq(t, "health", h.Health.Max, 60)
				eq(t, "battered (60/10)", h.Health.Battered, 6)
				eq(t, "dazed (60/5)", h.Stamina.Dazed, 12)
				if h.Recovery.Stamina != "1d6+1" {
					t.Errorf("recovery %q", h.Recovery.Stamina)
				}
			}},
		{"Luck: 1d3 × will; luck and enhanced hearing each give a point of power use",
			draft(10, 10, 13, 10, pw("luck", 1, map[string]int{"d3": 3}), pw("super-senses", 1, nil, "enhanced-hearing")), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "luck chance", h.FindPower("luck").Values["chance"], 39)
				eq(t, "power use (p. 22)", h.Profile.PowerUse, 2)
				eq(t, "investigation (3+3+4+2+5)x3", h.Profile.Investigation, 51)
			}},
		{"Magic rank 3: 15 + 1d10 + 1d10 magic points", draft(10, 10, 10, 10, hero.Power{Slug: "magic", Rank: 3, Values: map[string]int{"pool_d10_r2": 4, "pool_d10_r3": 7},
			Flavours: []hero.Flavour{{Slug: "eldritch-bolt", Speciality: true}, {Slug: "lore"}, {Slug: "illusion"}, {Slug: "restraint", Speciality: true}}}), Options{},
			func(t *testing.T, h *hero.Hero) {
				p := h.FindPool("magic")
				if p == nil || p.Max != 26 || p.Current != 26 || p.CapPerAction != 10 {
					t.Errorf("pool %+v", p)
				}
				a := h.FindAttack("eldritch-bolt")
				if a == nil || a.StrikeClass != 3 || !a.IgnoresDividers {
					t.Errorf("eldritch bolt %+v", a)
				}
				eq(t, "identification (magic is outlandish)", h.Profile.Identification, 2)
			}},
		{"Energy Blast rank 4: pool 15 + 1d10, immunity and reflection of its type",
			draft(10, 10, 10, 10, hero.Power{Slug: "energy-blast", Rank: 4, Options: []string{"extra-dice", "energy-reflect", "immunity"},
				Values: map[string]int{"pool_d10": 6}, Flavours: []hero.Flavour{{Slug: "fire", Name: "Fire", Table: "energy-type"}}}), Options{},
			func(t *testing.T, h *hero.Hero) {
				if p := h.FindPool("energy"); p == nil || p.Max != 21 {
					t.Errorf("pool %+v", p)
				}
				a := h.FindAttack("energy-blast")
				if a == nil || a.StrikeClass != 3 || a.LowersDividers != 2 || a.Range != 40 || a.Panels != 2 {
					t.Errorf("energy blast %+v", a)
				}
				if !strings.Contains(strings.Join(h.Combat.Immunities, ","), "fire") {
					t.Errorf("immunities %v", h.Combat.Immunities)
				}
				var reflect bool
				for _, p := range h.Combat.Parries {
					reflect = reflect || (p.Slug == "energy-reflect" && p.Automatic)
				}
				if !reflect {
					t.Errorf("parries %+v", h.Combat.Parries)
				}
			}},
		{"Weapon Mastery rank 3 with staves: strike class 4, +10 damage two-handed (heavy damage)",
			draft(10, 10, 10, 10, hero.Power{Slug: "weapon-mastery", Rank: 3, Flavours: []hero.Flavour{{Slug: "staves", Name: "Staves", Rank: 3, Detail: "melee", Options: []string{"damage", "heavy-damage"}}}}), Options{},
			func(t *testing.T, h *hero.Hero) {
				a := h.FindAttack("staff")
				if a == nil || a.StrikeClass != 4 || a.ExtraDamage != 10 || a.Panels != 2 || a.ParryAs != "other-melee-wm" || a.Health != "1d6" || a.Stamina != "2d6+6" {
					t.Errorf("staff %+v", a)
				}
				var item bool
				for _, it := range h.Equipment {
					item = item || (it.Slug == "staff" && it.For == "weapon-mastery")
				}
				if !item {
					t.Errorf("equipment %+v", h.Equipment)
				}
			}},
		{"Martial Arts oriental rank 3: strike class 4, 2d6+6 S / 1d6 H, the rank 3 parry",
			draft(10, 10, 10, 10, hero.Power{Slug: "martial-arts", Rank: 3, Flavours: []hero.Flavour{{Slug: "oriental", Name: "Oriental", Rank: 3}}}), Options{},
			func(t *testing.T, h *hero.Hero) {
				a := h.FindAttack("fist")
				if a.StrikeClass != 4 || a.Stamina != "2d6+6" || a.Health != "1d6" || a.ParryAs != "rank3-martial-arts" {
					t.Errorf("fist %+v", a)
				}
				if o := h.FindAttack("oriental-strike"); o == nil || o.Health != "2d6+3" || o.Stamina != "1d6" {
					t.Errorf("oriental strike %+v", o)
				}
				eq(t, "dodge bonus (F 1 + Martial Arts R2 1)", h.Combat.DodgeBonus, 2)
				if len(h.Combat.Parries) == 0 || h.Combat.Parries[0].ParryType != "rank3-martial-arts" {
					t.Errorf("parries %+v", h.Combat.Parries)
				}
			}},
		{"Animal Senses: +1 parry, never surprised, a point of power use", draft(10, 10, 10, 10, pw("super-senses", 1, nil, "animal-senses")), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "parry bonus", h.Combat.ParryBonus, 1)
				if !h.Combat.NeverSurprised {
					t.Error("never surprised")
				}
				eq(t, "power use", h.Profile.PowerUse, 1)
				eq(t, "identification (senses look normal)", h.Profile.Identification, 3)
			}},
		{"Unearthly Being: identification 1, non-human security +2 (p. 27)",
			withPerks(draft(10, 10, 10, 10), hero.Perk{Slug: "unearthly-being"}), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "identification", h.Profile.Identification, 1)
				eq(t, "security", h.Profile.Security, 7)
			}},
		{"Idle Rich: financial 8, 8 downtime points; Boffin: material 8",
			withPerks(draft(10, 10, 10, 10), hero.Perk{Slug: "idle-rich"}, hero.Perk{Slug: "boffin"}), Options{},
			func(t *testing.T, h *hero.Hero) {
				eq(t, "financial", h.Resources.Financial, 8)
				eq(t, "material", h.Resources.Material, 8)
				eq(t, "downtime points", h.Downtime.PointsPerWeek, 8)
				eq(t, "security", h.Profile.Security, 8)
			}},
		{"Super Health fast recovery recovers twice", draft(10, 10, 10, 10, pw("super-health", 1, nil, "fast-recovery")), Options{},
			func(t *testing.T, h *hero.Hero) { eq(t, "recovery times", h.Recovery.Times, 2) }},
		{"Flight rank 2 moves 20 m a panel, up to 30; a power dive kick", draft(10, 10, 10, 10, pw("flight", 2, nil)), Options{},
			func(t *testing.T, h *hero.Hero) {
				if len(h.Combat.Moves) == 0 || h.Combat.Moves[0].Metres != 20 || h.Combat.Moves[0].Max != 30 {
					t.Errorf("moves %+v", h.Combat.Moves)
				}
				if a := h.FindAttack("dive-kick"); a == nil || a.Stamina != "2d6+6" || a.RecoveryPanels != 1 {
					t.Errorf("dive kick %+v", a)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.check(t, derive(t, tc.h, nil, tc.opt))
		})
	}
}

func eq(t *testing.T, what string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %d, want %d", what, got, want)
	}
}

func dodgeHero() *hero.Hero {
	return draft(10, 10, 10, 10, pw("acrobatics", 2, nil), pw("reactions", 1, nil), pw("super-speed", 1, nil),
		pw("skills", 1, nil, "gymnastics"), hero.Power{Slug: "martial-arts", Rank: 2, Flavours: []hero.Flavour{{Slug: "streetfighting", Rank: 2}}})
}

func withItems(h *hero.Hero, items ...hero.Item) *hero.Hero {
	h.Equipment = append(h.Equipment, items...)
	return h
}

func withPerks(h *hero.Hero, perks ...hero.Perk) *hero.Hero {
	h.Perks = append(h.Perks, perks...)
	return h
}

// TestDeriveRollsWhatIsMissing checks the documented dice order: power
// values first, then health, then stamina.
func TestDeriveRollsWhatIsMissing(t *testing.T) {
	h := draft(10, 10, 10, 1, pw("super-strength", 1, nil), pw("luck", 1, nil))
	h.Abilities.Base.Endurance = 1
	s := dice.NewScripted([]int{7, 2, 5, 6})
	if _, err := Derive(h, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	eq(t, "super strength d10", h.FindPower("super-strength").Values["d10_r1"], 7)
	eq(t, "strength", h.Abilities.Final.Strength, 27)
	eq(t, "luck d3", h.FindPower("luck").Values["d3"], 2)
	eq(t, "health", h.Health.Max, 5)
	eq(t, "stamina", h.Stamina.Max, 6)
	if len(h.FindPower("super-strength").Dice) != 1 {
		t.Errorf("the power records its die: %+v", h.FindPower("super-strength").Dice)
	}
}

// TestDeriveKeepsDamage re-derives a hurt hero whose endurance rose: the
// damage taken stays taken, and the new die is rolled.
func TestDeriveKeepsDamage(t *testing.T) {
	h := draft(10, 10, 10, 2)
	h.Health.Dice, h.Stamina.Dice = []int{4, 4}, []int{5, 5}
	derive(t, h, []int{}, Options{})
	h.Health.Current -= 3
	h.Stamina.Current -= 10
	h.Downtime.Points = 2
	h.Abilities.Modifiers = append(h.Abilities.Modifiers, hero.AbilityModifier{Ability: "endurance", Amount: 1, Source: "downtime"})
	derive(t, h, []int{6, 1}, Options{})
	eq(t, "health", h.Health.Max, 14)
	eq(t, "health now", h.Health.Current, 11)
	eq(t, "stamina", h.Stamina.Max, 11)
	eq(t, "stamina now", h.Stamina.Current, 1)
	eq(t, "endurance kept from downtime", h.Abilities.Final.Endurance, 3)
	eq(t, "downtime points left", h.Downtime.Points, 2)
}

func TestDeriveErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		h    *hero.Hero
		want string
	}{
		{"no name", &hero.Hero{Schema: 1}, "$.name"},
		{"no base abilities", draft(0, 10, 10, 10), "$.abilities.base.strength"},
		{"unknown power", draft(10, 10, 10, 10, pw("laser-eyes", 1, nil)), "$.powers[0].slug"},
		{"rank above the maximum", draft(10, 10, 10, 10, pw("armour", 4, nil)), "$.powers[0].rank: 4 is above Armour's maximum of 3"},
		{"a power twice", draft(10, 10, 10, 10, pw("flight", 1, nil), pw("flight", 1, nil)), "listed twice"},
		{"a pinned value off its die", draft(10, 10, 10, 10, pw("super-strength", 1, map[string]int{"d10_r1": 11})), "$.powers[0].values.d10_r1: 11 is not a face of the d10"},
		{"forcefield health off its dice", draft(10, 10, 10, 10, hero.Power{Slug: "forcefield", Rank: 1, Values: map[string]int{"health": 40},
			Flavours: []hero.Flavour{{Slug: "personal-forcefield"}}}), "outside 4d6"},
		{"a health die off a d6", func() *hero.Hero { h := draft(10, 10, 10, 2); h.Health.Dice = []int{7}; return h }(), "$.health.dice[0]"},
		{"an unknown perk", withPerks(draft(10, 10, 10, 10), hero.Perk{Slug: "jetpack"}), "$.perks[0].slug"},
		{"a bad specialist training option", withPerks(draft(10, 10, 10, 10), hero.Perk{Slug: "specialist-training", Option: "luck"}), "$.perks[0].option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Derive(tc.h, dice.NewScripted([]int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}), Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestDeriveResolvesMissingFlavours lets Derive roll a draft's missing
// flavours, as if the power had been gained rank by rank.
func TestDeriveResolvesMissingFlavours(t *testing.T) {
	h := draft(10, 10, 10, 1, pw("magic", 2, nil), pw("forcefield", 1, nil))
	s := dice.NewScripted([]int{3, 7, 8, 9, 4, 5, 1, 2, 3, 4, 6, 6})
	if _, err := Derive(h, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if got := flavourSummary(h.FindPower("magic")); got != "Eldritch Bolt (speciality), Mystic Shield, Restraint, Summoning" {
		t.Errorf("spells %q", got)
	}
	eq(t, "magic pool (15 + 4)", h.FindPool("magic").Max, 19)
	f := h.FindPower("forcefield")
	if f.Flavours[0].Slug != "personal-forcefield" || f.Values["health"] != 10 {
		t.Errorf("forcefield %+v", f)
	}
}

// TestGainPowerRank adds and raises powers as downtime does.
func TestGainPowerRank(t *testing.T) {
	h := loadGuardian(t)
	if _, err := Derive(h, dice.NewScripted(nil), Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := GainPowerRank(h, "armour", dice.NewScripted(nil), Options{}); err == nil || !strings.Contains(err.Error(), "maximum") {
		t.Fatalf("armour is at its maximum: %v", err)
	}
	// A third Super Strength rank: 1d10+10 more strength.
	s := dice.NewScripted([]int{5})
	if _, err := GainPowerRank(h, "super-strength", s, Options{}); err != nil {
		t.Fatal(err)
	}
	eq(t, "strength", h.Abilities.Final.Strength, 60)
	eq(t, "damage bonus", h.Combat.DamageBonus, 45)
	eq(t, "S divider (60+: S/+3)", h.Combat.Dividers.Stamina, 7)
	eq(t, "brace", h.Combat.BraceBonus, 15)
	// A new flavoured power resolves its flavour.
	s = dice.NewScripted([]int{2})
	if _, err := GainPowerRank(h, "energy-blast", s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if a := h.FindAttack("energy-blast"); a == nil || a.Name != "Energy blast (Cold)" {
		t.Errorf("attack %+v", a)
	}
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestSidekickPower generates the Sidekick power's sidekick and raises it.
func TestSidekickPower(t *testing.T) {
	h := draft(10, 10, 10, 10, pw("sidekick", 1, nil))
	if _, err := Derive(h, dice.NewSeeded(1), Options{}); err != nil {
		t.Fatal(err)
	}
	sk := h.FindPower("sidekick").Sidekick
	if sk == nil || sk.Kind != hero.KindSidekick || len(sk.Powers) != 0 || sk.Combat.PanelsPerPage != 2 || sk.Combat.Attacks[0].StrikeClass != 2 {
		t.Fatalf("rank 1 sidekick %+v", sk)
	}
	if err := sk.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := GainPowerRank(h, "sidekick", dice.NewSeeded(2), Options{}); err != nil {
		t.Fatal(err)
	}
	sk = h.FindPower("sidekick").Sidekick
	if sk.Combat.PanelsPerPage != 3 || len(sk.Powers) == 0 || sk.PowerRank("sidekick") != 0 {
		t.Fatalf("rank 2 sidekick: %d panels, powers %+v", sk.Combat.PanelsPerPage, sk.Powers)
	}
	if err := sk.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestShapechangeForms: specific forms (p. 70) with no forms in the file
// get the book's split, "heroic" with every other power and
// "secret-identity" without; a hero whose only power is Shapechange gets
// the heroic form alone, since at most one form may be without powers.
func TestShapechangeForms(t *testing.T) {
	tests := []struct {
		name   string
		powers []hero.Power
		forms  []string
	}{
		{"with another power", []hero.Power{pw("shapechange", 1, nil, "specific"), pw("super-strength", 1, map[string]int{"d10_r1": 5})}, []string{FormHeroic, FormSecretIdentity}},
		{"shapechange alone", []hero.Power{pw("shapechange", 1, nil, "specific")}, []string{FormHeroic}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := draft(10, 10, 10, 1, tc.powers...)
			h.Health.Dice, h.Stamina.Dice = []int{3}, []int{4}
			if _, err := Derive(h, dice.NewScripted(nil), Options{}); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range h.Forms {
				got = append(got, f.Name)
			}
			if !slices.Equal(got, tc.forms) || h.Form != FormHeroic {
				t.Errorf("forms %v in %q, want %v in %q", got, h.Form, tc.forms, FormHeroic)
			}
			if err := h.Validate(); err != nil {
				t.Errorf("the derived hero is refused: %v", err)
			}
		})
	}
}
