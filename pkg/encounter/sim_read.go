package encounter

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// MaxSimFileSize bounds a summary file read by ReadSim.
const MaxSimFileSize = 64 << 20

var simFormat = jsonfile.Format{What: "fight sim summary", MaxSize: MaxSimFileSize, MaxItems: MaxEvents}

// simFile is a summary as fight sim writes it: the counts and the report
// drawn from them (schema 1 has no mean damage dealt). The report is not
// read into the summary: a merge draws it again from the counts.
type simFile struct {
	SimSummary
	Report SimReport `json:"report"`
}

// SimReport is what a summary's counts come to, as fight sim prints it:
// each side's chance of winning with its 95 % interval, and each
// combatant's chance of being taken out and mean damage taken and dealt.
type SimReport struct {
	Sides      []SimSideReport      `json:"sides"`
	Combatants []SimCombatantReport `json:"combatants"`
}

// SimSideReport is one side's chance of winning, with its 95 % interval.
type SimSideReport struct {
	Name string  `json:"name"`
	PWin float64 `json:"p_win"`
	Low  float64 `json:"p_win_low"`
	High float64 `json:"p_win_high"`
}

// SimCombatantReport is one combatant's chance of being taken out and
// its mean damage taken and dealt a fight.
type SimCombatantReport struct {
	ID               string  `json:"id"`
	POut             float64 `json:"p_out"`
	MeanHealthTaken  float64 `json:"mean_health_taken"`
	MeanStaminaTaken float64 `json:"mean_stamina_taken"`
	MeanHealthDealt  float64 `json:"mean_health_dealt"`
	MeanStaminaDealt float64 `json:"mean_stamina_dealt"`
}

// ReadSim decodes a summary strictly (unknown or repeated keys, wrong
// types and whole numbers out of bounds are refused) and checks that its
// counts are those of one shard plan of one simulation (CheckSim). A
// problem is a *jsonfile.FieldError naming its JSON path.
func ReadSim(data []byte) (*SimSummary, error) {
	var f simFile
	if err := jsonfile.Decode(data, &f, simFormat); err != nil {
		return nil, err
	}
	var c jsonfile.Checker
	if f.Kind != SimKind {
		c.Fail("$.kind", "%q is not %q: not a fight sim summary", jsonfile.Short(f.Kind), SimKind)
	}
	if f.Schema != 1 && f.Schema != SimSchema {
		c.Fail("$.schema", "version %d is not supported (this build reads 1 and %d)", f.Schema, SimSchema)
	}
	if err := c.Result(); err != nil {
		return nil, err
	}
	if err := CheckSim(&f.SimSummary); err != nil {
		return nil, err
	}
	if len(f.Report.Sides) != len(f.Sides) {
		c.Fail("$.report.sides", "%d entries for %d sides", len(f.Report.Sides), len(f.Sides))
	}
	if len(f.Report.Combatants) != len(f.Combatants) {
		c.Fail("$.report.combatants", "%d entries for %d combatants", len(f.Report.Combatants), len(f.Combatants))
	}
	for i, r := range f.Report.Sides {
		p := "$.report.sides[" + strconv.Itoa(i) + "]."
		prob(&c, p+"p_win", r.PWin)
		prob(&c, p+"p_win_low", r.Low)
		prob(&c, p+"p_win_high", r.High)
	}
	for i, r := range f.Report.Combatants {
		prob(&c, "$.report.combatants["+strconv.Itoa(i)+"].p_out", r.POut)
	}
	if err := c.Result(); err != nil {
		return nil, err
	}
	return &f.SimSummary, nil
}

func prob(c *jsonfile.Checker, path string, p float64) {
	if math.IsNaN(p) || p < 0 || p > 1 {
		c.Fail(path, "%v is not a probability from 0 to 1", p)
	}
}

// Shard is one share of a simulation's fights: fights I-1, I-1+K, ...
// below N.
type Shard struct{ I, K int }

// ParseShard parses "i/k" with 1 <= i <= k.
func ParseShard(s string) (Shard, bool) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || k < 1 || i < 1 || i > k || strconv.Itoa(i)+"/"+strconv.Itoa(k) != s {
		return Shard{}, false
	}
	return Shard{i, k}, true
}

// Fights is how many of n fights the shard plays.
func (sh Shard) Fights(n int) int {
	if sh.I-1 >= n {
		return 0
	}
	return (n-sh.I)/sh.K + 1
}

// CheckSim checks a decoded summary's counts: every count whole and not
// negative, wins, draws and unfinished fights adding up to the fights, as
// do the fights per page count; no combatant out more often than there
// were fights; names without control characters; shards i/k of one plan,
// each once, whose fights are the summary's (all n when none).
func CheckSim(s *SimSummary) error {
	var c jsonfile.Checker
	if s.Policy == "" || CheckPolicy(s.Policy) != nil {
		c.Fail("$.policy", "%q is not %s, %s or %s", jsonfile.Short(s.Policy), PolicySensible, PolicyPlain, PolicyFocus)
	}
	if s.HeroPoints != "" && s.HeroPoints != HeroPointsSpend && s.HeroPoints != HeroPointsKeep {
		c.Fail("$.hero_points", "%q is not %s or %s", jsonfile.Short(s.HeroPoints), HeroPointsSpend, HeroPointsKeep)
	}
	c.Range("$.n", s.N, 0, jsonfile.IntMax)
	c.Range("$.fights", s.Fights, 0, s.N)
	want, k := 0, 0
	seen := make(map[int]bool, len(s.Shards))
	for i, str := range s.Shards {
		p := "$.shards[" + strconv.Itoa(i) + "]"
		sh, ok := ParseShard(str)
		switch {
		case !ok:
			c.Fail(p, "%q is not i/k with 1 <= i <= k", jsonfile.Short(str))
		case k != 0 && sh.K != k:
			c.Fail(p, "%s is not a share of the plan in %d shares of the shards before it", str, k)
		case seen[sh.I]:
			c.Fail(p, "%s is listed twice", str)
		default:
			k, seen[sh.I] = sh.K, true
			want += sh.Fights(s.N)
		}
	}
	if len(s.Shards) == 0 {
		want = s.N
	}
	if c.Err == nil && s.Fights != want {
		c.Fail("$.fights", "%d, but the shards listed play %d of %d fights", s.Fights, want, s.N)
	}
	c.Range("$.unfinished", s.Unfinished, 0, s.Fights)
	c.Range("$.draws", s.Draws, 0, s.Fights)
	total := s.Unfinished + s.Draws
	names := make(map[string]bool, len(s.Sides))
	for i, sd := range s.Sides {
		p := "$.sides[" + strconv.Itoa(i) + "]"
		name(&c, p+".name", sd.Name)
		if names[sd.Name] {
			c.Fail(p+".name", "side %q is listed twice", jsonfile.Short(sd.Name))
		}
		names[sd.Name] = true
		c.Range(p+".wins", sd.Wins, 0, s.Fights)
		total += sd.Wins
	}
	if c.Err == nil && total != s.Fights {
		c.Fail("$.fights", "%d, but wins, draws and unfinished fights add up to %d", s.Fights, total)
	}
	total = 0
	for i, pg := range s.Pages {
		p := "$.pages[" + strconv.Itoa(i) + "]"
		c.Range(p+".pages", pg.Pages, 0, jsonfile.IntMax)
		if i > 0 && pg.Pages <= s.Pages[i-1].Pages {
			c.Fail(p+".pages", "%d after %d: page counts are listed once each, in order", pg.Pages, s.Pages[i-1].Pages)
		}
		c.Range(p+".fights", pg.Fights, 1, s.Fights)
		total += pg.Fights
	}
	if c.Err == nil && total != s.Fights {
		c.Fail("$.pages", "fights per page count add up to %d, not the %d fights", total, s.Fights)
	}
	ids := make(map[string]bool, len(s.Combatants))
	for i, cb := range s.Combatants {
		p := "$.combatants[" + strconv.Itoa(i) + "]"
		name(&c, p+".id", cb.ID)
		if ids[cb.ID] {
			c.Fail(p+".id", "combatant %q is listed twice", jsonfile.Short(cb.ID))
		}
		ids[cb.ID] = true
		if !names[cb.Side] {
			c.Fail(p+".side", "%q is not a side of the summary", jsonfile.Short(cb.Side))
		}
		c.Range(p+".out", cb.Out, 0, s.Fights)
		if cb.HealthDealt < 0 {
			c.Fail(p+".health_dealt", "%d is negative", cb.HealthDealt)
		}
		if cb.StaminaDealt < 0 {
			c.Fail(p+".stamina_dealt", "%d is negative", cb.StaminaDealt)
		}
	}
	return c.Result()
}

// name checks a side's name or a combatant's ID: not empty, no control
// characters (they would reach the terminal raw).
func name(c *jsonfile.Checker, path, s string) {
	if s == "" {
		c.Fail(path, "empty")
	}
	if strings.IndexFunc(s, unicode.IsControl) >= 0 {
		c.Fail(path, "%q holds a control character", jsonfile.Short(s))
	}
}

// add64 is a+b, or false when the sum overflows.
func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0) || b == 0
}

// addInt is a+b, or false when the sum overflows an int.
func addInt(a, b int) (int, bool) {
	s, ok := add64(int64(a), int64(b))
	return int(s), ok && int64(int(s)) == s
}
