package drift

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
)

// TestProtocolItems checks that the items come from the model: one per
// control request body it types (the SDK's 41 and side_question), one per stdout kind with
// the result subtypes apart, one per hook event, and none for the
// fallback variants.
func TestProtocolItems(t *testing.T) {
	t.Parallel()
	m := schema.Protocol()
	items := ProtocolItems(m)
	count := map[string]int{}
	for _, it := range items {
		count[it.Group]++
	}
	if want := len(m.Union("ControlRequestBody").Variants) - 1; count[GroupControl] != want || want < 41 {
		t.Errorf("%d control request subtypes, want %d (the model's bodies but its fallback, at least the SDK's 41)", count[GroupControl], want)
	}
	if want := len(m.Enum("HookEvent").Values); count[GroupHook] != want {
		t.Errorf("%d hook events, want the model's %d", count[GroupHook], want)
	}
	for _, want := range []ProtocolItem{
		{GroupStdout, "system/init"}, {GroupStdout, "system/hook_progress"}, {GroupStdout, "system/task_updated"},
		{GroupStdout, "system/model_refusal_no_fallback"}, {GroupStdout, "assistant"}, {GroupStdout, "keep_alive"},
		{GroupStdout, "result/success"}, {GroupStdout, "result/error_max_structured_output_retries"},
		{GroupControl, "mcp_read_resource"}, {GroupControl, "request_user_dialog"}, {GroupHook, "PreToolUse"},
	} {
		if !slices.Contains(items, want) {
			t.Errorf("no item %s", want)
		}
	}
	for _, it := range items {
		if it.Name == "" || it.Name == "result/init" || strings.HasSuffix(it.Name, "/") || it.Name == "system" {
			t.Errorf("item %q: a fallback or a system subtype taken for a result's", it)
		}
	}
	results := 0
	for _, it := range items {
		if strings.HasPrefix(it.Name, "result/") {
			results++
		}
	}
	if results != 5 {
		t.Errorf("%d result subtypes, want 5", results)
	}
}

// TestProtocolCount counts a small recording: requests both ways with
// their answers, stdout kinds by type and subtype, hook events from hook
// callbacks and hook messages; what the model does not type, stdin lines
// as stdout kinds, and a reason for a recorded item change nothing.
func TestProtocolCount(t *testing.T) {
	t.Parallel()
	lines := []struct {
		dir recording.EventKind
		msg string
	}{
		{recording.EventStdin, `{"type":"control_request","request_id":"a","request":{"subtype":"get_settings"}}`},
		{recording.EventStdout, `{"type":"control_response","response":{"subtype":"success","request_id":"a","response":{}}}`},
		{recording.EventStdin, `{"type":"control_request","request_id":"b","request":{"subtype":"get_settings"}}`},
		{recording.EventStdout, `{"type":"control_response","response":{"subtype":"error","request_id":"b","error":"no"}}`},
		{recording.EventStdin, `{"type":"control_request","request_id":"c","request":{"subtype":"brand_new"}}`},
		{recording.EventStdin, `{"type":"control_request","request_id":"e","request":{"subtype":"list_models"}}`},
		{recording.EventStdout, `{"type":"control_response","response":{"subtype":"error","request_id":"c","error":"Unsupported"}}`},
		{recording.EventStdin, `{"type":"user","message":{"role":"user","content":"hi"}}`},
		{recording.EventStdout, `{"type":"system","subtype":"init"}`},
		{recording.EventStdout, `{"type":"system","subtype":"hook_started","hook_event":"SessionStart"}`},
		{recording.EventStdout, `{"type":"control_request","request_id":"d","request":{"subtype":"hook_callback","callback_id":"x","input":{"hook_event_name":"PreToolUse"}}}`},
		{recording.EventStdin, `{"type":"control_response","response":{"subtype":"success","request_id":"d","response":{}}}`},
		{recording.EventStdout, `{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash"}]}}`},
		{recording.EventStdout, `{"type":"result","subtype":"error_max_turns"}`},
		{recording.EventStdout, `{"type":"system","subtype":"brand_new"}`},
	}
	rec := &recording.Recording{Scenario: "s", Version: "2.1.332"}
	for _, l := range lines {
		rec.Events = append(rec.Events, recording.Event{Kind: l.dir, Turn: 1, Msg: json.RawMessage(l.msg)})
	}
	items := ProtocolItems(schema.Protocol())
	c := newProtocolCount(items)
	if err := c.add(rec); err != nil {
		t.Fatal(err)
	}
	reasons := []Unprovokable{
		{Item: ProtocolItem{GroupStdout, "system/init"}, Reason: "contradicted", Tried: "x", Versions: []string{"2.1.332"}},
		{Item: ProtocolItem{GroupStdout, "keep_alive"}, CLI: "<2.1.100", Reason: "old", Tried: "x", Versions: []string{"2.1.37"}},
		{Item: ProtocolItem{GroupStdout, "auth_status"}, Reason: "needs a login", Tried: "y", Versions: []string{"2.1.332"}},
	}
	p := c.coverage(items, cliversion.MustParse("2.1.332"), reasons)
	got := map[ProtocolItem]ItemCoverage{}
	for _, ic := range p.Items {
		got[ic.ProtocolItem] = ic
	}
	tests := []struct {
		item                   ProtocolItem
		status                 string
		count, success, errors int
	}{
		{ProtocolItem{GroupControl, "get_settings"}, ItemRecorded, 2, 1, 1},
		{ProtocolItem{GroupControl, "hook_callback"}, ItemRecorded, 1, 1, 0},
		{ProtocolItem{GroupControl, "interrupt"}, ItemNotYet, 0, 0, 0},
		{ProtocolItem{GroupControl, "list_models"}, ItemUnanswered, 1, 0, 0},
		{ProtocolItem{GroupStdout, "system/init"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupStdout, "system/hook_started"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupStdout, "control_response"}, ItemRecorded, 3, 0, 0},
		{ProtocolItem{GroupStdout, "control_request"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupStdout, "assistant"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupStdout, "user"}, ItemNotYet, 0, 0, 0},
		{ProtocolItem{GroupStdout, "result/error_max_turns"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupStdout, "keep_alive"}, ItemNotYet, 0, 0, 0},
		{ProtocolItem{GroupStdout, "auth_status"}, ItemCannot, 0, 0, 0},
		{ProtocolItem{GroupHook, "SessionStart"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupHook, "PreToolUse"}, ItemRecorded, 1, 0, 0},
		{ProtocolItem{GroupHook, "Stop"}, ItemNotYet, 0, 0, 0},
	}
	for _, tt := range tests {
		ic := got[tt.item]
		if ic.Status != tt.status || ic.Count != tt.count || ic.Success != tt.success || ic.Error != tt.errors {
			t.Errorf("%s: %s, count %d, %d success, %d error; want %s, %d, %d, %d",
				tt.item, ic.Status, ic.Count, ic.Success, ic.Error, tt.status, tt.count, tt.success, tt.errors)
		}
	}
	if r := got[ProtocolItem{GroupStdout, "system/init"}].Reason; r == nil || r.Reason != "contradicted" {
		t.Errorf("system/init keeps no contradicted reason: %+v", r)
	}
	if ic := got[ProtocolItem{GroupControl, "get_settings"}]; !slices.Equal(ic.Scenarios, []string{"s"}) {
		t.Errorf("get_settings scenarios %v, want [s]", ic.Scenarios)
	}
	recorded, cannot, notYet := p.Recorded()
	if recorded != 10 || cannot != 1 || recorded+cannot+notYet != len(items) || p.Total(GroupControl).Unanswered != 1 {
		t.Errorf("totals %d recorded, %d cannot, %d not yet of %d; want 10, 1", recorded, cannot, notYet, len(items))
	}
	if g := p.Total(GroupHook); g.Recorded != 2 || g.Items != len(schema.Protocol().Enum("HookEvent").Values) {
		t.Errorf("hook totals %+v", g)
	}
}

// TestSDKCoverage counts a recording by the SDK's items: a hook event the
// SDK declares is counted whether or not the model types it, and
// control_request lines are counted by subtype only.
func TestSDKCoverage(t *testing.T) {
	t.Parallel()
	lines := []struct {
		dir recording.EventKind
		msg string
	}{
		{recording.EventStdin, `{"type":"control_request","request_id":"a","request":{"subtype":"get_settings"}}`},
		{recording.EventStdout, `{"type":"control_response","response":{"subtype":"success","request_id":"a","response":{}}}`},
		{recording.EventStdout, `{"type":"system","subtype":"init"}`},
		{recording.EventStdout, `{"type":"system","subtype":"hook_started","hook_event":"PreToolUse"}`},
		{recording.EventStdout, `{"type":"system","subtype":"hook_started","hook_event":"PostCompact"}`},
		{recording.EventStdout, `{"type":"result","subtype":"success"}`},
	}
	rec := &recording.Recording{Scenario: "s", Version: "2.1.332"}
	for _, l := range lines {
		rec.Events = append(rec.Events, recording.Event{Kind: l.dir, Turn: 1, Msg: json.RawMessage(l.msg)})
	}
	model, sdk := ProtocolItems(schema.Protocol()), SDKItems()
	c := newProtocolCount(model, sdk)
	if err := c.add(rec); err != nil {
		t.Fatal(err)
	}
	reasons := []Unprovokable{{Item: ProtocolItem{GroupStdout, "auth_status"}, Reason: "needs a login", Tried: "y", Versions: []string{"2.1.332"}}}
	s := c.sdkCoverage(sdk, model, cliversion.MustParse("2.1.332"), reasons)
	if s.SDKVersion != SDKVersion {
		t.Errorf("SDK version %q, want %q", s.SDKVersion, SDKVersion)
	}
	want := map[string][2]int{GroupControl: {1, 41}, GroupStdout: {3, 46}, GroupHook: {2, 34}} // recorded, items; control_response is the control group's
	for g, w := range want {
		var got GroupTotal
		for _, gt := range s.Totals {
			if gt.Group == g {
				got = gt
			}
		}
		if got.Recorded != w[0] || got.Items != w[1] {
			t.Errorf("%s: %d of %d recorded, want %d of %d", g, got.Recorded, got.Items, w[0], w[1])
		}
	}
	if r, n := s.Recorded(); r != 6 || n != 121 || len(s.NotRecorded) != 121-6 {
		t.Errorf("%d of %d recorded, %d not recorded; want 6 of 121, 115", r, n, len(s.NotRecorded))
	}
	i := slices.IndexFunc(s.NotRecorded, func(ic ItemCoverage) bool { return ic.Name == "auth_status" })
	if i < 0 || s.NotRecorded[i].Status != ItemCannot || s.NotRecorded[i].Reason == nil {
		t.Errorf("auth_status is not listed as cannot with its reason: %+v", s.NotRecorded)
	}
	for _, it := range s.NotInModel {
		if slices.Contains(model, it) || !slices.Contains(sdk, it) {
			t.Errorf("%s listed as not in the model", it)
		}
	}
}
