package render

import (
	"bytes"
	_ "embed"
	"io"

	g "maragu.dev/gomponents"

	"github.com/codename-spandex/spandex/pkg/hero"
)

//go:embed templates/style.css
var styleCSS string

// Version is written into the pages' generator tag.
var Version = "dev"

// write renders a page into w, in one write.
func write(w io.Writer, page g.Node) error {
	var b bytes.Buffer
	if err := page.Render(&b); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Sheets writes one HTML document holding the heroes' character sheets,
// one printed page each, whatever the hero files hold: a long value is
// cut short with "…", and a list too long for the page goes on to a
// continuation page of its own that says so.
func Sheets(w io.Writer, heroes []*hero.Hero) error {
	title := "Character sheets"
	if len(heroes) == 1 {
		title = cut(heroes[0].Name, maxName) + " · character sheet"
	}
	var sheets g.Group
	for _, h := range heroes {
		for _, v := range paginate(newSheetView(h)) {
			sheets = append(sheets, sheetNode(&v))
		}
	}
	return write(w, document(title, "sheets", sheets))
}
