package encounter

// Psychic Ability (pp. 67-69): its psychic powers are the flavours of one
// power, each a use of `fight act --power psychic-ability --effect NAME`.
// Its row of powerRules offers the autopilot Mind Control
// (mindControlUses, power_mindcontrol.go).

// psychicRule is Psychic Ability's row of powerRules.
var psychicRule = powerRule{
	Auto: mindControlUses,
}
