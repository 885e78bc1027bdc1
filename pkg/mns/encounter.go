package mns

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// SchemaVersion is the mns encounter file schema this build reads and
// writes; CombatantsSchemaVersion the combatant file's.
const (
	SchemaVersion           = 1
	CombatantsSchemaVersion = 1
)

// MaxFileSize bounds an encounter or combatant file.
const MaxFileSize = 16 << 20

// MaxCombatants bounds a fight.
const MaxCombatants = 500

// CombatantsFile is the small file `mns new` reads: the combatants'
// numbers as the GM copied them from their character sheets.
type CombatantsFile struct {
	// Schema is the combatant file schema version (1).
	Schema     int       `json:"schema" jsonschema:"required,enum=1"`
	Combatants []Fighter `json:"combatants" jsonschema:"required,minItems=1"`
}

// Fighter is one combatant's sheet: what the fight needs of it.
type Fighter struct {
	// ID is how verbs name it: lower case letters, digits and dashes.
	ID string `json:"id" jsonschema:"required,pattern=^[a-z0-9][a-z0-9-]*$"`
	// Name is shown to people.
	Name string `json:"name"`
	// Side is the side it fights on ("heroes", "thugs").
	Side string `json:"side"`
	// Attack and Defense are its scores.
	Attack  int `json:"attack"`
	Defense int `json:"defense"`
	// CombatRoll is its Combat Roll: the target of its 2d10 before the
	// pool's Sphere Chart value is added.
	CombatRoll int `json:"combat_roll"`
	// Pool is its Combat Bonus Pool.
	Pool int `json:"pool"`
	// VP and DP are its full Virtual Damage Points and Damage Points.
	VP int `json:"vp" jsonschema:"minimum=0"`
	DP int `json:"dp" jsonschema:"minimum=0"`
	// IgnoreDamage is taken off every hit.
	IgnoreDamage int `json:"ignore_damage" jsonschema:"minimum=0"`
	// SkinTemper multiplies damage that gets through (1 is normal; 0 is
	// read as 1).
	SkinTemper float64 `json:"skin_temper"`
	Agility    int     `json:"agility"`
	Strength   int     `json:"strength"`
	Perception int     `json:"perception"`
	// Learning caps a careful attack's delay with Agility.
	Learning int `json:"learning"`
	// Throwback is its Throwback Roll: the target of the 2d10 that keeps
	// it on its feet when hit (0 when not given).
	Throwback int `json:"throwback"`
	// Weapons are its own weapons; they are looked up before the charts
	// file's Weapons Chart.
	Weapons []Weapon `json:"weapons"`
}

// Encounter is the mns encounter file: the clock, every combatant's state,
// the ongoing effects and the append-only log.
type Encounter struct {
	// Schema is the mns encounter schema version (1).
	Schema int    `json:"schema" jsonschema:"required,enum=1"`
	Name   string `json:"name"`
	// Segment is now: the last segment the clock reached.
	Segment    int         `json:"segment" jsonschema:"minimum=0"`
	Combatants []Combatant `json:"combatants" jsonschema:"required"`
	// Effects are ongoing effects, paid for on every payment segment.
	Effects []Effect `json:"effects"`
	Log     []Event  `json:"log"`
}

// Combatant is one combatant's sheet and its state in the fight.
type Combatant struct {
	Fighter Fighter `json:"fighter"`
	// VP and DP are the current points.
	VP int `json:"vp"`
	DP int `json:"dp"`
	// Action is the action under way; absent when there is none.
	Action *Action `json:"action,omitempty"`
	// ReadyAt is the first segment it may start an action (when its last
	// action landed, later when pushed back while idle).
	ReadyAt int `json:"ready_at"`
	// SurprisedUntil and StunnedUntil: no action may start before them.
	SurprisedUntil int `json:"surprised_until"`
	StunnedUntil   int `json:"stunned_until"`
	// Penalty is taken off its action rolls' Q until a Perception save at
	// that penalty succeeds (from reduced surprise or a hurried action).
	Penalty int `json:"penalty"`
	// Pushback are the pushback points taken since its action under way
	// started (or since it went idle); PushedBy the segments they have
	// already delayed it.
	Pushback int `json:"pushback"`
	PushedBy int `json:"pushed_by"`
	// IllusoryVP and IllusoryDP are illusory damage still believed.
	IllusoryVP int `json:"illusory_vp"`
	IllusoryDP int `json:"illusory_dp"`
}

// Action is an action under way.
type Action struct {
	// Kind is attack, move or other.
	Kind string `json:"kind"`
	// Name is the weapon or what is being done.
	Name   string `json:"name"`
	Target string `json:"target"`
	// Started and Lands are segments; Time the performance time after
	// hurrying, Q spent on time and care.
	Started int `json:"started"`
	Time    int `json:"time"`
	Lands   int `json:"lands"`
	// Careful is the delay of a careful attack; CarefulFrom the segment
	// the attack would have landed without it. Damage taken after
	// CarefulFrom loses the attack (Lost).
	Careful     int  `json:"careful"`
	CarefulFrom int  `json:"careful_from"`
	Lost        bool `json:"lost"`
	// Q is the action roll's Quality (0 when none was rolled); Defense
	// is Q spent on Defense while the action is under way.
	Q       int `json:"q"`
	Defense int `json:"defense"`
	// Outcome says what happens when it lands.
	Outcome string `json:"outcome"`
}

// Effect is an ongoing effect that must be paid for every round.
type Effect struct {
	Holder string `json:"holder"`
	Name   string `json:"name"`
	Since  int    `json:"since"`
}

// Event is one entry of the log.
type Event struct {
	// Seq numbers events from 1.
	Seq     int `json:"seq"`
	Segment int `json:"segment"`
	// Kind is new, act, land, payment, damage, surprise, disbelieve,
	// drop_effect or end_round.
	Kind    string `json:"kind"`
	Actor   string `json:"actor,omitempty"`
	Target  string `json:"target,omitempty"`
	Summary string `json:"summary"`
	// Seed is the seed of the roller, when seeded dice were rolled.
	Seed *uint64 `json:"seed,omitempty"`
	// Dice are the dice rolled, with their purpose, in order.
	Dice  []dice.Rolled `json:"dice,omitempty"`
	Steps ruling.Steps  `json:"steps,omitempty"`
	// Details is the full typed record, with snake_case keys.
	Details json.RawMessage `json:"details,omitempty"`
}

var fileFormat = jsonfile.Format{What: "mns encounter", MaxSize: MaxFileSize,
	EmptyHint: " (make one with `spandex mns new`)"}

var combatantsFormat = jsonfile.Format{What: "combatants", MaxSize: MaxFileSize,
	EmptyHint: " (see docs/mns.md for the format)"}

// Decode parses an mns encounter file strictly and validates it. It
// never panics.
func Decode(data []byte) (*Encounter, error) {
	e := &Encounter{}
	if err := jsonfile.Decode(data, e, fileFormat); err != nil {
		return nil, err
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	return e, nil
}

// Encode writes the encounter as indented JSON with a trailing newline.
func Encode(e *Encounter) ([]byte, error) {
	b, _, err := EncodeMax(e, math.MaxInt)
	return b, err
}

// EncodeMax is Encode for a file of at most max bytes: data is nil when
// the file would be larger, n its size either way (jsonfile.EncodeMax).
func EncodeMax(e *Encounter, max int) (data []byte, n int, err error) {
	if e.Schema == 0 {
		e.Schema = SchemaVersion
	}
	if e.Log == nil {
		e.Log = []Event{}
	}
	if e.Effects == nil {
		e.Effects = []Effect{}
	}
	for i := range e.Combatants {
		if e.Combatants[i].Fighter.Weapons == nil {
			e.Combatants[i].Fighter.Weapons = []Weapon{}
		}
	}
	b, n, err := jsonfile.EncodeMax(e, max)
	if err != nil {
		return nil, 0, fmt.Errorf("encoding mns encounter: %w", err)
	}
	return b, n, nil
}

// DecodeCombatants parses a combatant file strictly and validates it.
func DecodeCombatants(data []byte) (*CombatantsFile, error) {
	f := &CombatantsFile{}
	if err := jsonfile.Decode(data, f, combatantsFormat); err != nil {
		return nil, err
	}
	var v jsonfile.Checker
	v.Schema(f.Schema, CombatantsSchemaVersion, "combatants")
	if len(f.Combatants) == 0 {
		v.Fail("$.combatants", "no combatants")
	}
	if len(f.Combatants) > MaxCombatants {
		v.Fail("$.combatants", "%d combatants; at most %d", len(f.Combatants), MaxCombatants)
	}
	ids := map[string]bool{}
	for i, c := range f.Combatants {
		p := fmt.Sprintf("$.combatants[%d]", i)
		c.check(&v, p)
		if ids[c.ID] {
			v.Fail(p+".id", "%q is used twice", c.ID)
		}
		ids[c.ID] = true
	}
	if err := v.Result(); err != nil {
		return nil, err
	}
	return f, nil
}

// idPattern is compiled on first use: every spandex call links this
// package, few read a Men & Supermen file.
var idPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`) })

// ValidID reports whether s may be a combatant id.
func ValidID(s string) bool { return len(s) <= 64 && idPattern().MatchString(s) }

const statLimit = 1_000_000

func (f Fighter) check(v *jsonfile.Checker, p string) {
	if !ValidID(f.ID) {
		v.Fail(p+".id", "%q: an id is lower-case letters, digits and dashes", f.ID)
	}
	for _, s := range []struct {
		name   string
		val    int
		lo, hi int
	}{
		{"attack", f.Attack, -statLimit, statLimit}, {"defense", f.Defense, -statLimit, statLimit},
		{"combat_roll", f.CombatRoll, -statLimit, statLimit}, {"pool", f.Pool, -statLimit, statLimit},
		{"vp", f.VP, 0, statLimit}, {"dp", f.DP, 0, statLimit}, {"ignore_damage", f.IgnoreDamage, 0, statLimit},
		{"agility", f.Agility, -statLimit, statLimit}, {"strength", f.Strength, -statLimit, statLimit},
		{"perception", f.Perception, -statLimit, statLimit}, {"learning", f.Learning, -statLimit, statLimit},
		{"throwback", f.Throwback, -statLimit, statLimit},
	} {
		v.Range(p+"."+s.name, s.val, s.lo, s.hi)
	}
	if f.SkinTemper < 0 || f.SkinTemper > 1000 || f.SkinTemper != f.SkinTemper {
		v.Fail(p+".skin_temper", "%v is not a multiplier from 0 to 1000", f.SkinTemper)
	}
	names := map[string]bool{}
	for i, w := range f.Weapons {
		wp := fmt.Sprintf("%s.weapons[%d]", p, i)
		w.check(v, wp)
		if names[w.Name] {
			v.Fail(wp+".name", "%q is listed twice", w.Name)
		}
		names[w.Name] = true
	}
}

// Validate checks the encounter's structure and returns the first problem
// as a *jsonfile.FieldError.
func (e *Encounter) Validate() error {
	var v jsonfile.Checker
	v.Schema(e.Schema, SchemaVersion, "mns encounter")
	v.Range("$.segment", e.Segment, 0, MaxSegment)
	if len(e.Combatants) == 0 {
		v.Fail("$.combatants", "no combatants")
	}
	if len(e.Combatants) > MaxCombatants {
		v.Fail("$.combatants", "%d combatants; at most %d", len(e.Combatants), MaxCombatants)
	}
	ids := map[string]bool{}
	for i, c := range e.Combatants {
		p := fmt.Sprintf("$.combatants[%d]", i)
		c.Fighter.check(&v, p+".fighter")
		if ids[c.Fighter.ID] {
			v.Fail(p+".fighter.id", "%q is used twice", c.Fighter.ID)
		}
		ids[c.Fighter.ID] = true
		v.Range(p+".vp", c.VP, 0, c.Fighter.VP)
		v.Range(p+".dp", c.DP, -c.Fighter.DP, c.Fighter.DP)
		for _, s := range []struct {
			name string
			val  int
		}{{"ready_at", c.ReadyAt}, {"surprised_until", c.SurprisedUntil}, {"stunned_until", c.StunnedUntil},
			{"penalty", c.Penalty}, {"pushback", c.Pushback}, {"pushed_by", c.PushedBy},
			{"illusory_vp", c.IllusoryVP}, {"illusory_dp", c.IllusoryDP}} {
			v.Range(p+"."+s.name, s.val, 0, MaxSegment)
		}
		if a := c.Action; a != nil {
			ap := p + ".action"
			switch a.Kind {
			case "attack", "move", "other":
			default:
				v.Fail(ap+".kind", "%q is not one of attack, move, other", a.Kind)
			}
			v.Range(ap+".started", a.Started, 0, MaxSegment)
			v.Range(ap+".time", a.Time, 1, MaxSegment)
			v.Range(ap+".lands", a.Lands, a.Started+1, 2*MaxSegment)
			if a.Lands <= e.Segment {
				v.Fail(ap+".lands", "segment %d is not after now (segment %d)", a.Lands, e.Segment)
			}
		}
	}
	for i, c := range e.Combatants {
		if a := c.Action; a != nil && a.Target != "" && !ids[a.Target] {
			v.Fail(fmt.Sprintf("$.combatants[%d].action.target", i), "%q is not a combatant", a.Target)
		}
	}
	for i, ef := range e.Effects {
		p := fmt.Sprintf("$.effects[%d]", i)
		if !ids[ef.Holder] {
			v.Fail(p+".holder", "%q is not a combatant", ef.Holder)
		}
		if strings.TrimSpace(ef.Name) == "" {
			v.Fail(p+".name", "empty")
		}
	}
	for i, ev := range e.Log {
		if ev.Seq != i+1 {
			v.Fail(fmt.Sprintf("$.log[%d].seq", i), "%d, expected %d", ev.Seq, i+1)
		}
	}
	return v.Result()
}

// Find returns the combatant with the id, or nil.
func (e *Encounter) Find(id string) *Combatant {
	for i := range e.Combatants {
		if e.Combatants[i].Fighter.ID == id {
			return &e.Combatants[i]
		}
	}
	return nil
}

// must finds a combatant or says which ids there are.
func (e *Encounter) must(id, flag string) (*Combatant, error) {
	if c := e.Find(id); c != nil {
		return c, nil
	}
	ids := make([]string, len(e.Combatants))
	for i, c := range e.Combatants {
		ids[i] = c.Fighter.ID
	}
	return nil, refusal.Errorf("%s %q: no such combatant (there are %s)", flag, id, strings.Join(ids, ", "))
}

// Track is the combatant's VP and DP.
func (c *Combatant) Track() Track {
	return Track{VP: c.VP, MaxVP: c.Fighter.VP, DP: c.DP, MaxDP: c.Fighter.DP}
}

// add appends an event, numbering it and stamping the segment.
func (e *Encounter) add(ev Event) {
	if len(ev.Dice) == 0 {
		// The seed is reported only with the dice it rolled.
		ev.Seed = nil
	}
	ev.Seq = len(e.Log) + 1
	ev.Segment = e.Segment
	e.Log = append(e.Log, ev)
}

// mustJSON encodes a details record; the types here always encode.
func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// New starts an encounter at segment 0 from combatant files' fighters.
func New(name string, fighters []Fighter) (*Encounter, error) {
	if len(fighters) == 0 {
		return nil, refusal.Errorf("no combatants")
	}
	e := &Encounter{Schema: SchemaVersion, Name: name}
	for _, f := range fighters {
		if e.Find(f.ID) != nil {
			return nil, refusal.Errorf("combatant id %q is used twice", f.ID)
		}
		if f.Weapons == nil {
			f.Weapons = []Weapon{}
		}
		e.Combatants = append(e.Combatants, Combatant{Fighter: f, VP: f.VP, DP: f.DP})
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	e.add(Event{Kind: "new", Summary: fmt.Sprintf("segment 0: the fight begins with %d combatants", len(fighters)),
		Details: mustJSON(map[string]any{"combatants": len(fighters)})})
	return e, nil
}
