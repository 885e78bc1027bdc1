package encounter

// Cybernetics (pp. 52-53): its implants act by themselves, move
// (the Retractable Glider, power_glider.go) or, for the mind-control
// device, are used on a combatant: `fight act --power cybernetics
// --effect mind-control-device --target ID`, a contest of the device's
// own "Will" (p. 53) handed on from this row's Begin (mentalUse); the
// device's own rule is Hypnotism's (power_mindcontrol.go).

// cyberneticsRule is Cybernetics' row of powerRules.
var cyberneticsRule = powerRule{
	Begin: func(d *doing) error { return d.mentalUse() },
}
