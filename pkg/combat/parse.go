package combat

import (
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/refusal"
)

// ParseReaction parses the command line's reaction: "none", "parry",
// "parry:SLUG", "dodge", "block:OBJECT" (an Object Table example or a
// health number), "brace", "judo" or "judo-throw", "resist", "grab".
func ParseReaction(s string) (Reaction, error) {
	s = strings.TrimSpace(s)
	kind, arg, hasArg := strings.Cut(s, ":")
	kind = strings.ToLower(strings.TrimSpace(kind))
	arg = strings.TrimSpace(arg)
	if hasArg && arg == "" {
		return Reaction{}, refusal.Errorf("%q: nothing after the colon", s)
	}
	var rx Reaction
	switch kind {
	case "", "none":
		if hasArg {
			return Reaction{}, refusal.Errorf("%q: none takes no argument", s)
		}
		return rx, nil
	case "parry":
		rx.Kind, rx.Parry = ReactionParry, arg
	case "block":
		rx.Kind = ReactionBlock
		if !hasArg {
			return Reaction{}, refusal.Errorf("%q: say what blocks, e.g. block:desk or block:12 (its health)", s)
		}
		if n, err := strconv.Atoi(arg); err == nil {
			if n < 1 || n > 1_000_000 {
				return Reaction{}, refusal.Errorf("%q: object health %d is outside 1-1000000", s, n)
			}
			rx.Object.Health = n
			rx.Object.Name = "object"
		} else {
			rx.Object.Name = arg
		}
	case "dodge", "brace", "judo", "judo-throw", "resist", "grab":
		if hasArg {
			return Reaction{}, refusal.Errorf("%q: %s takes no argument", s, kind)
		}
		rx.Kind = map[string]ReactionKind{"dodge": ReactionDodge, "brace": ReactionBrace, "judo": ReactionJudo,
			"judo-throw": ReactionJudo, "resist": ReactionResist, "grab": ReactionGrab}[kind]
	default:
		return Reaction{}, refusal.Errorf("%q is not one of none, parry[:NAME], block:OBJECT, dodge, brace, judo, resist, grab", s)
	}
	return rx, nil
}

// ParseObstruction parses "MATERIAL[@METRES]": a Wall Strength Table
// material ("wood", "brick@3") or a number of health damage needed for a
// hero-sized hole ("24@2"), at a distance in metres from the defender
// (default 0: right behind them).
func ParseObstruction(s string) (Obstruction, error) {
	s = strings.TrimSpace(s)
	what, at, hasAt := strings.Cut(s, "@")
	what = strings.TrimSpace(what)
	var o Obstruction
	if what == "" {
		return o, refusal.Errorf("%q: name the material (wood, brick, ...) or the damage needed", s)
	}
	if hasAt {
		at = strings.TrimSuffix(strings.TrimSpace(at), "m")
		n, err := strconv.Atoi(at)
		if err != nil || n < 0 || n > 1_000_000 {
			return o, refusal.Errorf("%q: the distance after @ must be whole metres 0-1000000", s)
		}
		o.At = n
	}
	if n, err := strconv.Atoi(what); err == nil {
		if n < 1 || n > 1_000_000 {
			return o, refusal.Errorf("%q: damage needed %d is outside 1-1000000", s, n)
		}
		o.DamageNeeded = n
		return o, nil
	}
	o.Material = what
	if _, _, err := obstructionNeeds(o, 0); err != nil {
		return o, refusal.Errorf("%q is not on the Wall Strength Table (normal-glass, wood, thin-metal, bulletproof-glass, brick, metal-door, stone, concrete, armour-plating) or a number", what)
	}
	return o, nil
}

// ParseSplit parses "health=N" (or "h=N", or just "N"): N points of the
// damage bonus on health, the rest on stamina.
func ParseSplit(s string) (Split, error) {
	t := strings.TrimSpace(s)
	if k, v, ok := strings.Cut(t, "="); ok {
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "health", "h":
			t = strings.TrimSpace(v)
		default:
			return Split{}, refusal.Errorf("%q: use health=N (the rest goes on stamina)", s)
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < -100_000 || n > 100_000 {
		return Split{}, refusal.Errorf("%q: use health=N with a whole number N", s)
	}
	return Split{Health: n}, nil
}

// ParsePowerDice parses "health=N,stamina=M" (or "h=N,s=M"): the d6s a
// split-dice power attack puts on each side.
func ParsePowerDice(s string) (PowerDice, error) {
	var pd PowerDice
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return pd, refusal.Errorf("%q: use health=N,stamina=M", s)
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > 100 {
			return pd, refusal.Errorf("%q: %q is not a number of dice 0-100", s, strings.TrimSpace(v))
		}
		key := strings.ToLower(strings.TrimSpace(k))
		switch key {
		case "health", "h":
			key = "health"
			pd.Health = n
		case "stamina", "s":
			key = "stamina"
			pd.Stamina = n
		default:
			return pd, refusal.Errorf("%q: %q is not health or stamina", s, k)
		}
		if seen[key] {
			return pd, refusal.Errorf("%q: %s given twice", s, key)
		}
		seen[key] = true
	}
	return pd, nil
}

// ParseModifier parses a GM's to-hit modifier "NAME=+N" or "+N".
func ParseModifier(s string) (Modifier, error) {
	name, v, ok := strings.Cut(strings.TrimSpace(s), "=")
	if !ok {
		name, v = "gm", name
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < -50 || n > 50 {
		return Modifier{}, refusal.Errorf("%q: use NAME=N with N from -50 to 50", s)
	}
	name = strings.TrimSpace(name)
	if name == "" {
		name = "gm"
	}
	return Modifier{Slug: name, Value: n, Text: name}, nil
}
