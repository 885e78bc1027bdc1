package encounter

import (
	"strings"

	"fmt"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The kinds of Action.
const (
	ActMove    = "move"    // move up to your movement speed: 1 panel
	ActPickUp  = "pick-up" // pick up an object: 1 panel
	ActGrab    = "grab"    // grab an object (automatic): 1 panel
	ActPower   = "power"   // use or switch on a power: a double-panel unless it says otherwise
	ActOther   = "other"   // anything else, for the panels the GM rules (1 or 2)
	ActPass    = "pass"    // end this turn
	ActHold    = "hold"    // end this turn, holding a panel into the next page
	ActNothing = ""
)

// ActionRecord is an action as its event's details keep it in the file:
// every kind's fields side by side, the kind named by Kind. Do takes the
// typed actions (Move, UsePower, ...); a record read back from a file
// turns into its typed action with Typed.
type ActionRecord struct {
	Actor string `json:"actor"`
	Kind  string `json:"kind"`
	// Metres moved (move). Teleport makes the move a teleport (pp. 76-77;
	// also when farther than the speed and Teleport is the only power that
	// goes farther), Upwards a vertical one (twice the stamina).
	Metres   int  `json:"metres"`
	Teleport bool `json:"teleport"`
	Upwards  bool `json:"upwards"`
	// A teleport's load and blindness (pp. 76-77): Carry are the
	// combatants taken along (each at its own mass, combat.MassNow),
	// CarryKg the mass of objects taken along, Blind a teleport into an
	// area the teleporter cannot see and knows nothing of.
	Carry   []string `json:"carry,omitempty"`
	CarryKg int      `json:"carry_kg"`
	Blind   bool     `json:"blind"`
	// Glide makes the move a Retractable Glider's flight: 10 m a panel at
	// most, the flight clock (20+4d10 panels) rolled when gliding starts
	// (p. 52).
	Glide bool `json:"glide"`
	// Stretch makes the move an Elasticity stretch: a panel, rank 2 losing
	// stamina beyond 20 m (p. 55).
	Stretch bool `json:"stretch"`
	// Target is a combatant a power's effect goes on.
	Target string `json:"target"`
	// Object picked up or grabbed.
	Object string `json:"object"`
	// Power used, its Effect (a PresetEffect name) and the Points spent
	// from its Pool.
	Power  rulebook.PowerID `json:"power"`
	Effect string           `json:"effect"`
	Points int              `json:"points"`
	Pool   string           `json:"pool"`
	// Form is the specific form Shapechange switches to (p. 70).
	Form string `json:"form"`
	// Panels is the time of an "other" action, or of a power that says it
	// takes a single panel.
	Panels int `json:"panels"`
	// Count is how many duplicates Duplication makes (default 1).
	Count int `json:"count"`
	// A mental power's details (combat.MentalInput): the mass Telekinesis
	// moves, the pool Psychic Drain empties, Transmutation's modifiers,
	// Empathy's or Telepathy's mode, the target actively resisting (a
	// double-panel reaction, p. 43) or willing.
	MassKg    int      `json:"mass_kg"`
	Drain     string   `json:"drain"`
	Modifiers []string `json:"modifiers,omitempty"`
	Mode      string   `json:"mode"`
	Resist    bool     `json:"resist"`
	Willing   bool     `json:"willing"`
	// AttackerHeroPoints and DefenderHeroPoints re-roll the actor's and
	// the target's own d20 of a will contest, the higher kept; the
	// Opponent points make the other side re-roll its d20, the lower kept
	// (p. 14; combat.PsychicInput).
	AttackerHeroPoints         int `json:"attacker_hero_points"`
	DefenderHeroPoints         int `json:"defender_hero_points"`
	AttackerOpponentHeroPoints int `json:"attacker_opponent_hero_points"`
	DefenderOpponentHeroPoints int `json:"defender_opponent_hero_points"`
	// An illusion's Radius and Distance in metres (0: the base 2 m and
	// 20 m, pp. 63, 67; its kind is Mode); Hurt: a hallucination's psychic
	// attack hurts on a success (p. 68); Spell: the spell a cancel ends
	// (p. 62); Gift: Bestow Gift's gift (p. 63).
	Radius   int    `json:"radius"`
	Distance int    `json:"distance"`
	Hurt     bool   `json:"hurt"`
	Spell    string `json:"spell,omitempty"`
	Gift     string `json:"gift,omitempty"`
	// Note is the GM's description.
	Note string `json:"note"`
}

// cost returns the panels an action takes, from the rulebook's action
// costs (pp. 30-31, 43).
func (a ActionRecord) cost() (int, string, error) {
	slug := ""
	switch a.Kind {
	case ActMove:
		slug = "move"
	case ActPickUp:
		slug = "pick-up"
	case ActGrab:
		slug = "grab"
	case ActPower:
		if a.Panels != 0 {
			if a.Panels != 1 && a.Panels != 2 {
				return 0, "", refusal.Errorf("panels: %d; a power takes a panel or a double-panel (2)", a.Panels)
			}
			return a.Panels, "as the power's description says", nil
		}
		slug = "use-power"
	case ActOther:
		if a.Panels != 1 && a.Panels != 2 {
			return 0, "", refusal.Errorf("panels: give 1 or 2 for an action of your own (got %d)", a.Panels)
		}
		return a.Panels, "as the GM rules (p. 31)", nil
	default:
		return 0, "", refusal.Errorf("unknown action %q", a.Kind)
	}
	ac, ok := rulebook.ActionCostBySlug(slug)
	if !ok {
		return 0, "", refusal.Errorf("rulebook has no action cost %q", slug)
	}
	return ac.Panels, ac.Action + " (pp. 30-31)", nil
}

// turnOf checks that it is id's turn and pays back anything it owes.
func (e *Encounter) turnOf(id string) (*Combatant, error) {
	if err := e.overErr(); err != nil {
		return nil, err
	}
	c := e.Find(id)
	if c == nil {
		return nil, e.unknown(id)
	}
	cur := e.Current()
	if cur == nil {
		return nil, phaseErrorf("nobody acts now: %s", e.hint())
	}
	if cur.ID != c.ID {
		return nil, phaseErrorf("it is %s's turn (%s left in the %s phase), not %s's", cur.ID, plural(e.PhaseLeft(cur), "panel"), e.Phase, c.ID)
	}
	e.repay(c)
	return c, nil
}

// Winner is the one side still standing when the fight is over, or ""
// (no side is standing, or the fight goes on).
func (e *Encounter) Winner() string {
	if st := e.Standing(); len(st) == 1 {
		return st[0]
	}
	return ""
}

// OverText says the fight is over and who won ("" while it goes on).
func (e *Encounter) OverText() string {
	if !e.Over() {
		return ""
	}
	if w := e.Winner(); w != "" {
		return fmt.Sprintf("the fight is over: %s won (every other side is out)", w)
	}
	return "the fight is over: nobody is left standing"
}

// overErr refuses to go on with a fight that is over.
func (e *Encounter) overErr() error {
	if t := e.OverText(); t != "" {
		return phaseErrorf("%s", t)
	}
	return nil
}

// hint says what the GM does next when nobody is acting.
func (e *Encounter) hint() string {
	if t := e.OverText(); t != "" {
		return t
	}
	switch e.Phase {
	case PhaseSurprise:
		return "the surprise round is over; roll initiative (`fight initiative`)"
	case PhaseInitiative:
		return fmt.Sprintf("page %d has begun; roll initiative (`fight initiative`)", e.Page)
	case PhaseEnd:
		return fmt.Sprintf("everyone has acted on page %d; end the page (`fight end-page`)", e.Page)
	}
	return "someone acts"
}

// spend takes n panels of c's turn; a double-panel needs two panels in
// this turn, it cannot straddle a break (p. 31).
func (e *Encounter) spend(c *Combatant, n int) error {
	if err := e.canSpend(c, n); err != nil {
		return err
	}
	c.Panels.Used += n
	e.panelsPassed(c, n)
	return nil
}

// canSpend checks that n panels fit in c's turn now.
func (e *Encounter) canSpend(c *Combatant, n int) error {
	left := e.PhaseLeft(c)
	if n > left {
		if n == rulebook.DoublePanel && left == 1 {
			how := "pass now and take the double-panel in your remaining panels after the losers act"
			if e.Phase != PhaseAdvance {
				how = "hold the panel into the next page (`--hold`) to combine it with your first panel there"
			}
			return refusal.Errorf("%s has 1 panel left in this turn and a double-panel needs two consecutive panels; it cannot be started now and finished later (p. 31): %s", c.ID, how)
		}
		return refusal.Errorf("%s has %s left in this turn, not %d", c.ID, plural(left, "panel"), n)
	}
	return nil
}

// endAction closes an action: a combatant with nothing left is done, and
// the page moves on.
func (e *Encounter) endAction(c *Combatant) {
	if e.PhaseLeft(c) == 0 {
		c.Panels.Done = true
	}
	e.refreshAll()
}

// Do performs one action on the actor's turn and logs it: a Move,
// UsePower, PickUp, GrabThing, Other or Pass, or a StrikeAction (an
// attack, a grab of a combatant, a finishing move: see Attack) or a Smash
// (see Smash). An ActionRecord is done as its typed action.
//
// Dice: none, except that a power starting a mass or gravity effect may
// roll the target's will (see AddEffect).
func (e *Encounter) Do(ctx Ctx, act Action) error {
	switch x := act.(type) {
	case ActionRecord:
		typed, err := x.Typed()
		if err != nil {
			return err
		}
		return e.Do(ctx, typed)
	case StrikeAction:
		_, err := e.strikeAction(ctx, x)
		return err
	case Smash:
		_, err := e.Smash(ctx, x)
		return err
	case BreakFree:
		return e.BreakFree(ctx, x.Actor)
	case Aid:
		return e.Aid(ctx, x)
	}
	a := act.record()
	c, err := e.turnOf(a.Actor)
	if err != nil {
		return err
	}
	if p, ok := act.(Pass); ok {
		return e.pass(c, p.Hold)
	}
	n, why, err := a.cost()
	if err != nil {
		return err
	}
	d := e.newDoing()
	*d = doing{e: e, ctx: ctx, c: c, a: a, n: n, ev: Event{Kind: KindAction, Actor: c.ID, Panels: n}}
	if e.batch == nil { // a simulated fight keeps no event to explain
		// The step's page is the Panels Table's: a reason that cites it
		// already is not cited twice ("... (pp. 30-31) (pp. 30-31)").
		d.steps.Add("panels", "pp. 30-31", "%s: %s", plural(n, "panel"), strings.TrimSuffix(why, " (pp. 30-31)"))
	}
	if a.Target != "" {
		if d.target = e.Find(a.Target); d.target == nil {
			return e.unknown(a.Target)
		}
		d.ev.Target = d.target.ID
	}
	// Check everything before spending.
	switch act.(type) {
	case Move:
		err = d.checkMove()
	case UsePower:
		err = d.checkPower()
	default:
		err = d.checkThing()
	}
	if err != nil || d.done {
		return err
	}
	if err := e.spend(c, d.n); err != nil {
		return err
	}
	rec := dice.NewRecorder(ctx.Roller)
	d.effectOn = d.a.Effect != "" && d.toggle == nil && d.gale == nil && !d.effectHooked
	switch act.(type) {
	case Move:
		err = d.applyMove(rec)
	case UsePower:
		err = d.applyPower(rec)
	}
	if err != nil {
		return err
	}
	return d.finish(rec)
}

// doing is one action on its way through Do: what its checks found, for
// the changes made once its panels are spent.
type doing struct {
	e      *Encounter
	ctx    Ctx
	c      *Combatant
	a      ActionRecord
	target *Combatant
	// n panels, the ruling's steps and the event logged.
	n     int
	steps ruling.Steps
	ev    Event
	// done: the check handed the whole action on (a spell, a mental
	// power, a form switch ...), which logged it itself.
	done bool
	// What the checks prepared.
	teleport    *combat.TeleportCost
	raise, gale *Effect
	toggle      *stateSwitch
	// moved is the rule of the power a move is made by, and moveCost the
	// stamina it costs, paid once its panels are spent.
	moved    powerRule
	moveCost int
	effectOn bool
	// gliding: the mover was in flight before the glide (its panels may
	// be the last of the flight, p. 52).
	gliding bool
	// effectHooked: the power's Use hook took the --effect word as its
	// own (a force wall or shield dropped), not an effect to start.
	effectHooked bool
	// heldFall: the use holds the fall of a mass or gravity its user let
	// go of (massfall.go).
	heldFall bool
}

// handled marks the action as handed on whole.
func (d *doing) handled(err error) error {
	d.done = true
	return err
}

// checkMove checks a move, a teleport, a glide or a stretch (pp. 30,
// 52, 55, 76-77).
func (d *doing) checkMove() error {
	if ok, why := d.c.CanMove(); !ok {
		return refusal.Errorf("%s cannot move: %s", d.c.ID, why)
	}
	if d.a.Metres < 0 {
		return refusal.Errorf("metres: %d is negative", d.a.Metres)
	}
	if id := d.a.movePower(); id != "" {
		d.moved = powerRules()[id]
		return d.moved.Movement(d)
	}
	// In a specific form of Shapechange, the form's movement (p. 70).
	fh := d.c.Hero.InPlay()
	speed := fh.Combat.Movement
	if d.c.Hero.Condition.Dazed {
		speed /= 2
	}
	var walked *ruling.Step
	if !d.a.Teleport {
		var err error
		if speed, walked, err = d.walkRules(fh, speed); err != nil {
			return err
		}
	}
	astral := findEffect(d.c, EffectAstral) >= 0
	if astral && !d.a.Teleport {
		speed *= combat.AstralMoveFactor
	}
	galeWhy := ""
	if !d.a.Teleport {
		speed, galeWhy = d.e.galeSpeed(d.c, speed)
	}
	if isTeleport(fh, d.a, speed) {
		d.moved = powerRules()[rulebook.PowerTeleport]
		return d.moved.Movement(d)
	}
	if len(d.a.Carry) > 0 || d.a.CarryKg != 0 || d.a.Blind {
		return refusal.Errorf("carry, carry-kg and blind go with a teleport (pp. 76-77)")
	}
	if d.a.Upwards {
		return refusal.Errorf("upwards: only a teleport pays for going up (pp. 76-77)")
	}
	if d.a.Metres > speed && !hasMovementPower(fh) {
		if galeWhy != "" {
			galeWhy = ", " + galeWhy + " (p. 78)"
		}
		return refusal.Errorf("%s moves at most %d m in a panel (movement %d%s%s, p. 30)", d.c.ID, speed, fh.Combat.Movement, map[bool]string{true: ", halved while dazed"}[d.c.Hero.Condition.Dazed], galeWhy)
	}
	d.ev.Kind = KindMove
	d.ev.Summary = fmt.Sprintf("%s moves %d m", d.c.ID, d.a.Metres)
	if walked != nil {
		d.steps = append(d.steps, *walked)
	} else if astral {
		d.steps.Add("move", "p. 62", "astral spirit: twice the movement, up to %d m a panel, through walls", speed)
	} else {
		d.steps.Add("move", "p. 30", "up to %d m a panel", speed)
	}
	if galeWhy != "" {
		d.steps.Add("gale", "p. 78", "movement %s", galeWhy)
	}
	return nil
}

// checkThing checks picking up or grabbing a thing, or an action of the
// GM's own (pp. 31, 41).
func (d *doing) checkThing() error {
	switch d.a.Kind {
	case ActPickUp:
		if d.a.Object == "" {
			return refusal.Errorf("pick up: say what is picked up")
		}
		d.ev.Summary = fmt.Sprintf("%s picks up %s", d.c.ID, d.a.Object)
	case ActGrab:
		if d.target != nil {
			return refusal.Errorf("grabbing a combatant needs a to-hit roll: make it an attack (`fight act --attack %s --grab`)", d.target.ID)
		}
		if d.a.Object == "" {
			return refusal.Errorf("grab: say what is grabbed")
		}
		d.ev.Summary = fmt.Sprintf("%s grabs %s (automatic against anything not fighting back, p. 41)", d.c.ID, d.a.Object)
	case ActOther:
		if d.a.Note == "" {
			return refusal.Errorf("say what the action is")
		}
		d.ev.Summary = fmt.Sprintf("%s: %s", d.c.ID, d.a.Note)
	}
	return nil
}

// checkPower checks the use of a power (pp. 51-78); a spell, a mental
// power, a form switch, boarding a vehicle and the shields are handed on
// whole by their power's hooks (a spell or a mental power by the Begin of
// the power holding it: mentalUse).
func (d *doing) checkPower() error {
	var err error
	if d.a.Power == "" {
		return refusal.Errorf("power: name the power")
	}
	giftRegen := d.a.Power == rulebook.PowerSuperHealth && d.a.Effect == "" && hasGift(d.c, combat.GiftRegeneration)
	if d.c.Hero.PowerRank(d.a.Power) == 0 && !giftRegen {
		return refusal.Errorf("%s has no power %q", d.c.ID, d.a.Power)
	}
	if until := d.c.Cooldowns[string(d.a.Power)]; until > d.e.Page {
		return refusal.Errorf("%s cannot use %s again %s", d.c.ID, d.a.Power, cooldownText(until))
	}
	if d.a.Form != "" && d.a.Power != rulebook.PowerShapechange {
		return refusal.Errorf("form: only Shapechange switches forms (--power shapechange --form NAME)")
	}
	if act := powerRules()[d.a.Power].Act; act != nil {
		if err := act(d); err != nil || d.done {
			return err
		}
	}
	if err := combat.ShapechangeAllows(d.c.ID, &d.c.Hero, findEffect(d.c, combat.StateShapechanged) >= 0, d.a.Power); err != nil {
		return err
	}
	sw, ok, err := stateFor(d.c, d.a)
	if err != nil {
		return err
	}
	if ok {
		// A lasting state: the power's own time to switch it on or off
		// (a panel for Invisibility and Camouflage, a double-panel for
		// the rest).
		if d.a.Panels == 0 {
			d.n, d.ev.Panels = sw.info.Panels, sw.info.Panels
			d.steps = ruling.Steps{{Rule: "panels", Page: sw.info.Page, Text: fmt.Sprintf("%s: switching %s %s", plural(d.n, "panel"), sw.info.Name, map[bool]string{true: "on", false: "off"}[sw.on])}}
		}
		toggle := sw // a copy: only a switch goes to the heap
		d.toggle = &toggle
	}
	if begin := powerRules()[d.a.Power].Begin; begin != nil {
		if err := begin(d); err != nil || d.done {
			return err
		}
	}
	if err := d.spellDetails(); err != nil {
		return err
	}
	if d.a.Resist || d.a.Willing || d.a.MassKg != 0 || d.a.Drain != "" || len(d.a.Modifiers) > 0 || d.a.Mode != "" {
		return refusal.Errorf("resist, willing, mass, drain, modifiers and mode go with a psychic power, spell or device (--effect %s)", combat.MentalPowerSlugs())
	}
	if d.a.Points < 0 {
		return refusal.Errorf("points: %d is negative", d.a.Points)
	}
	if d.a.Points > 0 {
		p := d.c.Hero.FindPool(d.a.Pool)
		if p == nil {
			return refusal.Errorf("%s has no %q pool", d.c.ID, d.a.Pool)
		}
		limit := p.CapPerAction
		if limit == 0 {
			limit = rulebook.PoolCapPerAction
		}
		if d.a.Points > limit {
			return refusal.Errorf("%s can spend at most %d %s points in one action (p. 62)", d.c.ID, limit, d.a.Pool)
		}
		if err := checkAstralCap(d.c, d.a.Pool, d.a.Points); err != nil {
			return err
		}
		if d.a.Points > p.Current {
			return refusal.Errorf("%s has only %d %s points left (they refill every %d pages)", d.c.ID, p.Current, d.a.Pool, refillPages(p))
		}
	}
	if d.a.Count != 0 && d.a.Power != rulebook.PowerDuplication {
		return refusal.Errorf("count: only Duplication makes copies")
	}
	if use := powerRules()[d.a.Power].Use; use != nil {
		if err := use(d); err != nil {
			return err
		}
	}
	if d.a.Effect != "" && !d.effectHooked {
		if _, ok := PresetEffect(d.a.Effect); !ok {
			return refusal.Errorf("effect %q is not one the fight clock knows (%s)", d.a.Effect, "mass, gravity, denser, lighter, impervious, gale, fog, summoning, bestow-gift, mind-control")
		}
	}
	if d.effectHooked {
		return nil
	}
	d.ev.Summary = fmt.Sprintf("%s uses %s", d.c.ID, d.a.Power)
	if d.target != nil {
		d.ev.Summary += " on " + d.target.ID
	}
	return nil
}

// applyMove makes a move's changes once its panels are spent.
func (d *doing) applyMove(rec *dice.Recorder) error {
	if d.moved.Moved != nil {
		return d.moved.Moved(d, rec)
	}
	return nil
}

// applyPower makes a power's changes once its panels are spent.
func (d *doing) applyPower(rec *dice.Recorder) error {
	if d.a.Points > 0 {
		p := d.c.Hero.FindPool(d.a.Pool)
		p.Current -= d.a.Points
		d.ev.Summary += fmt.Sprintf(", spending %d %s points (%d left)", d.a.Points, d.a.Pool, p.Current)
	}
	if used := powerRules()[d.a.Power].Used; used != nil {
		if err := used(d, rec); err != nil {
			return err
		}
	}
	return nil
}

// finish logs the action and starts what it switches on.
func (d *doing) finish(rec *dice.Recorder) error {
	if d.a.Note != "" && d.a.Kind != ActOther {
		d.ev.Summary += ": " + d.a.Note
	}
	d.ev.Steps = d.steps
	d.ev.Dice = rec.Rolls()
	if len(d.ev.Dice) > 0 {
		d.ev.Seed = d.ctx.Seed
	}
	d.ev.Details = mustJSON(d.a)
	d.e.appendEvent(d.ev)
	if d.toggle != nil {
		if err := d.e.switchState(d.ctx, d.c, *d.toggle); err != nil {
			return err
		}
	}
	if d.raise != nil {
		holder := d.c.ID
		if d.target != nil {
			holder = d.target.ID
		}
		if err := d.e.AddEffect(d.ctx, holder, *d.raise); err != nil {
			return err
		}
	}
	if d.a.Kind == ActPower && d.effectOn {
		ef, _ := PresetEffect(d.a.Effect)
		ef.Source = d.c.ID
		ef.BuiltByUse = massLike(ef.Name) // a doubling a double-panel (massfall.go)
		if d.a.Pool == "magic" || d.a.Pool == "psi" {
			ef.Points = d.a.Points // what cancelling it costs (a summoning, p. 62)
		}
		holder := d.c.ID
		if d.target != nil {
			holder = d.target.ID
		}
		if err := d.e.AddEffect(d.ctx, holder, ef); err != nil {
			return err
		}
	}
	d.e.endAction(d.c)
	return nil

}
func refillPages(p *hero.Pool) int {
	if p.RefillPages > 0 {
		return p.RefillPages
	}
	return rulebook.PoolRefillPages
}

// hasMovementPower reports whether a power lets a character move farther
// than its movement speed in a panel (p. 30).
func hasMovementPower(h *hero.Hero) bool {
	for _, slug := range []rulebook.PowerID{rulebook.PowerFlight, rulebook.PowerSuperSpeed, rulebook.PowerSuperLeap, rulebook.PowerTeleport, rulebook.PowerAcrobatics, rulebook.PowerElasticity} {
		if h.PowerRank(slug) > 0 {
			return true
		}
	}
	return false
}

// pass ends c's turn. In the advance phase the rest of its panels wait
// for the remainder phase (p. 30); otherwise they are forfeited, except
// that hold keeps up to Options.SavedPanels for the next page.
func (e *Encounter) pass(c *Combatant, hold bool) error {
	left := e.PhaseLeft(c)
	kind, kept := KindPass, 0
	switch {
	case e.Phase == PhaseAdvance && hold:
		return refusal.Errorf("%s acts again after the losers; hold a panel into the next page in that last turn (or `--pass` now to save these panels until then, p. 30)", c.ID)
	case e.Phase == PhaseAdvance:
		// The panels wait until after the losers act.
	case hold:
		if e.Phase == PhaseSurprise {
			return refusal.Errorf("panels of the surprise round cannot be held into page 1")
		}
		kind, kept = KindHold, min(left, e.Options.SavedPanels)
		c.Panels.Held += kept
		c.Panels.Forfeited += left - kept
	default:
		c.Panels.Forfeited += left
	}
	c.Panels.Done = true
	e.record(func() Event {
		ev := Event{Kind: kind, Actor: c.ID}
		switch {
		case e.Phase == PhaseAdvance:
			ev.Summary = fmt.Sprintf("%s waits: %s kept until after the losers act (p. 30)", c.ID, plural(left, "panel"))
		case hold:
			ev.Summary = fmt.Sprintf("%s holds %s into the next page (p. 30)", c.ID, plural(kept, "panel"))
			if left-kept > 0 {
				ev.Summary += fmt.Sprintf(" and gives up %d", left-kept)
			}
		default:
			ev.Summary = fmt.Sprintf("%s passes, giving up %s", c.ID, plural(left, "panel"))
		}
		return ev
	})
	e.settle()
	return nil
}

// Leave takes a combatant out of the fight for good: fled, reabsorbed (a
// duplicate), dismissed (a summoned creature). It takes no panels; effects
// it keeps up end at the end of the page.
func (e *Encounter) Leave(id, why string) error {
	c := e.Find(id)
	if c == nil {
		return e.unknown(id)
	}
	if c.Gone != "" {
		return refusal.Errorf("%s has already left the fight (%s)", id, c.Gone)
	}
	if why == "" {
		why = "left the fight"
	}
	c.Gone = why
	e.appendEvent(Event{Kind: KindLeave, Actor: c.ID, Summary: fmt.Sprintf("%s leaves the fight: %s", c.ID, why)})
	e.refreshAll()
	return nil
}

// Reaction is a reaction taken out of turn: its panels are owed and paid
// back from the combatant's next panels, unless it is one of a hero's or
// villain's four free reactions a page against strike class 0-1 (p. 31).
type Reaction struct {
	// Actor reacts; Against is the attacker (may be empty).
	Actor   string `json:"actor"`
	Against string `json:"against"`
	// Reaction names it: parry, block, dodge, brace, judo-throw, resist, ...
	Reaction string `json:"reaction"`
	// Panels is the reaction's time (parry and dodge: the attack's; block
	// 1; brace 0; judo throw 2; active resistance 2).
	Panels int `json:"panels"`
	// Extra panels that are never free: picking up the blocking object, the
	// +P dodge's extra panel (pp. 34-35).
	Extra int `json:"extra"`
	// StrikeClass of the attack reacted to; 0-1 may make it free.
	StrikeClass int    `json:"strike_class"`
	Note        string `json:"note"`
}

// CanReact reports whether defender may react to an attack from attacker,
// and why not: nobody reacts to the surprise round's attacks unless never
// surprised (p. 29; pp. 54, 74), and the out-of-the-fight do not react.
func (e *Encounter) CanReact(defender, attacker *Combatant) (bool, string) {
	if defender.Out() {
		return false, defender.ID + " is " + defender.OutState()
	}
	for _, ef := range defender.Effects {
		if ef.Immobilised {
			return false, defender.ID + " is immobilised"
		}
	}
	if e.Phase == PhaseSurprise && attacker != nil && attacker.Side == e.Surprise && defender.Side != e.Surprise && !defender.NeverSurprised() {
		return false, defender.ID + " is surprised: no reactions against the surprise round (p. 29)"
	}
	return true, ""
}

// ReactionCost works out what a reaction costs defender now: panels owed,
// and whether it is one of the free reactions against strike class 0-1
// (the Extra panels are never free).
func (e *Encounter) ReactionCost(defender *Combatant, r Reaction) (owed int, free bool) {
	if r.Panels > 0 && r.StrikeClass <= 1 && defender.HasFreeReactions() && defender.Panels.FreeReactions < rulebook.FreeReactionsPerPage {
		return r.Extra, true
	}
	return r.Panels + r.Extra, false
}

// React records a reaction taken out of turn.
func (e *Encounter) React(r Reaction) error {
	d := e.Find(r.Actor)
	if d == nil {
		return e.unknown(r.Actor)
	}
	var att *Combatant
	if r.Against != "" {
		if att = e.Find(r.Against); att == nil {
			return e.unknown(r.Against)
		}
	}
	if r.Panels < 0 || r.Panels > 2 || r.Extra < 0 || r.Extra > 2 {
		return refusal.Errorf("a reaction takes 0-2 panels plus at most 2 extra")
	}
	if r.StrikeClass < 0 || r.StrikeClass > 5 {
		return refusal.Errorf("strike class %d is outside 0-5", r.StrikeClass)
	}
	if ok, why := e.CanReact(d, att); !ok {
		return refusal.Errorf("%s cannot react: %s", d.ID, why)
	}
	e.chargeReaction(d, att, r)
	e.settle()
	return nil
}

// chargeResist charges d the double-panel of actively resisting what att
// is doing to it (p. 43), a reaction at strike class 2 (a power's unless
// it says otherwise, pp. 30-31).
func (e *Encounter) chargeResist(d, att *Combatant, what string) {
	e.chargeReaction(d, att, Reaction{Actor: d.ID, Against: att.ID, Reaction: "resist", Panels: rulebook.DoublePanel,
		StrikeClass: 2, Note: "actively resisting " + what + " (p. 43)"})
}

func (e *Encounter) chargeReaction(d, att *Combatant, r Reaction) {
	owed, free := e.ReactionCost(d, r)
	var steps ruling.Steps
	if free {
		d.Panels.FreeReactions++
		steps.Add("free", "p. 31", "free reaction %d of %d this page against strike class %d", d.Panels.FreeReactions, rulebook.FreeReactionsPerPage, r.StrikeClass)
	} else if r.Panels > 0 {
		steps.Add("owed", "p. 31", "%s spent in advance, paid back from %s's next panels", plural(r.Panels, "panel"), d.ID)
	} else {
		steps.Add("reaction", "p. 35", "%s takes no panels", r.Reaction)
	}
	if r.Extra > 0 {
		steps.Add("extra", "pp. 34-35", "%s that is never free", plural(r.Extra, "extra panel"))
	}
	d.Panels.Owed += owed
	summary := reactionSummary(d, r, owed, free)
	if r.Note != "" {
		summary += ": " + r.Note
	}
	ev := Event{Kind: KindReaction, Actor: d.ID, Panels: owed, Summary: summary, Steps: steps, Details: mustJSON(r)}
	if att != nil {
		ev.Target = att.ID
	}
	e.appendEvent(ev)
}

// Luck rolls a combatant's luck to avoid something bad (`fight luck`):
// the Luck power's Avoid rule (power_luck.go, p. 62). It takes no panels.
//
// Dice: one d100.
func (e *Encounter) Luck(ctx Ctx, id string, chance int, what string) (bool, error) {
	c := e.Find(id)
	if c == nil {
		return false, e.unknown(id)
	}
	return powerRules()[rulebook.PowerLuck].Avoid(e, ctx, c, chance, what)
}
