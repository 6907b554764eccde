package main

import (
	"bytes"
	"encoding/json"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
)

func TestVersionReport(t *testing.T) {
	t.Parallel()
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/ccwire/ccwire", Version: "v0.3.0"},
		Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "arm64"},
			{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-11-25T09:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		},
	}
	r := newVersionReport(bi, true)
	if r.Version != "v0.3.0" || r.Commit != "0123abcd" || r.CommitTime != "2026-11-25T09:00:00Z" || !r.Modified || r.Go != "go1.26.8" || r.Platform != "linux/arm64" {
		t.Errorf("report = %+v", r)
	}
	var b strings.Builder
	r.write(&b)
	want := "ccwire v0.3.0\ncommit 0123abcd (2026-11-25T09:00:00Z), with uncommitted changes\nbuilt with go1.26.8 for linux/arm64\nClaude Code versions pinned: " +
		strings.Join(cliinstall.PinnedVersions(), ", ") + " (default " + cliinstall.DefaultVersion + ")\n"
	if b.String() != want {
		t.Errorf("text =\n%s\nwant\n%s", b.String(), want)
	}
	if r := newVersionReport(nil, false); r.Version != "(unknown)" || r.Go == "" || r.ClaudeCode.Default != cliinstall.DefaultVersion {
		t.Errorf("report without build info = %+v", r)
	}
}

func TestRunVersion(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"version", "-json"}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r versionReport
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if r.Version == "" || !slices.Equal(r.ClaudeCode.Pinned, cliinstall.PinnedVersions()) || r.ClaudeCode.Default != cliinstall.DefaultVersion {
		t.Errorf("report = %+v", r)
	}
	stdout.Reset()
	if code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"version"}); code != 0 || !strings.HasPrefix(stdout.String(), "ccwire ") {
		t.Errorf("exit %d, stdout %q", code, stdout.String())
	}
	if code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, []string{"version", "extra"}); code != 2 {
		t.Errorf("with an argument: exit %d, want 2", code)
	}
}
