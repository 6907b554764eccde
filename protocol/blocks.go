package protocol

import (
	"encoding/json"
)

// ContentBlock is one block of a message's content. The concrete types are
// *TextBlock, *ThinkingBlock, *RedactedThinkingBlock, *ToolUseBlock,
// *ToolResultBlock, *ImageBlock, *ServerToolUseBlock and *UnknownBlock.
type ContentBlock interface {
	// BlockType returns the block's "type".
	BlockType() BlockType
	jsonObject
}

// TextBlock is a text response block: the model's natural-language reply.
type TextBlock struct {
	Text      string          // the text
	Citations json.RawMessage // citations backing the text
	objectState
}

// ThinkingBlock is an extended thinking block: the model's internal
// reasoning. It comes, as its own assistant message, before the text.
type ThinkingBlock struct {
	Thinking  string // the reasoning
	Signature string // signature the API checks when the block is sent back
	objectState
}

// RedactedThinkingBlock is a thinking block the API encrypted.
type RedactedThinkingBlock struct {
	Data string // encrypted reasoning
	objectState
}

// ToolUseBlock is a tool call block: the model asks for a tool to run.
// Without --dangerously-skip-permissions a denied call gets a tool_result
// with is_error true.
type ToolUseBlock struct {
	ID     string          // call ID, matched by the tool_result's tool_use_id
	Name   string          // tool name
	Input  json.RawMessage // tool parameters, a JSON object
	Caller json.RawMessage // who made the call, for programmatic tool calling
	objectState
}

// ToolResultBlock is a tool result block: the CLI reports a tool's result
// with the tool_use_id of the call.
type ToolResultBlock struct {
	ToolUseID string  // the call this answers
	Content   Content // the result: a string or text and image blocks
	IsError   bool    // the tool failed or permission was denied
	objectState
}

// ImageSource is where an image block's data comes from.
type ImageSource struct {
	Type      string // base64 or url
	MediaType string // image/png, image/jpeg...
	Data      string // base64 data
	URL       string // image URL
	objectState
}

// ImageBlock is an image.
type ImageBlock struct {
	Source ImageSource // the image data
	objectState
}

// ServerToolUseBlock is a call of a tool the API runs itself (web search,
// web fetch, code execution).
type ServerToolUseBlock struct {
	ID    string          // call ID
	Name  string          // tool name
	Input json.RawMessage // tool parameters
	objectState
}

// UnknownBlock is a block of a type the model does not know. All its
// members other than type are unknown and kept.
type UnknownBlock struct {
	Type BlockType // the block's type
	objectState
}

// BlockType returns BlockText.
func (*TextBlock) BlockType() BlockType { return BlockText }

// BlockType returns BlockThinking.
func (*ThinkingBlock) BlockType() BlockType { return BlockThinking }

// BlockType returns BlockRedactedThinking.
func (*RedactedThinkingBlock) BlockType() BlockType { return BlockRedactedThinking }

// BlockType returns BlockToolUse.
func (*ToolUseBlock) BlockType() BlockType { return BlockToolUse }

// BlockType returns BlockToolResult.
func (*ToolResultBlock) BlockType() BlockType { return BlockToolResult }

// BlockType returns BlockImage.
func (*ImageBlock) BlockType() BlockType { return BlockImage }

// BlockType returns BlockServerToolUse.
func (*ServerToolUseBlock) BlockType() BlockType { return BlockServerToolUse }

// BlockType returns the block's type as the input gave it.
func (b *UnknownBlock) BlockType() BlockType { return b.Type }

// pickBlock returns an empty block of the type the object at d names.
func pickBlock(d *decoder) (ContentBlock, error) {
	t, _, err := discriminator(d, "type")
	if err != nil {
		return nil, err
	}
	switch BlockType(t) {
	case BlockText:
		return new(TextBlock), nil
	case BlockThinking:
		return new(ThinkingBlock), nil
	case BlockRedactedThinking:
		return new(RedactedThinkingBlock), nil
	case BlockToolUse:
		return new(ToolUseBlock), nil
	case BlockToolResult:
		return new(ToolResultBlock), nil
	case BlockImage:
		return new(ImageBlock), nil
	case BlockServerToolUse:
		return new(ServerToolUseBlock), nil
	}
	return new(UnknownBlock), nil
}

var (
	textBlockTable             *table[TextBlock]
	thinkingBlockTable         *table[ThinkingBlock]
	redactedThinkingBlockTable *table[RedactedThinkingBlock]
	toolUseBlockTable          *table[ToolUseBlock]
	toolResultBlockTable       *table[ToolResultBlock]
	imageSourceTable           *table[ImageSource]
	imageBlockTable            *table[ImageBlock]
	serverToolUseBlockTable    *table[ServerToolUseBlock]
	unknownBlockTable          *table[UnknownBlock]
)

func init() {
	textBlockTable = newTable(
		constField[TextBlock]("type", string(BlockText)),
		requiredStringField("text", func(b *TextBlock) *string { return &b.Text }),
		rawField("citations", func(b *TextBlock) *rawJSON { return &b.Citations }),
	)
	thinkingBlockTable = newTable(
		constField[ThinkingBlock]("type", string(BlockThinking)),
		requiredStringField("thinking", func(b *ThinkingBlock) *string { return &b.Thinking }),
		stringField("signature", func(b *ThinkingBlock) *string { return &b.Signature }),
	)
	redactedThinkingBlockTable = newTable(
		constField[RedactedThinkingBlock]("type", string(BlockRedactedThinking)),
		requiredStringField("data", func(b *RedactedThinkingBlock) *string { return &b.Data }),
	)
	type TU = ToolUseBlock
	toolUseBlockTable = newTable(
		constField[TU]("type", string(BlockToolUse)),
		stringField("id", func(b *TU) *string { return &b.ID }),
		stringField("name", func(b *TU) *string { return &b.Name }),
		inputField("input", func(b *TU) *rawJSON { return &b.Input }),
		rawField("caller", func(b *TU) *rawJSON { return &b.Caller }),
	)
	type TR = ToolResultBlock
	toolResultBlockTable = newTable(
		constField[TR]("type", string(BlockToolResult)),
		stringField("tool_use_id", func(b *TR) *string { return &b.ToolUseID }),
		contentField("content", func(b *TR) *Content { return &b.Content }),
		boolField("is_error", func(b *TR) *bool { return &b.IsError }),
	)
	imageSourceTable = newTable(
		stringField("type", func(s *ImageSource) *string { return &s.Type }),
		stringField("media_type", func(s *ImageSource) *string { return &s.MediaType }),
		stringField("data", func(s *ImageSource) *string { return &s.Data }),
		stringField("url", func(s *ImageSource) *string { return &s.URL }),
	)
	imageBlockTable = newTable(
		constField[ImageBlock]("type", string(BlockImage)),
		objectField[ImageBlock, ImageSource]("source", &imageSourceTable, func(b *ImageBlock) *ImageSource { return &b.Source }),
	)
	type ST = ServerToolUseBlock
	serverToolUseBlockTable = newTable(
		constField[ST]("type", string(BlockServerToolUse)),
		stringField("id", func(b *ST) *string { return &b.ID }),
		stringField("name", func(b *ST) *string { return &b.Name }),
		inputField("input", func(b *ST) *rawJSON { return &b.Input }),
	)
	unknownBlockTable = newTable(
		stringField("type", func(b *UnknownBlock) *BlockType { return &b.Type }),
	)
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

func (b *TextBlock) decode(d *decoder) error {
	return decodeObject(d, textBlockTable, b, &b.objectState)
}
func (b *TextBlock) encode(x []byte) []byte {
	return encodeObject(x, textBlockTable, b, &b.objectState)
}
func (b *TextBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, textBlockTable, b, &b.objectState)
}

func (b *ThinkingBlock) decode(d *decoder) error {
	return decodeObject(d, thinkingBlockTable, b, &b.objectState)
}
func (b *ThinkingBlock) encode(x []byte) []byte {
	return encodeObject(x, thinkingBlockTable, b, &b.objectState)
}
func (b *ThinkingBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, thinkingBlockTable, b, &b.objectState)
}

func (b *RedactedThinkingBlock) decode(d *decoder) error {
	return decodeObject(d, redactedThinkingBlockTable, b, &b.objectState)
}
func (b *RedactedThinkingBlock) encode(x []byte) []byte {
	return encodeObject(x, redactedThinkingBlockTable, b, &b.objectState)
}
func (b *RedactedThinkingBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, redactedThinkingBlockTable, b, &b.objectState)
}

func (b *ToolUseBlock) decode(d *decoder) error {
	return decodeObject(d, toolUseBlockTable, b, &b.objectState)
}
func (b *ToolUseBlock) encode(x []byte) []byte {
	return encodeObject(x, toolUseBlockTable, b, &b.objectState)
}
func (b *ToolUseBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, toolUseBlockTable, b, &b.objectState)
}

func (b *ToolResultBlock) decode(d *decoder) error {
	return decodeObject(d, toolResultBlockTable, b, &b.objectState)
}
func (b *ToolResultBlock) encode(x []byte) []byte {
	return encodeObject(x, toolResultBlockTable, b, &b.objectState)
}
func (b *ToolResultBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, toolResultBlockTable, b, &b.objectState)
}

func (b *ImageBlock) decode(d *decoder) error {
	return decodeObject(d, imageBlockTable, b, &b.objectState)
}
func (b *ImageBlock) encode(x []byte) []byte {
	return encodeObject(x, imageBlockTable, b, &b.objectState)
}
func (b *ImageBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, imageBlockTable, b, &b.objectState)
}

func (b *ServerToolUseBlock) decode(d *decoder) error {
	return decodeObject(d, serverToolUseBlockTable, b, &b.objectState)
}
func (b *ServerToolUseBlock) encode(x []byte) []byte {
	return encodeObject(x, serverToolUseBlockTable, b, &b.objectState)
}
func (b *ServerToolUseBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, serverToolUseBlockTable, b, &b.objectState)
}

func (b *UnknownBlock) decode(d *decoder) error {
	return decodeObject(d, unknownBlockTable, b, &b.objectState)
}
func (b *UnknownBlock) encode(x []byte) []byte {
	return encodeObject(x, unknownBlockTable, b, &b.objectState)
}
func (b *UnknownBlock) walkUnknown(w *unknownWalker) {
	walkObject(w, unknownBlockTable, b, &b.objectState)
}
