package cliinstall

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestLookPath finds the claude on PATH in the layouts it is installed in:
// npm's link to cli.js (version from package.json, run by Node), npm's
// native binary bin/claude.exe, the native installer's versions/<version>,
// and a command of unknown origin (version from --version). It sets PATH,
// so it does not run in parallel.
func TestLookPath(t *testing.T) {
	t.Setenv(EnvBinary, "")
	for _, tc := range []struct {
		name     string
		layout   func(t *testing.T, root string) string // returns the file claude links to
		version  string
		wantNode bool
	}{
		{"npm cli.js", func(t *testing.T, root string) string {
			pkg := filepath.Join(root, "lib", "node_modules", "@anthropic-ai", "claude-code")
			writeFile(t, filepath.Join(pkg, "package.json"), `{"name": "@anthropic-ai/claude-code", "version": "2.1.37"}`, 0o644)
			return writeFile(t, filepath.Join(pkg, "cli.js"), "#!/usr/bin/env node\n", 0o755)
		}, "2.1.37", true},
		{"npm native", func(t *testing.T, root string) string {
			pkg := filepath.Join(root, "lib", "node_modules", "@anthropic-ai", "claude-code")
			writeFile(t, filepath.Join(pkg, "package.json"), `{"name": "@anthropic-ai/claude-code", "version": "2.1.332"}`, 0o644)
			return writeFile(t, filepath.Join(pkg, "bin", "claude.exe"), "#!/bin/sh\nexit 1\n", 0o755)
		}, "2.1.332", false},
		{"native installer", func(t *testing.T, root string) string {
			return writeFile(t, filepath.Join(root, "share", "claude", "versions", "2.1.330"), "#!/bin/sh\nexit 1\n", 0o755)
		}, "2.1.330", false},
		{"unknown origin", func(t *testing.T, root string) string {
			return writeFile(t, filepath.Join(root, "opt", "claude-wrapper"), "#!/bin/sh\necho '2.1.99 (Claude Code)'\n", 0o755)
		}, "2.1.99", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			target := tc.layout(t, root)
			bin := filepath.Join(root, "bin")
			if err := os.MkdirAll(bin, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, filepath.Join(bin, CommandName)); err != nil {
				t.Fatal(err)
			}
			t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			b, err := LookPath(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if b.Version != tc.version || (b.Node != "") != tc.wantNode {
				t.Errorf("LookPath = %+v, want version %s, run by Node %v", b, tc.version, tc.wantNode)
			}
		})
	}
	t.Run("none", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if _, err := LookPath(t.Context()); !errors.Is(err, ErrNotFound) {
			t.Errorf("LookPath = %v, want ErrNotFound", err)
		}
	})
}

// writeFile writes a file and its folders, returning its path.
func writeFile(t *testing.T, path, data string, mode os.FileMode) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	return path
}
