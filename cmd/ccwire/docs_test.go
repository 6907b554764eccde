package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunDocs runs ccwire docs on a small module (see smallModule): the
// whole module's reference is docgen's to check.
func TestRunDocs(t *testing.T) {
	t.Parallel()
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append([]string{"docs"}, args...))
		return code, stdout.String(), stderr.String()
	}
	root := smallModule(t)
	out := filepath.Join(t.TempDir(), "docs")

	for _, tc := range []struct {
		name      string
		args      []string
		code      int
		stdoutHas []string
		stderrHas []string
	}{
		{name: "help", args: []string{"-h"}, code: 0, stdoutHas: []string{"Usage: ccwire docs", "-out", "-check", "-root"}},
		{name: "bad flag", args: []string{"--nope"}, code: 2, stderrHas: []string{"nope"}},
		{name: "arguments", args: []string{"extra"}, code: 2, stderrHas: []string{`unexpected arguments ["extra"]`}},
		{name: "not a module", args: []string{"--root", t.TempDir(), "--out", out}, code: 1, stderrHas: []string{"ccwire docs:", "scenarios"}},
		{name: "check before writing", args: []string{"--root", root, "--out", out, "--check"}, code: 1, stdoutHas: []string{filepath.Join(out, "en", "messages.md")}, stderrHas: []string{"out of date", "ccwire docs"}},
	} {
		code, stdout, stderr := run(tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit code %d, want %d\nstderr: %s", tc.name, code, tc.code, stderr)
		}
		for _, s := range tc.stdoutHas {
			if !strings.Contains(stdout, s) {
				t.Errorf("%s: stdout lacks %q:\n%s", tc.name, s, stdout)
			}
		}
		for _, s := range tc.stderrHas {
			if !strings.Contains(stderr, s) {
				t.Errorf("%s: stderr lacks %q:\n%s", tc.name, s, stderr)
			}
		}
	}

	code, stdout, stderr := run("--root", root, "--out", out)
	if code != 0 || !strings.Contains(stdout, "wrote ") || !strings.Contains(stdout, out) || !strings.Contains(stdout, ": 2 scenarios,") {
		t.Fatalf("write: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if stderr != "" {
		t.Errorf("write: stderr %q, want nothing (no status line but on a terminal)", stderr)
	}
	for _, p := range []string{"README.md", "en/README.md", "en/messages.md", "ja/README.md", "ja/messages.md"} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(p))); err != nil {
			t.Errorf("after writing: %v", err)
		}
	}
	if code, stdout, stderr := run("--root", root, "--out", out, "--check"); code != 0 || stdout != "" {
		t.Errorf("check after writing: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}
