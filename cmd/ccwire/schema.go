package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/docgen"
	"github.com/ccwire/ccwire/internal/wholefile"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
)

// runSchema writes the JSON Schema (draft 2020-12) of the protocol of each
// recorded CLI version, or prints one version's bundle.
//
//	ccwire schema [--root DIR] [--cli-version V] [--out DIR] [--check] [-json]
func runSchema(ctx context.Context, e env, args []string) int {
	flags := flag.NewFlagSet("ccwire schema", flag.ContinueOnError)
	flags.SetOutput(e.stderr)
	root := flags.String("root", "", "module root holding recordings/ (default: found from the current directory; outside a checkout of ccwire, the recordings built into ccwire are read)")
	version := flags.String("cli-version", "", "only this CLI version; without --out or --check, print its bundle on stdout")
	out := flags.String("out", "", "folder to write the schemas to, a folder per version (default: schema/ under the module root)")
	check := flags.Bool("check", false, "write nothing; list the files that are not up to date and exit 1 if any")
	asJSON := flags.Bool("json", false, "report the files written or checked as JSON")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: ccwire schema [flags]")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Writes the JSON Schema (draft 2020-12) of the stream-json protocol of every CLI version")
		fmt.Fprintln(w, "with recordings, generated from package protocol's model and the recordings, to")
		fmt.Fprintln(w, "schema/<version>/: "+schema.BundleFile+" (every definition, and the choice of message")
		fmt.Fprintln(w, "kinds a line is one of) and <Kind>.schema.json per message kind, standing alone.")
		fmt.Fprintln(w, "With --cli-version alone, prints that version's bundle on stdout instead.")
		fmt.Fprintln(w, "Exit code: 0 on success, 1 on failure or out-of-date files (--check), 2 on usage errors.")
		fmt.Fprintln(w)
		printFlags(w, flags)
	}
	if code, ok := parseCommandFlags(flags, args, e, usage); !ok {
		return code
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(e.stderr, "ccwire schema: unexpected arguments %q\n", flags.Args())
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(e.stderr, "ccwire schema: %v\n", err)
		return 1
	}
	// The recordings are those of --root, or of the checkout the working
	// folder is in, or else the ones built into ccwire.
	dir := *root
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return fail(err)
		}
		dir, _ = docgen.FindModuleRoot(wd)
	}
	recs := folder{fsys: builtinRecordingsFS(), name: builtinRecordings}
	if dir != "" {
		recs = recordingsFolder(filepath.Join(dir, recordingsDir))
	}
	lines := func(version string) iter.Seq2[schema.Line, error] {
		if recs.dir != "" {
			return recording.SchemaLines(recs.dir, version)
		}
		return recording.SchemaLinesFS(recs.fsys, version)
	}
	if *version != "" && *out == "" && !*check {
		b, err := schema.JSONSchema(schema.Protocol(), *version, lines(*version))
		if err != nil {
			return fail(err)
		}
		if _, err := e.stdout.Write(b.JSON()); err != nil {
			return fail(err)
		}
		return 0
	}
	outDir := *out
	if outDir == "" {
		if dir == "" {
			return fail(errors.New("no checkout of ccwire here to write schema/ into: give --out (or --root)"))
		}
		outDir = filepath.Join(dir, "schema")
	}
	versions := []string{*version}
	if *version == "" {
		var err error
		if versions, err = recs.versions(); err != nil {
			return fail(err)
		}
		if len(versions) == 0 {
			return fail(fmt.Errorf("no recordings in %s", recs.name))
		}
	}
	rep, want, stale, err := schemaFiles(ctx, lines, versions, outDir, *version == "")
	if err != nil {
		return fail(err)
	}
	if *check {
		for _, p := range slices.Sorted(maps.Keys(want)) {
			got, err := os.ReadFile(filepath.Join(outDir, filepath.FromSlash(p)))
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fail(err)
			}
			if err != nil || !bytes.Equal(got, want[p]) {
				stale = append(stale, p)
			}
		}
		slices.Sort(stale)
		rep.Stale = append(rep.Stale, stale...)
		if err := rep.print(e.stdout, *asJSON, true); err != nil {
			return fail(err)
		}
		if len(stale) > 0 {
			fmt.Fprintf(e.stderr, "ccwire schema: %d files out of date; run ccwire schema (or go generate ./...)\n", len(stale))
			return 1
		}
		return 0
	}
	if err := writeSchemaFiles(outDir, want, stale); err != nil {
		return fail(err)
	}
	rep.Stale = append(rep.Stale, stale...)
	if err := rep.print(e.stdout, *asJSON, false); err != nil {
		return fail(err)
	}
	return 0
}

// schemaFiles builds the schema files of versions, from their recorded
// lines: the report of them, the files by path under outDir
// (slash-separated), and the schema files under outDir no longer wanted
// (with all, those of other versions too).
func schemaFiles(ctx context.Context, lines func(version string) iter.Seq2[schema.Line, error], versions []string, outDir string, all bool) (schemaReport, map[string][]byte, []string, error) {
	rep := schemaReport{Dir: outDir, Stale: []string{}}
	want := map[string][]byte{}
	for _, v := range versions {
		if err := ctx.Err(); err != nil {
			return rep, nil, nil, err
		}
		b, err := schema.JSONSchema(schema.Protocol(), v, lines(v))
		if err != nil {
			return rep, nil, nil, err
		}
		sv := schemaVersion{Version: v, Lines: b.Lines, Kinds: b.Kinds}
		for _, f := range b.Files() {
			p := v + "/" + f.Path
			want[p] = f.Data
			sv.Files = append(sv.Files, p)
		}
		rep.Versions = append(rep.Versions, sv)
	}
	// The schema files of other versions go too when every version is
	// written: their recordings are gone.
	stale, err := staleSchemaFiles(outDir, want, versions, all)
	return rep, want, stale, err
}

// writeSchemaFiles writes the files of want that changed under outDir
// and removes the stale ones.
func writeSchemaFiles(outDir string, want map[string][]byte, stale []string) error {
	for _, p := range slices.Sorted(maps.Keys(want)) {
		file := filepath.Join(outDir, filepath.FromSlash(p))
		if old, err := os.ReadFile(file); err == nil && bytes.Equal(old, want[p]) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := wholefile.WriteFile(file, want[p], 0o644); err != nil {
			return err
		}
	}
	for _, p := range stale {
		if err := os.Remove(filepath.Join(outDir, filepath.FromSlash(p))); err != nil {
			return err
		}
		// The folder of a version no longer recorded goes when empty.
		_ = os.Remove(filepath.Dir(filepath.Join(outDir, filepath.FromSlash(p))))
	}
	return nil
}

// staleSchemaFiles returns the schema files (*.schema.json) under dir that
// are not wanted, slash-separated and relative to dir: in the folders of
// versions, and, with others, in the folders of any other version.
func staleSchemaFiles(dir string, want map[string][]byte, versions []string, others bool) ([]string, error) {
	folders := slices.Clone(versions)
	if others {
		entries, err := os.ReadDir(dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, e := range entries {
			if e.IsDir() && !slices.Contains(folders, e.Name()) {
				folders = append(folders, e.Name())
			}
		}
	}
	var stale []string
	for _, v := range folders {
		files, err := filepath.Glob(filepath.Join(dir, v, "*.schema.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if p := v + "/" + filepath.Base(f); want[p] == nil {
				stale = append(stale, p)
			}
		}
	}
	slices.Sort(stale)
	return stale, nil
}

// schemaReport is what ccwire schema wrote or checked.
type schemaReport struct {
	Dir      string          `json:"dir"`      // the folder of the versions' folders
	Versions []schemaVersion `json:"versions"` // the versions written or checked
	// Stale are the files, relative to Dir, that --check found missing,
	// different or no longer generated, or that writing removed.
	Stale []string `json:"stale"`
}

// schemaVersion is one version's part of a schemaReport.
type schemaVersion struct {
	Version string   `json:"version"`
	Lines   int      `json:"lines"` // recorded lines read
	Kinds   []string `json:"kinds"` // message kinds, by definition name
	Files   []string `json:"files"` // relative to the report's Dir
}

// print writes the report: as JSON, or the stale files a line each
// (checking), or a summary (writing).
func (r schemaReport) print(w io.Writer, asJSON, checking bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	if checking {
		for _, p := range r.Stale {
			if _, err := fmt.Fprintln(w, filepath.Join(r.Dir, filepath.FromSlash(p))); err != nil {
				return err
			}
		}
		return nil
	}
	var parts []string
	files := 0
	for _, v := range r.Versions {
		files += len(v.Files)
		parts = append(parts, fmt.Sprintf("CLI %s (%d lines, %d message kinds)", v.Version, v.Lines, len(v.Kinds)))
	}
	_, err := fmt.Fprintf(w, "wrote %d files to %s: %s\n", files, r.Dir, strings.Join(parts, ", "))
	return err
}
