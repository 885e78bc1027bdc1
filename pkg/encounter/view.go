package encounter

import (
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// Turn is one combatant's place in the current phase.
type Turn struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Side string `json:"side"`
	// Panels it may take in this turn (after paying back what it owes).
	Panels int `json:"panels"`
	// Owed panels still to pay back before it can act.
	Owed int `json:"owed"`
	// CanDouble: a double-panel action fits in this turn.
	CanDouble bool `json:"can_double"`
	CanMove   bool `json:"can_move"`
}

// Next is who acts now and who follows in this phase (`fight next`).
type Next struct {
	Page  int   `json:"page"`
	Phase Phase `json:"phase"`
	// Initiative is this page's, once rolled.
	Initiative *Initiative `json:"initiative,omitempty"`
	// Actor is whose turn it is, if anyone's.
	Actor *Turn `json:"actor,omitempty"`
	// Queue is who acts after the actor in this phase, in order.
	Queue []Turn `json:"queue"`
	// Hint says what to do when nobody is acting.
	Hint string `json:"hint,omitempty"`
	// Standing are the sides still on their feet; Over is true when at
	// most one is.
	Standing []string `json:"standing"`
	Over     bool     `json:"over"`
	// Winner is the side left standing when the fight is over ("" while
	// it goes on, or when nobody is standing).
	Winner string `json:"winner"`
}

// NextTurn returns who acts now and who follows in this phase. A
// combatant that still owes panels is shown with the panels it will have
// once it has paid them back.
func (e *Encounter) NextTurn() Next {
	n := Next{Page: e.Page, Phase: e.Phase, Initiative: e.Initiative, Queue: []Turn{}, Standing: e.Standing()}
	if n.Standing == nil {
		n.Standing = []string{}
	}
	n.Over = len(n.Standing) <= 1
	n.Winner = e.Winner()
	cur := e.Current()
	if cur == nil || n.Over {
		n.Hint = e.hint()
		return n
	}
	seen := false
	for _, c := range e.order() {
		if c == cur {
			seen = true
			t := e.turnView(c)
			n.Actor = &t
			continue
		}
		if !seen || c.Panels.Done || e.PhaseLeft(c) == 0 {
			continue
		}
		n.Queue = append(n.Queue, e.turnView(c))
	}
	return n
}

func (e *Encounter) turnView(c *Combatant) Turn {
	left := e.PhaseLeft(c)
	owed := c.Panels.Owed
	pay := min(owed, left)
	left -= pay
	ok, _ := c.CanMove()
	return Turn{ID: c.ID, Name: c.Hero.Name, Side: c.Side, Panels: left, Owed: owed - pay, CanDouble: left >= 2, CanMove: ok}
}

// Status is one combatant's line in `fight status`.
type Status struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Side      string    `json:"side"`
	Kind      hero.Kind `json:"kind"`
	Condition string    `json:"condition"`
	// Out: out of the fight for now; OutReason says why (the encounter
	// file's out_reason words, "" while fighting).
	Out       bool   `json:"out"`
	OutReason string `json:"out_reason"`
	// Health and Stamina are current/max; mundane characters show hits.
	Health     int `json:"health"`
	HealthMax  int `json:"health_max"`
	Stamina    int `json:"stamina"`
	StaminaMax int `json:"stamina_max"`
	Hits       int `json:"hits"`
	// Panels: per page, used, left this page, saved (held over into this
	// page), held (into the next), owed, free reactions used.
	PerPage       int      `json:"per_page"`
	Used          int      `json:"used"`
	Left          int      `json:"left"`
	Saved         int      `json:"saved"`
	Held          int      `json:"held"`
	Owed          int      `json:"owed"`
	FreeReactions int      `json:"free_reactions"`
	Why           []string `json:"why,omitempty"`
	// Effects are the combatant's ongoing effects and lasting states, as
	// the encounter file holds them, each with its board text: an empty
	// list for none.
	Effects []EffectStatus `json:"effects"`
	// Form is the specific form of Shapechange the combatant is in
	// (p. 70): only its powers apply. "" without specific forms.
	Form string `json:"form"`
	// Vehicle is the combatant's vehicle (Vehicle, p. 77), aboard or
	// not, with its health left; absent without one.
	Vehicle *hero.Vehicle `json:"vehicle,omitempty"`
	// Pools are the combatant's point pools (psi, magic, energy...): an
	// empty list for none.
	Pools []PoolStatus `json:"pools"`
}

// EffectStatus is one ongoing effect or lasting state on the board: the
// encounter file's record and its short text ("mass ×2 (dense)").
type EffectStatus struct {
	Effect
	Text string `json:"text"`
}

// effectText is the board's short text for an effect on holder id: its
// name and the numbers that change in a fight.
func effectText(ef Effect, id string) string {
	name := ef.Name
	if ef.Multiplier > 0 {
		name += " ×" + strconv.Itoa(ef.Multiplier)
	}
	if ef.FlightPanels > 0 {
		name += " " + strconv.Itoa(ef.FlightPanels) + " flight panels left"
	}
	switch {
	case ef.Falling && ef.BuiltByUse:
		name += " falling a halving a panel"
	case ef.Falling:
		name += " falling " + strconv.Itoa(ef.FallSteps) + " halvings a page"
	}
	if ef.EscapeChance != nil {
		name += " escape " + strconv.Itoa(*ef.EscapeChance) + "%"
	}
	if ef.Health > 0 {
		name += " health " + strconv.Itoa(ef.Health)
	}
	if ef.ExtraPanels > 0 {
		name += " +" + strconv.Itoa(ef.ExtraPanels) + " panels"
	}
	if ef.MaxPages > 0 {
		name += " " + strconv.Itoa(ef.MaxPages) + " pages from " + strconv.Itoa(ef.Since)
	}
	if ef.Rephased {
		name += " re-phased"
	}
	if ef.Gift != nil {
		name += " " + ef.Gift.Gift
		if ef.Gift.Strength > 0 {
			name += " +" + strconv.Itoa(ef.Gift.Strength) + " STR"
		}
	}
	if ef.Spell != "" {
		name += " " + ef.Spell
	}
	if ef.Points > 0 {
		name += " " + strconv.Itoa(ef.Points) + " points"
	}
	if len(ef.Noticed) > 0 {
		name += " noticed by " + strings.Join(ef.Noticed, ", ")
	}
	if len(ef.Immune) > 0 {
		name += " not felt by " + strings.Join(ef.Immune, ", ")
	}
	if ef.Source != "" && ef.Source != id {
		name += " (" + ef.Source + ")"
	}
	return name
}

// PoolStatus is one point pool on the board.
type PoolStatus struct {
	Name    string `json:"name"`
	Current int    `json:"current"`
	Max     int    `json:"max"`
}

// String is the board's text: "psi 15/15".
func (p PoolStatus) String() string {
	return p.Name + " " + strconv.Itoa(p.Current) + "/" + strconv.Itoa(p.Max)
}

// Board is the whole fight at a glance (`fight status`).
type Board struct {
	Name       string      `json:"name,omitempty"`
	Page       int         `json:"page"`
	Phase      Phase       `json:"phase"`
	Initiative *Initiative `json:"initiative,omitempty"`
	Surprise   string      `json:"surprise,omitempty"`
	// Current is whose turn it is, if anyone's.
	Current  string   `json:"current,omitempty"`
	Standing []string `json:"standing"`
	// Sides counts each side's combatants standing.
	Sides      []SideCount `json:"sides"`
	Over       bool        `json:"over"`
	Winner     string      `json:"winner"`
	Combatants []Status    `json:"combatants"`
	// Objects are the objects and walls damaged in the fight (p. 39).
	Objects []Object `json:"objects"`
}

// Status returns the board.
func (e *Encounter) Status() Board {
	b := Board{Name: e.Name, Page: e.Page, Phase: e.Phase, Initiative: e.Initiative, Surprise: e.Surprise, Standing: e.Standing()}
	if b.Standing == nil {
		b.Standing = []string{}
	}
	b.Over = len(b.Standing) <= 1
	b.Sides = e.SideCounts()
	b.Winner = e.Winner()
	if c := e.Current(); c != nil && !b.Over {
		b.Current = c.ID
	}
	b.Objects = append([]Object{}, e.Objects...)
	b.Combatants = make([]Status, 0, len(e.Combatants))
	for i := range e.Combatants {
		c := &e.Combatants[i]
		h := &c.Hero
		s := Status{ID: c.ID, Name: h.Name, Side: c.Side, Kind: h.Kind, Condition: c.OutState(), Out: c.Out(), OutReason: c.Why(),
			Health: h.Health.Current, HealthMax: h.Health.Max, Stamina: h.Stamina.Current, StaminaMax: h.Stamina.Max,
			PerPage: c.Panels.PerPage, Used: c.Panels.Used, Left: c.Panels.Left(), Saved: c.Panels.Saved, Held: c.Panels.Held,
			Owed: c.Panels.Owed, FreeReactions: c.Panels.FreeReactions, Why: c.Panels.Why, Pools: []PoolStatus{}}
		if c.Out() {
			s.Left = 0
		}
		if h.Mundane != nil {
			s.Hits = h.Mundane.Hits
		}
		s.Effects = make([]EffectStatus, 0, len(c.Effects))
		for _, ef := range c.Effects {
			s.Effects = append(s.Effects, EffectStatus{Effect: ef, Text: effectText(ef, c.ID)})
		}
		for _, p := range h.Pools {
			s.Pools = append(s.Pools, PoolStatus{Name: p.Name, Current: p.Current, Max: p.Max})
		}
		s.Form = h.Form
		if h.Vehicle != nil {
			v := *h.Vehicle
			s.Vehicle = &v
		}
		b.Combatants = append(b.Combatants, s)
	}
	return b
}
