package fight

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// SimMergeOptions are the inputs of `spandex fight sim merge`.
type SimMergeOptions struct {
	*cmdutil.Env
	Files  []string
	Schema int
}

// NewCmdSimMerge builds `spandex fight sim merge`.
func NewCmdSimMerge(f *cmdutil.Factory, runF func(*SimMergeOptions) error) *cobra.Command {
	opts := &SimMergeOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runSimMerge
	}
	cmd := &cobra.Command{
		Use:   "merge SUMMARY.json... [--schema 1|2]",
		Short: "Add the JSON summaries of fight sim shards exactly",
		Long: `Add the JSON summaries of fight sim shards (same file, seed and N; each
shard once) count by count. When every fight is counted, the result is the
summary a single run would print, byte for byte.

Summaries written with summary schema 1 (before damage dealt was counted)
are read too: everything they count is carried over exactly. They have no
health_dealt and stamina_dealt, so they cannot make an exact schema-2
summary: merging one is refused, naming the file and the missing count,
unless --schema 1 asks for a schema-1 summary: damage dealt is left out of
every summary merged, the rest is exact, and the JSON is what schema 1
printed for a single run, byte for byte.

Every summary is read strictly and checked before anything is added: an
unknown or repeated key, a negative count, more wins or fighters out than
fights, counts that do not add up to the fights, a probability outside
0-1, a name with a control character, a shard that is not i/k with
1 <= i <= k, shards of two plans (other k) or counted twice, a whole run
merged with anything, another seed, policy or encounter, or a sum that
overflows is refused, naming the file and the JSON path.`,
		Example: `  spandex fight sim merge shard1.json shard2.json -o json
  spandex fight sim merge shard1.json shard2.json --schema 1 -o json`,
		Args: cobra.MinimumNArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			opts.Files = args
			return nil
		}),
	}
	cmd.Flags().IntVar(&opts.Schema, "schema", encounter.SimSchema, "the summary schema to write: 2 (the current one) or 1 (no damage dealt, to merge schema-1 shards)")
	return cmd
}

// simCounts are the counts a summary of each schema has, all of which an
// exact merge needs: at the top, per side, per page count and per
// combatant.
func simCounts(schema int) (summaryCounts, bool) {
	top := []string{"seed", "policy", "n", "fights", "shards", "sides", "unfinished", "draws", "pages", "combatants"}
	side := []string{"name", "wins"}
	page := []string{"pages", "fights"}
	switch schema {
	case 1:
		return summaryCounts{top, side, page, []string{"id", "side", "out", "health_taken", "stamina_taken"}}, true
	case 2:
		return summaryCounts{top, side, page, []string{"id", "side", "out", "health_taken", "stamina_taken", "health_dealt", "stamina_dealt"}}, true
	}
	return summaryCounts{}, false
}

// summaryCounts are the count names a summary has at each level.
type summaryCounts struct{ top, side, page, comb []string }

// missingCount is the JSON path of the first count of schema a summary
// lacks ("combatants[0].health_dealt"), or "".
func missingCount(data []byte, schema int) string {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return ""
	}
	want, _ := simCounts(schema)
	for _, k := range want.top {
		if _, ok := top[k]; !ok {
			return k
		}
	}
	for _, list := range []struct {
		name   string
		fields []string
	}{{"sides", want.side}, {"pages", want.page}, {"combatants", want.comb}} {
		var items []map[string]json.RawMessage
		if json.Unmarshal(top[list.name], &items) != nil {
			return ""
		}
		for i, it := range items {
			for _, k := range list.fields {
				if _, ok := it[k]; !ok {
					return list.name + "[" + strconv.Itoa(i) + "]." + k
				}
			}
		}
	}
	return ""
}

// simPrecheck bounds a summary's arrays (a summary has a few entries a
// side, page and combatant) before missingCount reads it.
var simPrecheck = jsonfile.Format{What: "fight sim summary", MaxSize: encounter.MaxSimFileSize, MaxItems: encounter.MaxEvents}

func runSimMerge(opts *SimMergeOptions) error {
	if _, ok := simCounts(opts.Schema); !ok {
		return cmdutil.Inputf("--schema: %d is not 1 or 2", opts.Schema)
	}
	parts := make([]*encounter.SimSummary, 0, len(opts.Files))
	for _, p := range opts.Files {
		data, _, err := opts.ReadInput(p)
		if err != nil {
			return err
		}
		var head struct {
			Kind   string `json:"kind"`
			Schema int    `json:"schema"`
		}
		_ = json.Unmarshal(data, &head)
		if _, ok := simCounts(head.Schema); head.Kind != encounter.SimKind || !ok {
			return cmdutil.Inputf("%s: kind: not a fight sim summary (kind %q, schema %d)", p, head.Kind, head.Schema)
		}
		// missingCount decodes into maps: a file of 1,900,000 small
		// pages cost it 890 MB and 14 s. Its arrays are bounded first.
		if err := jsonfile.Precheck(data, simPrecheck); err != nil {
			return cmdutil.Inputf("%s: %v", p, err)
		}
		// Every count the summary written needs must be there: a count
		// missing would be merged as 0, and the sum would not be exact.
		if path := missingCount(data, opts.Schema); path != "" {
			if head.Schema < opts.Schema {
				return cmdutil.Inputf("%s: %s: missing from a schema-%d summary (it counts no damage dealt): merge with --schema %d, or play the shard again", p, path, head.Schema, head.Schema)
			}
			return cmdutil.Inputf("%s: %s: missing: a summary needs every count for an exact merge", p, path)
		}
		s, err := encounter.ReadSim(data)
		if err != nil {
			return cmdutil.Inputf("%s: %v", p, err)
		}
		if head.Schema == 1 && s.HeroPoints == "" {
			// Schema 1 predates the autopilot's hero points: it kept them.
			s.HeroPoints = encounter.HeroPointsKeep
		}
		parts = append(parts, s)
	}
	sum, err := encounter.MergeShards(parts...)
	var me *encounter.SimMergeError
	if errors.As(err, &me) {
		return cmdutil.Inputf("%s: %s: %s", opts.Files[me.Part], me.Path, me.Msg)
	}
	if err != nil {
		return cmdutil.Inputf("%v", err)
	}
	if opts.Schema == 1 {
		return writeSimV1(opts.Env, sum)
	}
	return writeSim(opts.Env, sum)
}

// simJSONV1 is a summary as schema 1 printed it: no damage dealt.
type simJSONV1 struct {
	Schema     int                  `json:"schema"`
	Kind       string               `json:"kind"`
	Seed       uint64               `json:"seed"`
	Policy     string               `json:"policy"`
	N          int                  `json:"n"`
	Fights     int                  `json:"fights"`
	Shards     []string             `json:"shards"`
	Sides      []encounter.SimSide  `json:"sides"`
	Unfinished int                  `json:"unfinished"`
	Draws      int                  `json:"draws"`
	Pages      []encounter.SimPages `json:"pages"`
	Combatants []simCombatantV1     `json:"combatants"`
	Report     simReportV1          `json:"report"`
}

type simCombatantV1 struct {
	ID           string `json:"id"`
	Side         string `json:"side"`
	Out          int    `json:"out"`
	HealthTaken  int64  `json:"health_taken"`
	StaminaTaken int64  `json:"stamina_taken"`
}

type simReportV1 struct {
	Sides      []simSideReport   `json:"sides"`
	Combatants []simCombReportV1 `json:"combatants"`
}

type simCombReportV1 struct {
	ID               string  `json:"id"`
	POut             float64 `json:"p_out"`
	MeanHealthTaken  float64 `json:"mean_health_taken"`
	MeanStaminaTaken float64 `json:"mean_stamina_taken"`
}

// writeSimV1 writes the summary s as schema 1: JSON without damage
// dealt; on a terminal the picture of writeSim less its dealt columns.
func writeSimV1(env *cmdutil.Env, s *encounter.SimSummary) error {
	rep := report(s)
	if !env.Format.IsJSON() {
		return writeSimText(env, s, rep, false)
	}
	v := simJSONV1{Schema: 1, Kind: s.Kind, Seed: s.Seed, Policy: s.Policy, N: s.N, Fights: s.Fights, Shards: s.Shards,
		Sides: s.Sides, Unfinished: s.Unfinished, Draws: s.Draws, Pages: s.Pages,
		Combatants: make([]simCombatantV1, len(s.Combatants)), Report: simReportV1{Sides: rep.Sides}}
	for i, c := range s.Combatants {
		v.Combatants[i] = simCombatantV1{ID: c.ID, Side: c.Side, Out: c.Out, HealthTaken: c.HealthTaken, StaminaTaken: c.StaminaTaken}
	}
	for _, c := range rep.Combatants {
		v.Report.Combatants = append(v.Report.Combatants, simCombReportV1{ID: c.ID, POut: c.POut, MeanHealthTaken: c.MeanHealthTaken, MeanStaminaTaken: c.MeanStaminaTaken})
	}
	return env.WriteJSON(v)
}
