package encounter

// Camouflage (p. 52): `fight act --power camouflage` switches the
// camouflaged state on or off (a panel). Its -2 to hit is pkg/combat's
// (power_camouflage.go, asked by ApplyStates).

// camouflageRule is Camouflage's row of powerRules.
var camouflageRule = powerRule{SwitchedOff: "stops changing colour"}
