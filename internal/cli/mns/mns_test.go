package mns

import (
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
	"github.com/codename-spandex/spandex/pkg/mns"
)

func testFactory() *cmdutil.Factory {
	ios, _, _, _ := iostreams.Test()
	return &cmdutil.Factory{IOStreams: ios, Getenv: func(string) string { return "" }}
}

// TestActFlags checks that act's flags become the rules' request, through
// the runF seam every verb has.
func TestActFlags(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		check func(t *testing.T, s mns.Start)
		err   string
	}{
		{name: "attack with everything", args: []string{"--actor", "bolt", "--attack", "thug-2", "--weapon", "bolt-beam", "--range", "25",
			"--q-attack", "3", "--q-time", "2", "--called", "head", "--opponents", "1", "--sight", "radar", "--pool-bonus", "3", "--range-bonus", "-1", "--helpless"},
			check: func(t *testing.T, s mns.Start) {
				if s.Kind != "attack" || s.Target != "thug-2" || s.Weapon != "bolt-beam" || s.Distance != 25 || s.Spend.Attack != 3 || s.Spend.Time != 2 ||
					s.Spend.Called != "head" || s.Situation.ExtraOpponents != 1 || s.Situation.Sight != "radar" || !s.Helpless ||
					s.PoolBonus == nil || *s.PoolBonus != 3 || s.RangeBonus == nil || *s.RangeBonus != -1 || s.CarefulBonus != nil {
					t.Fatalf("%+v", s)
				}
			}},
		{name: "move", args: []string{"--actor", "a", "--move", "--time", "4", "--hurry", "2"},
			check: func(t *testing.T, s mns.Start) {
				if s.Kind != "move" || s.Time != 4 || s.Hurry != 2 || s.PoolBonus != nil {
					t.Fatalf("%+v", s)
				}
			}},
		{name: "other with an effect", args: []string{"--actor", "a", "--other", "shield", "--time", "4", "--effect", "shield", "--passive"},
			check: func(t *testing.T, s mns.Start) {
				if s.Kind != "other" || s.Name != "shield" || s.Effect != "shield" || !s.Passive {
					t.Fatalf("%+v", s)
				}
			}},
		{name: "no kind", args: []string{"--actor", "a"}, err: "give one of --attack ID, --move or --other WHAT"},
		{name: "two kinds", args: []string{"--actor", "a", "--move", "--other", "x"}, err: "give one of"},
		{name: "no actor", args: []string{"--move"}, err: "--actor"},
		{name: "attack without weapon", args: []string{"--actor", "a", "--attack", "b"}, err: "--weapon"},
		{name: "bad looked-up value", args: []string{"--actor", "a", "--attack", "b", "--weapon", "fist", "--careful-bonus", "x"}, err: "--careful-bonus"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got *ActOptions
			cmd := NewCmdAct(testFactory(), func(o *ActOptions) error { got = o; return nil })
			cmd.SetArgs(tc.args)
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			err := cmd.Execute()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
					t.Fatalf("got %v, want an input error mentioning %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Env == nil {
				t.Fatal("the environment was not prepared")
			}
			tc.check(t, got.Start)
		})
	}
}

func TestDamageAndSurpriseFlags(t *testing.T) {
	var d *DamageOptions
	cmd := NewCmdDamage(testFactory(), func(o *DamageOptions) error { d = o; return nil })
	cmd.SetArgs([]string{"--on", "granite", "--amount", "12", "--kind", "stun", "--deadly", "--stun-bonus", "2", "--pushback-segments", "4"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	r := d.Request
	if r.On != "granite" || r.Amount != 12 || r.Kind != mns.Stun || !r.Deadly || *r.StunBonus != 2 || *r.PushbackSegments != 4 {
		t.Fatalf("%+v", r)
	}

	var s *SurpriseOptions
	cmd = NewCmdSurprise(testFactory(), func(o *SurpriseOptions) error { s = o; return nil })
	cmd.SetArgs([]string{"--on", "lariat", "--segments", "8", "--reduce", "5"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if s.Request.Segments == nil || *s.Request.Segments != 8 || s.Request.Reduce != 5 || s.Request.MissedBy != nil {
		t.Fatalf("%+v", s.Request)
	}
}

const testCombatants = `{"schema": 1, "combatants": [
 {"id": "lariat", "name": "Lariat", "side": "heroes", "attack": 6, "defense": 5, "combat_roll": 10, "pool": 2, "vp": 40, "dp": 12, "ignore_damage": 1, "skin_temper": 1, "agility": 6, "strength": 4, "perception": 12, "learning": 5, "weapons": [{"name": "lasso", "type": "close", "time": 8, "damage": "d4"}]},
 {"id": "gunman", "name": "Gunman", "side": "thugs", "attack": 4, "defense": 2, "combat_roll": 9, "pool": 0, "vp": 20, "dp": 8, "ignore_damage": 0, "skin_temper": 1, "agility": 3, "strength": 3, "perception": 8, "learning": 3, "weapons": []}
]}`

// TestRunFunctions drives new, act, damage and status through their run
// functions on a test environment: fake files, scripted dice, buffers.
func TestRunFunctions(t *testing.T) {
	te := cmdutil.NewTestEnv(cmdutil.FormatJSON)
	te.Files["c.json"] = []byte(testCombatants)
	if err := runNew(&NewOptions{Env: te.Env, Files: []string{"c.json"}}); err != nil {
		t.Fatal(err)
	}
	enc, _ := te.Stdout()
	if !strings.Contains(enc, `"segment": 0`) || !strings.Contains(enc, `"id": "gunman"`) {
		t.Fatalf("new wrote %s", enc)
	}

	// Lariat lassoes gunman, looking the pool's Sphere value up by hand:
	// 3+3 = 6 under 10 + 2: Q 6; hit 6 vs 2; d4 2.
	act := cmdutil.NewTestEnv(cmdutil.FormatJSON, 3, 3, 2)
	act.Files["f.json"] = []byte(enc)
	two := 2
	err := runAct(&ActOptions{Env: act.Env, File: File{Path: "f.json"},
		Start: mns.Start{Actor: "lariat", Kind: "attack", Target: "gunman", Weapon: "lasso", PoolBonus: &two}})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := act.Stdout()
	e, err := mns.Decode([]byte(after))
	if err != nil {
		t.Fatal(err)
	}
	a := e.Find("lariat").Action
	if a == nil || a.Lands != 8 || a.Q != 6 || !strings.Contains(a.Outcome, "for 2 damage") {
		t.Fatalf("action = %+v", a)
	}

	// Leftover dice are refused before anything is written.
	left := cmdutil.NewTestEnv(cmdutil.FormatJSON, 3, 3, 2, 5)
	left.Files["f.json"] = []byte(enc)
	err = runAct(&ActOptions{Env: left.Env, File: File{Path: "f.json"},
		Start: mns.Start{Actor: "lariat", Kind: "attack", Target: "gunman", Weapon: "lasso", PoolBonus: &two}})
	if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Fatalf("leftover dice: %v", err)
	}
	if out, _ := left.Stdout(); out != "" {
		t.Errorf("wrote %q after an error", out)
	}

	// A rule refusal is exit 2; a missing chart names the flag.
	dmg := cmdutil.NewTestEnv(cmdutil.FormatJSON)
	dmg.Files["f.json"] = []byte(after)
	err = runDamage(&DamageOptions{Env: dmg.Env, File: File{Path: "f.json"}, Request: mns.DamageRequest{On: "gunman", Amount: 12, Kind: mns.Standard}})
	if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitUsage || !strings.Contains(err.Error(), "--pushback-segments N") {
		t.Fatalf("damage without charts: %v", err)
	}

	st := cmdutil.NewTestEnv(cmdutil.FormatText)
	st.Files["f.json"] = []byte(after)
	if err := runStatus(&ViewOptions{Env: st.Env, File: File{Path: "f.json"}}); err != nil {
		t.Fatal(err)
	}
	if out, _ := st.Stdout(); out != "lariat heroes 40 12 0 8\ngunman thugs 20 8 0 0\n" {
		t.Errorf("status = %q", out)
	}
}
