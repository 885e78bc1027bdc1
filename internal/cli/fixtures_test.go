package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// fixture is one file of testdata/heroes, decoded.
type fixture struct {
	name   string // guardian.json
	raw    []byte
	heroes []map[string]any
}

// heroFixtures reads every hero file of testdata/heroes.
func heroFixtures(t *testing.T) []fixture {
	t.Helper()
	entries, err := os.ReadDir(heroesDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, e := range entries {
		if !isHeroFile(e.Name()) {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(heroesDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		hs, ok := decodeHeroes(raw)
		if !ok {
			t.Fatalf("testdata/heroes/%s: not a hero file or a stream of heroes", e.Name())
		}
		out = append(out, fixture{name: e.Name(), raw: raw, heroes: hs})
	}
	if len(out) == 0 {
		t.Fatal("no fixtures in testdata/heroes")
	}
	return out
}

func isHeroFile(name string) bool {
	return strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".jsonl")
}

// decodeHeroes decodes data as one or more JSON objects that look like
// heroes (they have abilities); ok is false for anything else.
func decodeHeroes(data []byte) (hs []map[string]any, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var h map[string]any
		err := dec.Decode(&h)
		if errors.Is(err, io.EOF) {
			return hs, len(hs) > 0
		}
		if err != nil || h["abilities"] == nil {
			return nil, false
		}
		hs = append(hs, h)
	}
}

// TestHeroFixtures keeps one set of heroes: every file in testdata/heroes
// passes hero check (a draft, hero derive) and is described in its README, and no other test
// data holds a copy of one (a pasted copy drifts: the scripts once had
// four Guardians and eight Nefarios). A script takes a fixture with
// "cp heroes/NAME ." (setupScript puts them in $WORK/heroes); a hero that
// must differ is made from one in the script, or is a fixture of its own,
// named for what differs.
func TestHeroFixtures(t *testing.T) {
	fixtures := heroFixtures(t)
	readme, err := os.ReadFile(filepath.Join(heroesDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// Names of the one-hero fixtures: a hero of that name anywhere else
	// is a copy, changed or not.
	byName := map[string]string{}
	for _, f := range fixtures {
		abs, err := filepath.Abs(filepath.Join(heroesDir, f.name))
		if err != nil {
			t.Fatal(err)
		}
		// A draft is checked by deriving it (hero check wants the
		// derived figures it does not have yet).
		check := []string{"hero", "check", abs}
		if strings.HasSuffix(f.name, "-draft.json") {
			check = []string{"hero", "derive", "--seed", "1", abs}
		}
		if code, _, stderr := run("", check...); code != 0 {
			t.Errorf("testdata/heroes/%s: %s fails: %s", f.name, strings.Join(check[:2], " "), stderr)
		}
		if !bytes.Contains(readme, []byte("`"+f.name+"`")) {
			t.Errorf("testdata/heroes/README.md does not describe %s", f.name)
		}
		if len(f.heroes) == 1 {
			byName[f.heroes[0]["name"].(string)] = f.name
		}
	}

	// copyOf names the fixture that data (a file or a txtar section)
	// copies, or "".
	copyOf := func(data []byte) string {
		hs, ok := decodeHeroes(data)
		if !ok {
			return ""
		}
		for _, h := range hs {
			if n, ok := h["name"].(string); ok && byName[n] != "" {
				return byName[n]
			}
			for _, f := range fixtures {
				for _, fh := range f.heroes {
					if reflect.DeepEqual(h, fh) {
						return f.name
					}
				}
			}
		}
		return ""
	}

	testDataCopies(t, heroesDir, isHeroFile, copyOf, func(path, section, fx string) {
		if section != "" {
			t.Errorf("%s: %s is a copy of testdata/heroes/%s: take it with \"cp heroes/%s %s\" and change it in the script, or add a fixture", path, section, fx, fx, section)
			return
		}
		t.Errorf("%s is a copy of testdata/heroes/%s: read the shared fixture", path, fx)
	})
}

// mnsDir holds the Men & Supermen test files: the synthetic charts and
// the combatants of the mns examples.
const mnsDir = "../../testdata/mns"

// TestMnsFixtures keeps one copy of the Men & Supermen test files: each
// file of testdata/mns is described in its README and is what it says (the
// charts pass mns charts check, the combatants start a fight), and no
// other test data holds a copy of one (scripts take them with
// "cp mns/NAME ."). The four mns scripts once pasted the charts each.
func TestMnsFixtures(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(mnsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(mnsDir)
	if err != nil {
		t.Fatal(err)
	}
	byValue := map[string]string{}  // canonical JSON -> fixture name
	bySource := map[string]string{} // a charts file's "source" -> fixture name
	var combatants []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(mnsDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		byValue[canonicalJSON(t, data)] = e.Name()
		var charts struct{ Source string }
		if json.Unmarshal(data, &charts) == nil && charts.Source != "" {
			bySource[charts.Source] = e.Name()
		}
		if !bytes.Contains(readme, []byte("`"+e.Name()+"`")) {
			t.Errorf("testdata/mns/README.md does not describe %s", e.Name())
		}
		abs, err := filepath.Abs(filepath.Join(mnsDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(e.Name(), "charts") {
			if code, _, stderr := run("", "mns", "charts", "check", abs); code != 0 {
				t.Errorf("testdata/mns/%s: mns charts check fails: %s", e.Name(), stderr)
			}
			continue
		}
		combatants = append(combatants, abs)
	}
	if len(byValue) < 3 {
		t.Fatalf("testdata/mns holds %d files, want the charts and two sides", len(byValue))
	}
	if code, _, stderr := run("", append([]string{"mns", "new"}, combatants...)...); code != 0 {
		t.Errorf("testdata/mns: mns new %v fails: %s", combatants, stderr)
	}

	// copyOf names the fixture data copies, changed or not (a charts
	// file with the synthetic charts' source), or "".
	copyOf := func(data []byte) string {
		var charts struct{ Source string }
		if json.Unmarshal(data, &charts) != nil {
			return ""
		}
		if fx := bySource[charts.Source]; fx != "" {
			return fx
		}
		return byValue[canonicalJSON(t, data)]
	}
	isJSON := func(path string) bool { return strings.HasSuffix(path, ".json") }
	testDataCopies(t, mnsDir, isJSON, copyOf, func(path, section, fx string) {
		if section != "" {
			t.Errorf("%s: %s is a copy of testdata/mns/%s: take it with \"cp mns/%s %s\"", path, section, fx, fx, section)
			return
		}
		t.Errorf("%s is a copy of testdata/mns/%s: read the shared file", path, fx)
	})
}

// testDataCopies walks the repository's test data (every file under a
// testdata directory but those of fixtures, the fixtures' own) and calls
// found for each txtar section (section: its name) and each file isFile
// accepts (section "") that copyOf names a fixture of.
func testDataCopies(t *testing.T, fixtures string, isFile func(path string) bool, copyOf func([]byte) string, found func(path, section, fixture string)) {
	t.Helper()
	checked := 0
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == ".git" || d.Name() == "fuzz" || path == filepath.Clean(fixtures)):
			return filepath.SkipDir
		case d.IsDir() || !strings.Contains(filepath.ToSlash(path), "/testdata/"):
			return nil
		case strings.HasSuffix(path, ".txtar"):
			a, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range a.Files {
				checked++
				if fx := copyOf(f.Data); fx != "" {
					found(path, f.Name, fx)
				}
			}
		case isFile(path):
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			if fx := copyOf(data); fx != "" {
				found(path, "", fx)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked only %d files of test data", checked)
	}
}

// canonicalJSON is data re-encoded with sorted keys and no spacing, so
// that two copies compare equal however they are laid out.
func canonicalJSON(t *testing.T, data []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return "invalid: " + string(data)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
