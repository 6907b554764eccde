// Package claudetest gives tests the pinned Claude Code CLIs and sessions
// that clean up after themselves.
package claudetest

import (
	"context"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
)

// InstallTimeout bounds how long Binary may spend installing a version.
const InstallTimeout = 10 * time.Minute

// Binary returns the Claude Code CLI of version (see [cliinstall.Install]: the
// cache, installed with npm if missing, or an explicit binary named by
// CCWIRE_CLAUDE_<version> or CCWIRE_CLAUDE). A CLI that cannot be had fails
// tb; it is never skipped.
func Binary(tb testing.TB, version string) cliinstall.Binary {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), InstallTimeout)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(tb.Output(), nil))
	b, err := cliinstall.Install(ctx, version, cliinstall.WithLogger(logger))
	if err != nil {
		ci := ""
		if os.Getenv("CI") != "" {
			ci = " (CI)"
		}
		tb.Fatalf("claudetest: Claude Code %s is not available%s: %v\n"+
			"Run `make test`, which installs the pinned versions, or `go run ./cmd/ccwire cli install %s`.",
			version, ci, err, version)
	}
	return b
}

// Start starts a session of bin for tb and closes it when the test ends
// (also when the test fails or the CLI hangs), failing tb if Close could not
// clean up and logging the CLI's stderr if tb failed. The session is
// isolated ([claude.Isolation]) unless cfg says how: a test never runs the
// CLI with the user's environment by accident.
func Start(tb testing.TB, bin cliinstall.Binary, cfg claude.SessionConfig) *claude.Session {
	tb.Helper()
	if cfg.Isolation == nil {
		cfg.Isolation = &claude.Isolation{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	s, err := claude.Start(context.Background(), bin, cfg)
	if err != nil {
		tb.Fatalf("claudetest: %v", err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("claudetest: close session: %v", err)
		}
		if tb.Failed() {
			tb.Logf("claudetest: CLI stderr (tail):\n%s", s.Stderr())
		}
	})
	return s
}
