package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/itchyny/gojq"
	"github.com/rogpeppe/go-internal/testscript"
	"mvdan.cc/sh/v3/interp"
)

// jqCmd is the script command "jq [FLAGS] FILTER [FILE...] [< FILE]":
// jq run in the test process through gojq, so that a script's look into
// a file costs no process (jq compiles its builtins at every start).
// It takes the flags the scripts use: -c, -r, -e, -s, -n (also
// combined, -sc), --arg NAME VALUE and --argjson NAME JSON. Its input is
// the FILEs one after another, or FILE after "<" (a file of the script,
// or stdout or stderr of the previous command), or nothing. It prints
// what jq prints: two-space indentation or -c's compact lines, object
// keys in the order jq keeps (jqPrinter), and exits as jq does (! expects
// a non-zero status: 5 for an error in the filter, 3 for one in its
// text, 2 for a file that cannot be read or parsed, and with -e 1 when
// the last output is false or null and 4 when there is none).
//
// With SPANDEXTEST_JQ_COMPARE=1 in the environment of go test, each call
// also runs the jq program on PATH and fails the script where the two
// print something different or exit differently.
func jqCmd(ts *testscript.TestScript, neg bool, args []string) {
	stdin, hasStdin := "", false
	if n := len(args); n >= 2 && args[n-2] == "<" {
		stdin, hasStdin = ts.ReadFile(args[n-1]), true
		args = args[:n-2]
	}
	code, stdout, stderr := runJQ(args, func(name string) ([]byte, error) {
		return os.ReadFile(ts.MkAbs(name))
	}, strings.NewReader(stdin))
	if os.Getenv("SPANDEXTEST_JQ_COMPARE") != "" {
		compareWithJQ(ts, args, stdin, hasStdin, code, stdout, stderr)
	}
	exited(ts, neg, code, stdout, stderr)
}

// shellJQ is jq in-process for the script command sh (shellCmd): in
// the shell's directory, reading and writing its streams (a pipe from
// the stage before, to the next).
func shellJQ(ctx context.Context, args []string) error {
	hc := interp.HandlerCtx(ctx)
	code, stdout, stderr := runJQ(args, func(name string) ([]byte, error) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(hc.Dir, name)
		}
		return os.ReadFile(name)
	}, hc.Stdin)
	io.WriteString(hc.Stdout, stdout)
	io.WriteString(hc.Stderr, stderr)
	if code != 0 {
		return interp.ExitStatus(code)
	}
	return nil
}

// compareWithJQ runs the real jq with args in the script's directory and
// fails the script if its stdout or exit status differs from the
// in-process one's (stderr wording differs between the two and is not
// compared).
func compareWithJQ(ts *testscript.TestScript, args []string, stdin string, hasStdin bool, code int, stdout, stderr string) {
	cmd := exec.Command("jq", args...)
	cmd.Dir = ts.MkAbs(".")
	if hasStdin {
		cmd.Stdin = strings.NewReader(stdin)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	want := 0
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		want = exitErr.ExitCode()
	case err != nil:
		ts.Fatalf("jq compare: %v", err)
	}
	if out.String() != stdout || want != code {
		ts.Fatalf("jq %q: in-process printed (exit %d, stderr %q)\n%s\njq printed (exit %d)\n%s", args, code, stderr, stdout, want, out.String())
	}
}

// jqFlags are the parsed flags of a jq command line.
type jqFlags struct {
	compact, raw, exitStatus, slurp, nullInput bool
	filter                                     string
	files                                      []string
	varNames                                   []string
	varValues                                  []string
	varJSON                                    []bool
}

// parseJQArgs reads a jq command line: flags anywhere, the first other
// word the filter, the rest files.
func parseJQArgs(args []string) (jqFlags, error) {
	var f jqFlags
	haveFilter := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--arg" || a == "--argjson":
			if i+2 >= len(args) {
				return f, fmt.Errorf("%s takes two parameters (e.g. %s varname value)", a, a)
			}
			f.varNames = append(f.varNames, "$"+args[i+1])
			f.varValues = append(f.varValues, args[i+2])
			f.varJSON = append(f.varJSON, a == "--argjson")
			i += 2
		case a == "--compact-output":
			f.compact = true
		case a == "--raw-output":
			f.raw = true
		case a == "--exit-status":
			f.exitStatus = true
		case a == "--slurp":
			f.slurp = true
		case a == "--null-input":
			f.nullInput = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for _, c := range a[1:] {
				switch c {
				case 'c':
					f.compact = true
				case 'r':
					f.raw = true
				case 'e':
					f.exitStatus = true
				case 's':
					f.slurp = true
				case 'n':
					f.nullInput = true
				default:
					return f, fmt.Errorf("unknown option: %s", a)
				}
			}
		case !haveFilter:
			f.filter, haveFilter = a, true
		default:
			f.files = append(f.files, a)
		}
	}
	if !haveFilter {
		return f, fmt.Errorf("no filter")
	}
	return f, nil
}

// runJQ runs a jq command line on the files (read through readFile) or,
// with none, on stdin, and returns its exit status and output.
func runJQ(args []string, readFile func(string) ([]byte, error), stdin io.Reader) (code int, stdout, stderr string) {
	var out, errOut strings.Builder
	f, err := parseJQArgs(args)
	if err != nil {
		return 2, "", "jq: error: " + err.Error() + "\n"
	}
	query, err := gojq.Parse(f.filter)
	if err != nil {
		return 3, "", fmt.Sprintf("jq: error: %v\njq: 1 compile error\n", err)
	}
	p := newJQPrinter(query)
	vars := make([]any, len(f.varValues))
	for i, v := range f.varValues {
		vars[i] = v
		if f.varJSON[i] {
			dec := json.NewDecoder(strings.NewReader(v))
			dec.UseNumber()
			if vars[i], err = p.decode(dec); err != nil {
				return 2, "", "jq: error: invalid JSON text passed to --argjson\n"
			}
		}
	}
	in := &jqInputs{p: p, readFile: readFile, files: f.files, stdin: stdin, errOut: &errOut}
	var inputs gojq.Iter = in
	if f.slurp {
		all := []any{}
		for v, ok := in.Next(); ok; v, ok = in.Next() {
			all = append(all, v)
		}
		inputs = gojq.NewIter[any](all) // one value, the array
	}
	prog, err := gojq.Compile(query, gojq.WithVariables(f.varNames), gojq.WithInputIter(inputs))
	if err != nil {
		return 3, "", fmt.Sprintf("jq: error: %v\njq: 1 compile error\n", err)
	}
	outputs, last, failed, halted := 0, any(nil), false, -1
	run := func(v any) {
		iter := prog.Run(v, vars...)
		for {
			r, ok := iter.Next()
			if !ok {
				return
			}
			var halt *gojq.HaltError
			if err, ok := r.(error); ok && errors.As(err, &halt) {
				// halt, halt_error: the value on stderr, jq stops.
				if s, ok := halt.Value().(string); ok {
					errOut.WriteString(s)
				} else if v := halt.Value(); v != nil {
					b, _ := gojq.Marshal(v)
					errOut.Write(append(b, '\n'))
				}
				halted = halt.ExitCode()
				return
			}
			if err, ok := r.(error); ok {
				fmt.Fprintf(&errOut, "jq: error (at %s): %v\n", in.name, err)
				failed = true
				return
			}
			if s, ok := r.(string); ok && f.raw {
				out.WriteString(s)
			} else {
				p.print(&out, r, !f.compact, 0)
			}
			out.WriteByte('\n')
			outputs, last = outputs+1, r
		}
	}
	if f.nullInput {
		run(nil)
	} else {
		for v, ok := inputs.Next(); ok && halted < 0; v, ok = inputs.Next() {
			run(v)
		}
	}
	switch {
	case halted >= 0:
		code = halted
	case in.broken:
		code = 2
	case failed:
		code = 5
	case f.exitStatus && outputs == 0:
		code = 4
	case f.exitStatus && (last == nil || last == false):
		code = 1
	}
	return code, out.String(), errOut.String()
}

// jqInputs is the stream of JSON values jq reads: the files one after
// another, or stdin. Each value is decoded with its objects' key order
// recorded in the printer. A file that cannot be read or parsed ends its
// part of the stream with a message, as jq does.
type jqInputs struct {
	p        *jqPrinter
	readFile func(string) ([]byte, error)
	files    []string
	stdin    io.Reader
	errOut   io.Writer
	started  bool
	name     string
	dec      *json.Decoder
	broken   bool
}

func (in *jqInputs) Next() (any, bool) {
	for {
		if in.dec == nil {
			switch {
			case !in.started && len(in.files) == 0:
				in.name, in.dec = "<stdin>", json.NewDecoder(in.stdin)
			case len(in.files) > 0:
				in.name, in.files = in.files[0], in.files[1:]
				data, err := in.readFile(in.name)
				if err != nil {
					fmt.Fprintf(in.errOut, "jq: error: Could not open %s: %v\n", in.name, err)
					in.broken, in.started = true, true
					continue
				}
				in.dec = json.NewDecoder(bytes.NewReader(data))
			default:
				return nil, false
			}
			in.started = true
			in.dec.UseNumber()
		}
		v, err := in.p.decode(in.dec)
		if err == io.EOF {
			in.dec = nil
			continue
		}
		if err != nil {
			fmt.Fprintf(in.errOut, "jq: error (at %s): %v\n", in.name, err)
			in.broken, in.dec = true, nil
			continue
		}
		return v, true
	}
}

// jqPrinter prints gojq's values as jq prints them. gojq keeps objects in
// Go maps and prints their keys sorted; jq keeps the order an object's
// keys were added in (a file's own order, a new key after the others).
// The printer puts them back in jq's order:
//
//   - an object of the input, unchanged: its keys as they were in the
//     file (the printer knows the very map it decoded);
//   - another object with the same keys as one of the input or one
//     written in the filter ({"max": 3, "current": 3}), a copy of it
//     changed by the filter: that object's order;
//   - an object with keys added or removed (.x = 1 on an object without
//     x, del(.log)): the order of the known object that shares the most
//     keys with it, then the new keys in the order the filter names them,
//     then any other sorted.
//
// A filter that walks an object's keys (.[], to_entries, tojson) gets
// gojq's sorted order, not jq's; no script's output depends on it
// (SPANDEXTEST_JQ_COMPARE).
type jqPrinter struct {
	byMap  map[uintptr]jqObject
	byKey  map[string][]string
	input  [][]string
	filter [][]string
	named  map[string]int
}

// jqObject is an object of the input and the order of its keys.
type jqObject struct {
	m    map[string]any
	keys []string
}

// newJQPrinter returns a printer that knows the key order of the objects
// written in query and the names it mentions.
func newJQPrinter(query *gojq.Query) *jqPrinter {
	p := &jqPrinter{byMap: map[uintptr]jqObject{}, byKey: map[string][]string{}, named: map[string]int{}}
	p.walk(reflect.ValueOf(query))
	return p
}

// walk records the objects of a parsed filter (gojq.Object, in the order
// of their keys) and the order the filter first names each key in
// (.name, ."name", {name: ...}).
func (p *jqPrinter) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			p.walk(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			p.walk(v.Index(i))
		}
	case reflect.Struct:
		if !v.CanAddr() {
			return
		}
		switch x := v.Addr().Interface().(type) {
		case *gojq.Object:
			if keys, ok := objectKeys(x); ok {
				p.remember(keys, &p.filter)
			}
			for _, kv := range x.KeyVals {
				p.name(strings.TrimPrefix(kv.Key, "$"))
				if kv.KeyString != nil {
					p.name(kv.KeyString.Str)
				}
			}
		case *gojq.Index:
			p.name(x.Name)
			if x.Str != nil {
				p.name(x.Str.Str)
			}
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				p.walk(v.Field(i))
			}
		}
	}
}

// objectKeys returns the keys of an object written in a filter, in
// order, unless one is computed (("a" + "b"): 1, "\(.x)": 1).
func objectKeys(o *gojq.Object) ([]string, bool) {
	keys := make([]string, 0, len(o.KeyVals))
	for _, kv := range o.KeyVals {
		switch {
		case kv.Key != "":
			keys = append(keys, strings.TrimPrefix(kv.Key, "$"))
		case kv.KeyString != nil && kv.KeyString.Queries == nil:
			keys = append(keys, kv.KeyString.Str)
		default:
			return nil, false
		}
	}
	return keys, true
}

// name records the first mention of a key in the filter.
func (p *jqPrinter) name(k string) {
	if _, ok := p.named[k]; !ok && k != "" {
		p.named[k] = len(p.named)
	}
}

// remember records the order of an object's keys (of the input or of
// the filter), the first order seen for a set of keys.
func (p *jqPrinter) remember(keys []string, in *[][]string) {
	sig := keySet(keys)
	if _, ok := p.byKey[sig]; !ok {
		p.byKey[sig] = keys
		*in = append(*in, keys)
	}
}

// keySet names a set of keys whatever their order.
func keySet(keys []string) string {
	s := slices.Clone(keys)
	slices.Sort(s)
	return strings.Join(s, "\x00")
}

// decode reads the next JSON value from dec (numbers as json.Number, as
// gojq's own command reads them), recording the key order of each object.
func (p *jqPrinter) decode(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	return p.value(dec, tok)
}

func (p *jqPrinter) value(dec *json.Decoder, tok json.Token) (any, error) {
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '[':
		a := []any{}
		for dec.More() {
			v, err := p.decode(dec)
			if err != nil {
				return nil, unexpectedEOF(err)
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, unexpectedEOF(err)
	case '{':
		m, keys := map[string]any{}, []string{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return nil, unexpectedEOF(err)
			}
			k := tok.(string)
			v, err := p.decode(dec)
			if err != nil {
				return nil, unexpectedEOF(err)
			}
			if _, dup := m[k]; !dup {
				keys = append(keys, k)
			}
			m[k] = v
		}
		if _, err := dec.Token(); err != nil {
			return nil, unexpectedEOF(err)
		}
		p.byMap[reflect.ValueOf(m).Pointer()] = jqObject{m, keys}
		p.remember(keys, &p.input)
		return m, nil
	}
	return nil, fmt.Errorf("unexpected %v", d)
}

// unexpectedEOF is err, io.ErrUnexpectedEOF for the end of the input
// inside a value.
func unexpectedEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// order returns m's keys in the order jq would print them.
func (p *jqPrinter) order(m map[string]any) []string {
	if o, ok := p.byMap[reflect.ValueOf(m).Pointer()]; ok && len(o.keys) == len(m) {
		return o.keys
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	if known, ok := p.byKey[keySet(keys)]; ok {
		return known
	}
	// The known objects sharing the most keys, one after another.
	out, left := make([]string, 0, len(m)), len(m)
	used := map[string]bool{}
	for left > 0 {
		var best []string
		shared := 0
		for _, o := range slices.Concat(p.input, p.filter) {
			n := 0
			for _, k := range o {
				if _, ok := m[k]; ok && !used[k] {
					n++
				}
			}
			if n > shared || n == shared && n > 0 && len(o) < len(best) {
				best, shared = o, n
			}
		}
		if shared == 0 {
			break
		}
		for _, k := range best {
			if _, ok := m[k]; ok && !used[k] {
				out, used[k] = append(out, k), true
			}
		}
		left -= shared
	}
	var rest []string
	for _, k := range keys {
		if !used[k] {
			rest = append(rest, k)
		}
	}
	slices.SortFunc(rest, func(a, b string) int {
		ra, oka := p.named[a]
		rb, okb := p.named[b]
		switch {
		case oka && okb:
			return ra - rb
		case oka != okb:
			if oka {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	return append(out, rest...)
}

// print writes v as jq does: indented by two spaces a level, or compact.
func (p *jqPrinter) print(w *strings.Builder, v any, indent bool, depth int) {
	newline := func(d int) {
		if indent {
			w.WriteByte('\n')
			w.WriteString(strings.Repeat("  ", d))
		}
	}
	switch v := v.(type) {
	case []any:
		if len(v) == 0 {
			w.WriteString("[]")
			return
		}
		w.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				w.WriteByte(',')
			}
			newline(depth + 1)
			p.print(w, e, indent, depth+1)
		}
		newline(depth)
		w.WriteByte(']')
	case map[string]any:
		if len(v) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteByte('{')
		for i, k := range p.order(v) {
			if i > 0 {
				w.WriteByte(',')
			}
			newline(depth + 1)
			key, _ := gojq.Marshal(k)
			w.Write(key)
			w.WriteByte(':')
			if indent {
				w.WriteByte(' ')
			}
			p.print(w, v[k], indent, depth+1)
		}
		newline(depth)
		w.WriteByte('}')
	default:
		s, _ := gojq.Marshal(v)
		w.Write(s)
	}
}

// TestJQ checks the in-process jq against what jq 1.6 printed for the
// same command lines (key order, flags, exit statuses).
func TestJQ(t *testing.T) {
	files := map[string]string{
		"o.json":  `{"z":1,"a":{"y":2,"b":3},"m":[{"q":1,"c":2}]}` + "\n",
		"s.jsonl": "{\"n\":1}\n{\"n\":2}\n",
		"bad":     `{"a":1`,
	}
	readFile := func(name string) ([]byte, error) {
		s, ok := files[name]
		if !ok {
			return nil, os.ErrNotExist
		}
		return []byte(s), nil
	}
	tests := []struct {
		args  []string
		stdin string
		code  int
		out   string
	}{
		{[]string{"-c", ".", "o.json"}, "", 0, `{"z":1,"a":{"y":2,"b":3},"m":[{"q":1,"c":2}]}` + "\n"},
		{[]string{".a", "o.json"}, "", 0, "{\n  \"y\": 2,\n  \"b\": 3\n}\n"},
		{[]string{".", "o.json"}, "", 0, "{\n  \"z\": 1,\n  \"a\": {\n    \"y\": 2,\n    \"b\": 3\n  },\n  \"m\": [\n    {\n      \"q\": 1,\n      \"c\": 2\n    }\n  ]\n}\n"},
		{[]string{"-c", ".a.x = 1 | .k = 2", "o.json"}, "", 0, `{"z":1,"a":{"y":2,"b":3,"x":1},"m":[{"q":1,"c":2}],"k":2}` + "\n"},
		{[]string{"-c", "del(.a) | .m[0].c = 5", "o.json"}, "", 0, `{"z":1,"m":[{"q":1,"c":5}]}` + "\n"},
		{[]string{"-c", `{"max": 3, "current": 2}`, "o.json"}, "", 0, `{"max":3,"current":2}` + "\n"},
		{[]string{"-c", `.a += {"w": 1, "d": 2}`, "o.json"}, "", 0, `{"z":1,"a":{"y":2,"b":3,"w":1,"d":2},"m":[{"q":1,"c":2}]}` + "\n"},
		{[]string{"-sc", "map(.n)", "s.jsonl"}, "", 0, "[1,2]\n"},
		{[]string{"-c", ".", "s.jsonl", "o.json"}, "", 0, "{\"n\":1}\n{\"n\":2}\n" + `{"z":1,"a":{"y":2,"b":3},"m":[{"q":1,"c":2}]}` + "\n"},
		{[]string{"-r", ".m[0] | keys[]", "o.json"}, "", 0, "c\nq\n"},
		{[]string{"-e", ".n == 2", "s.jsonl"}, "", 0, "false\ntrue\n"},
		{[]string{"-e", ".n == 1", "s.jsonl"}, "", 1, "true\nfalse\n"},
		{[]string{"-e", "empty", "s.jsonl"}, "", 4, ""},
		{[]string{"-e", ".x", "o.json"}, "", 1, "null\n"},
		{[]string{"-nc", "input, input", "s.jsonl"}, "", 0, "{\"n\":1}\n{\"n\":2}\n"},
		{[]string{"-nc", "--arg", "a", "x", "--argjson", "b", `{"k":1,"e":2}`, "[$a, $b]"}, "", 0, `["x",{"k":1,"e":2}]` + "\n"},
		{[]string{"-r", `"a\tb", 1.5, 1e1000`, "-n"}, "", 0, "a\tb\n1.5\n1.7976931348623157e+308\n"},
		{[]string{"."}, "[]", 0, "[]\n"},
		{[]string{"-c", ".n"}, "{\"n\":1} {\"n\":2}", 0, "1\n2\n"},
		{[]string{".["}, "", 3, ""},
		{[]string{".z.y", "o.json"}, "", 5, ""},
		{[]string{".", "nope.json"}, "", 2, ""},
		{[]string{".", "bad"}, "", 2, ""},
		{[]string{"-x", "."}, "", 2, ""},
		{[]string{"-c", `if .n == 1 then . else halt_error end`, "s.jsonl"}, "", 5, "{\"n\":1}\n"},
		{[]string{"-n", `"a", halt, "b"`}, "", 0, "\"a\"\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runJQ(tt.args, readFile, strings.NewReader(tt.stdin))
		if code != tt.code || out != tt.out {
			t.Errorf("jq %q: exit %d, stdout\n%s\nwant exit %d, stdout\n%s", tt.args, code, out, tt.code, tt.out)
		}
		if (code == 0 || code == 1 || code == 4) != (errOut == "") {
			t.Errorf("jq %q: exit %d, stderr %q", tt.args, code, errOut)
		}
	}
}

// TestShellJQ: in the script command sh, jq runs in-process too: a stage
// of a pipeline, in $(...), reading the script's files.
func TestShellJQ(t *testing.T) {
	dir := t.TempDir()
	script := `sh -c 'spandex roll 3d6 --dice 6,5,4 -o json | jq -c ''[.total, .dice[0].value]'''
stdout '^\[15,6\]$'
sh -c 'spandex roll 1d6 --dice $(jq .d a.json) -o text'
stdout '^4$'
! sh -c 'jq -e .missing a.json'
stdout '^null$'
-- a.json --
{"d": 4}
`
	if err := os.WriteFile(filepath.Join(dir, "shell_jq.txtar"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{Dir: dir, Setup: isolateHome, Cmds: scriptCmds(nil)})
}
