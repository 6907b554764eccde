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
	Name       string          // server name
	Status     string          // connection status: connected, failed, pending, needs-auth...
	Source     string          // where the server was configured (CLI 2.1.330)
	ServerInfo json.RawMessage // the server's name and version, when connected
	Error      string          // why the connection failed
	Config     json.RawMessage // the server's configuration
	Scope      string          // configuration scope: project, user, local, managed...
	Tools      json.RawMessage // the server's tools, when connected
	objectState
}

// PluginInfo is one entry of system/init's plugins.
type PluginInfo struct {
	Name    string // plugin name
	Path    string // plugin directory, "builtin" for built-in plugins
	Version string // plugin version, when known
	Source  string // plugin ID with its marketplace, e.g. "name@builtin" (CLI 2.1.330)
	objectState
}

// SystemInit is the first message of a session (system/init): the
// session's ID, working directory, model, tools and configuration. It
// always comes first, and its tools member lists the tools available.
type SystemInit struct {
	envelope
	CWD                     string            // working directory
	SessionID               string            // session ID
	Tools                   []string          // names of the tools available
	MCPServers              []MCPServerStatus // MCP servers and their status
	Model                   string            // model in use
	PermissionMode          PermissionMode    // permission mode in force
	SlashCommands           []string          // slash commands available
	APIKeySource            string            // where the API key came from: user, project, org, temporary, none...
	Betas                   []string          // API betas enabled
	ClaudeCodeVersion       string            // CLI version
	OutputStyle             string            // output style in use
	Agents                  []string          // subagents available
	Skills                  []string          // skills available
	Plugins                 []PluginInfo      // plugins loaded
	PluginErrors            json.RawMessage   // plugins that failed to load (CLI 2.1.330)
	FastModeState           string            // fast mode state (CLI 2.1.330)
	FastModeDisabledReason  string            // why fast mode is off (CLI 2.1.330)
	Effort                  string            // reasoning effort: low, medium, high... (CLI 2.1.330)
	ViewMode                string            // view mode (CLI 2.1.330)
	Capabilities            []string          // CLI capabilities (CLI 2.1.330)
	TerminalSlashCommands   []string          // slash commands only a terminal offers (CLI 2.1.330)
	MemoryPaths             json.RawMessage   // memory directories by kind (CLI 2.1.330)
	AnalyticsDisabled       bool              // analytics are off (CLI 2.1.330)
	ProductFeedbackDisabled bool              // feedback prompts are off (CLI 2.1.330)
	ServedByAnthropic       bool              // the API is Anthropic's own (CLI 2.1.330)
	OriginalCWD             string            // working directory at start (CLI 2.1.330)
	AdditionalDirectories   []string          // directories added with --add-dir (CLI 2.1.330)
	MessagingSocketPath     string            // socket other sessions reach this one on (CLI 2.1.330)
	PerTurnEffortActive     bool              // effort can change per turn (CLI 2.1.330)
	UltrathinkAvailable     bool              // "ultrathink" raises the effort (CLI 2.1.330)
	UltrathinkTypedRaises   bool              // typing "ultrathink" raised the effort (CLI 2.1.330)
	UUID                    string            // message UUID
	UserMessageUUIDs        []string          // UUIDs of the user messages that started the session's first turn (seen from CLI 2.1.330)
}

// SystemStatus reports a change of the system state (system/status): it is
// emitted right after the EnterPlanMode tool runs, with PermissionMode
// giving the mode now in force, and while compacting.
type SystemStatus struct {
	envelope
	Status         string         // compacting, requesting, or empty (null)
	PermissionMode PermissionMode // the permission mode now in force
	CompactResult  string         // success or failed, after compacting (CLI 2.1.330)
	CompactError   string         // why compacting failed (CLI 2.1.330)
	UUID           string         // message UUID
	SessionID      string         // session ID
}

// CompactMetadata describes a compaction.
type CompactMetadata struct {
	Trigger           string          // manual or auto
	PreTokens         int64           // tokens before compacting
	PostTokens        int64           // tokens after compacting (CLI 2.1.330)
	DurationMS        int64           // how long compacting took (CLI 2.1.330)
	PreservedSegment  json.RawMessage // messages kept verbatim (CLI 2.1.330)
	PreservedMessages json.RawMessage // messages kept verbatim (CLI 2.1.330)
	objectState
}

// CompactBoundary marks where the conversation was compacted
// (system/compact_boundary).
type CompactBoundary struct {
	envelope
	CompactMetadata CompactMetadata // what was compacted
	UUID            string          // message UUID
	SessionID       string          // session ID
}

// APIRetry reports that a failed API request will be retried
// (system/api_retry).
type APIRetry struct {
	envelope
	Attempt      int64           // this retry's number, from 1
	MaxRetries   int64           // retries allowed
	RetryDelayMS int64           // wait before the retry
	ErrorStatus  int64           // HTTP status of the failure, 0 (null) when none
	Error        string          // error category: rate_limit, overloaded, server_error...
	NoResponse   json.RawMessage // set when the API did not answer at all (CLI 2.1.330)
	UUID         string          // message UUID
	SessionID    string          // session ID
}

// HookMessage reports a hook's life (system/hook_started, hook_progress,
// hook_response).
type HookMessage struct {
	envelope
	Subtype   Subtype // SubtypeHookStarted, SubtypeHookProgress or SubtypeHookResponse
	HookID    string  // hook run ID
	HookName  string  // hook name
	HookEvent string  // hook event: PreToolUse, SessionStart...
	Output    string  // combined output so far
	Stdout    string  // standard output so far
	Stderr    string  // standard error so far
	ExitCode  int64   // exit code (hook_response)
	Outcome   string  // success, error or cancelled (hook_response)
	UUID      string  // message UUID
	SessionID string  // session ID
}

// TaskUsage is what a background task used so far.
type TaskUsage struct {
	TotalTokens int64 // tokens used
	ToolUses    int64 // tool calls made
	DurationMS  int64 // time spent
	objectState
}

// TaskMessage reports a background task or subagent's life
// (system/task_started, task_progress, task_notification).
//
// CLI 2.1.330 also reports changes of a task's state with it
// (system/task_updated, with Patch).
type TaskMessage struct {
	envelope
	Subtype        Subtype         // SubtypeTaskStarted, SubtypeTaskProgress or SubtypeTaskNotification
	TaskID         string          // task ID
	ToolUseID      string          // the tool call that started the task
	Description    string          // what the task does
	TaskType       string          // kind of task
	Status         string          // completed, failed or stopped (task_notification)
	OutputFile     string          // file holding the task's output (task_notification)
	Summary        string          // summary of the outcome
	Usage          TaskUsage       // what the task used
	LastToolName   string          // last tool the task called (task_progress)
	UUID           string          // message UUID
	SessionID      string          // session ID
	RunID          string          // ID of this run of the task; a resumed task gets a new one (CLI 2.1.330)
	SubagentType   string          // agent type of a subagent task (CLI 2.1.330)
	IsBackgrounded bool            // the task runs in the background (task_started, CLI 2.1.330)
	SpawnDepth     int64           // how deep in subagents the task was started (task_started, CLI 2.1.330)
	ParentTaskID   string          // the subagent task that launched this one (task_started, CLI 2.1.330)
	WorkflowName   string          // the workflow the task runs (task_started, CLI 2.1.330)
	Prompt         string          // the prompt the task was given (task_started, CLI 2.1.330)
	SkipTranscript bool            // the task's messages are not in the transcript (CLI 2.1.330)
	Ambient        bool            // not activity: leave it out of activity indicators (CLI 2.1.330)
	Reason         string          // why the task ended otherwise than by itself: worker_restart (task_notification, CLI 2.1.330)
	ResourceLinks  json.RawMessage // MCP resources the task produced (task_notification, CLI 2.1.330)
	Patch          TaskPatch       // what changed (task_updated, CLI 2.1.330)
}

// ThinkingTokens estimates the thinking tokens spent so far in a turn
// (system/thinking_tokens, CLI 2.1.330).
type ThinkingTokens struct {
	envelope
	EstimatedTokens      int64  // estimated thinking tokens so far
	EstimatedTokensDelta int64  // estimated thinking tokens since the last estimate
	SessionID            string // session ID
	UUID                 string // message UUID
	UserMessageUUID      string // UUID of the user message the turn answers (CLI 2.1.330)
}

// SystemMessage is a system message of a subtype the model has no type for.
// All its members other than type, subtype, uuid and session_id are unknown
// and kept.
type SystemMessage struct {
	envelope
	Subtype   Subtype // the subtype
	UUID      string  // message UUID
	SessionID string  // session ID
}

// Usage is the token usage of a Messages API response, as the assistant
// message and the result carry it.
type Usage struct {
	InputTokens              int64               // input tokens not read from or written to the cache
	CacheCreationInputTokens int64               // input tokens written to the cache
	CacheReadInputTokens     int64               // input tokens read from the cache
	OutputTokens             int64               // output tokens
	CacheCreation            CacheCreation       // cache writes by lifetime
	ServerToolUse            ServerToolUse       // server tool calls
	ServiceTier              string              // standard, priority or batch
	InferenceGeo             string              // where inference ran
	Iterations               json.RawMessage     // usage per server-side iteration (CLI 2.1.330)
	Speed                    string              // standard or fast
	OutputTokensDetails      OutputTokensDetails // output tokens by kind (CLI 2.1.330)
	FallbackCredit           json.RawMessage     // credit used by a fallback model, null when none (CLI 2.1.330)
	objectState
}

// OutputTokensDetails splits output tokens by kind.
type OutputTokensDetails struct {
	ThinkingTokens int64 // tokens spent thinking
	objectState
}

// CacheCreation splits cache writes by lifetime.
type CacheCreation struct {
	Ephemeral5mInputTokens int64 // tokens cached for 5 minutes
	Ephemeral1hInputTokens int64 // tokens cached for 1 hour
	objectState
}

// ServerToolUse counts server tool calls.
type ServerToolUse struct {
	WebSearchRequests int64 // web searches
	WebFetchRequests  int64 // web fetches
	objectState
}

// AssistantBody is the Messages API message an assistant message carries.
type AssistantBody struct {
	ID                string          // Messages API message ID
	Type              string          // "message"
	Role              string          // "assistant"
	Model             string          // model that answered
	Content           []ContentBlock  // content blocks; the CLI emits one block per message
	StopReason        string          // end_turn, tool_use, max_tokens... empty (null) while streaming
	StopSequence      string          // stop sequence hit, empty (null) when none
	Usage             Usage           // token usage
	Container         json.RawMessage // code execution container
	ContextManagement json.RawMessage // context management applied
	Diagnostics       json.RawMessage // API diagnostics, null when none (CLI 2.1.330)
	StopDetails       json.RawMessage // details of a refusal stop, null when none (CLI 2.1.330)
	objectState
}

// AssistantMessage is a response from the model. Each content block comes
// as its own assistant message; thinking blocks come before text blocks.
type AssistantMessage struct {
	envelope
	Message                       AssistantBody   // the Messages API message
	ParentToolUseID               string          // the Task tool call this subagent message belongs to, empty (null) for the main thread
	Error                         string          // error category when the message reports an API failure
	SessionID                     string          // session ID
	UUID                          string          // message UUID
	RequestID                     string          // API request ID (CLI 2.1.330)
	AgentID                       string          // subagent ID (CLI 2.1.330)
	Timestamp                     string          // when the message was created (CLI 2.1.330)
	ThinkingDurationMS            int64           // time spent thinking (CLI 2.1.330)
	ThinkingDisplay               string          // how thinking is shown: updates, summarized, omitted (CLI 2.1.330)
	IsAPIErrorMessage             bool            // the CLI made up this message to report an API error (CLI 2.1.330)
	APIErrorStatus                int64           // HTTP status of that API error (CLI 2.1.330)
	APIErrorType                  string          // type of that API error, e.g. overloaded_error (CLI 2.1.330)
	APIError                      string          // error category the message reports, e.g. max_output_tokens (CLI 2.1.330)
	APIErrorParams                json.RawMessage // details of that error, e.g. {"cut":"output_limit"} (CLI 2.1.330)
	UserMessageUUID               string          // UUID of the user message the turn answers, on the turn's first assistant message (CLI 2.1.330)
	UserMessageUUIDs              []string        // UUIDs of every user message the turn has taken in so far (CLI 2.1.330)
	ResumeReason                  string          // why the turn continues one a worker restart interrupted (CLI 2.1.330)
	ResumedFromIncompleteThinking bool            // the turn continued the previous one's truncated thinking (CLI 2.1.330)
	Supersedes                    []string        // UUIDs of earlier messages this one replaces: remove them (CLI 2.1.330)
	Aborted                       bool            // an interrupt cut the message short: no stop reason, the text may end mid-word (CLI 2.1.330)
	SubagentType                  string          // type of the subagent that wrote the message (CLI 2.1.330)
	TaskDescription               string          // description of the subagent task that wrote the message (CLI 2.1.330)
	ContextUsage                  json.RawMessage // the /context report as data, on its synthetic message (CLI 2.1.330)
	UsageReport                   json.RawMessage // the /usage report as data, on its synthetic message (CLI 2.1.330)
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
	Role    string  // "user"
	Content Content // the prompt, or tool results
	objectState
}

// UserMessage is user input sent to the CLI's stdin, or a tool execution
// result the CLI reports on stdout (with tool_result blocks whose
// tool_use_id matches a tool_use block's ID).
type UserMessage struct {
	envelope
	Message         UserBody        // the Messages API message
	ParentToolUseID string          // the Task tool call this subagent message belongs to, empty (null) for the main thread
	SessionID       string          // session ID
	UUID            string          // message UUID
	IsSynthetic     bool            // generated by the CLI rather than typed
	IsReplay        bool            // a replayed user message (--replay-user-messages)
	ToolUseResult   json.RawMessage // the tool's structured output
	Timestamp       string          // when the message was created (CLI 2.1.330)
	Priority        string          // now, next or later (CLI 2.1.330)
	ToolResultMeta  json.RawMessage // per tool call: how its permission was decided (CLI 2.1.330)
}

// PermissionDenial is a tool call denied permission, as listed in a result.
type PermissionDenial struct {
	ToolName  string          // denied tool
	ToolUseID string          // denied call
	ToolInput json.RawMessage // the call's input
	objectState
}

// ModelUsage is one model's usage over a session, as result.modelUsage
// lists it.
type ModelUsage struct {
	InputTokens                         int64   // input tokens
	OutputTokens                        int64   // output tokens
	CacheReadInputTokens                int64   // input tokens read from the cache
	CacheCreationInputTokens            int64   // input tokens written to the cache
	WebSearchRequests                   int64   // web searches
	CostUSD                             float64 // cost in US dollars
	ContextWindow                       int64   // model's context window
	MaxOutputTokens                     int64   // model's output limit
	ThinkingTokens                      int64   // tokens spent thinking (CLI 2.1.330)
	CacheCreationEphemeral5mInputTokens int64   // tokens cached for 5 minutes (CLI 2.1.330)
	CacheCreationEphemeral1hInputTokens int64   // tokens cached for 1 hour (CLI 2.1.330)
	CanonicalModel                      string  // the model's canonical name (CLI 2.1.330)
	Provider                            string  // firstParty, bedrock, vertex... (CLI 2.1.330)
	CostBasis                           string  // list, managed or unknown pricing (CLI 2.1.330)
	objectState
}

// ResultMessage ends a turn (result). Subtype is SubtypeSuccess when the
// turn completed, even when cut short by max_tokens (then IsError is true);
// the error subtypes carry Errors and no Result.
type ResultMessage struct {
	envelope
	Subtype                          Subtype               // success or an error subtype
	IsError                          bool                  // the turn ended in error
	DurationMS                       int64                 // wall time of the turn
	DurationAPIMS                    int64                 // time spent waiting for the API
	NumTurns                         int64                 // model round trips
	Result                           string                // text of the last text block (success)
	StopReason                       string                // the last response's stop reason, empty (null) when none
	SessionID                        string                // session ID
	TotalCostUSD                     float64               // cost in US dollars
	Usage                            Usage                 // token usage summed over the turn
	ModelUsage                       map[string]ModelUsage // usage per model
	PermissionDenials                []PermissionDenial    // tool calls denied permission
	Errors                           []string              // error messages (error subtypes)
	StructuredOutput                 json.RawMessage       // output matching --json-schema
	UUID                             string                // message UUID
	TerminalReason                   string                // why the loop ended: completed, max_turns... (CLI 2.1.330)
	FastModeState                    string                // fast mode state (CLI 2.1.330)
	FastModeDisabledReason           string                // why fast mode is off (CLI 2.1.330)
	APIErrorStatus                   int64                 // HTTP status of the API error that ended the turn, 0 (null) when none (CLI 2.1.330)
	APIErrorType                     string                // type of the API error that ended the turn (CLI 2.1.330)
	APIError                         string                // error category that ended the turn, e.g. max_output_tokens (CLI 2.1.330)
	SubagentStats                    json.RawMessage       // subagents spawned, completed, refused... (CLI 2.1.330)
	SafetyStops                      int64                 // turns stopped by safety checks (CLI 2.1.330)
	TTFTMS                           int64                 // time to first token (CLI 2.1.330)
	TTFTStreamMS                     int64                 // time to the first streamed token (CLI 2.1.330)
	TimeToRequestMS                  int64                 // time until the API request was sent (CLI 2.1.330)
	FirstContentFrameMS              int64                 // time to the first content frame (CLI 2.1.330)
	QueuedTurnCount                  int64                 // user turns still queued (CLI 2.1.330)
	ResultIndex                      int64                 // index of this result in the session, from 0 (CLI 2.1.330)
	ModelUsageSinceLastResult        map[string]ModelUsage // usage per model since the previous result (CLI 2.1.330)
	BegunMessageIDs                  []string              // Messages API IDs of the messages begun in the turn (CLI 2.1.330)
	UserMessageUUID                  string                // UUID of the user message the turn answered (CLI 2.1.330)
	UserMessageUUIDs                 []string              // UUIDs of every user message the turn took in (CLI 2.1.330)
	ResumeReason                     string                // why the turn continued one a worker restart interrupted (CLI 2.1.330)
	LocalCommand                     string                // the slash command the CLI ran itself in the turn (CLI 2.1.330)
	RequestSentWallMS                int64                 // when the first API request was sent, Unix milliseconds (CLI 2.1.330)
	FirstRequestInputTokens          int64                 // input tokens of the turn's first API request (seen from CLI 2.1.330)
	FirstRequestCacheReadInputTokens int64                 // cache reads of the turn's first API request (seen from CLI 2.1.330)
	DeferredToolUse                  json.RawMessage       // a tool call left for the host to run: id, name, input (CLI 2.1.330)
	StartupFailureReason             string                // why the session could not start, e.g. initialize_not_first (CLI 2.1.330)
	InvalidConfigFile                json.RawMessage       // the configuration file that stopped the start (CLI 2.1.330)
	CredentialExpiresAt              string                // when the credential in use expires (CLI 2.1.330)
	Origin                           json.RawMessage       // who started the turn: human, channel, peer, task-notification... (CLI 2.1.330)
}

// StreamEvent is a raw Messages API streaming event (stream_event), emitted
// with --include-partial-messages.
//
// Body is the event decoded; Event is its JSON text. Marshal writes Body,
// unless Event was set on a message built in code or changed after decoding:
// then Event is written as it is.
type StreamEvent struct {
	envelope
	Event            json.RawMessage // the event: message_start, content_block_delta...
	Body             StreamEventBody // the event, decoded
	ParentToolUseID  string          // the Task tool call this subagent event belongs to, empty (null) for the main thread
	SessionID        string          // session ID
	UUID             string          // message UUID
	TTFTMS           int64           // time to first token (CLI 2.1.330)
	ThinkingDisplay  string          // how thinking is shown: updates, summarized, omitted (CLI 2.1.330)
	APIMessageID     string          // Messages API ID of the message being streamed (CLI 2.1.330)
	UserMessageUUID  string          // UUID of the user message the turn answers, on the turn's first event (CLI 2.1.330)
	UserMessageUUIDs []string        // UUIDs of every user message the turn has taken in so far (CLI 2.1.330)
	ResumeReason     string          // why the turn continues one a worker restart interrupted (CLI 2.1.330)
	AbandonedBlocks  json.RawMessage // content blocks given up on after an interrupt: api_message_id, from_block_index (seen from CLI 2.1.330)
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
	Status                string  // allowed, allowed_warning or rejected
	ResetsAt              int64   // when the limit resets, Unix seconds
	RateLimitType         string  // five_hour, seven_day...
	Utilization           float64 // share of the limit used
	OverageStatus         string  // allowed, allowed_warning or rejected
	OverageResetsAt       int64   // when the overage limit resets
	OverageDisabledReason string  // why overage is off
	IsUsingOverage        bool    // usage is drawn from overage
	SurpassedThreshold    float64 // warning threshold crossed
	objectState
}

// RateLimitEvent reports the account's rate limit state (rate_limit_event).
type RateLimitEvent struct {
	envelope
	RateLimitInfo RateLimitInfo // the state
	UUID          string        // message UUID
	SessionID     string        // session ID
}

// UnknownMessage is a message of a type the model does not know. All its
// members other than type, uuid and session_id are unknown and kept.
type UnknownMessage struct {
	envelope
	Type      Type   // the type, "" when the line has none
	UUID      string // message UUID
	SessionID string // session ID
}

// Message types.

// MessageType returns TypeSystem.
func (*SystemInit) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*SystemStatus) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*CompactBoundary) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*APIRetry) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*HookMessage) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*TaskMessage) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*ThinkingTokens) MessageType() Type { return TypeSystem }

// MessageType returns TypeSystem.
func (*SystemMessage) MessageType() Type { return TypeSystem }

// MessageType returns TypeAssistant.
func (*AssistantMessage) MessageType() Type { return TypeAssistant }

// MessageType returns TypeUser.
func (*UserMessage) MessageType() Type { return TypeUser }

// MessageType returns TypeResult.
func (*ResultMessage) MessageType() Type { return TypeResult }

// MessageType returns TypeStreamEvent.
func (*StreamEvent) MessageType() Type { return TypeStreamEvent }

// MessageType returns TypeRateLimitEvent.
func (*RateLimitEvent) MessageType() Type { return TypeRateLimitEvent }

// MessageType returns the message's type as the line gave it.
func (m *UnknownMessage) MessageType() Type { return m.Type }

// SubtypeOf returns a message's subtype, or "" when its kind has none.
func SubtypeOf(m Message) Subtype {
	switch m := m.(type) {
	case *SystemInit:
		return SubtypeInit
	case *SystemStatus:
		return SubtypeStatus
	case *CompactBoundary:
		return SubtypeCompactBoundary
	case *APIRetry:
		return SubtypeAPIRetry
	case *HookMessage:
		return m.Subtype
	case *TaskMessage:
		return m.Subtype
	case *ThinkingTokens:
		return SubtypeThinkingTokens
	case *SystemMessage:
		return m.Subtype
	case *ResultMessage:
		return m.Subtype
	case *ControlRequest:
		if m.Request != nil {
			return Subtype(m.Request.ControlSubtype())
		}
	case *ControlResponse:
		if m.Response != nil {
			return Subtype(m.Response.ControlSubtype())
		}
	}
	return otherSubtype(m)
}
