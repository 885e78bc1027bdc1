package chargen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// GenOptions control Generate. The zero value generates a hero
// unattended with the documented strategies (docs/chargen.md).
type GenOptions struct {
	// Kind is hero (default), villain, android or sidekick.
	Kind hero.Kind
	// Name, when set, names the character; otherwise a codename is made
	// up from the dice already rolled.
	Name string
	// Slots is the number of power slots: 8 (p. 6) when 0. A sidekick
	// gets its rank minus one (p. 71); NoSlots gives none.
	Slots   int
	NoSlots bool
	// RollAll rolls every slot; no slot is spent improving a power
	// unattended. With Improve it rolls every slot but those.
	RollAll bool
	// Improve spends slots improving powers instead of rolling (--improve);
	// it replaces the unattended improvement (no other slot improves).
	Improve []Improvement
	// Powers are the powers taken on a roll of 96-00, in order (--power);
	// beyond them the unattended strategy chooses.
	Powers []string
	// Line is the grid line read as the abilities (--line); "" picks the
	// line that best suits the powers.
	Line string
	// Drops are power ranks dropped for perks (--drop), Perks the perks
	// (--perk). Unpaired drops and perks are paired by the documented
	// policy; Mystic Training is added for kept Magic or Psychic Ability.
	Drops []string
	Perks []PerkChoice
	// Derive are the Step 4 options. FillEquipment is always on.
	Derive Options
	// Seed is recorded in the creation record.
	Seed *uint64
	// PanelsPerPage is set for sidekicks (rank + 1, p. 71).
	PanelsPerPage int
	// Reuse, when set, is a character from an earlier call that the
	// caller no longer needs (a batch that has written it): it is
	// overwritten with the new character and returned, its memory reused.
	// The new character is the same as without Reuse.
	Reuse *hero.Hero
}

// Improvement is one --improve: spend a slot (two the second time)
// raising Power by one rank instead of rolling (p. 7). Slot, when not 0,
// is the slot at which to do it; otherwise it is done at the first slot
// where the power is held and may be improved.
type Improvement struct {
	Power string
	Slot  int
}

// PerkChoice is one --perk NAME[:OPTION].
type PerkChoice struct {
	Slug   string
	Option string
}

// Slot actions in the creation record.
const (
	ActionNew         = "new"
	ActionRankUp      = "rank-up"
	ActionReroll      = "re-roll"
	ActionImprovement = "improvement"
	ActionChoice      = "choice"
)

// Generate creates a character by the four steps of "Creating a Hero"
// (pp. 6-16) with r. The dice are rolled in this order (docs/chargen.md):
//
//  1. each power slot in turn: its d100 (again after a re-roll), then
//     the dice of the power's sub-tables;
//  2. the 4×4 ability grid, 3d6 per square, row by row, left to right;
//  3. Step 4 (Derive): each kept power's rolled values in power order
//     (a sidekick is generated there, whole), then one d6 per point of
//     endurance for health, then the same for stamina.
//
// Step 3 (back-story and perks) and every unattended choice roll no dice.
func (g *Generator) generate(r dice.Roller, opt GenOptions) (*hero.Hero, ruling.Steps, error) {
	rec := r
	kind := opt.Kind
	if kind == "" {
		kind = hero.KindHero
	}
	h := opt.Reuse
	var sp spare
	if h == nil {
		h = new(hero.Hero)
	} else {
		sp = spareOf(h)
	}
	*h = hero.Hero{Schema: hero.SchemaVersion, Kind: kind, Name: opt.Name, Powers: recycled(sp.powers, 8), Perks: recycled(sp.perks, 0),
		Equipment: recycled(sp.equipment, 4), Log: recycled(sp.log, 0)}
	b, done := g.builder(builder{h: h, r: rec, choose: slices.Clone(opt.Derive.Choose), noSidekick: kind == hero.KindSidekick, quiet: opt.Derive.Quiet, spare: sp})
	defer done()
	cr := sp.creation
	if cr == nil {
		cr = new(hero.Creation)
	}
	*cr = hero.Creation{Seed: opt.Seed, Method: "generated", Slots: recycled(cr.Slots, rulebook.PowerSlots+2), Grid: cr.Grid}
	h.Creation = cr
	if err := b.slots(opt, cr); err != nil {
		return nil, b.steps, err
	}
	grid, err := RollGrid(rec)
	if err != nil {
		return nil, b.steps, err
	}
	cr.Grid = grid.rowsInto(cr.Grid)
	if err := b.backStory(opt, cr); err != nil {
		return nil, b.steps, err
	}
	line, err := b.chooseLine(grid, opt.Line)
	if err != nil {
		return nil, b.steps, err
	}
	cr.Line = line.Slug
	h.Abilities.Base = grid.Read(line)
	if !b.quiet {
		b.add("abilities", "p. 9", "reads %s: strength %d, agility %d, will %d, endurance %d", line.Name,
			h.Abilities.Base.Strength, h.Abilities.Base.Agility, h.Abilities.Base.Will, h.Abilities.Base.Endurance)
	}
	if h.Name == "" {
		h.Name = codename(h, grid)
	}
	if opt.PanelsPerPage > 0 {
		h.Combat.PanelsPerPage = opt.PanelsPerPage
	}
	dopt := opt.Derive
	dopt.FillEquipment = true
	if err := b.derive(dopt); err != nil {
		return nil, b.steps, err
	}
	if len(b.choose) > 0 {
		b.notes = append(b.notes, fmt.Sprintf("--choose: %d value(s) were not needed: %s", len(b.choose), joinSlugs(b.choose)))
	}
	cr.Notes = append(cr.Notes, b.notes...)
	return h, b.steps, nil
}

// slots runs Step 1 (pp. 6-7).
func (b *builder) slots(opt GenOptions, cr *hero.Creation) error {
	n := opt.Slots
	if n == 0 && !opt.NoSlots {
		n = rulebook.PowerSlots
	}
	if opt.NoSlots {
		n = 0
	}
	// The unattended improvement is off with --roll-all and whenever the
	// player names improvements: --improve replaces it (docs/chargen.md),
	// so --roll-all --improve is "these improvements, roll the rest".
	b.rollAll = opt.RollAll || len(opt.Improve) > 0
	pending := slices.Clone(opt.Improve)
	for k, imp := range pending {
		row, ok := lookupPower(imp.Power)
		if !ok || row.FreeChoice {
			return errorf("--improve", "%q is not a power on the Power Table (p. 7)", imp.Power)
		}
		pending[k].Power = row.Slug
		if imp.Slot < 0 || imp.Slot > n {
			return errorf("--improve", "%s@%d: there are only %d slots", row.Slug, imp.Slot, n)
		}
	}
	choices := slices.Clone(opt.Powers)
	for slot := 1; slot <= n; {
		left := n - slot + 1
		// A forced improvement due now, or the unattended strategy.
		if j, i := b.dueImprovement(pending, slot, left); j >= 0 || i >= 0 {
			if j >= 0 {
				pending = slices.Delete(pending, j, j+1)
			}
			p := &b.h.Powers[i]
			cost := p.Improved + 1
			name := p.Name
			if _, err := b.gain(string(p.Slug), howImproved); err != nil {
				return err
			}
			rank := b.h.Powers[powerIndex(b.h, rulebook.PowerID(string(p.Slug)))].Rank
			for c := 0; c < cost; c++ {
				detail := "first improvement of " + name + ": 1 slot"
				if cost == 2 {
					detail = "second improvement of " + name + ": 2 slots (" + strconv.Itoa(c+1) + " of 2)"
				}
				cr.Slots = append(cr.Slots, hero.SlotRecord{Slot: slot + c, Power: string(b.h.Powers[i].Slug), Action: ActionImprovement, Rank: rank, Detail: detail})
			}
			if !b.quiet {
				b.add("slot", "p. 7", "slot %d: improves %s to rank %d (%d slot(s))", slot, name, rank, cost)
			}
			slot += cost
			continue
		}
		if err := b.rollSlot(slot, &choices, cr); err != nil {
			return err
		}
		slot++
	}
	for _, imp := range pending {
		b.notes = append(b.notes, fmt.Sprintf("--improve %s could not be applied: %s", imp.Power, b.whyNotImproved(imp)))
	}
	return nil
}

// whyNotImproved says why a forced improvement was left over (p. 7).
func (b *builder) whyNotImproved(imp Improvement) string {
	i := powerIndex(b.h, rulebook.PowerID(imp.Power))
	if i < 0 {
		return "the power was not held when its slot came"
	}
	p := &b.h.Powers[i]
	switch {
	case p.Improved >= 2:
		return fmt.Sprintf("%s was already improved twice, and never a third time (p. 7)", p.Name)
	case atMax(p):
		return fmt.Sprintf("%s is at its maximum rank %d (p. 7)", p.Name, p.Rank)
	case p.Rank+1 >= 4 && p.Rolled < 2:
		return fmt.Sprintf("rank 4 or above needs %s to have been rolled twice (p. 7)", p.Name)
	case p.Improved == 1:
		return fmt.Sprintf("a second improvement of %s takes two slots and too few were left (p. 7)", p.Name)
	case imp.Slot != 0:
		return fmt.Sprintf("%s could not be improved at slot %d", p.Name, imp.Slot)
	}
	return "no slot was left for it"
}

// dueImprovement returns the pending forced improvement to make at this
// slot (its index j and the power's index i), or j = -1 and the power the
// unattended strategy improves (i), or -1, -1 to roll.
//
// Unattended ("balanced"): from slot 5 on, improve a power that has been
// rolled at least twice and never improved, below its maximum, taking one
// slot (the book's Guardian raised her twice-rolled Armour so, p. 8).
func (b *builder) dueImprovement(pending []Improvement, slot, left int) (int, int) {
	for j, imp := range pending {
		if imp.Slot != 0 && imp.Slot != slot {
			continue
		}
		i := powerIndex(b.h, rulebook.PowerID(imp.Power))
		if i < 0 || !b.canImprove(i, left) {
			continue
		}
		return j, i
	}
	for _, imp := range pending {
		if imp.Slot == slot {
			return -1, -1
		}
	}
	if slot < 5 || b.rollAll {
		return -1, -1
	}
	best := -1
	for i := range b.h.Powers {
		p := &b.h.Powers[i]
		if p.Rolled >= 2 && p.Improved == 0 && p.Source == "" && b.canImprove(i, left) {
			if best < 0 || p.Rank > b.h.Powers[best].Rank {
				best = i
			}
		}
	}
	return -1, best
}

// canImprove reports whether power i may be improved with left slots
// remaining (p. 7): below its maximum, improved at most once before, the
// cost (1 then 2 slots) affordable, and rank 4+ only if rolled twice.
func (b *builder) canImprove(i, left int) bool {
	p := &b.h.Powers[i]
	cost, ok := rulebook.ChosenRaiseSlotCost(p.Improved + 1)
	if !ok || cost > left || atMax(p) {
		return false
	}
	if p.Rank+1 >= 4 && p.Rolled < 2 {
		return false
	}
	if p.Slug == rulebook.PowerSidekick && b.noSidekick {
		return false
	}
	return true
}

// rollSlot rolls d100 for a slot until it gives a power the hero can
// gain (p. 7: a power already at its maximum is re-rolled).
func (b *builder) rollSlot(slot int, choices *[]string, cr *hero.Creation) error {
	for tries := 0; ; tries++ {
		if tries > 1000 {
			return errorf("dice", "slot %d: no power could be gained after 1000 rolls", slot)
		}
		d, err := b.roll(100, slotPurpose(slot))
		if err != nil {
			return err
		}
		b.hint = d
		row, err := rulebook.PowerByRoll(d)
		if err != nil {
			return err
		}
		action := ""
		slug := row.Slug
		how := howRolled
		if row.FreeChoice {
			how = howChosen
			slug, err = b.freeChoice(choices, d)
			if err != nil {
				return err
			}
			action = ActionChoice
		}
		i := powerIndex(b.h, rulebook.PowerID(slug))
		constructOK, constructWhy := true, ""
		if b.h.Kind == hero.KindRobot {
			constructOK, constructWhy = rulebook.ConstructPower(slug)
		}
		if (slug == string(rulebook.PowerSidekick) && b.noSidekick) || (i >= 0 && atMax(&b.h.Powers[i])) || !constructOK {
			why := "already at its maximum rank"
			switch {
			case !constructOK:
				why = "not for a robot: " + constructWhy
			case slug == string(rulebook.PowerSidekick) && b.noSidekick:
				why = "a sidekick may not have its own sidekick (p. 71)"
			}
			cr.Slots = append(cr.Slots, hero.SlotRecord{Slot: slot, Roll: d, Power: slug, Action: ActionReroll, Detail: powerName(slug) + " " + why})
			if !b.quiet {
				b.addRow("slot", "p. 7", "Power Table", row.Roll(), "slot %d: rolled %02d, %s: %s, re-roll", slot, d%100, powerName(slug), why)
			}
			continue
		}
		if i >= 0 && b.h.Powers[i].Rank+1 >= 4 && b.h.Powers[i].Rolled+1 < 2 {
			cr.Slots = append(cr.Slots, hero.SlotRecord{Slot: slot, Roll: d, Power: slug, Action: ActionReroll, Detail: "rank 4 needs two rolls"})
			continue
		}
		nf := len(b.notes)
		i, err = b.gain(slug, how)
		if err != nil {
			return err
		}
		p := &b.h.Powers[i]
		if action == "" {
			action = ActionNew
			if p.Rank > 1 {
				action = ActionRankUp
			}
		}
		detail := flavourSummary(p)
		if action == ActionChoice {
			what := "a new power"
			if p.Rank > 1 {
				what = "raises it to rank " + strconv.Itoa(p.Rank)
			}
			detail = strings.TrimSuffix("free choice, "+what+"; "+detail, "; ")
		}
		cr.Slots = append(cr.Slots, hero.SlotRecord{Slot: slot, Roll: d, Power: string(p.Slug), Action: action, Rank: p.Rank, Detail: detail})
		if !b.quiet {
			b.addRow("slot", "p. 7", "Power Table", row.Roll(), "slot %d: rolled %02d: %s, now rank %d%s", slot, d%100, p.Name, p.Rank, noteTail(b.notes[nf:]))
		}
		return nil
	}
}

func noteTail(n []string) string {
	if len(n) == 0 {
		return ""
	}
	return " (" + n[len(n)-1] + ")"
}

func flavourSummary(p *hero.Power) string {
	if len(p.Flavours) == 0 && len(p.Options) == 0 {
		return ""
	}
	if len(p.Flavours) == 1 && len(p.Options) == 0 && p.Flavours[0].Rank <= 1 && !p.Flavours[0].Speciality {
		return p.Flavours[0].Name
	}
	var arr [128]byte
	s := arr[:0]
	for k, f := range p.Flavours {
		if k > 0 {
			s = append(s, ", "...)
		}
		s = append(s, f.Name...)
		if f.Rank > 1 {
			s = append(s, " rank "...)
			s = strconv.AppendInt(s, int64(f.Rank), 10)
		}
		if f.Speciality {
			s = append(s, " (speciality)"...)
		}
	}
	for _, o := range p.Options {
		if len(s) > 0 {
			s = append(s, ", "...)
		}
		s = append(s, o...)
	}
	return string(s)
}

// freeChoice resolves a roll of 96-00 (p. 7): the next --power, else the
// held power with the most ranks that can still rise (ties: the
// earliest), else a new power from the hint (96 Super Strength, 97
// Energy Blast, 98 Flight, 99 Toughness, 00 Martial Arts).
func (b *builder) freeChoice(choices *[]string, d int) (string, error) {
	if len(*choices) > 0 {
		c := (*choices)[0]
		*choices = (*choices)[1:]
		row, ok := lookupPower(c)
		if !ok || row.FreeChoice {
			return "", errorf("--power", "%q is not a power on the Power Table (p. 7)", c)
		}
		if i := powerIndex(b.h, rulebook.PowerID(row.Slug)); i >= 0 && atMax(&b.h.Powers[i]) {
			return "", errorf("--power", "%s is already at its maximum rank %d (p. 7)", row.Name, b.h.Powers[i].Rank)
		}
		if row.Slug == string(rulebook.PowerSidekick) && b.noSidekick {
			return "", errorf("--power", "a sidekick may not have its own sidekick (p. 71)")
		}
		return row.Slug, nil
	}
	best := -1
	for i := range b.h.Powers {
		p := &b.h.Powers[i]
		if atMax(p) || p.Source != "" || (p.Slug == rulebook.PowerSidekick && b.noSidekick) {
			continue
		}
		if p.Rank+1 >= 4 && p.Rolled+1 < 2 {
			continue
		}
		if best < 0 || p.Rank > b.h.Powers[best].Rank {
			best = i
		}
	}
	if best >= 0 {
		return string(b.h.Powers[best].Slug), nil
	}
	fresh := []string{string(rulebook.PowerSuperStrength), string(rulebook.PowerEnergyBlast), string(rulebook.PowerFlight), string(rulebook.PowerToughness), string(rulebook.PowerMartialArts)}
	return fresh[(d-96+len(fresh))%len(fresh)], nil
}

// Grid is the 4×4 grid of 3d6 rolls (p. 9).
type Grid [rulebook.AbilityGridSize][rulebook.AbilityGridSize]int

// RollGrid rolls the ability grid: 3d6 per square, row by row, left to
// right (p. 9).
func RollGrid(r dice.Roller) (Grid, error) {
	var g Grid
	for row := 0; row < rulebook.AbilityGridSize; row++ {
		for col := 0; col < rulebook.AbilityGridSize; col++ {
			purpose := gridPurposes()[row][col]
			t := 0
			for k := 0; k < 3; k++ {
				v, err := r.Roll(6, purpose)
				if err != nil {
					return g, err
				}
				t += v
			}
			g[row][col] = t
		}
	}
	return g, nil
}

// Read returns the abilities a line gives: strength, agility, will and
// endurance in the line's order (p. 9).
func (g Grid) Read(l rulebook.AbilityLine) hero.Abilities {
	v := func(k int) int { return g[l.Cells[k].Row][l.Cells[k].Col] }
	return hero.Abilities{Strength: v(0), Agility: v(1), Will: v(2), Endurance: v(3)}
}

// Rows returns the grid as a slice of rows (for the creation record).
func (g Grid) Rows() [][]int {
	out := make([][]int, len(g))
	cells := make([]int, len(g)*len(g[0]))
	for i := range g {
		out[i] = cells[i*len(g[i]) : (i+1)*len(g[i]) : (i+1)*len(g[i])]
		copy(out[i], g[i][:])
	}
	return out
}

// rowsInto is Rows, reusing rows when they are 4×4.
func (g Grid) rowsInto(rows [][]int) [][]int {
	if len(rows) != len(g) {
		return g.Rows()
	}
	for i := range g {
		if len(rows[i]) != len(g[i]) {
			return g.Rows()
		}
	}
	for i := range g {
		copy(rows[i], g[i][:])
	}
	return rows
}

// GridFromRows converts a creation record's grid back (ok false when it
// is not 4×4).
func GridFromRows(rows [][]int) (Grid, bool) {
	var g Grid
	if len(rows) != rulebook.AbilityGridSize {
		return g, false
	}
	for i, r := range rows {
		if len(r) != rulebook.AbilityGridSize {
			return g, false
		}
		copy(g[i][:], r)
	}
	return g, true
}

// LineWeights are the weights the unattended line choice gives strength,
// agility, will and endurance for a hero's powers (docs/chargen.md):
// 1, 1.2, 0.6 and 1 by default; will 1.6 with Magic, Psychic Ability or
// Luck; strength 0.6 with Super Strength (0.8 with Larger); endurance
// 0.6 with Super Endurance.
func LineWeights(h *hero.Hero) [4]float64 {
	w := [4]float64{1, 1.2, 0.6, 1}
	for _, s := range []string{string(rulebook.PowerMagic), string(rulebook.PowerPsychicAbility), string(rulebook.PowerLuck)} {
		if powerIndex(h, rulebook.PowerID(s)) >= 0 {
			w[2] = 1.6
		}
	}
	if powerIndex(h, rulebook.PowerLarger) >= 0 {
		w[0] = 0.8
	}
	if powerIndex(h, rulebook.PowerSuperStrength) >= 0 {
		w[0] = 0.6
	}
	if powerIndex(h, rulebook.PowerSuperEndurance) >= 0 {
		w[3] = 0.6
	}
	return w
}

// LineScore scores abilities for the unattended line choice: the
// weighted sum plus half of every point of strength and agility above 15
// (where the Strength and Agility Tables start giving bonuses, p. 8).
func LineScore(a hero.Abilities, w [4]float64) float64 {
	s := w[0]*float64(a.Strength) + w[1]*float64(a.Agility) + w[2]*float64(a.Will) + w[3]*float64(a.Endurance)
	s += 0.5 * float64(max(0, a.Strength-15)+max(0, a.Agility-15))
	return s
}

// BestLine returns the line that best suits a hero's powers (the highest
// LineScore; ties go to the earlier line in rulebook.AbilityLines order).
func BestLine(g Grid, h *hero.Hero) rulebook.AbilityLine {
	w := LineWeights(h)
	lines := tables().lines
	best, bestScore := lines[0], -1.0
	for _, l := range lines {
		if s := LineScore(g.Read(l), w); s > bestScore {
			best, bestScore = l, s
		}
	}
	return best
}

// chooseLine picks the grid line (Step 2).
func (b *builder) chooseLine(g Grid, forced string) (rulebook.AbilityLine, error) {
	if forced != "" {
		l, err := ParseLine(forced)
		if err != nil {
			return l, err
		}
		return l, nil
	}
	l := BestLine(g, b.h)
	if !b.quiet {
		b.add("line", "p. 9", "the line that best suits the powers: %s", l.Name)
	}
	return l, nil
}

// codename makes up a name from the hero's main power and the grid.
func codename(h *hero.Hero, g Grid) string {
	adjectives := [...]string{"Crimson", "Silver", "Midnight", "Golden", "Iron", "Scarlet", "Azure", "Shadow", "Emerald", "Thunder", "Ivory", "Cobalt", "Blazing", "Silent", "Mighty", "Electric"}
	sum := 0
	for _, r := range g {
		for _, v := range r {
			sum = sum*31 + v
		}
	}
	if sum < 0 {
		sum = -sum
	}
	noun := "Guardian"
	best := 0
	for _, p := range h.Powers {
		if n := codenameNoun(string(p.Slug)); n != "" && p.Rank > best {
			noun, best = n, p.Rank
		}
	}
	return adjectives[sum%len(adjectives)] + " " + noun
}

var (
	purposeOnce  sync.Once
	gridPurpose  [rulebook.AbilityGridSize][rulebook.AbilityGridSize]string
	slotPurpose8 [rulebook.PowerSlots + 1]string
)

func initPurposes() {
	for row := range gridPurpose {
		for col := range gridPurpose[row] {
			gridPurpose[row][col] = "ability grid row " + strconv.Itoa(row+1) + " column " + strconv.Itoa(col+1) + " (3d6)"
		}
	}
	for k := range slotPurpose8 {
		slotPurpose8[k] = "power slot " + strconv.Itoa(k) + " (d100)"
	}
}

func gridPurposes() *[rulebook.AbilityGridSize][rulebook.AbilityGridSize]string {
	purposeOnce.Do(initPurposes)
	return &gridPurpose
}

// slotPurpose is the purpose of a slot's d100.
func slotPurpose(slot int) string {
	purposeOnce.Do(initPurposes)
	if slot >= 1 && slot < len(slotPurpose8) {
		return slotPurpose8[slot]
	}
	return "power slot " + strconv.Itoa(slot) + " (d100)"
}

// codenameNoun is the noun a power lends a made-up codename.
func codenameNoun(slug string) string {
	switch slug {
	case string(rulebook.PowerSuperStrength):
		return "Titan"
	case string(rulebook.PowerEnergyBlast):
		return "Flare"
	case string(rulebook.PowerFlight):
		return "Falcon"
	case string(rulebook.PowerArmour):
		return "Sentinel"
	case string(rulebook.PowerToughness):
		return "Bulwark"
	case string(rulebook.PowerMartialArts):
		return "Fist"
	case string(rulebook.PowerWeaponMastery):
		return "Blade"
	case string(rulebook.PowerMagic):
		return "Mystic"
	case string(rulebook.PowerPsychicAbility):
		return "Mind"
	case string(rulebook.PowerSuperSpeed):
		return "Streak"
	case string(rulebook.PowerTeleport):
		return "Blink"
	case string(rulebook.PowerInvisibility):
		return "Phantom"
	case string(rulebook.PowerElasticity):
		return "Stretch"
	case string(rulebook.PowerGrowth):
		return "Colossus"
	case string(rulebook.PowerShrinking):
		return "Mite"
	case string(rulebook.PowerForcefield):
		return "Aegis"
	case string(rulebook.PowerWeatherControl):
		return "Storm"
	case string(rulebook.PowerEnvironmentalControl):
		return "Vortex"
	case string(rulebook.PowerAcrobatics):
		return "Acrobat"
	case string(rulebook.PowerPhasing):
		return "Wraith"
	case string(rulebook.PowerSnare):
		return "Spinner"
	case string(rulebook.PowerCybernetics):
		return "Cyborg"
	case string(rulebook.PowerLarger):
		return "Giant"
	case string(rulebook.PowerLuck):
		return "Chance"
	}
	return ""
}
