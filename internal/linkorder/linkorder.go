// Package linkorder holds no code: imported by cmd/spandex ahead of the
// command tree, it lays the libraries whose package initialisers run on
// every call out at the front of the binary.
//
// Go's linker lays a program's code out package by package, in the order
// a depth-first walk of the imports from main first finishes them. So the
// libraries imported here, and the standard packages they bring, come
// before spandex's own packages, and the initialisers that run at every
// start-up share pages instead of being scattered through spandex's 2 MB
// of rules code: the kernel maps fewer pages, which is about 2 % of
// `spandex roll`'s start-up (docs/benchmarks.md, "Start-up").
// TestLinkOrder fails, naming the package, when an initialiser outside
// spandex lands behind spandex's code; add that package (or the library
// that brings it) here.
package linkorder

import (
	_ "os/signal"

	_ "github.com/jedib0t/go-pretty/v6/progress"
	_ "github.com/olekukonko/tablewriter"
	_ "github.com/spf13/cobra"
	_ "github.com/spf13/viper"
	_ "maragu.dev/gomponents" // its void-element map is built at start-up
)
