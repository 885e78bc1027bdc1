package encounter

// Weather Control in a fight (p. 78): a gale or fog, once summoned, acts
// on every attack and move in the fight by itself. Positions are the GM's,
// so the fight reads every combatant as inside the 20 m area (the area
// moves with its maker); an attack or move outside it is the GM's to
// correct (docs/rules-notes.md, "Weather in a fight").

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/rulebook"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// weatherRule is Weather Control's row of powerRules: summoning a gale
// again while it is up is rank 2's extra concentration (p. 78).
var weatherRule = powerRule{
	Use: func(d *doing) error {
		var err error
		if d.gale, err = strengthenGale(d.e, d.c, d.a); err != nil {
			return err
		}
		if d.gale != nil {
			if d.a.Panels == 0 {
				d.n, d.ev.Panels = 1, 1
			}
			d.steps = ruling.Steps{{Rule: "panels", Page: "p. 78", Text: fmt.Sprintf("%s concentrating on the gale beyond its upkeep: -1 to hit and -1 m movement each", plural(d.n, "extra panel"))}}
		}
		return nil
	},
	Used: func(d *doing, _ dice.Roller) error {
		if d.gale != nil {
			d.gale.ExtraPanels += d.n
			d.ev.Summary += fmt.Sprintf(": a stronger gale, %d extra panels in all (-%d more to hit, -%d m movement, p. 78)", d.gale.ExtraPanels, d.gale.ExtraPanels, d.gale.ExtraPanels)
		}
		return nil
	},
}

// The weather effects (p. 78).
const (
	EffectGale = "gale"
	EffectFog  = "fog"
)

// weather applies the gales and fogs in the fight to an attack by att:
// fog gives everyone -2; a gale gives -2 (and -1 per extra panel its
// maker concentrated, rank 2) to everyone but its maker's own melee
// attacks, since the maker stands in the eye of the storm.
func (e *Encounter) weather(att *Combatant, req *combat.Request) ruling.Steps {
	var steps ruling.Steps
	ranged := false
	if a := att.Hero.FindAttack(req.Attack); a != nil {
		ranged = a.Ranged
	}
	for i := range e.Combatants {
		for _, ef := range e.Combatants[i].Effects {
			switch {
			case ef.Name == EffectFog:
				if !req.Situation.Gale {
					steps.Add("weather", "p. 78", "%s's fog is up: -2 on every to-hit roll", ef.Source)
				}
				req.Situation.Gale = true
			case ef.Name == EffectGale && (ef.Source != att.ID || ranged):
				if !req.Situation.Gale || ef.ExtraPanels > req.Situation.GaleExtra {
					steps.Add("weather", "p. 78", "%s's gale is up: -2 on to-hit rolls in or into it%s", ef.Source, galeExtraText(ef.ExtraPanels))
				}
				req.Situation.Gale = true
				req.Situation.GaleExtra = max(req.Situation.GaleExtra, ef.ExtraPanels)
			}
		}
	}
	return steps
}

func galeExtraText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", -%d more for %d extra panels concentrating (rank 2)", n, n)
}

// galeSpeed is c's movement in a panel under the gales of others: half,
// and 1 m less per extra panel their makers concentrated (p. 78); a gale's
// maker moves freely in its eye. why is "" when no gale slows c.
func (e *Encounter) galeSpeed(c *Combatant, speed int) (int, string) {
	why := ""
	for i := range e.Combatants {
		for _, ef := range e.Combatants[i].Effects {
			if ef.Name != EffectGale || ef.Source == c.ID {
				continue
			}
			if why == "" {
				speed /= 2
				why = fmt.Sprintf("halved in %s's gale", ef.Source)
			}
			if ef.ExtraPanels > 0 {
				speed = max(speed-ef.ExtraPanels, 0)
				why += fmt.Sprintf(", -%d m for its extra panels", ef.ExtraPanels)
			}
		}
	}
	return speed, why
}

// strengthenGale finds the gale c keeps up when it summons one again:
// at rank 2 the panels are extra concentration, -1 to hit and -1 m
// movement each (p. 78). -1, nil when c keeps no gale.
func strengthenGale(e *Encounter, c *Combatant, a ActionRecord) (*Effect, error) {
	if a.Power != rulebook.PowerWeatherControl || a.Effect != EffectGale {
		return nil, nil
	}
	for i := range e.Combatants {
		for j := range e.Combatants[i].Effects {
			ef := &e.Combatants[i].Effects[j]
			if ef.Name != EffectGale || ef.Source != c.ID {
				continue
			}
			if r := c.Hero.PowerRank(rulebook.PowerWeatherControl); r < 2 {
				return nil, refusal.Errorf("%s's gale is already up; only Weather Control rank 2 strengthens it with extra panels (p. 78)", c.ID)
			}
			return ef, nil
		}
	}
	return nil, nil
}
