package protocol

import (
	"encoding/json"
)

// This file holds the control request bodies besides those of control.go:
// MCP server management, file rewinding and the like, which the host sends
// on the CLI's stdin, and the elicitation and dialog questions the CLI
// asks the host on its stdout. Versions are those whose SDK defines the
// subtype: 0.2.37 (CLI 2.1.37) and 0.3.330 (CLI 2.1.330).

// MCPStatusRequest asks for the status of every MCP server (mcp_status);
// the answer is an [MCPStatusResponse]. CLI 2.1.37 and 2.1.330.
type MCPStatusRequest struct {
	LiveReply bool // answer from the servers' live state (CLI 2.1.330)
	objectState
}

// RewindFilesRequest restores the files the session changed to their state
// at a user message (rewind_files); the answer is a [RewindFilesResponse].
// File checkpointing must be on, else the answer says it cannot rewind.
// CLI 2.1.37 and 2.1.330.
type RewindFilesRequest struct {
	UserMessageID string // UUID of the user message to go back to
	DryRun        bool   // only report what would change
	objectState
}

// MCPSetServersRequest replaces the MCP servers the host configured
// (mcp_set_servers). CLI 2.1.37 and 2.1.330.
type MCPSetServersRequest struct {
	Servers json.RawMessage // server configurations by name
	objectState
}

// MCPReconnectRequest reconnects an MCP server (mcp_reconnect).
// CLI 2.1.37 and 2.1.330.
type MCPReconnectRequest struct {
	ServerName string // the server
	objectState
}

// MCPToggleRequest enables or disables an MCP server (mcp_toggle).
// CLI 2.1.37 and 2.1.330.
type MCPToggleRequest struct {
	ServerName string // the server
	Enabled    bool   // enable, or disable
	objectState
}

// GetContextUsageRequest asks how the context window is used, by category
// (get_context_usage); the answer is a [ContextUsageResponse]. CLI 2.1.330.
type GetContextUsageRequest struct {
	Detail string // full (the default) or summary, which skips the token-count calls
	objectState
}

// StopTaskRequest stops one background task (stop_task). CLI 2.1.330.
type StopTaskRequest struct {
	TaskID string // the task, as task_started gave it
	objectState
}

// RenameSessionRequest sets the session's title (rename_session).
// CLI 2.1.330.
type RenameSessionRequest struct {
	Title     string // the new title
	Source    string // remote or host
	SessionID string // the session to rename, the current one when empty
	objectState
}

// ApplyFlagSettingsRequest merges settings into those given on the command
// line (apply_flag_settings). CLI 2.1.330.
type ApplyFlagSettingsRequest struct {
	Settings json.RawMessage // the settings, as in settings.json
	objectState
}

// ElicitationRequest asks the host to collect input for an MCP server
// (elicitation): fill a form matching RequestedSchema, or open URL. Answer
// it with an [ElicitationResponse]. CLI to host, CLI 2.1.330.
type ElicitationRequest struct {
	MCPServerName   string          // the server asking
	Message         string          // what to ask the user
	Mode            string          // form or url
	URL             string          // page to open (url mode)
	ElicitationID   string          // the elicitation, for elicitation_complete
	RequestedSchema json.RawMessage // JSON schema of the answer (form mode)
	PropertyOrder   []string        // the schema's properties in the server's order
	Title           string          // dialog title
	DisplayName     string          // short label of the server or tool
	Description     string          // dialog subtitle
	objectState
}

// UserDialogRequest asks the host to show a dialog a tool needs and return
// the user's choice (request_user_dialog). The CLI sends only the kinds the
// initialize request listed in supportedDialogKinds. CLI to host,
// CLI 2.1.330.
type UserDialogRequest struct {
	DialogKind string          // which dialog
	Payload    json.RawMessage // the dialog's data, shaped per kind
	ToolUseID  string          // the tool call that needs it
	objectState
}

// SetColorRequest sets the session's accent color (set_color). The SDK
// of CLI 2.1.330 defines it, but that CLI answers it with an
// unsupported_request error.
type SetColorRequest struct {
	Color string // an agent color name, or "default" to go back to the default
	objectState
}

// GetSessionCostRequest asks for the session's cost summary, the text
// /usage prints in non-interactive mode (get_session_cost); the answer is a
// [GetSessionCostResponse] (seen from the CLI: the SDK types do not define
// it). CLI 2.1.330.
type GetSessionCostRequest struct {
	objectState
}

// ListModelsRequest asks for the models the session can run, as its
// provider, settings and policy allow them (list_models); the answer is a
// [ListModelsResponse] (seen from the CLI: the SDK types do not define it).
// CLI 2.1.330.
type ListModelsRequest struct {
	objectState
}

// GetUsageRequest asks for the session's cost and usage and the plan's
// rate limits, the data of /usage (get_usage); the answer is a
// [GetUsageResponse]. The SDK calls it experimental. CLI 2.1.330.
type GetUsageRequest struct {
	SkipBehaviors bool // skip the scan of local transcripts: the answer's behaviors are null
	objectState
}

// GetBinaryVersionRequest asks for the version of the CLI that answers
// (get_binary_version); the answer is a [GetBinaryVersionResponse] (seen
// from the CLI: the SDK types do not define it). CLI 2.1.330.
type GetBinaryVersionRequest struct {
	objectState
}

// MCPStagedFile is a file an mcp_call stages: a row of the synced-file lane
// copied in before the call (input) or written back after it (output).
type MCPStagedFile struct {
	Name     string // handle the arguments refer to as {{in:NAME}} or {{out:NAME}}
	LanePath string // the lane row, e.g. /working/report.cd
	IfMatch  string // etag the output row must still have for the write to land (outputs)
	objectState
}

// MCPCallRequest calls an MCP tool without a model turn (mcp_call). Unless
// CheckPermissions is set, no permission check applies. Declaring input or
// output files makes it a staged call, whose answer reports the staging.
// The SDK types do not define the answer. CLI 2.1.330.
type MCPCallRequest struct {
	Tool              string          // the tool's full name, e.g. mcp__server__tool
	Arguments         json.RawMessage // the tool's arguments
	ExpiresAt         string          // RFC 3339 deadline of a staged call, required with output files
	TimeoutMS         int64           // tool timeout in milliseconds; makes the call staged
	ResultNotForModel bool            // the result goes to a program: the server's content, unprocessed
	CheckPermissions  bool            // decide the call as the model's own call to the tool would be
	InputFiles        []MCPStagedFile // files staged in before the call
	OutputFiles       []MCPStagedFile // files written back after the call
	objectState
}

// FileSuggestionsRequest asks for the files an @-mention of a partial path
// could complete to, as the terminal suggests them (file_suggestions); the
// answer is a [FileSuggestionsResponse] (seen from the CLI: the SDK types
// do not define it). CLI 2.1.330.
type FileSuggestionsRequest struct {
	Query string // the partial path
	objectState
}

// CancelAsyncMessageRequest drops a queued user message, unless it has
// already been taken for a turn (cancel_async_message); the answer is a
// [CancelAsyncMessageResponse]. CLI 2.1.330.
type CancelAsyncMessageRequest struct {
	MessageUUID string // UUID of the user message
	objectState
}

// ReadFileRequest reads a file of the session, relative to the working
// directory, under the Read tool's permission rules (read_file); the answer
// is a [ReadFileResponse]. CLI 2.1.330.
type ReadFileRequest struct {
	Path     string // the file
	MaxBytes int64  // read at most this many bytes
	Encoding string // utf-8 (the default) or base64
	objectState
}

// SeedReadStateRequest records a file as read at a modification time, so
// that the Edit tool accepts it after the Read left the context
// (seed_read_state). The answer is an empty success. CLI 2.1.330.
type SeedReadStateRequest struct {
	Path  string  // the file
	MTime float64 // its modification time when it was read, in milliseconds since the epoch
	objectState
}

// RegisterRepoRootRequest adds a subdirectory of the working directories
// as a working directory, and may reload what depends on it
// (register_repo_root); the answer is a [RegisterRepoRootResponse] (seen
// from the CLI: the SDK types do not define it). CLI 2.1.330.
type RegisterRepoRootRequest struct {
	Directory      string // the directory
	ReloadClaudeMD bool   // reload the CLAUDE.md files
	ReloadPlugins  bool   // reload the plugins
	ReloadSkills   bool   // reload the skills
	objectState
}

// ReloadPluginsRequest reloads the plugins from disk (reload_plugins); the
// answer is a [ReloadPluginsResponse]. CLI 2.1.330.
type ReloadPluginsRequest struct {
	HoldOnCacheImpact bool            // do not apply a reload that would change the tools the prompt cache depends on
	AddPlugins        json.RawMessage // plugins to load as well, as initialize's plugins
	RefuseIfBusy      bool            // refuse, rather than reload under a running turn
	objectState
}

// ReloadSkillsRequest reloads the skills from disk (reload_skills); the
// answer is a [ReloadSkillsResponse]. CLI 2.1.330.
type ReloadSkillsRequest struct {
	objectState
}

// ReloadOutputStylesRequest reloads the output styles from disk
// (reload_output_styles); the answer is a [ReloadOutputStylesResponse].
// CLI 2.1.330.
type ReloadOutputStylesRequest struct {
	objectState
}

// SetHasSubscribersRequest tells the CLI whether anybody watches the output
// the host passes on, which sets how long it holds stream events to join
// them (set_has_subscribers). The answer is an empty success. CLI 2.1.330.
type SetHasSubscribersRequest struct {
	HasSubscribers json.RawMessage // true, false, or null (the default) when the host does not know, which counts as true
	objectState
}

// BackgroundTasksRequest sends running foreground tasks, shell commands and
// subagents, to the background, as Ctrl+B does (background_tasks); the
// answer is a [BackgroundTasksResponse]. CLI 2.1.330.
type BackgroundTasksRequest struct {
	ToolUseID string // only the task this tool call started; all of them when empty
	objectState
}

// GetTaskOutputRequest reads the end of a background shell or Monitor
// task's output (get_task_output); the answer is a
// [GetTaskOutputResponse]. CLI 2.1.330.
type GetTaskOutputRequest struct {
	TaskID string // the task, as task_started gave it
	objectState
}

// GetSettingsRequest asks for the settings in force and those of each
// source (get_settings); the answer is a [GetSettingsResponse] (seen from
// the CLI: the SDK types do not define it). CLI 2.1.330.
type GetSettingsRequest struct {
	objectState
}

// GetHooksListingRequest asks for the hooks as the /hooks menu lists them
// (get_hooks_listing); the answer is a [GetHooksListingResponse].
// CLI 2.1.330.
type GetHooksListingRequest struct {
	objectState
}

// UpdateSettingsRequest writes settings to a settings file, as /config does
// (update_settings): outputStyle to localSettings, effortLevel to
// userSettings. The answer is an empty success. CLI 2.1.330.
type UpdateSettingsRequest struct {
	Source   string          // localSettings or userSettings
	Settings json.RawMessage // the settings, string values only
	objectState
}

// ListPermissionRulesRequest asks for the permission rules and working
// directories in force, as /permissions lists them
// (list_permission_rules); the answer is a [ListPermissionRulesResponse].
// CLI 2.1.330.
type ListPermissionRulesRequest struct {
	objectState
}

// MCPReadResourceRequest reads a ui:// resource of an MCP server the CLI
// connected to (mcp_read_resource); the answer is an
// [MCPReadResourceResponse]. CLI 2.1.330.
type MCPReadResourceRequest struct {
	ServerName string // the server, as mcp_status names it
	URI        string // the resource, a ui:// URI
	objectState
}

// ControlSubtype returns ControlMCPStatus.
func (*MCPStatusRequest) ControlSubtype() ControlSubtype { return ControlMCPStatus }

// ControlSubtype returns ControlRewindFiles.
func (*RewindFilesRequest) ControlSubtype() ControlSubtype { return ControlRewindFiles }

// ControlSubtype returns ControlMCPSetServers.
func (*MCPSetServersRequest) ControlSubtype() ControlSubtype { return ControlMCPSetServers }

// ControlSubtype returns ControlMCPReconnect.
func (*MCPReconnectRequest) ControlSubtype() ControlSubtype { return ControlMCPReconnect }

// ControlSubtype returns ControlMCPToggle.
func (*MCPToggleRequest) ControlSubtype() ControlSubtype { return ControlMCPToggle }

// ControlSubtype returns ControlGetContextUsage.
func (*GetContextUsageRequest) ControlSubtype() ControlSubtype { return ControlGetContextUsage }

// ControlSubtype returns ControlStopTask.
func (*StopTaskRequest) ControlSubtype() ControlSubtype { return ControlStopTask }

// ControlSubtype returns ControlRenameSession.
func (*RenameSessionRequest) ControlSubtype() ControlSubtype { return ControlRenameSession }

// ControlSubtype returns ControlApplyFlagSettings.
func (*ApplyFlagSettingsRequest) ControlSubtype() ControlSubtype { return ControlApplyFlagSettings }

// ControlSubtype returns ControlElicitation.
func (*ElicitationRequest) ControlSubtype() ControlSubtype { return ControlElicitation }

// ControlSubtype returns ControlRequestUserDialog.
func (*UserDialogRequest) ControlSubtype() ControlSubtype { return ControlRequestUserDialog }

// ControlSubtype returns ControlSetColor.
func (*SetColorRequest) ControlSubtype() ControlSubtype { return ControlSetColor }

// ControlSubtype returns ControlGetSessionCost.
func (*GetSessionCostRequest) ControlSubtype() ControlSubtype { return ControlGetSessionCost }

// ControlSubtype returns ControlListModels.
func (*ListModelsRequest) ControlSubtype() ControlSubtype { return ControlListModels }

// ControlSubtype returns ControlGetUsage.
func (*GetUsageRequest) ControlSubtype() ControlSubtype { return ControlGetUsage }

// ControlSubtype returns ControlGetBinaryVersion.
func (*GetBinaryVersionRequest) ControlSubtype() ControlSubtype { return ControlGetBinaryVersion }

// ControlSubtype returns ControlMCPCall.
func (*MCPCallRequest) ControlSubtype() ControlSubtype { return ControlMCPCall }

// ControlSubtype returns ControlFileSuggestions.
func (*FileSuggestionsRequest) ControlSubtype() ControlSubtype { return ControlFileSuggestions }

// ControlSubtype returns ControlCancelAsyncMessage.
func (*CancelAsyncMessageRequest) ControlSubtype() ControlSubtype { return ControlCancelAsyncMessage }

// ControlSubtype returns ControlReadFile.
func (*ReadFileRequest) ControlSubtype() ControlSubtype { return ControlReadFile }

// ControlSubtype returns ControlSeedReadState.
func (*SeedReadStateRequest) ControlSubtype() ControlSubtype { return ControlSeedReadState }

// ControlSubtype returns ControlRegisterRepoRoot.
func (*RegisterRepoRootRequest) ControlSubtype() ControlSubtype { return ControlRegisterRepoRoot }

// ControlSubtype returns ControlReloadPlugins.
func (*ReloadPluginsRequest) ControlSubtype() ControlSubtype { return ControlReloadPlugins }

// ControlSubtype returns ControlReloadSkills.
func (*ReloadSkillsRequest) ControlSubtype() ControlSubtype { return ControlReloadSkills }

// ControlSubtype returns ControlReloadOutputStyles.
func (*ReloadOutputStylesRequest) ControlSubtype() ControlSubtype { return ControlReloadOutputStyles }

// ControlSubtype returns ControlSetHasSubscribers.
func (*SetHasSubscribersRequest) ControlSubtype() ControlSubtype { return ControlSetHasSubscribers }

// ControlSubtype returns ControlBackgroundTasks.
func (*BackgroundTasksRequest) ControlSubtype() ControlSubtype { return ControlBackgroundTasks }

// ControlSubtype returns ControlGetTaskOutput.
func (*GetTaskOutputRequest) ControlSubtype() ControlSubtype { return ControlGetTaskOutput }

// ControlSubtype returns ControlGetSettings.
func (*GetSettingsRequest) ControlSubtype() ControlSubtype { return ControlGetSettings }

// ControlSubtype returns ControlGetHooksListing.
func (*GetHooksListingRequest) ControlSubtype() ControlSubtype { return ControlGetHooksListing }

// ControlSubtype returns ControlUpdateSettings.
func (*UpdateSettingsRequest) ControlSubtype() ControlSubtype { return ControlUpdateSettings }

// ControlSubtype returns ControlListPermissionRules.
func (*ListPermissionRulesRequest) ControlSubtype() ControlSubtype { return ControlListPermissionRules }

// ControlSubtype returns ControlMCPReadResource.
func (*MCPReadResourceRequest) ControlSubtype() ControlSubtype { return ControlMCPReadResource }

// pickOtherControlRequest returns an empty body of the subtypes of this
// file, nil for other subtypes.
func pickOtherControlRequest(s ControlSubtype) ControlRequestBody {
	switch s {
	case ControlMCPStatus:
		return new(MCPStatusRequest)
	case ControlRewindFiles:
		return new(RewindFilesRequest)
	case ControlMCPSetServers:
		return new(MCPSetServersRequest)
	case ControlMCPReconnect:
		return new(MCPReconnectRequest)
	case ControlMCPToggle:
		return new(MCPToggleRequest)
	case ControlGetContextUsage:
		return new(GetContextUsageRequest)
	case ControlStopTask:
		return new(StopTaskRequest)
	case ControlRenameSession:
		return new(RenameSessionRequest)
	case ControlApplyFlagSettings:
		return new(ApplyFlagSettingsRequest)
	case ControlElicitation:
		return new(ElicitationRequest)
	case ControlRequestUserDialog:
		return new(UserDialogRequest)
	case ControlSetColor:
		return new(SetColorRequest)
	case ControlGetSessionCost:
		return new(GetSessionCostRequest)
	case ControlListModels:
		return new(ListModelsRequest)
	case ControlGetUsage:
		return new(GetUsageRequest)
	case ControlGetBinaryVersion:
		return new(GetBinaryVersionRequest)
	case ControlMCPCall:
		return new(MCPCallRequest)
	case ControlFileSuggestions:
		return new(FileSuggestionsRequest)
	case ControlCancelAsyncMessage:
		return new(CancelAsyncMessageRequest)
	case ControlReadFile:
		return new(ReadFileRequest)
	case ControlSeedReadState:
		return new(SeedReadStateRequest)
	case ControlRegisterRepoRoot:
		return new(RegisterRepoRootRequest)
	case ControlReloadPlugins:
		return new(ReloadPluginsRequest)
	case ControlReloadSkills:
		return new(ReloadSkillsRequest)
	case ControlReloadOutputStyles:
		return new(ReloadOutputStylesRequest)
	case ControlSetHasSubscribers:
		return new(SetHasSubscribersRequest)
	case ControlBackgroundTasks:
		return new(BackgroundTasksRequest)
	case ControlGetTaskOutput:
		return new(GetTaskOutputRequest)
	case ControlGetSettings:
		return new(GetSettingsRequest)
	case ControlGetHooksListing:
		return new(GetHooksListingRequest)
	case ControlUpdateSettings:
		return new(UpdateSettingsRequest)
	case ControlListPermissionRules:
		return new(ListPermissionRulesRequest)
	case ControlMCPReadResource:
		return new(MCPReadResourceRequest)
	}
	return nil
}

var (
	mcpStatusRequestTable           *table[MCPStatusRequest]
	rewindFilesRequestTable         *table[RewindFilesRequest]
	mcpSetServersRequestTable       *table[MCPSetServersRequest]
	mcpReconnectRequestTable        *table[MCPReconnectRequest]
	mcpToggleRequestTable           *table[MCPToggleRequest]
	getContextUsageRequestTable     *table[GetContextUsageRequest]
	stopTaskRequestTable            *table[StopTaskRequest]
	renameSessionRequestTable       *table[RenameSessionRequest]
	applyFlagSettingsRequestTable   *table[ApplyFlagSettingsRequest]
	elicitationRequestTable         *table[ElicitationRequest]
	userDialogRequestTable          *table[UserDialogRequest]
	setColorRequestTable            *table[SetColorRequest]
	getSessionCostRequestTable      *table[GetSessionCostRequest]
	listModelsRequestTable          *table[ListModelsRequest]
	getUsageRequestTable            *table[GetUsageRequest]
	getBinaryVersionRequestTable    *table[GetBinaryVersionRequest]
	mcpCallRequestTable             *table[MCPCallRequest]
	fileSuggestionsRequestTable     *table[FileSuggestionsRequest]
	cancelAsyncMessageRequestTable  *table[CancelAsyncMessageRequest]
	readFileRequestTable            *table[ReadFileRequest]
	seedReadStateRequestTable       *table[SeedReadStateRequest]
	registerRepoRootRequestTable    *table[RegisterRepoRootRequest]
	reloadPluginsRequestTable       *table[ReloadPluginsRequest]
	reloadSkillsRequestTable        *table[ReloadSkillsRequest]
	reloadOutputStylesRequestTable  *table[ReloadOutputStylesRequest]
	setHasSubscribersRequestTable   *table[SetHasSubscribersRequest]
	backgroundTasksRequestTable     *table[BackgroundTasksRequest]
	getTaskOutputRequestTable       *table[GetTaskOutputRequest]
	getSettingsRequestTable         *table[GetSettingsRequest]
	getHooksListingRequestTable     *table[GetHooksListingRequest]
	updateSettingsRequestTable      *table[UpdateSettingsRequest]
	listPermissionRulesRequestTable *table[ListPermissionRulesRequest]
	mcpReadResourceRequestTable     *table[MCPReadResourceRequest]
	mcpStagedFileTable              *table[MCPStagedFile]
)

func init() {
	mcpStatusRequestTable = newTable(
		constField[MCPStatusRequest]("subtype", string(ControlMCPStatus)),
		boolField("liveReply", func(r *MCPStatusRequest) *bool { return &r.LiveReply }),
	)
	type RF = RewindFilesRequest
	rewindFilesRequestTable = newTable(
		constField[RF]("subtype", string(ControlRewindFiles)),
		requiredStringField("user_message_id", func(r *RF) *string { return &r.UserMessageID }),
		boolField("dry_run", func(r *RF) *bool { return &r.DryRun }),
	)
	mcpSetServersRequestTable = newTable(
		constField[MCPSetServersRequest]("subtype", string(ControlMCPSetServers)),
		required(rawField("servers", func(r *MCPSetServersRequest) *rawJSON { return &r.Servers })),
	)
	mcpReconnectRequestTable = newTable(
		constField[MCPReconnectRequest]("subtype", string(ControlMCPReconnect)),
		requiredStringField("serverName", func(r *MCPReconnectRequest) *string { return &r.ServerName }),
	)
	type MT = MCPToggleRequest
	mcpToggleRequestTable = newTable(
		constField[MT]("subtype", string(ControlMCPToggle)),
		requiredStringField("serverName", func(r *MT) *string { return &r.ServerName }),
		requiredBoolField("enabled", func(r *MT) *bool { return &r.Enabled }),
	)
	getContextUsageRequestTable = newTable(
		constField[GetContextUsageRequest]("subtype", string(ControlGetContextUsage)),
		stringField("detail", func(r *GetContextUsageRequest) *string { return &r.Detail }),
	)
	stopTaskRequestTable = newTable(
		constField[StopTaskRequest]("subtype", string(ControlStopTask)),
		requiredStringField("task_id", func(r *StopTaskRequest) *string { return &r.TaskID }),
	)
	type RS = RenameSessionRequest
	renameSessionRequestTable = newTable(
		constField[RS]("subtype", string(ControlRenameSession)),
		requiredStringField("title", func(r *RS) *string { return &r.Title }),
		stringField("source", func(r *RS) *string { return &r.Source }),
		stringField("session_id", func(r *RS) *string { return &r.SessionID }),
	)
	applyFlagSettingsRequestTable = newTable(
		constField[ApplyFlagSettingsRequest]("subtype", string(ControlApplyFlagSettings)),
		required(rawField("settings", func(r *ApplyFlagSettingsRequest) *rawJSON { return &r.Settings })),
	)
	type EL = ElicitationRequest
	elicitationRequestTable = newTable(
		constField[EL]("subtype", string(ControlElicitation)),
		stringField("mcp_server_name", func(r *EL) *string { return &r.MCPServerName }),
		stringField("message", func(r *EL) *string { return &r.Message }),
		stringField("mode", func(r *EL) *string { return &r.Mode }),
		stringField("url", func(r *EL) *string { return &r.URL }),
		stringField("elicitation_id", func(r *EL) *string { return &r.ElicitationID }),
		rawField("requested_schema", func(r *EL) *rawJSON { return &r.RequestedSchema }),
		stringsField("property_order", func(r *EL) *[]string { return &r.PropertyOrder }),
		stringField("title", func(r *EL) *string { return &r.Title }),
		stringField("display_name", func(r *EL) *string { return &r.DisplayName }),
		stringField("description", func(r *EL) *string { return &r.Description }),
	)
	type UD = UserDialogRequest
	userDialogRequestTable = newTable(
		constField[UD]("subtype", string(ControlRequestUserDialog)),
		stringField("dialog_kind", func(r *UD) *string { return &r.DialogKind }),
		rawField("payload", func(r *UD) *rawJSON { return &r.Payload }),
		stringField("tool_use_id", func(r *UD) *string { return &r.ToolUseID }),
	)
}

func init() {
	type SF = MCPStagedFile
	mcpStagedFileTable = newTable(
		requiredStringField("name", func(f *SF) *string { return &f.Name }),
		requiredStringField("lane_path", func(f *SF) *string { return &f.LanePath }),
		stringField("if_match", func(f *SF) *string { return &f.IfMatch }),
	)
	setColorRequestTable = newTable(
		constField[SetColorRequest]("subtype", string(ControlSetColor)),
		requiredStringField("color", func(r *SetColorRequest) *string { return &r.Color }),
	)
	getSessionCostRequestTable = newTable(
		constField[GetSessionCostRequest]("subtype", string(ControlGetSessionCost)),
	)
	listModelsRequestTable = newTable(
		constField[ListModelsRequest]("subtype", string(ControlListModels)),
	)
	getUsageRequestTable = newTable(
		constField[GetUsageRequest]("subtype", string(ControlGetUsage)),
		boolField("skip_behaviors", func(r *GetUsageRequest) *bool { return &r.SkipBehaviors }),
	)
	getBinaryVersionRequestTable = newTable(
		constField[GetBinaryVersionRequest]("subtype", string(ControlGetBinaryVersion)),
	)
	type MC = MCPCallRequest
	mcpCallRequestTable = newTable(
		constField[MC]("subtype", string(ControlMCPCall)),
		requiredStringField("tool", func(r *MC) *string { return &r.Tool }),
		rawField("arguments", func(r *MC) *rawJSON { return &r.Arguments }),
		stringField("expires_at", func(r *MC) *string { return &r.ExpiresAt }),
		intField("timeout_ms", func(r *MC) *int64 { return &r.TimeoutMS }),
		boolField("result_not_for_model", func(r *MC) *bool { return &r.ResultNotForModel }),
		boolField("check_permissions", func(r *MC) *bool { return &r.CheckPermissions }),
		objectsField[MC, MCPStagedFile]("input_files", &mcpStagedFileTable, func(r *MC) *[]MCPStagedFile { return &r.InputFiles }),
		objectsField[MC, MCPStagedFile]("output_files", &mcpStagedFileTable, func(r *MC) *[]MCPStagedFile { return &r.OutputFiles }),
	)
	fileSuggestionsRequestTable = newTable(
		constField[FileSuggestionsRequest]("subtype", string(ControlFileSuggestions)),
		requiredStringField("query", func(r *FileSuggestionsRequest) *string { return &r.Query }),
	)
	type CA = CancelAsyncMessageRequest
	cancelAsyncMessageRequestTable = newTable(
		constField[CA]("subtype", string(ControlCancelAsyncMessage)),
		requiredStringField("message_uuid", func(r *CA) *string { return &r.MessageUUID }),
	)
	type RD = ReadFileRequest
	readFileRequestTable = newTable(
		constField[RD]("subtype", string(ControlReadFile)),
		requiredStringField("path", func(r *RD) *string { return &r.Path }),
		intField("max_bytes", func(r *RD) *int64 { return &r.MaxBytes }),
		stringField("encoding", func(r *RD) *string { return &r.Encoding }),
	)
	type SR = SeedReadStateRequest
	seedReadStateRequestTable = newTable(
		constField[SR]("subtype", string(ControlSeedReadState)),
		requiredStringField("path", func(r *SR) *string { return &r.Path }),
		requiredFloatField("mtime", func(r *SR) *float64 { return &r.MTime }),
	)
	type RR = RegisterRepoRootRequest
	registerRepoRootRequestTable = newTable(
		constField[RR]("subtype", string(ControlRegisterRepoRoot)),
		requiredStringField("directory", func(r *RR) *string { return &r.Directory }),
		boolField("reload_claude_md", func(r *RR) *bool { return &r.ReloadClaudeMD }),
		boolField("reload_plugins", func(r *RR) *bool { return &r.ReloadPlugins }),
		boolField("reload_skills", func(r *RR) *bool { return &r.ReloadSkills }),
	)
	type RP = ReloadPluginsRequest
	reloadPluginsRequestTable = newTable(
		constField[RP]("subtype", string(ControlReloadPlugins)),
		boolField("hold_on_cache_impact", func(r *RP) *bool { return &r.HoldOnCacheImpact }),
		rawField("add_plugins", func(r *RP) *rawJSON { return &r.AddPlugins }),
		boolField("refuse_if_busy", func(r *RP) *bool { return &r.RefuseIfBusy }),
	)
	reloadSkillsRequestTable = newTable(
		constField[ReloadSkillsRequest]("subtype", string(ControlReloadSkills)),
	)
	reloadOutputStylesRequestTable = newTable(
		constField[ReloadOutputStylesRequest]("subtype", string(ControlReloadOutputStyles)),
	)
	type SH = SetHasSubscribersRequest
	setHasSubscribersRequestTable = newTable(
		constField[SH]("subtype", string(ControlSetHasSubscribers)),
		required(rawField("has_subscribers", func(r *SH) *rawJSON { return &r.HasSubscribers })),
	)
	type BT = BackgroundTasksRequest
	backgroundTasksRequestTable = newTable(
		constField[BT]("subtype", string(ControlBackgroundTasks)),
		stringField("tool_use_id", func(r *BT) *string { return &r.ToolUseID }),
	)
	type GT = GetTaskOutputRequest
	getTaskOutputRequestTable = newTable(
		constField[GT]("subtype", string(ControlGetTaskOutput)),
		requiredStringField("task_id", func(r *GT) *string { return &r.TaskID }),
	)
	getSettingsRequestTable = newTable(
		constField[GetSettingsRequest]("subtype", string(ControlGetSettings)),
	)
	getHooksListingRequestTable = newTable(
		constField[GetHooksListingRequest]("subtype", string(ControlGetHooksListing)),
	)
	type US = UpdateSettingsRequest
	updateSettingsRequestTable = newTable(
		constField[US]("subtype", string(ControlUpdateSettings)),
		requiredStringField("source", func(r *US) *string { return &r.Source }),
		required(rawField("settings", func(r *US) *rawJSON { return &r.Settings })),
	)
	listPermissionRulesRequestTable = newTable(
		constField[ListPermissionRulesRequest]("subtype", string(ControlListPermissionRules)),
	)
	type MR = MCPReadResourceRequest
	mcpReadResourceRequestTable = newTable(
		constField[MR]("subtype", string(ControlMCPReadResource)),
		requiredStringField("serverName", func(r *MR) *string { return &r.ServerName }),
		requiredStringField("uri", func(r *MR) *string { return &r.URI }),
	)
}

// The methods tying each request type to its table.

func (r *MCPStatusRequest) decode(d *decoder) error {
	return decodeObject(d, mcpStatusRequestTable, r, &r.objectState)
}
func (r *MCPStatusRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpStatusRequestTable, r, &r.objectState)
}
func (r *MCPStatusRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpStatusRequestTable, r, &r.objectState)
}

func (r *RewindFilesRequest) decode(d *decoder) error {
	return decodeObject(d, rewindFilesRequestTable, r, &r.objectState)
}
func (r *RewindFilesRequest) encode(b []byte) []byte {
	return encodeObject(b, rewindFilesRequestTable, r, &r.objectState)
}
func (r *RewindFilesRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, rewindFilesRequestTable, r, &r.objectState)
}

func (r *MCPSetServersRequest) decode(d *decoder) error {
	return decodeObject(d, mcpSetServersRequestTable, r, &r.objectState)
}
func (r *MCPSetServersRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpSetServersRequestTable, r, &r.objectState)
}
func (r *MCPSetServersRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpSetServersRequestTable, r, &r.objectState)
}

func (r *MCPReconnectRequest) decode(d *decoder) error {
	return decodeObject(d, mcpReconnectRequestTable, r, &r.objectState)
}
func (r *MCPReconnectRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpReconnectRequestTable, r, &r.objectState)
}
func (r *MCPReconnectRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpReconnectRequestTable, r, &r.objectState)
}

func (r *MCPToggleRequest) decode(d *decoder) error {
	return decodeObject(d, mcpToggleRequestTable, r, &r.objectState)
}
func (r *MCPToggleRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpToggleRequestTable, r, &r.objectState)
}
func (r *MCPToggleRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpToggleRequestTable, r, &r.objectState)
}

func (r *GetContextUsageRequest) decode(d *decoder) error {
	return decodeObject(d, getContextUsageRequestTable, r, &r.objectState)
}
func (r *GetContextUsageRequest) encode(b []byte) []byte {
	return encodeObject(b, getContextUsageRequestTable, r, &r.objectState)
}
func (r *GetContextUsageRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getContextUsageRequestTable, r, &r.objectState)
}

func (r *StopTaskRequest) decode(d *decoder) error {
	return decodeObject(d, stopTaskRequestTable, r, &r.objectState)
}
func (r *StopTaskRequest) encode(b []byte) []byte {
	return encodeObject(b, stopTaskRequestTable, r, &r.objectState)
}
func (r *StopTaskRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, stopTaskRequestTable, r, &r.objectState)
}

func (r *RenameSessionRequest) decode(d *decoder) error {
	return decodeObject(d, renameSessionRequestTable, r, &r.objectState)
}
func (r *RenameSessionRequest) encode(b []byte) []byte {
	return encodeObject(b, renameSessionRequestTable, r, &r.objectState)
}
func (r *RenameSessionRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, renameSessionRequestTable, r, &r.objectState)
}

func (r *ApplyFlagSettingsRequest) decode(d *decoder) error {
	return decodeObject(d, applyFlagSettingsRequestTable, r, &r.objectState)
}
func (r *ApplyFlagSettingsRequest) encode(b []byte) []byte {
	return encodeObject(b, applyFlagSettingsRequestTable, r, &r.objectState)
}
func (r *ApplyFlagSettingsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, applyFlagSettingsRequestTable, r, &r.objectState)
}

func (r *ElicitationRequest) decode(d *decoder) error {
	return decodeObject(d, elicitationRequestTable, r, &r.objectState)
}
func (r *ElicitationRequest) encode(b []byte) []byte {
	return encodeObject(b, elicitationRequestTable, r, &r.objectState)
}
func (r *ElicitationRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, elicitationRequestTable, r, &r.objectState)
}

func (r *UserDialogRequest) decode(d *decoder) error {
	return decodeObject(d, userDialogRequestTable, r, &r.objectState)
}
func (r *UserDialogRequest) encode(b []byte) []byte {
	return encodeObject(b, userDialogRequestTable, r, &r.objectState)
}
func (r *UserDialogRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, userDialogRequestTable, r, &r.objectState)
}

func (r *SetColorRequest) decode(d *decoder) error {
	return decodeObject(d, setColorRequestTable, r, &r.objectState)
}
func (r *SetColorRequest) encode(b []byte) []byte {
	return encodeObject(b, setColorRequestTable, r, &r.objectState)
}
func (r *SetColorRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, setColorRequestTable, r, &r.objectState)
}

func (r *GetSessionCostRequest) decode(d *decoder) error {
	return decodeObject(d, getSessionCostRequestTable, r, &r.objectState)
}
func (r *GetSessionCostRequest) encode(b []byte) []byte {
	return encodeObject(b, getSessionCostRequestTable, r, &r.objectState)
}
func (r *GetSessionCostRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getSessionCostRequestTable, r, &r.objectState)
}

func (r *ListModelsRequest) decode(d *decoder) error {
	return decodeObject(d, listModelsRequestTable, r, &r.objectState)
}
func (r *ListModelsRequest) encode(b []byte) []byte {
	return encodeObject(b, listModelsRequestTable, r, &r.objectState)
}
func (r *ListModelsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, listModelsRequestTable, r, &r.objectState)
}

func (r *GetUsageRequest) decode(d *decoder) error {
	return decodeObject(d, getUsageRequestTable, r, &r.objectState)
}
func (r *GetUsageRequest) encode(b []byte) []byte {
	return encodeObject(b, getUsageRequestTable, r, &r.objectState)
}
func (r *GetUsageRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getUsageRequestTable, r, &r.objectState)
}

func (r *GetBinaryVersionRequest) decode(d *decoder) error {
	return decodeObject(d, getBinaryVersionRequestTable, r, &r.objectState)
}
func (r *GetBinaryVersionRequest) encode(b []byte) []byte {
	return encodeObject(b, getBinaryVersionRequestTable, r, &r.objectState)
}
func (r *GetBinaryVersionRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getBinaryVersionRequestTable, r, &r.objectState)
}

func (r *MCPCallRequest) decode(d *decoder) error {
	return decodeObject(d, mcpCallRequestTable, r, &r.objectState)
}
func (r *MCPCallRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpCallRequestTable, r, &r.objectState)
}
func (r *MCPCallRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpCallRequestTable, r, &r.objectState)
}

func (r *FileSuggestionsRequest) decode(d *decoder) error {
	return decodeObject(d, fileSuggestionsRequestTable, r, &r.objectState)
}
func (r *FileSuggestionsRequest) encode(b []byte) []byte {
	return encodeObject(b, fileSuggestionsRequestTable, r, &r.objectState)
}
func (r *FileSuggestionsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, fileSuggestionsRequestTable, r, &r.objectState)
}

func (r *CancelAsyncMessageRequest) decode(d *decoder) error {
	return decodeObject(d, cancelAsyncMessageRequestTable, r, &r.objectState)
}
func (r *CancelAsyncMessageRequest) encode(b []byte) []byte {
	return encodeObject(b, cancelAsyncMessageRequestTable, r, &r.objectState)
}
func (r *CancelAsyncMessageRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, cancelAsyncMessageRequestTable, r, &r.objectState)
}

func (r *ReadFileRequest) decode(d *decoder) error {
	return decodeObject(d, readFileRequestTable, r, &r.objectState)
}
func (r *ReadFileRequest) encode(b []byte) []byte {
	return encodeObject(b, readFileRequestTable, r, &r.objectState)
}
func (r *ReadFileRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, readFileRequestTable, r, &r.objectState)
}

func (r *SeedReadStateRequest) decode(d *decoder) error {
	return decodeObject(d, seedReadStateRequestTable, r, &r.objectState)
}
func (r *SeedReadStateRequest) encode(b []byte) []byte {
	return encodeObject(b, seedReadStateRequestTable, r, &r.objectState)
}
func (r *SeedReadStateRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, seedReadStateRequestTable, r, &r.objectState)
}

func (r *RegisterRepoRootRequest) decode(d *decoder) error {
	return decodeObject(d, registerRepoRootRequestTable, r, &r.objectState)
}
func (r *RegisterRepoRootRequest) encode(b []byte) []byte {
	return encodeObject(b, registerRepoRootRequestTable, r, &r.objectState)
}
func (r *RegisterRepoRootRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, registerRepoRootRequestTable, r, &r.objectState)
}

func (r *ReloadPluginsRequest) decode(d *decoder) error {
	return decodeObject(d, reloadPluginsRequestTable, r, &r.objectState)
}
func (r *ReloadPluginsRequest) encode(b []byte) []byte {
	return encodeObject(b, reloadPluginsRequestTable, r, &r.objectState)
}
func (r *ReloadPluginsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, reloadPluginsRequestTable, r, &r.objectState)
}

func (r *ReloadSkillsRequest) decode(d *decoder) error {
	return decodeObject(d, reloadSkillsRequestTable, r, &r.objectState)
}
func (r *ReloadSkillsRequest) encode(b []byte) []byte {
	return encodeObject(b, reloadSkillsRequestTable, r, &r.objectState)
}
func (r *ReloadSkillsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, reloadSkillsRequestTable, r, &r.objectState)
}

func (r *ReloadOutputStylesRequest) decode(d *decoder) error {
	return decodeObject(d, reloadOutputStylesRequestTable, r, &r.objectState)
}
func (r *ReloadOutputStylesRequest) encode(b []byte) []byte {
	return encodeObject(b, reloadOutputStylesRequestTable, r, &r.objectState)
}
func (r *ReloadOutputStylesRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, reloadOutputStylesRequestTable, r, &r.objectState)
}

func (r *SetHasSubscribersRequest) decode(d *decoder) error {
	return decodeObject(d, setHasSubscribersRequestTable, r, &r.objectState)
}
func (r *SetHasSubscribersRequest) encode(b []byte) []byte {
	return encodeObject(b, setHasSubscribersRequestTable, r, &r.objectState)
}
func (r *SetHasSubscribersRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, setHasSubscribersRequestTable, r, &r.objectState)
}

func (r *BackgroundTasksRequest) decode(d *decoder) error {
	return decodeObject(d, backgroundTasksRequestTable, r, &r.objectState)
}
func (r *BackgroundTasksRequest) encode(b []byte) []byte {
	return encodeObject(b, backgroundTasksRequestTable, r, &r.objectState)
}
func (r *BackgroundTasksRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, backgroundTasksRequestTable, r, &r.objectState)
}

func (r *GetTaskOutputRequest) decode(d *decoder) error {
	return decodeObject(d, getTaskOutputRequestTable, r, &r.objectState)
}
func (r *GetTaskOutputRequest) encode(b []byte) []byte {
	return encodeObject(b, getTaskOutputRequestTable, r, &r.objectState)
}
func (r *GetTaskOutputRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getTaskOutputRequestTable, r, &r.objectState)
}

func (r *GetSettingsRequest) decode(d *decoder) error {
	return decodeObject(d, getSettingsRequestTable, r, &r.objectState)
}
func (r *GetSettingsRequest) encode(b []byte) []byte {
	return encodeObject(b, getSettingsRequestTable, r, &r.objectState)
}
func (r *GetSettingsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getSettingsRequestTable, r, &r.objectState)
}

func (r *GetHooksListingRequest) decode(d *decoder) error {
	return decodeObject(d, getHooksListingRequestTable, r, &r.objectState)
}
func (r *GetHooksListingRequest) encode(b []byte) []byte {
	return encodeObject(b, getHooksListingRequestTable, r, &r.objectState)
}
func (r *GetHooksListingRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, getHooksListingRequestTable, r, &r.objectState)
}

func (r *UpdateSettingsRequest) decode(d *decoder) error {
	return decodeObject(d, updateSettingsRequestTable, r, &r.objectState)
}
func (r *UpdateSettingsRequest) encode(b []byte) []byte {
	return encodeObject(b, updateSettingsRequestTable, r, &r.objectState)
}
func (r *UpdateSettingsRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, updateSettingsRequestTable, r, &r.objectState)
}

func (r *ListPermissionRulesRequest) decode(d *decoder) error {
	return decodeObject(d, listPermissionRulesRequestTable, r, &r.objectState)
}
func (r *ListPermissionRulesRequest) encode(b []byte) []byte {
	return encodeObject(b, listPermissionRulesRequestTable, r, &r.objectState)
}
func (r *ListPermissionRulesRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, listPermissionRulesRequestTable, r, &r.objectState)
}

func (r *MCPReadResourceRequest) decode(d *decoder) error {
	return decodeObject(d, mcpReadResourceRequestTable, r, &r.objectState)
}
func (r *MCPReadResourceRequest) encode(b []byte) []byte {
	return encodeObject(b, mcpReadResourceRequestTable, r, &r.objectState)
}
func (r *MCPReadResourceRequest) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpReadResourceRequestTable, r, &r.objectState)
}
