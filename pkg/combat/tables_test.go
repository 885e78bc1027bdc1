package combat

import (
	"fmt"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// The tables below are transcribed independently from the book
// (pp. 33-37), not copied from pkg/rulebook, so that a wrong cell
// there is caught here.

var wantToHit = map[rulebook.ArmourClass][6]int{
	'A': {13, 12, 11, 10, 9, 8}, 'B': {13, 12, 11, 10, 9, 8}, 'C': {13, 12, 11, 10, 9, 8},
	'D': {13, 12, 11, 10, 9, 8}, 'E': {13, 12, 11, 10, 9, 8}, 'F': {12, 11, 10, 9, 8, 7},
	'G': {11, 10, 9, 8, 7, 6}, 'H': {10, 9, 8, 7, 6, 5}, 'I': {9, 8, 7, 6, 5, 4},
	'J': {8, 7, 6, 5, 4, 3}, 'K': {7, 6, 5, 4, 3, 2}, 'L': {6, 5, 4, 3, 2, 2},
}

// TestToHitTable checks every cell (p. 33) through ToHit and through a
// full Resolve: the target number hits, one less misses.
func TestToHitTable(t *testing.T) {
	for ac, row := range wantToHit {
		for _, sc := range scs {
			target := row[sc]
			t.Run(fmt.Sprintf("%c/SC%d", ac, sc), func(t *testing.T) {
				th, err := ToHit(ac, sc, nil, target)
				if err != nil || th.Target != target || !th.Hit {
					t.Fatalf("ToHit(%c, %d, %d) = %+v, %v", ac, sc, target, th, err)
				}
				if th, _ := ToHit(ac, sc, nil, target-1); th.Hit {
					t.Fatalf("roll %d hit, want a miss", target-1)
				}
				att := withAttack(mk("A", 'F'), flat("jab", sc, "", "1"))
				def := mk("D", ac)
				res := resolve(t, att, def, Request{Attack: "jab"}, Options{}, target)
				if !res.ToHit.Hit || res.ToHit.Target != target {
					t.Errorf("Resolve: %+v", res.ToHit)
				}
				res = resolve(t, att, def, Request{Attack: "jab"}, Options{}, target-1)
				if res.ToHit.Hit || res.Outcome != "miss" || len(res.Dice) != 1 {
					t.Errorf("Resolve miss: %+v outcome %s dice %v", res.ToHit, res.Outcome, res.Dice)
				}
			})
		}
	}
}

// TestToHitModifiers checks each situational modifier (p. 33).
func TestToHitModifiers(t *testing.T) {
	cases := []struct {
		name    string
		sit     Situation
		dazed   bool
		stunned bool
		want    int
	}{
		{"none", Situation{}, false, false, 0},
		{"behind", Situation{Behind: true}, false, false, 2},
		{"above", Situation{Above: true}, false, false, 1},
		{"behind and above do not stack", Situation{Behind: true, Above: true}, false, false, 2},
		{"unaware", Situation{Unaware: true}, false, false, 2},
		{"grappled", Situation{Grappled: true}, false, false, 4},
		{"cover 1", Situation{Cover: 1}, false, false, -1},
		{"cover 10", Situation{Cover: 10}, false, false, -10},
		{"fog", Situation{Fog: true}, false, false, -3},
		{"dazed", Situation{}, true, false, -2},
		{"stunned", Situation{}, false, true, -5},
		{"stunned beats dazed", Situation{}, true, true, -5},
		{"range 3/5", Situation{RangeFifths: 3}, false, false, -3},
		{"invisible", Situation{Invisible: true}, false, false, -4},
		{"shrunk", Situation{Shrunk: true}, false, false, -3},
		{"camouflaged", Situation{Camouflaged: true}, false, false, -2},
		{"stealth dark", Situation{StealthDark: true}, false, false, -2},
		{"dimensional", Situation{Dimensional: true}, false, false, -4},
		{"gale", Situation{Gale: true}, false, false, -2},
		{"analyse 3", Situation{AnalysePanels: 3}, false, false, 3},
		{"analyse at the cap", Situation{AnalysePanels: 5}, false, false, 5},
		{"analyse 7 panels: still +5 (p. 53)", Situation{AnalysePanels: 7}, false, false, 5},
		{"accuracy penalty", Situation{AccuracyPenalty: 4}, false, false, -4},
		{"gm", Situation{Modifiers: []Modifier{{Slug: "x", Value: 3}}}, false, false, 3},
		{"everything", Situation{Behind: true, Unaware: true, Grappled: true, Cover: 2, Fog: true}, false, false, 3},
	}
	for _, c := range cases {
		mods, err := SituationModifiers(0, c.sit, c.dazed, c.stunned)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := sumMods(mods); got != c.want {
			t.Errorf("%s: total %d, want %d (%+v)", c.name, got, c.want, mods)
		}
	}
	mods, _ := SituationModifiers(3, Situation{}, false, false)
	if sumMods(mods) != 3 || mods[0].Slug != "strike-bonus" {
		t.Errorf("strike bonus: %+v", mods)
	}
	for _, bad := range []Situation{{Cover: -1}, {Cover: 11}, {RangeFifths: 6}, {RangeFifths: -1}, {AnalysePanels: -1}, {AccuracyPenalty: -2}} {
		if _, err := SituationModifiers(0, bad, false, false); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// The Dodging Table (p. 35), rows 1..12, columns SC 0..5.
var wantDodge = [13][6]string{
	1:  {"-", "-", "-", "-", "-", "-"},
	2:  {"½", "-", "-", "-", "-", "-"},
	3:  {"½", "½", "-", "-", "-", "-"},
	4:  {"½", "½", "½", "-", "-", "-"},
	5:  {"+P", "½", "½", "½", "-", "-"},
	6:  {"+P", "+P", "½", "½", "½", "-"},
	7:  {"Y", "+P", "+P", "½", "½", "½"},
	8:  {"Y", "Y", "+P", "+P", "½", "½"},
	9:  {"Y", "Y", "Y", "+P", "+P", "½"},
	10: {"Y", "Y", "Y", "Y", "+P", "+P"},
	11: {"Y", "Y", "Y", "Y", "Y", "+P"},
	12: {"Y", "Y", "Y", "Y", "Y", "Y"},
}

// TestDodgingTable checks every cell through DodgeOutcome and a full
// Resolve, where the damage shows the result: full, half (rounded up),
// half or none for the extra panel, none.
func TestDodgingTable(t *testing.T) {
	for roll := 1; roll <= 12; roll++ {
		for _, sc := range scs {
			want := wantDodge[roll][sc]
			if _, got := DodgeOutcome(sc, roll, 0, nil); got.Symbol() != want {
				t.Errorf("roll %d SC %d: %s, want %s", roll, sc, got.Symbol(), want)
			}
			d := min(roll, 6)
			bonus := roll - d
			for _, extra := range []bool{false, true} {
				if extra && want != "+P" {
					continue
				}
				name := fmt.Sprintf("roll%d/SC%d/extra=%v", roll, sc, extra)
				t.Run(name, func(t *testing.T) {
					att := withAttack(mk("A", 'F'), flat("jab", sc, "7", "15"))
					def := mk("D", 'F')
					def.Combat.DodgeBonus = bonus
					def.Combat.KnockbackThreshold = 100
					req := Request{Attack: "jab", Reaction: Reaction{Kind: ReactionDodge, TakeExtraPanel: extra}}
					res := resolve(t, att, def, req, Options{}, 20, d)
					wr, _ := rulebook.DodgeResultFromSymbol(want)
					if res.Reaction.DodgeSymbol != want || res.Reaction.DodgeResult != wr.Word() {
						t.Fatalf("dodge result %s (%s), want %s (%s)", res.Reaction.DodgeResult, res.Reaction.DodgeSymbol, wr.Word(), want)
					}
					wantH, wantS := 7, 15
					switch {
					case want == "Y" || extra:
						wantH, wantS = 0, 0
					case want == "½" || want == "+P":
						wantH, wantS = 4, 8
					}
					if res.Applied.Health != wantH || res.Applied.Stamina != wantS {
						t.Errorf("applied %d H %d S, want %d H %d S", res.Applied.Health, res.Applied.Stamina, wantH, wantS)
					}
					wantPanels := 1
					if sc <= 1 {
						wantPanels = 0 // one of the four free reactions against SC 0-1
					}
					if extra {
						wantPanels++ // never free
					}
					if res.Reaction.Panels != wantPanels {
						t.Errorf("panels %d, want %d", res.Reaction.Panels, wantPanels)
					}
				})
			}
		}
	}
	// Totals beyond the table use its first and last rows.
	if _, got := DodgeOutcome(5, 1, -4, nil); got != rulebook.DodgeNone {
		t.Errorf("total -3: %v", got)
	}
	if _, got := DodgeOutcome(5, 6, 10, nil); got != rulebook.DodgeFull {
		t.Errorf("total 16: %v", got)
	}
}

// TestDodgeEligibility: armour classes A-C and K-L cannot dodge (p. 35).
func TestDodgeEligibility(t *testing.T) {
	for ac := rulebook.ACA; ac <= rulebook.ACL; ac++ {
		want := !(ac <= rulebook.ACC || ac >= rulebook.ACK)
		if CanDodge(ac) != want {
			t.Errorf("CanDodge(%c) = %v", ac, !want)
		}
		att := withAttack(mk("A", 'F'), flat("jab", 2, "", "1"))
		_, err := Resolve(att, mk("D", ac), Request{Attack: "jab", Reaction: Reaction{Kind: ReactionDodge}}, dice.NewScripted([]int{20, 3}), Options{})
		if (err == nil) != want {
			t.Errorf("AC %c dodge: err %v", ac, err)
		}
	}
}

// The Parrying Table (p. 34): rows attack type, columns parry type, in
// book order; 0 is "-".
var wantParry = [8][8]int{
	{8, 9, 6, 7, 14, 0, 0, 0},
	{7, 8, 5, 6, 13, 0, 0, 0},
	{9, 10, 6, 7, 14, 0, 0, 0},
	{6, 7, 4, 5, 9, 0, 0, 0},
	{9, 10, 6, 7, 15, 7, 11, 8},
	{7, 8, 4, 5, 13, 5, 9, 6},
	{8, 9, 5, 6, 14, 6, 10, 7},
	{0, 0, 8, 0, 0, 0, 0, 6},
}

var attackRows = []string{"rank3-martial-arts", "martial-arts", "other-melee-wm", "other-melee", "ranged-wm", "thrown", "projectile", "energy-blast"}
var parryCols = []string{"rank3-martial-arts", "martial-arts", "shield-wm", "other-melee-wm", "other-melee", "ranged-wm", "ranged", "energy-blast"}

// TestParryingTable checks every cell through ParryOutcome and a Resolve
// with a parry of that type against an attack of that type.
func TestParryingTable(t *testing.T) {
	for i, a := range attackRows {
		for j, p := range parryCols {
			want := wantParry[i][j]
			at, err := ParseAttackType(a)
			if err != nil {
				t.Fatal(err)
			}
			pt, _ := rulebook.ParseParryType(p)
			target, _, ok, known := ParryOutcome(at, pt, want, 0, nil)
			if want == 0 {
				if known {
					t.Errorf("%s vs %s: table says -, got %d", a, p, target)
				}
				continue
			}
			if !known || !ok || target != want {
				t.Errorf("%s vs %s: target %d ok %v, want %d", a, p, target, ok, want)
			}
			if _, _, ok, _ := ParryOutcome(at, pt, want-1, 0, nil); ok {
				t.Errorf("%s vs %s: %d parried", a, p, want-1)
			}
			// Resolve: the parry succeeds on the number and takes its
			// virtual damage off.
			att := withAttack(mk("A", 'F'), attackOfType(a))
			def := mk("D", 'F')
			def.Combat.KnockbackThreshold = 100
			def.Combat.Parries = []hero.Parry{{Slug: "p", ParryType: p, Health: "3", Stamina: ""}}
			res := resolve(t, att, def, Request{Attack: "x", Reaction: Reaction{Kind: ReactionParry}}, Options{}, 20, want)
			if !res.Reaction.Success || res.Reaction.Target != want || res.Reaction.VirtualDamage != 3 {
				t.Errorf("Resolve %s vs %s: %+v", a, p, res.Reaction)
			}
			if res.Applied.Health != 2 || res.Applied.Stamina != 10 {
				t.Errorf("Resolve %s vs %s: applied %+v", a, p, res.Applied)
			}
		}
	}
	// "-" is refused before any die is rolled.
	att := withAttack(mk("A", 'F'), attackOfType("energy-blast"))
	def := mk("D", 'F')
	def.Combat.Parries = []hero.Parry{{Slug: "sword", ParryType: "other-melee", Health: "1d6"}}
	if err := resolveErr(t, att, def, Request{Attack: "x", Reaction: Reaction{Kind: ReactionParry, Parry: "sword"}}); err == nil {
		t.Fatal("no error")
	}
}

// The Judo Throw Table (p. 36): rows 1..12, columns 1, 2, 3+.
var wantJudo = [13][3]string{
	1:  {"-", "P", "P"},
	2:  {"-", "P", "P, Dam"},
	3:  {"P", "P", "P, Dam"},
	4:  {"P", "P, Dam", "2P, Dam"},
	5:  {"P", "P, Dam", "2P, Dam"},
	6:  {"P, Dam", "2P, Dam", "2P, Dam"},
	7:  {"P, Dam", "2P, Dam", "2P, Dam"},
	8:  {"2P, Dam", "2P, Dam", "2P, Dam"},
	9:  {"2P, Dam", "2P, Dam", "2P, Dam"},
	10: {"2P, Dam", "2P, Dam", "2P, Dam"},
	11: {"2P, Dam", "2P, Dam", "2P, Dam"},
	12: {"2P, Dam", "2P, Dam", "2P, Dam"},
}

// TestJudoTable checks every cell through a Resolve with the judo throw
// reaction (column = the defender's Martial Arts rank, the default).
func TestJudoTable(t *testing.T) {
	for roll := 1; roll <= 12; roll++ {
		for col := 1; col <= 3; col++ {
			want := wantJudo[roll][col-1]
			t.Run(fmt.Sprintf("roll%d/col%d", roll, col), func(t *testing.T) {
				if got := rulebook.Judo(roll, col).String(); got != want {
					t.Errorf("rulebook.Judo = %s, want %s", got, want)
				}
				d := min(roll, 6)
				att := withAttack(mk("A", 'F'), flat("jab", 2, "", "5"))
				def := mk("D", 'F')
				def.Combat.StrikeBonus = roll - d
				ma := power("martial-arts", col)
				ma.Options = []string{"judo-throw"}
				def.Powers = append(def.Powers, ma)
				dice := []int{20, 20, d} // to-hit, grab, judo
				if want != "-" && want != "P" && want != "2P" {
					dice = append(dice, 2, 3, 4) // Dam: 1d3, 2d6
				}
				res := resolve(t, att, def, Request{Attack: "jab", Reaction: Reaction{Kind: ReactionJudo}}, Options{}, dice...)
				if res.Reaction.JudoResult != want || res.Reaction.JudoColumn != col {
					t.Fatalf("judo %q col %d, want %q col %d", res.Reaction.JudoResult, res.Reaction.JudoColumn, want, col)
				}
				if want == "-" {
					if res.Outcome != "hit" || res.Applied.Stamina != 5 {
						t.Errorf("a failed throw lets the attack hit: %s %+v", res.Outcome, res.Applied)
					}
					return
				}
				if res.Outcome != "thrown" || res.Applied.Stamina != 0 {
					t.Errorf("outcome %s, applied %+v", res.Outcome, res.Applied)
				}
				e := res.AttackerEffects
				wantLost := 1
				if want[0] == '2' {
					wantLost = 2
				}
				if e == nil || e.PanelsLost != wantLost || e.Prone != (wantLost == 2) {
					t.Fatalf("effects %+v", e)
				}
				if (e.Damage != nil) != (len(want) > 3) {
					t.Errorf("Dam: %+v", e.Damage)
				}
				if e.Damage != nil && (e.Damage.Health != 2 || e.Damage.Stamina != 7) {
					t.Errorf("judo damage %+v", e.Damage)
				}
				if res.Reaction.Panels != 2 {
					t.Errorf("panels %d, want 2 (grab + throw)", res.Reaction.Panels)
				}
			})
		}
	}
}

// TestJudoColumnOption reads the column by the attack's strike class.
func TestJudoColumnOption(t *testing.T) {
	att := withAttack(mk("A", 'F'), flat("jab", 3, "", "5"))
	def := mk("D", 'F')
	ma := power("martial-arts", 1)
	ma.Options = []string{"judo-throw"}
	def.Powers = append(def.Powers, ma)
	res := resolve(t, att, def, Request{Attack: "jab", Reaction: Reaction{Kind: ReactionJudo}}, Options{JudoColumn: JudoByStrikeClass}, 20, 20, 2, 1, 1, 1)
	if res.Reaction.JudoColumn != 3 || res.Reaction.JudoResult != "P, Dam" {
		t.Errorf("%+v", res.Reaction)
	}
	res = resolve(t, att, def, Request{Attack: "jab", Reaction: Reaction{Kind: ReactionJudo}}, Options{}, 20, 20, 2)
	if res.Reaction.JudoColumn != 1 || res.Reaction.JudoResult != "-" {
		t.Errorf("%+v", res.Reaction)
	}
	// A missed grab: the throw is never tried, one panel spent.
	res = resolve(t, att, def, Request{Attack: "jab", Reaction: Reaction{Kind: ReactionJudo}}, Options{}, 20, 1)
	if res.Reaction.JudoResult != "grab missed" || res.Reaction.Panels != 1 || res.Outcome != "hit" {
		t.Errorf("%+v %s", res.Reaction, res.Outcome)
	}
}

// The Physical Damage Table (p. 36).
var wantDamage = []struct{ typ, h, s string }{
	{"unarmed", "1d6-6", "2d6"},
	{"judo-throw", "1d3", "2d6"},
	{"blunt-one-handed", "1d6-6", "2d6"},
	{"blunt-two-handed", "1d6", "2d6+6"},
	{"blunt-thrown", "1d6", "2d6+3"},
	{"sharp-one-handed", "2d6", "1d6"},
	{"sharp-two-handed", "2d6+3", "1d6"},
	{"sharp-thrown", "2d6+3", "1d6"},
	{"projectile", "2d6+3", "1d6+3"},
	{"explosive", "3d6+3", "2d6+3"},
}

// TestDamageTable checks every row's formulas and rolls them with all ones
// and all maximums, with and without a split damage bonus.
func TestDamageTable(t *testing.T) {
	for _, c := range wantDamage {
		t.Run(c.typ, func(t *testing.T) {
			row, err := rulebook.PhysicalDamage(rulebook.DamageType(c.typ))
			if err != nil || row.Health != c.h || row.Stamina != c.s {
				t.Fatalf("row %+v, want %s / %s", row, c.h, c.s)
			}
			he, se := dice.MustParse(c.h), dice.MustParse(c.s)
			for _, hi := range []bool{false, true} {
				var vals []int
				for _, e := range []*dice.Expr{he, se} {
					for range e.NumDice() {
						v := 1
						if hi {
							v = 6
							if e == he && c.h == "1d3" {
								v = 3
							}
						}
						vals = append(vals, v)
					}
				}
				r := dice.NewScripted(vals)
				d, err := DamageRoll(DamageInput{Type: c.typ, Bonus: 10, SplitHealth: 4}, r)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.Finish(); err != nil {
					t.Fatal(err)
				}
				wh, ws := he.Min(), se.Min()
				if hi {
					wh, ws = he.Max(), se.Max()
				}
				// Only unarmed, melee and thrown rows take the bonus (p. 36).
				bh, bs, drop := 4, 6, 0
				if !rulebook.DamageType(c.typ).TakesDamageBonus() {
					bh, bs, drop = 0, 0, 10
				}
				if d.Health != max(0, wh+bh) || d.Stamina != max(0, ws+bs) || d.BonusDropped != drop {
					t.Errorf("hi=%v: %d H %d S (dropped %d), want %d H %d S (dropped %d)", hi, d.Health, d.Stamina, d.BonusDropped, max(0, wh+bh), max(0, ws+bs), drop)
				}
			}
		})
	}
	if _, err := DamageRoll(DamageInput{Type: "energy-blast"}, dice.NewScripted(nil)); err == nil {
		t.Error("energy blast without dice: no error")
	}
	if _, err := DamageRoll(DamageInput{Type: "unarmed", Bonus: 5, SplitHealth: 6}, dice.NewScripted(nil)); err == nil {
		t.Error("split above the bonus: no error")
	}
	if _, err := DamageRoll(DamageInput{Type: "unarmed", Bonus: -3, SplitHealth: -2}, dice.NewScripted([]int{6, 1, 1})); err != nil {
		t.Errorf("negative bonus split: %v", err)
	}
}

// TestKnockbackBoundaries: exactly the threshold, +1, +5, +6, +10, +11
// (p. 36), for several thresholds including bracing.
func TestKnockbackBoundaries(t *testing.T) {
	for _, th := range []struct{ kb, brace int }{{20, 0}, {10, 0}, {20, 10}, {35, 5}} {
		eff := th.kb + th.brace
		for _, c := range []struct{ over, metres int }{{-5, 0}, {0, 0}, {1, 2}, {5, 2}, {6, 4}, {10, 4}, {11, 6}, {100, 40}} {
			kb, err := Knockback(KnockbackInput{Stamina: eff + c.over, Threshold: th.kb, Brace: th.brace, NoProneCheck: true}, dice.NewScripted(nil), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if kb.Metres != c.metres || kb.Excess != max(0, c.over) {
				t.Errorf("KB %d+%d, stamina %d: %d m excess %d, want %d m", th.kb, th.brace, eff+c.over, kb.Metres, kb.Excess, c.metres)
			}
			// The same through Resolve, with the prone die when knocked back.
			att := withAttack(mk("A", 'F'), flat("jab", 2, "", fmt.Sprint(eff+c.over)))
			def := mk("D", 'F')
			def.Combat.KnockbackThreshold = th.kb
			req := Request{Attack: "jab"}
			if th.brace > 0 {
				def.Powers = []hero.Power{power("super-strength", th.brace/5)}
				req.Reaction.Kind = ReactionBrace
			}
			vals := []int{20}
			if c.metres > 0 {
				vals = append(vals, 1)
			}
			res := resolve(t, att, def, req, Options{}, vals...)
			if res.Knockback == nil || res.Knockback.Metres != c.metres {
				t.Errorf("Resolve KB %d+%d stamina %d: %+v", th.kb, th.brace, eff+c.over, res.Knockback)
			}
		}
	}
}

// TestKnockbackObstructions: walls in sequence, stopping, the prose
// option, the S divider on the collision, the prone check both ways.
func TestKnockbackObstructions(t *testing.T) {
	run := func(in KnockbackInput, opt Options, vals ...int) KnockbackResult {
		t.Helper()
		r := dice.NewScripted(vals)
		kb, err := Knockback(in, r, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Finish(); err != nil {
			t.Fatal(err)
		}
		return kb
	}
	// 60 vs 20: 16 m. Glass at 2 m (-2), brick at 5 m (-4): 10 m.
	kb := run(KnockbackInput{Stamina: 60, Obstructions: []Obstruction{{Material: "brick", At: 5}, {Material: "normal-glass", At: 2}}, Agility: 12}, Options{}, 3, 4, 12)
	if kb.Metres != 16 || kb.Travelled != 10 || len(kb.Obstructions) != 2 || kb.Obstructions[0].Material != "normal-glass" {
		t.Errorf("%+v", kb)
	}
	if kb.ProneBonus != 8 || kb.ProneTotal != 20 || !kb.Prone {
		t.Errorf("prone: %+v", kb)
	}
	// Concrete (8 m) at 1 m stops a 4 m knockback there; walls beyond are not reached.
	kb = run(KnockbackInput{Stamina: 26, Obstructions: []Obstruction{{Material: "concrete", At: 1}, {Material: "wood", At: 2}}, Agility: 10}, Options{}, 6, 1)
	if kb.Travelled != 1 || len(kb.Obstructions) != 1 || kb.Obstructions[0].BrokeThrough || kb.Prone {
		t.Errorf("%+v", kb)
	}
	// A wall beyond the knockback's reach is never hit.
	kb = run(KnockbackInput{Stamina: 26, Obstructions: []Obstruction{{Material: "wood", At: 4}}, NoProneCheck: true}, Options{})
	if len(kb.Obstructions) != 0 || kb.Travelled != 4 {
		t.Errorf("%+v", kb)
	}
	// Exactly the reduction left: stops at the wall, not through it.
	kb = run(KnockbackInput{Stamina: 26, Obstructions: []Obstruction{{Material: "wood", At: 2}}, NoProneCheck: true}, Options{}, 2)
	if kb.Obstructions[0].BrokeThrough || kb.Travelled != 2 {
		t.Errorf("%+v", kb)
	}
	// The prose reading: brick takes 8 m off (p. 37's example).
	kb = run(KnockbackInput{Stamina: 60, Obstructions: []Obstruction{{Material: "brick"}}, NoProneCheck: true}, Options{WallReduction: WallProse}, 5)
	if kb.Obstructions[0].Reduction != 8 || kb.Travelled != 8 {
		t.Errorf("prose: %+v", kb)
	}
	// Custom damage needed; S divider on the collision die (rounded up).
	kb = run(KnockbackInput{Stamina: 60, Obstructions: []Obstruction{{DamageNeeded: 24}}, StaminaDivider: 4, NoProneCheck: true}, Options{}, 5)
	if kb.Obstructions[0].Reduction != 6 || kb.Obstructions[0].Stamina != 2 {
		t.Errorf("custom: %+v", kb)
	}
	// Gymnastics passes the prone check without a die.
	kb = run(KnockbackInput{Stamina: 60, Agility: 1, Gymnastics: true}, Options{})
	if !kb.Automatic || kb.Prone {
		t.Errorf("gymnastics: %+v", kb)
	}
	// Every wall material: the table's reduction.
	for _, w := range rulebook.Walls() {
		if got := WallReductionMetres(w.DamageNeeded, WallTable); got != w.KnockbackReduction {
			t.Errorf("%s: %d, want %d", w.Material, got, w.KnockbackReduction)
		}
		if got := WallReductionMetres(w.DamageNeeded, WallProse); got != 2*w.KnockbackReduction {
			t.Errorf("%s prose: %d", w.Material, got)
		}
	}
	if _, err := Knockback(KnockbackInput{Stamina: 30, Obstructions: []Obstruction{{Material: "marble"}}}, dice.NewScripted(nil), Options{}); err == nil {
		t.Error("unknown material: no error")
	}
}
