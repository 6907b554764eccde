package protocol_test

import (
	"slices"
	"testing"

	"github.com/ccwire/ccwire/protocol"
)

func TestKindOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line    string
		answers protocol.ControlSubtype
		want    protocol.Kind
		str     string
	}{
		{line: `{"type":"system","subtype":"init"}`, want: protocol.Kind{Name: "system/init"}},
		{line: `{"type":"system","subtype":"brand_new"}`, want: protocol.Kind{Name: "system/brand_new"}},
		{line: `{"type":"system"}`, want: protocol.Kind{Name: "system"}},
		{line: `{"type":"result","subtype":"success"}`, want: protocol.Kind{Name: "result/success"}},
		{line: `{"type":"result","subtype":"success","is_error":true}`, want: protocol.Kind{Name: "result/success", Variant: "is_error=true"}},
		{line: `{"type":"result","subtype":"success","permission_denials":[{"tool_name":"x"}]}`, want: protocol.Kind{Name: "result/success", Variant: "permission_denials"}},
		{line: `{"type":"result","subtype":"error_max_turns","is_error":true}`, want: protocol.Kind{Name: "result/error_max_turns"}},
		{line: `{"type":"assistant","message":{"content":[{"type":"text","text":"a"},{"type":"tool_use"},{"type":"text","text":"b"}]}}`,
			want: protocol.Kind{Name: "assistant/text", Blocks: []string{"assistant/tool_use", "assistant/text"}}},
		{line: `{"type":"assistant","message":{"content":[]}}`, want: protocol.Kind{Name: "assistant"}},
		{line: `{"type":"user","message":{"role":"user","content":"hi"}}`, want: protocol.Kind{Name: "user"}},
		{line: `{"type":"user","message":{"role":"user","content":[{"type":"text","text":"hi"}]}}`, want: protocol.Kind{Name: "user/text"}},
		{line: `{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","is_error":true}]}}`, want: protocol.Kind{Name: "user/tool_result", Variant: "is_error=true"}},
		{line: `{"type":"stream_event","event":{"type":"message_stop"}}`, want: protocol.Kind{Name: "stream_event/message_stop"}},
		{line: `{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"tool_use"}}}`, want: protocol.Kind{Name: "stream_event/content_block_start/tool_use"}},
		{line: `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta"}}}`, want: protocol.Kind{Name: "stream_event/content_block_delta/text_delta"}},
		{line: `{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool"}}`, want: protocol.Kind{Name: "control_request/can_use_tool"}},
		{line: `{"type":"control_response","response":{"subtype":"success","request_id":"r"}}`, answers: protocol.ControlInitialize,
			want: protocol.Kind{Name: "control_response/success", Answers: protocol.ControlInitialize}, str: "control_response/success (initialize)"},
		{line: `{"type":"control_response","response":{"subtype":"error","request_id":"r","error":"x"}}`, want: protocol.Kind{Name: "control_response/error"}},
		{line: `{"type":"keep_alive"}`, want: protocol.Kind{Name: "keep_alive"}},
		{line: `{"type":"brand_new"}`, want: protocol.Kind{Name: "brand_new"}},
		{line: `{"uuid":"x"}`, want: protocol.Kind{Name: "(no type)"}},
		{line: `{"type":7}`, want: protocol.Kind{Name: "(type not a string)"}},
	}
	for _, tc := range tests {
		m, err := protocol.Decode([]byte(tc.line))
		if err != nil {
			t.Fatalf("Decode(%s): %v", tc.line, err)
		}
		got := protocol.KindOf(m, tc.answers)
		if got.Name != tc.want.Name || got.Answers != tc.want.Answers || got.Variant != tc.want.Variant || !slices.Equal(got.Blocks, tc.want.Blocks) {
			t.Errorf("KindOf(%s) = %+v, want %+v", tc.line, got, tc.want)
		}
		str := tc.str
		if str == "" {
			str = tc.want.Name
		}
		if got.String() != str {
			t.Errorf("KindOf(%s).String() = %q, want %q", tc.line, got.String(), str)
		}
	}
}

func TestRequestsKindOf(t *testing.T) {
	t.Parallel()
	var r protocol.Requests
	lines := []struct{ line, want string }{
		{`{"type":"control_response","response":{"subtype":"success","request_id":"a"}}`, "control_response/success"},
		{`{"type":"control_request","request_id":"a","request":{"subtype":"initialize"}}`, "control_request/initialize"},
		{`{"type":"control_request","request_id":"b","request":{"subtype":"can_use_tool"}}`, "control_request/can_use_tool"},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"b","response":{"behavior":"allow"}}}`, "control_response/success (can_use_tool)"},
		{`{"type":"control_response","response":{"subtype":"error","request_id":"a","error":"no"}}`, "control_response/error (initialize)"},
		{`{"type":"control_response","response":{"subtype":"success","request_id":"zzz"}}`, "control_response/success"},
		{`{"type":"control_response","response":{"subtype":"brand_new","request_id":"a"}}`, "control_response/brand_new"},
	}
	for _, l := range lines {
		m, err := protocol.Decode([]byte(l.line))
		if err != nil {
			t.Fatalf("Decode(%s): %v", l.line, err)
		}
		if got := r.KindOf(m).String(); got != l.want {
			t.Errorf("KindOf(%s) = %q, want %q", l.line, got, l.want)
		}
	}
	m, _ := protocol.Decode([]byte(`{"type":"control_response","response":{"subtype":"success","request_id":"b"}}`))
	if q := r.Answered(m); q == nil || q.RequestID != "b" {
		t.Errorf("Answered = %+v, want the request b", q)
	}
}
