package claude

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// conformanceServer is a server whose tools return each kind of result.
func conformanceServer() *MCPServer {
	type addInput struct {
		A float64 `json:"a" description:"first addend"`
		B float64 `json:"b" description:"second addend"`
	}
	return &MCPServer{Name: "calc", Version: "0.1.0", Tools: []Tool{
		MustTool("add", "Adds two numbers.", func(_ context.Context, in addInput) (*ToolResult, error) {
			return TextResult(fmt.Sprint(in.A + in.B)), nil
		}),
		MustTool("sum", "Adds two numbers, as data.", func(_ context.Context, in addInput) (*ToolResult, error) {
			r := TextResult(fmt.Sprint(in.A + in.B))
			r.StructuredContent = map[string]any{"sum": in.A + in.B}
			return r, nil
		}),
		MustTool("fail", "Fails with a Go error.", func(context.Context, struct{}) (*ToolResult, error) {
			return nil, errors.New("broken")
		}),
		MustTool("refuse", "Fails with a tool error.", func(context.Context, struct{}) (*ToolResult, error) {
			return ErrorResult("refused"), nil
		}),
		MustTool("nothing", "Returns nothing.", func(context.Context, struct{}) (*ToolResult, error) {
			return nil, nil
		}),
		MustTool("pixel", "Returns an image.", func(context.Context, struct{}) (*ToolResult, error) {
			return &ToolResult{Content: []ToolContent{{Type: "image", Data: "iVBORw0K", MIMEType: "image/png"}}}, nil
		}),
	}}
}

// sdkClient connects the official Go MCP SDK's client to s, asking for
// protocol version, and returns its session. The messages go through
// s.handle, as the CLI's mcp_message requests do; a notification's answer,
// which the control protocol needs and JSON-RPC does not have, is dropped.
func sdkClient(t *testing.T, s *MCPServer, version string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	ct, st := mcp.NewInMemoryTransports()
	conn, err := st.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for {
			msg, err := conn.Read(ctx)
			if err != nil {
				return
			}
			req, ok := msg.(*jsonrpc.Request)
			if !ok {
				continue
			}
			raw, err := jsonrpc.EncodeMessage(req)
			if err != nil {
				t.Errorf("encode %v: %v", req, err)
				return
			}
			resp := s.handle(ctx, raw)
			if !req.IsCall() {
				continue
			}
			b, err := json.Marshal(resp)
			if err != nil {
				t.Errorf("encode the answer to %s: %v", raw, err)
				return
			}
			out, err := jsonrpc.DecodeMessage(b)
			if err != nil {
				t.Errorf("the answer to %s is no JSON-RPC message: %v\n%s", raw, err, b)
				return
			}
			if err := conn.Write(ctx, out); err != nil {
				return
			}
		}
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "claude-code", Version: "2.1.332"}, nil).
		Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("the SDK client cannot connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestMCPConformance checks the in-process server with the official Go MCP
// SDK's client, at the protocol versions the pinned CLIs ask for:
// initialize, ping, tools/list and tools/call with text, image, structured
// and error results, and the JSON-RPC error of an unknown tool.
func TestMCPConformance(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2025-06-18", "2025-11-25"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			s := conformanceServer()
			cs := sdkClient(t, s, version)
			ctx := t.Context()

			init := cs.InitializeResult()
			if init.ProtocolVersion != version || init.ServerInfo.Name != "calc" || init.ServerInfo.Version != "0.1.0" || init.Capabilities.Tools == nil {
				t.Errorf("initialize: version %s, server %+v, capabilities %+v", init.ProtocolVersion, init.ServerInfo, init.Capabilities)
			}
			if err := cs.Ping(ctx, nil); err != nil {
				t.Errorf("ping: %v", err)
			}

			list, err := cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatalf("tools/list: %v", err)
			}
			if len(list.Tools) != len(s.Tools) {
				t.Fatalf("tools/list gave %d tools, want %d", len(list.Tools), len(s.Tools))
			}
			for i, got := range list.Tools {
				want := s.Tools[i]
				var wantSchema any
				if err := json.Unmarshal(want.InputSchema, &wantSchema); err != nil {
					t.Fatal(err)
				}
				if got.Name != want.Name || got.Description != want.Description || !reflect.DeepEqual(got.InputSchema, wantSchema) {
					t.Errorf("tools/list tool %d = %s %q %v, want %s %q %s", i, got.Name, got.Description, got.InputSchema, want.Name, want.Description, want.InputSchema)
				}
			}

			tests := []struct {
				tool       string
				args       any
				wantText   string
				wantError  bool
				wantStruct string
			}{
				{"add", map[string]any{"a": 2, "b": 3}, "5", false, ""},
				{"sum", map[string]any{"a": 2, "b": 3}, "5", false, `{"sum":5}`},
				{"fail", nil, "broken", true, ""},
				{"refuse", nil, "refused", true, ""},
				{"add", map[string]any{"a": "two"}, "invalid arguments: json: cannot unmarshal string into Go struct field addInput.a of type float64", true, ""},
				{"nothing", nil, "", false, ""},
			}
			for _, tt := range tests {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tt.tool, Arguments: tt.args})
				if err != nil {
					t.Errorf("tools/call %s: %v", tt.tool, err)
					continue
				}
				var text string
				for _, c := range res.Content {
					tc, ok := c.(*mcp.TextContent)
					if !ok {
						t.Errorf("tools/call %s: content %T, want text", tt.tool, c)
						continue
					}
					text += tc.Text
				}
				if text != tt.wantText || res.IsError != tt.wantError {
					t.Errorf("tools/call %s = %q, isError %v; want %q, %v", tt.tool, text, res.IsError, tt.wantText, tt.wantError)
				}
				var structured string
				if res.StructuredContent != nil {
					b, _ := json.Marshal(res.StructuredContent)
					structured = string(b)
				}
				if structured != tt.wantStruct {
					t.Errorf("tools/call %s: structured content %s, want %s", tt.tool, structured, tt.wantStruct)
				}
			}

			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "pixel"})
			if err != nil {
				t.Fatalf("tools/call pixel: %v", err)
			}
			if img, ok := res.Content[0].(*mcp.ImageContent); len(res.Content) != 1 || !ok || img.MIMEType != "image/png" || string(img.Data) != "\x89PNG\r\n" {
				t.Errorf("tools/call pixel = %#v, want one PNG image", res.Content)
			}

			_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "mul"})
			var rpcErr *jsonrpc.Error
			if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInvalidParams {
				t.Errorf("tools/call of an unknown tool: %v, want a JSON-RPC error %d", err, jsonrpc.CodeInvalidParams)
			}
		})
	}
}

// FuzzMCPHandle checks that the in-process server answers any message the
// CLI could send with one JSON-RPC response: it encodes, carries the
// request's id, and holds a result or an error, not both.
func FuzzMCPHandle(f *testing.F) {
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":"2","method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"sum","arguments":null}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":[]}`,
		`{"jsonrpc":"2.0","id":5,"method":"ping"}`,
		`[1]`, `null`, ``,
	} {
		f.Add([]byte(m))
	}
	s := conformanceServer()
	f.Fuzz(func(t *testing.T, raw []byte) {
		resp := s.handle(t.Context(), raw)
		b, err := json.Marshal(resp)
		if err != nil {
			t.Fatalf("the answer to %s does not encode: %v", raw, err)
		}
		if resp.JSONRPC != "2.0" || (resp.Result == nil) == (resp.Error == nil) {
			t.Fatalf("the answer to %s is %s", raw, b)
		}
		var m rpcMessage
		if json.Unmarshal(raw, &m) == nil && len(m.ID) > 0 && string(m.ID) != "null" && string(resp.ID) != string(m.ID) {
			t.Fatalf("the answer to %s has id %s", raw, resp.ID)
		}
	})
}
