package protocol

import (
	"encoding/json"
)

// NewUserText returns a user message whose content is a plain string, the
// form the CLI reads on stdin for a prompt:
//
//	{"type":"user","message":{"role":"user","content":"..."},"parent_tool_use_id":null,"session_id":""}
func NewUserText(text string) *UserMessage {
	return &UserMessage{Message: UserBody{Role: "user", Content: Content{Text: text}}}
}

// NewUserBlocks returns a user message whose content is an array of blocks
// (text, images, tool results).
func NewUserBlocks(blocks ...ContentBlock) *UserMessage {
	if blocks == nil {
		blocks = []ContentBlock{}
	}
	return &UserMessage{Message: UserBody{Role: "user", Content: Content{Blocks: blocks}}}
}

// NewControlRequest returns a control request carrying body.
func NewControlRequest(requestID string, body ControlRequestBody) *ControlRequest {
	return &ControlRequest{RequestID: requestID, Request: body}
}

// NewInitializeRequest returns an initialize request with no hooks, MCP
// servers or agents; set them on the returned request's body.
func NewInitializeRequest(requestID string) *ControlRequest {
	return NewControlRequest(requestID, &InitializeRequest{})
}

// NewInterruptRequest returns an interrupt request.
func NewInterruptRequest(requestID string) *ControlRequest {
	return NewControlRequest(requestID, &InterruptRequest{})
}

// NewSetPermissionModeRequest returns a set_permission_mode request.
func NewSetPermissionModeRequest(requestID string, mode PermissionMode) *ControlRequest {
	return NewControlRequest(requestID, &SetPermissionModeRequest{Mode: mode})
}

// NewSetModelRequest returns a set_model request; an empty model goes back
// to the default.
func NewSetModelRequest(requestID, model string) *ControlRequest {
	return NewControlRequest(requestID, &SetModelRequest{Model: model})
}

// NewSetMaxThinkingTokensRequest returns a set_max_thinking_tokens request;
// zero removes the limit (written as null).
func NewSetMaxThinkingTokensRequest(requestID string, tokens int64) *ControlRequest {
	return NewControlRequest(requestID, &SetMaxThinkingTokensRequest{MaxThinkingTokens: tokens})
}

// NewSuccessResponse returns a control response answering requestID with a
// payload, a JSON object (nil for none).
func NewSuccessResponse(requestID string, payload json.RawMessage) *ControlResponse {
	return &ControlResponse{Response: &SuccessResponse{RequestID: requestID, Response: payload}}
}

// NewErrorResponse returns a control response reporting that requestID
// failed.
func NewErrorResponse(requestID, message string) *ControlResponse {
	return &ControlResponse{Response: &ErrorResponse{RequestID: requestID, Error: message}}
}
