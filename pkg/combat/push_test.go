package combat

import (
	"testing"

	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Worked by hand from the Object Table (p. 39): a hatchback car is push
// 21, lift 26, throw 31; on wheels each needs half, rounded up: 11, 13, 16.
// A bicycle (5-25 kg) is 2, 4, 6; on wheels 1, 2, 3.
func TestPushObject(t *testing.T) {
	car, _ := rulebook.ObjectByName("hatchback car")
	bike, _ := rulebook.ObjectByName("bicycle")
	cases := []struct {
		row      rulebook.ObjectRow
		str      int
		rolling  bool
		speed    string
		p, h, fu int
	}{
		{car, 15, false, PushNone, 21, 26, 31},
		{car, 21, false, PushOneMetre, 21, 26, 31},
		{car, 31, false, PushFull, 21, 26, 31},
		{car, 10, true, PushNone, 11, 13, 16},
		{car, 11, true, PushOneMetre, 11, 13, 16},
		{car, 15, true, PushHalf, 11, 13, 16},
		{car, 16, true, PushFull, 11, 13, 16},
		{bike, 3, false, PushOneMetre, 2, 4, 6},
		{bike, 3, true, PushFull, 1, 2, 3},
	}
	for _, c := range cases {
		p := PushObject(c.str, c.row, c.rolling)
		if p.Speed != c.speed || p.Push != c.p || p.HalfSpeed != c.h || p.FullSpeed != c.fu {
			t.Errorf("%s strength %d rolling %v: %+v", c.row.Mass, c.str, c.rolling, p)
		}
	}
}

// A hatchback car on its wheels at strength 11 (p. 39): push 21 halved,
// rounded up, is 11, so the throw's can_push agrees with the push (it once
// said false from the table's unhalved 21); at 10 neither does.
func TestThrowCanPushRolling(t *testing.T) {
	car, _ := rulebook.ObjectByName("hatchback car")
	for _, c := range []struct {
		str     int
		rolling bool
		want    bool
	}{{11, true, true}, {10, true, false}, {11, false, false}, {21, false, true}} {
		th, err := ThrowObject(c.str, "hatchback car", 0, false)
		if err != nil {
			t.Fatal(err)
		}
		th.WithPush(PushObject(c.str, car, c.rolling))
		if th.CanPush != c.want {
			t.Errorf("strength %d rolling %v: can_push %v, want %v", c.str, c.rolling, th.CanPush, c.want)
		}
	}
}
