package sheet

import (
	"io"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// runHTML writes every hero of every file as one HTML document, a page
// per hero. All heroes are read first, so a bad file writes nothing.
func runHTML(opts *Options) error {
	var heroes []*hero.Hero
	err := cmdutil.EachInput(opts.Files, opts.OpenInput, func(name string, r io.Reader) error {
		return opts.DecodeHeroes(r, name, func(_ string, _ int, h *hero.Hero) error {
			heroes = append(heroes, h)
			return nil
		})
	})
	if err != nil {
		return err
	}
	if len(heroes) == 0 {
		return cmdutil.Inputf("no hero to render")
	}
	return render.Sheets(opts.IO.Out, heroes)
}
