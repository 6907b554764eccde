package protocol

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// streamLine wraps an event in a stream_event line as CLI 2.1.330 writes it.
func streamLine(event string) string {
	return `{"type":"stream_event","event":` + event + `,"session_id":"s","parent_tool_use_id":null,"uuid":"u","api_message_id":"msg_1"}`
}

func TestStreamEvents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		event   string
		check   func(t *testing.T, e StreamEventBody)
		unknown []string
	}{
		{
			name:  "message_start",
			event: `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"cache_creation_input_tokens":0,"cache_read_input_tokens":5,"output_tokens":1}}}`,
			check: func(t *testing.T, e StreamEventBody) {
				m := e.(*MessageStartEvent).Message
				if m.ID != "msg_1" || m.Model != "claude-sonnet-4-5" || m.Role != "assistant" || m.Content == nil || len(m.Content) != 0 ||
					m.StopReason != "" || m.Usage.InputTokens != 10 || m.Usage.CacheReadInputTokens != 5 || m.Usage.OutputTokens != 1 {
					t.Errorf("fields: %+v", m)
				}
			},
		},
		{
			name:  "content_block_start text, members in the stub's order",
			event: `{"content_block":{"text":"","type":"text"},"index":0,"type":"content_block_start"}`,
			check: func(t *testing.T, e StreamEventBody) {
				s := e.(*ContentBlockStartEvent)
				if tb, ok := s.ContentBlock.(*TextBlock); !ok || tb.Text != "" || s.Index != 0 {
					t.Errorf("fields: %+v %#v", s, s.ContentBlock)
				}
			},
		},
		{
			name:  "content_block_start thinking",
			event: `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if _, ok := e.(*ContentBlockStartEvent).ContentBlock.(*ThinkingBlock); !ok {
					t.Errorf("block %#v", e.(*ContentBlockStartEvent).ContentBlock)
				}
			},
		},
		{
			name:  "content_block_start redacted_thinking",
			event: `{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"EmwKAhgB"}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if b, ok := e.(*ContentBlockStartEvent).ContentBlock.(*RedactedThinkingBlock); !ok || b.Data != "EmwKAhgB" {
					t.Errorf("block %#v", e.(*ContentBlockStartEvent).ContentBlock)
				}
			},
		},
		{
			name:  "content_block_start tool_use",
			event: `{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`,
			check: func(t *testing.T, e StreamEventBody) {
				s := e.(*ContentBlockStartEvent)
				if b, ok := s.ContentBlock.(*ToolUseBlock); !ok || b.ID != "toolu_1" || b.Name != "Bash" || string(b.Input) != "{}" || s.Index != 2 {
					t.Errorf("block %#v", s.ContentBlock)
				}
			},
		},
		{
			name:  "content_block_start server_tool_use",
			event: `{"type":"content_block_start","index":1,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if b, ok := e.(*ContentBlockStartEvent).ContentBlock.(*ServerToolUseBlock); !ok || b.Name != "web_search" {
					t.Errorf("block %#v", e.(*ContentBlockStartEvent).ContentBlock)
				}
			},
		},
		{
			name:  "content_block_start of an unknown block",
			event: `{"type":"content_block_start","index":2,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if b, ok := e.(*ContentBlockStartEvent).ContentBlock.(*UnknownBlock); !ok || b.Type != "web_search_tool_result" {
					t.Errorf("block %#v", e.(*ContentBlockStartEvent).ContentBlock)
				}
			},
			unknown: []string{"event.content_block.tool_use_id", "event.content_block.content"},
		},
		{
			name:  "text_delta",
			event: `{"delta":{"text":"Hello from par","type":"text_delta"},"index":0,"type":"content_block_delta"}`,
			check: func(t *testing.T, e StreamEventBody) {
				d := e.(*ContentBlockDeltaEvent)
				if x, ok := d.Delta.(*TextDelta); !ok || x.Text != "Hello from par" || d.Index != 0 || d.Delta.DeltaType() != DeltaText {
					t.Errorf("delta %#v", d.Delta)
				}
			},
		},
		{
			name:  "input_json_delta",
			event: `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"command\": \"ec"}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x, ok := e.(*ContentBlockDeltaEvent).Delta.(*InputJSONDelta); !ok || x.PartialJSON != `{"command": "ec` {
					t.Errorf("delta %#v", e.(*ContentBlockDeltaEvent).Delta)
				}
			},
		},
		{
			name:  "thinking_delta",
			event: `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Let me","estimated_tokens":null}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x, ok := e.(*ContentBlockDeltaEvent).Delta.(*ThinkingDelta); !ok || x.Thinking != "Let me" || x.EstimatedTokens != 0 {
					t.Errorf("delta %#v", e.(*ContentBlockDeltaEvent).Delta)
				}
			},
		},
		{
			name:  "signature_delta",
			event: `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCgIYAhIM"}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x, ok := e.(*ContentBlockDeltaEvent).Delta.(*SignatureDelta); !ok || x.Signature != "EqQBCgIYAhIM" {
					t.Errorf("delta %#v", e.(*ContentBlockDeltaEvent).Delta)
				}
			},
		},
		{
			name:  "citations_delta",
			event: `{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{"type":"char_location","cited_text":"x","document_index":0,"start_char_index":0,"end_char_index":1}}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x, ok := e.(*ContentBlockDeltaEvent).Delta.(*CitationsDelta); !ok || !bytes.Contains(x.Citation, []byte(`"char_location"`)) {
					t.Errorf("delta %#v", e.(*ContentBlockDeltaEvent).Delta)
				}
			},
		},
		{
			name:  "unknown delta",
			event: `{"type":"content_block_delta","index":0,"delta":{"type":"compaction_delta","content":"summary","encrypted_content":"x"}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x, ok := e.(*ContentBlockDeltaEvent).Delta.(*UnknownDelta); !ok || x.Type != "compaction_delta" || x.DeltaType() != "compaction_delta" {
					t.Errorf("delta %#v", e.(*ContentBlockDeltaEvent).Delta)
				}
			},
			unknown: []string{"event.delta.content", "event.delta.encrypted_content"},
		},
		{
			name:  "content_block_stop",
			event: `{"index":3,"type":"content_block_stop"}`,
			check: func(t *testing.T, e StreamEventBody) {
				if s := e.(*ContentBlockStopEvent); s.Index != 3 {
					t.Errorf("fields %+v", s)
				}
			},
		},
		{
			name:  "message_delta",
			event: `{"delta":{"stop_reason":"end_turn","stop_sequence":null},"type":"message_delta","usage":{"output_tokens":12}}`,
			check: func(t *testing.T, e StreamEventBody) {
				d := e.(*MessageDeltaEvent)
				if d.Delta.StopReason != "end_turn" || d.Delta.StopSequence != "" || d.Usage.OutputTokens != 12 {
					t.Errorf("fields %+v", d)
				}
			},
		},
		{
			name:  "message_delta with container, context management and full usage",
			event: `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null,"container":null},"usage":{"input_tokens":3,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":40,"server_tool_use":{"web_search_requests":1}},"context_management":{"applied_edits":[]}}`,
			check: func(t *testing.T, e StreamEventBody) {
				d := e.(*MessageDeltaEvent)
				if d.Delta.StopReason != "tool_use" || d.Usage.ServerToolUse.WebSearchRequests != 1 || string(d.ContextManagement) != `{"applied_edits":[]}` {
					t.Errorf("fields %+v", d)
				}
			},
		},
		{
			name:  "message_stop",
			event: `{"type":"message_stop"}`,
			check: func(t *testing.T, e StreamEventBody) {
				if _, ok := e.(*MessageStopEvent); !ok {
					t.Errorf("event %#v", e)
				}
			},
		},
		{
			name:  "ping",
			event: `{"type":"ping"}`,
			check: func(t *testing.T, e StreamEventBody) {
				if _, ok := e.(*PingEvent); !ok {
					t.Errorf("event %#v", e)
				}
			},
		},
		{
			name:  "error",
			event: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x := e.(*ErrorEvent); x.Error.Type != "overloaded_error" || x.Error.Message != "Overloaded" {
					t.Errorf("event %+v", x)
				}
			},
		},
		{
			name:  "unknown event with members",
			event: `{"type":"message_annotation","annotation":{"k":1}}`,
			check: func(t *testing.T, e StreamEventBody) {
				if x, ok := e.(*UnknownStreamEvent); !ok || x.Type != "message_annotation" {
					t.Errorf("event %#v", e)
				}
			},
			unknown: []string{"event.annotation"},
		},
		{
			name:    "unknown members at every depth of an event",
			event:   `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a","new_d":1},"new_e":true}`,
			unknown: []string{"event.delta.new_d", "event.new_e"},
		},
		{
			name:    "index of unexpected shape",
			event:   `{"type":"content_block_stop","index":"0"}`,
			unknown: []string{"event.index"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := streamLine(tt.event)
			m := decodeOK(t, line)
			se := m.(*StreamEvent)
			if se.Body == nil {
				t.Fatalf("no Body")
			}
			if string(se.Event) != tt.event {
				t.Errorf("Event = %s, want %s", se.Event, tt.event)
			}
			var typ struct{ Type string }
			if err := json.Unmarshal([]byte(tt.event), &typ); err != nil {
				t.Fatal(err)
			}
			if se.EventType() != typ.Type || string(se.Body.StreamEventType()) != typ.Type {
				t.Errorf("EventType() = %q, Body type %q, want %q", se.EventType(), se.Body.StreamEventType(), typ.Type)
			}
			if tt.check != nil {
				tt.check(t, se.Body)
			}
			if got := UnknownFields(m); !slices.Equal(got, tt.unknown) {
				t.Errorf("UnknownFields = %q, want %q", got, tt.unknown)
			}
			roundTrip(t, m, line)
		})
	}
}

func TestStreamEventBodyAndEvent(t *testing.T) {
	t.Parallel()
	const line = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}},"session_id":"s","parent_tool_use_id":null,"uuid":"u"}`
	marshal := func(m Message) string {
		t.Helper()
		b, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	// Changing the typed event changes what Marshal writes.
	m := decodeOK(t, line).(*StreamEvent)
	m.Body.(*ContentBlockDeltaEvent).Delta.(*TextDelta).Text = "Bye"
	if got, want := marshal(m), `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Bye"}},"session_id":"s","parent_tool_use_id":null,"uuid":"u"}`; got != want {
		t.Errorf("after changing Body:\n got %s\nwant %s", got, want)
	}

	// Replacing Event writes the new text, as before the typed model.
	m = decodeOK(t, line).(*StreamEvent)
	m.Event = json.RawMessage(`{"type":"ping"}`)
	if got, want := marshal(m), `{"type":"stream_event","event":{"type":"ping"},"session_id":"s","parent_tool_use_id":null,"uuid":"u"}`; got != want {
		t.Errorf("after replacing Event:\n got %s\nwant %s", got, want)
	}
	if m.EventType() != "ping" {
		t.Errorf("EventType() = %q after replacing Event", m.EventType())
	}
	if again := marshal(m); again != marshal(m) {
		t.Error("Marshal changed the message")
	}

	// Built in code: from the typed event, or from its text.
	typed := &StreamEvent{Body: &ContentBlockDeltaEvent{Delta: &InputJSONDelta{PartialJSON: `{"a":`}}, SessionID: "s"}
	if got, want := marshal(typed), `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}},"parent_tool_use_id":null,"session_id":"s"}`; got != want {
		t.Errorf("built from Body:\n got %s\nwant %s", got, want)
	}
	if typed.EventType() != "content_block_delta" {
		t.Errorf("EventType() = %q", typed.EventType())
	}
	text := &StreamEvent{Event: json.RawMessage(`{"type":"message_stop"}`)}
	if got, want := marshal(text), `{"type":"stream_event","event":{"type":"message_stop"},"parent_tool_use_id":null}`; got != want {
		t.Errorf("built from Event:\n got %s\nwant %s", got, want)
	}
	if text.EventType() != "message_stop" {
		t.Errorf("EventType() = %q", text.EventType())
	}
	back := decodeOK(t, marshal(typed)).(*StreamEvent)
	if d := back.Body.(*ContentBlockDeltaEvent).Delta.(*InputJSONDelta); d.PartialJSON != `{"a":` {
		t.Errorf("decoded back: %+v", d)
	}

	// An event that is not an object is kept, listed, and replaceable.
	odd := `{"type":"stream_event","event":"ping","uuid":"u"}`
	m = decodeOK(t, odd).(*StreamEvent)
	if m.Body != nil || string(m.Event) != `"ping"` || m.EventType() != "" {
		t.Errorf("Body %#v, Event %s, EventType %q", m.Body, m.Event, m.EventType())
	}
	if got := UnknownFields(m); !slices.Equal(got, []string{"event"}) {
		t.Errorf("UnknownFields = %q", got)
	}
	roundTrip(t, m, odd)

	// With the member repeated, Event is the text Body was decoded from.
	dup := `{"type":"stream_event","event":{"type":"ping"},"event":"x","event":null}`
	d := decodeOK(t, dup).(*StreamEvent)
	if string(d.Event) != "null" || d.Body != nil || d.EventType() != "" {
		t.Errorf("repeated event: Body %#v, Event %s", d.Body, d.Event)
	}
	roundTrip(t, d, dup)
	dup = `{"type":"stream_event","event":{"type":"ping"},"event":"x"}`
	d = decodeOK(t, dup).(*StreamEvent)
	if string(d.Event) != `{"type":"ping"}` || d.EventType() != "ping" {
		t.Errorf("repeated event: Body %#v, Event %s", d.Body, d.Event)
	}
	roundTrip(t, d, dup)

	m.Event = json.RawMessage(`{"type":"ping"}`)
	if got, want := marshal(m), `{"type":"stream_event","event":{"type":"ping"},"uuid":"u"}`; got != want {
		t.Errorf("replacing an odd Event:\n got %s\nwant %s", got, want)
	}
}

func TestMarshalConstructedEvents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		body StreamEventBody
		want string
	}{
		{&MessageStartEvent{Message: AssistantBody{ID: "msg_1", Type: "message", Role: "assistant", Model: "m", Content: []ContentBlock{}, Usage: Usage{InputTokens: 3, OutputTokens: 1}}},
			`{"type":"message_start","message":{"model":"m","id":"msg_1","type":"message","role":"assistant","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":3,"output_tokens":1}}}`},
		{&ContentBlockStartEvent{Index: 1, ContentBlock: &ToolUseBlock{ID: "toolu_1", Name: "Bash"}},
			`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}}`},
		{&ContentBlockDeltaEvent{Delta: &ThinkingDelta{Thinking: "hm"}}, `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}`},
		{&ContentBlockDeltaEvent{Delta: &SignatureDelta{Signature: "sig"}}, `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig"}}`},
		{&ContentBlockDeltaEvent{Delta: &TextDelta{}}, `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":""}}`},
		{&ContentBlockStopEvent{Index: 2}, `{"type":"content_block_stop","index":2}`},
		{&MessageDeltaEvent{Delta: MessageDelta{StopReason: "end_turn"}, Usage: Usage{OutputTokens: 12}},
			`{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":0,"output_tokens":12}}`},
		{&MessageStopEvent{}, `{"type":"message_stop"}`},
		{&PingEvent{}, `{"type":"ping"}`},
		{&ErrorEvent{Error: ErrorDetail{Type: "overloaded_error", Message: "Overloaded"}}, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`},
	}
	for _, tt := range tests {
		got := string(tt.body.encode(nil))
		if got != tt.want {
			t.Errorf("%T:\n got %s\nwant %s", tt.body, got, tt.want)
		}
		m := decodeOK(t, streamLine(got)).(*StreamEvent)
		if again := string(m.Body.encode(nil)); again != tt.want {
			t.Errorf("%T decoded back gives %s", tt.body, again)
		}
		if m.Body.StreamEventType() != tt.body.StreamEventType() {
			t.Errorf("%T decoded back as %T", tt.body, m.Body)
		}
	}
}
