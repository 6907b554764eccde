package claudetest

import (
	"context"
	"log/slog"
	"testing"

	"github.com/ccwire/ccwire/claude"
)

// Connect connects a client for tb (see [claude.Connect]) and closes it
// when the test ends, failing tb if Close could not clean up and logging
// the CLI's stderr if tb failed. The connection must succeed within
// [InstallTimeout]. The client is isolated ([claude.Isolation]) unless
// opts says how.
func Connect(tb testing.TB, opts claude.Options) *claude.Client {
	tb.Helper()
	if opts.Isolation == nil {
		opts.Isolation = &claude.Isolation{}
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	ctx, cancel := context.WithTimeout(context.Background(), InstallTimeout)
	defer cancel()
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		tb.Fatalf("claudetest: %v", err)
	}
	tb.Cleanup(func() {
		if err := c.Close(); err != nil {
			tb.Errorf("claudetest: close client: %v", err)
		}
		if tb.Failed() {
			tb.Logf("claudetest: CLI stderr (tail):\n%s", c.Session().Stderr())
		}
	})
	return c
}
