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

// command is one top-level command: its name (which must be the first word
// of the Use line make gives it: a test checks), its help group and its
// constructor. The name lets Run build only the command a call names.
type command struct {
	name  string
	group string
	make  func(*cmdutil.Factory) *cobra.Command
}

// commands lists the top-level commands, in help order within each group.
func commands() []command {
	return append([]command{
		{"roll", "dice", func(f *cmdutil.Factory) *cobra.Command { return roll.NewCmdRoll(f, nil) }},
		{"tables", "dice", func(f *cmdutil.Factory) *cobra.Command { return tables.NewCmdTables(f, nil) }},
		{"gen", "heroes", gen.NewCmdGen},
		{"hero", "heroes", func(f *cmdutil.Factory) *cobra.Command { return herocmd.NewCmdHero(f) }},
		{"sheet", "heroes", func(f *cmdutil.Factory) *cobra.Command { return sheet.NewCmdSheet(f, nil) }},
		{"attack", "combat", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdAttack(f, nil) }},
		{"contest", "combat", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdContest(f, nil) }},
		{"fight", "combat", fight.NewCmdFight},
		{"tohit", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdToHit(f, nil) }},
		{"dodge", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDodge(f, nil) }},
		{"parry", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdParry(f, nil) }},
		{"knockback", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdKnockback(f, nil) }},
		{"damage", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDamage(f, nil) }},
		{"fall", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdFall(f, nil) }},
		{"throw", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdThrow(f, nil) }},
		{"psychic", "rulings", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdPsychic(f, nil) }},
		{"recover", "between", func(f *cmdutil.Factory) *cobra.Command { return recovercmd.NewCmdRecover(f, nil) }},
		{"profile", "between", func(f *cmdutil.Factory) *cobra.Command { return profilecmd.NewCmdProfile(f) }},
		{"downtime", "between", func(f *cmdutil.Factory) *cobra.Command { return downtimecmd.NewCmdDowntime(f) }},
		{"mns", "mns", mnscmd.NewCmdMns},
		{"config", "", func(f *cmdutil.Factory) *cobra.Command { return configcmd.NewCmdConfig(f, nil) }},
		{"version", "", newCmdVersion},
	}, helpTopics()...)
}
