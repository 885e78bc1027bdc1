package sheet

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Width is the character sheet's width in columns.
const Width = 80

// writer collects lines no wider than the sheet.
type writer struct {
	w     io.Writer
	width int
	err   error
}

func (s *writer) line(format string, args ...any) {
	s.hang(-1, format, args...)
}

// hang writes a line whose continuation lines start at column indent
// (-1: two more than the line's own indentation).
func (s *writer) hang(indent int, format string, args ...any) {
	if s.err != nil {
		return
	}
	// The hero's strings come from a file: nothing in them reaches the
	// terminal as a control sequence.
	text := termtext.Escape(strings.TrimRight(fmt.Sprintf(format, args...), " "))
	for _, l := range wrapAt(text, s.width, indent) {
		_, s.err = io.WriteString(s.w, strings.TrimRight(l, " ")+"\n")
	}
}

func (s *writer) rule(ch string) { s.line("%s", strings.Repeat(ch, s.width)) }

func (s *writer) heading(t string) {
	s.line("%s", "")
	s.line("%s %s", t, strings.Repeat("-", max(0, s.width-utf8.RuneCountInString(t)-1)))
}

// wrapAt breaks text into lines of at most width runes, at the last space
// that fits, keeping the spacing of what fits; continuation lines start at
// column hang (-1: two more than the text's own indentation).
func wrapAt(text string, width, hang int) []string {
	if utf8.RuneCountInString(text) <= width {
		return []string{text}
	}
	indent := len(text) - len(strings.TrimLeft(text, " "))
	if hang < 0 || hang > width/2+10 || hang > width-8 {
		hang = min(indent+2, width/2)
	}
	pad := strings.Repeat(" ", hang)
	var out []string
	rest := []rune(text)
	first := true
	for len(rest) > width {
		lo := indent + 1
		if !first {
			lo = len(pad) + 1
		}
		cut := -1
		for k := width; k >= lo; k-- {
			if rest[k] == ' ' {
				cut = k
				break
			}
		}
		var head string
		if cut < 0 {
			head, rest = string(rest[:width]), rest[width:]
		} else {
			head, rest = string(rest[:cut]), rest[cut+1:]
		}
		out = append(out, strings.TrimRight(head, " "))
		rest = []rune(pad + strings.TrimLeft(string(rest), " "))
		first = false
	}
	if strings.TrimSpace(string(rest)) != "" {
		out = append(out, string(rest))
	}
	return out
}

func signed(n int) string { return render.Signed(n) }

func divider(d int) string { return render.Divider(d) }

// Render writes a hero as the book's character sheet (p. 17), at most
// width columns wide (Width when width is 0).
func Render(out io.Writer, h *hero.Hero, width int) error {
	if width <= 0 || width > Width {
		width = Width
	}
	s := &writer{w: out, width: width}
	kind := string(h.Kind)
	if h.NPCType != "" && h.NPCType != kind {
		kind += ", " + h.NPCType
	}
	s.rule("=")
	s.line("NAME: %s  (%s)", h.Name, kind)
	if h.Notes != "" {
		s.line("NOTES: %s", h.Notes)
	}
	s.rule("=")

	f, b := h.Abilities.Final, h.Abilities.Base
	c := h.Combat
	mod := rulebook.StrengthDividerModifier(f.Strength)
	strNote := "Damage Bonus: " + signed(c.DamageBonus)
	if !mod.None() {
		strNote += fmt.Sprintf(" (dividers H/+%d S/+%d)", mod.Health, mod.Stamina)
	}
	s.line("%-12s %5s %5s   %s", "ABILITY", "Base", "Final", "")
	s.line("%-12s %5d %5d   %s", "Strength", b.Strength, f.Strength, strNote)
	s.line("%-12s %5d %5d   Strike Bonus: %s", "Agility", b.Agility, f.Agility, signed(c.StrikeBonus))
	willNote := ""
	if h.Profile.WillBonus > 0 {
		willNote = "Will bonus against mental attacks: " + signed(h.Profile.WillBonus)
	}
	s.line("%-12s %5d %5d   %s", "Will", b.Will, f.Will, willNote)
	s.line("%-12s %5d %5d   Recovery Rate Bonus: %s", "Endurance", b.Endurance, f.Endurance, signed(h.Recovery.Bonus))
	for _, m := range h.Abilities.Modifiers {
		d := ""
		if m.Dice != "" {
			d = " (" + m.Dice + ")"
		}
		s.line("  %s %s from %s%s", m.Ability, signed(m.Amount), strings.TrimPrefix(strings.TrimPrefix(m.Source, "power:"), "perk:"), d)
	}

	s.heading("COMBAT")
	dodge := "cannot dodge"
	if c.CanDodge {
		dodge = signed(c.DodgeBonus)
	}
	kb := strconv.Itoa(c.KnockbackThreshold)
	if c.BraceBonus > 0 {
		kb += " (bracing " + signed(c.BraceBonus) + ")"
	}
	s.line("Armour Class: %-4s Dodge Bonus: %-14s Panels Per Page: %d", c.ArmourClass, dodge, c.PanelsPerPage)
	s.line("Knockback Threshold: %s   Movement Speed: %d m per panel", kb, c.Movement)
	for _, m := range c.Moves {
		line := "  " + m.Mode
		if m.Metres > 0 {
			line += fmt.Sprintf(" %d m", m.Metres)
		}
		if m.Max > 0 {
			line += fmt.Sprintf(" (top speed %d m)", m.Max)
		}
		if m.Notes != "" {
			line += ": " + m.Notes
		}
		s.line("%s", line)
	}
	if len(h.Pools) > 0 {
		var ps []string
		for _, p := range h.Pools {
			ps = append(ps, fmt.Sprintf("%s %d/%d (at most %d per action)", p.Name, p.Current, p.Max, p.CapPerAction))
		}
		s.line("Magic/Psychic/Energy: %s", strings.Join(ps, ", "))
	}
	if h.Mundane != nil {
		s.line("Mundane: taken out by %d super-powered strike or %d normal strikes (%d taken)", max(h.Mundane.SuperStrikes, 1), max(h.Mundane.NormalStrikes, 2), h.Mundane.Hits)
	} else {
		s.line("Health: %d/%d  Battered: %d  H Divider: %-4s Recovery Rate: %s%s", h.Health.Current, h.Health.Max, h.Health.Battered, divider(c.Dividers.Health), rate(h.Recovery.Health, "hour"), times(h.Recovery.Times))
		if h.Kind == hero.KindRobot {
			s.line("Stamina: none (a robot is immune to stamina damage)")
		} else {
			s.line("Stamina: %d/%d  Dazed: %d  Stunned: %d  S Divider: %-4s Recovery Rate: %s%s", h.Stamina.Current, h.Stamina.Max, h.Stamina.Dazed, h.Stamina.Stunned, divider(c.Dividers.Stamina), rate(h.Recovery.Stamina, "page"), times(h.Recovery.Times))
		}
	}
	if len(c.Immunities) > 0 {
		imm := make([]string, len(c.Immunities))
		for i, x := range c.Immunities {
			imm[i] = render.ImmunityLabel(x)
		}
		s.line("Immune to: %s", strings.Join(imm, ", "))
	}
	var extra []string
	if c.ParryBonus != 0 {
		extra = append(extra, "parry "+signed(c.ParryBonus))
	}
	if c.NeverSurprised {
		extra = append(extra, "never surprised")
	}
	if len(extra) > 0 {
		s.line("Also: %s", strings.Join(extra, ", "))
	}

	s.heading("ATTACKS")
	const notesCol = 48
	s.line("%-20s %-2s %-10s %-10s %-3s %s", "Attack", "SC", "Health", "Stamina", "Pan", "Notes")
	for _, a := range c.Attacks {
		hd, sd := a.Health, a.Stamina
		if hd == "" {
			hd = "-"
		}
		if sd == "" {
			sd = "-"
		}
		notes := render.AttackNotes(&c, &a)
		if render.SlugDiffers(a.Name, a.Slug) {
			// The column is the slug --with takes; the name is the
			// sheet's word for it.
			notes = append([]string{a.Name}, notes...)
		}
		panels := strconv.Itoa(a.Panels)
		s.hang(notesCol, "%-20s %-2d %-10s %-10s %-3s %s", trunc(a.Slug, 20), int(a.StrikeClass), trunc(hd, 10), trunc(sd, 10), panels, strings.Join(notes, ", "))
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
		s.line("Parries: %s", strings.Join(ps, ", "))
	}

	if len(h.Powers) > 0 || len(h.Perks) > 0 {
		s.heading("POWERS & PERKS")
		for _, p := range h.Powers {
			line := fmt.Sprintf("%s, rank %d", p.Name, p.Rank)
			if d := render.PowerDetail(&p); d != "" {
				line += ": " + d
			}
			s.line("%s", line)
			if p.Sidekick != nil {
				sk := p.Sidekick
				var pw []string
				for _, x := range sk.Powers {
					pw = append(pw, fmt.Sprintf("%s %d", x.Name, x.Rank))
				}
				if len(pw) == 0 {
					pw = []string{"no super powers"}
				}
				s.line("  sidekick %s: STR %d AGI %d WIL %d END %d, %d panels per page, %s", sk.Name, sk.Abilities.Final.Strength, sk.Abilities.Final.Agility,
					sk.Abilities.Final.Will, sk.Abilities.Final.Endurance, sk.Combat.PanelsPerPage, strings.Join(pw, ", "))
			}
		}
		for _, p := range h.Perks {
			line := "Perk: " + p.Name
			if p.Option != "" {
				line += " (" + p.Option + ")"
			}
			if p.Bought != "" {
				line += ", for " + p.Bought
			}
			s.line("%s", line)
		}
	}
	if len(h.Equipment) > 0 {
		s.heading("EQUIPMENT")
		for _, it := range h.Equipment {
			line := it.Name
			if it.For != "" {
				line += " (for " + it.For + ")"
			}
			if it.Notes != "" {
				line += ": " + it.Notes
			}
			s.line("%s", line)
		}
	}
	switch h.Kind {
	case hero.KindMundane, hero.KindRobot, hero.KindSummoned:
	default:
		p := h.Profile
		s.heading("PERSONAL PROFILE")
		st := rulebook.PopularityStatus(p.Popularity)
		s.line("Popularity: %d (%s)   Investigation: %d   Confidence: %d", p.Popularity, st.Reaction, p.Investigation, p.Confidence)
		s.line("Backing %d  Heroism %d  Identification %d  Public Relations %d  Competence %d", p.Backing, p.Heroism, p.Identification, p.PublicRelations, p.Competence)
		contacts := strconv.Itoa(p.Contacts)
		if p.ContactsField != "" {
			contacts += " (" + p.ContactsField + ")"
		}
		s.line("Methods %d  Approachability %d  Fame %d  Power Use %d  Contacts %s", p.Methods, p.Approachability, p.Fame, p.PowerUse, contacts)
		s.line("Conscience %d  Social Circle %d  Success Rate %d  Public Response %d  Security %d", p.Conscience, p.SocialCircle, p.SuccessRate, p.PublicResponse, p.Security)
		s.line("Hero Points: %d/%d   Resources: material %d, financial %d", h.HeroPoints.Current, h.HeroPoints.Max, h.Resources.Material, h.Resources.Financial)
		s.line("Downtime Points: %d per week (%d left this week)", h.Downtime.PointsPerWeek, h.Downtime.Points)
	}
	if cr := h.Creation; cr != nil && len(cr.Slots) > 0 {
		s.heading("CREATION")
		for _, sl := range cr.Slots {
			roll := "--"
			if sl.Roll > 0 {
				roll = fmt.Sprintf("%02d", sl.Roll%100)
			}
			line := fmt.Sprintf("slot %d: %s %s %s", sl.Slot, roll, sl.Action, sl.Power)
			if sl.Rank > 0 {
				line += " (rank " + strconv.Itoa(sl.Rank) + ")"
			}
			if sl.Detail != "" {
				line += ": " + sl.Detail
			}
			s.line("%s", line)
		}
		if cr.Line != "" {
			s.line("line: %s", cr.Line)
		}
		if cr.Seed != nil {
			s.line("seed: %d", *cr.Seed)
		}
	}
	s.rule("=")
	return s.err
}

func rate(expr, per string) string {
	if expr == "" {
		return "none"
	}
	return expr + "/" + per
}

func times(n int) string {
	if n > 1 {
		return fmt.Sprintf(" x%d", n)
	}
	return ""
}

func trunc(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "~"
}
