package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
)

// calcServer is an in-process server for the tests.
func calcServer(t *testing.T) *claude.MCPServer {
	t.Helper()
	add, err := claude.NewTool("add", "Adds two numbers.", func(_ context.Context, in addInput) (*claude.ToolResult, error) {
		return claude.TextResult(fmt.Sprint(in.A + in.B)), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return &claude.MCPServer{Name: "calc", Version: "0.1.0", Tools: []claude.Tool{
		add,
		claude.MustTool("fail", "Always fails.", func(context.Context, struct{}) (*claude.ToolResult, error) {
			return nil, errors.New("broken")
		}),
		claude.MustTool("nothing", "Returns nothing.", func(context.Context, struct{}) (*claude.ToolResult, error) {
			return nil, nil
		}),
	}}
}

func TestClientMCPServer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, server, message, want string
	}{
		{"initialize", "calc", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"claude-code","version":"2.1.37"}}}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":0,"result":{"capabilities":{"tools":{}},"protocolVersion":"2025-11-25","serverInfo":{"name":"calc","version":"0.1.0"}}}}`},
		{"notification", "calc", `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":0,"result":{}}}`},
		{"tools/list", "calc", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":1,"result":{"tools":[` +
				`{"name":"add","description":"Adds two numbers.","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"first addend"},"b":{"type":"number","description":"second addend"}},"required":["a","b"],"additionalProperties":false}},` +
				`{"name":"fail","description":"Always fails.","inputSchema":{"type":"object","properties":{},"additionalProperties":false}},` +
				`{"name":"nothing","description":"Returns nothing.","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}]}}}`},
		{"tools/call", "calc", `{"jsonrpc":"2.0","id":"2","method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":"2","result":{"content":[{"type":"text","text":"5"}]}}}`},
		{"tool error", "calc", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fail","arguments":{}}}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"broken"}],"isError":true}}}`},
		{"nil result", "calc", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nothing"}}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":3,"result":{"content":[]}}}`},
		{"bad arguments", "calc", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add","arguments":{"a":"two"}}}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"invalid arguments: json: cannot unmarshal string into Go struct field addInput.a of type float64"}],"isError":true}}}`},
		{"unknown tool", "calc", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"mul","arguments":{}}}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Tool mul not found"}}}`},
		{"unknown method", "calc", `{"jsonrpc":"2.0","id":6,"method":"resources/list"}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"Method not found: resources/list"}}}`},
		{"ping", "calc", `{"jsonrpc":"2.0","id":7,"method":"ping"}`,
			`{"mcp_response":{"jsonrpc":"2.0","id":7,"result":{}}}`},
		{"not a message", "calc", `[1]`,
			`{"mcp_response":{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid JSON-RPC message: json: cannot unmarshal array into Go value of type claude.rpcMessage"}}}`},
		{"unknown server", "weather", `{"jsonrpc":"2.0","id":0,"method":"tools/list"}`,
			`error: claude: no in-process MCP server of this name: "weather"`},
	}
	c := connectFake(t, func(o *claude.Options) { o.MCPServers = []*claude.MCPServer{calcServer(t)} })
	for _, tt := range tests {
		// One client answers them in turn: the fake CLI plays one prompt
		// at a time.
		turn, err := c.Query(ctxFor(t), "mcp "+tt.server+" "+tt.message, nil)
		if err != nil {
			t.Fatalf("%s: Query: %v", tt.name, err)
		}
		if got := resultText(t, turn); got != tt.want {
			t.Errorf("%s: the fake CLI got\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

func TestMCPServersRefused(t *testing.T) {
	t.Parallel()
	ok := claude.MustTool("ok", "", func(context.Context, struct{}) (*claude.ToolResult, error) { return nil, nil })
	tests := []struct {
		name    string
		servers []*claude.MCPServer
		want    string
	}{
		{"nil server", []*claude.MCPServer{nil}, "server 0 is nil"},
		{"bad name", []*claude.MCPServer{{Name: "a b"}}, "is not letters"},
		{"same name", []*claude.MCPServer{{Name: "a"}, {Name: "a"}}, `two servers named "a"`},
		{"tool not built", []*claude.MCPServer{{Name: "a", Tools: []claude.Tool{{Name: "x"}}}}, "not built with NewTool"},
		{"same tool", []*claude.MCPServer{{Name: "a", Tools: []claude.Tool{ok, ok}}}, `two tools named "ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opts := fakeOptions(t)
			opts.MCPServers = tt.servers
			wantOptionError(t, opts, "MCPServers", tt.want)
		})
	}
}

func TestMCPServersArgs(t *testing.T) {
	t.Parallel()
	opts := claude.Options{MCPServers: []*claude.MCPServer{{Name: "calc"}, {Name: "files"}}}
	args, err := opts.Args("2.1.37")
	if err != nil {
		t.Fatal(err)
	}
	want := `--mcp-config {"mcpServers":{"calc":{"type":"sdk","name":"calc"},"files":{"type":"sdk","name":"files"}}}`
	if got := strings.Join(args, " "); got != want {
		t.Errorf("Args = %s, want %s", got, want)
	}
}

func TestClientCloseDuringTool(t *testing.T) {
	t.Parallel()
	started := make(chan struct{})
	returned := make(chan error, 1)
	c := connectFake(t, func(o *claude.Options) {
		o.MCPServers = []*claude.MCPServer{{Name: "slow", Tools: []claude.Tool{
			claude.MustTool("wait", "Waits.", func(ctx context.Context, _ struct{}) (*claude.ToolResult, error) {
				close(started)
				<-ctx.Done()
				returned <- ctx.Err()
				return nil, ctx.Err()
			}),
		}}}
	})
	closeDuringCallback(t, c, `mcp slow {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait"}}`, started, returned, "tool")
}

func TestSchemaOf(t *testing.T) {
	t.Parallel()
	type Inner struct {
		X int `json:"x"`
	}
	type Embedded struct {
		E string `json:"e"`
	}
	type All struct {
		Embedded
		S      string             `json:"s" description:"a string"`
		B      bool               `json:"b,omitempty"`
		I      int64              `json:"i,omitzero"`
		U      uint8              `json:"u"`
		F      float32            `json:"f"`
		P      *string            `json:"p"`
		L      []Inner            `json:"l"`
		M      map[string]bool    `json:"m"`
		A      any                `json:"a"`
		R      json.RawMessage    `json:"r"`
		Arr    [2]string          `json:"arr"`
		NoTag  string             //
		Skip   string             `json:"-"`
		hidden string             //
		MM     map[string][]Inner `json:"mm,omitempty"`
	}
	tests := []struct {
		name    string
		v       any
		want    string
		wantErr string
	}{
		{"empty", struct{}{}, `{"type":"object","properties":{},"additionalProperties":false}`, ""},
		{"pointer", &addInput{}, `{"type":"object","properties":{"a":{"type":"number","description":"first addend"},"b":{"type":"number","description":"second addend"}},"required":["a","b"],"additionalProperties":false}`, ""},
		{"every kind", All{}, `{"type":"object","properties":{"e":{"type":"string"},"s":{"type":"string","description":"a string"},"b":{"type":"boolean"},"i":{"type":"integer"},"u":{"type":"integer","minimum":0,"maximum":255},"f":{"type":"number"},"p":{"type":["null","string"]},"l":{"type":["null","array"],"items":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false}},"m":{"type":"object","additionalProperties":{"type":"boolean"}},"a":true,"r":true,"arr":{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":2},"NoTag":{"type":"string"},"mm":{"type":"object","additionalProperties":{"type":["null","array"],"items":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false}}}},"required":["e","s","u","f","l","m","a","r","arr","NoTag"],"additionalProperties":false}`, ""},
		{"tags and pointers", struct {
			Old  string    `json:"old" description:"described the old way"`
			New  string    `json:"new" jsonschema:"described as in the MCP SDK"`
			Both string    `json:"both" jsonschema:"the jsonschema tag" description:"not this one"`
			Opt  *int8     `json:"opt"`
			In   []*Inner  `json:"in,omitempty"`
			When time.Time `json:"when"`
			Dash string    `json:"-,"`
			Nest *struct {
				P *bool `json:"p" description:"nested"`
			} `json:"nest"`
		}{}, `{"type":"object","properties":{"old":{"type":"string","description":"described the old way"},"new":{"type":"string","description":"described as in the MCP SDK"},"both":{"type":"string","description":"the jsonschema tag"},"opt":{"type":["null","integer"],"minimum":-128,"maximum":127},"in":{"type":["null","array"],"items":{"type":["null","object"],"properties":{"x":{"type":"integer"}},"required":["x"],"additionalProperties":false}},"when":{"type":"string"},"-":{"type":"string"},"nest":{"type":["null","object"],"properties":{"p":{"type":["null","boolean"],"description":"nested"}},"additionalProperties":false}},"required":["old","new","both","when","-"],"additionalProperties":false}`, ""},
		{"not a struct", 3, "", "use a struct"},
		{"nil", nil, "", "nil value"},
		{"channel", struct {
			C chan int `json:"c"`
		}{}, "", "type chan int is unsupported"},
		{"int keys", struct {
			M map[int]string `json:"m"`
		}{}, "", "unsupported map key type int"},
		{"recursive", recursive{}, "", "cycle detected for type claude_test.recursive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := claude.SchemaOf(tt.v)
			if tt.wantErr != "" {
				var se *claude.SchemaError
				if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("SchemaOf = %s, %v; want a SchemaError saying %q", got, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("SchemaOf =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// recursive contains itself.
type recursive struct {
	Next *recursive `json:"next"`
}
