package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/helptopic"
)

// annotationHelpTopic marks a help topic: a command that only prints
// text (`spandex help exit-codes`), not a verb.
const annotationHelpTopic = "spandex/help-topic"

// IsHelpTopic reports whether c is a help topic rather than a verb.
func IsHelpTopic(c *cobra.Command) bool { return c.Annotations[annotationHelpTopic] != "" }

// addHelpTopics adds the gh-style help topics (exit-codes, environment)
// to root, in their own group of the help.
func addHelpTopics(root *cobra.Command) {
	root.AddGroup(&cobra.Group{ID: "topics", Title: "Help topics (spandex help TOPIC):"})
	for _, s := range helptopic.Topics() {
		text := helptopic.Text(s, 80)
		cmd := &cobra.Command{
			Use:         s.Topic,
			Short:       s.Short,
			Long:        text,
			GroupID:     "topics",
			Args:        cobra.NoArgs,
			Annotations: map[string]string{annotationHelpTopic: "true"},
			RunE: func(cmd *cobra.Command, _ []string) error {
				_, err := fmt.Fprint(cmd.OutOrStdout(), text)
				return err
			},
		}
		cmd.SetHelpFunc(func(c *cobra.Command, _ []string) { fmt.Fprint(c.OutOrStdout(), text) })
		root.AddCommand(cmd)
	}
}
