package match_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/ccwire/ccwire/match"
	"github.com/google/go-cmp/cmp"
)

// readLines reads a JSON-lines fixture: stdout of a real CLI run against
// a fake Messages API (a Bash tool call, then a text reply).
func readLines(t testing.TB, name string) [][]byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
}

func TestMessageLabelFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file string
		want []string
	}{
		{"bash_2.1.37.jsonl", []string{
			"system/init",
			"assistant(text)",
			"assistant(tool_use:Bash)",
			"user(tool_result)",
			"assistant(text)",
			"result/success",
		}},
		{"bash_partial_2.1.330.jsonl", []string{
			"system/init",
			"system/status(requesting)",
			"stream_event(message_start)",
			"stream_event(content_block_start:text)",
			"stream_event(content_block_delta:text_delta)",
			"assistant(text)",
			"stream_event(content_block_stop)",
			"stream_event(content_block_start:tool_use)",
			"stream_event(content_block_delta:input_json_delta)",
			"assistant(tool_use:Bash)",
			"stream_event(content_block_stop)",
			"stream_event(message_delta)",
			"stream_event(message_stop)",
			"user(tool_result)",
			"system/status(requesting)",
			"stream_event(message_start)",
			"stream_event(content_block_start:text)",
			"stream_event(content_block_delta:text_delta)",
			"assistant(text)",
			"stream_event(content_block_stop)",
			"stream_event(message_delta)",
			"stream_event(message_stop)",
			"result/success",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, line := range readLines(t, tt.file) {
				got = append(got, match.MessageLabel(line))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("labels (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMessageLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		msg, want string
	}{
		{`{"type":"system","subtype":"status","permissionMode":"plan","status":null}`, "system/status(plan)"},
		{`{"type":"system","subtype":"status"}`, "system/status"},
		{`{"type":"system","subtype":"compact_boundary"}`, "system/compact_boundary"},
		{`{"type":"system"}`, "system"},
		{`{"type":"assistant","message":{"content":[{"type":"thinking","thinking":"hm"}]}}`, "assistant(thinking)"},
		{`{"type":"assistant","message":{"content":[{"type":"tool_use"}]}}`, "assistant(tool_use)"},
		{`{"type":"assistant","message":{"content":[]}}`, "assistant"},
		{`{"type":"assistant"}`, "assistant"},
		{`{"type":"user","message":{"role":"user","content":"hi"}}`, "user(text)"},
		{`{"type":"user","message":{"content":[{"type":"text","text":"hi"}]}}`, "user(text)"},
		{`{"type":"user","message":{"content":[{"type":"tool_result","is_error":true}]}}`, "user(tool_result:error)"},
		{`{"type":"user","message":{"content":[{"type":"tool_result","is_error":false}]}}`, "user(tool_result)"},
		{`{"type":"result","subtype":"success","is_error":true,"permission_denials":[{"tool_name":"X"}]}`, "result/success(is_error:true)"},
		{`{"type":"result","subtype":"success","is_error":false,"permission_denials":[{"tool_name":"X"}]}`, "result/success(permission_denials)"},
		{`{"type":"result","subtype":"success","is_error":false,"permission_denials":[]}`, "result/success"},
		{`{"type":"result","subtype":"error_during_execution","is_error":true}`, "result/error_during_execution"},
		{`{"type":"result"}`, "result"},
		{`{"type":"stream_event"}`, "stream_event"},
		{`{"type":"control_request","request_id":"1","request":{"subtype":"can_use_tool","tool_name":"Bash"}}`, "control_request(can_use_tool:Bash)"},
		{`{"type":"control_request","request":{"subtype":"interrupt"}}`, "control_request(interrupt)"},
		{`{"type":"control_request"}`, "control_request"},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"1"}}`, "control_response(success)"},
		{`{"type":"control_response"}`, "control_response"},
		{`{"type":"rate_limit_event"}`, "rate_limit_event"},
		{`{"type":"x","subtype":"y"}`, "x/y"},
		{`{"type":""}`, "(no type)"},
		{`{"type":1}`, "(no type)"},
		{`[1]`, "(no type)"},
		{`{"type":`, "(invalid JSON)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			t.Parallel()
			if got := match.MessageLabel([]byte(tt.msg)); got != tt.want {
				t.Errorf("MessageLabel(%s) = %q, want %q", tt.msg, got, tt.want)
			}
		})
	}
}

// TestConstructors checks the pattern text and label of each constructor,
// and that it matches the messages of its kind and no others.
func TestConstructors(t *testing.T) {
	t.Parallel()
	messages := map[string]string{
		"init":        `{"type":"system","subtype":"init","session_id":"s","tools":["Bash"]}`,
		"statusPlan":  `{"type":"system","subtype":"status","permissionMode":"plan"}`,
		"statusReq":   `{"type":"system","subtype":"status","status":"requesting"}`,
		"compact":     `{"type":"system","subtype":"compact_boundary"}`,
		"text":        `{"type":"assistant","message":{"id":"m","role":"assistant","content":[{"type":"text","text":"Hello!"}]}}`,
		"thinking":    `{"type":"assistant","message":{"role":"assistant","content":[{"type":"thinking","thinking":"Let me think...","signature":""}]}}`,
		"toolBash":    `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Bash","input":{}}]}}`,
		"toolAsk":     `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"AskUserQuestion","input":{}}]}}`,
		"userText":    `{"type":"user","message":{"role":"user","content":"say hello"}}`,
		"toolResult":  `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"t","type":"tool_result","content":"hi","is_error":false}]}}`,
		"toolError":   `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"t","type":"tool_result","content":"no","is_error":true}]}}`,
		"success":     `{"type":"result","subtype":"success","is_error":false,"result":"Hello!","permission_denials":[]}`,
		"successErr":  `{"type":"result","subtype":"success","is_error":true,"result":"cut"}`,
		"denied":      `{"type":"result","subtype":"success","is_error":false,"result":"ok","permission_denials":[{"tool_name":"AskUserQuestion","tool_use_id":"t","tool_input":{}}]}`,
		"execError":   `{"type":"result","subtype":"error_during_execution","is_error":true,"errors":[{"type":"overloaded_error"}]}`,
		"maxTurns":    `{"type":"result","subtype":"error_max_turns","is_error":true}`,
		"streamStart": `{"type":"stream_event","event":{"type":"message_start","message":{}}}`,
		"streamDelta": `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}}`,
		"canUseTool":  `{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{}}}`,
		"initialize":  `{"type":"control_request","request_id":"r2","request":{"subtype":"initialize"}}`,
		"ctlResponse": `{"type":"control_response","response":{"subtype":"success","request_id":"r1"}}`,
	}
	tests := []struct {
		p       match.Pattern
		label   string
		text    string
		matches []string // keys of messages; every other message must not match
	}{
		{match.SystemInit(), "system/init", `{"type":"system","subtype":"init"}`, []string{"init"}},
		{match.SystemStatus("plan"), "system/status(plan)", `{"type":"system","subtype":"status","permissionMode":"plan"}`, []string{"statusPlan"}},
		{match.SystemStatus(""), "system/status", `{"type":"system","subtype":"status"}`, []string{"statusPlan", "statusReq"}},
		{match.SystemSubtype("compact_boundary"), "system/compact_boundary", `{"type":"system","subtype":"compact_boundary"}`, []string{"compact"}},
		{match.AssistantText("Hello!"), "assistant(text)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello!"}]}}`, []string{"text"}},
		{match.AssistantText(""), "assistant(text)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text"}]}}`, []string{"text"}},
		{match.AssistantText("Bye"), "assistant(text)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Bye"}]}}`, nil},
		{match.AssistantThinking("Let me think..."), "assistant(thinking)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"thinking","thinking":"Let me think..."}]}}`, []string{"thinking"}},
		{match.AssistantThinking(""), "assistant(thinking)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"thinking"}]}}`, []string{"thinking"}},
		{match.AssistantToolUse("Bash"), "assistant(tool_use:Bash)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","name":"Bash"}]}}`, []string{"toolBash"}},
		{match.AssistantToolUse(""), "assistant(tool_use)", `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use"}]}}`, []string{"toolBash", "toolAsk"}},
		{match.UserText("say hello"), "user(text)", `{"type":"user","message":{"role":"user","content":"say hello"}}`, []string{"userText"}},
		{match.UserText(""), "user(text)", `{"type":"user","message":{"role":"user","content":{"$type":"string"}}}`, []string{"userText"}},
		{match.UserToolResult(), "user(tool_result)", `{"type":"user","message":{"content":[{"type":"tool_result"}]}}`, []string{"toolResult", "toolError"}},
		{match.UserToolResultError(), "user(tool_result:error)", `{"type":"user","message":{"content":[{"type":"tool_result","is_error":true}]}}`, []string{"toolError"}},
		{match.ResultSuccess("Hello!"), "result/success", `{"type":"result","subtype":"success","is_error":false,"result":"Hello!"}`, []string{"success"}},
		{match.ResultSuccess(""), "result/success", `{"type":"result","subtype":"success","is_error":false}`, []string{"success", "denied"}},
		{match.ResultSuccessError(), "result/success(is_error:true)", `{"type":"result","subtype":"success","is_error":true}`, []string{"successErr"}},
		{match.ResultPermissionDenials("AskUserQuestion"), "result/success(permission_denials)", `{"type":"result","subtype":"success","permission_denials":[{"tool_name":"AskUserQuestion"}]}`, []string{"denied"}},
		{match.ResultPermissionDenials(), "result/success(permission_denials)", `{"type":"result","subtype":"success","permission_denials":{"$nonempty":true}}`, []string{"denied"}},
		{match.ResultPermissionDenials("Bash", "AskUserQuestion"), "result/success(permission_denials)", `{"type":"result","subtype":"success","permission_denials":[{"tool_name":"Bash"},{"tool_name":"AskUserQuestion"}]}`, nil},
		{match.ResultErrorDuringExecution(), "result/error_during_execution", `{"type":"result","subtype":"error_during_execution"}`, []string{"execError"}},
		{match.ResultError("error_max_turns"), "result/error_max_turns", `{"type":"result","subtype":"error_max_turns"}`, []string{"maxTurns"}},
		{match.StreamEvent("message_start"), "stream_event(message_start)", `{"type":"stream_event","event":{"type":"message_start"}}`, []string{"streamStart"}},
		{match.StreamEvent(""), "stream_event", `{"type":"stream_event"}`, []string{"streamStart", "streamDelta"}},
		{match.ControlRequest("can_use_tool"), "control_request(can_use_tool)", `{"type":"control_request","request":{"subtype":"can_use_tool"}}`, []string{"canUseTool"}},
		{match.ControlRequest(""), "control_request", `{"type":"control_request"}`, []string{"canUseTool", "initialize"}},
		{match.ControlResponse(), "control_response", `{"type":"control_response"}`, []string{"ctlResponse"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			t.Parallel()
			if got := tt.p.Label(); got != tt.label {
				t.Errorf("Label() = %q, want %q", got, tt.label)
			}
			if got := tt.p.String(); got != tt.text {
				t.Errorf("pattern text\n%s\nwant\n%s", got, tt.text)
			}
			// The text parses back to a pattern with the same label.
			if got := match.MustParse(tt.text).Label(); got != tt.label {
				t.Errorf("Label() of parsed text = %q, want %q", got, tt.label)
			}
			want := map[string]bool{}
			for _, k := range tt.matches {
				want[k] = true
			}
			for k, msg := range messages {
				m := tt.p.Match([]byte(msg))
				if want[k] && m != nil {
					t.Errorf("does not match %s: %v", k, m)
				}
				if !want[k] && m == nil {
					t.Errorf("matches %s", k)
				}
			}
		})
	}
}
