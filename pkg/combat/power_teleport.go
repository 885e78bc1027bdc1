package combat

// Teleport (pp. 76-77) outside its own move: a bound teleporter escapes
// a Restraint or a snare automatically (p. 64). A teleport's cost and
// range are TeleportWith (powerstates.go); moving with it is
// pkg/encounter's power_teleport.go.

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// teleportEscapes: Teleport escapes a Restraint or a snare automatically
// (p. 64).
func teleportEscapes(def *hero.Hero) bool { return hasPower(def, rulebook.PowerTeleport) }
