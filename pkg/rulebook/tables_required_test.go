package rulebook

// requiredTables are the slugs the CLI and the brief name.
var requiredTables = []string{
	"to-hit", "dodging", "parrying", "judo-throw", "physical-damage", "initiative",
	"strength", "agility", "endurance", "armour-classes", "strike-classes", "object",
	"wall-strength", "power", "cybernetic-implants", "energy-type", "martial-arts",
	"shapechange", "environmental-control", "forcefield", "magic-spells",
	"psychic-powers", "skills", "super-health", "super-senses", "enhanced-sense",
	"special-sense", "confidence", "popularity-status", "fame", "public-response",
	"financial-resources", "material-resources", "downtime-experience",
	"experience-cost", "device-complexity", "device-components", "civilians",
	"combatants", "perks", "starting-equipment", "armour-ranks", "action-costs",
	"panels-per-page", "spell-costs", "psychic-costs", "transmutation",
	"implant-numbers", "point-pools", "forcefield-types", "dodge-bonus-sources",
	"knockback-modifiers", "sturdy-objects", "profile-structure", "competence",
	"status-measurement", "attack-steps", "other-cast",
}
