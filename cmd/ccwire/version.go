package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/ccwire/ccwire/cliinstall"
)

// versionReport is what ccwire version reports.
type versionReport struct {
	// Version is ccwire's module version: a tag, a pseudo-version, or
	// "(devel)" for a build from a work tree.
	Version string `json:"version"`
	// Commit, CommitTime and Modified describe the VCS state the binary
	// was built from, when the build recorded it.
	Commit     string `json:"commit,omitempty"`
	CommitTime string `json:"commit_time,omitempty"`
	Modified   bool   `json:"modified,omitempty"`
	// Go is the Go version that built the binary; Platform its GOOS/GOARCH.
	Go       string `json:"go"`
	Platform string `json:"platform"`
	// ClaudeCode are the pinned Claude Code versions, oldest first, and
	// the one used unless told otherwise.
	ClaudeCode struct {
		Pinned  []string `json:"pinned"`
		Default string   `json:"default"`
	} `json:"claude_code"`
}

// readBuildInfo is debug.ReadBuildInfo, replaced in tests.
var readBuildInfo = debug.ReadBuildInfo

// newVersionReport builds the report from the build information, if any.
func newVersionReport(bi *debug.BuildInfo, ok bool) versionReport {
	r := versionReport{Version: "(unknown)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	r.ClaudeCode.Pinned = cliinstall.PinnedVersions()
	r.ClaudeCode.Default = cliinstall.DefaultVersion
	if !ok || bi == nil {
		return r
	}
	if bi.Main.Version != "" {
		r.Version = bi.Main.Version
	}
	if bi.GoVersion != "" {
		r.Go = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			r.Commit = s.Value
		case "vcs.time":
			r.CommitTime = s.Value
		case "vcs.modified":
			r.Modified = s.Value == "true"
		case "GOOS":
			r.Platform = s.Value + r.Platform[strings.Index(r.Platform, "/"):]
		case "GOARCH":
			r.Platform = r.Platform[:strings.Index(r.Platform, "/")+1] + s.Value
		}
	}
	return r
}

// write prints the report for people.
func (r versionReport) write(w io.Writer) {
	fmt.Fprintf(w, "ccwire %s\n", r.Version)
	if r.Commit != "" {
		commit := r.Commit
		if r.CommitTime != "" {
			commit += " (" + r.CommitTime + ")"
		}
		if r.Modified {
			commit += ", with uncommitted changes"
		}
		fmt.Fprintf(w, "commit %s\n", commit)
	}
	fmt.Fprintf(w, "built with %s for %s\n", r.Go, r.Platform)
	fmt.Fprintf(w, "Claude Code versions pinned: %s (default %s)\n", strings.Join(r.ClaudeCode.Pinned, ", "), r.ClaudeCode.Default)
}

// runVersion prints ccwire's own version and the pinned Claude Code
// versions.
//
//	ccwire version [-json]
//	ccwire --version [-json]
func runVersion(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire version", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "Usage: ccwire version [-json]")
		fmt.Fprintln(w, "       ccwire --version [-json]")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Prints ccwire's version (module version, and the commit it was built from when")
		fmt.Fprintln(w, "recorded), the Go toolchain that built it, and the Claude Code versions ccwire pins.")
		fmt.Fprintln(w, "The commit is recorded by go build and go install in a git clone (not in a git")
		fmt.Fprintln(w, "worktree, nor with -buildvcs=false); a release build from a tag names the tag.")
		fmt.Fprintln(w)
		printFlags(w, fs)
	}
	if code, ok := parseFlags(fs, args, e); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "ccwire version: unexpected arguments %q\n", fs.Args())
		return 2
	}
	r := newVersionReport(readBuildInfo())
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			fmt.Fprintf(e.stderr, "ccwire version: %v\n", err)
			return 1
		}
		return 0
	}
	r.write(e.stdout)
	return 0
}
