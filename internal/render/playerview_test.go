package render

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// bankFight is testdata/bank.json: the bank fight after page 1 and fight
// auto (see TestFightReportInBrowser).
func bankFight(t *testing.T) *encounter.Encounter {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "bank.json"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := encounter.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// freshBank is the bank fight (fight new --side
// heroes=guardian.json,police.jsonl --side villains=nefario.json,goons.jsonl)
// at page 1's advance phase: initiative won by the heroes 8 to 3 (p. 30),
// nobody has acted.
func freshBank(t *testing.T) *encounter.Encounter {
	t.Helper()
	var entries []encounter.Entry
	for _, f := range []struct{ side, file string }{
		{"heroes", "guardian.json"}, {"heroes", "police.jsonl"}, {"villains", "nefario.json"}, {"villains", "goons.jsonl"},
	} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", f.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range splitDocs(data) {
			h, err := hero.Decode(doc)
			if err != nil {
				t.Fatalf("%s: %v", f.file, err)
			}
			entries = append(entries, encounter.Entry{Side: f.side, Hero: h, Source: f.file})
		}
	}
	e, err := encounter.New(encounter.Setup{Sides: []string{"heroes", "villains"}, Entries: entries, Options: encounter.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.RollInitiative(encounter.Ctx{Roller: dice.NewScripted([]int{8, 3})}); err != nil {
		t.Fatal(err)
	}
	return e
}

// splitDocs splits a hero file (one indented object) or a JSON Lines
// stream.
func splitDocs(data []byte) [][]byte {
	data = bytes.TrimSpace(data)
	if bytes.HasPrefix(data, []byte("{\n")) {
		return [][]byte{data}
	}
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

func playerHTML(t *testing.T, v *PlayerView) string {
	t.Helper()
	var b bytes.Buffer
	if err := PlayerPage(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func viewOf(e *encounter.Encounter, reveal bool, players ...string) *PlayerView {
	return &PlayerView{Board: e.Status(), Next: e.NextTurn(), Players: players, Reveal: reveal, Seq: 1, Refresh: 10}
}

// cardOf is one combatant's card in the page.
func cardOf(t *testing.T, page, id string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<li class="card[^"]*" data-id="` + regexp.QuoteMeta(id) + `">.*?</li>(<li class="card|</ul>)`).FindString(page)
	if m == "" {
		t.Fatalf("no card for %s", id)
	}
	return m
}

func TestPlayerViewGolden(t *testing.T) {
	e := bankFight(t)
	checkGolden(t, "playerview-bank.html", []byte(playerHTML(t, viewOf(e, false, "heroes"))))
	checkGolden(t, "playerview-bank-reveal.html", []byte(playerHTML(t, viewOf(e, true, "heroes"))))
}

// The players' side shows health and stamina as bars with their numbers;
// the other side shows its condition and states, no number.
func TestPlayerViewHidesVillainsNumbers(t *testing.T) {
	e := bankFight(t)
	page := playerHTML(t, viewOf(e, false, "heroes"))
	g := cardOf(t, page, "guardian")
	for _, want := range []string{`<meter min="0" max="35"`, `Health`, `Stamina`, `<p class="condition">`} {
		if !strings.Contains(g, want) {
			t.Errorf("the Guardian's card lacks %q:\n%s", want, g)
		}
	}
	n := cardOf(t, page, "nefario")
	if strings.Contains(n, "<meter") || regexp.MustCompile(`\d+/\d+`).MatchString(n) {
		t.Errorf("Nefario's numbers are shown without --reveal:\n%s", n)
	}
	for _, want := range []string{`<p class="condition">`, "health and stamina hidden"} {
		if !strings.Contains(n, want) {
			t.Errorf("Nefario's card lacks %q:\n%s", want, n)
		}
	}
	revealed := cardOf(t, playerHTML(t, viewOf(e, true, "heroes")), "nefario")
	if !strings.Contains(revealed, "<meter") {
		t.Errorf("--reveal shows no bar for Nefario:\n%s", revealed)
	}
}

// Whose turn it is, the turn order of the phase and the initiative.
func TestPlayerViewTurn(t *testing.T) {
	e := freshBank(t)
	page := playerHTML(t, viewOf(e, false, "heroes"))
	next := e.NextTurn()
	if next.Actor == nil || next.Actor.ID != "guardian" {
		t.Fatalf("the fixture's actor is %+v, want the Guardian", next.Actor)
	}
	for _, want := range []string{
		`<p class="state">Page 1, advance phase</p>`,
		`Initiative: heroes 8 vs villains 3: heroes win by 5, 3 advance panels (p. 30)`,
		`Now: <strong class="actor">The Guardian</strong>`,
		`<h2>Turn order, advance phase</h2>`,
		`<li class="card current" data-id="guardian">`,
		`heroes <span class="count">3 of 3 standing</span><span class="won"> · won initiative</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Two police officers share a name: the order shows their ids.
	if !strings.Contains(page, `Police officer <span class="id">police-officer-1</span>`) {
		t.Errorf("the turn order does not tell the police officers apart")
	}
}

// The page is the project's own: one inline script and stylesheet (the
// ones the CSP hashes), nothing from elsewhere, a <noscript> reload.
func TestPlayerViewSelfContained(t *testing.T) {
	page := playerHTML(t, viewOf(bankFight(t), false, "heroes"))
	for _, bad := range []string{"http://", "https://", "@import", "<link", "src=", "style="} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	if n := strings.Count(page, "<script"); n != 1 {
		t.Errorf("%d scripts, want 1", n)
	}
	for _, want := range []string{`<noscript><meta http-equiv="refresh" content="10"></noscript>`, `new EventSource("events")`, `<main id="board" data-seq="1"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, want := range []string{cspHash(playerJS), cspHash(playerCSS), "default-src 'none'", "connect-src 'self'"} {
		if !strings.Contains(PlayerViewCSP(), want) {
			t.Errorf("the CSP lacks %q", want)
		}
	}
}

// Names, sides, effects and the notice full of markup come out as text,
// in the page and in the board the event stream sends.
func TestPlayerViewEscapes(t *testing.T) {
	e := freshBank(t)
	hostile := `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`
	e.Name = hostile
	e.Combatants[0].Hero.Name = hostile
	e.Combatants[0].Effects = append(e.Combatants[0].Effects, encounter.Effect{Name: hostile, Power: "x"})
	e.Sides[0].Name = hostile
	for i := range e.Combatants {
		if e.Combatants[i].Side == "heroes" {
			e.Combatants[i].Side = hostile
		}
	}
	v := viewOf(e, true, hostile)
	v.Notice = hostile
	page := playerHTML(t, v)
	var board bytes.Buffer
	if err := PlayerBoard(&board, v); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"page": page, "board": board.String()} {
		if strings.Contains(out, "<script>alert") || strings.Contains(out, "<img") {
			t.Errorf("%s: a name became markup", name)
		}
		if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&#34;&#39;&amp;") {
			t.Errorf("%s: the hostile name is not shown as text", name)
		}
	}
	// The board is one element: what the script swaps in.
	if !strings.HasPrefix(board.String(), `<main id="board"`) || !strings.HasSuffix(board.String(), "</main>") {
		t.Errorf("the board is not one <main> element: %.80s", board.String())
	}
}

// A notice (the file could not be read) is shown above the board.
func TestPlayerViewNotice(t *testing.T) {
	v := viewOf(bankFight(t), false, "heroes")
	v.Notice = "bank.json: $: expected a JSON object (at 23:31:14); showing the last good board."
	if page := playerHTML(t, v); !strings.Contains(page, `<p class="notice" role="alert">bank.json: $: expected`) {
		t.Errorf("the page does not show the notice")
	}
}
