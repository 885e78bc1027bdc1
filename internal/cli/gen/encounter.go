package gen

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/builder"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// EncounterOptions are the inputs of `spandex gen encounter`.
type EncounterOptions struct {
	*cmdutil.Env
	// Party are the --party files (a file may hold many heroes).
	Party     []string
	Target    string
	Tolerance string
	Fights    int
	Villain   string
	Goons     []string
	MaxGoons  int
	Villains  int
	Budget    int
	Name      string
	Report    string
}

// Bounds of the builder's flags.
const (
	MaxEncounterFights = 100_000
	MaxEncounterGoons  = 50
	MaxVillainRolls    = 50
	// DefaultBudgetTimes times -n is the default --budget.
	DefaultBudgetTimes = 16
)

// goonKind is a kind of goon or supporting cast the builder may hire, as
// gen npc makes it.
type goonKind struct {
	word    string
	name    string // each is named "NAME 1", "NAME 2", ...
	npc     string // the gen npc type
	trained bool
	elite   bool
	rank    int // a sidekick's
	stream  uint64
	// replay is the gen npc command that rolls one alone (with --seed).
	replay string
	means  string
}

// goonKinds are the kinds --goons names, weakest first. Henchmen of a
// villain are well-trained combatants by the book (p. 49). Combatants
// (strike class 1) cannot hurt a hero of armour class A-C, nor one of
// armour class D with bullets or blades (p. 32): against such a party only
// the sidekicks and androids count.
var goonKinds = []goonKind{
	{"trained", "Henchman", chargen.NPCCombatant, true, false, 0, builder.StreamTrained, "gen npc goon --trained", "well-trained combatants, henchmen of a villain (+1, p. 49)"},
	{"elite", "Bodyguard", chargen.NPCCombatant, false, true, 0, builder.StreamElite, "gen npc goon --elite", "elite combatants, bodyguards (+2, p. 49)"},
	{"goon", "Goon", chargen.NPCCombatant, false, false, 0, builder.StreamGoon, "gen npc goon", "combatants, thugs (p. 49)"},
	{"sidekick", "Sidekick", chargen.NPCSidekick, false, false, 3, builder.StreamSidekick, "gen npc sidekick --rank 3", "rank 3 sidekicks: two power rolls, 4 panels a page (p. 71)"},
	{"android", "Android", chargen.NPCAndroid, false, false, 0, builder.StreamAndroid, "gen npc android", "androids: full characters (p. 50)"},
}

func goonKindWords() []string {
	out := make([]string, len(goonKinds))
	for i, k := range goonKinds {
		out[i] = k.word
	}
	return out
}

// NewCmdEncounter builds `spandex gen encounter`. runF replaces
// runEncounter in tests.
func NewCmdEncounter(f *cmdutil.Factory, runF func(*EncounterOptions) error) *cobra.Command {
	opts := &EncounterOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runEncounter
	}
	var words []string
	for _, w := range builder.Words {
		words = append(words, fmt.Sprintf("%-6s  %s: %s", w.Name, builder.Percent(w.Chance), w.Means))
	}
	cmd := &cobra.Command{
		Use:   "encounter --party FILE... --target CHANCE",
		Short: "Build an opposition the party beats with a chosen chance (simulated)",
		Long: `Build an opposition for the party (--party: hero files or JSON Lines of
heroes, repeatable or comma-separated) that the heroes beat with the chance
--target, give or take --tolerance percentage points: a villain rolled by
the book (gen hero --kind villain) or given (--villain FILE), and goons or
supporting cast as gen npc makes them (--goons, weakest first: trained
henchmen and elite bodyguards, p. 49; goons; rank 3 sidekicks, p. 71;
androids). --target is a percentage from 1 to 99 or a word (the tool's,
not the book's):
  ` + strings.Join(words, "\n  ") + `

Each candidate is played by fight sim's autopilot (the policy is named in
the output) on the dice stream of --seed: fight i of every candidate rolls
the same dice. For each villain (up to --villains rolled in turn, or the
one given) and each kind of --goons in turn: the villain alone, then 1,
2, 4, 8, ... goons up to --max-goons until the heroes win too seldom,
then a bisection (more goons never help the heroes); when n goons are
too few and n+1 too many, goons of each other kind join the n in the
same way. A kind whose goons cannot hurt the heroes (less than 1 health
and stamina a fight more than without them) is given up at two, and a
villain too strong alone for the next. A candidate is judged on a
sixteenth of -n fights, then an eighth, a quarter, a half and all: one
whose 95 % interval lies wholly outside the target's band is decided
early, and only one within the band at -n fights is taken. --explain
lists every candidate tried with its chance; --budget bounds the fights.

The villain and the goons are rolled from seeds derived from --seed, each
recorded in its creation.seed (gen hero --kind villain --seed N or gen
npc goon --trained --seed N replays one alone). --dice is not accepted:
how many villains and goons are rolled depends on the fights played;
give --seed. fight sim FILE -n N --seed S on the encounter written plays
the same fights again.

Output: the encounter file, as fight new writes it (sides heroes and
villains, ready for fight initiative), when piped or with -o json; the
villain and goons as JSON Lines with -o jsonl (for fight new --side
villains=-); on a terminal, a summary: the heroes' chance of winning with
its 95 % Wilson interval, the mean pages a fight lasts and the health and
stamina each hero loses on average. --report FILE writes that summary as
JSON. Nothing within the tolerance: exit status 2, naming the closest
and what to change (a weaker --villain when even the villain alone is too
strong for the party, more --villains rolled, more goons, or the target).`,
		Example: `  spandex gen encounter --party zara.json,titan.json --target 60% --seed 7 > f.json
  spandex gen encounter --party guardian.json,titan.json --target hard --seed 1
  spandex gen encounter --party rider.json,zara.json --target fair --seed 3 --explain
  spandex gen encounter --party psyche.json,titan.json --villain nefario.json --target fair --seed 2 --report fair.json -o json > fight.json`,
		Args: cobra.NoArgs,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }),
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&opts.Party, "party", nil, "the heroes: hero files or JSON Lines (repeatable, or FILE,FILE)")
	fl.StringVar(&opts.Target, "target", "", "the heroes' chance of winning: 1%-99% or "+strings.Join(builder.WordNames(), ", ")+" (required)")
	fl.StringVar(&opts.Tolerance, "tolerance", "5", "how far from --target the chance found may be, in percentage points")
	fl.IntVarP(&opts.Fights, "fights", "n", 500, "fights a candidate is accepted on")
	fl.StringVar(&opts.Villain, "villain", "", "the villain's hero file (default: rolled by the book)")
	fl.StringSliceVar(&opts.Goons, "goons", goonKindWords(), "the kinds of goon to try, in order: "+strings.Join(goonKindWords(), ", "))
	fl.IntVar(&opts.MaxGoons, "max-goons", 12, "the most goons of a kind")
	fl.IntVar(&opts.Villains, "villains", 4, "how many villains may be rolled in turn")
	fl.IntVar(&opts.Budget, "budget", 0, "the most fights played in all (default 16 times -n)")
	fl.StringVar(&opts.Name, "name", "", "a name for the fight")
	fl.StringVar(&opts.Report, "report", "", "write the summary as JSON to this file")
	_ = cmd.RegisterFlagCompletionFunc("target", cmdutil.CompleteWords(wordCompletions()...))
	_ = cmd.RegisterFlagCompletionFunc("goons", cmdutil.CompleteWords(goonKindWords()...))
	return cmd
}

func wordCompletions() []string {
	out := make([]string, len(builder.Words))
	for i, w := range builder.Words {
		out[i] = w.Name + "\t" + builder.Percent(w.Chance) + ": " + w.Means
	}
	return out
}

// encounterPlan is the checked flags.
type encounterPlan struct {
	plan  builder.Plan
	kinds []goonKind
}

func (opts *EncounterOptions) check() (encounterPlan, error) {
	var ep encounterPlan
	if strings.TrimSpace(opts.Target) == "" {
		return ep, cmdutil.Inputf("--target: required: a chance (60%%) or %s", strings.Join(builder.WordNames(), ", "))
	}
	t, err := builder.ParseTarget(opts.Target)
	if err != nil {
		return ep, cmdutil.Inputf("--target: %v", err)
	}
	tol, err := builder.ParseTolerance(opts.Tolerance)
	if err != nil {
		return ep, cmdutil.Inputf("--tolerance: %v", err)
	}
	if opts.Fights < 10 || opts.Fights > MaxEncounterFights {
		return ep, cmdutil.Inputf("-n: %d is outside 10-%d", opts.Fights, MaxEncounterFights)
	}
	if opts.MaxGoons < 0 || opts.MaxGoons > MaxEncounterGoons {
		return ep, cmdutil.Inputf("--max-goons: %d is outside 0-%d", opts.MaxGoons, MaxEncounterGoons)
	}
	if opts.Villains < 1 || opts.Villains > MaxVillainRolls {
		return ep, cmdutil.Inputf("--villains: %d is outside 1-%d", opts.Villains, MaxVillainRolls)
	}
	if opts.Budget < 0 {
		return ep, cmdutil.Inputf("--budget: %d fights is below 0", opts.Budget)
	}
	seen := map[string]bool{}
	for _, w := range opts.Goons {
		w = strings.ToLower(strings.TrimSpace(w))
		found := false
		for _, k := range goonKinds {
			if k.word == w && !seen[w] {
				ep.kinds, seen[w], found = append(ep.kinds, k), true, true
			}
		}
		if !found {
			return ep, cmdutil.Inputf("--goons: %q is not one of %s (each once)", w, strings.Join(goonKindWords(), ", "))
		}
	}
	if len(ep.kinds) == 0 {
		return ep, cmdutil.Inputf("--goons: give at least one of %s", strings.Join(goonKindWords(), ", "))
	}
	villains := opts.Villains
	if opts.Villain != "" {
		villains = 1
	}
	budget := opts.Budget
	if budget == 0 {
		budget = DefaultBudgetTimes * opts.Fights
	}
	ep.plan = builder.Plan{Target: t, Tolerance: tol, Fights: opts.Fights, Villains: villains,
		Kinds: len(ep.kinds), MaxGoons: opts.MaxGoons, Budget: budget}
	return ep, nil
}

// roster makes and keeps the characters the search tries: the party,
// the villains (given, or rolled one by one) and the goons of each kind
// (rolled as the counts grow), each from its own derived seed.
type roster struct {
	seed     uint64
	derive   chargen.Options
	party    []*hero.Hero
	sources  []string
	given    *hero.Hero
	givenSrc string
	kinds    []goonKind
	villains []*hero.Hero
	goons    [][]*hero.Hero
	gen      *chargen.Generator
	name     string
	data     map[builder.Candidate][]byte
}

// villain is villain number v: the one given, or rolled with its seed.
func (r *roster) villain(v int) (*hero.Hero, error) {
	if r.given != nil {
		return r.given, nil
	}
	for len(r.villains) <= v {
		s := builder.Seed(r.seed, builder.StreamVillain, len(r.villains))
		h, _, err := r.gen.Hero(dice.NewSeeded(s), chargen.GenOptions{Kind: hero.KindVillain, Seed: &s, Derive: r.derive})
		if err != nil {
			return nil, err
		}
		if err := h.AppendEvent("create", "generated by gen encounter (gen hero --kind villain --seed "+strconv.FormatUint(s, 10)+")", &s, nil); err != nil {
			return nil, err
		}
		r.villains = append(r.villains, h)
	}
	return r.villains[v], nil
}

// goon is goon number i (from 0) of kind k.
func (r *roster) goon(k, i int) (*hero.Hero, error) {
	kind := r.kinds[k]
	for len(r.goons[k]) <= i {
		n := len(r.goons[k])
		s := builder.Seed(r.seed, kind.stream, n)
		h, _, err := r.gen.NPC(dice.NewSeeded(s), chargen.NPCOptions{Type: kind.npc, Name: kind.name + " " + strconv.Itoa(n+1),
			Trained: kind.trained, Elite: kind.elite, Rank: kind.rank, Seed: &s, Derive: r.derive})
		if err != nil {
			return nil, err
		}
		if h.Creation == nil {
			h.Creation = &hero.Creation{Method: "generated"}
		}
		h.Creation.Seed = &s
		if err := h.AppendEvent("create", "generated by gen encounter ("+kind.replay+" --seed "+strconv.FormatUint(s, 10)+")", &s, nil); err != nil {
			return nil, err
		}
		r.goons[k] = append(r.goons[k], h)
	}
	return r.goons[k][i], nil
}

// opposition is candidate c's villain and goons.
func (r *roster) opposition(c builder.Candidate) ([]*hero.Hero, error) {
	v, err := r.villain(c.Villain)
	if err != nil {
		return nil, err
	}
	out := []*hero.Hero{v}
	for i := range c.Goons {
		g, err := r.goon(c.Kind, i)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	for i := range c.Added {
		g, err := r.goon(c.AddKind, i)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// encounter starts candidate c's fight as fight new would: the party on
// side heroes, the villain then the goons on side villains.
func (r *roster) encounter(c builder.Candidate) (*encounter.Encounter, error) {
	opp, err := r.opposition(c)
	if err != nil {
		return nil, err
	}
	setup := encounter.Setup{Name: r.name, Sides: []string{"heroes", "villains"}}
	for i, h := range r.party {
		hc := *h
		setup.Entries = append(setup.Entries, encounter.Entry{Side: "heroes", Hero: &hc, Source: r.sources[i]})
	}
	for i, h := range opp {
		hc := *h
		src := "gen encounter"
		if i == 0 && r.given != nil {
			src = r.givenSrc
		}
		setup.Entries = append(setup.Entries, encounter.Entry{Side: "villains", Hero: &hc, Source: src})
	}
	e, err := encounter.New(setup)
	if err != nil {
		return nil, cmdutil.Inputf("gen encounter: %w", err)
	}
	return e, nil
}

// file is candidate c's encounter file, made once.
func (r *roster) file(c builder.Candidate) ([]byte, error) {
	if b, ok := r.data[c]; ok {
		return b, nil
	}
	e, err := r.encounter(c)
	if err != nil {
		return nil, err
	}
	b, err := encounter.Encode(e)
	if err != nil {
		return nil, err
	}
	r.data[c] = b
	return b, nil
}

// describe names candidate c for people: "Silver Flare + 4 henchmen".
func (r *roster) describe(c builder.Candidate) string {
	v, err := r.villain(c.Villain)
	name := "villain " + strconv.Itoa(c.Villain+1)
	if err == nil {
		name = v.Name
	}
	return name + r.goonsText(c)
}

// nothingFoundHint is what to change when the search found nothing within
// the tolerance. The weakest opposition a villain has is the villain
// alone: when every villain tried was too strong alone, no goon count can
// help, and a rolled villain too strong alone has already given way to the
// next one rolled (the book rolls villains with no strength to ask for,
// so a weaker one cannot be asked of it); when the closest is too easy,
// the goons ran out; otherwise no count lands within the band.
func nothingFoundHint(p builder.Plan, res builder.Result, given bool) string {
	if res.OverBudget {
		return "raise --budget"
	}
	alone, tooStrong := 0, 0
	for _, t := range res.Tried {
		if t.Goons == 0 {
			alone++
			if t.Verdict == builder.TooHard {
				tooStrong++
			}
		}
	}
	switch {
	case alone > 0 && tooStrong == alone && given:
		return "even the villain alone is too strong for the party: give a weaker --villain, a stronger --party or a lower --target"
	case alone > 0 && tooStrong == alone:
		return fmt.Sprintf("each of the %d villains rolled is too strong alone: roll more (--villains, up to %d), give one (--villain) or a lower --target", alone, MaxVillainRolls)
	case res.Best.Verdict == builder.TooEasy:
		return "the heroes win too often with every count tried: raise --max-goons, try more --goons kinds or a higher --target"
	}
	return "no count of goons lands within the band: widen --tolerance or try more --goons kinds"
}

// goonsText is " alone" or " + 4 henchmen" or " + 4 henchmen + 1 goon".
func (r *roster) goonsText(c builder.Candidate) string {
	if c.Goons == 0 {
		return " alone"
	}
	s := " + " + goonsText(r.kinds[c.Kind], c.Goons)
	if c.Added > 0 {
		s += " + " + goonsText(r.kinds[c.AddKind], c.Added)
	}
	return s
}

func goonsText(k goonKind, n int) string {
	w := strings.ToLower(k.name)
	if n != 1 {
		if strings.HasSuffix(w, "man") {
			w = strings.TrimSuffix(w, "man") + "men"
		} else {
			w += "s"
		}
	}
	return strconv.Itoa(n) + " " + w
}

// simRun is what the simulator says of some fights: their tally, and the
// autopilot's policy and hero-point mode that played them.
type simRun struct {
	tally      builder.Tally
	policy     string
	heroPoints string
}

// play plays fights start, start+step, ... below n of a candidate's
// encounter data with the sensible policy, on a Sim of its own that
// shares memo's weights of attacks.
func play(data []byte, seed uint64, start, n, step int, rules combat.Options, memo *encounter.WeighMemo, done func()) (*encounter.SimSummary, error) {
	sim, err := encounter.NewSim(data, rules, encounter.DefaultAutoSteps, encounter.PolicySensible)
	if err != nil {
		return nil, err
	}
	sim.SetWeighMemo(memo)
	return sim.Run(seed, n, start, step, done)
}

// simulate plays fights [from, to) of the encounter file data as fight
// sim does with its defaults (fight i rolling with
// encounter.FightSeed(seed, i), any number of workers giving the same
// counts) and counts what they did to the first heroes combatants (the
// party). It is the builder's only call into the simulator.
func simulate(data []byte, seed uint64, from, to, heroes int, rules combat.Options, memo *encounter.WeighMemo, tick func(int)) (simRun, error) {
	workers := max(1, min(runtime.GOMAXPROCS(0), to-from))
	parts := make([]*encounter.SimSummary, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for j := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var done func()
			if tick != nil {
				done = func() { mu.Lock(); tick(1); mu.Unlock() }
			}
			parts[j], errs[j] = play(data, seed, from+j, to, workers, rules, memo, done)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return simRun{}, err
		}
	}
	s, err := encounter.MergeSims(parts...)
	if err != nil {
		return simRun{}, err
	}
	t := builder.Tally{Fights: s.Fights, Unfinished: s.Unfinished, Draws: s.Draws}
	for _, sd := range s.Sides {
		if sd.Name == "heroes" {
			t.Wins = sd.Wins
		}
	}
	for _, p := range s.Pages {
		t.Pages += int64(p.Pages) * int64(p.Fights)
	}
	for i := 0; i < heroes && i < len(s.Combatants); i++ {
		c := s.Combatants[i]
		t.Heroes = append(t.Heroes, builder.HeroTally{Out: c.Out, HealthTaken: c.HealthTaken, StaminaTaken: c.StaminaTaken})
	}
	return simRun{tally: t, policy: s.Policy, heroPoints: s.HeroPoints}, nil
}

// readParty reads the --party files.
func (opts *EncounterOptions) readParty() ([]*hero.Hero, []string, error) {
	var heroes []*hero.Hero
	var sources []string
	for _, arg := range opts.Party {
		for _, path := range strings.Split(arg, ",") {
			path = strings.TrimSpace(path)
			if path == "" {
				continue
			}
			hs, err := opts.ReadHeroes(path, encounter.MaxFileSize)
			if err != nil {
				return nil, nil, err
			}
			for _, h := range hs {
				heroes, sources = append(heroes, h), append(sources, path)
			}
		}
	}
	if len(heroes) == 0 {
		return nil, nil, cmdutil.Inputf("--party: required: the heroes' files (--party PARTY.jsonl or --party a.json,b.json)")
	}
	return heroes, sources, nil
}

// encounterReport is the summary: --report's JSON and the terminal's
// text.
type encounterReport struct {
	Seed       uint64  `json:"seed"`
	Policy     string  `json:"policy"`
	HeroPoints string  `json:"hero_points"`
	Target     float64 `json:"target"`
	Tolerance  float64 `json:"tolerance"`
	Villain    string  `json:"villain"`
	// Goons are the goons by kind (a --goons word) and count.
	Goons      []encounterGoons `json:"goons"`
	Fights     int              `json:"fights"`
	Wins       int              `json:"wins"`
	PWin       float64          `json:"p_win"`
	Low        float64          `json:"p_win_low"`
	High       float64          `json:"p_win_high"`
	MeanPages  float64          `json:"mean_pages"`
	Unfinished int              `json:"unfinished"`
	Draws      int              `json:"draws"`
	Heroes     []encounterHero  `json:"heroes"`
	// Played counts every fight of the search; Tried every candidate.
	Played int            `json:"played"`
	Tried  []encounterTry `json:"tried"`
}

type encounterGoons struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}

type encounterHero struct {
	ID               string  `json:"id"`
	POut             float64 `json:"p_out"`
	MeanHealthTaken  float64 `json:"mean_health_taken"`
	MeanStaminaTaken float64 `json:"mean_stamina_taken"`
}

type encounterTry struct {
	Villain string           `json:"villain"`
	Goons   []encounterGoons `json:"goons"`
	// What is the candidate for people ("Nefario + 2 henchmen").
	What    string          `json:"what"`
	Fights  int             `json:"fights"`
	Wins    int             `json:"wins"`
	PWin    float64         `json:"p_win"`
	Low     float64         `json:"p_win_low"`
	High    float64         `json:"p_win_high"`
	Verdict builder.Verdict `json:"verdict"`
}

func r6(x float64) float64 { return float64(int64(x*1e6+0.5)) / 1e6 }

func runEncounter(opts *EncounterOptions) (err error) {
	ep, err := opts.check()
	if err != nil {
		return err
	}
	if opts.DiceGiven {
		return cmdutil.Inputf("--dice: gen encounter rolls as it searches (how many villains and goons depends on the fights played); give --seed")
	}
	party, sources, err := opts.readParty()
	if err != nil {
		return err
	}
	var given *hero.Hero
	if opts.Villain != "" {
		hs, err := opts.ReadHeroes(opts.Villain, encounter.MaxFileSize)
		if err != nil {
			return err
		}
		if len(hs) != 1 {
			return cmdutil.Inputf("--villain: %s holds %d characters; give one villain", opts.Villain, len(hs))
		}
		given = hs[0]
	}
	rules, err := opts.Rules()
	if err != nil {
		return err
	}
	derive, err := opts.Derive()
	if err != nil {
		return err
	}
	derive.Quiet = true
	rs, err := opts.Roller()
	if err != nil {
		return err
	}
	seed := rs.Seed
	if !opts.SeedGiven {
		cmdutil.ReportSeed(opts.IO.ErrOut, &seed)
	}
	r := &roster{seed: seed, derive: derive, party: party, sources: sources, given: given, givenSrc: opts.Villain,
		kinds: ep.kinds, goons: make([][]*hero.Hero, len(ep.kinds)), gen: chargen.NewGenerator(), name: opts.Name,
		data: map[builder.Candidate][]byte{}}
	if _, err := r.encounter(builder.Candidate{}); err != nil {
		return err // the party and the villain cannot fight
	}
	bar := opts.Progress(-1, "gen encounter")
	defer func() { bar.Finish(err) }()
	var tick func(int)
	if bar != nil {
		tick = bar.Add
	}
	var last simRun
	// The candidates share their weights of attacks (the party's on the
	// villain are the same in every one).
	memo := encounter.NewWeighMemo()
	res, err := builder.Search(ep.plan, func(c builder.Candidate, from, to int) (builder.Tally, error) {
		data, err := r.file(c)
		if err != nil {
			return builder.Tally{}, err
		}
		run, err := simulate(data, seed, from, to, len(party), rules, memo, tick)
		last = run
		return run.tally, err
	})
	if err != nil {
		return err
	}
	rep := r.report(ep, res, last)
	if opts.Explain {
		opts.explainTries(rep)
	}
	if !res.Found {
		why := ""
		if res.OverBudget {
			why = fmt.Sprintf(" in %d fights (--budget)", ep.plan.Budget)
		}
		return cmdutil.Inputf("--target: nothing found within %s of %s%s: the closest, %s, leaves the heroes %s (%d fights; --explain lists every candidate); %s",
			strings.TrimSuffix(builder.Percent(ep.plan.Tolerance), " %")+" points", builder.Percent(ep.plan.Target), why,
			termtext.Escape(r.describe(res.Best.Candidate)), builder.Percent(res.Best.Tally.P()), res.Best.Tally.Fights,
			nothingFoundHint(ep.plan, res, r.given != nil))
	}
	final, err := r.encounter(res.Best.Candidate)
	if err != nil {
		return err
	}
	for i := range rep.Heroes {
		rep.Heroes[i].ID = final.Combatants[i].ID
	}
	if opts.Report != "" {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		if err := opts.WriteFile(opts.Report, append(b, '\n')); err != nil {
			return err
		}
	}
	switch opts.Format {
	case cmdutil.FormatJSON:
		data, err := cmdutil.EncodeEncounter(final, "stdout")
		if err != nil {
			return err
		}
		_, err = opts.IO.Out.Write(data)
		return err
	case cmdutil.FormatJSONL:
		opp, err := r.opposition(res.Best.Candidate)
		if err != nil {
			return err
		}
		lines := newJSONLines(opts.IO.Out, cmdutil.FormatJSONL)
		for _, h := range opp {
			if err := lines.add(h); err != nil {
				return err
			}
		}
		return lines.finish()
	}
	return writeEncounterText(opts.IO.Out, r, res, rep)
}

// report is the summary of a search's result; run is the last
// simulation's policy.
func (r *roster) report(ep encounterPlan, res builder.Result, run simRun) encounterReport {
	b := res.Best
	lo, hi := b.Tally.Interval()
	rep := encounterReport{Seed: r.seed, Policy: run.policy, HeroPoints: run.heroPoints, Target: ep.plan.Target, Tolerance: ep.plan.Tolerance,
		Fights: b.Tally.Fights, Wins: b.Tally.Wins, PWin: r6(b.Tally.P()), Low: r6(lo), High: r6(hi), MeanPages: r6(b.Tally.MeanPages()),
		Unfinished: b.Tally.Unfinished, Draws: b.Tally.Draws, Played: res.Played, Heroes: []encounterHero{}, Tried: []encounterTry{}}
	if v, err := r.villain(b.Villain); err == nil {
		rep.Villain = v.Name
	}
	rep.Goons = r.goonList(b.Candidate)
	n := float64(max(b.Tally.Fights, 1))
	for _, h := range b.Tally.Heroes {
		rep.Heroes = append(rep.Heroes, encounterHero{POut: r6(float64(h.Out) / n),
			MeanHealthTaken: r6(float64(h.HealthTaken) / n), MeanStaminaTaken: r6(float64(h.StaminaTaken) / n)})
	}
	for _, t := range res.Tried {
		lo, hi := t.Tally.Interval()
		et := encounterTry{Goons: r.goonList(t.Candidate), What: r.describe(t.Candidate), Fights: t.Tally.Fights, Wins: t.Tally.Wins, PWin: r6(t.Tally.P()), Low: r6(lo), High: r6(hi), Verdict: t.Verdict}
		if v, err := r.villain(t.Villain); err == nil {
			et.Villain = v.Name
		}
		rep.Tried = append(rep.Tried, et)
	}
	return rep
}

// goonList is c's goons by kind.
func (r *roster) goonList(c builder.Candidate) []encounterGoons {
	out := []encounterGoons{}
	if c.Goons > 0 {
		out = append(out, encounterGoons{Kind: r.kinds[c.Kind].word, Count: c.Goons})
	}
	if c.Added > 0 {
		out = append(out, encounterGoons{Kind: r.kinds[c.AddKind].word, Count: c.Added})
	}
	return out
}

// explainTries lists the candidates tried on stderr, one a line (folded
// when a person reads them).
func (opts *EncounterOptions) explainTries(rep encounterReport) {
	_ = opts.Folded(opts.IO.ErrOut, "    ", func(w io.Writer) error {
		fmt.Fprintf(w, "gen encounter: target %s ± %s points, seed %d, policy %s\n", builder.Percent(rep.Target),
			strings.TrimSuffix(builder.Percent(rep.Tolerance), " %"), rep.Seed, rep.Policy)
		for i, t := range rep.Tried {
			fmt.Fprintf(w, "%2d. %s: heroes win %s (%s-%s), %d fights: %s\n", i+1, termtext.Escape(t.What),
				cmdutil.Pct(t.PWin), cmdutil.Pct(t.Low), cmdutil.Pct(t.High), t.Fights, t.Verdict)
		}
		_, err := fmt.Fprintf(w, "%d fights played\n", rep.Played)
		return err
	})
}

// writeEncounterText writes the summary for people.
func writeEncounterText(w io.Writer, r *roster, res builder.Result, rep encounterReport) error {
	b := res.Best
	fmt.Fprintf(w, "Opposition for %d heroes: target %s ± %s points (seed %d)\n", len(r.party),
		builder.Percent(rep.Target), strings.TrimSuffix(builder.Percent(rep.Tolerance), " %"), rep.Seed)
	v, err := r.villain(b.Villain)
	if err != nil {
		return err
	}
	how := "given: " + r.givenSrc
	if r.given == nil {
		how = "rolled: gen hero --kind villain"
		if v.Creation != nil && v.Creation.Seed != nil {
			how += " --seed " + strconv.FormatUint(*v.Creation.Seed, 10)
		}
	}
	fmt.Fprintf(w, "  villain  %s\n           %s\n", termtext.Escape(v.Name), termtext.Escape(how))
	if b.Goons == 0 {
		fmt.Fprintf(w, "  goons    none\n")
	}
	for _, g := range rep.Goons {
		for _, k := range r.kinds {
			if k.word == g.Kind {
				fmt.Fprintf(w, "  goons    %s (%s)\n", goonsText(k, g.Count), k.replay)
			}
		}
	}
	fmt.Fprintf(w, "\nThe heroes win %s of %d fights (95 %%: %s-%s),\nplayed by the %s autopilot; a fight lasts %.1f pages on average.\n\n",
		cmdutil.Pct(rep.PWin), rep.Fights, cmdutil.Pct(rep.Low), cmdutil.Pct(rep.High), rep.Policy, rep.MeanPages)
	rows := make([][]string, len(rep.Heroes))
	for i, h := range rep.Heroes {
		rows[i] = []string{termtext.Escape(h.ID), cmdutil.Pct(h.POut), strconv.FormatFloat(h.MeanHealthTaken, 'f', 1, 64), strconv.FormatFloat(h.MeanStaminaTaken, 'f', 1, 64)}
	}
	fmt.Fprintln(w, "means per fight: health and stamina each hero loses")
	if err := cmdutil.Table(w, []string{"Hero", "P(out)", "H lost", "S lost"}, rows); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "\n%d candidates tried, %d fights played. -o json writes the encounter\nfile (then fight initiative -i FILE).\n", len(res.Tried), res.Played)
	return err
}
