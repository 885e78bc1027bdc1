// Command spandex runs the Codename: Spandex superhero RPG by the book.
package main

import (
	"os"

	"github.com/codename-spandex/spandex/internal/cli"
)

func main() { os.Exit(cli.Main()) }
