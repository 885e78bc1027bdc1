package mns

import "fmt"

// ExampleCheck is one chart value the combat chapter's worked examples
// imply, compared with the charts file.
type ExampleCheck struct {
	// Example names the worked example.
	Example string `json:"example"`
	// Chart and Input say what was looked up.
	Chart string `json:"chart"`
	Input string `json:"input"`
	// Want is what the example implies; Got what the file says ("" when
	// the file lacks the chart or row).
	Want string `json:"want"`
	Got  string `json:"got"`
	// Status is ok, differs or missing.
	Status string `json:"status"`
}

// CheckExamples compares the charts file with every chart value the
// chapter's worked examples imply: the Sphere Chart at 5 and 32 (the
// handgun at 17 m and 98 m, SectionRange), at 9 (the pushback example,
// SectionPushback), the handgun's performance time, damage and ranges and
// the fist's performance time (SectionActions, SectionRange, SectionDamage).
func (c *Charts) CheckExamples() []ExampleCheck {
	var out []ExampleCheck
	sphere := func(example string, x, want int) {
		ch := ExampleCheck{Example: example, Chart: "sphere", Input: fmt.Sprint(x), Want: fmt.Sprint(want)}
		if c.Sphere == nil {
			ch.Status = "missing"
		} else if got, err := c.Sphere.Lookup("Sphere Chart", float64(x)); err != nil {
			ch.Status = "missing"
		} else {
			ch.Got = fmt.Sprint(got)
			ch.Status = status(got == want)
		}
		out = append(out, ch)
	}
	sphere("handgun at 17 m: 5 range sets beyond short range", 5, 5)
	sphere("handgun at 98 m: 32 range sets beyond short range", 32, 13)
	sphere("pushback of 9 points delays 8 segments", 9, 8)

	weapon := func(example, name, field, want string, get func(Weapon) string) {
		ch := ExampleCheck{Example: example, Chart: "weapons", Input: name + " " + field, Want: want}
		if w, ok := c.Weapon(name); !ok {
			ch.Status = "missing"
		} else {
			ch.Got = get(w)
			ch.Status = status(ch.Got == want)
		}
		out = append(out, ch)
	}
	weapon("a handgun started on 12 lands on 32", "handgun", "time", "20", func(w Weapon) string { return fmt.Sprint(w.Time) })
	weapon("a handgun does d6", "handgun", "damage", "d6", func(w Weapon) string { return w.Damage })
	weapon("the handgun's ranges", "handgun", "short", "4", func(w Weapon) string { return fmt.Sprint(w.Short) })
	weapon("the handgun's ranges", "handgun", "set", "3", func(w Weapon) string { return fmt.Sprint(w.Set) })
	weapon("the handgun's ranges", "handgun", "max", "80", func(w Weapon) string { return fmt.Sprint(w.Max) })
	weapon("a fist takes 10 segments", "fist", "time", "10", func(w Weapon) string { return fmt.Sprint(w.Time) })
	return out
}

func status(ok bool) string {
	if ok {
		return "ok"
	}
	return "differs"
}
