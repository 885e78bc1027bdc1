package combat

// Powers whose numbers act in a fight outside a strike: Teleport's cost
// and range (pp. 76-77), the will contest of a mental attack between two
// heroes with the Confidence Table's bonus (pp. 24, 43, 67-69) and the
// Restraint / Snare escape chance (pp. 64, 72). pkg/encounter calls these
// for `fight act` and `fight end-page`; they are pure.

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// TeleportCost is what one teleport costs (pp. 76-77).
type TeleportCost struct {
	Rank    int  `json:"rank"`
	Metres  int  `json:"metres"`
	Upwards bool `json:"upwards"`
	// Panels: a teleport is a double-panel.
	Panels int `json:"panels"`
	// OwnKg is the teleporter's mass, CarriedKg what it takes along
	// (objects and passengers); Multiple is CarriedKg ÷ OwnKg rounded
	// down, each doubling the stamina (p. 76).
	OwnKg     int `json:"own_kg"`
	CarriedKg int `json:"carried_kg"`
	Multiple  int `json:"multiple"`
	// Stamina lost, after the rank's cap and the multipliers; Health lost
	// when carrying at least its own mass (half the stamina, rounded up);
	// PassengerStamina lost by each living creature or android taken
	// along (as much as the teleporter's health loss, p. 76).
	Stamina          int `json:"stamina"`
	Health           int `json:"health"`
	PassengerStamina int `json:"passenger_stamina"`
	// Blind: into an area it cannot see and knows nothing of (p. 77):
	// BlindChance in percent (1 per 2 m), BlindRoll the d100, Shunted
	// when it appears partly inside an object and takes ShuntHealth and
	// ShuntStamina damage.
	Blind        bool         `json:"blind"`
	BlindChance  int          `json:"blind_chance"`
	BlindRoll    int          `json:"blind_roll"`
	Shunted      bool         `json:"shunted"`
	ShuntHealth  int          `json:"shunt_health"`
	ShuntStamina int          `json:"shunt_stamina"`
	Steps        ruling.Steps `json:"steps"`
}

// TeleportInput is one teleport: the rank, the distance, upwards, the
// teleporter's own mass (0: DefaultPersonMassKg), the mass carried (objects
// and passengers together), the passengers and whether it is blind.
type TeleportInput struct {
	Rank       int
	Metres     int
	Upwards    bool
	OwnKg      int
	CarriedKg  int
	Passengers int
	Blind      bool
}

// Teleport works out a teleport of metres at a Teleport rank with nothing
// carried (TeleportWith).
func Teleport(rank, metres int, upwards bool) (TeleportCost, error) {
	return TeleportWith(TeleportInput{Rank: rank, Metres: metres, Upwards: upwards})
}

// TeleportWith works out a teleport's cost: rank 1 loses 1 stamina a
// metre with no maximum range; rank 2 1 per 2 m (rounded up) to at most
// 20 stamina, 80 m at most; rank 3 1 per 4 m to at most 15 stamina, 3,000
// m at most. The cap comes "before multipliers": teleporting vertically
// upwards doubles the stamina, and so does each whole multiple of the
// teleporter's own mass carried along; carrying at least one multiple
// also loses half as much health as stamina (the doubled stamina is
// always even), and each
// passenger loses that much stamina (p. 76). A blind teleport's chance of
// appearing inside an object is worked out here and rolled by RollBlind.
func TeleportWith(in TeleportInput) (TeleportCost, error) {
	row, ok := rulebook.TeleportByRank(in.Rank)
	if !ok {
		return TeleportCost{}, reqErr("teleport", "no Teleport power (rank %d)", in.Rank)
	}
	metres := in.Metres
	if metres < 1 {
		return TeleportCost{}, reqErr("move", "a teleport goes at least 1 m (got %d)", metres)
	}
	if row.MaxMetres > 0 && metres > row.MaxMetres {
		return TeleportCost{}, reqErr("move", "Teleport rank %d goes at most %d m, not %d (p. 77)", row.Rank, row.MaxMetres, metres)
	}
	if in.CarriedKg < 0 || in.OwnKg < 0 || in.Passengers < 0 {
		return TeleportCost{}, reqErr("carry", "a negative mass or number of passengers")
	}
	own := in.OwnKg
	if own == 0 {
		own = DefaultPersonMassKg
	}
	t := TeleportCost{Rank: row.Rank, Metres: metres, Upwards: in.Upwards, Panels: rulebook.TeleportPanels,
		OwnKg: own, CarriedKg: in.CarriedKg, Multiple: in.CarriedKg / own, Blind: in.Blind}
	t.Steps.Add(string(rulebook.PowerTeleport), "p. 76", "a teleport takes a double-panel")
	s := (metres + row.MetresPerStamina - 1) / row.MetresPerStamina
	t.Steps.Add("stamina", "pp. 76-77", "rank %d: 1 stamina per %s, %d m: %d", row.Rank, plural(row.MetresPerStamina, "metre"), metres, s)
	if row.MaxStamina > 0 && s > row.MaxStamina {
		s = row.MaxStamina
		t.Steps.Add("stamina", "p. 77", "at most %d stamina at rank %d", row.MaxStamina, row.Rank)
	}
	if in.Upwards {
		s *= rulebook.TeleportUpwardsMultiplier
		t.Steps.Add("upwards", "p. 77", "vertically upwards: twice the stamina, %d", s)
	}
	if in.CarriedKg > 0 {
		if t.Multiple > 0 {
			// At most 30 doublings fit an int; a teleporter carrying a
			// billion times its mass is long past caring.
			s <<= min(t.Multiple, 30)
		}
		t.Steps.Add("mass", "p. 76", "carrying %d kg, %d multiple(s) of its own %d kg (rounded down): stamina doubled %d time(s), %d", in.CarriedKg, t.Multiple, own, t.Multiple, s)
	}
	t.Stamina = s
	if t.Multiple > 0 {
		t.Health = (s + 1) / 2
		t.Steps.Add("mass", "p. 76", "carrying mass: loses half as much health as stamina, %d", t.Health)
		if in.Passengers > 0 {
			t.PassengerStamina = t.Health
			t.Steps.Add("passengers", "p. 76", "each of %d passenger(s) loses as much stamina as its health loss, %d", in.Passengers, t.PassengerStamina)
		}
	}
	if in.Blind {
		t.BlindChance = min(metres/rulebook.TeleportBlindMetresPerPercent, 100)
		t.Steps.Add("blind", "p. 77", "into an unseen, unknown area: 1%% per %d m, %d%% of appearing inside an object", rulebook.TeleportBlindMetresPerPercent, t.BlindChance)
	}
	return t, nil
}

// RollBlind rolls a blind teleport: a d100 against BlindChance; at or
// under it the teleporter is shunted out of an object for 5d6 health then
// 5d6 stamina damage, taken as rolled (p. 77). A teleport that is not
// blind rolls nothing.
//
// Dice: the d100, then on a shunt the 5d6 health and the 5d6 stamina.
func (t *TeleportCost) RollBlind(r dice.Roller) error {
	if !t.Blind {
		return nil
	}
	v, err := r.Roll(rulebook.TeleportBlindDie, "blind teleport")
	if err != nil {
		return err
	}
	if v < 1 || v > rulebook.TeleportBlindDie {
		return errRoller(rulebook.TeleportBlindDie, v, "blind teleport")
	}
	t.BlindRoll = v
	if v > t.BlindChance {
		t.Steps.Add("blind", "p. 77", "d100 %d > %d%%: it arrives clear", v, t.BlindChance)
		return nil
	}
	t.Shunted = true
	if t.ShuntHealth, err = dice.MustParse(rulebook.TeleportShuntHealth).Total(r, "blind teleport health damage"); err != nil {
		return err
	}
	if t.ShuntStamina, err = dice.MustParse(rulebook.TeleportShuntStamina).Total(r, "blind teleport stamina damage"); err != nil {
		return err
	}
	t.Steps.Add("blind", "p. 77", "d100 %d ≤ %d%%: partly inside an object, shunted out: %s %d health and %s %d stamina damage, as rolled", v, t.BlindChance,
		rulebook.TeleportShuntHealth, t.ShuntHealth, rulebook.TeleportShuntStamina, t.ShuntStamina)
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// MentalWillBonus is a defender's Confidence Table will bonus against
// mental attacks (p. 24): from its confidence when the file has one, else
// the file's will_bonus.
func MentalWillBonus(h *hero.Hero) int {
	if h.Profile.Confidence > 0 {
		return rulebook.Confidence(h.Profile.Confidence).WillBonus
	}
	return h.Profile.WillBonus
}

// Contest is a psychic or magic attack between two heroes (p. 43): the
// attacker's will (or a device's) against the defender's, with the
// defender's Confidence Table bonus.
func Contest(attackerWill, attackerBonus int, def *hero.Hero, resist bool, r dice.Roller) (PsychicResult, ruling.Steps, error) {
	return ContestWith(attackerWill, attackerBonus, def, resist, PsychicInput{}, r)
}

// ContestWith is Contest with hero points: in carries the points each
// side spends on its own d20 (p. 14) and the attacker's name; its wills,
// bonus and resist are set here.
func ContestWith(attackerWill, attackerBonus int, def *hero.Hero, resist bool, in PsychicInput, r dice.Roller) (PsychicResult, ruling.Steps, error) {
	in.AttackerWill, in.AttackerBonus, in.DefenderWill = attackerWill, attackerBonus, def.Abilities.Final.Will
	in.WillBonus, in.Resist, in.DefenderName = MentalWillBonus(def), resist, def.Name
	res, err := Psychic(in, r)
	if err != nil {
		return res, nil, err
	}
	var steps ruling.Steps
	for _, hp := range res.HeroPoints {
		steps.Add("hero-points", "p. 14", "%s", hp.Text())
	}
	steps.Add("psychic", "p. 43", "attacker d20 %d + will %d%s = %d", res.AttackerRoll, res.AttackerWill, signed(" bonus", res.AttackerBonus), res.AttackerTotal)
	d := fmt.Sprintf("defender d20 %d + will %d", res.DefenderRoll, res.DefenderWill)
	if res.WillBonus != 0 {
		d += fmt.Sprintf(" + confidence bonus %d (Confidence Table, p. 24)", res.WillBonus)
	}
	if res.Resist {
		d += fmt.Sprintf(" + resist 1d6 %d", res.ResistRoll)
	}
	verdict := "the attack fails"
	if res.Success {
		verdict = "the attack succeeds (ties go to the attacker)"
	}
	steps.Add("psychic", "p. 43", "%s = %d: %s", d, res.DefenderTotal, verdict)
	return res, steps, nil
}

func signed(label string, v int) string {
	if v == 0 {
		return ""
	}
	return fmt.Sprintf(" +%s %d", label, v)
}

// Restraint is a bound combatant's escape (Restraint p. 64, Snare p. 72).
type Restraint struct {
	// Points spent on the binding; Strength is 10 per point.
	Points   int `json:"points"`
	Strength int `json:"strength"`
	// Chance is the escape chance in percent.
	Chance int `json:"chance"`
	// Automatic: Teleport or Phasing escapes without a roll.
	Automatic bool `json:"automatic"`
	// Free: 100% or more, free at once without spending an action.
	Free bool `json:"free"`
	// PanelsLost are lost at once while restrained (1 at 70-99%, 2 at
	// 1-69%); 0 when free or when the chance is 0 or less.
	PanelsLost int          `json:"panels_lost"`
	Steps      ruling.Steps `json:"steps"`
}

// RestraintOn works out the escape chance of def bound with points (1-10)
// spent: strength %, +10 per point under 10, +10 per helpful power
// (flight, super leap, elasticity, acrobatics, freeform shapechange,
// claws, the gymnastics skill), +30 for the escapology skill; Teleport or
// Phasing escape automatically (p. 64).
func RestraintOn(def *hero.Hero, points int) (Restraint, error) {
	if points < 1 || points > rulebook.PoolCapPerAction {
		return Restraint{}, reqErr("spend", "a binding takes 1-%d points (got %d)", rulebook.PoolCapPerAction, points)
	}
	r := Restraint{Points: points, Strength: 10 * points}
	var helpful []string
	for _, slug := range rulebook.RestraintHelpfulPowers() {
		if hasPowerOrFlavour(def, slug) {
			helpful = append(helpful, slug)
		}
	}
	escapology := hasPowerOrFlavour(def, "escapology")
	str := def.Abilities.Final.Strength
	r.Chance = rulebook.RestraintEscapeChance(str, points, len(helpful), escapology)
	r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "restraint strength %d (10 per point); escape chance: strength %d%%", r.Strength, str)
	if points < 10 {
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "+%d%% for %d points under 10", 10*(10-points), 10-points)
	}
	if len(helpful) > 0 {
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "+%d%% for helpful powers (%v)", 10*len(helpful), helpful)
	}
	if escapology {
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "+30%% for escapology")
	}
	switch {
	case escapesBinding(def):
		r.Automatic = true
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "escape chance %d%%; Teleport or Phasing escapes automatically", r.Chance)
	case r.Chance >= 100:
		r.Free = true
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "escape chance %d%% ≥ 100%%: free at once, no action spent", r.Chance)
	case r.Chance >= 70:
		r.PanelsLost = 1
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "escape chance %d%% (70-99%%): loses the next panel, then tries to break free", r.Chance)
	case r.Chance >= 1:
		r.PanelsLost = 2
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "escape chance %d%% (1-69%%): loses the next 2 panels, then tries to break free", r.Chance)
	default:
		r.Steps.Add(string(rulebook.SpellRestraint), "p. 64", "escape chance %d%%: cannot break free by strength", r.Chance)
	}
	return r, nil
}

// escapesBinding: one of def's powers escapes a binding without a roll
// (restraintEscapes; p. 64).
func escapesBinding(def *hero.Hero) bool {
	for _, rule := range restraintEscapes {
		if rule(def) {
			return true
		}
	}
	return false
}

// hasPowerOrFlavour reports a power by slug or a flavour (a skill, a
// shapechange kind) of any power.
func hasPowerOrFlavour(h *hero.Hero, slug string) bool {
	if slug == "freeform-shapechange" {
		p := h.FindPower(rulebook.PowerShapechange)
		return p != nil && p.HasFlavour("freeform")
	}
	if h.PowerRank(rulebook.PowerID(slug)) > 0 {
		return true
	}
	for i := range h.Powers {
		if h.Powers[i].HasFlavour(slug) {
			return true
		}
	}
	return false
}

// EscapeRoll rolls a bound combatant's d100 against its escape chance.
func EscapeRoll(chance int, r dice.Roller) (int, bool, error) {
	v, err := r.Roll(100, "restraint escape")
	if err != nil {
		return 0, false, err
	}
	if v < 1 || v > 100 {
		return 0, false, errRoller(100, v, "restraint escape")
	}
	return v, v <= chance, nil
}

// Elasticity's reach (p. 55): rank 1 stretches up to StretchRank1Metres;
// rank 2 any distance, losing 1 stamina for each 5 m, or part of 5 m,
// beyond StretchFreeMetres.
const (
	StretchRank1Metres = 6
	StretchFreeMetres  = 20
	StretchMetresPer   = 5
)

// StretchCost is the stamina an Elasticity stretch of metres costs at
// rank, with its steps, or a refusal naming "stretch".
func StretchCost(rank, metres int) (int, ruling.Steps, error) {
	var steps ruling.Steps
	switch {
	case rank < 1:
		return 0, nil, reqErr("stretch", "no Elasticity power to stretch with (p. 55)")
	case metres < 1:
		return 0, nil, reqErr("stretch", "a stretch goes at least 1 m (got %d)", metres)
	case rank == 1 && metres > StretchRank1Metres:
		return 0, nil, reqErr("stretch", "Elasticity rank 1 stretches arms and legs up to %d m, not %d (p. 55)", StretchRank1Metres, metres)
	case rank == 1:
		steps.Add("stretch", "p. 55", "rank 1: %d m of the %d m reach, no stamina", metres, StretchRank1Metres)
		return 0, steps, nil
	}
	if metres <= StretchFreeMetres {
		steps.Add("stretch", "p. 55", "rank %d: %d m, no stamina up to %d m", rank, metres, StretchFreeMetres)
		return 0, steps, nil
	}
	over := metres - StretchFreeMetres
	s := (over + StretchMetresPer - 1) / StretchMetresPer
	steps.Add("stretch", "p. 55", "rank %d: %d m is %d m over %d m: 1 stamina per %d m or part, %d", rank, metres, over, StretchFreeMetres, StretchMetresPer, s)
	return s, steps, nil
}
