package playerview

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// Main is the program spandex-serve (cmd/spandex-serve): it serves the
// player view that args describe (the arguments spandex's launcher made
// of fight serve's checked settings: cmdutil.ServeConfig.Args) until
// SIGINT or SIGTERM, and returns the exit status. An error is one line
// on stderr, as spandex prints its own: exit status 2 for the user's
// input (an address that cannot be listened on), 1 for anything else.
func Main(args []string, stderr io.Writer) int {
	signal.Ignore(syscall.SIGPIPE)
	cfg, err := cmdutil.ParseServeArgs(args)
	if err == nil {
		cfg.Stderr = stderr
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		err = Serve(ctx, cfg)
	}
	if err != nil {
		fmt.Fprintln(stderr, cmdutil.ErrorLine(err.Error()))
	}
	return cmdutil.ExitCode(err)
}
