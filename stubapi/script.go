package stubapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Script is the ordered list of model responses the server hands to the
// CLI's main-loop requests, one turn per request that gets served.
// A Script is a plain value: the server copies it and keeps its own position,
// so one Script can back many servers.
type Script struct {
	// Turns are served in order.
	Turns []Turn
}

// NewScript returns a Script of the given turns.
func NewScript(turns ...Turn) Script { return Script{Turns: turns} }

// Turn is one model response and the faults its attempts meet first.
//
// A turn with content is consumed when an attempt serves that content without
// a failing fault. A turn with faults and no content is consumed when its
// last fault is used up: the CLI saw that request fail, for good. An Empty
// turn is an answer with no content blocks, consumed when served.
type Turn struct {
	// Content is the response's content blocks, in order.
	Content []Block
	// Empty makes a turn without Content a successful answer with no
	// content blocks at all (the API's "content": [], stop reason
	// "end_turn" unless StopReason says otherwise) rather than no answer.
	// Content must then be empty, and its faults must not fail the
	// attempt: a turn without content is used up by its last failing
	// fault, so script the failure as a turn of its own before it.
	Empty bool
	// StopReason is the stop_reason the response ends with; empty means
	// "tool_use" when Content has a tool_use block and "end_turn" otherwise
	// ("stop_sequence" when StopSequence is set).
	StopReason string
	// StopSequence is the stop_sequence the response reports; setting it
	// implies StopReason "stop_sequence" unless StopReason says otherwise.
	StopSequence string
	// Usage is the token usage reported; nil means the defaults described
	// in the package doc.
	Usage *Usage
	// Faults are applied to this turn's attempts in order, each for its
	// Times, before the content is served.
	Faults []Fault
}

// Usage is the token usage a response reports.
type Usage struct {
	// InputTokens is the uncached input token count.
	InputTokens int `json:"input_tokens"`
	// OutputTokens is the output token count.
	OutputTokens int `json:"output_tokens"`
	// CacheCreationInputTokens is the input written to the prompt cache.
	CacheCreationInputTokens int `json:"cache_creation_input_tokens,omitempty"`
	// CacheReadInputTokens is the input read from the prompt cache.
	CacheReadInputTokens int `json:"cache_read_input_tokens,omitempty"`
}

// BlockType names the kind of a content Block, as the API spells it.
type BlockType string

// The content block types a script can produce.
const (
	BlockText             BlockType = "text"
	BlockToolUse          BlockType = "tool_use"
	BlockThinking         BlockType = "thinking"
	BlockRedactedThinking BlockType = "redacted_thinking"
)

// Block is one content block of a scripted response.
type Block struct {
	// Type is the block type.
	Type BlockType
	// Text is the text of a text block.
	Text string
	// Thinking is the reasoning text of a thinking block.
	Thinking string
	// Signature is a thinking block's signature; empty means a deterministic
	// one derived from the turn and block index.
	Signature string
	// Data is the opaque payload of a redacted_thinking block.
	Data string
	// ID is a tool_use block's id; empty means a deterministic one derived
	// from the turn and block index (see ToolUseID).
	ID string
	// Name is a tool_use block's tool name.
	Name string
	// Input is a tool_use block's input, a JSON object.
	Input json.RawMessage
}

// Stop reasons a turn can end with.
const (
	StopEndTurn      = "end_turn"
	StopToolUse      = "tool_use"
	StopMaxTokens    = "max_tokens"
	StopSequence     = "stop_sequence"
	StopPauseTurn    = "pause_turn"
	StopRefusal      = "refusal"
	StopContextLimit = "model_context_window_exceeded"
)

var knownStopReasons = []string{StopEndTurn, StopToolUse, StopMaxTokens, StopSequence, StopPauseTurn, StopRefusal, StopContextLimit}

// Say returns a text block.
func Say(text string) Block { return Block{Type: BlockText, Text: text} }

// Call returns a tool_use block calling the named tool with input, which
// must marshal to a JSON object (a map, a struct, or a json.RawMessage).
// An input that does not marshal is kept as an invalid Input that
// Script.Validate reports.
func Call(name string, input any) Block {
	b := Block{Type: BlockToolUse, Name: name}
	switch in := input.(type) {
	case nil:
		b.Input = json.RawMessage(`{}`)
	case json.RawMessage:
		b.Input = compactJSON(in)
	default:
		raw, err := json.Marshal(in)
		if err != nil {
			b.Input = json.RawMessage(fmt.Sprintf("%q", "stubapi.Call: "+err.Error()))
		} else {
			b.Input = compactJSON(raw)
		}
	}
	return b
}

// Think returns a thinking block with a derived signature.
func Think(thinking string) Block { return Block{Type: BlockThinking, Thinking: thinking} }

// RedactedThinking returns a redacted_thinking block carrying data.
func RedactedThinking(data string) Block { return Block{Type: BlockRedactedThinking, Data: data} }

// Reply returns a turn answering with the given blocks in order.
func Reply(blocks ...Block) Turn { return Turn{Content: blocks} }

// Text returns a turn answering with one text block per argument; each
// text is streamed as several deltas.
func Text(texts ...string) Turn {
	t := Turn{}
	for _, s := range texts {
		t.Content = append(t.Content, Say(s))
	}
	return t
}

// ToolUse returns a turn that calls tools: its blocks are usually Call
// blocks, optionally preceded by Say blocks. It stops with "tool_use".
func ToolUse(blocks ...Block) Turn { return Turn{Content: blocks} }

// Thinking returns then with a thinking block (with a derived signature)
// put in front of its content.
func Thinking(thinking string, then Turn) Turn {
	then.Content = append([]Block{Think(thinking)}, then.Content...)
	return then
}

// Empty returns a turn answering with no content blocks: a 200 response
// whose content is [], stopping with "end_turn".
func Empty() Turn { return Turn{Empty: true} }

// Fail returns a turn with no content that meets the given faults: the
// turn is consumed once they are used up, unless one repeats Always.
func Fail(faults ...Fault) Turn { return Turn{Faults: faults} }

// WithStop returns a copy of t that ends with the given stop reason.
func (t Turn) WithStop(reason string) Turn { t.StopReason = reason; return t }

// WithStopSequence returns a copy of t that stops at the given stop
// sequence (with stop reason "stop_sequence" unless t sets another).
func (t Turn) WithStopSequence(seq string) Turn { t.StopSequence = seq; return t }

// WithUsage returns a copy of t that reports u.
func (t Turn) WithUsage(u Usage) Turn { t.Usage = &u; return t }

// WithFaults returns a copy of t whose attempts meet the given faults, in
// order, before its content is served.
func (t Turn) WithFaults(faults ...Fault) Turn {
	t.Faults = append(append([]Fault(nil), t.Faults...), faults...)
	return t
}

// stopReason is the stop reason t's response reports.
func (t *Turn) stopReason() string {
	if t.StopReason != "" {
		return t.StopReason
	}
	if t.StopSequence != "" {
		return StopSequence
	}
	for _, b := range t.Content {
		if b.Type == BlockToolUse {
			return StopToolUse
		}
	}
	return StopEndTurn
}

// usage is the usage t's response reports.
func (t *Turn) usage() Usage {
	if t.Usage != nil {
		return *t.Usage
	}
	n := 0
	for _, b := range t.Content {
		n += len(b.Text) + len(b.Thinking) + len(b.Data) + len(b.Name) + len(b.Input)
	}
	return Usage{InputTokens: defaultInputTokens, OutputTokens: max(1, (n+3)/4)}
}

// defaultInputTokens is the input_tokens a turn without Usage reports: a
// constant, so the CLI's cost and usage output is stable across machines.
const defaultInputTokens = 100

// MessageID returns the deterministic message id of the turn at index.
func MessageID(turn int) string {
	var a [32]byte
	return string(appendPadded(append(a[:0], "msg_stub"...), turn, 4))
}

// ToolUseID returns the deterministic id of the tool_use block at block
// index of the turn at index turn, used when the block sets no ID.
func ToolUseID(turn, block int) string {
	var a [32]byte
	b := appendPadded(append(a[:0], "toolu_stub"...), turn, 4)
	return string(appendPadded(append(b, '_'), block, 2))
}

// ThinkingSignature returns the deterministic signature of the thinking
// block at block index of the turn at index turn, used when the block sets
// no Signature.
func ThinkingSignature(turn, block int) string {
	var a [32]byte
	return string(appendPadded(appendPadded(append(a[:0], "stubsig"...), turn, 4), block, 2))
}

// appendPadded appends n in decimal, zero-padded to width digits: what
// fmt's "%0*d" does, without fmt (ids are made per response).
func appendPadded(buf []byte, n, width int) []byte {
	if n < 0 {
		return fmt.Appendf(buf, "%0*d", width, n)
	}
	var a [20]byte
	digits := strconv.AppendInt(a[:0], int64(n), 10)
	for range width - len(digits) {
		buf = append(buf, '0')
	}
	return append(buf, digits...)
}

// derives reports whether b has a field that resolved fills in.
func (b *Block) derives() bool {
	switch b.Type {
	case BlockToolUse:
		return b.ID == "" || len(b.Input) == 0
	case BlockThinking:
		return b.Signature == ""
	}
	return false
}

// resolved returns b with its derived fields filled in.
func (b Block) resolved(turn, index int) Block {
	switch b.Type {
	case BlockToolUse:
		if b.ID == "" {
			b.ID = ToolUseID(turn, index)
		}
		if len(b.Input) == 0 {
			b.Input = json.RawMessage(`{}`)
		}
	case BlockThinking:
		if b.Signature == "" {
			b.Signature = ThinkingSignature(turn, index)
		}
	}
	return b
}

// Validate reports the problems of s at once, each with the path of the
// offending turn, block or fault, as a *ScriptError or a join of them:
// the first 20, and past them a *MoreProblemsError counting the others.
func (s Script) Validate() error {
	var errs []error
	add := func(path, format string, args ...any) {
		errs = append(errs, &ScriptError{Path: path, Err: fmt.Errorf(format, args...)})
	}
	for i, t := range s.Turns {
		tp := fmt.Sprintf("turns[%d]", i)
		switch {
		case t.Empty && len(t.Content) > 0:
			add(tp+".content", "an empty turn has no content blocks, but this one has %d", len(t.Content))
		case !t.Empty && len(t.Content) == 0 && len(t.Faults) == 0:
			add(tp, "turn has neither content nor faults (an answer without content blocks is an empty turn: {\"content\": []})")
		}
		if t.StopReason != "" && !contains(knownStopReasons, t.StopReason) {
			add(tp+".stop_reason", "unknown stop reason %q (want one of %s)", t.StopReason, strings.Join(knownStopReasons, ", "))
		}
		if t.Usage != nil {
			u := t.Usage
			if u.InputTokens < 0 || u.OutputTokens < 0 || u.CacheCreationInputTokens < 0 || u.CacheReadInputTokens < 0 {
				add(tp+".usage", "token counts must not be negative")
			}
		}
		for j, b := range t.Content {
			validateBlock(b, fmt.Sprintf("%s.content[%d]", tp, j), add)
		}
		for j, f := range t.Faults {
			fp := fmt.Sprintf("%s.faults[%d]", tp, j)
			f.validate(fp, t, add)
			if t.Empty && f.failing() {
				add(fp, "%s fails the attempt, which uses up a turn without content: put the fault in a turn of its own before the empty one", f.Kind)
			}
			if !f.failing() && j != len(t.Faults)-1 {
				add(fp, "%s serves the turn, so faults[%d:] can never be reached", f.Kind, j+1)
			}
			if f.Times == Always && j != len(t.Faults)-1 {
				add(fp, "fault repeats always, so faults[%d:] can never be reached", j+1)
			}
			if f.Times == Always && i != len(s.Turns)-1 && f.failing() {
				add(fp, "fault repeats always, so turns[%d:] can never be reached", i+1)
			}
		}
	}
	return joinProblems(errs)
}

func validateBlock(b Block, path string, add func(path, format string, args ...any)) {
	switch b.Type {
	case BlockText:
		if b.Thinking != "" || b.Signature != "" || b.Data != "" || b.ID != "" || b.Name != "" || len(b.Input) > 0 {
			add(path, "text block carries fields of another block type")
		}
	case BlockThinking:
		if b.Text != "" || b.Data != "" || b.ID != "" || b.Name != "" || len(b.Input) > 0 {
			add(path, "thinking block carries fields of another block type")
		}
	case BlockRedactedThinking:
		if b.Data == "" {
			add(path+".data", "redacted_thinking block needs data")
		}
		if b.Text != "" || b.Thinking != "" || b.Signature != "" || b.ID != "" || b.Name != "" || len(b.Input) > 0 {
			add(path, "redacted_thinking block carries fields of another block type")
		}
	case BlockToolUse:
		if b.Name == "" {
			add(path+".name", "tool_use block needs a tool name")
		}
		if len(b.Input) > 0 {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(b.Input, &obj); err != nil || obj == nil {
				add(path+".input", "tool input must be a JSON object, got %s", abbreviate(string(b.Input), 60))
			}
		}
		validatePlaceholders(b.Input, path+".input", add)
		if b.ID != "" && !validToolID(b.ID) {
			add(path+".id", "tool_use id %q must match [A-Za-z0-9_-]+", b.ID)
		}
		if b.Text != "" || b.Thinking != "" || b.Signature != "" || b.Data != "" {
			add(path, "tool_use block carries fields of another block type")
		}
	case "":
		add(path+".type", "block has no type")
	default:
		add(path+".type", "unknown block type %q (want text, tool_use, thinking or redacted_thinking)", b.Type)
	}
}

func validToolID(id string) bool {
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return id != ""
}

// ScriptError is a problem at one place of a script.
type ScriptError struct {
	// Path locates the problem, e.g. "turns[2].faults[0].status".
	Path string
	// Line and Column locate it in the script file (from 1), when it was
	// read from one: the place of the member at fault, or of the nearest
	// enclosing one the file has (its turn for most validation errors).
	Line, Column int
	// Err is the problem.
	Err error
}

// Error renders the problem with its place and path.
func (e *ScriptError) Error() string {
	var b strings.Builder
	b.WriteString("stubapi script: ")
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Column)
	}
	if e.Path != "" {
		b.WriteString(e.Path + ": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the underlying problem.
func (e *ScriptError) Unwrap() error { return e.Err }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// compactJSON returns raw without whitespace and with its strings written
// the one way (escaped only where JSON needs it: "\u0026" becomes "&"), its
// numbers and the order of its members kept: a script written out and
// read back has the same inputs, whatever escapes its file used (the
// encoding/json encoder escapes HTML). Text that is not JSON is copied.
func compactJSON(raw json.RawMessage) json.RawMessage {
	v := append(jsontext.Value(nil), raw...)
	if err := v.Format(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)); err == nil {
		return json.RawMessage(v)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return append(json.RawMessage(nil), raw...)
	}
	return json.RawMessage(buf.Bytes())
}
