package cmdutil

import "github.com/codename-spandex/spandex/internal/progress"

// Progress starts a progress line on stderr for a batch of total items
// (-1 when unknown: a stream) described by what ("gen npc"). It draws only
// on a terminal, once the batch has run a second (see package progress);
// otherwise it returns a nil *progress.Bar, which does nothing. Call Add
// per item and Finish at the end. With --explain there is no line:
// stderr carries the explanation, which a redrawn line would tear.
func (e *Env) Progress(total int64, what string) *progress.Bar {
	if e.Explain {
		return nil
	}
	return progress.Start(e.IO, total, what)
}
