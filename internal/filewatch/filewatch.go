// Package filewatch follows a file that other commands replace: fight
// status --watch in spandex, and the player view (internal/playerview)
// that fight serve runs in the program spandex-serve.
package filewatch

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// Settle is how long a watcher waits after a change for the next one
// before it reads the file: a burst of events (a rename, then a chmod)
// is one change.
const Settle = 50 * time.Millisecond

// Watch calls changed after each change of the file at path until ctx is
// done. It watches the file's directory, not the file: `fight act -i`
// writes a temporary file and renames it over the old one, which a watch
// on the file itself would lose with the old file. Events on other files
// of the directory (the temporary file, the lock) are ignored; a burst of
// events within Settle is one call. The watch is set up before Watch
// returns; the calls come from its own goroutine, one at a time.
func Watch(ctx context.Context, path string, changed func()) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	if err := w.Add(filepath.Dir(abs)); err != nil {
		w.Close()
		return cmdutil.Inputf("%s: cannot watch its directory: %v", path, err)
	}
	name := filepath.Base(abs)
	go func() {
		defer w.Close()
		var timer *time.Timer
		var fire <-chan time.Time
		for {
			select {
			case <-ctx.Done():
				return
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if filepath.Base(ev.Name) != name {
					continue
				}
				if timer == nil {
					timer = time.NewTimer(Settle)
				} else {
					timer.Reset(Settle)
				}
				fire = timer.C
			case <-fire:
				fire = nil
				changed()
			case _, ok := <-w.Errors:
				if !ok {
					return
				}
				// An overflowed event queue may have lost a change:
				// read the file again to be sure.
				changed()
			}
		}
	}()
	return nil
}

// Unreadable is the notice of a file that could not be read: the error
// (which names the file), the time, and that the board is the last good
// one.
func Unreadable(err error) string {
	return fmt.Sprintf("%s (at %s); showing the last good board.", oneLine(err), time.Now().Format("15:04:05"))
}

// oneLine keeps an error's first line, at most 200 characters.
func oneLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	return msg
}
