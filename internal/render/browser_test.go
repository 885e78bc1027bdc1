package render_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/browser"
	"github.com/codename-spandex/spandex/internal/browser/browsertest"
	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// TestMain closes the browser the browser tests share
// (browsertest.Shared): one launch for the package, each test printing in
// its own tabs, in parallel.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.CloseShared()
	os.Exit(code)
}

// readHeroes reads a hero file or a JSON Lines stream of heroes.
func readHeroes(t *testing.T, path string) []*hero.Hero {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var hs []*hero.Hero
	for _, doc := range render.SplitDocs(data) {
		h, err := hero.Decode(doc)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		hs = append(hs, h)
	}
	return hs
}

// overflowJS lists every way the printed sheets break their page box:
// the wrong number of sheets, a page wider than the paper's printable
// width, a sheet taller than the printable height, a sheet whose content
// overflows it, an element or a line of text outside its sheet or its
// section box.
const overflowJS = `(() => {
  const W = %f, H = %f, want = %d;
  const problems = [];
  const de = document.documentElement;
  if (de.scrollWidth > W + 1) problems.push("the page is " + de.scrollWidth + "px wide, the paper's printable width " + W.toFixed(1) + "px");
  const sheets = [...document.querySelectorAll(".sheet")];
  if (sheets.length !== want) problems.push(sheets.length + " sheets, want " + want);
  const name = el => "<" + el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined && el.className ? " class=" + JSON.stringify(el.className) : "") + ">";
  const outside = (a, b) => a.left < b.left - 0.5 || a.right > b.right + 0.5 || a.top < b.top - 0.5 || a.bottom > b.bottom + 0.5;
  sheets.forEach((s, i) => {
    const who = "sheet " + (i + 1) + " (" + (s.querySelector(".name .value") || {}).textContent + ")";
    const r = s.getBoundingClientRect();
    if (r.height > H + 0.5) problems.push(who + " is " + r.height.toFixed(1) + "px high, the printable height " + H.toFixed(1) + "px");
    if (s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1) problems.push(who + " overflows: content " + s.scrollWidth + "x" + s.scrollHeight + ", box " + s.clientWidth + "x" + s.clientHeight);
    s.querySelectorAll("*").forEach(el => {
      const e = el.getBoundingClientRect();
      if (e.width === 0 && e.height === 0) return;
      if (outside(e, r)) problems.push(who + ": " + name(el) + " " + JSON.stringify((el.textContent || "").slice(0, 40)) + " lies outside the page box");
      const box = el.parentElement && el.parentElement.closest(".box");
      if (box && outside(e, box.getBoundingClientRect())) problems.push(who + ": " + name(el) + " " + JSON.stringify((el.textContent || "").slice(0, 40)) + " sticks out of its " + name(box));
    });
    const walk = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim() || !n.parentElement.getClientRects().length) continue;
      const rg = document.createRange();
      rg.selectNodeContents(n);
      const tr = rg.getBoundingClientRect();
      if (tr.width === 0 && tr.height === 0) continue;
      const box = n.parentElement.closest(".box") || s;
      if (outside(tr, box.getBoundingClientRect())) problems.push(who + ": text " + JSON.stringify(n.textContent.trim().slice(0, 40)) + " runs out of its " + name(box));
    }
  });
  return problems;
})()`

// pdfinfoPages counts a PDF's pages with poppler's pdfinfo, when it is
// installed (.ci/run installs poppler-utils with chromium); -1 when not.
func pdfinfoPages(t *testing.T, pdf []byte) int {
	t.Helper()
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		return -1
	}
	f := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", f).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo printed no page count:\n%s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// checkPrints prints the sheets on A4 and on Letter and checks one page
// per hero, plus its continuation pages when its lists do not fit one
// (wantCont in all), each the paper's size, and no element outside its
// page box.
func checkPrints(t *testing.T, b *browser.Browser, heroes []*hero.Hero, wantCont int) {
	t.Helper()
	var page bytes.Buffer
	if err := render.Sheets(&page, heroes); err != nil {
		t.Fatal(err)
	}
	cont := strings.Count(page.String(), `<article class="sheet continued`)
	if cont != wantCont {
		t.Errorf("%d continuation pages, want %d", cont, wantCont)
	}
	sheets := len(heroes) + cont
	tab, err := b.Load(page.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	for _, paper := range []browser.Paper{browser.A4, browser.Letter} {
		pdf, err := tab.PDF(paper)
		if err != nil {
			t.Fatalf("%s: printing: %v", paper.Name, err)
		}
		pages, err := browser.PDFPages(pdf)
		if err != nil {
			t.Fatalf("%s: %v", paper.Name, err)
		}
		if len(pages) != sheets {
			t.Errorf("%s: %d heroes printed on %d pages, want one page each and %d continuation pages", paper.Name, len(heroes), len(pages), cont)
		}
		for i, p := range pages {
			if !paper.SameSize(p) {
				t.Errorf("%s: page %d is %.2fx%.2f in", paper.Name, i+1, p[0], p[1])
			}
		}
		if n := pdfinfoPages(t, pdf); n >= 0 && n != sheets {
			t.Errorf("%s: pdfinfo counts %d pages, want %d", paper.Name, n, sheets)
		}
		w, h := paper.Printable()
		if err := tab.Media("print", int(w)); err != nil {
			t.Fatal(err)
		}
		problems, err := browser.Eval[[]string](tab, fmt.Sprintf(overflowJS, w, h, sheets))
		if err != nil {
			t.Fatalf("%s: measuring: %v", paper.Name, err)
		}
		for _, p := range problems {
			t.Errorf("%s: %s", paper.Name, p)
		}
	}
	// A phone: nothing wider than the screen.
	if err := tab.Media("screen", 360); err != nil {
		t.Fatal(err)
	}
	wide, err := browser.Eval[[]string](tab, phoneJS)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range wide {
		t.Errorf("phone (360px): %s", p)
	}
}

// phoneJS lists elements wider than the screen, and on a phone attack
// notes the narrow table does not show.
const phoneJS = `(() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + "px");
  document.querySelectorAll("body *").forEach(el => {
    const r = el.getBoundingClientRect();
    if (r.right > W + 1) out.push("<" + el.tagName.toLowerCase() + "> " + JSON.stringify((el.textContent || "").trim().slice(0, 40)) + " ends at " + r.right.toFixed(0) + "px");
  });
  if (W <= 640) document.querySelectorAll(".notes-row").forEach(r => {
    if (!r.getClientRects().length) out.push("an attack's notes are hidden: " + JSON.stringify(r.textContent.trim()));
  });
  return out.slice(0, 20);
})()`

// TestSheetsPrintOnePagePerHero is the browser test of `sheet -o html`:
// the Guardian's sheet and a six-hero party (testdata/party.jsonl: gen
// hero --seed 42, 7 and 6, gen npc android --seed 3, robot --seed 4
// --powers 3 and goon --seed 5, each -o jsonl) print one page per hero on
// A4 and on US Letter, with nothing outside its page box, and fit a
// phone's width.
// SPANDEX_SHEET_HEROES=FILE checks any other file of heroes the same way.
func TestSheetsPrintOnePagePerHero(t *testing.T) {
	t.Parallel()
	b := browsertest.Shared(t)
	files := []string{filepath.Join("..", "..", "testdata", "heroes", "guardian.json"), filepath.Join("testdata", "party.jsonl")}
	if f := os.Getenv("SPANDEX_SHEET_HEROES"); f != "" {
		files = []string{f}
	}
	for _, f := range files {
		heroes := readHeroes(t, f)
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			checkPrints(t, b, heroes, 0)
		})
	}
}

// hostileSheets are hero files built to push a sheet past its page: a
// long field is cut short with "…" and a long list goes on to
// continuation pages, so each prints on one page (and its continuation
// pages, counted here) on A4 and on Letter.
func hostileSheets(t *testing.T) []struct {
	name     string
	heroes   []*hero.Hero
	wantCont int
} {
	guardian := func() *hero.Hero {
		return readHeroes(t, filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))[0]
	}
	longName := guardian()
	longName.Name = strings.Repeat("Captain ", 50) // 400 characters
	oneWord := guardian()
	oneWord.Name = strings.Repeat("X", 400)
	hugeName := guardian()
	hugeName.Name = strings.Repeat("Spandex ", 100<<10/8) // 100 KB
	notes := guardian()
	notes.Notes = strings.Repeat("A very long secret identity. ", 100<<10/29) // 100 KB
	kit := guardian()
	for i := range 60 {
		kit.Equipment = append(kit.Equipment, hero.Item{Name: fmt.Sprintf("Gadget %d", i+1), Notes: "a device of the hero's own design, kept in the utility belt"})
	}
	everything := func() *hero.Hero {
		h := guardian()
		h.Name, h.Notes, h.Equipment = longName.Name, notes.Notes, kit.Equipment
		return h
	}
	return []struct {
		name     string
		heroes   []*hero.Hero
		wantCont int
	}{
		{"400-character name", []*hero.Hero{longName}, 0},
		{"400-character word", []*hero.Hero{oneWord}, 0},
		{"100 KB name", []*hero.Hero{hugeName}, 0},
		{"100 KB notes", []*hero.Hero{notes}, 0},
		{"60 items of equipment", []*hero.Hero{kit}, 2},
		{"a party of three with all of it", []*hero.Hero{everything(), everything(), everything()}, 6},
	}
}

func TestHostileSheetsPrintOnePagePerHero(t *testing.T) {
	t.Parallel()
	b := browsertest.Shared(t)
	for _, tt := range hostileSheets(t) {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkPrints(t, b, tt.heroes, tt.wantCont)
		})
	}
}

// TestFightReportInBrowser: the bank fight's report lays out inside an
// A4 page's width and a phone's, and draws one chart per combatant.
// testdata/bank.json is the bank fight as internal/cli's fight_report
// script plays it: page 1 with the book's dice, then fight auto --seed 11.
func TestFightReportInBrowser(t *testing.T) {
	t.Parallel()
	b := browsertest.Shared(t)
	data, err := os.ReadFile(filepath.Join("testdata", "bank.json"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := encounter.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r := e.Report()
	var page bytes.Buffer
	if err := render.FightReport(&page, &r); err != nil {
		t.Fatal(err)
	}
	tab, err := b.Load(page.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	pdf, err := tab.PDF(browser.A4)
	if err != nil {
		t.Fatal(err)
	}
	if pages, err := browser.PDFPages(pdf); err != nil || len(pages) == 0 {
		t.Fatalf("the report printed %d pages: %v", len(pages), err)
	}
	w, _ := browser.A4.Printable()
	for _, m := range []struct {
		media string
		width int
	}{{"print", int(w)}, {"screen", 360}} {
		if err := tab.Media(m.media, m.width); err != nil {
			t.Fatal(err)
		}
		wide, err := browser.Eval[[]string](tab, phoneJS)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range wide {
			t.Errorf("%s at %dpx: %s", m.media, m.width, p)
		}
	}
	charts, err := browser.Eval[int](tab, `document.querySelectorAll("figure.chart").length`)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := browser.Eval[int](tab, `document.querySelectorAll("figure.chart svg polyline.health").length`)
	if err != nil {
		t.Fatal(err)
	}
	mundane := 0
	for _, c := range r.Combatants {
		if c.Mundane {
			mundane++
		}
	}
	if charts != len(e.Combatants) || lines != len(e.Combatants)-mundane {
		t.Errorf("%d charts with %d health lines; want %d and %d", charts, lines, len(e.Combatants), len(e.Combatants)-mundane)
	}
	if text, err := browser.Eval[string](tab, `document.body.textContent`); err != nil || !strings.Contains(text, "Page 1") {
		t.Errorf("the report's text has no Page 1 (%v)", err)
	}
}
