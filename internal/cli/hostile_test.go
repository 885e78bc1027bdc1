package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	inputs "github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/internal/proctest"
)

// A hostile file (or a hostile -i target) costs nothing: every refusal
// is one line on stderr, the right exit status, nothing on stdout, the
// file byte for byte as it was and no temporary file left, in well
// under a second and 100 MB.

// hostile runs spandex in dir and checks a refusal: exit status code,
// one stderr line matching want, no stdout, every file of dir unchanged,
// and the time and memory bounds.
func hostile(t *testing.T, dir string, code int, want string, args ...string) {
	t.Helper()
	before := snapshotDir(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := spandex(t, dir, args...)
	cmd = exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	cmd.Dir = dir
	peak := filepath.Join(t.TempDir(), "peak")
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, ".config"), "HOME="+dir, peakFileEnv+"="+peak)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after 20 s (killed)", args)
	}
	if got := proctest.ExitCode(err); got != code {
		t.Errorf("%v: exit %d, want %d (stderr %q)", args, got, code, stderr.String())
	}
	line := strings.TrimSuffix(stderr.String(), "\n")
	if strings.Contains(line, "\n") || len(line) > 300 || !regexp.MustCompile(want).MatchString(line) {
		t.Errorf("%v: stderr %q, want one line (<= 300 chars) matching %q", args, stderr.String(), want)
	}
	if stdout.Len() != 0 {
		t.Errorf("%v: stdout %q", args, stdout.String())
	}
	// The test binary runs as spandex and is slower to start than the
	// release one; the bound is loose for a loaded shared machine (each
	// case took 8 s or more on a quiet one before its fix).
	if took > 5*time.Second {
		t.Errorf("%v: took %v", args, took)
	}
	if kb := peakKB(t, peak); kb > 100<<10 {
		t.Errorf("%v: %d MB resident", args, kb>>10)
	}
	after := snapshotDir(t, dir)
	for name, b := range before {
		if !bytes.Equal(after[name], b) {
			t.Errorf("%v: %s changed", args, name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%v: left %s", args, name)
		}
	}
}

// snapshotDir reads every regular file of dir (not following links).
func snapshotDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			out[e.Name()] = []byte(e.Type().String())
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

func mustRun(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := spandex(t, dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v: %s", args, err, stderr.String())
	}
	return out
}

// editJSON rewrites a JSON file through fn (members in Go's order).
func editJSON(t *testing.T, path string, fn func(m map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	fn(m)
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendEvent(m map[string]any, ev map[string]any) {
	log, _ := m["log"].([]any)
	m["log"] = append(log, ev)
}

// TestForgedUndoSpansRefused: an undo event that claims to have taken
// back events 1 to 30,000,000 (it made hero undo take 8.7 s and 1.3 GB,
// and fight log over 10 s) is refused when the file is read, naming it.
func TestForgedUndoSpansRefused(t *testing.T) {
	dir := t.TempDir()
	copyFixture(t, dir, "guardian.json", "g.json")
	mustRun(t, dir, "profile", "set", "-i", "g.json", "heroism=4")
	forged := map[string]any{"seq": 2, "kind": "undo", "summary": "undo",
		"details": map[string]any{"undone": []any{map[string]any{"from": 1, "to": 30_000_000}}, "to": 0}}
	editJSON(t, filepath.Join(dir, "g.json"), func(m map[string]any) { appendEvent(m, forged) })
	want := `^spandex: g\.json: \$\.log\[1\]: undo covers events 1-30000000, but the log has event`
	hostile(t, dir, 2, want, "hero", "undo", "-i", "g.json")
	hostile(t, dir, 2, want, "hero", "undo", "-i", "g.json", "--to", "1")
	hostile(t, dir, 2, want, "profile", "set", "-i", "g.json", "heroism=3")

	// An encounter: the same forgery in its log stops fight undo and
	// fight log.
	for _, f := range []string{"guardian.json", "nefario.json"} {
		copyFixture(t, dir, f, f)
	}
	enc := mustRun(t, dir, "fight", "new", "--side", "heroes=guardian.json", "--side", "villains=nefario.json")
	if err := os.WriteFile(filepath.Join(dir, "f.json"), enc, 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, "fight", "initiative", "-i", "f.json", "--dice", "8,3")
	forged["seq"] = 3
	editJSON(t, filepath.Join(dir, "f.json"), func(m map[string]any) { appendEvent(m, forged) })
	want = `^spandex: f\.json: \$\.log\[2\]: undo covers events 1-30000000, but the log has events 1-2 before it$`
	hostile(t, dir, 2, want, "fight", "undo", "-i", "f.json")
	hostile(t, dir, 2, want, "fight", "log", "f.json")
}

// TestUndoAfterHandEditRefused: a hand edit since the change is not
// silently put back (an edited stamina of 10 came back as the old value);
// the undo is refused naming the path.
func TestUndoAfterHandEditRefused(t *testing.T) {
	dir := t.TempDir()
	copyFixture(t, dir, "guardian.json", "g.json")
	copyFixture(t, dir, "nefario.json", "nefario.json")
	mustRun(t, dir, "attack", "--attacker", "nefario.json", "-i", "g.json", "--with", "staff-blast", "--dice", "16,3,5,5,4,4,3,1,6,6,4,2")
	editJSON(t, filepath.Join(dir, "g.json"), func(m map[string]any) {
		m["stamina"].(map[string]any)["current"] = 10
	})
	hostile(t, dir, 2, `^spandex: event 1: \$\.stamina\.current has changed since \(edited by hand\?\); undoing would put the old value back over it, so nothing is undone$`,
		"hero", "undo", "-i", "g.json")
}

// TestInPlaceTargets: -i through a symbolic link writes the file it
// names and keeps the link; a named pipe or a device is refused at once
// (a named pipe hung; a device was replaced), exit 2; a read-only file
// is not the input's fault, exit 1.
func TestInPlaceTargets(t *testing.T) {
	dir := t.TempDir()
	other := t.TempDir()
	real := copyFixture(t, other, "guardian.json", "g.json")
	if err := os.Symlink(real, filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, "profile", "set", "-i", "link.json", "heroism=4")
	if st, err := os.Lstat(filepath.Join(dir, "link.json")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a file: %v", err)
	}
	if n := logLen(t, real); n != 1 {
		t.Errorf("the link's target has %d events, want 1", n)
	}

	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	hostile(t, dir, 2, `^spandex: fifo\.json: a named pipe, not a regular file; only a regular file is rewritten in place$`,
		"profile", "set", "-i", "fifo.json", "heroism=4")
	if err := os.Symlink("fifo.json", filepath.Join(dir, "tofifo.json")); err != nil {
		t.Fatal(err)
	}
	hostile(t, dir, 2, `^spandex: tofifo\.json: a named pipe`, "hero", "undo", "-i", "tofifo.json")
	if os.Geteuid() == 0 {
		// A private null device: the real /dev/null is not put at risk.
		if err := syscall.Mknod(filepath.Join(dir, "null"), syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
			hostile(t, dir, 2, `^spandex: null: a device, not a regular file`, "profile", "set", "-i", "null", "heroism=4")
		}
	}

	copyFixture(t, dir, "guardian.json", "ro.json")
	if err := os.Chmod(filepath.Join(dir, "ro.json"), 0o444); err != nil {
		t.Fatal(err)
	}
	hostile(t, dir, 1, `^spandex: ro\.json: read-only \(mode 0444\): not replacing it \(chmod u\+w to allow\)$`,
		"profile", "set", "-i", "ro.json", "heroism=4")
}

const (
	mnsA = `{"schema": 1, "combatants": [{"id": "lariat", "name": "Lariat", "side": "heroes", "attack": 6, "defense": 5, "combat_roll": 10, "pool": 2, "vp": 40, "dp": 12, "ignore_damage": 1, "skin_temper": 1, "agility": 6, "strength": 4, "perception": 12, "learning": 5, "weapons": []}]}`
	mnsB = `{"schema": 1, "combatants": [{"id": "gunman", "name": "Gunman", "side": "thugs", "attack": 4, "defense": 2, "combat_roll": 9, "pool": 0, "vp": 20, "dp": 8, "ignore_damage": 0, "skin_temper": 1, "agility": 3, "strength": 3, "perception": 8, "learning": 3, "throwback": 12, "weapons": []}]}`
)

// newMnsFight writes a two-combatant M&S fight, f.json, in dir.
func newMnsFight(t *testing.T, dir string) string {
	t.Helper()
	for name, s := range map[string]string{"a.json": mnsA, "b.json": mnsB} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, "f.json")
	if err := os.WriteFile(p, mustRun(t, dir, "mns", "new", "a.json", "b.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMnsClockBounded: surprise of 24,000,000 segments on everyone then
// one act wrote 500,000 payment events (219 MB, a file spandex then
// refused to read) in 9.6 s and 2.1 GB. Segment values are bounded to an
// hour of fighting (p. the chapter's Time: 250 segments a minute), and a
// move of the clock that would log more reminders than a file holds is
// refused.
func TestMnsClockBounded(t *testing.T) {
	dir := t.TempDir()
	newMnsFight(t, dir)
	hostile(t, dir, 2, `^spandex: --segments 24000000: give 0 to 15000 \(an hour of fighting\)$`,
		"mns", "surprise", "-i", "f.json", "--on", "lariat", "--segments", "24000000")
	mustRun(t, dir, "mns", "surprise", "-i", "f.json", "--on", "lariat", "--segments", "15000")
	hostile(t, dir, 2, `^spandex: --segments 15001: give 0 to 15000`,
		"mns", "surprise", "-i", "f.json", "--on", "gunman", "--segments", "15001")

	// A hand-made file: 4,000 ongoing effects, the clock moved 100
	// rounds at once.
	editJSON(t, filepath.Join(dir, "f.json"), func(m map[string]any) {
		effects := make([]any, 4000)
		for i := range effects {
			effects[i] = map[string]any{"holder": "gunman", "name": "shield " + strings.Repeat("x", i%7), "since": 0}
		}
		m["effects"] = effects
		for _, c := range m["combatants"].([]any) {
			c.(map[string]any)["surprised_until"] = 0
		}
		m["combatants"].([]any)[1].(map[string]any)["surprised_until"] = 5000
	})
	hostile(t, dir, 2, `^spandex: moving the clock from segment 0 to 5000 passes 100 payment segments, each listing 4000 ongoing effects: more than 100000 reminders`,
		"mns", "act", "-i", "f.json", "--actor", "gunman", "--other", "wait", "--time", "1")
}

// TestMnsEndRoundLinear: end-round with 20,000 ongoing effects (2.4 to
// 4.5 s: the reminder was built by repeated concatenation) dropping
// 5,000 of them in one command.
func TestMnsEndRoundLinear(t *testing.T) {
	inputs.Slow(t)
	dir := t.TempDir()
	newMnsFight(t, dir)
	editJSON(t, filepath.Join(dir, "f.json"), func(m map[string]any) {
		effects := make([]any, 20_000)
		for i := range effects {
			effects[i] = map[string]any{"holder": "gunman", "name": "shield-" + strings.Repeat("x", 1+i%50) + string(rune('a'+i%26)), "since": 0}
		}
		m["effects"] = effects
	})
	args := []string{"mns", "end-round", "-i", "f.json"}
	for i := 0; i < 5000; i++ {
		args = append(args, "--drop", "gunman:shield-"+strings.Repeat("x", 1+i%50)+string(rune('a'+i%26)))
	}
	// The time is pkg/mns's TestEndRoundLinearInEffects's to check, away
	// from the cost of starting the test binary on a loaded machine.
	mustRun(t, dir, args...)
	data, err := os.ReadFile(filepath.Join(dir, "f.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Effects []any `json:"effects"`
	}
	if err := json.Unmarshal(data, &m); err != nil || len(m.Effects) != 15_000 {
		t.Fatalf("%d effects left, want 15000 (%v)", len(m.Effects), err)
	}
}

// TestNoFileLargerThanSpandexReads: a change that would make a file
// larger than spandex reads back (an M&S encounter of 80,000 ongoing
// effects whose payment reminder doubles it past 16 MB) is refused with
// nothing written, instead of leaving a file every later verb refuses.
func TestNoFileLargerThanSpandexReads(t *testing.T) {
	if testing.Short() {
		t.Skip("a hostile input of tens of MB: not with -short")
	}
	dir := t.TempDir()
	p := newMnsFight(t, dir)
	editJSON(t, p, func(m map[string]any) {
		effects := make([]any, 80_000)
		for i := range effects {
			effects[i] = map[string]any{"holder": "gunman", "name": "shield " + strings.Repeat("x", i%9), "since": 0}
		}
		m["effects"] = effects
	})
	before, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	cmd := spandex(t, dir, "mns", "end-round", "-i", "f.json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	want := regexp.MustCompile(`^spandex: f\.json: the changed file would be [0-9.]+ MB, larger than the 16\.0 MB spandex reads; not writing it\n$`)
	if proctest.ExitCode(err) != 2 || !want.MatchString(stderr.String()) || stdout.Len() != 0 {
		t.Fatalf("exit %d, stderr %q, stdout %d bytes", proctest.ExitCode(err), stderr.String(), stdout.Len())
	}
	after, _ := os.ReadFile(p)
	if !bytes.Equal(before, after) {
		t.Error("the file changed")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".f.json.tmp-*")); len(m) != 0 {
		t.Errorf("left %v", m)
	}
}

// TestOddsTotalWorkCapped: eight expressions each just under the limit
// of one (70d100kh35) ran one after another, past 3 s; they are refused
// at once, naming the one that crosses the budget.
func TestOddsTotalWorkCapped(t *testing.T) {
	dir := t.TempDir()
	args := []string{"roll", "--odds"}
	for range 8 {
		args = append(args, "70d100kh35")
	}
	hostile(t, dir, 2, `^spandex: odds of 70d100kh35: with the 1 expressions before it, too large to compute exactly`, args...)
}

// peakKB reads the peak resident memory, in KB, that the spandex child
// wrote to the file p (peakFileEnv); 0 where /proc is missing.
func peakKB(t *testing.T, p string) int {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		t.Fatalf("peak file %q", b)
	}
	kb, err := strconv.Atoi(f[1])
	if err != nil {
		t.Fatal(err)
	}
	return kb
}

// TestAutoTotalWorkCapped: two heroes that cannot take each other down (a
// billion health each, written by hand from final figures, so nothing
// cross-checks them) once played 100,000 steps in 9.4 s and 586 MB; a
// run is now at most encounter.MaxAutoSteps steps, in bounded time and
// memory, and a larger --max-steps is refused at once.
func TestAutoTotalWorkCapped(t *testing.T) {
	inputs.Slow(t)
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "heroes", "nefario.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		p := filepath.Join(dir, name+".json")
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		editJSON(t, p, func(m map[string]any) {
			m["name"] = name
			m["abilities"].(map[string]any)["base"] = map[string]any{}
			m["health"] = map[string]any{"max": 1_000_000_000, "current": 1_000_000_000, "battered": 0}
			m["stamina"] = map[string]any{"max": 1_000_000_000, "current": 1_000_000_000, "dazed": 0, "stunned": 0}
		})
	}
	enc := mustRun(t, dir, "fight", "new", "--side", "x=a.json", "--side", "y=b.json")
	if err := os.WriteFile(filepath.Join(dir, "f.json"), enc, 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, "fight", "initiative", "-i", "f.json", "--seed", "1")
	hostile(t, dir, 2, `^spandex: --max-steps: 100000 is outside 1-5000$`, "fight", "auto", "-i", "f.json", "--seed", "1", "--max-steps", "100000")
	hostile(t, dir, 1, `^spandex: the autopilot stopped after 5000 steps without finishing`, "fight", "auto", "-i", "f.json", "--seed", "1", "--max-steps", "5000")
}
