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

// events renders r as the event sequence the streaming API sends.
func (r *response) events() []event {
	evs := make([]event, 0, 4+len(r.blocks)*6)
	add := func(name string, block int, v any) {
		data, err := json.Marshal(v)
		if err != nil {
			// Every value rendered here is built from validated strings and
			// JSON; failing to marshal one is a bug in this package.
			panic("stubapi: rendering " + name + ": " + err.Error())
		}
		evs = append(evs, event{name: name, data: data, block: block})
	}
	start := r.message()
	start.Content = []wireBlock{}
	start.StopReason, start.StopSequence = nil, nil
	start.Usage = r.wireUsage(min(1, r.usage.OutputTokens))
	add("message_start", -1, map[string]any{"type": "message_start", "message": start})
	if len(r.blocks) == 0 {
		add("ping", -1, map[string]string{"type": "ping"})
	}
	for i, b := range r.blocks {
		add("content_block_start", i, map[string]any{"type": "content_block_start", "index": i, "content_block": startBlock(b)})
		if i == 0 {
			add("ping", -1, map[string]string{"type": "ping"})
		}
		var deltas []map[string]any
		switch b.Type {
		case BlockText:
			for _, part := range splitDeltas(b.Text, deltaSize) {
				deltas = append(deltas, map[string]any{"type": "text_delta", "text": part})
			}
		case BlockThinking:
			for _, part := range splitDeltas(b.Thinking, deltaSize) {
				deltas = append(deltas, map[string]any{"type": "thinking_delta", "thinking": part})
			}
			deltas = append(deltas, map[string]any{"type": "signature_delta", "signature": b.Signature})
		case BlockToolUse:
			deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": ""})
			for _, part := range splitDeltas(string(b.Input), deltaSize) {
				deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": part})
			}
		}
		half := (len(deltas) + 1) / 2
		for j, d := range deltas {
			add("content_block_delta", i, map[string]any{"type": "content_block_delta", "index": i, "delta": d})
			if j == half {
				evs[len(evs)-1].mid = true
			}
		}
		add("content_block_stop", i, map[string]any{"type": "content_block_stop", "index": i})
		if half >= len(deltas) {
			evs[len(evs)-1].mid = true
		}
	}
	var seq *string
	if r.stopSequence != "" {
		seq = ptr(r.stopSequence)
	}
	add("message_delta", -1, map[string]any{
		"type":  "message_delta",
		"delta": map[string]any{"stop_reason": r.stopReason, "stop_sequence": seq},
		"usage": r.wireUsage(r.usage.OutputTokens),
	})
	add("message_stop", -1, map[string]string{"type": "message_stop"})
	return evs
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
