package render

import (
	_ "embed"
	"io"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/pkg/hero"
)

//go:embed templates/style.css
var styleCSS string

// The pages are written by plain Go code (sheet.go, report.go) rather
// than html/template: every spandex invocation links this package, and
// html/template's reflective method calls stop the linker from dropping
// unused methods program-wide (net/http, crypto/tls and more came along;
// the binary was half as big again). The templates the pages were first
// written in are kept in testdata/templates, and a test holds this code
// to them byte for byte.

// document is what every page has, around the page's own body.
type document struct {
	Title     string
	BodyClass string
}

// Version is written into the pages' generator tag.
var Version = "dev"

// page accumulates an HTML document. Every value from outside the
// project is written with text, which escapes it exactly as
// html/template escapes text and quoted attribute values.
type page struct {
	strings.Builder
}

// raw writes markup of the project's own.
func (p *page) raw(s string) { p.WriteString(s) }

// htmlEscapes is html/template's replacement table for text and quoted
// attribute values (NUL becomes U+FFFD).
var htmlEscapes = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// text writes s escaped.
func (p *page) text(s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if int(c) < len(htmlEscapes) && htmlEscapes[c] != "" {
			p.WriteString(s[last:i])
			p.WriteString(htmlEscapes[c])
			last = i + 1
		}
	}
	p.WriteString(s[last:])
}

// int writes a number.
func (p *page) int(n int) {
	var b [20]byte
	p.Write(strconv.AppendInt(b[:0], int64(n), 10))
}

// float1 writes a number with one decimal ("%.1f").
func (p *page) float1(f float64) {
	var b [32]byte
	p.Write(strconv.AppendFloat(b[:0], f, 'f', 1, 64))
}

// joined writes the items escaped, separated by "; ".
func (p *page) joined(items []string) {
	for i, s := range items {
		if i > 0 {
			p.raw("; ")
		}
		p.text(s)
	}
}

func write(w io.Writer, d document, body func(*page)) error {
	var p page
	p.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"spandex ")
	p.text(Version)
	p.raw("\">\n<title>")
	p.text(d.Title)
	p.raw("</title>\n<style>\n")
	p.raw(styleCSS) // the project's own stylesheet, not user input
	p.raw("\n</style>\n</head>\n<body class=\"")
	p.text(d.BodyClass)
	p.raw("\">\n")
	body(&p)
	p.raw("\n</body>\n</html>\n")
	_, err := io.WriteString(w, p.String())
	return err
}

// Sheets writes one HTML document holding the heroes' character sheets,
// one printed page each.
func Sheets(w io.Writer, heroes []*hero.Hero) error {
	d := document{Title: "Character sheets", BodyClass: "sheets"}
	if len(heroes) == 1 {
		d.Title = heroes[0].Name + " · character sheet"
	}
	sheets := make([]sheetView, 0, len(heroes))
	for _, h := range heroes {
		sheets = append(sheets, newSheetView(h))
	}
	return write(w, d, func(p *page) { writeSheets(p, sheets) })
}
