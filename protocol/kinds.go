package protocol

import (
	"encoding/json"
)

// This file holds the message kinds the CLI writes on stdout besides the
// conversation itself: keep-alives, progress reports and the system
// subtypes the Agent SDK's type definitions list. Versions are those whose
// SDK defines the kind: 0.2.37 (CLI 2.1.37) and 0.3.330 (CLI 2.1.330).

// KeepAlive keeps the connection open (keep_alive); it carries nothing
// else. A client ignores it. CLI 2.1.37 and 2.1.330.
type KeepAlive struct {
	envelope `wire:"union=Message,type=keep_alive"`
}

// ToolProgress reports that a tool is still running (tool_progress), with
// the time since it started. CLI 2.1.37 and 2.1.330.
type ToolProgress struct {
	envelope           `wire:"union=Message,type=tool_progress"`
	ToolUseID          string          `json:"tool_use_id"`                          // the running call
	ToolName           string          `json:"tool_name"`                            // the tool
	ParentToolUseID    string          `json:"parent_tool_use_id" wire:"nullable"`   // the Task tool call this subagent's tool belongs to, empty (null) for the main thread
	ElapsedTimeSeconds float64         `json:"elapsed_time_seconds" wire:"required"` // time since the tool started
	TaskID             string          `json:"task_id"`                              // the background task running the tool (CLI 2.1.330)
	UUID               string          `json:"uuid"`                                 // message UUID
	SessionID          string          `json:"session_id"`                           // session ID
	Heartbeat          bool            `json:"heartbeat"`                            // sent only to show the tool is alive (CLI 2.1.330)
	SubagentType       string          `json:"subagent_type"`                        // type of the subagent running the tool (CLI 2.1.330)
	SubagentRetry      json.RawMessage `json:"subagent_retry"`                       // a subagent's API retry: agent_id, attempt, max_retries, retry_delay_ms, error_status, error_category (CLI 2.1.330)
}

// AuthStatus reports progress of an authentication (auth_status), such as
// a login the CLI runs. CLI 2.1.37 and 2.1.330.
type AuthStatus struct {
	envelope         `wire:"union=Message,type=auth_status"`
	IsAuthenticating bool     `json:"isAuthenticating" wire:"required"` // authentication is still going on
	Output           []string `json:"output"`                           // lines of output so far
	Error            string   `json:"error"`                            // why authentication failed
	UUID             string   `json:"uuid"`                             // message UUID
	SessionID        string   `json:"session_id"`                       // session ID
}

// ToolUseSummary summarizes a run of tool calls in a sentence
// (tool_use_summary). CLI 2.1.37 and 2.1.330.
type ToolUseSummary struct {
	envelope            `wire:"union=Message,type=tool_use_summary"`
	Summary             string   `json:"summary"`                // the summary
	PrecedingToolUseIDs []string `json:"preceding_tool_use_ids"` // the calls summarized
	UUID                string   `json:"uuid"`                   // message UUID
	SessionID           string   `json:"session_id"`             // session ID
}

// PromptSuggestion suggests what the user could type next
// (prompt_suggestion), when the initialize request asked for suggestions.
// CLI 2.1.330.
type PromptSuggestion struct {
	envelope   `wire:"union=Message,type=prompt_suggestion"`
	Suggestion string `json:"suggestion"` // the suggested prompt
	UUID       string `json:"uuid"`       // message UUID
	SessionID  string `json:"session_id"` // session ID
}

// ConversationReset reports that the conversation started afresh
// (conversation_reset), after /clear or leaving plan mode: later messages
// belong to the new conversation. CLI 2.1.330.
type ConversationReset struct {
	envelope          `wire:"union=Message,type=conversation_reset"`
	NewConversationID string `json:"new_conversation_id"` // ID of the new conversation
	UUID              string `json:"uuid"`                // message UUID
	SessionID         string `json:"session_id"`          // session ID
	Trigger           string `json:"trigger"`             // clear, plan_mode_exit, fresh_session or onboarding
	UserMessageUUID   string `json:"user_message_uuid"`   // the user message that caused the reset
	Timestamp         string `json:"timestamp"`           // when the reset happened
}

// ActiveGoal reports the state of the goal set with /goal (active_goal):
// Value is null once the goal is met or cleared, otherwise an object with
// condition, iterations, set_at, tokens_at_start and last_reason.
// CLI 2.1.330.
type ActiveGoal struct {
	envelope  `wire:"union=Message,type=active_goal"`
	Value     json.RawMessage `json:"value"`      // the goal, null when there is none
	UUID      string          `json:"uuid"`       // message UUID
	SessionID string          `json:"session_id"` // session ID
}

// PersistedFile is a file uploaded for the session.
type PersistedFile struct {
	Filename string `json:"filename"` // the file's name
	FileID   string `json:"file_id"`  // the Files API ID it was given
	objectState
}

// FailedFile is a file that could not be uploaded.
type FailedFile struct {
	Filename string `json:"filename"` // the file's name
	Error    string `json:"error"`    // why the upload failed
	objectState
}

// FilesPersisted reports files uploaded for the session
// (system/files_persisted). CLI 2.1.37 and 2.1.330.
type FilesPersisted struct {
	envelope    `wire:"union=Message,type=system,subtype=files_persisted"`
	Files       []PersistedFile `json:"files" wire:"required"`  // files uploaded
	Failed      []FailedFile    `json:"failed" wire:"required"` // files that could not be
	ProcessedAt string          `json:"processed_at"`           // when the upload ended
	UUID        string          `json:"uuid"`                   // message UUID
	SessionID   string          `json:"session_id"`             // session ID
}

// LocalCommandOutput carries the output of a slash command the CLI ran
// itself, without the model (system/local_command_output). CLI 2.1.330.
type LocalCommandOutput struct {
	envelope  `wire:"union=Message,type=system,subtype=local_command_output"`
	Content   string `json:"content"`    // the command's output
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// ControlRequestProgress reports progress of a control request the CLI is
// still working on (system/control_request_progress): started, or an API
// retry. CLI 2.1.330.
type ControlRequestProgress struct {
	envelope     `wire:"union=Message,type=system,subtype=control_request_progress"`
	RequestID    string `json:"request_id"`     // the control request
	Status       string `json:"status"`         // started or api_retry
	Attempt      int64  `json:"attempt"`        // this retry's number (api_retry)
	MaxRetries   int64  `json:"max_retries"`    // retries allowed (api_retry)
	RetryDelayMS int64  `json:"retry_delay_ms"` // wait before the retry (api_retry)
	ErrorStatus  int64  `json:"error_status"`   // HTTP status of the failure, 0 (null) when none
	UUID         string `json:"uuid"`           // message UUID
	SessionID    string `json:"session_id"`     // session ID
}

// ModelRefusal reports that the model refused a request
// (system/model_refusal_fallback, model_refusal_no_fallback): with a
// fallback the CLI retried on another model; without one the turn ends.
// CLI 2.1.330.
type ModelRefusal struct {
	envelope               `wire:"union=Message,type=system"`
	Subtype                Subtype  `json:"subtype" wire:"oneof=model_refusal_fallback|model_refusal_no_fallback"` // SubtypeModelRefusalFallback or SubtypeModelRefusalNoFallback
	Trigger                string   `json:"trigger"`                                                               // what triggered the fallback: refusal
	Direction              string   `json:"direction"`                                                             // retry, revert or sticky (fallback)
	Scope                  string   `json:"scope"`                                                                 // session or local (fallback)
	OriginalModel          string   `json:"original_model"`                                                        // the model that refused
	FallbackModel          string   `json:"fallback_model"`                                                        // the model used instead (fallback)
	RequestID              string   `json:"request_id" wire:"nullable"`                                            // API request ID of the refused request, empty (null) when unknown
	APIRefusalCategory     string   `json:"api_refusal_category"`                                                  // refusal category the API gave
	APIRefusalExplanation  string   `json:"api_refusal_explanation"`                                               // explanation the API gave
	RetractedMessageUUIDs  []string `json:"retracted_message_uuids"`                                               // messages of the refused attempt to remove (fallback)
	RefusedUserMessageUUID string   `json:"refused_user_message_uuid"`                                             // the user message refused
	Content                string   `json:"content"`                                                               // notice text to show
	UUID                   string   `json:"uuid"`                                                                  // message UUID
	SessionID              string   `json:"session_id"`                                                            // session ID
}

// PluginInstall reports a plugin's installation (system/plugin_install).
// CLI 2.1.330.
type PluginInstall struct {
	envelope  `wire:"union=Message,type=system,subtype=plugin_install"`
	Status    string `json:"status"`     // started, installed, failed or completed
	Name      string `json:"name"`       // the plugin
	Error     string `json:"error"`      // why installation failed
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// BackgroundTask is one live background task.
type BackgroundTask struct {
	TaskID       string `json:"task_id"`        // task ID
	RunID        string `json:"run_id"`         // ID of this run of the task
	TaskType     string `json:"task_type"`      // kind of task: local_bash, local_agent...
	SubagentType string `json:"subagent_type"`  // agent type of a subagent task
	Description  string `json:"description"`    // what the task does
	ParentTaskID string `json:"parent_task_id"` // the subagent task that launched this one
	Ambient      bool   `json:"ambient"`        // not activity: leave it out of activity indicators
	objectState
}

// BackgroundTasksChanged lists every live background task whenever the set
// changes (system/background_tasks_changed): replace the set held with it.
// CLI 2.1.330.
type BackgroundTasksChanged struct {
	envelope  `wire:"union=Message,type=system,subtype=background_tasks_changed"`
	Tasks     []BackgroundTask `json:"tasks" wire:"required"` // every live background task
	UUID      string           `json:"uuid"`                  // message UUID
	SessionID string           `json:"session_id"`            // session ID
}

// SessionStateChanged reports the session's state
// (system/session_state_changed). CLI 2.1.330.
type SessionStateChanged struct {
	envelope  `wire:"union=Message,type=system,subtype=session_state_changed"`
	State     string `json:"state"`      // idle, running or requires_action
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// SessionTitleChanged reports the session's new title
// (system/session_title_changed), written after a rename_session request.
// Seen from CLI 2.1.289; its SDK does not define it.
type SessionTitleChanged struct {
	envelope  `wire:"union=Message,type=system,subtype=session_title_changed"`
	Title     string `json:"title"`      // the session's title
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// WorkerShuttingDown announces that the CLI process is about to stop
// (system/worker_shutting_down). CLI 2.1.330.
type WorkerShuttingDown struct {
	envelope  `wire:"union=Message,type=system,subtype=worker_shutting_down"`
	Reason    string `json:"reason"`     // why it stops
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// CommandsChanged carries the full list of slash commands after it changed
// mid-session (system/commands_changed): replace the list held with it.
// CLI 2.1.330.
type CommandsChanged struct {
	envelope  `wire:"union=Message,type=system,subtype=commands_changed"`
	Commands  []SlashCommand `json:"commands" wire:"required"` // every command available
	UUID      string         `json:"uuid"`                     // message UUID
	SessionID string         `json:"session_id"`               // session ID
}

// Notification is a notice for the user (system/notification).
// CLI 2.1.330.
type Notification struct {
	envelope  `wire:"union=Message,type=system,subtype=notification"`
	Key       string `json:"key"`        // identifies the notice; a later one with the same key replaces it
	Text      string `json:"text"`       // the notice
	Priority  string `json:"priority"`   // low, medium, high or immediate
	Color     string `json:"color"`      // color to show it in
	TimeoutMS int64  `json:"timeout_ms"` // how long to show it
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// RecalledMemory is one memory file a memory recall used.
type RecalledMemory struct {
	Path    string `json:"path"`    // the memory file
	Scope   string `json:"scope"`   // personal, team or organization
	Content string `json:"content"` // what was recalled from it
	objectState
}

// MemoryRecall reports memories recalled into the conversation
// (system/memory_recall). CLI 2.1.330.
type MemoryRecall struct {
	envelope  `wire:"union=Message,type=system,subtype=memory_recall"`
	Mode      string           `json:"mode"`                     // select or synthesize
	Memories  []RecalledMemory `json:"memories" wire:"required"` // the memories recalled
	UUID      string           `json:"uuid"`                     // message UUID
	SessionID string           `json:"session_id"`               // session ID
}

// ElicitationComplete reports that an MCP server's URL elicitation finished
// (system/elicitation_complete). CLI 2.1.330.
type ElicitationComplete struct {
	envelope      `wire:"union=Message,type=system,subtype=elicitation_complete"`
	MCPServerName string `json:"mcp_server_name"` // the server that asked
	ElicitationID string `json:"elicitation_id"`  // the elicitation
	UUID          string `json:"uuid"`            // message UUID
	SessionID     string `json:"session_id"`      // session ID
}

// PermissionDenied reports a tool call denied permission
// (system/permission_denied), whoever decided it. CLI 2.1.330.
type PermissionDenied struct {
	envelope           `wire:"union=Message,type=system,subtype=permission_denied"`
	ToolName           string `json:"tool_name"`            // the tool
	ToolUseID          string `json:"tool_use_id"`          // the denied call
	AgentID            string `json:"agent_id"`             // subagent that made the call
	DecisionReasonType string `json:"decision_reason_type"` // what decided: rule, mode, hook, classifier...
	DecisionReason     string `json:"decision_reason"`      // why
	Message            string `json:"message"`              // the message the model was given
	UUID               string `json:"uuid"`                 // message UUID
	SessionID          string `json:"session_id"`           // session ID
}

// ModelFallback reports that the session switched to the fallback model
// (--fallback-model) after the main model failed (system/model_fallback),
// before the request is sent again. CLI 2.1.330.
type ModelFallback struct {
	envelope      `wire:"union=Message,type=system,subtype=model_fallback"`
	UUID          string `json:"uuid"`           // message UUID
	Trigger       string `json:"trigger"`        // what caused the switch: overloaded...
	OriginalModel string `json:"original_model"` // the model given up
	FallbackModel string `json:"fallback_model"` // the model used from now on
	Content       string `json:"content"`        // a notice for the user
	SessionID     string `json:"session_id"`     // session ID
}

// Informational is a message for the user that is not part of the
// conversation (system/informational). CLI 2.1.330.
type Informational struct {
	envelope            `wire:"union=Message,type=system,subtype=informational"`
	Content             string `json:"content"`              // the message
	Level               string `json:"level"`                // info, notice, suggestion or warning
	ToolUseID           string `json:"tool_use_id"`          // the tool call it is about
	PreventContinuation bool   `json:"prevent_continuation"` // the turn stops after it
	Tag                 string `json:"tag"`                  // what produced it
	IsMeta              bool   `json:"isMeta"`               // a meta message, which the CLI does not show as part of the conversation (CLI 2.1.311)
	Timestamp           string `json:"timestamp"`            // when the message was created (CLI 2.1.311)
	UUID                string `json:"uuid"`                 // message UUID
	SessionID           string `json:"session_id"`           // session ID
}

// SessionWritesLost reports that the session could not be saved: the disk
// is full or over quota (system/session_writes_lost). CLI 2.1.330.
type SessionWritesLost struct {
	envelope             `wire:"union=Message,type=system,subtype=session_writes_lost"`
	ErrorCode            string   `json:"error_code"`             // ENOSPC or EDQUOT
	Lost                 []string `json:"lost"`                   // what was not written: transcript, global_config
	TranscriptSessionIDs []string `json:"transcript_session_ids"` // sessions whose transcript lost writes
	UUID                 string   `json:"uuid"`                   // message UUID
	SessionID            string   `json:"session_id"`             // session ID
}

// CommandLifecycle reports the progress of a user message the CLI queued
// as a command (command_lifecycle): queued, started, completed or
// cancelled. Seen from CLI 2.1.330, which the SDK's types mention but do
// not define.
type CommandLifecycle struct {
	envelope    `wire:"union=Message,type=command_lifecycle"`
	CommandUUID string `json:"command_uuid"` // UUID of the user message
	State       string `json:"state"`        // queued, started, completed or cancelled
	UUID        string `json:"uuid"`         // message UUID
	SessionID   string `json:"session_id"`   // session ID
}

// MirrorError reports that mirroring the session to remote storage failed
// (system/mirror_error). CLI 2.1.330.
type MirrorError struct {
	envelope  `wire:"union=Message,type=system,subtype=mirror_error"`
	Error     string          `json:"error"`      // what went wrong
	Key       json.RawMessage `json:"key"`        // the mirrored session: projectKey, sessionId, subpath
	UUID      string          `json:"uuid"`       // message UUID
	SessionID string          `json:"session_id"` // session ID
}

// TaskPatch is what a task_updated message changes about a task.
type TaskPatch struct {
	Status         string `json:"status"`          // pending, running, completed, failed, killed or paused
	Description    string `json:"description"`     // what the task does
	EndTime        int64  `json:"end_time"`        // when the task ended, Unix milliseconds
	TotalPausedMS  int64  `json:"total_paused_ms"` // time spent paused
	Error          string `json:"error"`           // why the task failed
	IsBackgrounded bool   `json:"is_backgrounded"` // the task runs in the background
	objectState
}
