package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/internal/wholefile"
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
		fmt.Fprintln(w, "merged results written there as "+drift.ResultsFile+"; ccwire diff reads both. A recording")
		fmt.Fprintln(w, "must be a regular file inside its shard folder (no symbolic link on the way) holding")
		fmt.Fprintln(w, "a recording of its run's scenario on its run's CLI version.")
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
	// One writer of the merged folder at a time: its lock is held to the
	// end, each recording written whole.
	w, err := recording.OpenWriter(ctx, *out)
	if err != nil {
		return fail(err)
	}
	defer w.Close()
	copied := 0
	for i, p := range parts {
		for _, r := range p.Runs {
			if ctx.Err() != nil {
				return fail(ctx.Err())
			}
			if r.Recording == "" {
				continue
			}
			data, err := readRunRecording(flags.Arg(i), r)
			if err != nil {
				return fail(fmt.Errorf("%s: run %s on CLI %s: %w", filepath.Join(flags.Arg(i), drift.ResultsFile), r.Scenario, r.Version, err))
			}
			// What the recordings repeat goes into -o's store, once.
			if err := w.Write(filepath.FromSlash(r.Recording), data); err != nil {
				return fail(fmt.Errorf("writing %s: %w", filepath.Join(*out, r.Recording), err))
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

// readRunRecording reads the recording of run r in the shard folder
// dir, checking that it is what it claims to be: r.Recording is a path
// inside dir whose every element is a folder or, the last, a regular file
// (not a symbolic link, which could put any file of this machine in the
// merged output, nor a device or a pipe), and the file is a recording of
// r's scenario on r's CLI version (the scenario and cli_version of its
// run.json).
func readRunRecording(dir string, r drift.RunResult) ([]byte, error) {
	rel := filepath.FromSlash(r.Recording)
	if !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("recording %q is not a path inside the folder", r.Recording)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	parts := strings.Split(rel, string(filepath.Separator))
	var st fs.FileInfo
	for i := range parts {
		p := filepath.Join(parts[:i+1]...)
		if st, err = root.Lstat(p); err != nil {
			return nil, fmt.Errorf("recording %s: %w", r.Recording, err)
		}
		last := i == len(parts)-1
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			return nil, fmt.Errorf("recording %s: %s is a symbolic link; merge copies only regular files inside the shard folder", r.Recording, filepath.ToSlash(p))
		case !last && !st.IsDir():
			return nil, fmt.Errorf("recording %s: %s is not a folder", r.Recording, filepath.ToSlash(p))
		case last && !st.Mode().IsRegular():
			return nil, fmt.Errorf("recording %s is not a regular file but %s; merge copies only regular files", r.Recording, wholefile.Kind(st.Mode()))
		}
	}
	f, err := root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fst, err := f.Stat(); err != nil || !os.SameFile(st, fst) {
		return nil, fmt.Errorf("recording %s changed while merge read it", r.Recording)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("recording %s: %w", r.Recording, err)
	}
	// A recording in stored form refers to the shard's object store.
	if data, err = recording.Expand(data, recording.StoreFS(root.FS())); err != nil {
		return nil, fmt.Errorf("recording %s: %w", r.Recording, err)
	}
	rec, err := recording.ParseRecording(data)
	if err != nil {
		return nil, fmt.Errorf("recording %s: %w", r.Recording, err)
	}
	if rec.Scenario != r.Scenario || rec.Version != r.Version {
		return nil, fmt.Errorf("recording %s is of scenario %s on CLI %s, not of this run", r.Recording, rec.Scenario, rec.Version)
	}
	return data, nil
}
