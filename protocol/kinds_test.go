package protocol

import (
	"bytes"
	"slices"
	"testing"
)

// TestDecodeMoreKinds decodes a line of every kind of kinds.go and
// requests.go, shaped as the Agent SDK's type definitions describe them.
func TestDecodeMoreKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		line    string
		check   func(t *testing.T, m Message)
		unknown []string
	}{
		{
			name: "keep_alive",
			line: `{"type":"keep_alive"}`,
			check: func(t *testing.T, m Message) {
				if _, ok := m.(*KeepAlive); !ok || m.MessageType() != TypeKeepAlive {
					t.Errorf("got %T", m)
				}
			},
		},
		{
			name: "tool_progress 2.1.37 shape",
			line: `{"type":"tool_progress","tool_use_id":"toolu_1","tool_name":"Bash","parent_tool_use_id":null,"elapsed_time_seconds":3.5,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				p := m.(*ToolProgress)
				if p.ToolUseID != "toolu_1" || p.ToolName != "Bash" || p.ParentToolUseID != "" || p.ElapsedTimeSeconds != 3.5 || p.UUID != "u" || p.SessionID != "s" {
					t.Errorf("fields: %+v", p)
				}
			},
		},
		{
			name: "tool_progress 2.1.330 shape",
			line: `{"type":"tool_progress","tool_use_id":"toolu_1","tool_name":"Task","parent_tool_use_id":"toolu_0","elapsed_time_seconds":12,"task_id":"t1","uuid":"u","session_id":"s","heartbeat":true,"subagent_type":"Explore","subagent_retry":{"agent_id":"a","attempt":1,"max_retries":10,"retry_delay_ms":500,"error_status":529,"error_category":"overloaded"}}`,
			check: func(t *testing.T, m Message) {
				p := m.(*ToolProgress)
				if p.TaskID != "t1" || !p.Heartbeat || p.SubagentType != "Explore" || p.ParentToolUseID != "toolu_0" || !bytes.Contains(p.SubagentRetry, []byte(`"attempt":1`)) {
					t.Errorf("fields: %+v", p)
				}
			},
		},
		{
			name: "auth_status",
			line: `{"type":"auth_status","isAuthenticating":true,"output":["Opening browser","Waiting"],"error":"","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				a := m.(*AuthStatus)
				if !a.IsAuthenticating || !slices.Equal(a.Output, []string{"Opening browser", "Waiting"}) {
					t.Errorf("fields: %+v", a)
				}
			},
		},
		{
			name: "tool_use_summary",
			line: `{"type":"tool_use_summary","summary":"Read 3 files","preceding_tool_use_ids":["toolu_1","toolu_2"],"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*ToolUseSummary)
				if x.Summary != "Read 3 files" || !slices.Equal(x.PrecedingToolUseIDs, []string{"toolu_1", "toolu_2"}) {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "prompt_suggestion",
			line: `{"type":"prompt_suggestion","suggestion":"run the tests","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*PromptSuggestion); x.Suggestion != "run the tests" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "conversation_reset",
			line: `{"type":"conversation_reset","new_conversation_id":"c2","uuid":"u","session_id":"s","trigger":"clear","timestamp":"2026-01-01T00:00:00Z"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*ConversationReset); x.NewConversationID != "c2" || x.Trigger != "clear" || x.Timestamp == "" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "active_goal cleared",
			line: `{"type":"active_goal","value":null,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*ActiveGoal); string(x.Value) != "null" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/files_persisted",
			line: `{"type":"system","subtype":"files_persisted","files":[{"filename":"a.txt","file_id":"file_1"}],"failed":[{"filename":"b.bin","error":"too large"}],"processed_at":"2026-01-01T00:00:00Z","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*FilesPersisted)
				if len(x.Files) != 1 || x.Files[0].FileID != "file_1" || x.Failed[0].Error != "too large" || SubtypeOf(m) != SubtypeFilesPersisted {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/local_command_output",
			line: `{"type":"system","subtype":"local_command_output","content":"Total cost: $0.00","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*LocalCommandOutput); x.Content != "Total cost: $0.00" || SubtypeOf(m) != SubtypeLocalCommandOutput {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/control_request_progress",
			line: `{"type":"system","subtype":"control_request_progress","request_id":"req_1","status":"api_retry","attempt":2,"max_retries":10,"retry_delay_ms":1000,"error_status":null,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*ControlRequestProgress); x.RequestID != "req_1" || x.Status != "api_retry" || x.Attempt != 2 || x.ErrorStatus != 0 {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/model_refusal_fallback",
			line: `{"type":"system","subtype":"model_refusal_fallback","trigger":"refusal","direction":"retry","original_model":"a","fallback_model":"b","request_id":null,"api_refusal_category":null,"retracted_message_uuids":["m1"],"content":"Retrying on b","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*ModelRefusal)
				if x.Subtype != SubtypeModelRefusalFallback || x.FallbackModel != "b" || x.RequestID != "" || SubtypeOf(m) != SubtypeModelRefusalFallback || x.RetractedMessageUUIDs[0] != "m1" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/model_refusal_no_fallback",
			line: `{"type":"system","subtype":"model_refusal_no_fallback","original_model":"a","request_id":"req_x","content":"Refused","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*ModelRefusal); x.Subtype != SubtypeModelRefusalNoFallback || x.RequestID != "req_x" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/plugin_install",
			line: `{"type":"system","subtype":"plugin_install","status":"failed","name":"p","error":"offline","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*PluginInstall); x.Status != "failed" || x.Error != "offline" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/background_tasks_changed",
			line: `{"type":"system","subtype":"background_tasks_changed","tasks":[{"task_id":"t1","run_id":"r1","task_type":"local_bash","description":"npm run dev","ambient":false},{"task_id":"t2","task_type":"local_agent","subagent_type":"Explore","description":"look","parent_task_id":"t1"}],"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*BackgroundTasksChanged)
				if len(x.Tasks) != 2 || x.Tasks[0].RunID != "r1" || x.Tasks[1].SubagentType != "Explore" || x.Tasks[1].ParentTaskID != "t1" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/session_state_changed",
			line: `{"type":"system","subtype":"session_state_changed","state":"requires_action","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*SessionStateChanged); x.State != "requires_action" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/worker_shutting_down",
			line: `{"type":"system","subtype":"worker_shutting_down","reason":"idle_timeout","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*WorkerShuttingDown); x.Reason != "idle_timeout" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/commands_changed",
			line: `{"type":"system","subtype":"commands_changed","commands":[{"name":"review","description":"Review a PR","argumentHint":"","aliases":["rv"],"builtin":true}],"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*CommandsChanged)
				if len(x.Commands) != 1 || x.Commands[0].Name != "review" || !x.Commands[0].Builtin || x.Commands[0].Aliases[0] != "rv" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/notification",
			line: `{"type":"system","subtype":"notification","key":"k","text":"Update available","priority":"low","timeout_ms":5000,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*Notification); x.Key != "k" || x.Priority != "low" || x.TimeoutMS != 5000 {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/memory_recall",
			line: `{"type":"system","subtype":"memory_recall","mode":"select","memories":[{"path":"/m/a.md","scope":"personal"}],"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*MemoryRecall); x.Mode != "select" || x.Memories[0].Path != "/m/a.md" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/elicitation_complete",
			line: `{"type":"system","subtype":"elicitation_complete","mcp_server_name":"srv","elicitation_id":"e1","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*ElicitationComplete); x.MCPServerName != "srv" || x.ElicitationID != "e1" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/permission_denied",
			line: `{"type":"system","subtype":"permission_denied","tool_name":"Bash","tool_use_id":"toolu_1","decision_reason_type":"rule","decision_reason":"deny rule","message":"Permission denied","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*PermissionDenied); x.ToolName != "Bash" || x.DecisionReasonType != "rule" || x.Message != "Permission denied" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/informational",
			line: `{"type":"system","subtype":"informational","content":"Context low","isMeta":true,"timestamp":"2026-11-21T10:00:00.000Z","level":"warning","prevent_continuation":false,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*Informational); x.Content != "Context low" || x.Level != "warning" || !x.IsMeta || x.Timestamp != "2026-11-21T10:00:00.000Z" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/session_writes_lost",
			line: `{"type":"system","subtype":"session_writes_lost","error_code":"ENOSPC","lost":["transcript"],"transcript_session_ids":["s"],"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*SessionWritesLost); x.ErrorCode != "ENOSPC" || x.Lost[0] != "transcript" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/mirror_error",
			line: `{"type":"system","subtype":"mirror_error","error":"403","key":{"projectKey":"p","sessionId":"s"},"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*MirrorError); x.Error != "403" || string(x.Key) != `{"projectKey":"p","sessionId":"s"}` {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/task_started 2.1.330 shape",
			line: `{"type":"system","subtype":"task_started","task_id":"t1","run_id":"r1","tool_use_id":"toolu_1","description":"Explore the repo","subagent_type":"Explore","is_backgrounded":true,"spawn_depth":1,"parent_task_id":"t0","task_type":"local_agent","workflow_name":"w","prompt":"look around","skip_transcript":false,"ambient":false,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*TaskMessage)
				if x.RunID != "r1" || x.SubagentType != "Explore" || !x.IsBackgrounded || x.SpawnDepth != 1 || x.ParentTaskID != "t0" || x.Prompt != "look around" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/task_updated",
			line: `{"type":"system","subtype":"task_updated","task_id":"t1","run_id":"r1","patch":{"status":"completed","end_time":1767225600000,"total_paused_ms":0,"is_backgrounded":true},"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*TaskMessage)
				if x.Subtype != SubtypeTaskUpdated || x.Patch.Status != "completed" || x.Patch.EndTime != 1767225600000 || !x.Patch.IsBackgrounded || SubtypeOf(m) != SubtypeTaskUpdated {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/task_notification with a restart",
			line: `{"type":"system","subtype":"task_notification","task_id":"t1","tool_use_id":"toolu_1","status":"stopped","reason":"worker_restart","output_file":"/o","summary":"","resource_links":[{"uri":"file:///x","name":"x"}],"skip_transcript":true,"uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*TaskMessage)
				if x.Reason != "worker_restart" || !x.SkipTranscript || !bytes.Contains(x.ResourceLinks, []byte("file:///x")) {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "system/thinking_tokens with user_message_uuid",
			line: `{"type":"system","subtype":"thinking_tokens","estimated_tokens":120,"estimated_tokens_delta":40,"user_message_uuid":"um","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*ThinkingTokens); x.UserMessageUUID != "um" || x.EstimatedTokens != 120 {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "stream_event 2.1.330 turn stamp",
			line: `{"type":"stream_event","event":{"type":"ping"},"parent_tool_use_id":null,"uuid":"u","session_id":"s","user_message_uuid":"um","user_message_uuids":["um0","um"],"resume_reason":"interrupted_turn"}`,
			check: func(t *testing.T, m Message) {
				x := m.(*StreamEvent)
				if x.UserMessageUUID != "um" || !slices.Equal(x.UserMessageUUIDs, []string{"um0", "um"}) || x.ResumeReason != "interrupted_turn" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "command_lifecycle",
			line: `{"type":"command_lifecycle","command_uuid":"c1","state":"queued","uuid":"u","session_id":"s"}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*CommandLifecycle); x.CommandUUID != "c1" || x.State != "queued" || m.MessageType() != TypeCommandLifecycle {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "assistant cut short by an interrupt (CLI 2.1.330)",
			line: `{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"This is a long answer "}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":1},"context_management":null},"parent_tool_use_id":null,"session_id":"s","uuid":"u","timestamp":"2026-01-01T00:00:00Z","request_id":"req_1","aborted":true,"user_message_uuid":"um","user_message_uuids":["um"],"supersedes":["old"],"subagent_type":"Explore","task_description":"look"}`,
			check: func(t *testing.T, m Message) {
				a := m.(*AssistantMessage)
				if !a.Aborted || a.UserMessageUUID != "um" || a.UserMessageUUIDs[0] != "um" || a.Supersedes[0] != "old" || a.SubagentType != "Explore" || a.TaskDescription != "look" {
					t.Errorf("fields: %+v", a)
				}
			},
		},
		{
			name: "result with the CLI 2.1.330 turn members",
			line: `{"type":"result","subtype":"success","is_error":false,"duration_ms":5,"duration_api_ms":4,"num_turns":1,"result":"ok","stop_reason":"end_turn","session_id":"s","total_cost_usd":0,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{},"permission_denials":[],"user_message_uuid":"um","user_message_uuids":["um"],"request_sent_wall_ms":1767225600000,"first_request_input_tokens":100,"first_request_cache_read_input_tokens":0,"local_command":"/cost","deferred_tool_use":{"id":"t","name":"X","input":{}},"origin":{"kind":"human"},"uuid":"u"}`,
			check: func(t *testing.T, m Message) {
				r := m.(*ResultMessage)
				if r.UserMessageUUID != "um" || r.RequestSentWallMS != 1767225600000 || r.FirstRequestInputTokens != 100 || r.LocalCommand != "/cost" ||
					len(r.DeferredToolUse) == 0 || string(r.Origin) != `{"kind":"human"}` {
					t.Errorf("fields: %+v", r)
				}
			},
		},
		{
			name: "stream_event after an interrupt: abandoned blocks",
			line: `{"type":"stream_event","event":{"type":"message_stop"},"session_id":"s","parent_tool_use_id":null,"uuid":"u","api_message_id":"msg_1","abandoned_blocks":{"api_message_id":"msg_1","from_block_index":1}}`,
			check: func(t *testing.T, m Message) {
				if x := m.(*StreamEvent); string(x.AbandonedBlocks) != `{"api_message_id":"msg_1","from_block_index":1}` {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name: "new kinds keep unknown members",
			line: `{"type":"keep_alive","uuid":"u","seq":4}`,
			check: func(t *testing.T, m Message) {
				if _, ok := m.(*KeepAlive); !ok {
					t.Errorf("got %T", m)
				}
			},
			unknown: []string{"uuid", "seq"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := decodeOK(t, tt.line)
			if tt.check != nil {
				tt.check(t, m)
			}
			switch m.(type) {
			case *UnknownMessage, *SystemMessage:
				t.Errorf("decoded as the generic %T", m)
			}
			if got := UnknownFields(m); !slices.Equal(got, tt.unknown) {
				t.Errorf("UnknownFields = %q, want %q", got, tt.unknown)
			}
			roundTrip(t, m, tt.line)
		})
	}
}

// TestDecodeMoreControlRequests decodes a control request of every subtype
// of requests.go and the members CLI 2.1.330 added to the others.
func TestDecodeMoreControlRequests(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		request string
		check   func(t *testing.T, r ControlRequestBody)
		unknown []string
	}{
		{
			name:    "can_use_tool as CLI 2.1.330 writes it",
			request: `{"subtype":"can_use_tool","tool_name":"Bash","display_name":"Bash","input":{"command":"echo allowed-output > out.txt && cat out.txt","description":"Write and print"},"description":"Write and print","permission_suggestions":[{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"echo allowed-output *"}],"behavior":"allow","destination":"localSettings"},{"type":"addDirectories","directories":["/w"],"destination":"session"}],"blocked_path":"/w/out.txt","tool_use_id":"toolu_stub0000_00"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				c := r.(*CanUseToolRequest)
				if c.DisplayName != "Bash" || c.Description != "Write and print" || c.BlockedPath != "/w/out.txt" || c.ToolUseID != "toolu_stub0000_00" {
					t.Errorf("fields: %+v", c)
				}
				ups, err := c.PermissionUpdates()
				if err != nil || len(ups) != 2 {
					t.Fatalf("PermissionUpdates = %v, %v", ups, err)
				}
				if ups[0].Type != "addRules" || ups[0].Rules[0].RuleContent != "echo allowed-output *" || ups[0].Behavior != BehaviorAllow || ups[0].Destination != "localSettings" ||
					ups[1].Type != "addDirectories" || !slices.Equal(ups[1].Directories, []string{"/w"}) {
					t.Errorf("updates: %+v", ups)
				}
			},
		},
		{
			name:    "can_use_tool with every 2.1.330 member",
			request: `{"subtype":"can_use_tool","tool_name":"mcp__srv__run","mcp_server":{"name":"srv"},"input":{},"decision_reason":"ask rule","decision_reason_type":"safetyCheck","classifier_approvable":false,"suppress_always_allow_rule":true,"default_to_no":true,"matched_ask_rule":{"source":"userSettings","tool_name":"mcp__srv__run"},"title":"Run?","display_name":"srv","tool_use_id":"t","agent_id":"a","description":"d","requires_user_interaction":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				c := r.(*CanUseToolRequest)
				if c.DecisionReasonType != "safetyCheck" || c.ClassifierApprovable || !c.SuppressAlwaysAllowRule || !c.DefaultToNo || c.Title != "Run?" ||
					!c.RequiresUserInteraction || string(c.MCPServer) != `{"name":"srv"}` || len(c.MatchedAskRule) == 0 {
					t.Errorf("fields: %+v", c)
				}
				if ups, err := c.PermissionUpdates(); ups != nil || err != nil {
					t.Errorf("PermissionUpdates without suggestions = %v, %v", ups, err)
				}
			},
		},
		{
			name:    "can_use_tool of CLI 2.1.327",
			request: `{"subtype":"can_use_tool","tool_name":"Write","display_name":"Write","input":{"file_path":"/w/out.txt","content":"hello\n"},"description":"out.txt","permission_suggestions":[{"type":"setMode","mode":"acceptEdits","destination":"session"}],"server_policy_ask_only":true,"tool_use_id":"toolu_1"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if c := r.(*CanUseToolRequest); !c.ServerPolicyAskOnly {
					t.Errorf("fields: %+v", c)
				}
			},
		},
		{
			name:    "initialize with 2.1.330 members",
			request: `{"subtype":"initialize","systemPrompt":["a"],"title":"t","skills":["s"],"promptSuggestions":true,"agentProgressSummaries":true,"forwardSubagentText":false,"supportedDialogKinds":["refusal_fallback_prompt"],"perTaskStopAffordance":true,"plugins":[{"type":"local","path":"/p"}],"mcpServers":{"x":{"command":"x"}},"sdkMcpServerConfigs":{"calc":{"timeout":5000}}}`,
			check: func(t *testing.T, r ControlRequestBody) {
				i := r.(*InitializeRequest)
				if i.Title != "t" || !i.PromptSuggestions || !i.PerTaskStopAffordance || i.SupportedDialogKinds[0] != "refusal_fallback_prompt" || len(i.Plugins) == 0 || len(i.SDKMCPServerConfigs) == 0 {
					t.Errorf("fields: %+v", i)
				}
			},
		},
		{
			name:    "interrupt cancel_queued",
			request: `{"subtype":"interrupt","cancel_queued":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if !r.(*InterruptRequest).CancelQueued {
					t.Error("CancelQueued not set")
				}
			},
		},
		{
			name:    "set_max_thinking_tokens thinking_display",
			request: `{"subtype":"set_max_thinking_tokens","max_thinking_tokens":2048,"thinking_display":"summarized"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*SetMaxThinkingTokensRequest); x.MaxThinkingTokens != 2048 || x.ThinkingDisplay != "summarized" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "mcp_status",
			request: `{"subtype":"mcp_status","liveReply":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if !r.(*MCPStatusRequest).LiveReply {
					t.Error("LiveReply not set")
				}
			},
		},
		{
			name:    "rewind_files",
			request: `{"subtype":"rewind_files","user_message_id":"um","dry_run":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*RewindFilesRequest); x.UserMessageID != "um" || !x.DryRun {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "mcp_set_servers",
			request: `{"subtype":"mcp_set_servers","servers":{"x":{"type":"http","url":"http://x"}}}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*MCPSetServersRequest); !bytes.Contains(x.Servers, []byte("http://x")) {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "mcp_reconnect",
			request: `{"subtype":"mcp_reconnect","serverName":"x"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*MCPReconnectRequest); x.ServerName != "x" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "mcp_toggle",
			request: `{"subtype":"mcp_toggle","serverName":"x","enabled":false}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*MCPToggleRequest); x.ServerName != "x" || x.Enabled {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "get_context_usage",
			request: `{"subtype":"get_context_usage","detail":"summary"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*GetContextUsageRequest); x.Detail != "summary" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "stop_task",
			request: `{"subtype":"stop_task","task_id":"t1"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*StopTaskRequest); x.TaskID != "t1" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "rename_session",
			request: `{"subtype":"rename_session","title":"Fix the build","source":"host"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*RenameSessionRequest); x.Title != "Fix the build" || x.Source != "host" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "apply_flag_settings",
			request: `{"subtype":"apply_flag_settings","settings":{"model":"opus"}}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*ApplyFlagSettingsRequest); string(x.Settings) != `{"model":"opus"}` {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "elicitation",
			request: `{"subtype":"elicitation","mcp_server_name":"srv","message":"Your name?","mode":"form","elicitation_id":"e1","requested_schema":{"type":"object","properties":{"name":{"type":"string"}}},"property_order":["name"],"title":"Name","display_name":"srv","description":"asks a name"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				x := r.(*ElicitationRequest)
				if x.MCPServerName != "srv" || x.Mode != "form" || x.PropertyOrder[0] != "name" || !bytes.Contains(x.RequestedSchema, []byte(`"properties"`)) {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "elicitation url mode",
			request: `{"subtype":"elicitation","mcp_server_name":"srv","message":"Log in","mode":"url","url":"https://example.com/login","elicitation_id":"e2"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*ElicitationRequest); x.URL != "https://example.com/login" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "request_user_dialog",
			request: `{"subtype":"request_user_dialog","dialog_kind":"refusal_fallback_prompt","payload":{"model":"b"},"tool_use_id":"t"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*UserDialogRequest); x.DialogKind != "refusal_fallback_prompt" || string(x.Payload) != `{"model":"b"}` {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "set_color",
			request: `{"subtype":"set_color","color":"purple"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*SetColorRequest); x.Color != "purple" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{name: "get_session_cost", request: `{"subtype":"get_session_cost"}`},
		{name: "list_models", request: `{"subtype":"list_models"}`},
		{
			name:    "get_usage",
			request: `{"subtype":"get_usage","skip_behaviors":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*GetUsageRequest); !x.SkipBehaviors {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{name: "get_binary_version", request: `{"subtype":"get_binary_version"}`},
		{
			name:    "mcp_call",
			request: `{"subtype":"mcp_call","tool":"mcp__docs__export","arguments":{"src":"{{in:doc}}","dst":"{{out:pdf}}"},"expires_at":"2026-11-21T22:00:00Z","timeout_ms":60000,"result_not_for_model":true,"check_permissions":true,"input_files":[{"name":"doc","lane_path":"/working/a.docx"}],"output_files":[{"name":"pdf","lane_path":"/working/a.pdf","if_match":"etag-1"}]}`,
			check: func(t *testing.T, r ControlRequestBody) {
				x := r.(*MCPCallRequest)
				if x.Tool != "mcp__docs__export" || !bytes.Contains(x.Arguments, []byte("{{in:doc}}")) || x.ExpiresAt != "2026-11-21T22:00:00Z" || x.TimeoutMS != 60000 ||
					!x.ResultNotForModel || !x.CheckPermissions || len(x.InputFiles) != 1 || x.InputFiles[0].LanePath != "/working/a.docx" ||
					len(x.OutputFiles) != 1 || x.OutputFiles[0].Name != "pdf" || x.OutputFiles[0].IfMatch != "etag-1" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "mcp_call plain",
			request: `{"subtype":"mcp_call","tool":"mcp__srv__echo","arguments":{"text":"hi"}}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*MCPCallRequest); x.Tool != "mcp__srv__echo" || x.InputFiles != nil || x.TimeoutMS != 0 {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "file_suggestions",
			request: `{"subtype":"file_suggestions","query":"src/ma"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*FileSuggestionsRequest); x.Query != "src/ma" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "cancel_async_message",
			request: `{"subtype":"cancel_async_message","message_uuid":"6f1c2d3e-0000-4000-8000-000000000001"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*CancelAsyncMessageRequest); x.MessageUUID != "6f1c2d3e-0000-4000-8000-000000000001" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "read_file",
			request: `{"subtype":"read_file","path":"img/logo.png","max_bytes":65536,"encoding":"base64"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*ReadFileRequest); x.Path != "img/logo.png" || x.MaxBytes != 65536 || x.Encoding != "base64" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "seed_read_state",
			request: `{"subtype":"seed_read_state","path":"/w/main.go","mtime":1763762400123.456}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*SeedReadStateRequest); x.Path != "/w/main.go" || x.MTime != 1763762400123.456 {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "register_repo_root",
			request: `{"subtype":"register_repo_root","directory":"/w/sub","reload_claude_md":true,"reload_plugins":false,"reload_skills":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*RegisterRepoRootRequest); x.Directory != "/w/sub" || !x.ReloadClaudeMD || x.ReloadPlugins || !x.ReloadSkills {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "reload_plugins",
			request: `{"subtype":"reload_plugins","hold_on_cache_impact":true,"add_plugins":[{"type":"local","path":"/p/one"}],"refuse_if_busy":true}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*ReloadPluginsRequest); !x.HoldOnCacheImpact || !x.RefuseIfBusy || !bytes.Contains(x.AddPlugins, []byte("/p/one")) {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{name: "reload_skills", request: `{"subtype":"reload_skills"}`},
		{name: "reload_output_styles", request: `{"subtype":"reload_output_styles"}`},
		{
			name:    "set_has_subscribers",
			request: `{"subtype":"set_has_subscribers","has_subscribers":false}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*SetHasSubscribersRequest); string(x.HasSubscribers) != "false" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "set_has_subscribers unknown",
			request: `{"subtype":"set_has_subscribers","has_subscribers":null}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*SetHasSubscribersRequest); string(x.HasSubscribers) != "null" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "background_tasks",
			request: `{"subtype":"background_tasks","tool_use_id":"toolu_01"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*BackgroundTasksRequest); x.ToolUseID != "toolu_01" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{name: "background_tasks all", request: `{"subtype":"background_tasks"}`},
		{
			name:    "get_task_output",
			request: `{"subtype":"get_task_output","task_id":"b7x2k9"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*GetTaskOutputRequest); x.TaskID != "b7x2k9" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{name: "get_settings", request: `{"subtype":"get_settings"}`},
		{name: "get_hooks_listing", request: `{"subtype":"get_hooks_listing"}`},
		{
			name:    "update_settings",
			request: `{"subtype":"update_settings","source":"localSettings","settings":{"outputStyle":"Explanatory"}}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*UpdateSettingsRequest); x.Source != "localSettings" || string(x.Settings) != `{"outputStyle":"Explanatory"}` {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{name: "list_permission_rules", request: `{"subtype":"list_permission_rules"}`},
		{
			name:    "mcp_read_resource",
			request: `{"subtype":"mcp_read_resource","serverName":"charts","uri":"ui://charts/view.html"}`,
			check: func(t *testing.T, r ControlRequestBody) {
				if x := r.(*MCPReadResourceRequest); x.ServerName != "charts" || x.URI != "ui://charts/view.html" {
					t.Errorf("fields: %+v", x)
				}
			},
		},
		{
			name:    "unknown members of an mcp_call and of its files",
			request: `{"subtype":"mcp_call","tool":"mcp__a__b","input_files":[{"name":"n","lane_path":"/l","mode":"ro"}],"priority":1}`,
			unknown: []string{"request.input_files.*.mode", "request.priority"},
		},
		{
			name:    "a member of unexpected shape is kept",
			request: `{"subtype":"seed_read_state","path":"/w/a","mtime":"yesterday"}`,
			unknown: []string{"request.mtime"},
		},
		{
			name:    "unknown members of a new request",
			request: `{"subtype":"stop_task","task_id":"t1","force":true}`,
			unknown: []string{"request.force"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := `{"type":"control_request","request_id":"req_1","request":` + tt.request + `}`
			m := decodeOK(t, line)
			r := m.(*ControlRequest).Request
			if _, ok := r.(*UnknownControlRequest); ok {
				t.Fatalf("decoded as the generic %T", r)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
			if got := UnknownFields(m); !slices.Equal(got, tt.unknown) {
				t.Errorf("UnknownFields = %q, want %q", got, tt.unknown)
			}
			roundTrip(t, m, line)
		})
	}
}

func TestPermissionUpdatesErrors(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{`{}`, `[1]`, `"x"`} {
		r := &CanUseToolRequest{PermissionSuggestions: []byte(bad)}
		if ups, err := r.PermissionUpdates(); err == nil {
			t.Errorf("PermissionUpdates of %s = %v, want an error", bad, ups)
		}
	}
	r := &CanUseToolRequest{PermissionSuggestions: []byte(`null`)}
	if ups, err := r.PermissionUpdates(); ups != nil || err != nil {
		t.Errorf("PermissionUpdates of null = %v, %v", ups, err)
	}
}
