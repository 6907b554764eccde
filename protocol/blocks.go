package protocol

import (
	"encoding/json"
)

// ContentBlock is one block of a message's content. The concrete types are
// *TextBlock, *ThinkingBlock, *RedactedThinkingBlock, *ToolUseBlock,
// *ToolResultBlock, *ImageBlock, *ServerToolUseBlock, *ToolReferenceBlock
// and *UnknownBlock.
type ContentBlock interface {
	// BlockType returns the block's "type".
	BlockType() BlockType
	jsonObject
}

// TextBlock is a text response block: the model's natural-language reply.
type TextBlock struct {
	Text        string          `json:"text" wire:"required"` // the text
	Citations   json.RawMessage `json:"citations"`            // citations backing the text
	objectState `wire:"union=ContentBlock,type=text"`
}

// ThinkingBlock is an extended thinking block: the model's internal
// reasoning. It comes, as its own assistant message, before the text.
type ThinkingBlock struct {
	Thinking    string `json:"thinking" wire:"required"` // the reasoning
	Signature   string `json:"signature"`                // signature the API checks when the block is sent back
	objectState `wire:"union=ContentBlock,type=thinking"`
}

// RedactedThinkingBlock is a thinking block the API encrypted.
type RedactedThinkingBlock struct {
	Data        string `json:"data" wire:"required"` // encrypted reasoning
	objectState `wire:"union=ContentBlock,type=redacted_thinking"`
}

// ToolUseBlock is a tool call block: the model asks for a tool to run.
// Without --dangerously-skip-permissions a denied call gets a tool_result
// with is_error true.
type ToolUseBlock struct {
	ID          string          `json:"id"`                 // call ID, matched by the tool_result's tool_use_id
	Name        string          `json:"name"`               // tool name
	Input       json.RawMessage `json:"input" wire:"input"` // tool parameters, a JSON object
	Caller      json.RawMessage `json:"caller"`             // who made the call, for programmatic tool calling
	objectState `wire:"union=ContentBlock,type=tool_use"`
}

// ToolResultBlock is a tool result block: the CLI reports a tool's result
// with the tool_use_id of the call.
type ToolResultBlock struct {
	ToolUseID   string  `json:"tool_use_id"` // the call this answers
	Content     Content `json:"content"`     // the result: a string or text and image blocks
	IsError     bool    `json:"is_error"`    // the tool failed or permission was denied
	objectState `wire:"union=ContentBlock,type=tool_result"`
}

// ToolReferenceBlock names a deferred tool that a ToolSearch call loaded:
// the tool_result of such a call is a list of them, and the next API
// request carries their schemas (CLI 2.1.330).
type ToolReferenceBlock struct {
	ToolName    string `json:"tool_name"` // the tool loaded
	objectState `wire:"union=ContentBlock,type=tool_reference"`
}

// ImageSource is where an image block's data comes from.
type ImageSource struct {
	Type      string `json:"type"`       // base64 or url
	MediaType string `json:"media_type"` // image/png, image/jpeg...
	Data      string `json:"data"`       // base64 data
	URL       string `json:"url"`        // image URL
	objectState
}

// ImageBlock is an image.
type ImageBlock struct {
	Source      ImageSource `json:"source"` // the image data
	objectState `wire:"union=ContentBlock,type=image"`
}

// ServerToolUseBlock is a call of a tool the API runs itself (web search,
// web fetch, code execution).
type ServerToolUseBlock struct {
	ID          string          `json:"id"`                 // call ID
	Name        string          `json:"name"`               // tool name
	Input       json.RawMessage `json:"input" wire:"input"` // tool parameters
	objectState `wire:"union=ContentBlock,type=server_tool_use"`
}

// UnknownBlock is a block of a type the model does not know. All its
// members other than type are unknown and kept.
type UnknownBlock struct {
	Type        BlockType `json:"type"` // the block's type
	objectState `wire:"union=ContentBlock,fallback"`
}

// inputField is a tool input: kept as JSON text, written as {} when empty.
func inputField[T any](key string, get func(*T) *rawJSON) field[T] {
	f := rawField(key, get)
	f.encode = func(p *T, b, _ []byte) []byte {
		if len(*get(p)) == 0 {
			return append(b, "{}"...)
		}
		return append(b, *get(p)...)
	}
	f.always = true
	return f
}
