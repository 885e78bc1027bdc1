package fight

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/encounter"
)

// NoticeOptions are the inputs of `spandex fight notice`.
type NoticeOptions struct {
	*cmdutil.Env
	File   File
	Actor  string
	Astral string
}

// NewCmdNotice builds `spandex fight notice`.
func NewCmdNotice(f *cmdutil.Factory, runF func(*NoticeOptions) error) *cobra.Command {
	opts := &NoticeOptions{Env: f.Env(cmdutil.FormatText)}
	if runF == nil {
		runF = runNotice
	}
	cmd := &cobra.Command{
		Use:   "notice [FILE] --actor ID --astral ID",
		Short: "Roll whether a combatant notices an astral form: d100 at or under its will",
		Long: `Roll d100 for a combatant (--actor) looking towards an astrally projected
combatant (--astral): at or under its will it notices the almost
invisible ghostly form (Astral Projection, p. 62); Animal Senses see
astral forms without a roll (p. 74). The game master rolls each time
someone looks that way; it takes no panels. Those who noticed are listed
on the astral-projection state (fight status).

--dice order: one d100 (none with Animal Senses).`,
		Example: `  spandex fight notice -i t.json --actor goon --astral mystic --dice 42`,
		RunE:    cmdutil.RunE(opts.Env, func() error { return runF(opts) }, requireActor(&opts.Actor), opts.File.fromArgs),
	}
	opts.File.addFlag(cmd)
	cmd.Flags().StringVar(&opts.Actor, "actor", "", "the combatant looking")
	cmd.Flags().StringVar(&opts.Astral, "astral", "", "the astrally projected combatant")
	return cmd
}

// runNotice rolls the notice.
func runNotice(opts *NoticeOptions) error {
	if opts.Astral == "" {
		return cmdutil.Inputf("--astral: name the astrally projected combatant")
	}
	return roll(opts.Env, opts.File, func(e *encounter.Encounter, ctx encounter.Ctx) error {
		_, err := e.AstralNotice(ctx, opts.Actor, opts.Astral)
		return err
	})
}
