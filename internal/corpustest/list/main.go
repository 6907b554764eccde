// Command list prints what `make test`'s corpus step runs: the whole-corpus
// tests of the module (those marked with package corpustest's markers),
// found in the sources by corpustest.Scan.
//
//	go run ./internal/corpustest/list -run   # ^(TestA|TestB)$
//	go run ./internal/corpustest/list -pkgs  # ./docgen ./fakecli …
//	go run ./internal/corpustest/list -pkgs -except './docgen ./recording'
//	go run ./internal/corpustest/list        # package, test, marker
//
// It exits 1, naming them, when a test reads the recordings as a whole
// and is not marked.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/corpustest"
)

func main() {
	run := flag.Bool("run", false, "print the -run pattern of the marked tests")
	pkgs := flag.Bool("pkgs", false, "print the packages holding them")
	except := flag.String("except", "", "with -pkgs, leave out these packages (separated by spaces), which a step runs whole")
	flag.Parse()
	root, err := corpustest.ModuleRoot(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "list:", err)
		os.Exit(1)
	}
	tests, err := corpustest.Scan(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "list:", err)
		os.Exit(1)
	}
	var names, dirs, unmarked []string
	for _, t := range tests {
		if t.Unmarked() {
			unmarked = append(unmarked, fmt.Sprintf("%s:%d: %s reads the recordings as a whole and calls no corpustest marker", t.File, t.Line, t.Name))
			continue
		}
		if t.Marker == "" {
			continue
		}
		if !slices.Contains(names, t.Name) {
			names = append(names, t.Name)
		}
		if !slices.Contains(dirs, t.Pkg) && !slices.Contains(strings.Fields(*except), t.Pkg) {
			dirs = append(dirs, t.Pkg)
		}
	}
	if len(unmarked) > 0 {
		fmt.Fprintln(os.Stderr, strings.Join(unmarked, "\n"))
		os.Exit(1)
	}
	slices.Sort(names)
	switch {
	case *run:
		fmt.Printf("^(%s)$\n", strings.Join(names, "|"))
	case *pkgs:
		fmt.Println(strings.Join(dirs, " "))
	default:
		for _, t := range tests {
			fmt.Printf("%s\t%s\t%s\n", t.Pkg, t.Name, t.Marker)
		}
	}
}
