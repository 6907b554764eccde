package cliinstall

import (
	"context"
	"os/exec"
	"strings"
)

// Binary is a runnable Claude Code CLI of a known version.
type Binary struct {
	// Version is the version the CLI reports with --version, e.g. "2.1.330".
	Version string
	// Path is the CLI's entry point: a native executable, or a JavaScript file
	// (cli.js) that Node runs.
	Path string
	// Node is the Node.js executable that runs Path, or "" when Path is a
	// native executable.
	Node string
	// Dir is the version's folder in the cache, or "" for a binary given
	// explicitly.
	Dir string
}

// Argv returns the command line that runs the CLI with args.
func (b Binary) Argv(args ...string) []string {
	argv := make([]string, 0, len(args)+2)
	if b.Node != "" {
		argv = append(argv, b.Node)
	}
	argv = append(argv, b.Path)
	return append(argv, args...)
}

// Command returns a command that runs the CLI with args; ctx kills it as
// [exec.CommandContext] does. Sessions build their own commands; this is for
// one-shot runs such as --version.
func (b Binary) Command(ctx context.Context, args ...string) *exec.Cmd {
	argv := b.Argv(args...)
	return exec.CommandContext(ctx, argv[0], argv[1:]...)
}

// String returns the command line that runs the CLI, for messages.
func (b Binary) String() string {
	return strings.Join(b.Argv(), " ")
}

// isScript reports whether path is a JavaScript entry point that Node runs.
func isScript(path string) bool {
	for _, ext := range []string{".js", ".cjs", ".mjs"} {
		if strings.HasSuffix(path, ext) {
			return true
		}
	}
	return false
}
