package render

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"sync"

	"github.com/codename-spandex/spandex/pkg/hero"
)

// The pages are html/template templates (templates/*.html.tmpl), so
// every value from a file is escaped for the context it lands in: no
// markup is written by hand. They are parsed on first use, not when the
// program starts: most invocations print no HTML.

//go:embed templates/style.css
var styleCSS string

//go:embed templates/*.html.tmpl
var templateFS embed.FS

// document is what every page has, around the page's own body.
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

// parse parses the base document with one page's body.
func parse(body string, funcs template.FuncMap) *template.Template {
	return template.Must(template.New("doc").Funcs(funcs).ParseFS(templateFS, "templates/base.html.tmpl", "templates/"+body))
}

var (
	sheetTemplate  = sync.OnceValue(func() *template.Template { return parse("sheet.html.tmpl", nil) })
	reportTemplate = sync.OnceValue(func() *template.Template {
		return parse("report.html.tmpl", template.FuncMap{"sub": func(a, b int) int { return a - b }})
	})
)

// write executes t for d into w, in one write.
func write(w io.Writer, t *template.Template, d document) error {
	d.Version, d.CSS = Version, template.CSS(styleCSS) // the project's own stylesheet
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "doc", d); err != nil {
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
	d := document{Title: "Character sheets", BodyClass: "sheets"}
	if len(heroes) == 1 {
		d.Title = cut(heroes[0].Name, maxName) + " · character sheet"
	}
	d.Sheets = make([]sheetView, 0, len(heroes))
	for _, h := range heroes {
		d.Sheets = append(d.Sheets, paginate(newSheetView(h))...)
	}
	return write(w, sheetTemplate(), d)
}
