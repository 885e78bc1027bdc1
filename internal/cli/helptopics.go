package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/internal/helptopic"
)

// annotationHelpTopic marks a help topic: a command that only prints
// text (`spandex help exit-codes`), not a verb.
const annotationHelpTopic = "spandex/help-topic"

// IsHelpTopic reports whether c is a help topic rather than a verb.
func IsHelpTopic(c *cobra.Command) bool { return c.Annotations[annotationHelpTopic] != "" }

// helpTopics are the gh-style help topics (exit-codes, environment), as
// top-level commands of the "topics" help group.
// A topic's text is built only when its command is: every call lists
// the commands, few print a topic.
func helpTopics() []command {
	var cmds []command
	for _, t := range helptopic.TopicList {
		cmds = append(cmds, command{"topics", t.Name, func(*cmdutil.Factory) *cobra.Command { return newHelpTopic(t.Section()) }})
	}
	return cmds
}

// newHelpTopic builds the command that prints topic s.
func newHelpTopic(s helptopic.Section) *cobra.Command {
	text := "spandex " + s.Topic + " — " + s.Short + "\n\n" + helptopic.Text(s, 80)
	cmd := &cobra.Command{
		Use:         s.Topic,
		Short:       s.Short,
		Long:        text,
		Args:        cobra.NoArgs,
		Annotations: map[string]string{annotationHelpTopic: "true"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprint(cmd.OutOrStdout(), text)
			return err
		},
	}
	cmd.SetHelpFunc(func(c *cobra.Command, _ []string) { fmt.Fprint(c.OutOrStdout(), text) })
	return cmd
}
