package main

import (
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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

// TestVersionBinary runs a built ccwire: "ccwire version", "--version" and
// "-version" print the build information the toolchain wrote into the
// binary (its module version, commit and Go version), and in a git clone
// the commit is the checkout's HEAD.
func TestVersionBinary(t *testing.T) {
	t.Parallel()
	bin := ccwireBinary(t)
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	want := newVersionReport(bi, true)
	var text strings.Builder
	want.write(&text)
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("ccwire %s: %v", strings.Join(args, " "), err)
		}
		if string(out) != text.String() {
			t.Errorf("ccwire %s =\n%s\nwant\n%s", strings.Join(args, " "), out, text.String())
		}
	}
	out, err := exec.Command(bin, "--version", "-json").Output()
	if err != nil {
		t.Fatalf("ccwire --version -json: %v", err)
	}
	var got versionReport
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ccwire --version -json differs from the binary's build information (-want +got):\n%s", diff)
	}
	if got.Go != bi.GoVersion || got.Version != bi.Main.Version {
		t.Errorf("report says %s built by %s; the binary is %s built by %s", got.Version, got.Go, bi.Main.Version, bi.GoVersion)
	}

	root := filepath.Join("..", "..")
	if got.Commit == "" {
		// go records the commit only where .git is a folder: not in a
		// git worktree, whose .git is a file, nor in an exported tree.
		if st, err := os.Stat(filepath.Join(root, ".git")); err == nil && st.IsDir() {
			t.Fatalf("go build -buildvcs=true in a git clone recorded no commit: ccwire version says\n%s", text.String())
		}
		t.Logf("not built in a git clone: no commit recorded (TestVersionReport checks how one is printed)")
		return
	}
	head, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-parse HEAD: %v", err)
	}
	if h := strings.TrimSpace(string(head)); got.Commit != h {
		t.Errorf("ccwire version names commit %s, HEAD is %s", got.Commit, h)
	}
	if !strings.Contains(text.String(), "commit "+got.Commit) {
		t.Errorf("ccwire version does not name the commit:\n%s", text.String())
	}
}
