package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
)

// fakeClaude writes a script that answers --version like Claude Code of version.
func fakeClaude(t *testing.T, version string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claude")
	script := fmt.Sprintf("#!/bin/sh\n[ \"$1\" = --version ] && echo '%s (Claude Code)' && exit 0\nexit 1\n", version)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunCLI(t *testing.T) {
	t.Parallel()
	fake := fakeClaude(t, "1.2.3")
	emptyCache := t.TempDir()
	for _, tc := range []struct {
		name       string
		args       []string
		code       int
		stdout     string // exact, if not ""
		stdoutHas  []string
		stderrHas  []string
		noExplicit bool // the case relies on no CCWIRE_CLAUDE being set
	}{
		{name: "no subcommand", args: nil, code: 2, stderrHas: []string{"Usage:", "ccwire cli install"}},
		{name: "help", args: []string{"-h"}, code: 0, stdoutHas: []string{"ccwire cli path"}},
		{name: "unknown subcommand", args: []string{"frob"}, code: 2, stderrHas: []string{`unknown subcommand "frob"`}},
		{name: "install help", args: []string{"install", "-h"}, code: 0, stdoutHas: []string{"-cache-dir", "-claude"}},
		{name: "install bad flag", args: []string{"install", "--nope"}, code: 2, stderrHas: []string{"nope"}},
		{name: "install explicit", args: []string{"install", "-q", "--claude", fake, "1.2.3"}, code: 0, stdout: "1.2.3 " + fake + "\n"},
		{name: "install explicit mismatch", args: []string{"install", "-q", "--claude", fake, "2.0.0"}, code: 1, stderrHas: []string{"is Claude Code 1.2.3, not 2.0.0"}},
		{name: "install not exact", args: []string{"install", "-q", "--cache-dir", emptyCache, "^2.1.0"}, code: 1, stderrHas: []string{`"^2.1.0" is neither an exact version`}, noExplicit: true},
		{name: "path explicit", args: []string{"path", "--claude", fake}, code: 0, stdout: fake + "\n"},
		{name: "path not installed", args: []string{"path", "--cache-dir", emptyCache, "2.1.37"}, code: 1, stderrHas: []string{"not installed", "ccwire cli install 2.1.37"}, noExplicit: true},
		{name: "path two versions", args: []string{"path", "1.0.0", "2.0.0"}, code: 2, stderrHas: []string{"at most one VERSION"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.noExplicit && (os.Getenv(cliinstall.EnvBinary) != "" || os.Getenv(cliinstall.EnvBinary+"_2_1_37") != "") {
				t.Fatalf("this case checks the cache; unset %s for the test run", cliinstall.EnvBinary)
			}
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append([]string{"cli"}, tc.args...))
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstderr: %s", code, tc.code, stderr.String())
			}
			if tc.stdout != "" && stdout.String() != tc.stdout {
				t.Errorf("stdout = %q, want %q", stdout.String(), tc.stdout)
			}
			for _, s := range tc.stdoutHas {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			for _, s := range tc.stderrHas {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
		})
	}
}
