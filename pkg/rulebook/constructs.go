package rulebook

// A robot may have "some of the more straightforward super powers" (p.
// 49); it has "only artificial logic", no free will and no stamina, and
// unlike an android it cannot repair itself (p. 50). constructBarred lists
// the Power Table powers a robot cannot have, each with the reason; every
// other power (armour, energy blast, flight, super strength, cybernetics,
// weapon mastery, ...) is a piece of engineering and is allowed.
var constructBarred = []struct{ slug, why string }{
	{"magic", "magic needs the Mystic Training perk and a mind to study it (pp. 11, 62)"},
	{"psychic-ability", "psychic powers need a mind; a robot has only artificial logic (pp. 49, 67)"},
	{"danger-sense", "danger sense is a subconscious warning, and a robot has no subconscious (pp. 49, 54)"},
	{"luck", "luck is a contrived coincidence in a hero's favour, not a mechanism (pp. 49, 62)"},
	{"sidekick", "a robot is itself a device; it has no sidekick (pp. 49, 71)"},
	{"duplication", "more robots are built as devices, not duplicated (pp. 49-50, 54)"},
	{"shapechange", "shapechange turns a living body into other living creatures (pp. 49, 70)"},
	{"super-health", "regeneration and unnatural health are life and self-repair, which androids have and robots do not (pp. 50, 73)"},
}

// ConstructPower reports whether a robot can have the power with this
// slug, and if not, why (pp. 49-50). The free choice row is allowed (the
// choice itself is then checked).
func ConstructPower(slug string) (ok bool, why string) {
	for _, b := range constructBarred {
		if b.slug == slug {
			return false, b.why
		}
	}
	return true, ""
}

// ConstructBarredPowers lists the powers a robot cannot have, in Power
// Table order of the list above (for documentation and tables).
func ConstructBarredPowers() []string {
	out := make([]string, len(constructBarred))
	for i, b := range constructBarred {
		out[i] = b.slug
	}
	return out
}
