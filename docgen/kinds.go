package docgen

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/protocol"
)

// kindDef is one entry of the message reference: a message type, with its
// subtype, its first content block's type or its control body's subtype,
// and the variants the protocol reference has always told apart
// (result/success with is_error, with permission_denials...).
type kindDef struct {
	// key is the entry's heading and identity, e.g. "assistant/tool_use".
	key string
	// group is the message type the entry belongs to.
	group protocol.Type
	// goType is the protocol type of the message.
	goType string
	// detail is the protocol type of the message's content block, control
	// body or streaming event, "" when none.
	detail string
	// inner is the protocol type inside the detail the entry fixes: the
	// content block a content_block_start event starts, the delta of a
	// content_block_delta event, or the payload of a successful control
	// response; "" when none.
	inner string
	// constName is the enum constant that names the entry's subtype, block
	// type or control subtype, "" when the type alone names it.
	constName string
	// note is an English sentence about what tells the entry apart, for
	// entries the model has no type of their own for (kindNotes).
	note string
}

// details returns the protocol types the entry fixes below its message
// type, outermost first.
func (d kindDef) details() []string {
	var out []string
	for _, t := range []string{d.detail, d.inner} {
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// kindNotes are English sentences about what tells apart the entries the
// model has no type of their own for, by entry key.
var kindNotes = map[string]string{
	"user":                               "The prompt a client writes on the CLI's stdin as a string: message.content is a string. The CLI also writes user messages with string content of its own on stdout, such as the output of a local command (<local-command-stdout>) or a replayed prompt.",
	"user/text":                          "A user message whose message.content is an array of content blocks, the first a text block: a prompt written as blocks (with image blocks, if any), or a text message the CLI writes of its own on stdout, such as the request to continue after max_tokens.",
	"user/image":                         "A prompt with an image, written on the CLI's stdin.",
	"user/tool_result":                   "The CLI writes the result of every tool call it ran as a user message on stdout; its tool_use_id is the id of the assistant's tool_use block.",
	"user/tool_result, is_error=true":    "A tool result with is_error true: the tool failed, the tool is not available, or permission to run it was denied.",
	"result/success, is_error=true":      "A result of subtype success with is_error true: the turn ended on an error the CLI reported as text, such as a response cut by max_tokens or an API error; result holds the error text.",
	"result/success, permission_denials": "A result of subtype success whose permission_denials is not empty: tools the CLI refused to run in non-interactive mode.",
}

// The content blocks each side writes: the model's in assistant messages,
// the client's and the CLI's in user messages.
var (
	assistantBlocks = []protocol.BlockType{protocol.BlockText, protocol.BlockThinking, protocol.BlockRedactedThinking, protocol.BlockToolUse, protocol.BlockServerToolUse}
	userBlocks      = []protocol.BlockType{protocol.BlockText, protocol.BlockImage, protocol.BlockToolResult}
)

// controlResponseSubtypes are the control subtypes of responses; the others
// are requests.
var controlResponseSubtypes = []protocol.ControlSubtype{protocol.ControlSuccess, protocol.ControlError}

// kindDefs derives the entries of the message reference from the enums of
// package protocol, in their order: a message type, or for system and
// result messages each subtype (the doc comment of a Subtype constant says
// "type=system" or "type=result"), for assistant and user messages each
// content block type, for control messages each control subtype and, for
// successful responses, each typed payload (the doc comment of a payload
// type says which request it answers), for stream_event messages each
// streaming event type, content_block_start per block type and
// content_block_delta per delta type; plus the variants the protocol
// reference has always told apart (result/success with is_error, with
// permission_denials, user/tool_result with is_error). The protocol types
// of each entry come from decoding a sample of it, so new types of package
// protocol are picked up as they come.
func kindDefs(s *schema) ([]kindDef, error) {
	types, subtypes, control := s.enum("Type"), s.enum("Subtype"), s.enum("ControlSubtype")
	events, deltas := s.enum("StreamEventType"), s.enum("DeltaType")
	if types == nil || subtypes == nil || control == nil || events == nil || deltas == nil {
		return nil, fmt.Errorf("docgen: package protocol has no Type, Subtype, ControlSubtype, StreamEventType or DeltaType enum")
	}
	var defs []kindDef
	var errs []error
	// answered is the request a sample control response answers.
	var answered protocol.ControlSubtype
	add := func(group protocol.Type, key, constName, probe string) {
		m, err := protocol.Decode([]byte(probe))
		if err != nil {
			errs = append(errs, fmt.Errorf("docgen: sample of %s: %w", key, err))
			return
		}
		d := classify(s, m, protocol.KindOf(m, answered))
		if d.key != key {
			errs = append(errs, fmt.Errorf("docgen: a sample of %s decodes as %s", key, d.key))
			return
		}
		d.constName, d.note = constName, kindNotes[key]
		defs = append(defs, d)
	}
	q := strconv.Quote
	for _, t := range types.Values {
		group := protocol.Type(t.Value)
		switch group {
		case protocol.TypeSystem, protocol.TypeResult:
			for _, c := range subtypes.Values {
				switch {
				case strings.Contains(c.Doc, "type=system"):
					if group == protocol.TypeSystem {
						add(group, "system/"+c.Value, c.Name, `{"type":"system","subtype":`+q(c.Value)+`}`)
					}
				case strings.Contains(c.Doc, "type=result"):
					if group != protocol.TypeResult {
						continue
					}
					probe := `{"type":"result","subtype":` + q(c.Value)
					add(group, "result/"+c.Value, c.Name, probe+`}`)
					if protocol.Subtype(c.Value) == protocol.SubtypeSuccess {
						add(group, "result/success, is_error=true", c.Name, probe+`,"is_error":true}`)
						add(group, "result/success, permission_denials", c.Name, probe+`,"permission_denials":[{"tool_name":"x"}]}`)
					}
				default:
					if group == protocol.TypeSystem {
						errs = append(errs, fmt.Errorf("docgen: cannot tell which messages subtype %s (%q) belongs to: its doc comment should say (type=system) or (type=result)", c.Name, c.Value))
					}
				}
			}
		case protocol.TypeAssistant, protocol.TypeUser:
			blocks := assistantBlocks
			if group == protocol.TypeUser {
				blocks = userBlocks
				add(group, t.Value, t.Name, `{"type":"user","message":{"role":"user","content":""}}`)
			}
			for _, b := range blocks {
				name := s.constName("BlockType", string(b))
				probe := `{"type":` + q(t.Value) + `,"message":{"content":[` + blockProbe(b)
				add(group, t.Value+"/"+string(b), name, probe+`]}}`)
				if b == protocol.BlockToolResult {
					add(group, t.Value+"/"+string(b)+", is_error=true", name, strings.TrimSuffix(probe, "}")+`,"is_error":true}]}}`)
				}
			}
		case protocol.TypeStreamEvent:
			for _, e := range events.Values {
				probe := `{"type":"stream_event","event":{"type":` + q(e.Value) + `,"index":0`
				key := t.Value + "/" + e.Value
				switch protocol.StreamEventType(e.Value) {
				case protocol.EventContentBlockStart:
					for _, b := range assistantBlocks {
						add(group, key+"/"+string(b), e.Name, probe+`,"content_block":`+blockProbe(b)+`}}`)
					}
				case protocol.EventContentBlockDelta:
					for _, dt := range deltas.Values {
						add(group, key+"/"+dt.Value, e.Name, probe+`,"delta":{"type":`+q(dt.Value)+`}}}`)
					}
				default:
					add(group, key, e.Name, probe+`}}`)
				}
			}
		case protocol.TypeControlRequest, protocol.TypeControlResponse:
			for _, c := range control.Values {
				response := slices.Contains(controlResponseSubtypes, protocol.ControlSubtype(c.Value))
				switch {
				case group == protocol.TypeControlRequest && !response:
					add(group, t.Value+"/"+c.Value, c.Name, `{"type":"control_request","request_id":"r","request":{"subtype":`+q(c.Value)+`}}`)
				case group == protocol.TypeControlResponse && response:
					probe := `{"type":"control_response","response":{"subtype":` + q(c.Value) + `,"request_id":"r"}}`
					answered = ""
					add(group, t.Value+"/"+c.Value, c.Name, probe)
					if protocol.ControlSubtype(c.Value) != protocol.ControlSuccess {
						continue
					}
					for _, req := range control.Values {
						if _, ok := s.payloads[protocol.ControlSubtype(req.Value)]; ok {
							answered = protocol.ControlSubtype(req.Value)
							withPayload := strings.TrimSuffix(probe, "}}") + `,"response":{}}}`
							add(group, payloadKey(t.Value+"/"+c.Value, answered), c.Name, withPayload)
						}
					}
					answered = ""
				}
			}
		default:
			add(group, t.Value, t.Name, `{"type":`+q(t.Value)+`}`)
		}
	}
	for key := range kindNotes {
		if !slices.ContainsFunc(defs, func(d kindDef) bool { return d.key == key }) {
			errs = append(errs, fmt.Errorf("docgen: kindNotes has a note for %s, which is no kind", key))
		}
	}
	return defs, errors.Join(errs...)
}

// blockProbe returns the smallest content block of a type that decodes.
func blockProbe(b protocol.BlockType) string {
	if b == protocol.BlockText {
		return `{"type":"text","text":""}`
	}
	return `{"type":` + strconv.Quote(string(b)) + `}`
}

// payloadKey returns the key of the entry of a successful control
// response answering a request of some subtype.
func payloadKey(success string, request protocol.ControlSubtype) string {
	return success + " (" + string(request) + ")"
}

// groupTypes names, per message type, the protocol type whose doc comment
// introduces the group in the reference.
var groupTypes = map[protocol.Type]string{
	protocol.TypeAssistant:       "AssistantMessage",
	protocol.TypeUser:            "UserMessage",
	protocol.TypeResult:          "ResultMessage",
	protocol.TypeStreamEvent:     "StreamEvent",
	protocol.TypeControlRequest:  "ControlRequest",
	protocol.TypeControlResponse: "ControlResponse",
}

// classify returns the entry a decoded message of kind k
// ([protocol.KindOf]) belongs to: its key and the protocol types that
// describe it (message, block, control body or event, and what that fixes
// inside it). The key is the kind's name, with the variant the reference
// tells apart (", is_error=true") and, for a successful control response
// whose request has a typed payload, that request (payloadKey): an answer
// is keyed by what it answers only when it has a payload, since CLI 2.1.37
// answers set_model without one and CLI 2.1.330 with one.
func classify(s *schema, m protocol.Message, k protocol.Kind) kindDef {
	d := kindDef{goType: typeName(m), group: m.MessageType(), key: k.Name}
	switch m := m.(type) {
	case *protocol.AssistantMessage:
		if len(m.Message.Content) > 0 {
			d.detail = typeName(m.Message.Content[0])
		}
	case *protocol.UserMessage:
		if len(m.Message.Content.Blocks) > 0 {
			d.detail = typeName(m.Message.Content.Blocks[0])
		}
	case *protocol.StreamEvent:
		if m.Body == nil {
			break
		}
		d.detail = typeName(m.Body)
		switch e := m.Body.(type) {
		case *protocol.ContentBlockStartEvent:
			if e.ContentBlock != nil {
				d.inner = typeName(e.ContentBlock)
			}
		case *protocol.ContentBlockDeltaEvent:
			if e.Delta != nil {
				d.inner = typeName(e.Delta)
			}
		}
	case *protocol.ControlRequest:
		if m.Request != nil {
			d.detail = typeName(m.Request)
		}
	case *protocol.ControlResponse:
		if m.Response == nil {
			break
		}
		d.detail = typeName(m.Response)
		if r, ok := m.Response.(*protocol.SuccessResponse); ok {
			if p, ok := s.payloads[k.Answers]; ok && len(r.Response) > 0 {
				d.key, d.inner = payloadKey(d.key, k.Answers), p
			}
		}
	}
	if k.Variant != "" {
		d.key += ", " + k.Variant
	}
	return d
}

// typeName returns the name of the protocol type a value points to.
func typeName(x any) string {
	t := reflect.TypeOf(x)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return ""
	}
	return t.Name()
}
