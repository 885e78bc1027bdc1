package fight

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/playerview"
	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// Without --lan only this machine's loopback addresses are served; the
// refusal names the flag and says what to add.
func TestServeListenAddr(t *testing.T) {
	tests := []struct {
		addr      string
		port      int
		portGiven bool
		lan       bool
		want, err string
	}{
		{addr: "127.0.0.1", port: 7700, want: "127.0.0.1:7700"},
		{addr: "localhost", port: 0, want: "localhost:0"},
		{addr: "::1", port: 8080, want: "[::1]:8080"},
		{addr: "[::1]:9000", port: 7700, want: "[::1]:9000"},
		{addr: "127.0.0.1:9000", port: 9000, portGiven: true, want: "127.0.0.1:9000"},
		{addr: "0.0.0.0", port: 7700, lan: true, want: "0.0.0.0:7700"},
		{addr: "192.168.1.20:8080", port: 7700, lan: true, want: "192.168.1.20:8080"},
		{addr: "0.0.0.0", port: 7700, err: "--addr 0.0.0.0 is reachable from other machines: add --lan to share the page on your network"},
		{addr: "192.168.1.20", port: 7700, err: "--addr 192.168.1.20 is reachable from other machines: add --lan"},
		{addr: "::", port: 7700, err: "--addr :: is reachable"},
		{addr: ":8080", port: 7700, err: "--addr (every address) is reachable"},
		{addr: "table.local", port: 7700, err: "--addr table.local is reachable"},
		{addr: "127.0.0.1:9000", port: 8000, portGiven: true, err: "give the port once"},
		{addr: "127.0.0.1", port: 70000, err: "--port 70000: give a port 0-65535"},
		{addr: "127.0.0.1:x", port: 7700, err: "the port is not a number"},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			opts := &ServeOptions{Addr: tc.addr, Port: tc.port, LAN: tc.lan, portGiven: tc.portGiven}
			got, err := opts.listenAddr()
			if tc.err != "" {
				var ie *cmdutil.InputError
				if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ie) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("got %q, %v; want the one-line input error %q", got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// serving is fight serve running on a test's file.
type serving struct {
	url  string
	stop func()
}

// startServe runs fight serve on path (port 0) until the test ends.
func startServe(t *testing.T, env *cmdutil.Env, path string) *serving {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	opts := &ServeOptions{Env: env, File: File{Path: path}, Addr: "127.0.0.1", ctx: ctx, ready: func(u string) { urls <- u }, serve: playerview.Serve}
	done := make(chan error, 1)
	go func() { done <- runServe(opts) }()
	s := &serving{}
	select {
	case s.url = <-urls:
	case err := <-done:
		cancel()
		t.Fatalf("fight serve: %v", err)
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatal("fight serve did not start")
	}
	var once sync.Once
	s.stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("fight serve ended with %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("fight serve did not stop")
			}
		})
	}
	t.Cleanup(s.stop)
	return s
}

// eventStream reads the player view's server-sent events.
type eventStream struct {
	r    *bufio.Reader
	body io.Closer
}

func openEvents(t *testing.T, url string) *eventStream {
	t.Helper()
	resp, err := http.Get(url + "events")
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events: Content-Type %q", ct)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return &eventStream{r: bufio.NewReader(resp.Body), body: resp.Body}
}

// next returns the next event's id and data (its data lines joined as
// EventSource joins them).
func (es *eventStream) next(t *testing.T) (int, string) {
	t.Helper()
	type ev struct {
		id   int
		data string
		err  error
	}
	got := make(chan ev, 1)
	go func() {
		var e ev
		var data []string
		for {
			line, err := es.r.ReadString('\n')
			if err != nil {
				e.err = err
				got <- e
				return
			}
			line = strings.TrimSuffix(line, "\n")
			switch {
			case line == "" && data != nil:
				e.data = strings.Join(data, "\n")
				got <- e
				return
			case strings.HasPrefix(line, "id: "):
				e.id, _ = strconv.Atoi(strings.TrimPrefix(line, "id: "))
			case strings.HasPrefix(line, "data: "):
				data = append(data, strings.TrimPrefix(line, "data: "))
			}
		}
	}()
	select {
	case e := <-got:
		if e.err != nil {
			t.Fatalf("reading events: %v", e.err)
		}
		return e.id, e.data
	case <-time.After(15 * time.Second):
		t.Fatal("no event within 15 s")
	}
	return 0, ""
}

// replace writes data over path as fight act -i does: a temporary file
// renamed into place.
func replace(t *testing.T, path string, data []byte) {
	t.Helper()
	tmp := filepath.Join(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, url, host string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// TestServeFollowsTheFile: the page, then a new board on the event
// stream after each change of the file (fight initiative -i through the
// verbs' own write path); a file that becomes unreadable keeps the last
// good board with a notice; the server never writes the file.
func TestServeFollowsTheFile(t *testing.T) {
	fe := newFightEnv(t, cmdutil.FormatText)
	s := startServe(t, fe.env(t), fe.path)

	resp, page := get(t, s.url, "")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Security-Policy") != render.PlayerViewCSP() {
		t.Fatalf("GET /: %s, CSP %q", resp.Status, resp.Header.Get("Content-Security-Policy"))
	}
	for _, want := range []string{`<main id="board" data-seq="1"`, "The Guardian", "Page 1, initiative phase", "roll initiative"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	es := openEvents(t, s.url)
	if id, data := es.next(t); id != 1 || !strings.HasPrefix(data, `<main id="board" data-seq="1"`) {
		t.Fatalf("first event %d: %.80s", id, data)
	}

	// Page 1's initiative, 8 against 3 (p. 30): the heroes act first.
	if err := change(fe.env(t), File{InPlace: fe.path}, func(e *encounter.Encounter) error {
		return e.RollInitiative(encounter.Ctx{Roller: dice.NewScripted([]int{8, 3})})
	}); err != nil {
		t.Fatal(err)
	}
	id, data := es.next(t)
	if id != 2 || !strings.Contains(data, "Page 1, advance phase") || !strings.Contains(data, `Now: <strong class="actor">The Guardian</strong>`) {
		t.Fatalf("after fight initiative: event %d:\n%s", id, data)
	}
	good, err := os.ReadFile(fe.path)
	if err != nil {
		t.Fatal(err)
	}

	replace(t, fe.path, []byte("{not an encounter"))
	id, data = es.next(t)
	if id != 3 || !strings.Contains(data, `fight.json: $: invalid JSON at line 1`) || !strings.Contains(data, "showing the last good board") || !strings.Contains(data, "advance phase") {
		t.Fatalf("after a bad file: event %d:\n%s", id, data)
	}
	if _, page := get(t, s.url, ""); !strings.Contains(page, "showing the last good board") {
		t.Error("the page does not show the notice")
	}

	replace(t, fe.path, good)
	id, data = es.next(t)
	if id != 4 || strings.Contains(data, "notice") || !strings.Contains(data, "advance phase") {
		t.Fatalf("after the good file again: event %d:\n%s", id, data)
	}

	// Only this machine's names, and only GET.
	if resp, _ := get(t, s.url, "table.example:80"); resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("Host table.example: %s", resp.Status)
	}
	if resp, err := http.Post(s.url, "text/plain", strings.NewReader("x")); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %v %v", resp.Status, err)
	}
	if resp, _ := get(t, s.url+"nothing", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing: %s", resp.Status)
	}
	s.stop()
	if after, err := os.ReadFile(fe.path); err != nil || !bytes.Equal(after, good) {
		t.Errorf("the file changed while served (%v)", err)
	}
}

// The file must exist and read as an encounter before anything is
// served; --players must name a side.
func TestServeRefusesBadInput(t *testing.T) {
	fe := newFightEnv(t, cmdutil.FormatText)
	for _, tc := range []struct {
		opts ServeOptions
		err  string
	}{
		{ServeOptions{File: File{Path: filepath.Join(t.TempDir(), "none.json")}}, "none.json"},
		{ServeOptions{File: File{Path: fe.path}, Players: []string{"police"}}, "--players police: no such side (the sides are heroes, villains)"},
	} {
		opts := tc.opts
		opts.Env, opts.Addr, opts.serve = fe.env(t), "127.0.0.1", playerview.Serve
		err := runServe(&opts)
		var ie *cmdutil.InputError
		if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("got %v, want an input error with %q", err, tc.err)
		}
	}
}

// syncBuffer is a buffer written by one goroutine and read by another.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until cond holds, for at most 15 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 300 {
		if cond() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("waited 15 s for %s", what)
}

// TestStatusWatch: fight status --watch on a pipe writes one JSON line
// per change of the board, the notice of an unreadable file on stderr,
// and stops (nil) when told to.
func TestStatusWatch(t *testing.T) {
	fe := newFightEnv(t, cmdutil.FormatJSON)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncBuffer
	fe.ios.ErrOut = &errOut
	opts := &ViewOptions{Env: fe.env(t), File: File{Path: fe.path}, Watch: true, ctx: ctx, watchOut: &out}
	done := make(chan error, 1)
	go func() { done <- runStatus(opts) }()
	lines := func() []string { return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") }
	waitFor(t, "the first board", func() bool { return strings.Contains(out.String(), "\n") })
	if l := lines(); len(l) != 1 || !strings.HasPrefix(l[0], `{"page":1,"phase":"initiative"`) {
		t.Fatalf("first board: %q", l)
	}
	// The watch is set up before the first board is printed.
	if err := change(fe.env(t), File{InPlace: fe.path}, func(e *encounter.Encounter) error {
		return e.RollInitiative(encounter.Ctx{Roller: dice.NewScripted([]int{8, 3})})
	}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second board", func() bool { return len(lines()) == 2 })
	if l := lines(); !strings.HasPrefix(l[1], `{"page":1,"phase":"advance"`) || !strings.Contains(l[1], `"current":"guardian"`) {
		t.Fatalf("second board: %.120s", l[1])
	}
	good, _ := os.ReadFile(fe.path)
	replace(t, fe.path, []byte("[]"))
	waitFor(t, "the notice", func() bool { return strings.Contains(errOut.String(), "showing the last good board") })
	replace(t, fe.path, good)
	time.Sleep(4 * settle)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("fight status --watch did not stop")
	}
	// The good file again is the same board: not printed twice.
	if l := lines(); len(l) != 2 {
		t.Errorf("%d boards, want 2:\n%s", len(l), out.String())
	}
}
