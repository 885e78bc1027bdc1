package rulebook

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// ArmourClass is a defender's armour class, from 'A' (best) to 'L'
// (worst) (pp. 32–33). The zero value is "no armour class" and is not
// Valid.
type ArmourClass byte

// The twelve armour classes (p. 32).
const (
	ACA ArmourClass = 'A'
	ACB ArmourClass = 'B'
	ACC ArmourClass = 'C'
	ACD ArmourClass = 'D'
	ACE ArmourClass = 'E'
	ACF ArmourClass = 'F'
	ACG ArmourClass = 'G'
	ACH ArmourClass = 'H'
	ACI ArmourClass = 'I'
	ACJ ArmourClass = 'J'
	ACK ArmourClass = 'K'
	ACL ArmourClass = 'L'
)

// ArmourClasses returns A..L in book order.
func ArmourClasses() []ArmourClass {
	out := make([]ArmourClass, 0, 12)
	for c := ACA; c <= ACL; c++ {
		out = append(out, c)
	}
	return out
}

// Valid reports whether ac is one of 'A'..'L'.
func (ac ArmourClass) Valid() bool { return ac >= ACA && ac <= ACL }

func (ac ArmourClass) index() int { return int(ac - ACA) }

// String returns the letter ("B"), "" for the zero value, or
// "ArmourClass(n)" for any other invalid value.
func (ac ArmourClass) String() string {
	switch {
	case ac.Valid():
		return string(rune(ac))
	case ac == 0:
		return ""
	default:
		return fmt.Sprintf("ArmourClass(%d)", byte(ac))
	}
}

// MarshalText encodes ac as its letter, so JSON sees "B". The zero value
// encodes as "" (round-trips through UnmarshalText); other invalid values
// are an error.
func (ac ArmourClass) MarshalText() ([]byte, error) {
	if ac == 0 {
		return []byte{}, nil
	}
	if !ac.Valid() {
		return nil, refusal.Errorf("rulebook: invalid armour class %d", byte(ac))
	}
	return []byte{byte(ac)}, nil
}

// UnmarshalText accepts anything ParseArmourClass accepts, plus "" which
// yields the zero value.
func (ac *ArmourClass) UnmarshalText(b []byte) error {
	if len(strings.TrimSpace(string(b))) == 0 {
		*ac = 0
		return nil
	}
	v, err := ParseArmourClass(string(b))
	if err != nil {
		return err
	}
	*ac = v
	return nil
}

// ParseArmourClass parses "B", "b", "AC B" or "ac-b".
func ParseArmourClass(s string) (ArmourClass, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if strings.HasPrefix(t, "AC") && len(t) > 2 {
		t = strings.TrimLeft(t[2:], " -_:")
	}
	if len(t) == 1 {
		if ac := ArmourClass(t[0]); ac.Valid() {
			return ac, nil
		}
	}
	return 0, refusal.Errorf("rulebook: invalid armour class %q (want A-L)", s)
}

// StrikeClass is the prowess of an attack, 0 (weakest) to 5 (pp. 31–32).
type StrikeClass int

// The six strike classes (p. 31).
const (
	SC0 StrikeClass = iota
	SC1
	SC2
	SC3
	SC4
	SC5
)

// StrikeClassCount is the number of strike classes (0..5).
const StrikeClassCount = 6

// Valid reports whether sc is 0..5.
func (sc StrikeClass) Valid() bool { return sc >= SC0 && sc <= SC5 }

// String returns "SC 2".
func (sc StrikeClass) String() string { return "SC " + strconv.Itoa(int(sc)) }

// ParseStrikeClass parses "2", "SC2", "sc 2" or "SC-2". A separator is
// allowed only after "SC": "-1" is a negative number, refused, not SC 1.
func ParseStrikeClass(s string) (StrikeClass, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if rest, ok := strings.CutPrefix(t, "SC"); ok {
		t = strings.TrimLeft(rest, " -_:")
	}
	n, err := strconv.Atoi(t)
	if err != nil || !StrikeClass(n).Valid() {
		return 0, refusal.Errorf("rulebook: invalid strike class %q (want 0-5)", s)
	}
	return StrikeClass(n), nil
}

// Dividers are a character's health and stamina damage dividers
// (pp. 14, 37). 0 means no divider.
type Dividers struct {
	Health  int `json:"health"`
	Stamina int `json:"stamina"`
}

// None reports whether there is neither divider.
func (d Dividers) None() bool { return d.Health == 0 && d.Stamina == 0 }

// String renders "H/5 S/4", "H/2", or "-" for none.
func (d Dividers) String() string {
	var buf [24]byte
	return string(d.Append(buf[:0]))
}

// Append appends d as String writes it to b.
func (d Dividers) Append(b []byte) []byte {
	start := len(b)
	if d.Health != 0 {
		b = strconv.AppendInt(append(b, "H/"...), int64(d.Health), 10)
	}
	if d.Stamina != 0 {
		if len(b) > start {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(append(b, "S/"...), int64(d.Stamina), 10)
	}
	if len(b) == start {
		b = append(b, '-')
	}
	return b
}

// modifierString renders a Strength Table divider modifier ("H/+1, S/+2").
func (d Dividers) modifierString() string {
	if d.None() {
		return "-"
	}
	return fmt.Sprintf("H/+%d, S/+%d", d.Health, d.Stamina)
}

// Improve adds a Strength Table divider modifier to d. A modifier only
// improves a divider the character already has; it never creates one
// (pp. 14, 37). Example (p. 16): Armour R3 (H/5 S/4) improved by STR 45
// (H/+1 S/+2) gives H/6 S/6.
func (d Dividers) Improve(mod Dividers) Dividers {
	if d.Health != 0 {
		d.Health += mod.Health
	}
	if d.Stamina != 0 {
		d.Stamina += mod.Stamina
	}
	return d
}

// Lowered returns d with each divider reduced by n, as attacks such as
// Energy Blast do ("the target's dividers count as 2 lower", p. 55). A
// divider lowered below 2 is ignored (p. 38), i.e. becomes 0.
func (d Dividers) Lowered(n int) Dividers {
	low := func(v int) int {
		if v == 0 {
			return 0
		}
		v -= n
		if v < 2 {
			return 0
		}
		return v
	}
	return Dividers{Health: low(d.Health), Stamina: low(d.Stamina)}
}

// DivideDamage divides damage by a divider, rounding the damage taken up
// (p. 37). A divider below 2 (including 0 = none) leaves damage unchanged.
func DivideDamage(damage, divider int) int {
	if divider < 2 || damage <= 0 {
		return damage
	}
	return (damage + divider - 1) / divider
}

// Band is an inclusive range of scores as printed in a table. Hi == 0
// means open-ended ("60+").
type Band struct {
	Lo int `json:"lo"`
	Hi int `json:"hi"`
}

// Contains reports whether v lies in the band.
func (b Band) Contains(v int) bool { return v >= b.Lo && (b.Hi == 0 || v <= b.Hi) }

// String renders "60+", "1-5" or "10".
func (b Band) String() string {
	switch {
	case b.Hi == 0:
		return strconv.Itoa(b.Lo) + "+"
	case b.Lo == b.Hi:
		return strconv.Itoa(b.Lo)
	default:
		return strconv.Itoa(b.Lo) + "-" + strconv.Itoa(b.Hi)
	}
}

// signed renders n as "+3", "-2", or "-" for 0 (the book's dash for "no
// bonus").
func signed(n int) string {
	if n == 0 {
		return "-"
	}
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// dash renders n, or "-" for 0.
func dash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}
