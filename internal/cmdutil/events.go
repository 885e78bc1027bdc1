package cmdutil

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// TextWidth is the width human output fits: an 80-column terminal.
const TextWidth = 80

// PrintEvents prints log events (an encounter's, an M&S fight's): JSON
// Lines with -o jsonl, an indented JSON array with -o json (an empty
// array for none), else one line each from line, folded into TextWidth
// columns (continuations indented four spaces) when a person reads it on
// a terminal.
func PrintEvents[E any](env *Env, events []E, line func(E) string) error {
	switch env.Format {
	case FormatJSONL:
		for _, ev := range events {
			if err := WriteJSON(env.IO.Out, FormatJSONL, ev); err != nil {
				return err
			}
		}
		return nil
	case FormatJSON:
		if events == nil {
			events = []E{}
		}
		return WriteJSON(env.IO.Out, FormatJSON, events)
	}
	for _, ev := range events {
		l := line(ev)
		if env.IO.IsStdoutTTY() {
			l = Wrap(l, TextWidth, "    ")
		}
		if _, err := fmt.Fprintln(env.IO.Out, l); err != nil {
			return err
		}
	}
	return nil
}

// Wrap folds s into lines of at most width columns at spaces, indenting
// the continuation lines; a word longer than a line stays whole. Lines s
// already has are folded one by one.
func Wrap(s string, width int, indent string) string {
	if !strings.Contains(s, "\n") {
		return wrapLine(s, width, indent)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = wrapLine(l, width, indent)
	}
	return strings.Join(lines, "\n")
}

func wrapLine(s string, width int, indent string) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	var b strings.Builder
	// Keep the line's own leading spaces.
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	b.WriteString(lead)
	line := len(lead)
	for i, word := range strings.Fields(s) {
		n := utf8.RuneCountInString(word)
		switch {
		case i == 0:
		case line+1+n > width:
			b.WriteString("\n" + indent)
			line = utf8.RuneCountInString(indent)
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += n
	}
	return b.String()
}
