package combat

// Skills in a fight: gymnastics (p. 71) "gives the ability to do
// somersaults and flips": after a tumble of 4 m or more a flying kick
// does +2 damage (a movement attack), and a gymnast stays standing
// (the prone check, resolve.go and explain.go ask gymnastics); its +1 to
// dodge is a dodge bonus source (rules.go).

import (
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// gymnastics reports the gymnastics skill (p. 71).
func gymnastics(h *hero.Hero) bool { return hasFlavour(h, rulebook.PowerSkills, "gymnastics") }

// gymnasticsKick is the flying kick after a tumble: +2 damage (p. 71).
func gymnasticsKick(h *hero.Hero) (int, string) {
	if gymnastics(h) {
		return 2, "p. 71"
	}
	return 0, ""
}
