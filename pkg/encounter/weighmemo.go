package encounter

import (
	"crypto/sha256"
	"sync"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/jsonfile"
)

// WeighMemo keeps the sensible policy's weights of attacks (Weigh,
// WeighReaction) across simulations. A weight depends only on the two
// combatants as their sheets have them before any fight (fresh), the
// attack, the reaction, whether the free reactions are spent and the
// rule options, so the fights of another encounter holding the same
// combatants (gen encounter's candidates, fight balance's variants, the
// workers of one run) weigh each attack once rather than once a
// simulation. Only weights worked out exactly are kept: an attack of
// more than WeighLimit outcomes is weighed by samples whose seed is the
// combatants' places in their encounter, which another encounter may not
// share. Safe for concurrent use; a Sim uses it once SetWeighMemo gives it
// one.
type WeighMemo struct {
	mu sync.Mutex
	m  map[memoKey]weight
}

// NewWeighMemo returns an empty memo.
func NewWeighMemo() *WeighMemo { return &WeighMemo{m: map[memoKey]weight{}} }

// memoKey names a weight by the two combatants' sheets (sheetKey) rather
// than their places.
type memoKey struct {
	att, def sheetID
	attack   int32
	rx       int32
	spent    bool
	opt      combat.Options
}

func (m *WeighMemo) get(k memoKey) (weight, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	w, ok := m.m[k]
	return w, ok
}

func (m *WeighMemo) put(k memoKey, w weight) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.m[k] = w
}

// sheetID is a combatant's sheet as a weight knows it (sheetKey): the
// SHA-256 of its encoding, so that a key costs the same whatever the
// sheet holds.
type sheetID [sha256.Size]byte

// sheetKey is what a weight knows of c: c fresh (fresh), without the
// names that say who it is rather than what it can do and without its
// hero's log; ok false when it cannot be encoded (then its weights are
// not kept).
func sheetKey(c *Combatant) (id sheetID, ok bool) {
	f := fresh(c)
	f.ID, f.Source, f.DuplicateOf = "", "", ""
	f.Hero.Log = nil
	data, err := jsonfile.EncodeCompact(f)
	if err != nil {
		return id, false
	}
	return sha256.Sum256(data), true
}

// memoKey is the memo's name for the weight of base combatant att's i-th
// attack on def answered by reaction r; ok false when either sheet has
// no key.
func (wc *weighCache) memoKey(att, def, i, r int, spent bool, opt combat.Options) (memoKey, bool) {
	if wc.sheets == nil {
		wc.sheets = make([]sheetID, len(wc.base.Combatants))
		wc.sheetOK = make([]bool, len(wc.base.Combatants))
		for j := range wc.base.Combatants {
			wc.sheets[j], wc.sheetOK[j] = sheetKey(&wc.base.Combatants[j])
		}
	}
	k := memoKey{att: wc.sheets[att], def: wc.sheets[def], attack: int32(i), rx: int32(r), spent: spent, opt: opt}
	return k, wc.sheetOK[att] && wc.sheetOK[def]
}
