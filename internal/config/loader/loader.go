// Package loader reads spandex's defaults from a YAML config file and
// SPANDEX_* environment variables through viper, into a config.Config.
// Loading is lazy: the root command hands Load to the Factory, which
// calls it the first time a command asks for the config, never at
// start-up. A key the file misspells is refused with its line and the
// nearest valid key.
package loader

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/codename-spandex/spandex/internal/config"
	"github.com/codename-spandex/spandex/pkg/refusal"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"
)

// Load reads the config file (path, else
// $XDG_CONFIG_HOME/spandex/config.yaml, else ~/.config/spandex/config.yaml,
// which may be absent) and SPANDEX_* environment variables
// (SPANDEX_OUTPUT, SPANDEX_SEED, SPANDEX_RULES_DODGE_STACKING, ...); a
// relative path is taken from dir (empty: the working directory), and
// messages and Config.File name it as given. getenv is os.Getenv outside
// tests.
func Load(dir, path string, getenv func(string) string) (*config.Config, error) {
	explicit := path != ""
	if !explicit {
		path = defaultPath(getenv)
	}
	at := path
	if dir != "" && path != "" && !filepath.IsAbs(path) {
		at = filepath.Join(dir, path)
	}
	if !explicit && !anyEnv(getenv) && (path == "" || fileAbsent(at)) {
		// Nothing set: the defaults, without paying for viper (the common
		// case, on every call of a random verb without --seed).
		return config.Defaults(), nil
	}
	v := viper.New()
	v.SetConfigType("yaml")
	sources := map[string]config.Source{}
	for _, k := range config.Keys {
		if k.Default != "" {
			v.SetDefault(k.Name, k.Default)
		}
		sources[k.Name] = config.Source{Kind: "default"}
	}

	if path != "" {
		data, err := readFile(path, at)
		switch {
		case err != nil && !explicit && errors.Is(err, os.ErrNotExist):
			path = ""
		case err != nil:
			return nil, err
		default:
			lines, settings, err := scanKeys(path, data)
			if err != nil {
				return nil, err
			}
			for name, line := range lines {
				sources[name] = config.Source{Kind: "file", File: path, Line: line}
			}
			// The file is parsed once, here, and handed to viper as its
			// config layer: viper's own reader would parse it again, and
			// link every format viper reads (TOML, dotenv) into spandex.
			if err := v.MergeConfigMap(settings); err != nil {
				return nil, refusal.Errorf("config file %s: %w", path, oneLine(err))
			}
		}
	}
	// Environment: read through getenv so tests control it.
	for _, k := range config.Keys {
		if val := getenv(k.Env()); val != "" {
			v.Set(k.Name, val)
			sources[k.Name] = config.Source{Kind: "env", Name: k.Env()}
		}
	}
	for _, k := range config.Keys {
		if err := config.CheckValue(k, v.Get(k.Name), sources[k.Name]); err != nil {
			return nil, err
		}
	}
	if raw := v.Get("seed"); raw != nil {
		// checkValue read it as a decimal number; the decoder below would
		// read "08" as octal, and refuse it.
		n, _ := strconv.ParseUint(strings.TrimSpace(fmt.Sprint(raw)), 10, 64)
		v.Set("seed", n)
	}
	c := &config.Config{}
	if err := v.Unmarshal(c); err != nil {
		return nil, fmt.Errorf("config: %w", oneLine(err))
	}
	c.File = path
	c.Sources = sources
	return c, nil
}

// MaxFileSize is the largest config file read: a config is a few keys,
// and anything bigger is not one (a mistyped path, a log, /dev/zero).
const MaxFileSize = 1 << 20

// readFile reads the config file at at, named path in messages: a regular file (a named pipe,
// a device or a directory is refused after a Stat, without opening it,
// so it cannot block or stream forever) of at most MaxFileSize bytes.
// An absent file's error wraps os.ErrNotExist.
func readFile(path, at string) ([]byte, error) {
	fi, err := os.Stat(at)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, refusal.Errorf("config file %s: %w", path, os.ErrNotExist)
		}
		return nil, fmt.Errorf("config file %s: %w", path, oneLine(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, refusal.Errorf("config file %s: not a regular file (%s)", path, fileKind(fi.Mode()))
	}
	if fi.Size() > MaxFileSize {
		return nil, refusal.Errorf("config file %s: %d bytes, over the %d a config file may have", path, fi.Size(), MaxFileSize)
	}
	f, err := os.Open(at)
	if err != nil {
		return nil, fmt.Errorf("config file %s: %w", path, oneLine(err))
	}
	defer f.Close()
	// The file may have grown since the Stat: read one byte past the
	// limit to tell.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("config file %s: %w", path, oneLine(err))
	}
	if len(data) > MaxFileSize {
		return nil, refusal.Errorf("config file %s: over the %d bytes a config file may have", path, MaxFileSize)
	}
	return data, nil
}

// fileKind names what a path that is not a regular file is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// scanKeys parses the config file and returns the line of every key set
// in it and the settings themselves (nested by section, as in the file).
// A key that is not a setting is refused with its line and the
// nearest valid key: a misspelt key would otherwise be silently ignored.
func scanKeys(path string, data []byte) (map[string]int, map[string]any, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, nil, refusal.Errorf("config file %s: %w", path, oneLine(err))
	}
	var second yaml.Node
	switch err := dec.Decode(&second); {
	case err == io.EOF:
	case err != nil:
		return nil, nil, refusal.Errorf("config file %s: %w", path, oneLine(err))
	default:
		return nil, nil, refusal.Errorf("config file %s:%d: a second YAML document: a config file is one document", path, second.Line)
	}
	lines := map[string]int{}
	if len(doc.Content) == 0 {
		return lines, nil, nil // an empty file
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, nil, refusal.Errorf("config file %s:%d: the file must be a mapping of keys to values", path, root.Line)
	}
	var walk func(prefix string, m *yaml.Node) error
	walk = func(prefix string, m *yaml.Node) error {
		for i := 0; i+1 < len(m.Content); i += 2 {
			kn, vn := m.Content[i], m.Content[i+1]
			name := prefix + kn.Value
			if vn.Kind == yaml.MappingNode && isSection(name) {
				if err := walk(name+".", vn); err != nil {
					return err
				}
				continue
			}
			if _, ok := config.LookupKey(name); !ok {
				if isSection(name) {
					return refusal.Errorf("config file %s:%d: %s: want a mapping of its keys (e.g. %s: add)", path, kn.Line, name, firstIn(name))
				}
				return refusal.Errorf("config file %s:%d: unknown key %q (did you mean %q?)", path, kn.Line, name, config.NearestKey(name))
			}
			if vn.Kind != yaml.ScalarNode {
				return refusal.Errorf("config file %s:%d: %s: want a single value", path, vn.Line, name)
			}
			lines[name] = kn.Line
		}
		return nil
	}
	if err := walk("", root); err != nil {
		return nil, nil, err
	}
	var settings map[string]any
	if err := root.Decode(&settings); err != nil {
		return nil, nil, refusal.Errorf("config file %s: %w", path, oneLine(err))
	}
	return lines, settings, nil
}

// isSection reports whether name is a group of keys ("rules").
func isSection(name string) bool {
	for _, k := range config.Keys {
		if strings.HasPrefix(k.Name, name+".") {
			return true
		}
	}
	return false
}

// firstIn returns the last part of the first key in a section.
func firstIn(section string) string {
	for _, k := range config.Keys {
		if rest, ok := strings.CutPrefix(k.Name, section+"."); ok {
			return rest
		}
	}
	return ""
}

func anyEnv(getenv func(string) string) bool {
	for _, k := range config.Keys {
		if getenv(k.Env()) != "" {
			return true
		}
	}
	return false
}

// fileAbsent reports whether path certainly does not exist; any other
// problem is left for the loader to report.
func fileAbsent(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, os.ErrNotExist)
}

func defaultPath(getenv func(string) string) string {
	if x := getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "spandex", "config.yaml")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".config", "spandex", "config.yaml")
	}
	return ""
}

func oneLine(err error) error {
	return errors.New(strings.Join(strings.Fields(err.Error()), " "))
}
