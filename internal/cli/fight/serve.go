package fight

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/render"
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
}

// NewCmdServe builds `spandex fight serve`.
func NewCmdServe(f *cmdutil.Factory, runF func(*ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{Env: f.Env(cmdutil.FormatText), getenv: f.Getenv}
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
		RunE: cmdutil.RunE(opts, runF, runServe, opts.File.fromArgs, opts.File.readOnly("serve"), func(cmd *cobra.Command, _ []string) error {
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
	if !opts.LAN && !isLoopback(host) {
		shown := host
		if shown == "" {
			shown = "(every address)"
		}
		return "", cmdutil.Inputf("--addr %s is reachable from other machines: add --lan to share the page on your network", shown)
	}
	return net.JoinHostPort(host, strconv.Itoa(port)), nil
}

// isLoopback reports whether host names this machine only.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
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

// playerServer serves the player view of one encounter file and keeps
// it current.
type playerServer struct {
	// path is the file's absolute path; name is the file as given.
	path, name string
	lan        bool

	mu   sync.Mutex
	view render.PlayerView
	// last is the file as last read (a change that leaves it the same
	// is no change); board is the view's board, rendered once.
	last    []byte
	board   []byte
	changed chan struct{}
	stop    chan struct{}
}

func newPlayerServer(path, name string, e *encounter.Encounter, data []byte, players []string, reveal, lan bool) *playerServer {
	s := &playerServer{path: path, name: name, lan: lan, changed: make(chan struct{}), stop: make(chan struct{})}
	s.view = render.PlayerView{Players: players, Reveal: reveal, Refresh: 10}
	s.set(e, data, "")
	return s
}

// set makes e the view's fight (nil: keep the last good one) with the
// notice, and wakes every event stream. The caller holds mu, or is the
// constructor.
func (s *playerServer) set(e *encounter.Encounter, data []byte, notice string) {
	if e != nil {
		s.view.Board, s.view.Next, s.last = e.Status(), e.NextTurn(), data
	}
	s.view.Notice = notice
	s.view.Seq++
	var b bytes.Buffer
	if err := render.PlayerBoard(&b, &s.view); err != nil {
		b.Reset()
		b.WriteString(`<main id="board"><p class="notice">The board could not be drawn.</p></main>`)
	}
	s.board = b.Bytes()
	close(s.changed)
	s.changed = make(chan struct{})
}

// reload reads the file again after a change: a new board when it
// changed and reads as an encounter, the last good board with a notice
// when it does not.
func (s *playerServer) reload() {
	data, err := os.ReadFile(s.path)
	var e *encounter.Encounter
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the name is the file as given, not its absolute path
	}
	if err == nil {
		if len(data) > encounter.MaxFileSize {
			err = fmt.Errorf("larger than %d MB", encounter.MaxFileSize>>20)
		} else {
			e, err = encounter.Decode(data)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.set(nil, nil, unreadable(fmt.Errorf("%s: %w", s.name, err)))
		return
	}
	if bytes.Equal(data, s.last) && s.view.Notice == "" {
		return
	}
	s.set(e, data, "")
}

// oneLine keeps an error's first line, at most 200 characters.
func oneLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	return msg
}

// current returns the view, its rendered board and the channel closed at
// the next change.
func (s *playerServer) current() (render.PlayerView, []byte, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view, s.board, s.changed
}

// handler routes the three addresses the page uses: the page itself,
// its board alone and its event stream.
func (s *playerServer) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /board", s.boardOnly)
	mux.HandleFunc("GET /events", s.events)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.lan && !loopbackHost(r.Host) {
			// A page served to this machine only answers to this
			// machine's names (a web page elsewhere cannot reach it by
			// rebinding a name of its own to 127.0.0.1).
			http.Error(w, "spandex serves this page to localhost only", http.StatusMisdirectedRequest)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", render.PlayerViewCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		mux.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a request's Host names this machine.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return isLoopback(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
}

func (s *playerServer) page(w http.ResponseWriter, _ *http.Request) {
	v, _, _ := s.current()
	var b bytes.Buffer
	if err := render.PlayerPage(&b, &v); err != nil {
		http.Error(w, "the page could not be drawn", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

func (s *playerServer) boardOnly(w http.ResponseWriter, _ *http.Request) {
	_, board, _ := s.current()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(board)
}

// events is the page's event stream: the board now, then each new board
// as it changes, one event each (its lines as "data:" lines), with a
// comment every 25 seconds to keep the connection open.
func (s *playerServer) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("X-Accel-Buffering", "no")
	_, _ = io.WriteString(w, "retry: 2000\n\n")
	last := -1
	keep := time.NewTicker(25 * time.Second)
	defer keep.Stop()
	for {
		v, board, changed := s.current()
		if v.Seq != last {
			last = v.Seq
			var b bytes.Buffer
			fmt.Fprintf(&b, "id: %d\n", v.Seq)
			for line := range strings.SplitSeq(string(board), "\n") {
				b.WriteString("data: ")
				b.WriteString(strings.TrimSuffix(line, "\r"))
				b.WriteString("\n")
			}
			b.WriteString("\n")
			if _, err := w.Write(b.Bytes()); err != nil {
				return
			}
			fl.Flush()
		}
		select {
		case <-changed:
		case <-keep.C:
			if _, err := io.WriteString(w, ": still here\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-r.Context().Done():
			return
		case <-s.stop:
			return
		}
	}
}

// runServe serves the player view until SIGINT or SIGTERM.
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
	if once(opts.getenv) {
		// A test build's example: any free port (see Once).
		host, _, _ := net.SplitHostPort(addr)
		addr = net.JoinHostPort(host, "0")
	}
	ctx, stop := interrupted(opts.ctx)
	defer stop()
	abs, err := filepath.Abs(opts.Env.Path(path))
	if err != nil {
		return err
	}
	s := newPlayerServer(abs, name, e, data, players, opts.Reveal, opts.LAN)
	if err := watchFile(ctx, abs, s.reload); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return cmdutil.Inputf("--addr %s: %v (choose another --port, or --port 0 for any free one)", addr, unwrapOp(err))
	}
	srv := &http.Server{Handler: s.handler(), ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(func() { close(s.stop) })
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	urls := pageURLs(ln.Addr().(*net.TCPAddr))
	msg := wrap("spandex: the player view of "+name+" is at (Ctrl-C stops it):", 80, "  ") + "\n"
	for _, u := range urls {
		msg += "  " + u + "\n"
	}
	_, _ = io.WriteString(opts.IO.ErrOut, msg)
	// The last URL is the one this machine reaches surely.
	local := urls[len(urls)-1]
	if opts.ready != nil {
		opts.ready(local)
	}
	if once(opts.getenv) {
		// A test build's example: fetch the page once, then stop.
		err = fetchOnce(ctx, local)
	} else {
		select {
		case <-ctx.Done():
		case err = <-served:
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if serr := srv.Shutdown(sctx); err == nil && serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = serr
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// unwrapOp drops the "listen tcp ADDR:" prefix of a listen error.
func unwrapOp(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}

// pageURLs are the URLs of the page: the address listened on, or, for
// every address (0.0.0.0, ::), this machine's own addresses, the network
// ones first (what the players type).
func pageURLs(a *net.TCPAddr) []string {
	port := strconv.Itoa(a.Port)
	url := func(ip net.IP) string { return "http://" + net.JoinHostPort(ip.String(), port) + "/" }
	if !a.IP.IsUnspecified() {
		return []string{url(a.IP)}
	}
	var out []string
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, ad := range addrs {
			if ipn, ok := ad.(*net.IPNet); ok && ipn.IP.To4() != nil && !ipn.IP.IsLoopback() {
				out = append(out, url(ipn.IP))
			}
		}
	}
	return append(out, url(net.IPv4(127, 0, 0, 1)))
}

// fetchOnce gets the page from the server, as a player's browser would.
func fetchOnce(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Host = "localhost"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`id="board"`)) {
		return fmt.Errorf("the player view answered %s", resp.Status)
	}
	return nil
}
