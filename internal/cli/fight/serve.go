package fight

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// DefaultServePort is fight serve's port when --port is not given.
const DefaultServePort = 7700

// ServeOptions are the inputs of `fight serve`.
type ServeOptions struct {
	*cmdutil.Env
	File File
	// Addr is --addr HOST (or HOST:PORT); Port is --port; LAN is --lan,
	// without which only a loopback address is accepted.
	Addr string
	Port int
	LAN  bool
	// Reveal is --reveal: everyone's numbers; Players is --players.
	Reveal  bool
	Players []string

	portGiven bool
	getenv    func(string) string
	ctx       context.Context
	// ready, when set (tests), is called with the page's URL once the
	// server listens.
	ready func(url string)
	// serve is the Factory's ServePlayers: it serves the checked settings.
	serve cmdutil.ServeFunc
}

// NewCmdServe builds `spandex fight serve`.
func NewCmdServe(f *cmdutil.Factory, runF func(*ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{Env: f.Env(cmdutil.FormatText), getenv: f.Getenv, serve: f.ServePlayers}
	if runF == nil {
		runF = runServe
	}
	cmd := &cobra.Command{
		Use:   "serve FILE",
		Short: "Serve a read-only player view of the fight for phones and TVs",
		Long: `Serve a page the players open on a phone or a TV across the table: the page
and phase, the initiative, whose turn it is and the turn order of the phase,
and for every combatant its condition and its states (ongoing effects,
form), the players' health and stamina as bars. The other sides show only
their condition and states: their numbers stay the GM's unless --reveal.

The page follows the file: each change (fight act -i, fight end-page -i,
fight undo -i ...) reaches every open page within a moment, through
server-sent events and a few lines of the page's own script (nothing is
fetched from elsewhere; without JavaScript the page reloads every 10
seconds). A file that cannot be read for a while (being replaced, or not
valid) leaves the last good board on the page with a notice.

fight serve only reads FILE: it never writes it. It listens on 127.0.0.1
(this machine only) at --port; to share the page on the table's network
give --addr (an address of this machine, or 0.0.0.0 for all of them)
together with --lan, which says you mean it. Anyone on that network can
then read the page. The URL to open is printed on stderr. Ctrl-C (SIGINT)
or SIGTERM stops the server cleanly: exit status 0.

--players SIDE,... names the players' sides, whose numbers are shown
(default: every side with a combatant of kind hero).`,
		Example: `  spandex fight serve bank.json
  spandex fight serve bank.json --port 8080 --reveal
  spandex fight serve bank.json --addr 0.0.0.0 --lan`,
		RunE: cmdutil.RunE(opts.Env, func() error { return runF(opts) }, opts.File.fromArgs, opts.File.readOnly("serve"), func(cmd *cobra.Command, _ []string) error {
			opts.ctx = cmd.Context()
			opts.portGiven = cmd.Flags().Changed("port")
			if opts.File.Path == "" || opts.File.Path == "-" {
				return cmdutil.Inputf("give the encounter as FILE: fight serve follows the file's changes")
			}
			return nil
		}),
	}
	opts.File.addFlag(cmd)
	_ = cmd.Flags().MarkHidden("in-place")
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1", "the address to listen on, HOST or HOST:PORT; outside this machine only with --lan")
	cmd.Flags().IntVar(&opts.Port, "port", DefaultServePort, "the port to listen on (0: any free port)")
	cmd.Flags().BoolVar(&opts.LAN, "lan", false, "allow an --addr outside this machine: anyone on the network can read the page")
	cmd.Flags().BoolVar(&opts.Reveal, "reveal", false, "show every combatant's health and stamina, not only the players'")
	cmd.Flags().StringSliceVar(&opts.Players, "players", nil, "the players' sides, whose numbers are shown (default: the sides with a hero)")
	return cmd
}

// listenAddr checks --addr and --port and returns the address to listen
// on. Without --lan only a loopback address (127.0.0.1, ::1, localhost)
// is accepted: anything else would share the page with the network.
func (opts *ServeOptions) listenAddr() (string, error) {
	host, port := opts.Addr, opts.Port
	if h, p, err := net.SplitHostPort(opts.Addr); err == nil {
		n, perr := strconv.Atoi(p)
		if perr != nil || n < 0 || n > 65535 {
			return "", cmdutil.Inputf("--addr %s: the port is not a number 0-65535", opts.Addr)
		}
		if opts.portGiven && n != opts.Port {
			return "", cmdutil.Inputf("--addr %s and --port %d: give the port once", opts.Addr, opts.Port)
		}
		host, port = h, n
	}
	if port < 0 || port > 65535 {
		return "", cmdutil.Inputf("--port %d: give a port 0-65535", port)
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if !opts.LAN && !cmdutil.IsLoopback(host) {
		shown := host
		if shown == "" {
			shown = "(every address)"
		}
		return "", cmdutil.Inputf("--addr %s is reachable from other machines: add --lan to share the page on your network", shown)
	}
	return net.JoinHostPort(host, strconv.Itoa(port)), nil
}

// defaultPlayers are the sides with a combatant of kind hero.
func defaultPlayers(e *encounter.Encounter) []string {
	var out []string
	for _, c := range e.Combatants {
		if c.Hero.Kind == hero.KindHero && !slices.Contains(out, c.Side) {
			out = append(out, c.Side)
		}
	}
	return out
}

// checkPlayers refuses a --players side the fight does not have.
func checkPlayers(e *encounter.Encounter, players []string) error {
	for _, p := range players {
		if !slices.ContainsFunc(e.Sides, func(s encounter.Side) bool { return s.Name == p }) {
			var names []string
			for _, s := range e.Sides {
				names = append(names, s.Name)
			}
			return cmdutil.Inputf("--players %s: no such side (the sides are %s)", p, strings.Join(names, ", "))
		}
	}
	return nil
}

// runServe checks the file and the flags, then serves the player view
// until SIGINT or SIGTERM through the Factory's ServePlayers: the
// program spandex-serve in the released spandex, the server in-process
// in tests (internal/playerview).
func runServe(opts *ServeOptions) error {
	addr, err := opts.listenAddr()
	if err != nil {
		return err
	}
	path := opts.File.Path
	data, name, err := opts.Env.ReadInputLimit(path, encounter.MaxFileSize)
	if err != nil {
		return err
	}
	e, err := encounter.Decode(data)
	if err != nil {
		return cmdutil.Inputf("%s: %w", name, err)
	}
	players := opts.Players
	if len(players) == 0 {
		players = defaultPlayers(e)
	}
	if err := checkPlayers(e, players); err != nil {
		return err
	}
	testOnce := once(opts.getenv)
	if testOnce {
		// A test build's example: any free port (see Once).
		host, _, _ := net.SplitHostPort(addr)
		addr = net.JoinHostPort(host, "0")
	}
	abs, err := filepath.Abs(opts.Env.Path(path))
	if err != nil {
		return err
	}
	if opts.serve == nil {
		return cmdutil.Internal(errors.New("fight serve: no player server in this build"))
	}
	ctx, stop := interrupted(opts.ctx)
	defer stop()
	return opts.serve(ctx, cmdutil.ServeConfig{
		Path: abs, Name: name, Data: data, Players: players, Reveal: opts.Reveal,
		LAN: opts.LAN, Addr: addr, Once: testOnce, Ready: opts.ready,
		Stderr: opts.IO.ErrOut,
	})
}
