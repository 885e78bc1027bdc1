// Command spandex runs the Codename: Spandex superhero RPG by the book.
package main

import (
	"os"

	_ "github.com/codename-spandex/spandex/internal/linkorder" // first: see its doc

	"github.com/codename-spandex/spandex/internal/cli"
)

func main() { os.Exit(cli.Main()) }
