package dice

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func TestParseValid(t *testing.T) {
	tests := []struct {
		in        string
		canonical string
		min, max  int
		numDice   int
	}{
		{"3d6", "3d6", 3, 18, 3},
		{"d6", "1d6", 1, 6, 1},
		{"D20", "1d20", 1, 20, 1},
		{"d%", "1d100", 1, 100, 1},
		{"D%", "1d100", 1, 100, 1},
		{"d100", "1d100", 1, 100, 1},
		{"1d100", "1d100", 1, 100, 1},
		{"3d%", "3d100", 3, 300, 3},
		{"d3", "1d3", 1, 3, 1},
		{"1d1", "1d1", 1, 1, 1},
		{"2d6+4", "2d6+4", 6, 16, 2},
		{"1d6-6", "1d6-6", -5, 0, 1},
		{"2d6+1d3-1", "2d6+1d3-1", 2, 14, 3},
		{"3d6+3", "3d6+3", 6, 21, 3},
		{"-1d6+10", "-1d6+10", 4, 9, 1},
		{"10-1d6", "10-1d6", 4, 9, 1},
		{"d6+d6", "1d6+1d6", 2, 12, 2},
		{"5", "5", 5, 5, 0},
		{"+5", "5", 5, 5, 0},
		{"-5", "-5", -5, -5, 0},
		{"0", "0", 0, 0, 0},
		{"2d6+0", "2d6+0", 2, 12, 2},
		{"1+2-3", "1+2-3", 0, 0, 0},
		{"4d6kh3", "4d6kh3", 3, 18, 4},
		{"4d6k3", "4d6kh3", 3, 18, 4},
		{"4d6kh4", "4d6kh4", 4, 24, 4},
		{"4d6kl1", "4d6kl1", 1, 6, 4},
		{"4d6dh1", "4d6dh1", 3, 18, 4},
		{"4d6dl1", "4d6dl1", 3, 18, 4},
		{"2d20kh1", "2d20kh1", 1, 20, 2},
		{"2d20kl1-2d20kh1+3", "2d20kl1-2d20kh1+3", -16, 22, 4},
		{"-4d6kh3", "-4d6kh3", -18, -3, 4},
		{"4D6KH3", "4d6kh3", 3, 18, 4},
		{"4d6Kl1", "4d6kl1", 1, 6, 4},
		{"4d6DL1", "4d6dl1", 3, 18, 4},
		{"  2 d 6 + 4  ", "2d6+4", 6, 16, 2},
		{"4d6 kh 3", "4d6kh3", 3, 18, 4},
		{"\t3d6\n", "3d6", 3, 18, 3},
		{"1 d 6\r\n-\f1", "1d6-1", 0, 5, 1},
		{"007d06+0010", "7d6+10", 17, 52, 7},
		{"1d6+1000000", "1d6+1000000", 1000001, 1000006, 1},
		{"-1000000", "-1000000", -1000000, -1000000, 0},
		{"1d1000000", "1d1000000", 1, 1000000, 1},
		{"10000d6", "10000d6", 10000, 60000, 10000},
		{"5000d6+5000d6", "5000d6+5000d6", 10000, 60000, 10000},
		{"10000d1000000", "10000d1000000", 10000, 10_000_000_000, 10000},
		{"-10000d1000000", "-10000d1000000", -10_000_000_000, -10000, 10000},
		{"10000d2kh1", "10000d2kh1", 1, 2, 10000},
		{strings.Repeat("1+", 127) + "1", strings.Repeat("1+", 127) + "1", 128, 128, 0},
		{strings.Repeat("1+", 127) + "11", strings.Repeat("1+", 127) + "11", 138, 138, 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := e.String(); got != tt.canonical {
				t.Errorf("String() = %q, want %q", got, tt.canonical)
			}
			if e.Min() != tt.min || e.Max() != tt.max {
				t.Errorf("Min, Max = %d, %d, want %d, %d", e.Min(), e.Max(), tt.min, tt.max)
			}
			if e.NumDice() != tt.numDice {
				t.Errorf("NumDice() = %d, want %d", e.NumDice(), tt.numDice)
			}
			// The canonical form parses to the same expression.
			again, err := Parse(e.String())
			if err != nil {
				t.Fatalf("Parse(String()): %v", err)
			}
			if again.String() != e.String() || again.Min() != e.Min() || again.Max() != e.Max() || again.NumDice() != e.NumDice() {
				t.Errorf("round trip changed %q into %q", e, again)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat("1+", 128) + "1" // 257 characters
	tests := []struct {
		in     string
		want   string // the whole message
		column int
	}{
		{"", `dice expression "": empty expression`, 0},
		{"   ", `dice expression "   ": empty expression`, 0},
		{long, `dice expression "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+"...: longer than 256 characters`, 0},
		{"3x6", `dice expression "3x6": unexpected "x" at column 2`, 2},
		{"x", `dice expression "x": unexpected "x" at column 1`, 1},
		{"2d6+foo", `dice expression "2d6+foo": unexpected "foo" at column 5`, 5},
		{"2d6 3", `dice expression "2d6 3": unexpected "3" at column 5`, 5},
		{"2d6++3", `dice expression "2d6++3": unexpected "+" at column 5`, 5},
		{"--5", `dice expression "--5": unexpected "-" at column 2`, 2},
		{"2d6*2", `dice expression "2d6*2": unexpected "*" at column 4`, 4},
		{"(2d6)", `dice expression "(2d6)": unexpected "(" at column 1`, 1},
		{"2d6×3", `dice expression "2d6×3": unexpected "×" at column 4`, 4},
		{"×+1", `dice expression "×+1": unexpected "×" at column 1`, 1},
		{"2d6 ×", `dice expression "2d6 ×": unexpected "×" at column 5`, 5},
		{"\xff", `dice expression "\xff": unexpected "\xff" at column 1`, 1},
		{"1.5", `dice expression "1.5": unexpected "." at column 2`, 2},
		{"d", `dice expression "d": expected the number of sides after "d" at column 1`, 1},
		{"2D ", `dice expression "2D ": expected the number of sides after "D" at column 2`, 2},
		{"2dx", `dice expression "2dx": unexpected "x" at column 3`, 3},
		{"2d-6", `dice expression "2d-6": unexpected "-" at column 3`, 3},
		{"2d6+", `dice expression "2d6+": expected a term after "+" at column 4`, 4},
		{"2d6 - ", `dice expression "2d6 - ": expected a term after "-" at column 5`, 5},
		{"+", `dice expression "+": expected a term after "+" at column 1`, 1},
		{"0d6", `dice expression "0d6": dice count "0" at column 1 must be at least 1`, 1},
		{"2d6+00d4", `dice expression "2d6+00d4": dice count "00" at column 5 must be at least 1`, 5},
		{"10001d6", `dice expression "10001d6": dice count "10001" at column 1 is over the limit of 10000`, 1},
		{"99999999999999999999999d6", `dice expression "99999999999999999999999d6": dice count "99999999999999999999999" at column 1 is over the limit of 10000`, 1},
		{"1d0", `dice expression "1d0": sides "0" at column 3 must be at least 1`, 3},
		{"1d1000001", `dice expression "1d1000001": sides "1000001" at column 3 is over the limit of 1000000`, 3},
		{"1000001", `dice expression "1000001": constant "1000001" at column 1 is over the limit of 1000000`, 1},
		{"2d6-1000001", `dice expression "2d6-1000001": constant "1000001" at column 5 is over the limit of 1000000`, 5},
		{"5000d6+5001d6", `dice expression "5000d6+5001d6": "5001d6" at column 8 brings the total to 10001 dice, over the limit of 10000`, 8},
		{"9999d6+2d4kh1 ", `dice expression "9999d6+2d4kh1 ": "2d4kh1" at column 8 brings the total to 10001 dice, over the limit of 10000`, 8},
		{"4d6kh5", `dice expression "4d6kh5": "kh5" at column 4 keeps 5 dice but the group rolls only 4`, 4},
		{"4d6k5", `dice expression "4d6k5": "k5" at column 4 keeps 5 dice but the group rolls only 4`, 4},
		{"4d6kl0", `dice expression "4d6kl0": "kl0" at column 4 must keep at least 1 die`, 4},
		{"4d6dl4", `dice expression "4d6dl4": "dl4" at column 4 drops 4 dice but must leave at least 1 of the 4 rolled`, 4},
		{"4d6DH9", `dice expression "4d6DH9": "DH9" at column 4 drops 9 dice but must leave at least 1 of the 4 rolled`, 4},
		{"4d6dh0", `dice expression "4d6dh0": "dh0" at column 4 must drop at least 1 die`, 4},
		{"4d6d1", `dice expression "4d6d1": unexpected "d" at column 4 (drop dice with "dh" or "dl")`, 4},
		{"4d6kh", `dice expression "4d6kh": expected a number after "kh" at column 4`, 4},
		{"4d6 k ", `dice expression "4d6 k ": expected a number after "k" at column 5`, 5},
		{"4d6khx", `dice expression "4d6khx": unexpected "x" at column 6`, 6},
		{"4d6kx3", `dice expression "4d6kx3": unexpected "x" at column 5`, 5},
		{"4d6kh3kh2", `dice expression "4d6kh3kh2": unexpected "kh" at column 7`, 7},
		{"4d6kh3 2", `dice expression "4d6kh3 2": unexpected "2" at column 8`, 8},
		{"5kh1", `dice expression "5kh1": unexpected "kh" at column 2`, 2},
		{"d%%", `dice expression "d%%": unexpected "%" at column 3`, 3},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %q, want an error", tt.in, e)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is %T, want *ParseError", err)
			}
			if pe.Column != tt.column || pe.Expr != tt.in {
				t.Errorf("Column, Expr = %d, %q, want %d, %q", pe.Column, pe.Expr, tt.column, tt.in)
			}
		})
	}
}

func TestMustParse(t *testing.T) {
	if got := MustParse("2d6+1").String(); got != "2d6+1" {
		t.Errorf("MustParse(2d6+1) = %q", got)
	}
	defer func() {
		r := recover()
		err, ok := r.(error)
		if !ok || !strings.Contains(err.Error(), `unexpected "x"`) {
			t.Errorf("MustParse(3x6) panicked with %v, want the parse error", r)
		}
	}()
	MustParse("3x6")
}

// script is a Scripted roller over the given values.
func script(values ...int) *Scripted { return NewScripted(values) }

func TestRollScripted(t *testing.T) {
	T, F := true, false
	tests := []struct {
		expr     string
		values   []int
		total    int
		modifier int
		dice     []Die
	}{
		{"3d6+2", []int{3, 5, 6}, 16, 2, []Die{{6, 3, nil, ""}, {6, 5, nil, ""}, {6, 6, nil, ""}}},
		{"2d6+1d3-1", []int{6, 6, 3}, 14, -1, []Die{{6, 6, nil, ""}, {6, 6, nil, ""}, {3, 3, nil, ""}}},
		{"1d6-6", []int{6}, 0, -6, []Die{{6, 6, nil, ""}}},
		{"-1d6+10", []int{4}, 6, 10, []Die{{6, 4, nil, ""}}},
		{"10-2d4", []int{4, 3}, 3, 10, []Die{{4, 4, nil, ""}, {4, 3, nil, ""}}},
		{"5", nil, 5, 5, []Die{}},
		{"1+2-4", nil, -1, -1, []Die{}},
		{"d%", []int{100}, 100, 0, []Die{{100, 100, nil, ""}}},
		{"4d6kh3", []int{3, 1, 6, 3}, 12, 0, []Die{{6, 3, &T, ""}, {6, 1, &F, ""}, {6, 6, &T, ""}, {6, 3, &T, ""}}},
		// Equal dice competing for the last kept places: earlier ones win.
		{"4d6kh2", []int{3, 3, 3, 1}, 6, 0, []Die{{6, 3, &T, ""}, {6, 3, &T, ""}, {6, 3, &F, ""}, {6, 1, &F, ""}}},
		{"4d6kl1", []int{5, 2, 2, 6}, 2, 0, []Die{{6, 5, &F, ""}, {6, 2, &T, ""}, {6, 2, &F, ""}, {6, 6, &F, ""}}},
		{"4d6dl1", []int{1, 1, 4, 5}, 10, 0, []Die{{6, 1, &T, ""}, {6, 1, &F, ""}, {6, 4, &T, ""}, {6, 5, &T, ""}}},
		{"4d6dh1", []int{6, 6, 2, 3}, 11, 0, []Die{{6, 6, &T, ""}, {6, 6, &F, ""}, {6, 2, &T, ""}, {6, 3, &T, ""}}},
		{"2d20kh1+2d20kl1", []int{4, 17, 9, 2}, 19, 0, []Die{{20, 4, &F, ""}, {20, 17, &T, ""}, {20, 9, &F, ""}, {20, 2, &T, ""}}},
		{"-2d6kh1+1", []int{2, 5}, -4, 1, []Die{{6, 2, &F, ""}, {6, 5, &T, ""}}},
		{"3d6kh3", []int{1, 2, 3}, 6, 0, []Die{{6, 1, nil, ""}, {6, 2, nil, ""}, {6, 3, nil, ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e := MustParse(tt.expr)
			s := script(tt.values...)
			res, err := e.Roll(s, "test")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Finish(); err != nil {
				t.Errorf("Roll left values: %v", err)
			}
			if res.Expr != e.String() || res.Total != tt.total || res.Modifier != tt.modifier {
				t.Errorf("Expr, Total, Modifier = %q, %d, %d, want %q, %d, %d", res.Expr, res.Total, res.Modifier, e, tt.total, tt.modifier)
			}
			if got, want := dieString(res.Dice), dieString(tt.dice); got != want {
				t.Errorf("Dice = %s, want %s", got, want)
			}
			total, err := e.Total(script(tt.values...), "test")
			if err != nil || total != tt.total {
				t.Errorf("Total = %d, %v, want %d", total, err, tt.total)
			}
		})
	}
}

// dieString renders dice for comparison, e.g. "[6:3 6:1- 6:6+]".
func dieString(dice []Die) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, d := range dice {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%d", d.Sides, d.Value)
		if d.Kept != nil {
			if *d.Kept {
				b.WriteByte('+')
			} else {
				b.WriteByte('-')
			}
		}
	}
	b.WriteByte(']')
	return b.String()
}

func TestRollErrors(t *testing.T) {
	tests := []struct {
		expr    string
		values  []int
		purpose string
		want    string
	}{
		{"1d20+5", nil, "to-hit", "rolling 1d20+5: --dice ran out: the d20 for to-hit needed value #1 but none were given"},
		{"2d6", []int{3}, "damage health", "rolling 2d6: --dice ran out: the d6 for damage health needed value #2 but only 1 was given"},
		{"4d6kh3", []int{1, 2, 3}, "", "rolling 4d6kh3: --dice ran out: the d6 for 4d6kh3 needed value #4 but only 3 were given"},
		{"2d6", []int{3, 7}, "to-hit", "rolling 2d6: --dice value 7 (#2) does not fit the d6 for to-hit"},
		{"d%", []int{0}, "luck", "rolling 1d100: --dice value 0 (#1) does not fit the d100 for luck"},
		{"d100", []int{101}, "luck", "rolling 1d100: --dice value 101 (#1) does not fit the d100 for luck"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e := MustParse(tt.expr)
			if _, err := e.Total(script(tt.values...), tt.purpose); err == nil || err.Error() != tt.want {
				t.Errorf("Total error\n got %v\nwant %s", err, tt.want)
			}
			res, err := e.Roll(script(tt.values...), tt.purpose)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Roll error\n got %v\nwant %s", err, tt.want)
			}
			if res.Total != 0 || res.Dice != nil {
				t.Errorf("Roll returned %+v with its error, want the zero Result", res)
			}
		})
	}
}

// badRoller breaks the Roller contract.
type badRoller struct{ v int }

func (b badRoller) Roll(int, string) (int, error) { return b.v, nil }

func TestRollRejectsBrokenRoller(t *testing.T) {
	e := MustParse("2d6")
	for _, v := range []int{0, 7, -1} {
		_, err := e.Total(badRoller{v}, "to-hit")
		want := "rolling 2d6: dice: roller gave " + strconv.Itoa(v) + " for the d6 for to-hit"
		if err == nil || err.Error() != want {
			t.Errorf("Total with a roller giving %d: %v, want %s", v, err, want)
		}
	}
}

func TestRollIntoReuses(t *testing.T) {
	e := MustParse("4d6kh3+2")
	s := NewSeeded(7)
	var res Result
	if err := e.RollInto(s, "", &res); err != nil {
		t.Fatal(err)
	}
	first := &res.Dice[0]
	for range 10 {
		if err := e.RollInto(s, "", &res); err != nil {
			t.Fatal(err)
		}
		if &res.Dice[0] != first || len(res.Dice) != 4 {
			t.Fatalf("RollInto did not reuse res.Dice (len %d)", len(res.Dice))
		}
	}
	// A Result used for a bigger expression grows and then reuses again.
	if err := MustParse("10d6").RollInto(s, "", &res); err != nil || len(res.Dice) != 10 {
		t.Fatalf("RollInto 10d6: %v, %d dice", err, len(res.Dice))
	}
	if res.Modifier != 0 || res.Expr != "10d6" {
		t.Errorf("RollInto kept stale fields: %+v", res)
	}
}

func TestZeroAllocs(t *testing.T) {
	s := NewSeeded(1)
	for _, expr := range []string{"3d6+2", "4d6kh3", "2d20kl1-1d4+3", "64d6dl1"} {
		e := MustParse(expr)
		if n := testing.AllocsPerRun(200, func() { _, _ = e.Total(s, "bench") }); n != 0 {
			t.Errorf("Total(%s) allocates %.1f times per run", expr, n)
		}
		var res Result
		_ = e.RollInto(s, "bench", &res)
		if n := testing.AllocsPerRun(200, func() { _ = e.RollInto(s, "bench", &res) }); n != 0 {
			t.Errorf("RollInto(%s) allocates %.1f times per run", expr, n)
		}
	}
}

func TestResultJSON(t *testing.T) {
	res, err := MustParse("2d6kh1+1").Roll(script(2, 5), "")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	want := `{"expr":"2d6kh1+1","total":6,"dice":[{"sides":6,"value":2,"kept":false},{"sides":6,"value":5,"kept":true}],"modifier":1}`
	if string(b) != want {
		t.Errorf("JSON\n got %s\nwant %s", b, want)
	}
	res, _ = MustParse("3").Roll(script(), "")
	if b, _ := json.Marshal(res); string(b) != `{"expr":"3","total":3,"dice":[],"modifier":3}` {
		t.Errorf("JSON of a constant: %s", b)
	}
}

// TestLargeKeepGroup covers keep/drop groups beyond the stack buffer.
func TestLargeKeepGroup(t *testing.T) {
	values := make([]int, 100)
	for i := range values {
		values[i] = i%6 + 1 // 1..6, each 16 or 17 times; 6 appears 16 times
	}
	e := MustParse("100d6kh20")
	total, err := e.Total(script(values...), "")
	if err != nil || total != 16*6+4*5 {
		t.Errorf("Total = %d, %v, want %d", total, err, 16*6+4*5)
	}
	res, err := e.Roll(script(values...), "")
	if err != nil || res.Total != total {
		t.Fatalf("Roll = %d, %v, want %d", res.Total, err, total)
	}
	kept := 0
	for _, d := range res.Dice {
		if *d.Kept {
			kept++
			if d.Value < 5 {
				t.Errorf("kept a %d", d.Value)
			}
		}
	}
	if kept != 20 {
		t.Errorf("%d dice kept, want 20", kept)
	}
}
