package mns

import (
	"os"
	"strings"
	"testing"
)

func TestChartsValidate(t *testing.T) {
	cases := []struct {
		name, doc, path string
	}{
		{"no schema", `{"source":"x"}`, "$.schema"},
		{"future schema", `{"schema":2}`, "$.schema"},
		{"unknown key", `{"schema":1,"spheer":{}}`, "$.spheer"},
		{"gap", `{"schema":1,"sphere":{"rows":[{"from":0,"to":2,"value":0},{"from":4,"to":5,"value":1}]}}`, "$.sphere.rows[1].from"},
		{"overlap", `{"schema":1,"sphere":{"rows":[{"from":0,"to":2,"value":0},{"from":2,"to":5,"value":1}]}}`, "$.sphere.rows[1].from"},
		{"backwards row", `{"schema":1,"square":{"rows":[{"from":3,"to":2,"value":0}]}}`, "$.square.rows[0]"},
		{"tenths with a gap", `{"schema":1,"doubles":{"step":0.1,"rows":[{"from":0,"to":0.9,"value":0},{"from":1.1,"to":2,"value":1}]}}`, "$.doubles.rows[1].from"},
		{"empty chart", `{"schema":1,"sphere":{"rows":[]}}`, "$.sphere.rows"},
		{"action chart short row", `{"schema":1,"action":{"columns":["result","sphere"],"rows":[[1]]}}`, "$.action.rows[0]"},
		{"action chart out of order", `{"schema":1,"action":{"columns":["result","sphere"],"rows":[[1,1],[1,2]]}}`, "$.action.rows[1][0]"},
		{"weapon type", `{"schema":1,"weapons":[{"name":"x","type":"laser","time":5,"damage":"d6"}]}`, "$.weapons[0].type"},
		{"weapon damage", `{"schema":1,"weapons":[{"name":"x","type":"close","time":5,"damage":"d"}]}`, "$.weapons[0].damage"},
		{"weapon time", `{"schema":1,"weapons":[{"name":"x","type":"close","time":0,"damage":"1"}]}`, "$.weapons[0].time"},
		{"projectile without set", `{"schema":1,"weapons":[{"name":"x","type":"projectile","time":5,"damage":"1","short":3,"max":9}]}`, "$.weapons[0].set"},
		{"weapon twice", `{"schema":1,"weapons":[{"name":"x","type":"close","time":5,"damage":"1"},{"name":"x","type":"close","time":5,"damage":"1"}]}`, "$.weapons[1].name"},
		{"misses incomplete", `{"schema":1,"misses":[{"d8":1,"direction":"n"}]}`, "$.misses"},
		{"misses face 9", `{"schema":1,"misses":[{"d8":9,"direction":"n"}]}`, "$.misses[0].d8"},
	}
	for _, c := range cases {
		_, err := DecodeCharts([]byte(c.doc))
		if err == nil || !strings.HasPrefix(err.Error(), c.path+":") {
			t.Errorf("%s: %v, want an error at %s", c.name, err, c.path)
		}
	}
	ok := `{"schema":1,"doubles":{"step":0.1,"rows":[{"from":0,"to":0.9,"value":0},{"from":1,"to":2,"value":1}]}}`
	c, err := DecodeCharts([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	// 0.95 falls between rows of tenths: it belongs to the row below.
	for x, want := range map[float64]int{0: 0, 0.95: 0, 1: 1, 2: 1} {
		if got, err := c.Doubles.Lookup("Doubles Chart", x); err != nil || got != want {
			t.Errorf("Lookup(%v) = %d %v, want %d", x, got, err, want)
		}
	}
	if _, err := c.Doubles.Lookup("Doubles Chart", 2.5); err == nil || !strings.Contains(err.Error(), "off the Doubles Chart") {
		t.Errorf("off the chart: %v", err)
	}
}

func TestActionChartRead(t *testing.T) {
	ch := synthetic(t)
	for x, want := range map[int]int{1: 1, 2: 1, 3: 2, 9: 3, 10: 4, 99: 6} {
		if got, err := ch.Action.Read("result", "sphere", x); err != nil || got != want {
			t.Errorf("Read(%d) = %d %v, want %d", x, got, err, want)
		}
	}
	if _, err := ch.Action.Read("result", "sphere", 0); err == nil {
		t.Error("below the chart")
	}
	if _, err := ch.Action.Read("result", "meters", 3); err == nil {
		t.Error("unknown column")
	}
}

func TestCheckExamples(t *testing.T) {
	ch := synthetic(t)
	for _, c := range ch.CheckExamples() {
		if c.Status != "ok" {
			t.Errorf("synthetic chart disagrees with the worked examples: %+v", c)
		}
	}
	ch.Sphere.Rows[6].Value = 4 // Sphere(5) now 4
	ch.Weapons = ch.Weapons[:1] // no handgun
	var differs, missing int
	for _, c := range ch.CheckExamples() {
		switch c.Status {
		case "differs":
			differs++
			if c.Input != "5" || c.Got != "4" || c.Want != "5" {
				t.Errorf("differs: %+v", c)
			}
		case "missing":
			missing++
		}
	}
	if differs != 1 || missing != 5 {
		t.Errorf("differs %d missing %d, want 1 and 5", differs, missing)
	}
}

func TestNeedChart(t *testing.T) {
	var none *Charts
	_, err := none.SphereOf(9, nil, "--pushback-segments N")
	if err == nil || err.Error() != "needs the Sphere Chart: look up 9 and give it with --pushback-segments N, or give --charts FILE" {
		t.Errorf("err = %v", err)
	}
	n := 8
	if v, err := none.SphereOf(9, &n, ""); err != nil || v != 8 {
		t.Errorf("given value: %d %v", v, err)
	}
}

func FuzzDecodeCharts(f *testing.F) {
	data, err := os.ReadFile("../../testdata/mns/synthetic-charts.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"schema":1,"sphere":{"step":0.1,"rows":[{"from":0,"to":1e308,"value":1}]}}`))
	f.Add([]byte(`{"schema":1,"action":{"columns":["a","a"],"rows":[[1,2],[0]]}}`))
	f.Add([]byte(`{"schema":1,"weapons":[{"name":"x","type":"thrown","time":1,"damage":"999d999","set":-1}]}`))
	f.Add([]byte("schema: 1\nsphere:\n  rows:\n    - {from: 0, to: 4, value: 0}\n"))
	f.Add([]byte("&a [*a]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeCharts(data)
		if err != nil {
			return
		}
		// A valid file looks up and checks without panicking.
		_ = c.CheckExamples()
		for _, x := range []int{-5, 0, 5, 32, 1000} {
			_, _ = c.SphereOf(x, nil, "")
			_, _ = c.SquareOf(x, nil, "")
			_, _ = c.DoublesOf(float64(x), nil, "")
			if c.Action != nil {
				_, _ = c.Action.Read(c.Action.Columns[0], c.Action.Columns[1], x)
			}
		}
	})
}

func TestDecodeChartsYAML(t *testing.T) {
	doc := `schema: 1
source: synthetic, for this test only
sphere:
  rows:
    - {from: 0, to: 4, value: 0}
    - {from: 5, to: 9, value: 2}
weapons:
  - {name: sling, type: thrown, time: 9, damage: d4, short: 3, set: 2, max: 30}
`
	c, err := DecodeCharts([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := c.SphereOf(7, nil, ""); v != 2 {
		t.Errorf("Sphere(7) = %d", v)
	}
	if w, ok := c.Weapon("sling"); !ok || w.Set != 2 {
		t.Errorf("sling = %+v", w)
	}
	for doc, path := range map[string]string{
		"schema: 1\nsphere: {rows: [{from: 0, to: 4, value: 0}, {from: 6, to: 9, value: 1}]}\n": "$.sphere.rows[1].from",
		"schema: 1\nspheer: {}\n": "$.spheer",
		"- 1\n- 2\n":              "$",
		"schema: [1\n":            "$",
	} {
		if _, err := DecodeCharts([]byte(doc)); err == nil || !strings.HasPrefix(err.Error(), path+":") {
			t.Errorf("%q: %v, want an error at %s", doc, err, path)
		}
	}
}
