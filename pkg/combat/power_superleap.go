package combat

// Super Leap (p. 74) in a fight: the flying kick of Acrobatics (p. 51),
// +2 damage on an attack after leaping 4 m or more (a movement attack).

import "github.com/codename-spandex/spandex/pkg/rulebook"

// superLeapKick is the flying kick's bonus: +2 (p. 51).
var superLeapKick = momentum(rulebook.PowerSuperLeap, 2, "p. 51")
