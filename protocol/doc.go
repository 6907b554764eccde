// Package protocol models the Claude Code CLI's stream-json protocol
// (claude -p --input-format stream-json --output-format stream-json
// --verbose): one JSON object per line, on the CLI's stdin and stdout.
//
// [Decode] turns a line into a typed [Message]; [Reader] reads a stream of
// them with no fixed line limit. Decoding is lossless: every message keeps
// its original line ([Message.Raw]), types, subtypes and block kinds the
// model does not know decode to generic values (*UnknownMessage,
// *SystemMessage, *UnknownBlock) rather than errors, and members the model
// does not know are kept at every depth and listed by [UnknownFields], which
// is how drift between CLI versions shows. [Marshal] writes a decoded,
// unmodified message back as the same JSON: same members in the same order,
// same values, null where the line had null.
//
// Messages for the CLI's stdin are built with [NewUserText],
// [NewUserBlocks] and the control request and response constructors.
//
// A stream_event's Messages API event is decoded too ([StreamEvent.Body]),
// down to its content blocks and deltas. The payload of a control response
// depends on the request answered, so it is decoded on demand, typed:
// [SuccessResponse.DecodePayload] reads the initialize answer
// ([InitializeResponse]) and the others; [NewPermissionAllow] and
// [NewPermissionDeny] answer can_use_tool requests. Likewise the
// tool_use_result of a user message carrying a tool_result depends on the
// tool called: [NewToolResult] gives the type by the tool's name and
// [UserMessage.DecodeToolResult] decodes it ([BashToolResult],
// [ReadToolResult], …); a failed call's is a string
// ([UserMessage.ToolResultText]).
//
// Typed fields hold a JSON null as their zero value; the null is written back
// while the field stays zero. Members kept as JSON text (json.RawMessage
// fields such as tool inputs) and strings are views of the message's line
// where possible: treat them as read-only.
//
// The types' struct tags are the model's one source: `json:"key"` names a
// member, `wire:"..."` says how it is written and which union variant a
// struct is (see CONTRIBUTING.md). go generate writes the codec's tables,
// methods and dispatch from them (codec_gen.go), and package
// protocol/schema's description of the model, which the reference and the
// JSON Schema bundles are built from.
package protocol

//go:generate go run ../internal/protogen
