package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/ruling"
)

func guardian(t *testing.T) *hero.Hero {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "guardian.json"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := hero.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func sheetHTML(t *testing.T, hs ...*hero.Hero) string {
	t.Helper()
	var b bytes.Buffer
	if err := Sheets(&b, hs); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The page is self-contained: no script, nothing from the network, no
// external font; its stylesheet is inline.
func TestSheetSelfContained(t *testing.T) {
	out := sheetHTML(t, guardian(t))
	for _, bad := range []string{"<script", "http://", "https://", "@import", "@font-face", "<link", "src="} {
		if strings.Contains(strings.ToLower(out), bad) {
			t.Errorf("the sheet contains %q", bad)
		}
	}
	for _, want := range []string{"<!doctype html>", `<meta charset="utf-8">`, "<style>", "@page", "@media print", "break-after: page", "The Guardian"} {
		if !strings.Contains(out, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
}

// A name and notes full of markup come out as text.
func TestSheetEscapes(t *testing.T) {
	h := guardian(t)
	h.Name = `<script>alert("x")</script>`
	h.Notes = `Tom & Jerry's "gadget" <b>bold</b>`
	h.Equipment = append(h.Equipment, hero.Item{Name: `<img src=x onerror=alert(1)>`})
	out := sheetHTML(t, h)
	for _, bad := range []string{"<script>", "<b>bold", "<img"} {
		if strings.Contains(out, bad) {
			t.Errorf("%q reached the page unescaped", bad)
		}
	}
	for _, want := range []string{
		"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;",
		"Tom &amp; Jerry&#39;s &#34;gadget&#34; &lt;b&gt;bold&lt;/b&gt;",
		"&lt;img src=x onerror=alert(1)&gt;",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks the escaped %q", want)
		}
	}
}

var tickRE = regexp.MustCompile(`<span class="tick([^"]*)">(\d+)</span>`)

// The Guardian (p. 16): health 35 with battered 4, stamina 36 with dazed
// 7 and stunned 4: one box per point counting down, the boxes at or
// below each threshold shaded, the threshold's own box marked.
func TestSheetTracks(t *testing.T) {
	h := guardian(t)
	h.Health.Current = 33 // two points of damage already taken
	out := sheetHTML(t, h)
	ticks := tickRE.FindAllStringSubmatch(out, -1)
	if len(ticks) != 35+36 {
		t.Fatalf("%d tick boxes, want 71", len(ticks))
	}
	tests := []struct {
		i     int // index among all boxes
		n     string
		class string
	}{
		{0, "35", " taken"},
		{1, "34", " taken"},
		{2, "33", ""},
		{30, "5", ""},
		{31, "4", " z-battered edge"},
		{34, "1", " z-battered"},
		{35, "36", ""},
		{35 + 28, "8", ""},
		{35 + 29, "7", " z-dazed edge"},
		{35 + 31, "5", " z-dazed"},
		{35 + 32, "4", " z-stunned edge"},
		{35 + 35, "1", " z-stunned"},
	}
	for _, tc := range tests {
		if got := ticks[tc.i]; got[2] != tc.n || got[1] != tc.class {
			t.Errorf("box %d: %q %q, want %q %q", tc.i, got[2], got[1], tc.n, tc.class)
		}
	}
	for _, want := range []string{"Battered</span> <b>4</b>", "Dazed</span> <b>7</b>", "Stunned</span> <b>4</b>", "H Divider</span> <b>/6</b>", "S Divider</span> <b>/6</b>",
		`<span class="max">35</span>`, `<span class="max">36</span>`} {
		if !strings.Contains(out, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
}

// Everything of the book's sheet (p. 17) is on the page.
func TestSheetFields(t *testing.T) {
	out := sheetHTML(t, guardian(t))
	for _, want := range []string{
		"Maria d&#39;Angelo", // secret identity (notes)
		"Damage Bonus</span> <b>+30 (dividers H/+1 S/+2)</b>", "Strike Bonus</span> <b>+2</b>",
		"<dt>Armour Class</dt><dd>B</dd>", "<dt>Dodge Bonus</dt><dd>cannot dodge</dd>", "<dt>Knockback Threshold</dt><dd>20</dd>",
		"<dt>Panels Per Page</dt><dd>4</dd>", "<dt>Movement Speed</dt><dd>7 m per panel</dd>",
		"1d6 per hour", "1d6 per page",
		`<td class="name">Fist/foot <span class="slug">(fist)</span></td><td class="c">2</td><td>1d6-6</td><td>2d6</td><td class="c">1</td><td class="notes-col">+30 DB</td>`,
		`<span class="ename">Armour 3</span>`, `<span class="ename">Super Senses 1</span>: Radar Sense`, `<span class="ename">Contacts</span>: Media`,
		`<span class="ename">Battlesuit</span> (for armour): carried in a holdall`,
		"Popularity", "Investigation", "Confidence", "<dt>Public Relations</dt><dd>3</dd>", "<dt>Contacts</dt><dd>10 (Media)</dd>", "<dt>Security</dt><dd>5</dd>",
		"<dt>Hero Points</dt><dd>0 of 0</dd>", "<dt>Material Resources</dt><dd>4</dd>", "<dt>Financial Resources</dt><dd>5</dd>", "<dt>Downtime / Week</dt><dd>7 (0 left)</dd>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the sheet lacks %q", want)
		}
	}
	// Fifteen profile measures.
	if n := strings.Count(out[strings.Index(out, `class="cats"`):strings.Index(out, `class="points"`)], "<dt>"); n != 15 {
		t.Errorf("%d profile measures, want 15", n)
	}
}

// A party is one document with one sheet (one printed page) per hero;
// the last sheet does not force a blank page after it (CSS :last-child).
func TestSheetParty(t *testing.T) {
	g := guardian(t)
	out := sheetHTML(t, g, g, g)
	if n := strings.Count(out, `<article class="sheet`); n != 3 {
		t.Errorf("%d sheets, want 3", n)
	}
	if strings.Count(out, "<html") != 1 {
		t.Error("more than one document")
	}
	if !strings.Contains(out, ".sheet:last-child { break-after: auto;") {
		t.Error("the last sheet would force a blank page")
	}
}

// Mundane characters get a strikes track instead of health and stamina,
// robots no stamina track, and neither a personal profile.
func TestSheetKinds(t *testing.T) {
	m := guardian(t)
	m.Kind, m.Mundane = hero.KindMundane, &hero.Mundane{Hits: 1}
	out := sheetHTML(t, m)
	if !strings.Contains(out, "Taken out by 1 super-powered strike or 2 normal strikes (p. 38).") || strings.Contains(out, "Personal Profile") {
		t.Error("mundane sheet")
	}
	if ticks := tickRE.FindAllStringSubmatch(out, -1); len(ticks) != 2 || ticks[0][1] != " taken" || ticks[1][1] != "" {
		t.Errorf("mundane strikes track %v", ticks)
	}
	r := guardian(t)
	r.Kind = hero.KindRobot
	out = sheetHTML(t, r)
	if !strings.Contains(out, "none: a robot is immune to stamina damage") || len(tickRE.FindAllString(out, -1)) != 35 || strings.Contains(out, "Personal Profile") {
		t.Error("robot sheet")
	}
}

// The type gets smaller as a sheet fills up, and never for the Guardian.
func TestDensity(t *testing.T) {
	g := guardian(t)
	v := paginate(newSheetView(g))[0]
	if v.Dense != "" {
		t.Errorf("the Guardian's sheet is %q", v.Dense)
	}
	prev := -1
	for n := 0; n <= 60; n += 4 {
		h := guardian(t)
		for i := 0; i < n; i++ {
			h.Powers = append(h.Powers, hero.Power{Name: "Power With A Long Name", Rank: 1, Flavours: []hero.Flavour{{Name: "a flavour with a long description"}}})
		}
		v := paginate(newSheetView(h))[0]
		level := -1
		for i, l := range levels {
			if l.class == v.Dense {
				level = i
			}
		}
		if level < prev {
			t.Errorf("%d extra powers: %q, smaller than with fewer", n, v.Dense)
		}
		prev = level
	}
	if prev != len(levels)-1 {
		t.Errorf("60 extra powers still at level %d", prev)
	}
}

// A hand-worked chart: health 30 → 26 → 22 of 30 and stamina 40 → 29 →
// 18 of 40 over the start and two pages. The plot is 262 px wide from x
// 30 and 92 px high from y 8, scaled to 40: x = 30, 161, 292; health
// y = 8 + 92 × (1 - v/40) = 31.0, 40.2, 49.4; stamina 8.0, 33.3, 58.6.
func TestChart(t *testing.T) {
	c := encounter.CombatantTimeline{ID: "a", HealthMax: 30, StaminaMax: 40, Battered: 3, Dazed: 8,
		Start: encounter.Vitals{Health: 30, Stamina: 40},
		Pages: []encounter.PageVitals{{Page: 1, Vitals: encounter.Vitals{Health: 26, Stamina: 29}}, {Page: 2, Vitals: encounter.Vitals{Health: 22, Stamina: 18}}}}
	v := newChart(&c)
	if v.HealthPts != "30.0,31.0 161.0,40.2 292.0,49.4" {
		t.Errorf("health %q", v.HealthPts)
	}
	if v.StaminaPts != "30.0,8.0 161.0,33.3 292.0,58.6" {
		t.Errorf("stamina %q", v.StaminaPts)
	}
	if v.Summary != "health 30 → 22 of 30, stamina 40 → 18 of 40" {
		t.Errorf("summary %q", v.Summary)
	}
	var labels []string
	for _, tk := range v.Ticks {
		labels = append(labels, tk.Text)
	}
	if strings.Join(labels, ",") != "start,1,2" {
		t.Errorf("x labels %v", labels)
	}
	// Below zero is drawn at zero.
	c.Pages[1].Stamina = -11
	if v := newChart(&c); !strings.HasSuffix(v.StaminaPts, " 292.0,100.0") {
		t.Errorf("negative stamina %q", v.StaminaPts)
	}
}

// The report page: a chart per combatant, every page with its events and
// steps (with the book's pages), everything escaped.
func TestFightReportHTML(t *testing.T) {
	rec, _ := json.Marshal(encounter.AttackRecord{Before: combat.State{Health: 30, Stamina: 40, Condition: "ok"}, After: combat.State{Health: 26, Stamina: 25, Condition: "dazed"}})
	ini, _ := json.Marshal(encounter.Initiative{Rolls: [][]int{{4, 4}, {7, 2}}, Winner: "x", Difference: 5, Advance: 3})
	e := &encounter.Encounter{Schema: encounter.SchemaVersion, Name: `<b>"Bank" & co</b>`, Page: 1, Phase: encounter.PhaseAdvance, Sides: []encounter.Side{{Name: "x"}, {Name: "y"}},
		Combatants: []encounter.Combatant{
			{ID: "a", Side: "x", Hero: hero.Hero{Name: "<script>", Health: hero.Health{Max: 30, Current: 26}, Stamina: hero.Stamina{Max: 40, Current: 25}}},
			{ID: "b", Side: "y", Hero: hero.Hero{Name: "B", Health: hero.Health{Max: 10, Current: 10}, Stamina: hero.Stamina{Max: 10, Current: 10}}},
		},
		Log: []encounter.Event{
			{Seq: 1, Page: 1, Phase: encounter.PhaseInitiative, Kind: "initiative", Details: ini, Summary: "page 1"},
			{Seq: 2, Page: 1, Phase: encounter.PhaseAdvance, Kind: "attack", Actor: "b", Target: "a", Panels: 1, Summary: "b attacks a",
				Steps:   ruling.Steps{{Rule: "to-hit", Text: "1d20 14 vs 10 & <more>", Table: "To-Hit Table", Row: "AC F, SC 2", Page: "p. 33"}},
				Details: rec},
		}}
	r := e.Report()
	var b bytes.Buffer
	if err := FightReport(&b, &r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"&lt;b&gt;&#34;Bank&#34; &amp; co&lt;/b&gt;",
		"<b>&lt;script&gt;</b>",
		"<h2>Page 1</h2>",
		"x 4 vs y 4; tie, re-rolled: x 7 vs y 2: x win by 5, 3 advance panels (p. 30)",
		"<b>Acted:</b> b 1 panel",
		"a: ok → dazed",
		`<span class="rule">to-hit</span> 1d20 14 vs 10 &amp; &lt;more&gt; <span class="ref">[To-Hit Table, AC F, SC 2]</span> <span class="bookpage">(p. 33)</span>`,
		`<polyline points="30.0,31.0 292.0,40.2" class="health"></polyline>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if n := strings.Count(out, "<figure class=\"chart\">"); n != 2 {
		t.Errorf("%d charts", n)
	}
	if strings.Contains(out, "<script>") || strings.Contains(out, "http") {
		t.Error("the report has a script or a network address")
	}
}

// An attack's notes: the damage bonus with its sign (a weak goon's -2
// is "-2 DB", not "+-2 DB"), range, dividers and special rules.
func TestAttackNotes(t *testing.T) {
	tests := []struct {
		db   int
		a    hero.Attack
		want string
	}{
		{30, hero.Attack{AddsDamageBonus: true}, "+30 DB"},
		{-2, hero.Attack{AddsDamageBonus: true}, "-2 DB"},
		{0, hero.Attack{AddsDamageBonus: true}, ""},
		{5, hero.Attack{AddsDamageBonus: false, Ranged: true, Range: 40, IgnoresDividers: true}, "ranged 40 m, ignores dividers"},
		{0, hero.Attack{ExtraDamage: -1, ToHitBonus: 2, LowersDividers: 1, LowersStaminaDivider: 2, NoToHit: true, Mental: true, RecoveryPanels: 1},
			"-1 dmg, +2 to hit, dividers -1, S divider -2, no to-hit, mental attack, +1 recovery panel"},
	}
	for _, tc := range tests {
		c := hero.Combat{DamageBonus: tc.db}
		if got := strings.Join(AttackNotes(&c, &tc.a), ", "); got != tc.want {
			t.Errorf("DB %d %+v: %q, want %q", tc.db, tc.a, got, tc.want)
		}
	}
}

func TestCut(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"Guardian", 8, "Guardian"},
		{"Guardians", 8, "Guardia…"},
		{"The Guardian", 5, "The…"}, // no space before the mark
		{"Zoë Ωmega", 4, "Zoë…"},
	}
	for _, tt := range tests {
		if got := cut(tt.in, tt.n); got != tt.want {
			t.Errorf("cut(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

// Sixty items of equipment do not fit the Guardian's sheet even in the
// smallest type: the sheet keeps what fits and says how many items go
// on, and each continuation page names the hero and its place; no item
// is lost or repeated.
func TestSheetContinues(t *testing.T) {
	h := guardian(t)
	h.Name = strings.Repeat("Captain ", 50)
	for i := range 60 {
		h.Equipment = append(h.Equipment, hero.Item{Name: fmt.Sprintf("Gadget %d", i+1), Notes: "a device of the hero's own design, kept in the utility belt"})
	}
	pages := paginate(newSheetView(h))
	if len(pages) < 2 {
		t.Fatalf("%d pages", len(pages))
	}
	if !strings.HasSuffix(pages[0].Name, "…") || len([]rune(pages[0].Name)) != maxName {
		t.Errorf("the name is %q, want %d characters ending in …", pages[0].Name, maxName)
	}
	var names []string
	for i, p := range pages {
		if !fits(&p) {
			t.Errorf("page %d does not fit", i+1)
		}
		for _, e := range p.Equipment {
			names = append(names, e.Name)
		}
		if i > 0 && (!p.Continued || p.Part != fmt.Sprintf("continued: page %d of %d", i+1, len(pages))) {
			t.Errorf("page %d: continued %v, %q", i+1, p.Continued, p.Part)
		}
	}
	var want []string
	for _, it := range h.Equipment {
		want = append(want, cut(it.Name, maxShort))
	}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("the pages hold the items\n%q\nwant\n%q", names, want)
	}
	items := len(names)
	moved := items - len(pages[0].Equipment)
	if want := fmt.Sprintf("%d items continue on the next %d pages: %d items of equipment.", moved, len(pages)-1, moved); len(pages) > 2 && pages[0].More != want {
		t.Errorf("the sheet says %q, want %q", pages[0].More, want)
	}
	out := sheetHTML(t, h)
	if n := strings.Count(out, `<article class="sheet continued`); n != len(pages)-1 {
		t.Errorf("%d continuation articles, want %d", n, len(pages)-1)
	}
	if !strings.Contains(out, `<p class="more">`+pages[0].More+`</p>`) {
		t.Error("the sheet does not say what continues")
	}
}
