package combat

// Acrobatics (p. 51) in a fight: the flying kick, +2 damage on an attack
// after leaping or swinging 4 m or more (a movement attack).

import "github.com/codename-spandex/spandex/pkg/rulebook"

// acrobaticsKick is the flying kick's bonus: +2 (p. 51).
var acrobaticsKick = momentum(rulebook.PowerAcrobatics, 2, "p. 51")
