package profile

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/naming"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// MeasureKind says how a measure may be changed.
type MeasureKind string

// Kinds of measure.
const (
	// KindComponent is a component score the GM sets (backing, heroism,
	// ...); downtime may raise the trainable ones.
	KindComponent MeasureKind = "component"
	// KindDerived is a component score computed from others
	// (approachability, fame, success rate, public response, security).
	KindDerived MeasureKind = "derived"
	// KindCategory is one of the three category scores.
	KindCategory MeasureKind = "category"
	// KindResource is material or financial resources (p. 28).
	KindResource MeasureKind = "resource"
	// KindFlag is a yes/no fact (identity_public, non_human).
	KindFlag MeasureKind = "flag"
	// KindText is free text (contacts_field).
	KindText MeasureKind = "text"
)

// Measure describes one named value of the personal profile as used on
// the command line and in JSON (snake_case keys, as in the hero file).
type Measure struct {
	Key  string      `json:"key"`
	Name string      `json:"name"`
	Kind MeasureKind `json:"kind"`
	// Category is popularity, investigation or confidence ("" for
	// resources and flags).
	Category string `json:"category,omitempty"`
	Min      int    `json:"min"`
	Max      int    `json:"max"`
	// Trainable measures can be raised with downtime experience (p. 46).
	Trainable bool `json:"trainable"`
	// Why explains, for derived and category measures, where the value
	// comes from ("it follows popularity (p. 22): ...").
	Why  string `json:"why,omitempty"`
	Page string `json:"page"`
}

// measureList returns the measures, built once on first use.
var measureList = sync.OnceValue(buildMeasures)

// buildMeasures builds the measures from the rulebook's component table
// plus the categories, resources and flags. The ranges come from
// pkg/rulebook.
func buildMeasures() []Measure {
	comps := rulebook.ProfileComponents()
	out := make([]Measure, 0, len(comps)+8)
	why := map[string]string{
		"approachability": "it is 3 + identification/2 - heroism/2, a leftover half rounded up (p. 22): set identification or heroism",
		"fame":            "it follows popularity (p. 22): change popularity's measures",
		"success-rate":    "it counts the successes in the last five scenarios (p. 25): use profile scenario",
		"public-response": "it follows popularity (p. 27): change popularity's measures",
		"security":        "it is financial resources, -2 for a public identity, +2 if non-human (p. 27): set financial_resources, identity_public or non_human",
	}
	for _, c := range comps {
		m := Measure{
			Key: strings.ReplaceAll(c.Slug, "-", "_"), Name: c.Name, Kind: KindComponent,
			Category: string(c.Category), Min: c.Min, Max: c.Max, Trainable: c.Trainable, Page: c.Page,
		}
		if w, ok := why[c.Slug]; ok {
			m.Kind, m.Why = KindDerived, w
		}
		out = append(out, m)
	}
	for _, c := range rulebook.ProfileCategories() {
		out = append(out, Measure{Key: string(c.Category), Name: c.Name, Kind: KindCategory,
			Min: 15, Max: 90, Why: "it is three times the sum of its five measures (p. 18): change its measures", Page: c.Page})
	}
	out = append(out,
		Measure{Key: "material_resources", Name: "Material Resources", Kind: KindResource, Min: 1, Max: rulebook.ResourceCap, Trainable: true, Page: "p. 28"},
		Measure{Key: "financial_resources", Name: "Financial Resources", Kind: KindResource, Min: 1, Max: rulebook.ResourceCap, Trainable: true, Page: "p. 28"},
		Measure{Key: "identity_public", Name: "Identity publicly known", Kind: KindFlag, Page: "p. 27"},
		Measure{Key: "non_human", Name: "Non-human without basic needs", Kind: KindFlag, Page: "p. 27"},
		Measure{Key: "contacts_field", Name: "Contacts field", Kind: KindText, Page: "p. 10"},
	)
	return out
}

// Measures returns every named profile value: the fifteen components, the
// three categories, the two resources and the flags, in book order.
func Measures() []Measure { return append([]Measure(nil), measureList()...) }

// NormaliseKey turns "Public Relations", "public-relations" and
// "public_relations" into the snake_case key "public_relations", and
// accepts "material" and "financial" for the resources.
func NormaliseKey(s string) string {
	k := naming.Key(s)
	switch k {
	case "material", "material_resource":
		return "material_resources"
	case "financial", "financial_resource":
		return "financial_resources"
	}
	return k
}

// LookupMeasure finds a measure by any spelling NormaliseKey accepts.
func LookupMeasure(s string) (Measure, bool) {
	k := NormaliseKey(s)
	for _, m := range measureList() {
		if m.Key == k {
			return m, true
		}
	}
	return Measure{}, false
}

// Score returns a pointer to an integer measure of the hero (component,
// category or resource) by key, or nil for an unknown key or a flag.
func Score(h *hero.Hero, key string) *int {
	p := &h.Profile
	switch NormaliseKey(key) {
	case "backing":
		return &p.Backing
	case "heroism":
		return &p.Heroism
	case "identification":
		return &p.Identification
	case "public_relations":
		return &p.PublicRelations
	case "competence":
		return &p.Competence
	case "methods":
		return &p.Methods
	case "approachability":
		return &p.Approachability
	case "fame":
		return &p.Fame
	case "power_use":
		return &p.PowerUse
	case "contacts":
		return &p.Contacts
	case "conscience":
		return &p.Conscience
	case "social_circle":
		return &p.SocialCircle
	case "success_rate":
		return &p.SuccessRate
	case "public_response":
		return &p.PublicResponse
	case "security":
		return &p.Security
	case "popularity":
		return &p.Popularity
	case "investigation":
		return &p.Investigation
	case "confidence":
		return &p.Confidence
	case "material_resources":
		return &h.Resources.Material
	case "financial_resources":
		return &h.Resources.Financial
	}
	return nil
}

// Assignment is one KEY=VALUE of `profile set`. Relative assignments
// (heroism=+1, heroism=-1) move the score by Int instead of setting it.
//
// JSON (MarshalJSON): "key", then the value of the measure's kind and
// only that one, present even at its zero value: "bool" for a flag
// (identity_public=false), "text" for text (contacts_field), else "int"
// and "relative" (heroism=0 is {"int": 0, "relative": false}). The other
// value fields do not apply to that measure and are left out.
type Assignment struct {
	Key      string `json:"key"`
	Int      int    `json:"int,omitempty"`
	Relative bool   `json:"relative,omitempty"`
	Bool     bool   `json:"bool,omitempty"`
	Text     string `json:"text,omitempty"`
	// Raw is the token as given, for error messages.
	Raw string `json:"-"`
}

// MarshalJSON writes the assignment's key and the one value its measure
// takes (see Assignment).
func (a Assignment) MarshalJSON() ([]byte, error) {
	kind := KindComponent
	if m, ok := LookupMeasure(a.Key); ok {
		kind = m.Kind
	}
	switch kind {
	case KindFlag:
		return json.Marshal(struct {
			Key  string `json:"key"`
			Bool bool   `json:"bool"`
		}{a.Key, a.Bool})
	case KindText:
		return json.Marshal(struct {
			Key  string `json:"key"`
			Text string `json:"text"`
		}{a.Key, a.Text})
	}
	return json.Marshal(struct {
		Key      string `json:"key"`
		Int      int    `json:"int"`
		Relative bool   `json:"relative"`
	}{a.Key, a.Int, a.Relative})
}

// ErrNotSettable is wrapped by errors for measures that are derived and
// cannot be set directly.
var ErrNotSettable = refusal.New("cannot be set directly")

// maxAssignmentLen bounds a KEY=VALUE token.
const maxAssignmentLen = 200

// ParseAssignment parses one KEY=VALUE token: a component or resource
// with a whole number (heroism=4) or a signed change (heroism=+1,
// heroism=-1), a flag with true/false/yes/no (identity_public=true), or
// contacts_field with text. Absolute numbers are checked against the
// measure's range; derived measures and categories are refused with the
// reason. Errors name the token.
func ParseAssignment(tok string) (Assignment, error) {
	if len(tok) > maxAssignmentLen {
		return Assignment{}, refusal.Errorf("%.20q...: longer than %d characters", tok, maxAssignmentLen)
	}
	k, v, ok := strings.Cut(tok, "=")
	if !ok {
		return Assignment{}, refusal.Errorf("%q: expected KEY=VALUE, e.g. heroism=4", tok)
	}
	m, found := LookupMeasure(k)
	if !found {
		if strings.TrimSpace(k) == "" {
			return Assignment{}, refusal.Errorf("%q: missing measure name before '='", tok)
		}
		return Assignment{}, refusal.Errorf("%q: %q is not a personal profile measure (backing, heroism, identification, public_relations, competence, methods, power_use, contacts, conscience, social_circle, material_resources, financial_resources, identity_public, non_human, contacts_field)", tok, strings.TrimSpace(k))
	}
	a := Assignment{Key: m.Key, Raw: tok}
	v = strings.TrimSpace(v)
	switch m.Kind {
	case KindDerived, KindCategory:
		return Assignment{}, fmt.Errorf("%q: %s %w; %s", tok, m.Key, ErrNotSettable, m.Why)
	case KindFlag:
		switch strings.ToLower(v) {
		case "true", "yes", "y", "1", "on":
			a.Bool = true
		case "false", "no", "n", "0", "off":
			a.Bool = false
		default:
			return Assignment{}, refusal.Errorf("%q: %s takes true or false", tok, m.Key)
		}
		return a, nil
	case KindText:
		if strings.ContainsAny(v, "\n\r") {
			return Assignment{}, refusal.Errorf("%q: %s is one line of text", tok, m.Key)
		}
		a.Text = v
		return a, nil
	}
	if v == "" {
		return Assignment{}, refusal.Errorf("%q: missing a value for %s (%d-%d)", tok, m.Key, m.Min, m.Max)
	}
	if v[0] == '+' || v[0] == '-' {
		a.Relative = true
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return Assignment{}, refusal.Errorf("%q: %s takes a whole number %d-%d (or +N/-N)", tok, m.Key, m.Min, m.Max)
	}
	if a.Relative {
		if n < -100 || n > 100 {
			return Assignment{}, refusal.Errorf("%q: a change of %d is too large", tok, n)
		}
	} else if n < m.Min || n > m.Max {
		return Assignment{}, refusal.Errorf("%q: %s %d is outside %d-%d (%s)", tok, m.Key, n, m.Min, m.Max, m.Page)
	}
	a.Int = n
	return a, nil
}

// Change is one value that changed, with its old and new value.
type Change struct {
	Measure string `json:"measure"`
	From    any    `json:"from"`
	To      any    `json:"to"`
}

// snapshotKeys are the integer values a profile change can move, in
// report order.
var snapshotKeys = [...]string{
	"backing", "heroism", "identification", "public_relations", "competence", "popularity",
	"methods", "approachability", "fame", "power_use", "contacts", "investigation",
	"conscience", "social_circle", "success_rate", "public_response", "security", "confidence",
	"material_resources", "financial_resources",
}

// Snapshot is a copy of every value a profile or downtime ruling can
// change, for reporting what changed.
type Snapshot struct {
	ints           [len(snapshotKeys)]int
	identityPublic bool
	nonHuman       bool
	contactsField  string
	willBonus      int
	heroPointsMax  int
	heroPoints     int
	pointsPerWeek  int
}

// Take records the hero's current values.
func Take(h *hero.Hero) Snapshot {
	var s Snapshot
	for i, k := range snapshotKeys {
		s.ints[i] = *Score(h, k)
	}
	s.identityPublic = h.Profile.IdentityPublic
	s.nonHuman = h.Profile.NonHuman
	s.contactsField = h.Profile.ContactsField
	s.willBonus = h.Profile.WillBonus
	s.heroPointsMax = h.HeroPoints.Max
	s.heroPoints = h.HeroPoints.Current
	s.pointsPerWeek = h.Downtime.PointsPerWeek
	return s
}

// Changes lists what differs between two snapshots, in a stable order.
func Changes(before, after Snapshot) []Change {
	var out []Change
	for i, k := range snapshotKeys {
		if before.ints[i] != after.ints[i] {
			out = append(out, Change{k, before.ints[i], after.ints[i]})
		}
	}
	if before.identityPublic != after.identityPublic {
		out = append(out, Change{"identity_public", before.identityPublic, after.identityPublic})
	}
	if before.nonHuman != after.nonHuman {
		out = append(out, Change{"non_human", before.nonHuman, after.nonHuman})
	}
	if before.contactsField != after.contactsField {
		out = append(out, Change{"contacts_field", before.contactsField, after.contactsField})
	}
	if before.willBonus != after.willBonus {
		out = append(out, Change{"will_bonus", before.willBonus, after.willBonus})
	}
	if before.heroPointsMax != after.heroPointsMax {
		out = append(out, Change{"hero_points.max", before.heroPointsMax, after.heroPointsMax})
	}
	if before.heroPoints != after.heroPoints {
		out = append(out, Change{"hero_points.current", before.heroPoints, after.heroPoints})
	}
	if before.pointsPerWeek != after.pointsPerWeek {
		out = append(out, Change{"downtime.points_per_week", before.pointsPerWeek, after.pointsPerWeek})
	}
	return out
}

// Set applies assignments in order and recomputes every derived value.
// A relative change that would leave the measure's range is an error; the
// hero is unchanged on error. The same measure may not be given twice.
func Set(h *hero.Hero, as []Assignment) ([]Change, error) {
	seen := make(map[string]bool, len(as))
	for _, a := range as {
		if seen[a.Key] {
			return nil, refusal.Errorf("%q: %s is given twice", a.Raw, a.Key)
		}
		seen[a.Key] = true
	}
	work := *h
	work.Profile.Scenarios = h.Profile.Scenarios // shared, not modified
	before := Take(h)
	for _, a := range as {
		m, ok := LookupMeasure(a.Key)
		if !ok {
			return nil, refusal.Errorf("%q: unknown measure %s", a.Raw, a.Key)
		}
		switch m.Kind {
		case KindFlag:
			if m.Key == "identity_public" {
				work.Profile.IdentityPublic = a.Bool
			} else {
				work.Profile.NonHuman = a.Bool
			}
		case KindText:
			work.Profile.ContactsField = a.Text
		case KindComponent, KindResource:
			p := Score(&work, m.Key)
			n := a.Int
			if a.Relative {
				n = *p + a.Int
			}
			if n < m.Min || n > m.Max {
				return nil, refusal.Errorf("%q: %s would be %d, outside %d-%d (%s)", a.Raw, m.Key, n, m.Min, m.Max, m.Page)
			}
			*p = n
		default:
			return nil, fmt.Errorf("%q: %s %w; %s", a.Raw, m.Key, ErrNotSettable, m.Why)
		}
	}
	Recompute(&work)
	*h = work
	return Changes(before, Take(h)), nil
}
