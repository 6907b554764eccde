package stubapi

import (
	"encoding/json"
	"io"
	"iter"
	"strconv"
	"unicode/utf8"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// This file renders responses in the Messages API's wire format.

// wireBlock is a content block as the API sends it.
type wireBlock struct {
	Type      BlockType        `json:"type"`
	Text      *string          `json:"text,omitempty"`
	Thinking  *string          `json:"thinking,omitempty"`
	Signature *string          `json:"signature,omitempty"`
	Data      string           `json:"data,omitempty"`
	ID        string           `json:"id,omitempty"`
	Name      string           `json:"name,omitempty"`
	Input     *json.RawMessage `json:"input,omitempty"`
}

// wireUsage is a usage object as the API sends it.
type wireUsage struct {
	InputTokens              int `json:"input_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	OutputTokens             int `json:"output_tokens"`
}

// wireMessage is a Message object as the API sends it.
type wireMessage struct {
	ID           string      `json:"id"`
	Type         string      `json:"type"`
	Role         string      `json:"role"`
	Model        string      `json:"model"`
	Content      []wireBlock `json:"content"`
	StopReason   *string     `json:"stop_reason"`
	StopSequence *string     `json:"stop_sequence"`
	Usage        wireUsage   `json:"usage"`
}

// response is one turn made ready to send: blocks resolved, ids fixed.
type response struct {
	id           string
	model        string
	blocks       []Block
	stopReason   string
	stopSequence string
	usage        Usage
}

func newResponse(t *Turn, id, model string, turnIndex int) response {
	r := response{id: id, model: model, stopReason: t.stopReason(), stopSequence: t.StopSequence, usage: t.usage(), blocks: t.Content}
	// The turn's blocks serve as they are (read-only) unless some
	// derive an id, signature or input.
	for i := range t.Content {
		if t.Content[i].derives() {
			r.blocks = make([]Block, len(t.Content))
			for i, b := range t.Content {
				r.blocks[i] = b.resolved(turnIndex, i)
			}
			break
		}
	}
	return r
}

func ptr[T any](v T) *T { return &v }

// fullBlock is b as the non-streaming response carries it.
func fullBlock(b Block) wireBlock {
	switch b.Type {
	case BlockText:
		return wireBlock{Type: b.Type, Text: ptr(b.Text)}
	case BlockThinking:
		return wireBlock{Type: b.Type, Thinking: ptr(b.Thinking), Signature: ptr(b.Signature)}
	case BlockRedactedThinking:
		return wireBlock{Type: b.Type, Data: b.Data}
	default:
		in := b.Input
		return wireBlock{Type: b.Type, ID: b.ID, Name: b.Name, Input: &in}
	}
}

// startBlock is b as its content_block_start event carries it.
func startBlock(b Block) wireBlock {
	switch b.Type {
	case BlockText:
		return wireBlock{Type: b.Type, Text: ptr("")}
	case BlockThinking:
		return wireBlock{Type: b.Type, Thinking: ptr(""), Signature: ptr("")}
	case BlockRedactedThinking:
		return wireBlock{Type: b.Type, Data: b.Data}
	default:
		empty := json.RawMessage(`{}`)
		return wireBlock{Type: b.Type, ID: b.ID, Name: b.Name, Input: &empty}
	}
}

func (r *response) message() wireMessage {
	m := wireMessage{
		ID: r.id, Type: "message", Role: "assistant", Model: r.model,
		Content:    make([]wireBlock, len(r.blocks)),
		StopReason: ptr(r.stopReason),
		Usage:      r.wireUsage(r.usage.OutputTokens),
	}
	if r.stopSequence != "" {
		m.StopSequence = ptr(r.stopSequence)
	}
	for i, b := range r.blocks {
		m.Content[i] = fullBlock(b)
	}
	return m
}

func (r *response) wireUsage(output int) wireUsage {
	return wireUsage{
		InputTokens:              r.usage.InputTokens,
		CacheCreationInputTokens: r.usage.CacheCreationInputTokens,
		CacheReadInputTokens:     r.usage.CacheReadInputTokens,
		OutputTokens:             output,
	}
}

// deltaSize is the byte size deltas are cut to (at a space when one is
// near); small, so even short texts stream as several deltas.
const deltaSize = 8

// The fixed parts of the server-sent events, event line and data prefix
// together.
const (
	messageStartHead = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":"
	blockStartHead   = "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":"
	blockDeltaHead   = "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":"
	blockStopHead    = "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":"
	messageDeltaHead = "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":"
	pingEvent        = "event: ping\ndata: " + pingData + "\n\n"
	messageStopEvent = "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	eventEnd         = "\n\n"

	textDeltaHead      = `,"delta":{"type":"text_delta","text":`
	thinkingDeltaHead  = `,"delta":{"type":"thinking_delta","thinking":`
	signatureDeltaHead = `,"delta":{"type":"signature_delta","signature":`
	inputDeltaHead     = `,"delta":{"type":"input_json_delta","partial_json":`
)

// streamChunk is about how many bytes of a stream an eventWriter gathers
// before it writes them: a response of a few kilobytes goes out in one
// write, a large one in pieces of this size, so the memory it takes does
// not grow with it.
const streamChunk = 32 << 10

// eventWriter gathers the events of a stream in buf and writes them to w
// whenever they pass streamChunk bytes. It keeps the first write error
// and writes nothing after it.
type eventWriter struct {
	w   io.Writer
	buf []byte
	err error
}

// spill writes the events gathered when they pass streamChunk bytes, and
// reports whether the stream can go on.
func (o *eventWriter) spill() bool {
	if len(o.buf) >= streamChunk {
		o.flush()
	}
	return o.err == nil
}

// flush writes the events gathered, and reports whether that went well.
func (o *eventWriter) flush() bool {
	if len(o.buf) > 0 && o.err == nil {
		_, o.err = o.w.Write(o.buf)
	}
	o.buf = o.buf[:0]
	return o.err == nil
}

// writeStream writes r to o as the server-sent events the streaming API
// sends. When p is not empty it calls strike, with the events before it
// still gathered in o (unwritten), where a fault at phase p (in content
// block block, for PhaseMidBlock) strikes: before message_start at
// PhaseFirstByte, right after it at PhaseStart, before message_delta at
// PhaseEnd, and at PhaseMidBlock before the first delta of the block's
// second half (before its content_block_stop when it has fewer than two
// deltas). It stops when strike returns false or a write fails, and
// reports whether it wrote the whole stream; the events still gathered at
// the end are the caller's to flush.
//
// The events are written by hand (fields in the API's order, no
// reflection) straight into o's buffer: this is the server's hot path.
func (r *response) writeStream(o *eventWriter, p Phase, block int, strike func() bool) bool {
	if p == PhaseFirstByte && !strike() {
		return false
	}
	buf := o.buf
	buf = append(buf, messageStartHead...)
	buf = jsonwire.AppendString(buf, r.id)
	buf = append(buf, `,"type":"message","role":"assistant","model":`...)
	buf = jsonwire.AppendString(buf, r.model)
	buf = append(buf, `,"content":[],"stop_reason":null,"stop_sequence":null,"usage":`...)
	buf = r.appendUsage(buf, min(1, r.usage.OutputTokens))
	buf = append(buf, "}}"+eventEnd...)
	o.buf = buf
	if p == PhaseStart && !strike() {
		return false
	}
	if len(r.blocks) == 0 {
		o.buf = append(o.buf, pingEvent...)
	}
	for i, b := range r.blocks {
		buf := append(o.buf, blockStartHead...)
		buf = strconv.AppendInt(buf, int64(i), 10)
		buf = append(buf, `,"content_block":`...)
		switch b.Type {
		case BlockText:
			buf = append(buf, `{"type":"text","text":""}`...)
		case BlockThinking:
			buf = append(buf, `{"type":"thinking","thinking":"","signature":""}`...)
		case BlockRedactedThinking:
			buf = append(buf, `{"type":"redacted_thinking","data":`...)
			buf = jsonwire.AppendString(buf, b.Data)
			buf = append(buf, '}')
		default:
			buf = append(buf, `{"type":"tool_use","id":`...)
			buf = jsonwire.AppendString(buf, b.ID)
			buf = append(buf, `,"name":`...)
			buf = jsonwire.AppendString(buf, b.Name)
			buf = append(buf, `,"input":{}}`...)
		}
		buf = append(buf, "}"+eventEnd...)
		if i == 0 {
			buf = append(buf, pingEvent...)
		}
		o.buf = buf
		if !o.spill() {
			return false
		}
		// mid is the index among the block's deltas of the one a
		// mid-block fault strikes before; only counted when one does.
		mid := -1
		if p == PhaseMidBlock && block == i {
			mid = (countDeltas(b) + 1) / 2
		}
		j := 0
		delta := func(head, text string) bool {
			if j == mid && !strike() {
				return false
			}
			o.buf = appendDelta(o.buf, i, head, text)
			j++
			return o.spill()
		}
		ok := true
		switch b.Type {
		case BlockText:
			for part := range deltas(b.Text) {
				if ok = delta(textDeltaHead, part); !ok {
					break
				}
			}
		case BlockThinking:
			for part := range deltas(b.Thinking) {
				if ok = delta(thinkingDeltaHead, part); !ok {
					break
				}
			}
			ok = ok && delta(signatureDeltaHead, b.Signature)
		case BlockToolUse:
			ok = delta(inputDeltaHead, "")
			for part := range deltas(string(b.Input)) {
				if !ok {
					break
				}
				ok = delta(inputDeltaHead, part)
			}
		}
		if !ok || j <= mid && !strike() {
			return false
		}
		buf = append(o.buf, blockStopHead...)
		buf = strconv.AppendInt(buf, int64(i), 10)
		o.buf = append(buf, "}"+eventEnd...)
	}
	if p == PhaseEnd && !strike() {
		return false
	}
	buf = append(o.buf, messageDeltaHead...)
	buf = jsonwire.AppendString(buf, r.stopReason)
	buf = append(buf, `,"stop_sequence":`...)
	if r.stopSequence != "" {
		buf = jsonwire.AppendString(buf, r.stopSequence)
	} else {
		buf = append(buf, "null"...)
	}
	buf = append(buf, `},"usage":`...)
	buf = r.appendUsage(buf, r.usage.OutputTokens)
	buf = append(buf, "}"+eventEnd...)
	o.buf = append(buf, messageStopEvent...)
	return o.err == nil
}

// appendDelta appends a content_block_delta event of block index whose
// delta starts with head (the delta's type and field name) and carries
// text.
func appendDelta(buf []byte, index int, head, text string) []byte {
	buf = append(buf, blockDeltaHead...)
	buf = strconv.AppendInt(buf, int64(index), 10)
	buf = append(buf, head...)
	buf = jsonwire.AppendString(buf, text)
	return append(buf, "}}"+eventEnd...)
}

// countDeltas is the number of content_block_delta events of b.
func countDeltas(b Block) int {
	n := 0
	switch b.Type {
	case BlockText:
		n = countParts(b.Text)
	case BlockThinking:
		n = countParts(b.Thinking) + 1 // and the signature_delta
	case BlockToolUse:
		n = 1 + countParts(string(b.Input)) // an empty partial_json first
	}
	return n
}

func countParts(s string) int {
	n := 0
	for range deltas(s) {
		n++
	}
	return n
}

const pingData = `{"type":"ping"}`

func (r *response) appendUsage(buf []byte, output int) []byte {
	buf = append(buf, `{"input_tokens":`...)
	buf = strconv.AppendInt(buf, int64(r.usage.InputTokens), 10)
	buf = append(buf, `,"cache_creation_input_tokens":`...)
	buf = strconv.AppendInt(buf, int64(r.usage.CacheCreationInputTokens), 10)
	buf = append(buf, `,"cache_read_input_tokens":`...)
	buf = strconv.AppendInt(buf, int64(r.usage.CacheReadInputTokens), 10)
	buf = append(buf, `,"output_tokens":`...)
	buf = strconv.AppendInt(buf, int64(output), 10)
	return append(buf, '}')
}

// deltas yields the pieces s is streamed in: about deltaSize bytes each
// (see cutDelta), none for an empty s.
func deltas(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for s != "" {
			n := cutDelta(s, deltaSize)
			if !yield(s[:n]) {
				return
			}
			s = s[n:]
		}
	}
}

// cutDelta returns the length of the first piece of s when s is cut into
// pieces of about size bytes, preferring to cut after a space and never
// inside a UTF-8 sequence.
func cutDelta(s string, size int) int {
	if len(s) <= size {
		return len(s)
	}
	for i := size; i < len(s) && i < 2*size; i++ {
		if s[i-1] == ' ' || s[i-1] == '\n' {
			return i
		}
	}
	cut := size
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if cut == 0 {
		cut = size
		for cut < len(s) && !utf8.RuneStart(s[cut]) {
			cut++
		}
	}
	return cut
}

// apiError is the body of an API error response and the data of an SSE
// error event.
type apiError struct {
	Type      string       `json:"type"`
	Error     apiErrorBody `json:"error"`
	RequestID string       `json:"request_id,omitempty"`
}

type apiErrorBody struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

func errorJSON(errorType, message, requestID string) []byte {
	data, err := json.Marshal(apiError{Type: "error", Error: apiErrorBody{Type: errorType, Message: message}, RequestID: requestID})
	if err != nil {
		panic("stubapi: rendering an error: " + err.Error())
	}
	return data
}

// retryAfterSeconds renders d as the whole seconds of a retry-after header.
func retryAfterSeconds(d int64) string {
	const second = int64(1e9)
	return strconv.FormatInt((d+second-1)/second, 10)
}
