package cmdutil

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The arguments spandex hands to spandex-serve read back as the settings
// they were made of, whatever a side or the file's name holds (a comma,
// a leading dash, spaces).
func TestServeArgsRoundTrip(t *testing.T) {
	for _, cfg := range []ServeConfig{
		{Path: "/tmp/bank.json", Name: "bank.json", Addr: "127.0.0.1:7700", Players: []string{"heroes"}},
		{Path: "/a b/-x.json", Name: "-x.json", Addr: "[::1]:0", Players: []string{"a,b", "-c", " d "}, Reveal: true, LAN: true, Once: true},
		{Path: "/f.json", Name: "f.json", Addr: "0.0.0.0:8080", LAN: true},
	} {
		got, err := ParseServeArgs(cfg.Args())
		if err != nil {
			t.Fatalf("%q: %v", cfg.Args(), err)
		}
		if !reflect.DeepEqual(got, cfg) {
			t.Errorf("%q read back as %+v, want %+v", cfg.Args(), got, cfg)
		}
	}
}

// Arguments of another release, or none, are refused in one line
// (exit status 2).
func TestParseServeArgsRefuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-protocol=2", "-path=/f", "-addr=127.0.0.1:0"}, "-protocol=2: this spandex-serve speaks 1"},
		{[]string{"-path=/f", "-addr=127.0.0.1:0"}, "-protocol=0"},
		{[]string{"-protocol=1", "-addr=127.0.0.1:0"}, "give -path and -addr"},
		{[]string{"-protocol=1", "-path=/f", "-addr=127.0.0.1:0", "extra"}, `unexpected argument "extra"`},
		{[]string{"-protocol=1", "-port=8080"}, "flag provided but not defined: -port"},
	} {
		_, err := ParseServeArgs(tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.err) || ExitCode(err) != ExitUsage || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want a one-line refusal with %q", tc.args, err, tc.err)
		}
	}
}

// A failure spandex-serve has reported keeps its exit status and prints
// nothing more.
func TestStatusError(t *testing.T) {
	for _, code := range []int{1, 2, 3} {
		err := error(&StatusError{Code: code})
		if got := ExitCode(err); got != code {
			t.Errorf("ExitCode(StatusError %d) = %d", code, got)
		}
		if !errors.Is(err, ErrSilent) {
			t.Errorf("StatusError %d is not ErrSilent", code)
		}
	}
}
