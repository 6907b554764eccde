package protocol

import (
	"bytes"
	"encoding/json"
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
	Message AssistantBody // the message being streamed, content still empty
	objectState
}

// ContentBlockStartEvent starts a content block (content_block_start):
// a text block with empty text, a thinking block with empty thinking, a
// tool_use or server_tool_use block with its ID, name and empty input...
type ContentBlockStartEvent struct {
	Index        int64        // the block's position in the message's content, from 0
	ContentBlock ContentBlock // the block, with its text or input still empty
	objectState
}

// ContentBlockDeltaEvent adds to a content block (content_block_delta).
type ContentBlockDeltaEvent struct {
	Index int64 // the block's position in the message's content, from 0
	Delta Delta // what is added
	objectState
}

// ContentBlockStopEvent ends a content block (content_block_stop).
type ContentBlockStopEvent struct {
	Index int64 // the block's position in the message's content, from 0
	objectState
}

// MessageDelta is what a message_delta event changes at the top level of
// the message.
type MessageDelta struct {
	StopReason   string          // end_turn, tool_use, max_tokens, stop_sequence, pause_turn, refusal...
	StopSequence string          // the stop sequence hit, empty (null) when none
	Container    json.RawMessage // code execution container, when one was used
	StopDetails  json.RawMessage // details of a refusal stop
	objectState
}

// MessageDeltaEvent carries the end of a response (message_delta): the stop
// reason and the cumulative usage, whose output_tokens is the response's
// final count.
type MessageDeltaEvent struct {
	Delta             MessageDelta    // stop reason and stop sequence
	Usage             Usage           // cumulative token usage
	ContextManagement json.RawMessage // context management applied
	objectState
}

// MessageStopEvent ends a response (message_stop).
type MessageStopEvent struct {
	objectState
}

// PingEvent keeps the stream alive (ping); it carries nothing.
type PingEvent struct {
	objectState
}

// ErrorDetail is an API error object: {"type":"overloaded_error",
// "message":"Overloaded"}.
type ErrorDetail struct {
	Type    string // error type: overloaded_error, api_error, rate_limit_error...
	Message string // human-readable description
	objectState
}

// ErrorEvent reports an error in the middle of a stream (error).
type ErrorEvent struct {
	Error ErrorDetail // the error
	objectState
}

// UnknownStreamEvent is a streaming event of a type the model does not know.
// All its members other than type are unknown and kept.
type UnknownStreamEvent struct {
	Type StreamEventType // the event's type
	objectState
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
	Text string // text to append
	objectState
}

// InputJSONDelta adds to a tool_use or server_tool_use block's input
// (input_json_delta). The pieces of a block concatenate to its input's JSON
// text; a piece alone is usually not valid JSON.
type InputJSONDelta struct {
	PartialJSON string // JSON text to append
	objectState
}

// ThinkingDelta adds reasoning to a thinking block (thinking_delta).
type ThinkingDelta struct {
	Thinking        string // reasoning text to append
	EstimatedTokens int64  // increment of the running estimate of the block's tokens, 0 (null) when none is due
	objectState
}

// SignatureDelta carries a thinking block's signature (signature_delta),
// just before the block's content_block_stop.
type SignatureDelta struct {
	Signature string // the block's signature
	objectState
}

// CitationsDelta adds a citation to a text block (citations_delta).
type CitationsDelta struct {
	Citation json.RawMessage // the citation: char_location, page_location, web_search_result_location...
	objectState
}

// UnknownDelta is a delta of a type the model does not know. All its members
// other than type are unknown and kept.
type UnknownDelta struct {
	Type DeltaType // the delta's type
	objectState
}

// StreamEventType returns EventMessageStart.
func (*MessageStartEvent) StreamEventType() StreamEventType { return EventMessageStart }

// StreamEventType returns EventContentBlockStart.
func (*ContentBlockStartEvent) StreamEventType() StreamEventType { return EventContentBlockStart }

// StreamEventType returns EventContentBlockDelta.
func (*ContentBlockDeltaEvent) StreamEventType() StreamEventType { return EventContentBlockDelta }

// StreamEventType returns EventContentBlockStop.
func (*ContentBlockStopEvent) StreamEventType() StreamEventType { return EventContentBlockStop }

// StreamEventType returns EventMessageDelta.
func (*MessageDeltaEvent) StreamEventType() StreamEventType { return EventMessageDelta }

// StreamEventType returns EventMessageStop.
func (*MessageStopEvent) StreamEventType() StreamEventType { return EventMessageStop }

// StreamEventType returns EventPing.
func (*PingEvent) StreamEventType() StreamEventType { return EventPing }

// StreamEventType returns EventError.
func (*ErrorEvent) StreamEventType() StreamEventType { return EventError }

// StreamEventType returns the event's type as the input gave it.
func (e *UnknownStreamEvent) StreamEventType() StreamEventType { return e.Type }

// DeltaType returns DeltaText.
func (*TextDelta) DeltaType() DeltaType { return DeltaText }

// DeltaType returns DeltaInputJSON.
func (*InputJSONDelta) DeltaType() DeltaType { return DeltaInputJSON }

// DeltaType returns DeltaThinking.
func (*ThinkingDelta) DeltaType() DeltaType { return DeltaThinking }

// DeltaType returns DeltaSignature.
func (*SignatureDelta) DeltaType() DeltaType { return DeltaSignature }

// DeltaType returns DeltaCitations.
func (*CitationsDelta) DeltaType() DeltaType { return DeltaCitations }

// DeltaType returns the delta's type as the input gave it.
func (d *UnknownDelta) DeltaType() DeltaType { return d.Type }

// pickStreamEvent returns an empty event of the type the object at d names.
func pickStreamEvent(d *decoder) (StreamEventBody, error) {
	t, _, err := discriminator(d, "type")
	if err != nil {
		return nil, err
	}
	switch StreamEventType(t) {
	case EventMessageStart:
		return new(MessageStartEvent), nil
	case EventContentBlockStart:
		return new(ContentBlockStartEvent), nil
	case EventContentBlockDelta:
		return new(ContentBlockDeltaEvent), nil
	case EventContentBlockStop:
		return new(ContentBlockStopEvent), nil
	case EventMessageDelta:
		return new(MessageDeltaEvent), nil
	case EventMessageStop:
		return new(MessageStopEvent), nil
	case EventPing:
		return new(PingEvent), nil
	case EventError:
		return new(ErrorEvent), nil
	}
	return new(UnknownStreamEvent), nil
}

// pickDelta returns an empty delta of the type the object at d names.
func pickDelta(d *decoder) (Delta, error) {
	t, _, err := discriminator(d, "type")
	if err != nil {
		return nil, err
	}
	switch DeltaType(t) {
	case DeltaText:
		return new(TextDelta), nil
	case DeltaInputJSON:
		return new(InputJSONDelta), nil
	case DeltaThinking:
		return new(ThinkingDelta), nil
	case DeltaSignature:
		return new(SignatureDelta), nil
	case DeltaCitations:
		return new(CitationsDelta), nil
	}
	return new(UnknownDelta), nil
}

var (
	messageStartEventTable      *table[MessageStartEvent]
	contentBlockStartEventTable *table[ContentBlockStartEvent]
	contentBlockDeltaEventTable *table[ContentBlockDeltaEvent]
	contentBlockStopEventTable  *table[ContentBlockStopEvent]
	messageDeltaTable           *table[MessageDelta]
	messageDeltaEventTable      *table[MessageDeltaEvent]
	messageStopEventTable       *table[MessageStopEvent]
	pingEventTable              *table[PingEvent]
	errorDetailTable            *table[ErrorDetail]
	errorEventTable             *table[ErrorEvent]
	unknownStreamEventTable     *table[UnknownStreamEvent]
	textDeltaTable              *table[TextDelta]
	inputJSONDeltaTable         *table[InputJSONDelta]
	thinkingDeltaTable          *table[ThinkingDelta]
	signatureDeltaTable         *table[SignatureDelta]
	citationsDeltaTable         *table[CitationsDelta]
	unknownDeltaTable           *table[UnknownDelta]
)

func init() {
	type MS = MessageStartEvent
	messageStartEventTable = newTable(
		constField[MS]("type", string(EventMessageStart)),
		objectField[MS, AssistantBody]("message", &assistantBodyTable, func(e *MS) *AssistantBody { return &e.Message }),
	)
	type BS = ContentBlockStartEvent
	contentBlockStartEventTable = newTable(
		constField[BS]("type", string(EventContentBlockStart)),
		requiredIntField("index", func(e *BS) *int64 { return &e.Index }),
		variantField("content_block", func(e *BS) *ContentBlock { return &e.ContentBlock }, pickBlock),
	)
	type BD = ContentBlockDeltaEvent
	contentBlockDeltaEventTable = newTable(
		constField[BD]("type", string(EventContentBlockDelta)),
		requiredIntField("index", func(e *BD) *int64 { return &e.Index }),
		variantField("delta", func(e *BD) *Delta { return &e.Delta }, pickDelta),
	)
	type BT = ContentBlockStopEvent
	contentBlockStopEventTable = newTable(
		constField[BT]("type", string(EventContentBlockStop)),
		requiredIntField("index", func(e *BT) *int64 { return &e.Index }),
	)
	type MD = MessageDelta
	messageDeltaTable = newTable(
		nullableStringField("stop_reason", func(m *MD) *string { return &m.StopReason }),
		nullableStringField("stop_sequence", func(m *MD) *string { return &m.StopSequence }),
		rawField("container", func(m *MD) *rawJSON { return &m.Container }),
		rawField("stop_details", func(m *MD) *rawJSON { return &m.StopDetails }),
	)
	type ME = MessageDeltaEvent
	messageDeltaEventTable = newTable(
		constField[ME]("type", string(EventMessageDelta)),
		required(objectField[ME, MD]("delta", &messageDeltaTable, func(e *ME) *MD { return &e.Delta })),
		objectField[ME, Usage]("usage", &usageTable, func(e *ME) *Usage { return &e.Usage }),
		rawField("context_management", func(e *ME) *rawJSON { return &e.ContextManagement }),
	)
	messageStopEventTable = newTable(
		constField[MessageStopEvent]("type", string(EventMessageStop)),
	)
	pingEventTable = newTable(
		constField[PingEvent]("type", string(EventPing)),
	)
	type ED = ErrorDetail
	errorDetailTable = newTable(
		stringField("type", func(e *ED) *string { return &e.Type }),
		stringField("message", func(e *ED) *string { return &e.Message }),
	)
	errorEventTable = newTable(
		constField[ErrorEvent]("type", string(EventError)),
		objectField[ErrorEvent, ED]("error", &errorDetailTable, func(e *ErrorEvent) *ED { return &e.Error }),
	)
	unknownStreamEventTable = newTable(
		stringField("type", func(e *UnknownStreamEvent) *StreamEventType { return &e.Type }),
	)

	textDeltaTable = newTable(
		constField[TextDelta]("type", string(DeltaText)),
		requiredStringField("text", func(d *TextDelta) *string { return &d.Text }),
	)
	inputJSONDeltaTable = newTable(
		constField[InputJSONDelta]("type", string(DeltaInputJSON)),
		requiredStringField("partial_json", func(d *InputJSONDelta) *string { return &d.PartialJSON }),
	)
	thinkingDeltaTable = newTable(
		constField[ThinkingDelta]("type", string(DeltaThinking)),
		requiredStringField("thinking", func(d *ThinkingDelta) *string { return &d.Thinking }),
		intField("estimated_tokens", func(d *ThinkingDelta) *int64 { return &d.EstimatedTokens }),
	)
	signatureDeltaTable = newTable(
		constField[SignatureDelta]("type", string(DeltaSignature)),
		requiredStringField("signature", func(d *SignatureDelta) *string { return &d.Signature }),
	)
	citationsDeltaTable = newTable(
		constField[CitationsDelta]("type", string(DeltaCitations)),
		rawField("citation", func(d *CitationsDelta) *rawJSON { return &d.Citation }),
	)
	unknownDeltaTable = newTable(
		stringField("type", func(d *UnknownDelta) *DeltaType { return &d.Type }),
	)
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

func (e *MessageStartEvent) decode(d *decoder) error {
	return decodeObject(d, messageStartEventTable, e, &e.objectState)
}
func (e *MessageStartEvent) encode(b []byte) []byte {
	return encodeObject(b, messageStartEventTable, e, &e.objectState)
}
func (e *MessageStartEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, messageStartEventTable, e, &e.objectState)
}

func (e *ContentBlockStartEvent) decode(d *decoder) error {
	return decodeObject(d, contentBlockStartEventTable, e, &e.objectState)
}
func (e *ContentBlockStartEvent) encode(b []byte) []byte {
	return encodeObject(b, contentBlockStartEventTable, e, &e.objectState)
}
func (e *ContentBlockStartEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, contentBlockStartEventTable, e, &e.objectState)
}

func (e *ContentBlockDeltaEvent) decode(d *decoder) error {
	return decodeObject(d, contentBlockDeltaEventTable, e, &e.objectState)
}
func (e *ContentBlockDeltaEvent) encode(b []byte) []byte {
	return encodeObject(b, contentBlockDeltaEventTable, e, &e.objectState)
}
func (e *ContentBlockDeltaEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, contentBlockDeltaEventTable, e, &e.objectState)
}

func (e *ContentBlockStopEvent) decode(d *decoder) error {
	return decodeObject(d, contentBlockStopEventTable, e, &e.objectState)
}
func (e *ContentBlockStopEvent) encode(b []byte) []byte {
	return encodeObject(b, contentBlockStopEventTable, e, &e.objectState)
}
func (e *ContentBlockStopEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, contentBlockStopEventTable, e, &e.objectState)
}

func (e *MessageDeltaEvent) decode(d *decoder) error {
	return decodeObject(d, messageDeltaEventTable, e, &e.objectState)
}
func (e *MessageDeltaEvent) encode(b []byte) []byte {
	return encodeObject(b, messageDeltaEventTable, e, &e.objectState)
}
func (e *MessageDeltaEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, messageDeltaEventTable, e, &e.objectState)
}

func (e *MessageStopEvent) decode(d *decoder) error {
	return decodeObject(d, messageStopEventTable, e, &e.objectState)
}
func (e *MessageStopEvent) encode(b []byte) []byte {
	return encodeObject(b, messageStopEventTable, e, &e.objectState)
}
func (e *MessageStopEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, messageStopEventTable, e, &e.objectState)
}

func (e *PingEvent) decode(d *decoder) error {
	return decodeObject(d, pingEventTable, e, &e.objectState)
}
func (e *PingEvent) encode(b []byte) []byte {
	return encodeObject(b, pingEventTable, e, &e.objectState)
}
func (e *PingEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, pingEventTable, e, &e.objectState)
}

func (e *ErrorEvent) decode(d *decoder) error {
	return decodeObject(d, errorEventTable, e, &e.objectState)
}
func (e *ErrorEvent) encode(b []byte) []byte {
	return encodeObject(b, errorEventTable, e, &e.objectState)
}
func (e *ErrorEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, errorEventTable, e, &e.objectState)
}

func (e *UnknownStreamEvent) decode(d *decoder) error {
	return decodeObject(d, unknownStreamEventTable, e, &e.objectState)
}
func (e *UnknownStreamEvent) encode(b []byte) []byte {
	return encodeObject(b, unknownStreamEventTable, e, &e.objectState)
}
func (e *UnknownStreamEvent) walkUnknown(w *unknownWalker) {
	walkObject(w, unknownStreamEventTable, e, &e.objectState)
}

func (x *TextDelta) decode(d *decoder) error {
	return decodeObject(d, textDeltaTable, x, &x.objectState)
}
func (x *TextDelta) encode(b []byte) []byte {
	return encodeObject(b, textDeltaTable, x, &x.objectState)
}
func (x *TextDelta) walkUnknown(w *unknownWalker) {
	walkObject(w, textDeltaTable, x, &x.objectState)
}

func (x *InputJSONDelta) decode(d *decoder) error {
	return decodeObject(d, inputJSONDeltaTable, x, &x.objectState)
}
func (x *InputJSONDelta) encode(b []byte) []byte {
	return encodeObject(b, inputJSONDeltaTable, x, &x.objectState)
}
func (x *InputJSONDelta) walkUnknown(w *unknownWalker) {
	walkObject(w, inputJSONDeltaTable, x, &x.objectState)
}

func (x *ThinkingDelta) decode(d *decoder) error {
	return decodeObject(d, thinkingDeltaTable, x, &x.objectState)
}
func (x *ThinkingDelta) encode(b []byte) []byte {
	return encodeObject(b, thinkingDeltaTable, x, &x.objectState)
}
func (x *ThinkingDelta) walkUnknown(w *unknownWalker) {
	walkObject(w, thinkingDeltaTable, x, &x.objectState)
}

func (x *SignatureDelta) decode(d *decoder) error {
	return decodeObject(d, signatureDeltaTable, x, &x.objectState)
}
func (x *SignatureDelta) encode(b []byte) []byte {
	return encodeObject(b, signatureDeltaTable, x, &x.objectState)
}
func (x *SignatureDelta) walkUnknown(w *unknownWalker) {
	walkObject(w, signatureDeltaTable, x, &x.objectState)
}

func (x *CitationsDelta) decode(d *decoder) error {
	return decodeObject(d, citationsDeltaTable, x, &x.objectState)
}
func (x *CitationsDelta) encode(b []byte) []byte {
	return encodeObject(b, citationsDeltaTable, x, &x.objectState)
}
func (x *CitationsDelta) walkUnknown(w *unknownWalker) {
	walkObject(w, citationsDeltaTable, x, &x.objectState)
}

func (x *UnknownDelta) decode(d *decoder) error {
	return decodeObject(d, unknownDeltaTable, x, &x.objectState)
}
func (x *UnknownDelta) encode(b []byte) []byte {
	return encodeObject(b, unknownDeltaTable, x, &x.objectState)
}
func (x *UnknownDelta) walkUnknown(w *unknownWalker) {
	walkObject(w, unknownDeltaTable, x, &x.objectState)
}
