package fight

import (
	"strings"
	"testing"
	"time"

	"github.com/codename-spandex/spandex/internal/browser"
	"github.com/codename-spandex/spandex/internal/browser/browsertest"
	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// boardJS is what the test reads of the page in the browser: the board's
// number, whose turn it says, the phase line, the acting card, whether
// the connection-lost line shows, and any markup a hostile name made.
const boardJS = `(() => {
  const b = document.getElementById("board");
  const now = document.querySelector(".now .actor");
  const cur = document.querySelector(".card.current");
  return [b ? b.dataset.seq : "", now ? now.textContent : "", (document.querySelector(".state") || {}).textContent || "",
    cur ? cur.dataset.id : "", getComputedStyle(document.getElementById("lost")).display,
    String(document.querySelectorAll("img, main script").length), document.title];
})()`

// TestServeInBrowser is the player view's browser test: fight serve runs
// in-process on a free port, headless Chromium opens the page, fight act
// -i --pass lands on the file, and the page shows the next turn without
// a reload (the page's script and the server's events), its own script
// and styles allowed by its Content-Security-Policy.
func TestServeInBrowser(t *testing.T) {
	b := browsertest.Start(t)
	fe := newFightEnv(t, cmdutil.FormatText)
	// A hostile name: shown as text, never run.
	if err := change(fe.env(t), File{InPlace: fe.path}, func(e *encounter.Encounter) error {
		e.Name = `<img src=x onerror="document.title='pwned'">`
		// Page 1's initiative, 8 against 3 (p. 30): the heroes' advance
		// panels come first, the Guardian's turn.
		return e.RollInitiative(encounter.Ctx{Roller: dice.NewScripted([]int{8, 3})})
	}); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, fe.env(t), fe.path)
	tab, err := b.Open(s.url)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	read := func() []string {
		t.Helper()
		v, err := browser.Eval[[]string](tab, boardJS)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	before := read()
	if before[1] != "The Guardian" || before[2] != "Page 1, advance phase" || before[3] != "guardian" || before[4] != "none" {
		t.Fatalf("the page before: %q", before)
	}
	// Wait until the page's event stream is open.
	waitPage(t, "the event stream", func() bool {
		ok, err := browser.Eval[bool](tab, `document.body.classList.contains("live")`)
		return err == nil && ok
	})

	// A mark on the window: gone if the page reloads.
	if _, err := browser.Eval[bool](tab, `window.stayed = true`); err != nil {
		t.Fatal(err)
	}
	// fight act -i FILE --actor guardian --pass, as a GM types it.
	cmd := NewCmdAct(fe.f, nil)
	cmd.SetArgs([]string{"-i", fe.path, "--actor", "guardian", "--pass"})
	cmd.SetOut(&strings.Builder{})
	if err := cmd.Execute(); err != nil {
		t.Fatalf("fight act: %v", err)
	}
	var after []string
	waitPage(t, "the next turn", func() bool {
		after = read()
		return after[0] != before[0]
	})
	if after[1] != "Nefario" || after[2] != "Page 1, losers phase" || after[3] != "nefario" {
		t.Errorf("the page after fight act: %q", after)
	}
	if stayed, err := browser.Eval[bool](tab, `window.stayed === true`); err != nil || !stayed {
		t.Errorf("the page reloaded instead of taking the new board (%v)", err)
	}
	if after[5] != "0" || after[6] != `<img src=x onerror="document.title='pwned'"> · page 1` {
		t.Errorf("the hostile name became markup: %q", after)
	}
	// The server stops: the page says it lost the connection.
	s.stop()
	waitPage(t, "the lost-connection line", func() bool { return read()[4] != "none" })
}

// waitPage polls the page until cond holds, for at most 20 seconds.
func waitPage(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20 s for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
