package hero

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// MaxAbility bounds ability scores; Super Strength and Super Endurance have
// no rank limit, but nothing sane reaches this.
const MaxAbility = 10000

// Validate checks the rules-level constraints of a complete hero file and
// returns the first problem as a *FieldError.
func (h *Hero) Validate() error {
	return (&Validator{}).Validate(h)
}

// Validator validates the heroes of a batch (hero check on a stream):
// like Hero.Validate, but it remembers the dice expressions it has
// already parsed, which a batch repeats from hero to hero. It keeps at
// most maxKnownExprs of them, so its memory stays bounded however long
// the stream. The zero value is ready; it is not safe for concurrent use.
type Validator struct {
	exprs map[string]struct{}
}

// maxKnownExprs bounds a Validator's memory of valid expressions.
const maxKnownExprs = 4096

// Validate checks h like Hero.Validate.
func (val *Validator) Validate(h *Hero) error {
	v := &validator{known: val}
	v.hero(h)
	return v.Result()
}

// validator walks the file, keeping the first problem (jsonfile.Checker).
type validator struct {
	jsonfile.Checker
	known *Validator
}

// elem is the path of a member of an array's element,
// "$.combat.attacks[2].health", written out only when a problem is named
// there: checking a good hero builds no paths.
type elem struct {
	array  string // "$.combat.attacks"
	i      int
	member string // ".health", or "" for the element itself
}

func (e elem) String() string { return e.array + "[" + strconv.Itoa(e.i) + "]" + e.member }

// at is the path of the element's member named by member (".health").
func (e elem) at(member string) elem { return elem{e.array, e.i, member} }

func (v *validator) expr(path elem, s string, allowEmpty bool) {
	if s == "" {
		if !allowEmpty {
			v.Fail(path.String(), "missing dice expression")
		}
		return
	}
	if _, ok := v.known.exprs[s]; ok {
		return
	}
	if _, err := dice.Parse(s); err != nil {
		v.Fail(path.String(), "%v", err)
		return
	}
	if v.known.exprs == nil || len(v.known.exprs) >= maxKnownExprs {
		v.known.exprs = make(map[string]struct{})
	}
	v.known.exprs[s] = struct{}{}
}

func (v *validator) hero(h *Hero) {
	if fe := checkSchema(h.Schema); fe != nil {
		v.Fail(fe.Path, "%s", fe.Msg)
	}
	v.states(h)
	v.forms(h)
	v.vehicle(h)
	if h.Name == "" {
		v.Fail("$.name", "missing")
	}
	switch h.Kind {
	case KindHero, KindVillain, KindSidekick, KindMundane, KindRobot, KindAndroid, KindSummoned:
	case "":
		v.Fail("$.kind", "missing (hero, villain, sidekick, mundane, robot, android or summoned)")
	default:
		v.Fail("$.kind", "%q is not one of hero, villain, sidekick, mundane, robot, android, summoned", h.Kind)
	}
	if h.MassKg < 0 || h.MassKg > MaxMassKg {
		v.Fail("$.mass_kg", "%d kg is outside 0-%d (0 or absent: an average super hero)", h.MassKg, MaxMassKg)
	}
	v.abilities("$.abilities.base", h.Abilities.Base)
	v.abilities("$.abilities.final", h.Abilities.Final)
	for i, p := range h.Powers {
		path := elem{array: "$.powers", i: i}
		row, ok := rulebook.PowerBySlug(string(p.Slug))
		if !ok {
			v.Fail(path.at(".slug").String(), "%q is not a power on the Power Table (p. 7)", p.Slug)
			continue
		}
		if p.Rank < 1 {
			v.Fail(path.at(".rank").String(), "%d: a power has rank 1 or more", p.Rank)
		}
		if row.MaxRanks > 0 && p.Rank > row.MaxRanks && p.Source == "" {
			v.Fail(path.at(".rank").String(), "%d is above %s's maximum of %d (p. 7)", p.Rank, row.Name, row.MaxRanks)
		}
		if p.Slug == rulebook.PowerEnergyBlast {
			v.energyBlastOptions(path.String(), &p)
		}
		if p.Sidekick != nil {
			v.embedded(path.at(".sidekick").String(), p.Sidekick)
		}
	}
	c := h.Combat
	if c.ArmourClass != 0 && !c.ArmourClass.Valid() {
		v.Fail("$.combat.armour_class", "%q is not an armour class A-L", string(rune(c.ArmourClass)))
	}
	if c.ArmourClass == 0 {
		v.Fail("$.combat.armour_class", "missing (A-L)")
	}
	v.Range("$.combat.knockback_threshold", c.KnockbackThreshold, 0, 10000)
	v.Range("$.combat.panels_per_page", c.PanelsPerPage, 1, 12)
	v.Range("$.combat.movement", c.Movement, 0, 1000000)
	v.Range("$.combat.dividers.health", c.Dividers.Health, 0, 100)
	v.Range("$.combat.dividers.stamina", c.Dividers.Stamina, 0, 100)
	for i, a := range c.Attacks {
		path := elem{array: "$.combat.attacks", i: i}
		if a.Slug == "" {
			v.Fail(path.at(".slug").String(), "missing")
		}
		if !a.StrikeClass.Valid() {
			v.Fail(path.at(".strike_class").String(), "%d is outside 0-5", int(a.StrikeClass))
		}
		v.expr(path.at(".health"), a.Health, true)
		v.expr(path.at(".stamina"), a.Stamina, true)
		if a.Panels != 0 && a.Panels != 1 && a.Panels != 2 {
			v.Fail(path.at(".panels").String(), "%d: an attack takes 1 panel or a double-panel (2)", a.Panels)
		}
	}
	for i, p := range c.Parries {
		path := elem{array: "$.combat.parries", i: i}
		if _, err := rulebook.ParseParryType(p.ParryType); err != nil {
			v.Fail(path.at(".parry_type").String(), "%v", err)
		}
		v.expr(path.at(".health"), p.Health, true)
		v.expr(path.at(".stamina"), p.Stamina, true)
	}
	if !h.IsMundane() {
		if h.Health.Max < 0 {
			v.Fail("$.health.max", "%d is negative", h.Health.Max)
		}
		if h.Health.Current > h.Health.Max {
			v.Fail("$.health.current", "%d is above the maximum %d", h.Health.Current, h.Health.Max)
		}
		v.Range("$.health.battered", h.Health.Battered, 0, max(h.Health.Max, 0))
		if h.Stamina.Max < 0 {
			v.Fail("$.stamina.max", "%d is negative", h.Stamina.Max)
		}
		if h.Stamina.Current > h.Stamina.Max {
			v.Fail("$.stamina.current", "%d is above the maximum %d", h.Stamina.Current, h.Stamina.Max)
		}
		v.Range("$.stamina.dazed", h.Stamina.Dazed, 0, max(h.Stamina.Max, 0))
		v.Range("$.stamina.stunned", h.Stamina.Stunned, 0, max(h.Stamina.Max, 0))
	}
	for i, p := range h.Pools {
		path := fmt.Sprintf("$.pools[%d]", i)
		switch p.Name {
		case "energy", "magic", "psi", "fluid":
		default:
			v.Fail(path+".name", "%q is not one of energy, magic, psi, fluid", p.Name)
		}
		if p.Current < 0 || p.Current > p.Max {
			v.Fail(path+".current", "%d is outside 0-%d", p.Current, p.Max)
		}
	}
	if h.Kind != KindMundane && h.Kind != KindRobot && h.Kind != KindSummoned {
		v.profile(&h.Profile)
		v.Range("$.resources.material", h.Resources.Material, 1, 10)
		v.Range("$.resources.financial", h.Resources.Financial, 1, 10)
	}
	if h.HeroPoints.Current < 0 || h.HeroPoints.Current > h.HeroPoints.Max {
		v.Fail("$.hero_points.current", "%d is outside 0-%d", h.HeroPoints.Current, h.HeroPoints.Max)
	}
	if h.Downtime.Points < 0 {
		v.Fail("$.downtime.points", "%d is negative", h.Downtime.Points)
	}
	for goal, xp := range h.Downtime.Experience {
		if xp < 0 {
			v.Fail("$.downtime.experience."+goal, "%d is negative", xp)
		}
	}
	if len(h.Log) > MaxEvents {
		v.Fail("$.log", "%d events (at most %d)", len(h.Log), MaxEvents)
	}
	prev := 0
	for i, e := range h.Log {
		path := elem{array: "$.log", i: i}
		if e.Seq <= prev {
			v.Fail(path.at(".seq").String(), "%d does not follow %d (the log is append-only)", e.Seq, prev)
		}
		prev = e.Seq
		if e.Kind == "" {
			v.Fail(path.at(".kind").String(), "missing")
		}
	}
	if v.Err == nil {
		if err := CheckLog(h.Log); err != nil {
			v.Fail(err.Path(), "%s", err.Msg)
		}
	}
}

// embedded validates a hero inside this one (a Sidekick power's
// sidekick) as a whole file of its own, naming problems below path.
func (v *validator) embedded(path string, h *Hero) {
	if v.Err != nil {
		return
	}
	sub := &validator{known: v.known}
	sub.hero(h)
	if sub.Err != nil {
		v.Fail(path+strings.TrimPrefix(sub.Err.Path, "$"), "%s", sub.Err.Msg)
	}
}

func (v *validator) abilities(path string, a Abilities) {
	for _, s := range [...]struct {
		member string
		score  int
	}{{".strength", a.Strength}, {".agility", a.Agility}, {".will", a.Will}, {".endurance", a.Endurance}} {
		if s.score < 0 || s.score > MaxAbility {
			v.Range(path+s.member, s.score, 0, MaxAbility)
		}
	}
}

func (v *validator) profile(p *Profile) {
	const path = "$.profile."
	for _, m := range []struct {
		name    string
		val, hi int
	}{
		{"backing", p.Backing, 5}, {"heroism", p.Heroism, 5}, {"identification", p.Identification, 5},
		{"public_relations", p.PublicRelations, 5}, {"competence", p.Competence, 10},
		{"methods", p.Methods, 5}, {"approachability", p.Approachability, 5}, {"fame", p.Fame, 5},
		{"power_use", p.PowerUse, 5}, {"contacts", p.Contacts, 10},
		{"conscience", p.Conscience, 5}, {"social_circle", p.SocialCircle, 5},
		{"public_response", p.PublicResponse, 5}, {"security", p.Security, 10},
	} {
		v.Range(path+m.name, m.val, 1, m.hi)
	}
	v.Range(path+"success_rate", p.SuccessRate, 0, 5)
	check := func(name string, got int, parts ...int) {
		sum := 0
		for _, x := range parts {
			sum += x
		}
		if got != 3*sum {
			v.Fail(path+name, "%d but three times its measures is %d (p. 18)", got, 3*sum)
		}
	}
	check("popularity", p.Popularity, p.Backing, p.Heroism, p.Identification, p.PublicRelations, p.Competence)
	check("investigation", p.Investigation, p.Methods, p.Approachability, p.Fame, p.PowerUse, p.Contacts)
	check("confidence", p.Confidence, p.Conscience, p.SocialCircle, p.SuccessRate, p.PublicResponse, p.Security)
}

// StatePowers maps each lasting power state a hero file may hold to the
// power that switches it on (pkg/combat's States say what each does).
func StatePowers() map[string]rulebook.PowerID { return statePowers }

var statePowers = map[string]rulebook.PowerID{
	"grown": rulebook.PowerGrowth, "shrunk": rulebook.PowerShrinking, "denser": rulebook.PowerDensityControlSelf, "lighter": rulebook.PowerDensityControlSelf,
	"phased": rulebook.PowerPhasing, "invisible": rulebook.PowerInvisibility, "camouflaged": rulebook.PowerCamouflage, "shapechanged": rulebook.PowerShapechange,
}

// states checks $.states: known names, each once, the power held, and
// not two sizes or two densities at once.
func (v *validator) states(h *Hero) {
	seen := map[string]bool{}
	for i, s := range h.States {
		path := fmt.Sprintf("$.states[%d]", i)
		power, ok := StatePowers()[s]
		switch {
		case !ok:
			v.Fail(path, "%q is not a lasting state (grown, shrunk, denser, lighter, phased, invisible, camouflaged, shapechanged)", s)
		case seen[s]:
			v.Fail(path, "%q twice", s)
		case h.PowerRank(power) == 0:
			v.Fail(path, "%q needs the %s power", s, power)
		}
		seen[s] = true
	}
	seenImp := map[string]bool{}
	for i, s := range h.ImposedStates {
		path := fmt.Sprintf("$.imposed_states[%d]", i)
		switch s.Name {
		case ImposedMindControl, ImposedHypnotised, ImposedDrained, ImposedBound:
		default:
			v.Fail(path+".name", "%q is not a state another's power leaves (mind-control, hypnotised, drained, bound)", s.Name)
		}
		if seenImp[s.Name] {
			v.Fail(path+".name", "%q twice", s.Name)
		}
		seenImp[s.Name] = true
		if s.Strength < 0 {
			v.Fail(path+".strength", "%d is negative", s.Strength)
		}
		if s.Name != ImposedBound && (s.Strength != 0 || s.EscapeChance != 0) {
			v.Fail(path, "strength and escape_chance belong to a binding (bound)")
		}
	}
	if seen["grown"] && seen["shrunk"] {
		v.Fail("$.states", "grown and shrunk at once")
	}
	if seen["denser"] && seen["lighter"] {
		v.Fail("$.states", "denser and lighter at once")
	}
}

// ShapechangeSpecific reports whether h has Shapechange with specific
// forms (the Shapechange Table's "specific" type, p. 70).
func (h *Hero) ShapechangeSpecific() bool {
	p := h.FindPower(rulebook.PowerShapechange)
	return p != nil && p.HasFlavour("specific")
}

// forms checks $.forms and $.form (Shapechange, specific, p. 70): only
// with a specific Shapechange; named, each name once; each form's powers
// are powers the hero has (not Shapechange itself, which every form
// keeps), each once a form, at a rank of at least 1, and the ranks the
// forms give a power add up to no more than the hero's rank; at most one
// form without powers; $.form names a form when there are forms.
func (v *validator) forms(h *Hero) {
	if len(h.Forms) == 0 {
		if h.Form != "" {
			v.Fail("$.form", "%q names no form: the hero has no forms", h.Form)
		}
		return
	}
	if !h.ShapechangeSpecific() {
		v.Fail("$.forms", "forms belong to Shapechange with specific forms (p. 70)")
		return
	}
	names := map[string]bool{}
	given := map[string]int{}
	unpowered := -1
	for i, f := range h.Forms {
		path := fmt.Sprintf("$.forms[%d]", i)
		switch {
		case strings.TrimSpace(f.Name) == "":
			v.Fail(path+".name", "missing")
		case names[f.Name]:
			v.Fail(path+".name", "%q twice", f.Name)
		}
		names[f.Name] = true
		if len(f.Powers) == 0 {
			if unpowered >= 0 {
				v.Fail(path+".powers", "a second form without powers (%q has none): at most one non-powered form (p. 70)", h.Forms[unpowered].Name)
			}
			unpowered = i
		}
		seen := map[string]bool{}
		for j, fp := range f.Powers {
			pp := fmt.Sprintf("%s.powers[%d]", path, j)
			switch {
			case rulebook.PowerID(fp.Slug) == rulebook.PowerShapechange:
				v.Fail(pp+".slug", "Shapechange is not split: every form keeps it (p. 70)")
			case h.PowerRank(rulebook.PowerID(fp.Slug)) == 0:
				v.Fail(pp+".slug", "%q is not one of the hero's powers", fp.Slug)
			case seen[fp.Slug]:
				v.Fail(pp+".slug", "%q twice in one form", fp.Slug)
			case fp.Rank < 1:
				v.Fail(pp+".rank", "%d: a form has a power at rank 1 or more", fp.Rank)
			}
			seen[fp.Slug] = true
			given[fp.Slug] += fp.Rank
			if have := h.PowerRank(rulebook.PowerID(fp.Slug)); have > 0 && given[fp.Slug] > have {
				v.Fail(pp+".rank", "the forms give %s %d ranks between them, more than the %d the hero has (p. 70)", fp.Slug, given[fp.Slug], have)
			}
		}
	}
	if h.Form == "" {
		v.Fail("$.form", "missing: the form the hero is in (one of its forms)")
	} else if !names[h.Form] {
		v.Fail("$.form", "%q is not one of the hero's forms", h.Form)
	}
}

// vehicle checks $.vehicle (Vehicle, p. 77): only with the Vehicle
// power; named; health at least 1 and current within it; an Object
// Table example and a sturdy material when given (p. 39); how it travels
// for free; each built-in power one of the hero's others, once.
func (v *validator) vehicle(h *Hero) {
	ve := h.Vehicle
	if ve == nil {
		return
	}
	if h.PowerRank(rulebook.PowerVehicle) == 0 {
		v.Fail("$.vehicle", "a vehicle belongs to the Vehicle power (p. 77)")
		return
	}
	if strings.TrimSpace(ve.Name) == "" {
		v.Fail("$.vehicle.name", "missing")
	}
	if ve.Object != "" {
		if _, ok := rulebook.ObjectByName(ve.Object); !ok {
			v.Fail("$.vehicle.object", "%q is not an Object Table example (p. 39)", ve.Object)
		}
	}
	if ve.Health < 1 {
		v.Fail("$.vehicle.health", "%d: a vehicle has at least 1 health (the Object Table's, p. 39)", ve.Health)
	}
	if ve.Current < 0 || ve.Current > ve.Health {
		v.Fail("$.vehicle.current", "%d is outside 0-%d", ve.Current, ve.Health)
	}
	if ve.Material != "" && rulebook.SturdyDivider(ve.Material) == 0 {
		v.Fail("$.vehicle.material", "%q is not a sturdy material (brick, thin-metal, stone, concrete, armour-plating; p. 39)", ve.Material)
	}
	switch ve.Travel {
	case "flight", "water", "land":
	default:
		v.Fail("$.vehicle.travel", "%q is not flight, water or land (p. 77)", ve.Travel)
	}
	seen := map[string]bool{}
	for i, p := range ve.Powers {
		path := fmt.Sprintf("$.vehicle.powers[%d]", i)
		switch {
		case rulebook.PowerID(p) == rulebook.PowerVehicle:
			v.Fail(path, "the vehicle is not built into itself")
		case h.PowerRank(rulebook.PowerID(p)) == 0:
			v.Fail(path, "%q is not one of the hero's powers", p)
		case seen[p]:
			v.Fail(path, "%q twice", p)
		}
		seen[p] = true
	}
}

// EnergyBlastOptions are the choices Energy Blast offers at ranks 2 to 4
// (p. 55): 1d10 more dice of energy, Immunity or Energy Reflect for its
// energy type.
var EnergyBlastOptions = []string{"extra-dice", string(rulebook.PowerImmunity), string(rulebook.PowerEnergyReflect)}

// energyBlastOptions checks an Energy Blast's options: at rank 2 "you
// choose one of the following options", at rank 3 another (p. 55), so a
// rank-N blast has chosen N-1 of EnergyBlastOptions, each once. A file
// without its choices would give the rank nothing.
func (v *validator) energyBlastOptions(path string, p *Power) {
	seen := map[string]bool{}
	for j, o := range p.Options {
		if !slices.Contains(EnergyBlastOptions, o) {
			v.Fail(fmt.Sprintf("%s.options[%d]", path, j), "%q is not an Energy Blast option (%s; p. 55)", o, strings.Join(EnergyBlastOptions, ", "))
			return
		}
		if seen[o] {
			v.Fail(fmt.Sprintf("%s.options[%d]", path, j), "%q is chosen twice (p. 55)", o)
			return
		}
		seen[o] = true
	}
	if want := min(p.Rank, 4) - 1; len(p.Options) < want {
		v.Fail(path+".options", "Energy Blast rank %d needs %d option(s) chosen of %s, has %d (p. 55)", p.Rank, want, strings.Join(EnergyBlastOptions, ", "), len(p.Options))
	}
}
