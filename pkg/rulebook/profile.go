package rulebook

import "github.com/codename-spandex/spandex/pkg/naming"

// Personal profile (pp. 18–28).

// ProfileCategory is one of the three personal profile categories.
type ProfileCategory string

// Profile categories (p. 18).
const (
	CategoryPopularity    ProfileCategory = "popularity"
	CategoryInvestigation ProfileCategory = "investigation"
	CategoryConfidence    ProfileCategory = "confidence"
)

// ProfileCategoryInfo describes a category (pp. 14, 18).
type ProfileCategoryInfo struct {
	Category   ProfileCategory `json:"category"`
	Name       string          `json:"name"`
	Use        string          `json:"use"`
	Components []string        `json:"components"` // component slugs, book order
	Page       string          `json:"page"`
}

var profileCategories = []ProfileCategoryInfo{
	{CategoryPopularity, "Popularity", "Roll d100 ≤ popularity to intimidate petty criminals who have no powers, or to sway bystanders",
		[]string{"backing", "heroism", "identification", "public-relations", "competence"}, "pp. 18–21"},
	{CategoryInvestigation, "Investigation", "Roll d100 ≤ investigation to dig up leads and information",
		[]string{"methods", "approachability", "fame", "power-use", "contacts"}, "pp. 21–24"},
	{CategoryConfidence, "Confidence", "Rarely rolled. Works through the Confidence Table",
		[]string{"conscience", "social-circle", "success-rate", "public-response", "security"}, "pp. 24–27"},
}

// ProfileCategories returns the three categories (p. 18). Each category
// score is 3 × the sum of its five components (CategoryScore).
func ProfileCategories() []ProfileCategoryInfo {
	out := make([]ProfileCategoryInfo, len(profileCategories))
	for i, c := range profileCategories {
		c.Components = append([]string(nil), c.Components...)
		out[i] = c
	}
	return out
}

// CategoryMultiplier: a category score is 3 × the sum of its components.
const CategoryMultiplier = 3

// CategoryScore returns 3 × the sum of a category's component scores
// (p. 18). Example (p. 20): (3+3+2+3+1)×3 = 36.
func CategoryScore(components ...int) int {
	s := 0
	for _, c := range components {
		s += c
	}
	return CategoryMultiplier * s
}

// ProfileComponent is one component score of the personal profile
// (pp. 18–27; Status Measurement summary, p. 26).
type ProfileComponent struct {
	Slug     string          `json:"slug"`
	Name     string          `json:"name"`
	Category ProfileCategory `json:"category"`
	Min      int             `json:"min"`
	Max      int             `json:"max"`
	// Start is the starting value as the book states it ("3", "1-3",
	// "from popularity"); StartDefault the usual number (0 = derived).
	Start        string `json:"start"`
	StartDefault int    `json:"start_default,omitempty"`
	ChangesDueTo string `json:"changes_due_to"`
	// Trainable: downtime XP can raise it (p. 46 names the six that
	// cannot).
	Trainable bool   `json:"trainable"`
	Page      string `json:"page"`
}

// profileComponents. Success rate runs 0–5 (the book lists 1–5). Identification starts 1–3 (prose, p. 19; the summary prints "2-3";).
var profileComponents = []ProfileComponent{
	{"backing", "Backing", CategoryPopularity, 1, 5, "3 (GM may set 1–4)", 3, "Events", true, "pp. 18–19"},
	{"heroism", "Heroism", CategoryPopularity, 1, 5, "3", 3, "Role-play, media response", true, "p. 19"},
	{"identification", "Identification", CategoryPopularity, 1, 5, "1-3 (3 normal-looking; 2 outlandish powers; 1 alien, monstrous or robotic)", 3, "Media response", true, "p. 19"},
	{"public-relations", "Public Relations", CategoryPopularity, 1, 5, "3", 3, "Role-play, downtime, media response", true, "pp. 19–20"},
	{"competence", "Competence", CategoryPopularity, 1, 10, "1", 1, "Success in scenarios, media response", false, "pp. 20–21"},
	{"methods", "Methods", CategoryInvestigation, 1, 5, "3", 3, "Role-play, downtime", true, "p. 21"},
	{"approachability", "Approachability", CategoryInvestigation, 1, 5, "From the formula", 0, "Changes to identification and heroism", false, "p. 22"},
	{"fame", "Fame", CategoryInvestigation, 1, 5, "From popularity", 0, "Changes to popularity", false, "p. 22"},
	{"power-use", "Power Use", CategoryInvestigation, 1, 5, "1-5 (powers that help automatically)", 1, "Role-play", true, "pp. 22–23"},
	{"contacts", "Contacts", CategoryInvestigation, 1, 10, "5 (10 with the Contacts perk)", DefaultContacts, "Events, downtime", true, "p. 24"},
	{"conscience", "Conscience", CategoryConfidence, 1, 5, "3 unless the back-story says otherwise", 3, "Events & role-play, downtime", true, "p. 24"},
	{"social-circle", "Social Circle", CategoryConfidence, 1, 5, "3 unless the back-story says otherwise", 3, "Role-play, downtime", true, "p. 25"},
	{"success-rate", "Success Rate", CategoryConfidence, 0, 5, "0", 0, "Success in scenarios", false, "p. 25"},
	{"public-response", "Public Response", CategoryConfidence, 1, 5, "From popularity", 0, "Changes to popularity", false, "p. 27"},
	{"security", "Security", CategoryConfidence, 1, 10, "Financial resources, modified", 0, "Events, changes to financial resources", false, "p. 27"},
}

// ProfileComponents returns the 15 component scores in book order.
func ProfileComponents() []ProfileComponent {
	return append([]ProfileComponent(nil), profileComponents...)
}

// ProfileComponentBySlug looks up a component.
func ProfileComponentBySlug(s string) (ProfileComponent, bool) {
	n := naming.Slug(s)
	for _, c := range profileComponents {
		if c.Slug == n {
			return c, true
		}
	}
	return ProfileComponent{}, false
}

// ScaleRow is one value of a component scale.
type ScaleRow struct {
	Value       int    `json:"value"`
	Description string `json:"description"`
}

type componentScale struct {
	Slug string
	Page string
	Rows []ScaleRow
}

// componentScales: the descriptive scales (pp. 18–25). Competence's is
// the scenario scale (p. 21).
var componentScales = []componentScale{
	{"backing", "p. 18", []ScaleRow{
		{1, "No known backing"}, {2, "Local community support"},
		{3, "Tacit police support or endorsement from a political or pressure group"},
		{4, "Official police endorsement or support from a respected philanthropist or a commercial organisation"},
		{5, "Official government approval and/or military rank (honorary or otherwise)"}}},
	{"heroism", "p. 19", []ScaleRow{
		{1, "No better than your enemies"}, {2, "The lesser evil"}, {3, "Slightly suspicious"},
		{4, "Decent and honest"}, {5, "A complete boy/girl scout"}}},
	{"identification", "p. 19", []ScaleRow{
		{1, "The freak show's in town"}, {2, "There's something strange about you"}, {3, "Typical celebrity"},
		{4, "Refreshingly down to earth"}, {5, "The boy/girl next door"}}},
	{"public-relations", "p. 20", []ScaleRow{
		{1, "You hate the mundanes"}, {2, "You ignore the mundanes"}, {3, "Average"},
		{4, "Friendly and courteous"}, {5, "You go the extra mile"}}},
	{"competence", "p. 21", []ScaleRow{
		{1, "Make a public appearance"},
		{2, "Deal with a minor crime involving a small number of non-powered criminals"},
		{3, "Fight a non-powered rabble, or help with a minor disaster (fire, riot, etc.)"},
		{4, "Fight a minor villain or an organised team of non-powered criminals"},
		{5, "Fight a normal villain or a team of minor villains"},
		{6, "Fight a major villain on their own or a team of normal villains"},
		{7, "Fight a major villain with a team of normal villains"},
		{8, "Save the city"}, {9, "Save the country"}, {10, "Save the world"}}},
	{"methods", "p. 21", []ScaleRow{
		{1, "You make no effort"},
		{2, "You occasionally question witnesses or look for clues at a crime scene"},
		{3, "Average"},
		{4, "You always question witnesses and look for clues at a crime scene"},
		{5, "You keep extensive files and cross-reference new information with that previously known"}}},
	{"approachability", "p. 22", []ScaleRow{
		{1, "You are avoided"}, {2, "Only the desperate will talk to you"}, {3, "Average"},
		{4, "You receive a good supply of tips"},
		{5, "You're the first person people think of when they're in trouble and need to talk to someone"}}},
	{"contacts", "p. 24", []ScaleRow{
		{1, "You have no contacts"}, {2, "You have an intermittent and unreliable source"},
		{3, "You have a few sources of variable but generally poor reliability"},
		{4, "You have a couple of minor but reliable sources"}, {5, "You have a few reliable minor sources"},
		{6, "You have a couple of sources of major information, and many of minor matters"},
		{7, "You have full sources for minor matters and several varied reliability contacts for major information"},
		{8, "You have several reliable major sources"}, {9, "You have many reliable major sources"},
		{10, "You are fully part of an major network of information"}}},
	{"conscience", "p. 24", []ScaleRow{
		{1, "You have dark secrets that could ruin you if discovered"}, {2, "You have an embarrassing secret or two"},
		{3, "Average"}, {4, "You're squeaky clean"}, {5, "Your life is an open book"}}},
	{"social-circle", "p. 25", []ScaleRow{
		{1, "You're a complete loner with no friends"}, {2, "You have only a couple of friends"},
		{3, "Average"}, {4, "You're outgoing with lots of friends"}, {5, "Your social calendar is full"}}},
}

// ComponentScale returns the descriptive scale of a profile component
// ("backing", "competence", ...). Fame and public response come from
// FameRows and PublicResponseRows.
func ComponentScale(slug string) ([]ScaleRow, bool) {
	n := naming.Slug(slug)
	for _, s := range componentScales {
		if s.Slug == n {
			return append([]ScaleRow(nil), s.Rows...), true
		}
	}
	return nil, false
}

// ComponentScaleSlugs lists the components with a descriptive scale.
func ComponentScaleSlugs() []string {
	out := make([]string, len(componentScales))
	for i, s := range componentScales {
		out[i] = s.Slug
	}
	return out
}

// CompetenceChange returns the new competence after a scenario rated
// scenario (p. 20): succeeding above your score raises it by half the
// difference rounded down (at least 1 when the difference is 1); failing
// below lowers it the same way; otherwise no change. Kept within 1–10.
func CompetenceChange(current, scenario int, success bool) int {
	step := func(diff int) int {
		if diff == 1 {
			return 1
		}
		return diff / 2
	}
	switch {
	case success && scenario > current:
		current += step(scenario - current)
	case !success && scenario < current:
		current -= step(current - scenario)
	}
	return clamp(current, 1, 10)
}

// Approachability returns 3 + ½ identification − ½ heroism, a leftover
// half rounded up, kept within 1–5 (p. 22). Example: ident 2, heroism 3 →
// 2½ → 3.
func Approachability(identification, heroism int) int {
	twice := 6 + identification - heroism
	v := twice / 2
	if twice%2 != 0 && twice > 0 {
		v++
	}
	return clamp(v, 1, 5)
}

// Security returns financial resources −2 if the identity is publicly
// known, +2 if not human and without basic human needs, kept within 1–10
// (p. 27).
func Security(financial int, identityKnown, nonHuman bool) int {
	s := financial
	if identityKnown {
		s -= 2
	}
	if nonHuman {
		s += 2
	}
	return clamp(s, 1, 10)
}

// ---------------------------------------------------------------------
// Popularity status, fame and public response (pp. 18, 22, 27)

// StatusRow is a popularity status band (p. 18, untitled in the book).
type StatusRow struct {
	Popularity Band   `json:"popularity"`
	Reaction   string `json:"reaction"`
	Influence  string `json:"influence"`
}

var popularityStatus = []StatusRow{
	{Band{15, 30}, "\"Who are you?\"", "Criminals"},
	{Band{31, 45}, "Resented", "Criminals"},
	{Band{46, 60}, "Accepted", "Bystanders"},
	{Band{61, 75}, "Liked", "Bystanders"},
	{Band{76, 87}, "Wildly popular", "Police"},
	{Band{88, 90}, "A legend", "Government/Army"},
}

// PopularityStatus returns the status row for a popularity score (p. 18).
// Scores below 15 use the first row, above 90 the last. Persuasive advice
// works one category higher. Example (p. 20): 36 → Resented.
func PopularityStatus(pop int) StatusRow {
	return bandLookup(popularityStatus, pop, func(r StatusRow) Band { return r.Popularity })
}

// PopularityStatusRows returns the popularity status table.
func PopularityStatusRows() []StatusRow { return append([]StatusRow(nil), popularityStatus...) }

// FameRow maps popularity to fame (p. 22, untitled). A lower fame number
// means more press attention.
type FameRow struct {
	Popularity  Band   `json:"popularity"`
	Fame        int    `json:"fame"`
	Description string `json:"description"`
}

// fameTable, printed order (76-90 first).
var fameTable = []FameRow{
	{Band{76, 90}, 1, "Tabloid darling"},
	{Band{61, 75}, 2, "In the public eye"},
	{Band{46, 60}, 3, "Average"},
	{Band{31, 45}, 4, "Rarely mentioned"},
	{Band{15, 30}, 5, "Works in secret"},
}

// Fame returns the fame row for a popularity score (p. 22). Out-of-range
// scores clamp to 15–90. Example (p. 23): 36 → fame 4.
func Fame(pop int) FameRow {
	return bandLookup(fameTable, pop, func(r FameRow) Band { return r.Popularity })
}

// FameRows returns the fame table in printed order.
func FameRows() []FameRow { return append([]FameRow(nil), fameTable...) }

// PublicResponseRow maps popularity to public response (p. 27, untitled).
type PublicResponseRow struct {
	Popularity  Band   `json:"popularity"`
	Response    int    `json:"response"`
	Description string `json:"description"`
}

var publicResponseTable = []PublicResponseRow{
	{Band{15, 30}, 1, "They hate me"},
	{Band{31, 45}, 2, "I get funny looks"},
	{Band{46, 60}, 3, "Average"},
	{Band{61, 75}, 4, "I'm appreciated"},
	{Band{76, 90}, 5, "They love me"},
}

// PublicResponse returns the public response row for a popularity score
// (p. 27). Out-of-range scores clamp to 15–90. Example (p. 26): 36 → 2.
func PublicResponse(pop int) PublicResponseRow {
	return bandLookup(publicResponseTable, pop, func(r PublicResponseRow) Band { return r.Popularity })
}

// PublicResponseRows returns the public response table.
func PublicResponseRows() []PublicResponseRow {
	return append([]PublicResponseRow(nil), publicResponseTable...)
}

// bandLookup finds the row whose band contains v; below every band it
// returns the lowest-band row, above every band the highest-band row.
func bandLookup[T any](rows []T, v int, band func(T) Band) T {
	lo, hi := rows[0], rows[0]
	for _, r := range rows {
		b := band(r)
		if b.Contains(v) {
			return r
		}
		if b.Lo < band(lo).Lo {
			lo = r
		}
		if b.Lo > band(hi).Lo {
			hi = r
		}
	}
	if v < band(lo).Lo {
		return lo
	}
	return hi
}

// ---------------------------------------------------------------------
// Confidence Table (p. 24; App. p. 84)

// ConfidenceRow is a Confidence Table band.
type ConfidenceRow struct {
	Confidence Band `json:"confidence"`
	// DowntimePoints is the change to the usual 7 per week.
	DowntimePoints       int  `json:"downtime_points"`
	CanIncreaseResources bool `json:"can_increase_resources"`
	// WillBonus applies when defending against mental attacks.
	WillBonus  int `json:"will_bonus"`
	HeroPoints int `json:"hero_points"`
}

var confidenceTable = []ConfidenceRow{
	{Band{15, 30}, -2, false, 0, 0},
	{Band{31, 45}, 0, false, 0, 0},
	{Band{46, 60}, 0, true, 0, 0},
	{Band{61, 63}, 0, true, 1, 0},
	{Band{64, 66}, 0, true, 2, 0},
	{Band{67, 69}, 0, true, 3, 0},
	{Band{70, 72}, 0, true, 4, 0},
	{Band{73, 75}, 0, true, 5, 0},
	{Band{76, 78}, 0, true, 5, 1},
	{Band{79, 81}, 0, true, 5, 2},
	{Band{82, 84}, 0, true, 5, 3},
	{Band{85, 87}, 0, true, 5, 4},
	{Band{88, 90}, 0, true, 5, 5},
}

// Confidence returns the Confidence Table row (p. 24; App. p. 84).
// Confidence below 15 (12–14 is reachable because success rate starts at
// 0) uses the 15–30 row; above 90 uses the 88–90 row.
// Example (p. 26): 39 → no DP change, cannot increase resources.
func Confidence(c int) ConfidenceRow {
	return bandLookup(confidenceTable, c, func(r ConfidenceRow) Band { return r.Confidence })
}

// ConfidenceRows returns the Confidence Table.
func ConfidenceRows() []ConfidenceRow { return append([]ConfidenceRow(nil), confidenceTable...) }

// ---------------------------------------------------------------------
// Resources (p. 28; App. p. 84)

// FinancialRow is a Financial Resources Table level.
type FinancialRow struct {
	Level       int    `json:"level"`
	Description string `json:"description"`
	Home        string `json:"home"`
	Clothing    string `json:"clothing"`
	Transport   string `json:"transport"`
}

var financialResources = []FinancialRow{
	{1, "Destitute", "Homeless", "Rags", "Foot"},
	{2, "Scraping by", "Hostel", "A single change", "Bus"},
	{3, "Poor", "Rented room", "Charity shop selection", "Bicycle"},
	{4, "Average", "Rented flat", "Cheap casual clothes", "Moped"},
	{5, "Comfortable", "Shared house", "Cheap suit", "Second hand car"},
	{6, "Well off", "Small house", "Quality suit", "New car"},
	{7, "Affluent", "Cottage", "Made-to-measure suit", "4x4 or sports car"},
	{8, "Loaded", "Large town house", "Designer suit", "Chauffeur driven"},
	{9, "Rich", "Mansion", "High fashion", "Private yacht"},
	{10, "Filthy rich", "Castle", "Personal designer", "Private jet"},
}

// FinancialResources returns a Financial Resources Table level 1..10
// (p. 28; App. p. 84). Default start 5; higher needs a perk.
func FinancialResources(level int) (FinancialRow, bool) {
	if level < 1 || level > len(financialResources) {
		return FinancialRow{}, false
	}
	return financialResources[level-1], true
}

// FinancialResourcesRows returns the Financial Resources Table.
func FinancialResourcesRows() []FinancialRow {
	return append([]FinancialRow(nil), financialResources...)
}

// MaterialRow is a Material Resources Table level.
type MaterialRow struct {
	Level       int    `json:"level"`
	Description string `json:"description"`
}

var materialResources = []MaterialRow{
	{1, "None"},
	{2, "A few simple and basic tools (screwdriver, shovel, hammer)"},
	{3, "A basic tool set"},
	{4, "Power tools"},
	{5, "Scientific tools for one speciality"},
	{6, "Scientific tools for many specialities"},
	{7, "Full laboratory for one speciality"},
	{8, "Full laboratories for many specialities"},
	{9, "Entire research facility"},
	{10, "Multinational research facilities"},
}

// MaterialResources returns a Material Resources Table level 1..10 (p. 28;
// App. p. 84). Default start 4; higher needs a perk.
func MaterialResources(level int) (MaterialRow, bool) {
	if level < 1 || level > len(materialResources) {
		return MaterialRow{}, false
	}
	return materialResources[level-1], true
}

// MaterialResourcesRows returns the Material Resources Table.
func MaterialResourcesRows() []MaterialRow { return append([]MaterialRow(nil), materialResources...) }
