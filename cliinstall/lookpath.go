package cliinstall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ErrNotFound means no Claude Code CLI is on PATH (from [LookPath]).
var ErrNotFound = errors.New("Claude Code CLI not found on PATH")

// CommandName is the name the Claude Code CLI is installed under on PATH.
const CommandName = "claude"

// LookPath returns the Claude Code CLI the user has on PATH, as the Agent
// SDKs find it: the `claude` command (claude.exe or claude.cmd on
// Windows). Its version comes from the npm package it belongs to or from
// the native installer's folder when they say it, else from running it
// with --version. An explicit binary ([WithBinaryPath], CCWIRE_CLAUDE)
// takes precedence as in [Install]. Nothing on PATH is an error wrapping
// [ErrNotFound].
func LookPath(ctx context.Context, opts ...Option) (Binary, error) {
	c := newInstallConfig(opts)
	if path, source := c.explicitBinary(""); path != "" {
		return c.useExplicit(ctx, path, source, "")
	}
	path, err := exec.LookPath(CommandName)
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: %w (%w)", ErrNotFound, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return Binary{}, fmt.Errorf("cliinstall: %s: %w", path, err)
	}
	b := Binary{Path: abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && isScript(real) {
		// npm's link to cli.js: run it with Node rather than by its #! line.
		b.Path = real
		if b.Node, err = c.nodePath(); err != nil {
			return Binary{}, err
		}
	}
	if v := installedVersion(abs); v != "" {
		b.Version = v
		c.logger.Debug("using Claude Code from PATH", "path", b.Path, "version", v)
		return b, nil
	}
	got, err := c.verify(ctx, b, "")
	if err != nil {
		return Binary{}, err
	}
	b.Version = got
	c.logger.Debug("using Claude Code from PATH", "path", b.Path, "version", got)
	return b, nil
}

// installedVersion returns the version of the CLI at path as its
// installation says, without running it: the package.json of the npm
// package its link leads into (cli.js, or bin/claude.exe from 2.1.198), or
// the native installer's versions/<version> file. "" if neither says.
func installedVersion(path string) string {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return ""
	}
	dir := filepath.Dir(real)
	if filepath.Base(dir) == "bin" {
		dir = filepath.Dir(dir)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "package.json")); err == nil {
		var pkg struct{ Name, Version string }
		if json.Unmarshal(data, &pkg) == nil && pkg.Name == PackageName && checkVersion(pkg.Version) == nil {
			return pkg.Version
		}
		return ""
	}
	if filepath.Base(filepath.Dir(real)) == "versions" {
		if v := strings.TrimSuffix(filepath.Base(real), ".exe"); checkVersion(v) == nil {
			return v
		}
	}
	return ""
}
