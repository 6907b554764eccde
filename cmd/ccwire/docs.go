package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ccwire/ccwire/docgen"
)

// runDocs generates the protocol reference from the scenarios and their
// recordings.
//
//	ccwire docs [--root DIR] [--out DIR] [--check]
func runDocs(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire docs", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	root := fs.String("root", "", "module root holding protocol/, scenarios/ and recordings/ (default: found from the current directory)")
	out := fs.String("out", "", "directory to write the reference to (default: docs/ under the module root)")
	check := fs.Bool("check", false, "write nothing; report the files that are not up to date and exit 1 if any")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "Usage: ccwire docs [flags]")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Generates the protocol reference, in English (docs/en) and Japanese (docs/ja),")
		fmt.Fprintln(w, "from the protocol package, the scenario files and their recordings.")
		fmt.Fprintln(w)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "ccwire docs: unexpected arguments %q\n", fs.Args())
		return 2
	}
	dir := *root
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire docs: %v\n", err)
			return 1
		}
		if dir, err = docgen.FindModuleRoot(wd); err != nil {
			fmt.Fprintf(e.stderr, "ccwire docs: %v (give --root)\n", err)
			return 1
		}
	}
	outDir := *out
	if outDir == "" {
		outDir = filepath.Join(dir, "docs")
	}
	// Rendering takes half a minute: on a terminal, a status line says
	// what it is doing.
	var opts []docgen.Option
	if isTerminal(e.stderr) && os.Getenv("TERM") != "dumb" {
		status := &statusLine{w: e.stderr, prefix: "ccwire docs: "}
		defer status.clear()
		opts = append(opts, docgen.WithProgress(func(p docgen.Progress) {
			status.show(fmt.Sprintf("%s (%d/%d)…", p.Step, p.Done, p.Total))
		}))
	}
	res, err := docgen.Render(ctx, dir, opts...)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire docs: %v\n", err)
		return 1
	}
	if *check {
		stale, err := docgen.Diff(outDir, res.Files)
		if err != nil {
			fmt.Fprintf(e.stderr, "ccwire docs: %v\n", err)
			return 1
		}
		for _, p := range stale {
			fmt.Fprintf(e.stdout, "%s\n", filepath.Join(outDir, filepath.FromSlash(p)))
		}
		if len(stale) > 0 {
			fmt.Fprintf(e.stderr, "ccwire docs: %d files out of date; run ccwire docs (or go generate ./...)\n", len(stale))
			return 1
		}
		return 0
	}
	if err := docgen.Write(outDir, res.Files); err != nil {
		fmt.Fprintf(e.stderr, "ccwire docs: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "wrote %d files to %s: %d scenarios, %d message kinds, in %d languages\n",
		len(res.Files), outDir, res.Scenarios, res.Kinds, len(docgen.Languages()))
	if len(res.Missing) > 0 {
		fmt.Fprintf(e.stderr, "ccwire docs: %v\n", &docgen.MissingTranslationsError{Missing: res.Missing})
		return 1
	}
	return 0
}
