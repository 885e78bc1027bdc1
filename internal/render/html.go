package render

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"sync"

	"github.com/codename-spandex/spandex/pkg/hero"
)

//go:embed templates/style.css
var styleCSS string

//go:embed templates/*.tmpl
var templateFS embed.FS

// The templates are parsed when a page is first written, not at start-up:
// every spandex invocation links this package, few write HTML.
var (
	sheetTmpl = sync.OnceValue(func() *template.Template {
		return template.Must(template.ParseFS(templateFS, "templates/base.html.tmpl", "templates/sheet.html.tmpl"))
	})
	reportTmpl = sync.OnceValue(func() *template.Template {
		return template.Must(template.New("report").Funcs(reportFuncs).ParseFS(templateFS, "templates/base.html.tmpl", "templates/report.html.tmpl"))
	})
)

// document is what the base template needs, plus the page's own data.
type document struct {
	Title     string
	Version   string
	CSS       template.CSS
	BodyClass string
	Sheets    []sheetView
	Report    *reportView
}

// Version is written into the pages' generator tag.
var Version = "dev"

func write(w io.Writer, t *template.Template, d document) error {
	d.CSS = template.CSS(styleCSS) // the project's own stylesheet, not user input
	d.Version = Version
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "doc", d); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Sheets writes one HTML document holding the heroes' character sheets,
// one printed page each.
func Sheets(w io.Writer, heroes []*hero.Hero) error {
	d := document{Title: "Character sheets", BodyClass: "sheets"}
	if len(heroes) == 1 {
		d.Title = heroes[0].Name + " · character sheet"
	}
	for _, h := range heroes {
		d.Sheets = append(d.Sheets, newSheetView(h))
	}
	return write(w, sheetTmpl(), d)
}
