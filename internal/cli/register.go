package cli

import (
	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cli/attack"
	"github.com/codename-spandex/spandex/internal/cli/configcmd"
	downtimecmd "github.com/codename-spandex/spandex/internal/cli/downtime"
	"github.com/codename-spandex/spandex/internal/cli/fight"
	"github.com/codename-spandex/spandex/internal/cli/gen"
	"github.com/codename-spandex/spandex/internal/cli/herocmd"
	mnscmd "github.com/codename-spandex/spandex/internal/cli/mns"
	profilecmd "github.com/codename-spandex/spandex/internal/cli/profile"
	recovercmd "github.com/codename-spandex/spandex/internal/cli/recover"
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
	{ID: "mns", Title: "Men & Supermen:"},
	{ID: "topics", Title: "Help topics (spandex help TOPIC):"},
}

// command is one top-level command: its help group and its constructor.
type command struct {
	group string
	make  func(*cmdutil.Factory) *cobra.Command
}

// commands lists the top-level commands, in help order within each group.
func commands() []command {
	return append([]command{
		{"dice", func(f *cmdutil.Factory) *cobra.Command { return roll.NewCmdRoll(f, nil) }},
		{"dice", func(f *cmdutil.Factory) *cobra.Command { return tables.NewCmdTables(f, nil) }},
		{"heroes", gen.NewCmdGen},
		{"heroes", func(f *cmdutil.Factory) *cobra.Command { return herocmd.NewCmdHero(f) }},
		{"heroes", func(f *cmdutil.Factory) *cobra.Command { return sheet.NewCmdSheet(f, nil) }},
		{"combat", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdAttack(f, nil) }},
		{"combat", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdContest(f, nil) }},
		{"combat", fight.NewCmdFight},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdToHit(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDodge(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdParry(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdKnockback(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDamage(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdFall(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdThrow(f, nil) }},
		{"rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdPsychic(f, nil) }},
		{"between", func(f *cmdutil.Factory) *cobra.Command { return recovercmd.NewCmdRecover(f, nil) }},
		{"between", func(f *cmdutil.Factory) *cobra.Command { return profilecmd.NewCmdProfile(f) }},
		{"between", func(f *cmdutil.Factory) *cobra.Command { return downtimecmd.NewCmdDowntime(f) }},
		{"mns", mnscmd.NewCmdMns},
		{"", func(f *cmdutil.Factory) *cobra.Command { return configcmd.NewCmdConfig(f, nil) }},
		{"", newCmdVersion},
	}, helpTopics()...)
}
