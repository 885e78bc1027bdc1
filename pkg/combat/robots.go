package combat

import (
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// RobotStaminaImmunity is the ruling's text when a robot ignores
// stamina damage (p. 49).
const RobotStaminaImmunity = "a robot has no stamina and is immune to stunning damage: only health damage stops it (p. 49)"

// NoStamina reports whether h has no stamina track at all: a robot (p.
// 49: "they do not have a stamina value and are immune to stunning
// damage"), or any character whose file lists the "stamina" immunity.
// Stamina damage does nothing to such a character, never overflows onto
// health, and its stamina of 0 does not make it dazed, stunned or
// unconscious.
func NoStamina(h *hero.Hero) bool {
	if h.Kind == hero.KindRobot {
		return true
	}
	for _, im := range h.Combat.Immunities {
		if im == "stamina" {
			return true
		}
	}
	return false
}

// joinNote adds a note to a "; "-separated list.
func joinNote(list, note string) string {
	if list == "" {
		return note
	}
	return list + "; " + note
}

// splitNotes splits a "; "-separated list made by joinNote.
func splitNotes(list string) []string {
	if list == "" {
		return nil
	}
	return strings.Split(list, "; ")
}

// notePage takes a note's trailing "(p. N)" as its page, or def.
func notePage(note, def string) (text, page string) {
	if i := strings.LastIndex(note, " (p"); i >= 0 && strings.HasSuffix(note, ")") {
		return note[:i], note[i+2 : len(note)-1]
	}
	return note, def
}
