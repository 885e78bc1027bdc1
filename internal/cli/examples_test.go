package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/iostreams"
)

// exampleFixtures are the files every example finds in its directory:
// the repository's test heroes (and Men & Supermen files) under the names
// the examples use, by their path under testdata.
var exampleFixtures = map[string]string{
	"guardian.json":                       "heroes/guardian.json",
	"nefario.json":                        "heroes/nefario.json",
	"police.jsonl":                        "heroes/police.jsonl",
	"goons.jsonl":                         "heroes/goons.jsonl",
	"draft.json":                          "heroes/guardian-draft.json",
	"a.json":                              "heroes/guardian.json",
	"b.json":                              "heroes/nefario.json",
	"hawk.json":                           "heroes/guardian.json",
	"kid.json":                            "heroes/guardian.json",
	"boss.json":                           "heroes/nefario.json",
	"psyche.json":                         "heroes/psyche.json",
	"zara.json":                           "heroes/zara.json",
	"testdata/heroes/guardian-draft.json": "heroes/guardian-draft.json",
	"titan.json":                          "heroes/titan.json",
	"mimic.json":                          "heroes/mimic.json",
	"rider.json":                          "heroes/rider.json",
	"heroes.json":                         "mns/heroes.json",
	"thugs.json":                          "mns/thugs.json",
	"my-charts.json":                      "mns/synthetic-charts.json",
}

// newBank makes bank.json, the encounter most fight examples use.
const newBank = `spandex fight new --side heroes=guardian.json,police.jsonl --side villains=nefario.json,goons.jsonl
cp stdout bank.json
`

// heroStream makes heroes.jsonl, a JSON Lines stream of two heroes.
const heroStream = "sh -c 'jq -c . guardian.json nefario.json > heroes.jsonl'\n"

// playToEnd passes every turn of the page, so the page can end.
const playToEnd = "passturns bank.json end\n"

// passUntil passes every turn until it is id's.
func passUntil(id string) string { return "passturns bank.json " + id + "\n" }

// examplePreludes set the scene an example needs, by command path; a
// longer key (the command path and the start of the example's flags)
// wins over a shorter one.
var examplePreludes = map[string]string{
	"spandex fight":                     newBank,
	"spandex fight act":                 newBank + "spandex fight initiative -i bank.json --dice 8,3\n",
	"spandex fight act --actor nefario": newBank + "spandex fight initiative -i bank.json --dice 3,8\n",
	"spandex fight act --actor goon-1":  newBank + "spandex fight initiative -i bank.json --dice 3,8\nspandex fight act -i bank.json --actor nefario --pass\n",
	"spandex fight end-page": newBank + `spandex fight initiative -i bank.json --dice 8,3
spandex fight act -i bank.json --actor guardian --attack nefario --with fist --reaction parry:staff --obstruction wood --dice 14,20,3,5,2,1,2,4,3,2
` + passUntil("nefario") + `spandex fight act -i bank.json --actor nefario --attack guardian --with staff-blast --behind --reaction brace --power-dice health=4,stamina=6 --dice 16,3,5,5,4,4,3,1,6,6,4
` + playToEnd,
	"spandex fight act --hold":                    newBank + "spandex fight initiative -i bank.json --dice 8,3\nspandex fight act -i bank.json --actor guardian --pass\n" + passUntil("guardian"),
	"spandex fight effect --add mass":             newBank + "spandex fight effect -i bank.json --on guardian --add mass --source nefario\n",
	"spandex fight effect --end mass":             newBank + "spandex fight effect -i bank.json --on guardian --add mass --source nefario\n",
	"spandex fight effect --release mass":         newBank + "spandex fight effect -i bank.json --on guardian --add mass --source nefario\n",
	"spandex downtime spend device:tracer":        "spandex downtime week -i guardian.json\nspandex downtime device -i guardian.json --name tracer --complexity 4 --components 5\n",
	"spandex fight react":                         newBank + "spandex fight initiative -i bank.json --dice 8,3\n",
	"spandex fight next":                          newBank,
	"spandex fight status":                        newBank,
	"spandex fight serve":                         newBank,
	"spandex fight initiative":                    newBank,
	"spandex fight auto":                          newBank + "cp bank.json sim.json\n",
	"spandex fight effect":                        newBank,
	"spandex fight luck":                          newBank,
	"spandex fight hero":                          newBank,
	"spandex fight leave":                         newBank,
	"spandex fight undo":                          newBank + "spandex fight initiative -i bank.json --dice 8,3\n",
	"spandex fight log":                           newBank + "spandex fight initiative -i bank.json --dice 8,3\n",
	"spandex downtime spend":                      "spandex downtime week -i guardian.json\n",
	"spandex dodge --strike-class 3 -i boss.json": `jsonedit boss.json /hero_points={"max":1,"current":1}` + "\n",
	"spandex profile roll --hero-points":          `jsonedit hawk.json /hero_points={"max":1,"current":1}` + "\n",
	"spandex attack --attacker nefario.json --with staff-blast --hero-points": `jsonedit guardian.json /hero_points={"max":1,"current":1}` + "\n",
	"spandex contest --attacker psyche.json --power psychic-drain --spend 4 -i nefario.json --update-attacker --hero-points": `jsonedit psyche.json /hero_points={"max":1,"current":1}` + "\n" +
		`jsonedit nefario.json /hero_points={"max":1,"current":1}` + "\n",
	"spandex downtime":            "",
	"spandex downtime buy":        `jsonedit guardian.json /downtime/experience={"public_relations":30,"strength":140,"power:super-strength":200}` + "\n",
	"spandex downtime device":     "spandex downtime week -i guardian.json\nspandex gen hero --seed 42\ncp stdout hero.json\n",
	"spandex hero derive":         "spandex gen hero --seed 42\ncp stdout hero.json\n",
	"spandex sheet":               "spandex gen hero --seed 42\ncp stdout hero.json\n",
	"spandex fight balance":       newBank + "spandex gen npc combatant --seed 3 -o json\ncp stdout goon.json\n",
	"spandex fight sim merge":     newBank + "spandex fight sim bank.json -n 40 --seed 1 --shard 1/2 -o json\ncp stdout shard1.json\nspandex fight sim bank.json -n 40 --seed 1 --shard 2/2 -o json\ncp stdout shard2.json\n",
	"spandex recover --first-aid": `jsonedit guardian.json /health/current=20` + "\n",
	"spandex config --config":     "sh -c 'printf \"output: text\\n\" > table.yaml'\n",
	"spandex fight danger-sense":  "spandex fight new --side heroes=titan.json --side villains=nefario.json\ncp stdout t.json\n",
	"spandex fight notice": `sh -c 'jq -c ''.powers[0].flavours += [{"slug":"astral-projection","name":"Astral Projection","speciality":false}]'' zara.json > m.json'
spandex fight new --side heroes=mystic:m.json --side villains=goon:nefario.json
cp stdout t.json
spandex fight initiative -i t.json --dice 9,2
spandex fight act -i t.json --actor mystic --power magic --effect astral-projection
`,
	"spandex fall --metres 12":                               heroStream,
	"spandex recover --hours 2":                              heroStream,
	"spandex recover -i nefario.json --hours 2 --controller": "spandex contest --attacker zara.json --power hypnotism -i nefario.json --dice 20,1,3\n",
	"spandex hero undo":                                      "spandex profile set -i guardian.json heroism=4\nspandex profile set -i guardian.json heroism=5\n",
	"spandex mns":                                            mnsExampleFight,
	"spandex mns damage --disbelieve":                        mnsExampleFight + "spandex mns damage -i fight.json --on lariat --amount 15 --kind illusory\n",
	"spandex mns end-round --drop":                           mnsExampleFight + "spandex mns act -i fight.json --actor zap --other 'power shield' --time 5 --effect 'power shield'\n",
}

// mnsExampleFight sets the scene of the mns examples: the GM's charts
// (synthetic, the config's mns.charts) and a fight of the examples'
// combatants.
const mnsExampleFight = "env SPANDEX_MNS_CHARTS=my-charts.json\nspandex mns new heroes.json thugs.json\ncp stdout fight.json\n"

// TestExamples runs every Example line of every command, each in a fresh
// directory holding the test heroes (and the scene examplePreludes sets):
// an example in --help that fails is a defect.
func TestExamples(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	root := NewCmdRoot(&cmdutil.Factory{IOStreams: ios, Getenv: func(string) string { return "" }})
	dir := t.TempDir()
	files := fixtureFiles(t)
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for i, line := range exampleLines(c.Example) {
			ex := strings.TrimSpace(line)
			if ex == "" {
				continue
			}
			if j := strings.Index(ex, "   #"); j >= 0 {
				ex = strings.TrimSpace(ex[:j])
			}
			n++
			script := fmt.Sprintf("# %s\n%s%s\n", ex, prelude(c.CommandPath(), ex), shellLine(ex))
			script += files.For(script)
			name := strings.ReplaceAll(c.CommandPath(), " ", "_") + fmt.Sprintf("_%d.txtar", i+1)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if n < 100 {
		t.Fatalf("found only %d examples", n)
	}
	// The scripts of TestScripts, TestExamples and TestTerminalWidth
	// run beside each other, once every sequential test is done: one
	// test's last slow scripts do not hold up the next test's.
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:   dir,
		Setup: isolateHome,
		Cmds:  scriptCmds(nil),
	})
}

// exampleLines are the lines of an Example, a line ending in a backslash
// joined with the next as a shell joins them.
func exampleLines(example string) []string {
	var lines []string
	var cont strings.Builder
	for _, line := range strings.Split(example, "\n") {
		if rest, ok := strings.CutSuffix(line, "\\"); ok {
			cont.WriteString(rest)
			continue
		}
		if cont.Len() > 0 {
			line = cont.String() + strings.TrimLeft(line, " ")
			cont.Reset()
		}
		lines = append(lines, line)
	}
	return lines
}

// shellLine is the script line that runs a command line as a shell
// would: through the script command sh (shellCmd), which runs spandex
// in-process.
func shellLine(line string) string {
	return "sh -c '" + strings.ReplaceAll(line, "'", "''") + "'"
}

// fixtureFiles are exampleFixtures: the test heroes under the names the
// examples use.
func fixtureFiles(t *testing.T) fixtures {
	t.Helper()
	var files fixtures
	for name, src := range exampleFixtures {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", src))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, txtar.File{Name: name, Data: data})
	}
	return files
}

// fixtures are files a generated script may need.
type fixtures []txtar.File

// For is the txtar text of the fixtures script names (a name anywhere in
// its text: a few too many cost nothing), rather than all of them for
// every one of the hundreds of scripts.
func (fs fixtures) For(script string) string {
	var b strings.Builder
	for _, f := range fs {
		if strings.Contains(script, f.Name) {
			fmt.Fprintf(&b, "-- %s --\n%s", f.Name, f.Data)
		}
	}
	return b.String()
}

// prelude picks the longest examplePreludes key that the example starts
// with (command path, then its flags).
func prelude(path, ex string) string {
	best, bestLen := "", -1
	for key, p := range examplePreludes {
		if !strings.HasPrefix(key, path) {
			continue
		}
		rest := strings.TrimSpace(strings.TrimPrefix(key, path))
		if key != path && !strings.HasPrefix(key, path+" ") {
			continue
		}
		if rest != "" && !strings.Contains(ex, rest) {
			continue
		}
		if rest == "" && key != path {
			continue
		}
		if len(key) > bestLen {
			best, bestLen = p, len(key)
		}
	}
	if bestLen < 0 {
		// A subcommand without its own prelude uses its parent's.
		if i := strings.LastIndex(path, " "); i > 0 {
			return prelude(path[:i], ex)
		}
	}
	return best
}

// heroPointsOn gives a test hero file two hero points.
func heroPointsOn(file string) string {
	return `jsonedit ` + file + ` /hero_points={"max":2,"current":2}` + "\n"
}

func init() {
	examplePreludes["spandex fight initiative --hero-points"] = heroPointsOn("guardian.json") + examplePreludes["spandex fight initiative"]
	examplePreludes["spandex fight end-page --hero-points"] = heroPointsOn("guardian.json") + examplePreludes["spandex fight end-page"]
}
