package protocol

import (
	"encoding/json"
)

// ControlRequest asks the other end of the pipe to do something and expects
// a ControlResponse with the same request ID. The SDK host sends initialize,
// interrupt, set_permission_mode... on the CLI's stdin; the CLI sends
// can_use_tool, hook_callback and mcp_message on its stdout.
type ControlRequest struct {
	envelope  `wire:"union=Message,type=control_request"`
	RequestID string             `json:"request_id"` // ID the response repeats
	Request   ControlRequestBody `json:"request"`    // what is asked
}

// ControlRequestBody is the body of a control request. The concrete types
// are *InitializeRequest, *InterruptRequest, *SetPermissionModeRequest,
// *SetModelRequest, *SetMaxThinkingTokensRequest, *CanUseToolRequest,
// *HookCallbackRequest, *MCPMessageRequest and *UnknownControlRequest.
//
// Also *MCPStatusRequest, *RewindFilesRequest, *MCPSetServersRequest,
// *MCPReconnectRequest, *MCPToggleRequest, *GetContextUsageRequest,
// *StopTaskRequest, *RenameSessionRequest, *ApplyFlagSettingsRequest,
// *ElicitationRequest and *UserDialogRequest.
//
// Then the requests of CLI 2.1.330's hosts only: *SetColorRequest,
// *GetSessionCostRequest, *ListModelsRequest, *GetUsageRequest,
// *GetBinaryVersionRequest, *MCPCallRequest, *FileSuggestionsRequest,
// *CancelAsyncMessageRequest, *ReadFileRequest, *SeedReadStateRequest,
// *RegisterRepoRootRequest, *ReloadPluginsRequest, *ReloadSkillsRequest,
// *ReloadOutputStylesRequest, *SetHasSubscribersRequest,
// *BackgroundTasksRequest, *GetTaskOutputRequest, *GetSettingsRequest,
// *GetHooksListingRequest, *UpdateSettingsRequest,
// *ListPermissionRulesRequest and *MCPReadResourceRequest.
type ControlRequestBody interface {
	// ControlSubtype returns the body's "subtype".
	ControlSubtype() ControlSubtype
	jsonObject
}

// InitializeRequest starts an SDK session (initialize).
type InitializeRequest struct {
	Hooks                  json.RawMessage `json:"hooks"`                  // hook callbacks by event
	SDKMCPServers          []string        `json:"sdkMcpServers"`          // MCP servers the host runs in-process
	JSONSchema             json.RawMessage `json:"jsonSchema"`             // schema structured output must match
	SystemPrompt           json.RawMessage `json:"systemPrompt"`           // system prompt: a string (2.1.37) or strings (2.1.330)
	AppendSystemPrompt     string          `json:"appendSystemPrompt"`     // text appended to the system prompt
	Agents                 json.RawMessage `json:"agents"`                 // subagent definitions by name
	SDKMCPServerConfigs    json.RawMessage `json:"sdkMcpServerConfigs"`    // settings of the host's MCP servers by name: timeout, tool policies (CLI 2.1.330)
	Title                  string          `json:"title"`                  // session title; skips title generation (CLI 2.1.330)
	Skills                 []string        `json:"skills"`                 // the only skills to load (CLI 2.1.330)
	PromptSuggestions      bool            `json:"promptSuggestions"`      // emit prompt_suggestion messages (CLI 2.1.330)
	AgentProgressSummaries bool            `json:"agentProgressSummaries"` // summarize subagents' progress (CLI 2.1.330)
	ForwardSubagentText    bool            `json:"forwardSubagentText"`    // forward subagents' text (CLI 2.1.330)
	SupportedDialogKinds   []string        `json:"supportedDialogKinds"`   // request_user_dialog kinds the host can show (CLI 2.1.330)
	PerTaskStopAffordance  bool            `json:"perTaskStopAffordance"`  // the host can stop single background tasks with stop_task (CLI 2.1.330)
	Plugins                json.RawMessage `json:"plugins"`                // plugins to load: [{"type":"local","path":...}] (CLI 2.1.330)
	MCPServers             json.RawMessage `json:"mcpServers"`             // MCP servers for the CLI to run or connect to, by name (CLI 2.1.330)
	PlanModeInstructions   string          `json:"planModeInstructions"`   // workflow body of the plan-mode reminder (CLI 2.1.124)
	ToolAliases            json.RawMessage `json:"toolAliases"`            // tool names the model may emit for others, alias to tool (CLI 2.1.149)
	ExcludeDynamicSections bool            `json:"excludeDynamicSections"` // keep per-user sections out of the default system prompt (CLI 2.1.100)
	SystemPromptSnapshot   json.RawMessage `json:"systemPromptSnapshot"`   // true or false: record the system prompt once and reuse it (CLI 2.1.268)
	ManagedSettings        json.RawMessage `json:"managedSettings"`        // the host's managed settings, with --managed-settings-in-initialize (CLI 2.1.323)
	objectState            `wire:"union=ControlRequestBody,subtype=initialize"`
}

// InterruptRequest stops the running turn (interrupt).
type InterruptRequest struct {
	CancelQueued bool `json:"cancel_queued"` // also cancel the user messages queued for later turns (CLI 2.1.330)
	objectState  `wire:"union=ControlRequestBody,subtype=interrupt"`
}

// SetPermissionModeRequest changes the permission mode
// (set_permission_mode); the answer is a [SetPermissionModeResponse].
type SetPermissionModeRequest struct {
	Mode        PermissionMode `json:"mode" wire:"required"` // the new mode
	objectState `wire:"union=ControlRequestBody,subtype=set_permission_mode"`
}

// SetModelRequest changes the model (set_model); the answer is a
// [SetModelResponse]. An empty Model goes back to the default.
type SetModelRequest struct {
	Model       string `json:"model"` // the new model
	objectState `wire:"union=ControlRequestBody,subtype=set_model"`
}

// SetMaxThinkingTokensRequest changes the thinking budget
// (set_max_thinking_tokens). Zero (null) removes the limit.
type SetMaxThinkingTokensRequest struct {
	MaxThinkingTokens int64  `json:"max_thinking_tokens" wire:"nullable"` // the new budget
	ThinkingDisplay   string `json:"thinking_display"`                    // how thinking is shown: summarized, omitted or highlights (CLI 2.1.330)
	objectState       `wire:"union=ControlRequestBody,subtype=set_max_thinking_tokens"`
}

// CanUseToolRequest asks the host whether a tool may run (can_use_tool).
type CanUseToolRequest struct {
	ToolName                string          `json:"tool_name"`                  // tool to run
	Input                   json.RawMessage `json:"input" wire:"input"`         // the call's input
	PermissionSuggestions   json.RawMessage `json:"permission_suggestions"`     // permission updates the host could apply
	BlockedPath             string          `json:"blocked_path"`               // path that triggered the question
	DecisionReason          string          `json:"decision_reason"`            // why the CLI asks
	ToolUseID               string          `json:"tool_use_id"`                // the call
	AgentID                 string          `json:"agent_id"`                   // subagent making the call
	Description             string          `json:"description"`                // human-readable description of the call
	MCPServer               json.RawMessage `json:"mcp_server"`                 // the MCP server of an MCP tool (CLI 2.1.330)
	DecisionReasonType      string          `json:"decision_reason_type"`       // what made the CLI ask: rule, mode, hook, safetyCheck, classifier... (CLI 2.1.330)
	ClassifierApprovable    bool            `json:"classifier_approvable"`      // every safety check involved may be approved automatically (CLI 2.1.330)
	SuppressAlwaysAllowRule bool            `json:"suppress_always_allow_rule"` // offer no "don't ask again" choice (CLI 2.1.330)
	DefaultToNo             bool            `json:"default_to_no"`              // do not preselect approval (CLI 2.1.330)
	MatchedAskRule          json.RawMessage `json:"matched_ask_rule"`           // the ask rule that forced the question: source, tool_name, rule_content (CLI 2.1.330)
	Title                   string          `json:"title"`                      // title for the permission dialog (CLI 2.1.330)
	DisplayName             string          `json:"display_name"`               // short label of the tool (CLI 2.1.330)
	RequiresUserInteraction bool            `json:"requires_user_interaction"`  // only a person may answer, no one-tap approval (CLI 2.1.330)
	ServerPolicyAskOnly     bool            `json:"server_policy_ask_only"`     // nothing asks a person about this call but the question for a tool no rule allows, or a tool policy the host set: no other ask rule, hook or policy (CLI 2.1.327; not in the recordings of later versions)
	objectState             `wire:"union=ControlRequestBody,subtype=can_use_tool"`
}

// HookCallbackRequest runs a hook callback the host registered
// (hook_callback).
type HookCallbackRequest struct {
	CallbackID  string          `json:"callback_id"` // callback to run
	Input       json.RawMessage `json:"input"`       // hook input
	ToolUseID   string          `json:"tool_use_id"` // the tool call the hook is about
	objectState `wire:"union=ControlRequestBody,subtype=hook_callback"`
}

// MCPMessageRequest carries a JSON-RPC message for an MCP server the host
// runs (mcp_message).
type MCPMessageRequest struct {
	ServerName  string          `json:"server_name"` // the server
	Message     json.RawMessage `json:"message"`     // the JSON-RPC message
	objectState `wire:"union=ControlRequestBody,subtype=mcp_message"`
}

// UnknownControlRequest is a control request of a subtype the model has no
// type for. All its members other than subtype are unknown and kept.
type UnknownControlRequest struct {
	Subtype     ControlSubtype `json:"subtype"` // the subtype
	objectState `wire:"union=ControlRequestBody,fallback"`
}

// ControlResponse answers a control request.
type ControlResponse struct {
	envelope `wire:"union=Message,type=control_response"`
	Response ControlResponseBody `json:"response"` // the answer
}

// ControlResponseBody is the body of a control response: *SuccessResponse,
// *ErrorResponse or *UnknownControlResponse.
type ControlResponseBody interface {
	// ControlSubtype returns the body's "subtype".
	ControlSubtype() ControlSubtype
	// ControlRequestID returns the ID of the request answered.
	ControlRequestID() string
	jsonObject
}

// SuccessResponse answers a control request that succeeded. Read its
// payload typed with [SuccessResponse.DecodePayload].
type SuccessResponse struct {
	RequestID                  string           `json:"request_id" wire:"required"`   // the request answered
	Response                   json.RawMessage  `json:"response"`                     // the payload, a JSON object; empty when none
	PendingPermissionRequests  []ControlRequest `json:"pending_permission_requests"`  // can_use_tool requests still unanswered, on an initialize answer (CLI 2.1.330)
	PendingUserDialogRequests  []ControlRequest `json:"pending_user_dialog_requests"` // request_user_dialog requests still unanswered, on an initialize answer (CLI 2.1.330)
	PendingElicitationRequests []ControlRequest `json:"pending_elicitation_requests"` // elicitation requests still unanswered, on an initialize answer (CLI 2.1.330)
	objectState                `wire:"union=ControlResponseBody,subtype=success"`
}

// ErrorResponse answers a control request that failed.
type ErrorResponse struct {
	RequestID                  string           `json:"request_id" wire:"required"`   // the request answered
	Error                      string           `json:"error" wire:"required"`        // what went wrong
	ErrorCode                  string           `json:"error_code"`                   // machine-readable cause, e.g. unsupported_request for an unknown subtype (CLI 2.1.330)
	PendingPermissionRequests  []ControlRequest `json:"pending_permission_requests"`  // can_use_tool requests still unanswered (CLI 2.1.330)
	PendingUserDialogRequests  []ControlRequest `json:"pending_user_dialog_requests"` // request_user_dialog requests still unanswered (CLI 2.1.330)
	PendingElicitationRequests []ControlRequest `json:"pending_elicitation_requests"` // elicitation requests still unanswered (CLI 2.1.330)
	objectState                `wire:"union=ControlResponseBody,subtype=error"`
}

// UnknownControlResponse is a control response of a subtype the model does
// not know. All its members other than subtype and request_id are unknown
// and kept.
type UnknownControlResponse struct {
	Subtype     ControlSubtype `json:"subtype"`    // the subtype
	RequestID   string         `json:"request_id"` // the request answered
	objectState `wire:"union=ControlResponseBody,fallback"`
}

// ControlCancelRequest cancels a control request still open
// (control_cancel_request).
type ControlCancelRequest struct {
	envelope  `wire:"union=Message,type=control_cancel_request"`
	RequestID string `json:"request_id"` // the request cancelled
}

// ControlRequestID returns the ID of the request answered.
func (r *SuccessResponse) ControlRequestID() string { return r.RequestID }

// ControlRequestID returns the ID of the request answered.
func (r *ErrorResponse) ControlRequestID() string { return r.RequestID }

// ControlRequestID returns the ID of the request answered.
func (r *UnknownControlResponse) ControlRequestID() string { return r.RequestID }
