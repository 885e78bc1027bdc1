package dice_test

import (
	"fmt"

	"github.com/codename-spandex/spandex/pkg/dice"
)

func ExampleParse() {
	e, err := dice.Parse(" 4D6 k3 + 2 ")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e, e.Min(), e.Max(), e.NumDice())

	_, err = dice.Parse("3x6")
	fmt.Println(err)
	// Output:
	// 4d6kh3+2 5 20 4
	// dice expression "3x6": unexpected "x" at column 2
}

func ExampleExpr_Roll() {
	// The GM rolled 3, 1, 6 and 3 on four physical d6: --dice 3,1,6,3.
	s := dice.NewScripted([]int{3, 1, 6, 3})
	res, err := dice.MustParse("4d6kh3").Roll(s, "strength")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range res.Dice {
		fmt.Printf("d%d=%d kept=%v ", d.Sides, d.Value, *d.Kept)
	}
	fmt.Println("total", res.Total)
	fmt.Println(s.Finish())
	// Output:
	// d6=3 kept=true d6=1 kept=false d6=6 kept=true d6=3 kept=true total 12
	// <nil>
}

func ExampleExpr_Total() {
	hit := dice.MustParse("1d20+5")
	r := dice.NewSeeded(2024)
	total, err := hit.Total(r, "to-hit")
	fmt.Println(total, err)

	// Replaying the seed replays the roll.
	again, _ := hit.Total(dice.NewSeeded(2024), "to-hit")
	fmt.Println(again == total)

	// The GM's dice run short.
	_, err = hit.Total(dice.NewScripted(nil), "to-hit")
	fmt.Println(err)
	// Output:
	// 11 <nil>
	// true
	// rolling 1d20+5: --dice ran out: the d20 for to-hit needed value #1 but none were given
}

func ExampleExpr_Distribution() {
	d, err := dice.MustParse("2d6").Distribution()
	if err != nil {
		fmt.Println(err)
		return
	}
	lo, hi := d.Support()
	fmt.Printf("%d-%d mean %.1f sd %.3f\n", lo, hi, d.Mean(), d.StdDev())
	fmt.Printf("7: %v/36 = %.4f\n", d.Count(7), d.Prob(7))
	// Output:
	// 2-12 mean 7.0 sd 2.415
	// 7: 6/36 = 0.1667
}

func ExampleMixed() {
	// The GM rolled the first d6 (3); the other two come from seed 1.
	res, err := dice.MustParse("3d6").Roll(dice.NewMixed([]int{3}, 1), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range res.Dice {
		fmt.Println(d.Value, d.Source)
	}
	fmt.Println(res.Total)
	// Output:
	// 3 entered
	// 4 rolled
	// 3 rolled
	// 10
}

func ExampleScripted_CountShort() {
	// The GM gave the to-hit only: the ruling runs on, and one error names
	// every die it still needs.
	s := dice.NewScripted([]int{14})
	s.CountShort(1000)
	for _, die := range []struct {
		sides   int
		purpose string
	}{{20, "to-hit"}, {6, "damage"}, {6, "damage"}, {20, "prone check"}} {
		if _, err := s.Roll(die.sides, die.purpose); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(s.Short())
	// Output:
	// --dice ran out: 1 value given, 4 needed: still need d6 (damage), d6 (damage), d20 (prone check)
}
