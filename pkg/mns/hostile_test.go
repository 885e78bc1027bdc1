package mns

import (
	"bytes"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/internal/hostile"
)

// aliasBomb is a YAML document whose aliases repeat a node 9^8 times.
func aliasBomb() []byte {
	var b bytes.Buffer
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 8; i++ {
		p := "*a" + string(rune('0'+i-1))
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [" + strings.Repeat(p+", ", 8) + p + "]\n")
	}
	return b.Bytes()
}

// TestHostileMnsFiles: a hostile charts, combatants or encounter file is
// refused within hostile.MaxTime of CPU and hostile.MaxBytes, naming the
// path.
func TestHostileMnsFiles(t *testing.T) {
	hostile.Slow(t)
	fight, err := Encode(newFight(t))
	if err != nil {
		t.Fatal(err)
	}
	decodeCharts := func(b []byte) error { _, err := DecodeCharts(b); return err }
	decodeCombatants := func(b []byte) error { _, err := DecodeCombatants(b); return err }
	decodeFight := func(b []byte) error { _, err := Decode(b); return err }
	tests := []struct {
		name      string
		decode    func([]byte) error
		data      []byte
		path, msg string
	}{
		{"charts: 200,000 keys", decodeCharts, hostile.ManyKeys(200_000, true), "$.k0", "unknown field"},
		{"charts: 200,000 YAML keys", decodeCharts, hostile.ManyKeysYAML(200_000, true), "$", "YAML file larger than 512 KB"},
		{"charts: 50,000 YAML keys, the last a duplicate", decodeCharts, hostile.ManyKeysYAML(50_000, true), "$.k0", "duplicate key"},
		{"charts: 50,000 YAML keys", decodeCharts, hostile.ManyKeysYAML(50_000, false), "$.k0", "unknown field"},
		{"charts: YAML sequences nested 100,000 deep", decodeCharts, hostile.Nested(100_000), "$", "invalid YAML"},
		{"charts: a duplicate YAML key 5,000 mappings deep", decodeCharts, append([]byte("x: "), hostile.DupAtDepth(5_000)...), "$.x.a.a", "duplicate key"},
		{"charts: YAML aliases repeating a node 9^8 times", decodeCharts, aliasBomb(), "$.a", "aliases repeat more nodes than the file holds"},
		{"charts: a duplicate JSON key 5,000 objects deep", decodeCharts, hostile.Splice(t, `{"schema":1,"sphere":@}`, "@", hostile.DupAtDepth(5_000)), "$.sphere.a", "unknown field"},
		{"charts: a 50 MB string", decodeCharts, hostile.Splice(t, `{"schema":1,"source":@}`, "@", hostile.LongString(50<<20)), "$", "larger than"},
		{"combatants: 200,000 keys", decodeCombatants, hostile.ManyKeys(200_000, true), "$.k0", "unknown field"},
		{"combatants: 200,000 keys in a combatant", decodeCombatants, hostile.Splice(t, `{"schema":1,"combatants":[@]}`, "@", hostile.ManyKeys(200_000, true)), "$.combatants[0].k0", "unknown field"},
		{"combatants: arrays nested 100,000 deep", decodeCombatants, hostile.Splice(t, `{"schema":1,"combatants":@}`, "@", hostile.Nested(100_000)), "$.combatants[0]", "expected an object, got JSON array"},
		{"combatants: a 50 MB string", decodeCombatants, hostile.Splice(t, `{"schema":1,"combatants":[{"id":@}]}`, "@", hostile.LongString(50<<20)), "$", "file larger than 16 MB"},
		{"encounter: 200,000 keys", decodeFight, hostile.ManyKeys(200_000, true), "$.k0", "unknown field"},
		{"encounter: 200,000 keys in an event's details, the last a duplicate", decodeFight, withMnsDetails(t, fight, hostile.ManyKeys(200_000, true)), "$.log[0].details.k0", "duplicate key"},
		{"encounter: a duplicate key 5,000 objects deep", decodeFight, withMnsDetails(t, fight, hostile.DupAtDepth(5_000)), "$.log[0].details.a.a", "duplicate key"},
		{"encounter: arrays nested 100,000 deep", decodeFight, withMnsDetails(t, fight, hostile.Nested(100_000)), "$", "exceeded max depth"},
	}
	for _, tt := range tests {
		err := hostile.Cost(t, tt.name, func() error { return tt.decode(tt.data) })
		hostile.Want(t, tt.name, err, tt.path, tt.msg)
	}
}

// withMnsDetails is the encoded fight with details v on its first event.
func withMnsDetails(t *testing.T, fight []byte, v []byte) []byte {
	t.Helper()
	const seq = `"seq": 1,`
	return hostile.Splice(t, string(fight), seq, append(append([]byte(seq+` "details": `), v...), ","...))
}
