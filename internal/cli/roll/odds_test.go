package roll

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/pkg/dice"
)

// TestOddsJSONStreamsTheSameBytes: the streamed --odds JSON is byte for
// byte what encoding the whole record writes, in both JSON formats,
// including tiny probabilities written with an exponent.
func TestOddsJSONStreamsTheSameBytes(t *testing.T) {
	for _, src := range []string{"1d6", "2d6", "3d6+2", "4d6dl1", "20d20", "1d1", "60d2"} {
		e, err := dice.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Distribution()
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := d.Support()
		rec := oddsJSON{Expr: e.String(), Min: lo, Max: hi, Mean: round6(d.Mean()), StdDev: round6(d.StdDev())}
		for _, ft := range []cmdutil.Format{cmdutil.FormatJSON, cmdutil.FormatJSONL} {
			var want, got bytes.Buffer
			whole := rec
			whole.Outcomes = d.Outcomes()
			if err := cmdutil.WriteJSON(&want, ft, whole); err != nil {
				t.Fatal(err)
			}
			if err := writeOddsJSON(&got, ft, rec, d); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s %v:\ngot  %.300q\nwant %.300q", src, ft, got.String(), want.String())
			}
		}
	}
}

// TestOddsBoundedByTheirSize: expressions whose distributions add up to
// more than a million totals are refused at once, before anything is
// computed (ten 1d1000000 took 3.3 GB and 23 s), and one large
// distribution is streamed in bounded memory.
func TestOddsBoundedByTheirSize(t *testing.T) {
	hostile.Slow(t)
	te := cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	exprs := strings.Fields(strings.Repeat("1d1000000 ", 10))
	start := time.Now()
	err := runRoll(&Options{Env: te.Env, Exprs: exprs, Odds: true, N: 1})
	if err == nil || !strings.Contains(err.Error(), "10000000 possible totals in all, over the limit of 1000000") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refusal took %v", d)
	}
	if te.Out.Len() != 0 {
		t.Errorf("wrote %d bytes", te.Out.Len())
	}

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	te = cmdutil.NewTestEnv(cmdutil.FormatJSONL)
	if err := runRoll(&Options{Env: te.Env, Exprs: []string{"1d1000000"}, Odds: true, N: 1}); err != nil {
		t.Fatal(err)
	}
	if err := te.IO.Out.Commit(); err != nil {
		t.Fatal(err)
	}
	out := te.Out
	runtime.ReadMemStats(&after)
	if n := strings.Count(out.String(), `"total"`); n != 1_000_000 {
		t.Errorf("%d outcomes", n)
	}
	// The output itself (about 40 MB) is in the test's buffer; what the
	// verb allocated besides must stay well below the old 441 MB.
	if alloc := after.TotalAlloc - before.TotalAlloc - uint64(out.Cap()); alloc > 100<<20 {
		t.Errorf("allocated %d MB besides the output", alloc>>20)
	}
}
