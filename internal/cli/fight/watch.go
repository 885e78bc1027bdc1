package fight

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/filewatch"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// settle is how long a watcher waits after a change before it reads the
// file (filewatch.Settle).
const settle = filewatch.Settle

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
	if err := filewatch.Watch(ctx, env.Path(path), func() {
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
			notice = filewatch.Unreadable(err)
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
