// Package lazy holds package-level values made on first use.
//
// Go runs every linked package's initialisers on every start of the
// program, for every verb. A package-level sync.OnceValue(f) is a call,
// so it runs there (and allocates); a lazy.Value written as a composite
// literal,
//
//	var index = lazy.Value[map[string]int]{Make: buildIndex}
//
// is static data the linker lays out: nothing runs until the first Get
// (start-up figures in docs/benchmarks.md).
package lazy

import "sync"

// Value is a value made by Make on the first Get; safe for concurrent
// use. Do not copy a Value after its first Get.
type Value[T any] struct {
	Make func() T

	once sync.Once
	v    T
}

// Get returns the value, making it on the first call.
func (l *Value[T]) Get() T {
	l.once.Do(l.make)
	return l.v
}

func (l *Value[T]) make() { l.v = l.Make() }
