package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// TestControlMethodsCLI calls every typed control method against the real
// CLI of every pinned version. On a version older than the request's
// first (ControlSince), the method gives an UnsupportedRequestError at
// once, without sending anything (2.1.37, which would never answer); on a
// version that has it, the CLI answers and the typed answer says what the
// method promises, or the CLI refuses with a ControlError where the test
// asks for something that is not there (a task, a resource).
func TestControlMethodsCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"Methods", testControlMethodsCLI}})
}

// controlCall is one method call of the test: run calls it and checks a
// successful answer.
type controlCall struct {
	subtype protocol.ControlSubtype
	// refused says the CLI answers the test's request with an error (a
	// task or resource that does not exist).
	refused bool
	run     func(ctx context.Context, t *testing.T, c *claude.Client) error
}

func testControlMethodsCLI(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.WorkDir = t.TempDir()
	notes := filepath.Join(opts.WorkDir, "notes.txt")
	if err := os.WriteFile(notes, []byte("ccwire notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := connectCLI(t, opts)
	ctx := ctxFor(t)
	if _, err := c.Query(ctx, "Hi.", nil); err != nil {
		t.Fatalf("Query: %v", err)
	}
	v := cliversion.MustParse(bin.Version)
	calls := []controlCall{
		{subtype: "apply_flag_settings", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			return c.ApplyFlagSettings(ctx, json.RawMessage(`{"env":{"CCWIRE_APPLIED":"1"}}`))
		}},
		{subtype: "get_settings", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			s, err := c.Settings(ctx)
			if err == nil && len(s.Effective) == 0 {
				t.Errorf("Settings: no effective settings")
			}
			return err
		}},
		{subtype: "update_settings", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			return c.UpdateSettings(ctx, "localSettings", json.RawMessage(`{"outputStyle":"default"}`))
		}},
		{subtype: "reload_plugins", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.ReloadPlugins(ctx, nil)
			if err == nil && len(r.Agents) == 0 {
				t.Errorf("ReloadPlugins: no agents")
			}
			return err
		}},
		{subtype: "reload_skills", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			_, err := c.ReloadSkills(ctx)
			return err
		}},
		{subtype: "reload_output_styles", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.ReloadOutputStyles(ctx)
			if err == nil && len(r.AvailableOutputStyles) == 0 {
				t.Errorf("ReloadOutputStyles: no styles")
			}
			return err
		}},
		{subtype: "read_file", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.ReadFile(ctx, notes, 0, "")
			if err == nil && r.Contents != "ccwire notes\n" {
				t.Errorf("ReadFile = %q", r.Contents)
			}
			return err
		}},
		{subtype: "seed_read_state", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			fi, err := os.Stat(notes)
			if err != nil {
				t.Fatal(err)
			}
			return c.SeedReadState(ctx, notes, float64(fi.ModTime().UnixMilli()))
		}},
		{subtype: "mcp_read_resource", refused: true, run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			_, err := c.MCPReadResource(ctx, "ccwire-none", "ui://ccwire/none")
			return err
		}},
		{subtype: "background_tasks", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			_, err := c.BackgroundTasks(ctx, "")
			return err
		}},
		{subtype: "get_task_output", refused: true, run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			_, err := c.TaskOutput(ctx, "ccwire-no-such-task")
			return err
		}},
		{subtype: "get_session_cost", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.SessionCost(ctx)
			if err == nil && !strings.Contains(r.Text, "$") {
				t.Errorf("SessionCost = %q, want a cost", r.Text)
			}
			return err
		}},
		{subtype: "list_models", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.ListModels(ctx)
			if err == nil && len(r.Models) == 0 {
				t.Errorf("ListModels: none")
			}
			return err
		}},
		{subtype: "get_binary_version", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.BinaryVersion(ctx)
			if err == nil && r.Version != bin.Version {
				t.Errorf("BinaryVersion = %q, want %s", r.Version, bin.Version)
			}
			return err
		}},
		{subtype: "rename_session", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			return c.RenameSession(ctx, "ccwire renamed")
		}},
		{subtype: "set_color", refused: true, run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			return c.SetColor(ctx, "default")
		}},
		{subtype: "cancel_async_message", run: func(ctx context.Context, t *testing.T, c *claude.Client) error {
			r, err := c.CancelAsyncMessage(ctx, "3f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b")
			if err == nil && r.Cancelled {
				t.Errorf("CancelAsyncMessage of no queued message: cancelled")
			}
			return err
		}},
	}
	for _, call := range calls {
		t.Run(string(call.subtype), func(t *testing.T) {
			err := call.run(ctx, t, c)
			since := claude.ControlSince(call.subtype)
			has := since == "" || cliversion.MustParseConstraint(">="+since).Allows(v)
			var unsupported *claude.UnsupportedRequestError
			var refusal *claude.ControlError
			switch {
			case !has:
				if !errors.As(err, &unsupported) || !errors.Is(err, errors.ErrUnsupported) {
					t.Errorf("on %s (before %s): %v, want an UnsupportedRequestError", bin.Version, since, err)
				}
			case call.refused:
				// set_color: 2.1.37 and older never answer what they do not know.
				if !errors.As(err, &refusal) && !errors.As(err, &unsupported) {
					t.Errorf("%v, want the CLI's ControlError", err)
				}
			case err != nil:
				t.Errorf("%v", err)
			}
		})
	}
}
