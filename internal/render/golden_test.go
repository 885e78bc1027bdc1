package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// update rewrites the golden files: go test ./internal/render -run Golden -update
var update = flag.Bool("update", false, "rewrite testdata/golden/*.golden with the current output")

// checkGolden compares got with testdata/golden/NAME.golden, or writes
// it there with -update. A change to the markup shows as a diff of the
// golden file in review.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: the output differs from %s at byte %d (run with -update after checking the change)", name, path, firstDiff(string(got), string(want)))
	}
}

// hostileText is text with every character HTML escaping touches, a NUL, a
// byte that is not UTF-8, markup that would run a script, and characters
// that must be left alone.
const hostileText = "<b>\"Tom\" & Jerry's</b> +1\x00 \xff é · → `x` =y <script>alert(1)</script> \"><img src=x onerror=1>"

// hostileHero is the Guardian with hostile text in every field a file
// gives the sheet.
func hostileHero(t *testing.T) *hero.Hero {
	h := guardian(t)
	h.Name, h.Notes, h.NPCType = hostileText, hostileText, hostileText
	h.Equipment = append(h.Equipment, hero.Item{Name: hostileText, Notes: hostileText, For: hostileText})
	h.Perks = append(h.Perks, hero.Perk{Name: hostileText, Option: hostileText, Bought: hostileText})
	if len(h.Powers) > 0 {
		h.Powers[0].Name = hostileText
	}
	if len(h.Combat.Attacks) > 0 {
		h.Combat.Attacks[0].Name = hostileText
	}
	h.Combat.Immunities = append(h.Combat.Immunities, hostileText)
	return h
}

func TestSheetsGolden(t *testing.T) {
	cases := map[string][]*hero.Hero{"sheets-empty": nil, "sheet-hostile": {hostileHero(t)}}
	for _, f := range []string{"guardian.json", "nefario.json", "psyche.json", "titan.json", "zara.json", "mimic.json", "rider.json"} {
		cases["sheet-"+strings.TrimSuffix(f, ".json")] = readHeroFile(t, filepath.Join("..", "..", "testdata", "heroes", f))
	}
	cases["sheets-goons"] = readHeroFile(t, filepath.Join("..", "..", "testdata", "heroes", "goons.jsonl"))
	cases["sheets-police"] = readHeroFile(t, filepath.Join("..", "..", "testdata", "heroes", "police.jsonl"))
	cases["sheets-party"] = readHeroFile(t, filepath.Join("testdata", "party.jsonl"))
	// Too much for one page: a long name cut short, a list continued.
	crowded := guardian(t)
	crowded.Name = strings.Repeat("Captain ", 50)
	for i := range 60 {
		crowded.Equipment = append(crowded.Equipment, hero.Item{Name: fmt.Sprintf("Gadget %d", i+1), Notes: "a device of the hero's own design"})
	}
	cases["sheet-continued"] = []*hero.Hero{crowded}
	for name, hs := range cases {
		t.Run(name, func(t *testing.T) {
			var got bytes.Buffer
			if err := Sheets(&got, hs); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name+".html", got.Bytes())
		})
	}
}

func TestFightReportGolden(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "bank.json"))
	if err != nil {
		t.Fatal(err)
	}
	bank, err := encounter.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := json.Marshal(encounter.AttackRecord{Before: combat.State{Health: 30, Stamina: 40, Condition: "ok"}, After: combat.State{Health: 26, Stamina: 25, Condition: "dazed"}})
	hostileFight := &encounter.Encounter{Schema: encounter.SchemaVersion, Name: hostileText, Page: 1, Phase: encounter.PhaseAdvance, Sides: []encounter.Side{{Name: hostileText}, {Name: "y"}},
		Combatants: []encounter.Combatant{
			{ID: "a", Side: hostileText, Hero: hero.Hero{Name: hostileText, Health: hero.Health{Max: 30, Current: 26}, Stamina: hero.Stamina{Max: 40, Current: 25}}},
			{ID: "b", Side: "y", Hero: hero.Hero{Name: "B", Kind: hero.KindMundane, Health: hero.Health{Max: 10, Current: 10}}},
		},
		Log: []encounter.Event{
			{Seq: 2, Page: 1, Phase: encounter.PhaseAdvance, Kind: "attack", Actor: "b", Target: "a", Panels: 1, Summary: hostileText,
				Steps:   ruling.Steps{{Rule: hostileText, Text: hostileText, Table: hostileText, Row: hostileText, Page: hostileText}, {Rule: "r", Text: "t"}},
				Details: rec},
		}}
	for name, e := range map[string]*encounter.Encounter{"report-bank": bank, "report-hostile": hostileFight, "report-empty": {Schema: encounter.SchemaVersion}} {
		t.Run(name, func(t *testing.T) {
			r := e.Report()
			var got bytes.Buffer
			if err := FightReport(&got, &r); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name+".html", got.Bytes())
		})
	}
}

// A hero or fight name that is markup comes out as text in every HTML
// page: never a tag, never an attribute break-out.
func TestHTMLEscapesHostileNames(t *testing.T) {
	for _, name := range []string{`<script>alert(1)</script>`, `"><img src=x onerror=1>`} {
		h := guardian(t)
		h.Name = name
		var sheet bytes.Buffer
		if err := Sheets(&sheet, []*hero.Hero{h, h}); err != nil {
			t.Fatal(err)
		}
		e := &encounter.Encounter{Schema: encounter.SchemaVersion, Name: name, Page: 1, Phase: encounter.PhaseAdvance,
			Sides: []encounter.Side{{Name: name}, {Name: "y"}},
			Combatants: []encounter.Combatant{
				{ID: "a", Side: name, Hero: hero.Hero{Name: name, Health: hero.Health{Max: 30, Current: 26}, Stamina: hero.Stamina{Max: 40, Current: 25}}},
				{ID: "b", Side: "y", Hero: hero.Hero{Name: "B", Health: hero.Health{Max: 10, Current: 10}, Stamina: hero.Stamina{Max: 10, Current: 10}}},
			}}
		r := e.Report()
		var report bytes.Buffer
		if err := FightReport(&report, &r); err != nil {
			t.Fatal(err)
		}
		for page, out := range map[string]string{"sheets": sheet.String(), "single sheet": sheetHTML(t, h), "fight report": report.String()} {
			for _, bad := range []string{"<script", "<img"} {
				if strings.Contains(out, bad) {
					t.Errorf("%s, name %q: %q reached the page", page, name, bad)
				}
			}
			if escaped := template.HTMLEscapeString(name); !strings.Contains(out, escaped) {
				t.Errorf("%s, name %q: the page lacks the escaped name %q", page, name, escaped)
			}
		}
	}
}

// readHeroFile reads a hero file, or a JSON Lines stream of heroes.
func readHeroFile(t *testing.T, path string) []*hero.Hero {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".json") {
		h, err := hero.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return []*hero.Hero{h}
	}
	var hs []*hero.Hero
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		h, err := hero.Decode(line)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		hs = append(hs, h)
	}
	return hs
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// The markup escapes by construction: the raw strings written into a
// page are the project's own stylesheets and the player view's script,
// constants of this package (the player view's CSP allows exactly those
// by their hashes). A new g.Raw would be a value written unescaped, and
// must be argued for here.
func TestOnlyTheStylesheetIsRaw(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var raws []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, "g.Raw") {
				raws = append(raws, f+": "+strings.TrimSpace(line))
			}
		}
	}
	allowed := []string{"g.Raw(styleCSS)", "g.Raw(playerCSS)", "g.Raw(playerJS)"}
	bad := len(raws) != len(allowed)
	for _, r := range raws {
		if !slices.ContainsFunc(allowed, func(a string) bool { return strings.Contains(r, a) }) {
			bad = true
		}
	}
	if bad {
		t.Errorf("raw markup besides the stylesheets and the player view's script:\n%s", strings.Join(raws, "\n"))
	}
}
