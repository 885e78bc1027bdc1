package mns

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
	"github.com/codename-spandex/spandex/pkg/refusal"
)

// ChartsSchemaVersion is the charts file schema this build reads.
const ChartsSchemaVersion = 1

// MaxChartsFileSize bounds a charts file.
const MaxChartsFileSize = 4 << 20

// MaxChartsYAMLSize bounds a charts file written in YAML: the YAML
// parser holds a node of some hundred bytes for each key and value, so
// a file of short keys costs some forty times its size (a real charts
// file is a few kilobytes).
const MaxChartsYAMLSize = 512 << 10

// Charts is the GM's charts file: the lookups the combat chapter refers to
// but does not print. spandex ships none of them; the GM copies the values
// from their own copy of the game. Every chart is optional; a rule whose
// chart is missing asks for the looked-up number instead (NeedChart).
type Charts struct {
	// Schema is the charts file schema version (1).
	Schema int `json:"schema" jsonschema:"required,enum=1"`
	// Source says where the values come from (for example "my copy of the
	// game, 2nd printing" or "synthetic values for tests").
	Source string `json:"source"`
	// Sphere is the Sphere Chart: a number (a pool, a count of range sets,
	// pushback points, segments of surprise missed by) to its chart value.
	Sphere *Chart `json:"sphere,omitempty"`
	// Square is the Square Chart (used for the stun bonus to Ignore Damage
	// from Maximum Body DP).
	Square *Chart `json:"square,omitempty"`
	// Doubles is the Doubles Chart (used for a careful attack's bonus from
	// its delay, sizes and speeds).
	Doubles *Chart `json:"doubles,omitempty"`
	// Action is the Action Chart, with named columns.
	Action *ActionChart `json:"action,omitempty"`
	// Weapons is the Weapons Chart.
	Weapons []Weapon `json:"weapons,omitempty"`
	// Misses is the Misses diagram: each face of a d8 to a direction.
	Misses []Miss `json:"misses,omitempty"`
}

// Chart is a one-column lookup: rows of an input range to an output.
type Chart struct {
	// Step is the resolution of the chart's inputs: 1 (the default, when
	// 0) for whole numbers, 0.1 for tenths. Consecutive rows must meet:
	// a row's from is the previous row's to plus step.
	Step float64 `json:"step"`
	// Rows are in increasing order of input.
	Rows []ChartRow `json:"rows" jsonschema:"required,minItems=1"`
}

// ChartRow maps the inputs from..to (inclusive) to value.
type ChartRow struct {
	From  float64 `json:"from" jsonschema:"required"`
	To    float64 `json:"to" jsonschema:"required"`
	Value int     `json:"value" jsonschema:"required"`
}

// ActionChart is a chart of several named columns read across: a value
// is found in one column and the row's value in another read.
type ActionChart struct {
	// Columns name the columns, for example "result" and "sphere".
	Columns []string `json:"columns" jsonschema:"required,minItems=2"`
	// Rows hold one whole number per column. Every column increases (or
	// stays level) down the rows; the first column strictly increases.
	Rows [][]int `json:"rows" jsonschema:"required,minItems=1"`
}

// WeaponType is the kind of attack a weapon makes.
type WeaponType string

// The attack types.
const (
	Close      WeaponType = "close"
	Projectile WeaponType = "projectile"
	Thrown     WeaponType = "thrown"
	Explosive  WeaponType = "explosive"
)

// Valid reports whether t is one of the four attack types.
func (t WeaponType) Valid() bool {
	switch t {
	case Close, Projectile, Thrown, Explosive:
		return true
	}
	return false
}

// Weapon is one row of the Weapons Chart (or a combatant's own weapon).
type Weapon struct {
	// Name is how verbs refer to it ("handgun"); lower case.
	Name string `json:"name" jsonschema:"required"`
	// Type is close, projectile, thrown or explosive.
	Type WeaponType `json:"type" jsonschema:"required,enum=close,enum=projectile,enum=thrown,enum=explosive"`
	// Time is the performance time in segments.
	Time int `json:"time" jsonschema:"required,minimum=1"`
	// Damage is a dice expression ("d6", "2d6+1") or a whole number.
	Damage string `json:"damage" jsonschema:"required"`
	// Short, Set and Max are the Short Range, Range Set and Maximum Range
	// in meters; all 0 for a close combat weapon.
	Short float64 `json:"short"`
	Set   float64 `json:"set"`
	Max   float64 `json:"max"`
}

// Miss is one face of the d8 on the Misses diagram.
type Miss struct {
	D8        int    `json:"d8" jsonschema:"required,minimum=1,maximum=8"`
	Direction string `json:"direction" jsonschema:"required"`
}

// chartsFormat is the charts file for jsonfile's messages and limits.
var chartsFormat = jsonfile.Format{What: "charts", MaxSize: MaxChartsFileSize,
	EmptyHint: " (see docs/mns.md for the format)"}

// DecodeCharts parses a charts file (JSON, or the same document in YAML)
// strictly and validates it. The error names the first problem's JSON
// path. It never panics.
func DecodeCharts(data []byte) (*Charts, error) {
	c := &Charts{}
	if len(data) > MaxChartsFileSize {
		return nil, jsonfile.TooLarge(MaxChartsFileSize)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] != '{' {
		if len(t) > MaxChartsYAMLSize {
			return nil, &jsonfile.FieldError{Path: "$", Msg: "YAML file larger than " + strconv.Itoa(MaxChartsYAMLSize>>10) + " KB (as JSON it may be 4 MB)"}
		}
		j, err := yamlToJSON(t)
		if err != nil {
			return nil, err
		}
		data = j
	}
	if err := jsonfile.Decode(data, c, chartsFormat); err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// yamlToJSON turns a YAML charts file into the equivalent JSON, so that
// one strict decoder checks both. The YAML is parsed into nodes and
// converted here, not decoded by the YAML package into maps: its check
// for a key given twice compares every pair of keys, which takes minutes
// for a mapping of 200,000 keys; here it is one map look-up a key.
func yamlToJSON(data []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, &jsonfile.FieldError{Path: "$", Msg: fmt.Sprintf("invalid YAML: %v", r)}
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, &jsonfile.FieldError{Path: "$", Msg: "invalid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, &jsonfile.FieldError{Path: "$", Msg: "expected a charts object (JSON or YAML mapping)"}
	}
	// Aliases may repeat a node many times over: the conversion stops
	// after as many nodes as the file has bytes (each node of a file
	// without aliases takes at least one).
	c := yamlConverter{budget: len(data) + 64, segs: []string{"$"}}
	v, fe := c.value(doc.Content[0])
	if fe != nil {
		return nil, fe
	}
	j, err := json.Marshal(v)
	if err != nil {
		return nil, &jsonfile.FieldError{Path: "$", Msg: "the YAML has a value JSON cannot hold: " + err.Error()}
	}
	return j, nil
}

// yamlConverter turns YAML nodes into the values encoding/json writes.
type yamlConverter struct {
	budget int      // nodes left to convert
	segs   []string // the path to the node being converted, from "$"
}

// maxYAMLDepth bounds the nesting of a YAML charts file, as the JSON
// decoder bounds a JSON one.
const maxYAMLDepth = 10000

// fail is a problem at the node being converted (its path shortened as
// jsonfile shortens one).
func (c *yamlConverter) fail(format string, args ...any) *jsonfile.FieldError {
	var b strings.Builder
	for _, s := range c.segs {
		if b.Len() > 200 {
			b.WriteString("...")
			break
		}
		b.WriteString(s)
	}
	return &jsonfile.FieldError{Path: b.String(), Msg: fmt.Sprintf(format, args...)}
}

func (c *yamlConverter) value(n *yaml.Node) (any, *jsonfile.FieldError) {
	c.budget--
	if c.budget < 0 {
		return nil, c.fail("the YAML's aliases repeat more nodes than the file holds")
	}
	if len(c.segs) > maxYAMLDepth {
		return nil, c.fail("nested deeper than %d levels", maxYAMLDepth)
	}
	switch n.Kind {
	case yaml.AliasNode:
		return c.value(n.Alias)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return nil, c.fail("line %d: a mapping key must be a plain value", k.Line)
			}
			c.segs = append(c.segs, jsonfile.Member("", k.Value))
			if _, ok := m[k.Value]; ok {
				return nil, c.fail("duplicate key (the mapping already has %q, line %d)", jsonfile.Short(k.Value), k.Line)
			}
			v, fe := c.value(n.Content[i+1])
			if fe != nil {
				return nil, fe
			}
			m[k.Value] = v
			c.segs = c.segs[:len(c.segs)-1]
		}
		return m, nil
	case yaml.SequenceNode:
		s := make([]any, 0, len(n.Content))
		for i, e := range n.Content {
			c.segs = append(c.segs, "["+strconv.Itoa(i)+"]")
			v, fe := c.value(e)
			if fe != nil {
				return nil, fe
			}
			s = append(s, v)
			c.segs = c.segs[:len(c.segs)-1]
		}
		return s, nil
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, c.fail("invalid YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		return v, nil
	}
	return nil, c.fail("line %d: not a value JSON can hold", n.Line)
}

// Validate checks a charts file: the schema, every chart's rows ordered
// with no gaps and no overlaps, the Action Chart's shape, every weapon's
// type, time, damage and ranges, and the Misses diagram's eight faces.
func (c *Charts) Validate() error {
	var v jsonfile.Checker
	switch {
	case c.Schema == 0:
		v.Fail("$.schema", "missing (this build reads charts schema %d)", ChartsSchemaVersion)
	case c.Schema != ChartsSchemaVersion:
		v.Fail("$.schema", "version %d is not supported (this build reads charts schema %d)", c.Schema, ChartsSchemaVersion)
	}
	c.Sphere.check(&v, "$.sphere")
	c.Square.check(&v, "$.square")
	c.Doubles.check(&v, "$.doubles")
	c.Action.check(&v, "$.action")
	seen := map[string]bool{}
	for i, w := range c.Weapons {
		p := fmt.Sprintf("$.weapons[%d]", i)
		w.check(&v, p)
		if seen[w.Name] {
			v.Fail(p+".name", "%q is listed twice", w.Name)
		}
		seen[w.Name] = true
	}
	if len(c.Misses) > 0 {
		faces := map[int]bool{}
		for i, m := range c.Misses {
			p := fmt.Sprintf("$.misses[%d]", i)
			v.Range(p+".d8", m.D8, 1, 8)
			if faces[m.D8] {
				v.Fail(p+".d8", "face %d is listed twice", m.D8)
			}
			faces[m.D8] = true
			if strings.TrimSpace(m.Direction) == "" {
				v.Fail(p+".direction", "empty")
			}
		}
		for f := 1; f <= 8; f++ {
			if !faces[f] {
				v.Fail("$.misses", "face %d of the d8 is missing", f)
			}
		}
	}
	return v.Result()
}

// step is the chart's input resolution.
func (ch *Chart) step() float64 {
	if ch.Step == 0 {
		return 1
	}
	return ch.Step
}

// eps absorbs the rounding of decimal steps such as 0.1.
const eps = 1e-9

func (ch *Chart) check(v *jsonfile.Checker, p string) {
	if ch == nil {
		return
	}
	if ch.Step < 0 || math.IsNaN(ch.Step) {
		v.Fail(p+".step", "%v is not a positive number", ch.Step)
		return
	}
	if len(ch.Rows) == 0 {
		v.Fail(p+".rows", "a chart needs at least one row")
		return
	}
	st := ch.step()
	for i, r := range ch.Rows {
		rp := fmt.Sprintf("%s.rows[%d]", p, i)
		if r.To < r.From {
			v.Fail(rp, "to %v is below from %v", r.To, r.From)
		}
		if i == 0 {
			continue
		}
		prev := ch.Rows[i-1]
		want := prev.To + st
		switch {
		case r.From < want-eps:
			v.Fail(rp+".from", "%v overlaps or is out of order after the row ending at %v (expected %v)", r.From, prev.To, roundTo(want, st))
		case r.From > want+eps:
			v.Fail(rp+".from", "gap: the previous row ends at %v, so this row should start at %v", prev.To, roundTo(want, st))
		}
	}
}

// roundTo rounds x to the step's decimals, for messages.
func roundTo(x, step float64) float64 {
	k := math.Round(1 / step)
	if k < 1 {
		return x
	}
	return math.Round(x*k) / k
}

func (a *ActionChart) check(v *jsonfile.Checker, p string) {
	if a == nil {
		return
	}
	if len(a.Columns) < 2 {
		v.Fail(p+".columns", "the Action Chart needs at least two columns")
		return
	}
	names := map[string]bool{}
	for i, c := range a.Columns {
		if strings.TrimSpace(c) == "" || names[c] {
			v.Fail(fmt.Sprintf("%s.columns[%d]", p, i), "%q is empty or repeated", c)
		}
		names[c] = true
	}
	if len(a.Rows) == 0 {
		v.Fail(p+".rows", "the Action Chart needs at least one row")
	}
	for i, r := range a.Rows {
		rp := fmt.Sprintf("%s.rows[%d]", p, i)
		if len(r) != len(a.Columns) {
			v.Fail(rp, "has %d values for %d columns", len(r), len(a.Columns))
			return
		}
		if i == 0 {
			continue
		}
		for j := range r {
			prev := a.Rows[i-1][j]
			if r[j] < prev || (j == 0 && r[j] == prev) {
				v.Fail(fmt.Sprintf("%s[%d]", rp, j), "column %s goes from %d to %d: rows must be in increasing order", a.Columns[j], prev, r[j])
			}
		}
	}
}

func (w Weapon) check(v *jsonfile.Checker, p string) {
	if w.Name == "" || w.Name != strings.ToLower(strings.TrimSpace(w.Name)) {
		v.Fail(p+".name", "%q: a weapon name is lower case, not empty", w.Name)
	}
	if !w.Type.Valid() {
		v.Fail(p+".type", "%q is not one of close, projectile, thrown, explosive", w.Type)
	}
	v.Range(p+".time", w.Time, 1, 10_000)
	if _, err := ParseDamage(w.Damage); err != nil {
		v.Fail(p+".damage", "%v", err)
	}
	for _, f := range []struct {
		name string
		val  float64
	}{{"short", w.Short}, {"set", w.Set}, {"max", w.Max}} {
		if f.val < 0 || f.val > 1e9 || math.IsNaN(f.val) {
			v.Fail(p+"."+f.name, "%v is not a range in meters", f.val)
		}
	}
	if w.Type == Projectile || w.Type == Thrown {
		if w.Set <= 0 {
			v.Fail(p+".set", "a %s weapon needs a range set above 0", w.Type)
		}
		if w.Max < w.Short {
			v.Fail(p+".max", "maximum range %v is below short range %v", w.Max, w.Short)
		}
	}
}

// ParseDamage parses a weapon's damage: a dice expression or a number.
func ParseDamage(s string) (*dice.Expr, error) {
	if strings.TrimSpace(s) == "" {
		return nil, refusal.Errorf("empty: give a dice expression such as d6")
	}
	e, err := dice.Parse(s)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// NeedChartError says that a rule needs a chart value the GM has not
// supplied: which chart, which value to look up and which flag takes the
// result.
type NeedChartError struct {
	Chart string
	Input string
	Flag  string
}

// Refused marks a NeedChartError as the user's fault (exit status 2).
func (e *NeedChartError) Refused() {}

func (e *NeedChartError) Error() string {
	s := fmt.Sprintf("needs the %s: look up %s", e.Chart, e.Input)
	if e.Flag != "" {
		s += " and give it with " + e.Flag
	}
	return s + ", or give --charts FILE"
}

// Lookup finds x on the chart. x off the chart is an error naming the
// chart's span.
func (ch *Chart) Lookup(name string, x float64) (int, error) {
	if ch == nil || len(ch.Rows) == 0 {
		return 0, &NeedChartError{Chart: name, Input: fmt.Sprint(x)}
	}
	first, last := ch.Rows[0], ch.Rows[len(ch.Rows)-1]
	if x < first.From-eps || x > last.To+eps {
		return 0, refusal.Errorf("%v is off the %s in the charts file (it runs from %v to %v)", x, name, first.From, last.To)
	}
	for i := len(ch.Rows) - 1; i >= 0; i-- {
		// A row covers from up to the next row's from, so inputs finer
		// than the chart's step fall in the row below.
		if x >= ch.Rows[i].From-eps || i == 0 {
			return ch.Rows[i].Value, nil
		}
	}
	return first.Value, nil
}

// Read finds x in column from of the Action Chart (the last row whose
// value there is at most x) and returns that row's value in column to.
func (a *ActionChart) Read(from, to string, x int) (int, error) {
	if a == nil {
		return 0, &NeedChartError{Chart: "Action Chart", Input: fmt.Sprintf("%d in its %s column", x, from)}
	}
	fi, ti := a.column(from), a.column(to)
	if fi < 0 || ti < 0 {
		return 0, refusal.Errorf("the Action Chart in the charts file has no %q or %q column (it has %s)", from, to, strings.Join(a.Columns, ", "))
	}
	if len(a.Rows) == 0 || x < a.Rows[0][fi] {
		return 0, refusal.Errorf("%d is below the Action Chart's %s column", x, from)
	}
	row := a.Rows[0]
	for _, r := range a.Rows {
		if r[fi] > x {
			break
		}
		row = r
	}
	return row[ti], nil
}

func (a *ActionChart) column(name string) int {
	for i, c := range a.Columns {
		if c == name {
			return i
		}
	}
	return -1
}

// Weapon finds a weapon by name on the Weapons Chart.
func (c *Charts) Weapon(name string) (Weapon, bool) {
	if c == nil {
		return Weapon{}, false
	}
	for _, w := range c.Weapons {
		if w.Name == name {
			return w, true
		}
	}
	return Weapon{}, false
}

// Direction reads a d8 face on the Misses diagram.
func (c *Charts) Direction(d8 int) (string, error) {
	if c == nil || len(c.Misses) == 0 {
		return "", &NeedChartError{Chart: "Misses diagram", Input: fmt.Sprintf("face %d", d8)}
	}
	for _, m := range c.Misses {
		if m.D8 == d8 {
			return m.Direction, nil
		}
	}
	return "", refusal.Errorf("face %d is not on the Misses diagram", d8)
}

// SphereOf looks x up on the Sphere Chart, or uses given (a number the GM
// looked up, from flag) when the file has no Sphere Chart. nil charts is
// allowed.
func (c *Charts) SphereOf(x int, given *int, flag string) (int, error) {
	if given != nil {
		return *given, nil
	}
	if c == nil || c.Sphere == nil {
		return 0, &NeedChartError{Chart: "Sphere Chart", Input: fmt.Sprint(x), Flag: flag}
	}
	return c.Sphere.Lookup("Sphere Chart", float64(x))
}

// chartOf is SphereOf for the Square and Doubles charts.
func chartOf(ch *Chart, name string, x float64, given *int, flag string) (int, error) {
	if given != nil {
		return *given, nil
	}
	if ch == nil {
		return 0, &NeedChartError{Chart: name, Input: fmt.Sprint(x), Flag: flag}
	}
	return ch.Lookup(name, x)
}

// SquareOf looks x up on the Square Chart (or takes given).
func (c *Charts) SquareOf(x int, given *int, flag string) (int, error) {
	var ch *Chart
	if c != nil {
		ch = c.Square
	}
	return chartOf(ch, "Square Chart", float64(x), given, flag)
}

// DoublesOf looks x up on the Doubles Chart (or takes given).
func (c *Charts) DoublesOf(x float64, given *int, flag string) (int, error) {
	var ch *Chart
	if c != nil {
		ch = c.Doubles
	}
	return chartOf(ch, "Doubles Chart", x, given, flag)
}
