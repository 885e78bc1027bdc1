package fight

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// MaxBalanceCount bounds the largest count of --vary.
const MaxBalanceCount = 100

// BalanceOptions are the inputs of `spandex fight balance`.
type BalanceOptions struct {
	*cmdutil.Env
	File     string
	Vary     string
	N        int
	Workers  int
	MaxSteps int
	Policy   string
	// HeroPoints is --hero-points spend|keep.
	HeroPoints string
}

// NewCmdBalance builds `spandex fight balance`.
func NewCmdBalance(f *cmdutil.Factory, runF func(*BalanceOptions) error) *cobra.Command {
	opts := &BalanceOptions{Env: f.Env(cmdutil.FormatTable)}
	if runF == nil {
		runF = runBalance
	}
	cmd := &cobra.Command{
		Use:   "balance FILE --vary SIDE=NPC.json:MIN..MAX -n N [--seed S]",
		Short: "How many goons make a fair fight: P(win) for each count of an NPC joining a side",
		Long: `For each count from MIN to MAX, add that many copies of the first character
in NPC.json (a hero file or JSON Lines) to SIDE of the encounter FILE
(rebuilt as a new fight: page 1, nobody hurt), play N fights with the
autopilot as fight sim does, and print each side's P(win) with its 95 %
Wilson interval. Every count uses the same --seed, fight i the same seed
(S, i), so the counts are compared on the same dice stream. --policy
(sensible, the default; plain; focus) and --hero-points spend|keep are
fight sim's; the output names the policy.`,
		Example: `  spandex fight balance bank.json --vary villains=goon.json:0..6 -n 500 --seed 1`,
		Args:    cobra.ExactArgs(1),
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, func(_ *cobra.Command, args []string) error {
			opts.File = args[0]
			return nil
		}),
	}
	cmd.Flags().StringVar(&opts.Vary, "vary", "", "SIDE=FILE:MIN..MAX: how many of FILE's first character join SIDE (required)")
	cmd.Flags().IntVarP(&opts.N, "fights", "n", 1000, "fights played per count")
	cmd.Flags().IntVar(&opts.Workers, "workers", runtime.GOMAXPROCS(0), "fights played at once (the result does not depend on it)")
	addPolicyFlag(cmd, &opts.Policy)
	addAutoHeroPointsFlag(cmd, &opts.HeroPoints)
	cmd.Flags().IntVar(&opts.MaxSteps, "max-steps", encounter.DefaultAutoSteps, fmt.Sprintf("give up on a fight after this many steps (1-%d; counted as unfinished)", encounter.MaxAutoSteps))
	return cmd
}

// parseVary parses SIDE=FILE:MIN..MAX.
func parseVary(s string) (side, file string, lo, hi int, err error) {
	bad := cmdutil.Inputf("--vary: %q is not SIDE=FILE:MIN..MAX", s)
	side, rest, ok := strings.Cut(s, "=")
	if !ok || side == "" {
		return "", "", 0, 0, bad
	}
	i := strings.LastIndex(rest, ":")
	if i <= 0 {
		return "", "", 0, 0, bad
	}
	file = rest[:i]
	a, b, ok := strings.Cut(rest[i+1:], "..")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return "", "", 0, 0, bad
	}
	if lo < 0 || hi < lo || hi > MaxBalanceCount {
		return "", "", 0, 0, cmdutil.Inputf("--vary: %d..%d is not a range within 0..%d", lo, hi, MaxBalanceCount)
	}
	return side, file, lo, hi, nil
}

// balanceRow is one count's result.
type balanceRow struct {
	Count int             `json:"count"`
	Sides []simSideReport `json:"sides"`
	// Fights, Unfinished and Draws as in fight sim.
	Fights     int `json:"fights"`
	Unfinished int `json:"unfinished"`
	Draws      int `json:"draws"`
}

type balanceJSON struct {
	Seed uint64 `json:"seed"`
	// Policy is the autopilot's policy the fights were played by.
	Policy string       `json:"policy"`
	Side   string       `json:"side"`
	NPC    string       `json:"npc"`
	N      int          `json:"n"`
	Rows   []balanceRow `json:"rows"`
}

func runBalance(opts *BalanceOptions) error {
	if opts.Vary == "" {
		return cmdutil.Inputf("--vary: required (SIDE=FILE:MIN..MAX)")
	}
	side, npcFile, lo, hi, err := parseVary(opts.Vary)
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
	base, err := encounter.Decode(data)
	if err != nil {
		return opts.WrongKind(data, opts.File, cmdutil.KindEncounter, cmdutil.Inputf("%s: %v", opts.File, err))
	}
	if base.SideIndex(side) < 0 {
		return cmdutil.Inputf("--vary: side %q is not in %s", side, opts.File)
	}
	npcs, err := opts.ReadHeroes(npcFile, encounter.MaxFileSize)
	if err != nil {
		return err
	}
	if len(npcs) == 0 {
		return cmdutil.Inputf("--vary: %s holds no character", npcFile)
	}
	opts.ReportSeed(&run.seed)
	out := balanceJSON{Seed: run.seed, Policy: run.policy, Side: side, NPC: npcs[0].Name, N: opts.N}
	for c := lo; c <= hi; c++ {
		setup := encounter.Setup{Name: base.Name, Options: base.Options}
		for _, s := range base.Sides {
			setup.Sides = append(setup.Sides, s.Name)
		}
		for i := range base.Combatants {
			bc := &base.Combatants[i]
			h := bc.Hero
			setup.Entries = append(setup.Entries, encounter.Entry{Side: bc.Side, ID: bc.ID, Hero: &h, Source: bc.Source})
		}
		for k := range c {
			h := *npcs[0]
			id := fmt.Sprintf("%s-extra-%d", encounter.Slug(h.Name), k+1)
			setup.Entries = append(setup.Entries, encounter.Entry{Side: side, ID: id, Hero: &h, Source: npcFile})
		}
		e, err := encounter.New(setup)
		if err != nil {
			return cmdutil.Inputf("--vary: %d of %s: %v", c, npcFile, err)
		}
		enc, err := json.Marshal(e)
		if err != nil {
			return err
		}
		sum, err := run.simulate(enc, 0, 1, nil)
		if err != nil {
			return err
		}
		out.Rows = append(out.Rows, balanceRow{Count: c, Sides: report(sum).Sides, Fights: sum.Fights, Unfinished: sum.Unfinished, Draws: sum.Draws})
	}
	if opts.Format.IsJSON() {
		return opts.WriteJSON(out)
	}
	w := opts.IO.Out
	for i, r := range out.Rows {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%d × %s on %s (%d fights, seed %d, policy %s)\n", r.Count, out.NPC, side, r.Fights, out.Seed, out.Policy)
		rows := make([]cmdutil.BarRow, len(r.Sides))
		for j, sd := range r.Sides {
			rows[j] = cmdutil.BarRow{Label: fmt.Sprintf("%s (%s-%s)", sd.Name, cmdutil.Pct(sd.Low), cmdutil.Pct(sd.High)), P: sd.PWin}
		}
		if err := cmdutil.Bars(w, "P(win)", false, rows); err != nil {
			return err
		}
	}
	return nil
}
