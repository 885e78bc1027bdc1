package rulebook

// Teleport (pp. 76-77).

// TeleportRow is one rank of Teleport: stamina lost per metre (1 per
// MetresPerStamina metres, rounded up), the most stamina one teleport
// costs (0: no cap) and the farthest it goes (0: no limit but stamina).
type TeleportRow struct {
	Rank             int `json:"rank"`
	MetresPerStamina int `json:"metres_per_stamina"`
	MaxStamina       int `json:"max_stamina"`
	MaxMetres        int `json:"max_metres"`
}

// TeleportPanels is a teleport's time: a double-panel (p. 76).
const TeleportPanels = DoublePanel

// A blind teleport (into an area the teleporter cannot see and knows
// nothing of, p. 77): a 1% chance per TeleportBlindMetresPerPercent
// metres of appearing partly inside an object, rolled on a
// TeleportBlindDie, and then TeleportShuntHealth health and
// TeleportShuntStamina stamina damage.
const (
	TeleportBlindMetresPerPercent = 2
	TeleportBlindDie              = 100
	TeleportShuntHealth           = "5d6"
	TeleportShuntStamina          = "5d6"
)

// TeleportUpwardsMultiplier doubles the stamina for teleporting
// vertically upwards (p. 77).
const TeleportUpwardsMultiplier = 2

var teleportRows = []TeleportRow{
	{Rank: 1, MetresPerStamina: 1},
	{Rank: 2, MetresPerStamina: 2, MaxStamina: 20, MaxMetres: 80},
	{Rank: 3, MetresPerStamina: 4, MaxStamina: 15, MaxMetres: 3000},
}

// TeleportByRank returns the row for a rank (ranks above 3 use rank 3's).
func TeleportByRank(rank int) (TeleportRow, bool) {
	if rank < 1 {
		return TeleportRow{}, false
	}
	if rank > len(teleportRows) {
		rank = len(teleportRows)
	}
	return teleportRows[rank-1], true
}
