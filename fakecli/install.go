package fakecli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Install makes dir a folder with a fake "claude" in it, for PATH or an
// SDK's CLI-path option: it copies the running executable (a ccwire
// binary) to dir/ccwire and writes dir/claude, a script that runs it as
// "ccwire fake-cli" with env's non-empty entries as defaults (the
// CCWIRE_FAKE_* variables; the caller's environment overrides them). It
// returns the script's path.
func Install(dir string, env map[string]string) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("fakecli: install: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("fakecli: install: %w", err)
	}
	bin := filepath.Join(dir, "ccwire")
	if err := copyExecutable(exe, bin); err != nil {
		return "", fmt.Errorf("fakecli: install: %w", err)
	}
	var b strings.Builder
	b.WriteString("#!/bin/sh\n# A fake Claude Code CLI written by `ccwire fake-cli install`: it plays ccwire's\n# recordings of the real CLI. See docs/fake-cli.md in github.com/ccwire/ccwire.\n")
	keys := make([]string, 0, len(env))
	for k, v := range env {
		if v != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "[ -n \"$%s\" ] || %s=%s; export %s\n", k, k, shellQuote(env[k]), k)
	}
	fmt.Fprintf(&b, "exec %s fake-cli \"$@\"\n", shellQuote(bin))
	script := filepath.Join(dir, "claude")
	if err := os.WriteFile(script, []byte(b.String()), 0o755); err != nil {
		return "", fmt.Errorf("fakecli: install: %w", err)
	}
	return script, nil
}

// copyExecutable copies the file at from to to, executable, unless they
// are the same file.
func copyExecutable(from, to string) error {
	if a, err := os.Stat(from); err == nil {
		if b, err := os.Stat(to); err == nil && os.SameFile(a, b) {
			return nil
		}
	}
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	tmp, err := os.CreateTemp(filepath.Dir(to), ".ccwire-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, src); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o755); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), to)
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
