package combat

// ObjectBonusOnHealth is how much of a damage bonus goes on health
// against an object or wall when the attacker does not say: "objects
// ignore stamina damage" (p. 39) and the attacker chooses the split
// (p. 36), so a positive bonus goes all on health and a negative one all
// on stamina, where it is ignored.
func ObjectBonusOnHealth(bonus int) int {
	return max(bonus, 0)
}
