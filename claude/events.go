package claude

import (
	"encoding/json"
	"strings"

	"github.com/ccwire/ccwire/protocol"
)

// Event is one thing the CLI reported, in a form ready to show: a piece of
// text, a tool call, a tool's result, the end of a turn... A [Client] turns
// each message the CLI writes into events, in order: an assistant message
// gives one event per content block, a user message one per tool result.
//
// An event's data are fields, never methods: a text event's Text, a tool
// result's Text and Content, a user message's Text... Methods are for
// work beyond reading, such as [ToolUseEvent.DecodeInput].
//
// The concrete types are *InitEvent, *TextEvent, *TextDeltaEvent,
// *ThinkingEvent, *ThinkingDeltaEvent, *ToolUseEvent, *ToolInputDeltaEvent,
// *ToolResultEvent, *UserEvent, *PermissionRequestEvent, *StatusEvent,
// *SystemEvent, *PartialEvent, *ResultEvent, *OtherEvent and *UnknownEvent.
// Switch on them, or hand them to a [Handler] with [Dispatch].
//
// Events share memory with the message they come from; treat them as
// read-only.
type Event interface {
	// Source returns the message the event comes from, or nil for a line
	// that could not be decoded.
	Source() protocol.Message
	dispatch(h Handler)
}

// InitEvent starts a turn: the CLI's system/init message, with the
// session's ID, model, tools and permission mode.
type InitEvent struct {
	Init *protocol.SystemInit
}

// TextEvent is a complete text block of the model's answer.
type TextEvent struct {
	Text            string                     // the text
	ParentToolUseID string                     // the Task tool call of the subagent that wrote it, "" for the main thread
	Block           *protocol.TextBlock        // the block
	Message         *protocol.AssistantMessage // the message holding it
}

// TextDeltaEvent is a piece of text as the model streams it
// (Options.IncludePartialMessages). The complete block follows as a
// [TextEvent].
type TextDeltaEvent struct {
	Index           int64                 // the block's position in the model's response
	Delta           string                // the new piece
	Text            string                // the block's text so far, Delta included
	ParentToolUseID string                // the Task tool call of the subagent, "" for the main thread
	Message         *protocol.StreamEvent // the stream_event message
}

// ThinkingEvent is a complete thinking block: the model's reasoning, or,
// when Redacted, encrypted reasoning that cannot be shown.
type ThinkingEvent struct {
	Thinking        string                     // the reasoning; empty when Redacted
	Redacted        bool                       // the block is redacted_thinking
	ParentToolUseID string                     // the Task tool call of the subagent, "" for the main thread
	Block           protocol.ContentBlock      // *protocol.ThinkingBlock or *protocol.RedactedThinkingBlock
	Message         *protocol.AssistantMessage // the message holding it
}

// ThinkingDeltaEvent is a piece of reasoning as the model streams it
// (Options.IncludePartialMessages).
type ThinkingDeltaEvent struct {
	Index           int64                 // the block's position in the model's response
	Delta           string                // the new piece
	Thinking        string                // the block's reasoning so far, Delta included
	ParentToolUseID string                // the Task tool call of the subagent, "" for the main thread
	Message         *protocol.StreamEvent // the stream_event message
}

// ToolUseEvent is a tool call of the model, complete with its input.
type ToolUseEvent struct {
	ID              string                     // the call's ID, which its result repeats
	Name            string                     // the tool, e.g. "Bash"
	Input           json.RawMessage            // the tool's input, a JSON object
	Server          bool                       // the API runs the tool itself (server_tool_use: web search...)
	ParentToolUseID string                     // the Task tool call of the subagent, "" for the main thread
	Block           protocol.ContentBlock      // *protocol.ToolUseBlock or *protocol.ServerToolUseBlock
	Message         *protocol.AssistantMessage // the message holding it

	delivered bool // a read of the client handed it on (guarded by Client.readMu)
}

// DecodeInput decodes the call's input into v with encoding/json.
func (e *ToolUseEvent) DecodeInput(v any) error { return json.Unmarshal(e.Input, v) }

// ToolInputDeltaEvent is a piece of a tool call's input as the model
// streams it (Options.IncludePartialMessages): JSON text that is complete
// only once the call is (then a [ToolUseEvent] follows).
type ToolInputDeltaEvent struct {
	Index           int64                 // the block's position in the model's response
	ID              string                // the call's ID
	Name            string                // the tool
	Delta           string                // the new piece of JSON text
	Input           string                // the input's JSON text so far, Delta included
	ParentToolUseID string                // the Task tool call of the subagent, "" for the main thread
	Message         *protocol.StreamEvent // the stream_event message
}

// ToolResultEvent is the result of a tool call, delivered whole however
// long it is (see [Abbreviate] to show it short).
type ToolResultEvent struct {
	ToolUseID       string                    // the call answered
	Text            string                    // the result's text: the content when it is a string, else its text blocks joined by newlines
	Content         protocol.Content          // the result: text, or text and image blocks
	IsError         bool                      // the tool failed, or permission was denied
	ToolUse         *ToolUseEvent             // the call answered, nil if the client did not see it
	ParentToolUseID string                    // the Task tool call of the subagent, "" for the main thread
	Block           *protocol.ToolResultBlock // the block
	Message         *protocol.UserMessage     // the message holding it; its ToolUseResult has the tool's structured output
}

// UserEvent is a user message that is not a tool result: a prompt echoed
// back (Options.ReplayUserMessages), the CLI's note that a turn was
// interrupted, the output of a local command.
type UserEvent struct {
	Text    string                // the message's text: the content when it is a string, else its text blocks joined by newlines
	Message *protocol.UserMessage // the message
}

// PermissionRequestEvent reports that the CLI asks whether a tool call may
// run (a can_use_tool control request). The client's permission callback
// ([Options.CanUseTool]) answers it, in a goroutine of its own: the
// callback may still be deciding, or be done, when the event reaches a
// handler; the call's [ToolUseEvent] reached it before the callback
// started (see [PermissionFunc]). The event is for showing the question;
// the tool's result shows the outcome.
type PermissionRequestEvent struct {
	RequestID string                      // the control request's ID
	Request   *protocol.CanUseToolRequest // the tool, its input, the path and reason that made the CLI ask
	ToolUse   *ToolUseEvent               // the call in question, nil if the client did not see it
	Message   *protocol.ControlRequest    // the control request
}

// StatusEvent reports a change of the CLI's state (system/status): a new
// permission mode, compacting, a request under way.
type StatusEvent struct {
	Status *protocol.SystemStatus
}

// SystemEvent is a system message other than init and status: an API
// retry, a compaction, a hook's or background task's progress...
type SystemEvent struct {
	Subtype protocol.Subtype // the message's subtype
	Message protocol.Message // the message, e.g. *protocol.APIRetry
}

// PartialEvent is a streaming event the client does not turn into a delta
// event (Options.IncludePartialMessages): message_start, the start and end
// of blocks, message_delta, message_stop, signature deltas...
type PartialEvent struct {
	Message *protocol.StreamEvent
}

// ResultEvent ends a turn: the result message, with the answer, the cost,
// the usage and, for an error result, what went wrong.
type ResultEvent struct {
	Result *protocol.ResultMessage
}

// OtherEvent is a message of a kind the client has no event type for,
// such as rate_limit_event, tool_progress or a control request other than
// can_use_tool.
type OtherEvent struct {
	Message protocol.Message
}

// UnknownEvent is a message of a type the protocol package does not know,
// or (Message nil, Err set) a stdout line that could not be decoded.
type UnknownEvent struct {
	Message protocol.Message // the message, nil for an undecodable line
	Err     error            // *protocol.DecodeError or *protocol.LineTooLongError, for an undecodable line
}

// Source returns the system/init message.
func (e *InitEvent) Source() protocol.Message { return e.Init }

// Source returns the assistant message.
func (e *TextEvent) Source() protocol.Message { return e.Message }

// Source returns the stream_event message.
func (e *TextDeltaEvent) Source() protocol.Message { return e.Message }

// Source returns the assistant message.
func (e *ThinkingEvent) Source() protocol.Message { return e.Message }

// Source returns the stream_event message.
func (e *ThinkingDeltaEvent) Source() protocol.Message { return e.Message }

// Source returns the assistant message.
func (e *ToolUseEvent) Source() protocol.Message { return e.Message }

// Source returns the stream_event message.
func (e *ToolInputDeltaEvent) Source() protocol.Message { return e.Message }

// Source returns the user message.
func (e *ToolResultEvent) Source() protocol.Message { return e.Message }

// Source returns the user message.
func (e *UserEvent) Source() protocol.Message { return e.Message }

// Source returns the control request.
func (e *PermissionRequestEvent) Source() protocol.Message { return e.Message }

// Source returns the system/status message.
func (e *StatusEvent) Source() protocol.Message { return e.Status }

// Source returns the system message.
func (e *SystemEvent) Source() protocol.Message { return e.Message }

// Source returns the stream_event message.
func (e *PartialEvent) Source() protocol.Message { return e.Message }

// Source returns the result message.
func (e *ResultEvent) Source() protocol.Message { return e.Result }

// Source returns the message.
func (e *OtherEvent) Source() protocol.Message { return e.Message }

// Source returns the message, nil for an undecodable line.
func (e *UnknownEvent) Source() protocol.Message { return e.Message }

// Handler receives events, one method per kind. Embed [BaseHandler] to
// implement only the methods of interest (and keep compiling when kinds
// are added).
//
// A Client calls the methods from the goroutine that reads the turn, one
// at a time and in order; a slow method holds up nothing but that reader
// (the client buffers what the CLI writes meanwhile).
type Handler interface {
	OnInit(*InitEvent)                           // a turn starts (system/init)
	OnText(*TextEvent)                           // a complete text block
	OnTextDelta(*TextDeltaEvent)                 // a piece of text (partial messages)
	OnThinking(*ThinkingEvent)                   // a complete thinking block
	OnThinkingDelta(*ThinkingDeltaEvent)         // a piece of reasoning (partial messages)
	OnToolUse(*ToolUseEvent)                     // a complete tool call
	OnToolInputDelta(*ToolInputDeltaEvent)       // a piece of a tool call's input (partial messages)
	OnToolResult(*ToolResultEvent)               // a tool call's result
	OnUser(*UserEvent)                           // a user message that is not a tool result
	OnPermissionRequest(*PermissionRequestEvent) // the CLI asks whether a tool may run
	OnStatus(*StatusEvent)                       // the CLI's state changed (system/status)
	OnSystem(*SystemEvent)                       // another system message
	OnPartial(*PartialEvent)                     // another streaming event (partial messages)
	OnResult(*ResultEvent)                       // the turn ended
	OnOther(*OtherEvent)                         // a known message without an event type
	OnUnknown(*UnknownEvent)                     // an unknown message or an undecodable line
}

// BaseHandler is a Handler whose methods do nothing. Embed it in a handler
// to implement only the methods of interest.
type BaseHandler struct{}

// OnInit does nothing.
func (BaseHandler) OnInit(*InitEvent) {}

// OnText does nothing.
func (BaseHandler) OnText(*TextEvent) {}

// OnTextDelta does nothing.
func (BaseHandler) OnTextDelta(*TextDeltaEvent) {}

// OnThinking does nothing.
func (BaseHandler) OnThinking(*ThinkingEvent) {}

// OnThinkingDelta does nothing.
func (BaseHandler) OnThinkingDelta(*ThinkingDeltaEvent) {}

// OnToolUse does nothing.
func (BaseHandler) OnToolUse(*ToolUseEvent) {}

// OnToolInputDelta does nothing.
func (BaseHandler) OnToolInputDelta(*ToolInputDeltaEvent) {}

// OnToolResult does nothing.
func (BaseHandler) OnToolResult(*ToolResultEvent) {}

// OnUser does nothing.
func (BaseHandler) OnUser(*UserEvent) {}

// OnPermissionRequest does nothing.
func (BaseHandler) OnPermissionRequest(*PermissionRequestEvent) {}

// OnStatus does nothing.
func (BaseHandler) OnStatus(*StatusEvent) {}

// OnSystem does nothing.
func (BaseHandler) OnSystem(*SystemEvent) {}

// OnPartial does nothing.
func (BaseHandler) OnPartial(*PartialEvent) {}

// OnResult does nothing.
func (BaseHandler) OnResult(*ResultEvent) {}

// OnOther does nothing.
func (BaseHandler) OnOther(*OtherEvent) {}

// OnUnknown does nothing.
func (BaseHandler) OnUnknown(*UnknownEvent) {}

// Dispatch calls the method of h for ev's kind. A nil h or ev does nothing.
func Dispatch(h Handler, ev Event) {
	if h != nil && ev != nil {
		ev.dispatch(h)
	}
}

func (e *InitEvent) dispatch(h Handler)              { h.OnInit(e) }
func (e *TextEvent) dispatch(h Handler)              { h.OnText(e) }
func (e *TextDeltaEvent) dispatch(h Handler)         { h.OnTextDelta(e) }
func (e *ThinkingEvent) dispatch(h Handler)          { h.OnThinking(e) }
func (e *ThinkingDeltaEvent) dispatch(h Handler)     { h.OnThinkingDelta(e) }
func (e *ToolUseEvent) dispatch(h Handler)           { h.OnToolUse(e) }
func (e *ToolInputDeltaEvent) dispatch(h Handler)    { h.OnToolInputDelta(e) }
func (e *ToolResultEvent) dispatch(h Handler)        { h.OnToolResult(e) }
func (e *UserEvent) dispatch(h Handler)              { h.OnUser(e) }
func (e *PermissionRequestEvent) dispatch(h Handler) { h.OnPermissionRequest(e) }
func (e *StatusEvent) dispatch(h Handler)            { h.OnStatus(e) }
func (e *SystemEvent) dispatch(h Handler)            { h.OnSystem(e) }
func (e *PartialEvent) dispatch(h Handler)           { h.OnPartial(e) }
func (e *ResultEvent) dispatch(h Handler)            { h.OnResult(e) }
func (e *OtherEvent) dispatch(h Handler)             { h.OnOther(e) }
func (e *UnknownEvent) dispatch(h Handler)           { h.OnUnknown(e) }

// contentText returns a content's text: the string, or the text blocks
// joined by newlines.
func contentText(c protocol.Content) string {
	if !c.IsBlocks() {
		return c.Text
	}
	var texts []string
	for _, b := range c.Blocks {
		if t, ok := b.(*protocol.TextBlock); ok {
			texts = append(texts, t.Text)
		}
	}
	if len(texts) == 1 {
		return texts[0]
	}
	return strings.Join(texts, "\n")
}
