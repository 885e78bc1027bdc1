// Package hero is spandex's model of a character: heroes, villains,
// sidekicks and mundane supporting characters, as stored in a hero file
// (schema version 3, documented in docs/hero-file.md and
// docs/hero.schema.json). It has no I/O; decoding and validation work on
// byte slices.
package hero

import (
	"encoding/json"
	"slices"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// SchemaVersion is the hero file schema this build writes. It reads
// older versions too (see migrations in decode.go). Version 2 records on
// each log event what the change did (Event.Revert), for `hero undo`;
// version 3 may give the character's mass (MassKg).
const SchemaVersion = 3

// MaxMassKg is the largest mass a hero file may give: the Object
// Table's heaviest row ends at 1,000 t (p. 39).
const MaxMassKg = 1_000_000

// Kind says what sort of character a hero file holds.
type Kind string

// The kinds of character.
const (
	KindHero     Kind = "hero"
	KindVillain  Kind = "villain"
	KindSidekick Kind = "sidekick"
	KindMundane  Kind = "mundane" // civilians, combatants, animals (p. 38, 49-50)
	KindRobot    Kind = "robot"
	KindAndroid  Kind = "android"
	KindSummoned Kind = "summoned"
)

// The lasting states another character's power leaves (ImposedState.Name).
const (
	ImposedMindControl = "mind-control" // Mind Control (p. 68)
	ImposedHypnotised  = "hypnotised"   // Hypnotism, the device (pp. 53, 63)
	ImposedDrained     = "drained"      // a pool drained to 0 (p. 69)
	ImposedBound       = "bound"        // Restraint, Snare's binding (pp. 64, 72)
)

// ImposedState is a lasting state another character's power left on a
// hero: Name (ImposedMindControl ...), the Power behind it and its Source
// (the other character's name); a binding's Strength (10 per point) and
// EscapeChance in percent (p. 64); the Pool a drained hero waits on
// (p. 69).
type ImposedState struct {
	Name         string `json:"name" jsonschema:"enum=mind-control,enum=hypnotised,enum=drained,enum=bound"`
	Power        string `json:"power"`
	Source       string `json:"source"`
	Strength     int    `json:"strength"`
	EscapeChance int    `json:"escape_chance"`
	Pool         string `json:"pool"`
}

// Hero is one character, as read from and written to a hero file.
type Hero struct {
	Schema int    `json:"schema" jsonschema:"required,enum=1,enum=2,enum=3"`
	Name   string `json:"name" jsonschema:"required,minLength=1"`
	Kind   Kind   `json:"kind" jsonschema:"required,enum=hero,enum=villain,enum=sidekick,enum=mundane,enum=robot,enum=android,enum=summoned"`
	// NPCType is the supporting-cast type for generated NPCs
	// (normal-adult, street-tough, combatant, ...).
	NPCType string `json:"npc_type,omitempty"`
	// Notes is free text: back-story, appearance.
	Notes string `json:"notes,omitempty"`
	// MassKg is the character's own mass in whole kg at its normal size and
	// density: what Teleport's "multiples of your own mass" (p. 76),
	// throwing a person (p. 43), Telekinesis (p. 69) and carrying (p. 41)
	// weigh. Absent (0): an average super hero, 120 kg, and half
	// as much again per rank of Larger (stockier) (p. 61); see
	// combat.OwnMassKg and combat.MassNow.
	MassKg int `json:"mass_kg,omitempty" jsonschema:"minimum=0,maximum=1000000"`

	Abilities AbilitySet `json:"abilities"`
	Powers    []Power    `json:"powers"`
	Perks     []Perk     `json:"perks"`
	Equipment []Item     `json:"equipment"`

	Combat   Combat   `json:"combat"`
	Health   Health   `json:"health"`
	Stamina  Stamina  `json:"stamina"`
	Recovery Recovery `json:"recovery"`
	Pools    []Pool   `json:"pools,omitempty"`

	Profile    Profile   `json:"profile"`
	Resources  Resources `json:"resources"`
	HeroPoints Points    `json:"hero_points"`
	Downtime   Downtime  `json:"downtime"`
	Condition  Condition `json:"condition"`
	// States are the lasting power states switched on outside a fight
	// (grown, shrunk, denser, lighter, phased, invisible, camouflaged,
	// shapechanged;
	// pp. 52, 54, 60-61, 66, 70): `spandex attack` applies them, and a
	// fight starts with them on the combatant. `hero state` switches them.
	States []string `json:"states,omitempty"`
	// ImposedStates are the lasting states another character's power left
	// on the hero outside a fight (`spandex contest`): mind-control,
	// hypnotised, drained, bound (pp. 53, 63-64, 68-69). A fight starts
	// with them on the combatant and `fight hero` writes them back.
	ImposedStates []ImposedState `json:"imposed_states,omitempty"`
	// Forms are the specific forms of a Shapechange with specific forms
	// (p. 70): named power sets the hero switches between, the other
	// powers and their ranks split between them, at most one without
	// powers. Form names the one the hero is in now; while it is set,
	// only that form's powers apply (InPlay). Absent for other heroes.
	Forms []Form `json:"forms,omitempty"`
	Form  string `json:"form,omitempty"`
	// Vehicle is the Vehicle power's custom vehicle (p. 77), with the
	// powers built into it (used only aboard). Absent for other heroes.
	Vehicle *Vehicle `json:"vehicle,omitempty"`
	Mundane *Mundane `json:"mundane,omitempty"`

	// Creation records how the character was generated, so it can be
	// audited and replayed.
	Creation *Creation `json:"creation,omitempty"`
	// Log is the append-only record of everything that changed this hero.
	Log []Event `json:"log"`
}

// Form is one specific form of Shapechange (p. 70): its Name, the
// Powers (with the ranks) assigned to it, and what `hero derive` worked
// out for it from them: the final ability scores and the combat figures
// (attacks, dividers, movement) the hero has in this form.
type Form struct {
	Name      string      `json:"name" jsonschema:"required,minLength=1"`
	Powers    []FormPower `json:"powers"`
	Abilities Abilities   `json:"abilities"`
	Combat    Combat      `json:"combat"`
}

// FormPower is one power (a slug of the hero's powers) assigned to a
// form, at Rank (some of the power's ranks when it is split, p. 70).
type FormPower struct {
	Slug string `json:"slug" jsonschema:"required,minLength=1"`
	Rank int    `json:"rank" jsonschema:"required,minimum=1"`
}

// Vehicle is the Vehicle power's custom vehicle (p. 77): its Name; the
// Object Table example it is sized as (Object) and that row's Health,
// the health damage that destroys it, with Current the health it has
// left (p. 39; an object has no stamina and no armour class); the
// sturdy Material giving its H divider (thin-metal /3, armour-plating
// /4, p. 39); how it Travels for free ("flight", "water" or "land":
// "may be aquatic or may be able to fly for free"); its three extra
// Gadgets; the Powers of the hero's built into it (slugs), which the
// hero uses only while Aboard.
type Vehicle struct {
	Name     string   `json:"name" jsonschema:"required,minLength=1"`
	Object   string   `json:"object"`
	Health   int      `json:"health" jsonschema:"minimum=1"`
	Current  int      `json:"current" jsonschema:"minimum=0"`
	Material string   `json:"material"`
	Travel   string   `json:"travel" jsonschema:"enum=flight,enum=water,enum=land"`
	Gadgets  []string `json:"gadgets"`
	Powers   []string `json:"powers"`
	Aboard   bool     `json:"aboard"`
}

// Builds reports whether the vehicle has the power slug built in.
func (v *Vehicle) Builds(slug string) bool {
	return v != nil && slices.Contains(v.Powers, slug)
}

// FindForm returns the form with the name, or nil.
func (h *Hero) FindForm(name string) *Form {
	for i := range h.Forms {
		if h.Forms[i].Name == name {
			return &h.Forms[i]
		}
	}
	return nil
}

// InPlay is the hero as it is in play: h itself when no specific form
// is on and no power is built into a vehicle it is off. In a specific
// form of Shapechange (p. 70) it is a shallow copy whose powers are only
// the form's (at the form's ranks; Shapechange itself stays, so the hero
// can switch back), and whose final abilities and combat figures are the
// form's derived ones. Off its vehicle (p. 77), the powers built into the
// vehicle and their attacks are left out. The copy shares everything
// else with h (health, stamina, states), so a caller reads it and writes
// changes to h.
func (h *Hero) InPlay() *Hero {
	if h == nil {
		return h
	}
	v := h
	if h.Form != "" {
		if f := h.FindForm(h.Form); f != nil {
			v = h.formView(f)
		}
	}
	if h.Vehicle != nil && !h.Vehicle.Aboard && len(h.Vehicle.Powers) > 0 {
		v = v.offVehicle()
	}
	return v
}

// offVehicle is h without the powers built into its vehicle, nor their
// attacks (a copy; h is unchanged).
func (h *Hero) offVehicle() *Hero {
	v := *h
	v.Powers = make([]Power, 0, len(h.Powers))
	for _, p := range h.Powers {
		if !h.Vehicle.Builds(string(p.Slug)) {
			v.Powers = append(v.Powers, p)
		}
	}
	v.Combat.Attacks = make([]Attack, 0, len(h.Combat.Attacks))
	for _, a := range h.Combat.Attacks {
		if a.Power == "" || !h.Vehicle.Builds(a.Power) {
			v.Combat.Attacks = append(v.Combat.Attacks, a)
		}
	}
	return &v
}

// FormView is the hero in play in the named form (see InPlay), or nil
// when it has no such form.
func (h *Hero) FormView(name string) *Hero {
	f := h.FindForm(name)
	if f == nil {
		return nil
	}
	return h.formView(f)
}

func (h *Hero) formView(f *Form) *Hero {
	v := *h
	v.Powers = make([]Power, 0, len(f.Powers)+1)
	for _, p := range h.Powers {
		if p.ID() == rulebook.PowerShapechange {
			v.Powers = append(v.Powers, p)
			continue
		}
		for _, fp := range f.Powers {
			if rulebook.PowerID(fp.Slug) == p.Slug {
				p.Rank = min(fp.Rank, p.Rank)
				v.Powers = append(v.Powers, p)
				break
			}
		}
	}
	v.Abilities.Final = f.Abilities
	v.Combat = f.Combat
	return &v
}

// Abilities are the four ability scores (p. 8).
type Abilities struct {
	Strength  int `json:"strength"`
	Agility   int `json:"agility"`
	Will      int `json:"will"`
	Endurance int `json:"endurance"`
}

// Get returns an ability by name (strength, agility, will, endurance).
func (a Abilities) Get(name string) (int, bool) {
	switch name {
	case "strength", "str":
		return a.Strength, true
	case "agility", "agi":
		return a.Agility, true
	case "will", "wil":
		return a.Will, true
	case "endurance", "end":
		return a.Endurance, true
	}
	return 0, false
}

// Ptr returns a pointer to an ability by name, or nil.
func (a *Abilities) Ptr(name string) *int {
	switch name {
	case "strength", "str":
		return &a.Strength
	case "agility", "agi":
		return &a.Agility
	case "will", "wil":
		return &a.Will
	case "endurance", "end":
		return &a.Endurance
	}
	return nil
}

// AbilitySet holds the rolled (base) scores and the final scores after
// powers, perks and training.
type AbilitySet struct {
	// Base are the scores read off the grid; movement uses these (p. 14).
	Base Abilities `json:"base"`
	// Final are the scores in play.
	Final Abilities `json:"final"`
	// Modifiers explains every difference between base and final.
	Modifiers []AbilityModifier `json:"modifiers,omitempty"`
}

// AbilityModifier is one change from base to final ability.
type AbilityModifier struct {
	Ability string `json:"ability"`
	Amount  int    `json:"amount"`
	Source  string `json:"source"`
	// Dice, when the amount was rolled, is the expression (e.g. "1d10+10").
	Dice string `json:"dice,omitempty"`
}

// Power is one super power at a rank (pp. 51-78).
type Power struct {
	// Slug is the Power Table's identifier, e.g. "super-strength".
	Slug rulebook.PowerID `json:"slug"`
	Name string           `json:"name"`
	Rank int              `json:"rank"`
	// MaxRank is the Power Table maximum; rulebook.Unlimited (-1) for powers
	// without a rank limit.
	MaxRank int `json:"max_rank"`
	// Rolled counts how many slots gained this power by a roll (rank 4+
	// needs two, p. 7); Improved counts improvements bought with slots.
	Rolled   int `json:"rolled,omitempty"`
	Improved int `json:"improved"`
	// Flavours are sub-powers and types: energy type, martial-arts style,
	// spells, implants, senses, ...
	Flavours []Flavour `json:"flavours,omitempty"`
	// Options are choices made at later ranks (e.g. "immunity",
	// "judo-throw", "sc4-all-modes").
	Options []string `json:"options,omitempty"`
	// Values are numbers fixed when the power was gained (forcefield
	// health, luck chance, pool bonus dice, ...), by name.
	Values map[string]int `json:"values,omitempty"`
	// Dice are the dice rolled for this power, with their purpose.
	Dice []dice.Rolled `json:"dice,omitempty"`
	// Source says where a power came from when it is not a slot: "perk",
	// "implant", "gift".
	Source string `json:"source,omitempty"`
	Notes  string `json:"notes,omitempty"`
	// Sidekick is the sidekick generated for the Sidekick power (p. 71):
	// a full character file of kind "sidekick".
	Sidekick *Hero `json:"sidekick,omitempty"`
}

// Flavour is a power's sub-power or type, rolled on its sub-table (pp. 52-75).
type Flavour struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	// Table is the sub-table's slug (e.g. "energy-type"); Roll the die read.
	Table string `json:"table,omitempty"`
	Roll  int    `json:"roll,omitempty"`
	Rank  int    `json:"rank,omitempty"`
	// Speciality marks the speciality spell or psychic power (half cost).
	Speciality bool `json:"speciality"`
	// Weapon and Mode for weapon mastery; Sense for super senses.
	Detail string `json:"detail,omitempty"`
	// Options are choices made for this flavour at later ranks (weapon
	// mastery's "all-modes" or "damage", p. 77).
	Options []string `json:"options,omitempty"`
}

// Perk is a back-story perk (pp. 9-12).
type Perk struct {
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Option string `json:"option,omitempty"`
	// Bought records the power rank dropped to buy it.
	Bought string `json:"bought,omitempty"`
}

// Item is a piece of equipment (p. 13).
type Item struct {
	// Slug identifies items from the book's starting list
	// (padded-costume, grappling-gun, ...) and power equipment.
	Slug string `json:"slug,omitempty"`
	Name string `json:"name"`
	// For names the power that relies on it, if any.
	For   string `json:"for,omitempty"`
	Notes string `json:"notes,omitempty"`
}

// Combat holds the secondary characteristics used in a fight (pp. 13-15).
type Combat struct {
	ArmourClass        rulebook.ArmourClass `json:"armour_class"`
	StrikeBonus        int                  `json:"strike_bonus"`
	DodgeBonus         int                  `json:"dodge_bonus"`
	CanDodge           bool                 `json:"can_dodge"`
	DamageBonus        int                  `json:"damage_bonus"`
	KnockbackThreshold int                  `json:"knockback_threshold"`
	PanelsPerPage      int                  `json:"panels_per_page"`
	// Movement is metres per panel.
	Movement int      `json:"movement"`
	Dividers Dividers `json:"dividers"`
	Attacks  []Attack `json:"attacks"`
	// Parries lists the parry types this character can use, as Parrying
	// Table column slugs, with the object used.
	Parries []Parry `json:"parries,omitempty"`
	// Immunities are energy types (or "sc01", "mundane-bullets-blades")
	// this character ignores.
	Immunities []string `json:"immunities,omitempty"`
	// BraceBonus is the knockback threshold bonus of the brace reaction:
	// +5 per Super Strength rank (pp. 35, 76); 0 means cannot brace.
	BraceBonus int `json:"brace_bonus"`
	// ParryBonus is added to parry rolls (Animal Senses +1, p. 74).
	ParryBonus int `json:"parry_bonus"`
	// NeverSurprised: Danger Sense or Animal Senses (pp. 54, 74).
	NeverSurprised bool `json:"never_surprised"`
	// Moves are the other ways of moving (flight, leap, glide, swing...),
	// in metres per panel or per action as noted.
	Moves []Move `json:"moves,omitempty"`
	// Explain lists how each figure was derived.
	Explain []string `json:"explain,omitempty"`
}

// Move is a way of moving other than walking (flight, leap, glide...).
type Move struct {
	// Mode is flight, glide, leap, swing, tumble, run (Super Speed on a
	// long straight path), stretch, teleport or levitate.
	Mode string `json:"mode"`
	// Metres per panel (or per leap/action; see Notes).
	Metres int `json:"metres"`
	// Max is the top speed on a long straight path, if any.
	Max   int    `json:"max,omitempty"`
	Power string `json:"power,omitempty"`
	Notes string `json:"notes,omitempty"`
}

// Dividers are the health and stamina damage dividers; 0 means none.
type Dividers struct {
	Health  int `json:"health"`
	Stamina int `json:"stamina"`
}

// Attack is one way to attack, with its strike class and damage (p. 31, 36).
type Attack struct {
	// Slug is the name used on the command line, e.g. "fist", "staff",
	// "energy-blast".
	Slug        string               `json:"slug"`
	Name        string               `json:"name"`
	StrikeClass rulebook.StrikeClass `json:"strike_class"`
	// DamageType is the Physical Damage Table row (unarmed, blunt-two-handed, ...)
	// or a power attack (energy-blast, eldritch-bolt, stunning-attack, ...).
	DamageType string `json:"damage_type"`
	// Health and Stamina are dice expressions, e.g. "1d6-6" and "2d6".
	Health  string `json:"health"`
	Stamina string `json:"stamina"`
	// AddsDamageBonus says whether the damage bonus applies (unarmed, melee, thrown).
	AddsDamageBonus bool `json:"adds_damage_bonus"`
	// ExtraDamage is a flat bonus from powers (weapon mastery, cyber weapon).
	ExtraDamage int `json:"extra_damage"`
	// ParryAs is the Parrying Table row this attack counts as.
	ParryAs string `json:"parry_as,omitempty"`
	// Ranged attacks have a range in metres.
	Ranged bool `json:"ranged"`
	Range  int  `json:"range"`
	// Panels is 1 or 2 (double-panel).
	Panels int `json:"panels"`
	// RecoveryPanels are panels spent in advance after the attack (the
	// flying kick, slam and charge take 1, pp. 51-76).
	RecoveryPanels int `json:"recovery_panels"`
	// ToHitBonus is added to the to-hit roll (the haymaker's +2, p. 66).
	ToHitBonus int `json:"to_hit_bonus"`
	// LowersDividers: the target's H and S dividers count as this much
	// lower (Energy Blast 2, p. 55); LowersStaminaDivider lowers only the
	// S divider (Stunning Attack 2, p. 76).
	LowersDividers       int `json:"lowers_dividers"`
	LowersStaminaDivider int `json:"lowers_stamina_divider"`
	// IgnoresDividers: Eldritch Bolt and Psionic Blast (pp. 63, 68).
	IgnoresDividers bool `json:"ignores_dividers"`
	// NoToHit: the attack needs no to-hit roll (electrical arc, p. 57).
	NoToHit bool `json:"no_to_hit"`
	// Mental: resolved with a mental (psychic or magic) attack roll
	// instead of a to-hit roll (p. 42).
	Mental bool `json:"mental"`
	// Power names the power behind the attack, if any.
	Power string `json:"power,omitempty"`
	Notes string `json:"notes,omitempty"`
}

// Parry is a way to parry: a Parrying Table column and what is used.
type Parry struct {
	Slug      string `json:"slug"`
	ParryType string `json:"parry_type"`
	// Damage is the virtual damage the parry rolls: health and stamina
	// expressions added together (p. 34).
	Health  string `json:"health"`
	Stamina string `json:"stamina"`
	// AddsDamageBonus says whether the damage bonus adds to the virtual damage.
	AddsDamageBonus bool `json:"adds_damage_bonus"`
	// Ranged parries reduce damage before knockback (p. 36).
	Ranged bool `json:"ranged"`
	// Automatic: the parry always succeeds (Energy Reflect against its
	// own energy type, p. 56).
	Automatic bool   `json:"automatic"`
	Notes     string `json:"notes,omitempty"`
}

// Health is the health track (pp. 14, 37).
type Health struct {
	Max     int `json:"max"`
	Current int `json:"current"`
	// Battered is the value at or below which the character is battered.
	Battered int `json:"battered"`
	// Dice are the d6s rolled for maximum health.
	Dice []int `json:"dice,omitempty"`
}

// Stamina is the stamina track (pp. 14, 37-38).
type Stamina struct {
	Max     int   `json:"max"`
	Current int   `json:"current"`
	Dazed   int   `json:"dazed"`
	Stunned int   `json:"stunned"`
	Dice    []int `json:"dice,omitempty"`
}

// Recovery holds recovery rates (pp. 14, 38-39).
type Recovery struct {
	// Bonus is the Endurance Table bonus added to every recovery roll.
	Bonus int `json:"bonus"`
	// Health is per hour, Stamina per page, as dice expressions.
	Health  string `json:"health"`
	Stamina string `json:"stamina"`
	// Times is 2 with fast recovery.
	Times int `json:"times"`
}

// Pool is a point pool: energy blast dice, magic, psi or snare fluid (p. 55-72).
type Pool struct {
	// Name is energy, magic, psi or fluid.
	Name    string `json:"name"`
	Max     int    `json:"max"`
	Current int    `json:"current"`
	// CapPerAction is the most spent in one action.
	CapPerAction int `json:"cap_per_action"`
	// RefillPages is how often the pool refills (5).
	RefillPages int    `json:"refill_pages"`
	Power       string `json:"power"`
}

// Profile is the personal profile (pp. 18-28): fifteen measures and three
// categories. Categories are always derived, never set.
type Profile struct {
	// Popularity measures.
	Backing         int `json:"backing"`
	Heroism         int `json:"heroism"`
	Identification  int `json:"identification"`
	PublicRelations int `json:"public_relations"`
	Competence      int `json:"competence"`
	// Investigation measures.
	Methods         int `json:"methods"`
	Approachability int `json:"approachability"`
	Fame            int `json:"fame"`
	PowerUse        int `json:"power_use"`
	Contacts        int `json:"contacts"`
	// ContactsField is the Contacts perk's field, if any.
	ContactsField string `json:"contacts_field,omitempty"`
	// Confidence measures.
	Conscience     int `json:"conscience"`
	SocialCircle   int `json:"social_circle"`
	SuccessRate    int `json:"success_rate"`
	PublicResponse int `json:"public_response"`
	Security       int `json:"security"`
	// Categories (three times the sum of their five measures).
	Popularity    int `json:"popularity"`
	Investigation int `json:"investigation"`
	Confidence    int `json:"confidence"`
	// IdentityPublic: the hero's identity is publicly known (security -2).
	IdentityPublic bool `json:"identity_public"`
	// NonHuman: not human and without basic human needs (security +2).
	NonHuman bool `json:"non_human"`
	// WillBonus is the Confidence Table's Will bonus when defending
	// against mental attacks (p. 24); derived from confidence.
	WillBonus int `json:"will_bonus"`
	// Scenarios is the history of scenario outcomes, newest last; success
	// rate counts successes in the last five.
	Scenarios []Scenario `json:"scenarios,omitempty"`
}

// Scenario is one adventure outcome (pp. 20-21, 25).
type Scenario struct {
	Competence int  `json:"competence"`
	Success    bool `json:"success"`
	// Name is the GM's label for the scenario, if any.
	Name string `json:"name,omitempty"`
}

// Resources are material and financial resources, 1-10 (p. 28).
type Resources struct {
	Material  int `json:"material"`
	Financial int `json:"financial"`
}

// Points is a refilling count such as hero points.
type Points struct {
	Max     int `json:"max"`
	Current int `json:"current"`
}

// Downtime is the hero's advancement state (pp. 44-48).
type Downtime struct {
	// PointsPerWeek is the weekly allowance (7, -2 low confidence, +1 idle rich).
	PointsPerWeek int `json:"points_per_week"`
	// Points is what is left to spend this week.
	Points int `json:"points"`
	// Week counts weeks since the file was created.
	Week int `json:"week"`
	// Experience accrued per goal (e.g. "public_relations", "strength",
	// "power:flight", "new_power", "device:tracer").
	Experience map[string]int `json:"experience,omitempty"`
	// Upkeep lists increases still being kept (p. 46).
	Upkeep []Upkeep `json:"upkeep,omitempty"`
	// Devices under construction or finished (p. 47).
	Devices []Device `json:"devices,omitempty"`
}

// Upkeep is an increase being kept: five experience per week for as many
// weeks as the new score (p. 46).
type Upkeep struct {
	Goal        string `json:"goal"`
	From        int    `json:"from"`
	To          int    `json:"to"`
	WeeksDone   int    `json:"weeks_done"`
	WeeksNeeded int    `json:"weeks_needed"`
	// PaidThisWeek is upkeep experience credited this week (needs 5).
	PaidThisWeek int `json:"paid_this_week"`
	// Missed counts consecutive weeks without upkeep; more than two reverts.
	Missed int `json:"missed"`
	// StartedWeek is the downtime week the increase was bought in; upkeep
	// is owed from the following week.
	StartedWeek int `json:"started_week,omitempty"`
}

// Device is an invention under way (p. 47).
type Device struct {
	Name string `json:"name"`
	// Complexity and Components name rows of the Device Complexity and
	// Device Components Tables (p. 47) by the material and financial
	// resources they need, 3-7.
	Complexity int `json:"complexity"`
	Components int `json:"components"`
	// Stage is research, design, production, testing or done.
	Stage       string `json:"stage"`
	Experience  int    `json:"experience"`
	PerStage    int    `json:"per_stage"`
	KnownDesign bool   `json:"known_design"`
	Functions   int    `json:"functions"`
	// Robot marks a robot built as a device (pp. 49-50).
	Robot bool `json:"robot"`
}

// Condition is the character's current state (pp. 37-38).
type Condition struct {
	Battered    bool `json:"battered"`
	Dazed       bool `json:"dazed"`
	Stunned     bool `json:"stunned"`
	Unconscious bool `json:"unconscious"`
	DeathsDoor  bool `json:"deaths_door"`
	Dead        bool `json:"dead"`
	Prone       bool `json:"prone"`
	// KnockedOut is set by a finishing move: no stamina recovery for
	// KnockedOutHours.
	KnockedOut      bool `json:"knocked_out"`
	KnockedOutHours int  `json:"knocked_out_hours"`
	// DeathsDoorPages counts the pages spent at death's door (health
	// exactly 0): at rulebook.DeathsDoorPages (five minutes) the
	// character dies unless Stabilised by CPR or similar emergency aid
	// (p. 38). Both are cleared once health is above 0.
	DeathsDoorPages int  `json:"deaths_door_pages"`
	Stabilised      bool `json:"stabilised"`
	// Grabbed/Grappled by whom.
	GrabbedBy string `json:"grabbed_by,omitempty"`
	Grappled  bool   `json:"grappled"`
	// TakenOut is for mundane characters (p. 38).
	TakenOut bool `json:"taken_out"`
}

// State names the worst current condition: dead, deaths_door,
// unconscious, stunned, dazed, battered, taken_out or ok.
func (c Condition) State() string {
	switch {
	case c.Dead:
		return "dead"
	case c.DeathsDoor:
		return "deaths_door"
	case c.TakenOut:
		return "taken_out"
	case c.Unconscious:
		return "unconscious"
	case c.Battered:
		return "battered"
	case c.Stunned:
		return "stunned"
	case c.Dazed:
		return "dazed"
	}
	return "ok"
}

// Mundane holds the simplified rules for civilians, combatants and
// animals (pp. 38, 49-50): they do not track health and stamina.
type Mundane struct {
	// Hits counts strikes taken without a super power; two take them out.
	Hits int `json:"hits"`
	// Weapon is the combatant's weapon, if any.
	Weapon string `json:"weapon,omitempty"`
	// ProwessRoll is the combatant table roll with its bonus.
	ProwessRoll int  `json:"prowess_roll"`
	Trained     bool `json:"trained"`
	Elite       bool `json:"elite"`
	// SuperStrikes and NormalStrikes are how many strikes take the
	// character out: one using a super power, or two without (pp. 49-50).
	SuperStrikes  int `json:"super_strikes"`
	NormalStrikes int `json:"normal_strikes"`
}

// Creation is the record of character generation.
type Creation struct {
	Seed   *uint64      `json:"seed,omitempty"`
	Method string       `json:"method,omitempty"`
	Slots  []SlotRecord `json:"slots,omitempty"`
	Grid   [][]int      `json:"grid,omitempty"`
	Line   string       `json:"line,omitempty"`
	Drops  []string     `json:"drops,omitempty"`
	// Rolls are all other dice (sub-tables, derived values) with purpose.
	Rolls []dice.Rolled `json:"rolls,omitempty"`
	Notes []string      `json:"notes,omitempty"`
}

// SlotRecord is what one of the eight power slots did (pp. 6-7).
type SlotRecord struct {
	Slot int `json:"slot"`
	// Roll is the d100 value (0 when the slot improved a power).
	Roll  int    `json:"roll,omitempty"`
	Power string `json:"power"`
	// Action is new, rank-up, re-roll, improvement, choice.
	Action string `json:"action"`
	Rank   int    `json:"rank"`
	Detail string `json:"detail,omitempty"`
}

// Event is one entry in a hero's append-only log.
type Event struct {
	// Seq numbers events from 1 within the file.
	Seq int `json:"seq"`
	// Kind is the verb that made it: attack, damage, profile, downtime,
	// adjust (a GM's override, `hero adjust`), ...
	Kind    string `json:"kind"`
	Summary string `json:"summary"`
	// Seed is the seed of the roller that made it, if seeded.
	Seed *uint64 `json:"seed,omitempty"`
	// Details is the verb's full, typed record.
	Details json.RawMessage `json:"details,omitempty"`
	// Revert is what the change did: the patch that takes the file back
	// to before it (`hero undo`, package undo). Absent on a file's first
	// event, on events written before schema 2, and where the hero was not
	// read from a file (gen, derive).
	Revert *undo.Revert `json:"revert,omitempty"`
	// UndoneBy is the seq of the undo event that took this event back
	// (`hero undo`); absent while it stands. An undone event is history
	// only: reports and totals skip it. Files written before the mark get
	// it from their undo events when read.
	UndoneBy int `json:"undone_by,omitempty"`
}

// AppendEvent adds an event to the log with the next sequence number.
func (h *Hero) AppendEvent(kind, summary string, seed *uint64, details any) error {
	ev := Event{Seq: len(h.Log) + 1, Kind: kind, Summary: summary, Seed: seed}
	if len(h.Log) > 0 && h.Log[len(h.Log)-1].Seq >= ev.Seq {
		ev.Seq = h.Log[len(h.Log)-1].Seq + 1
	}
	if ev.Seq > jsonfile.IntMax {
		return refusal.Errorf("$.log: the log is full (seq %d reached the limit %d); start a new file", ev.Seq-1, jsonfile.IntMax)
	}
	if len(h.Log) >= MaxEvents {
		return refusal.Errorf("$.log: the log is full (%d events, the most a hero file holds); start a new file", len(h.Log))
	}
	if details != nil {
		b, err := json.Marshal(details)
		if err != nil {
			return err
		}
		ev.Details = b
	}
	h.Log = append(h.Log, ev)
	return nil
}

// PowerRank returns the rank of a power by slug (0 when absent).
func (h *Hero) PowerRank(id rulebook.PowerID) int {
	for i := range h.Powers {
		if h.Powers[i].ID() == id {
			return h.Powers[i].Rank
		}
	}
	return 0
}

// FindPower returns the power with the slug, or nil.
func (h *Hero) FindPower(id rulebook.PowerID) *Power {
	for i := range h.Powers {
		if h.Powers[i].ID() == id {
			return &h.Powers[i]
		}
	}
	return nil
}

// PowerID is the slug of the power the attack uses ("" for none).
func (a *Attack) PowerID() rulebook.PowerID { return rulebook.PowerID(a.Power) }

// ID is the power's slug as a typed identifier.
func (p *Power) ID() rulebook.PowerID { return p.Slug }

// HasFlavour reports whether a power has a flavour with the slug.
func (p *Power) HasFlavour(slug string) bool {
	for _, f := range p.Flavours {
		if f.Slug == slug {
			return true
		}
	}
	return false
}

// HasOption reports whether a power has an option.
func (p *Power) HasOption(opt string) bool {
	for _, o := range p.Options {
		if o == opt {
			return true
		}
	}
	return false
}

// FindAttack returns the attack with the slug (case-insensitive), or nil.
func (h *Hero) FindAttack(slug string) *Attack {
	for i := range h.Combat.Attacks {
		if equalFold(h.Combat.Attacks[i].Slug, slug) || equalFold(h.Combat.Attacks[i].Name, slug) {
			return &h.Combat.Attacks[i]
		}
	}
	return nil
}

// FindPool returns the named pool, or nil.
func (h *Hero) FindPool(name string) *Pool {
	for i := range h.Pools {
		if h.Pools[i].Name == name {
			return &h.Pools[i]
		}
	}
	return nil
}

// HasPerk reports whether the hero has the perk.
func (h *Hero) HasPerk(slug string) bool {
	for _, p := range h.Perks {
		if p.Slug == slug {
			return true
		}
	}
	return false
}

// IsMundane reports whether the simplified mundane damage rule applies.
func (h *Hero) IsMundane() bool { return h.Kind == KindMundane }

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
