package cli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/codename-spandex/spandex/internal/cmdutil"
	"github.com/codename-spandex/spandex/pkg/chargen"
	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/encounter"
	"github.com/codename-spandex/spandex/pkg/hero"
	"github.com/codename-spandex/spandex/pkg/override"
	"github.com/codename-spandex/spandex/pkg/profile"
	"github.com/codename-spandex/spandex/pkg/rulebook"
)

// Completion of values: the shell asks `spandex __complete ARGS... PREFIX`
// and cobra calls the function registered for the flag (or the command's
// ValidArgsFunction). The rules-aware completers are registered here, by
// flag name, on every command of the tree that has the flag, so the verbs
// stay free of completion plumbing and a new verb with a known flag gets
// completion for free. Completers never fail: a missing or broken file
// completes nothing.

// registerGlobalCompletions completes the values of the persistent flags.
func registerGlobalCompletions(root *cobra.Command) {
	_ = root.RegisterFlagCompletionFunc("output", cmdutil.CompleteFormats)
	_ = root.RegisterFlagCompletionFunc("config", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	})
	for _, name := range []string{"seed", "dice"} {
		_ = root.RegisterFlagCompletionFunc(name, cobra.NoFileCompletions)
	}
}

// registerCompletions walks the tree below root and registers the value
// completers of every flag and positional argument spandex knows.
func registerCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.TrimPrefix(c.CommandPath(), root.Name()+" ")
		for flag, fn := range flagCompleters(path) {
			if c.Flags().Lookup(flag) != nil || c.PersistentFlags().Lookup(flag) != nil { // its own flags: LocalFlags would merge the inherited ones, for every command
				_ = c.RegisterFlagCompletionFunc(flag, fn)
			}
		}
		if fn := argCompleter(path); fn != nil && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = fn
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
}

// flagCompleters returns the completers for the flags of the command at
// path ("fight act", "dodge").
func flagCompleters(path string) map[string]cobra.CompletionFunc {
	m := map[string]cobra.CompletionFunc{
		"armour-class": completeArmourClasses,
		"strike-class": completeStrikeClasses,
		"goal":         completeGoals,
		"perk":         completePerks,
		"power":        completePowers,
		"improve":      completePowers,
		"drop":         completePowers,
		"choose":       completeChoices,
		"with":         completeAttackerAttacks,
		"reaction":     completeReactions,
		"type":         completeCivilianTypes,
		"kind":         cmdutil.CompleteWords("hero", "villain", "android"),
	}
	if strings.HasPrefix(path, "fight ") {
		// Who acts and whom it attacks: only those still fighting; an
		// effect's holder and a finishing move's helpless target may be
		// out (p. 43), so those list everyone not gone.
		for _, flag := range []string{"actor", "attack", "target", "against", "grab"} {
			m[flag] = completeFighting
		}
		for _, flag := range []string{"on", "finish"} {
			m[flag] = completeCombatants
		}
		m["with"] = completeActorAttacks
		m["power"] = completeActorPowers
		// fight act takes the attack's reaction words (none, grab, ...);
		// fight react books a reaction by name.
		if path == "fight react" {
			m["reaction"] = completeFightReactions
		}
		m["players"] = completeSides
	}
	if path == "parry" {
		m["attack"] = completeParryAttacks
	}
	if path == "fight join" {
		m["side"] = completeJoinSides
	}
	if path == "fight adjust" || path == "hero adjust" {
		m["condition"] = cmdutil.CompleteWords(override.Conditions...)
		m["clear-condition"] = m["condition"]
		m["state"] = completeStates
		m["clear-state"] = completeStates
		m["side"] = completeSides
	}
	return m
}

// completeStates completes a lasting state's name (fight adjust).
func completeStates(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, st := range combat.States() {
		out = append(out, st.Name)
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completeJoinSides completes fight join's --side NAME= from the sides of
// the encounter, then the files after the "=".
func completeJoinSides(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.Contains(toComplete, "=") {
		return nil, cobra.ShellCompDirectiveDefault
	}
	out, _ := completeSides(cmd, args, toComplete)
	for i := range out {
		out[i] += "="
	}
	return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// completeSides completes a side of the encounter (fight adjust --side,
// fight serve --players).
func completeSides(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	e := encounterFor(cmd, args)
	if e == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, sd := range e.Sides {
		out = append(out, sd.Name)
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// argCompleter returns the completer of a command's positional arguments.
func argCompleter(path string) cobra.CompletionFunc {
	switch path {
	case "gen npc":
		return func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return cmdutil.Completions(toComplete, append(chargen.NPCTypes(), "goon", "civilian")...), cobra.ShellCompDirectiveNoFileComp
		}
	case "downtime buy":
		return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveDefault // the hero FILE
			}
			return completeGoals(cmd, args, toComplete)
		}
	}
	return nil
}

func completeArmourClasses(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, r := range rulebook.ArmourClassRows() {
		out = append(out, string(r.Class)+"\t"+short(r.Who))
	}
	return cmdutil.Completions(strings.ToUpper(toComplete), out...), cobra.ShellCompDirectiveNoFileComp
}

func completeStrikeClasses(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, r := range rulebook.StrikeClasses() {
		out = append(out, strconv.Itoa(int(r.Class))+"\t"+short(r.Who))
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

func completePowers(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return cmdutil.Completions(toComplete, powerSlugs("")...), cobra.ShellCompDirectiveNoFileComp
}

// powerSlugs lists the Power Table's slugs, each after prefix.
func powerSlugs(prefix string) []string {
	var out []string
	for _, p := range rulebook.Powers() {
		if p.FreeChoice || p.Slug == "" {
			continue
		}
		out = append(out, prefix+p.Slug+"\t"+p.Name)
	}
	return out
}

func completePerks(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, p := range rulebook.Perks() {
		out = append(out, p.Slug+"\t"+p.Name)
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completeChoices completes gen hero --choose: a weapon type (Weapon
// Mastery, cyber weapons), a starting equipment item or a power.
func completeChoices(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	out := chargen.Weapons()
	for _, e := range rulebook.StartingEquipment() {
		out = append(out, e.Slug+"\t"+e.Name)
	}
	out = append(out, powerSlugs("")...)
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

func completeCivilianTypes(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, c := range rulebook.Civilians() {
		out = append(out, c.Slug)
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completeGoals completes a downtime goal: abilities, the profile
// measures downtime can raise, resources, power:SLUG and subpower:SLUG
// (with the slugs once the kind is typed), device: and other:.
func completeGoals(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	switch {
	case strings.HasPrefix(toComplete, "power:"):
		return cmdutil.Completions(toComplete, powerSlugs("power:")...), cobra.ShellCompDirectiveNoFileComp
	case strings.HasPrefix(toComplete, "subpower:"):
		var out []string
		for _, p := range rulebook.Powers() {
			if p.HasFlavours && !p.FreeChoice {
				out = append(out, "subpower:"+p.Slug+"\t"+p.Name)
			}
		}
		return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
	}
	out := []string{"strength", "agility", "will", "endurance"}
	for _, m := range profile.Measures() {
		if m.Kind == profile.KindComponent || m.Kind == profile.KindResource {
			out = append(out, m.Key)
		}
	}
	out = append(out, "power:\ta power the hero lacks, or the next rank", "subpower:\tanother flavour of a power", "device:\ta device under construction", "other:\ta goal no rule prices")
	out = cmdutil.Completions(toComplete, out...)
	dir := cobra.ShellCompDirectiveNoFileComp
	if len(out) > 0 && allKinds(out) {
		dir |= cobra.ShellCompDirectiveNoSpace // "power:" is continued, not ended
	}
	return out, dir
}

// allKinds reports whether every candidate is a "kind:" prefix.
func allKinds(cands []string) bool {
	for _, c := range cands {
		if w, _, _ := strings.Cut(c, "\t"); !strings.HasSuffix(w, ":") {
			return false
		}
	}
	return true
}

// short keeps a completion description to one short line.
func short(s string) string {
	if r := []rune(s); len(r) > 60 {
		return strings.TrimSpace(string(r[:59])) + "…"
	}
	return s
}

// completeReactions completes attack --reaction (parry:NAME with the
// Parrying Table's columns, block:OBJECT with the Object Table).
func completeReactions(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.HasPrefix(toComplete, "parry:") {
		var out []string
		for _, p := range rulebook.ParryTypes() {
			out = append(out, "parry:"+string(p))
		}
		return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
	}
	return cmdutil.Completions(toComplete,
		"none\tno reaction",
		"parry\tparry (parry:NAME: the Parrying Table column)",
		"block:\tblock with an object (block:desk, block:12 for its health)",
		"dodge\tdodge (Dodging Table)",
		"brace\tbrace against knockback",
		"judo\tjudo throw",
		"resist\tresist with will",
		"grab\tgrab the attacker",
	), cobra.ShellCompDirectiveNoFileComp
}

func completeFightReactions(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return cmdutil.Completions(toComplete, "parry", "block", "dodge", "brace", "judo-throw", "resist"), cobra.ShellCompDirectiveNoFileComp
}

func completeParryAttacks(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, a := range rulebook.ParryAttackTypes() {
		out = append(out, string(a))
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completeAttackerAttacks completes --with from the attacks in the hero
// file named by --attacker.
func completeAttackerAttacks(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	fl := cmd.Flags().Lookup("attacker")
	if fl == nil || fl.Value.String() == "" {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	data, err := completionFile(cmd, fl.Value.String(), hero.MaxFileSize)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	h, err := hero.DecodeDraft(data)
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return cmdutil.Completions(toComplete, attackWords(h)...), cobra.ShellCompDirectiveNoFileComp
}

func attackWords(h *hero.Hero) []string {
	var out []string
	for _, a := range h.Combat.Attacks {
		out = append(out, a.Slug+"\t"+a.Name)
	}
	return out
}

// encounterFor reads the encounter a fight verb works on: -i FILE, else
// its FILE argument. Stdin is never read while completing.
func encounterFor(cmd *cobra.Command, args []string) *encounter.Encounter {
	path := ""
	if fl := cmd.Flags().Lookup("in-place"); fl != nil {
		path = fl.Value.String()
	}
	if path == "" && len(args) > 0 {
		path = args[0]
	}
	if path == "" || path == "-" {
		return nil
	}
	data, err := completionFile(cmd, path, encounter.MaxFileSize)
	if err != nil {
		return nil
	}
	e, err := encounter.Decode(data)
	if err != nil {
		return nil
	}
	return e
}

// completeCombatants completes a combatant id from the encounter file,
// with its name and side: every combatant not gone from the fight.
func completeCombatants(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return combatantIDs(cmd, args, toComplete, false)
}

// completeFighting is completeCombatants for those still in the fight
// (not out: unconscious, taken out, battered or gone).
func completeFighting(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return combatantIDs(cmd, args, toComplete, true)
}

func combatantIDs(cmd *cobra.Command, args []string, toComplete string, fighting bool) ([]string, cobra.ShellCompDirective) {
	e := encounterFor(cmd, args)
	if e == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for i := range e.Combatants {
		c := &e.Combatants[i]
		if c.Gone != "" || fighting && c.Out() {
			continue
		}
		out = append(out, c.ID+"\t"+c.Hero.Name+" ("+c.Side+")")
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completeActorPowers completes fight act --power from the powers of
// --actor once it is given (every power slug before).
func completeActorPowers(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	actor := ""
	if fl := cmd.Flags().Lookup("actor"); fl != nil {
		actor = fl.Value.String()
	}
	e := encounterFor(cmd, args)
	if actor == "" || e == nil || e.Find(actor) == nil {
		return completePowers(cmd, args, toComplete)
	}
	var out []string
	for _, p := range e.Find(actor).Hero.Powers {
		out = append(out, string(p.Slug)+"\t"+p.Name)
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completeActorAttacks completes fight act --with from the attacks of
// --actor (or of every combatant when none is named yet).
func completeActorAttacks(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	e := encounterFor(cmd, args)
	if e == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	actor := ""
	if fl := cmd.Flags().Lookup("actor"); fl != nil {
		actor = fl.Value.String()
	}
	seen := map[string]bool{}
	var out []string
	for i := range e.Combatants {
		c := &e.Combatants[i]
		if actor != "" && c.ID != actor {
			continue
		}
		for _, w := range attackWords(&c.Hero) {
			if slug, _, _ := strings.Cut(w, "\t"); !seen[slug] {
				seen[slug] = true
				out = append(out, w)
			}
		}
	}
	return cmdutil.Completions(toComplete, out...), cobra.ShellCompDirectiveNoFileComp
}

// completionFile reads a file named on the command line being completed:
// only a regular file of at most limit bytes, so that pressing tab on a
// named pipe, a device or a huge file neither hangs nor fills the shell's
// memory (it completes nothing then).
func completionFile(cmd *cobra.Command, path string, limit int64) ([]byte, error) {
	at := cmdutil.PathIn(cmd.Context(), path)
	fi, err := os.Stat(at)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > limit {
		return nil, fmt.Errorf("%s: not a regular file of at most %d bytes", path, limit)
	}
	f, err := os.Open(at)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}
