// Package playerview is the player view of a fight over HTTP: the page
// `spandex fight serve` serves to the players' phones and TVs, its board
// and its server-sent events, following the encounter file as it
// changes. It is the only package of spandex that runs an HTTP server,
// and only the program spandex-serve (cmd/spandex-serve) and the tests
// link it: an HTTP server linked into spandex costs every call, a roll
// as much as a fight, its start-up (docs/benchmarks.md, "Start-up";
// docs/architecture.md). fight serve reads and checks the file and its
// flags, then hands a cmdutil.ServeConfig to Serve, in-process in tests
// and through spandex-serve in the released program.
package playerview

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
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/filewatch"
	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/internal/termtext"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// Serve serves the player view of cfg's file until ctx is done (nil) or
// the server fails; with cfg.Once it fetches its own page once, then
// stops. The URLs to open are printed on cfg.Stderr. An address that
// cannot be listened on is the user's fault (exit status 2).
func Serve(ctx context.Context, cfg cmdutil.ServeConfig) error {
	stderr := cfg.Stderr
	if stderr == nil {
		stderr = io.Discard
	}
	data := cfg.Data
	var e *encounter.Encounter
	var err error
	if data == nil {
		e, data, err = read(cfg.Path, cfg.Name)
	} else if e, err = encounter.Decode(data); err != nil {
		err = fmt.Errorf("%s: %w", cfg.Name, err)
	}
	if err != nil {
		return cmdutil.Input(err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the watch
	s := newPlayerServer(cfg.Path, cfg.Name, e, data, cfg.Players, cfg.Reveal, cfg.LAN)
	if err := filewatch.Watch(ctx, cfg.Path, s.reload); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return cmdutil.Inputf("--addr %s: %v (choose another --port, or --port 0 for any free one)", cfg.Addr, unwrapOp(err))
	}
	srv := &http.Server{Handler: s.handler(), ReadHeaderTimeout: 10 * time.Second}
	srv.RegisterOnShutdown(func() { close(s.stop) })
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	urls := pageURLs(ln.Addr().(*net.TCPAddr))
	msg := cmdutil.Wrap(termtext.Escape("spandex: the player view of "+cfg.Name+" is at (Ctrl-C stops it):"), 80, "  ") + "\n"
	for _, u := range urls {
		msg += "  " + u + "\n"
	}
	_, _ = io.WriteString(stderr, msg)
	// The last URL is the one this machine reaches surely.
	local := urls[len(urls)-1]
	if cfg.Ready != nil {
		cfg.Ready(local)
	}
	if cfg.Once {
		// A test build's example: fetch the page once, then stop.
		err = fetchOnce(ctx, local)
	} else {
		select {
		case <-ctx.Done():
		case err = <-served:
		}
	}
	sctx, cancelShutdown := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelShutdown()
	if serr := srv.Shutdown(sctx); err == nil && serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = serr
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// read reads and decodes the encounter file at path; an error names the
// file as given (name), not its absolute path.
func read(path, name string) (*encounter.Encounter, []byte, error) {
	data, err := os.ReadFile(path)
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
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return e, data, nil
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
	e, data, err := read(s.path, s.name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.set(nil, nil, filewatch.Unreadable(err))
		return
	}
	if bytes.Equal(data, s.last) && s.view.Notice == "" {
		return
	}
	s.set(e, data, "")
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
		h.Set("Content-Security-Policy", render.PlayerViewCSP())
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
	return cmdutil.IsLoopback(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
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
