package mns

import (
	"fmt"
	"sort"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// PileEntry is one combatant's place in the pile.
type PileEntry struct {
	ID string `json:"id"`
	// Due is the segment its action under way lands, or the first segment
	// it may start one.
	Due int `json:"due"`
	// State is acting (an action is under way), ready (it may start one
	// now), surprised, stunned or waiting (pushed back while idle).
	State   string `json:"state"`
	Action  string `json:"action"`
	Agility int    `json:"agility"`
	// Order is its place in the file, the last tie-break.
	Order int `json:"order"`
}

// Due is the segment combatant c is next due at, given that now is the
// current segment, and why.
func (c *Combatant) Due(now int) (int, string) {
	if c.Action != nil {
		return c.Action.Lands, "acting"
	}
	due, state := max(now, c.ReadyAt), "ready"
	if c.ReadyAt > now {
		state = "waiting"
	}
	if c.SurprisedUntil > due {
		due, state = c.SurprisedUntil, "surprised"
	}
	if c.StunnedUntil > due {
		due, state = c.StunnedUntil, "stunned"
	}
	return due, state
}

// Pile orders every combatant by the segment it is next due (SectionNPCs).
// The chapter gives no tie rule; spandex's is: on the same segment the
// higher Agility goes first, then the combatant listed first in the file.
func (e *Encounter) Pile() []PileEntry {
	out := make([]PileEntry, len(e.Combatants))
	for i := range e.Combatants {
		c := &e.Combatants[i]
		due, state := c.Due(e.Segment)
		what := ""
		if c.Action != nil {
			what = c.Action.describe()
		}
		out[i] = PileEntry{ID: c.Fighter.ID, Due: due, State: state, Action: what, Agility: c.Fighter.Agility, Order: i}
	}
	sort.SliceStable(out, func(i, j int) bool { return pileLess(out[i], out[j]) })
	return out
}

func pileLess(a, b PileEntry) bool {
	if a.Due != b.Due {
		return a.Due < b.Due
	}
	if a.Agility != b.Agility {
		return a.Agility > b.Agility
	}
	return a.Order < b.Order
}

// describe says what an action is, for people.
func (a *Action) describe() string {
	s := a.Kind
	if a.Name != "" {
		s += " " + a.Name
	}
	if a.Target != "" {
		s += " on " + a.Target
	}
	if a.Lost {
		s += " (lost)"
	}
	return s
}

// Next is what happens next on the clock: the first entry of the pile,
// and the payment segments that come before or on its segment.
type Next struct {
	Segment  int         `json:"segment"`
	Who      []PileEntry `json:"who"`
	Payments []Payment   `json:"payments"`
	Pile     []PileEntry `json:"pile"`
}

// Payment is a payment segment's reminder: the effects to pay for.
type Payment struct {
	Segment int      `json:"segment"`
	Effects []Effect `json:"effects"`
}

// WhatNext reports who is next due (every combatant tied on the first
// segment, in pile order) and the payments due on the way.
func (e *Encounter) WhatNext() Next {
	pile := e.Pile()
	n := Next{Segment: pile[0].Due, Pile: pile, Payments: []Payment{}}
	for _, p := range pile {
		if p.Due != n.Segment {
			break
		}
		n.Who = append(n.Who, p)
	}
	for _, s := range PaymentSegments(e.Segment, n.Segment) {
		n.Payments = append(n.Payments, Payment{Segment: s, Effects: e.effectsCopy()})
	}
	return n
}

func (e *Encounter) effectsCopy() []Effect {
	out := make([]Effect, len(e.Effects))
	copy(out, e.Effects)
	return out
}

// Advance moves the clock forward to segment to: every action landing on
// the way lands (in pile order, segment by segment) and every payment
// segment passed logs its reminder. The clock never goes backwards.
func (e *Encounter) Advance(to int) error {
	if to < e.Segment {
		return refusal.Errorf("segment %d is before now (segment %d): the clock never goes backwards", to, e.Segment)
	}
	if to > MaxSegment {
		return refusal.Errorf("segment %d is past the clock's end (%d, an hour of fighting)", to, MaxSegment)
	}
	if n := len(PaymentSegments(e.Segment, to)); n*(1+len(e.Effects)) > MaxPaymentReminders {
		return refusal.Errorf("moving the clock from segment %d to %d passes %d payment segments, each listing %d ongoing effects: more than %d reminders; drop effects no longer kept up (mns end-round --drop) or end the rounds one at a time", e.Segment, to, n, len(e.Effects), MaxPaymentReminders)
	}
	for {
		// The next landing or payment on the way.
		next := to + 1
		for i := range e.Combatants {
			if a := e.Combatants[i].Action; a != nil && a.Lands <= to && a.Lands < next {
				next = a.Lands
			}
		}
		if p := NextPayment(e.Segment); p <= to && p < next {
			next = p
		}
		if next > to {
			break
		}
		e.Segment = next
		for _, p := range e.Pile() {
			c := e.Find(p.ID)
			if c.Action != nil && c.Action.Lands == next {
				e.land(c)
			}
		}
		if next%RoundSegments == 0 {
			e.payment()
		}
	}
	e.Segment = to
	return nil
}

// land performs the combatant's action: it is logged, and the combatant
// is ready from this segment with its pushback spent.
func (e *Encounter) land(c *Combatant) {
	a := c.Action
	summary := fmt.Sprintf("segment %d: %s's %s lands", e.Segment, c.Fighter.ID, a.describe())
	if a.Outcome != "" {
		summary += ": " + a.Outcome
	}
	e.add(Event{Kind: "land", Actor: c.Fighter.ID, Target: a.Target, Summary: summary,
		Steps:   stepsOf("land", SectionActions, "action %s started on %d with time %d lands on %d", a.Kind, a.Started, a.Time, a.Lands),
		Details: mustJSON(map[string]any{"action": a})})
	c.Action = nil
	c.ReadyAt = e.Segment
	c.Pushback, c.PushedBy = 0, 0
}

// payment logs a payment segment and the effects to pay for.
func (e *Encounter) payment() {
	var b strings.Builder
	fmt.Fprintf(&b, "segment %d: payment segment", e.Segment)
	if len(e.Effects) == 0 {
		b.WriteString(", nothing to pay for")
	} else {
		b.WriteString(": pay for")
		for i, ef := range e.Effects {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s's %s", ef.Holder, ef.Name)
		}
	}
	e.add(Event{Kind: "payment", Summary: b.String(),
		Steps:   stepsOf("payment", SectionPayment, "every 50th segment from 50 is a payment segment; %d effects to pay", len(e.Effects)),
		Details: mustJSON(Payment{Segment: e.Segment, Effects: e.effectsCopy()})})
}

// EndRound moves the clock to the next payment segment (the end of the
// round), landing actions and logging the payment on the way.
func (e *Encounter) EndRound() error {
	to := NextPayment(e.Segment)
	before := e.Segment
	if err := e.Advance(to); err != nil {
		return err
	}
	e.add(Event{Kind: "end_round", Summary: fmt.Sprintf("segment %d: round %d ends (from segment %d)", to, to/RoundSegments, before),
		Steps:   stepsOf("round", SectionTime, "a round is %d segments; the clock moves from %d to %d", RoundSegments, before, to),
		Details: mustJSON(map[string]any{"from": before, "to": to, "round": to / RoundSegments})})
	return nil
}

// DropEffect ends the ongoing effect "HOLDER:NAME".
func (e *Encounter) DropEffect(spec string) error {
	return e.DropEffects([]string{spec})
}

// DropEffects ends the ongoing effects "HOLDER:NAME", in order, each the
// first of that holder and name still kept up, logging one event each;
// the error names the first spec that does not fit (nothing is dropped
// then). Linear in the effects and specs.
func (e *Encounter) DropEffects(specs []string) error {
	type key struct{ holder, name string }
	at := map[key][]int{}
	for i, ef := range e.Effects {
		k := key{ef.Holder, ef.Name}
		at[k] = append(at[k], i)
	}
	dropped := make([]bool, len(e.Effects))
	order := make([]int, 0, len(specs))
	for _, spec := range specs {
		holder, name, ok := strings.Cut(spec, ":")
		if !ok || holder == "" || name == "" {
			return &DropError{Spec: spec, Msg: "give HOLDER:EFFECT"}
		}
		k := key{holder, name}
		if len(at[k]) == 0 {
			return &DropError{Spec: spec, Msg: fmt.Sprintf("%s keeps up no effect %q", holder, name)}
		}
		i := at[k][0]
		at[k] = at[k][1:]
		dropped[i] = true
		order = append(order, i)
	}
	for _, i := range order {
		ef := e.Effects[i]
		e.add(Event{Kind: "drop_effect", Actor: ef.Holder, Summary: fmt.Sprintf("segment %d: %s stops keeping up %s", e.Segment, ef.Holder, ef.Name),
			Steps: stepsOf("effect", SectionPayment, "an effect no longer kept up is no longer paid for"), Details: mustJSON(ef)})
	}
	kept := e.Effects[:0]
	for i, ef := range e.Effects {
		if !dropped[i] {
			kept = append(kept, ef)
		}
	}
	e.Effects = kept
	return nil
}

// DropError is a --drop that names no effect kept up.
type DropError struct{ Spec, Msg string }

func (e *DropError) Error() string { return e.Msg }
