package encounter

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/combat"
	"github.com/codename-spandex/spandex/pkg/undo"
)

// step runs one command's worth of change on the file's bytes, as the CLI
// does: decode, snapshot, change, record, encode.
func step(t *testing.T, file []byte, do func(e *Encounter)) []byte {
	t.Helper()
	e, err := Decode(file)
	must(t, err)
	n := len(e.Log)
	before, err := Snapshot(e)
	must(t, err)
	do(e)
	must(t, e.RecordChange(before, n))
	b, err := Encode(e)
	must(t, err)
	return b
}

// logTail is how an encoded encounter ends: the close of its log, which
// comes last.
const logTail = "\n  ]\n}\n"

// Undo gives the file back as it was before the change byte for byte up
// to its log, which keeps every event and gains the undo.
func TestUndoRestoresTheFileByteForByte(t *testing.T) {
	e := newBank(t)
	f0, err := Encode(e)
	must(t, err)
	f1 := step(t, f0, func(e *Encounter) { initiative(t, e, 8, 3) })
	f2 := step(t, f1, func(e *Encounter) {
		s := strike("guardian", "nefario", "fist", combat.ReactionParry)
		s.Request.Reaction.Parry = "staff"
		s.Request.Obstructions = []combat.Obstruction{{Material: "wood"}}
		_, err := e.Attack(gm(14, 20, 3, 5, 2, 1, 2, 4, 3, 2), s, combat.Options{})
		must(t, err)
	})
	f3 := step(t, f2, func(e *Encounter) { must(t, e.Do(gm(), ActionRecord{Actor: "guardian", Kind: ActMove, Metres: 7})) })

	cur, err := Decode(f3)
	must(t, err)
	u, err := Undo(cur, 0)
	must(t, err)
	got, err := Encode(u)
	must(t, err)
	prefix := f2[:len(f2)-len(logTail)]
	if !bytes.HasPrefix(got, prefix) {
		t.Fatalf("the undone file does not begin with the earlier file (up to its log end): %s", firstDiff(got, prefix))
	}
	last := u.Log[len(u.Log)-1]
	if last.Kind != "undo" || last.Seq != len(cur.Log)+1 || len(u.Log) != len(cur.Log)+1 {
		t.Fatalf("log: %d events, last %+v", len(u.Log), last)
	}
	if !strings.Contains(last.Summary, "took back event 5 (move)") {
		t.Fatalf("summary %q", last.Summary)
	}

	// --to 2: the attack and its reaction too; the file is as after the
	// initiative.
	u2, err := Undo(u, 2)
	must(t, err)
	got, err = Encode(u2)
	must(t, err)
	if !bytes.HasPrefix(got, f1[:len(f1)-len(logTail)]) {
		t.Fatalf("--to 2 does not give the file after event 2 back")
	}
	if p := panelsOf(t, u2, "nefario"); p.Owed != 0 {
		t.Fatalf("Nefario still owes %d after the undo", p.Owed)
	}

	// Undo of the undo is refused.
	_, err = Undo(u2, 0)
	var r *undo.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("undo of an undo: %v", err)
	}
}

// An encounter file of schema 1 reads as schema 2, and its changes cannot
// be undone.
func TestDecodeSchema1(t *testing.T) {
	e := newBank(t)
	initiative(t, e, 8, 3)
	b, err := Encode(e)
	must(t, err)
	v1 := bytes.Replace(b, []byte(`"schema": 2,`), []byte(`"schema": 1,`), 1)
	old, err := Decode(v1)
	must(t, err)
	if old.Schema != SchemaVersion {
		t.Fatalf("schema %d after migration", old.Schema)
	}
	_, err = Undo(old, 0)
	if err == nil || !strings.Contains(err.Error(), "records no change") {
		t.Fatalf("undo on a schema 1 file: %v", err)
	}
	three := bytes.Replace(b, []byte(`"schema": 2,`), []byte(`"schema": 3,`), 1)
	_, err = Decode(three)
	if err == nil || !strings.Contains(err.Error(), "version 3 is not supported") {
		t.Fatalf("schema 3: %v", err)
	}
}

func firstDiff(a, b []byte) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			lo := max(0, i-200)
			return string(a[lo:min(len(a), i+100)]) + "\n=====\n" + string(b[lo:min(len(b), i+100)])
		}
	}
	return "prefix"
}

// The Revert recorded from two snapshots is the generic diff's (the two
// states parsed whole), byte for byte, on a turn of the bank and of the
// reference encounter.
func TestRecordChangeIsTheGenericDiff(t *testing.T) {
	for _, file := range []string{"bank.json", "reference.json"} {
		before, after, n := oneTurn(t, file)
		s, err := Snapshot(before)
		must(t, err)
		must(t, after.RecordChange(s, n))
		got := after.Log[len(after.Log)-1].Revert
		// The states as the files hold them, parsed whole.
		b0, err := Encode(withoutLog(before))
		must(t, err)
		b1, err := Encode(withoutLog(after))
		must(t, err)
		s0, err := undo.State(b0)
		must(t, err)
		s1, err := undo.State(b1)
		must(t, err)
		want, err := undo.Record(s0, s1, after.Log[n].Seq)
		must(t, err)
		if got.From != want.From || !bytes.Equal(got.Patch, want.Patch) {
			t.Errorf("%s: RecordChange recorded %d %s, the generic diff %d %s", file, got.From, got.Patch, want.From, want.Patch)
		}
	}
}

// withoutLog is a copy of e with an empty log.
func withoutLog(e *Encounter) *Encounter {
	c := *e
	c.Log = nil
	return &c
}
