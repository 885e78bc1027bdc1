package rulebook

// Time outside the page: how long a page is, and the clocks the book
// counts in minutes and hours (pp. 29, 38, 43, 53, 58-59, 63).

// A page is "a few seconds of action (the exact time taken may vary from
// page to page)" (p. 29). The book's own speeds put a number on it:
// Flight's 17 metres per panel is "around 112kph", 30 metres "around
// 200kph", 185 metres "around 1,200kph" and 6,000 metres "around
// 40,000kph" (pp. 58-59), so a panel is about 0.54 seconds and a costumed
// character's page of four panels (p. 29) about 2.16 seconds: some 28
// pages a minute.
const (
	// PanelCentiseconds is a panel's length in hundredths of a second.
	PanelCentiseconds = 54
	// PageCentiseconds is a page of four panels in hundredths of a second.
	PageCentiseconds = 4 * PanelCentiseconds
	// DeathsDoorMinutes is the most a character at death's door lives
	// without CPR or similar emergency aid (p. 38).
	DeathsDoorMinutes = 5
	// MinutesPerHour and HoursPerDay count the longer clocks.
	MinutesPerHour = 60
	HoursPerDay    = 24
	// ControlRenewalHours is how often Hypnotism's magic attack (and its
	// 10 magic points) and the Mind Control Device's psychic attack are
	// repeated, "once per hour" (pp. 53, 63).
	ControlRenewalHours = 1
	// HypnotismPoints is what Hypnotism and each hourly renewal cost (p. 63).
	HypnotismPoints = 10
)

// MinutePages returns how many pages n minutes make: n minutes over a
// page's 2.16 seconds, a part-page counted as a page (5 minutes are 139
// pages, 1 minute 28).
func MinutePages(n int) int {
	if n <= 0 {
		return 0
	}
	return (n*6000 + PageCentiseconds - 1) / PageCentiseconds
}

// DeathsDoorPages is how many pages a character lives at death's door
// without aid (p. 38): five minutes, 139 pages; it dies at the end of
// the 139th, counting the page it fell as the first.
var DeathsDoorPages = MinutePages(DeathsDoorMinutes)
