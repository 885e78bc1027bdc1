package encounter

import (
	"encoding/json"
	"sort"

	"github.com/codename-spandex/spandex/pkg/override"
)

// Report is a whole fight read back from its log (`fight report`): page
// by page, who acted and everything that happened with its ruling steps,
// and each combatant's health and stamina at the start of the fight and
// at the end of every page.
type Report struct {
	Name string `json:"name,omitempty"`
	// Page and Phase are where the fight stands now.
	Page       int                 `json:"page"`
	Phase      Phase               `json:"phase"`
	Standing   []string            `json:"standing"`
	Over       bool                `json:"over"`
	Sides      []string            `json:"sides"`
	Combatants []CombatantTimeline `json:"combatants"`
	Pages      []ReportPage        `json:"pages"`
}

// ReportPage is one page of the fight (0 is the surprise round, or the
// set-up before the first initiative).
type ReportPage struct {
	Page int `json:"page"`
	// Initiative is the page's, once rolled.
	Initiative *Initiative `json:"initiative,omitempty"`
	// Acted are the combatants who took panels this page, in the order
	// they first acted, with the panels each spent from this page's: a
	// reaction's owed panels count once, on the page they are paid back
	// (p. 31), and events an undo took back not at all.
	Acted  []Acted `json:"acted"`
	Events []Event `json:"events"`
	Ended  bool    `json:"ended"`
	// Conditions are the changes of condition attacks made this page
	// ("nefario: ok → stunned"), in order.
	Conditions []string `json:"conditions"`
}

// Acted is one combatant's part in a page.
type Acted struct {
	ID     string `json:"id"`
	Panels int    `json:"panels"`
}

// Vitals are health and stamina at one moment.
type Vitals struct {
	Health  int `json:"health"`
	Stamina int `json:"stamina"`
}

// PageVitals are a combatant's health and stamina at the end of a page
// (or now, for a page still being played).
type PageVitals struct {
	Page int `json:"page"`
	Vitals
}

// CombatantTimeline is one combatant over the fight.
type CombatantTimeline struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Side       string `json:"side"`
	Kind       string `json:"kind"`
	Mundane    bool   `json:"mundane"`
	HealthMax  int    `json:"health_max"`
	StaminaMax int    `json:"stamina_max"`
	// Thresholds: battered (health), dazed and stunned (stamina).
	Battered  int    `json:"battered"`
	Dazed     int    `json:"dazed"`
	Stunned   int    `json:"stunned"`
	Condition string `json:"condition"`
	// Start is before anything in the log touched it.
	Start Vitals       `json:"start"`
	Pages []PageVitals `json:"pages"`
}

// acting reports whether kind is an event kind in which a combatant takes
// (or owes) panels by its own choice: what "who acted" lists.
func acting(kind string) bool {
	switch kind {
	case KindMove, KindAction, KindAttack, KindSmash, KindMental, KindEscape, KindReaction, KindHold, KindEffect, KindLuck, KindLeave, KindRepay:
		return true
	}
	return false
}

// spent is what an event took from its actor's panels this page (p. 30).
// A reaction's panels (and those of an effect it must establish, or lost
// to a throw, or spent keeping an effect up) are owed, "not used until
// the character next gets to use their panels" (p. 31): they count when
// they are paid back (a repay event, or a pass at the end of the page
// that pays them from panels not taken), not twice.
func spent(ev Event) int {
	switch ev.Kind {
	case KindReaction, KindEffect, KindLost, KindUpkeep:
		return 0
	}
	return ev.Panels
}

// observation is a value the log records for a combatant: a health or
// stamina total before and after an event.
type observation struct {
	page            int
	health, stamina bool
	before, after   Vitals
}

// Report reads the fight back from its log. Events an undo took back
// are listed, marked (UndoneBy), but count for nothing: not in who
// acted, the conditions, the initiative or health and stamina.
//
// Health and stamina come from what the log records: an attack's
// defender before and after (its AttackRecord) and the end of page
// stamina recovery (its Recovery). A combatant's value at the end of a
// page is the last recorded one; its start is the first recorded
// "before"; the page being played (the last one) shows the encounter's
// current values, so anything the log does not itemise (a power's cost
// to its user, say) still shows up by then.
func (e *Encounter) Report() Report {
	r := Report{Name: e.Name, Page: e.Page, Phase: e.Phase, Standing: e.Standing(), Over: e.Over(),
		Sides: []string{}, Combatants: []CombatantTimeline{}, Pages: []ReportPage{}}
	if r.Standing == nil {
		r.Standing = []string{}
	}
	for _, s := range e.Sides {
		r.Sides = append(r.Sides, s.Name)
	}
	obs := map[string][]observation{}
	byPage := map[int]int{} // page -> index in r.Pages
	pageOf := func(p int) *ReportPage {
		i, ok := byPage[p]
		if !ok {
			i = len(r.Pages)
			byPage[p] = i
			r.Pages = append(r.Pages, ReportPage{Page: p, Acted: []Acted{}, Events: []Event{}, Conditions: []string{}})
		}
		return &r.Pages[i]
	}
	for _, ev := range e.Log {
		pg := pageOf(ev.Page)
		pg.Events = append(pg.Events, ev)
		if ev.UndoneBy != 0 {
			// Taken back: listed (marked) but it never happened, so
			// nothing below counts it.
			continue
		}
		switch ev.Kind {
		case KindInitiative:
			var ini Initiative
			if json.Unmarshal(ev.Details, &ini) == nil {
				pg.Initiative = &ini
			}
		case KindEndPage:
			pg.Ended = true
		case KindAttack:
			var rec AttackRecord
			if ev.Target != "" && json.Unmarshal(ev.Details, &rec) == nil {
				obs[ev.Target] = append(obs[ev.Target], observation{page: ev.Page, health: true, stamina: true,
					before: Vitals{rec.Before.Health, rec.Before.Stamina}, after: Vitals{rec.After.Health, rec.After.Stamina}})
			}
		case KindAdjust:
			obs[ev.Actor] = append(obs[ev.Actor], adjustObservations(ev)...)
		case KindRecovery:
			var rec Recovery
			if json.Unmarshal(ev.Details, &rec) == nil {
				obs[ev.Actor] = append(obs[ev.Actor], observation{page: ev.Page, stamina: true,
					before: Vitals{Stamina: rec.Before}, after: Vitals{Stamina: rec.After}})
			}
		}
		if (acting(ev.Kind) || spent(ev) > 0) && ev.Actor != "" {
			found := false
			for i := range pg.Acted {
				if pg.Acted[i].ID == ev.Actor {
					pg.Acted[i].Panels += spent(ev)
					found = true
				}
			}
			if !found {
				pg.Acted = append(pg.Acted, Acted{ID: ev.Actor, Panels: spent(ev)})
			}
		}
	}
	sort.SliceStable(r.Pages, func(i, j int) bool { return r.Pages[i].Page < r.Pages[j].Page })

	for i := range e.Combatants {
		c := &e.Combatants[i]
		h := &c.Hero
		t := CombatantTimeline{ID: c.ID, Name: h.Name, Side: c.Side, Kind: string(h.Kind), Mundane: h.Mundane != nil,
			HealthMax: h.Health.Max, StaminaMax: h.Stamina.Max, Battered: h.Health.Battered, Dazed: h.Stamina.Dazed,
			Stunned: h.Stamina.Stunned, Condition: c.OutState(), Pages: []PageVitals{}}
		now := Vitals{h.Health.Current, h.Stamina.Current}
		t.Start = now
		os := obs[c.ID]
		// The start: the first recorded "before" of each.
		for _, field := range []bool{true, false} {
			for _, o := range os {
				if field && o.health {
					t.Start.Health = o.before.Health
					break
				}
				if !field && o.stamina {
					t.Start.Stamina = o.before.Stamina
					break
				}
			}
		}
		cur := t.Start
		k := 0
		for pi, pg := range r.Pages {
			for k < len(os) && os[k].page <= pg.Page {
				if os[k].health {
					cur.Health = os[k].after.Health
				}
				if os[k].stamina {
					cur.Stamina = os[k].after.Stamina
				}
				k++
			}
			v := cur
			if pi == len(r.Pages)-1 {
				v = now
			}
			t.Pages = append(t.Pages, PageVitals{Page: pg.Page, Vitals: v})
		}
		r.Combatants = append(r.Combatants, t)
	}
	// The conditions attacks changed.
	for pi := range r.Pages {
		pg := &r.Pages[pi]
		for _, ev := range pg.Events {
			if ev.UndoneBy != 0 {
				continue
			}
			if ev.Kind == KindAdjust {
				var rec override.Record
				if json.Unmarshal(ev.Details, &rec) == nil && rec.ConditionBefore != rec.ConditionAfter {
					pg.Conditions = append(pg.Conditions, ev.Actor+": "+rec.ConditionBefore+" → "+rec.ConditionAfter+" (GM)")
				}
				continue
			}
			if ev.Kind != KindAttack {
				continue
			}
			var rec AttackRecord
			if json.Unmarshal(ev.Details, &rec) == nil && rec.Before.Condition != rec.After.Condition {
				pg.Conditions = append(pg.Conditions, ev.Target+": "+rec.Before.Condition+" → "+rec.After.Condition)
			}
		}
	}
	return r
}
