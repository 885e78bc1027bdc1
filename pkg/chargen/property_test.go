package chargen

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// tester is what checkHero needs of *testing.T and *rapid.T.
type tester interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// checkHero checks the rules' invariants of a generated hero.
func checkHero(t tester, h *hero.Hero, slots int) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: %s", h.Name, fmt.Sprintf(format, args...))
	}
	if err := h.Validate(); err != nil {
		fail("validate: %v", err)
	}
	// Every slot is accounted for, once (p. 6).
	if h.Creation == nil {
		fail("no creation record")
	}
	seen := map[int]bool{}
	for _, s := range h.Creation.Slots {
		if s.Action == ActionReroll {
			if s.Roll < 1 || s.Roll > 100 {
				fail("re-roll with d100 %d", s.Roll)
			}
			continue
		}
		if seen[s.Slot] {
			fail("slot %d used twice", s.Slot)
		}
		seen[s.Slot] = true
	}
	for k := 1; k <= slots; k++ {
		if !seen[k] {
			fail("slot %d not accounted for: %+v", k, h.Creation.Slots)
		}
	}
	if len(seen) != slots {
		fail("%d slots used, want %d", len(seen), slots)
	}
	// Ranks within the Power Table's maxima (p. 7); rank 4 needs two rolls.
	for _, p := range h.Powers {
		m := maxRank(string(p.Slug))
		if p.Rank < 1 || (m != rulebook.Unlimited && p.Rank > m && p.Source == "" && p.Values["implant_ranks"] == 0) {
			fail("%s rank %d (max %d)", p.Slug, p.Rank, m)
		}
		if p.Rank-p.Values["implant_ranks"] >= 4 && p.Source == "" && p.Rolled < 2 {
			fail("%s rank %d rolled only %d times", p.Slug, p.Rank, p.Rolled)
		}
		if p.Improved > 2 {
			fail("%s improved %d times", p.Slug, p.Improved)
		}
		if flavoured(string(p.Slug)) && len(p.Flavours) == 0 {
			fail("%s has no flavour", p.Slug)
		}
	}
	// Mystic Training for each kept mystic power (pp. 7, 11); one dropped
	// rank per perk.
	for _, m := range mysticPowers {
		if h.PowerRank(m) == 0 {
			continue
		}
		if !slices.ContainsFunc(h.Perks, func(p hero.Perk) bool { return p.Slug == "mystic-training" && p.Option == string(m) }) {
			fail("%s kept without Mystic Training: %+v", m, h.Perks)
		}
	}
	if len(h.Perks) != len(h.Creation.Drops) {
		fail("%d perks for %d drops", len(h.Perks), len(h.Creation.Drops))
	}
	for _, p := range h.Perks {
		if p.Bought == "" {
			fail("perk %s not bought", p.Slug)
		}
	}
	// Final abilities are base plus modifiers.
	f := h.Abilities.Base
	for _, m := range h.Abilities.Modifiers {
		*f.Ptr(m.Ability) += m.Amount
	}
	if f != h.Abilities.Final {
		fail("final %+v, base plus modifiers %+v", h.Abilities.Final, f)
	}
	fin := h.Abilities.Final
	c := h.Combat
	if c.DamageBonus != rulebook.DamageBonus(fin.Strength) || c.StrikeBonus != rulebook.AgilityBonus(fin.Agility) {
		fail("bonuses %+d %+d for STR %d AGI %d", c.DamageBonus, c.StrikeBonus, fin.Strength, fin.Agility)
	}
	// Armour class from Armour/Toughness, a padded costume, or F.
	wantAC := rulebook.ACF
	for _, it := range h.Equipment {
		if it.Slug == "padded-costume" {
			wantAC = rulebook.ACE
		}
	}
	for _, s := range []string{"armour", "toughness"} {
		if r := h.PowerRank(rulebook.PowerID(s)); r > 0 {
			if ac, _ := rulebook.ArmourRank(min(r, 4)); ac < wantAC {
				wantAC = ac
			}
		}
	}
	if c.ArmourClass != wantAC {
		fail("armour class %s, want %s", c.ArmourClass, wantAC)
	}
	// Strength enhances only dividers provided by powers (p. 14), not a
	// padded costume's.
	d := rulebook.ArmourClassInfo(wantAC).Dividers
	if wantAC < rulebook.ACE {
		d = d.Improve(rulebook.StrengthDividerModifier(fin.Strength))
	}
	if c.Dividers.Health != d.Health || c.Dividers.Stamina != d.Stamina {
		fail("dividers %+v, want %+v", c.Dividers, d)
	}
	if c.CanDodge != (wantAC >= rulebook.ACD && h.PowerRank("armour") < 2 && h.PowerRank("toughness") < 2) {
		fail("can dodge %v with armour class %s", c.CanDodge, wantAC)
	}
	if !c.CanDodge && c.DodgeBonus != 0 {
		fail("dodge bonus %d but cannot dodge", c.DodgeBonus)
	}
	// Tracks: one d6 per point of endurance, thresholds rounded (p. 14).
	if len(h.Health.Dice) != fin.Endurance || len(h.Stamina.Dice) != fin.Endurance {
		fail("%d/%d track dice for endurance %d", len(h.Health.Dice), len(h.Stamina.Dice), fin.Endurance)
	}
	if h.Health.Max != sum(h.Health.Dice) || h.Stamina.Max != sum(h.Stamina.Dice) {
		fail("track maxima do not add up")
	}
	if h.Health.Battered != rulebook.BatteredValue(h.Health.Max) || h.Stamina.Dazed != rulebook.DazedValue(h.Stamina.Max) || h.Stamina.Stunned != rulebook.StunnedValue(h.Stamina.Max) {
		fail("thresholds %d %d %d", h.Health.Battered, h.Stamina.Dazed, h.Stamina.Stunned)
	}
	if h.Health.Current != h.Health.Max || h.Stamina.Current != h.Stamina.Max {
		fail("a new hero starts unhurt")
	}
	// Movement from the rolled scores; only powers raise it.
	b := h.Abilities.Base
	mv := rulebook.MovementSpeed(b.Strength, b.Agility, b.Endurance)
	if h.PowerRank("super-speed") == 0 && h.PowerRank("larger") == 0 && c.Movement != mv {
		fail("movement %d, want %d", c.Movement, mv)
	}
	if c.Movement < mv {
		fail("movement %d below %d", c.Movement, mv)
	}
	if c.BraceBonus != 5*h.PowerRank("super-strength") {
		fail("brace bonus %d", c.BraceBonus)
	}
	kb := rulebook.DefaultKnockbackThreshold
	if i := powerIndex(h, "larger"); i >= 0 {
		kb += 5 * h.Powers[i].Values["knockback_ranks"]
	}
	if c.KnockbackThreshold != kb {
		fail("knockback threshold %d, want %d", c.KnockbackThreshold, kb)
	}
	wantPanels := rulebook.PanelsHero
	if h.Kind == hero.KindSidekick {
		wantPanels = c.PanelsPerPage
	}
	if c.PanelsPerPage != wantPanels {
		fail("panels %d", c.PanelsPerPage)
	}
	// Attacks: the fist first, unique slugs.
	if len(c.Attacks) == 0 || c.Attacks[0].Slug != "fist" {
		fail("attacks %+v", c.Attacks)
	}
	slugs := map[string]bool{}
	for _, a := range c.Attacks {
		if slugs[a.Slug] {
			fail("attack %s twice", a.Slug)
		}
		slugs[a.Slug] = true
		if (a.Power == "weapon-mastery" || a.Power == "energy-blast") && a.StrikeClass < rulebook.SC2 {
			fail("attack %s strike class %d", a.Slug, a.StrikeClass)
		}
	}
	if h.PowerRank("energy-blast") > 0 && !slugs["energy-blast"] {
		fail("energy blast without its attack")
	}
	// Three starting items besides a vehicle's (p. 13).
	n := 0
	for _, it := range h.Equipment {
		if it.For != "vehicle" {
			n++
		}
	}
	if n < rulebook.StartingItems {
		fail("%d starting items", n)
	}
	// Pools: 15 plus the rolled d10s.
	for _, p := range h.Pools {
		if p.Max < rulebook.PoolRank1 || p.Max > rulebook.PoolRank1+20 || p.CapPerAction != 10 || p.RefillPages != 5 {
			fail("pool %+v", p)
		}
	}
	// Starting profile and resources (pp. 15, 18-28).
	pr := h.Profile
	if pr.Backing != 3 || pr.Heroism != 3 || pr.PublicRelations != 3 || pr.Competence != 1 || pr.Methods != 3 || pr.Conscience != 3 || pr.SocialCircle != 3 || pr.SuccessRate != 0 {
		fail("starting measures %+v", pr)
	}
	wantContacts := 5
	if h.HasPerk("contacts") {
		wantContacts = 10
	}
	if pr.Contacts != wantContacts {
		fail("contacts %d", pr.Contacts)
	}
	if h.Resources.Material != map[bool]int{true: 8, false: 4}[h.HasPerk("boffin")] {
		fail("material resources %d", h.Resources.Material)
	}
	if h.Downtime.PointsPerWeek != rulebook.WeeklyDowntimePoints(pr.Confidence, h.HasPerk("idle-rich")) || h.Downtime.Points != h.Downtime.PointsPerWeek {
		fail("downtime points %d/%d", h.Downtime.Points, h.Downtime.PointsPerWeek)
	}
	if h.HeroPoints.Max != rulebook.Confidence(pr.Confidence).HeroPoints {
		fail("hero points %d", h.HeroPoints.Max)
	}
}

// checkRoundTrip encodes, decodes and re-derives the hero: Derive must
// need no dice and change nothing (it is idempotent), and the file must
// pass hero.Decode (what hero check runs).
func checkRoundTrip(t tester, h *hero.Hero, opt Options) {
	t.Helper()
	data, err := hero.Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	back, err := hero.Decode(data)
	if err != nil {
		t.Fatalf("%s: decode: %v", h.Name, err)
	}
	opt.Quiet = true
	if _, err := Derive(back, dice.NewScripted(nil), opt); err != nil {
		t.Fatalf("%s: re-derive: %v", h.Name, err)
	}
	again, err := hero.Encode(back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again) {
		t.Fatalf("%s: Derive is not idempotent:\n%s", h.Name, diffLines(data, again))
	}
}

func diffLines(a, b []byte) string {
	al, bl := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(al) && i < len(bl); i++ {
		if !bytes.Equal(al[i], bl[i]) {
			return fmt.Sprintf("line %d: %s\n       vs %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d vs %d", len(al), len(bl))
}

// TestTenThousandHeroes generates 10,000 seeded heroes: every one passes
// hero.Validate and the rules' invariants, and survives an encode, decode
// and re-derive unchanged.
func TestTenThousandHeroes(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	for s := 0; s < n; s++ {
		seed := uint64(s)
		h, _, err := Generate(dice.NewSeeded(seed), GenOptions{Seed: &seed, Derive: Options{Quiet: true}})
		if err != nil {
			t.Fatalf("seed %d: %v", s, err)
		}
		checkHero(t, h, rulebook.PowerSlots)
		if s%10 == 0 {
			checkRoundTrip(t, h, Options{})
		}
	}
}

// TestGenerateProperties varies the options: any line, roll-all, a
// forced drop with a perk, villains, dodge stacking.
func TestGenerateProperties(t *testing.T) {
	lines := tables().lines
	perks := []string{"boffin", "business-high-flyer", "contacts", "idle-rich", "position-of-power", "specialist-training", "unearthly-being"}
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		opt := GenOptions{Seed: &seed, Derive: Options{Quiet: true}}
		opt.RollAll = rapid.Bool().Draw(rt, "roll-all")
		if rapid.Bool().Draw(rt, "line") {
			opt.Line = lines[rapid.IntRange(0, len(lines)-1).Draw(rt, "line-index")].Slug
		}
		if rapid.Bool().Draw(rt, "perk") {
			opt.Perks = []PerkChoice{{Slug: rapid.SampledFrom(perks).Draw(rt, "perk-slug")}}
		}
		if rapid.Bool().Draw(rt, "villain") {
			opt.Kind = hero.KindVillain
		}
		if rapid.Bool().Draw(rt, "best") {
			opt.Derive.DodgeStacking = "best"
		}
		h, _, err := Generate(dice.NewSeeded(seed), opt)
		if err != nil {
			rt.Fatalf("seed %d: %v", seed, err)
		}
		checkHero(rt, h, rulebook.PowerSlots)
		if opt.Line != "" && h.Creation.Line != opt.Line {
			rt.Fatalf("line %s, want %s", h.Creation.Line, opt.Line)
		}
		if opt.RollAll {
			for _, s := range h.Creation.Slots {
				if s.Action == ActionImprovement {
					rt.Fatalf("improvement with --roll-all")
				}
			}
		}
		if len(opt.Perks) > 0 && !h.HasPerk(opt.Perks[0].Slug) {
			rt.Fatalf("perk %s missing", opt.Perks[0].Slug)
		}
		checkRoundTrip(rt, h, opt.Derive)
	})
}

// TestUnattendedLineIsBest checks that the unattended line scores at least
// as well as every other line.
func TestUnattendedLineIsBest(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		h, _, err := Generate(dice.NewSeeded(seed), GenOptions{Derive: Options{Quiet: true}})
		if err != nil {
			rt.Fatal(err)
		}
		g, ok := GridFromRows(h.Creation.Grid)
		if !ok {
			rt.Fatal("grid")
		}
		w := LineWeights(h)
		chosen := LineScore(h.Abilities.Base, w)
		for _, l := range tables().lines {
			if s := LineScore(g.Read(l), w); s > chosen {
				rt.Fatalf("line %s scores %.1f above the chosen %s (%.1f)", l.Slug, s, h.Creation.Line, chosen)
			}
		}
	})
}

// TestGainPowerRankProperties buys random powers and ranks for generated
// heroes, as downtime does: the hero stays valid, no power passes its
// maximum, and the result re-derives unchanged.
func TestGainPowerRankProperties(t *testing.T) {
	var slugs []string
	for _, p := range rulebook.Powers() {
		if !p.FreeChoice {
			slugs = append(slugs, p.Slug)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		seed := rapid.Uint64().Draw(rt, "seed")
		h, _, err := Generate(dice.NewSeeded(seed), GenOptions{Derive: Options{Quiet: true}})
		if err != nil {
			rt.Fatal(err)
		}
		r := dice.NewSeeded(seed + 1)
		for k := rapid.IntRange(1, 4).Draw(rt, "buys"); k > 0; k-- {
			slug := rapid.SampledFrom(slugs).Draw(rt, "power")
			before := h.PowerRank(rulebook.PowerID(slug))
			_, err := GainPowerRank(h, slug, r, Options{Quiet: true})
			p := h.FindPower(rulebook.PowerID(slug))
			switch {
			case err != nil:
				if !strings.Contains(err.Error(), "maximum") {
					rt.Fatalf("%s: %v", slug, err)
				}
				if h.PowerRank(rulebook.PowerID(slug)) != before {
					rt.Fatalf("%s: a refused rank changed the hero", slug)
				}
			case p == nil || p.Rank != before+1:
				rt.Fatalf("%s: rank %d after %d", slug, h.PowerRank(rulebook.PowerID(slug)), before)
			}
			if err := h.Validate(); err != nil {
				rt.Fatalf("after %s: %v", slug, err)
			}
			if flavoured(slug) && p != nil && len(p.Flavours) == 0 {
				rt.Fatalf("%s has no flavour", slug)
			}
		}
		checkRoundTrip(rt, h, Options{})
	})
}
