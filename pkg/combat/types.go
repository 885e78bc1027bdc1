package combat

import (
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// Options are the documented rule options where GMs may read the book
// differently (docs/rules-notes.md). The zero value is the default
// reading of each.
type Options struct {
	// DodgeStacking is "add" (every dodge bonus adds up; default) or
	// "best" (the best single bonus plus Martial Arts' +1).
	// Resolve uses the defender's stored combat.dodge_bonus; DodgeBonus
	// uses this option to derive one from its sources.
	DodgeStacking string
	// WallReduction is "table" (the Wall Strength Table: 1 m per 4
	// damage; default) or "prose" (2 m per 4 damage, p. 37).
	WallReduction string
	// JudoColumn is "rank" (the defender's Martial Arts rank; default) or
	// "strike-class" (the incoming attack's strike class).
	JudoColumn string
}

// Rule option values.
const (
	DodgeStackAdd       = "add"
	DodgeStackBest      = "best"
	WallTable           = "table"
	WallProse           = "prose"
	JudoByRank          = "rank"
	JudoByStrikeClass   = "strike-class"
	MaxObstructions     = 100 // obstructions one knockback may meet
	MaxCover            = 10  // the largest cover penalty (p. 33)
	MaxFreeReactions    = rulebook.FreeReactionsPerPage
	DefaultPersonMassKg = 120 // an average super hero: the 81-195 kg row, Throw 16 (p. 43)
)

// Limits of the aiming and analysing powers.
const (
	// AimBonus is Accuracy rank 2's damage bonus with its attack form,
	// and again for each extra panel spent aiming (p. 51).
	AimBonus = 5
	// MaxAimBonus caps the aiming damage bonus: "up to a maximum of +25"
	// (Accuracy rank 2, p. 51).
	MaxAimBonus = 25
	// MaxAimPanels is the most extra panels aiming that still add damage:
	// +5, then +5 a panel, reaches +25 after 4 (p. 51).
	MaxAimPanels = (MaxAimBonus - AimBonus) / AimBonus
	// MaxAnalyseBonus caps the Brain Implant's to-hit bonus for panels
	// spent analysing, at any implant rank: "the maximum bonus remains at
	// +5" (p. 53).
	MaxAnalyseBonus = 5
	// MaxAnalysePanels only guards against typos: p. 53 caps the bonus,
	// not the panels spent, so 7 panels analysing are allowed and give +5.
	// In a fight the panels must also be there to spend.
	MaxAnalysePanels = 100
)

// Mode is what the attacker is trying to do.
type Mode string

// Attack modes.
const (
	// ModeStrike is an ordinary physical attack (pp. 31-38).
	ModeStrike Mode = ""
	// ModeGrab grabs the defender; a second grab on a grabbed defender
	// grapples them (pp. 41-42).
	ModeGrab Mode = "grab"
	// ModeCrush hurts a grappled defender: no to-hit roll, up to 1d6
	// stamina and 1d6-6 health plus the damage bonus (p. 42-43).
	ModeCrush Mode = "crush"
	// ModeFinishing is a finishing move on an unconscious or stunned
	// defender: knocked out for 1d6 hours (p. 43).
	ModeFinishing Mode = "finishing-move"
	// ModeEscape is the grabbed or grappled defender (here: the "attacker")
	// trying to wriggle free (a retroactive dodge of the grab) or force
	// free (a retroactive parry against 1d6 + damage bonus) (p. 42); the
	// reaction says which.
	ModeEscape Mode = "escape"
	// ModeThrow throws a defender the attacker has grabbed: no to-hit
	// roll; the attacker needs the Throw strength for the defender's mass
	// and the throw is resolved as knockback of 1 m per point of strength
	// over it (p. 43).
	ModeThrow Mode = "throw"
)

// ReactionKind is one of the defender's reactions (pp. 33-36, 43).
type ReactionKind string

// The reactions.
const (
	ReactionNone   ReactionKind = ""
	ReactionParry  ReactionKind = "parry"
	ReactionBlock  ReactionKind = "block"
	ReactionDodge  ReactionKind = "dodge"
	ReactionBrace  ReactionKind = "brace"
	ReactionJudo   ReactionKind = "judo-throw"
	ReactionResist ReactionKind = "resist"
	// ReactionGrab is a thrown defender grabbing the thrower to stop the
	// throw (p. 43).
	ReactionGrab ReactionKind = "grab"
)

// Reaction is the defender's chosen reaction to an attack that hits.
//
// JSON: the options of each reaction kind (take_extra_panel for a dodge,
// catch for a parry, no_judo_bonus for a judo throw) are always present,
// false when not taken; parry and object are omitted when the reaction
// named none (the first allowed parry, no block).
type Reaction struct {
	Kind ReactionKind `json:"kind"`
	// Parry names the defender's parry (combat.parries[].slug); empty
	// picks the first parry the Parrying Table allows.
	Parry string `json:"parry,omitempty"`
	// Object is the blocking object.
	Object BlockObject `json:"object,omitzero"`
	// TakeExtraPanel spends one extra panel, never free, on a "+P" dodge
	// result to avoid the attack entirely (p. 35).
	TakeExtraPanel bool `json:"take_extra_panel"`
	// Catch tries to catch a thrown object parried bare-handed (p. 34).
	Catch bool `json:"catch"`
	// NoJudoBonus declines to add the defender's damage bonus to a judo
	// throw's damage (it is added by default, p. 36).
	NoJudoBonus bool `json:"no_judo_bonus"`
}

// BlockObject is what the defender blocks with (p. 34; Object Table p. 39).
type BlockObject struct {
	// Name is an Object Table example ("desk") or any name.
	Name string `json:"name,omitempty"`
	// Health is the object's remaining health; 0 looks it up on the
	// Object Table by Name, else by MassKg.
	Health int     `json:"health,omitempty"`
	MassKg float64 `json:"mass_kg,omitempty"`
	// Divider is a sturdy object's H divider (p. 39): it takes Health ×
	// Divider damage to destroy.
	Divider int `json:"divider,omitempty"`
	// PickUp: the object is not in hand and is picked up as part of the
	// reaction (one more panel, never free, p. 34).
	PickUp bool `json:"pick_up,omitempty"`
}

// Split is how the attacker shares the damage bonus between health and
// stamina (p. 36): Health points on health, the rest on stamina. The zero
// value puts it all on stamina.
type Split struct {
	Health int `json:"health"`
}

// PowerDice sets how many dice a split-dice power attack puts on health and
// on stamina: energy blast d6s (p. 55), eldritch bolt 1d6 per 2 MP
// (p. 63), psionic blast 2d6 per 2 psi (p. 68), snare ball 1d6 per 2
// fluid points (p. 72), phasing strike 1-3d6 (p. 66). Zero values use the
// attack's own expressions.
type PowerDice struct {
	Health  int `json:"health"`
	Stamina int `json:"stamina"`
}

// Set reports whether any dice were given.
func (p PowerDice) Set() bool { return p.Health != 0 || p.Stamina != 0 }

// Obstruction is something in the path of a knockback (p. 37).
type Obstruction struct {
	// Material is a Wall Strength Table row ("wood", "brick", ...).
	Material string `json:"material,omitempty"`
	// At is the distance in metres from where the defender stood.
	At int `json:"at"`
	// DamageNeeded overrides the table: health damage for a hero-sized
	// hole, after the material's H divider (e.g. 16 for brick).
	DamageNeeded int `json:"damage_needed,omitempty"`
}

// Movement is an attack made straight after moving at least 4 m with a
// movement power (acrobatics, flight, super speed, super leap, growth,
// shrinking, gymnastics, retractable glider, magnetism).
type Movement struct {
	// Power is the movement power's slug.
	Power rulebook.PowerID `json:"power"`
	// Special makes the flying kick, charge or slam (1d6 H / 2d6+6 S,
	// one recovery panel) instead of the +N damage bonus.
	Special bool `json:"special,omitempty"`
}

// Situation holds the circumstances of an attack: to-hit modifiers and
// states the hero files cannot know (p. 33 and the power texts).
//
// JSON (an attack's input echo): the To-Hit Modifiers Table's own
// circumstances (behind, above, unaware, grappled, cover, fog,
// range_fifths) and surprise are always present, false or 0 when they did
// not apply. The power-specific states below them (invisible, phased,
// force_barrier, attacker_denser, ...) are omitted when false or 0: they
// are not applicable unless that power is in play, and there are many.
// range_metres and range_max are omitted when the distance was given in
// fifths (or not at all).
type Situation struct {
	Behind   bool `json:"behind"`   // +2, not with Above
	Above    bool `json:"above"`    // +1, not with Behind
	Unaware  bool `json:"unaware"`  // +2
	Grappled bool `json:"grappled"` // +4 (also set when the defender's condition says grappled)
	// Cover is the cover penalty, 0 to 10 (GM's judgement).
	Cover int  `json:"cover"`
	Fog   bool `json:"fog"` // -3
	// RangeFifths is how many fifths of the attack's maximum range the
	// target is away: -1 each (0-5).
	RangeFifths int `json:"range_fifths"`
	// RangeMetres is the distance to the target instead: the fifths are
	// worked out from RangeMax, the attack's maximum range (Resolve takes
	// it from the attack's range; p. 33).
	RangeMetres int `json:"range_metres,omitempty"`
	RangeMax    int `json:"range_max,omitempty"`
	// Defender states from powers: invisible -4, shrunk -3, camouflaged
	// and moving -2, stealth in the dark -2.
	Invisible bool `json:"invisible,omitempty"`
	// Unlocated: the attacker cannot see the invisible target and has no
	// good idea where it is (nobody who sees it has told it, it has seen
	// no attack launched by it): it may not attack at all (p. 61;
	// CheckLocated). Located says, in a fight, that it has that idea
	// though the fight's log does not show it (told, as the GM rules).
	Unlocated   bool `json:"unlocated,omitempty"`
	Located     bool `json:"located,omitempty"`
	Shrunk      bool `json:"shrunk,omitempty"`
	Camouflaged bool `json:"camouflaged,omitempty"`
	StealthDark bool `json:"stealth_dark,omitempty"`
	// Dimensional: inside a Dimensional control area (-4 to hit and to
	// parry). Gale: in or shooting into a gale or fog (-2).
	Dimensional bool `json:"dimensional,omitempty"`
	// Molecular: the defender is wrapped in Environmental Control's
	// molecular protective layer, its armour class one step better (p. 58).
	Molecular bool `json:"molecular,omitempty"`
	Gale      bool `json:"gale,omitempty"`
	// GaleExtra is the extra panels a Weather Control rank 2 gale's maker
	// has concentrated on it: -1 more each (p. 78); only with Gale.
	GaleExtra int `json:"gale_extra,omitempty"`
	// Cold: the temperature attack chills rather than heats, so Immunity
	// to cold prevents it rather than Immunity to fire (p. 58).
	Cold bool `json:"cold,omitempty"`
	// Attracted: the magnetic missile is a metal object attracted towards
	// a target within range, which needs no to-hit roll; repelled (the
	// default) it is rolled (p. 58).
	Attracted bool `json:"attracted,omitempty"`
	// AnalysePanels are extra panels spent analysing with a Brain Implant:
	// +1 per panel per implant rank, at most +5.
	AnalysePanels int `json:"analyse_panels,omitempty"`
	// AccuracyPenalty is a penalty the attacker takes voluntarily with
	// Accuracy rank 1; if the attack hits, the defender's parry, dodge or
	// judo roll takes the same penalty (p. 51).
	AccuracyPenalty int `json:"accuracy_penalty,omitempty"`
	// AimPanels are extra panels aiming with Accuracy rank 2: +5 damage
	// each, at most +25 in all (p. 51).
	AimPanels int `json:"aim_panels,omitempty"`
	// Surprise: a complete surprise attack; the defender cannot react
	// (p. 29), unless it is never surprised (NeverSurprised: Danger Sense,
	// Animal Senses).
	Surprise bool `json:"surprise"`
	// Defender states: Phased (Phasing, p. 66), Impervious (p. 61),
	// Shrunk above. MysticShield is the health of a mystic shield covering
	// the defender (1d6 per 4 MP, rolled when cast): like a force wall it
	// stops every attack that hits it whole, and knockback, and only one
	// attack doing more health damage than that destroys it (p. 64); Whirlwind: the defender is inside
	// its own whirlwind (1d6 off each attack, p. 78).
	Phased       bool `json:"phased,omitempty"`
	Impervious   bool `json:"impervious,omitempty"`
	MysticShield int  `json:"mystic_shield,omitempty"`
	Whirlwind    bool `json:"whirlwind,omitempty"`
	// Astral: the defender is an astral form and the attacker is not:
	// immune to physical attacks, hurt by energy attacks (p. 62).
	Astral bool `json:"astral,omitempty"`
	// ForcefieldDown: the defender's personal forcefield is off.
	ForcefieldDown bool `json:"forcefield_down,omitempty"`
	// ForceBarrier is the health of a force shield around the defender or
	// a force wall in the way (rolled once, p. 59); ForceBarrierWall says
	// it is a wall, which stops knockback too. 0: none.
	ForceBarrier     int  `json:"force_barrier,omitempty"`
	ForceBarrierWall bool `json:"force_barrier_wall,omitempty"`
	// AttackerShrunk or AttackerLighter (Density Control, lighter): the
	// attack always does minimum damage (pp. 54, 70).
	AttackerShrunk  bool `json:"attacker_shrunk,omitempty"`
	AttackerLighter bool `json:"attacker_lighter,omitempty"`
	// AttackerDenser (Density Control, denser): +10 melee damage (p. 54).
	AttackerDenser bool `json:"attacker_denser,omitempty"`
	// DefenderDenser/DefenderLighter/DefenderShrunk change the knockback
	// threshold: +5, becomes 10, -10 (pp. 54, 70).
	DefenderDenser  bool `json:"defender_denser,omitempty"`
	DefenderLighter bool `json:"defender_lighter,omitempty"`
	// DefenderGrown: the defender is grown (Growth, p. 60), eight times
	// its mass when it is thrown (MassNow).
	DefenderGrown bool `json:"defender_grown,omitempty"`
	// DefenderMass is the defender's mass multiplier from Density Control
	// (Other): 2, 4, 8 or 16 raise its knockback threshold by +5 at each
	// step, +5/+10/+15/+20 (p. 54; rulebook.MassKnockbackBonus). 0 or 1
	// is normal mass.
	DefenderMass int `json:"defender_mass,omitempty"`
	// Modifiers are any other to-hit modifiers the GM rules.
	Modifiers []Modifier `json:"modifiers,omitempty"`
}

// Modifier is one modifier to a roll, with where it comes from.
type Modifier struct {
	Slug  string `json:"slug"`
	Value int    `json:"value"`
	Text  string `json:"text,omitempty"`
	Page  string `json:"page,omitempty"`
}

// Request is one attack: which of the attacker's attacks, in what
// situation, with which reaction.
type Request struct {
	// Attack is the slug (or name) of one of the attacker's
	// combat.attacks. Empty uses the first unarmed attack for grabs and
	// crushes.
	Attack    string    `json:"attack"`
	Mode      Mode      `json:"mode,omitempty"`
	Situation Situation `json:"situation,omitzero"`
	Reaction  Reaction  `json:"reaction,omitzero"`
	Split     Split     `json:"split,omitzero"`
	PowerDice PowerDice `json:"power_dice,omitzero"`
	// Movement is a movement attack bonus or special attack, if any.
	Movement *Movement `json:"movement,omitempty"`
	// Obstructions lie in the knockback's path, nearest first.
	Obstructions []Obstruction `json:"obstructions,omitempty"`
	// FreeReactionsUsed counts the defender's free reactions already used
	// this page; a hero or villain has four per page against SC 0-1
	// attacks (p. 31).
	FreeReactionsUsed int `json:"free_reactions_used"`
	// Kill: a mundane defender taken out is killed rather than knocked
	// unconscious (the attacker's choice, p. 38).
	Kill bool `json:"kill"`
	// MassKg is the thrown defender's mass for ModeThrow; 0 means the
	// defender's own mass now (MassNow: its hero file's mass_kg, else an
	// average super hero, DefaultPersonMassKg).
	MassKg float64 `json:"mass_kg,omitempty"`
	// Reflected marks Energy Reflect's return shot (p. 56): the energy is
	// the parried attack's, so no pool pays for it.
	Reflected bool `json:"reflected,omitempty"`
	// HeroPoints are hero points spent re-rolling the attack's to-hit,
	// reaction or damage roll (p. 14), by either side.
	HeroPoints []HeroPointSpend `json:"hero_points,omitempty"`
	// AutoHeroPoints are the hero points an autopilot lets each side spend
	// on the to-hit d20 only when it needs them (pkg/encounter's rule,
	// docs/fight.md): not part of a request given by hand.
	AutoHeroPoints AutoHeroPoints `json:"-"`
	// Object is an object swung or thrown instead of one of the
	// attacker's attacks (pp. 36, 39-41); Attack must then be empty.
	Object *ObjectWeapon `json:"object,omitempty"`
}

// Outcome is how an attack ended, a stable word in JSON.
type Outcome string

// The outcomes: a judo throw ends as thrown (the attacker) or not-thrown,
// a throw of a grabbed person likewise; a finishing move as knocked-out.
const (
	OutcomeMiss       Outcome = "miss"
	OutcomeHit        Outcome = "hit"
	OutcomeDodged     Outcome = "dodged"
	OutcomeParried    Outcome = "parried"
	OutcomeBlocked    Outcome = "blocked"
	OutcomeThrown     Outcome = "thrown"
	OutcomeNotThrown  Outcome = "not-thrown"
	OutcomeImmune     Outcome = "immune"
	OutcomeResisted   Outcome = "resisted"
	OutcomeGrabbed    Outcome = "grabbed"
	OutcomeGrappled   Outcome = "grappled"
	OutcomeEscaped    Outcome = "escaped"
	OutcomeNotEscaped Outcome = "not-escaped"
	OutcomeKnockedOut Outcome = "knocked-out"
)

// Result is the whole ruling on one attack. Resolve fills it without
// changing either hero; Apply and ApplyAttacker write it onto them.
type Result struct {
	Attacker string         `json:"attacker"`
	Defender string         `json:"defender"`
	Mode     Mode           `json:"mode,omitempty"`
	Attack   AttackInfo     `json:"attack"`
	Outcome  Outcome        `json:"outcome"`
	ToHit    ToHitResult    `json:"to_hit"`
	Reaction ReactionResult `json:"reaction"`
	Damage   DamageResult   `json:"damage"`
	// Knockback is nil when none was possible (a miss, no damage, a
	// mundane defender).
	Knockback *KnockbackResult `json:"knockback,omitempty"`
	Applied   AppliedResult    `json:"applied"`
	Before    State            `json:"before"`
	After     State            `json:"after"`
	// Mundane is the simplified rule for civilians, combatants and
	// animals (p. 38).
	Mundane *MundaneResult `json:"mundane,omitempty"`
	// AttackerEffects is what happens to the attacker (judo throw).
	AttackerEffects *AttackerEffects `json:"attacker_effects,omitempty"`
	// Finishing is the finishing move's knockout (p. 43).
	Finishing *FinishingResult `json:"finishing,omitempty"`
	// PoolSpent is what the attack spent from the attacker's pool.
	PoolSpent *PoolSpend `json:"pool_spent,omitempty"`
	// Barrier is what a force wall or shield did to the attack (p. 59).
	Barrier *BarrierResult `json:"barrier,omitempty"`
	// Notes are rulings the GM should know about (catch, energy reflect,
	// special attacks' recovery panel ...).
	Notes []string `json:"notes,omitempty"`
	// Object is the ruling on an object used as the weapon, if any.
	Object *ObjectAttack `json:"object,omitempty"`
	// HeroPoints are the rolls re-rolled with hero points: every result
	// and the one kept (p. 14). Apply and ApplyAttacker take the points
	// from the spenders' pools.
	HeroPoints []heropoints.Reroll `json:"hero_points,omitempty"`
	// Dice lists every die rolled, in order, with its purpose.
	Dice []dice.Rolled `json:"dice"`
	// Steps explains the ruling step by step with pages; filled by
	// Explain (Apply calls it).
	Steps ruling.Steps `json:"steps,omitempty"`
}

// AttackInfo describes the attack used.
type AttackInfo struct {
	Slug        string               `json:"slug"`
	Name        string               `json:"name"`
	StrikeClass rulebook.StrikeClass `json:"strike_class"`
	DamageType  string               `json:"damage_type"`
	ParryAs     string               `json:"parry_as,omitempty"`
	Panels      int                  `json:"panels"`
	Power       rulebook.PowerID     `json:"power,omitempty"`
	Ranged      bool                 `json:"ranged"`
	Melee       bool                 `json:"melee"`
	// EnergyType is the attack's energy type, for immunities.
	EnergyType string `json:"energy_type,omitempty"`
}

// ToHitResult is step 1 (p. 33).
type ToHitResult struct {
	// Rolled is false when no to-hit roll is made (crush, finishing move).
	Rolled      bool                 `json:"rolled"`
	Roll        int                  `json:"roll"`
	Modifiers   []Modifier           `json:"modifiers,omitempty"`
	Total       int                  `json:"total"`
	Target      int                  `json:"target"`
	ArmourClass rulebook.ArmourClass `json:"armour_class"`
	StrikeClass rulebook.StrikeClass `json:"strike_class"`
	Hit         bool                 `json:"hit"`
	// Mental is set for a psionic blast: a will contest instead (p. 43).
	Mental *PsychicResult `json:"mental,omitempty"`
}

// ReactionResult is step 2 (pp. 33-36).
// BlockedBy is the object a block puts in the way of an attack (p. 34):
// its health, what is left of it after the attack, and whether the
// attack destroyed it (remaining is then 0).
type BlockedBy struct {
	Object    string `json:"object"`
	Health    int    `json:"health"`
	Remaining int    `json:"remaining"`
	Destroyed bool   `json:"destroyed"`
}

type ReactionResult struct {
	Kind ReactionKind `json:"kind"`
	// Panels is what the reaction costs the defender from its next panels;
	// Free says it was one of the four free reactions against SC 0-1.
	Panels int  `json:"panels"`
	Free   bool `json:"free"`
	// Roll, Modifiers, Total, Target: the parry d20, dodge d6, judo d6.
	Roll      int        `json:"roll"`
	Modifiers []Modifier `json:"modifiers,omitempty"`
	Total     int        `json:"total"`
	Target    int        `json:"target"`
	Success   bool       `json:"success"`
	// Parry: which parry, its table row/column, ranged form, virtual damage.
	Parry         string `json:"parry,omitempty"`
	AttackType    string `json:"attack_type,omitempty"`
	ParryType     string `json:"parry_type,omitempty"`
	RangedForm    bool   `json:"ranged_form,omitempty"`
	VirtualDamage int    `json:"virtual_damage,omitempty"`
	Caught        bool   `json:"caught,omitempty"`
	// Dodge: the Dodging Table result as a stable word (fail, half,
	// mostly, evade: rulebook.DodgeResult.Word), the book's symbol beside
	// it (-, ½, +P, Y), and whether the extra panel was taken.
	DodgeResult string `json:"dodge_result,omitempty"`
	DodgeSymbol string `json:"dodge_symbol,omitempty"`
	ExtraPanel  bool   `json:"extra_panel,omitempty"`
	// Block: the object put in the way; nil for every other reaction
	// (and then absent), so none of its figures vanishes at zero.
	Block *BlockedBy `json:"block,omitempty"`
	// Brace: the knockback threshold bonus (brace only, like the other
	// kind-specific fields here).
	BraceBonus int `json:"brace_bonus,omitempty"`
	// Judo: the grab, the column read, the table cell.
	JudoGrab   *ToHitResult `json:"judo_grab,omitempty"`
	JudoColumn int          `json:"judo_column,omitempty"`
	JudoResult string       `json:"judo_result,omitempty"`
	// Resist: the 1d6 added to the defender's will roll.
	ResistRoll int `json:"resist_roll,omitempty"`
	// Reduced is the incoming damage this reaction took off (health,
	// stamina).
	ReducedHealth  int `json:"reduced_health"`
	ReducedStamina int `json:"reduced_stamina"`
	// Reflect is the energy an Energy Reflect parry may send back at the
	// attacker (p. 56): ReflectedAttack builds the return shot from it.
	Reflect *Reflection `json:"reflect,omitempty"`
}

// Reflection is the parried energy attack Energy Reflect may send back
// at its source (p. 56): its damage dice and kind.
type Reflection struct {
	Attack     string `json:"attack"`
	DamageType string `json:"damage_type"`
	EnergyType string `json:"energy_type"`
	Health     string `json:"health"`
	Stamina    string `json:"stamina"`
	Range      int    `json:"range"`
}

// DamageResult is step 3 (p. 36): the damage rolled, before reductions.
type DamageResult struct {
	HealthExpr  string `json:"health_expr,omitempty"`
	StaminaExpr string `json:"stamina_expr,omitempty"`
	// HealthRoll and StaminaRoll are the formulas' totals (may be
	// negative: 1d6-6); Health and Stamina are the damage after the bonus,
	// never below 0.
	HealthRoll  int `json:"health_roll"`
	StaminaRoll int `json:"stamina_roll"`
	// Bonus is the damage bonus plus flat power bonuses; BonusHealth and
	// BonusStamina its split.
	Bonus        int        `json:"bonus"`
	BonusSources []Modifier `json:"bonus_sources,omitempty"`
	BonusHealth  int        `json:"bonus_health"`
	BonusStamina int        `json:"bonus_stamina"`
	Minimum      bool       `json:"minimum"`
	// BonusDropped is a damage bonus given for a Physical Damage Table
	// row that takes none (projectile, explosive, energy blast; p. 36),
	// and so not added.
	BonusDropped int `json:"bonus_dropped"`
	Health       int `json:"health"`
	Stamina      int `json:"stamina"`
}

// KnockbackResult is step 3/4a/4b (pp. 36-37).
type KnockbackResult struct {
	// StaminaCounted is the stamina damage knockback is worked out from
	// (after dodge and ranged-parry reductions, before melee parry, block
	// and dividers).
	StaminaCounted int `json:"stamina_counted"`
	Threshold      int `json:"threshold"`
	BraceBonus     int `json:"brace_bonus"`
	Excess         int `json:"excess"`
	Metres         int `json:"metres"`
	// Obstructions met, in order; Travelled is where the defender ends up.
	Obstructions []ObstructionResult `json:"obstructions,omitempty"`
	Travelled    int                 `json:"travelled"`
	// Prone check: 1d20 + 1 per 2 m against agility; gymnastics passes.
	ProneRoll  int  `json:"prone_roll,omitempty"`
	ProneBonus int  `json:"prone_bonus,omitempty"`
	ProneTotal int  `json:"prone_total,omitempty"`
	Agility    int  `json:"agility,omitempty"`
	Automatic  bool `json:"automatic"`
	Prone      bool `json:"prone"`
}

// ObstructionResult is one obstruction the knockback met.
type ObstructionResult struct {
	Material     string `json:"material"`
	At           int    `json:"at"`
	DamageNeeded int    `json:"damage_needed"`
	Reduction    int    `json:"reduction"`
	// Roll is the 1d6 stamina; Stamina is what it does after the S
	// divider (step 4a, App. p. 82).
	Roll         int  `json:"roll"`
	Stamina      int  `json:"stamina"`
	BrokeThrough bool `json:"broke_through"`
}

// AppliedResult is step 4 (pp. 37-38): what reaches the defender.
type AppliedResult struct {
	// IncomingHealth/Stamina: after reactions and absorbers, before
	// dividers.
	IncomingHealth  int `json:"incoming_health"`
	IncomingStamina int `json:"incoming_stamina"`
	// Absorbed by forcefield, mystic shield, whirlwind.
	Absorbers []Absorber `json:"absorbers,omitempty"`
	// Dividers actually used, and why.
	Dividers     rulebook.Dividers `json:"dividers"`
	DividerNotes []string          `json:"divider_notes,omitempty"`
	// Immune names an immunity that stopped some or all damage.
	Immune string `json:"immune,omitempty"`
	// Health and Stamina are what came off each track (stamina includes
	// the obstruction damage); Overflow is stamina damage past -END taken
	// as health damage instead (p. 38): included in Health, not in
	// Stamina.
	Health   int `json:"health"`
	Stamina  int `json:"stamina"`
	Overflow int `json:"overflow"`
}

// Absorber is something that soaked up damage before dividers.
type Absorber struct {
	Source  string `json:"source"`
	Roll    int    `json:"roll"`
	Health  int    `json:"health"`
	Stamina int    `json:"stamina"`
}

// State is the defender's tracks and worst condition.
type State struct {
	Health    int    `json:"health"`
	Stamina   int    `json:"stamina"`
	Condition string `json:"condition"`
	Prone     bool   `json:"prone"`
	Grabbed   string `json:"grabbed_by,omitempty"`
	Grappled  bool   `json:"grappled"`
	Hits      int    `json:"hits"` // mundane characters
}

// MundaneResult is the simplified rule for mundane defenders (p. 38).
type MundaneResult struct {
	// SuperPower: the strike used a super power (power attack, weapon
	// mastery, martial arts, or a punch with super strength/speed).
	SuperPower bool   `json:"super_power"`
	HitsBefore int    `json:"hits_before"`
	HitsAfter  int    `json:"hits_after"`
	TakenOut   bool   `json:"taken_out"`
	Result     string `json:"result,omitempty"` // unconscious or dead
}

// AttackerEffects is what the attack does to the attacker.
type AttackerEffects struct {
	// PanelsLost to a judo throw: 1 (P) or 2 (2P); Prone on 2P.
	PanelsLost int  `json:"panels_lost"`
	Prone      bool `json:"prone"`
	// Damage is the judo throw's "Dam" (2d6 S, 1d3 H, plus the
	// defender's damage bonus), with its own knockback.
	Damage    *DamageResult    `json:"damage,omitempty"`
	Knockback *KnockbackResult `json:"knockback,omitempty"`
	Applied   *AppliedResult   `json:"applied,omitempty"`
	// RecoveryPanels: a special movement attack costs one recovery panel.
	RecoveryPanels int `json:"recovery_panels,omitempty"`
}

// FinishingResult is a finishing move's knockout.
type FinishingResult struct {
	Roll  int `json:"roll"`
	Hours int `json:"hours"`
}

// PoolSpend is what an attack took from the attacker's point pool.
type PoolSpend struct {
	Pool   string `json:"pool"`
	Amount int    `json:"amount"`
}

// PsychicResult is a psychic or magic attack's will contest (p. 43):
// 1d20 + will each side, the attacker winning ties; active resistance adds
// 1d6 to the defender; a high confidence adds its will bonus (p. 24).
type PsychicResult struct {
	AttackerRoll  int  `json:"attacker_roll"`
	AttackerWill  int  `json:"attacker_will"`
	AttackerBonus int  `json:"attacker_bonus"`
	AttackerTotal int  `json:"attacker_total"`
	DefenderRoll  int  `json:"defender_roll"`
	DefenderWill  int  `json:"defender_will"`
	WillBonus     int  `json:"will_bonus"`
	Resist        bool `json:"resist"`
	ResistRoll    int  `json:"resist_roll,omitempty"`
	DefenderTotal int  `json:"defender_total"`
	Success       bool `json:"success"`
	// HeroPoints are the sides' d20 re-rolls with hero points (p. 14).
	HeroPoints []heropoints.Reroll `json:"hero_points,omitempty"`
}

// The barriers that stop an attack whole (BarrierResult.Kind).
const (
	BarrierForceWall    = "force-wall"
	BarrierForceShield  = "force-shield"
	BarrierMysticShield = "mystic-shield"
)

// BarrierResult is a force wall or shield, or a mystic shield, stopping
// an attack (pp. 59-60, 64):
// the attack is stopped whole; a single attack's health damage over the
// barrier's health destroys it (it repairs itself between attacks).
type BarrierResult struct {
	// Kind is force-wall, force-shield or mystic-shield.
	Kind   string `json:"kind"`
	Wall   bool   `json:"wall"`
	Health int    `json:"health"`
	// Damage is the attack's health damage as rolled.
	Damage int  `json:"damage"`
	Broken bool `json:"broken"`
}
