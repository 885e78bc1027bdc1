//go:build ignore

// The card floor: a hello world that links the design card's libraries
// (cobra, viper and tablewriter, at the versions pinned in go.mod) and
// touches each, so the linker keeps them and all their package initialisers
// run. No binary of spandex's design can start faster than this; it is the
// peer scripts/bench-startup.sh measures spandex's own start-up against.
//
// Build from the repository root (uses the main module's go.mod):
//
//	go build -trimpath -ldflags='-s -w' -o startup-floor scripts/startup-floor/main.go
package main

import (
	"os"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

func main() {
	root := &cobra.Command{Use: "floor", Run: func(*cobra.Command, []string) {}}
	root.SetArgs(nil)
	v := viper.New()
	v.SetDefault("hello", "hello")
	t := tablewriter.NewWriter(os.Stdout)
	_ = t
	_ = root.Execute()
	os.Stdout.WriteString(v.GetString("hello") + "\n")
}
