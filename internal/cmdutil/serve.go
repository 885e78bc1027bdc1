package cmdutil

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"strings"
)

// ServeConfig is what `fight serve` hands to the player view's server
// once it has read the file and checked its flags: everything the server
// needs, nothing of the command line. The released spandex does not link
// the server (an HTTP server would cost every call its start-up:
// docs/benchmarks.md, "Start-up"); its Factory.ServePlayers runs the
// program spandex-serve with these settings as arguments (Args,
// ParseServeArgs).
type ServeConfig struct {
	// Path is the encounter file's absolute path; Name is the file as
	// the user gave it (what messages and notices name).
	Path, Name string
	// Data is the file as fight serve read and checked it; nil: the
	// server reads Path itself.
	Data []byte
	// Players are the players' sides (their numbers are shown), already
	// checked against the file; Reveal shows everyone's numbers.
	Players []string
	Reveal  bool
	// LAN allows requests naming other hosts than this machine's; Addr is
	// the checked HOST:PORT to listen on.
	LAN  bool
	Addr string
	// Once fetches the page once as soon as it is served, then stops (a
	// test build's --help example, SPANDEX_TEST_ONCE).
	Once bool
	// Ready, when set (tests), is called with the page's URL once the
	// server listens. It does not cross to another program.
	Ready func(url string)
	// Stderr gets the URLs to open (the server writes nothing on stdout;
	// spandex-serve inherits spandex's stdin and stdout).
	Stderr io.Writer
}

// ServeFunc serves the player view until ctx is done (SIGINT or SIGTERM:
// nil) or the server fails.
type ServeFunc func(ctx context.Context, cfg ServeConfig) error

// ServeProtocol is the version of the arguments spandex hands to
// spandex-serve; a spandex-serve of another version refuses them.
const ServeProtocol = 1

// Args are cfg as spandex-serve's arguments, the protocol between the two
// programs of one release (internal: not for users):
//
//	-protocol=1 -path=ABS -name=AS_GIVEN -addr=HOST:PORT
//	[-player=SIDE]... [-reveal] [-lan] [-once]
//
// One -player per side (a side's name may hold a comma), none for no
// side. Data, Ready and the streams are not arguments: spandex-serve
// reads the file again and inherits the streams.
func (cfg ServeConfig) Args() []string {
	args := []string{
		fmt.Sprintf("-protocol=%d", ServeProtocol),
		"-path=" + cfg.Path, "-name=" + cfg.Name, "-addr=" + cfg.Addr,
	}
	for _, p := range cfg.Players {
		args = append(args, "-player="+p)
	}
	for _, b := range []struct {
		on   bool
		flag string
	}{{cfg.Reveal, "-reveal"}, {cfg.LAN, "-lan"}, {cfg.Once, "-once"}} {
		if b.on {
			args = append(args, b.flag)
		}
	}
	return args
}

// ParseServeArgs reads the arguments Args made (spandex-serve's
// command line). An error is an InputError naming the argument.
func ParseServeArgs(args []string) (ServeConfig, error) {
	var cfg ServeConfig
	fs := flag.NewFlagSet("spandex-serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	protocol := fs.Int("protocol", 0, "the protocol's version")
	fs.StringVar(&cfg.Path, "path", "", "the encounter file's absolute path")
	fs.StringVar(&cfg.Name, "name", "", "the file as the user gave it")
	fs.StringVar(&cfg.Addr, "addr", "", "HOST:PORT to listen on")
	fs.Func("player", "a players' side (repeated)", func(s string) error {
		cfg.Players = append(cfg.Players, s)
		return nil
	})
	fs.BoolVar(&cfg.Reveal, "reveal", false, "show everyone's numbers")
	fs.BoolVar(&cfg.LAN, "lan", false, "answer requests naming other hosts")
	fs.BoolVar(&cfg.Once, "once", false, "fetch the page once, then stop")
	if err := fs.Parse(args); err != nil {
		return ServeConfig{}, Inputf("spandex-serve: %v (it is run by spandex fight serve, with the arguments of the same release)", err)
	}
	switch {
	case *protocol != ServeProtocol:
		return ServeConfig{}, Inputf("spandex-serve: -protocol=%d: this spandex-serve speaks %d (use the spandex and spandex-serve of one release)", *protocol, ServeProtocol)
	case fs.NArg() > 0:
		return ServeConfig{}, Inputf("spandex-serve: unexpected argument %q", fs.Arg(0))
	case cfg.Path == "" || cfg.Addr == "":
		return ServeConfig{}, Inputf("spandex-serve: give -path and -addr (it is run by spandex fight serve)")
	case strings.TrimSpace(cfg.Name) == "":
		cfg.Name = cfg.Path
	}
	return cfg, nil
}

// StatusError is a failure another program has already reported on
// stderr (spandex-serve, run by fight serve): nothing more is printed
// (it is ErrSilent) and the exit status is the program's.
type StatusError struct{ Code int }

func (e *StatusError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// Is makes a StatusError ErrSilent.
func (e *StatusError) Is(target error) bool { return target == ErrSilent }

// IsLoopback reports whether host (a name or an address, without
// brackets) is this machine's own: "localhost" or a loopback address.
// fight serve refuses any other without --lan; the server checks the
// Host of each request with it.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
