package claude

import (
	"strings"

	"github.com/ccwire/ccwire/protocol"
)

// maxPendingToolUses bounds how many unanswered tool calls a translator
// remembers; past it, the calls still open when a turn ends are forgotten.
const maxPendingToolUses = 1024

// translator turns messages into events. It remembers the tool calls not
// answered yet, so that results name their call, and assembles streamed
// blocks. It is not safe for concurrent use.
type translator struct {
	toolUses map[string]*ToolUseEvent
	blocks   map[blockKey]*partialBlock
}

// blockKey identifies a block being streamed: subagents stream their own
// responses, so the index alone is not enough.
type blockKey struct {
	parent string
	index  int64
}

// partialBlock is a block being streamed. Its builder only ever grows, so
// the strings taken from it stay valid and need no copy.
type partialBlock struct {
	kind     protocol.BlockType
	id, name string
	text     strings.Builder
}

func newTranslator() *translator {
	return &translator{
		toolUses: make(map[string]*ToolUseEvent),
		blocks:   make(map[blockKey]*partialBlock),
	}
}

// events appends the events of m to dst and returns it. Every message gives
// at least one event, except an assistant or user message without content.
func (t *translator) events(dst []Event, m protocol.Message) []Event {
	switch m := m.(type) {
	case *protocol.AssistantMessage:
		return t.assistant(dst, m)
	case *protocol.UserMessage:
		return t.user(dst, m)
	case *protocol.StreamEvent:
		return t.stream(dst, m)
	case *protocol.ResultMessage:
		if len(t.toolUses) > maxPendingToolUses {
			clear(t.toolUses)
		}
		return append(dst, &ResultEvent{Result: m})
	case *protocol.SystemInit:
		return append(dst, &InitEvent{Init: m})
	case *protocol.SystemStatus:
		return append(dst, &StatusEvent{Status: m})
	case *protocol.ControlRequest:
		if r, ok := m.Request.(*protocol.CanUseToolRequest); ok {
			return append(dst, &PermissionRequestEvent{RequestID: m.RequestID, Request: r, ToolUse: t.toolUses[r.ToolUseID], Message: m})
		}
		return append(dst, &OtherEvent{Message: m})
	case *protocol.UnknownMessage:
		return append(dst, &UnknownEvent{Message: m})
	}
	if m.MessageType() == protocol.TypeSystem {
		return append(dst, &SystemEvent{Subtype: protocol.SubtypeOf(m), Message: m})
	}
	return append(dst, &OtherEvent{Message: m})
}

func (t *translator) assistant(dst []Event, m *protocol.AssistantMessage) []Event {
	parent := m.ParentToolUseID
	for _, b := range m.Message.Content {
		switch b := b.(type) {
		case *protocol.TextBlock:
			dst = append(dst, &TextEvent{Text: b.Text, ParentToolUseID: parent, Block: b, Message: m})
		case *protocol.ThinkingBlock:
			dst = append(dst, &ThinkingEvent{Thinking: b.Thinking, ParentToolUseID: parent, Block: b, Message: m})
		case *protocol.RedactedThinkingBlock:
			dst = append(dst, &ThinkingEvent{Redacted: true, ParentToolUseID: parent, Block: b, Message: m})
		case *protocol.ToolUseBlock:
			ev := &ToolUseEvent{ID: b.ID, Name: b.Name, Input: b.Input, ParentToolUseID: parent, Block: b, Message: m}
			t.toolUses[b.ID] = ev
			dst = append(dst, ev)
		case *protocol.ServerToolUseBlock:
			ev := &ToolUseEvent{ID: b.ID, Name: b.Name, Input: b.Input, Server: true, ParentToolUseID: parent, Block: b, Message: m}
			t.toolUses[b.ID] = ev
			dst = append(dst, ev)
		default:
			dst = append(dst, &OtherEvent{Message: m})
		}
	}
	return dst
}

func (t *translator) user(dst []Event, m *protocol.UserMessage) []Event {
	c := m.Message.Content
	if !c.IsBlocks() {
		if c.Text == "" {
			return dst
		}
		return append(dst, &UserEvent{Text: c.Text, Message: m})
	}
	other := false
	for _, b := range c.Blocks {
		r, ok := b.(*protocol.ToolResultBlock)
		if !ok {
			other = true
			continue
		}
		use := t.toolUses[r.ToolUseID]
		delete(t.toolUses, r.ToolUseID)
		dst = append(dst, &ToolResultEvent{
			ToolUseID: r.ToolUseID, Text: contentText(r.Content), Content: r.Content, IsError: r.IsError, ToolUse: use,
			ParentToolUseID: m.ParentToolUseID, Block: r, Message: m,
		})
	}
	if other {
		dst = append(dst, &UserEvent{Text: contentText(c), Message: m})
	}
	return dst
}

func (t *translator) stream(dst []Event, m *protocol.StreamEvent) []Event {
	parent := m.ParentToolUseID
	switch e := m.Body.(type) {
	case *protocol.MessageStartEvent:
		for k := range t.blocks {
			if k.parent == parent {
				delete(t.blocks, k)
			}
		}
	case *protocol.ContentBlockStartEvent:
		b := &partialBlock{}
		switch cb := e.ContentBlock.(type) {
		case *protocol.TextBlock:
			b.kind = protocol.BlockText
			b.text.WriteString(cb.Text)
		case *protocol.ThinkingBlock:
			b.kind = protocol.BlockThinking
			b.text.WriteString(cb.Thinking)
		case *protocol.ToolUseBlock:
			b.kind, b.id, b.name = protocol.BlockToolUse, cb.ID, cb.Name
		case *protocol.ServerToolUseBlock:
			b.kind, b.id, b.name = protocol.BlockServerToolUse, cb.ID, cb.Name
		default:
			if cb != nil {
				b.kind = cb.BlockType()
			}
		}
		t.blocks[blockKey{parent, e.Index}] = b
	case *protocol.ContentBlockDeltaEvent:
		b := t.blocks[blockKey{parent, e.Index}]
		if b == nil {
			// A delta without its start (the client joined mid-stream):
			// assemble from here.
			b = &partialBlock{}
			t.blocks[blockKey{parent, e.Index}] = b
		}
		switch d := e.Delta.(type) {
		case *protocol.TextDelta:
			b.text.WriteString(d.Text)
			return append(dst, &TextDeltaEvent{Index: e.Index, Delta: d.Text, Text: b.text.String(), ParentToolUseID: parent, Message: m})
		case *protocol.ThinkingDelta:
			b.text.WriteString(d.Thinking)
			return append(dst, &ThinkingDeltaEvent{Index: e.Index, Delta: d.Thinking, Thinking: b.text.String(), ParentToolUseID: parent, Message: m})
		case *protocol.InputJSONDelta:
			b.text.WriteString(d.PartialJSON)
			return append(dst, &ToolInputDeltaEvent{Index: e.Index, ID: b.id, Name: b.name, Delta: d.PartialJSON, Input: b.text.String(), ParentToolUseID: parent, Message: m})
		}
	case *protocol.ContentBlockStopEvent:
		delete(t.blocks, blockKey{parent, e.Index})
	}
	return append(dst, &PartialEvent{Message: m})
}
