package protocol

import (
	"encoding/json"
	"testing"
)

func TestHookCallbackDecodeInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		line    string
		check   func(*HookInput) bool
		wantErr bool
	}{
		{
			name: "PreToolUse of CLI 2.1.330",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_0","input":{"session_id":"s","transcript_path":"/t.jsonl","cwd":"/w","prompt_id":"p","permission_mode":"bypassPermissions","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1"},"tool_use_id":"toolu_1"}}`,
			check: func(in *HookInput) bool {
				return in.HookEventName == HookPreToolUse && in.ToolName == "Bash" && string(in.ToolInput) == `{"command":"ls"}` &&
					in.PermissionMode == PermissionBypassPermissions && in.PromptID == "p" && string(in.Effort) == `{"level":"medium"}`
			},
		},
		{
			name: "PostToolUse",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_1","input":{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":{"stdout":"x","stderr":"","interrupted":false},"tool_use_id":"t"}}}`,
			check: func(in *HookInput) bool {
				return in.HookEventName == HookPostToolUse && string(in.ToolResponse) == `{"stdout":"x","stderr":"","interrupted":false}`
			},
		},
		{
			name: "Stop of CLI 2.1.330",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_0","input":{"hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"First answer.","background_tasks":[],"session_crons":[]}}}`,
			check: func(in *HookInput) bool {
				return in.HookEventName == HookStop && in.LastAssistantMessage == "First answer." &&
					string(in.BackgroundTasks) == `[]` && string(in.SessionCrons) == `[]` && len(UnknownPayloadFields(in)) == 0
			},
		},
		{
			name: "PostToolUseFailure of CLI 2.1.330",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_0","input":{"hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{},"tool_use_id":"t","error":"Exit code 3","is_interrupt":false,"duration_ms":42}}}`,
			check: func(in *HookInput) bool {
				return in.HookEventName == HookPostToolUseFailure && in.Error == "Exit code 3" && in.DurationMS == 42 && len(UnknownPayloadFields(in)) == 0
			},
		},
		{
			name: "Stop with a member of the future",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_2","input":{"hook_event_name":"Stop","stop_hook_active":true,"new_member":1}}}`,
			check: func(in *HookInput) bool {
				u := UnknownPayloadFields(in)
				return in.StopHookActive && len(u) == 1
			},
		},
		{name: "no input", line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_0"}}`, wantErr: true},
		{name: "input not an object", line: `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_0","input":[1]}}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, err := Decode([]byte(tt.line))
			if err != nil {
				t.Fatal(err)
			}
			r := m.(*ControlRequest).Request.(*HookCallbackRequest)
			in, err := r.DecodeInput()
			if (err != nil) != tt.wantErr {
				t.Fatalf("DecodeInput: %v, want error %v", err, tt.wantErr)
			}
			if err == nil && !tt.check(in) {
				t.Errorf("DecodeInput = %+v", in)
			}
		})
	}
}

func TestHookOutputEncode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		out  *HookOutput
		want string
	}{
		{"empty", &HookOutput{}, `{}`},
		{"stop", &HookOutput{StopReason: "done"}, `{"continue":false,"stopReason":"done"}`},
		{"continue", &HookOutput{Continue: true, SystemMessage: "hi"}, `{"continue":true,"systemMessage":"hi"}`},
		{"deny", &HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookPreToolUse, PermissionDecision: BehaviorDeny, PermissionDecisionReason: "no"}},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`},
		{"permission request", &HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookPermissionRequest, Decision: PermissionResult{Behavior: BehaviorAllow, UpdatedInput: json.RawMessage(`{"a":1}`)}}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"a":1}}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b, err := MarshalPayload(tt.out)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("MarshalPayload = %s, want %s", b, tt.want)
			}
			resp, err := Marshal(NewPayloadResponse("r", tt.out))
			if err != nil {
				t.Fatal(err)
			}
			m, err := Decode(resp)
			if err != nil {
				t.Fatal(err)
			}
			var back HookOutput
			if err := m.(*ControlResponse).Response.(*SuccessResponse).DecodePayload(&back); err != nil {
				t.Fatal(err)
			}
			if b2, _ := MarshalPayload(&back); string(b2) != tt.want {
				t.Errorf("round trip = %s, want %s", b2, tt.want)
			}
		})
	}
}
