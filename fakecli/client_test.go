package fakecli_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
)

// clientOptions are options for ccwire's claude client that run the
// test binary as a fake CLI playing scenario id of version.
func clientOptions(t *testing.T, version, id string) claude.Options {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := filepath.Abs(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	return claude.Options{
		Binary:         cliinstall.Binary{Version: version, Path: exe},
		BaseURL:        "http://127.0.0.1:9",
		Isolation:      &claude.Isolation{},
		Env:            []string{asCLIEnv + "=cli", "CCWIRE_FAKE_SCENARIO=" + id, "CCWIRE_FAKE_CLI_VERSION=" + version, "CCWIRE_FAKE_RECORDINGS=" + recs},
		CloseTimeout:   5 * time.Second,
		ControlTimeout: 10 * time.Second,
	}
}

// TestClaudeClient runs ccwire's own client against the fake: a one-shot
// query, a multi-turn session, and permission round trips.
func TestClaudeClient(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2.1.37", "2.1.330", "2.1.332"} {
		t.Run(version+"/query", func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			turn, err := claude.Query(ctx, "Say hello.", clientOptions(t, version, "text-simple"))
			if err != nil {
				t.Fatal(err)
			}
			if turn.Text() != "Hello!" {
				t.Errorf("text %q, want Hello!", turn.Text())
			}
		})
		t.Run(version+"/multi-turn", func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			c, err := claude.Connect(ctx, clientOptions(t, version, "multi-turn"))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			first, err := c.Query(ctx, "first", nil)
			if err != nil {
				t.Fatal(err)
			}
			second, err := c.Query(ctx, "second", nil)
			if err != nil {
				t.Fatal(err)
			}
			if first.Text() == "" || second.Text() == "" || first.Text() == second.Text() {
				t.Errorf("turn texts %q and %q, want two different answers", first.Text(), second.Text())
			}
			if first.SessionID() == "" || first.SessionID() != second.SessionID() {
				t.Errorf("session IDs %q and %q, want one", first.SessionID(), second.SessionID())
			}
			if err := c.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
		t.Run(version+"/interrupt", func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			opts := clientOptions(t, version, "interrupt-stalled-stream")
			opts.IncludePartialMessages = true
			c, err := claude.Connect(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			var result *claude.ResultEvent
			interrupted := false
			var turnErr *claude.TurnError
			for ev, err := range c.Stream(ctx, "Tell me something long.") {
				if errors.As(err, &turnErr) {
					continue // the interrupted turn's result, as an error
				}
				if err != nil {
					t.Fatal(err)
				}
				switch ev := ev.(type) {
				case *claude.TextDeltaEvent:
					if !interrupted {
						interrupted = true
						if err := c.Interrupt(ctx); err != nil {
							t.Fatalf("Interrupt: %v", err)
						}
					}
				case *claude.ResultEvent:
					result = ev
				}
			}
			if !interrupted || turnErr == nil || !strings.Contains(turnErr.Error(), "error_during_execution") || (result != nil && result.Result.Subtype != "error_during_execution") {
				t.Fatalf("interrupted %v, result %+v, error %v; want an error_during_execution result", interrupted, result, turnErr)
			}
			again, err := c.Query(ctx, "Try again.", nil)
			if err != nil {
				t.Fatal(err)
			}
			if again.Text() != "This is a long answer that stalls." {
				t.Errorf("after the interrupt: %q", again.Text())
			}
		})
		for _, tc := range []struct {
			name     string
			decision claude.PermissionDecision
			denials  int
		}{
			{"allow", claude.Allow(), 0},
			{"deny", claude.Deny("Not in tests."), 1},
		} {
			t.Run(version+"/permission-"+tc.name, func(t *testing.T) {
				t.Parallel()
				ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
				defer cancel()
				opts := clientOptions(t, version, "permission-prompt-allow")
				asked := 0
				opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
					asked++
					if req.ToolName == "" || req.ToolUseID == "" {
						t.Errorf("permission request without a tool: %+v", req)
					}
					return tc.decision, nil
				}
				turn, err := claude.Query(ctx, "Write the file.", opts)
				if err != nil {
					t.Fatal(err)
				}
				if asked != 1 {
					t.Errorf("asked %d times, want 1", asked)
				}
				if r := turn.Result(); r == nil || len(r.PermissionDenials) != tc.denials {
					t.Errorf("result %+v, want %d permission denials", r, tc.denials)
				}
			})
		}
	}
}
