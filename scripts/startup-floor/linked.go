//go:build ignore

// The card floor with spandex linked in: built together with
// scripts/startup-floor/main.go, whose hello world it leaves as it is, it
// links every package of spandex (through cli.Main, which the benchmark
// never calls), so all their package initialisers run and the runtime sets
// up spandex's whole program (its interface tables, function tables and
// data) but no command is built or run. scripts/bench-startup.sh sets it
// between the card floor and `spandex roll`: how much of spandex's
// start-up is the size of the program, and how much the work of the
// command.
//
// Build from the repository root (uses the main module's go.mod):
//
//	go build -trimpath -ldflags='-s -w' -o startup-linked scripts/startup-floor/main.go scripts/startup-floor/linked.go
package main

import (
	"os"

	"github.com/codename-spandex/spandex/internal/cli"
)

func init() {
	if len(os.Args) > 1 && os.Args[1] == "--spandex" {
		os.Exit(cli.Main()) // never taken by the benchmark: keeps spandex linked
	}
}
