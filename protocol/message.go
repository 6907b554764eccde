package protocol

import (
	"encoding/json"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// Message is one line of the stream-json protocol, read from the CLI's
// stdout or written to its stdin. Every concrete message type is a pointer
// to one of the structs of this package: *SystemInit, *SystemStatus,
// *CompactBoundary, *APIRetry, *HookMessage, *TaskMessage, *ThinkingTokens,
// *SystemMessage,
// *AssistantMessage, *UserMessage, *ResultMessage, *StreamEvent,
// *ControlRequest, *ControlResponse, *ControlCancelRequest,
// *RateLimitEvent and *UnknownMessage.
//
// Also the kinds besides the conversation: *KeepAlive, *ToolProgress,
// *AuthStatus, *ToolUseSummary, *PromptSuggestion, *ConversationReset,
// *ActiveGoal, *CommandLifecycle, and the system subtypes *FilesPersisted,
// *LocalCommandOutput, *ControlRequestProgress, *ModelRefusal,
// *PluginInstall, *BackgroundTasksChanged, *SessionStateChanged,
// *WorkerShuttingDown, *CommandsChanged, *Notification, *MemoryRecall,
// *ElicitationComplete, *PermissionDenied, *Informational,
// *SessionWritesLost and *MirrorError.
//
// A decoded message remembers its original line, the order of its members
// and every member the model does not know, so [Marshal] writes it back
// unchanged and [UnknownFields] lists what the model missed.
type Message interface {
	// MessageType returns the message's "type".
	MessageType() Type
	// Raw returns the line the message was decoded from, nil for a message
	// built in code. The slice must not be modified.
	Raw() []byte
	jsonObject
}

// envelope holds what every message keeps besides its typed fields.
type envelope struct {
	raw []byte
	objectState
}

// Raw returns the line the message was decoded from, nil for a message built
// in code. The slice must not be modified.
func (e *envelope) Raw() []byte { return e.raw }

// MCPServerStatus is one entry of system/init's mcp_servers.
//
// The answer to an mcp_status request lists servers with more detail:
// ServerInfo, Error, Config, Scope and Tools.
type MCPServerStatus struct {
	Name       string          `json:"name"`       // server name
	Status     string          `json:"status"`     // connection status: connected, failed, pending, needs-auth...
	Source     string          `json:"source"`     // where the server was configured (CLI 2.1.330)
	ServerInfo json.RawMessage `json:"serverInfo"` // the server's name and version, when connected
	Error      string          `json:"error"`      // why the connection failed
	Config     json.RawMessage `json:"config"`     // the server's configuration
	Scope      string          `json:"scope"`      // configuration scope: project, user, local, managed...
	Transport  string          `json:"transport"`  // how the CLI reaches the server: stdio, sse, http... (CLI 2.1.330)
	Tools      json.RawMessage `json:"tools"`      // the server's tools, when connected
	objectState
}

// PluginInfo is one entry of system/init's plugins.
type PluginInfo struct {
	Name    string `json:"name"`    // plugin name
	Path    string `json:"path"`    // plugin directory, "builtin" for built-in plugins
	Version string `json:"version"` // plugin version, when known
	Source  string `json:"source"`  // plugin ID with its marketplace, e.g. "name@builtin" (CLI 2.1.330)
	objectState
}

// SystemInit is the first message of a session (system/init): the
// session's ID, working directory, model, tools and configuration. It
// always comes first, and its tools member lists the tools available.
type SystemInit struct {
	envelope                `wire:"union=Message,type=system,subtype=init"`
	CWD                     string            `json:"cwd"`                       // working directory
	SessionID               string            `json:"session_id"`                // session ID
	Tools                   []string          `json:"tools"`                     // names of the tools available
	MCPServers              []MCPServerStatus `json:"mcp_servers"`               // MCP servers and their status
	Model                   string            `json:"model"`                     // model in use
	PermissionMode          PermissionMode    `json:"permissionMode"`            // permission mode in force
	SlashCommands           []string          `json:"slash_commands"`            // slash commands available
	APIKeySource            string            `json:"apiKeySource"`              // where the API key came from: user, project, org, temporary, none...
	Betas                   []string          `json:"betas"`                     // API betas enabled
	ClaudeCodeVersion       string            `json:"claude_code_version"`       // CLI version
	OutputStyle             string            `json:"output_style"`              // output style in use
	Agents                  []string          `json:"agents"`                    // subagents available
	Skills                  []string          `json:"skills"`                    // skills available
	Plugins                 []PluginInfo      `json:"plugins"`                   // plugins loaded
	PluginErrors            json.RawMessage   `json:"plugin_errors"`             // plugins that failed to load (CLI 2.1.330)
	FastModeState           string            `json:"fast_mode_state"`           // fast mode state (CLI 2.1.330)
	FastModeDisabledReason  string            `json:"fast_mode_disabled_reason"` // why fast mode is off (CLI 2.1.330)
	Effort                  string            `json:"effort"`                    // reasoning effort: low, medium, high... (CLI 2.1.330)
	ViewMode                string            `json:"view_mode"`                 // view mode (CLI 2.1.330)
	Capabilities            []string          `json:"capabilities"`              // CLI capabilities (CLI 2.1.330)
	TerminalSlashCommands   []string          `json:"terminal_slash_commands"`   // slash commands only a terminal offers (CLI 2.1.330)
	MemoryPaths             json.RawMessage   `json:"memory_paths"`              // memory directories by kind (CLI 2.1.330)
	AnalyticsDisabled       bool              `json:"analytics_disabled"`        // analytics are off (CLI 2.1.330)
	ProductFeedbackDisabled bool              `json:"product_feedback_disabled"` // feedback prompts are off (CLI 2.1.330)
	ServedByAnthropic       bool              `json:"served_by_anthropic"`       // the API is Anthropic's own (CLI 2.1.330)
	OriginalCWD             string            `json:"original_cwd"`              // working directory at start (CLI 2.1.330)
	AdditionalDirectories   []string          `json:"additional_directories"`    // directories added with --add-dir (CLI 2.1.330)
	MessagingSocketPath     string            `json:"messaging_socket_path"`     // socket other sessions reach this one on (CLI 2.1.330)
	PerTurnEffortActive     bool              `json:"per_turn_effort_active"`    // effort can change per turn (CLI 2.1.330)
	UltrathinkAvailable     bool              `json:"ultrathink_available"`      // "ultrathink" raises the effort (CLI 2.1.330)
	UltrathinkTypedRaises   bool              `json:"ultrathink_typed_raises"`   // typing "ultrathink" raised the effort (CLI 2.1.330)
	UUID                    string            `json:"uuid"`                      // message UUID
	UserMessageUUIDs        []string          `json:"user_message_uuids"`        // UUIDs of the user messages that started the session's first turn (seen from CLI 2.1.330)
	SandboxEnabled          json.RawMessage   `json:"sandbox_enabled"`           // the CLI runs its shell commands in its command sandbox: true, false, or "unknown" when it could not tell (CLI 2.1.331)
}

// SystemStatus reports a change of the system state (system/status): it is
// emitted right after the EnterPlanMode tool runs, with PermissionMode
// giving the mode now in force, and while compacting.
type SystemStatus struct {
	envelope       `wire:"union=Message,type=system,subtype=status"`
	Status         string         `json:"status" wire:"nullable"` // compacting, requesting, or empty (null)
	PermissionMode PermissionMode `json:"permissionMode"`         // the permission mode now in force
	CompactResult  string         `json:"compact_result"`         // success or failed, after compacting (CLI 2.1.330)
	CompactError   string         `json:"compact_error"`          // why compacting failed (CLI 2.1.330)
	UUID           string         `json:"uuid"`                   // message UUID
	SessionID      string         `json:"session_id"`             // session ID
}

// CompactMetadata describes a compaction.
type CompactMetadata struct {
	Trigger                 string          `json:"trigger"`                    // manual or auto
	PreTokens               int64           `json:"pre_tokens" wire:"required"` // tokens before compacting
	PostTokens              int64           `json:"post_tokens"`                // tokens after compacting (CLI 2.1.330)
	DurationMS              int64           `json:"duration_ms"`                // how long compacting took (CLI 2.1.330)
	PreservedSegment        json.RawMessage `json:"preserved_segment"`          // messages kept verbatim (CLI 2.1.330)
	PreservedMessages       json.RawMessage `json:"preserved_messages"`         // messages kept verbatim (CLI 2.1.330)
	CumulativeDroppedTokens int64           `json:"cumulative_dropped_tokens"`  // context tokens the session's compactions so far have removed, this one included (CLI 2.1.197)
	objectState
}

// CompactBoundary marks where the conversation was compacted
// (system/compact_boundary).
type CompactBoundary struct {
	envelope          `wire:"union=Message,type=system,subtype=compact_boundary"`
	CompactMetadata   CompactMetadata `json:"compact_metadata"`    // what was compacted
	LogicalParentUUID string          `json:"logical_parent_uuid"` // UUID of the last message before the compaction, which a fork of the session follows across it (CLI 2.1.250)
	UUID              string          `json:"uuid"`                // message UUID
	SessionID         string          `json:"session_id"`          // session ID
}

// APIRetry reports that a failed API request will be retried
// (system/api_retry).
type APIRetry struct {
	envelope     `wire:"union=Message,type=system,subtype=api_retry"`
	Attempt      int64           `json:"attempt" wire:"required"`        // this retry's number, from 1
	MaxRetries   int64           `json:"max_retries" wire:"required"`    // retries allowed
	RetryDelayMS int64           `json:"retry_delay_ms" wire:"required"` // wait before the retry
	ErrorStatus  int64           `json:"error_status" wire:"nullable"`   // HTTP status of the failure, 0 (null) when none
	Error        string          `json:"error"`                          // error category: rate_limit, overloaded, server_error...
	NoResponse   json.RawMessage `json:"no_response"`                    // set when the API did not answer at all (CLI 2.1.330)
	UUID         string          `json:"uuid"`                           // message UUID
	SessionID    string          `json:"session_id"`                     // session ID
}

// HookMessage reports a hook's life (system/hook_started, hook_progress,
// hook_response).
type HookMessage struct {
	envelope  `wire:"union=Message,type=system"`
	Subtype   Subtype `json:"subtype" wire:"oneof=hook_started|hook_progress|hook_response"` // SubtypeHookStarted, SubtypeHookProgress or SubtypeHookResponse
	HookID    string  `json:"hook_id"`                                                       // hook run ID
	HookName  string  `json:"hook_name"`                                                     // hook name
	HookEvent string  `json:"hook_event"`                                                    // hook event: PreToolUse, SessionStart...
	Output    string  `json:"output"`                                                        // combined output so far
	Stdout    string  `json:"stdout"`                                                        // standard output so far
	Stderr    string  `json:"stderr"`                                                        // standard error so far
	ExitCode  int64   `json:"exit_code"`                                                     // exit code (hook_response)
	Outcome   string  `json:"outcome"`                                                       // success, error or cancelled (hook_response)
	UUID      string  `json:"uuid"`                                                          // message UUID
	SessionID string  `json:"session_id"`                                                    // session ID
}

// TaskUsage is what a background task used so far.
type TaskUsage struct {
	TotalTokens int64 `json:"total_tokens"` // tokens used
	ToolUses    int64 `json:"tool_uses"`    // tool calls made
	DurationMS  int64 `json:"duration_ms"`  // time spent
	objectState
}

// TaskMessage reports a background task or subagent's life
// (system/task_started, task_progress, task_notification).
//
// CLI 2.1.330 also reports changes of a task's state with it
// (system/task_updated, with Patch).
type TaskMessage struct {
	envelope        `wire:"union=Message,type=system"`
	Subtype         Subtype         `json:"subtype" wire:"oneof=task_started|task_progress|task_updated|task_notification"` // SubtypeTaskStarted, SubtypeTaskProgress or SubtypeTaskNotification
	TaskID          string          `json:"task_id"`                                                                        // task ID
	ToolUseID       string          `json:"tool_use_id"`                                                                    // the tool call that started the task
	Description     string          `json:"description"`                                                                    // what the task does
	TaskType        string          `json:"task_type"`                                                                      // kind of task
	Status          string          `json:"status"`                                                                         // completed, failed or stopped (task_notification)
	OutputFile      string          `json:"output_file"`                                                                    // file holding the task's output (task_notification)
	Summary         string          `json:"summary"`                                                                        // summary of the outcome
	SummaryIsReport bool            `json:"summary_is_report"`                                                              // the summary is the subagent's own final report, not a status line (seen from CLI 2.1.330)
	Usage           TaskUsage       `json:"usage"`                                                                          // what the task used
	LastToolName    string          `json:"last_tool_name"`                                                                 // last tool the task called (task_progress)
	UUID            string          `json:"uuid"`                                                                           // message UUID
	SessionID       string          `json:"session_id"`                                                                     // session ID
	RunID           string          `json:"run_id"`                                                                         // ID of this run of the task; a resumed task gets a new one (CLI 2.1.330)
	SubagentType    string          `json:"subagent_type"`                                                                  // agent type of a subagent task (CLI 2.1.330)
	IsBackgrounded  bool            `json:"is_backgrounded"`                                                                // the task runs in the background (task_started, CLI 2.1.330)
	SpawnDepth      int64           `json:"spawn_depth"`                                                                    // how deep in subagents the task was started (task_started, CLI 2.1.330)
	ParentTaskID    string          `json:"parent_task_id"`                                                                 // the subagent task that launched this one (task_started, CLI 2.1.330)
	WorkflowName    string          `json:"workflow_name"`                                                                  // the workflow the task runs (task_started, CLI 2.1.330)
	Prompt          string          `json:"prompt"`                                                                         // the prompt the task was given (task_started, CLI 2.1.330)
	SkipTranscript  bool            `json:"skip_transcript"`                                                                // the task's messages are not in the transcript (CLI 2.1.330)
	Ambient         bool            `json:"ambient"`                                                                        // not activity: leave it out of activity indicators (CLI 2.1.330)
	Reason          string          `json:"reason"`                                                                         // why the task ended otherwise than by itself: worker_restart (task_notification, CLI 2.1.330)
	ResourceLinks   json.RawMessage `json:"resource_links"`                                                                 // MCP resources the task produced (task_notification, CLI 2.1.330)
	Patch           TaskPatch       `json:"patch"`                                                                          // what changed (task_updated, CLI 2.1.330)
}

// ThinkingTokens estimates the thinking tokens spent so far in a turn
// (system/thinking_tokens, CLI 2.1.330).
type ThinkingTokens struct {
	envelope             `wire:"union=Message,type=system,subtype=thinking_tokens"`
	EstimatedTokens      int64  `json:"estimated_tokens"`       // estimated thinking tokens so far
	EstimatedTokensDelta int64  `json:"estimated_tokens_delta"` // estimated thinking tokens since the last estimate
	SessionID            string `json:"session_id"`             // session ID
	UUID                 string `json:"uuid"`                   // message UUID
	UserMessageUUID      string `json:"user_message_uuid"`      // UUID of the user message the turn answers (CLI 2.1.330)
}

// SystemMessage is a system message of a subtype the model has no type for.
// All its members other than type, subtype, uuid and session_id are unknown
// and kept.
type SystemMessage struct {
	envelope  `wire:"union=Message,type=system,fallback"`
	Subtype   Subtype `json:"subtype"`    // the subtype
	UUID      string  `json:"uuid"`       // message UUID
	SessionID string  `json:"session_id"` // session ID
}

// Usage is the token usage of a Messages API response, as the assistant
// message and the result carry it.
type Usage struct {
	InputTokens              int64               `json:"input_tokens" wire:"required"`  // input tokens not read from or written to the cache
	CacheCreationInputTokens int64               `json:"cache_creation_input_tokens"`   // input tokens written to the cache
	CacheReadInputTokens     int64               `json:"cache_read_input_tokens"`       // input tokens read from the cache
	OutputTokens             int64               `json:"output_tokens" wire:"required"` // output tokens
	ServerToolUse            ServerToolUse       `json:"server_tool_use"`               // server tool calls
	ServiceTier              string              `json:"service_tier"`                  // standard, priority or batch
	CacheCreation            CacheCreation       `json:"cache_creation"`                // cache writes by lifetime
	InferenceGeo             string              `json:"inference_geo"`                 // where inference ran
	Iterations               json.RawMessage     `json:"iterations"`                    // usage per server-side iteration (CLI 2.1.330)
	Speed                    string              `json:"speed"`                         // standard or fast
	OutputTokensDetails      OutputTokensDetails `json:"output_tokens_details"`         // output tokens by kind (CLI 2.1.330)
	FallbackCredit           json.RawMessage     `json:"fallback_credit"`               // credit used by a fallback model, null when none (CLI 2.1.330)
	objectState
}

// OutputTokensDetails splits output tokens by kind.
type OutputTokensDetails struct {
	ThinkingTokens int64 `json:"thinking_tokens"` // tokens spent thinking
	objectState
}

// CacheCreation splits cache writes by lifetime.
type CacheCreation struct {
	Ephemeral5mInputTokens int64 `json:"ephemeral_5m_input_tokens"` // tokens cached for 5 minutes
	Ephemeral1hInputTokens int64 `json:"ephemeral_1h_input_tokens"` // tokens cached for 1 hour
	objectState
}

// ServerToolUse counts server tool calls.
type ServerToolUse struct {
	WebSearchRequests int64 `json:"web_search_requests"` // web searches
	WebFetchRequests  int64 `json:"web_fetch_requests"`  // web fetches
	objectState
}

// AssistantBody is the Messages API message an assistant message carries.
type AssistantBody struct {
	Model             string          `json:"model"`                         // model that answered
	ID                string          `json:"id"`                            // Messages API message ID
	Type              string          `json:"type"`                          // "message"
	Role              string          `json:"role"`                          // "assistant"
	Content           []ContentBlock  `json:"content"`                       // content blocks; the CLI emits one block per message
	StopReason        string          `json:"stop_reason" wire:"nullable"`   // end_turn, tool_use, max_tokens... empty (null) while streaming
	StopSequence      string          `json:"stop_sequence" wire:"nullable"` // stop sequence hit, empty (null) when none
	Usage             Usage           `json:"usage"`                         // token usage
	Container         json.RawMessage `json:"container"`                     // code execution container
	ContextManagement json.RawMessage `json:"context_management"`            // context management applied
	Diagnostics       json.RawMessage `json:"diagnostics"`                   // API diagnostics, null when none (CLI 2.1.330)
	StopDetails       json.RawMessage `json:"stop_details"`                  // details of a refusal stop, null when none (CLI 2.1.330)
	objectState
}

// AssistantMessage is a response from the model. Each content block comes
// as its own assistant message; thinking blocks come before text blocks.
type AssistantMessage struct {
	envelope                      `wire:"union=Message,type=assistant"`
	Message                       AssistantBody   `json:"message"`                            // the Messages API message
	ParentToolUseID               string          `json:"parent_tool_use_id" wire:"nullable"` // the Task tool call this subagent message belongs to, empty (null) for the main thread
	Error                         string          `json:"error"`                              // error category when the message reports an API failure
	SessionID                     string          `json:"session_id"`                         // session ID
	UUID                          string          `json:"uuid"`                               // message UUID
	RequestID                     string          `json:"request_id"`                         // API request ID (CLI 2.1.330)
	AgentID                       string          `json:"agent_id"`                           // subagent ID (CLI 2.1.330)
	Timestamp                     string          `json:"timestamp"`                          // when the message was created (CLI 2.1.330)
	ThinkingDurationMS            int64           `json:"thinking_duration_ms"`               // time spent thinking (CLI 2.1.330)
	ThinkingDisplay               string          `json:"thinking_display"`                   // how thinking is shown: updates, summarized, omitted (CLI 2.1.330)
	IsAPIErrorMessage             bool            `json:"is_api_error_message"`               // the CLI made up this message to report an API error (CLI 2.1.330)
	APIErrorStatus                int64           `json:"api_error_status"`                   // HTTP status of that API error (CLI 2.1.330)
	APIErrorType                  string          `json:"api_error_type"`                     // type of that API error, e.g. overloaded_error (CLI 2.1.330)
	APIError                      string          `json:"api_error"`                          // error category the message reports, e.g. max_output_tokens (CLI 2.1.330)
	APIErrorParams                json.RawMessage `json:"api_error_params"`                   // details of that error, e.g. {"cut":"output_limit"} (CLI 2.1.330)
	UserMessageUUID               string          `json:"user_message_uuid"`                  // UUID of the user message the turn answers, on the turn's first assistant message (CLI 2.1.330)
	UserMessageUUIDs              []string        `json:"user_message_uuids"`                 // UUIDs of every user message the turn has taken in so far (CLI 2.1.330)
	ResumeReason                  string          `json:"resume_reason"`                      // why the turn continues one a worker restart interrupted (CLI 2.1.330)
	ResumedFromIncompleteThinking bool            `json:"resumed_from_incomplete_thinking"`   // the turn continued the previous one's truncated thinking (CLI 2.1.330)
	Supersedes                    []string        `json:"supersedes"`                         // UUIDs of earlier messages this one replaces: remove them (CLI 2.1.330)
	Aborted                       bool            `json:"aborted"`                            // an interrupt cut the message short: no stop reason, the text may end mid-word (CLI 2.1.330)
	SubagentType                  string          `json:"subagent_type"`                      // type of the subagent that wrote the message (CLI 2.1.330)
	TaskDescription               string          `json:"task_description"`                   // description of the subagent task that wrote the message (CLI 2.1.330)
	ContextUsage                  json.RawMessage `json:"context_usage"`                      // the /context report as data, on its synthetic message (CLI 2.1.330)
	UsageReport                   json.RawMessage `json:"usage_report"`                       // the /usage report as data, on its synthetic message (CLI 2.1.330)
	ToolUseMeta                   []ToolUseMeta   `json:"tool_use_meta"`                      // how to show the message's calls of MCP tools, one per tool_use block (CLI 2.1.197)
	RefusedMessageID              string          `json:"refused_message_id"`                 // on the synthetic error message after a refusal: the ID of the refused API message (CLI 2.1.332)
}

// ToolUseMeta is how a host shows one tool_use block of an assistant
// message: an MCP tool's title and server.
type ToolUseMeta struct {
	ID                string `json:"id"`                  // the tool_use block's id
	DisplayName       string `json:"display_name"`        // the tool's title: its MCP annotations' title, or a readable form of its name
	ServerDisplayName string `json:"server_display_name"` // the MCP server's name as shown
	ToolName          string `json:"tool_name"`           // the tool's name on its MCP server (CLI 2.1.311)
	objectState
}

// Content is a message's or tool result's content: a plain string or an
// array of content blocks. Blocks is non-nil exactly when the content is an
// array.
type Content struct {
	Text   string         // the content when it is a string
	Blocks []ContentBlock // the content when it is an array
}

// IsBlocks reports whether the content is an array of blocks.
func (c Content) IsBlocks() bool { return c.Blocks != nil }

// UserBody is the Messages API message a user message carries.
type UserBody struct {
	Role    string  `json:"role"`    // "user"
	Content Content `json:"content"` // the prompt, or tool results
	objectState
}

// UserMessage is user input sent to the CLI's stdin, or a tool execution
// result the CLI reports on stdout (with tool_result blocks whose
// tool_use_id matches a tool_use block's ID).
type UserMessage struct {
	envelope         `wire:"union=Message,type=user"`
	Message          UserBody        `json:"message"`                            // the Messages API message
	ParentToolUseID  string          `json:"parent_tool_use_id" wire:"nullable"` // the Task tool call this subagent message belongs to, empty (null) for the main thread
	SessionID        string          `json:"session_id" wire:"required"`         // session ID
	UUID             string          `json:"uuid"`                               // message UUID
	IsSynthetic      bool            `json:"isSynthetic"`                        // generated by the CLI rather than typed
	IsReplay         bool            `json:"isReplay"`                           // a replayed user message (--replay-user-messages)
	ToolUseResult    json.RawMessage `json:"tool_use_result"`                    // the tool's structured output
	Timestamp        string          `json:"timestamp"`                          // when the message was created (CLI 2.1.330)
	Priority         string          `json:"priority"`                           // now, next or later (CLI 2.1.330)
	ToolResultMeta   json.RawMessage `json:"tool_result_meta"`                   // per tool call: how its permission was decided (CLI 2.1.330)
	AgentID          string          `json:"agent_id"`                           // the subagent whose conversation holds the message (CLI 2.1.330)
	SubagentType     string          `json:"subagent_type"`                      // that subagent's type (CLI 2.1.330)
	TaskDescription  string          `json:"task_description"`                   // the description of that subagent's task (CLI 2.1.330)
	RefusedMessageID string          `json:"refused_message_id"`                 // on the synthetic message after a refusal: the ID of the refused API message (CLI 2.1.332)
	RefusalRetry     bool            `json:"refusal_retry"`                      // that synthetic message goes with a retry after the refusal (CLI 2.1.332)
}

// PermissionDenial is a tool call denied permission, as listed in a result.
type PermissionDenial struct {
	ToolName  string          `json:"tool_name"`   // denied tool
	ToolUseID string          `json:"tool_use_id"` // denied call
	ToolInput json.RawMessage `json:"tool_input"`  // the call's input
	objectState
}

// ModelUsage is one model's usage over a session, as result.modelUsage
// lists it.
type ModelUsage struct {
	InputTokens                         int64   `json:"inputTokens" wire:"required"`              // input tokens
	OutputTokens                        int64   `json:"outputTokens" wire:"required"`             // output tokens
	CacheReadInputTokens                int64   `json:"cacheReadInputTokens" wire:"required"`     // input tokens read from the cache
	CacheCreationInputTokens            int64   `json:"cacheCreationInputTokens" wire:"required"` // input tokens written to the cache
	WebSearchRequests                   int64   `json:"webSearchRequests" wire:"required"`        // web searches
	CostUSD                             float64 `json:"costUSD" wire:"required"`                  // cost in US dollars
	ContextWindow                       int64   `json:"contextWindow" wire:"required"`            // model's context window
	MaxOutputTokens                     int64   `json:"maxOutputTokens"`                          // model's output limit
	ThinkingTokens                      int64   `json:"thinkingTokens"`                           // tokens spent thinking (CLI 2.1.330)
	CacheCreationEphemeral5mInputTokens int64   `json:"cacheCreationEphemeral5mInputTokens"`      // tokens cached for 5 minutes (CLI 2.1.330)
	CacheCreationEphemeral1hInputTokens int64   `json:"cacheCreationEphemeral1hInputTokens"`      // tokens cached for 1 hour (CLI 2.1.330)
	CanonicalModel                      string  `json:"canonicalModel"`                           // the model's canonical name (CLI 2.1.330)
	Provider                            string  `json:"provider"`                                 // firstParty, bedrock, vertex... (CLI 2.1.330)
	CostBasis                           string  `json:"costBasis"`                                // list, managed or unknown pricing (CLI 2.1.330)
	objectState
}

// ResultMessage ends a turn (result). Subtype is SubtypeSuccess when the
// turn completed, even when cut short by max_tokens (then IsError is true);
// the error subtypes carry Errors and no Result.
type ResultMessage struct {
	envelope                         `wire:"union=Message,type=result"`
	Subtype                          Subtype               `json:"subtype"`                               // success or an error subtype
	IsError                          bool                  `json:"is_error" wire:"required"`              // the turn ended in error
	DurationMS                       int64                 `json:"duration_ms" wire:"required"`           // wall time of the turn
	DurationAPIMS                    int64                 `json:"duration_api_ms" wire:"required"`       // time spent waiting for the API
	NumTurns                         int64                 `json:"num_turns" wire:"required"`             // model round trips
	Result                           string                `json:"result"`                                // text of the last text block (success)
	StopReason                       string                `json:"stop_reason" wire:"nullable"`           // the last response's stop reason, empty (null) when none
	SessionID                        string                `json:"session_id"`                            // session ID
	TotalCostUSD                     float64               `json:"total_cost_usd" wire:"required"`        // cost in US dollars
	Usage                            Usage                 `json:"usage" wire:"required"`                 // token usage summed over the turn
	ModelUsage                       map[string]ModelUsage `json:"modelUsage"`                            // usage per model
	PermissionDenials                []PermissionDenial    `json:"permission_denials" wire:"required"`    // tool calls denied permission
	Errors                           []string              `json:"errors"`                                // error messages (error subtypes)
	StructuredOutput                 json.RawMessage       `json:"structured_output"`                     // output matching --json-schema
	UUID                             string                `json:"uuid"`                                  // message UUID
	TerminalReason                   string                `json:"terminal_reason"`                       // why the loop ended: completed, max_turns... (CLI 2.1.330)
	FastModeState                    string                `json:"fast_mode_state"`                       // fast mode state (CLI 2.1.330)
	FastModeDisabledReason           string                `json:"fast_mode_disabled_reason"`             // why fast mode is off (CLI 2.1.330)
	APIErrorStatus                   int64                 `json:"api_error_status"`                      // HTTP status of the API error that ended the turn, 0 (null) when none (CLI 2.1.330)
	APIErrorType                     string                `json:"api_error_type"`                        // type of the API error that ended the turn (CLI 2.1.330)
	APIError                         string                `json:"api_error"`                             // error category that ended the turn, e.g. max_output_tokens (CLI 2.1.330)
	SubagentStats                    json.RawMessage       `json:"subagent_stats"`                        // subagents spawned, completed, refused... (CLI 2.1.330)
	SafetyStops                      int64                 `json:"safety_stops"`                          // turns stopped by safety checks (CLI 2.1.330)
	TTFTMS                           int64                 `json:"ttft_ms"`                               // time to first token (CLI 2.1.330)
	TTFTStreamMS                     int64                 `json:"ttft_stream_ms"`                        // time to the first streamed token (CLI 2.1.330)
	TimeToRequestMS                  int64                 `json:"time_to_request_ms"`                    // time until the API request was sent (CLI 2.1.330)
	FirstContentFrameMS              int64                 `json:"first_content_frame_ms"`                // time to the first content frame (CLI 2.1.330)
	QueuedTurnCount                  int64                 `json:"queued_turn_count"`                     // user turns still queued (CLI 2.1.330)
	ResultIndex                      int64                 `json:"result_index"`                          // index of this result in the session, from 0 (CLI 2.1.330)
	ModelUsageSinceLastResult        map[string]ModelUsage `json:"model_usage_since_last_result"`         // usage per model since the previous result (CLI 2.1.330)
	BegunMessageIDs                  []string              `json:"begun_message_ids"`                     // Messages API IDs of the messages begun in the turn (CLI 2.1.330)
	UserMessageUUID                  string                `json:"user_message_uuid"`                     // UUID of the user message the turn answered (CLI 2.1.330)
	UserMessageUUIDs                 []string              `json:"user_message_uuids"`                    // UUIDs of every user message the turn took in (CLI 2.1.330)
	ResumeReason                     string                `json:"resume_reason"`                         // why the turn continued one a worker restart interrupted (CLI 2.1.330)
	LocalCommand                     string                `json:"local_command"`                         // the slash command the CLI ran itself in the turn (CLI 2.1.330)
	RequestSentWallMS                int64                 `json:"request_sent_wall_ms"`                  // when the first API request was sent, Unix milliseconds (CLI 2.1.330)
	FirstRequestInputTokens          int64                 `json:"first_request_input_tokens"`            // input tokens of the turn's first API request (seen from CLI 2.1.330)
	FirstRequestCacheReadInputTokens int64                 `json:"first_request_cache_read_input_tokens"` // cache reads of the turn's first API request (seen from CLI 2.1.330)
	DeferredToolUse                  json.RawMessage       `json:"deferred_tool_use"`                     // a tool call left for the host to run: id, name, input (CLI 2.1.330)
	StartupFailureReason             string                `json:"startup_failure_reason"`                // why the session could not start, e.g. initialize_not_first (CLI 2.1.330)
	InvalidConfigFile                json.RawMessage       `json:"invalid_config_file"`                   // the configuration file that stopped the start (CLI 2.1.330)
	CredentialExpiresAt              string                `json:"credential_expires_at"`                 // when the credential in use expires (CLI 2.1.330)
	Origin                           json.RawMessage       `json:"origin"`                                // who started the turn: human, channel, peer, task-notification... (CLI 2.1.330)
}

// StreamEvent is a raw Messages API streaming event (stream_event), emitted
// with --include-partial-messages.
//
// Body is the event decoded; Event is its JSON text. Marshal writes Body,
// unless Event was set on a message built in code or changed after decoding:
// then Event is written as it is.
type StreamEvent struct {
	envelope         `wire:"union=Message,type=stream_event"`
	Event            json.RawMessage `json:"-"`                                  // the event: message_start, content_block_delta...
	Body             StreamEventBody `json:"event"`                              // the event, decoded
	ParentToolUseID  string          `json:"parent_tool_use_id" wire:"nullable"` // the Task tool call this subagent event belongs to, empty (null) for the main thread
	SessionID        string          `json:"session_id"`                         // session ID
	UUID             string          `json:"uuid"`                               // message UUID
	TTFTMS           int64           `json:"ttft_ms"`                            // time to first token (CLI 2.1.330)
	ThinkingDisplay  string          `json:"thinking_display"`                   // how thinking is shown: updates, summarized, omitted (CLI 2.1.330)
	APIMessageID     string          `json:"api_message_id"`                     // Messages API ID of the message being streamed (CLI 2.1.330)
	UserMessageUUID  string          `json:"user_message_uuid"`                  // UUID of the user message the turn answers, on the turn's first event (CLI 2.1.330)
	UserMessageUUIDs []string        `json:"user_message_uuids"`                 // UUIDs of every user message the turn has taken in so far (CLI 2.1.330)
	ResumeReason     string          `json:"resume_reason"`                      // why the turn continues one a worker restart interrupted (CLI 2.1.330)
	AbandonedBlocks  json.RawMessage `json:"abandoned_blocks"`                   // content blocks given up on after an interrupt: api_message_id, from_block_index (seen from CLI 2.1.330)
}

// EventType returns the streaming event's "type", such as
// "content_block_delta", or "" when it has none.
func (m *StreamEvent) EventType() string {
	if m.Body != nil && !m.eventReplaced() {
		return string(m.Body.StreamEventType())
	}
	if len(m.Event) == 0 {
		return ""
	}
	var d decoder
	d.Reset(m.Event)
	d.AliasStrings = true
	if d.Peek() != jsonwire.Object {
		return ""
	}
	t, _, _ := discriminator(&d, "type")
	return string([]byte(t))
}

// RateLimitInfo is the account's rate limit state.
type RateLimitInfo struct {
	Status                string  `json:"status"`                // allowed, allowed_warning or rejected
	ResetsAt              int64   `json:"resetsAt"`              // when the limit resets, Unix seconds
	RateLimitType         string  `json:"rateLimitType"`         // five_hour, seven_day...
	Utilization           float64 `json:"utilization"`           // share of the limit used
	OverageStatus         string  `json:"overageStatus"`         // allowed, allowed_warning or rejected
	OverageResetsAt       int64   `json:"overageResetsAt"`       // when the overage limit resets
	OverageDisabledReason string  `json:"overageDisabledReason"` // why overage is off
	IsUsingOverage        bool    `json:"isUsingOverage"`        // usage is drawn from overage
	SurpassedThreshold    float64 `json:"surpassedThreshold"`    // warning threshold crossed
	objectState
}

// RateLimitEvent reports the account's rate limit state (rate_limit_event).
type RateLimitEvent struct {
	envelope      `wire:"union=Message,type=rate_limit_event"`
	RateLimitInfo RateLimitInfo `json:"rate_limit_info"` // the state
	UUID          string        `json:"uuid"`            // message UUID
	SessionID     string        `json:"session_id"`      // session ID
}

// UnknownMessage is a message of a type the model does not know. All its
// members other than type, uuid and session_id are unknown and kept.
type UnknownMessage struct {
	envelope  `wire:"union=Message,fallback"`
	Type      Type   `json:"type"`       // the type, "" when the line has none
	UUID      string `json:"uuid"`       // message UUID
	SessionID string `json:"session_id"` // session ID
}

// SubtypeOf returns a message's subtype, or "" when its kind has none: a
// control request's or answer's is its body's.
func SubtypeOf(m Message) Subtype {
	switch m := m.(type) {
	case *ControlRequest:
		if m.Request != nil {
			return Subtype(m.Request.ControlSubtype())
		}
		return ""
	case *ControlResponse:
		if m.Response != nil {
			return Subtype(m.Response.ControlSubtype())
		}
		return ""
	}
	return subtypeOf(m)
}
