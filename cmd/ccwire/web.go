package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/webui"
)

// webFlags are the flags of ccwire web.
type webFlags struct {
	addr, cwd, model, mode, claude, version string
}

// runWeb serves a web page on this machine that runs a Claude Code
// session and shows it live (package webui), until ctx ends (SIGINT or
// SIGTERM).
//
//	ccwire web [-addr 127.0.0.1:0] [-cwd DIR] [-model M] [-permission-mode MODE]
//	           [-claude PATH] [-cli-version V]
//
// It prints the page's URL as its first stdout line. Exit code 0 when
// interrupted, 1 when the session or the server cannot start, 2 on usage
// errors.
func runWeb(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ccwire web", flag.ContinueOnError)
	var f webFlags
	fs.StringVar(&f.addr, "addr", "127.0.0.1:0", "listen `address`, loopback only (port 0 picks a free one)")
	fs.StringVar(&f.cwd, "cwd", "", "the `folder` Claude Code works in (default: the current folder)")
	fs.StringVar(&f.model, "model", "", "the `model` of the session (default: the CLI's)")
	fs.StringVar(&f.mode, "permission-mode", "", "the permission `mode` at start: default, acceptEdits, plan... (default: the CLI's, from your settings)")
	fs.StringVar(&f.claude, "claude", "", "run this Claude Code `binary` (default: claude on PATH)")
	fs.StringVar(&f.version, "cli-version", "", "run this Claude Code `version`, installed into ccwire's cache with npm if needed (with -claude: the version it must be)")
	usage := func(w io.Writer) {
		fmt.Fprint(w, `Usage: ccwire web [flags]

Serves a web page on this machine that runs a Claude Code session in a folder
and shows it live: the model's text as it streams, thinking, tool calls with
their input and result, each turn's cost and tokens. The page asks you the
CLI's permission questions (Allow / Deny, with the tool and its input), has an
Interrupt button and a prompt box for the next turns.

Prints the page's URL (with a secret token) on stdout, then serves until
interrupted (Ctrl-C). The page answers on loopback addresses only and to
itself only: other sites cannot drive the session, and without the token
other users of the machine cannot either. See docs/web.md.

`)
		printFlags(w, fs)
	}
	if code, ok := parseCommandFlags(fs, args, e, usage); !ok {
		return code
	}
	usageError := func(msg string) int {
		fmt.Fprintf(e.stderr, "ccwire web: %s\n\n", msg)
		usage(e.stderr)
		return 2
	}
	if fs.NArg() > 0 {
		return usageError(fmt.Sprintf("unexpected arguments %q", fs.Args()))
	}
	if err := checkLoopback(f.addr); err != nil {
		return usageError(err.Error() + ": the page runs Claude Code on this machine and is served to it alone")
	}
	if f.cwd != "" {
		if st, err := os.Stat(f.cwd); err != nil || !st.IsDir() {
			return usageError(fmt.Sprintf("-cwd %s is not a folder", f.cwd))
		}
	}
	if err := checkWebFlags(f); err != nil {
		return usageError(err.Error())
	}
	opts, err := webOptions(f)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire web: %v\n", err)
		return 1
	}
	opts.Logger = slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	opts.InstallOptions = append(opts.InstallOptions, cliinstall.WithLogger(slog.New(slog.NewTextHandler(e.stderr, nil))))

	if f.claude == "" && f.version == "" {
		if _, err := exec.LookPath("claude"); err != nil {
			fmt.Fprintln(e.stderr, "ccwire web: no claude on PATH: install Claude Code (npm install -g @anthropic-ai/claude-code), or name one with -claude PATH or -cli-version V")
			return 1
		}
	}
	s, err := webui.New(ctx, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "ccwire web: %v\n", err)
		return 1
	}
	if err := s.Start(f.addr); err != nil {
		fmt.Fprintf(e.stderr, "ccwire web: %v\n", err)
		s.Close()
		return 1
	}
	fmt.Fprintln(e.stdout, s.URL)
	fmt.Fprintf(e.stderr, "ccwire web: open the URL above; Claude Code works in %s. Ctrl-C stops.\n", opts.WorkDir)
	ended := s.Done()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-ended:
			ended = nil
			if err := s.Err(); err != nil {
				fmt.Fprintf(e.stderr, "ccwire web: the session ended: %v\n", err)
			} else {
				fmt.Fprintln(e.stderr, "ccwire web: the session ended")
			}
			fmt.Fprintln(e.stderr, "ccwire web: the page stays up until Ctrl-C")
		}
	}
	if err := s.Close(); err != nil {
		fmt.Fprintf(e.stderr, "ccwire web: %v\n", err)
		return 1
	}
	return 0
}

// permissionModes are the modes -permission-mode takes: the CLI's.
var permissionModes = []protocol.PermissionMode{protocol.PermissionDefault, protocol.PermissionAcceptEdits,
	protocol.PermissionPlan, protocol.PermissionBypassPermissions, protocol.PermissionDontAsk,
	protocol.PermissionAuto, protocol.PermissionDelegate}

// checkWebFlags returns a usage error for a -permission-mode the CLI does
// not know and a -claude that names no program, in the words of the
// flags (not of the Go API underneath).
func checkWebFlags(f webFlags) error {
	if f.mode != "" && !slices.Contains(permissionModes, protocol.PermissionMode(f.mode)) {
		names := make([]string, len(permissionModes))
		for i, m := range permissionModes {
			names[i] = string(m)
		}
		return fmt.Errorf("-permission-mode %s: not a mode of Claude Code; one of %s", f.mode, strings.Join(names, ", "))
	}
	if f.claude != "" {
		st, err := os.Stat(f.claude)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("-claude %s: no such file: name the Claude Code binary, or leave -claude out to run claude on PATH", f.claude)
		case err != nil:
			return fmt.Errorf("-claude %s: %w", f.claude, errors.Unwrap(err))
		case st.IsDir():
			return fmt.Errorf("-claude %s is a folder: name the Claude Code binary in it", f.claude)
		case st.Mode().Perm()&0o111 == 0:
			return fmt.Errorf("-claude %s is not executable", f.claude)
		}
	}
	return nil
}

// webOptions returns the options of the session ccwire web runs: the
// Claude Code of -claude, else the version of -cli-version from ccwire's
// cache, else the claude on PATH (package claude's default); in the folder
// of -cwd (default: the current one), with -model and -permission-mode,
// and otherwise as the user runs Claude Code: their environment, login
// and settings. It is the one place that builds them.
func webOptions(f webFlags) (claude.Options, error) {
	dir, err := filepath.Abs(cmp.Or(f.cwd, "."))
	if err != nil {
		return claude.Options{}, err
	}
	opts := claude.Options{
		Version:        f.version,
		WorkDir:        dir,
		Model:          f.model,
		PermissionMode: protocol.PermissionMode(f.mode),
	}
	if f.claude != "" {
		opts.InstallOptions = append(opts.InstallOptions, cliinstall.WithBinaryPath(f.claude))
	}
	return opts, nil
}
