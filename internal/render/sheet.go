package render

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// pair is one labelled value on the sheet.
type pair struct {
	Label, Value string
}

// abilityRow is one of the four abilities with the figure the book puts
// beside it (p. 17): damage bonus, strike bonus, will bonus, recovery.
type abilityRow struct {
	Name        string
	Base, Final int
	Label       string
	Bonus       string
}

// box is one tick box of a health or stamina track.
type box struct {
	N int
	// Zone is the threshold band the value falls in: "", "dazed",
	// "stunned", "battered".
	Zone string
	// Edge marks the first box of a band: its label.
	Edge string
	// Taken is damage already on the hero file (pre-crossed).
	Taken bool
}

// track is health or stamina with its thresholds and boxes.
type track struct {
	Title   string
	Max     int
	Current int
	Stats   []pair
	Boxes   []box
	// Size is the box size class: "l", "m", "s", or "none" when there
	// are too many points to draw.
	Size string
	Note string
}

type attackRow struct {
	Name, Slug     string
	StrikeClass    int
	Health         string
	Stamina        string
	Panels         string
	Notes          string
	DamageTypeNote string
}

type entry struct {
	Name, Detail string
	Sub          string
}

type category struct {
	Name     string
	Value    int
	Note     string
	Measures []pair
}

type sheetView struct {
	Name      string
	Kind      string
	Notes     string
	Abilities []abilityRow
	Modifiers []string
	Combat    []pair
	Extras    []pair
	Tracks    []track
	Mundane   string
	Attacks   []attackRow
	Parries   string
	Powers    []entry
	Perks     []entry
	Equipment []entry
	Profile   []category
	Points    []pair
	// Dense shrinks the type for sheets with a lot on them, so every
	// hero still fits one page.
	Dense string
	// More says what did not fit and is on the continuation pages.
	More string
	// Continued marks a continuation page: the hero's name, then the
	// lists that did not fit the sheet (Attacks, Powers, Perks,
	// Equipment) and nothing else; Part says which one it is.
	Continued bool
	Part      string
}

// Limits of one value on the sheet, in characters: a longer value is cut
// with "…" (the hero file keeps it whole), so no text a file gives can
// push the sheet past its page.
const (
	maxName   = 48  // the hero's name, in large type
	maxShort  = 40  // a kind, a label, an attack's or an item's name
	maxDetail = 160 // a power's or an item's detail, an attack's notes
	maxNotes  = 600 // the secret identity and notes
	maxExtras = 8   // movement modes and other combat extras
	maxMods   = 12  // ability modifiers
)

// cut shortens s to at most n characters, the last of them "…".
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n-1]), " ") + "…"
}

// maxBoxes is the most points a track draws as tick boxes.
const maxBoxes = 400

func newTrack(title string, max, current int, stats []pair, zones []struct {
	name string
	at   int
}) track {
	t := track{Title: title, Max: max, Current: current, Stats: stats}
	switch {
	case max > maxBoxes:
		t.Size = "none"
		t.Note = fmt.Sprintf("%d points: keep a running total", max)
		return t
	case max > 180:
		t.Size = "s"
	case max > 90:
		t.Size = "m"
	default:
		t.Size = "l"
	}
	// Boxes count down from the maximum: cross one off per point of
	// damage; the first uncrossed box is the current value.
	for n := max; n >= 1; n-- {
		b := box{N: n, Taken: n > current}
		for _, z := range zones {
			if z.at > 0 && n <= z.at {
				b.Zone = z.name
				if n == z.at {
					b.Edge = z.name
				}
			}
		}
		t.Boxes = append(t.Boxes, b)
	}
	return t
}

func rateText(expr, per string, times int) string {
	if expr == "" {
		return "none"
	}
	s := expr + " per " + per
	if times > 1 {
		s += fmt.Sprintf(" ×%d", times)
	}
	return s
}

// newSheetView lays a hero out as the book's sheet (p. 17).
func newSheetView(h *hero.Hero) sheetView {
	c := &h.Combat
	v := sheetView{Name: cut(h.Name, maxName), Kind: string(h.Kind), Notes: cut(h.Notes, maxNotes)}
	if h.NPCType != "" && h.NPCType != v.Kind {
		v.Kind += ", " + h.NPCType
	}
	v.Kind = cut(v.Kind, maxShort)
	b, f := h.Abilities.Base, h.Abilities.Final
	strNote := Signed(c.DamageBonus)
	if mod := rulebook.StrengthDividerModifier(f.Strength); !mod.None() {
		strNote += fmt.Sprintf(" (dividers H/+%d S/+%d)", mod.Health, mod.Stamina)
	}
	will := ""
	if h.Profile.WillBonus > 0 {
		will = Signed(h.Profile.WillBonus)
	}
	v.Abilities = []abilityRow{
		{"Strength", b.Strength, f.Strength, "Damage Bonus", strNote},
		{"Agility", b.Agility, f.Agility, "Strike Bonus", Signed(c.StrikeBonus)},
		{"Will", b.Will, f.Will, "Will Bonus", will},
		{"Endurance", b.Endurance, f.Endurance, "Recovery Bonus", Signed(h.Recovery.Bonus)},
	}
	if will == "" {
		v.Abilities[2].Label = ""
	}
	for _, m := range h.Abilities.Modifiers {
		s := fmt.Sprintf("%s %s from %s", m.Ability, Signed(m.Amount), strings.TrimPrefix(strings.TrimPrefix(m.Source, "power:"), "perk:"))
		if m.Dice != "" {
			s += " (" + m.Dice + ")"
		}
		v.Modifiers = append(v.Modifiers, cut(s, maxDetail))
	}
	if n := len(v.Modifiers); n > maxMods {
		v.Modifiers = append(v.Modifiers[:maxMods-1], fmt.Sprintf("and %d more in the hero file", n-maxMods+1))
	}

	dodge := "cannot dodge"
	if c.CanDodge {
		dodge = Signed(c.DodgeBonus)
	}
	kb := strconv.Itoa(c.KnockbackThreshold)
	if c.BraceBonus > 0 {
		kb += " (bracing " + Signed(c.BraceBonus) + ")"
	}
	v.Combat = []pair{
		{"Armour Class", c.ArmourClass.String()},
		{"Dodge Bonus", dodge},
		{"Knockback Threshold", kb},
		{"Panels Per Page", strconv.Itoa(c.PanelsPerPage)},
		{"Movement Speed", fmt.Sprintf("%d m per panel", c.Movement)},
	}
	var pools []string
	for _, p := range h.Pools {
		pools = append(pools, fmt.Sprintf("%s %d (≤%d per action)", p.Name, p.Max, p.CapPerAction))
	}
	if len(pools) > 0 {
		v.Extras = append(v.Extras, pair{"Magic/Psychic/Energy", cut(strings.Join(pools, ", "), maxDetail)})
	}
	for _, m := range c.Moves {
		s := ""
		if m.Metres > 0 {
			s = fmt.Sprintf("%d m", m.Metres)
		}
		if m.Max > 0 {
			s += fmt.Sprintf(" (top speed %d m)", m.Max)
		}
		if m.Notes != "" {
			if s != "" {
				s += ": "
			}
			s += m.Notes
		}
		v.Extras = append(v.Extras, pair{cut(m.Mode, maxShort), cut(strings.TrimSpace(s), maxDetail)})
	}
	if len(c.Immunities) > 0 {
		imm := make([]string, len(c.Immunities))
		for i, s := range c.Immunities {
			imm[i] = ImmunityLabel(s)
		}
		v.Extras = append(v.Extras, pair{"Immune to", cut(strings.Join(imm, ", "), maxDetail)})
	}
	if c.ParryBonus != 0 {
		v.Extras = append(v.Extras, pair{"Parry", Signed(c.ParryBonus)})
	}
	if c.NeverSurprised {
		v.Extras = append(v.Extras, pair{"Surprise", "never surprised"})
	}
	if n := len(v.Extras); n > maxExtras {
		v.Extras = append(v.Extras[:maxExtras-1], pair{"More", fmt.Sprintf("%d more in the hero file", n-maxExtras+1)})
	}

	if m := h.Mundane; m != nil {
		v.Mundane = fmt.Sprintf("Taken out by %d super-powered strike or %d normal strikes (p. 38).", max(m.SuperStrikes, 1), max(m.NormalStrikes, 2))
		t := track{Title: "Strikes taken", Max: max(m.NormalStrikes, 2), Current: max(m.NormalStrikes, 2) - m.Hits, Size: "l"}
		for n := t.Max; n >= 1; n-- {
			t.Boxes = append(t.Boxes, box{N: n, Taken: n > t.Current})
		}
		v.Tracks = append(v.Tracks, t)
	} else {
		v.Tracks = append(v.Tracks, newTrack("Health", h.Health.Max, h.Health.Current, []pair{
			{"Battered", strconv.Itoa(h.Health.Battered)},
			{"H Divider", Divider(c.Dividers.Health)},
			{"Recovery Rate", cut(rateText(h.Recovery.Health, "hour", h.Recovery.Times), maxShort)},
		}, []struct {
			name string
			at   int
		}{{"battered", h.Health.Battered}}))
		if h.Kind == hero.KindRobot {
			v.Tracks = append(v.Tracks, track{Title: "Stamina", Size: "none", Note: "none: a robot is immune to stamina damage"})
		} else {
			v.Tracks = append(v.Tracks, newTrack("Stamina", h.Stamina.Max, h.Stamina.Current, []pair{
				{"Dazed", strconv.Itoa(h.Stamina.Dazed)},
				{"Stunned", strconv.Itoa(h.Stamina.Stunned)},
				{"S Divider", Divider(c.Dividers.Stamina)},
				{"Recovery Rate", cut(rateText(h.Recovery.Stamina, "page", h.Recovery.Times), maxShort)},
			}, []struct {
				name string
				at   int
			}{{"dazed", h.Stamina.Dazed}, {"stunned", h.Stamina.Stunned}}))
		}
	}

	for i := range c.Attacks {
		a := &c.Attacks[i]
		hd, sd := a.Health, a.Stamina
		if hd == "" {
			hd = "-"
		}
		if sd == "" {
			sd = "-"
		}
		name := a.Name
		if name == "" {
			name = a.Slug
		}
		v.Attacks = append(v.Attacks, attackRow{Name: cut(name, maxShort), Slug: a.Slug, StrikeClass: int(a.StrikeClass), Health: cut(hd, 20), Stamina: cut(sd, 20),
			Panels: strconv.Itoa(a.Panels), Notes: cut(strings.Join(AttackNotes(c, a), ", "), maxDetail)})
	}
	if len(c.Parries) > 0 {
		var ps []string
		for _, p := range c.Parries {
			t := p.Slug + " (" + p.ParryType
			if p.Automatic {
				t += ", automatic"
			}
			ps = append(ps, t+")")
		}
		v.Parries = cut(strings.Join(ps, ", "), maxDetail)
	}

	for i := range h.Powers {
		p := &h.Powers[i]
		e := entry{Name: fmt.Sprintf("%s %d", cut(p.Name, maxShort), p.Rank), Detail: cut(PowerDetail(p), maxDetail)}
		if sk := p.Sidekick; sk != nil {
			var pw []string
			for _, x := range sk.Powers {
				pw = append(pw, fmt.Sprintf("%s %d", x.Name, x.Rank))
			}
			if len(pw) == 0 {
				pw = []string{"no super powers"}
			}
			fa := sk.Abilities.Final
			e.Sub = cut(fmt.Sprintf("sidekick %s: STR %d AGI %d WIL %d END %d, %d panels per page, %s", sk.Name, fa.Strength, fa.Agility, fa.Will, fa.Endurance, sk.Combat.PanelsPerPage, strings.Join(pw, ", ")), maxDetail)
		}
		v.Powers = append(v.Powers, e)
	}
	for _, p := range h.Perks {
		e := entry{Name: cut(p.Name, maxShort)}
		var d []string
		if p.Option != "" {
			d = append(d, p.Option)
		}
		if p.Bought != "" {
			d = append(d, "for "+p.Bought)
		}
		e.Detail = cut(strings.Join(d, ", "), maxDetail)
		v.Perks = append(v.Perks, e)
	}
	for _, it := range h.Equipment {
		e := entry{Name: cut(it.Name, maxShort), Detail: cut(it.Notes, maxDetail)}
		if it.For != "" {
			e.Sub = "for " + cut(it.For, maxShort)
		}
		v.Equipment = append(v.Equipment, e)
	}

	switch h.Kind {
	case hero.KindMundane, hero.KindRobot, hero.KindSummoned:
	default:
		p := h.Profile
		contacts := strconv.Itoa(p.Contacts)
		if p.ContactsField != "" {
			contacts += " (" + cut(p.ContactsField, 24) + ")"
		}
		n := strconv.Itoa
		v.Profile = []category{
			{Name: "Popularity", Value: p.Popularity, Note: rulebook.PopularityStatus(p.Popularity).Reaction, Measures: []pair{
				{"Backing", n(p.Backing)}, {"Heroism", n(p.Heroism)}, {"Identification", n(p.Identification)},
				{"Public Relations", n(p.PublicRelations)}, {"Competence", n(p.Competence)}}},
			{Name: "Investigation", Value: p.Investigation, Measures: []pair{
				{"Methods", n(p.Methods)}, {"Approachability", n(p.Approachability)}, {"Fame", n(p.Fame)},
				{"Power Use", n(p.PowerUse)}, {"Contacts", contacts}}},
			{Name: "Confidence", Value: p.Confidence, Measures: []pair{
				{"Conscience", n(p.Conscience)}, {"Social Circle", n(p.SocialCircle)}, {"Success Rate", n(p.SuccessRate)},
				{"Public Response", n(p.PublicResponse)}, {"Security", n(p.Security)}}},
		}
		v.Points = []pair{
			{"Hero Points", fmt.Sprintf("%d of %d", h.HeroPoints.Current, h.HeroPoints.Max)},
			{"Material Resources", n(h.Resources.Material)},
			{"Financial Resources", n(h.Resources.Financial)},
			{"Downtime / Week", fmt.Sprintf("%d (%d left)", h.Downtime.PointsPerWeek, h.Downtime.Points)},
		}
	}
	return v
}

// pageHeight is the printed sheet's height in CSS pixels (256 mm, the
// smaller printable height of A4 and Letter less a little), and levels
// are the type sizes of the dense classes relative to the normal one,
// as measured in Chromium (the worst case of a hundred and fifty heroes).
const pageHeight = 925

var levels = []struct {
	class string
	scale float64
}{{"", 1}, {"dense-1", 0.905}, {"dense-2", 0.84}, {"dense-3", 0.76}, {"dense-4", 0.68}}

func wrapped(chars, perLine int) int { return max(1, (chars+perLine-1)/perLine) }

// estimate is a sheet's height in CSS pixels, printed at the normal type
// size on the printable width of A4: each section from its lines of text
// and rows of tick boxes, by constants measured in Chromium. A
// continuation page has the header, the attacks and the lists only.
func estimate(v *sheetView) float64 {
	h := 54 + 15*float64(wrapped(len(v.Notes), 100)-1) + 30*float64(wrapped(utf8.RuneCountInString(v.Name), 36)-1)
	if !v.Continued {
		h += abilitiesHeight(v) + tracksHeight(v)
	}
	if !v.Continued || len(v.Attacks) > 0 {
		h += attacksHeight(v)
	}
	h += max(powersHeight(v), equipmentHeight(v))
	if len(v.Profile) > 0 {
		h += 159 + 9
	}
	if v.More != "" {
		h += 16
	}
	// The footer, the notes box's heading and the gaps between sections.
	return h + 11 + 28 + 6*9
}

func abilitiesHeight(v *sheetView) float64 {
	mods := 0
	for _, m := range v.Modifiers {
		mods += len(m) + 2
	}
	abilities := 150 + 14*float64(wrapped(mods, 90))
	combat := 125.0
	for _, e := range v.Extras {
		combat += 14 * float64(wrapped(len(e.Label)+len(e.Value)+2, 48))
	}
	return max(abilities, combat)
}

func tracksHeight(v *sheetView) float64 {
	tracks := 20.0
	for _, t := range v.Tracks {
		perRow, row := 37, 18.5
		switch t.Size {
		case "m":
			perRow, row = 46, 14.6
		case "s":
			perRow, row = 61, 11.2
		}
		tracks += 38
		if len(t.Boxes) > 0 {
			tracks += row * float64(wrapped(len(t.Boxes), perRow))
		} else {
			tracks += 10
		}
	}
	if v.Mundane != "" {
		tracks += 16
	}
	return tracks
}

func attacksHeight(v *sheetView) float64 {
	attacks := 46.0
	for _, a := range v.Attacks {
		attacks += attackHeight(a)
	}
	if v.Parries != "" {
		attacks += 15 * float64(wrapped(len(v.Parries)+9, 100))
	}
	return attacks
}

func attackHeight(a attackRow) float64 {
	return 20 + 16*float64(max(wrapped(len(a.Notes), 55), wrapped(len(a.Name), 24))-1)
}

func powersHeight(v *sheetView) float64 {
	powers := 30.0
	for _, e := range v.Powers {
		powers += powerHeight(e)
	}
	for _, e := range v.Perks {
		powers += perkHeight(e)
	}
	return powers
}

func powerHeight(e entry) float64 {
	h := 19 * float64(wrapped(len(e.Name)+len(e.Detail)+2, 50))
	if e.Sub != "" {
		h += 17 * float64(wrapped(len(e.Sub), 55))
	}
	return h
}

func perkHeight(e entry) float64 { return 19 * float64(wrapped(len(e.Name)+len(e.Detail)+7, 50)) }

func equipmentHeight(v *sheetView) float64 {
	equipment := 30.0
	for _, e := range v.Equipment {
		equipment += itemHeight(e)
	}
	return equipment
}

func itemHeight(e entry) float64 {
	return 19 * float64(wrapped(len(e.Name)+len(e.Detail)+len(e.Sub)+4, 50))
}

// fits reports whether a sheet fits its page at the smallest type.
func fits(v *sheetView) bool { return estimate(v)*levels[len(levels)-1].scale <= pageHeight }

// paginate lays a hero's sheet out on one page, whatever the hero file
// holds: when even the smallest type does not fit it, the last items of
// its longest list (attacks, powers and perks, equipment) move to
// continuation pages, each a page of its own with the hero's name, and
// the sheet says so.
func paginate(v sheetView) []sheetView {
	var rest sheetView // what moves on, in the sheet's order
	for !fits(&v) {
		if !moveLast(&v, &rest) {
			break // nothing left to move: the smallest type it is
		}
	}
	v.Dense = density(&v)
	n := len(rest.Attacks) + len(rest.Powers) + len(rest.Perks) + len(rest.Equipment)
	if n == 0 {
		return []sheetView{v}
	}
	pages := []sheetView{v}
	for len(rest.Attacks)+len(rest.Powers)+len(rest.Perks)+len(rest.Equipment) > 0 {
		c := sheetView{Name: v.Name, Kind: v.Kind, Continued: true}
		for moveFirst(&rest, &c) {
			if !fits(&c) {
				takeBack(&c, &rest)
				if len(c.Attacks)+len(c.Powers)+len(c.Perks)+len(c.Equipment) == 0 {
					moveFirst(&rest, &c) // one item alone: it is cut short, so it fits
				}
				break
			}
		}
		c.Dense = density(&c)
		pages = append(pages, c)
	}
	total := len(pages)
	pages[0].More = fmt.Sprintf("%d %s continue on %s: %s.", n, plural(n, "item"), map[bool]string{true: "the next page", false: fmt.Sprintf("the next %d pages", total-1)}[total == 2], moved(pages[1:]))
	pages[0].Dense = density(&pages[0])
	for i := range pages[1:] {
		pages[i+1].Part = fmt.Sprintf("continued: page %d of %d", i+2, total)
	}
	return pages
}

// moved names what the continuation pages hold: "3 attacks, 12 items of
// equipment".
func moved(pages []sheetView) string {
	var a, p, e int
	for i := range pages {
		a += len(pages[i].Attacks)
		p += len(pages[i].Powers) + len(pages[i].Perks)
		e += len(pages[i].Equipment)
	}
	var parts []string
	if a > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", a, plural(a, "attack")))
	}
	if p > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", p, map[bool]string{true: "power or perk", false: "powers and perks"}[p == 1]))
	}
	if e > 0 {
		parts = append(parts, fmt.Sprintf("%d %s of equipment", e, plural(e, "item")))
	}
	return strings.Join(parts, ", ")
}

// moveLast moves the last item of from's tallest list (attacks, powers
// and perks, equipment) to the front of the same list in to; false when
// from has none.
func moveLast(from, to *sheetView) bool {
	a, p, e := attacksHeight(from), powersHeight(from), equipmentHeight(from)
	switch {
	case len(from.Equipment) > 0 && (e >= p || len(from.Powers)+len(from.Perks) == 0) && (e >= a || len(from.Attacks) == 0):
		to.Equipment = prepend(to.Equipment, &from.Equipment)
	case len(from.Perks) > 0 && (p >= a || len(from.Attacks) == 0):
		to.Perks = prepend(to.Perks, &from.Perks)
	case len(from.Powers) > 0 && (p >= a || len(from.Attacks) == 0):
		to.Powers = prepend(to.Powers, &from.Powers)
	case len(from.Attacks) > 0:
		to.Attacks = prepend(to.Attacks, &from.Attacks)
	case len(from.Equipment) > 0:
		to.Equipment = prepend(to.Equipment, &from.Equipment)
	case len(from.Perks) > 0:
		to.Perks = prepend(to.Perks, &from.Perks)
	case len(from.Powers) > 0:
		to.Powers = prepend(to.Powers, &from.Powers)
	default:
		return false
	}
	return true
}

// moveFirst moves the first item left in from (attacks first, then
// powers, perks and equipment, the sheet's order) to the end of the same
// list in to; false when from is empty.
func moveFirst(from, to *sheetView) bool {
	switch {
	case len(from.Attacks) > 0:
		to.Attacks, from.Attacks = append(to.Attacks, from.Attacks[0]), from.Attacks[1:]
	case len(from.Powers) > 0:
		to.Powers, from.Powers = append(to.Powers, from.Powers[0]), from.Powers[1:]
	case len(from.Perks) > 0:
		to.Perks, from.Perks = append(to.Perks, from.Perks[0]), from.Perks[1:]
	case len(from.Equipment) > 0:
		to.Equipment, from.Equipment = append(to.Equipment, from.Equipment[0]), from.Equipment[1:]
	default:
		return false
	}
	return true
}

// takeBack undoes moveFirst: the item from put last in to goes back to
// the front of from.
func takeBack(to, from *sheetView) {
	switch {
	case len(to.Equipment) > 0:
		from.Equipment = prepend(from.Equipment, &to.Equipment)
	case len(to.Perks) > 0:
		from.Perks = prepend(from.Perks, &to.Perks)
	case len(to.Powers) > 0:
		from.Powers = prepend(from.Powers, &to.Powers)
	case len(to.Attacks) > 0:
		from.Attacks = prepend(from.Attacks, &to.Attacks)
	}
}

// prepend takes the last element off *from and puts it first in to.
func prepend[T any](to []T, from *[]T) []T {
	last := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	return append([]T{last}, to...)
}

// density picks the largest type that fits the sheet on one page.
func density(v *sheetView) string {
	e := estimate(v)
	for _, l := range levels {
		if e*l.scale <= pageHeight {
			return l.class
		}
	}
	return levels[len(levels)-1].class
}
