package rulebook

import "testing"

// Worked by hand from Flight's speeds (pp. 58-59): 17 m a panel at about
// 112 kph is 17 / (112000/3600) = 0.546 s; 30 m at 200 kph 0.54 s. A page
// of four panels is 2.16 s: one minute is 60/2.16 = 27.8, 28 pages; five
// minutes 300/2.16 = 138.9, 139 pages (p. 38).
func TestMinutePages(t *testing.T) {
	for _, c := range []struct{ min, pages int }{{0, 0}, {-1, 0}, {1, 28}, {4, 112}, {5, 139}, {60, 1667}} {
		if got := MinutePages(c.min); got != c.pages {
			t.Errorf("MinutePages(%d) = %d, want %d", c.min, got, c.pages)
		}
	}
	if DeathsDoorPages != 139 {
		t.Errorf("DeathsDoorPages = %d, want 139", DeathsDoorPages)
	}
}
