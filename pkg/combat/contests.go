package combat

// The mental powers as contests between two heroes: the one place that
// decides each psychic power's, spell's and the mind-control device's
// numbers (pp. 43, 53, 63-64, 67-69). `contest` (two hero files),
// `fight act --power psychic-ability|magic|cybernetics --effect NAME`
// and the one-off `psychic` all call Mental or its parts; Mental is pure:
// ApplyMental writes the result onto the two heroes.

import (
	"fmt"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The kinds of mental attack.
const (
	MentalPsychic = "psychic" // a psychic power, psi from the psi pool (pp. 67-69)
	MentalMagic   = "magic"   // a spell, magic points (pp. 62-65)
	MentalDevice  = "device"  // the mind-control device's own "Will" (p. 53)
)

// The states a mental power leaves on its target.
const (
	StateMindControl = "mind-control" // Mind Control (p. 68)
	StateHypnotised  = "hypnotised"   // Hypnotism (p. 63), the device (p. 53)
	StateDrained     = "drained"      // a pool drained to 0 (p. 69)
	// Restraint binds (p. 64): StateBound, with Snare's binding.
)

// MentalPower is one psychic power, spell or device that acts on another
// character.
type MentalPower struct {
	Slug rulebook.PowerID `json:"slug"`
	// Power is the hero's power that holds it (its flavour).
	Power rulebook.PowerID `json:"power"`
	Kind  string           `json:"kind"`
	// Pool is the pool it spends ("" for the device).
	Pool string `json:"pool"`
	// Contest: "always", "unwilling" (only against an unwilling target)
	// or "never".
	Contest string `json:"contest"`
	Page    string `json:"page"`
}

var mentalPowers = []MentalPower{
	{rulebook.PsiMindControl, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "always", "p. 68"},
	{rulebook.PsiPsychicDrain, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "always", "pp. 68-69"},
	{rulebook.PsiTelekinesis, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "always", "p. 69"},
	{rulebook.PsiEmpathy, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "unwilling", "p. 67"},
	{rulebook.PsiTelepathy, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "unwilling", "p. 69"},
	{rulebook.PsiTransmutation, rulebook.PowerPsychicAbility, MentalPsychic, "psi", "never", "p. 69"},
	{rulebook.SpellHypnotism, rulebook.PowerMagic, MentalMagic, "magic", "always", "p. 63"},
	{rulebook.SpellRestraint, rulebook.PowerMagic, MentalMagic, "magic", "never", "pp. 64-65"},
	{rulebook.ImplantMindControlDevice, rulebook.PowerCybernetics, MentalDevice, "", "always", "p. 53"},
}

// MentalPowers lists the powers Mental decides.
func MentalPowers() []MentalPower { return append([]MentalPower(nil), mentalPowers...) }

// MentalPowerSlugs is the list for help texts and errors.
func MentalPowerSlugs() string { return naming.List(mentalPowers, mentalSlug) }

// FindMentalPower looks a mental power up by slug.
func FindMentalPower(slug rulebook.PowerID) (MentalPower, bool) {
	return naming.Find(mentalPowers, string(slug), mentalSlug)
}

func mentalSlug(p *MentalPower) string { return string(p.Slug) }

// MentalInput is one use of a mental power on a target.
type MentalInput struct {
	Power rulebook.PowerID `json:"power"`
	// Points spent: Psychic Drain (1-10, +1 each on the roll) and
	// Restraint (1-10, strength 10 each). Other powers' costs are fixed
	// or worked out (Telekinesis: from MassKg).
	Points int `json:"points"`
	// MassKg moved by Telekinesis: 1 psi per 10 kg. 0 with a person as
	// the target: the person's own mass now (MassNow, pp. 43, 69).
	MassKg int `json:"mass_kg"`
	// Metres is how far the object or person Telekinesis moves is from
	// the user: at most TelekinesisRange (p. 69); 0 not given.
	Metres int `json:"metres,omitempty"`
	// Drain names the target's pool Psychic Drain empties (energy, magic,
	// psi or fluid); empty: its only pool, or the fullest.
	Drain string `json:"drain"`
	// Modifiers are Transmutation's difficulty modifiers (p. 69).
	Modifiers []string `json:"modifiers,omitempty"`
	// Mode: Empathy "read" (3 psi) or "change" (5 psi); Telepathy "read"
	// or "send" (2 psi each).
	Mode string `json:"mode"`
	// Resist: the target actively resists, +1d6 (a double-panel).
	Resist bool `json:"resist"`
	// Willing: the target lets Empathy or Telepathy in (no contest).
	Willing bool `json:"willing"`
	// AttackerHeroPoints and DefenderHeroPoints re-roll each side's own
	// d20 of the will contest, the higher kept; the Opponent points make
	// the other side re-roll its d20, the lower kept (p. 14; see
	// PsychicInput). ApplyMental takes them off the heroes.
	AttackerHeroPoints         int `json:"attacker_hero_points"`
	DefenderHeroPoints         int `json:"defender_hero_points"`
	AttackerOpponentHeroPoints int `json:"attacker_opponent_hero_points"`
	DefenderOpponentHeroPoints int `json:"defender_opponent_hero_points"`
}

// heroPoints is what each side spends on the contest.
func (in MentalInput) heroPoints() (att, def int) {
	return in.AttackerHeroPoints + in.AttackerOpponentHeroPoints, in.DefenderHeroPoints + in.DefenderOpponentHeroPoints
}

// MentalResult is what a mental power did.
type MentalResult struct {
	Power rulebook.PowerID `json:"power"`
	Kind  string           `json:"kind"`
	// Attacker and Defender are the heroes' names (Defender "" for
	// Transmutation, which works on objects).
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	// Pool and Cost are what the attacker pays, win or lose; Points is
	// what the use counts as (a speciality pays half, rounded up).
	Pool       string `json:"pool"`
	Cost       int    `json:"cost"`
	Points     int    `json:"points"`
	Speciality bool   `json:"speciality"`
	// Will is the attacker's will in the contest (the device's own).
	Will int `json:"will"`
	// Contest is the will contest (nil when the power needs none).
	Contest *PsychicResult `json:"contest"`
	Success bool           `json:"success"`
	// Margin is how much the attacker beat the defender by.
	Margin int `json:"margin"`
	// State is the state it leaves on the target ("" for none).
	State string `json:"state"`
	// Establish is Hypnotism's and the device's 1d6 double-panels of
	// establishing control, neither side acting (pp. 53, 63).
	Establish int `json:"establish"`
	// Psychic Drain: the pool drained, the points it loses and has left;
	// Blackout when it reaches 0 (stamina 0, no recovery, p. 69).
	DrainPool string `json:"drain_pool"`
	Drained   int    `json:"drained"`
	DrainLeft int    `json:"drain_left"`
	Blackout  bool   `json:"blackout"`
	// Telekinesis: metres a panel (will ÷ 3, p. 69), the mass moved
	// and whether it is an object (no target, no psychic attack).
	SpeedMetres int  `json:"speed_metres"`
	MassKg      int  `json:"mass_kg,omitempty"`
	Object      bool `json:"object,omitempty"`
	// Transmutation: the chance in percent and the d100; Pages is how
	// long a temporary transmutation lasts (2d6 pages, rolled on a
	// success; 0 when it fails or is permanent, p. 69).
	Difficulty int  `json:"difficulty"`
	Chance     int  `json:"chance"`
	Roll       int  `json:"roll"`
	Pages      int  `json:"pages"`
	Permanent  bool `json:"permanent"`
	// Restraint is the spell's binding (p. 64).
	Restraint *Restraint   `json:"restraint"`
	Steps     ruling.Steps `json:"steps"`
}

// Summary is the result in one line.
func (m *MentalResult) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s uses %s", m.Attacker, m.Power)
	if m.Defender != "" {
		fmt.Fprintf(&b, " on %s", m.Defender)
	}
	if m.Cost > 0 {
		fmt.Fprintf(&b, " (%d %s)", m.Cost, poolUnit(m.Pool))
	}
	if c := m.Contest; c != nil {
		fmt.Fprintf(&b, ": will %d against %d", c.AttackerTotal, c.DefenderTotal)
	}
	if m.Power == rulebook.PsiTransmutation {
		fmt.Fprintf(&b, ": d100 %d against %d%%", m.Roll, m.Chance)
	}
	if !m.Success {
		b.WriteString(", it fails")
		return b.String()
	}
	switch m.Power {
	case rulebook.PsiMindControl:
		b.WriteString(", control taken (half panels; broken by 20 stamina damage)")
	case rulebook.SpellHypnotism, rulebook.ImplantMindControlDevice:
		fmt.Fprintf(&b, ", control after %d double-panels of establishing (broken by 20 stamina damage)", m.Establish)
	case rulebook.PsiPsychicDrain:
		fmt.Fprintf(&b, ", %s pool drained by %d (%d left)", m.DrainPool, m.Drained, m.DrainLeft)
		if m.Blackout {
			b.WriteString(": stamina 0, no recovery until it has points again")
		}
	case rulebook.PsiTelekinesis:
		kg := m.MassKg
		if kg == 0 {
			kg = m.Points * 10 // a ruling recorded before the mass was kept
		}
		what := ""
		if m.Object {
			what = " (an object)"
		}
		fmt.Fprintf(&b, ", moved %d kg%s at up to %d m a panel", kg, what, m.SpeedMetres)
	case rulebook.PsiTransmutation:
		b.WriteString(", the object is transmuted")
		if m.Pages > 0 {
			fmt.Fprintf(&b, " for %d pages", m.Pages)
		}
	case rulebook.SpellRestraint:
		r := m.Restraint
		switch {
		case r.Automatic:
			b.WriteString(", but Teleport or Phasing escapes it at once")
		case r.Free:
			fmt.Fprintf(&b, ", but escape chance %d%% frees at once", r.Chance)
		default:
			fmt.Fprintf(&b, ", bound (strength %d, escape chance %d%%)", r.Strength, r.Chance)
		}
	case rulebook.PsiEmpathy, rulebook.PsiTelepathy:
		b.WriteString(", it works")
	}
	return b.String()
}

func poolUnit(pool string) string {
	switch pool {
	case "magic":
		return "MP"
	case "psi":
		return "psi"
	}
	return pool + " points"
}

// MentalCost is what a use of p costs (before the speciality's half) and
// what it counts as: the book's fixed costs (pp. 63-69), Psychic Drain's
// and Restraint's chosen points, Telekinesis' 1 psi per 10 kg.
//
// The cap a use is on what is paid (SpecialityCost): a speciality's
// Telekinesis moves up to 200 kg for 10 psi.
func MentalCost(p MentalPower, in MentalInput, speciality bool) (int, error) {
	limit := rulebook.PoolCapPerAction
	switch p.Slug {
	case rulebook.PsiMindControl, rulebook.SpellHypnotism:
		if in.Points != 0 && in.Points != 10 {
			return 0, reqErr("spend", "%s costs 10 points, win or lose (%s); give no --spend", p.Slug, p.Page)
		}
		return 10, nil
	case rulebook.PsiTransmutation:
		if in.Points != 0 && in.Points != 6 {
			return 0, reqErr("spend", "transmutation costs 6 psi, win or lose (p. 69); give no --spend")
		}
		return 6, nil
	case rulebook.PsiPsychicDrain, rulebook.SpellRestraint:
		if in.Points < 1 || in.Points > limit {
			what := "+1 on the roll per psi, at least 1 (pp. 68-69)"
			if p.Slug == rulebook.SpellRestraint {
				what = "strength 10 per magic point (p. 64)"
			}
			return 0, reqErr("spend", "%s takes 1-%d points: %s (got %d)", p.Slug, limit, what, in.Points)
		}
		return in.Points, nil
	case rulebook.PsiTelekinesis:
		if in.MassKg < 1 {
			return 0, reqErr("mass", "telekinesis needs the mass moved in kg (1 psi per 10 kg, p. 69)")
		}
		n := (in.MassKg + 9) / 10
		if paid := SpecialityCost(n, speciality); paid > limit {
			if speciality {
				return 0, reqErr("mass", "%d kg is %d psi at 1 per 10 kg, %d paid as a speciality, more than the %d a use allows (pp. 67, 69)", in.MassKg, n, paid, limit)
			}
			return 0, reqErr("mass", "%d kg is %d psi at 1 per 10 kg, more than the %d a use allows (pp. 67, 69)", in.MassKg, n, limit)
		}
		return n, nil
	case rulebook.PsiEmpathy:
		switch in.Mode {
		case "", "read":
			return 3, nil
		case "change":
			return 5, nil
		}
		return 0, reqErr("mode", "empathy is read (3 psi) or change (5 psi), not %q (p. 67)", in.Mode)
	case rulebook.PsiTelepathy:
		switch in.Mode {
		case "", "read", "send":
			return 2, nil
		}
		return 0, reqErr("mode", "telepathy is read or send (2 psi each), not %q (p. 69)", in.Mode)
	case rulebook.ImplantMindControlDevice:
		if in.Points != 0 {
			return 0, reqErr("spend", "the mind-control device spends no points (p. 53)")
		}
		return 0, nil
	}
	return 0, reqErr("power", "unknown mental power %q (%s)", p.Slug, MentalPowerSlugs())
}

// knows reports whether h has the mental power: its flavour on the
// holding power, or any flavour when the file records none (a GM's own
// file), and whether it is a speciality; for the device, the implant's
// ranks.
func knows(h *hero.Hero, p MentalPower) (ok, speciality bool, ranks int) {
	pw := h.FindPower(p.Power)
	if pw == nil || pw.Rank < 1 {
		return false, false, 0
	}
	for _, f := range pw.Flavours {
		if f.Slug == string(p.Slug) {
			return true, f.Speciality, max(f.Rank, 1)
		}
	}
	if p.Kind == MentalDevice {
		return false, false, 0
	}
	return len(pw.Flavours) == 0, false, 0
}

// DeviceWill is the mind-control device's "Will": 10, +2 for each
// extra rank of the implant (p. 53).
func DeviceWill(ranks int) int {
	return rulebook.MindControlDeviceWill + rulebook.MindControlDeviceWillPerRank*(max(ranks, 1)-1)
}

// Mental works out one use of a mental power by att on def (nil only for
// Transmutation, which works on objects). It checks the power and the
// pool, rolls, and reports; it changes neither hero (ApplyMental does).
//
// Dice, in this order: a contest rolls the attacker's d20, the defender's
// d20 (each followed by its hero point re-rolls, Psychic's order), then
// the resist 1d6 (--resist); then Hypnotism and the device
// roll 1d6 double-panels of establishing on a success; Transmutation
// rolls a d100 and, on a success that is not permanent, 2d6 pages; Restraint rolls nothing (its escapes come later).
func Mental(att, def *hero.Hero, in MentalInput, r dice.Roller) (MentalResult, error) {
	p, ok := FindMentalPower(in.Power)
	if !ok {
		return MentalResult{}, reqErr("power", "unknown mental power %q (%s)", in.Power, MentalPowerSlugs())
	}
	res := MentalResult{Power: p.Slug, Kind: p.Kind, Attacker: att.Name, Pool: p.Pool}
	if p.Slug == rulebook.PsiTelekinesis {
		var err error
		if in, err = telekinesisLoad(&res, def, in); err != nil {
			return res, err
		}
	}
	if p.Slug == rulebook.PsiTransmutation {
		if def != nil {
			return res, reqErr("target", "transmutation works on unattended objects and unintelligent beings, not on %s (p. 69)", def.Name)
		}
	} else if def == nil && !res.Object {
		return res, reqErr("target", "%s needs a target", p.Slug)
	} else if def != nil {
		res.Defender = def.Name
	}
	has, spec, ranks := knows(att, p)
	if !has {
		if p.Kind == MentalDevice {
			return res, reqErr("power", "%s has no mind-control device implant (Cybernetics, p. 53)", att.Name)
		}
		return res, reqErr("power", "%s does not know %s (its %s)", att.Name, p.Slug, p.Power)
	}
	points, err := MentalCost(p, in, spec)
	if err != nil {
		return res, err
	}
	res.Points, res.Cost, res.Speciality = points, SpecialityCost(points, spec), spec
	if spec {
		res.Steps.Add("cost", p.Page, "%s is a speciality: half cost, %d of %d (rounded up)", p.Slug, res.Cost, points)
	}
	if p.Pool != "" {
		pool := att.FindPool(p.Pool)
		if pool == nil {
			return res, reqErr("pool", "%s has no %s pool", att.Name, p.Pool)
		}
		limit := pool.CapPerAction
		if limit == 0 {
			limit = rulebook.PoolCapPerAction
		}
		if res.Cost > limit {
			return res, reqErr("spend", "%s can spend at most %d %s in one use (pp. 62, 67)", att.Name, limit, poolUnit(p.Pool))
		}
		if res.Cost > pool.Current {
			return res, reqErr("spend", "%s has only %d %s left, %s costs %d (they refill every %d pages)", att.Name, pool.Current, poolUnit(p.Pool), p.Slug, res.Cost, rulebook.PoolRefillPages)
		}
		res.Steps.Add("cost", p.Page, "%d %s from %d, win or lose", res.Cost, poolUnit(p.Pool), pool.Current)
	}
	// The contest.
	res.Will = att.Abilities.Final.Will
	bonus := 0
	switch p.Slug {
	case rulebook.ImplantMindControlDevice:
		res.Will = DeviceWill(ranks)
		res.Steps.Add("device", "p. 53", "the device's \"Will\" %d (10, +2 for each of %d extra ranks), not the wearer's", res.Will, ranks-1)
	case rulebook.PsiPsychicDrain:
		bonus = points
		res.Steps.Add("drain", "p. 68", "+%d on the psychic roll, +1 per psi", bonus)
	}
	contest := (p.Contest == "always" && !res.Object) || (p.Contest == "unwilling" && !in.Willing)
	if res.Object {
		res.Steps.Add("contest", p.Page, "an object: no psychic attack (only a person is attacked)")
	}
	if in.Resist && !contest {
		return res, reqErr("resist", "%s is not resisted: no contest (%s)", p.Slug, p.Page)
	}
	atkPoints, defPoints := in.heroPoints()
	if (atkPoints != 0 || defPoints != 0) && !contest {
		return res, reqErr("hero-points", "%s makes no will contest here: no d20 to re-roll (%s)", p.Slug, p.Page)
	}
	res.Success = true
	if contest {
		for _, n := range []int{in.AttackerHeroPoints, in.DefenderHeroPoints, in.AttackerOpponentHeroPoints, in.DefenderOpponentHeroPoints} {
			if n < 0 || n > heropoints.MaxPoints {
				return res, reqErr("hero-points", "%d is outside 0-%d", n, heropoints.MaxPoints)
			}
		}
		if err := heropoints.Check(att, atkPoints); err != nil {
			return res, reqErr("attacker-hero-points", "%v", err)
		}
		if err := heropoints.Check(def, defPoints); err != nil {
			return res, reqErr("defender-hero-points", "%v", err)
		}
		c, st, err := ContestWith(res.Will, bonus, def, in.Resist,
			PsychicInput{AttackerHeroPoints: in.AttackerHeroPoints, DefenderHeroPoints: in.DefenderHeroPoints,
				AttackerOpponentHeroPoints: in.AttackerOpponentHeroPoints, DefenderOpponentHeroPoints: in.DefenderOpponentHeroPoints,
				AttackerName: att.Name}, r)
		if err != nil {
			return res, err
		}
		res.Contest, res.Success = &c, c.Success
		res.Margin = c.AttackerTotal - c.DefenderTotal
		res.Steps = append(res.Steps, st...)
	} else if p.Contest == "unwilling" {
		res.Steps.Add("contest", p.Page, "a willing target: no psychic attack needed")
	}
	switch p.Slug {
	case rulebook.PsiTransmutation:
		return transmute(res, att.Abilities.Final.Will, in.Modifiers, r)
	case rulebook.SpellRestraint:
		rs, err := RestraintOn(def, points)
		if err != nil {
			return res, err
		}
		res.Restraint = &rs
		res.Steps.Add("restraint", "p. 64", "no attack roll is asked: the spell binds a target within 20 m")
		res.Steps = append(res.Steps, rs.Steps...)
		if !rs.Automatic && !rs.Free {
			res.State = StateBound
		}
		return res, nil
	}
	if !res.Success {
		return res, nil
	}
	switch p.Slug {
	case rulebook.PsiMindControl:
		res.State = StateMindControl
		res.Steps.Add("mind-control", "p. 68", "control taken: half panels a page, 1 psi a page to keep, one target per 6 will (%d)", MindControlTargets(att.Abilities.Final.Will))
	case rulebook.SpellHypnotism, rulebook.ImplantMindControlDevice:
		v, err := r.Roll(6, "double-panels establishing control")
		if err != nil {
			return res, err
		}
		if v < 1 || v > 6 {
			return res, errRoller(6, v, "establishing control")
		}
		res.Establish, res.State = v, StateHypnotised
		res.Steps.Add("establish", p.Page, "1d6 %d double-panels establishing control, neither acting; hurt or eye contact broken: it fails", v)
	case rulebook.PsiPsychicDrain:
		if err := drain(&res, def, in.Drain); err != nil {
			return res, err
		}
	case rulebook.PsiTelekinesis:
		res.SpeedMetres, res.MassKg = att.Abilities.Final.Will/3, in.MassKg
		res.Steps.Add("telekinesis", "p. 69", "%d kg: %d psi (1 per 10 kg); speed will %d ÷ 3 = %d m a panel; cannot throw", in.MassKg, points, att.Abilities.Final.Will, res.SpeedMetres)
	case rulebook.PsiEmpathy, rulebook.PsiTelepathy:
		res.Steps.Add(string(p.Slug), p.Page, "it works; what is read or sent is the GM's")
	}
	return res, nil
}

// TelekinesisRange is how far Telekinesis reaches: "any single object or
// person within 20 metres" (p. 69).
const TelekinesisRange = 20

// telekinesisLoad is what Telekinesis moves (p. 69): with no target an
// object, whose mass must be given; with a target a person, at its own
// mass now unless one is given (MassNow: its hero file, grown, denser).
// Metres beyond TelekinesisRange are refused.
func telekinesisLoad(res *MentalResult, def *hero.Hero, in MentalInput) (MentalInput, error) {
	if in.Metres < 0 {
		return in, reqErr("distance", "%d m is negative", in.Metres)
	}
	if in.Metres > TelekinesisRange {
		return in, reqErr("distance", "%d m is beyond Telekinesis's %d m (\"within 20 metres\", p. 69)", in.Metres, TelekinesisRange)
	}
	if in.Metres > 0 {
		res.Steps.Add("range", "p. 69", "%d m away, within %d m", in.Metres, TelekinesisRange)
	}
	if def == nil {
		res.Object = true
		if in.MassKg < 1 {
			return in, reqErr("mass", "telekinesis on an object needs its mass in kg (1 psi per 10 kg, p. 69)")
		}
		return in, nil
	}
	if in.MassKg == 0 {
		m := MassNow(def, def.States, 0)
		in.MassKg = WholeKg(m.Kg)
		res.Steps = append(res.Steps, m.Steps...)
	}
	return in, nil
}

// drain works out Psychic Drain on def's pool: one point per point of the
// margin; at 0 the target drops to 0 stamina (p. 69).
func drain(res *MentalResult, def *hero.Hero, name string) error {
	var pool *hero.Pool
	if name != "" {
		if pool = def.FindPool(name); pool == nil {
			return reqErr("drain", "%s has no %q pool", def.Name, name)
		}
	} else {
		for i := range def.Pools {
			if pool == nil || def.Pools[i].Current > pool.Current {
				pool = &def.Pools[i]
			}
		}
	}
	if pool == nil {
		return reqErr("drain", "%s has no pool to drain (energy blast, magic, psychic ability or snare, p. 68)", def.Name)
	}
	res.DrainPool = pool.Name
	res.Drained = min(res.Margin, pool.Current)
	res.DrainLeft = pool.Current - res.Drained
	res.Steps.Add("drain", "p. 68", "won by %d: %s pool loses %d (%d → %d)", res.Margin, pool.Name, res.Drained, pool.Current, res.DrainLeft)
	if res.Drained > 0 && res.DrainLeft == 0 {
		res.Blackout, res.State = true, StateDrained
		res.Steps.Add("drain", "p. 69", "0 points: stamina to 0, unconscious, no recovery until the pool has points again")
	}
	return nil
}

// Transmutation is the chance of a transmutation (p. 69).
type Transmutation struct {
	Difficulty int `json:"difficulty"`
	Chance     int `json:"chance"`
}

// TransmutationOdds works out the difficulty (10 less the modifiers) and
// the chance (difficulty × will, %); a difficulty of 0 or less cannot be
// done (p. 69).
func TransmutationOdds(will int, modifiers []string) (Transmutation, ruling.Steps, error) {
	var steps ruling.Steps
	d := rulebook.TransmutationBaseDifficulty
	parts := []string{"10"}
	seen := map[string]bool{}
	for _, s := range modifiers {
		n := naming.Slug(s)
		var found *rulebook.TransmutationModifier
		for _, m := range rulebook.TransmutationModifiers() {
			if m.Slug == n {
				found = &m
				break
			}
		}
		if found == nil {
			return Transmutation{}, nil, reqErr("modifiers", "unknown transmutation modifier %q (see `spandex tables transmutation`)", s)
		}
		if seen[found.Group] {
			return Transmutation{}, nil, reqErr("modifiers", "two %s modifiers (%s): give one of each kind", found.Group, s)
		}
		seen[found.Group] = true
		d += found.Modifier
		parts = append(parts, fmt.Sprintf("%d %s", found.Modifier, found.Slug))
	}
	steps.Add("transmutation", "p. 69", "difficulty %s = %d", strings.Join(parts, " "), d)
	if d <= 0 {
		return Transmutation{Difficulty: d}, steps, reqErr("modifiers", "difficulty %d: a transmutation at 0 or less cannot be done (p. 69)", d)
	}
	t := Transmutation{Difficulty: d, Chance: d * will}
	steps.Add("transmutation", "p. 69", "chance: difficulty %d × will %d = %d%%", d, will, t.Chance)
	return t, steps, nil
}

func transmute(res MentalResult, will int, mods []string, r dice.Roller) (MentalResult, error) {
	t, st, err := TransmutationOdds(will, mods)
	if err != nil {
		return res, err
	}
	res.Steps = append(res.Steps, st...)
	res.Difficulty, res.Chance = t.Difficulty, t.Chance
	v, err := r.Roll(100, "transmutation")
	if err != nil {
		return res, err
	}
	if v < 1 || v > 100 {
		return res, errRoller(100, v, "transmutation")
	}
	res.Roll, res.Success = v, v <= t.Chance
	verdict := "fails (the psi are spent anyway)"
	if res.Success {
		verdict = "the object is transmuted"
	}
	res.Steps.Add("transmutation", "p. 69", "d100 %d against %d%%: %s", v, t.Chance, verdict)
	if !res.Success {
		return res, nil
	}
	for _, m := range mods {
		if naming.Slug(m) == "permanent" {
			res.Permanent = true
		}
	}
	if res.Permanent {
		res.Steps.Add("transmutation", "p. 69", "permanent: it does not wear off")
		return res, nil
	}
	pages, err := dice.MustParse(rulebook.TransmutationPages).Total(r, "pages the transmutation lasts")
	if err != nil {
		return res, err
	}
	res.Pages = pages
	res.Steps.Add("transmutation", "p. 69", "temporary: %s %d pages, then the object is as it was", rulebook.TransmutationPages, pages)
	return res, nil
}

// ApplyMental writes a mental power's result onto the heroes: the hero
// points spent on the contest's d20s, the attacker's points spent (win or
// lose), the drained pool and a drained
// target's stamina (0, unconscious). States that last (control, the
// binding) are the caller's: the fight keeps them on the combatants.
func ApplyMental(res *MentalResult, att, def *hero.Hero) {
	if res.Contest != nil {
		res.Contest.SpendHeroPoints(att, def)
	}
	if res.Cost > 0 {
		if p := att.FindPool(res.Pool); p != nil {
			p.Current -= res.Cost
		}
	}
	if def == nil || res.Drained == 0 && !res.Blackout {
		return
	}
	if p := def.FindPool(res.DrainPool); p != nil {
		p.Current -= res.Drained
	}
	if res.Blackout && !def.IsMundane() && def.Stamina.Max > 0 {
		if def.Stamina.Current > 0 {
			def.Stamina.Current = 0
		}
		SetConditions(def)
	}
}

// MysticShieldDice is how many d6 of health a Mystic Shield of points MP
// has: 1d6 per 4 MP (p. 64), per 2 MP paid for the speciality (half
// cost). The points must buy whole dice, at most 10 a casting.
func MysticShieldDice(points int, speciality bool) (int, error) {
	per := 4
	if speciality {
		per = 4 / rulebook.SpecialityDivisor
	}
	if points < per || points > rulebook.PoolCapPerAction || points%per != 0 {
		return 0, reqErr("spend", "a mystic shield is 1d6 per %d MP paid, at most %d MP a casting (p. 64); got %d", per, rulebook.PoolCapPerAction, points)
	}
	return points / per, nil
}

// SpellSpeciality reports whether a spell or psychic power is one of h's
// specialities (half cost, pp. 62, 67).
func SpellSpeciality(h *hero.Hero, slug string) bool {
	for _, pw := range h.Powers {
		for _, f := range pw.Flavours {
			if f.Slug == slug && f.Speciality {
				return true
			}
		}
	}
	return false
}

// ImposedOf is the lasting state a mental power's result leaves on its
// target, as a hero file holds it (pp. 53, 63-64, 68-69): mind-control,
// hypnotised, drained (its pool), or bound (a Restraint that holds: its
// strength and escape chance). ok is false when it leaves none.
func ImposedOf(res *MentalResult) (hero.ImposedState, bool) {
	st := hero.ImposedState{Source: res.Attacker, Power: string(map[string]rulebook.PowerID{MentalPsychic: rulebook.PowerPsychicAbility, MentalMagic: rulebook.PowerMagic, MentalDevice: rulebook.PowerCybernetics}[res.Kind])}
	switch res.State {
	case StateMindControl:
		st.Name = hero.ImposedMindControl
	case StateHypnotised:
		st.Name = hero.ImposedHypnotised
	case StateDrained:
		st.Name, st.Pool = hero.ImposedDrained, res.DrainPool
	default:
		r := res.Restraint
		if res.Power != rulebook.SpellRestraint || r == nil || r.Automatic || r.Free {
			return hero.ImposedState{}, false
		}
		st.Name, st.Strength, st.EscapeChance = hero.ImposedBound, r.Strength, r.Chance
	}
	return st, true
}

// SetImposed puts st on h, replacing a state of the same name.
func SetImposed(h *hero.Hero, st hero.ImposedState) {
	for i := range h.ImposedStates {
		if h.ImposedStates[i].Name == st.Name {
			h.ImposedStates[i] = st
			return
		}
	}
	h.ImposedStates = append(h.ImposedStates, st)
}
