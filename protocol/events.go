package protocol

import (
	"bytes"
	"encoding/json"
	"slices"
)

// StreamEventBody is a Messages API streaming event: the "event" of a
// stream_event message, as the API sent it over server-sent events. The
// concrete types are *MessageStartEvent, *ContentBlockStartEvent,
// *ContentBlockDeltaEvent, *ContentBlockStopEvent, *MessageDeltaEvent,
// *MessageStopEvent, *PingEvent, *ErrorEvent and *UnknownStreamEvent.
//
// A response streams as message_start, then for each content block
// content_block_start, content_block_delta events and content_block_stop,
// then message_delta and message_stop; ping may come anywhere.
type StreamEventBody interface {
	// StreamEventType returns the event's "type".
	StreamEventType() StreamEventType
	jsonObject
}

// MessageStartEvent starts a response (message_start). Its message has the
// response's ID and model, no content yet, a null stop_reason and the usage
// of the input.
type MessageStartEvent struct {
	Message     AssistantBody `json:"message"` // the message being streamed, content still empty
	objectState `wire:"union=StreamEventBody,type=message_start"`
}

// ContentBlockStartEvent starts a content block (content_block_start):
// a text block with empty text, a thinking block with empty thinking, a
// tool_use or server_tool_use block with its ID, name and empty input...
type ContentBlockStartEvent struct {
	Index        int64        `json:"index" wire:"required"` // the block's position in the message's content, from 0
	ContentBlock ContentBlock `json:"content_block"`         // the block, with its text or input still empty
	objectState  `wire:"union=StreamEventBody,type=content_block_start"`
}

// ContentBlockDeltaEvent adds to a content block (content_block_delta).
type ContentBlockDeltaEvent struct {
	Index       int64 `json:"index" wire:"required"` // the block's position in the message's content, from 0
	Delta       Delta `json:"delta"`                 // what is added
	objectState `wire:"union=StreamEventBody,type=content_block_delta"`
}

// ContentBlockStopEvent ends a content block (content_block_stop).
type ContentBlockStopEvent struct {
	Index       int64 `json:"index" wire:"required"` // the block's position in the message's content, from 0
	objectState `wire:"union=StreamEventBody,type=content_block_stop"`
}

// MessageDelta is what a message_delta event changes at the top level of
// the message.
type MessageDelta struct {
	StopReason   string          `json:"stop_reason" wire:"nullable"`   // end_turn, tool_use, max_tokens, stop_sequence, pause_turn, refusal...
	StopSequence string          `json:"stop_sequence" wire:"nullable"` // the stop sequence hit, empty (null) when none
	Container    json.RawMessage `json:"container"`                     // code execution container, when one was used
	StopDetails  json.RawMessage `json:"stop_details"`                  // details of a refusal stop
	objectState
}

// MessageDeltaEvent carries the end of a response (message_delta): the stop
// reason and the cumulative usage, whose output_tokens is the response's
// final count.
type MessageDeltaEvent struct {
	Delta             MessageDelta    `json:"delta" wire:"required"` // stop reason and stop sequence
	Usage             Usage           `json:"usage"`                 // cumulative token usage
	ContextManagement json.RawMessage `json:"context_management"`    // context management applied
	objectState       `wire:"union=StreamEventBody,type=message_delta"`
}

// MessageStopEvent ends a response (message_stop).
type MessageStopEvent struct {
	objectState `wire:"union=StreamEventBody,type=message_stop"`
}

// PingEvent keeps the stream alive (ping); it carries nothing.
type PingEvent struct {
	objectState `wire:"union=StreamEventBody,type=ping"`
}

// ErrorDetail is an API error object: {"type":"overloaded_error",
// "message":"Overloaded"}.
type ErrorDetail struct {
	Type    string `json:"type"`    // error type: overloaded_error, api_error, rate_limit_error...
	Message string `json:"message"` // human-readable description
	objectState
}

// ErrorEvent reports an error in the middle of a stream (error).
type ErrorEvent struct {
	Error       ErrorDetail `json:"error"` // the error
	objectState `wire:"union=StreamEventBody,type=error"`
}

// UnknownStreamEvent is a streaming event of a type the model does not know.
// All its members other than type are unknown and kept.
type UnknownStreamEvent struct {
	Type        StreamEventType `json:"type"` // the event's type
	objectState `wire:"union=StreamEventBody,fallback"`
}

// Delta is what a content_block_delta event adds to its block. The concrete
// types are *TextDelta, *InputJSONDelta, *ThinkingDelta, *SignatureDelta,
// *CitationsDelta and *UnknownDelta.
type Delta interface {
	// DeltaType returns the delta's "type".
	DeltaType() DeltaType
	jsonObject
}

// TextDelta adds text to a text block (text_delta).
type TextDelta struct {
	Text        string `json:"text" wire:"required"` // text to append
	objectState `wire:"union=Delta,type=text_delta"`
}

// InputJSONDelta adds to a tool_use or server_tool_use block's input
// (input_json_delta). The pieces of a block concatenate to its input's JSON
// text; a piece alone is usually not valid JSON.
type InputJSONDelta struct {
	PartialJSON string `json:"partial_json" wire:"required"` // JSON text to append
	objectState `wire:"union=Delta,type=input_json_delta"`
}

// ThinkingDelta adds reasoning to a thinking block (thinking_delta).
type ThinkingDelta struct {
	Thinking        string `json:"thinking" wire:"required"` // reasoning text to append
	EstimatedTokens int64  `json:"estimated_tokens"`         // increment of the running estimate of the block's tokens, 0 (null) when none is due
	objectState     `wire:"union=Delta,type=thinking_delta"`
}

// SignatureDelta carries a thinking block's signature (signature_delta),
// just before the block's content_block_stop.
type SignatureDelta struct {
	Signature   string `json:"signature" wire:"required"` // the block's signature
	objectState `wire:"union=Delta,type=signature_delta"`
}

// CitationsDelta adds a citation to a text block (citations_delta).
type CitationsDelta struct {
	Citation    json.RawMessage `json:"citation"` // the citation: char_location, page_location, web_search_result_location...
	objectState `wire:"union=Delta,type=citations_delta"`
}

// UnknownDelta is a delta of a type the model does not know. All its members
// other than type are unknown and kept.
type UnknownDelta struct {
	Type        DeltaType `json:"type"` // the delta's type
	objectState `wire:"union=Delta,fallback"`
}

// eventField is the index of "event" in streamEventTable, set with the
// table.
var eventField int16

// eventText returns the text of the "event" member Body was decoded from:
// the last one of the expected shape, as for every typed field, or the last
// one when none was.
func (m *StreamEvent) eventText() ([]byte, bool) {
	last := -1
	for i := len(m.members) - 1; i >= 0; i-- {
		mb := &m.members[i]
		if mb.field != eventField {
			continue
		}
		if mb.flags&mismatch == 0 {
			return mb.raw(m.src), true
		}
		if last < 0 {
			last = i
		}
	}
	if last < 0 {
		return nil, false
	}
	return m.members[last].raw(m.src), true
}

// setEventText points Event at the text Body was decoded from.
func (m *StreamEvent) setEventText() {
	m.Event, _ = m.eventText()
}

// eventReplaced reports whether Event holds something other than the text
// Body was decoded from: set on a message built in code, or changed after
// decoding. Marshal then writes Event as it is.
func (m *StreamEvent) eventReplaced() bool {
	if len(m.Event) == 0 {
		return false
	}
	if !m.decoded {
		return true
	}
	text, ok := m.eventText()
	return !ok || !bytes.Equal(text, m.Event)
}

// rawEvent writes an event's JSON text as it is. Marshal uses it for an
// Event that replaced the decoded one.
type rawEvent struct {
	text  []byte
	state objectState
}

// StreamEventType returns "": a rawEvent only lives inside Marshal.
func (*rawEvent) StreamEventType() StreamEventType { return "" }
func (*rawEvent) decode(*decoder) error            { return errMismatch }
func (e *rawEvent) encode(b []byte) []byte         { return append(b, e.text...) }
func (*rawEvent) walkUnknown(*unknownWalker)       {}
func (e *rawEvent) objState() *objectState         { return &e.state }

// The methods tying each event and delta type to its table.

// init finds the "event" member in the table codec_gen.go's init built
// (files initialize in name order).
func init() {
	eventField = int16(streamEventTable.index["event"])
}

func (m *StreamEvent) decode(d *decoder) error {
	if err := decodeObject(d, streamEventTable, m, &m.objectState); err != nil {
		return err
	}
	m.setEventText()
	return nil
}

func (m *StreamEvent) encode(b []byte) []byte {
	if !m.eventReplaced() {
		return encodeObject(b, streamEventTable, m, &m.objectState)
	}
	// Write Event in place of the decoded event, on a copy so that Marshal
	// changes nothing.
	c := *m
	c.Body = &rawEvent{text: m.Event}
	if c.decoded {
		c.members = slices.Clone(c.members)
		for i := range c.members {
			if c.members[i].field == eventField {
				c.members[i].flags &^= mismatch
			}
		}
	}
	return encodeObject(b, streamEventTable, &c, &c.objectState)
}
