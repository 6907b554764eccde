package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/ccwire/ccwire/protocol"
)

// MCPServer is an in-process MCP server: tools written in Go that the
// model calls as mcp__<Name>__<tool>. Give it in [Options.MCPServers]:
// the client declares it to the CLI as a server of type "sdk"
// (--mcp-config) and in the initialize request (sdkMcpServers), as the
// Agent SDKs do, and answers the JSON-RPC messages the CLI sends it
// (mcp_message control requests): initialize, tools/list, tools/call,
// ping and notifications.
//
// The server is this file's few JSON-RPC methods rather than the official
// Go MCP SDK's mcp.Server over an in-memory transport, because of what the
// SDK would cost every program that imports package claude. Measured on
// the README's program, which makes one Query (testdata/userprogram,
// BenchmarkFootprint; Go 1.26, linux/amd64), the SDK grows the binary from
// 18.9 MB to 26.1 MB (stripped, 14.1 MB to 19.1 MB), the packages it
// links from 126 to 232 and its modules from 1 to 10, among them net/http,
// crypto/tls, golang.org/x/oauth2 and segmentio/encoding, none of which an
// in-process server uses; package net makes the binary dynamically linked
// against libc where it was static; and a build with an empty cache takes
// 196 s instead of 117 s. TestFootprint keeps the SDK out. The JSON-RPC
// the CLI sends an sdk server is the small subset answered here;
// TestMCPConformance checks it with the SDK's own client.
type MCPServer struct {
	// Name is the server's name, the middle of its tools' names: letters,
	// digits, '_' and '-'.
	Name string
	// Version is the version the server reports. Default "1.0.0".
	Version string
	// Tools are the server's tools; build them with [NewTool].
	Tools []Tool
}

// Tool is a tool of an in-process MCP server. Build it with [NewTool].
type Tool struct {
	// Name is the tool's name within its server.
	Name string
	// Description tells the model what the tool does.
	Description string
	// InputSchema is the JSON Schema of the tool's arguments.
	InputSchema json.RawMessage
	// call decodes the arguments and runs the tool.
	call func(ctx context.Context, args json.RawMessage) (*ToolResult, error)
}

// ToolResult is what a tool call returns to the model: content blocks
// (text, or images as base64 data), structured content, and whether the
// call failed.
type ToolResult struct {
	// Content is the result's content.
	Content []ToolContent `json:"content"`
	// StructuredContent is the result as a JSON object (MCP's
	// structuredContent); nil for none. When it is set, the CLI (2.1.37
	// and 2.1.332) gives the model this object as JSON text in place of
	// Content, which other MCP clients read.
	StructuredContent any `json:"structuredContent,omitempty"`
	// IsError marks a failed call: the model reads Content as the error.
	IsError bool `json:"isError,omitempty"`
}

// ToolContent is a content block of a tool's result, in MCP's shape.
type ToolContent struct {
	// Type is "text" or "image".
	Type string `json:"type"`
	// Text is the text of a text block.
	Text string `json:"text,omitempty"`
	// Data is the base64 data of an image block.
	Data string `json:"data,omitempty"`
	// MIMEType is the media type of an image block, e.g. image/png.
	MIMEType string `json:"mimeType,omitempty"`
}

// TextResult is a tool result of one text block.
func TextResult(text string) *ToolResult {
	return &ToolResult{Content: []ToolContent{{Type: "text", Text: text}}}
}

// ErrorResult is a failed tool result whose text the model reads as the
// error.
func ErrorResult(text string) *ToolResult {
	return &ToolResult{Content: []ToolContent{{Type: "text", Text: text}}, IsError: true}
}

// NewTool returns a tool whose arguments decode into In, a struct whose
// JSON Schema (see [SchemaOf]) the model is given; fn runs it. An error
// of fn reaches the model as a failed result (IsError), as do arguments
// that do not decode into In. The error is a *SchemaError when In has no
// JSON Schema.
func NewTool[In any](name, description string, fn func(ctx context.Context, in In) (*ToolResult, error)) (Tool, error) {
	var zero In
	schema, err := SchemaOf(zero)
	if err != nil {
		return Tool{}, wrapError("tool "+name, err)
	}
	return Tool{
		Name:        name,
		Description: description,
		InputSchema: schema,
		call: func(ctx context.Context, args json.RawMessage) (*ToolResult, error) {
			var in In
			if len(args) > 0 && !bytes.Equal(args, []byte("null")) {
				if err := json.Unmarshal(args, &in); err != nil {
					return ErrorResult("invalid arguments: " + err.Error()), nil
				}
			}
			return fn(ctx, in)
		},
	}, nil
}

// MustTool is [NewTool] for tools defined at program start: it panics on
// an error.
func MustTool[In any](name, description string, fn func(ctx context.Context, in In) (*ToolResult, error)) Tool {
	t, err := NewTool(name, description, fn)
	if err != nil {
		panic(err)
	}
	return t
}

// mcpNamePattern is what the CLI accepts in a server or tool name.
var mcpNamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// mcpServers checks the in-process servers and returns them by name.
func mcpServers(servers []*MCPServer) (map[string]*MCPServer, error) {
	byName := make(map[string]*MCPServer, len(servers))
	for i, s := range servers {
		switch {
		case s == nil:
			return nil, &OptionError{Option: "MCPServers", Reason: fmt.Sprintf("server %d is nil", i)}
		case !mcpNamePattern.MatchString(s.Name):
			return nil, &OptionError{Option: "MCPServers", Reason: fmt.Sprintf("server name %q is not letters, digits, _ and -", s.Name)}
		case byName[s.Name] != nil:
			return nil, &OptionError{Option: "MCPServers", Reason: fmt.Sprintf("two servers named %q", s.Name)}
		}
		seen := map[string]bool{}
		for _, t := range s.Tools {
			switch {
			case t.call == nil:
				return nil, &OptionError{Option: "MCPServers", Reason: fmt.Sprintf("server %s: tool %q was not built with NewTool", s.Name, t.Name)}
			case !mcpNamePattern.MatchString(t.Name):
				return nil, &OptionError{Option: "MCPServers", Reason: fmt.Sprintf("server %s: tool name %q is not letters, digits, _ and -", s.Name, t.Name)}
			case seen[t.Name]:
				return nil, &OptionError{Option: "MCPServers", Reason: fmt.Sprintf("server %s: two tools named %q", s.Name, t.Name)}
			}
			seen[t.Name] = true
		}
		byName[s.Name] = s
	}
	return byName, nil
}

// sdkMCPConfig returns the --mcp-config value declaring the servers as
// type "sdk", and their names for the initialize request.
func sdkMCPConfig(servers []*MCPServer) (string, []string) {
	type entry struct {
		Type string `json:"type"`
		Name string `json:"name"`
	}
	cfg := map[string]map[string]entry{"mcpServers": {}}
	var names []string
	for _, s := range servers {
		if s == nil {
			continue
		}
		cfg["mcpServers"][s.Name] = entry{Type: "sdk", Name: s.Name}
		names = append(names, s.Name)
	}
	b, _ := json.Marshal(cfg) // maps of strings always encode
	return string(b), names
}

// JSON-RPC error codes an in-process server answers with.
const (
	rpcMethodNotFound = -32601
	rpcInvalidParams  = -32602
	rpcInvalidRequest = -32600
)

// rpcMessage is a JSON-RPC request or notification the CLI sends.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// rpcResponse is a JSON-RPC response.
type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// ErrUnknownMCPServer is the error an mcp_message request for a server the
// client does not run gets.
var ErrUnknownMCPServer = errors.New("claude: no in-process MCP server of this name")

// answerMCP answers an mcp_message request with the JSON-RPC response of
// the server it names.
func (c *Client) answerMCP(ctx context.Context, id string, r *protocol.MCPMessageRequest) *protocol.ControlResponse {
	s := c.mcp[r.ServerName]
	if s == nil {
		return protocol.NewErrorResponse(id, fmt.Sprintf("%v: %q", ErrUnknownMCPServer, r.ServerName))
	}
	resp := s.handle(ctx, r.Message)
	b, err := json.Marshal(resp)
	if err != nil {
		return protocol.NewErrorResponse(id, fmt.Sprintf("claude: MCP server %s: %v", s.Name, err))
	}
	c.logger.Debug("claude: MCP message answered", "request_id", id, "server", s.Name)
	return protocol.NewMCPMessageResponse(id, b)
}

// handle answers one JSON-RPC message. A notification gets the empty
// result the SDKs answer it with.
func (s *MCPServer) handle(ctx context.Context, raw json.RawMessage) rpcResponse {
	var m rpcMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return rpcResponse{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{Code: rpcInvalidRequest, Message: "invalid JSON-RPC message: " + err.Error()}}
	}
	if len(m.ID) == 0 || bytes.Equal(m.ID, []byte("null")) {
		return rpcResponse{JSONRPC: "2.0", ID: json.RawMessage("0"), Result: struct{}{}}
	}
	out := rpcResponse{JSONRPC: "2.0", ID: m.ID}
	result, rerr := s.call(ctx, m.Method, m.Params)
	if rerr != nil {
		out.Error = rerr
	} else {
		out.Result = result
	}
	return out
}

// call runs one JSON-RPC method.
func (s *MCPServer) call(ctx context.Context, method string, params json.RawMessage) (any, *rpcError) {
	switch method {
	case "initialize":
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(params, &p)
		if p.ProtocolVersion == "" {
			p.ProtocolVersion = "2025-06-18"
		}
		version := s.Version
		if version == "" {
			version = "1.0.0"
		}
		return map[string]any{
			"protocolVersion": p.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]string{"name": s.Name, "version": version},
		}, nil
	case "ping":
		return struct{}{}, nil
	case "tools/list":
		type toolInfo struct {
			Name        string          `json:"name"`
			Description string          `json:"description,omitempty"`
			InputSchema json.RawMessage `json:"inputSchema"`
		}
		tools := make([]toolInfo, 0, len(s.Tools))
		for _, t := range s.Tools {
			tools = append(tools, toolInfo{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema})
		}
		return map[string]any{"tools": tools}, nil
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, &rpcError{Code: rpcInvalidParams, Message: "invalid tools/call params: " + err.Error()}
		}
		i := slices.IndexFunc(s.Tools, func(t Tool) bool { return t.Name == p.Name })
		if i < 0 {
			return nil, &rpcError{Code: rpcInvalidParams, Message: fmt.Sprintf("Tool %s not found", p.Name)}
		}
		res, err := s.Tools[i].call(ctx, p.Arguments)
		var out ToolResult
		switch {
		case err != nil:
			out = *ErrorResult(err.Error())
		case res != nil:
			out = *res
		}
		if out.Content == nil {
			out.Content = []ToolContent{}
		}
		return out, nil
	}
	return nil, &rpcError{Code: rpcMethodNotFound, Message: "Method not found: " + method}
}
