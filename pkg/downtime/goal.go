// Package downtime holds the rules of downtime and advancement (rulebook
// pp. 44-50): the weekly allowance of downtime points, spending them for
// experience by how well an activity fits its goal, the experience cost of
// every increase, keeping an increase with weekly upkeep (and reverting
// it), inventing devices, robots and androids, and the optional simpler
// experience rule. It is pure: it works on *hero.Hero (and a dice.Roller
// where a new power rolls) and does no I/O.
package downtime

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// GoalKind says what a downtime goal raises.
type GoalKind string

// Kinds of goal.
const (
	// GoalProfile raises a trainable personal profile measure (p. 46).
	GoalProfile GoalKind = "profile"
	// GoalAbility raises an ability score by training, to 21 (p. 47).
	GoalAbility GoalKind = "ability"
	// GoalResource raises material or financial resources (p. 47).
	GoalResource GoalKind = "resource"
	// GoalPower acquires a power the hero lacks or raises the rank of one
	// the hero has (p. 48).
	GoalPower GoalKind = "power"
	// GoalSubPower acquires another sub-power or flavour of a power the
	// hero has, which counts as a new power (p. 48).
	GoalSubPower GoalKind = "subpower"
	// GoalDevice works on a device under construction (pp. 47-48).
	GoalDevice GoalKind = "device"
	// GoalOther is a goal the GM names that no rule prices (a new secret
	// identity, p. 27; a plot goal). Experience accrues but cannot be
	// bought.
	GoalOther GoalKind = "other"
)

// Goal is a downtime goal. Key is its name in the hero file's
// downtime.experience map: "public_relations", "strength",
// "material_resources", "power:flight", "subpower:super-senses",
// "device:tracer", "other:new-identity".
type Goal struct {
	Key  string   `json:"key"`
	Kind GoalKind `json:"kind"`
	// Target is the measure key, ability, power slug, device name or
	// free text.
	Target string `json:"target"`
}

// maxGoalLen bounds a goal token.
const maxGoalLen = 100

// abilityName is the ability a goal key names (its name or its three
// letters), or "".
func abilityName(key string) string {
	switch key {
	case "strength", "str":
		return "strength"
	case "agility", "agi":
		return "agility"
	case "will", "wil":
		return "will"
	case "endurance", "end":
		return "endurance"
	}
	return ""
}

// ParseGoal parses a goal name. Profile measures and resources use their
// snake_case keys (dashes and spaces are accepted); abilities their names
// (strength, agility, will, endurance, or str/agi/wil/end); powers
// "power:SLUG" and "subpower:SLUG" (a Power Table slug or name); devices
// "device:NAME"; anything else the GM names "other:TEXT". The measures
// downtime cannot raise (competence, approachability, fame, success rate,
// public response, security, p. 46) and the categories are refused with
// the reason.
func ParseGoal(s string) (Goal, error) {
	raw := strings.TrimSpace(s)
	if raw == "" {
		return Goal{}, refusal.Errorf("empty goal")
	}
	if len(raw) > maxGoalLen {
		return Goal{}, refusal.Errorf("goal %.20q...: longer than %d characters", raw, maxGoalLen)
	}
	if !utf8.ValidString(raw) {
		// Invalid bytes would become U+FFFD (3 bytes each) in the key,
		// which then no longer parses back (FuzzParseGoal).
		return Goal{}, refusal.Errorf("goal %.20q...: not valid UTF-8", raw)
	}
	if strings.ContainsAny(raw, "\n\r\t=,") {
		return Goal{}, refusal.Errorf("goal %q: may not contain '=', ',' or control characters", raw)
	}
	if prefix, rest, ok := strings.Cut(raw, ":"); ok {
		rest = strings.TrimSpace(rest)
		switch strings.ToLower(strings.TrimSpace(prefix)) {
		case "power", "subpower":
			kind := GoalPower
			if strings.EqualFold(strings.TrimSpace(prefix), "subpower") {
				kind = GoalSubPower
			}
			row, found := rulebook.PowerBySlug(rest)
			if !found || row.FreeChoice {
				return Goal{}, refusal.Errorf("goal %q: %q is not a power on the Power Table (p. 7)", raw, rest)
			}
			if kind == GoalSubPower && !row.HasFlavours {
				return Goal{}, refusal.Errorf("goal %q: %s has no sub-powers or flavours (p. 7); use power:%s for a rank", raw, row.Name, row.Slug)
			}
			return Goal{Key: string(kind) + ":" + row.Slug, Kind: kind, Target: row.Slug}, nil
		case "device":
			name := normaliseName(rest)
			if name == "" {
				return Goal{}, refusal.Errorf("goal %q: missing a device name after \"device:\"", raw)
			}
			if len("device:"+name) > maxGoalLen {
				return Goal{}, refusal.Errorf("goal %.20q...: longer than %d characters once normalised", raw, maxGoalLen)
			}
			return Goal{Key: "device:" + name, Kind: GoalDevice, Target: name}, nil
		case "other":
			name := normaliseName(rest)
			if name == "" {
				return Goal{}, refusal.Errorf("goal %q: missing a name after \"other:\"", raw)
			}
			if len("other:"+name) > maxGoalLen {
				return Goal{}, refusal.Errorf("goal %.20q...: longer than %d characters once normalised", raw, maxGoalLen)
			}
			return Goal{Key: "other:" + name, Kind: GoalOther, Target: name}, nil
		}
		return Goal{}, refusal.Errorf("goal %q: unknown kind %q (power:, subpower:, device: or other:)", raw, prefix)
	}
	key := profile.NormaliseKey(raw)
	if a := abilityName(key); a != "" {
		return Goal{Key: a, Kind: GoalAbility, Target: a}, nil
	}
	m, ok := profile.LookupMeasure(key)
	if !ok {
		return Goal{}, refusal.Errorf("goal %q: not a profile measure, resource or ability; use power:SLUG, subpower:SLUG, device:NAME or other:TEXT", raw)
	}
	switch {
	case m.Kind == profile.KindResource:
		return Goal{Key: m.Key, Kind: GoalResource, Target: m.Key}, nil
	case m.Kind == profile.KindCategory:
		return Goal{}, refusal.Errorf("goal %q: %s cannot be raised directly; %s", raw, m.Key, m.Why)
	case m.Kind == profile.KindFlag || m.Kind == profile.KindText:
		return Goal{}, refusal.Errorf("goal %q: %s is not a score; use other:TEXT for the activity (e.g. other:new-identity)", raw, m.Key)
	case !m.Trainable:
		why := m.Why
		if m.Key == "competence" {
			why = "it moves with scenarios (pp. 20-21): use profile scenario"
		}
		return Goal{}, refusal.Errorf("goal %q: %s cannot be raised with downtime (p. 46); %s", raw, m.Key, why)
	}
	return Goal{Key: m.Key, Kind: GoalProfile, Target: m.Key}, nil
}

// normaliseName is a device or free goal name's slug (naming.Slug).
func normaliseName(s string) string { return naming.Slug(s) }

// Side is a side goal of an activity: XP per downtime point credited to
// another goal (p. 45).
type Side struct {
	Goal Goal `json:"goal"`
	XP   int  `json:"xp_per_point"`
}

// ParseSide parses a side goal GOAL=N, N experience per downtime point
// (1-4: the main goal takes at least 1 of the ideal 5, p. 45, unless there
// is no main goal).
func ParseSide(s string) (Side, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		return Side{}, refusal.Errorf("side goal %q: expected GOAL=XP, e.g. backing=1", s)
	}
	g, err := ParseGoal(k)
	if err != nil {
		return Side{}, fmt.Errorf("side goal %q: %w", s, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > rulebook.IdealXPPerDP {
		return Side{}, refusal.Errorf("side goal %q: experience per point must be a whole number 1-%d", s, rulebook.IdealXPPerDP)
	}
	return Side{Goal: g, XP: n}, nil
}

// ParseFit parses how well an activity suits its goal: a Downtime Point
// Experience Table row (completely-unsuitable, poor, average,
// well-suited, ideal, or the book's labels) or its XP per point, 1-5.
func ParseFit(s string) (rulebook.Fit, error) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		for _, r := range rulebook.DowntimeExperienceRows() {
			if r.XPPerPoint == n {
				return r.Fit, nil
			}
		}
		return "", refusal.Errorf("fit %d: experience per point is 1-5 (p. 45)", n)
	}
	f, err := rulebook.ParseFit(s)
	if err != nil {
		return "", refusal.Errorf("fit %q: not a row of the Downtime Point Experience Table (completely-unsuitable, poor, average, well-suited, ideal, or 1-5)", s)
	}
	return f, nil
}
