package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/recording"
)

// runMerge merges the outputs of ccwire spec shards.
//
//	ccwire merge -o DIR [-json] DIR...
func runMerge(ctx context.Context, e env, args []string) int {
	flags := flag.NewFlagSet("ccwire merge", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	out := flags.String("o", "", "write the merged recordings and "+drift.ResultsFile+" under this `folder` (required)")
	asJSON := flags.Bool("json", false, "print the merged results as JSON")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire merge -o DIR [-json] SHARD...")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Merges the outputs of ccwire spec shards into one. Each SHARD folder holds what")
		fmt.Fprintln(w, "  ccwire spec --shard K/N --record SHARD --results SHARD/"+drift.ResultsFile)
		fmt.Fprintln(w, "wrote: recordings, <version>/<scenario>.txtar, and the results file. The shards")
		fmt.Fprintln(w, "must be every shard of one split, each once; results of whole runs (no --shard)")
		fmt.Fprintln(w, "merge too, each run once. The recordings are copied under -o's folder, and the")
		fmt.Fprintln(w, "merged results written there as "+drift.ResultsFile+"; ccwire diff reads both.")
		fmt.Fprintln(w, "Exit code: 0 once merged (failed runs are verdicts, not errors), 1 on failure,")
		fmt.Fprintln(w, "2 on usage errors.")
		fmt.Fprintln(w)
		printFlags(w, flags)
	}
	if code, ok := parseCommandFlags(flags, args, e, usage); !ok {
		return code
	}
	switch {
	case *out == "":
		fmt.Fprintln(e.stderr, "ccwire merge: -o is required")
		return 2
	case flags.NArg() == 0:
		fmt.Fprintln(e.stderr, "ccwire merge: no shard folders given")
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "ccwire merge: %v\n", err)
		return 1
	}
	var parts []*drift.Results
	for _, dir := range flags.Args() {
		r, err := drift.ReadResults(filepath.Join(dir, drift.ResultsFile))
		if err != nil {
			return fail(err)
		}
		parts = append(parts, r)
	}
	merged, err := drift.MergeResults(parts)
	if err != nil {
		return fail(err)
	}
	copied := 0
	for i, p := range parts {
		for _, r := range p.Runs {
			if ctx.Err() != nil {
				return fail(ctx.Err())
			}
			if r.Recording == "" {
				continue
			}
			if !filepath.IsLocal(r.Recording) {
				return fail(fmt.Errorf("%s: run %s on %s: recording %q is not a path inside the folder", filepath.Join(flags.Arg(i), drift.ResultsFile), r.Scenario, r.Version, r.Recording))
			}
			if err := copyFile(filepath.Join(flags.Arg(i), r.Recording), filepath.Join(*out, r.Recording)); err != nil {
				return fail(err)
			}
			copied++
		}
	}
	if err := drift.WriteResults(filepath.Join(*out, drift.ResultsFile), merged); err != nil {
		return fail(err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(merged); err != nil {
			return fail(err)
		}
		return 0
	}
	passed, failed, skipped := merged.Counts()
	fmt.Fprintf(e.stdout, "merged %d results: %d runs (%d passed, %d failed, %d skipped), %d recordings into %s\n",
		len(parts), len(merged.Runs), passed, failed, skipped, copied, *out)
	return 0
}

// copyFile copies a recording from a shard's recordings folder to the
// output's, its stored units from the shard's object store to the
// output's.
func copyFile(from, to string) error {
	data, err := recording.ReadFile(from)
	if err != nil {
		return err
	}
	return recording.WriteFile(to, data)
}
