package protocol

// Type is the value of a message's "type" member.
type Type string

// The message types of the stream-json protocol.
const (
	// TypeSystem is a CLI lifecycle event (initialization, state changes).
	TypeSystem Type = "system"
	// TypeAssistant is a response message from the model.
	TypeAssistant Type = "assistant"
	// TypeUser is user input or a tool execution result.
	TypeUser Type = "user"
	// TypeResult is the notification that a turn has completed.
	TypeResult Type = "result"
	// TypeStreamEvent is a raw Messages API streaming event, emitted with
	// --include-partial-messages.
	TypeStreamEvent Type = "stream_event"
	// TypeControlRequest asks the other side of the pipe to do something
	// (initialize, interrupt, can_use_tool...) and expects a control_response.
	TypeControlRequest Type = "control_request"
	// TypeControlResponse answers a control_request.
	TypeControlResponse Type = "control_response"
	// TypeControlCancelRequest cancels a control_request still open.
	TypeControlCancelRequest Type = "control_cancel_request"
	// TypeRateLimitEvent reports the account's rate limit state.
	TypeRateLimitEvent Type = "rate_limit_event"
	// TypeKeepAlive keeps a connection open; it carries nothing else.
	TypeKeepAlive Type = "keep_alive"
	// TypeToolProgress reports that a tool is still running.
	TypeToolProgress Type = "tool_progress"
	// TypeToolUseSummary summarizes a run of tool calls.
	TypeToolUseSummary Type = "tool_use_summary"
	// TypeAuthStatus reports progress of an authentication.
	TypeAuthStatus Type = "auth_status"
	// TypePromptSuggestion suggests what the user could type next
	// (CLI 2.1.330).
	TypePromptSuggestion Type = "prompt_suggestion"
	// TypeConversationReset reports that the conversation started afresh
	// (CLI 2.1.330).
	TypeConversationReset Type = "conversation_reset"
	// TypeActiveGoal reports the state of the goal set with /goal
	// (CLI 2.1.330).
	TypeActiveGoal Type = "active_goal"
	// TypeCommandLifecycle reports the progress of a queued user message
	// (seen from CLI 2.1.330).
	TypeCommandLifecycle Type = "command_lifecycle"
)

// Subtype is the value of a message's "subtype" member. System and result
// messages use it.
type Subtype string

// The subtypes of system and result messages.
const (
	// SubtypeInit is the initialization message emitted when the CLI starts
	// (type=system).
	SubtypeInit Subtype = "init"
	// SubtypeStatus is a notification that the system state changed
	// (type=system).
	SubtypeStatus Subtype = "status"
	// SubtypeCompactBoundary marks where the conversation was compacted
	// (type=system).
	SubtypeCompactBoundary Subtype = "compact_boundary"
	// SubtypeAPIRetry reports that a failed API request will be retried
	// (type=system).
	SubtypeAPIRetry Subtype = "api_retry"
	// SubtypeHookStarted reports that a hook started (type=system).
	SubtypeHookStarted Subtype = "hook_started"
	// SubtypeHookProgress carries a running hook's output so far
	// (type=system).
	SubtypeHookProgress Subtype = "hook_progress"
	// SubtypeHookResponse reports a hook's outcome (type=system).
	SubtypeHookResponse Subtype = "hook_response"
	// SubtypeTaskStarted reports that a background task or subagent started
	// (type=system).
	SubtypeTaskStarted Subtype = "task_started"
	// SubtypeTaskProgress reports a background task's progress
	// (type=system).
	SubtypeTaskProgress Subtype = "task_progress"
	// SubtypeTaskNotification reports that a background task ended
	// (type=system).
	SubtypeTaskNotification Subtype = "task_notification"
	// SubtypeThinkingTokens estimates the thinking tokens spent so far
	// (type=system, CLI 2.1.330).
	SubtypeThinkingTokens Subtype = "thinking_tokens"
	// SubtypeFilesPersisted reports files uploaded for the session
	// (type=system).
	SubtypeFilesPersisted Subtype = "files_persisted"
	// SubtypeTaskUpdated reports a change of a background task's state
	// (type=system, CLI 2.1.330).
	SubtypeTaskUpdated Subtype = "task_updated"
	// SubtypeLocalCommandOutput carries the output of a slash command the CLI
	// ran itself (type=system, CLI 2.1.330).
	SubtypeLocalCommandOutput Subtype = "local_command_output"
	// SubtypeControlRequestProgress reports progress of a control request
	// still being handled (type=system, CLI 2.1.330).
	SubtypeControlRequestProgress Subtype = "control_request_progress"
	// SubtypeModelRefusalFallback reports that the model refused and the CLI
	// retried on another model (type=system, CLI 2.1.330).
	SubtypeModelRefusalFallback Subtype = "model_refusal_fallback"
	// SubtypeModelRefusalNoFallback reports that the model refused with no
	// model to fall back on (type=system, CLI 2.1.330).
	SubtypeModelRefusalNoFallback Subtype = "model_refusal_no_fallback"
	// SubtypePluginInstall reports a plugin's installation (type=system,
	// CLI 2.1.330).
	SubtypePluginInstall Subtype = "plugin_install"
	// SubtypeBackgroundTasksChanged lists the live background tasks after a
	// change (type=system, CLI 2.1.330).
	SubtypeBackgroundTasksChanged Subtype = "background_tasks_changed"
	// SubtypeSessionStateChanged reports the session's state: idle, running
	// or requires_action (type=system, CLI 2.1.330).
	SubtypeSessionStateChanged Subtype = "session_state_changed"
	// SubtypeSessionTitleChanged reports the session's new title, after a
	// rename_session request (type=system; seen from CLI 2.1.289, which its
	// SDK does not define).
	SubtypeSessionTitleChanged Subtype = "session_title_changed"
	// SubtypeWorkerShuttingDown announces that the CLI process is about to
	// stop (type=system, CLI 2.1.330).
	SubtypeWorkerShuttingDown Subtype = "worker_shutting_down"
	// SubtypeCommandsChanged carries the slash commands after they changed
	// (type=system, CLI 2.1.330).
	SubtypeCommandsChanged Subtype = "commands_changed"
	// SubtypeNotification is a notice for the user (type=system,
	// CLI 2.1.330).
	SubtypeNotification Subtype = "notification"
	// SubtypeMemoryRecall reports memories recalled into the conversation
	// (type=system, CLI 2.1.330).
	SubtypeMemoryRecall Subtype = "memory_recall"
	// SubtypeElicitationComplete reports that an MCP server's URL
	// elicitation finished (type=system, CLI 2.1.330).
	SubtypeElicitationComplete Subtype = "elicitation_complete"
	// SubtypePermissionDenied reports a tool call denied permission
	// (type=system, CLI 2.1.330).
	SubtypePermissionDenied Subtype = "permission_denied"
	// SubtypeModelFallback reports that the session switched to the
	// fallback model (type=system, CLI 2.1.330).
	SubtypeModelFallback Subtype = "model_fallback"
	// SubtypeInformational is a message for the user outside the
	// conversation (type=system, CLI 2.1.330).
	SubtypeInformational Subtype = "informational"
	// SubtypeSessionWritesLost reports that the session could not be saved
	// (type=system, CLI 2.1.330).
	SubtypeSessionWritesLost Subtype = "session_writes_lost"
	// SubtypeMirrorError reports that mirroring the session failed
	// (type=system, CLI 2.1.330).
	SubtypeMirrorError Subtype = "mirror_error"

	// SubtypeSuccess is a turn that completed normally (type=result). A turn
	// cut short by max_tokens also has this subtype, with is_error true.
	SubtypeSuccess Subtype = "success"
	// SubtypeErrorDuringExecution is a turn that ended because of an API
	// error (type=result).
	SubtypeErrorDuringExecution Subtype = "error_during_execution"
	// SubtypeErrorMaxTurns is a turn stopped by the --max-turns limit
	// (type=result).
	SubtypeErrorMaxTurns Subtype = "error_max_turns"
	// SubtypeErrorMaxBudgetUSD is a turn stopped by the --max-budget-usd
	// limit (type=result).
	SubtypeErrorMaxBudgetUSD Subtype = "error_max_budget_usd"
	// SubtypeErrorMaxStructuredOutputRetries is a turn that could not
	// produce output matching the requested JSON schema (type=result).
	SubtypeErrorMaxStructuredOutputRetries Subtype = "error_max_structured_output_retries"
)

// BlockType is the value of a content block's "type" member, used in the
// content arrays of assistant and user messages.
type BlockType string

// The content block types.
const (
	// BlockText is a text response block: the model's natural-language reply.
	BlockText BlockType = "text"
	// BlockThinking is an extended thinking block: the model's internal
	// reasoning.
	BlockThinking BlockType = "thinking"
	// BlockRedactedThinking is a thinking block whose content the API
	// encrypted.
	BlockRedactedThinking BlockType = "redacted_thinking"
	// BlockToolUse is a tool call block: the model asks for a tool to run.
	BlockToolUse BlockType = "tool_use"
	// BlockToolResult is a tool result block: the CLI reports a tool's result.
	BlockToolResult BlockType = "tool_result"
	// BlockImage is an image block.
	BlockImage BlockType = "image"
	// BlockDocument is a document block (a PDF or text file).
	BlockDocument BlockType = "document"
	// BlockServerToolUse is a call of a tool the API runs itself (web search,
	// code execution...).
	BlockServerToolUse BlockType = "server_tool_use"
	// BlockToolReference names a tool whose schema a ToolSearch call
	// loaded, in that call's tool_result (CLI 2.1.330).
	BlockToolReference BlockType = "tool_reference"
)

// PermissionMode controls how tool executions are approved.
type PermissionMode string

// The permission modes.
const (
	// PermissionDefault is the standard behavior: prompt for dangerous
	// operations.
	PermissionDefault PermissionMode = "default"
	// PermissionAcceptEdits accepts file edits automatically.
	PermissionAcceptEdits PermissionMode = "acceptEdits"
	// PermissionBypassPermissions bypasses every permission check.
	PermissionBypassPermissions PermissionMode = "bypassPermissions"
	// PermissionPlan is planning mode: tools are not actually executed.
	PermissionPlan PermissionMode = "plan"
	// PermissionDelegate restricts a team leader to the team and task tools
	// (CLI 2.1.37).
	PermissionDelegate PermissionMode = "delegate"
	// PermissionDontAsk never prompts: what is not pre-approved is denied.
	PermissionDontAsk PermissionMode = "dontAsk"
	// PermissionAuto lets a classifier decide (CLI 2.1.330).
	PermissionAuto PermissionMode = "auto"
)

// ControlSubtype is the "subtype" of a control request or response body.
type ControlSubtype string

// The control request and response subtypes.
const (
	// ControlInitialize starts an SDK session: hooks, MCP servers, agents.
	ControlInitialize ControlSubtype = "initialize"
	// ControlInterrupt stops the running turn.
	ControlInterrupt ControlSubtype = "interrupt"
	// ControlSetPermissionMode changes the permission mode.
	ControlSetPermissionMode ControlSubtype = "set_permission_mode"
	// ControlSetModel changes the model.
	ControlSetModel ControlSubtype = "set_model"
	// ControlSetMaxThinkingTokens changes the thinking budget.
	ControlSetMaxThinkingTokens ControlSubtype = "set_max_thinking_tokens"
	// ControlCanUseTool asks the SDK host whether a tool may run
	// (CLI to host).
	ControlCanUseTool ControlSubtype = "can_use_tool"
	// ControlHookCallback runs a hook the host registered (CLI to host).
	ControlHookCallback ControlSubtype = "hook_callback"
	// ControlMCPMessage carries a JSON-RPC message for an SDK MCP server.
	ControlMCPMessage ControlSubtype = "mcp_message"
	// ControlMCPStatus asks for the MCP servers' status.
	ControlMCPStatus ControlSubtype = "mcp_status"
	// ControlRewindFiles restores files to their state at a user message.
	ControlRewindFiles ControlSubtype = "rewind_files"
	// ControlMCPSetServers replaces the MCP servers the host configured.
	ControlMCPSetServers ControlSubtype = "mcp_set_servers"
	// ControlMCPReconnect reconnects an MCP server.
	ControlMCPReconnect ControlSubtype = "mcp_reconnect"
	// ControlMCPToggle enables or disables an MCP server.
	ControlMCPToggle ControlSubtype = "mcp_toggle"
	// ControlGetContextUsage asks how the context window is used
	// (CLI 2.1.330).
	ControlGetContextUsage ControlSubtype = "get_context_usage"
	// ControlStopTask stops one background task (CLI 2.1.330).
	ControlStopTask ControlSubtype = "stop_task"
	// ControlRenameSession sets the session's title (CLI 2.1.330).
	ControlRenameSession ControlSubtype = "rename_session"
	// ControlApplyFlagSettings merges settings into the command line's
	// (CLI 2.1.330).
	ControlApplyFlagSettings ControlSubtype = "apply_flag_settings"
	// ControlElicitation asks the host to collect input for an MCP server
	// (CLI to host, CLI 2.1.330).
	ControlElicitation ControlSubtype = "elicitation"
	// ControlRequestUserDialog asks the host to show a dialog a tool needs
	// (CLI to host, CLI 2.1.330).
	ControlRequestUserDialog ControlSubtype = "request_user_dialog"
	// ControlSetColor sets the session's accent color (CLI 2.1.330).
	ControlSetColor ControlSubtype = "set_color"
	// ControlGetSessionCost asks for the session's cost summary, as /usage
	// prints it (CLI 2.1.330).
	ControlGetSessionCost ControlSubtype = "get_session_cost"
	// ControlListModels asks for the models the session can run
	// (CLI 2.1.330).
	ControlListModels ControlSubtype = "list_models"
	// ControlGetUsage asks for the session's usage and the plan's rate
	// limits (CLI 2.1.330).
	ControlGetUsage ControlSubtype = "get_usage"
	// ControlGetBinaryVersion asks for the version of the CLI (CLI 2.1.330).
	ControlGetBinaryVersion ControlSubtype = "get_binary_version"
	// ControlSideQuestion asks the model a question about the conversation
	// without a turn (CLI 2.1.81; seen from 2.1.199).
	ControlSideQuestion ControlSubtype = "side_question"
	// ControlMCPCall calls an MCP tool without a model turn (CLI 2.1.330).
	ControlMCPCall ControlSubtype = "mcp_call"
	// ControlFileSuggestions asks for the files an @-mention could complete
	// to (CLI 2.1.330).
	ControlFileSuggestions ControlSubtype = "file_suggestions"
	// ControlCancelAsyncMessage drops a queued user message (CLI 2.1.330).
	ControlCancelAsyncMessage ControlSubtype = "cancel_async_message"
	// ControlReadFile reads a file of the session (CLI 2.1.330).
	ControlReadFile ControlSubtype = "read_file"
	// ControlSeedReadState records a file as read, so that edits of it are
	// allowed (CLI 2.1.330).
	ControlSeedReadState ControlSubtype = "seed_read_state"
	// ControlRegisterRepoRoot adds a working directory (CLI 2.1.330).
	ControlRegisterRepoRoot ControlSubtype = "register_repo_root"
	// ControlReloadPlugins reloads the plugins from disk (CLI 2.1.330).
	ControlReloadPlugins ControlSubtype = "reload_plugins"
	// ControlReloadSkills reloads the skills from disk (CLI 2.1.330).
	ControlReloadSkills ControlSubtype = "reload_skills"
	// ControlReloadOutputStyles reloads the output styles from disk
	// (CLI 2.1.330).
	ControlReloadOutputStyles ControlSubtype = "reload_output_styles"
	// ControlSetHasSubscribers tells the CLI whether anybody watches its
	// output (CLI 2.1.330).
	ControlSetHasSubscribers ControlSubtype = "set_has_subscribers"
	// ControlBackgroundTasks sends running foreground tasks to the
	// background (CLI 2.1.330).
	ControlBackgroundTasks ControlSubtype = "background_tasks"
	// ControlGetTaskOutput reads the end of a background task's output
	// (CLI 2.1.330).
	ControlGetTaskOutput ControlSubtype = "get_task_output"
	// ControlGetSettings asks for the settings in force and those of each
	// source (CLI 2.1.330).
	ControlGetSettings ControlSubtype = "get_settings"
	// ControlGetHooksListing asks for the hooks, as the /hooks menu lists
	// them (CLI 2.1.330).
	ControlGetHooksListing ControlSubtype = "get_hooks_listing"
	// ControlUpdateSettings writes settings to a settings file
	// (CLI 2.1.330).
	ControlUpdateSettings ControlSubtype = "update_settings"
	// ControlListPermissionRules asks for the permission rules in force
	// (CLI 2.1.330).
	ControlListPermissionRules ControlSubtype = "list_permission_rules"
	// ControlMCPReadResource reads a ui:// resource of an MCP server
	// (CLI 2.1.330).
	ControlMCPReadResource ControlSubtype = "mcp_read_resource"

	// ControlSuccess is a successful control response.
	ControlSuccess ControlSubtype = "success"
	// ControlError is a failed control response.
	ControlError ControlSubtype = "error"
)

// StreamEventType is the "type" of a Messages API streaming event, the event
// a stream_event message carries.
type StreamEventType string

// The streaming event types.
const (
	// EventMessageStart starts a response: its ID, model and input usage.
	EventMessageStart StreamEventType = "message_start"
	// EventContentBlockStart starts a content block.
	EventContentBlockStart StreamEventType = "content_block_start"
	// EventContentBlockDelta adds to a content block.
	EventContentBlockDelta StreamEventType = "content_block_delta"
	// EventContentBlockStop ends a content block.
	EventContentBlockStop StreamEventType = "content_block_stop"
	// EventMessageDelta carries the response's stop reason and final usage.
	EventMessageDelta StreamEventType = "message_delta"
	// EventMessageStop ends a response.
	EventMessageStop StreamEventType = "message_stop"
	// EventPing keeps the stream alive.
	EventPing StreamEventType = "ping"
	// EventError reports an error in the middle of a stream.
	EventError StreamEventType = "error"
)

// DeltaType is the "type" of the delta a content_block_delta event carries.
type DeltaType string

// The delta types.
const (
	// DeltaText adds text to a text block.
	DeltaText DeltaType = "text_delta"
	// DeltaInputJSON adds a piece of JSON text to a tool call's input.
	DeltaInputJSON DeltaType = "input_json_delta"
	// DeltaThinking adds reasoning to a thinking block.
	DeltaThinking DeltaType = "thinking_delta"
	// DeltaSignature carries a thinking block's signature.
	DeltaSignature DeltaType = "signature_delta"
	// DeltaCitations adds a citation to a text block.
	DeltaCitations DeltaType = "citations_delta"
)
