package rulebook

// requiredTables are the slugs the CLI and the brief name.
var requiredTables = []string{
	"to-hit", "dodging", "parrying", "judo-throw", "physical-damage", "initiative",
	"strength", "agility", "endurance", "armour-classes", "strike-classes", "object",
	"wall-strength",
}
