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

// command is one top-level command: its help group, its name (as its
// constructor's Use gives it: TestCommandNames checks) and its constructor.
type command struct {
	group string
	name  string
	make  func(*cmdutil.Factory) *cobra.Command
}

// commands lists the top-level commands, in help order within each group.
func commands() []command {
	return append([]command{
		{"dice", "roll", func(f *cmdutil.Factory) *cobra.Command { return roll.NewCmdRoll(f, nil) }},
		{"dice", "tables", func(f *cmdutil.Factory) *cobra.Command { return tables.NewCmdTables(f, nil) }},
		{"heroes", "gen", gen.NewCmdGen},
		{"heroes", "hero", func(f *cmdutil.Factory) *cobra.Command { return herocmd.NewCmdHero(f) }},
		{"heroes", "sheet", func(f *cmdutil.Factory) *cobra.Command { return sheet.NewCmdSheet(f, nil) }},
		{"combat", "attack", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdAttack(f, nil) }},
		{"combat", "contest", func(f *cmdutil.Factory) *cobra.Command { return attack.NewCmdContest(f, nil) }},
		{"combat", "fight", fight.NewCmdFight},
		{"rulings", "tohit", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdToHit(f, nil) }},
		{"rulings", "dodge", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDodge(f, nil) }},
		{"rulings", "parry", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdParry(f, nil) }},
		{"rulings", "knockback", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdKnockback(f, nil) }},
		{"rulings", "damage", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdDamage(f, nil) }},
		{"rulings", "fall", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdFall(f, nil) }},
		{"rulings", "throw", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdThrow(f, nil) }},
		{"rulings", "psychic", func(f *cmdutil.Factory) *cobra.Command { return rulings.NewCmdPsychic(f, nil) }},
		{"between", "recover", func(f *cmdutil.Factory) *cobra.Command { return recovercmd.NewCmdRecover(f, nil) }},
		{"between", "profile", func(f *cmdutil.Factory) *cobra.Command { return profilecmd.NewCmdProfile(f) }},
		{"between", "downtime", func(f *cmdutil.Factory) *cobra.Command { return downtimecmd.NewCmdDowntime(f) }},
		{"mns", "mns", mnscmd.NewCmdMns},
		{"", "config", func(f *cmdutil.Factory) *cobra.Command { return configcmd.NewCmdConfig(f, nil) }},
		{"", "version", newCmdVersion},
	}, helpTopics()...)
}
