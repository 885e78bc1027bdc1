//go:build ignore

// The card floor with spandex linked in: scripts/startup-floor's hello
// world, in a binary that also links every package of spandex (through
// cli.Main, which it never calls), so all their package initialisers run
// and the runtime sets up spandex's whole program (its interface tables,
// function tables and data) but no command is built or run.
// scripts/bench-startup.sh sets it between the card floor and `spandex
// roll`: how much of spandex's start-up is the size of the program, and
// how much the work of the command.
//
// Build from the repository root (uses the main module's go.mod):
//
//	go build -trimpath -ldflags='-s -w' -o startup-linked scripts/startup-linked/main.go
package main

import (
	"os"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/codename-spandex/spandex/internal/cli"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--spandex" {
		os.Exit(cli.Main()) // never taken by the benchmark: keeps spandex linked
	}
	root := &cobra.Command{Use: "floor", Run: func(*cobra.Command, []string) {}}
	root.SetArgs(nil)
	v := viper.New()
	v.SetDefault("hello", "hello")
	t := tablewriter.NewWriter(os.Stdout)
	_ = t
	_ = root.Execute()
	os.Stdout.WriteString(v.GetString("hello") + "\n")
}
