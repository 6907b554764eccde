package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const controlGolden = "testdata/control/unknown-fields.golden"

// payloadFor returns an empty payload of the type answering the requests
// the control captures sent (see testdata/control/README.md), nil for none.
func payloadFor(requestID string) Payload {
	switch requestID {
	case "req_1":
		return new(InitializeResponse)
	case "req_2":
		return new(MCPStatusResponse)
	case "req_3":
		return new(ContextUsageResponse)
	case "req_5":
		return new(RewindFilesResponse)
	}
	return nil
}

// TestControlCaptures decodes the real control responses of both CLIs,
// their payloads typed, and checks that both write back byte for byte.
func TestControlCaptures(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "control", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no control captures: %v", err)
	}
	var report []string
	for _, file := range files {
		version := strings.TrimSuffix(filepath.Base(file), ".jsonl")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for m, err := range NewReader(bytes.NewReader(data)).All() {
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if out, _ := Marshal(m); !bytes.Equal(out, m.Raw()) {
				t.Errorf("%s: Marshal does not give the line back", file)
			}
			for _, f := range UnknownFields(m) {
				report = append(report, fmt.Sprintf("%s %s field %s", version, kindOf(m), f))
			}
			resp := m.(*ControlResponse).Response
			id := resp.ControlRequestID()
			seen[id] = true
			if e, ok := resp.(*ErrorResponse); ok {
				if version == "2.1.330" && (e.ErrorCode != "unsupported_request" || !strings.Contains(e.Error, "bogus")) {
					t.Errorf("%s: error response %+v", file, e)
				}
				continue
			}
			s := resp.(*SuccessResponse)
			p := payloadFor(id)
			if p == nil {
				continue
			}
			if err := s.DecodePayload(p); err != nil {
				t.Fatalf("%s %s: DecodePayload: %v", file, id, err)
			}
			if out, _ := MarshalPayload(p); !bytes.Equal(out, s.Response) {
				t.Errorf("%s %s: the payload does not write back:\n got %.300s\nwant %.300s", file, id, out, s.Response)
			}
			for _, f := range UnknownPayloadFields(p) {
				report = append(report, fmt.Sprintf("%s %T field %s", version, p, f))
			}
			checkCapturedPayload(t, version, p)
		}
		if !seen["req_1"] || !seen["req_2"] || !seen["req_5"] {
			t.Errorf("%s: answers missing, got %v", file, seen)
		}
	}
	slices.Sort(report)
	report = slices.Compact(report)
	got := "# What the protocol model does not know in the control responses under testdata/control,\n" +
		"# per CLI version: members of the responses and of their payloads (dotted paths, * for\n" +
		"# array elements). Regenerate with: go test ./protocol -run TestControlCaptures -update\n" +
		strings.Join(report, "\n") + "\n"
	if *update {
		if err := os.WriteFile(controlGolden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(controlGolden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("unknown members changed; review and run with -update.\n got:\n%s\nwant:\n%s", got, want)
	}
}

// checkCapturedPayload checks the typed fields of a captured payload.
func checkCapturedPayload(t *testing.T, version string, p Payload) {
	t.Helper()
	switch p := p.(type) {
	case *InitializeResponse:
		if len(p.Commands) == 0 || p.Commands[0].Name == "" || p.OutputStyle != "default" || !slices.Contains(p.AvailableOutputStyles, "default") ||
			len(p.Models) == 0 || p.Models[0].Value != "default" || p.Models[0].DisplayName == "" || p.Account.APIKeySource != "ANTHROPIC_API_KEY" {
			t.Errorf("%s initialize: %+v", version, p)
		}
		if version == "2.1.330" && (p.ClaudeCodeVersion != version || len(p.Agents) == 0 || p.Account.APIProvider != "firstParty" ||
			p.CurrentPermissionMode != PermissionDefault || len(p.Capabilities) == 0 || p.PID == 0 || !p.Models[0].SupportsEffort) {
			t.Errorf("%s initialize: %+v", version, p)
		}
	case *MCPStatusResponse:
		if p.MCPServers == nil {
			t.Errorf("%s mcp_status: no mcpServers", version)
		}
	case *RewindFilesResponse:
		if p.CanRewind || p.Error == "" {
			t.Errorf("%s rewind_files: %+v", version, p)
		}
	case *ContextUsageResponse:
		if len(p.Categories) == 0 || p.Categories[0].ID != "system_prompt" || p.Categories[0].Kind != "used" || p.TotalTokens == 0 ||
			p.MaxTokens == 0 || p.Model == "" || !p.IsAutoCompactEnabled || string(p.APIUsage) != "null" {
			t.Errorf("%s get_context_usage: %+v", version, p)
		}
	}
}

func TestPermissionAnswers(t *testing.T) {
	t.Parallel()
	input := json.RawMessage(`{"command":"echo allowed-output > out.txt && cat out.txt","description":"Write and print"}`)
	tests := []struct {
		name string
		m    *ControlResponse
		want string
	}{
		{"allow with the input, as the scenario recordings send it", NewPermissionAllow("<request_id:1>", input),
			`{"type":"control_response","response":{"subtype":"success","request_id":"<request_id:1>","response":{"behavior":"allow","updatedInput":{"command":"echo allowed-output > out.txt && cat out.txt","description":"Write and print"}}}}`},
		{"allow with permission updates", NewPermissionAllow("r", json.RawMessage(`{}`), PermissionUpdate{Type: "addRules", Rules: []PermissionRuleValue{{ToolName: "Bash", RuleContent: "echo *"}}, Behavior: BehaviorAllow, Destination: "localSettings"}, PermissionUpdate{Type: "setMode", Mode: PermissionAcceptEdits, Destination: "session"}),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"allow","updatedInput":{},"updatedPermissions":[{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"echo *"}],"behavior":"allow","destination":"localSettings"},{"type":"setMode","mode":"acceptEdits","destination":"session"}]}}}`},
		{"allow without input", NewPermissionAllow("r", nil),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"allow"}}}`},
		{"deny", NewPermissionDeny("r", "not in this directory", false),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"deny","message":"not in this directory"}}}`},
		{"deny and interrupt", NewPermissionDeny("r", "stop", true),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"deny","message":"stop","interrupt":true}}}`},
		{"deny with an empty message still has one", NewPermissionDeny("r", "", false),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"deny","message":""}}}`},
		{"full result", NewPermissionResponse("r", &PermissionResult{Behavior: BehaviorAllow, UpdatedInput: json.RawMessage(`{"a":1}`), ToolUseID: "toolu_1", DecisionClassification: "user_permanent"}),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"allow","updatedInput":{"a":1},"toolUseID":"toolu_1","decisionClassification":"user_permanent"}}}`},
		{"mcp_message answer", NewMCPMessageResponse("r", json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`)),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"mcp_response":{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}}}}`},
		{"elicitation answer", NewPayloadResponse("r", &ElicitationResponse{Action: "accept", Content: json.RawMessage(`{"name":"Ada"}`)}),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"action":"accept","content":{"name":"Ada"}}}}`},
		{"dialog answer", NewPayloadResponse("r", &UserDialogResponse{Behavior: "cancelled"}),
			`{"type":"control_response","response":{"subtype":"success","request_id":"r","response":{"behavior":"cancelled"}}}`},
	}
	for _, tt := range tests {
		got, err := Marshal(tt.m)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		back := decodeOK(t, string(got)).(*ControlResponse).Response.(*SuccessResponse)
		if again, _ := Marshal(&ControlResponse{Response: back}); string(again) != tt.want {
			t.Errorf("%s: decoded back gives %s", tt.name, again)
		}
	}

	// Reading an answer back, as a fake host or a recording check would.
	m := decodeOK(t, tests[1].want).(*ControlResponse)
	var r PermissionResult
	if err := m.Response.(*SuccessResponse).DecodePayload(&r); err != nil {
		t.Fatal(err)
	}
	if r.Behavior != BehaviorAllow || string(r.UpdatedInput) != "{}" || len(r.UpdatedPermissions) != 2 ||
		r.UpdatedPermissions[0].Rules[0].ToolName != "Bash" || r.UpdatedPermissions[1].Mode != PermissionAcceptEdits || UnknownPayloadFields(&r) != nil {
		t.Errorf("decoded: %+v", r)
	}
}

func TestNewControlRequests(t *testing.T) {
	t.Parallel()
	tests := []struct {
		m    *ControlRequest
		want string
	}{
		{NewMCPStatusRequest("r1"), `{"type":"control_request","request_id":"r1","request":{"subtype":"mcp_status"}}`},
		{NewRewindFilesRequest("r2", "um", true), `{"type":"control_request","request_id":"r2","request":{"subtype":"rewind_files","user_message_id":"um","dry_run":true}}`},
		{NewRewindFilesRequest("r2", "um", false), `{"type":"control_request","request_id":"r2","request":{"subtype":"rewind_files","user_message_id":"um"}}`},
		{NewGetContextUsageRequest("r3"), `{"type":"control_request","request_id":"r3","request":{"subtype":"get_context_usage"}}`},
		{NewStopTaskRequest("r4", "t1"), `{"type":"control_request","request_id":"r4","request":{"subtype":"stop_task","task_id":"t1"}}`},
		{NewControlRequest("r5", &MCPToggleRequest{ServerName: "x"}), `{"type":"control_request","request_id":"r5","request":{"subtype":"mcp_toggle","serverName":"x","enabled":false}}`},
		{NewControlRequest("r6", &InterruptRequest{CancelQueued: true}), `{"type":"control_request","request_id":"r6","request":{"subtype":"interrupt","cancel_queued":true}}`},
	}
	for _, tt := range tests {
		got, err := Marshal(tt.m)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("Marshal(%T):\n got %s\nwant %s", tt.m.Request, got, tt.want)
		}
		if back := decodeOK(t, string(got)).(*ControlRequest); back.Request.ControlSubtype() != tt.m.Request.ControlSubtype() {
			t.Errorf("decoded back as %T", back.Request)
		}
	}
}

func TestPayloadsWithEncodingJSON(t *testing.T) {
	t.Parallel()
	const payload = `{"commands":[{"name":"compact","description":"Compact","argumentHint":"<instructions>","new_c":1}],"output_style":"default","available_output_styles":["default"],"models":[{"value":"opus","displayName":"Opus","description":"d"}],"account":{"tokenSource":"none","apiKeySource":"ANTHROPIC_API_KEY"},"new_top":{"x":[1]}}`
	var r InitializeResponse
	if err := json.Unmarshal([]byte(payload), &r); err != nil {
		t.Fatal(err)
	}
	if r.Commands[0].ArgumentHint != "<instructions>" || r.Models[0].Value != "opus" || r.Account.TokenSource != "none" {
		t.Errorf("fields: %+v", r)
	}
	if got := UnknownPayloadFields(&r); !slices.Equal(got, []string{"commands.*.new_c", "new_top"}) {
		t.Errorf("UnknownPayloadFields = %q", got)
	}
	// Nested in a value encoding/json writes, the payload keeps its text
	// when the encoder does not escape HTML.
	var buf0 bytes.Buffer
	enc := json.NewEncoder(&buf0)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		P *InitializeResponse `json:"p"`
	}{&r}); err != nil {
		t.Fatal(err)
	}
	if want := `{"p":` + payload + "}\n"; buf0.String() != want {
		t.Errorf("json.Encoder:\n got %s\nwant %s", buf0.String(), want)
	}
	if out, err := json.Marshal(&r); err != nil || !jsonEqual(t, out, []byte(payload)) {
		t.Errorf("json.Marshal = %s, %v", out, err)
	}
	if _, err := MarshalPayload(nil); err == nil {
		t.Error("MarshalPayload(nil) succeeded")
	}
	// The payload does not keep the caller's buffer.
	buf := []byte(`{"behavior":"deny","message":"no"}`)
	var p PermissionResult
	if err := json.Unmarshal(buf, &p); err != nil {
		t.Fatal(err)
	}
	copy(buf, bytes.Repeat([]byte("x"), len(buf)))
	if out, _ := json.Marshal(&p); string(out) != `{"behavior":"deny","message":"no"}` || p.Message != "no" {
		t.Errorf("after changing the input: %s %+v", out, p)
	}
	if UnknownPayloadFields(nil) != nil || UnknownPayloadFields((*PermissionResult)(nil)) != nil {
		t.Error("UnknownPayloadFields of nil is not nil")
	}
}

func TestDecodePayloadErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ response, want string }{
		{``, "no payload"},
		{`[1]`, "JSON array, want an object"},
		{`"x"`, "JSON string, want an object"},
		{`{"behavior":`, "unexpected end of input"},
		{`{"behavior":"allow"} x`, "after top-level value"},
	} {
		s := &SuccessResponse{RequestID: "r", Response: json.RawMessage(tt.response)}
		err := s.DecodePayload(new(PermissionResult))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("DecodePayload(%s) = %v, want an error mentioning %q", tt.response, err, tt.want)
		}
		var de *DecodeError
		if tt.response != "" && !errors.As(err, &de) {
			t.Errorf("DecodePayload(%s) error %T is not a *DecodeError", tt.response, err)
		}
	}
	var p RewindFilesResponse
	if err := json.Unmarshal([]byte(`{"canRewind":"yes"}`), &p); err != nil {
		t.Errorf("a member of unexpected shape: %v", err)
	}
	if got := UnknownPayloadFields(&p); !slices.Equal(got, []string{"canRewind"}) {
		t.Errorf("UnknownPayloadFields = %q", got)
	}
}

func TestMarshalConstructedPayloads(t *testing.T) {
	t.Parallel()
	tests := []struct {
		p    Payload
		want string
	}{
		{&InitializeResponse{}, `{"commands":[],"models":[],"account":{}}`},
		{&InitializeResponse{Commands: []SlashCommand{{Name: "review", Description: "Review"}}, OutputStyle: "default", Models: []ModelInfo{{Value: "opus", DisplayName: "Opus"}}, Account: AccountInfo{APIKeySource: "none"}},
			`{"commands":[{"name":"review","description":"Review","argumentHint":""}],"output_style":"default","models":[{"value":"opus","displayName":"Opus"}],"account":{"apiKeySource":"none"}}`},
		{&MCPStatusResponse{}, `{"mcpServers":[]}`},
		{&MCPStatusResponse{MCPServers: []MCPServerStatus{{Name: "x", Status: "failed", Error: "spawn ENOENT"}}}, `{"mcpServers":[{"name":"x","status":"failed","error":"spawn ENOENT"}]}`},
		{&RewindFilesResponse{CanRewind: true, FilesChanged: []string{"a.go"}, Insertions: 3}, `{"canRewind":true,"filesChanged":["a.go"],"insertions":3}`},
		{&ContextUsageResponse{TotalTokens: 10, MaxTokens: 100, Percentage: 10}, `{"totalTokens":10,"maxTokens":100,"percentage":10}`},
		{&ElicitationResponse{Action: "decline"}, `{"action":"decline"}`},
		{&MCPMessageResponse{}, `{"mcp_response":null}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.p)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("%T:\n got %s\nwant %s", tt.p, got, tt.want)
		}
		if UnknownPayloadFields(tt.p) != nil {
			t.Errorf("%T built in code has unknown fields", tt.p)
		}
	}
}
