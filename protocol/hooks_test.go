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

// sdkHookInputs returns one input per hook event, with every member of
// the event's *HookInput type in the Agent SDK 0.3.332's sdk.d.ts (base
// members first), for the decoding tests and FuzzPayload's seeds.
func sdkHookInputs() map[HookEvent]string {
	const base = `"session_id":"s","transcript_path":"/t.jsonl","cwd":"/w","prompt_id":"p","permission_mode":"default","agent_id":"a1","agent_type":"general-purpose","effort":{"level":"high"},`
	const tool = `"tool_name":"mcp__echo__echo","tool_input":{"text":"x"},"tool_use_id":"toolu_1","mcp_server":{"name":"echo","source":"project"}`
	const sw = `"from_model":"claude-sonnet-4-5","to_model":"claude-opus-4-1","requested_model":null,"source":"sdk","context_tokens":1200,"prompt_cache_warm":true,"cache_ttl":"5m","estimated_cache_write_usd":0.0225,"pricing":"catalog"`
	const stop = `"stop_hook_active":false,"last_assistant_message":"Done.","background_tasks":[],"session_crons":[]`
	const task = `"task_id":"1","task_subject":"Write","task_description":"Write it.","teammate_name":"bob","team_name":"t"`
	ins := map[HookEvent]string{
		HookPreToolUse:           tool,
		HookPostToolUse:          tool + `,"tool_response":[{"type":"text","text":"echo: x"}],"duration_ms":12`,
		HookPostToolUseFailure:   tool + `,"error":"Exit code 3","is_interrupt":false,"duration_ms":12`,
		HookPostToolBatch:        `"tool_calls":[{"tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1","tool_response":{"stdout":""}},{"tool_name":"Read","tool_input":{},"tool_use_id":"toolu_2"}]`,
		HookNotification:         `"message":"Claude needs your permission","title":"Claude Code","notification_type":"permission_prompt"`,
		HookUserPromptSubmit:     `"prompt":"Hello.","source":"sdk","session_title":"Greeting"`,
		HookUserPromptExpansion:  `"expansion_type":"slash_command","command_name":"greet","command_args":"world","command_source":"projectSettings","prompt":"Say hello to world."`,
		HookSessionStart:         `"source":"resume","model":"claude-sonnet-4-5","session_title":"T","seconds_since_last_response":3.5,"context_tokens":900,"prompt_cache_likely_expired":false,"estimated_cache_write_usd":0.001`,
		HookSessionEnd:           `"reason":"other"`,
		HookStop:                 stop,
		HookStopFailure:          `"error":"server_error","error_details":"API Error: 500","last_assistant_message":""`,
		HookSubagentStart:        `"agent_id":"a2","agent_type":"Explore"`,
		HookSubagentStop:         stop + `,"agent_transcript_path":"/a.jsonl"`,
		HookPreCompact:           `"trigger":"manual","custom_instructions":null`,
		HookPostCompact:          `"trigger":"auto","compact_summary":"The user said hello."`,
		HookPreModelSwitch:       sw,
		HookPostModelSwitch:      sw,
		HookPermissionRequest:    tool + `,"permission_suggestions":[{"type":"addRules","rules":[{"toolName":"Bash"}],"behavior":"allow","destination":"session"}]`,
		HookPermissionDenied:     tool + `,"reason":"The classifier refused it."`,
		HookSetup:                `"trigger":"init"`,
		HookTeammateIdle:         `"teammate_name":"bob","team_name":"t"`,
		HookTaskCreated:          task,
		HookTaskCompleted:        task,
		HookElicitation:          `"mcp_server_name":"echo","message":"Your name?","mode":"form","url":"https://x","elicitation_id":"e1","requested_schema":{"type":"object","properties":{"name":{"type":"string"}}}`,
		HookElicitationResult:    `"mcp_server_name":"echo","elicitation_id":"e1","mode":"form","action":"accept","content":{"name":"Ann"}`,
		HookConfigChange:         `"source":"project_settings","file_path":"/w/.claude/settings.json"`,
		HookWorktreeCreate:       `"name":"feature-x"`,
		HookWorktreeRemove:       `"worktree_path":"/w/.claude/worktrees/feature-x"`,
		HookInstructionsLoaded:   `"file_path":"/w/CLAUDE.md","memory_type":"Project","load_reason":"path_glob_match","globs":["src/**"],"trigger_file_path":"/w/src/a.go","parent_file_path":"/w/CLAUDE.md"`,
		HookCwdChanged:           `"old_cwd":"/w","new_cwd":"/w/sub"`,
		HookFileChanged:          `"file_path":"/w/.env","event":"change"`,
		HookDirectoryAdded:       `"directory":"/other","source":"register_repo_root"`,
		HookMessageDisplay:       `"turn_id":"u1","message_id":"u2","index":0,"final":true,"delta":"Hello.\n"`,
		HookPreSkillShellCommand: `"tool_name":"Bash","tool_input":{"command":"git status"},"tool_use_id":"skill-1","command_name":"status","command_source":"projectSettings","invoked_by":"user"`,
	}
	for ev, members := range ins {
		ins[ev] = `{` + base + `"hook_event_name":"` + string(ev) + `",` + members + `}`
	}
	return ins
}

// TestHookInputEveryEvent decodes an input of each of the SDK's 34 hook
// events: every member is typed (none unknown) and the input writes back
// as it was read.
func TestHookInputEveryEvent(t *testing.T) {
	t.Parallel()
	ins := sdkHookInputs()
	if len(ins) != len(HookEvents()) || len(HookEvents()) != 34 {
		t.Fatalf("%d inputs for %d events, want 34", len(ins), len(HookEvents()))
	}
	for _, ev := range HookEvents() {
		t.Run(string(ev), func(t *testing.T) {
			t.Parallel()
			line := `{"type":"control_request","request_id":"r","request":{"subtype":"hook_callback","callback_id":"hook_0","input":` + ins[ev] + `}}`
			m, err := Decode([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			in, err := m.(*ControlRequest).Request.(*HookCallbackRequest).DecodeInput()
			if err != nil {
				t.Fatal(err)
			}
			if in.HookEventName != ev {
				t.Errorf("hook_event_name %q, want %q", in.HookEventName, ev)
			}
			if u := UnknownPayloadFields(in); len(u) != 0 {
				t.Errorf("untyped members %v", u)
			}
			out, err := MarshalPayload(in)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != ins[ev] {
				t.Errorf("written back as\n%s\nwant\n%s", out, ins[ev])
			}
		})
	}
}

// TestHookInputNewMembers checks a few of the new events' members by
// their Go names.
func TestHookInputNewMembers(t *testing.T) {
	t.Parallel()
	ins := sdkHookInputs()
	decode := func(ev HookEvent) *HookInput {
		in := new(HookInput)
		if err := json.Unmarshal([]byte(ins[ev]), in); err != nil {
			t.Fatalf("%s: %v", ev, err)
		}
		return in
	}
	if in := decode(HookPostToolBatch); len(in.ToolCalls) != 2 || in.ToolCalls[0].ToolName != "Bash" || string(in.ToolCalls[1].ToolResponse) != "" {
		t.Errorf("PostToolBatch %+v", in.ToolCalls)
	}
	if in := decode(HookPreToolUse); in.MCPServer.Name != "echo" || in.MCPServer.Source != "project" {
		t.Errorf("PreToolUse mcp_server %+v", in.MCPServer)
	}
	if in := decode(HookPreModelSwitch); in.FromModel != "claude-sonnet-4-5" || in.RequestedModel != "" || in.ContextTokens != 1200 || in.EstimatedCacheWriteUSD != 0.0225 || !in.PromptCacheWarm {
		t.Errorf("PreModelSwitch %+v", in)
	}
	if in := decode(HookInstructionsLoaded); in.MemoryType != "Project" || len(in.Globs) != 1 || in.LoadReason != "path_glob_match" {
		t.Errorf("InstructionsLoaded %+v", in)
	}
	if in := decode(HookMessageDisplay); !in.Final || in.Delta != "Hello.\n" || in.Index != 0 {
		t.Errorf("MessageDisplay %+v", in)
	}
	if in := decode(HookStopFailure); in.Error != "server_error" || in.ErrorDetails != "API Error: 500" {
		t.Errorf("StopFailure %+v", in)
	}
}

// TestHookSpecificOutputNewEvents encodes the outputs of the new events.
func TestHookSpecificOutputNewEvents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		out  HookOutput
		want string
	}{
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookPreModelSwitch, PermissionDecision: BehaviorDeny, PermissionDecisionReason: "stay"}},
			`{"hookSpecificOutput":{"hookEventName":"PreModelSwitch","permissionDecision":"deny","permissionDecisionReason":"stay"}}`},
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookCwdChanged, WatchPaths: []string{"/w/.env"}}},
			`{"hookSpecificOutput":{"hookEventName":"CwdChanged","watchPaths":["/w/.env"]}}`},
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookElicitation, Action: "accept", Content: json.RawMessage(`{"name":"Ann"}`)}},
			`{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept","content":{"name":"Ann"}}}`},
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookWorktreeCreate, WorktreePath: "/wt"}},
			`{"hookSpecificOutput":{"hookEventName":"WorktreeCreate","worktreePath":"/wt"}}`},
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookPermissionDenied, Retry: true}},
			`{"hookSpecificOutput":{"hookEventName":"PermissionDenied","retry":true}}`},
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookMessageDisplay, DisplayContent: "Hi."}},
			`{"hookSpecificOutput":{"hookEventName":"MessageDisplay","displayContent":"Hi."}}`},
		{HookOutput{TerminalSequence: "\a", HookSpecificOutput: HookSpecificOutput{HookEventName: HookSessionStart, InitialUserMessage: "Go.", SessionTitle: "T", ReloadSkills: true}},
			`{"terminalSequence":"\u0007","hookSpecificOutput":{"hookEventName":"SessionStart","initialUserMessage":"Go.","sessionTitle":"T","reloadSkills":true}}`},
		{HookOutput{HookSpecificOutput: HookSpecificOutput{HookEventName: HookPostToolUse, UpdatedToolOutput: json.RawMessage(`"replaced"`), ClassifierContext: "c"}},
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","classifierContext":"c","updatedToolOutput":"replaced"}}`},
	}
	for _, tt := range tests {
		b, err := MarshalPayload(&tt.out)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("MarshalPayload = %s\nwant %s", b, tt.want)
		}
		var back HookOutput
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if len(UnknownPayloadFields(&back)) != 0 {
			t.Errorf("%s: untyped members on the way back", b)
		}
	}
}
