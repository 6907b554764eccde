package protocol

import (
	"encoding/json"
)

// Kind names what a message is, for the reports and the reference that
// count, compare and document messages by kind: ccwire diff, ccwire docs,
// ccwire validate and the untyped-member list all name kinds with
// [KindOf], so that one name means one thing everywhere.
//
// Name is the message type and, slash-separated, what tells its variants
// apart:
//
//   - system and result messages: the subtype, "system/init",
//     "result/success" (the type alone for one with no subtype);
//   - assistant and user messages: the type of the first content block,
//     "assistant/tool_use", "user/text", "user/tool_result"; a message
//     with no content block is the type alone, "assistant" or "user",
//     and so is a user message whose content is a string (a prompt, a
//     local command's output), which is no block: the two shapes of a
//     user message's content stay apart;
//   - stream_event: the event's type and, for content_block_start and
//     content_block_delta, the block's or the delta's type,
//     "stream_event/content_block_delta/text_delta";
//   - control_request and control_response: the control subtype,
//     "control_request/can_use_tool", "control_response/success";
//   - any other type: the type alone, "keep_alive"; "(no type)" for a
//     line with no type, "(type not a string)" for one whose type is not a
//     string.
type Kind struct {
	// Name is the kind's name, as above.
	Name string
	// Answers is, for a control_response, the subtype of the control
	// request it answers, "" when the stream shows no such request.
	Answers ControlSubtype
	// Variant is what the reference tells apart within a name:
	// "is_error=true" for a result/success or a tool result with is_error,
	// "permission_denials" for a result/success with permission denials;
	// "" for the others.
	Variant string
	// Blocks are the names of the kinds of the content blocks of an
	// assistant or user message after the first ("assistant/text"), in
	// order, each as often as it comes: a message counts as each.
	Blocks []string
}

// String returns the kind's name and, for a control response whose
// request is known, that request's subtype in parentheses:
// "control_response/success (initialize)". Reports that count kinds name
// them so.
func (k Kind) String() string {
	if k.Answers != "" {
		return k.Name + " (" + string(k.Answers) + ")"
	}
	return k.Name
}

// KindOf returns the kind of a decoded message. answers is the subtype of
// the control request a control_response answers, "" when unknown or for
// another message ([Requests] keeps track of a stream's requests).
func KindOf(m Message, answers ControlSubtype) Kind {
	t := m.MessageType()
	k := Kind{Name: string(t)}
	blocks := func(bs []ContentBlock) {
		if len(bs) == 0 {
			return
		}
		k.Name = string(t) + "/" + string(bs[0].BlockType())
		for _, b := range bs[1:] {
			k.Blocks = append(k.Blocks, string(t)+"/"+string(b.BlockType()))
		}
	}
	switch m := m.(type) {
	case *AssistantMessage:
		blocks(m.Message.Content)
	case *UserMessage:
		blocks(m.Message.Content.Blocks)
		if len(m.Message.Content.Blocks) > 0 {
			if r, ok := m.Message.Content.Blocks[0].(*ToolResultBlock); ok && r.IsError {
				k.Variant = "is_error=true"
			}
		}
	case *ResultMessage:
		if m.Subtype != "" {
			k.Name += "/" + string(m.Subtype)
		}
		if m.Subtype == SubtypeSuccess {
			switch {
			case m.IsError:
				k.Variant = "is_error=true"
			case len(m.PermissionDenials) > 0:
				k.Variant = "permission_denials"
			}
		}
	case *StreamEvent:
		if m.Body == nil {
			break
		}
		k.Name += "/" + string(m.Body.StreamEventType())
		switch e := m.Body.(type) {
		case *ContentBlockStartEvent:
			if e.ContentBlock != nil {
				k.Name += "/" + string(e.ContentBlock.BlockType())
			}
		case *ContentBlockDeltaEvent:
			if e.Delta != nil {
				k.Name += "/" + string(e.Delta.DeltaType())
			}
		}
	case *ControlResponse:
		if m.Response != nil {
			k.Name += "/" + string(m.Response.ControlSubtype())
			k.Answers = answers
		}
	default:
		switch {
		case t == "":
			k.Name = "(no type)"
			var members map[string]json.RawMessage
			if json.Unmarshal(m.Raw(), &members) == nil && members["type"] != nil {
				k.Name = "(type not a string)"
			}
		default:
			if s := SubtypeOf(m); s != "" {
				k.Name += "/" + string(s)
			}
		}
	}
	return k
}

// Requests remembers the control requests of one stream (both ways: a
// client's on the CLI's stdin, the CLI's on its stdout) by request_id, so
// that a control response can be named by the request it answers. The
// zero value is ready to use.
type Requests struct {
	byID map[string]*ControlRequest
}

// Note remembers m if it is a control request.
func (r *Requests) Note(m Message) {
	q, ok := m.(*ControlRequest)
	if !ok || q.Request == nil {
		return
	}
	if r.byID == nil {
		r.byID = map[string]*ControlRequest{}
	}
	r.byID[q.RequestID] = q
}

// Answered returns the control request m answers, if m is a control
// response to a request noted before; nil otherwise.
func (r *Requests) Answered(m Message) *ControlRequest {
	c, ok := m.(*ControlResponse)
	if !ok {
		return nil
	}
	var id string
	switch b := c.Response.(type) {
	case *SuccessResponse:
		id = b.RequestID
	case *ErrorResponse:
		id = b.RequestID
	default:
		return nil
	}
	if id == "" {
		return nil
	}
	return r.byID[id]
}

// KindOf notes m ([Requests.Note]) and returns its kind, with the
// request it answers for a control response ([KindOf]).
func (r *Requests) KindOf(m Message) Kind {
	r.Note(m)
	var answers ControlSubtype
	if q := r.Answered(m); q != nil {
		answers = q.Request.ControlSubtype()
	}
	return KindOf(m, answers)
}
