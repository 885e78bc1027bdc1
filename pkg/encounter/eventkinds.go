package encounter

import "github.com/codename-spandex/spandex/pkg/undo"

// The kinds of a fight's events (Event.Kind): stable words of the file
// format, listed with their details types in DetailsTypes. A GM's
// override is KindAdjust (override.go), reinforcements KindJoin (join.go).
const (
	KindNew          = "new"          // the fight set up
	KindSurprise     = "surprise"     // a surprise round's ruling
	KindInitiative   = "initiative"   // a page's initiative rolls
	KindRepay        = "repay"        // panels owed repaid
	KindMove         = "move"         // a move
	KindAction       = "action"       // an action (a power used, an object picked up ...)
	KindMental       = "mental"       // a mental power or spell used on a character
	KindAttack       = "attack"       // an attack and its ruling
	KindSmash        = "smash"        // an object or wall struck
	KindReaction     = "reaction"     // a reaction made
	KindLost         = "lost"         // panels lost
	KindPass         = "pass"         // a turn passed
	KindHold         = "hold"         // a turn ended holding a panel
	KindEffect       = "effect"       // a lasting effect added, changed or ended
	KindUpkeep       = "upkeep"       // an effect's cost paid at the end of a page
	KindLuck         = "luck"         // a Luck roll
	KindDangerSense  = "danger-sense" // a Danger Sense warning roll
	KindEscape       = "escape"       // an attempt to break free
	KindLeave        = "leave"        // a combatant leaving the fight
	KindRecovery     = "recovery"     // the end of page's recovery
	KindRefill       = "refill"       // a pool refilled
	KindEndPage      = "end-page"     // the end of a page
	KindDeath        = "death"        // a combatant dying
	KindDeathsDoor   = "deaths-door"  // death's door counted
	KindFall         = "fall"         // a fall
	KindNotice       = "notice"       // an astral form noticed or not
	KindRegeneration = "regeneration" // Regeneration's rest
	KindUndo         = undo.Kind      // events undone
)
