// Package servelaunch is the released spandex's player-view server
// (cmdutil.Factory.ServePlayers): it runs the program spandex-serve with
// fight serve's checked settings, the way `git foo` runs git-foo. The
// HTTP server lives in spandex-serve (internal/playerview) so that
// spandex itself links none: net/http's server, and crypto/tls and
// HTTP/2 with it, cost every call of spandex its start-up, a roll as
// much as a fight (docs/benchmarks.md, "Start-up"). This package must
// not import net/http.
package servelaunch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// Program is the name of the server's program.
const Program = "spandex-serve"

// stopWait is how long spandex-serve has to stop after the interrupt
// before it is killed.
const stopWait = 10 * time.Second

// Serve finds spandex-serve (Find) and runs it with cfg (Run).
func Serve(ctx context.Context, cfg cmdutil.ServeConfig) error {
	exe, _ := os.Executable()
	prog, err := find(exe, exec.LookPath)
	if err != nil {
		return err
	}
	return Run(ctx, prog, cfg)
}

// ErrMissing says spandex-serve was found neither beside spandex nor on
// PATH, and how to get it.
var ErrMissing = errors.New(`fight serve needs the program ` + Program + ` beside spandex or on PATH: build both with "go build -o . ./cmd/..." or install both with "go install ./cmd/..."`)

// find is spandex-serve beside the executable exe (as named, then with
// its links resolved), else the one on PATH (lookPath), else ErrMissing.
func find(exe string, lookPath func(string) (string, error)) (string, error) {
	name := Program
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe != "" {
		dirs := []string{filepath.Dir(exe)}
		if real, err := filepath.EvalSymlinks(exe); err == nil && filepath.Dir(real) != dirs[0] {
			dirs = append(dirs, filepath.Dir(real))
		}
		for _, dir := range dirs {
			p := filepath.Join(dir, name)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return p, nil
			}
		}
	}
	if p, err := lookPath(name); err == nil {
		return p, nil
	}
	return "", ErrMissing
}

// Run runs the program prog with cfg as its arguments (cfg.Args), on
// spandex's stdin and stdout and on cfg.Stderr (spandex's stderr when
// nil), until it exits. When ctx is done (Ctrl-C, SIGTERM) prog is sent
// SIGINT (exec.Cmd.Cancel), and killed if it has not stopped within
// stopWait (WaitDelay). Its exit status is passed on: 0 is nil, any
// other a cmdutil.StatusError (prog has said why on stderr already); a
// start that fails or a death by a signal is an error of its own.
func Run(ctx context.Context, prog string, cfg cmdutil.ServeConfig) error {
	cmd := exec.CommandContext(ctx, prog, cfg.Args()...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, cfg.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill() // no SIGINT here (Windows)
		}
		return nil
	}
	cmd.WaitDelay = stopWait
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("fight serve: starting %s: %w", prog, err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee):
		if code := ee.ExitCode(); code > 0 {
			return &cmdutil.StatusError{Code: code}
		}
		return fmt.Errorf("fight serve: %s: %v", Program, ee)
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return nil // stopped with status 0 after the interrupt
	}
	return err
}
