package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/codename-spandex/spandex/internal/browser"
	"github.com/codename-spandex/spandex/internal/render"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// SheetScreenshot is the README's picture of a printed character sheet.
const SheetScreenshot = "sheet-guardian.png"

// screenshot renders the Guardian's character sheet (testdata) as
// `spandex sheet -o html` does and saves a PNG of it as printed (print
// media, A4's printable width) under dir. It needs Chromium; without one
// it says so and leaves the old picture.
func screenshot(dir string) error {
	path, err := browser.Find()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gendocs: %v; %s not regenerated\n", err, SheetScreenshot)
		return nil
	}
	png, err := SheetPNG(path, filepath.Join("testdata", "heroes", "guardian.json"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, SheetScreenshot), png, 0o644)
}

// SheetPNG screenshots the character sheet of a hero file as printed.
func SheetPNG(chromium, heroFile string) ([]byte, error) {
	data, err := os.ReadFile(heroFile)
	if err != nil {
		return nil, err
	}
	h, err := hero.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", heroFile, err)
	}
	var page bytes.Buffer
	if err := render.Sheets(&page, []*hero.Hero{h}); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := browser.Start(ctx, chromium)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	tab, err := b.Load(page.Bytes())
	if err != nil {
		return nil, err
	}
	defer tab.Close()
	w, _ := browser.A4.Printable()
	if err := tab.MediaAt("print", int(w), 1.5); err != nil {
		return nil, err
	}
	return tab.ScreenshotOf("article.sheet")
}
