package fight

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// MaxSimFights bounds -n.
const MaxSimFights = 1_000_000_000

// SimOptions are the inputs of `spandex fight sim`.
type SimOptions struct {
	*cmdutil.Env
	File     string
	N        int
	Workers  int
	Shard    string
	MaxSteps int
	Policy   string
	// HeroPoints is --hero-points spend|keep.
	HeroPoints string
}

// NewCmdSim builds `spandex fight sim` and `fight sim merge`.
func NewCmdSim(f *cmdutil.Factory, runF func(*SimOptions) error) *cobra.Command {
	opts := &SimOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runSim
	}
	cmd := &cobra.Command{
		Use:   "sim FILE -n N [--seed S] [--workers K] [--shard i/k]",
		Short: "Play N fights from an encounter with the autopilot and count who wins",
		Long: `Play N fights from the encounter FILE (never changed) with the
autopilot of fight auto, by --policy: sensible (the default: the attack
that takes its target furthest to going out, or a power's use worth
more, each attack on each enemy weighed once for all the fights), plain (the first enemy standing) or
focus (the attack, target and reactions of best expected effect, walked
again as the fight changes: far slower); docs/fight.md. The summary names
its policy. Report per side the
wins and P(win) with a 95 % Wilson interval, the distribution of pages to
the end, and per combatant P(out), the mean health and stamina it lost (at
the end of a fight, against the start) and the mean health and stamina its
attacks took off others (after dividers and immunities). --hero-points
spend (the default) or keep: whether the combatants spend their hero
points by fight auto's rule (p. 14; see fight auto); each fight starts
with the pools of the file, refreshed at no page.

Fight i rolls with a seed derived only from (--seed, i), so the summary for
a given seed and N is the same for any --workers. --shard i/k plays only
fights i-1, i-1+k, i-1+2k, ... and its summary says so; fight sim merge adds
shard summaries (counts, not averages) into the summary of the whole run,
byte for byte the same as one run: spread a million fights over cores or
hosts with GNU parallel or xargs -P (docs/fight.md).

Without --seed a random seed is used and reported on stderr. --dice cannot
be used (a simulation rolls millions of dice).`,
		Example: `  spandex fight sim bank.json -n 10000 --seed 1
  spandex fight sim bank.json -n 20000 --seed 1 --workers 2 -o json
  spandex fight sim bank.json -n 20000 --seed 1 --shard 1/2 > a.json`,
		Args: cobra.ExactArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			opts.File = args[0]
			return nil
		}),
	}
	cmd.Flags().IntVarP(&opts.N, "fights", "n", 1000, "how many fights to play")
	cmd.Flags().IntVar(&opts.Workers, "workers", runtime.GOMAXPROCS(0), "fights played at once (the result does not depend on it)")
	cmd.Flags().StringVar(&opts.Shard, "shard", "", "i/k: play only the i-th of k shares of the fights")
	addPolicyFlag(cmd, &opts.Policy)
	addAutoHeroPointsFlag(cmd, &opts.HeroPoints)
	cmd.Flags().IntVar(&opts.MaxSteps, "max-steps", encounter.DefaultAutoSteps, fmt.Sprintf("give up on a fight after this many steps (1-%d; counted as unfinished)", encounter.MaxAutoSteps))
	cmd.AddCommand(NewCmdSimMerge(f, nil))
	return cmd
}

// parseShard parses i/k.
func parseShard(s string) (i, k int, err error) {
	if s == "" {
		return 1, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || k < 1 || k > 1_000_000 || i < 1 || i > k {
		return 0, 0, cmdutil.Inputf("--shard: %q is not i/k with 1 <= i <= k", s)
	}
	return i, k, nil
}

func runSim(opts *SimOptions) (err error) {
	si, sk, err := parseShard(opts.Shard)
	if err != nil {
		return err
	}
	run, err := setUpSim(opts.Env, opts.N, opts.Workers, opts.MaxSteps, opts.Policy, opts.HeroPoints)
	if err != nil {
		return err
	}
	data, _, err := opts.ReadInput(opts.File)
	if err != nil {
		return err
	}
	if _, err := encounter.Decode(data); err != nil {
		return opts.WrongKind(data, opts.File, cmdutil.KindEncounter, cmdutil.Inputf("%s: %v", opts.File, err))
	}
	opts.ReportSeed(&run.seed)
	bar := opts.Progress(int64((opts.N-si)/sk+1), "fight sim")
	defer func() { bar.Finish(err) }()
	var tick func(int)
	if bar != nil {
		var barMu sync.Mutex // the bar is not safe for concurrent use
		tick = func(n int) {
			barMu.Lock()
			bar.Add(n)
			barMu.Unlock()
		}
	}
	sum, err := run.simulate(data, si-1, sk, tick)
	if err != nil {
		return err
	}
	if sk > 1 {
		sum.Shards = []string{fmt.Sprintf("%d/%d", si, sk)}
	}
	return writeSim(opts.Env, sum)
}

// addPolicyFlag adds --policy, the autopilot's policy, which fight auto,
// fight sim and fight balance share.
func addPolicyFlag(cmd *cobra.Command, policy *string) {
	cmd.Flags().StringVar(policy, "policy", encounter.PolicySensible, "the autopilot's policy: sensible (the attack nearest to taking its target out, each attack weighed once), plain (first enemy standing) or focus (best expected effect against the reactions it meets, reacting when worth it)")
}

// addAutoHeroPointsFlag adds --hero-points spend|keep, whether the
// autopilot spends hero points (fight auto, sim, balance).
func addAutoHeroPointsFlag(cmd *cobra.Command, mode *string) {
	cmd.Flags().StringVar(mode, "hero-points", encounter.HeroPointsSpend, "the autopilot's hero points: spend (a missed to-hit re-rolled, a hit on a combatant at half stamina or health made to re-roll; one point a roll, p. 14) or keep")
}

// checkAutoHeroPoints checks --hero-points spend|keep.
func checkAutoHeroPoints(mode string) error {
	if encounter.CheckHeroPointMode(mode) != nil || mode == "" {
		return cmdutil.Inputf("--hero-points: %q is not spend or keep", mode)
	}
	return nil
}

// checkPolicy checks --policy.
func checkPolicy(policy string) error {
	if policy == "" || encounter.CheckPolicy(policy) != nil {
		return cmdutil.Inputf("--policy: %q is not sensible, plain or focus", policy)
	}
	return nil
}

// simRun is a simulation as fight sim and fight balance set it up: the
// checked flags, the rules and the seed.
type simRun struct {
	n, workers, maxSteps int
	policy               string
	heroPoints           string
	rules                combat.Options
	seed                 uint64
	// memo keeps the weights of attacks across the run's workers and,
	// for fight balance, its variants (encounter.WeighMemo).
	memo *encounter.WeighMemo
}

// setUpSim checks the flags fight sim and fight balance share and finds
// the rules and the seed (a random one when --seed is not given).
func setUpSim(env *cmdutil.Env, n, workers, maxSteps int, policy, heroPoints string) (*simRun, error) {
	if n < 1 || n > MaxSimFights {
		return nil, cmdutil.Inputf("-n: %d is outside 1-%d", n, MaxSimFights)
	}
	if workers < 1 || workers > 1024 {
		return nil, cmdutil.Inputf("--workers: %d is outside 1-1024", workers)
	}
	if maxSteps < 1 || maxSteps > encounter.MaxAutoSteps {
		return nil, cmdutil.Inputf("--max-steps: %d is outside 1-%d", maxSteps, encounter.MaxAutoSteps)
	}
	if err := checkAutoHeroPoints(heroPoints); err != nil {
		return nil, err
	}
	if err := checkPolicy(policy); err != nil {
		return nil, err
	}
	if env.DiceGiven {
		return nil, cmdutil.Inputf("--dice: a simulation rolls its own dice; give --seed")
	}
	rules, err := env.Rules()
	if err != nil {
		return nil, err
	}
	rs, err := env.Roller()
	if err != nil {
		return nil, err
	}
	seedP := rs.SeedPtr()
	if seedP == nil {
		return nil, cmdutil.Inputf("--seed: required with the GM's dice")
	}
	return &simRun{n: n, workers: workers, maxSteps: maxSteps, policy: policy, heroPoints: heroPoints, rules: rules, seed: *seedP,
		memo: encounter.NewWeighMemo()}, nil
}

// play plays fights start, start+step, ... below r.n of the encounter
// data on a Sim of its own that shares the run's weights of attacks.
func (r *simRun) play(data []byte, start, step int, done func()) (*encounter.SimSummary, error) {
	sim, err := encounter.NewSim(data, r.rules, r.maxSteps, r.policy)
	if err != nil {
		return nil, err
	}
	if err := sim.SetHeroPoints(r.heroPoints); err != nil {
		return nil, err
	}
	sim.SetWeighMemo(r.memo)
	return sim.Run(r.seed, r.n, start, step, done)
}

// tickEvery is how many fights a worker plays between two reports of
// its progress: the workers share nothing fight by fight.
const tickEvery = 64

// simulate plays fights first, first+step, ... below n of the encounter
// data over the run's workers (worker j takes every workers-th of them),
// each calling tick (when not nil) with the fights it played since its
// last call, every tickEvery fights and at its end, and merges their
// counts.
func (r *simRun) simulate(data []byte, first, step int, tick func(n int)) (*encounter.SimSummary, error) {
	parts := make([]*encounter.SimSummary, r.workers)
	errs := make([]error, r.workers)
	var wg sync.WaitGroup
	for j := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var done func()
			played := 0 // since the last tick: the worker's own
			if tick != nil {
				done = func() {
					if played++; played == tickEvery {
						tick(played)
						played = 0
					}
				}
			}
			parts[j], errs[j] = r.play(data, first+step*j, step*r.workers, done)
			if played > 0 {
				tick(played)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return encounter.MergeSims(parts...)
}

// simJSON is the printed summary: the counts and what follows from them.
type simJSON struct {
	*encounter.SimSummary
	Report simReport `json:"report"`
}

type (
	simReport     = encounter.SimReport
	simSideReport = encounter.SimSideReport
	simCombReport = encounter.SimCombatantReport
)

func r6(x float64) float64 { return float64(int64(x*1e6+0.5)) / 1e6 }

func report(s *encounter.SimSummary) simReport {
	var r simReport
	n := float64(max(s.Fights, 1))
	for _, sd := range s.Sides {
		lo, hi := encounter.Wilson(sd.Wins, s.Fights)
		r.Sides = append(r.Sides, simSideReport{Name: sd.Name, PWin: r6(float64(sd.Wins) / n), Low: r6(lo), High: r6(hi)})
	}
	for _, c := range s.Combatants {
		r.Combatants = append(r.Combatants, simCombReport{ID: c.ID, POut: r6(float64(c.Out) / n),
			MeanHealthTaken: r6(float64(c.HealthTaken) / n), MeanStaminaTaken: r6(float64(c.StaminaTaken) / n),
			MeanHealthDealt: r6(float64(c.HealthDealt) / n), MeanStaminaDealt: r6(float64(c.StaminaDealt) / n)})
	}
	return r
}

func writeSim(env *cmdutil.Env, s *encounter.SimSummary) error {
	rep := report(s)
	if env.Format.IsJSON() {
		return env.WriteJSON(simJSON{SimSummary: s, Report: rep})
	}
	return writeSimText(env, s, rep, true)
}

// writeSimText draws the summary on a terminal; dealt adds the damage
// dealt (a schema-1 summary has none).
func writeSimText(env *cmdutil.Env, s *encounter.SimSummary, rep simReport, dealt bool) error {
	out := env.IO.Out
	shard := ""
	if len(s.Shards) > 0 {
		shard = " (shards " + strings.Join(s.Shards, ", ") + ")"
	}
	policy := s.Policy
	if policy == "" {
		policy = "not recorded"
	}
	fmt.Fprintf(out, "%d of %d fights, seed %d%s, policy %s\n%d unfinished, %d with nobody standing\n\n", s.Fights, s.N, s.Seed, shard, policy, s.Unfinished, s.Draws)
	rows := make([]cmdutil.BarRow, len(rep.Sides))
	for i, sd := range rep.Sides {
		rows[i] = cmdutil.BarRow{Label: fmt.Sprintf("%s (%s-%s)", sd.Name, cmdutil.Pct(sd.Low), cmdutil.Pct(sd.High)), P: sd.PWin}
	}
	fmt.Fprintln(out, "P(win), 95 % interval")
	if err := cmdutil.Bars(out, "Side", false, rows); err != nil {
		return err
	}
	fmt.Fprintln(out, "\npages to the end")
	prow := make([]cmdutil.BarRow, len(s.Pages))
	n := float64(max(s.Fights, 1))
	left := s.Fights
	for i, p := range s.Pages {
		prow[i] = cmdutil.BarRow{Label: strconv.Itoa(p.Pages), P: float64(p.Fights) / n, AtLeast: float64(left) / n}
		left -= p.Fights
	}
	if err := cmdutil.Bars(out, "Pages", true, prow); err != nil {
		return err
	}
	fmt.Fprintln(out)
	crow := make([][]string, len(rep.Combatants))
	for i, c := range rep.Combatants {
		f := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
		crow[i] = []string{c.ID, s.Combatants[i].Side, cmdutil.Pct(c.POut), f(c.MeanHealthTaken), f(c.MeanStaminaTaken)}
		if dealt {
			crow[i] = append(crow[i], f(c.MeanHealthDealt), f(c.MeanStaminaDealt))
		}
	}
	if !dealt {
		fmt.Fprintln(out, "means per fight: health and stamina lost (schema 1: no damage dealt)")
		return cmdutil.Table(out, []string{"Combatant", "Side", "P(out)", "H lost", "S lost"}, crow)
	}
	fmt.Fprintln(out, "means per fight: health and stamina lost, and dealt by its attacks")
	return cmdutil.Table(out, []string{"Combatant", "Side", "P(out)", "H lost", "S lost", "H dealt", "S dealt"}, crow)
}
