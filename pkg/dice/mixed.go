package dice

import "slices"

// Source says where a die's face came from when the GM's dice and rolled
// dice are mixed (--dice with --roll-rest).
type Source string

// The sources of a face. The words are part of the JSON output and do not
// change.
const (
	// SourceEntered is a face the GM rolled on a real die and entered.
	SourceEntered Source = "entered"
	// SourceRolled is a face rolled by spandex, from the seed.
	SourceRolled Source = "rolled"
)

// SourceRoller is a Roller that tells where the face it handed out last
// came from: a Mixed roller, or a Recorder wrapping one.
type SourceRoller interface {
	Roller
	LastSource() Source
}

// SourceOf is the Source of the face r handed out last, or "" when r does
// not mix entered and rolled faces.
func SourceOf(r Roller) Source {
	if sr, ok := r.(SourceRoller); ok {
		return sr.LastSource()
	}
	return ""
}

// Mixed is the GM's dice followed by seeded ones (--dice LIST --roll-rest):
// the first len(values) dice asked for get the values, in order, checked
// as Scripted checks them; every later die is rolled by a Seeded roller
// started from seed at the first such die. So with no values it rolls
// exactly what NewSeeded(seed) rolls, and the rolled part of a result can
// be replayed with the same values and seed. It is not safe for
// concurrent use.
type Mixed struct {
	entered *Scripted
	rest    *Seeded
	last    Source
}

// NewMixed returns a Mixed roller handing out a copy of values first and
// then faces rolled from seed.
func NewMixed(values []int, seed uint64) *Mixed {
	return &Mixed{entered: NewScripted(values), rest: NewSeeded(seed)}
}

// Roll hands out the next entered value while there is one (an error when
// it does not fit the die, as Scripted.Roll), then rolls.
func (m *Mixed) Roll(sides int, purpose string) (int, error) {
	if m.entered.next < len(m.entered.values) {
		v, err := m.entered.Roll(sides, purpose)
		if err != nil {
			return 0, err
		}
		m.last = SourceEntered
		return v, nil
	}
	v, err := m.rest.Roll(sides, purpose)
	if err != nil {
		return 0, err
	}
	m.last = SourceRolled
	return v, nil
}

// LastSource is where the face handed out last came from ("" before the
// first).
func (m *Mixed) LastSource() Source { return m.last }

// Seed is the seed of the rolled dice.
func (m *Mixed) Seed() uint64 { return m.rest.Seed() }

// Entered returns a copy of the entered values.
func (m *Mixed) Entered() []int { return slices.Clone(m.entered.values) }

// Finish reports entered values that were never used, as Scripted.Finish
// does: the command asked for fewer dice than the GM entered.
func (m *Mixed) Finish() error { return m.entered.Finish() }
