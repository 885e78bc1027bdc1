// Package browser drives a headless Chromium (Debian's chromium package)
// through the DevTools protocol with chromedp: it loads a spandex HTML
// page, prints it to PDF, screenshots it and measures its layout. The
// browser test of the HTML output and the docs generator's screenshot use
// it; nothing in the spandex binary does.
package browser

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// ErrNotFound: no Chromium on this machine.
var ErrNotFound = errors.New("no chromium browser found (install the Debian package chromium, or set SPANDEX_CHROMIUM)")

// Find returns the browser to run: $SPANDEX_CHROMIUM, else the first of
// chromium, chromium-browser, google-chrome on PATH.
func Find() (string, error) {
	if p := os.Getenv("SPANDEX_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNotFound
}

// Paper is a sheet of paper, in inches.
type Paper struct {
	Name          string
	Width, Height float64
}

// The two papers a character sheet must fit.
var (
	A4     = Paper{"A4", 210 / 25.4, 297 / 25.4}
	Letter = Paper{"Letter", 8.5, 11}
)

// The page margins the stylesheet asks for (@page { margin: 10mm 12mm }),
// in inches. Printing passes them too, so the PDF is the same whether or
// not the browser honours the stylesheet's @page.
const (
	MarginV = 10 / 25.4
	MarginH = 12 / 25.4
)

// Printable is the paper's area inside the margins, in CSS pixels (96 to
// the inch).
func (p Paper) Printable() (w, h float64) {
	return (p.Width - 2*MarginH) * 96, (p.Height - 2*MarginV) * 96
}

// Browser is one headless browser.
type Browser struct {
	ctx    context.Context
	cancel func()
	dir    string
}

// Start runs the browser at path. Close it when done.
func Start(ctx context.Context, path string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "spandex-browser-")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // CI runs as root
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
	)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	b := &Browser{ctx: bctx, cancel: func() { bcancel(); acancel() }, dir: dir}
	// Start the browser now, so a broken install fails here.
	if err := chromedp.Do(bctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	return b, nil
}

// Close stops the browser and removes its files.
func (b *Browser) Close() {
	b.cancel()
	os.RemoveAll(b.dir)
}

// Load opens an HTML document in a new tab; close the tab when done.
func (b *Browser) Load(html []byte) (*Tab, error) {
	f, err := os.CreateTemp(b.dir, "page-*.html")
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(html); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	ctx, cancel := chromedp.NewContext(b.ctx)
	t := &Tab{ctx: ctx, cancel: cancel}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+f.Name())); err != nil {
		cancel()
		return nil, err
	}
	return t, nil
}

// Open opens a URL in a new tab (a page served by spandex itself, such
// as fight serve's player view); close the tab when done.
func (b *Browser) Open(url string) (*Tab, error) {
	ctx, cancel := chromedp.NewContext(b.ctx)
	t := &Tab{ctx: ctx, cancel: cancel}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		cancel()
		return nil, err
	}
	return t, nil
}

// Tab is one loaded page.
type Tab struct {
	ctx    context.Context
	cancel func()
}

// Close closes the tab.
func (t *Tab) Close() { t.cancel() }

// PDF prints the page on the paper, backgrounds included, with the
// stylesheet's margins.
func (t *Tab) PDF(p Paper) ([]byte, error) {
	return chromedp.Run(t.ctx, chromedp.PrintToPDF(
		chromedp.PDFPaper(chromedp.PaperSize{Width: p.Width, Height: p.Height}),
		chromedp.PDFMargins(MarginV, MarginH, MarginV, MarginH),
		chromedp.PDFPrintBackground(),
	))
}

// Media emulates a CSS media type ("print", "screen") and sets the
// viewport's width in CSS pixels (the height follows the content).
func (t *Tab) Media(media string, width int) error { return t.MediaAt(media, width, 1) }

// MediaAt is Media with a device scale factor (2: twice the pixels in a
// screenshot, for a sharper picture).
func (t *Tab) MediaAt(media string, width int, scale float64) error {
	return chromedp.Do(t.ctx,
		chromedp.EmulateViewport(int64(width), 800, chromedp.EmulateScale(scale)),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
			return err
		}))
}

// Screenshot returns a PNG of the whole page as laid out now.
func (t *Tab) Screenshot() ([]byte, error) {
	return chromedp.Run(t.ctx, chromedp.FullScreenshot(100))
}

// ScreenshotOf returns a PNG of the first element the CSS selector
// matches, at the device scale factor set by MediaAt.
func (t *Tab) ScreenshotOf(selector string) ([]byte, error) {
	return chromedp.Run(t.ctx, chromedp.Screenshot(chromedp.CSS(selector)))
}

// Eval evaluates a JavaScript expression in the page and decodes its
// value into T.
func Eval[T any](t *Tab, expr string) (T, error) {
	return chromedp.Run(t.ctx, chromedp.Evaluate[T](expr))
}

var (
	pdfPageRE     = regexp.MustCompile(`/Type\s*/Page\b[^s]`)
	pdfMediaBoxRE = regexp.MustCompile(`/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]`)
)

// PDFPages returns the size in inches of every page of a PDF the browser
// wrote. It reads the page objects and their media boxes, which Chromium
// writes uncompressed; the two counts must agree.
func PDFPages(buf []byte) ([][2]float64, error) {
	if len(buf) < 5 || string(buf[:5]) != "%PDF-" {
		return nil, errors.New("not a PDF file")
	}
	var pages [][2]float64
	for _, m := range pdfMediaBoxRE.FindAllSubmatch(buf, -1) {
		var v [4]float64
		for i := range v {
			f, err := strconv.ParseFloat(string(m[i+1]), 64)
			if err != nil {
				return nil, err
			}
			v[i] = f
		}
		pages = append(pages, [2]float64{(v[2] - v[0]) / 72, (v[3] - v[1]) / 72})
	}
	if n := len(pdfPageRE.FindAll(buf, -1)); n != len(pages) {
		return nil, fmt.Errorf("found %d page objects and %d media boxes", n, len(pages))
	}
	return pages, nil
}

// SameSize reports whether a page is the paper's size, to a point.
func (p Paper) SameSize(page [2]float64) bool {
	return math.Abs(page[0]-p.Width) < 1.5/72 && math.Abs(page[1]-p.Height) < 1.5/72
}
