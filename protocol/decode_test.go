package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeOK decodes a line the test expects to be valid.
func decodeOK(t *testing.T, line string) Message {
	t.Helper()
	m, err := Decode([]byte(line))
	if err != nil {
		t.Fatalf("Decode(%s): %v", line, err)
	}
	return m
}

// jsonEqual reports whether two JSON texts hold the same value for
// encoding/json.
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	va, err := unmarshalNumbers(a)
	if err != nil {
		t.Fatalf("unmarshal %s: %v", a, err)
	}
	vb, err := unmarshalNumbers(b)
	if err != nil {
		t.Fatalf("unmarshal %s: %v", b, err)
	}
	return reflect.DeepEqual(va, vb)
}

// unmarshalNumbers decodes JSON with numbers kept as their literal text, so
// numbers beyond float64 compare too.
func unmarshalNumbers(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

func TestDecodeKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		line    string
		check   func(t *testing.T, m Message)
		unknown []string
	}{
		{
			name: "system/init 2.1.37 shape",
			line: `{"type":"system","subtype":"init","cwd":"/w","session_id":"s1","tools":["Bash","Read"],"mcp_servers":[{"name":"srv","status":"connected"}],"model":"claude-sonnet-4-5","permissionMode":"bypassPermissions","slash_commands":["compact"],"apiKeySource":"ANTHROPIC_API_KEY","claude_code_version":"2.1.37","output_style":"default","agents":["general-purpose"],"skills":[],"plugins":[{"name":"p","path":"/p"}],"uuid":"u1"}`,
			check: func(t *testing.T, m Message) {
				s := m.(*SystemInit)
				if s.CWD != "/w" || s.SessionID != "s1" || !slices.Equal(s.Tools, []string{"Bash", "Read"}) ||
					s.PermissionMode != PermissionBypassPermissions || s.ClaudeCodeVersion != "2.1.37" ||
					len(s.MCPServers) != 1 || s.MCPServers[0].Status != "connected" || s.Plugins[0].Path != "/p" || s.UUID != "u1" {
					t.Errorf("fields: %+v", s)
				}
			},
		},
		{
			name: "system/status plan",
			line: `{"type":"system","subtype":"status","status":null,"permissionMode":"plan","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				s := m.(*SystemStatus)
				if s.PermissionMode != PermissionPlan || s.Status != "" || s.SessionID != "s" {
					t.Errorf("fields: %+v", s)
				}
			},
		},
		{
			name: "system/compact_boundary",
			line: `{"type":"system","subtype":"compact_boundary","compact_metadata":{"trigger":"auto","pre_tokens":150000},"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				c := m.(*CompactBoundary)
				if c.CompactMetadata.Trigger != "auto" || c.CompactMetadata.PreTokens != 150000 {
					t.Errorf("fields: %+v", c)
				}
			},
		},
		{
			name: "system/compact_boundary 2.1.332 shape",
			line: `{"type":"system","subtype":"compact_boundary","session_id":"s","uuid":"u2","compact_metadata":{"trigger":"manual","pre_tokens":101,"post_tokens":2640,"cumulative_dropped_tokens":7,"duration_ms":9,"preserved_segment":{"head_uuid":"u1","anchor_uuid":"u3","tail_uuid":"u1"}},"logical_parent_uuid":"u1"}`,
			check: func(t *testing.T, m Message) {
				c := m.(*CompactBoundary)
				if c.LogicalParentUUID != "u1" || c.CompactMetadata.CumulativeDroppedTokens != 7 || c.CompactMetadata.PostTokens != 2640 {
					t.Errorf("fields: %+v", c)
				}
			},
		},
		{
			name: "assistant with tool_use_meta",
			line: `{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"tool_use","id":"toolu_1","name":"mcp__echo__echo","input":{"text":"hello"}}],"stop_reason":null},"parent_tool_use_id":null,"session_id":"s","uuid":"u","tool_use_meta":[{"id":"toolu_1","display_name":"Echo","server_display_name":"ccwire-echo","tool_name":"echo"}]}`,
			check: func(t *testing.T, m Message) {
				a := m.(*AssistantMessage)
				if len(a.ToolUseMeta) != 1 || a.ToolUseMeta[0].ID != "toolu_1" || a.ToolUseMeta[0].DisplayName != "Echo" || a.ToolUseMeta[0].ServerDisplayName != "ccwire-echo" || a.ToolUseMeta[0].ToolName != "echo" {
					t.Errorf("tool_use_meta: %+v", a.ToolUseMeta)
				}
			},
		},
		{
			name: "system/init with sandbox_enabled",
			line: `{"type":"system","subtype":"init","cwd":"/w","session_id":"s","tools":[],"sandbox_enabled":"unknown"}`,
			check: func(t *testing.T, m Message) {
				if i := m.(*SystemInit); string(i.SandboxEnabled) != `"unknown"` {
					t.Errorf("sandbox_enabled: %s", i.SandboxEnabled)
				}
			},
		},
		{
			name: "system/api_retry",
			line: `{"type":"system","subtype":"api_retry","attempt":2,"max_retries":10,"retry_delay_ms":1200,"error_status":529,"error":"overloaded","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				a := m.(*APIRetry)
				if a.Attempt != 2 || a.MaxRetries != 10 || a.RetryDelayMS != 1200 || a.ErrorStatus != 529 || a.Error != "overloaded" {
					t.Errorf("fields: %+v", a)
				}
			},
		},
		{
			name: "system/hook_response",
			line: `{"type":"system","subtype":"hook_response","hook_id":"h","hook_name":"SessionStart:startup","hook_event":"SessionStart","output":"","stdout":"hi","stderr":"","exit_code":0,"outcome":"success","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				h := m.(*HookMessage)
				if h.Subtype != SubtypeHookResponse || h.Stdout != "hi" || h.Outcome != "success" || SubtypeOf(m) != SubtypeHookResponse {
					t.Errorf("fields: %+v", h)
				}
			},
		},
		{
			name: "system/task_notification",
			line: `{"type":"system","subtype":"task_notification","task_id":"t","status":"completed","output_file":"/o","summary":"done","usage":{"total_tokens":5,"tool_uses":1,"duration_ms":9},"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				k := m.(*TaskMessage)
				if k.TaskID != "t" || k.Status != "completed" || k.Usage.TotalTokens != 5 || k.Usage.DurationMS != 9 {
					t.Errorf("fields: %+v", k)
				}
			},
		},
		{
			name: "system of an unknown subtype",
			line: `{"type":"system","subtype":"brand_new","level":"info","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				s := m.(*SystemMessage)
				if s.Subtype != "brand_new" || SubtypeOf(m) != "brand_new" || s.UUID != "u" {
					t.Errorf("fields: %+v", s)
				}
			},
			unknown: []string{"level"},
		},
		{
			name: "system with subtype before type",
			line: `{"subtype":"init","cwd":"/w","type":"system"}`,
			check: func(t *testing.T, m Message) {
				if s, ok := m.(*SystemInit); !ok || s.CWD != "/w" {
					t.Errorf("got %T %+v", m, m)
				}
			},
		},
		{
			name: "assistant text",
			line: `{"type":"assistant","message":{"model":"claude-sonnet-4-5","id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"Hello!"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":3,"cache_creation_input_tokens":0,"cache_read_input_tokens":10,"cache_creation":{"ephemeral_5m_input_tokens":0,"ephemeral_1h_input_tokens":0},"output_tokens":5,"service_tier":"standard"},"context_management":null},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				a := m.(*AssistantMessage)
				b := a.Message
				if b.ID != "msg_1" || b.Model != "claude-sonnet-4-5" || b.Role != "assistant" || b.StopReason != "" ||
					b.Usage.InputTokens != 3 || b.Usage.CacheReadInputTokens != 10 || b.Usage.OutputTokens != 5 || b.Usage.ServiceTier != "standard" ||
					a.ParentToolUseID != "" || a.SessionID != "s" {
					t.Errorf("fields: %+v", a)
				}
				if tb, ok := b.Content[0].(*TextBlock); !ok || tb.Text != "Hello!" {
					t.Errorf("content: %#v", b.Content)
				}
			},
		},
		{
			name: "assistant thinking",
			line: `{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","content":[{"type":"thinking","thinking":"Let me think...","signature":"sig"}],"stop_reason":null},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				tb := m.(*AssistantMessage).Message.Content[0].(*ThinkingBlock)
				if tb.Thinking != "Let me think..." || tb.Signature != "sig" {
					t.Errorf("block: %+v", tb)
				}
			},
		},
		{
			name: "assistant tool_use with nested input kept raw",
			line: `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"echo hi","description":"Print","extra":{"deep":[1,2]}}}],"stop_reason":"tool_use"},"parent_tool_use_id":"toolu_0","session_id":"s","uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				a := m.(*AssistantMessage)
				tu := a.Message.Content[0].(*ToolUseBlock)
				if tu.ID != "toolu_1" || tu.Name != "Bash" || string(tu.Input) != `{"command":"echo hi","description":"Print","extra":{"deep":[1,2]}}` ||
					a.ParentToolUseID != "toolu_0" || a.Message.StopReason != "tool_use" {
					t.Errorf("fields: %+v %+v", a, tu)
				}
			},
		},
		{
			name: "assistant redacted_thinking, server_tool_use, image and unknown blocks",
			line: `{"type":"assistant","message":{"content":[{"type":"redacted_thinking","data":"xyz"},{"type":"server_tool_use","id":"srv","name":"web_search","input":{"query":"q"}},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAA="}},{"type":"web_search_tool_result","tool_use_id":"srv","content":[]}]}}`,
			check: func(t *testing.T, m Message) {
				c := m.(*AssistantMessage).Message.Content
				if c[0].(*RedactedThinkingBlock).Data != "xyz" || c[1].(*ServerToolUseBlock).Name != "web_search" ||
					c[2].(*ImageBlock).Source.MediaType != "image/png" || c[3].(*UnknownBlock).Type != "web_search_tool_result" || c[3].BlockType() != "web_search_tool_result" {
					t.Errorf("content: %#v", c)
				}
			},
			unknown: []string{"message.content.*.tool_use_id", "message.content.*.content"},
		},
		{
			name: "user text on stdin",
			line: `{"type":"user","message":{"role":"user","content":"say hello"},"parent_tool_use_id":null,"session_id":""}`,
			check: func(t *testing.T, m Message) {
				u := m.(*UserMessage)
				if u.Message.Content.Text != "say hello" || u.Message.Content.IsBlocks() || u.Message.Role != "user" {
					t.Errorf("fields: %+v", u)
				}
			},
		},
		{
			name: "user tool_result string and blocks",
			line: `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":"command output","is_error":false},{"type":"tool_result","tool_use_id":"toolu_2","content":[{"type":"text","text":"a"},{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"/9j="}}],"is_error":true}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u","tool_use_result":{"stdout":"command output","stderr":"","interrupted":false}}`,
			check: func(t *testing.T, m Message) {
				u := m.(*UserMessage)
				r1 := u.Message.Content.Blocks[0].(*ToolResultBlock)
				r2 := u.Message.Content.Blocks[1].(*ToolResultBlock)
				if r1.ToolUseID != "toolu_1" || r1.Content.Text != "command output" || r1.IsError ||
					r2.ToolUseID != "toolu_2" || !r2.IsError || r2.Content.Blocks[0].(*TextBlock).Text != "a" ||
					!bytes.Contains(u.ToolUseResult, []byte(`"interrupted":false`)) {
					t.Errorf("fields: %+v %+v %+v", u, r1, r2)
				}
			},
		},
		{
			name: "result/success",
			line: `{"type":"result","subtype":"success","is_error":false,"duration_ms":1234,"duration_api_ms":1000,"num_turns":1,"result":"Hello!","stop_reason":"end_turn","session_id":"s","total_cost_usd":1.6043104499999998,"usage":{"input_tokens":98,"output_tokens":45678,"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0}},"modelUsage":{"claude-sonnet-4-5":{"inputTokens":98,"outputTokens":45678,"cacheReadInputTokens":0,"cacheCreationInputTokens":0,"webSearchRequests":0,"costUSD":1.6,"contextWindow":200000,"maxOutputTokens":64000}},"permission_denials":[{"tool_name":"AskUserQuestion","tool_use_id":"toolu_9","tool_input":{"questions":[]}}],"uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ResultMessage)
				mu := r.ModelUsage["claude-sonnet-4-5"]
				if r.Subtype != SubtypeSuccess || r.IsError || r.DurationMS != 1234 || r.DurationAPIMS != 1000 || r.NumTurns != 1 ||
					r.Result != "Hello!" || r.StopReason != "end_turn" || r.TotalCostUSD != 1.6043104499999998 || r.Usage.OutputTokens != 45678 ||
					mu.CostUSD != 1.6 || mu.ContextWindow != 200000 || len(r.PermissionDenials) != 1 || r.PermissionDenials[0].ToolName != "AskUserQuestion" ||
					SubtypeOf(m) != SubtypeSuccess {
					t.Errorf("fields: %+v", r)
				}
			},
		},
		{
			name: "result/error_during_execution",
			line: `{"type":"result","subtype":"error_during_execution","duration_ms":5,"duration_api_ms":0,"is_error":true,"num_turns":0,"stop_reason":null,"session_id":"s","total_cost_usd":0,"usage":{"input_tokens":0,"output_tokens":0},"modelUsage":{},"permission_denials":[],"errors":["Overloaded"],"uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ResultMessage)
				if r.Subtype != SubtypeErrorDuringExecution || !r.IsError || !slices.Equal(r.Errors, []string{"Overloaded"}) || r.ModelUsage == nil {
					t.Errorf("fields: %+v", r)
				}
			},
		},
		{
			name: "result errors as objects (seed shape) are kept raw",
			line: `{"type":"result","subtype":"error_during_execution","errors":[{"type":"overloaded_error","message":"Overloaded"}]}`,
			check: func(t *testing.T, m Message) {
				if r := m.(*ResultMessage); r.Errors != nil {
					t.Errorf("errors decoded as %v", r.Errors)
				}
			},
			unknown: []string{"errors"},
		},
		{
			name: "stream_event",
			line: `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}},"session_id":"s","parent_tool_use_id":null,"uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				e := m.(*StreamEvent)
				if e.EventType() != "content_block_delta" || !bytes.Contains(e.Event, []byte("text_delta")) {
					t.Errorf("fields: %+v", e)
				}
			},
		},
		{
			name: "control_request can_use_tool",
			line: `{"type":"control_request","request_id":"req_1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"ls"},"permission_suggestions":[],"tool_use_id":"toolu_1"}}`,
			check: func(t *testing.T, m Message) {
				c := m.(*ControlRequest)
				r := c.Request.(*CanUseToolRequest)
				if c.RequestID != "req_1" || r.ToolName != "Bash" || string(r.Input) != `{"command":"ls"}` || r.ToolUseID != "toolu_1" || SubtypeOf(m) != "can_use_tool" {
					t.Errorf("fields: %+v %+v", c, r)
				}
			},
		},
		{
			name: "control_request initialize",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"initialize","hooks":{"PreToolUse":[{"matcher":"Bash","hookCallbackIds":["h1"]}]},"sdkMcpServers":["calc"],"systemPrompt":["a","b"]}}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ControlRequest).Request.(*InitializeRequest)
				if !slices.Equal(r.SDKMCPServers, []string{"calc"}) || string(r.SystemPrompt) != `["a","b"]` || len(r.Hooks) == 0 {
					t.Errorf("fields: %+v", r)
				}
			},
		},
		{
			name: "control_request hook_callback, mcp_message, interrupt, set_model, set_max_thinking_tokens, unknown",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"h1","input":{"hook_event_name":"PreToolUse"},"tool_use_id":"t"}}`,
			check: func(t *testing.T, m Message) {
				if r := m.(*ControlRequest).Request.(*HookCallbackRequest); r.CallbackID != "h1" || r.ToolUseID != "t" {
					t.Errorf("fields: %+v", r)
				}
				for line, want := range map[string]ControlSubtype{
					`{"type":"control_request","request_id":"r","request":{"subtype":"mcp_message","server_name":"calc","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}}`: ControlMCPMessage,
					`{"type":"control_request","request_id":"r","request":{"subtype":"interrupt"}}`:                                                                                 ControlInterrupt,
					`{"type":"control_request","request_id":"r","request":{"subtype":"set_model","model":"opus"}}`:                                                                  ControlSetModel,
					`{"type":"control_request","request_id":"r","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":null}}`:                                        ControlSetMaxThinkingTokens,
					`{"type":"control_request","request_id":"r","request":{"subtype":"set_color","color":"x"}}`:                                                                     "set_color",
				} {
					m := decodeOK(t, line)
					if got := m.(*ControlRequest).Request.ControlSubtype(); got != want {
						t.Errorf("%s: subtype %q, want %q", line, got, want)
					}
					roundTrip(t, m, line)
				}
			},
		},
		{
			name: "control_response success and error",
			line: `{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","updatedInput":{}}}}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ControlResponse).Response.(*SuccessResponse)
				if r.RequestID != "r1" || string(r.Response) != `{"behavior":"allow","updatedInput":{}}` || r.ControlRequestID() != "r1" {
					t.Errorf("fields: %+v", r)
				}
				e := decodeOK(t, `{"type":"control_response","response":{"subtype":"error","request_id":"r2","error":"no such tool"}}`)
				if er := e.(*ControlResponse).Response.(*ErrorResponse); er.Error != "no such tool" || er.RequestID != "r2" {
					t.Errorf("fields: %+v", er)
				}
			},
		},
		{
			name: "control_cancel_request",
			line: `{"type":"control_cancel_request","request_id":"r9"}`,
			check: func(t *testing.T, m Message) {
				if c := m.(*ControlCancelRequest); c.RequestID != "r9" {
					t.Errorf("fields: %+v", c)
				}
			},
		},
		{
			name: "rate_limit_event",
			line: `{"type":"rate_limit_event","rate_limit_info":{"status":"allowed_warning","resetsAt":1760000000,"rateLimitType":"five_hour","utilization":0.91,"isUsingOverage":false,"surpassedThreshold":0.9},"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				r := m.(*RateLimitEvent)
				if r.RateLimitInfo.Status != "allowed_warning" || r.RateLimitInfo.ResetsAt != 1760000000 || r.RateLimitInfo.Utilization != 0.91 || r.RateLimitInfo.SurpassedThreshold != 0.9 {
					t.Errorf("fields: %+v", r)
				}
			},
		},
		{
			name: "unknown type",
			line: `{"type":"tool_heartbeat","tool_use_id":"t","tool_name":"Bash","elapsed_time_seconds":3,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				u := m.(*UnknownMessage)
				if u.MessageType() != "tool_heartbeat" || u.UUID != "u" || SubtypeOf(m) != "" {
					t.Errorf("fields: %+v", u)
				}
			},
			unknown: []string{"tool_use_id", "tool_name", "elapsed_time_seconds"},
		},
		{
			name: "no type at all",
			line: `{"hello":"world"}`,
			check: func(t *testing.T, m Message) {
				if u := m.(*UnknownMessage); u.Type != "" {
					t.Errorf("fields: %+v", u)
				}
			},
			unknown: []string{"hello"},
		},
		{
			name:    "unknown members at every depth",
			line:    `{"type":"assistant","new_top":1,"message":{"new_msg":true,"content":[{"type":"text","text":"x","new_block":[]},{"type":"text","text":"y","new_block":{}}],"usage":{"input_tokens":1,"new_usage":2,"cache_creation":{"new_cc":0}}},"session_id":"s"}`,
			unknown: []string{"new_top", "message.new_msg", "message.content.*.new_block", "message.usage.new_usage", "message.usage.cache_creation.new_cc"},
		},
		{
			name: "values of unexpected shape are kept and listed",
			line: `{"type":"result","subtype":"success","duration_ms":"slow","num_turns":1.5,"total_cost_usd":"free","is_error":0,"usage":[],"permission_denials":{},"modelUsage":{"m":1},"session_id":7}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ResultMessage)
				if r.DurationMS != 0 || r.NumTurns != 0 || r.TotalCostUSD != 0 || r.SessionID != "" || r.ModelUsage != nil {
					t.Errorf("fields: %+v", r)
				}
			},
			unknown: []string{"duration_ms", "num_turns", "total_cost_usd", "is_error", "usage", "permission_denials", "modelUsage", "session_id"},
		},
		{
			name: "numbers beyond int64 and float64",
			line: `{"type":"result","subtype":"success","duration_ms":123456789012345678901234567890,"total_cost_usd":1e400,"num_turns":-0,"duration_api_ms":1e2}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ResultMessage)
				if r.DurationMS != 0 || r.TotalCostUSD != 0 || r.DurationAPIMS != 0 {
					t.Errorf("fields: %+v", r)
				}
			},
			unknown: []string{"duration_ms", "total_cost_usd", "duration_api_ms"},
		},
		{
			name: "escapes, unicode and surrogates",
			line: `{"type":"assistant","message":{"content":[{"type":"text","text":"tab\t nl\n quote\" bs\\ slash\/ \u00e9 \ud83d\ude00 lone \ud800 raw é😀"}]},"session_id":"s\u0073"}`,
			check: func(t *testing.T, m Message) {
				a := m.(*AssistantMessage)
				want := "tab\t nl\n quote\" bs\\ slash/ é 😀 lone \uFFFD raw é😀"
				if got := a.Message.Content[0].(*TextBlock).Text; got != want {
					t.Errorf("text %q, want %q", got, want)
				}
				if a.SessionID != "ss" {
					t.Errorf("session_id %q", a.SessionID)
				}
			},
		},
		{
			name: "deep nesting inside a raw member",
			line: `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t","name":"X","input":{"a":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}}]}}`,
			check: func(t *testing.T, m Message) {
				if in := m.(*AssistantMessage).Message.Content[0].(*ToolUseBlock).Input; len(in) != 10006 {
					t.Errorf("input length %d", len(in))
				}
			},
		},
		{
			name: "duplicate members: typed field takes the last, both are written back",
			line: `{"type":"result","subtype":"success","num_turns":1,"num_turns":2,"extra":1,"extra":2}`,
			check: func(t *testing.T, m Message) {
				if r := m.(*ResultMessage); r.NumTurns != 2 {
					t.Errorf("num_turns %d, want the last value", r.NumTurns)
				}
			},
			unknown: []string{"extra"},
		},
		{
			name: "repeated members ending in null: the typed fields are zero",
			line: `{"type":"result","subtype":"success","num_turns":1,"num_turns":null,"result":"a","result":null,"usage":{"input_tokens":1},"usage":null,"errors":["x"],"errors":null}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ResultMessage)
				if r.NumTurns != 0 || r.Result != "" || r.Usage.objState().decoded || r.Usage.InputTokens != 0 || r.Errors != nil {
					t.Errorf("fields: %+v", r)
				}
			},
		},
		{
			name: "repeated object member: the last object replaces the first",
			line: `{"type":"result","usage":{"input_tokens":1,"x":1},"usage":{"output_tokens":2}}`,
			check: func(t *testing.T, m Message) {
				if u := m.(*ResultMessage).Usage; u.InputTokens != 0 || u.OutputTokens != 2 {
					t.Errorf("usage: %+v", u)
				}
			},
			// The first object is kept as it was, unwalked.
		},
		{
			name: "repeated content of both shapes: the last one counts",
			line: `{"type":"user","message":{"role":"user","content":[{"type":"text","text":"a"}],"content":"b"}}`,
			check: func(t *testing.T, m Message) {
				if c := m.(*UserMessage).Message.Content; c.Text != "b" || c.IsBlocks() {
					t.Errorf("content: %+v", c)
				}
			},
		},
		{
			name: "whitespace and CR around the object",
			line: " \t{ \"type\" : \"user\" , \"message\" : { \"role\" : \"user\" , \"content\" : \"hi\" } }\r",
			check: func(t *testing.T, m Message) {
				if u := m.(*UserMessage); u.Message.Content.Text != "hi" {
					t.Errorf("fields: %+v", u)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := decodeOK(t, tt.line)
			if tt.check != nil {
				tt.check(t, m)
			}
			if !bytes.Equal(m.Raw(), []byte(tt.line)) {
				t.Errorf("Raw() = %s", m.Raw())
			}
			if got := UnknownFields(m); !slices.Equal(got, tt.unknown) {
				t.Errorf("UnknownFields = %q, want %q", got, tt.unknown)
			}
			roundTrip(t, m, tt.line)
		})
	}
}

// roundTrip checks that Marshal gives back the line: the same bytes, up to
// the whitespace around and between tokens.
func roundTrip(t *testing.T, m Message, line string) {
	t.Helper()
	out, err := Marshal(m)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	if !jsonEqual(t, out, []byte(line)) {
		t.Errorf("Marshal changed the value:\n got %s\nwant %s", out, line)
	}
	if compact(line) != string(out) {
		t.Errorf("Marshal changed the text:\n got %s\nwant %s", out, compact(line))
	}
}

// compact removes insignificant whitespace the way Marshal does.
func compact(s string) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		return s
	}
	return b.String()
}

func TestDecodeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want string
	}{
		{``, "unexpected end of input"},
		{`not json`, `unexpected 'o'`},
		{`[1,2]`, "JSON array, want an object"},
		{`"text"`, "JSON string, want an object"},
		{`null`, "JSON null, want an object"},
		{`{"type":"user"`, "unexpected end of input"},
		{`{"type":"user"} trailing`, "after top-level value"},
		{`{"type":"user","message":{"content":[{"type":"text","text":"x"},]}}`, "unexpected ']'"},
		{`{"type":"assistant","message":{"content":[{"type":"text","text":"bad \x"}]}}`, "invalid escape"},
		{"{\"type\":\"user\",\"x\":\"a\x00b\"}", "control character"},
		{`{"type":"user","n":01}`, "after object member"},
		{`{"type":"user","x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`, "nested deeper than 10000 levels"},
	}
	for _, tt := range tests {
		m, err := Decode([]byte(tt.line))
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("Decode(%.60q) = %T, %v; want a *DecodeError", tt.line, m, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Decode(%.60q) error %q, want it to mention %q", tt.line, err, tt.want)
		}
		if json.Valid([]byte(tt.line)) && strings.HasPrefix(strings.TrimSpace(tt.line), "{") {
			t.Errorf("test line %.60q is a valid object", tt.line)
		}
	}
}

func TestMarshalConstructed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		m    Message
		want string
	}{
		{NewUserText("say hello"), `{"type":"user","message":{"role":"user","content":"say hello"},"parent_tool_use_id":null,"session_id":""}`},
		{NewUserBlocks(&TextBlock{Text: "look"}, &ImageBlock{Source: ImageSource{Type: "base64", MediaType: "image/png", Data: "AA=="}}),
			`{"type":"user","message":{"role":"user","content":[{"type":"text","text":"look"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AA=="}}]},"parent_tool_use_id":null,"session_id":""}`},
		{NewUserBlocks(&ToolResultBlock{ToolUseID: "toolu_1", Content: Content{Text: "out"}, IsError: true}),
			`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"out","is_error":true}]},"parent_tool_use_id":null,"session_id":""}`},
		{NewInitializeRequest("req_1"), `{"type":"control_request","request_id":"req_1","request":{"subtype":"initialize"}}`},
		{NewInterruptRequest("req_2"), `{"type":"control_request","request_id":"req_2","request":{"subtype":"interrupt"}}`},
		{NewSetPermissionModeRequest("req_3", PermissionAcceptEdits), `{"type":"control_request","request_id":"req_3","request":{"subtype":"set_permission_mode","mode":"acceptEdits"}}`},
		{NewSetModelRequest("req_4", "claude-opus-4-1"), `{"type":"control_request","request_id":"req_4","request":{"subtype":"set_model","model":"claude-opus-4-1"}}`},
		{NewSetModelRequest("req_4", ""), `{"type":"control_request","request_id":"req_4","request":{"subtype":"set_model"}}`},
		{NewSetMaxThinkingTokensRequest("req_5", 0), `{"type":"control_request","request_id":"req_5","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":null}}`},
		{NewSetMaxThinkingTokensRequest("req_5", 1024), `{"type":"control_request","request_id":"req_5","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":1024}}`},
		{NewSuccessResponse("req_6", json.RawMessage(`{"behavior":"allow","updatedInput":{"command":"ls"}}`)),
			`{"type":"control_response","response":{"subtype":"success","request_id":"req_6","response":{"behavior":"allow","updatedInput":{"command":"ls"}}}}`},
		{NewSuccessResponse("req_7", nil), `{"type":"control_response","response":{"subtype":"success","request_id":"req_7"}}`},
		{NewErrorResponse("req_8", "denied"), `{"type":"control_response","response":{"subtype":"error","request_id":"req_8","error":"denied"}}`},
		{&ResultMessage{Subtype: SubtypeSuccess, Result: "ok"},
			`{"type":"result","subtype":"success","is_error":false,"duration_ms":0,"duration_api_ms":0,"num_turns":0,"result":"ok","stop_reason":null,"total_cost_usd":0,"usage":{"input_tokens":0,"output_tokens":0},"permission_denials":[]}`},
	}
	for _, tt := range tests {
		got, err := Marshal(tt.m)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("Marshal(%T):\n got %s\nwant %s", tt.m, got, tt.want)
		}
		if tt.m.Raw() != nil || UnknownFields(tt.m) != nil {
			t.Errorf("constructed %T has Raw or unknown fields", tt.m)
		}
		back := decodeOK(t, string(got))
		if again, _ := Marshal(back); string(again) != tt.want {
			t.Errorf("decode+Marshal of %s gives %s", tt.want, again)
		}
	}
}

func TestMarshalModified(t *testing.T) {
	t.Parallel()
	line := `{"type":"result","subtype":"success","is_error":false,"result":"old \u0041","stop_reason":null,"zz":[1],"usage":{"input_tokens":1,"output_tokens":2},"modelUsage":{"b":{"inputTokens":1,"costUSD":0.5},"a":{"inputTokens":2}},"session_id":"s"}`
	m := decodeOK(t, line).(*ResultMessage)
	m.Result = "new"
	m.StopReason = "end_turn"
	m.NumTurns = 3
	m.Usage.OutputTokens = 7
	m.Usage.ServiceTier = "standard"
	mu := m.ModelUsage["a"]
	mu.CostUSD = 1.25
	m.ModelUsage["a"] = mu
	got, err := Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"result","subtype":"success","is_error":false,"result":"new","stop_reason":"end_turn","zz":[1],"usage":{"input_tokens":1,"output_tokens":7,"service_tier":"standard"},"modelUsage":{"b":{"inputTokens":1,"costUSD":0.5},"a":{"inputTokens":2,"costUSD":1.25}},"session_id":"s","num_turns":3}`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("Marshal of a modified message (-want +got):\n%s", diff)
	}
}

func TestMarshalNil(t *testing.T) {
	t.Parallel()
	if _, err := Marshal(nil); err == nil {
		t.Error("Marshal(nil) succeeded")
	}
	var m *UserMessage
	if _, err := Marshal(m); err == nil {
		t.Error("Marshal of a nil *UserMessage succeeded")
	}
	if UnknownFields(nil) != nil {
		t.Error("UnknownFields(nil) is not nil")
	}
}

func TestDecodeCopiesLine(t *testing.T) {
	t.Parallel()
	line := []byte(`{"type":"user","message":{"role":"user","content":"abc"},"session_id":"s"}`)
	m := decodeOK(t, string(line))
	m2, _ := Decode(line)
	for i := range line {
		line[i] = 'x'
	}
	if m2.(*UserMessage).Message.Content.Text != "abc" || m2.Raw()[0] != '{' {
		t.Error("Decode kept a reference to the caller's line")
	}
	_ = m
}

// TestDecodeNesting checks that nesting up to MaxNesting levels decodes and
// that deeper nesting is refused with a *NestingError, by Decode and by a
// Reader, where encoding/json draws the same line.
func TestDecodeNesting(t *testing.T) {
	t.Parallel()
	line := func(levels int) []byte { // the message object is the first level
		return []byte(`{"type":"user","x":` + strings.Repeat("[", levels-1) + strings.Repeat("]", levels-1) + `}`)
	}
	if _, err := Decode(line(MaxNesting)); err != nil || !json.Valid(line(MaxNesting)) {
		t.Errorf("%d levels: Decode error %v, json.Valid %t; want both to accept", MaxNesting, err, json.Valid(line(MaxNesting)))
	}
	deep := line(MaxNesting + 1)
	if json.Valid(deep) {
		t.Errorf("encoding/json accepts %d levels", MaxNesting+1)
	}
	_, err := Decode(deep)
	var ne *NestingError
	var de *DecodeError
	if !errors.As(err, &de) || !errors.As(err, &ne) || ne.Offset != 19+MaxNesting-1 {
		t.Errorf("Decode of %d levels = %v; want a *NestingError at offset %d in a *DecodeError", MaxNesting+1, err, 19+MaxNesting-1)
	}
	_, err = NewReader(bytes.NewReader(append(deep, '\n'))).Next()
	if !errors.As(err, &de) || !errors.As(err, &ne) || de.Line != 1 {
		t.Errorf("Reader on %d levels = %v; want a *NestingError in a *DecodeError of line 1", MaxNesting+1, err)
	}
}
