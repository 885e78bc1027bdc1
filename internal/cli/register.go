package cli

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/attack"
	"github.com/codename-spandex/spandex/internal/cli/configcmd"
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

// Command groups, in the order help lists them.
var groups = []*cobra.Group{
	{ID: "dice", Title: "Dice and the rulebook:"},
	{ID: "heroes", Title: "Heroes and supporting cast:"},
	{ID: "combat", Title: "Combat:"},
	{ID: "rulings", Title: "One-off rulings (plain numbers, no hero files):"},
	{ID: "between", Title: "Between fights:"},
}

// command is one top-level command constructor and its help group.
type command struct {
	group string
	make  func(*cmdutil.Factory) *cobra.Command
}

// commands lists the top-level commands, in help order within each group.
func commands() []command {
	return []command{
		{"dice", func(f *cmdutil.Factory) *cobra.Command { return roll.NewCmdRoll(f, nil) }},
		{"dice", func(f *cmdutil.Factory) *cobra.Command { return tables.NewCmdTables(f, nil) }},
		{"heroes", gen.NewCmdGen},
		{"heroes", func(f *cmdutil.Factory) *cobra.Command { return herocmd.NewCmdHero(f) }},
		{"heroes", func(f *cmdutil.Factory) *cobra.Command { return sheet.NewCmdSheet(f, nil) }},
		{"combat", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdAttack(f, nil) }},
		{"combat", fight.NewCmdFight},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdToHit(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDodge(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdParry(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdKnockback(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDamage(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdFall(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdThrow(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdPsychic(f, nil) }},
		{"between", func(f *cmdutil.Factory) *cobra.Command { return profilecmd.NewCmdProfile(f) }},
		{"between", func(f *cmdutil.Factory) *cobra.Command { return downtimecmd.NewCmdDowntime(f) }},
		{"", func(f *cmdutil.Factory) *cobra.Command { return configcmd.NewCmdConfig(f, nil) }},
		{"", newCmdVersion},
	}
}
