package fight

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// settle is how long a watcher waits after a change for the next one
// before it reads the file: a burst of events (a rename, then a chmod)
// is one change.
const settle = 50 * time.Millisecond

// watchFile calls changed after each change of the file at path until ctx
// is done. It watches the file's directory, not the file: `fight act -i`
// writes a temporary file and renames it over the old one, which a watch
// on the file itself would lose with the old file. Events on other files
// of the directory (the temporary file, the lock) are ignored; a burst of
// events within settle is one call. The watch is set up before
// watchFile returns; the calls come from its own goroutine, one at a time.
func watchFile(ctx context.Context, path string, changed func()) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	if err := w.Add(filepath.Dir(abs)); err != nil {
		w.Close()
		return cmdutil.Inputf("%s: cannot watch its directory: %v", path, err)
	}
	name := filepath.Base(abs)
	go func() {
		defer w.Close()
		var timer *time.Timer
		var fire <-chan time.Time
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if filepath.Base(ev.Name) != name {
					continue
				}
				if timer == nil {
					timer = time.NewTimer(settle)
				} else {
					timer.Reset(settle)
				}
				fire = timer.C
			case <-fire:
				fire = nil
				changed()
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
				// An overflowed event queue may have lost a change:
				// read the file again to be sure.
				changed()
			}
		}
	}()
	return nil
}

// interrupted is ctx, done also on SIGINT or SIGTERM: a long-running
// verb (fight serve, fight status --watch) stops cleanly on either.
func interrupted(ctx context.Context) (context.Context, context.CancelFunc) {
	if ctx == nil {
		ctx = context.Background()
	}
	return signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
}

// clearScreen moves the cursor home and clears the terminal.
const clearScreen = "\x1b[H\x1b[2J"

// watchStatus is fight status --watch: the board, then the board again
// on each change of the file, until SIGINT or SIGTERM (exit 0). On a
// terminal each board replaces the last (clear and redraw); on a pipe
// each is one compact JSON document a line (JSON Lines), or with -o text
// its lines and an empty line. A change that leaves the board as it was
// prints nothing. A file that cannot be read keeps the last board with a
// notice: under it on a terminal, on stderr on a pipe.
func watchStatus(opts *ViewOptions) error {
	path := opts.File.source()
	if path == "" || path == "-" {
		return cmdutil.Inputf("--watch: give the encounter as FILE (stdin does not change)")
	}
	e, err := load(opts.Env, opts.File)
	if err != nil {
		return err
	}
	env := opts.Env
	tty := env.IO.IsStdoutTTY()
	if !tty && env.Format == cmdutil.FormatJSON {
		env.Format = cmdutil.FormatJSONL
	}
	ctx, stop := interrupted(opts.ctx)
	defer stop()
	changes := make(chan struct{}, 1)
	if err := watchFile(ctx, env.Path(path), func() {
		select {
		case changes <- struct{}{}:
		default:
		}
	}); err != nil {
		return err
	}
	var out io.Writer = env.IO.Out
	flush := env.IO.Out.Commit
	if opts.watchOut != nil {
		out, flush = opts.watchOut, func() error { return nil }
	} else if err := env.IO.Out.StartStreaming(); err != nil {
		return err
	}
	var last []byte
	lastNotice := ""
	draw := func(b encounter.Board, notice string) error {
		var buf bytes.Buffer
		if err := printStatus(env, &buf, b); err != nil {
			return err
		}
		if !tty && env.Format == cmdutil.FormatText {
			buf.WriteString("\n")
		}
		if notice == lastNotice && bytes.Equal(buf.Bytes(), last) {
			return nil
		}
		board := bytes.Clone(buf.Bytes())
		if tty {
			buf.Reset()
			buf.WriteString(clearScreen)
			buf.Write(board)
			if notice != "" {
				buf.WriteString("\n" + wrap(notice, 80, "") + "\n")
			}
		} else if notice != "" {
			fmt.Fprintf(env.IO.ErrOut, "spandex: %s\n", notice)
			return nil
		}
		last, lastNotice = board, notice
		if _, err := out.Write(buf.Bytes()); err != nil {
			return err
		}
		return flush()
	}
	board := e.Status()
	if err := draw(board, ""); err != nil {
		return err
	}
	if once(opts.getenv) {
		return nil
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-changes:
		}
		notice := ""
		if e, err := load(env, File{Path: path}); err != nil {
			notice = unreadable(err)
		} else {
			board = e.Status()
		}
		if err := draw(board, notice); err != nil {
			return err
		}
	}
}

// Once, set by test builds only (internal/testhook), says whether a
// long-running verb should stop as soon as it is ready: the --help
// examples of fight serve and fight status --watch run that way.
var Once func(getenv func(string) string) bool

// once reports whether this run stops once ready (see Once).
func once(getenv func(string) string) bool { return Once != nil && Once(getenv) }

// unreadable is the notice of a file that could not be read: the error
// (which names the file), the time, and that the board is the last good
// one.
func unreadable(err error) string {
	return fmt.Sprintf("%s (at %s); showing the last good board.", oneLine(err), time.Now().Format("15:04:05"))
}
