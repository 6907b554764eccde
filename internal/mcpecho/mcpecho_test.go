package mcpecho_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/mcpecho"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect runs the server (with the elicit tool when withElicit is set)
// over in-memory transports and returns a client session to it, whose
// client has the options opts. The session asks for protocol version
// 2025-06-18, as the CLIs do (from 2026-07-28 a server may no longer send
// an elicitation request while it serves a tool call).
func connect(t *testing.T, withElicit bool, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return connectVersion(t, withElicit, opts, "2025-06-18")
}

// connectVersion is connect with the client asking for protocol version.
func connectVersion(t *testing.T, withElicit bool, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	return connectServer(t, mcpecho.NewServer(withElicit), opts, version)
}

// connectServer is connectVersion with the server s.
func connectServer(t *testing.T, s *mcp.Server, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	ctx := t.Context()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, opts).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func TestTools(t *testing.T) {
	t.Parallel()
	cs := connect(t, false, nil)
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	if got := strings.Join(names, ","); got != "echo,fail,sleep" {
		t.Errorf("tools %s, want echo,fail,sleep", got)
	}

	tests := []struct {
		name       string
		tool       string
		args       map[string]any
		wantError  bool
		wantText   string
		wantStruct string
	}{
		{"echo", "echo", map[string]any{"text": "hi"}, false, "echo: hi", `{"length":2,"text":"hi"}`},
		{"fail", "fail", map[string]any{"reason": "boom"}, true, "tool failed: boom", ""},
		{"fail without reason", "fail", map[string]any{}, true, "tool failed: no reason given", ""},
		{"sleep", "sleep", map[string]any{"ms": 1}, false, "slept 1 ms", ""},
		{"sleep too long", "sleep", map[string]any{"ms": 600000}, true, "ms must be between 0 and 60000, not 600000", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tt.tool, Arguments: tt.args})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError != tt.wantError {
				t.Errorf("isError %v, want %v", res.IsError, tt.wantError)
			}
			if len(res.Content) != 1 {
				t.Fatalf("content %v, want one block", res.Content)
			}
			if text := res.Content[0].(*mcp.TextContent).Text; text != tt.wantText {
				t.Errorf("text %q, want %q", text, tt.wantText)
			}
			if tt.wantStruct != "" {
				b, _ := json.Marshal(res.StructuredContent)
				var m map[string]any
				_ = json.Unmarshal(b, &m)
				b, _ = json.Marshal(m)
				if string(b) != tt.wantStruct {
					t.Errorf("structured content %s, want %s", b, tt.wantStruct)
				}
			}
		})
	}
}

// TestElicit checks the elicit tool: absent without -elicit, it asks the
// client for the form and returns the answer, both as an elicitation
// request (protocol 2025-06-18, the CLIs' before 2.1.300) and as a multi
// round-trip request (2026-07-28), and fails the call of a client that
// declared no elicitation capability.
func TestElicit(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2025-06-18", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			var asked *mcp.ElicitParams
			handler := func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked = req.Params
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada", "count": 3}}, nil
			}
			cs := connectVersion(t, true, &mcp.ClientOptions{ElicitationHandler: handler}, version)
			list, err := cs.ListTools(t.Context(), nil)
			if err != nil || len(list.Tools) != 4 || list.Tools[0].Name != "echo" || list.Tools[1].Name != "elicit" {
				t.Fatalf("tools with -elicit: %v, %v", list, err)
			}
			res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "elicit", Arguments: map[string]any{"message": "Name?"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError || res.Content[0].(*mcp.TextContent).Text != `elicit: {"action":"accept","content":{"count":3,"name":"Ada"}}` {
				t.Errorf("elicit result %+v", res)
			}
			if asked == nil || asked.Message != "Name?" || asked.Mode != "form" {
				t.Errorf("elicitation asked %+v", asked)
			}

			cs = connectVersion(t, true, nil, version)
			_, err = cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "elicit", Arguments: map[string]any{}})
			if err == nil || !strings.Contains(err.Error(), "elicitation") {
				t.Errorf("elicit without the capability: %v, want an error about elicitation", err)
			}
		})
	}
}

// TestElicitURL checks the elicit_url tool: it asks the client to open
// its URL (a URL-mode elicitation) and, when the client accepts, notifies
// it that the elicitation is complete before it answers, under both
// protocol versions; a client that declines gets no notification.
func TestElicitURL(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2025-06-18", "2026-07-28"} {
		for _, action := range []string{"accept", "decline"} {
			t.Run(version+"/"+action, func(t *testing.T) {
				t.Parallel()
				ctx := t.Context()
				var asked *mcp.ElicitParams
				completed := make(chan string, 1)
				opts := &mcp.ClientOptions{
					Capabilities: &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{URL: &mcp.URLElicitationCapabilities{}}},
					ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
						asked = req.Params
						return &mcp.ElicitResult{Action: action}, nil
					},
					ElicitationCompleteHandler: func(_ context.Context, req *mcp.ElicitationCompleteNotificationRequest) {
						completed <- req.Params.ElicitationID
					},
				}
				cs := connectServer(t, mcpecho.NewServerElicitURL(), opts, version)
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "elicit_url", Arguments: map[string]any{"message": "Open it."}})
				if err != nil {
					t.Fatal(err)
				}
				if want := `elicit_url: {"action":"` + action + `"}`; res.IsError || res.Content[0].(*mcp.TextContent).Text != want {
					t.Errorf("elicit_url result %+v, want the text %s", res, want)
				}
				if asked == nil || asked.Mode != "url" || asked.URL != mcpecho.ElicitURL || asked.ElicitationID != mcpecho.ElicitURLID || asked.Message != "Open it." {
					t.Errorf("elicitation asked %+v", asked)
				}
				if action != "accept" {
					// The server sends a notification, if any, before its
					// result.
					select {
					case id := <-completed:
						t.Errorf("a declined elicitation was completed: %s", id)
					default:
					}
					return
				}
				select {
				case id := <-completed:
					if id != mcpecho.ElicitURLID {
						t.Errorf("completed %q, want %q", id, mcpecho.ElicitURLID)
					}
				case <-ctx.Done():
					t.Fatal("no elicitation complete notification")
				}
			})
		}
	}
}

func TestMain_(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args    []string
		code    int
		wantOut string
		wantErr string
	}{
		{[]string{"-h"}, 0, "Usage: mcp-test-server [-fail] [-elicit] [-elicit-url]", ""},
		{[]string{"-fail"}, 1, "", "asked to fail at start"},
		{[]string{"-nope"}, 2, "", "flag provided but not defined: -nope"},
		{[]string{"extra"}, 2, "", `unexpected arguments ["extra"]`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := mcpecho.Main(context.Background(), tt.args, strings.NewReader(""), &out, &errb)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d", tt.args, code, tt.code)
		}
		if !strings.Contains(out.String(), tt.wantOut) || (tt.wantOut == "" && out.Len() > 0) {
			t.Errorf("%v: stdout %q, want %q", tt.args, out.String(), tt.wantOut)
		}
		if !strings.Contains(errb.String(), tt.wantErr) || (tt.wantErr == "" && errb.Len() > 0) {
			t.Errorf("%v: stderr %q, want %q", tt.args, errb.String(), tt.wantErr)
		}
	}
}
