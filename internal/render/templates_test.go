package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

// The pages were first written as html/template templates; they are kept
// in testdata/templates as the specification of the markup, and the Go
// code that writes the pages now (sheet.go, report.go) must give the same
// bytes as executing them, escaping included. html/template is linked
// into this test only, not into spandex.

type templateDoc struct {
	Title     string
	Version   string
	CSS       template.CSS
	BodyClass string
	Sheets    []sheetView
	Report    *reportView
}

func executeTemplate(t *testing.T, body string, funcs template.FuncMap, d templateDoc) string {
	t.Helper()
	tm := template.Must(template.New("doc").Funcs(funcs).ParseFiles(
		filepath.Join("testdata", "templates", "base.html.tmpl"),
		filepath.Join("testdata", "templates", body)))
	d.CSS = template.CSS(styleCSS)
	d.Version = Version
	var b bytes.Buffer
	if err := tm.ExecuteTemplate(&b, "doc", d); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hostile is text with every character html/template escapes, a NUL, a
// byte that is not UTF-8 and characters it leaves alone.
const hostile = "<b>\"Tom\" & Jerry's</b> +1\x00 \xff é · → `x` =y"

func readHeroFile(t *testing.T, path string) []*hero.Hero {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var hs []*hero.Hero
	if strings.HasSuffix(path, ".json") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		h, err := hero.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return []*hero.Hero{h}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		h, err := hero.Decode(sc.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		hs = append(hs, h)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return hs
}

func TestSheetsMatchTemplates(t *testing.T) {
	var all []*hero.Hero
	for _, f := range []string{"guardian.json", "nefario.json", "psyche.json", "titan.json", "zara.json", "goons.jsonl", "police.jsonl"} {
		all = append(all, readHeroFile(t, filepath.Join("..", "..", "testdata", "heroes", f))...)
	}
	all = append(all, readHeroFile(t, filepath.Join("testdata", "party.jsonl"))...)
	h := guardian(t)
	h.Name, h.Notes = hostile, hostile
	h.Equipment = append(h.Equipment, hero.Item{Name: hostile})
	all = append(all, h)

	cases := [][]*hero.Hero{nil, all}
	for _, h := range all {
		cases = append(cases, []*hero.Hero{h})
	}
	for _, hs := range cases {
		d := templateDoc{Title: "Character sheets", BodyClass: "sheets"}
		if len(hs) == 1 {
			d.Title = hs[0].Name + " · character sheet"
		}
		for _, h := range hs {
			d.Sheets = append(d.Sheets, newSheetView(h))
		}
		want := executeTemplate(t, "sheet.html.tmpl", nil, d)
		var got bytes.Buffer
		if err := Sheets(&got, hs); err != nil {
			t.Fatal(err)
		}
		if got.String() != want {
			t.Errorf("%d heroes (%q): the sheets differ from the template's at byte %d", len(hs), d.Title, firstDiff(got.String(), want))
		}
	}
}

func TestFightReportMatchesTemplate(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "bank.json"))
	if err != nil {
		t.Fatal(err)
	}
	bank, err := encounter.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := json.Marshal(encounter.AttackRecord{Before: combat.State{Health: 30, Stamina: 40, Condition: "ok"}, After: combat.State{Health: 26, Stamina: 25, Condition: "dazed"}})
	hostileFight := &encounter.Encounter{Schema: encounter.SchemaVersion, Name: hostile, Page: 1, Phase: encounter.PhaseAdvance, Sides: []encounter.Side{{Name: hostile}, {Name: "y"}},
		Combatants: []encounter.Combatant{
			{ID: "a", Side: hostile, Hero: hero.Hero{Name: hostile, Health: hero.Health{Max: 30, Current: 26}, Stamina: hero.Stamina{Max: 40, Current: 25}}},
			{ID: "b", Side: "y", Hero: hero.Hero{Name: "B", Kind: hero.KindMundane, Health: hero.Health{Max: 10, Current: 10}}},
		},
		Log: []encounter.Event{
			{Seq: 2, Page: 1, Phase: encounter.PhaseAdvance, Kind: "attack", Actor: "b", Target: "a", Panels: 1, Summary: hostile,
				Steps:   ruling.Steps{{Rule: hostile, Text: hostile, Table: hostile, Row: hostile, Page: hostile}, {Rule: "r", Text: "t"}},
				Details: rec},
		}}
	for _, e := range []*encounter.Encounter{bank, hostileFight, {Schema: encounter.SchemaVersion}} {
		r := e.Report()
		v := newReportView(&r)
		want := executeTemplate(t, "report.html.tmpl", template.FuncMap{"sub": func(a, b int) int { return a - b }},
			templateDoc{Title: v.Name + " · fight report", BodyClass: "report", Report: v})
		var got bytes.Buffer
		if err := FightReport(&got, &r); err != nil {
			t.Fatal(err)
		}
		if got.String() != want {
			t.Errorf("fight %q: the report differs from the template's at byte %d", e.Name, firstDiff(got.String(), want))
		}
	}
}

func firstDiff(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
