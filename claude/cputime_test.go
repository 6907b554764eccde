package claude_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
)

func TestSessionCPUTime(t *testing.T) {
	t.Parallel()
	// A stand-in CLI that keeps a child busy, waits for it and exits when
	// told to (a line on stdin).
	script := filepath.Join(t.TempDir(), "busy-cli")
	const body = "#!/bin/sh\nsh -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'\nread line\nexit 0\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := claude.Start(ctx, cliinstall.Binary{Version: "0.0.1", Path: script}, claude.SessionConfig{BaseURL: "http://127.0.0.1:9", Isolation: &claude.Isolation{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if cpu, ok := s.CPUTime(); ok || cpu != 0 {
		t.Errorf("CPUTime() while the CLI runs = %v, %v; want 0, false", cpu, ok)
	}
	if err := s.SendRaw(ctx, []byte("done\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.Wait(ctx); err != nil {
		t.Fatalf("Wait: %v", err)
	}
	cpu, ok := s.CPUTime()
	if !ok || cpu <= 0 {
		t.Errorf("CPUTime() after exit = %v, %v; want the busy child's time counted, true", cpu, ok)
	}
}
