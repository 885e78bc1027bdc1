package combat

// Flight (p. 58) in a fight: the power dive, +5 damage on an attack after
// diving 4 m or more (or the dive kick). Moving farther than the
// movement speed is the fight clock's (pkg/encounter's hasMovementPower).

import "github.com/codename-spandex/spandex/pkg/rulebook"

// flightDive is the power dive's bonus: +5 (p. 58).
var flightDive = momentum(rulebook.PowerFlight, 5, "p. 58")
