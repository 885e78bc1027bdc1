package cmdutil

import (
	"bytes"

	"github.com/go-json-experiment/json/jsontext"
)

// FileKind is a kind of file spandex reads, as a message names it.
type FileKind string

// The kinds of file the readers tell apart.
const (
	KindHero          FileKind = "a hero file"
	KindEncounter     FileKind = "an encounter file"
	KindMNSEncounter  FileKind = "an M&S fight file"
	KindMNSCombatants FileKind = "an M&S combatants file"
	KindMNSCharts     FileKind = "an M&S charts file"
)

// SniffKind names the kind of file data is from the members of its
// (first) top-level object: "sides" and "combatants" an encounter,
// "segment" and "combatants" an M&S fight, "combatants" alone an M&S
// combatants file, "sphere"/"square"/"doubles"/"action" the M&S charts,
// "abilities" a hero. It is "" for anything else (not JSON, not an
// object, or no kind spandex knows). It is read only when a strict
// decode has failed, so it costs the readers nothing otherwise.
//
// Only the top-level member names are read: the values are skipped in
// place (the decoder reads a bytes.Buffer without copying it), so
// sniffing a refused file of 60 MB costs nothing (decoding it whole into
// raw messages cost three copies of it).
func SniffKind(data []byte) FileKind {
	m := map[string]bool{}
	dec := jsontext.NewDecoder(bytes.NewBuffer(data), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return ""
	}
	for dec.PeekKind() == '"' {
		name, err := dec.ReadValue()
		if err != nil {
			return ""
		}
		switch k := string(name); k {
		case `"combatants"`, `"sides"`, `"segment"`, `"sphere"`, `"square"`, `"doubles"`, `"action"`, `"abilities"`:
			m[k[1:len(k)-1]] = true
		}
		if err := dec.SkipValue(); err != nil {
			return ""
		}
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '}' {
		return ""
	}
	has := func(k string) bool { return m[k] }
	switch {
	case has("combatants") && has("sides"):
		return KindEncounter
	case has("combatants") && has("segment"):
		return KindMNSEncounter
	case has("combatants"):
		return KindMNSCombatants
	case has("sphere") || has("square") || has("doubles") || has("action"):
		return KindMNSCharts
	case has("abilities"):
		return KindHero
	}
	return ""
}

// wrongKind is the refusal of a file of another kind than the verb reads
// (want), said before any strict decoding error: "hero.json is a hero
// file; fight status reads an encounter file". It is nil when data is of
// the kind wanted or of no kind SniffKind knows (the decoding error then
// says what is wrong).
func (e *Env) wrongKind(data []byte, name string, want FileKind) error {
	return wrongKind(data, name, e.commandName(), want)
}

// WrongKind is wrongKind for readers outside this package: decodeErr is
// returned when the file is of the kind wanted or of none known.
func (e *Env) WrongKind(data []byte, name string, want FileKind, decodeErr error) error {
	if err := e.wrongKind(data, name, want); err != nil {
		return err
	}
	return decodeErr
}

func wrongKind(data []byte, name, verb string, want FileKind) error {
	got := SniffKind(data)
	if got == "" || got == want {
		return nil
	}
	if verb == "" {
		return Inputf("%s is %s, not %s", name, got, want)
	}
	return Inputf("%s is %s; %s reads %s", name, got, verb, want)
}

// commandName is the verb for messages, or "" when unknown.
func (e *Env) commandName() string {
	if e == nil {
		return ""
	}
	return e.command
}
