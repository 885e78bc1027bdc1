package fight

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cli/attackflags"
	"github.com/codename-spandex/spandex/pkg/combat"
)

func TestStrikeFromFlags(t *testing.T) {
	tests := []struct {
		name   string
		opts   ActOptions
		target string
		mode   combat.Mode
		check  func(t *testing.T, req combat.Request)
		err    string
	}{
		{name: "attack", opts: ActOptions{Attack: "nefario", Flags: attackflags.Flags{With: "fist", Reaction: "parry:staff", Split: "health=5"}}, target: "nefario",
			check: func(t *testing.T, req combat.Request) {
				if req.Attack != "fist" || req.Reaction.Kind != combat.ReactionParry || req.Reaction.Parry != "staff" || req.Split.Health != 5 {
					t.Fatalf("%+v", req)
				}
			}},
		{name: "finish", opts: ActOptions{Finish: "goon-1", Flags: attackflags.Flags{Reaction: "none"}}, target: "goon-1", mode: combat.ModeFinishing},
		{name: "grab", opts: ActOptions{Grab: "goon-1", Flags: attackflags.Flags{Reaction: "dodge"}}, target: "goon-1", mode: combat.ModeGrab},
		{name: "crush", opts: ActOptions{Attack: "goon-1", Flags: attackflags.Flags{Mode: "crush", Reaction: "none"}}, target: "goon-1", mode: combat.ModeCrush},
		{name: "block with pick-up", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "block:desk", BlockPickUp: true}}, target: "x",
			check: func(t *testing.T, req combat.Request) {
				if !req.Reaction.Object.PickUp || req.Reaction.Object.Name != "desk" {
					t.Fatalf("%+v", req.Reaction)
				}
			}},
		{name: "obstructions and power dice", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Obstructions: []string{"wood@2", "brick@5"}, PowerDice: "health=4,stamina=6", Modifiers: []string{"haze=-2"}}}, target: "x",
			check: func(t *testing.T, req combat.Request) {
				if len(req.Obstructions) != 2 || req.Obstructions[1].At != 5 || req.PowerDice.Stamina != 6 || len(req.Situation.Modifiers) != 1 {
					t.Fatalf("%+v", req)
				}
			}},
		{name: "bad mode", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Mode: "tickle"}}, err: "--mode"},
		{name: "bad reaction", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "sing"}}, err: "--reaction"},
		{name: "pick-up without block", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "parry", BlockPickUp: true}}, err: "--pick-up-block"},
		{name: "behind and above", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Situation: combat.Situation{Behind: true, Above: true}}}, target: "x",
			check: func(t *testing.T, req combat.Request) {
				if !req.Situation.Behind || !req.Situation.Above {
					t.Fatalf("%+v", req.Situation)
				}
			}},
		{name: "special without movement", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Special: true}}, err: "--special"},
		{name: "too much aim", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Situation: combat.Situation{AimPanels: 6}}}, err: "--aim"},
		{name: "aim past +25", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Situation: combat.Situation{AimPanels: 5}}}, err: "--aim is 0-4"},
		{name: "too much analysis", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Situation: combat.Situation{AnalysePanels: 101}}}, err: "--analyse 0-100"},
		{name: "bad split", opts: ActOptions{Attack: "x", Flags: attackflags.Flags{Reaction: "none", Split: "brains=3"}}, err: "--split"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.opts.strike("guardian")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want an error mentioning %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Actor != "guardian" || s.Target != tc.target || s.Request.Mode != tc.mode {
				t.Fatalf("%+v", s)
			}
			if tc.check != nil {
				tc.check(t, s.Request)
			}
		})
	}
}

func TestFileArgs(t *testing.T) {
	var fl File
	if err := fl.setArgs([]string{"a.json", "b.json"}); err == nil {
		t.Fatal("two files accepted")
	}
	fl = File{InPlace: "a.json"}
	if err := fl.setArgs([]string{"b.json"}); err == nil {
		t.Fatal("FILE and a different -i accepted")
	}
	fl = File{InPlace: "a.json"}
	if err := fl.setArgs([]string{"a.json"}); err != nil || fl.source() != "a.json" {
		t.Fatalf("%v %q", err, fl.source())
	}
	fl = File{}
	if err := fl.setArgs(nil); err != nil || fl.source() != "" {
		t.Fatalf("stdin: %v %q", err, fl.source())
	}
}
