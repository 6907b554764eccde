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
	// detail is the protocol type of the message's content block or
	// control body, "" when none.
	detail string
	// constName is the enum constant that names the entry's subtype, block
	// type or control subtype, "" when the type alone names it.
	constName string
	// note is an English sentence about what tells the entry apart, for
	// entries the model has no type of their own for (kindNotes).
	note string
}

// kindNotes are English sentences about what tells apart the entries the
// model has no type of their own for, by entry key.
var kindNotes = map[string]string{
	"user/text":                          "The prompt a client writes on the CLI's stdin: message.content is a string, or an array of text and image blocks. The CLI also writes user text messages of its own on stdout, such as the request to continue after max_tokens.",
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
// content block type, for control messages each control subtype; plus the
// variants the protocol reference has always told apart (result/success with
// is_error, with permission_denials, user/tool_result with is_error). The
// protocol types of each entry come from decoding a sample of it, so new
// types of package protocol are picked up as they come.
func kindDefs(s *schema) ([]kindDef, error) {
	types, subtypes, control := s.enum("Type"), s.enum("Subtype"), s.enum("ControlSubtype")
	if types == nil || subtypes == nil || control == nil {
		return nil, fmt.Errorf("docgen: package protocol has no Type, Subtype or ControlSubtype enum")
	}
	var defs []kindDef
	var errs []error
	add := func(group protocol.Type, key, constName, probe string) {
		m, err := protocol.Decode([]byte(probe))
		if err != nil {
			errs = append(errs, fmt.Errorf("docgen: sample of %s: %w", key, err))
			return
		}
		got, _, goType, detail := classify(m)
		if got != key {
			errs = append(errs, fmt.Errorf("docgen: a sample of %s decodes as %s", key, got))
			return
		}
		defs = append(defs, kindDef{key: key, group: group, goType: goType, detail: detail, constName: constName, note: kindNotes[key]})
	}
	q := strconv.Quote
	for _, t := range types.consts {
		group := protocol.Type(t.value)
		switch group {
		case protocol.TypeSystem, protocol.TypeResult:
			for _, c := range subtypes.consts {
				switch {
				case strings.Contains(c.doc, "type=system"):
					if group == protocol.TypeSystem {
						add(group, "system/"+c.value, c.name, `{"type":"system","subtype":`+q(c.value)+`}`)
					}
				case strings.Contains(c.doc, "type=result"):
					if group != protocol.TypeResult {
						continue
					}
					probe := `{"type":"result","subtype":` + q(c.value)
					add(group, "result/"+c.value, c.name, probe+`}`)
					if protocol.Subtype(c.value) == protocol.SubtypeSuccess {
						add(group, "result/success, is_error=true", c.name, probe+`,"is_error":true}`)
						add(group, "result/success, permission_denials", c.name, probe+`,"permission_denials":[{"tool_name":"x"}]}`)
					}
				default:
					if group == protocol.TypeSystem {
						errs = append(errs, fmt.Errorf("docgen: cannot tell which messages subtype %s (%q) belongs to: its doc comment should say (type=system) or (type=result)", c.name, c.value))
					}
				}
			}
		case protocol.TypeAssistant, protocol.TypeUser:
			blocks := assistantBlocks
			if group == protocol.TypeUser {
				blocks = userBlocks
			}
			for _, b := range blocks {
				name := s.constName("BlockType", string(b))
				block := `{"type":` + q(string(b))
				if b == protocol.BlockText {
					block += `,"text":""`
				}
				probe := `{"type":` + q(t.value) + `,"message":{"content":[` + block
				add(group, t.value+"/"+string(b), name, probe+`}]}}`)
				if b == protocol.BlockToolResult {
					add(group, t.value+"/"+string(b)+", is_error=true", name, probe+`,"is_error":true}]}}`)
				}
			}
		case protocol.TypeControlRequest, protocol.TypeControlResponse:
			for _, c := range control.consts {
				response := slices.Contains(controlResponseSubtypes, protocol.ControlSubtype(c.value))
				switch {
				case group == protocol.TypeControlRequest && !response:
					add(group, t.value+"/"+c.value, c.name, `{"type":"control_request","request_id":"r","request":{"subtype":`+q(c.value)+`}}`)
				case group == protocol.TypeControlResponse && response:
					add(group, t.value+"/"+c.value, c.name, `{"type":"control_response","response":{"subtype":`+q(c.value)+`,"request_id":"r"}}`)
				}
			}
		default:
			add(group, t.value, t.name, `{"type":`+q(t.value)+`}`)
		}
	}
	for key := range kindNotes {
		if !slices.ContainsFunc(defs, func(d kindDef) bool { return d.key == key }) {
			errs = append(errs, fmt.Errorf("docgen: kindNotes has a note for %s, which is no kind", key))
		}
	}
	return defs, errors.Join(errs...)
}

// groupTypes names, per message type, the protocol type whose doc comment
// introduces the group in the reference.
var groupTypes = map[protocol.Type]string{
	protocol.TypeAssistant:       "AssistantMessage",
	protocol.TypeUser:            "UserMessage",
	protocol.TypeResult:          "ResultMessage",
	protocol.TypeControlRequest:  "ControlRequest",
	protocol.TypeControlResponse: "ControlResponse",
}

// classify returns the kind key of a decoded message and the protocol
// types that describe it (message, and block or control body).
func classify(m protocol.Message) (key string, group protocol.Type, goType, detail string) {
	goType = typeName(m)
	group = m.MessageType()
	switch m := m.(type) {
	case *protocol.AssistantMessage:
		if len(m.Message.Content) == 0 {
			return string(group), group, goType, ""
		}
		b := m.Message.Content[0]
		return "assistant/" + string(b.BlockType()), group, goType, typeName(b)
	case *protocol.UserMessage:
		if !m.Message.Content.IsBlocks() {
			return "user/text", group, goType, ""
		}
		if len(m.Message.Content.Blocks) == 0 {
			return string(group), group, goType, ""
		}
		b := m.Message.Content.Blocks[0]
		key = "user/" + string(b.BlockType())
		if tr, ok := b.(*protocol.ToolResultBlock); ok && tr.IsError {
			key += ", is_error=true"
		}
		return key, group, goType, typeName(b)
	case *protocol.ResultMessage:
		key = "result/" + string(m.Subtype)
		if m.Subtype == protocol.SubtypeSuccess {
			switch {
			case m.IsError:
				key += ", is_error=true"
			case len(m.PermissionDenials) > 0:
				key += ", permission_denials"
			}
		}
		return key, group, goType, ""
	case *protocol.ControlRequest:
		if m.Request == nil {
			return string(group), group, goType, ""
		}
		return string(group) + "/" + string(m.Request.ControlSubtype()), group, goType, typeName(m.Request)
	case *protocol.ControlResponse:
		if m.Response == nil {
			return string(group), group, goType, ""
		}
		return string(group) + "/" + string(m.Response.ControlSubtype()), group, goType, typeName(m.Response)
	}
	if group == protocol.TypeSystem {
		return "system/" + string(protocol.SubtypeOf(m)), group, goType, ""
	}
	if group == "" {
		return "(no type)", group, goType, ""
	}
	return string(group), group, goType, ""
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
