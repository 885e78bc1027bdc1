package rulebook

import (
	"strings"
	"testing"
)

// Object Table, App. p. 79: mass|push|lift|throw|examples|health.
const wantObjects = `
< 1kg|1|1|2|Tablet, Boot, Stone|1
1kg-4kg|1|2|4|Laptop, Brick, Chair, Monitor|2
5kg-25kg|2|4|6|Television, Desk, Bicycle, Sign Post|4
26kg-80kg|4|6|11|Dishwasher, Fridge, Moped, Lamp Post|6
81kg-195kg|6|11|16|Motorcycle, Safe, Washing Machine|8
196kg-445kg|11|16|21|Caravan, Trailer, Concrete Bollard|10
446kg-1,000kg|16|21|26|Sports Car, Glider|12
1,001kg-2,150kg|21|26|31|Hatchback Car, Small Helicopter|14
2,151kg-4,650kg|26|31|36|4x4 Vehicle, Van|16
4,651kg-10t|31|36|41|Jet Fighter, Coach, Flatbed Truck|18
10.1t-21.5t|36|41|46|Lorry, Bulldozer|20
21.6t-46.5t|41|46|51|Articulated Lorry, Train Carriage, Private Jet|22
46.6t-100t|46|51|56|Tank, Train Locomotive, Fishing Boat|25
101t-215t|51|56|61|Space Shuttle, Hovercraft, Steam Train|28
216t-465t|56|61|66|Passenger Ferry, Jumbo Jet|31
466t-1,000t|61|66|71|Minesweeper, Passenger Ferry|34
1,001t-2,150t|66|71|76|Submarine, Frigate|37
2,151t-4,650t|71|76|81|Destroyer, Rocket|40
4,651t-10,000t|76|81|86|Cruiser, Container Vessel|45
10,001t-21,500t|81|86|91|Oil Tanker, Heavy Cruiser|50
21,501t-46,500t|86|91|96|Battleship, Cruise Liner|55
46,501t-100,000t|91|96|101|Aircraft Carrier, Oil Rig|60
`

func TestObjectTable(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(wantObjects), "\n")
	rows := Objects()
	if len(rows) != len(lines) || len(rows) != 22 {
		t.Fatalf("rows %d", len(rows))
	}
	for i, line := range lines {
		f := strings.Split(line, "|")
		r := rows[i]
		if r.Mass != f[0] || r.Push != atoi(t, f[1]) || r.Lift != atoi(t, f[2]) || r.Throw != atoi(t, f[3]) ||
			!strings.EqualFold(strings.Join(r.Examples, ", "), f[4]) || r.Health != atoi(t, f[5]) {
			t.Errorf("row %d = %+v, want %s", i, r, line)
		}
		if i > 0 {
			p := rows[i-1]
			if r.Push != p.Lift || r.Lift != p.Throw {
				t.Errorf("row %d breaks the diagonal", i)
			}
			if r.MinKg <= p.MaxKg && i > 0 && p.MinKg != 0 {
				t.Errorf("row %d overlaps", i)
			}
		}
		if r.MaxKg <= r.MinKg {
			t.Errorf("row %d bounds", i)
		}
	}
}

func TestObjectByMass(t *testing.T) {
	cases := []struct {
		kg   float64
		mass string
	}{
		{0, "< 1kg"}, {0.99, "< 1kg"}, {1, "1kg-4kg"}, {4, "1kg-4kg"}, {4.5, "1kg-4kg"}, {5, "5kg-25kg"},
		{80, "26kg-80kg"}, {81, "81kg-195kg"}, {1000, "446kg-1,000kg"}, {1001, "1,001kg-2,150kg"},
		{10000, "4,651kg-10t"}, {10050, "4,651kg-10t"}, {10100, "10.1t-21.5t"}, {100e6, "46,501t-100,000t"},
	}
	for _, c := range cases {
		r, err := ObjectByMass(c.kg)
		if err != nil || r.Mass != c.mass {
			t.Errorf("ObjectByMass(%v) = %q, %v want %q", c.kg, r.Mass, err, c.mass)
		}
	}
	for _, bad := range []float64{-1, 100e6 + 1} {
		if _, err := ObjectByMass(bad); err == nil {
			t.Errorf("ObjectByMass(%v) want error", bad)
		}
	}
}

func TestObjectByName(t *testing.T) {
	cases := map[string]int{"fridge": 6, "Hatchback Car": 14, "  hatchback   car ": 14, "TABLET": 1, "oil rig": 60, "passenger ferry": 31, "4x4 vehicle": 16}
	for name, health := range cases {
		r, ok := ObjectByName(name)
		if !ok || r.Health != health {
			t.Errorf("ObjectByName(%q) = %+v, %v", name, r, ok)
		}
	}
	if _, ok := ObjectByName("spaceship"); ok {
		t.Error("unknown object")
	}
	if _, ok := ObjectByName(""); ok {
		t.Error("empty name")
	}
}

func TestSturdyAndThrow(t *testing.T) {
	for m, d := range map[string]int{"brick": 2, "thin-metal": 3, "Thin metal": 3, "stone": 4, "concrete": 4, "armour-plating": 4, "wood": 0} {
		if got := SturdyDivider(m); got != d {
			t.Errorf("SturdyDivider(%q) = %d", m, got)
		}
	}
	if ObjectThrowDistance(10, 11) != 0 || ObjectThrowDistance(11, 11) != 1 || ObjectThrowDistance(14, 11) != 6 {
		t.Error("ObjectThrowDistance")
	}
	if PersonThrowDistance(20, 16) != 4 || PersonThrowDistance(10, 16) != 0 {
		t.Error("PersonThrowDistance")
	}
}
