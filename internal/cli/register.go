package cli

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/attack"
	downtimecmd "github.com/codename-spandex/spandex/internal/cli/downtime"
	"github.com/codename-spandex/spandex/internal/cli/fight"
	"github.com/codename-spandex/spandex/internal/cli/gen"
	"github.com/codename-spandex/spandex/internal/cli/herocmd"
	profilecmd "github.com/codename-spandex/spandex/internal/cli/profile"
	"github.com/codename-spandex/spandex/internal/cli/roll"
	"github.com/codename-spandex/spandex/internal/cli/rulings"
	"github.com/codename-spandex/spandex/internal/cli/sheet"
	"github.com/codename-spandex/spandex/internal/cli/tables"
	"github.com/codename-spandex/spandex/internal/cmdutil"
)

// commands lists the top-level command constructors, in help order.
func commands() []func(*cmdutil.Factory) *cobra.Command {
	return []func(*cmdutil.Factory) *cobra.Command{
		func(f *cmdutil.Factory) *cobra.Command { return roll.NewCmdRoll(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return tables.NewCmdTables(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return herocmd.NewCmdHero(f) },
		gen.NewCmdGen,
		func(f *cmdutil.Factory) *cobra.Command { return sheet.NewCmdSheet(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return profilecmd.NewCmdProfile(f) },
		func(f *cmdutil.Factory) *cobra.Command { return downtimecmd.NewCmdDowntime(f) },
		func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdAttack(f, nil) },
		fight.NewCmdFight,
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdToHit(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDodge(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdParry(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdKnockback(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDamage(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdFall(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdThrow(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdPsychic(f, nil) },
		newCmdVersion,
	}
}
