package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	inputs "github.com/codename-spandex/spandex/internal/hostile"
	"github.com/codename-spandex/spandex/internal/proctest"
)

// The bounds every file spandex reads is held to, whatever its shape
// (README, docs/testing.md): accepted or refused with at most this peak
// resident memory and CPU time of the whole process.
const (
	maxPeakKB = 100 << 10
	maxCPU    = time.Second
)

// TestMemoryBounds runs each reader, as a process, on a file at its
// limit and on hostile ones: a hero of long summaries and one of 49,000
// events (each changed in place), a hero of 300,000 events, a stream of
// two heroes at the limit, the same for encounters (24 MB), an M&S fight
// of 80,000 effects whose end of round would double it, a 50 MB config,
// charts of 200,000 keys, a merge summary of 1,900,000 pages, and an
// undo whose revert inserts 40,000 items. Each must end with its exit
// status under maxPeakKB of peak resident memory (the child's own
// VmHWM: peakFileEnv) and maxCPU of user and system time.
func TestMemoryBounds(t *testing.T) {
	inputs.Slow(t)
	spandexPath(t)
	dir := t.TempDir()
	guardian := readFixture(t, "guardian.json")

	// Heroes.
	writeFile(t, dir, "hero-long.json", withLog(t, guardian, 240, func(b *strings.Builder, seq int) {
		b.WriteString(`{"seq":` + strconv.Itoa(seq) + `,"kind":"note","summary":"` + strings.Repeat("x", 60<<10) + `"}`)
	}))
	writeFile(t, dir, "hero-events.json", withLog(t, guardian, 49_000, smallEvent(200)))
	writeFile(t, dir, "hero-flood.json", withLog(t, guardian, 300_000, smallEvent(0)))
	line := bytes.TrimSpace(readFileT(t, filepath.Join(dir, "hero-long.json")))
	writeFile(t, dir, "heroes.jsonl", bytes.Join([][]byte{line, line}, []byte("\n")))

	// Encounters, made by fight new.
	for _, f := range []string{"guardian.json", "nefario.json"} {
		copyFixture(t, dir, f, f)
	}
	writeFile(t, dir, "f.json", mustRun(t, dir, "fight", "new", "--side", "heroes=guardian.json", "--side", "villains=nefario.json"))
	mustRun(t, dir, "fight", "initiative", "-i", "f.json", "--dice", "8,3")
	fight := readFileT(t, filepath.Join(dir, "f.json"))
	encEvent := func(summary int) func(*strings.Builder, int) {
		return func(b *strings.Builder, seq int) {
			b.WriteString(`{"seq":` + strconv.Itoa(seq) + `,"page":1,"phase":"initiative","kind":"note","panels":0,"summary":"` + strings.Repeat("s", summary) + `"}`)
		}
	}
	writeFile(t, dir, "fight-long.json", withLog(t, fight, 380, encEvent(60<<10)))
	writeFile(t, dir, "fight-events.json", withLog(t, fight, 45_000, encEvent(250)))
	writeFile(t, dir, "fight-flood.json", withLog(t, fight, 300_000, encEvent(0)))

	// An M&S fight of 80,000 ongoing effects.
	mns := filepath.Join(dir, "mns", "f.json")
	if err := os.Mkdir(filepath.Dir(mns), 0o755); err != nil {
		t.Fatal(err)
	}
	newMnsFight(t, filepath.Dir(mns))
	editJSON(t, mns, func(m map[string]any) {
		effects := make([]any, 80_000)
		for i := range effects {
			effects[i] = map[string]any{"holder": "gunman", "name": "shield " + strings.Repeat("x", i%9), "since": 0}
		}
		m["effects"] = effects
	})

	// A config of 50 MB, charts of 200,000 keys.
	writeFile(t, dir, "config.yaml", inputs.ManyKeysYAML(4_000_000, false))
	writeFile(t, dir, "charts.json", inputs.ManyKeys(200_000, false))

	// Merge summaries: a shard, and one of 1,900,000 pages.
	writeFile(t, dir, "a.json", mustRun(t, dir, "fight", "sim", "f.json", "-n", "6", "--seed", "3", "--shard", "1/2", "-o", "json"))
	summary := readFileT(t, filepath.Join(dir, "a.json"))
	var m map[string]json.RawMessage
	if err := json.Unmarshal(summary, &m); err != nil {
		t.Fatal(err)
	}
	m["pages"] = json.RawMessage("[" + strings.TrimSuffix(strings.Repeat(`{"a":1},`, 1_900_000), ",") + "]")
	writeFile(t, dir, "b.json", marshalT(t, m))

	// An undo whose revert inserts 40,000 items of equipment.
	var ops strings.Builder
	ops.WriteString("[")
	for i := range 40_000 {
		if i > 0 {
			ops.WriteByte(',')
		}
		ops.WriteString(`{"op":"add","path":"/equipment/0","value":{"name":"e` + strconv.Itoa(i) + `"}}`)
	}
	ops.WriteString("]")
	writeFile(t, dir, "hero-undo.json", withLog(t, guardian, 2, func(b *strings.Builder, seq int) {
		b.WriteString(`{"seq":` + strconv.Itoa(seq) + `,"kind":"note","summary":"s"`)
		if seq == 2 {
			b.WriteString(`,"revert":{"from":2,"patch":` + ops.String() + `}`)
		}
		b.WriteString(`}`)
	}))

	cases := []struct {
		name string
		code int
		args []string
	}{
		{"a hero of long summaries, changed", 0, []string{"profile", "set", "-i", "hero-long.json", "heroism=4"}},
		{"a hero of 49,000 events, changed", 0, []string{"profile", "set", "-i", "hero-events.json", "heroism=4"}},
		{"a hero of 300,000 events", 2, []string{"profile", "set", "-i", "hero-flood.json", "heroism=4"}},
		{"a stream of two heroes at the limit", 0, []string{"hero", "check", "heroes.jsonl"}},
		{"an encounter of long summaries, changed", 0, []string{"fight", "adjust", "-i", "fight-long.json", "--on", "guardian", "--health", "-1"}},
		{"an encounter of 45,000 events, changed", 0, []string{"fight", "adjust", "-i", "fight-events.json", "--on", "guardian", "--health", "-1"}},
		{"an encounter of 300,000 events", 2, []string{"fight", "status", "fight-flood.json"}},
		{"an M&S fight whose end of round would double it", 2, []string{"mns", "end-round", "-i", "mns/f.json"}},
		{"a 50 MB config", 2, []string{"--config", "config.yaml", "roll", "1d6"}},
		{"charts of 200,000 keys", 2, []string{"mns", "act", "-i", "mns/f.json", "--actor", "lariat", "--attack", "gunman", "--weapon", "fist", "--charts", "charts.json", "--dice", "3"}},
		{"a summary of 1,900,000 pages", 2, []string{"fight", "sim", "merge", "a.json", "b.json"}},
		{"an undo inserting 40,000 items", 0, []string{"hero", "undo", "-i", "hero-undo.json"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, stderr, kb, cpu := measure(t, dir, tc.args...)
			if code != tc.code {
				t.Errorf("%v: exit %d, want %d (stderr %.300q)", tc.args, code, tc.code, stderr)
			}
			if kb > maxPeakKB {
				t.Errorf("%v: peak %d MB resident (bound %d MB)", tc.args, kb>>10, maxPeakKB>>20)
			}
			if cpu > maxCPU {
				t.Errorf("%v: %v of CPU (bound %v)", tc.args, cpu, maxCPU)
			}
			t.Logf("%v: exit %d, %d MB, %v", tc.args, code, kb>>10, cpu.Round(time.Millisecond))
		})
	}
}

// measure runs spandex in dir and returns its exit status, stderr, peak
// resident memory in KB (peakFileEnv) and CPU time (user and system).
func measure(t *testing.T, dir string, args ...string) (int, string, int, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	peak := filepath.Join(t.TempDir(), "peak")
	cmd := exec.CommandContext(ctx, spandexPath(t), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, ".config"), "HOME="+dir, peakFileEnv+"="+peak)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after 60 s (killed)", args)
	}
	var cpu time.Duration
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return proctest.ExitCode(err), stderr.String(), peakKB(t, peak), cpu
}

// smallEvent is a hero log event with a summary of n bytes.
func smallEvent(n int) func(*strings.Builder, int) {
	s := strings.Repeat("s", n)
	return func(b *strings.Builder, seq int) {
		b.WriteString(`{"seq":` + strconv.Itoa(seq) + `,"kind":"note","summary":"` + s + `"}`)
	}
}

// withLog is the file doc (an object with a "log") with a log of n events
// written by event (seq from 1), compact.
func withLog(t *testing.T, doc []byte, n int, event func(*strings.Builder, int)) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		event(&b, i+1)
	}
	b.WriteString("]")
	m["log"] = json.RawMessage(b.String())
	return marshalT(t, m)
}

func marshalT(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	return readFileT(t, filepath.Join(heroesDir, name))
}

func readFileT(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWritesStayWithinTheReadLimit: a change that would make a file
// larger than spandex reads back, or its log longer, is refused with the
// file as it was (hostile checks it), on stdout too: a hero 200 bytes
// under 16 MB, a hero of 50,000 events, an encounter 200 bytes under
// 24 MB, and fight new of two heroes of 15 MB (refused reading the
// second: the files a command reads into one encounter are held to its
// limit together).
func TestWritesStayWithinTheReadLimit(t *testing.T) {
	inputs.Slow(t)
	spandexPath(t)
	dir := t.TempDir()
	guardian := readFixture(t, "guardian.json")
	heroEvent := func(b *strings.Builder, seq, n int) {
		b.WriteString(`{"seq":` + strconv.Itoa(seq) + `,"kind":"note","summary":"` + strings.Repeat("x", n) + `"}`)
	}
	writeFile(t, dir, "full.json", fillTo(t, guardian, 16<<20-200, heroEvent))
	hostile(t, dir, 2, `^spandex: full\.json: the changed file would be 16\.[0-9] MB, larger than the 16\.0 MB spandex reads; not writing it$`,
		"profile", "set", "-i", "full.json", "heroism=4")
	hostile(t, dir, 2, `^spandex: stdout: the changed file would be 16\.[0-9] MB, larger than the 16\.0 MB spandex reads; not writing it$`,
		"profile", "set", "full.json", "heroism=4")
	writeFile(t, dir, "log.json", withLog(t, guardian, 50_000, smallEvent(0)))
	hostile(t, dir, 2, `^spandex: log\.json: \$\.log: the log is full \(50000 events, the most a hero file holds\); start a new file$`,
		"profile", "set", "-i", "log.json", "heroism=4")

	for _, f := range []string{"guardian.json", "nefario.json"} {
		copyFixture(t, dir, f, f)
	}
	writeFile(t, dir, "f.json", mustRun(t, dir, "fight", "new", "--side", "heroes=guardian.json", "--side", "villains=nefario.json"))
	mustRun(t, dir, "fight", "initiative", "-i", "f.json", "--dice", "8,3")
	fight := readFileT(t, filepath.Join(dir, "f.json"))
	writeFile(t, dir, "f.json", fillTo(t, fight, 24<<20-200, func(b *strings.Builder, seq, n int) {
		b.WriteString(`{"seq":` + strconv.Itoa(seq) + `,"page":1,"phase":"initiative","kind":"note","panels":0,"summary":"` + strings.Repeat("s", n) + `"}`)
	}))
	hostile(t, dir, 2, `^spandex: f\.json: the changed file would be 24\.[0-9] MB, larger than the 24\.0 MB spandex reads; not writing it$`,
		"fight", "adjust", "-i", "f.json", "--on", "guardian", "--health", "-1")

	line := fillTo(t, guardian, 15<<20, heroEvent)
	writeFile(t, dir, "a.json", line)
	writeFile(t, dir, "b.json", bytes.Replace(line, []byte(`"The Guardian"`), []byte(`"The Other"`), 1))
	hostile(t, dir, 2, `^spandex: b\.json: with the 15\.0 MB of hero files read before it, more than the 24\.0 MB an encounter holds$`,
		"fight", "new", "--side", "heroes=a.json", "--side", "villains=b.json")
}

// fillTo is doc with a log of events of 64,000-byte summaries (event
// writes one: seq, summary length), the last one shorter, making the
// file exactly size bytes.
func fillTo(t *testing.T, doc []byte, size int, event func(b *strings.Builder, seq, n int)) []byte {
	t.Helper()
	const long = 64_000
	build := func(full, last int) []byte {
		return withLog(t, doc, full+1, func(b *strings.Builder, seq int) {
			n := long
			if seq == full+1 {
				n = last
			}
			event(b, seq, n)
		})
	}
	per := len(build(1, 0)) - len(build(0, 0))
	full := (size - len(build(0, 0))) / per
	data := build(full, 0)
	data = build(full, size-len(data))
	if len(data) != size {
		t.Fatalf("filled to %d bytes, not %d", len(data), size)
	}
	return data
}
