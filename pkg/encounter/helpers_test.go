package encounter

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/codename-spandex/spandex/pkg/dice"
	"github.com/codename-spandex/spandex/pkg/hero"
)

// loadHeroes reads a hero file or JSON Lines of heroes from the
// repository's testdata/heroes, the fixtures every package's tests and the
// CLI's scripts share (TestHeroFixtures in internal/cli checks them).
// Where this package's hand-worked numbers need another hero than the
// shared one of that name, fixtureFor names it.
func loadHeroes(t testing.TB, name string) []*hero.Hero {
	t.Helper()
	file := name
	if f, ok := fixtureFor[name]; ok {
		file = f
	}
	path := filepath.Join("..", "..", "testdata", "heroes", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []*hero.Hero
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		h, err := hero.Decode(raw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, h)
	}
	return out
}

func loadHero(t testing.TB, name string) *hero.Hero { return loadHeroes(t, name)[0] }

// fixtureFor maps the names the tests use to the shared fixture read.
// This package's fights were worked out with the sturdier Nefario
// (endurance 12, will 15: stamina 42, health 40): the stamina left after
// a blow, who gets knocked prone and the initiative order depend on it.
var fixtureFor = map[string]string{"nefario.json": "nefario-sturdy.json"}

// bankSetup is the bank fight: The Guardian and two police officers
// against Nefario and four goons (pp. 30, 40-41).
func bankSetup(t testing.TB) Setup {
	s := Setup{Name: "bank job", Sides: []string{"heroes", "villains"}}
	add := func(side, file string) {
		for _, h := range loadHeroes(t, file) {
			s.Entries = append(s.Entries, Entry{Side: side, Hero: h, Source: file})
		}
	}
	add("heroes", "guardian.json")
	add("heroes", "police.jsonl")
	add("villains", "nefario.json")
	add("villains", "goons.jsonl")
	return s
}

func newBank(t testing.TB) *Encounter {
	t.Helper()
	e, err := New(bankSetup(t))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// gm is the GM's dice.
func gm(vals ...int) Ctx { return Ctx{Roller: dice.NewScripted(vals)} }

// must fails the test on an error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mustFail checks an error mentioning want.
func mustFail(t testing.TB, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one mentioning %q", want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not mention %q", err, want)
	}
}

// initiative starts the page with the GM's d10s.
func initiative(t testing.TB, e *Encounter, rolls ...int) {
	t.Helper()
	must(t, e.RollInitiative(gm(rolls...)))
}

// current returns the id and panels of whoever acts now ("" between phases).
func current(e *Encounter) (string, int) {
	n := e.NextTurn()
	if n.Actor == nil {
		return "", 0
	}
	return n.Actor.ID, n.Actor.Panels
}

func wantTurn(t testing.TB, e *Encounter, id string, panels int) {
	t.Helper()
	gotID, gotN := current(e)
	if gotID != id || gotN != panels {
		t.Fatalf("turn: got %s with %d panels, want %s with %d (phase %s)", gotID, gotN, id, panels, e.Phase)
	}
}

func other(t testing.TB, e *Encounter, id string, panels int) {
	t.Helper()
	must(t, e.Do(Ctx{}, ActionRecord{Actor: id, Kind: ActOther, Panels: panels, Note: "acts"}))
}

func pass(t testing.TB, e *Encounter, id string) {
	t.Helper()
	must(t, e.Do(Ctx{}, ActionRecord{Actor: id, Kind: ActPass}))
}

// passAll passes every remaining turn of the page.
func passAll(t testing.TB, e *Encounter) {
	t.Helper()
	for i := 0; i < 100; i++ {
		id, _ := current(e)
		if id == "" {
			return
		}
		pass(t, e, id)
	}
	t.Fatal("the page never ended")
}

func panelsOf(t testing.TB, e *Encounter, id string) Panels {
	t.Helper()
	c := e.Find(id)
	if c == nil {
		t.Fatalf("no combatant %s", id)
	}
	return c.Panels
}

// clone deep-copies an encounter through its file format.
func clone(t testing.TB, e *Encounter) *Encounter {
	t.Helper()
	b, err := Encode(e)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Decode(b)
	if err != nil {
		t.Fatalf("decoding an encoded encounter: %v", err)
	}
	return c
}
