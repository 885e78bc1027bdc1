package mns

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// TestEndRoundLinearInEffects: the payment reminder of 40,000 ongoing
// effects, and dropping 20,000 of them, take milliseconds (the reminder
// was built by repeated concatenation: 20,000 effects took 2.4-4.5 s).
func TestEndRoundLinearInEffects(t *testing.T) {
	hostile.Slow(t)
	e := newFight(t)
	const n = 40_000
	var drops []string
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("shield %d", i)
		e.Effects = append(e.Effects, Effect{Holder: "lariat", Name: name})
		if i%2 == 0 {
			drops = append(drops, "lariat:"+name)
		}
	}
	start := time.Now()
	if err := e.DropEffects(drops); err != nil {
		t.Fatal(err)
	}
	if err := e.EndRound(); err != nil {
		t.Fatal(err)
	}
	// Milliseconds on a quiet machine; the bound leaves room for a
	// loaded one (the quadratic reminder took seconds on a quiet one).
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
	last := e.Log[len(e.Log)-2]
	if len(e.Effects) != n/2 || e.Effects[0].Name != "shield 1" || last.Kind != "payment" ||
		!strings.HasSuffix(last.Summary, "lariat's shield 39997, lariat's shield 39999") {
		t.Fatalf("%d effects; last payment %q", len(e.Effects), last.Summary[max(0, len(last.Summary)-60):])
	}
}

// TestDropEffectsRefusesWhole: a --drop naming no effect kept up drops
// nothing, even after others that fit.
func TestDropEffectsRefusesWhole(t *testing.T) {
	e := newFight(t)
	e.Effects = []Effect{{Holder: "lariat", Name: "shield"}, {Holder: "lariat", Name: "shield"}}
	n := len(e.Log)
	err := e.DropEffects([]string{"lariat:shield", "lariat:shield", "lariat:shield"})
	if err == nil || err.Error() != `lariat keeps up no effect "shield"` || len(e.Effects) != 2 || len(e.Log) != n {
		t.Fatalf("DropEffects = %v; %d effects, %d events", err, len(e.Effects), len(e.Log)-n)
	}
}

// TestClockBoundedToAnHour: every segment value is bounded by an hour of
// fighting (250 segments a minute), and a move of the clock that would
// log more than MaxPaymentReminders reminders is refused with nothing
// changed.
func TestClockBoundedToAnHour(t *testing.T) {
	if MaxSegment != 15_000 {
		t.Fatalf("MaxSegment = %d, want an hour: 60 x 250", MaxSegment)
	}
	e := newFight(t)
	ctx, _ := scripted(nil)
	big := 24_000_000
	if _, err := e.Surprise(ctx, SurpriseRequest{On: "lariat", Segments: &big}); err == nil ||
		err.Error() != "--segments 24000000: give 0 to 15000 (an hour of fighting)" {
		t.Errorf("Surprise = %v", err)
	}
	if err := e.Advance(MaxSegment + 1); err == nil {
		t.Error("the clock moved past an hour")
	}
	for i := 0; i < 1000; i++ {
		e.Effects = append(e.Effects, Effect{Holder: "lariat", Name: "shield"})
	}
	n := len(e.Log)
	err := e.Advance(100 * RoundSegments)
	if err == nil || !strings.Contains(err.Error(), "passes 100 payment segments, each listing 1000 ongoing effects: more than 100000 reminders") {
		t.Errorf("Advance = %v", err)
	}
	if len(e.Log) != n || e.Segment != 0 {
		t.Errorf("a refused move changed the fight: %d events, segment %d", len(e.Log)-n, e.Segment)
	}
	if err := e.Advance(99 * RoundSegments); err != nil {
		t.Errorf("99 rounds of 1000 effects: %v", err)
	}
}
