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
	LiveReply   bool `json:"liveReply"` // answer from the servers' live state (CLI 2.1.330)
	objectState `wire:"union=ControlRequestBody,subtype=mcp_status"`
}

// RewindFilesRequest restores the files the session changed to their state
// at a user message (rewind_files); the answer is a [RewindFilesResponse].
// File checkpointing must be on, else the answer says it cannot rewind.
// CLI 2.1.37 and 2.1.330.
type RewindFilesRequest struct {
	UserMessageID string `json:"user_message_id" wire:"required"` // UUID of the user message to go back to
	DryRun        bool   `json:"dry_run"`                         // only report what would change
	objectState   `wire:"union=ControlRequestBody,subtype=rewind_files"`
}

// MCPSetServersRequest replaces the MCP servers the host configured
// (mcp_set_servers). CLI 2.1.37 and 2.1.330.
type MCPSetServersRequest struct {
	Servers     json.RawMessage `json:"servers" wire:"required"` // server configurations by name
	objectState `wire:"union=ControlRequestBody,subtype=mcp_set_servers"`
}

// MCPReconnectRequest reconnects an MCP server (mcp_reconnect).
// CLI 2.1.37 and 2.1.330.
type MCPReconnectRequest struct {
	ServerName  string `json:"serverName" wire:"required"` // the server
	objectState `wire:"union=ControlRequestBody,subtype=mcp_reconnect"`
}

// MCPToggleRequest enables or disables an MCP server (mcp_toggle).
// CLI 2.1.37 and 2.1.330.
type MCPToggleRequest struct {
	ServerName  string `json:"serverName" wire:"required"` // the server
	Enabled     bool   `json:"enabled" wire:"required"`    // enable, or disable
	objectState `wire:"union=ControlRequestBody,subtype=mcp_toggle"`
}

// GetContextUsageRequest asks how the context window is used, by category
// (get_context_usage); the answer is a [ContextUsageResponse]. CLI 2.1.330.
type GetContextUsageRequest struct {
	Detail      string `json:"detail"` // full (the default) or summary, which skips the token-count calls
	objectState `wire:"union=ControlRequestBody,subtype=get_context_usage"`
}

// StopTaskRequest stops one background task (stop_task). CLI 2.1.330.
type StopTaskRequest struct {
	TaskID      string `json:"task_id" wire:"required"` // the task, as task_started gave it
	objectState `wire:"union=ControlRequestBody,subtype=stop_task"`
}

// RenameSessionRequest sets the session's title (rename_session).
// CLI 2.1.330.
type RenameSessionRequest struct {
	Title       string `json:"title" wire:"required"` // the new title
	Source      string `json:"source"`                // remote or host
	SessionID   string `json:"session_id"`            // the session to rename, the current one when empty
	objectState `wire:"union=ControlRequestBody,subtype=rename_session"`
}

// ApplyFlagSettingsRequest merges settings into those given on the command
// line (apply_flag_settings). CLI 2.1.330.
type ApplyFlagSettingsRequest struct {
	Settings    json.RawMessage `json:"settings" wire:"required"` // the settings, as in settings.json
	objectState `wire:"union=ControlRequestBody,subtype=apply_flag_settings"`
}

// ElicitationRequest asks the host to collect input for an MCP server
// (elicitation): fill a form matching RequestedSchema, or open URL. Answer
// it with an [ElicitationResponse]. CLI to host, CLI 2.1.330.
type ElicitationRequest struct {
	MCPServerName   string          `json:"mcp_server_name"`  // the server asking
	Message         string          `json:"message"`          // what to ask the user
	Mode            string          `json:"mode"`             // form or url
	URL             string          `json:"url"`              // page to open (url mode)
	ElicitationID   string          `json:"elicitation_id"`   // the elicitation, for elicitation_complete
	RequestedSchema json.RawMessage `json:"requested_schema"` // JSON schema of the answer (form mode)
	PropertyOrder   []string        `json:"property_order"`   // the schema's properties in the server's order
	Title           string          `json:"title"`            // dialog title
	DisplayName     string          `json:"display_name"`     // short label of the server or tool
	Description     string          `json:"description"`      // dialog subtitle
	objectState     `wire:"union=ControlRequestBody,subtype=elicitation"`
}

// UserDialogRequest asks the host to show a dialog a tool needs and return
// the user's choice (request_user_dialog). The CLI sends only the kinds the
// initialize request listed in supportedDialogKinds. CLI to host,
// CLI 2.1.330.
type UserDialogRequest struct {
	DialogKind  string          `json:"dialog_kind"` // which dialog
	Payload     json.RawMessage `json:"payload"`     // the dialog's data, shaped per kind
	ToolUseID   string          `json:"tool_use_id"` // the tool call that needs it
	objectState `wire:"union=ControlRequestBody,subtype=request_user_dialog"`
}

// SetColorRequest sets the session's accent color (set_color). The SDK
// of CLI 2.1.330 defines it, but that CLI answers it with an
// unsupported_request error.
type SetColorRequest struct {
	Color       string `json:"color" wire:"required"` // an agent color name, or "default" to go back to the default
	objectState `wire:"union=ControlRequestBody,subtype=set_color"`
}

// GetSessionCostRequest asks for the session's cost summary, the text
// /usage prints in non-interactive mode (get_session_cost); the answer is a
// [GetSessionCostResponse] (seen from the CLI: the SDK types do not define
// it). CLI 2.1.330.
type GetSessionCostRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=get_session_cost"`
}

// ListModelsRequest asks for the models the session can run, as its
// provider, settings and policy allow them (list_models); the answer is a
// [ListModelsResponse] (seen from the CLI: the SDK types do not define it).
// CLI 2.1.330.
type ListModelsRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=list_models"`
}

// GetUsageRequest asks for the session's cost and usage and the plan's
// rate limits, the data of /usage (get_usage); the answer is a
// [GetUsageResponse]. The SDK calls it experimental. CLI 2.1.330.
type GetUsageRequest struct {
	SkipBehaviors bool `json:"skip_behaviors"` // skip the scan of local transcripts: the answer's behaviors are null
	objectState   `wire:"union=ControlRequestBody,subtype=get_usage"`
}

// GetBinaryVersionRequest asks for the version of the CLI that answers
// (get_binary_version); the answer is a [GetBinaryVersionResponse] (seen
// from the CLI: the SDK types do not define it). CLI 2.1.330.
type GetBinaryVersionRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=get_binary_version"`
}

// SideQuestionRequest asks the model a question about the conversation
// without a turn of its own (side_question); the CLI reports its progress
// with system/control_request_progress and answers with a
// [SideQuestionResponse]. Seen from the CLI (the SDK types do not define
// it): answered from 2.1.81, with progress from 2.1.199.
type SideQuestionRequest struct {
	Question    string          `json:"question" wire:"required"` // the question
	History     json.RawMessage `json:"history"`                  // earlier side questions and their answers
	objectState `wire:"union=ControlRequestBody,subtype=side_question"`
}

// MCPStagedFile is a file an mcp_call stages: a row of the synced-file lane
// copied in before the call (input) or written back after it (output).
type MCPStagedFile struct {
	Name     string `json:"name" wire:"required"`      // handle the arguments refer to as {{in:NAME}} or {{out:NAME}}
	LanePath string `json:"lane_path" wire:"required"` // the lane row, e.g. /working/report.cd
	IfMatch  string `json:"if_match"`                  // etag the output row must still have for the write to land (outputs)
	objectState
}

// MCPCallRequest calls an MCP tool without a model turn (mcp_call). Unless
// CheckPermissions is set, no permission check applies. Declaring input or
// output files makes it a staged call, whose answer reports the staging.
// The SDK types do not define the answer. CLI 2.1.330.
type MCPCallRequest struct {
	Tool              string          `json:"tool" wire:"required"` // the tool's full name, e.g. mcp__server__tool
	Arguments         json.RawMessage `json:"arguments"`            // the tool's arguments
	ExpiresAt         string          `json:"expires_at"`           // RFC 3339 deadline of a staged call, required with output files
	TimeoutMS         int64           `json:"timeout_ms"`           // tool timeout in milliseconds; makes the call staged
	ResultNotForModel bool            `json:"result_not_for_model"` // the result goes to a program: the server's content, unprocessed
	CheckPermissions  bool            `json:"check_permissions"`    // decide the call as the model's own call to the tool would be
	InputFiles        []MCPStagedFile `json:"input_files"`          // files staged in before the call
	OutputFiles       []MCPStagedFile `json:"output_files"`         // files written back after the call
	objectState       `wire:"union=ControlRequestBody,subtype=mcp_call"`
}

// FileSuggestionsRequest asks for the files an @-mention of a partial path
// could complete to, as the terminal suggests them (file_suggestions); the
// answer is a [FileSuggestionsResponse] (seen from the CLI: the SDK types
// do not define it). CLI 2.1.330.
type FileSuggestionsRequest struct {
	Query       string `json:"query" wire:"required"` // the partial path
	objectState `wire:"union=ControlRequestBody,subtype=file_suggestions"`
}

// CancelAsyncMessageRequest drops a queued user message, unless it has
// already been taken for a turn (cancel_async_message); the answer is a
// [CancelAsyncMessageResponse]. CLI 2.1.330.
type CancelAsyncMessageRequest struct {
	MessageUUID string `json:"message_uuid" wire:"required"` // UUID of the user message
	objectState `wire:"union=ControlRequestBody,subtype=cancel_async_message"`
}

// ReadFileRequest reads a file of the session, relative to the working
// directory, under the Read tool's permission rules (read_file); the answer
// is a [ReadFileResponse]. CLI 2.1.330.
type ReadFileRequest struct {
	Path        string `json:"path" wire:"required"` // the file
	MaxBytes    int64  `json:"max_bytes"`            // read at most this many bytes
	Encoding    string `json:"encoding"`             // utf-8 (the default) or base64
	objectState `wire:"union=ControlRequestBody,subtype=read_file"`
}

// SeedReadStateRequest records a file as read at a modification time, so
// that the Edit tool accepts it after the Read left the context
// (seed_read_state). The answer is an empty success. CLI 2.1.330.
type SeedReadStateRequest struct {
	Path        string  `json:"path" wire:"required"`  // the file
	MTime       float64 `json:"mtime" wire:"required"` // its modification time when it was read, in milliseconds since the epoch
	objectState `wire:"union=ControlRequestBody,subtype=seed_read_state"`
}

// RegisterRepoRootRequest adds a subdirectory of the working directories
// as a working directory, and may reload what depends on it
// (register_repo_root); the answer is a [RegisterRepoRootResponse] (seen
// from the CLI: the SDK types do not define it). CLI 2.1.330.
type RegisterRepoRootRequest struct {
	Directory      string `json:"directory" wire:"required"` // the directory
	ReloadClaudeMD bool   `json:"reload_claude_md"`          // reload the CLAUDE.md files
	ReloadPlugins  bool   `json:"reload_plugins"`            // reload the plugins
	ReloadSkills   bool   `json:"reload_skills"`             // reload the skills
	objectState    `wire:"union=ControlRequestBody,subtype=register_repo_root"`
}

// ReloadPluginsRequest reloads the plugins from disk (reload_plugins); the
// answer is a [ReloadPluginsResponse]. CLI 2.1.330.
type ReloadPluginsRequest struct {
	HoldOnCacheImpact bool            `json:"hold_on_cache_impact"` // do not apply a reload that would change the tools the prompt cache depends on
	AddPlugins        json.RawMessage `json:"add_plugins"`          // plugins to load as well, as initialize's plugins
	RefuseIfBusy      bool            `json:"refuse_if_busy"`       // refuse, rather than reload under a running turn
	objectState       `wire:"union=ControlRequestBody,subtype=reload_plugins"`
}

// ReloadSkillsRequest reloads the skills from disk (reload_skills); the
// answer is a [ReloadSkillsResponse]. CLI 2.1.330.
type ReloadSkillsRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=reload_skills"`
}

// ReloadOutputStylesRequest reloads the output styles from disk
// (reload_output_styles); the answer is a [ReloadOutputStylesResponse].
// CLI 2.1.330.
type ReloadOutputStylesRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=reload_output_styles"`
}

// SetHasSubscribersRequest tells the CLI whether anybody watches the output
// the host passes on, which sets how long it holds stream events to join
// them (set_has_subscribers). The answer is an empty success. CLI 2.1.330.
type SetHasSubscribersRequest struct {
	HasSubscribers json.RawMessage `json:"has_subscribers" wire:"required"` // true, false, or null (the default) when the host does not know, which counts as true
	objectState    `wire:"union=ControlRequestBody,subtype=set_has_subscribers"`
}

// BackgroundTasksRequest sends running foreground tasks, shell commands and
// subagents, to the background, as Ctrl+B does (background_tasks); the
// answer is a [BackgroundTasksResponse]. CLI 2.1.330.
type BackgroundTasksRequest struct {
	ToolUseID   string `json:"tool_use_id"` // only the task this tool call started; all of them when empty
	objectState `wire:"union=ControlRequestBody,subtype=background_tasks"`
}

// GetTaskOutputRequest reads the end of a background shell or Monitor
// task's output (get_task_output); the answer is a
// [GetTaskOutputResponse]. CLI 2.1.330.
type GetTaskOutputRequest struct {
	TaskID      string `json:"task_id" wire:"required"` // the task, as task_started gave it
	objectState `wire:"union=ControlRequestBody,subtype=get_task_output"`
}

// GetSettingsRequest asks for the settings in force and those of each
// source (get_settings); the answer is a [GetSettingsResponse] (seen from
// the CLI: the SDK types do not define it). CLI 2.1.330.
type GetSettingsRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=get_settings"`
}

// GetHooksListingRequest asks for the hooks as the /hooks menu lists them
// (get_hooks_listing); the answer is a [GetHooksListingResponse].
// CLI 2.1.330.
type GetHooksListingRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=get_hooks_listing"`
}

// UpdateSettingsRequest writes settings to a settings file, as /config does
// (update_settings): outputStyle to localSettings, effortLevel to
// userSettings. The answer is an empty success. CLI 2.1.330.
type UpdateSettingsRequest struct {
	Source      string          `json:"source" wire:"required"`   // localSettings or userSettings
	Settings    json.RawMessage `json:"settings" wire:"required"` // the settings, string values only
	objectState `wire:"union=ControlRequestBody,subtype=update_settings"`
}

// ListPermissionRulesRequest asks for the permission rules and working
// directories in force, as /permissions lists them
// (list_permission_rules); the answer is a [ListPermissionRulesResponse].
// CLI 2.1.330.
type ListPermissionRulesRequest struct {
	objectState `wire:"union=ControlRequestBody,subtype=list_permission_rules"`
}

// MCPReadResourceRequest reads a ui:// resource of an MCP server the CLI
// connected to (mcp_read_resource); the answer is an
// [MCPReadResourceResponse]. CLI 2.1.330.
type MCPReadResourceRequest struct {
	ServerName  string `json:"serverName" wire:"required"` // the server, as mcp_status names it
	URI         string `json:"uri" wire:"required"`        // the resource, a ui:// URI
	objectState `wire:"union=ControlRequestBody,subtype=mcp_read_resource"`
}

// The methods tying each request type to its table.
