package lazy

import (
	"sync"
	"testing"
)

var counted = Value[[]int]{Make: func() []int { makes++; return []int{1, 2, 3} }}

var makes int

// TestValueMakesOnceOnFirstGet: nothing is made before the first Get, and
// concurrent Gets share one making and one value.
func TestValueMakesOnceOnFirstGet(t *testing.T) {
	if makes != 0 {
		t.Fatalf("made %d times before any Get", makes)
	}
	var wg sync.WaitGroup
	got := make([][]int, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = counted.Get()
		}()
	}
	wg.Wait()
	if makes != 1 {
		t.Fatalf("made %d times, want 1", makes)
	}
	for i, g := range got {
		if len(g) != 3 || &g[0] != &got[0][0] {
			t.Fatalf("Get %d = %v, not the one value made", i, g)
		}
	}
}
