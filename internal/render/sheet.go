package render

import (
	"fmt"
	"strconv"
	"strings"

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
	v := sheetView{Name: h.Name, Kind: string(h.Kind), Notes: h.Notes}
	if h.NPCType != "" && h.NPCType != v.Kind {
		v.Kind += ", " + h.NPCType
	}
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
		v.Modifiers = append(v.Modifiers, s)
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
		v.Extras = append(v.Extras, pair{"Magic/Psychic/Energy", strings.Join(pools, ", ")})
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
		v.Extras = append(v.Extras, pair{m.Mode, strings.TrimSpace(s)})
	}
	if len(c.Immunities) > 0 {
		v.Extras = append(v.Extras, pair{"Immune to", strings.Join(c.Immunities, ", ")})
	}
	if c.ParryBonus != 0 {
		v.Extras = append(v.Extras, pair{"Parry", Signed(c.ParryBonus)})
	}
	if c.NeverSurprised {
		v.Extras = append(v.Extras, pair{"Surprise", "never surprised"})
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
			{"Recovery Rate", rateText(h.Recovery.Health, "hour", h.Recovery.Times)},
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
				{"Recovery Rate", rateText(h.Recovery.Stamina, "page", h.Recovery.Times)},
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
		v.Attacks = append(v.Attacks, attackRow{Name: name, Slug: a.Slug, StrikeClass: int(a.StrikeClass), Health: hd, Stamina: sd,
			Panels: strconv.Itoa(a.Panels), Notes: strings.Join(AttackNotes(c, a), ", ")})
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
		v.Parries = strings.Join(ps, ", ")
	}

	for i := range h.Powers {
		p := &h.Powers[i]
		e := entry{Name: fmt.Sprintf("%s %d", p.Name, p.Rank), Detail: PowerDetail(p)}
		if sk := p.Sidekick; sk != nil {
			var pw []string
			for _, x := range sk.Powers {
				pw = append(pw, fmt.Sprintf("%s %d", x.Name, x.Rank))
			}
			if len(pw) == 0 {
				pw = []string{"no super powers"}
			}
			fa := sk.Abilities.Final
			e.Sub = fmt.Sprintf("sidekick %s: STR %d AGI %d WIL %d END %d, %d panels per page, %s", sk.Name, fa.Strength, fa.Agility, fa.Will, fa.Endurance, sk.Combat.PanelsPerPage, strings.Join(pw, ", "))
		}
		v.Powers = append(v.Powers, e)
	}
	for _, p := range h.Perks {
		e := entry{Name: p.Name}
		var d []string
		if p.Option != "" {
			d = append(d, p.Option)
		}
		if p.Bought != "" {
			d = append(d, "for "+p.Bought)
		}
		e.Detail = strings.Join(d, ", ")
		v.Perks = append(v.Perks, e)
	}
	for _, it := range h.Equipment {
		e := entry{Name: it.Name, Detail: it.Notes}
		if it.For != "" {
			e.Sub = "for " + it.For
		}
		v.Equipment = append(v.Equipment, e)
	}

	switch h.Kind {
	case hero.KindMundane, hero.KindRobot, hero.KindSummoned:
	default:
		p := h.Profile
		contacts := strconv.Itoa(p.Contacts)
		if p.ContactsField != "" {
			contacts += " (" + p.ContactsField + ")"
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
	v.Dense = density(&v)
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
// and rows of tick boxes, by constants measured in Chromium.
func estimate(v *sheetView) float64 {
	h := 54 + 15*float64(wrapped(len(v.Notes), 100)-1)
	mods := 0
	for _, m := range v.Modifiers {
		mods += len(m) + 2
	}
	abilities := 150 + 14*float64(wrapped(mods, 90))
	combat := 125.0
	for _, e := range v.Extras {
		combat += 14 * float64(wrapped(len(e.Label)+len(e.Value)+2, 48))
	}
	h += max(abilities, combat)
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
	h += tracks
	attacks := 46.0
	for _, a := range v.Attacks {
		attacks += 20 + 16*float64(max(wrapped(len(a.Notes), 55), wrapped(len(a.Name), 24))-1)
	}
	if v.Parries != "" {
		attacks += 15 * float64(wrapped(len(v.Parries)+9, 100))
	}
	h += attacks
	powers, equipment := 30.0, 30.0
	for _, e := range v.Powers {
		powers += 19 * float64(wrapped(len(e.Name)+len(e.Detail)+2, 50))
		if e.Sub != "" {
			powers += 17 * float64(wrapped(len(e.Sub), 55))
		}
	}
	for _, e := range v.Perks {
		powers += 19 * float64(wrapped(len(e.Name)+len(e.Detail)+7, 50))
	}
	for _, e := range v.Equipment {
		equipment += 19 * float64(wrapped(len(e.Name)+len(e.Detail)+len(e.Sub)+4, 50))
	}
	h += max(powers, equipment)
	if len(v.Profile) > 0 {
		h += 159 + 9
	}
	// The footer, the notes box's heading and the gaps between sections.
	return h + 11 + 28 + 6*9
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
