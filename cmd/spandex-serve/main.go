// Command spandex-serve is the HTTP server of `spandex fight serve`, the
// players' read-only view of a fight: spandex checks the file and the
// flags, then runs spandex-serve (found beside spandex, else on PATH)
// with the settings as arguments, the way `git foo` runs git-foo. It is
// a program of its own so that spandex links no HTTP server, which would
// cost every call of spandex its start-up (docs/architecture.md;
// docs/benchmarks.md, "Start-up").
//
// It is not meant to be run by hand: its arguments are an internal
// protocol between the spandex and spandex-serve of one release
// (cmdutil.ServeConfig.Args). Errors are one line on stderr, exit
// status 2 for the user's input (an address that cannot be listened
// on), 1 for anything else; SIGINT or SIGTERM stops it cleanly (0).
package main

import (
	"os"

	"github.com/codename-spandex/spandex/internal/playerview"
)

func main() { os.Exit(playerview.Main(os.Args[1:], os.Stderr)) }
