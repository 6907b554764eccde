package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

func TestClientRefusesUnknownRequests(t *testing.T) {
	t.Parallel()
	// The fake CLI is version 0.0.1, of the era that never answers a
	// request it does not know.
	// A client that sent these and waited for an answer would get none,
	// and end with a ContextError at the test's bound, not an
	// UnsupportedRequestError.
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	tests := []struct {
		name string
		call func() error
		want protocol.ControlSubtype
	}{
		{"ContextUsage", func() error { _, err := c.ContextUsage(ctx); return err }, "get_context_usage"},
		{"StopTask", func() error { return c.StopTask(ctx, "t1") }, "stop_task"},
		{"Control", func() error {
			_, err := c.Control(ctx, &protocol.UnknownControlRequest{Subtype: "from_the_future"})
			return err
		}, "from_the_future"},
	}
	for _, tt := range tests {
		err := tt.call()
		var ue *claude.UnsupportedRequestError
		if !errors.As(err, &ue) || ue.Subtype != tt.want || ue.Version != "0.0.1" || !errors.Is(err, errors.ErrUnsupported) {
			t.Errorf("%s: %v, want an UnsupportedRequestError for %s", tt.name, err, tt.want)
		}
	}
	// The MCP requests are of 2.1.37's era: they are sent (and the fake
	// refuses them).
	seed := []struct {
		name string
		call func() error
	}{
		{"MCPStatus", func() error { _, err := c.MCPStatus(ctx); return err }},
		{"MCPReconnect", func() error { return c.MCPReconnect(ctx, "echo") }},
		{"MCPToggle", func() error { return c.MCPToggle(ctx, "echo", false) }},
		{"MCPSetServers", func() error {
			_, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"echo": {Command: "echo"}})
			return err
		}},
	}
	for _, tt := range seed {
		var ue *claude.UnsupportedRequestError
		var ce *claude.ControlError
		if err := tt.call(); !errors.As(err, &ce) || errors.As(err, &ue) {
			t.Errorf("%s: %v, want the fake's error answer", tt.name, err)
		}
	}
}

func TestClientMCPRequestsCheckArguments(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"MCPReconnect", func() error { return c.MCPReconnect(ctx, "") }, "MCPReconnect: no server name"},
		{"MCPToggle", func() error { return c.MCPToggle(ctx, "", true) }, "MCPToggle: no server name"},
		{"no name", func() error {
			_, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"": {Command: "x"}})
			return err
		}, "a server without a name"},
		{"no command", func() error {
			_, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"a": {Args: []string{"x"}}})
			return err
		}, "server a: a stdio server needs a command"},
		{"no URL", func() error {
			_, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"a": {Type: "http"}})
			return err
		}, "server a: an http server needs a URL"},
		{"bad type", func() error {
			_, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"a": {Type: "ws", URL: "ws://x"}})
			return err
		}, `server a: unknown server type "ws"`},
	}
	for _, tt := range tests {
		if err := tt.call(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}

func TestControlErrorIsUnsupported(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code string
		want bool
	}{{"unsupported_request", true}, {"invalid_mode", false}, {"", false}}
	for _, tt := range tests {
		err := error(&claude.ControlError{Subtype: "x", Code: tt.code})
		if got := errors.Is(err, errors.ErrUnsupported); got != tt.want {
			t.Errorf("code %q: errors.Is(ErrUnsupported) = %t", tt.code, got)
		}
	}
}

func TestOutputSchemaRefused(t *testing.T) {
	t.Parallel()
	for _, schema := range []string{`[1]`, `{"type":`, `"x"`} {
		opts := fakeOptions(t)
		opts.OutputSchema = []byte(schema)
		c, err := claude.Connect(ctxFor(t), opts)
		if err == nil {
			c.Close()
			t.Fatalf("Connect accepted the output schema %s", schema)
		}
		var oe *claude.OptionError
		if !errors.As(err, &oe) || oe.Option != "OutputSchema" {
			t.Errorf("schema %s: %v, want an OptionError for OutputSchema", schema, err)
		}
	}
}

func TestTurnWithoutStructuredOutput(t *testing.T) {
	t.Parallel()
	var turn claude.Turn
	var v any
	if err := turn.DecodeStructuredOutput(&v); !errors.Is(err, claude.ErrNoStructuredOutput) {
		t.Errorf("DecodeStructuredOutput of an empty turn = %v", err)
	}
}

// TestClientAnswersDialogs has the fake CLI ask for an MCP server's
// elicitation and a user dialog: OnElicitation and OnUserDialog answer
// them with what the user chose; without them the client answers as the
// Agent SDKs do, decline and cancelled, never an error.
func TestClientAnswersDialogs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		set  func(o *claude.Options)
		want string
	}{
		{"callbacks", func(o *claude.Options) {
			o.OnElicitation = func(_ context.Context, r *protocol.ElicitationRequest) (*protocol.ElicitationResponse, error) {
				if r.MCPServerName != "docs" || r.Message != "Your name?" {
					return nil, fmt.Errorf("unexpected elicitation %+v", r)
				}
				return &protocol.ElicitationResponse{Action: "accept", Content: json.RawMessage(`{"name":"Ada"}`)}, nil
			}
			o.OnUserDialog = func(_ context.Context, r *protocol.UserDialogRequest) (*protocol.UserDialogResponse, error) {
				if r.DialogKind != "refusal_fallback_prompt" {
					return nil, fmt.Errorf("unexpected dialog %q", r.DialogKind)
				}
				return &protocol.UserDialogResponse{Behavior: "completed", Result: json.RawMessage(`"retry"`)}, nil
			}
		}, `{"action":"accept","content":{"name":"Ada"}}` + "\n" + `{"behavior":"completed","result":"retry"}`},
		{"defaults", func(*claude.Options) {}, `{"action":"decline"}` + "\n" + `{"behavior":"cancelled"}`},
		{"callback errors", func(o *claude.Options) {
			o.OnElicitation = func(context.Context, *protocol.ElicitationRequest) (*protocol.ElicitationResponse, error) {
				return nil, errors.New("no user here")
			}
			o.OnUserDialog = func(context.Context, *protocol.UserDialogRequest) (*protocol.UserDialogResponse, error) {
				return &protocol.UserDialogResponse{}, nil
			}
		}, "error: no user here\nerror: the user dialog callback answered no behavior (want completed or cancelled)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := connectFake(t, tc.set)
			turn, err := c.Query(ctxFor(t), "dialogs", nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := resultText(t, turn); got != tc.want {
				t.Errorf("the fake got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
