package attackflags

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
)

// parse binds a fresh Flags for v and parses args into it.
func parse(t *testing.T, v Verb, args ...string) *Flags {
	t.Helper()
	var fl Flags
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	fl.Bind(fs, v)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return &fl
}

func TestBindBothVerbs(t *testing.T) {
	args := []string{"--with", "fist", "--reaction", "block:desk", "--extra-panel", "--catch", "--no-judo-bonus",
		"--split", "health=3", "--power-dice", "health=2,stamina=4", "--obstruction", "wood@2", "--obstruction", "brick",
		"--modifier", "haze=-2", "--movement", "flight", "--special", "--kill", "--mass", "90",
		"--behind", "--unaware", "--cover", "2", "--fog", "--range-fifths", "1", "--invisible", "--shrunk", "--camouflaged",
		"--stealth-dark", "--dimensional", "--gale", "--analyse", "1", "--accuracy-penalty", "2", "--aim", "3", "--phased",
		"--mystic-shield", "5", "--whirlwind", "--forcefield-down", "--attacker-shrunk", "--attacker-lighter", "--defender-lighter"}
	for _, tc := range []struct {
		v      Verb
		pickUp string
	}{{Attack, "--pick-up"}, {FightAct, "--pick-up-block"}} {
		fl := parse(t, tc.v, append(args, tc.pickUp)...)
		s := fl.Situation
		if fl.With != "fist" || fl.Reaction != "block:desk" || !fl.BlockPickUp || !fl.ExtraPanel || !fl.Catch || !fl.NoJudoBonus ||
			fl.Split != "health=3" || fl.PowerDice != "health=2,stamina=4" || strings.Join(fl.Obstructions, " ") != "wood@2 brick" ||
			strings.Join(fl.Modifiers, " ") != "haze=-2" || fl.Movement != "flight" || !fl.Special || !fl.Kill || fl.MassKg != 90 {
			t.Errorf("verb %d: %+v", tc.v, fl)
		}
		if !s.Behind || !s.Unaware || s.Cover != 2 || !s.Fog || s.RangeFifths != 1 || !s.Invisible || !s.Shrunk || !s.Camouflaged ||
			!s.StealthDark || !s.Dimensional || !s.Gale || s.AnalysePanels != 1 || s.AccuracyPenalty != 2 || s.AimPanels != 3 || !s.Phased ||
			s.MysticShield != 5 || !s.Whirlwind || !s.ForcefieldDown || !s.AttackerShrunk || !s.AttackerLighter || !s.DefenderLighter {
			t.Errorf("verb %d: situation %+v", tc.v, s)
		}
	}
}

// TestBindDifferences: the defaults and the flags only `spandex attack`
// has, because a fight works them out itself.
func TestBindDifferences(t *testing.T) {
	if fl := parse(t, Attack); fl.Mode != "strike" || fl.Reaction != "none" {
		t.Errorf("attack defaults: mode %q, reaction %q", fl.Mode, fl.Reaction)
	}
	if fl := parse(t, FightAct); fl.Mode != "" || fl.Reaction != "none" {
		t.Errorf("fight act defaults: mode %q, reaction %q", fl.Mode, fl.Reaction)
	}
	only := []string{"grappled", "surprise", "impervious", "attacker-denser", "defender-denser", "defender-mass", "pick-up"}
	fs := pflag.NewFlagSet("fight", pflag.ContinueOnError)
	new(Flags).Bind(fs, FightAct)
	for _, name := range only {
		if fs.Lookup(name) != nil {
			t.Errorf("fight act has --%s", name)
		}
	}
	fl := parse(t, Attack, "--grappled", "--surprise", "--impervious", "--attacker-denser", "--defender-denser", "--defender-mass", "8")
	if s := fl.Situation; !s.Grappled || !s.Surprise || !s.Impervious || !s.AttackerDenser || !s.DefenderDenser || s.DefenderMass != 8 {
		t.Errorf("attack-only situation flags: %+v", s)
	}
	if fs.Lookup("defender-lighter").Usage != "the target is lighter: knockback threshold 10" {
		t.Errorf("fight act words: %q", fs.Lookup("defender-lighter").Usage)
	}
}

// TestBindSituationToHit: tohit gets the to-hit situation flags only, in
// its own words.
func TestBindSituationToHit(t *testing.T) {
	var sit combat.Situation
	fs := pflag.NewFlagSet("tohit", pflag.ContinueOnError)
	BindSituation(fs, &sit, ToHit)
	if err := fs.Parse([]string{"--behind", "--unaware", "--grappled", "--cover", "3", "--fog", "--range-fifths", "2", "--invisible",
		"--shrunk", "--camouflaged", "--stealth-dark", "--dimensional", "--gale", "--analyse", "2", "--accuracy-penalty", "1"}); err != nil {
		t.Fatal(err)
	}
	if !sit.Behind || !sit.Unaware || !sit.Grappled || sit.Cover != 3 || !sit.Fog || sit.RangeFifths != 2 || !sit.Invisible || !sit.Shrunk ||
		!sit.Camouflaged || !sit.StealthDark || !sit.Dimensional || !sit.Gale || sit.AnalysePanels != 2 || sit.AccuracyPenalty != 1 {
		t.Errorf("%+v", sit)
	}
	for _, name := range []string{"aim", "phased", "with", "surprise"} {
		if fs.Lookup(name) != nil {
			t.Errorf("tohit has --%s", name)
		}
	}
	if u := fs.Lookup("shrunk").Usage; u != "target shrunk (-3)" {
		t.Errorf("tohit words: %q", u)
	}
}

func TestRequest(t *testing.T) {
	tests := []struct {
		name  string
		v     Verb
		args  []string
		check func(t *testing.T, req combat.Request)
		err   string
	}{
		{name: "strike by default", v: Attack, args: []string{"--with", "fist"}, check: func(t *testing.T, req combat.Request) {
			if req.Attack != "fist" || req.Mode != combat.ModeStrike || req.Reaction.Kind != combat.ReactionNone {
				t.Errorf("%+v", req)
			}
		}},
		{name: "everything parsed", v: FightAct, args: []string{"--mode", "throw", "--reaction", "block:desk", "--pick-up-block", "--split", "health=2",
			"--power-dice", "health=4,stamina=6", "--obstruction", "wood@2", "--obstruction", "brick@5", "--modifier", "haze=-2",
			"--movement", "flight", "--special", "--kill", "--mass", "80", "--behind"},
			check: func(t *testing.T, req combat.Request) {
				if req.Mode != combat.ModeThrow || !req.Reaction.Object.PickUp || req.Reaction.Object.Name != "desk" || req.Split.Health != 2 ||
					req.PowerDice.Stamina != 6 || len(req.Obstructions) != 2 || req.Obstructions[1].At != 5 || len(req.Situation.Modifiers) != 1 ||
					req.Movement == nil || !req.Movement.Special || !req.Kill || req.MassKg != 80 || !req.Situation.Behind {
					t.Errorf("%+v", req)
				}
			}},
		{name: "attack takes finish for finishing-move", v: Attack, args: []string{"--mode", "finish"}, check: func(t *testing.T, req combat.Request) {
			if req.Mode != combat.ModeFinishing {
				t.Errorf("mode %q", req.Mode)
			}
		}},
		{name: "fight act does not", v: FightAct, args: []string{"--mode", "finish"}, err: `--mode: "finish" is not one of strike`},
		{name: "bad mode", v: Attack, args: []string{"--mode", "dance"}, err: "--mode"},
		{name: "bad reaction", v: Attack, args: []string{"--reaction", "hug"}, err: "--reaction: "},
		{name: "attack: pick-up without block", v: Attack, args: []string{"--pick-up", "--reaction", "parry"}, err: "--pick-up: only with --reaction block:OBJECT"},
		{name: "fight: pick-up without block", v: FightAct, args: []string{"--pick-up-block"}, err: "--pick-up-block: only with --reaction block:OBJECT"},
		{name: "bad split", v: Attack, args: []string{"--split", "health=x"}, err: "--split: "},
		{name: "bad power dice", v: Attack, args: []string{"--power-dice", "x"}, err: "--power-dice: "},
		{name: "bad obstruction", v: Attack, args: []string{"--obstruction", "jelly"}, err: "--obstruction: "},
		{name: "bad modifier", v: FightAct, args: []string{"--modifier", "x"}, err: "--modifier: "},
		{name: "special without movement", v: Attack, args: []string{"--special"}, err: "--special: only with --movement POWER"},
		// Not cumulative (p. 33): both are accepted, combat gives +2.
		{name: "behind and above", v: FightAct, args: []string{"--behind", "--above"}, check: func(t *testing.T, req combat.Request) {
			if !req.Situation.Behind || !req.Situation.Above {
				t.Errorf("%+v", req.Situation)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fl := parse(t, tc.v, tc.args...)
			req, err := fl.Request(tc.v)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
					t.Fatalf("error %v, want an input error with %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, req)
		})
	}
}

// TestRequestAs: the action's mode wins and --mode is not even read.
func TestRequestAs(t *testing.T) {
	fl := parse(t, FightAct, "--mode", "tickle", "--reaction", "dodge")
	req, err := fl.RequestAs(FightAct, combat.ModeGrab)
	if err != nil || req.Mode != combat.ModeGrab || req.Reaction.Kind != combat.ReactionDodge {
		t.Fatalf("%+v, %v", req, err)
	}
}

// TestRequestLeavesFlagsAlone: parsing twice gives the same request; the
// flags' own situation never collects the --modifier values.
func TestRequestLeavesFlagsAlone(t *testing.T) {
	fl := parse(t, Attack, "--modifier", "haze=-2", "--modifier", "rain=-1")
	fl.Situation.Modifiers = make([]combat.Modifier, 0, 8)
	for range 2 {
		req, err := fl.Request(Attack)
		if err != nil {
			t.Fatal(err)
		}
		if len(req.Situation.Modifiers) != 2 {
			t.Fatalf("modifiers %+v", req.Situation.Modifiers)
		}
	}
	if len(fl.Situation.Modifiers) != 0 {
		t.Errorf("the flags' situation now holds %+v", fl.Situation.Modifiers)
	}
}
