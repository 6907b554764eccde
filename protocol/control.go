package protocol

import (
	"encoding/json"
)

// ControlRequest asks the other end of the pipe to do something and expects
// a ControlResponse with the same request ID. The SDK host sends initialize,
// interrupt, set_permission_mode... on the CLI's stdin; the CLI sends
// can_use_tool, hook_callback and mcp_message on its stdout.
type ControlRequest struct {
	envelope
	RequestID string             // ID the response repeats
	Request   ControlRequestBody // what is asked
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
	Hooks                  json.RawMessage // hook callbacks by event
	SDKMCPServers          []string        // MCP servers the host runs in-process
	JSONSchema             json.RawMessage // schema structured output must match
	SystemPrompt           json.RawMessage // system prompt: a string (2.1.37) or strings (2.1.330)
	AppendSystemPrompt     string          // text appended to the system prompt
	Agents                 json.RawMessage // subagent definitions by name
	SDKMCPServerConfigs    json.RawMessage // settings of the host's MCP servers by name: timeout, tool policies (CLI 2.1.330)
	Title                  string          // session title; skips title generation (CLI 2.1.330)
	Skills                 []string        // the only skills to load (CLI 2.1.330)
	PromptSuggestions      bool            // emit prompt_suggestion messages (CLI 2.1.330)
	AgentProgressSummaries bool            // summarize subagents' progress (CLI 2.1.330)
	ForwardSubagentText    bool            // forward subagents' text (CLI 2.1.330)
	SupportedDialogKinds   []string        // request_user_dialog kinds the host can show (CLI 2.1.330)
	PerTaskStopAffordance  bool            // the host can stop single background tasks with stop_task (CLI 2.1.330)
	Plugins                json.RawMessage // plugins to load: [{"type":"local","path":...}] (CLI 2.1.330)
	MCPServers             json.RawMessage // MCP servers for the CLI to run or connect to, by name (CLI 2.1.330)
	objectState
}

// InterruptRequest stops the running turn (interrupt).
type InterruptRequest struct {
	CancelQueued bool // also cancel the user messages queued for later turns (CLI 2.1.330)
	objectState
}

// SetPermissionModeRequest changes the permission mode
// (set_permission_mode); the answer is a [SetPermissionModeResponse].
type SetPermissionModeRequest struct {
	Mode PermissionMode // the new mode
	objectState
}

// SetModelRequest changes the model (set_model); the answer is a
// [SetModelResponse]. An empty Model goes back to the default.
type SetModelRequest struct {
	Model string // the new model
	objectState
}

// SetMaxThinkingTokensRequest changes the thinking budget
// (set_max_thinking_tokens). Zero (null) removes the limit.
type SetMaxThinkingTokensRequest struct {
	MaxThinkingTokens int64  // the new budget
	ThinkingDisplay   string // how thinking is shown: summarized, omitted or highlights (CLI 2.1.330)
	objectState
}

// CanUseToolRequest asks the host whether a tool may run (can_use_tool).
type CanUseToolRequest struct {
	ToolName                string          // tool to run
	Input                   json.RawMessage // the call's input
	PermissionSuggestions   json.RawMessage // permission updates the host could apply
	BlockedPath             string          // path that triggered the question
	DecisionReason          string          // why the CLI asks
	ToolUseID               string          // the call
	AgentID                 string          // subagent making the call
	Description             string          // human-readable description of the call
	MCPServer               json.RawMessage // the MCP server of an MCP tool (CLI 2.1.330)
	DecisionReasonType      string          // what made the CLI ask: rule, mode, hook, safetyCheck, classifier... (CLI 2.1.330)
	ClassifierApprovable    bool            // every safety check involved may be approved automatically (CLI 2.1.330)
	SuppressAlwaysAllowRule bool            // offer no "don't ask again" choice (CLI 2.1.330)
	DefaultToNo             bool            // do not preselect approval (CLI 2.1.330)
	MatchedAskRule          json.RawMessage // the ask rule that forced the question: source, tool_name, rule_content (CLI 2.1.330)
	Title                   string          // title for the permission dialog (CLI 2.1.330)
	DisplayName             string          // short label of the tool (CLI 2.1.330)
	RequiresUserInteraction bool            // only a person may answer, no one-tap approval (CLI 2.1.330)
	objectState
}

// HookCallbackRequest runs a hook callback the host registered
// (hook_callback).
type HookCallbackRequest struct {
	CallbackID string          // callback to run
	Input      json.RawMessage // hook input
	ToolUseID  string          // the tool call the hook is about
	objectState
}

// MCPMessageRequest carries a JSON-RPC message for an MCP server the host
// runs (mcp_message).
type MCPMessageRequest struct {
	ServerName string          // the server
	Message    json.RawMessage // the JSON-RPC message
	objectState
}

// UnknownControlRequest is a control request of a subtype the model has no
// type for. All its members other than subtype are unknown and kept.
type UnknownControlRequest struct {
	Subtype ControlSubtype // the subtype
	objectState
}

// ControlResponse answers a control request.
type ControlResponse struct {
	envelope
	Response ControlResponseBody // the answer
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
	RequestID                  string           // the request answered
	Response                   json.RawMessage  // the payload, a JSON object; empty when none
	PendingPermissionRequests  []ControlRequest // can_use_tool requests still unanswered, on an initialize answer (CLI 2.1.330)
	PendingUserDialogRequests  []ControlRequest // request_user_dialog requests still unanswered, on an initialize answer (CLI 2.1.330)
	PendingElicitationRequests []ControlRequest // elicitation requests still unanswered, on an initialize answer (CLI 2.1.330)
	objectState
}

// ErrorResponse answers a control request that failed.
type ErrorResponse struct {
	RequestID                  string           // the request answered
	Error                      string           // what went wrong
	ErrorCode                  string           // machine-readable cause, e.g. unsupported_request for an unknown subtype (CLI 2.1.330)
	PendingPermissionRequests  []ControlRequest // can_use_tool requests still unanswered (CLI 2.1.330)
	PendingUserDialogRequests  []ControlRequest // request_user_dialog requests still unanswered (CLI 2.1.330)
	PendingElicitationRequests []ControlRequest // elicitation requests still unanswered (CLI 2.1.330)
	objectState
}

// UnknownControlResponse is a control response of a subtype the model does
// not know. All its members other than subtype and request_id are unknown
// and kept.
type UnknownControlResponse struct {
	Subtype   ControlSubtype // the subtype
	RequestID string         // the request answered
	objectState
}

// ControlCancelRequest cancels a control request still open
// (control_cancel_request).
type ControlCancelRequest struct {
	envelope
	RequestID string // the request cancelled
}

// MessageType returns TypeControlRequest.
func (*ControlRequest) MessageType() Type { return TypeControlRequest }

// MessageType returns TypeControlResponse.
func (*ControlResponse) MessageType() Type { return TypeControlResponse }

// MessageType returns TypeControlCancelRequest.
func (*ControlCancelRequest) MessageType() Type { return TypeControlCancelRequest }

// ControlSubtype returns ControlInitialize.
func (*InitializeRequest) ControlSubtype() ControlSubtype { return ControlInitialize }

// ControlSubtype returns ControlInterrupt.
func (*InterruptRequest) ControlSubtype() ControlSubtype { return ControlInterrupt }

// ControlSubtype returns ControlSetPermissionMode.
func (*SetPermissionModeRequest) ControlSubtype() ControlSubtype { return ControlSetPermissionMode }

// ControlSubtype returns ControlSetModel.
func (*SetModelRequest) ControlSubtype() ControlSubtype { return ControlSetModel }

// ControlSubtype returns ControlSetMaxThinkingTokens.
func (*SetMaxThinkingTokensRequest) ControlSubtype() ControlSubtype {
	return ControlSetMaxThinkingTokens
}

// ControlSubtype returns ControlCanUseTool.
func (*CanUseToolRequest) ControlSubtype() ControlSubtype { return ControlCanUseTool }

// ControlSubtype returns ControlHookCallback.
func (*HookCallbackRequest) ControlSubtype() ControlSubtype { return ControlHookCallback }

// ControlSubtype returns ControlMCPMessage.
func (*MCPMessageRequest) ControlSubtype() ControlSubtype { return ControlMCPMessage }

// ControlSubtype returns the subtype as the input gave it.
func (r *UnknownControlRequest) ControlSubtype() ControlSubtype { return r.Subtype }

// ControlSubtype returns ControlSuccess.
func (*SuccessResponse) ControlSubtype() ControlSubtype { return ControlSuccess }

// ControlSubtype returns ControlError.
func (*ErrorResponse) ControlSubtype() ControlSubtype { return ControlError }

// ControlSubtype returns the subtype as the input gave it.
func (r *UnknownControlResponse) ControlSubtype() ControlSubtype { return r.Subtype }

// ControlRequestID returns the ID of the request answered.
func (r *SuccessResponse) ControlRequestID() string { return r.RequestID }

// ControlRequestID returns the ID of the request answered.
func (r *ErrorResponse) ControlRequestID() string { return r.RequestID }

// ControlRequestID returns the ID of the request answered.
func (r *UnknownControlResponse) ControlRequestID() string { return r.RequestID }

func pickControlRequest(d *decoder) (ControlRequestBody, error) {
	s, _, err := discriminator(d, "subtype")
	if err != nil {
		return nil, err
	}
	switch ControlSubtype(s) {
	case ControlInitialize:
		return new(InitializeRequest), nil
	case ControlInterrupt:
		return new(InterruptRequest), nil
	case ControlSetPermissionMode:
		return new(SetPermissionModeRequest), nil
	case ControlSetModel:
		return new(SetModelRequest), nil
	case ControlSetMaxThinkingTokens:
		return new(SetMaxThinkingTokensRequest), nil
	case ControlCanUseTool:
		return new(CanUseToolRequest), nil
	case ControlHookCallback:
		return new(HookCallbackRequest), nil
	case ControlMCPMessage:
		return new(MCPMessageRequest), nil
	}
	if r := pickOtherControlRequest(ControlSubtype(s)); r != nil {
		return r, nil
	}
	return new(UnknownControlRequest), nil
}

func pickControlResponse(d *decoder) (ControlResponseBody, error) {
	s, _, err := discriminator(d, "subtype")
	if err != nil {
		return nil, err
	}
	switch ControlSubtype(s) {
	case ControlSuccess:
		return new(SuccessResponse), nil
	case ControlError:
		return new(ErrorResponse), nil
	}
	return new(UnknownControlResponse), nil
}

var (
	controlRequestTable         *table[ControlRequest]
	controlResponseTable        *table[ControlResponse]
	controlCancelRequestTable   *table[ControlCancelRequest]
	initializeRequestTable      *table[InitializeRequest]
	interruptRequestTable       *table[InterruptRequest]
	setPermissionModeTable      *table[SetPermissionModeRequest]
	setModelTable               *table[SetModelRequest]
	setMaxThinkingTokensTable   *table[SetMaxThinkingTokensRequest]
	canUseToolTable             *table[CanUseToolRequest]
	hookCallbackTable           *table[HookCallbackRequest]
	mcpMessageTable             *table[MCPMessageRequest]
	unknownControlRequestTable  *table[UnknownControlRequest]
	successResponseTable        *table[SuccessResponse]
	errorResponseTable          *table[ErrorResponse]
	unknownControlResponseTable *table[UnknownControlResponse]
)

func init() {
	type CR = ControlRequest
	controlRequestTable = newTable(
		constField[CR]("type", string(TypeControlRequest)),
		stringField("request_id", func(m *CR) *string { return &m.RequestID }),
		variantField("request", func(m *CR) *ControlRequestBody { return &m.Request }, pickControlRequest),
	)
	type CS = ControlResponse
	controlResponseTable = newTable(
		constField[CS]("type", string(TypeControlResponse)),
		variantField("response", func(m *CS) *ControlResponseBody { return &m.Response }, pickControlResponse),
	)
	type CC = ControlCancelRequest
	controlCancelRequestTable = newTable(
		constField[CC]("type", string(TypeControlCancelRequest)),
		stringField("request_id", func(m *CC) *string { return &m.RequestID }),
	)

	type IR = InitializeRequest
	initializeRequestTable = newTable(
		constField[IR]("subtype", string(ControlInitialize)),
		rawField("hooks", func(r *IR) *rawJSON { return &r.Hooks }),
		stringsField("sdkMcpServers", func(r *IR) *[]string { return &r.SDKMCPServers }),
		rawField("jsonSchema", func(r *IR) *rawJSON { return &r.JSONSchema }),
		rawField("systemPrompt", func(r *IR) *rawJSON { return &r.SystemPrompt }),
		stringField("appendSystemPrompt", func(r *IR) *string { return &r.AppendSystemPrompt }),
		rawField("agents", func(r *IR) *rawJSON { return &r.Agents }),
		rawField("sdkMcpServerConfigs", func(r *IR) *rawJSON { return &r.SDKMCPServerConfigs }),
		stringField("title", func(r *IR) *string { return &r.Title }),
		stringsField("skills", func(r *IR) *[]string { return &r.Skills }),
		boolField("promptSuggestions", func(r *IR) *bool { return &r.PromptSuggestions }),
		boolField("agentProgressSummaries", func(r *IR) *bool { return &r.AgentProgressSummaries }),
		boolField("forwardSubagentText", func(r *IR) *bool { return &r.ForwardSubagentText }),
		stringsField("supportedDialogKinds", func(r *IR) *[]string { return &r.SupportedDialogKinds }),
		boolField("perTaskStopAffordance", func(r *IR) *bool { return &r.PerTaskStopAffordance }),
		rawField("plugins", func(r *IR) *rawJSON { return &r.Plugins }),
		rawField("mcpServers", func(r *IR) *rawJSON { return &r.MCPServers }),
	)
	interruptRequestTable = newTable(
		constField[InterruptRequest]("subtype", string(ControlInterrupt)),
		boolField("cancel_queued", func(r *InterruptRequest) *bool { return &r.CancelQueued }),
	)
	setPermissionModeTable = newTable(
		constField[SetPermissionModeRequest]("subtype", string(ControlSetPermissionMode)),
		requiredStringField("mode", func(r *SetPermissionModeRequest) *PermissionMode { return &r.Mode }),
	)
	setModelTable = newTable(
		constField[SetModelRequest]("subtype", string(ControlSetModel)),
		stringField("model", func(r *SetModelRequest) *string { return &r.Model }),
	)
	setMaxThinkingTokensTable = newTable(
		constField[SetMaxThinkingTokensRequest]("subtype", string(ControlSetMaxThinkingTokens)),
		nullableIntField("max_thinking_tokens", func(r *SetMaxThinkingTokensRequest) *int64 { return &r.MaxThinkingTokens }),
		stringField("thinking_display", func(r *SetMaxThinkingTokensRequest) *string { return &r.ThinkingDisplay }),
	)
	type CU = CanUseToolRequest
	canUseToolTable = newTable(
		constField[CU]("subtype", string(ControlCanUseTool)),
		stringField("tool_name", func(r *CU) *string { return &r.ToolName }),
		inputField("input", func(r *CU) *rawJSON { return &r.Input }),
		rawField("permission_suggestions", func(r *CU) *rawJSON { return &r.PermissionSuggestions }),
		stringField("blocked_path", func(r *CU) *string { return &r.BlockedPath }),
		stringField("decision_reason", func(r *CU) *string { return &r.DecisionReason }),
		stringField("tool_use_id", func(r *CU) *string { return &r.ToolUseID }),
		stringField("agent_id", func(r *CU) *string { return &r.AgentID }),
		stringField("description", func(r *CU) *string { return &r.Description }),
		rawField("mcp_server", func(r *CU) *rawJSON { return &r.MCPServer }),
		stringField("decision_reason_type", func(r *CU) *string { return &r.DecisionReasonType }),
		boolField("classifier_approvable", func(r *CU) *bool { return &r.ClassifierApprovable }),
		boolField("suppress_always_allow_rule", func(r *CU) *bool { return &r.SuppressAlwaysAllowRule }),
		boolField("default_to_no", func(r *CU) *bool { return &r.DefaultToNo }),
		rawField("matched_ask_rule", func(r *CU) *rawJSON { return &r.MatchedAskRule }),
		stringField("title", func(r *CU) *string { return &r.Title }),
		stringField("display_name", func(r *CU) *string { return &r.DisplayName }),
		boolField("requires_user_interaction", func(r *CU) *bool { return &r.RequiresUserInteraction }),
	)
	type HC = HookCallbackRequest
	hookCallbackTable = newTable(
		constField[HC]("subtype", string(ControlHookCallback)),
		stringField("callback_id", func(r *HC) *string { return &r.CallbackID }),
		rawField("input", func(r *HC) *rawJSON { return &r.Input }),
		stringField("tool_use_id", func(r *HC) *string { return &r.ToolUseID }),
	)
	type MM = MCPMessageRequest
	mcpMessageTable = newTable(
		constField[MM]("subtype", string(ControlMCPMessage)),
		stringField("server_name", func(r *MM) *string { return &r.ServerName }),
		rawField("message", func(r *MM) *rawJSON { return &r.Message }),
	)
	unknownControlRequestTable = newTable(
		stringField("subtype", func(r *UnknownControlRequest) *ControlSubtype { return &r.Subtype }),
	)
	type SR = SuccessResponse
	successResponseTable = newTable(
		constField[SR]("subtype", string(ControlSuccess)),
		requiredStringField("request_id", func(r *SR) *string { return &r.RequestID }),
		rawField("response", func(r *SR) *rawJSON { return &r.Response }),
		objectsField[SR, ControlRequest]("pending_permission_requests", &controlRequestTable, func(r *SR) *[]ControlRequest { return &r.PendingPermissionRequests }),
		objectsField[SR, ControlRequest]("pending_user_dialog_requests", &controlRequestTable, func(r *SR) *[]ControlRequest { return &r.PendingUserDialogRequests }),
		objectsField[SR, ControlRequest]("pending_elicitation_requests", &controlRequestTable, func(r *SR) *[]ControlRequest { return &r.PendingElicitationRequests }),
	)
	type ER = ErrorResponse
	errorResponseTable = newTable(
		constField[ER]("subtype", string(ControlError)),
		requiredStringField("request_id", func(r *ER) *string { return &r.RequestID }),
		requiredStringField("error", func(r *ER) *string { return &r.Error }),
		stringField("error_code", func(r *ER) *string { return &r.ErrorCode }),
		objectsField[ER, ControlRequest]("pending_permission_requests", &controlRequestTable, func(r *ER) *[]ControlRequest { return &r.PendingPermissionRequests }),
		objectsField[ER, ControlRequest]("pending_user_dialog_requests", &controlRequestTable, func(r *ER) *[]ControlRequest { return &r.PendingUserDialogRequests }),
		objectsField[ER, ControlRequest]("pending_elicitation_requests", &controlRequestTable, func(r *ER) *[]ControlRequest { return &r.PendingElicitationRequests }),
	)
	type UR = UnknownControlResponse
	unknownControlResponseTable = newTable(
		stringField("subtype", func(r *UR) *ControlSubtype { return &r.Subtype }),
		stringField("request_id", func(r *UR) *string { return &r.RequestID }),
	)
}

func (m *ControlRequest) decode(d *decoder) error {
	return decodeObject(d, controlRequestTable, m, &m.objectState)
}
func (m *ControlRequest) encode(b []byte) []byte {
	return encodeObject(b, controlRequestTable, m, &m.objectState)
}
func (m *ControlRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, controlRequestTable, m, &m.objectState)
}

func (m *ControlResponse) decode(d *decoder) error {
	return decodeObject(d, controlResponseTable, m, &m.objectState)
}
func (m *ControlResponse) encode(b []byte) []byte {
	return encodeObject(b, controlResponseTable, m, &m.objectState)
}
func (m *ControlResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, controlResponseTable, m, &m.objectState)
}

func (m *ControlCancelRequest) decode(d *decoder) error {
	return decodeObject(d, controlCancelRequestTable, m, &m.objectState)
}
func (m *ControlCancelRequest) encode(b []byte) []byte {
	return encodeObject(b, controlCancelRequestTable, m, &m.objectState)
}
func (m *ControlCancelRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, controlCancelRequestTable, m, &m.objectState)
}

func (r *InitializeRequest) decode(d *decoder) error {
	return decodeObject(d, initializeRequestTable, r, &r.objectState)
}
func (r *InitializeRequest) encode(b []byte) []byte {
	return encodeObject(b, initializeRequestTable, r, &r.objectState)
}
func (r *InitializeRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, initializeRequestTable, r, &r.objectState)
}

func (r *InterruptRequest) decode(d *decoder) error {
	return decodeObject(d, interruptRequestTable, r, &r.objectState)
}
func (r *InterruptRequest) encode(b []byte) []byte {
	return encodeObject(b, interruptRequestTable, r, &r.objectState)
}
func (r *InterruptRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, interruptRequestTable, r, &r.objectState)
}

func (r *SetPermissionModeRequest) decode(d *decoder) error {
	return decodeObject(d, setPermissionModeTable, r, &r.objectState)
}
func (r *SetPermissionModeRequest) encode(b []byte) []byte {
	return encodeObject(b, setPermissionModeTable, r, &r.objectState)
}
func (r *SetPermissionModeRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, setPermissionModeTable, r, &r.objectState)
}

func (r *SetModelRequest) decode(d *decoder) error {
	return decodeObject(d, setModelTable, r, &r.objectState)
}
func (r *SetModelRequest) encode(b []byte) []byte {
	return encodeObject(b, setModelTable, r, &r.objectState)
}
func (r *SetModelRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, setModelTable, r, &r.objectState)
}

func (r *SetMaxThinkingTokensRequest) decode(d *decoder) error {
	return decodeObject(d, setMaxThinkingTokensTable, r, &r.objectState)
}
func (r *SetMaxThinkingTokensRequest) encode(b []byte) []byte {
	return encodeObject(b, setMaxThinkingTokensTable, r, &r.objectState)
}
func (r *SetMaxThinkingTokensRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, setMaxThinkingTokensTable, r, &r.objectState)
}

func (r *CanUseToolRequest) decode(d *decoder) error {
	return decodeObject(d, canUseToolTable, r, &r.objectState)
}
func (r *CanUseToolRequest) encode(b []byte) []byte {
	return encodeObject(b, canUseToolTable, r, &r.objectState)
}
func (r *CanUseToolRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, canUseToolTable, r, &r.objectState)
}

func (r *HookCallbackRequest) decode(d *decoder) error {
	return decodeObject(d, hookCallbackTable, r, &r.objectState)
}
func (r *HookCallbackRequest) encode(b []byte) []byte {
	return encodeObject(b, hookCallbackTable, r, &r.objectState)
}
func (r *HookCallbackRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, hookCallbackTable, r, &r.objectState)
}

func (r *MCPMessageRequest) decode(d *decoder) error {
	return decodeObject(d, mcpMessageTable, r, &r.objectState)
}
func (r *MCPMessageRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpMessageTable, r, &r.objectState)
}
func (r *MCPMessageRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpMessageTable, r, &r.objectState)
}

func (r *UnknownControlRequest) decode(d *decoder) error {
	return decodeObject(d, unknownControlRequestTable, r, &r.objectState)
}
func (r *UnknownControlRequest) encode(b []byte) []byte {
	return encodeObject(b, unknownControlRequestTable, r, &r.objectState)
}
func (r *UnknownControlRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, unknownControlRequestTable, r, &r.objectState)
}

func (r *SuccessResponse) decode(d *decoder) error {
	return decodeObject(d, successResponseTable, r, &r.objectState)
}
func (r *SuccessResponse) encode(b []byte) []byte {
	return encodeObject(b, successResponseTable, r, &r.objectState)
}
func (r *SuccessResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, successResponseTable, r, &r.objectState)
}

func (r *ErrorResponse) decode(d *decoder) error {
	return decodeObject(d, errorResponseTable, r, &r.objectState)
}
func (r *ErrorResponse) encode(b []byte) []byte {
	return encodeObject(b, errorResponseTable, r, &r.objectState)
}
func (r *ErrorResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, errorResponseTable, r, &r.objectState)
}

func (r *UnknownControlResponse) decode(d *decoder) error {
	return decodeObject(d, unknownControlResponseTable, r, &r.objectState)
}
func (r *UnknownControlResponse) encode(b []byte) []byte {
	return encodeObject(b, unknownControlResponseTable, r, &r.objectState)
}
func (r *UnknownControlResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, unknownControlResponseTable, r, &r.objectState)
}
