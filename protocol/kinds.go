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
	envelope
}

// ToolProgress reports that a tool is still running (tool_progress), with
// the time since it started. CLI 2.1.37 and 2.1.330.
type ToolProgress struct {
	envelope
	ToolUseID          string          // the running call
	ToolName           string          // the tool
	ParentToolUseID    string          // the Task tool call this subagent's tool belongs to, empty (null) for the main thread
	ElapsedTimeSeconds float64         // time since the tool started
	TaskID             string          // the background task running the tool (CLI 2.1.330)
	Heartbeat          bool            // sent only to show the tool is alive (CLI 2.1.330)
	SubagentType       string          // type of the subagent running the tool (CLI 2.1.330)
	SubagentRetry      json.RawMessage // a subagent's API retry: agent_id, attempt, max_retries, retry_delay_ms, error_status, error_category (CLI 2.1.330)
	UUID               string          // message UUID
	SessionID          string          // session ID
}

// AuthStatus reports progress of an authentication (auth_status), such as
// a login the CLI runs. CLI 2.1.37 and 2.1.330.
type AuthStatus struct {
	envelope
	IsAuthenticating bool     // authentication is still going on
	Output           []string // lines of output so far
	Error            string   // why authentication failed
	UUID             string   // message UUID
	SessionID        string   // session ID
}

// ToolUseSummary summarizes a run of tool calls in a sentence
// (tool_use_summary). CLI 2.1.37 and 2.1.330.
type ToolUseSummary struct {
	envelope
	Summary             string   // the summary
	PrecedingToolUseIDs []string // the calls summarized
	UUID                string   // message UUID
	SessionID           string   // session ID
}

// PromptSuggestion suggests what the user could type next
// (prompt_suggestion), when the initialize request asked for suggestions.
// CLI 2.1.330.
type PromptSuggestion struct {
	envelope
	Suggestion string // the suggested prompt
	UUID       string // message UUID
	SessionID  string // session ID
}

// ConversationReset reports that the conversation started afresh
// (conversation_reset), after /clear or leaving plan mode: later messages
// belong to the new conversation. CLI 2.1.330.
type ConversationReset struct {
	envelope
	NewConversationID string // ID of the new conversation
	Trigger           string // clear, plan_mode_exit, fresh_session or onboarding
	UserMessageUUID   string // the user message that caused the reset
	Timestamp         string // when the reset happened
	UUID              string // message UUID
	SessionID         string // session ID
}

// ActiveGoal reports the state of the goal set with /goal (active_goal):
// Value is null once the goal is met or cleared, otherwise an object with
// condition, iterations, set_at, tokens_at_start and last_reason.
// CLI 2.1.330.
type ActiveGoal struct {
	envelope
	Value     json.RawMessage // the goal, null when there is none
	UUID      string          // message UUID
	SessionID string          // session ID
}

// PersistedFile is a file uploaded for the session.
type PersistedFile struct {
	Filename string // the file's name
	FileID   string // the Files API ID it was given
	objectState
}

// FailedFile is a file that could not be uploaded.
type FailedFile struct {
	Filename string // the file's name
	Error    string // why the upload failed
	objectState
}

// FilesPersisted reports files uploaded for the session
// (system/files_persisted). CLI 2.1.37 and 2.1.330.
type FilesPersisted struct {
	envelope
	Files       []PersistedFile // files uploaded
	Failed      []FailedFile    // files that could not be
	ProcessedAt string          // when the upload ended
	UUID        string          // message UUID
	SessionID   string          // session ID
}

// LocalCommandOutput carries the output of a slash command the CLI ran
// itself, without the model (system/local_command_output). CLI 2.1.330.
type LocalCommandOutput struct {
	envelope
	Content   string // the command's output
	UUID      string // message UUID
	SessionID string // session ID
}

// ControlRequestProgress reports progress of a control request the CLI is
// still working on (system/control_request_progress): started, or an API
// retry. CLI 2.1.330.
type ControlRequestProgress struct {
	envelope
	RequestID    string // the control request
	Status       string // started or api_retry
	Attempt      int64  // this retry's number (api_retry)
	MaxRetries   int64  // retries allowed (api_retry)
	RetryDelayMS int64  // wait before the retry (api_retry)
	ErrorStatus  int64  // HTTP status of the failure, 0 (null) when none
	UUID         string // message UUID
	SessionID    string // session ID
}

// ModelRefusal reports that the model refused a request
// (system/model_refusal_fallback, model_refusal_no_fallback): with a
// fallback the CLI retried on another model; without one the turn ends.
// CLI 2.1.330.
type ModelRefusal struct {
	envelope
	Subtype                Subtype  // SubtypeModelRefusalFallback or SubtypeModelRefusalNoFallback
	Trigger                string   // what triggered the fallback: refusal
	Direction              string   // retry, revert or sticky (fallback)
	Scope                  string   // session or local (fallback)
	OriginalModel          string   // the model that refused
	FallbackModel          string   // the model used instead (fallback)
	RequestID              string   // API request ID of the refused request, empty (null) when unknown
	APIRefusalCategory     string   // refusal category the API gave
	APIRefusalExplanation  string   // explanation the API gave
	RetractedMessageUUIDs  []string // messages of the refused attempt to remove (fallback)
	RefusedUserMessageUUID string   // the user message refused
	Content                string   // notice text to show
	UUID                   string   // message UUID
	SessionID              string   // session ID
}

// PluginInstall reports a plugin's installation (system/plugin_install).
// CLI 2.1.330.
type PluginInstall struct {
	envelope
	Status    string // started, installed, failed or completed
	Name      string // the plugin
	Error     string // why installation failed
	UUID      string // message UUID
	SessionID string // session ID
}

// BackgroundTask is one live background task.
type BackgroundTask struct {
	TaskID       string // task ID
	RunID        string // ID of this run of the task
	TaskType     string // kind of task: local_bash, local_agent...
	SubagentType string // agent type of a subagent task
	Description  string // what the task does
	ParentTaskID string // the subagent task that launched this one
	Ambient      bool   // not activity: leave it out of activity indicators
	objectState
}

// BackgroundTasksChanged lists every live background task whenever the set
// changes (system/background_tasks_changed): replace the set held with it.
// CLI 2.1.330.
type BackgroundTasksChanged struct {
	envelope
	Tasks     []BackgroundTask // every live background task
	UUID      string           // message UUID
	SessionID string           // session ID
}

// SessionStateChanged reports the session's state
// (system/session_state_changed). CLI 2.1.330.
type SessionStateChanged struct {
	envelope
	State     string // idle, running or requires_action
	UUID      string // message UUID
	SessionID string // session ID
}

// WorkerShuttingDown announces that the CLI process is about to stop
// (system/worker_shutting_down). CLI 2.1.330.
type WorkerShuttingDown struct {
	envelope
	Reason    string // why it stops
	UUID      string // message UUID
	SessionID string // session ID
}

// CommandsChanged carries the full list of slash commands after it changed
// mid-session (system/commands_changed): replace the list held with it.
// CLI 2.1.330.
type CommandsChanged struct {
	envelope
	Commands  []SlashCommand // every command available
	UUID      string         // message UUID
	SessionID string         // session ID
}

// Notification is a notice for the user (system/notification).
// CLI 2.1.330.
type Notification struct {
	envelope
	Key       string // identifies the notice; a later one with the same key replaces it
	Text      string // the notice
	Priority  string // low, medium, high or immediate
	Color     string // color to show it in
	TimeoutMS int64  // how long to show it
	UUID      string // message UUID
	SessionID string // session ID
}

// RecalledMemory is one memory file a memory recall used.
type RecalledMemory struct {
	Path    string // the memory file
	Scope   string // personal, team or organization
	Content string // what was recalled from it
	objectState
}

// MemoryRecall reports memories recalled into the conversation
// (system/memory_recall). CLI 2.1.330.
type MemoryRecall struct {
	envelope
	Mode      string           // select or synthesize
	Memories  []RecalledMemory // the memories recalled
	UUID      string           // message UUID
	SessionID string           // session ID
}

// ElicitationComplete reports that an MCP server's URL elicitation finished
// (system/elicitation_complete). CLI 2.1.330.
type ElicitationComplete struct {
	envelope
	MCPServerName string // the server that asked
	ElicitationID string // the elicitation
	UUID          string // message UUID
	SessionID     string // session ID
}

// PermissionDenied reports a tool call denied permission
// (system/permission_denied), whoever decided it. CLI 2.1.330.
type PermissionDenied struct {
	envelope
	ToolName           string // the tool
	ToolUseID          string // the denied call
	AgentID            string // subagent that made the call
	DecisionReasonType string // what decided: rule, mode, hook, classifier...
	DecisionReason     string // why
	Message            string // the message the model was given
	UUID               string // message UUID
	SessionID          string // session ID
}

// Informational is a message for the user that is not part of the
// conversation (system/informational). CLI 2.1.330.
type Informational struct {
	envelope
	Content             string // the message
	Level               string // info, notice, suggestion or warning
	ToolUseID           string // the tool call it is about
	PreventContinuation bool   // the turn stops after it
	Tag                 string // what produced it
	UUID                string // message UUID
	SessionID           string // session ID
}

// SessionWritesLost reports that the session could not be saved: the disk
// is full or over quota (system/session_writes_lost). CLI 2.1.330.
type SessionWritesLost struct {
	envelope
	ErrorCode            string   // ENOSPC or EDQUOT
	Lost                 []string // what was not written: transcript, global_config
	TranscriptSessionIDs []string // sessions whose transcript lost writes
	UUID                 string   // message UUID
	SessionID            string   // session ID
}

// CommandLifecycle reports the progress of a user message the CLI queued
// as a command (command_lifecycle): queued, started, completed or
// cancelled. Seen from CLI 2.1.330, which the SDK's types mention but do
// not define.
type CommandLifecycle struct {
	envelope
	CommandUUID string // UUID of the user message
	State       string // queued, started, completed or cancelled
	UUID        string // message UUID
	SessionID   string // session ID
}

// MirrorError reports that mirroring the session to remote storage failed
// (system/mirror_error). CLI 2.1.330.
type MirrorError struct {
	envelope
	Error     string          // what went wrong
	Key       json.RawMessage // the mirrored session: projectKey, sessionId, subpath
	UUID      string          // message UUID
	SessionID string          // session ID
}

// TaskPatch is what a task_updated message changes about a task.
type TaskPatch struct {
	Status         string // pending, running, completed, failed, killed or paused
	Description    string // what the task does
	EndTime        int64  // when the task ended, Unix milliseconds
	TotalPausedMS  int64  // time spent paused
	Error          string // why the task failed
	IsBackgrounded bool   // the task runs in the background
	objectState
}

// MessageType returns TypeKeepAlive.
func (*KeepAlive) MessageType() Type { return TypeKeepAlive }

// MessageType returns TypeToolProgress.
func (*ToolProgress) MessageType() Type { return TypeToolProgress }

// MessageType returns TypeAuthStatus.
func (*AuthStatus) MessageType() Type { return TypeAuthStatus }

// MessageType returns TypeToolUseSummary.
func (*ToolUseSummary) MessageType() Type { return TypeToolUseSummary }

// MessageType returns TypePromptSuggestion.
func (*PromptSuggestion) MessageType() Type { return TypePromptSuggestion }

// MessageType returns TypeConversationReset.
func (*ConversationReset) MessageType() Type { return TypeConversationReset }

// MessageType returns TypeActiveGoal.
func (*ActiveGoal) MessageType() Type { return TypeActiveGoal }

// MessageType returns TypeCommandLifecycle.
func (*CommandLifecycle) MessageType() Type { return TypeCommandLifecycle }

// MessageType returns TypeSystem.
func (*FilesPersisted) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*LocalCommandOutput) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*ControlRequestProgress) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*ModelRefusal) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*PluginInstall) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*BackgroundTasksChanged) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*SessionStateChanged) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*WorkerShuttingDown) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*CommandsChanged) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*Notification) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*MemoryRecall) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*ElicitationComplete) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*PermissionDenied) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*Informational) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*SessionWritesLost) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*MirrorError) MessageType() Type { return TypeSystem }

// pickOtherMessage returns an empty message of the kinds of this file the
// object's type names, nil for other types.
func pickOtherMessage(t Type) Message {
	switch t {
	case TypeKeepAlive:
		return new(KeepAlive)
	case TypeToolProgress:
		return new(ToolProgress)
	case TypeAuthStatus:
		return new(AuthStatus)
	case TypeToolUseSummary:
		return new(ToolUseSummary)
	case TypePromptSuggestion:
		return new(PromptSuggestion)
	case TypeConversationReset:
		return new(ConversationReset)
	case TypeActiveGoal:
		return new(ActiveGoal)
	case TypeCommandLifecycle:
		return new(CommandLifecycle)
	}
	return nil
}

// pickOtherSystem returns an empty system message of the subtypes of this
// file, nil for other subtypes.
func pickOtherSystem(s Subtype) Message {
	switch s {
	case SubtypeFilesPersisted:
		return new(FilesPersisted)
	case SubtypeLocalCommandOutput:
		return new(LocalCommandOutput)
	case SubtypeControlRequestProgress:
		return new(ControlRequestProgress)
	case SubtypeModelRefusalFallback, SubtypeModelRefusalNoFallback:
		return new(ModelRefusal)
	case SubtypePluginInstall:
		return new(PluginInstall)
	case SubtypeBackgroundTasksChanged:
		return new(BackgroundTasksChanged)
	case SubtypeSessionStateChanged:
		return new(SessionStateChanged)
	case SubtypeWorkerShuttingDown:
		return new(WorkerShuttingDown)
	case SubtypeCommandsChanged:
		return new(CommandsChanged)
	case SubtypeNotification:
		return new(Notification)
	case SubtypeMemoryRecall:
		return new(MemoryRecall)
	case SubtypeElicitationComplete:
		return new(ElicitationComplete)
	case SubtypePermissionDenied:
		return new(PermissionDenied)
	case SubtypeInformational:
		return new(Informational)
	case SubtypeSessionWritesLost:
		return new(SessionWritesLost)
	case SubtypeMirrorError:
		return new(MirrorError)
	}
	return nil
}

// otherSubtype returns the subtype of a system message of this file, "" for
// other messages.
func otherSubtype(m Message) Subtype {
	switch m := m.(type) {
	case *FilesPersisted:
		return SubtypeFilesPersisted
	case *LocalCommandOutput:
		return SubtypeLocalCommandOutput
	case *ControlRequestProgress:
		return SubtypeControlRequestProgress
	case *ModelRefusal:
		return m.Subtype
	case *PluginInstall:
		return SubtypePluginInstall
	case *BackgroundTasksChanged:
		return SubtypeBackgroundTasksChanged
	case *SessionStateChanged:
		return SubtypeSessionStateChanged
	case *WorkerShuttingDown:
		return SubtypeWorkerShuttingDown
	case *CommandsChanged:
		return SubtypeCommandsChanged
	case *Notification:
		return SubtypeNotification
	case *MemoryRecall:
		return SubtypeMemoryRecall
	case *ElicitationComplete:
		return SubtypeElicitationComplete
	case *PermissionDenied:
		return SubtypePermissionDenied
	case *Informational:
		return SubtypeInformational
	case *SessionWritesLost:
		return SubtypeSessionWritesLost
	case *MirrorError:
		return SubtypeMirrorError
	}
	return ""
}

var (
	keepAliveTable              *table[KeepAlive]
	toolProgressTable           *table[ToolProgress]
	authStatusTable             *table[AuthStatus]
	toolUseSummaryTable         *table[ToolUseSummary]
	promptSuggestionTable       *table[PromptSuggestion]
	conversationResetTable      *table[ConversationReset]
	activeGoalTable             *table[ActiveGoal]
	commandLifecycleTable       *table[CommandLifecycle]
	persistedFileTable          *table[PersistedFile]
	failedFileTable             *table[FailedFile]
	filesPersistedTable         *table[FilesPersisted]
	localCommandOutputTable     *table[LocalCommandOutput]
	controlRequestProgressTable *table[ControlRequestProgress]
	modelRefusalTable           *table[ModelRefusal]
	pluginInstallTable          *table[PluginInstall]
	backgroundTaskTable         *table[BackgroundTask]
	backgroundTasksChangedTable *table[BackgroundTasksChanged]
	sessionStateChangedTable    *table[SessionStateChanged]
	workerShuttingDownTable     *table[WorkerShuttingDown]
	commandsChangedTable        *table[CommandsChanged]
	notificationTable           *table[Notification]
	recalledMemoryTable         *table[RecalledMemory]
	memoryRecallTable           *table[MemoryRecall]
	elicitationCompleteTable    *table[ElicitationComplete]
	permissionDeniedTable       *table[PermissionDenied]
	informationalTable          *table[Informational]
	sessionWritesLostTable      *table[SessionWritesLost]
	mirrorErrorTable            *table[MirrorError]
	taskPatchTable              *table[TaskPatch]
)

func init() {
	keepAliveTable = newTable(
		constField[KeepAlive]("type", string(TypeKeepAlive)),
	)
	type TP = ToolProgress
	toolProgressTable = newTable(
		constField[TP]("type", string(TypeToolProgress)),
		stringField("tool_use_id", func(m *TP) *string { return &m.ToolUseID }),
		stringField("tool_name", func(m *TP) *string { return &m.ToolName }),
		nullableStringField("parent_tool_use_id", func(m *TP) *string { return &m.ParentToolUseID }),
		requiredFloatField("elapsed_time_seconds", func(m *TP) *float64 { return &m.ElapsedTimeSeconds }),
		stringField("task_id", func(m *TP) *string { return &m.TaskID }),
		stringField("uuid", func(m *TP) *string { return &m.UUID }),
		stringField("session_id", func(m *TP) *string { return &m.SessionID }),
		boolField("heartbeat", func(m *TP) *bool { return &m.Heartbeat }),
		stringField("subagent_type", func(m *TP) *string { return &m.SubagentType }),
		rawField("subagent_retry", func(m *TP) *rawJSON { return &m.SubagentRetry }),
	)
	type AS = AuthStatus
	authStatusTable = newTable(
		constField[AS]("type", string(TypeAuthStatus)),
		requiredBoolField("isAuthenticating", func(m *AS) *bool { return &m.IsAuthenticating }),
		stringsField("output", func(m *AS) *[]string { return &m.Output }),
		stringField("error", func(m *AS) *string { return &m.Error }),
		stringField("uuid", func(m *AS) *string { return &m.UUID }),
		stringField("session_id", func(m *AS) *string { return &m.SessionID }),
	)
	type TS = ToolUseSummary
	toolUseSummaryTable = newTable(
		constField[TS]("type", string(TypeToolUseSummary)),
		stringField("summary", func(m *TS) *string { return &m.Summary }),
		stringsField("preceding_tool_use_ids", func(m *TS) *[]string { return &m.PrecedingToolUseIDs }),
		stringField("uuid", func(m *TS) *string { return &m.UUID }),
		stringField("session_id", func(m *TS) *string { return &m.SessionID }),
	)
	type PS = PromptSuggestion
	promptSuggestionTable = newTable(
		constField[PS]("type", string(TypePromptSuggestion)),
		stringField("suggestion", func(m *PS) *string { return &m.Suggestion }),
		stringField("uuid", func(m *PS) *string { return &m.UUID }),
		stringField("session_id", func(m *PS) *string { return &m.SessionID }),
	)
	type CR = ConversationReset
	conversationResetTable = newTable(
		constField[CR]("type", string(TypeConversationReset)),
		stringField("new_conversation_id", func(m *CR) *string { return &m.NewConversationID }),
		stringField("uuid", func(m *CR) *string { return &m.UUID }),
		stringField("session_id", func(m *CR) *string { return &m.SessionID }),
		stringField("trigger", func(m *CR) *string { return &m.Trigger }),
		stringField("user_message_uuid", func(m *CR) *string { return &m.UserMessageUUID }),
		stringField("timestamp", func(m *CR) *string { return &m.Timestamp }),
	)
	type AG = ActiveGoal
	activeGoalTable = newTable(
		constField[AG]("type", string(TypeActiveGoal)),
		rawField("value", func(m *AG) *rawJSON { return &m.Value }),
		stringField("uuid", func(m *AG) *string { return &m.UUID }),
		stringField("session_id", func(m *AG) *string { return &m.SessionID }),
	)
	type CL = CommandLifecycle
	commandLifecycleTable = newTable(
		constField[CL]("type", string(TypeCommandLifecycle)),
		stringField("command_uuid", func(m *CL) *string { return &m.CommandUUID }),
		stringField("state", func(m *CL) *string { return &m.State }),
		stringField("uuid", func(m *CL) *string { return &m.UUID }),
		stringField("session_id", func(m *CL) *string { return &m.SessionID }),
	)
}

func init() {
	persistedFileTable = newTable(
		stringField("filename", func(f *PersistedFile) *string { return &f.Filename }),
		stringField("file_id", func(f *PersistedFile) *string { return &f.FileID }),
	)
	failedFileTable = newTable(
		stringField("filename", func(f *FailedFile) *string { return &f.Filename }),
		stringField("error", func(f *FailedFile) *string { return &f.Error }),
	)
	type FP = FilesPersisted
	filesPersistedTable = newTable(
		constField[FP]("type", string(TypeSystem)),
		constField[FP]("subtype", string(SubtypeFilesPersisted)),
		requiredObjectsField[FP, PersistedFile]("files", &persistedFileTable, func(m *FP) *[]PersistedFile { return &m.Files }),
		requiredObjectsField[FP, FailedFile]("failed", &failedFileTable, func(m *FP) *[]FailedFile { return &m.Failed }),
		stringField("processed_at", func(m *FP) *string { return &m.ProcessedAt }),
		stringField("uuid", func(m *FP) *string { return &m.UUID }),
		stringField("session_id", func(m *FP) *string { return &m.SessionID }),
	)
	type LC = LocalCommandOutput
	localCommandOutputTable = newTable(
		constField[LC]("type", string(TypeSystem)),
		constField[LC]("subtype", string(SubtypeLocalCommandOutput)),
		stringField("content", func(m *LC) *string { return &m.Content }),
		stringField("uuid", func(m *LC) *string { return &m.UUID }),
		stringField("session_id", func(m *LC) *string { return &m.SessionID }),
	)
	type CP = ControlRequestProgress
	controlRequestProgressTable = newTable(
		constField[CP]("type", string(TypeSystem)),
		constField[CP]("subtype", string(SubtypeControlRequestProgress)),
		stringField("request_id", func(m *CP) *string { return &m.RequestID }),
		stringField("status", func(m *CP) *string { return &m.Status }),
		intField("attempt", func(m *CP) *int64 { return &m.Attempt }),
		intField("max_retries", func(m *CP) *int64 { return &m.MaxRetries }),
		intField("retry_delay_ms", func(m *CP) *int64 { return &m.RetryDelayMS }),
		intField("error_status", func(m *CP) *int64 { return &m.ErrorStatus }),
		stringField("uuid", func(m *CP) *string { return &m.UUID }),
		stringField("session_id", func(m *CP) *string { return &m.SessionID }),
	)
	type MR = ModelRefusal
	modelRefusalTable = newTable(
		constField[MR]("type", string(TypeSystem)),
		stringField("subtype", func(m *MR) *Subtype { return &m.Subtype }),
		stringField("trigger", func(m *MR) *string { return &m.Trigger }),
		stringField("direction", func(m *MR) *string { return &m.Direction }),
		stringField("scope", func(m *MR) *string { return &m.Scope }),
		stringField("original_model", func(m *MR) *string { return &m.OriginalModel }),
		stringField("fallback_model", func(m *MR) *string { return &m.FallbackModel }),
		nullableStringField("request_id", func(m *MR) *string { return &m.RequestID }),
		stringField("api_refusal_category", func(m *MR) *string { return &m.APIRefusalCategory }),
		stringField("api_refusal_explanation", func(m *MR) *string { return &m.APIRefusalExplanation }),
		stringsField("retracted_message_uuids", func(m *MR) *[]string { return &m.RetractedMessageUUIDs }),
		stringField("refused_user_message_uuid", func(m *MR) *string { return &m.RefusedUserMessageUUID }),
		stringField("content", func(m *MR) *string { return &m.Content }),
		stringField("uuid", func(m *MR) *string { return &m.UUID }),
		stringField("session_id", func(m *MR) *string { return &m.SessionID }),
	)
	type PI = PluginInstall
	pluginInstallTable = newTable(
		constField[PI]("type", string(TypeSystem)),
		constField[PI]("subtype", string(SubtypePluginInstall)),
		stringField("status", func(m *PI) *string { return &m.Status }),
		stringField("name", func(m *PI) *string { return &m.Name }),
		stringField("error", func(m *PI) *string { return &m.Error }),
		stringField("uuid", func(m *PI) *string { return &m.UUID }),
		stringField("session_id", func(m *PI) *string { return &m.SessionID }),
	)
	type BT = BackgroundTask
	backgroundTaskTable = newTable(
		stringField("task_id", func(t *BT) *string { return &t.TaskID }),
		stringField("run_id", func(t *BT) *string { return &t.RunID }),
		stringField("task_type", func(t *BT) *string { return &t.TaskType }),
		stringField("subagent_type", func(t *BT) *string { return &t.SubagentType }),
		stringField("description", func(t *BT) *string { return &t.Description }),
		stringField("parent_task_id", func(t *BT) *string { return &t.ParentTaskID }),
		boolField("ambient", func(t *BT) *bool { return &t.Ambient }),
	)
	type BC = BackgroundTasksChanged
	backgroundTasksChangedTable = newTable(
		constField[BC]("type", string(TypeSystem)),
		constField[BC]("subtype", string(SubtypeBackgroundTasksChanged)),
		requiredObjectsField[BC, BT]("tasks", &backgroundTaskTable, func(m *BC) *[]BT { return &m.Tasks }),
		stringField("uuid", func(m *BC) *string { return &m.UUID }),
		stringField("session_id", func(m *BC) *string { return &m.SessionID }),
	)
	type SC = SessionStateChanged
	sessionStateChangedTable = newTable(
		constField[SC]("type", string(TypeSystem)),
		constField[SC]("subtype", string(SubtypeSessionStateChanged)),
		stringField("state", func(m *SC) *string { return &m.State }),
		stringField("uuid", func(m *SC) *string { return &m.UUID }),
		stringField("session_id", func(m *SC) *string { return &m.SessionID }),
	)
	type WS = WorkerShuttingDown
	workerShuttingDownTable = newTable(
		constField[WS]("type", string(TypeSystem)),
		constField[WS]("subtype", string(SubtypeWorkerShuttingDown)),
		stringField("reason", func(m *WS) *string { return &m.Reason }),
		stringField("uuid", func(m *WS) *string { return &m.UUID }),
		stringField("session_id", func(m *WS) *string { return &m.SessionID }),
	)
	type CC = CommandsChanged
	commandsChangedTable = newTable(
		constField[CC]("type", string(TypeSystem)),
		constField[CC]("subtype", string(SubtypeCommandsChanged)),
		requiredObjectsField[CC, SlashCommand]("commands", &slashCommandTable, func(m *CC) *[]SlashCommand { return &m.Commands }),
		stringField("uuid", func(m *CC) *string { return &m.UUID }),
		stringField("session_id", func(m *CC) *string { return &m.SessionID }),
	)
	type NT = Notification
	notificationTable = newTable(
		constField[NT]("type", string(TypeSystem)),
		constField[NT]("subtype", string(SubtypeNotification)),
		stringField("key", func(m *NT) *string { return &m.Key }),
		stringField("text", func(m *NT) *string { return &m.Text }),
		stringField("priority", func(m *NT) *string { return &m.Priority }),
		stringField("color", func(m *NT) *string { return &m.Color }),
		intField("timeout_ms", func(m *NT) *int64 { return &m.TimeoutMS }),
		stringField("uuid", func(m *NT) *string { return &m.UUID }),
		stringField("session_id", func(m *NT) *string { return &m.SessionID }),
	)
	type RM = RecalledMemory
	recalledMemoryTable = newTable(
		stringField("path", func(r *RM) *string { return &r.Path }),
		stringField("scope", func(r *RM) *string { return &r.Scope }),
		stringField("content", func(r *RM) *string { return &r.Content }),
	)
	type MM = MemoryRecall
	memoryRecallTable = newTable(
		constField[MM]("type", string(TypeSystem)),
		constField[MM]("subtype", string(SubtypeMemoryRecall)),
		stringField("mode", func(m *MM) *string { return &m.Mode }),
		requiredObjectsField[MM, RM]("memories", &recalledMemoryTable, func(m *MM) *[]RM { return &m.Memories }),
		stringField("uuid", func(m *MM) *string { return &m.UUID }),
		stringField("session_id", func(m *MM) *string { return &m.SessionID }),
	)
	type EC = ElicitationComplete
	elicitationCompleteTable = newTable(
		constField[EC]("type", string(TypeSystem)),
		constField[EC]("subtype", string(SubtypeElicitationComplete)),
		stringField("mcp_server_name", func(m *EC) *string { return &m.MCPServerName }),
		stringField("elicitation_id", func(m *EC) *string { return &m.ElicitationID }),
		stringField("uuid", func(m *EC) *string { return &m.UUID }),
		stringField("session_id", func(m *EC) *string { return &m.SessionID }),
	)
	type PD = PermissionDenied
	permissionDeniedTable = newTable(
		constField[PD]("type", string(TypeSystem)),
		constField[PD]("subtype", string(SubtypePermissionDenied)),
		stringField("tool_name", func(m *PD) *string { return &m.ToolName }),
		stringField("tool_use_id", func(m *PD) *string { return &m.ToolUseID }),
		stringField("agent_id", func(m *PD) *string { return &m.AgentID }),
		stringField("decision_reason_type", func(m *PD) *string { return &m.DecisionReasonType }),
		stringField("decision_reason", func(m *PD) *string { return &m.DecisionReason }),
		stringField("message", func(m *PD) *string { return &m.Message }),
		stringField("uuid", func(m *PD) *string { return &m.UUID }),
		stringField("session_id", func(m *PD) *string { return &m.SessionID }),
	)
	type IN = Informational
	informationalTable = newTable(
		constField[IN]("type", string(TypeSystem)),
		constField[IN]("subtype", string(SubtypeInformational)),
		stringField("content", func(m *IN) *string { return &m.Content }),
		stringField("level", func(m *IN) *string { return &m.Level }),
		stringField("tool_use_id", func(m *IN) *string { return &m.ToolUseID }),
		boolField("prevent_continuation", func(m *IN) *bool { return &m.PreventContinuation }),
		stringField("tag", func(m *IN) *string { return &m.Tag }),
		stringField("uuid", func(m *IN) *string { return &m.UUID }),
		stringField("session_id", func(m *IN) *string { return &m.SessionID }),
	)
	type WL = SessionWritesLost
	sessionWritesLostTable = newTable(
		constField[WL]("type", string(TypeSystem)),
		constField[WL]("subtype", string(SubtypeSessionWritesLost)),
		stringField("error_code", func(m *WL) *string { return &m.ErrorCode }),
		stringsField("lost", func(m *WL) *[]string { return &m.Lost }),
		stringsField("transcript_session_ids", func(m *WL) *[]string { return &m.TranscriptSessionIDs }),
		stringField("uuid", func(m *WL) *string { return &m.UUID }),
		stringField("session_id", func(m *WL) *string { return &m.SessionID }),
	)
	type ME = MirrorError
	mirrorErrorTable = newTable(
		constField[ME]("type", string(TypeSystem)),
		constField[ME]("subtype", string(SubtypeMirrorError)),
		stringField("error", func(m *ME) *string { return &m.Error }),
		rawField("key", func(m *ME) *rawJSON { return &m.Key }),
		stringField("uuid", func(m *ME) *string { return &m.UUID }),
		stringField("session_id", func(m *ME) *string { return &m.SessionID }),
	)
	type TP = TaskPatch
	taskPatchTable = newTable(
		stringField("status", func(p *TP) *string { return &p.Status }),
		stringField("description", func(p *TP) *string { return &p.Description }),
		intField("end_time", func(p *TP) *int64 { return &p.EndTime }),
		intField("total_paused_ms", func(p *TP) *int64 { return &p.TotalPausedMS }),
		stringField("error", func(p *TP) *string { return &p.Error }),
		boolField("is_backgrounded", func(p *TP) *bool { return &p.IsBackgrounded }),
	)
}

// The methods tying each message type to its table.

func (m *KeepAlive) decode(d *decoder) error {
	return decodeObject(d, keepAliveTable, m, &m.objectState)
}
func (m *KeepAlive) encode(b []byte) []byte {
	return encodeObject(b, keepAliveTable, m, &m.objectState)
}
func (m *KeepAlive) walkUnknown(w *unknownWalker) {
	walkObject(w, keepAliveTable, m, &m.objectState)
}

func (m *ToolProgress) decode(d *decoder) error {
	return decodeObject(d, toolProgressTable, m, &m.objectState)
}
func (m *ToolProgress) encode(b []byte) []byte {
	return encodeObject(b, toolProgressTable, m, &m.objectState)
}
func (m *ToolProgress) walkUnknown(w *unknownWalker) {
	walkObject(w, toolProgressTable, m, &m.objectState)
}

func (m *AuthStatus) decode(d *decoder) error {
	return decodeObject(d, authStatusTable, m, &m.objectState)
}
func (m *AuthStatus) encode(b []byte) []byte {
	return encodeObject(b, authStatusTable, m, &m.objectState)
}
func (m *AuthStatus) walkUnknown(w *unknownWalker) {
	walkObject(w, authStatusTable, m, &m.objectState)
}

func (m *ToolUseSummary) decode(d *decoder) error {
	return decodeObject(d, toolUseSummaryTable, m, &m.objectState)
}
func (m *ToolUseSummary) encode(b []byte) []byte {
	return encodeObject(b, toolUseSummaryTable, m, &m.objectState)
}
func (m *ToolUseSummary) walkUnknown(w *unknownWalker) {
	walkObject(w, toolUseSummaryTable, m, &m.objectState)
}

func (m *PromptSuggestion) decode(d *decoder) error {
	return decodeObject(d, promptSuggestionTable, m, &m.objectState)
}
func (m *PromptSuggestion) encode(b []byte) []byte {
	return encodeObject(b, promptSuggestionTable, m, &m.objectState)
}
func (m *PromptSuggestion) walkUnknown(w *unknownWalker) {
	walkObject(w, promptSuggestionTable, m, &m.objectState)
}

func (m *ConversationReset) decode(d *decoder) error {
	return decodeObject(d, conversationResetTable, m, &m.objectState)
}
func (m *ConversationReset) encode(b []byte) []byte {
	return encodeObject(b, conversationResetTable, m, &m.objectState)
}
func (m *ConversationReset) walkUnknown(w *unknownWalker) {
	walkObject(w, conversationResetTable, m, &m.objectState)
}

func (m *ActiveGoal) decode(d *decoder) error {
	return decodeObject(d, activeGoalTable, m, &m.objectState)
}
func (m *ActiveGoal) encode(b []byte) []byte {
	return encodeObject(b, activeGoalTable, m, &m.objectState)
}
func (m *ActiveGoal) walkUnknown(w *unknownWalker) {
	walkObject(w, activeGoalTable, m, &m.objectState)
}

func (m *CommandLifecycle) decode(d *decoder) error {
	return decodeObject(d, commandLifecycleTable, m, &m.objectState)
}
func (m *CommandLifecycle) encode(b []byte) []byte {
	return encodeObject(b, commandLifecycleTable, m, &m.objectState)
}
func (m *CommandLifecycle) walkUnknown(w *unknownWalker) {
	walkObject(w, commandLifecycleTable, m, &m.objectState)
}

func (m *FilesPersisted) decode(d *decoder) error {
	return decodeObject(d, filesPersistedTable, m, &m.objectState)
}
func (m *FilesPersisted) encode(b []byte) []byte {
	return encodeObject(b, filesPersistedTable, m, &m.objectState)
}
func (m *FilesPersisted) walkUnknown(w *unknownWalker) {
	walkObject(w, filesPersistedTable, m, &m.objectState)
}

func (m *LocalCommandOutput) decode(d *decoder) error {
	return decodeObject(d, localCommandOutputTable, m, &m.objectState)
}
func (m *LocalCommandOutput) encode(b []byte) []byte {
	return encodeObject(b, localCommandOutputTable, m, &m.objectState)
}
func (m *LocalCommandOutput) walkUnknown(w *unknownWalker) {
	walkObject(w, localCommandOutputTable, m, &m.objectState)
}

func (m *ControlRequestProgress) decode(d *decoder) error {
	return decodeObject(d, controlRequestProgressTable, m, &m.objectState)
}
func (m *ControlRequestProgress) encode(b []byte) []byte {
	return encodeObject(b, controlRequestProgressTable, m, &m.objectState)
}
func (m *ControlRequestProgress) walkUnknown(w *unknownWalker) {
	walkObject(w, controlRequestProgressTable, m, &m.objectState)
}

func (m *ModelRefusal) decode(d *decoder) error {
	return decodeObject(d, modelRefusalTable, m, &m.objectState)
}
func (m *ModelRefusal) encode(b []byte) []byte {
	return encodeObject(b, modelRefusalTable, m, &m.objectState)
}
func (m *ModelRefusal) walkUnknown(w *unknownWalker) {
	walkObject(w, modelRefusalTable, m, &m.objectState)
}

func (m *PluginInstall) decode(d *decoder) error {
	return decodeObject(d, pluginInstallTable, m, &m.objectState)
}
func (m *PluginInstall) encode(b []byte) []byte {
	return encodeObject(b, pluginInstallTable, m, &m.objectState)
}
func (m *PluginInstall) walkUnknown(w *unknownWalker) {
	walkObject(w, pluginInstallTable, m, &m.objectState)
}

func (m *BackgroundTasksChanged) decode(d *decoder) error {
	return decodeObject(d, backgroundTasksChangedTable, m, &m.objectState)
}
func (m *BackgroundTasksChanged) encode(b []byte) []byte {
	return encodeObject(b, backgroundTasksChangedTable, m, &m.objectState)
}
func (m *BackgroundTasksChanged) walkUnknown(w *unknownWalker) {
	walkObject(w, backgroundTasksChangedTable, m, &m.objectState)
}

func (m *SessionStateChanged) decode(d *decoder) error {
	return decodeObject(d, sessionStateChangedTable, m, &m.objectState)
}
func (m *SessionStateChanged) encode(b []byte) []byte {
	return encodeObject(b, sessionStateChangedTable, m, &m.objectState)
}
func (m *SessionStateChanged) walkUnknown(w *unknownWalker) {
	walkObject(w, sessionStateChangedTable, m, &m.objectState)
}

func (m *WorkerShuttingDown) decode(d *decoder) error {
	return decodeObject(d, workerShuttingDownTable, m, &m.objectState)
}
func (m *WorkerShuttingDown) encode(b []byte) []byte {
	return encodeObject(b, workerShuttingDownTable, m, &m.objectState)
}
func (m *WorkerShuttingDown) walkUnknown(w *unknownWalker) {
	walkObject(w, workerShuttingDownTable, m, &m.objectState)
}

func (m *CommandsChanged) decode(d *decoder) error {
	return decodeObject(d, commandsChangedTable, m, &m.objectState)
}
func (m *CommandsChanged) encode(b []byte) []byte {
	return encodeObject(b, commandsChangedTable, m, &m.objectState)
}
func (m *CommandsChanged) walkUnknown(w *unknownWalker) {
	walkObject(w, commandsChangedTable, m, &m.objectState)
}

func (m *Notification) decode(d *decoder) error {
	return decodeObject(d, notificationTable, m, &m.objectState)
}
func (m *Notification) encode(b []byte) []byte {
	return encodeObject(b, notificationTable, m, &m.objectState)
}
func (m *Notification) walkUnknown(w *unknownWalker) {
	walkObject(w, notificationTable, m, &m.objectState)
}

func (m *MemoryRecall) decode(d *decoder) error {
	return decodeObject(d, memoryRecallTable, m, &m.objectState)
}
func (m *MemoryRecall) encode(b []byte) []byte {
	return encodeObject(b, memoryRecallTable, m, &m.objectState)
}
func (m *MemoryRecall) walkUnknown(w *unknownWalker) {
	walkObject(w, memoryRecallTable, m, &m.objectState)
}

func (m *ElicitationComplete) decode(d *decoder) error {
	return decodeObject(d, elicitationCompleteTable, m, &m.objectState)
}
func (m *ElicitationComplete) encode(b []byte) []byte {
	return encodeObject(b, elicitationCompleteTable, m, &m.objectState)
}
func (m *ElicitationComplete) walkUnknown(w *unknownWalker) {
	walkObject(w, elicitationCompleteTable, m, &m.objectState)
}

func (m *PermissionDenied) decode(d *decoder) error {
	return decodeObject(d, permissionDeniedTable, m, &m.objectState)
}
func (m *PermissionDenied) encode(b []byte) []byte {
	return encodeObject(b, permissionDeniedTable, m, &m.objectState)
}
func (m *PermissionDenied) walkUnknown(w *unknownWalker) {
	walkObject(w, permissionDeniedTable, m, &m.objectState)
}

func (m *Informational) decode(d *decoder) error {
	return decodeObject(d, informationalTable, m, &m.objectState)
}
func (m *Informational) encode(b []byte) []byte {
	return encodeObject(b, informationalTable, m, &m.objectState)
}
func (m *Informational) walkUnknown(w *unknownWalker) {
	walkObject(w, informationalTable, m, &m.objectState)
}

func (m *SessionWritesLost) decode(d *decoder) error {
	return decodeObject(d, sessionWritesLostTable, m, &m.objectState)
}
func (m *SessionWritesLost) encode(b []byte) []byte {
	return encodeObject(b, sessionWritesLostTable, m, &m.objectState)
}
func (m *SessionWritesLost) walkUnknown(w *unknownWalker) {
	walkObject(w, sessionWritesLostTable, m, &m.objectState)
}

func (m *MirrorError) decode(d *decoder) error {
	return decodeObject(d, mirrorErrorTable, m, &m.objectState)
}
func (m *MirrorError) encode(b []byte) []byte {
	return encodeObject(b, mirrorErrorTable, m, &m.objectState)
}
func (m *MirrorError) walkUnknown(w *unknownWalker) {
	walkObject(w, mirrorErrorTable, m, &m.objectState)
}
