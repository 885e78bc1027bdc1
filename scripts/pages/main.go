// Command pages counts the distinct memory pages a program touches, by
// region of its binary, from a valgrind lackey trace:
//
//	valgrind --tool=lackey --trace-mem=yes --log-file=TRACE BINARY ARGS...
//	go run ./scripts/pages BINARY TRACE
//
// In a VM that shadows page tables, each page a process touches for the
// first time costs a trip to the hypervisor whether or not the guest
// kernel takes a fault for it (the kernel maps up to 16 pages of a file
// per fault), so the count of pages touched follows start-up time more
// closely than the fault count does, and unlike the clock it does not
// drift (scripts/bench-startup.sh, docs/benchmarks.md).
package main

import (
	"bufio"
	"debug/elf"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

const pageShift = 12

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: pages BINARY LACKEY-TRACE")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "pages:", err)
		os.Exit(1)
	}
}

type section struct {
	name     string
	lo, high uint64
}

func run(binary, trace string) error {
	f, err := elf.Open(binary)
	if err != nil {
		return err
	}
	var secs []section
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC != 0 && s.Size > 0 {
			secs = append(secs, section{s.Name, s.Addr, s.Addr + s.Size})
		}
	}
	f.Close()

	t, err := os.Open(trace)
	if err != nil {
		return err
	}
	defer t.Close()
	pages := map[uint64]bool{}
	sc := bufio.NewScanner(t)
	for sc.Scan() {
		// "I  0401000,3", " L 04c5a20,8", " S ...", " M ..."; "==" lines are valgrind's.
		line := sc.Text()
		if len(line) < 4 || line[0] == '=' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			continue
		}
		hex, size, _ := strings.Cut(fields[1], ",")
		addr, err := strconv.ParseUint(hex, 16, 64)
		if err != nil {
			continue
		}
		n, _ := strconv.ParseUint(size, 10, 64)
		for p := addr >> pageShift; p <= (addr+max(n, 1)-1)>>pageShift; p++ {
			pages[p] = true
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	count := map[string]int{}
	for p := range pages {
		a := p << pageShift
		region := "heap, stacks and libraries"
		for _, s := range secs {
			if a < s.high && a+1<<pageShift > s.lo {
				region = "binary " + s.name
				break
			}
		}
		count[region]++
	}
	names := make([]string, 0, len(count))
	for k := range count {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return count[names[i]] > count[names[j]] })
	for _, k := range names {
		fmt.Printf("%6d  %s\n", count[k], k)
	}
	fmt.Printf("%6d  pages in all\n", len(pages))
	return nil
}
