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

// NewPayloadResponse returns a control response answering requestID with a
// typed payload.
func NewPayloadResponse(requestID string, p Payload) *ControlResponse {
	return NewSuccessResponse(requestID, p.encode(nil))
}

// NewPermissionResponse returns the answer to a can_use_tool request.
func NewPermissionResponse(requestID string, r *PermissionResult) *ControlResponse {
	return NewPayloadResponse(requestID, r)
}

// NewPermissionAllow returns the answer letting the tool of a can_use_tool
// request run with updatedInput, applying updatedPermissions (such as the
// request's [CanUseToolRequest.PermissionUpdates] for "always allow"):
//
//	{"type":"control_response","response":{"subtype":"success","request_id":"...","response":{"behavior":"allow","updatedInput":{...}}}}
//
// Pass the request's Input to run the tool unchanged: CLI 2.1.37 denies an
// allow without updatedInput.
func NewPermissionAllow(requestID string, updatedInput json.RawMessage, updatedPermissions ...PermissionUpdate) *ControlResponse {
	return NewPermissionResponse(requestID, &PermissionResult{
		Behavior:           BehaviorAllow,
		UpdatedInput:       updatedInput,
		UpdatedPermissions: updatedPermissions,
	})
}

// NewPermissionDeny returns the answer refusing the tool call of a
// can_use_tool request; message goes to the model as the tool's error, and
// interrupt also stops the turn:
//
//	{"type":"control_response","response":{"subtype":"success","request_id":"...","response":{"behavior":"deny","message":"..."}}}
func NewPermissionDeny(requestID, message string, interrupt bool) *ControlResponse {
	return NewPermissionResponse(requestID, &PermissionResult{
		Behavior:  BehaviorDeny,
		Message:   message,
		Interrupt: interrupt,
	})
}

// NewMCPMessageResponse returns the answer to an mcp_message request:
// the JSON-RPC response of the host's MCP server.
func NewMCPMessageResponse(requestID string, message json.RawMessage) *ControlResponse {
	return NewPayloadResponse(requestID, &MCPMessageResponse{MCPResponse: message})
}

// NewMCPStatusRequest returns an mcp_status request.
func NewMCPStatusRequest(requestID string) *ControlRequest {
	return NewControlRequest(requestID, &MCPStatusRequest{})
}

// NewRewindFilesRequest returns a rewind_files request going back to the
// user message with UUID userMessageID; dryRun only reports what would
// change.
func NewRewindFilesRequest(requestID, userMessageID string, dryRun bool) *ControlRequest {
	return NewControlRequest(requestID, &RewindFilesRequest{UserMessageID: userMessageID, DryRun: dryRun})
}

// NewGetContextUsageRequest returns a get_context_usage request
// (CLI 2.1.330).
func NewGetContextUsageRequest(requestID string) *ControlRequest {
	return NewControlRequest(requestID, &GetContextUsageRequest{})
}

// NewStopTaskRequest returns a stop_task request for a background task
// (CLI 2.1.330).
func NewStopTaskRequest(requestID, taskID string) *ControlRequest {
	return NewControlRequest(requestID, &StopTaskRequest{TaskID: taskID})
}
