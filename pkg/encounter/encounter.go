// Package encounter is spandex's fight clock: an encounter file holding the
// sides of a fight, every combatant's hero values, the page being played,
// the page's initiative, each combatant's panels used, saved and owed, and
// the append-only log of everything that happened (rulebook pp. 29-31,
// 38-39, 43 and every power that acts per page).
//
// The package is pure: no I/O. Functions take an *Encounter and a
// dice.Roller, change the encounter and append events to its log; the CLI
// (internal/cli/fight) reads and writes the file.
//
// # The page
//
// A fight is pages of panels (p. 29). After an optional surprise round
// (page 0: the surprising side's two panels each, no reactions allowed
// against them), every page begins with initiative: each side rolls a d10,
// ties re-rolled, and the page runs in three phases (p. 30):
//
//  1. advance: the winners act, each with the Initiative Table's advance
//     panels (capped by their own panels per page), highest agility first;
//  2. losers: the losing sides act with all their panels;
//  3. remainder: the winners take their remaining panels.
//
// Within a phase combatants act one at a time, Super Speed first on its
// side, then by agility (highest first), then in file order. Reactions are
// taken out of turn: their panels are owed and paid back from the
// combatant's next panels. At the end of the page the conscious recover
// stamina, the unconscious roll to recover, pools refill every five pages
// and ongoing effects are kept up or run out.
package encounter

import (
	"encoding/json"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/heropoints"
	"github.com/codename-spandex/spandex/pkg/override"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// SchemaVersion is the encounter file schema this build writes. It reads
// every older version too (see migrations in decode.go). Version 2 records
// on each change's last event what the change did (Event.Revert), for
// `fight undo`.
const SchemaVersion = 2

// MaxFileSize bounds an encounter file (it embeds every combatant's hero):
// reading, changing and writing back one at the limit stays under 100 MB
// of memory (docs/testing.md, the hostile files).
const MaxFileSize = 24 << 20

// Phase is where the current page is.
type Phase string

// The phases of a fight.
const (
	// PhaseSurprise is page 0: the surprising side's two panels each.
	PhaseSurprise Phase = "surprise"
	// PhaseInitiative: the page has begun; roll initiative.
	PhaseInitiative Phase = "initiative"
	// PhaseAdvance: the winners take their advance panels.
	PhaseAdvance Phase = "advance"
	// PhaseLosers: the losers take all their panels.
	PhaseLosers Phase = "losers"
	// PhaseRemainder: the winners take their remaining panels.
	PhaseRemainder Phase = "remainder"
	// PhaseEnd: everyone has acted; end the page.
	PhaseEnd Phase = "end"
)

// Valid reports whether p is a known phase.
func (p Phase) Valid() bool {
	switch p {
	case PhaseSurprise, PhaseInitiative, PhaseAdvance, PhaseLosers, PhaseRemainder, PhaseEnd:
		return true
	}
	return false
}

// acting reports whether combatants take turns in this phase.
func (p Phase) acting() bool {
	return p == PhaseSurprise || p == PhaseAdvance || p == PhaseLosers || p == PhaseRemainder
}

// Encounter is one fight, as stored in an encounter file (schema 2,
// docs/encounter.schema.json).
type Encounter struct {
	Schema int    `json:"schema"`
	Name   string `json:"name,omitempty"`
	// Page is the page being played: 0 for the surprise round, then 1, 2, ...
	Page  int   `json:"page"`
	Phase Phase `json:"phase"`
	// Surprise names the side that surprised the others, if any (p. 29).
	Surprise string `json:"surprise,omitempty"`
	// Initiative is the current page's initiative, once rolled.
	Initiative *Initiative `json:"initiative,omitempty"`
	// Sides are the sides of the fight, in the order given.
	Sides []Side `json:"sides"`
	// Combatants are everyone in the fight, keyed by a short id.
	Combatants []Combatant `json:"combatants"`
	// Options are the rule readings this fight was started with.
	Options Options `json:"options"`
	// Objects are the objects and walls damaged in the fight (p. 39),
	// with the health each has left, in the order first struck.
	Objects []Object `json:"objects,omitempty"`
	// Log is the append-only record of the fight.
	Log []Event `json:"log"`

	// batch, when set, is a simulation's working memory (see Sim): the
	// fight keeps no log, so events, steps and summaries are never
	// formatted, and attacks are resolved in the batch's memory. Never
	// stored in the file.
	batch *batch
	// weighing, when set, is a run of the autopilot's weighed attacks
	// (beginWeighing); never stored in the file.
	weighing *weighCache
}

// Object is an object or a wall damaged in the fight (p. 39): a smash
// records it, and the next blow on it starts from what is left.
type Object struct {
	// ID names it in the fight: --smash-id, or its name (an Object Table
	// example, "N kg object" or "MATERIAL wall"), lower-case, with any
	// sturdy material after a hyphen.
	ID string `json:"id"`
	// Name is what it is, as the smash event names it; Wall marks a wall
	// (holed, not destroyed, at 0).
	Name     string `json:"name"`
	Wall     bool   `json:"wall"`
	Material string `json:"material,omitempty"`
	// Health is what destroys (or holes) it, Remaining what is left of
	// it, Divider its H divider (0: none).
	Health    int  `json:"health"`
	Remaining int  `json:"remaining"`
	Divider   int  `json:"divider"`
	Destroyed bool `json:"destroyed"`
	// Hits counts the blows it took; Page is the page of the last.
	Hits int `json:"hits"`
	Page int `json:"page"`
}

// FindObject returns the damaged object or wall with this id, or nil.
func (e *Encounter) FindObject(id string) *Object {
	for i := range e.Objects {
		if e.Objects[i].ID == id {
			return &e.Objects[i]
		}
	}
	return nil
}

// Side is one side of the fight.
type Side struct {
	Name string `json:"name"`
}

// Options are the documented rule readings an encounter was created with
// (docs/rules-notes.md). They are stored in the file so a fight replays the
// same way whatever the local configuration.
type Options struct {
	// SavedPanels is how many unused panels a combatant may hold into the
	// next page ("saving a single panel ... from page to page", p. 30).
	SavedPanels int `json:"saved_panels"`
	// HalfPanels rounds halved panels per page "down" (at least 1) or "up".
	HalfPanels string `json:"half_panels"`
	// EscapeRolls is when the bound try to break free of a Snare binding
	// or a Restraint spell: "turn" (the book, pp. 64, 73: a double-panel
	// per attempt, on the bound combatant's turn; "" reads as turn) or
	// "page" (a free roll at each end of page).
	EscapeRolls string `json:"escape_rolls,omitempty"`
}

// The escape_rolls options.
const (
	EscapeRollsTurn = "turn"
	EscapeRollsPage = "page"
)

// DefaultOptions are the book's readings.
func DefaultOptions() Options {
	return Options{SavedPanels: 1, HalfPanels: "down", EscapeRolls: EscapeRollsTurn}
}

// Initiative is one page's initiative (p. 30).
type Initiative struct {
	// Rolls are the d10 rolls, one round per tie, each with one roll per
	// side in Sides order.
	Rolls [][]int `json:"rolls"`
	// Winner is the winning side.
	Winner string `json:"winner"`
	// Difference is the winner's roll minus the best losing roll.
	Difference int `json:"difference"`
	// Advance is the winner's advance panels from the Initiative Table.
	Advance int `json:"advance"`
	// HeroPoints are the hero points spent re-rolling a side's first d10
	// (p. 14); Rolls hold the faces kept.
	HeroPoints []heropoints.Reroll `json:"hero_points,omitempty"`
}

// Combatant is one character in the fight.
type Combatant struct {
	// ID is the short name used on the command line ("guardian", "goon-2").
	ID   string `json:"id"`
	Side string `json:"side"`
	// IsOut says the combatant is out of the fight for now (see Out);
	// OutReason says why: dead, deaths_door, taken_out, unconscious,
	// knocked_out, battered or left ("" while it fights). Both are
	// derived from the hero's condition and Gone and rewritten on every
	// save, so `jq '.combatants[] | select(.out) | .id'` lists who is out.
	IsOut     bool   `json:"out"`
	OutReason string `json:"out_reason"`
	// Source is the file the combatant came from.
	Source string `json:"source,omitempty"`
	// Panels is the panel account for the current page.
	Panels Panels `json:"panels"`
	// PanelsBase, when non-zero, overrides the hero file's panels per page
	// (a sidekick by its master's Sidekick rank, a summoned creature).
	PanelsBase int `json:"panels_base"`
	// PanelsNote says why PanelsBase was set.
	PanelsNote string `json:"panels_note,omitempty"`
	// Effects are ongoing power effects on this combatant.
	Effects []Effect `json:"effects,omitempty"`
	// Cooldowns maps a power slug to the first page it can be used again.
	Cooldowns map[string]int `json:"cooldowns,omitempty"`
	// LuckPage is the page luck was last used (luck works once a page);
	// absent when never.
	LuckPage *int `json:"luck_page,omitempty"`
	// DuplicateOf names the combatant this one is a duplicate of.
	DuplicateOf string `json:"duplicate_of,omitempty"`
	// DuplicatesMade counts duplicates made today (Duplication, p. 54).
	DuplicatesMade int `json:"duplicates_made"`
	// Haymakered lists the opponents this combatant has thrown its
	// haymaker at: once per opponent per combat (p. 66).
	Haymakered []string `json:"haymakered,omitempty"`
	// Gone says why a combatant has left the fight (fled, reabsorbed,
	// dismissed); it no longer acts or counts as standing.
	Gone string `json:"gone,omitempty"`
	// Hero is the combatant's hero file, kept up to date as the fight goes.
	Hero hero.Hero `json:"hero"`
}

// Panels is a combatant's panel account for the current page (pp. 29-31).
type Panels struct {
	// PerPage is the panels per page this page, after stunning, mundane
	// status, sidekick rank and powers.
	PerPage int `json:"per_page"`
	// Saved are panels held over from the last page.
	Saved int `json:"saved"`
	// Used are panels spent this page on actions and on repaying reactions.
	Used int `json:"used"`
	// Forfeited are panels given up this page (passing in a final turn).
	Forfeited int `json:"forfeited"`
	// Held are panels being held into the next page.
	Held int `json:"held"`
	// Owed are panels spent in advance on reactions (or lost to a throw or
	// a fall), to be paid back from the next panels.
	Owed int `json:"owed"`
	// FreeReactions counts the free reactions against strike class 0-1
	// taken this page (four for heroes and villains, p. 31).
	FreeReactions int `json:"free_reactions"`
	// Done marks a combatant whose turn in the current phase is over.
	Done bool `json:"done"`
	// Why explains PerPage.
	Why []string `json:"why,omitempty"`
}

// Spent returns the panels gone this page: used, forfeited and held.
func (p Panels) Spent() int { return p.Used + p.Forfeited + p.Held }

// Left returns the panels not yet spent this page.
func (p Panels) Left() int {
	if n := p.PerPage + p.Saved - p.Spent(); n > 0 {
		return n
	}
	return 0
}

// PowerID is the power behind the effect, typed (a drained effect's
// Power names the pool drained instead).
func (ef *Effect) PowerID() rulebook.PowerID { return rulebook.PowerID(ef.Power) }

// Effect is an ongoing power effect on a combatant (pp. 54-78).
type Effect struct {
	// Name is the effect's slug: mass, gravity, denser, lighter,
	// mind-control, impervious, gale, fog, summoning, bestow-gift, a
	// lasting state (grown, shrunk, phased, invisible, camouflaged; see
	// combat.States), bound, force-wall, force-shield, controlled,
	// hypnotised, drained, or the GM's own.
	Name string `json:"name"`
	// Power is the power behind it.
	Power string `json:"power,omitempty"`
	// Source is the combatant keeping it going (who pays the upkeep).
	Source string `json:"source,omitempty"`
	// Since is the page it started.
	Since int `json:"since"`
	// Multiplier is the mass or gravity multiplier (2, 4, 8, 16).
	Multiplier int `json:"multiplier"`
	// BuiltSince is the page a mass or gravity effect's first step was
	// made (Since is its latest). Falling marks one its maker has let go:
	// it falls away at twice the rate it built up (pp. 54, 57): FallSteps
	// halvings at each end of page, or 1 a panel of its maker's when
	// BuiltByUse.
	BuiltSince int  `json:"built_since"`
	Falling    bool `json:"falling"`
	FallSteps  int  `json:"fall_steps"`
	// BuiltByUse marks a mass or gravity effect every step of which was
	// its power's use in the fight (`fight act`), a double-panel of its
	// maker's concentration each (pp. 54, 57): let go, it falls a halving
	// for each of its maker's panels that passes (massfall.go). One with a
	// step added by hand (`fight effect --add`) has no panels to count and
	// falls FallSteps halvings at each end of page.
	BuiltByUse bool `json:"built_by_use"`
	// HalvesPanels: the combatant gets half its panels per page.
	HalvesPanels bool `json:"halves_panels"`
	// Immobilised: the combatant cannot act at all (mass or gravity ×4+).
	Immobilised bool `json:"immobilised"`
	// NoMove: the combatant cannot move.
	NoMove bool `json:"no_move"`
	// UpkeepPanels and UpkeepPoints (from UpkeepPool) are what Source
	// pays each page to keep it going.
	UpkeepPanels int    `json:"upkeep_panels"`
	UpkeepPoints int    `json:"upkeep_points"`
	UpkeepPool   string `json:"upkeep_pool,omitempty"`
	// MaxPages ends the effect after this many consecutive pages, and
	// Cooldown pages must then pass before the power is used again.
	MaxPages int `json:"max_pages"`
	Cooldown int `json:"cooldown"`
	// EscapeChance is a bound combatant's chance in percent of breaking
	// free, rolled at each end of page (Snare, Restraint, p. 64); absent
	// for other effects.
	EscapeChance *int `json:"escape_chance,omitempty"`
	// Strength is a binding's strength: 10 per point spent (p. 64).
	Strength int `json:"strength"`
	// Health is a force wall's or shield's health, rolled once when the
	// power was gained (p. 59); Hard marks a hard wall or shield, which
	// cannot be raised again in the fight once destroyed.
	Health int  `json:"health"`
	Hard   bool `json:"hard"`
	// Strikes counts a phased combatant's partial re-phase strikes, and
	// Rephased says one of them left it partially re-phased: hurt normally
	// until it switches Phasing again (20% cumulative a strike, p. 66).
	Strikes  int  `json:"strikes,omitempty"`
	Rephased bool `json:"rephased,omitempty"`
	// Pool is the pool a drained state took points from (Psychic Drain,
	// p. 68): the state ends when that pool refills ("" any pool).
	Pool string `json:"pool,omitempty"`
	// FlightPanels are the panels of continuous flight a gliding
	// combatant has left before it must land (Retractable Glider,
	// 20+4d10 rolled when it starts, p. 52).
	FlightPanels int `json:"flight_panels"`
	// ExtraPanels are the panels a rank 2 gale's maker has concentrated
	// on it beyond its upkeep: -1 to hit and -1 m movement each (p. 78).
	ExtraPanels int `json:"extra_panels"`
	// Points is what a spell or psychic power cost to cast before any
	// speciality (an illusion, astral projection, bestow gift): another
	// caster pays as much to cancel it (p. 62).
	Points int `json:"points"`
	// Gift is Bestow Gift's gift on its holder and what it added, taken
	// off when the spell ends (p. 63); absent for other effects.
	Gift *combat.GiftChange `json:"gift,omitempty"`
	// Spell is an illusion's kind (Illusion, Hallucinations, pp. 63, 67).
	Spell string `json:"spell,omitempty"`
	// Noticed are the observers who noticed an astral form (p. 62);
	// Immune those a hallucination's psychic attack failed against, which
	// it never blocks or hurts again (p. 68).
	Noticed []string `json:"noticed,omitempty"`
	Immune  []string `json:"immune,omitempty"`
	Note    string   `json:"note,omitempty"`
}

// Event is one entry in the encounter's append-only log.
type Event struct {
	// Seq numbers events from 1.
	Seq   int   `json:"seq"`
	Page  int   `json:"page"`
	Phase Phase `json:"phase"`
	// Kind is what happened: new, surprise, initiative, repay, move,
	// action, mental, attack, smash, reaction, lost, pass, hold, effect,
	// upkeep, luck, danger-sense, escape, leave, recovery, refill, end-page,
	// undo, adjust (a GM's override), join (reinforcements).
	Kind   string `json:"kind"`
	Actor  string `json:"actor,omitempty"`
	Target string `json:"target,omitempty"`
	// Panels is what the event cost its actor.
	Panels  int    `json:"panels"`
	Summary string `json:"summary"`
	// Seed is the seed of the roller, when seeded dice were rolled.
	Seed *uint64 `json:"seed,omitempty"`
	// Dice are the dice rolled, with their purpose, in order.
	Dice  []dice.Rolled `json:"dice,omitempty"`
	Steps ruling.Steps  `json:"steps,omitempty"`
	// Details is the full typed record: its shape depends on Kind (see
	// DetailsTypes; the schema has one per kind).
	Details json.RawMessage `json:"details,omitempty"`
	// Revert, on the last event a command appended, is what the command
	// changed: the patch that takes the file back to before it (`fight
	// undo`, package undo). Absent on the command's other events, on the
	// first event and on files written before schema 2.
	Revert *undo.Revert `json:"revert,omitempty"`
	// UndoneBy is the seq of the undo event that took this event back
	// (`fight undo`); absent while it stands. An undone event is history
	// only: reports and totals skip it. Files written before the mark get
	// it from their undo events when read.
	UndoneBy int `json:"undone_by,omitempty"`
}

// DetailsTypes maps each event kind that carries details to the type of
// its details (a zero value): the JSON schema is generated from it.
func DetailsTypes() map[string]any {
	return map[string]any{
		KindAttack:     AttackRecord{},
		KindReaction:   Reaction{},
		KindMove:       ActionRecord{},
		KindAction:     ActionRecord{},
		KindHold:       ActionRecord{},
		KindEffect:     Effect{},
		KindRecovery:   Recovery{},
		KindInitiative: Initiative{},
		KindMental:     combat.MentalResult{},
		KindSmash:      combat.ObjectStrike{},
		KindUndo:       undo.Details{},
		KindAdjust:     override.Record{},
		KindJoin:       JoinRecord{},
	}
}

// Find returns the combatant with the id, or nil.
func (e *Encounter) Find(id string) *Combatant {
	for i := range e.Combatants {
		if e.Combatants[i].ID == id {
			return &e.Combatants[i]
		}
	}
	return nil
}

// SideIndex returns the index of the named side, or -1.
func (e *Encounter) SideIndex(name string) int {
	for i, s := range e.Sides {
		if s.Name == name {
			return i
		}
	}
	return -1
}

// Out reports whether a combatant is out of the fight for now: dead, at
// death's door, unconscious, knocked out, taken out (mundane), battered
// (able only to crawl, p. 37), or gone.
func (c *Combatant) Out() bool {
	k := c.Hero.Condition
	return k.Dead || k.DeathsDoor || k.Unconscious || k.KnockedOut || k.TakenOut || k.Battered || c.Gone != ""
}

// Why names why a combatant is out (the out_reason words), or "" while
// it is still fighting.
func (c *Combatant) Why() string {
	if c.Gone != "" {
		return "left"
	}
	k := c.Hero.Condition
	switch {
	case k.Dead:
		return "dead"
	case k.DeathsDoor:
		return "deaths_door"
	case k.TakenOut:
		return "taken_out"
	case k.Unconscious:
		return "unconscious"
	case k.KnockedOut:
		return "knocked_out"
	case k.Battered:
		return "battered"
	}
	return ""
}

// MarkOut sets every combatant's IsOut and OutReason from its state.
// Encode calls it, so the file always says who is out.
func (e *Encounter) MarkOut() {
	for i := range e.Combatants {
		c := &e.Combatants[i]
		c.IsOut, c.OutReason = c.Out(), c.Why()
	}
}

// SideCount is one side's standing count.
type SideCount struct {
	Name string `json:"name"`
	// Standing counts its combatants not out; Total all of them.
	Standing int `json:"standing"`
	Total    int `json:"total"`
}

// SideCounts returns each side's standing count, in Sides order.
func (e *Encounter) SideCounts() []SideCount {
	out := make([]SideCount, 0, len(e.Sides))
	for _, s := range e.Sides {
		sc := SideCount{Name: s.Name}
		for i := range e.Combatants {
			c := &e.Combatants[i]
			if c.Side != s.Name {
				continue
			}
			sc.Total++
			if !c.Out() {
				sc.Standing++
			}
		}
		out = append(out, sc)
	}
	return out
}

// OutState names why a combatant is out: its worst condition, or "gone".
func (c *Combatant) OutState() string {
	if c.Gone != "" {
		return "gone"
	}
	return c.Hero.Condition.State()
}

// Standing returns the sides that still have a combatant not Out, in
// Sides order.
func (e *Encounter) Standing() []string {
	var out []string
	for _, s := range e.Sides {
		for i := range e.Combatants {
			c := &e.Combatants[i]
			if c.Side == s.Name && !c.Out() {
				out = append(out, s.Name)
				break
			}
		}
	}
	return out
}

// Over reports whether at most one side is still standing.
func (e *Encounter) Over() bool {
	standing := 0
	for _, s := range e.Sides {
		for i := range e.Combatants {
			if c := &e.Combatants[i]; c.Side == s.Name && !c.Out() {
				standing++
				break
			}
		}
	}
	return standing <= 1
}
