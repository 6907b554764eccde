package stubapi

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
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

func newResponse(t *Turn, id, model string, turnIndex int) *response {
	r := &response{id: id, model: model, stopReason: t.stopReason(), stopSequence: t.StopSequence, usage: t.usage()}
	r.blocks = make([]Block, len(t.Content))
	for i, b := range t.Content {
		r.blocks[i] = b.resolved(turnIndex, i)
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

// event is one server-sent event.
type event struct {
	name string
	data []byte
	// block is the content block index the event belongs to, -1 for none.
	block int
	// mid marks the first event after the middle of a block's deltas: a
	// mid_block fault strikes just before it.
	mid bool
}

// deltaSize is the byte size deltas are cut to (at a space when one is
// near); small, so even short texts stream as several deltas.
const deltaSize = 8

// events renders r as the event sequence the streaming API sends. The
// event data are written by hand (fields in the API's order, no
// reflection): this is the server's hot path.
func (r *response) events() []event {
	evs := make([]event, 0, 4+len(r.blocks)*6)
	buf := make([]byte, 0, 512+r.size())
	// add appends an event whose data is buf[from:].
	add := func(name string, block, from int) {
		evs = append(evs, event{name: name, data: buf[from:len(buf):len(buf)], block: block})
	}
	from := len(buf)
	buf = append(buf, `{"type":"message_start","message":{"id":`...)
	buf = appendJSONString(buf, r.id)
	buf = append(buf, `,"type":"message","role":"assistant","model":`...)
	buf = appendJSONString(buf, r.model)
	buf = append(buf, `,"content":[],"stop_reason":null,"stop_sequence":null,"usage":`...)
	buf = r.appendUsage(buf, min(1, r.usage.OutputTokens))
	buf = append(buf, "}}"...)
	add("message_start", -1, from)
	if len(r.blocks) == 0 {
		from = len(buf)
		buf = append(buf, pingData...)
		add("ping", -1, from)
	}
	for i, b := range r.blocks {
		from = len(buf)
		buf = append(buf, `{"type":"content_block_start","index":`...)
		buf = strconv.AppendInt(buf, int64(i), 10)
		buf = append(buf, `,"content_block":`...)
		switch b.Type {
		case BlockText:
			buf = append(buf, `{"type":"text","text":""}`...)
		case BlockThinking:
			buf = append(buf, `{"type":"thinking","thinking":"","signature":""}`...)
		case BlockRedactedThinking:
			buf = append(buf, `{"type":"redacted_thinking","data":`...)
			buf = appendJSONString(buf, b.Data)
			buf = append(buf, '}')
		default:
			buf = append(buf, `{"type":"tool_use","id":`...)
			buf = appendJSONString(buf, b.ID)
			buf = append(buf, `,"name":`...)
			buf = appendJSONString(buf, b.Name)
			buf = append(buf, `,"input":{}}`...)
		}
		buf = append(buf, '}')
		add("content_block_start", i, from)
		if i == 0 {
			from = len(buf)
			buf = append(buf, pingData...)
			add("ping", -1, from)
		}
		var kind, field string
		var parts []string
		switch b.Type {
		case BlockText:
			kind, field, parts = "text_delta", "text", splitDeltas(b.Text, deltaSize)
		case BlockThinking:
			kind, field, parts = "thinking_delta", "thinking", splitDeltas(b.Thinking, deltaSize)
		case BlockToolUse:
			kind, field = "input_json_delta", "partial_json"
			parts = append([]string{""}, splitDeltas(string(b.Input), deltaSize)...)
		}
		n := len(parts)
		if b.Type == BlockThinking {
			n++ // the signature_delta
		}
		half := (n + 1) / 2
		delta := func(j int, kind, field, text string) {
			from := len(buf)
			buf = append(buf, `{"type":"content_block_delta","index":`...)
			buf = strconv.AppendInt(buf, int64(i), 10)
			buf = append(buf, `,"delta":{"type":"`...)
			buf = append(buf, kind...)
			buf = append(buf, `","`...)
			buf = append(buf, field...)
			buf = append(buf, `":`...)
			buf = appendJSONString(buf, text)
			buf = append(buf, "}}"...)
			add("content_block_delta", i, from)
			if j == half {
				evs[len(evs)-1].mid = true
			}
		}
		for j, part := range parts {
			delta(j, kind, field, part)
		}
		if b.Type == BlockThinking {
			delta(len(parts), "signature_delta", "signature", b.Signature)
		}
		from = len(buf)
		buf = append(buf, `{"type":"content_block_stop","index":`...)
		buf = strconv.AppendInt(buf, int64(i), 10)
		buf = append(buf, '}')
		add("content_block_stop", i, from)
		if half >= n {
			evs[len(evs)-1].mid = true
		}
	}
	from = len(buf)
	buf = append(buf, `{"type":"message_delta","delta":{"stop_reason":`...)
	buf = appendJSONString(buf, r.stopReason)
	buf = append(buf, `,"stop_sequence":`...)
	if r.stopSequence != "" {
		buf = appendJSONString(buf, r.stopSequence)
	} else {
		buf = append(buf, "null"...)
	}
	buf = append(buf, `},"usage":`...)
	buf = r.appendUsage(buf, r.usage.OutputTokens)
	buf = append(buf, '}')
	add("message_delta", -1, from)
	from = len(buf)
	buf = append(buf, `{"type":"message_stop"}`...)
	add("message_stop", -1, from)
	return evs
}

const pingData = `{"type":"ping"}`

// size estimates the bytes of r's content, for buffer sizing.
func (r *response) size() int {
	n := 0
	for _, b := range r.blocks {
		n += 2*(len(b.Text)+len(b.Thinking)+len(b.Input)) + len(b.Data) + len(b.Signature) + 100*(2+(len(b.Text)+len(b.Thinking)+len(b.Input))/deltaSize)
	}
	return n
}

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

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes
// U+FFFD, as encoding/json does.
func appendJSONString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// splitDeltas cuts s into pieces of about size bytes, preferring to cut
// after a space and never inside a UTF-8 sequence.
func splitDeltas(s string, size int) []string {
	if s == "" {
		return nil
	}
	var out []string
	for len(s) > size {
		cut := -1
		for i := size; i < len(s) && i < 2*size; i++ {
			if s[i-1] == ' ' || s[i-1] == '\n' {
				cut = i
				break
			}
		}
		if cut < 0 {
			cut = size
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
			if cut == 0 {
				cut = size
				for cut < len(s) && !utf8.RuneStart(s[cut]) {
					cut++
				}
			}
		}
		if cut >= len(s) {
			break
		}
		out = append(out, s[:cut])
		s = s[cut:]
	}
	return append(out, s)
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
