package cmdutil

import (
	"strings"

	"github.com/spf13/cobra"
)

// CompleteFormats completes -o/--output: the output formats, each with
// what it prints.
func CompleteFormats(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return Completions(toComplete,
		"auto\ttable or text on a terminal, JSON when piped",
		"json\tone JSON document (an array when there are several results)",
		"jsonl\tJSON Lines: one compact object per line",
		"table\ta table for people",
		"text\tplain text, one result per line",
		"html\ta printable page (sheet, fight report)",
	), cobra.ShellCompDirectiveNoFileComp
}

// CompleteWords returns a completion function offering fixed words
// ("word" or "word\tdescription").
func CompleteWords(words ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return Completions(toComplete, words...), cobra.ShellCompDirectiveNoFileComp
	}
}

// Completions keeps the candidates ("word" or "word\tdescription") that
// start with what has been typed so far.
func Completions(toComplete string, candidates ...string) []string {
	out := make([]string, 0, len(candidates))
	for _, c := range candidates {
		word, _, _ := strings.Cut(c, "\t")
		if strings.HasPrefix(word, toComplete) {
			out = append(out, c)
		}
	}
	return out
}
