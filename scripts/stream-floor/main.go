// Command stream-floor is the floor hero check is measured against
// (scripts/bench-check.sh, docs/benchmarks.md): it reads JSON Lines on
// stdin and decodes each line with the standard library, doing nothing
// else, then prints the number of lines. With -mode=valid it only checks
// each line's syntax (json.Valid); with -mode=any (the default) it
// decodes each line into an interface{} tree, the least any checker that
// looks at the values must do.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
)

func main() {
	mode := flag.String("mode", "any", "valid (syntax only) or any (decode into interface values)")
	flag.Parse()
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	n := 0
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			continue
		}
		switch *mode {
		case "valid":
			if !json.Valid(line) {
				fmt.Fprintf(os.Stderr, "line %d: invalid JSON\n", n+1)
				os.Exit(2)
			}
		default:
			var v any
			if err := json.Unmarshal(line, &v); err != nil {
				fmt.Fprintf(os.Stderr, "line %d: %v\n", n+1, err)
				os.Exit(2)
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(n)
}
