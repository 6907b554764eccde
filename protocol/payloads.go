package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// Payload is the typed payload of a successful control response: the
// "response" member of a [SuccessResponse], whose shape depends on the
// request answered. The response does not say which request that was
// (only its ID), so the reader picks the type: decode with
// [SuccessResponse.DecodePayload] or encoding/json, write with
// [NewPayloadResponse], [MarshalPayload] or encoding/json. The concrete types are
// *InitializeResponse, *PermissionResult, *MCPStatusResponse,
// *RewindFilesResponse, *ContextUsageResponse, *ElicitationResponse,
// *UserDialogResponse and *MCPMessageResponse; for the requests of CLI
// 2.1.330's hosts, *GetUsageResponse, *ReadFileResponse,
// *GetTaskOutputResponse, *ListPermissionRulesResponse,
// *MCPReadResourceResponse, *ReloadPluginsResponse, *ReloadSkillsResponse,
// *ReloadOutputStylesResponse, *GetHooksListingResponse,
// *BackgroundTasksResponse and *CancelAsyncMessageResponse; and, seen from
// CLI 2.1.330 though its SDK does not define them, *ListModelsResponse,
// *GetSessionCostResponse, *GetBinaryVersionResponse, *GetSettingsResponse,
// *FileSuggestionsResponse and *RegisterRepoRootResponse. The answers to
// set_permission_mode and set_model are *SetPermissionModeResponse and
// *SetModelResponse when they carry a payload.
//
// Payloads are lossless like messages: members the model does not know are
// kept, written back and listed by [UnknownPayloadFields].
type Payload interface {
	json.Marshaler
	json.Unmarshaler
	jsonObject
}

// MarshalPayload encodes a payload as JSON. A decoded payload that was not
// modified is written with its original text, as [Marshal] writes messages.
// json.Marshal writes the same value, but escapes <, > and & in strings
// unless its Encoder is told not to (SetEscapeHTML(false)).
func MarshalPayload(p Payload) ([]byte, error) {
	if p == nil || isNil(p) {
		return nil, errors.New("protocol: MarshalPayload of a nil payload")
	}
	return p.encode(nil), nil
}

// DecodePayload decodes the response's payload into p, which should be a
// new value of the type the answered request calls for. Strings and raw
// members of p are views of the message's line.
func (r *SuccessResponse) DecodePayload(p Payload) error {
	if len(r.Response) == 0 {
		return errors.New("protocol: the control response has no payload")
	}
	return decodePayload(r.Response, p)
}

// UnknownPayloadFields lists every member of p the model does not know, as
// [UnknownFields] does for messages. Payloads built in code have none.
func UnknownPayloadFields(p Payload) []string {
	if p == nil || isNil(p) {
		return nil
	}
	var w unknownWalker
	p.walkUnknown(&w)
	return w.out
}

// decodePayload decodes data, which it may keep references to, into p.
func decodePayload(data []byte, p Payload) error {
	var d decoder
	d.Reset(data)
	d.AliasStrings = true
	err := func() error {
		if k := d.Peek(); k != jsonwire.Object {
			if _, err := d.Skip(); err != nil {
				return err
			}
			return fmt.Errorf("payload is a JSON %s, want an object", k)
		}
		if err := p.decode(&d); err != nil {
			return err
		}
		return d.End()
	}()
	if err != nil {
		return &DecodeError{Err: err, Excerpt: excerpt(data, err)}
	}
	return nil
}

// unmarshalPayload implements json.Unmarshaler for the payload types.
func unmarshalPayload(data []byte, p Payload) error {
	return decodePayload(bytes.Clone(data), p)
}

// marshalPayload implements json.Marshaler for the payload types.
func marshalPayload(p Payload) ([]byte, error) { return MarshalPayload(p) }

// SlashCommand is a slash command or skill the session offers.
type SlashCommand struct {
	Name         string   // name, without the leading slash
	Description  string   // what it does
	ArgumentHint string   // hint for its arguments, e.g. "<file>"; empty when none
	Aliases      []string // other names it answers to (CLI 2.1.330)
	Builtin      bool     // the command is Claude Code's own (CLI 2.1.330)
	objectState
}

// AgentInfo is a subagent the session offers.
type AgentInfo struct {
	Name        string // agent type, e.g. "Explore"
	Description string // when to use it
	Model       string // the model it uses, "inherit" for the parent's
	objectState
}

// ModelInfo is a model the session can switch to.
type ModelInfo struct {
	Value                    string   // the model to pass to set_model: an alias or an ID
	ResolvedModel            string   // the model ID Value stands for (CLI 2.1.330)
	DisplayName              string   // name to show
	Description              string   // what it is good at, with its price
	SupportsEffort           bool     // effort levels apply (CLI 2.1.330)
	SupportedEffortLevels    []string // low, medium, high, xhigh, max (CLI 2.1.330)
	SupportsAdaptiveThinking bool     // the model decides when to think (CLI 2.1.330)
	SupportsFastMode         bool     // fast mode applies (CLI 2.1.330)
	SupportsAutoMode         bool     // auto permission mode applies (CLI 2.1.330)
	SupportsThinkingOff      bool     // thinking can be turned off (seen from CLI 2.1.330)
	objectState
}

// AccountInfo describes the account the session runs under.
type AccountInfo struct {
	Email            string // the user's email
	Organization     string // the user's organization
	SubscriptionType string // the claude.ai subscription
	TokenSource      string // where the OAuth token came from, "none" when there is none
	APIKeySource     string // where the API key came from, e.g. ANTHROPIC_API_KEY
	APIProvider      string // firstParty, bedrock, vertex, foundry, gateway... (CLI 2.1.330)
	objectState
}

// FeedbackMode is how the CLI collects feedback on the session (CLI
// 2.1.330; not in the Agent SDK's types).
type FeedbackMode struct {
	Kind string // e.g. "disabled"
	objectState
}

// InitializeResponse is the payload answering an initialize request: what
// the session offers. Both CLI versions send commands, output styles,
// models and account; CLI 2.1.330 adds agents, its version, the permission
// mode and more.
type InitializeResponse struct {
	Commands                        []SlashCommand  // slash commands and skills
	Agents                          []AgentInfo     // subagents (CLI 2.1.330)
	OutputStyle                     string          // output style in use
	AvailableOutputStyles           []string        // output styles available
	Models                          []ModelInfo     // models available
	Account                         AccountInfo     // the account
	HooksApplied                    bool            // the request's hooks were registered (CLI 2.1.330)
	HookOnFailureSupported          bool            // hook matchers' onFailure is honored (CLI 2.1.330)
	PluginsApplied                  bool            // every plugin the request listed is loaded (CLI 2.1.330)
	MCPServersApplied               bool            // the request's mcpServers are those read at launch (CLI 2.1.330)
	SDKMCPManifestsParked           json.RawMessage // what became of each SDK MCP server manifest, by name (CLI 2.1.330)
	ClaudeCodeVersion               string          // version of the CLI running the session (CLI 2.1.330)
	FastModeState                   string          // fast mode state: off, cooldown or on (CLI 2.1.330)
	FastModeDisabledReason          string          // why fast mode is off (CLI 2.1.330)
	UserOutputStylesDir             string          // directory of the user's output styles (seen from CLI 2.1.330)
	PID                             int64           // process ID of the CLI (seen from CLI 2.1.330)
	CurrentPermissionMode           PermissionMode  // permission mode in force (seen from CLI 2.1.330)
	AnalyticsDisabled               bool            // analytics are off (seen from CLI 2.1.330)
	SessionState                    string          // idle, running or requires_action (seen from CLI 2.1.330)
	Capabilities                    []string        // protocol capabilities of the CLI (seen from CLI 2.1.330)
	RemoteControlAvailable          bool            // remote control of the session can be turned on (seen from CLI 2.1.330)
	RemoteControlAutoEnable         bool            // remote control turns on by itself (seen from CLI 2.1.330)
	RemoteControlAutoOnByDefault    bool            // remote control is on by default (seen from CLI 2.1.330)
	RemoteControlAutoConnectDefault bool            // remote control connects by default (seen from CLI 2.1.330)
	IDERemoteControlAutoEnableGate  bool            // the gate for turning remote control on from an IDE (seen from CLI 2.1.330)
	OtherHookAskOutranksHost        bool            // a hook's "ask" decision takes precedence over the host's answer (seen from CLI 2.1.330)
	HooksWhenUnansweredKept         int64           // hook callbacks kept although the host did not answer them (seen from CLI 2.1.330)
	FeedbackMode                    FeedbackMode    // how feedback is collected (seen from CLI 2.1.330)
	objectState
}

// PermissionBehavior is a permission decision.
type PermissionBehavior string

// The permission decisions.
const (
	// BehaviorAllow lets the tool run.
	BehaviorAllow PermissionBehavior = "allow"
	// BehaviorDeny refuses the tool call.
	BehaviorDeny PermissionBehavior = "deny"
	// BehaviorAsk asks the user (permission rules only).
	BehaviorAsk PermissionBehavior = "ask"
)

// PermissionRuleValue is one permission rule: a tool, and optionally what
// the rule covers of its input (a command prefix, a path...).
type PermissionRuleValue struct {
	ToolName    string // the tool
	RuleContent string // what the rule covers, e.g. "npm test:*"; empty for the whole tool
	objectState
}

// PermissionUpdate changes the permission settings: add, replace or remove
// rules, set the mode, add or remove directories. The CLI suggests updates
// in can_use_tool requests; the host applies them by returning them in an
// allow answer.
type PermissionUpdate struct {
	Type        string                // addRules, replaceRules, removeRules, setMode, addDirectories or removeDirectories
	Rules       []PermissionRuleValue // the rules (rule updates)
	Behavior    PermissionBehavior    // what the rules decide (rule updates)
	Mode        PermissionMode        // the mode (setMode)
	Directories []string              // the directories (directory updates)
	Destination string                // where to save it: userSettings, projectSettings, localSettings, session or cliArg
	objectState
}

// PermissionResult is the payload answering a can_use_tool request: allow,
// with the input to run the tool with, or deny, with a message for the
// model. Build it with [NewPermissionAllow] or [NewPermissionDeny].
//
// An allow should carry UpdatedInput: CLI 2.1.37 requires it, and denies
// the call ("Tool permission request failed") when it is missing; the SDK
// types of CLI 2.1.330 mark it optional. Send the request's Input to run
// the tool unchanged. A deny always carries Message, even empty.
type PermissionResult struct {
	Behavior               PermissionBehavior // BehaviorAllow or BehaviorDeny
	UpdatedInput           json.RawMessage    // the input to run the tool with (allow)
	UpdatedPermissions     []PermissionUpdate // permission updates to apply, e.g. the request's suggestions for "always allow" (allow)
	Message                string             // why, given to the model as the tool's error (deny)
	Interrupt              bool               // also stop the turn (deny)
	ToolUseID              string             // the call decided
	DecisionClassification string             // user_temporary, user_permanent or user_reject, for telemetry (CLI 2.1.330)
	objectState
}

// MCPStatusResponse is the payload answering an mcp_status request.
type MCPStatusResponse struct {
	MCPServers []MCPServerStatus // every MCP server and its status
	objectState
}

// RewindFilesResponse is the payload answering a rewind_files request.
type RewindFilesResponse struct {
	CanRewind    bool     // the files can be (or were) rewound
	Error        string   // why not
	FilesChanged []string // files changed by the rewind
	Insertions   int64    // lines inserted
	Deletions    int64    // lines deleted
	SkippedLinks int64    // files not restored because a link or special file stood in the way (CLI 2.1.330)
	objectState
}

// ContextCategory is one row of a context usage breakdown.
type ContextCategory struct {
	ID         string // system_prompt, system_tools, mcp_tools, messages, free_space...
	Name       string // row name to show
	Tokens     int64  // tokens the category takes
	Color      string // color to show it in
	IsDeferred bool   // the tools are loaded on demand
	Kind       string // used, free, buffer or deferred
	objectState
}

// ContextUsageResponse is the payload answering a get_context_usage
// request: how the context window is used. CLI 2.1.330.
type ContextUsageResponse struct {
	Categories           []ContextCategory // the breakdown
	TotalTokens          int64             // tokens used
	MaxTokens            int64             // the context window
	RawMaxTokens         int64             // the model's context window before any reduction
	AutocompactSource    string            // where the autocompact threshold comes from (seen from CLI 2.1.330)
	Percentage           float64           // share of the window used, in percent
	GridRows             json.RawMessage   // the grid the /context command draws
	Model                string            // the model the usage is computed for
	MemoryFiles          json.RawMessage   // memory files and their tokens
	MCPTools             json.RawMessage   // MCP tools and their tokens
	MCPInstructions      json.RawMessage   // MCP servers' instructions and their tokens
	DeferredBuiltinTools json.RawMessage   // built-in tools loaded on demand
	SystemTools          json.RawMessage   // built-in tools and their tokens
	SystemPromptSections json.RawMessage   // system prompt sections and their tokens
	Agents               json.RawMessage   // subagent definitions and their tokens
	SlashCommands        json.RawMessage   // slash commands counted and their tokens
	Skills               json.RawMessage   // skills counted and their tokens
	AutoCompactThreshold int64             // tokens at which the conversation is compacted
	IsAutoCompactEnabled bool              // compacting is automatic
	MessageBreakdown     json.RawMessage   // the messages' tokens by kind
	APIUsage             json.RawMessage   // usage of the last API response, null before the first
	objectState
}

// ElicitationResponse is the payload answering an elicitation request: the
// user accepted with Content (a form's values), declined or cancelled.
type ElicitationResponse struct {
	Action  string          // accept, decline or cancel
	Content json.RawMessage // the values entered (accept, form mode)
	objectState
}

// UserDialogResponse is the payload answering a request_user_dialog
// request: the dialog completed with a result, or was cancelled (the CLI
// then applies the dialog's default).
type UserDialogResponse struct {
	Behavior string          // completed or cancelled
	Result   json.RawMessage // the user's choice, shaped per dialog kind (completed)
	objectState
}

// MCPMessageResponse is the payload answering an mcp_message request: the
// JSON-RPC response of the host's MCP server.
type MCPMessageResponse struct {
	MCPResponse json.RawMessage // the JSON-RPC message
	objectState
}

// UsageTotals is the cost and usage a session accumulated, as get_usage
// reports them.
type UsageTotals struct {
	TotalCostUSD       float64               // cost in US dollars
	TotalAPIDurationMS float64               // time spent waiting for the API, in milliseconds
	TotalDurationMS    float64               // wall time, in milliseconds
	TotalLinesAdded    int64                 // lines of code added
	TotalLinesRemoved  int64                 // lines of code removed
	ModelUsage         map[string]ModelUsage // usage per model
	objectState
}

// RateLimitWindow is the use of one of the plan's rate-limit windows.
type RateLimitWindow struct {
	DisplayName string  // the model bucket, e.g. "Fable" (model_scoped windows)
	Utilization float64 // share of the window used, in percent; zero (null) when unknown
	ResetsAt    string  // ISO 8601 time the window resets; empty (null) when unknown
	objectState
}

// PlanRateLimits is the use of the claude.ai plan's rate limits.
type PlanRateLimits struct {
	FiveHour          RateLimitWindow   // the five-hour window
	SevenDay          RateLimitWindow   // the weekly window
	SevenDayOAuthApps RateLimitWindow   // the weekly window of OAuth apps
	SevenDayOpus      RateLimitWindow   // the weekly window of Opus models
	SevenDaySonnet    RateLimitWindow   // the weekly window of Sonnet models
	ModelScoped       []RateLimitWindow // weekly windows per model bucket
	ExtraUsage        json.RawMessage   // extra usage beyond the plan: is_enabled, monthly_limit, used_credits...
	objectState
}

// GetUsageResponse is the payload answering a get_usage request: the
// session's cost and usage, and the plan's rate limits when they apply.
// The SDK calls its shape experimental. CLI 2.1.330.
type GetUsageResponse struct {
	Session             UsageTotals     // the session's cost and usage
	SubscriptionType    string          // pro, max, team or enterprise; empty (null) for an API key or another provider
	RateLimitsAvailable bool            // plan rate limits apply; else RateLimits is null
	RateLimits          PlanRateLimits  // the plan's rate limits, null when unavailable
	Behaviors           json.RawMessage // what the local transcripts of the last day and week spent the limits on; null when not scanned
	objectState
}

// ReadFileResponse is the payload answering a read_file request: the
// file's contents. CLI 2.1.330.
type ReadFileResponse struct {
	Contents      string // the bytes read, as UTF-8 text or base64
	AbsPath       string // the file's absolute path
	Truncated     bool   // the file is longer than what was read
	Encoding      string // base64 when the request asked for it; empty for utf-8
	Lossy         bool   // the bytes were not all valid UTF-8: Contents has U+FFFD in their place
	RequestedPath string // the path as the request gave it (seen from CLI 2.1.330)
	objectState
}

// GetTaskOutputResponse is the payload answering a get_task_output request:
// the end of a background task's output. CLI 2.1.330.
type GetTaskOutputResponse struct {
	Output     string // the end of the output, as UTF-8 text; empty when nothing was written yet
	TotalBytes int64  // size of the whole output, in bytes
	Truncated  bool   // Output holds only the last 8 KiB of the output
	objectState
}

// PermissionRuleDescription is the plain-language reading of a permission
// rule, e.g. "Any Bash command starting with" and "npm run".
type PermissionRuleDescription struct {
	Prefix   string // fixed words before the rule's content
	Emphasis string // the rule's content, to show emphasized
	Suffix   string // fixed words after it
	objectState
}

// PermissionRuleEntry is one permission rule in force, with where it comes
// from.
type PermissionRuleEntry struct {
	Behavior    PermissionBehavior        // allow, deny or ask
	Source      string                    // userSettings, projectSettings, localSettings, flagSettings, policySettings, cliArg, session...
	Rule        string                    // the rule as stored, e.g. "Bash(npm run:*)"
	Description PermissionRuleDescription // what the rule means, when the terminal shows it
	Editability string                    // persistent, session or readonly
	NotInEffect bool                      // managed settings allow only their own rules: this one is ignored
	objectState
}

// WorkspaceDirectory is a working directory the permissions cover besides
// the session's own.
type WorkspaceDirectory struct {
	Path   string // the directory
	Source string // where it was added: a settings source, cliArg (--add-dir) or session
	objectState
}

// SettingsParseError is a settings file the CLI skipped because it could
// not parse or validate it.
type SettingsParseError struct {
	File    string // the settings file
	Path    string // dotted path of the member in error, empty for the whole file
	Message string // what is wrong
	objectState
}

// PermissionRulesState is the session's permission rules and working
// directories, as /permissions lists them.
type PermissionRulesState struct {
	Rules                []PermissionRuleEntry // the rules in force
	WorkspaceDirectories []WorkspaceDirectory  // the working directories added
	OriginalCWD          string                // the session's first working directory
	ManagedOnly          bool                  // managed settings allow only their own rules
	Errors               []SettingsParseError  // settings files skipped, whose rules are not in force
	Withheld             bool                  // the answer was cut because the connection stores answers
	objectState
}

// ListPermissionRulesResponse is the payload answering a
// list_permission_rules request. CLI 2.1.330.
type ListPermissionRulesResponse struct {
	State PermissionRulesState // the rules and directories in force
	objectState
}

// MCPResourceContent is one item of an MCP resource: text or a binary blob.
type MCPResourceContent struct {
	URI      string          // the item's URI
	MIMEType string          // its media type, e.g. text/html;profile=mcp-app
	Text     string          // its text
	Blob     string          // its bytes in base64 (binary items)
	Meta     json.RawMessage // the item's _meta as the server sent it, less the CLI's reserved keys
	objectState
}

// MCPReadResourceResponse is the payload answering an mcp_read_resource
// request: the server's resources/read result, untrusted content to render
// sandboxed. CLI 2.1.330.
type MCPReadResourceResponse struct {
	Contents []MCPResourceContent // the resource's items
	objectState
}

// PluginCacheImpact is what a held plugin reload would change in the
// session's tools, which the prompt cache depends on.
type PluginCacheImpact struct {
	MCPServersAdded   []string // plugin MCP servers it would add, as plugin:<plugin>:<server>
	MCPServersRemoved []string // plugin MCP servers it would drop
	LSPToolChange     string   // adds, may-add, removes or may-remove the LSP tool; empty (null) for no change
	objectState
}

// ReloadPluginsResponse is the payload answering a reload_plugins request:
// the session's commands, agents, plugins and MCP servers after the
// reload. CLI 2.1.330.
type ReloadPluginsResponse struct {
	Commands    []SlashCommand    // slash commands and skills
	Agents      []AgentInfo       // subagents
	Plugins     []PluginInfo      // plugins loaded
	MCPServers  []MCPServerStatus // MCP servers and their status
	ErrorCount  int64             // errors the reload met
	Held        bool              // the reload was not applied, for its impact on the prompt cache (see CacheImpact)
	CacheImpact PluginCacheImpact // what applying the held reload would change
	objectState
}

// ReloadSkillsResponse is the payload answering a reload_skills request.
// CLI 2.1.330.
type ReloadSkillsResponse struct {
	Skills []SlashCommand // the skills after the reload
	objectState
}

// ReloadOutputStylesResponse is the payload answering a
// reload_output_styles request. CLI 2.1.330.
type ReloadOutputStylesResponse struct {
	AvailableOutputStyles []string // output styles, built-in and custom, in the order initialize lists them
	objectState
}

// HookEventInfo is a hook event as the /hooks menu lists it.
type HookEventInfo struct {
	Name            string // the event, e.g. PreToolUse
	Summary         string // one line on what it is
	SupportsMatcher bool   // its hooks can have a matcher
	HookCount       int64  // hooks listed on it (events, not eventCatalog)
	objectState
}

// HookListing is one hook as the /hooks menu lists it, its strings ready
// to show (control characters revealed).
type HookListing struct {
	Event            string          // the hook event
	Matcher          string          // the matcher, empty when none
	Source           string          // where it comes from: userSettings, sessionHook, pluginHook...
	SourceLabel      string          // that source, worded for the user
	PluginName       string          // the plugin that brings it
	Type             string          // command, prompt, agent, http, mcp_tool...
	DisplayText      string          // label of its row
	CommandText      string          // the command, prompt or URL it runs
	ContentLabel     string          // label of CommandText: Command, Prompt, URL...
	Condition        string          // its if-condition
	Timeout          float64         // timeout in seconds
	StatusMessage    string          // message shown while it runs
	RunsOnce         bool            // it runs once only
	RunsInBackground bool            // it runs in the background
	Disabled         bool            // the session's mode or policy keeps it from running
	Editable         json.RawMessage // the entry as stored, for an edit form: matcher, config, headersRedacted
	objectState
}

// HooksPolicy is what managed settings decide about hooks.
type HooksPolicy struct {
	DisabledByPolicy bool  // managed settings disable every hook
	ManagedOnly      bool  // only managed hooks run (and they are not listed)
	PluginOnly       bool  // managed settings lock the hooks to plugins
	AllDisabled      bool  // disableAllHooks is in force, whatever set it
	PolicyHookCount  int64 // hooks managed settings configure
	PolicyUnreadable bool  // managed settings exist but could not be read: edits are refused
	objectState
}

// GetHooksListingResponse is the payload answering a get_hooks_listing
// request: the hooks the /hooks menu lists, a snapshot. CLI 2.1.330.
type GetHooksListingResponse struct {
	Events       []HookEventInfo      // events with hooks, in lifecycle order
	Hooks        []HookListing        // one row per hook
	EventCatalog []HookEventInfo      // every hook event, for an add-hook form
	Policy       HooksPolicy          // what managed settings decide
	SafeMode     json.RawMessage      // set under --safe-mode: managedHooksStillApply and exitHint
	BareMode     json.RawMessage      // set under --bare with hooks off: exitHint
	Errors       []SettingsParseError // settings files skipped, whose hooks are neither listed nor run
	objectState
}

// ListModelsResponse is the payload answering a list_models request: the
// models the session can run (seen from CLI 2.1.330).
type ListModelsResponse struct {
	Models []ModelInfo // the models, as initialize lists them
	objectState
}

// SetPermissionModeResponse is the payload answering a set_permission_mode
// request: the mode now in force. CLI 2.1.37 sends two answers to one
// request, this one and one without a payload; CLI 2.1.330 sends this one.
type SetPermissionModeResponse struct {
	Mode PermissionMode // the mode now in force
	objectState
}

// SetModelResponse is the payload answering a set_model request (seen from
// CLI 2.1.330; CLI 2.1.37 answers without a payload).
type SetModelResponse struct {
	Model string // the model now in use, as the request named it or its alias resolved
	objectState
}

// GetSessionCostResponse is the payload answering a get_session_cost
// request (seen from CLI 2.1.330).
type GetSessionCostResponse struct {
	Text string // the summary /usage prints: cost, durations, code changes, tokens
	objectState
}

// GetBinaryVersionResponse is the payload answering a get_binary_version
// request (seen from CLI 2.1.330).
type GetBinaryVersionResponse struct {
	Version          string // the CLI's version, e.g. 2.1.330
	BuildTime        string // when it was built, in RFC 3339
	OldestDesktopSDK string // the oldest desktop SDK version it works with
	objectState
}

// GetSettingsResponse is the payload answering a get_settings request: the
// settings in force and those of each source (seen from CLI 2.1.330).
type GetSettingsResponse struct {
	Effective           json.RawMessage // the merged settings
	Sources             json.RawMessage // the settings of each source
	ServedSettingsState string          // state of the settings served by the organization, e.g. ineligible
	Applied             json.RawMessage // values in force after overrides: model, effort...
	objectState
}

// FileSuggestionsResponse is the payload answering a file_suggestions
// request (seen from CLI 2.1.330).
type FileSuggestionsResponse struct {
	Suggestions json.RawMessage // the files suggested
	CWD         string          // the directory the paths are relative to
	objectState
}

// RegisterRepoRootResponse is the payload answering a register_repo_root
// request (seen from CLI 2.1.330).
type RegisterRepoRootResponse struct {
	Directory string // the directory added, as an absolute path
	objectState
}

// BackgroundTasksResponse is the payload answering a background_tasks
// request, as the SDK's Query.backgroundTasks reads it. CLI 2.1.330
// answers {} when it backgrounded tasks: read the outcome with
// [BackgroundTasksResponse.AnyBackgrounded].
type BackgroundTasksResponse struct {
	Backgrounded bool // false when no foreground task had the tool_use_id; the CLI leaves it out otherwise
	objectState
}

// AnyBackgrounded reports whether the request sent a task to the
// background: Backgrounded, or true when the answer does not have it or
// has null, as the SDK reads it.
func (r *BackgroundTasksResponse) AnyBackgrounded() bool {
	if r.Backgrounded || !r.decoded {
		return r.Backgrounded
	}
	// The last occurrence of the member decides, as in decoding.
	set := false
	for i := range r.members {
		if m := &r.members[i]; !m.unknown() && m.key(r.src) == "backgrounded" {
			set = !isNull(m.raw(r.src))
		}
	}
	return !set
}

// CancelAsyncMessageResponse is the payload answering a
// cancel_async_message request, as the SDK's Query.cancelAsyncMessage
// reads it. CLI 2.1.330.
type CancelAsyncMessageResponse struct {
	Cancelled bool // the message was dropped from the queue
	objectState
}

// PermissionUpdates decodes the request's PermissionSuggestions: the
// permission updates the host can return in an allow answer so that the
// user is not asked again. It returns nil when the request has none.
func (r *CanUseToolRequest) PermissionUpdates() ([]PermissionUpdate, error) {
	if len(r.PermissionSuggestions) == 0 || isNull(r.PermissionSuggestions) {
		return nil, nil
	}
	var d decoder
	d.Reset(r.PermissionSuggestions)
	d.AliasStrings = true
	f := objectsField[permissionUpdates, PermissionUpdate]("", &permissionUpdateTable, func(p *permissionUpdates) *[]PermissionUpdate { return &p.v })
	var out permissionUpdates
	err := f.decode(&out, &d)
	if errors.Is(err, errMismatch) {
		err = errors.New("permission_suggestions is not an array of objects")
	}
	if err == nil {
		err = d.End()
	}
	if err != nil {
		return nil, &DecodeError{Err: err, Excerpt: excerpt(r.PermissionSuggestions, err)}
	}
	return out.v, nil
}

// permissionUpdates holds a decoded array of permission updates.
type permissionUpdates struct{ v []PermissionUpdate }

var (
	slashCommandTable                *table[SlashCommand]
	agentInfoTable                   *table[AgentInfo]
	modelInfoTable                   *table[ModelInfo]
	accountInfoTable                 *table[AccountInfo]
	feedbackModeTable                *table[FeedbackMode]
	initializeResponseTable          *table[InitializeResponse]
	permissionRuleValueTable         *table[PermissionRuleValue]
	permissionUpdateTable            *table[PermissionUpdate]
	permissionResultTable            *table[PermissionResult]
	mcpStatusResponseTable           *table[MCPStatusResponse]
	rewindFilesResponseTable         *table[RewindFilesResponse]
	contextCategoryTable             *table[ContextCategory]
	contextUsageResponseTable        *table[ContextUsageResponse]
	elicitationResponseTable         *table[ElicitationResponse]
	userDialogResponseTable          *table[UserDialogResponse]
	mcpMessageResponseTable          *table[MCPMessageResponse]
	usageTotalsTable                 *table[UsageTotals]
	rateLimitWindowTable             *table[RateLimitWindow]
	planRateLimitsTable              *table[PlanRateLimits]
	permissionRuleDescriptionTable   *table[PermissionRuleDescription]
	permissionRuleEntryTable         *table[PermissionRuleEntry]
	workspaceDirectoryTable          *table[WorkspaceDirectory]
	settingsParseErrorTable          *table[SettingsParseError]
	permissionRulesStateTable        *table[PermissionRulesState]
	mcpResourceContentTable          *table[MCPResourceContent]
	pluginCacheImpactTable           *table[PluginCacheImpact]
	getUsageResponseTable            *table[GetUsageResponse]
	readFileResponseTable            *table[ReadFileResponse]
	getTaskOutputResponseTable       *table[GetTaskOutputResponse]
	listPermissionRulesResponseTable *table[ListPermissionRulesResponse]
	mcpReadResourceResponseTable     *table[MCPReadResourceResponse]
	reloadPluginsResponseTable       *table[ReloadPluginsResponse]
	reloadSkillsResponseTable        *table[ReloadSkillsResponse]
	reloadOutputStylesResponseTable  *table[ReloadOutputStylesResponse]
	backgroundTasksResponseTable     *table[BackgroundTasksResponse]
	hookEventInfoTable               *table[HookEventInfo]
	hookListingTable                 *table[HookListing]
	hooksPolicyTable                 *table[HooksPolicy]
	getHooksListingResponseTable     *table[GetHooksListingResponse]
	listModelsResponseTable          *table[ListModelsResponse]
	getSessionCostResponseTable      *table[GetSessionCostResponse]
	setPermissionModeResponseTable   *table[SetPermissionModeResponse]
	setModelResponseTable            *table[SetModelResponse]
	getBinaryVersionResponseTable    *table[GetBinaryVersionResponse]
	getSettingsResponseTable         *table[GetSettingsResponse]
	fileSuggestionsResponseTable     *table[FileSuggestionsResponse]
	registerRepoRootResponseTable    *table[RegisterRepoRootResponse]
	cancelAsyncMessageResponseTable  *table[CancelAsyncMessageResponse]
)

func init() {
	type SC = SlashCommand
	slashCommandTable = newTable(
		stringField("name", func(c *SC) *string { return &c.Name }),
		stringField("description", func(c *SC) *string { return &c.Description }),
		requiredStringField("argumentHint", func(c *SC) *string { return &c.ArgumentHint }),
		stringsField("aliases", func(c *SC) *[]string { return &c.Aliases }),
		boolField("builtin", func(c *SC) *bool { return &c.Builtin }),
	)
	agentInfoTable = newTable(
		stringField("name", func(a *AgentInfo) *string { return &a.Name }),
		stringField("description", func(a *AgentInfo) *string { return &a.Description }),
		stringField("model", func(a *AgentInfo) *string { return &a.Model }),
	)
	type MI = ModelInfo
	modelInfoTable = newTable(
		stringField("value", func(m *MI) *string { return &m.Value }),
		stringField("resolvedModel", func(m *MI) *string { return &m.ResolvedModel }),
		stringField("displayName", func(m *MI) *string { return &m.DisplayName }),
		stringField("description", func(m *MI) *string { return &m.Description }),
		boolField("supportsEffort", func(m *MI) *bool { return &m.SupportsEffort }),
		stringsField("supportedEffortLevels", func(m *MI) *[]string { return &m.SupportedEffortLevels }),
		boolField("supportsAdaptiveThinking", func(m *MI) *bool { return &m.SupportsAdaptiveThinking }),
		boolField("supportsFastMode", func(m *MI) *bool { return &m.SupportsFastMode }),
		boolField("supportsAutoMode", func(m *MI) *bool { return &m.SupportsAutoMode }),
		boolField("supportsThinkingOff", func(m *MI) *bool { return &m.SupportsThinkingOff }),
	)
	type AI = AccountInfo
	accountInfoTable = newTable(
		stringField("email", func(a *AI) *string { return &a.Email }),
		stringField("organization", func(a *AI) *string { return &a.Organization }),
		stringField("subscriptionType", func(a *AI) *string { return &a.SubscriptionType }),
		stringField("tokenSource", func(a *AI) *string { return &a.TokenSource }),
		stringField("apiKeySource", func(a *AI) *string { return &a.APIKeySource }),
		stringField("apiProvider", func(a *AI) *string { return &a.APIProvider }),
	)
	feedbackModeTable = newTable(
		stringField("kind", func(f *FeedbackMode) *string { return &f.Kind }),
	)
	type IR = InitializeResponse
	initializeResponseTable = newTable(
		requiredObjectsField[IR, SlashCommand]("commands", &slashCommandTable, func(r *IR) *[]SlashCommand { return &r.Commands }),
		objectsField[IR, AgentInfo]("agents", &agentInfoTable, func(r *IR) *[]AgentInfo { return &r.Agents }),
		stringField("output_style", func(r *IR) *string { return &r.OutputStyle }),
		stringsField("available_output_styles", func(r *IR) *[]string { return &r.AvailableOutputStyles }),
		stringField("user_output_styles_dir", func(r *IR) *string { return &r.UserOutputStylesDir }),
		requiredObjectsField[IR, ModelInfo]("models", &modelInfoTable, func(r *IR) *[]ModelInfo { return &r.Models }),
		required(objectField[IR, AccountInfo]("account", &accountInfoTable, func(r *IR) *AccountInfo { return &r.Account })),
		intField("pid", func(r *IR) *int64 { return &r.PID }),
		stringField("claude_code_version", func(r *IR) *string { return &r.ClaudeCodeVersion }),
		stringField("current_permission_mode", func(r *IR) *PermissionMode { return &r.CurrentPermissionMode }),
		boolField("hooks_applied", func(r *IR) *bool { return &r.HooksApplied }),
		boolField("hook_on_failure_supported", func(r *IR) *bool { return &r.HookOnFailureSupported }),
		boolField("plugins_applied", func(r *IR) *bool { return &r.PluginsApplied }),
		boolField("mcp_servers_applied", func(r *IR) *bool { return &r.MCPServersApplied }),
		rawField("sdk_mcp_manifests_parked", func(r *IR) *rawJSON { return &r.SDKMCPManifestsParked }),
		boolField("analytics_disabled", func(r *IR) *bool { return &r.AnalyticsDisabled }),
		stringField("fast_mode_state", func(r *IR) *string { return &r.FastModeState }),
		stringField("fast_mode_disabled_reason", func(r *IR) *string { return &r.FastModeDisabledReason }),
		stringField("session_state", func(r *IR) *string { return &r.SessionState }),
		stringsField("capabilities", func(r *IR) *[]string { return &r.Capabilities }),
		boolField("remote_control_available", func(r *IR) *bool { return &r.RemoteControlAvailable }),
		boolField("remote_control_auto_enable", func(r *IR) *bool { return &r.RemoteControlAutoEnable }),
		boolField("remote_control_auto_on_by_default", func(r *IR) *bool { return &r.RemoteControlAutoOnByDefault }),
		boolField("remote_control_auto_connect_default", func(r *IR) *bool { return &r.RemoteControlAutoConnectDefault }),
		boolField("ide_rc_auto_enable_gate", func(r *IR) *bool { return &r.IDERemoteControlAutoEnableGate }),
		boolField("other_hook_ask_outranks_host", func(r *IR) *bool { return &r.OtherHookAskOutranksHost }),
		intField("hooks_when_unanswered_kept", func(r *IR) *int64 { return &r.HooksWhenUnansweredKept }),
		objectField[IR, FeedbackMode]("feedback_mode", &feedbackModeTable, func(r *IR) *FeedbackMode { return &r.FeedbackMode }),
	)
}

func init() {
	type RV = PermissionRuleValue
	permissionRuleValueTable = newTable(
		requiredStringField("toolName", func(r *RV) *string { return &r.ToolName }),
		stringField("ruleContent", func(r *RV) *string { return &r.RuleContent }),
	)
	type PU = PermissionUpdate
	permissionUpdateTable = newTable(
		requiredStringField("type", func(u *PU) *string { return &u.Type }),
		objectsField[PU, RV]("rules", &permissionRuleValueTable, func(u *PU) *[]RV { return &u.Rules }),
		stringField("behavior", func(u *PU) *PermissionBehavior { return &u.Behavior }),
		stringField("mode", func(u *PU) *PermissionMode { return &u.Mode }),
		stringsField("directories", func(u *PU) *[]string { return &u.Directories }),
		stringField("destination", func(u *PU) *string { return &u.Destination }),
	)
	type PR = PermissionResult
	permissionResultTable = newTable(
		requiredStringField("behavior", func(r *PR) *PermissionBehavior { return &r.Behavior }),
		rawField("updatedInput", func(r *PR) *rawJSON { return &r.UpdatedInput }),
		objectsField[PR, PU]("updatedPermissions", &permissionUpdateTable, func(r *PR) *[]PU { return &r.UpdatedPermissions }),
		stringField("message", func(r *PR) *string { return &r.Message }),
		boolField("interrupt", func(r *PR) *bool { return &r.Interrupt }),
		stringField("toolUseID", func(r *PR) *string { return &r.ToolUseID }),
		stringField("decisionClassification", func(r *PR) *string { return &r.DecisionClassification }),
	)
	// A deny carries its message even when empty: the CLI requires one.
	msg := &permissionResultTable.fields[permissionResultTable.index["message"]]
	msg.nonzero = func(r *PR) bool { return r.Message != "" || r.Behavior == BehaviorDeny }

	mcpStatusResponseTable = newTable(
		requiredObjectsField[MCPStatusResponse, MCPServerStatus]("mcpServers", &mcpServerStatusTable, func(r *MCPStatusResponse) *[]MCPServerStatus { return &r.MCPServers }),
	)
	type RF = RewindFilesResponse
	rewindFilesResponseTable = newTable(
		requiredBoolField("canRewind", func(r *RF) *bool { return &r.CanRewind }),
		stringField("error", func(r *RF) *string { return &r.Error }),
		stringsField("filesChanged", func(r *RF) *[]string { return &r.FilesChanged }),
		intField("insertions", func(r *RF) *int64 { return &r.Insertions }),
		intField("deletions", func(r *RF) *int64 { return &r.Deletions }),
		intField("skippedLinks", func(r *RF) *int64 { return &r.SkippedLinks }),
	)
	type CC = ContextCategory
	contextCategoryTable = newTable(
		stringField("id", func(c *CC) *string { return &c.ID }),
		stringField("name", func(c *CC) *string { return &c.Name }),
		intField("tokens", func(c *CC) *int64 { return &c.Tokens }),
		stringField("color", func(c *CC) *string { return &c.Color }),
		boolField("isDeferred", func(c *CC) *bool { return &c.IsDeferred }),
		stringField("kind", func(c *CC) *string { return &c.Kind }),
	)
	type CU = ContextUsageResponse
	contextUsageResponseTable = newTable(
		objectsField[CU, CC]("categories", &contextCategoryTable, func(r *CU) *[]CC { return &r.Categories }),
		intField("totalTokens", func(r *CU) *int64 { return &r.TotalTokens }),
		intField("maxTokens", func(r *CU) *int64 { return &r.MaxTokens }),
		intField("rawMaxTokens", func(r *CU) *int64 { return &r.RawMaxTokens }),
		stringField("autocompactSource", func(r *CU) *string { return &r.AutocompactSource }),
		floatField("percentage", func(r *CU) *float64 { return &r.Percentage }),
		rawField("gridRows", func(r *CU) *rawJSON { return &r.GridRows }),
		stringField("model", func(r *CU) *string { return &r.Model }),
		rawField("memoryFiles", func(r *CU) *rawJSON { return &r.MemoryFiles }),
		rawField("mcpTools", func(r *CU) *rawJSON { return &r.MCPTools }),
		rawField("mcpInstructions", func(r *CU) *rawJSON { return &r.MCPInstructions }),
		rawField("deferredBuiltinTools", func(r *CU) *rawJSON { return &r.DeferredBuiltinTools }),
		rawField("systemTools", func(r *CU) *rawJSON { return &r.SystemTools }),
		rawField("systemPromptSections", func(r *CU) *rawJSON { return &r.SystemPromptSections }),
		rawField("agents", func(r *CU) *rawJSON { return &r.Agents }),
		rawField("slashCommands", func(r *CU) *rawJSON { return &r.SlashCommands }),
		rawField("skills", func(r *CU) *rawJSON { return &r.Skills }),
		intField("autoCompactThreshold", func(r *CU) *int64 { return &r.AutoCompactThreshold }),
		boolField("isAutoCompactEnabled", func(r *CU) *bool { return &r.IsAutoCompactEnabled }),
		rawField("messageBreakdown", func(r *CU) *rawJSON { return &r.MessageBreakdown }),
		rawField("apiUsage", func(r *CU) *rawJSON { return &r.APIUsage }),
	)
	elicitationResponseTable = newTable(
		requiredStringField("action", func(r *ElicitationResponse) *string { return &r.Action }),
		rawField("content", func(r *ElicitationResponse) *rawJSON { return &r.Content }),
	)
	userDialogResponseTable = newTable(
		requiredStringField("behavior", func(r *UserDialogResponse) *string { return &r.Behavior }),
		rawField("result", func(r *UserDialogResponse) *rawJSON { return &r.Result }),
	)
	mcpMessageResponseTable = newTable(
		required(rawField("mcp_response", func(r *MCPMessageResponse) *rawJSON { return &r.MCPResponse })),
	)
}

func init() {
	type UT = UsageTotals
	usageTotalsTable = newTable(
		requiredFloatField("total_cost_usd", func(r *UT) *float64 { return &r.TotalCostUSD }),
		requiredFloatField("total_api_duration_ms", func(r *UT) *float64 { return &r.TotalAPIDurationMS }),
		requiredFloatField("total_duration_ms", func(r *UT) *float64 { return &r.TotalDurationMS }),
		requiredIntField("total_lines_added", func(r *UT) *int64 { return &r.TotalLinesAdded }),
		requiredIntField("total_lines_removed", func(r *UT) *int64 { return &r.TotalLinesRemoved }),
		objectMapField[UT, ModelUsage]("model_usage", &modelUsageTable, func(r *UT) *map[string]ModelUsage { return &r.ModelUsage }),
	)
	type RW = RateLimitWindow
	rateLimitWindowTable = newTable(
		stringField("display_name", func(r *RW) *string { return &r.DisplayName }),
		floatField("utilization", func(r *RW) *float64 { return &r.Utilization }),
		stringField("resets_at", func(r *RW) *string { return &r.ResetsAt }),
	)
	type RL = PlanRateLimits
	planRateLimitsTable = newTable(
		objectField[RL, RateLimitWindow]("five_hour", &rateLimitWindowTable, func(r *RL) *RateLimitWindow { return &r.FiveHour }),
		objectField[RL, RateLimitWindow]("seven_day", &rateLimitWindowTable, func(r *RL) *RateLimitWindow { return &r.SevenDay }),
		objectField[RL, RateLimitWindow]("seven_day_oauth_apps", &rateLimitWindowTable, func(r *RL) *RateLimitWindow { return &r.SevenDayOAuthApps }),
		objectField[RL, RateLimitWindow]("seven_day_opus", &rateLimitWindowTable, func(r *RL) *RateLimitWindow { return &r.SevenDayOpus }),
		objectField[RL, RateLimitWindow]("seven_day_sonnet", &rateLimitWindowTable, func(r *RL) *RateLimitWindow { return &r.SevenDaySonnet }),
		objectsField[RL, RateLimitWindow]("model_scoped", &rateLimitWindowTable, func(r *RL) *[]RateLimitWindow { return &r.ModelScoped }),
		rawField("extra_usage", func(r *RL) *rawJSON { return &r.ExtraUsage }),
	)
	type RD = PermissionRuleDescription
	permissionRuleDescriptionTable = newTable(
		requiredStringField("prefix", func(r *RD) *string { return &r.Prefix }),
		stringField("emphasis", func(r *RD) *string { return &r.Emphasis }),
		stringField("suffix", func(r *RD) *string { return &r.Suffix }),
	)
	type RE = PermissionRuleEntry
	permissionRuleEntryTable = newTable(
		requiredStringField("behavior", func(r *RE) *PermissionBehavior { return &r.Behavior }),
		requiredStringField("source", func(r *RE) *string { return &r.Source }),
		requiredStringField("rule", func(r *RE) *string { return &r.Rule }),
		objectField[RE, PermissionRuleDescription]("description", &permissionRuleDescriptionTable, func(r *RE) *PermissionRuleDescription { return &r.Description }),
		requiredStringField("editability", func(r *RE) *string { return &r.Editability }),
		boolField("notInEffect", func(r *RE) *bool { return &r.NotInEffect }),
	)
	type WD = WorkspaceDirectory
	workspaceDirectoryTable = newTable(
		requiredStringField("path", func(r *WD) *string { return &r.Path }),
		requiredStringField("source", func(r *WD) *string { return &r.Source }),
	)
	type SE = SettingsParseError
	settingsParseErrorTable = newTable(
		stringField("file", func(r *SE) *string { return &r.File }),
		requiredStringField("path", func(r *SE) *string { return &r.Path }),
		requiredStringField("message", func(r *SE) *string { return &r.Message }),
	)
	type RS = PermissionRulesState
	permissionRulesStateTable = newTable(
		requiredObjectsField[RS, PermissionRuleEntry]("rules", &permissionRuleEntryTable, func(r *RS) *[]PermissionRuleEntry { return &r.Rules }),
		requiredObjectsField[RS, WorkspaceDirectory]("workspaceDirectories", &workspaceDirectoryTable, func(r *RS) *[]WorkspaceDirectory { return &r.WorkspaceDirectories }),
		requiredStringField("originalCwd", func(r *RS) *string { return &r.OriginalCWD }),
		requiredBoolField("managedOnly", func(r *RS) *bool { return &r.ManagedOnly }),
		objectsField[RS, SettingsParseError]("errors", &settingsParseErrorTable, func(r *RS) *[]SettingsParseError { return &r.Errors }),
		boolField("withheld", func(r *RS) *bool { return &r.Withheld }),
	)
	type RC = MCPResourceContent
	mcpResourceContentTable = newTable(
		requiredStringField("uri", func(r *RC) *string { return &r.URI }),
		stringField("mimeType", func(r *RC) *string { return &r.MIMEType }),
		stringField("text", func(r *RC) *string { return &r.Text }),
		stringField("blob", func(r *RC) *string { return &r.Blob }),
		rawField("_meta", func(r *RC) *rawJSON { return &r.Meta }),
	)
	type CI = PluginCacheImpact
	pluginCacheImpactTable = newTable(
		stringsField("mcp_servers_added", func(r *CI) *[]string { return &r.MCPServersAdded }),
		stringsField("mcp_servers_removed", func(r *CI) *[]string { return &r.MCPServersRemoved }),
		nullableStringField("lsp_tool_change", func(r *CI) *string { return &r.LSPToolChange }),
	)
	type GU = GetUsageResponse
	getUsageResponseTable = newTable(
		required(objectField[GU, UsageTotals]("session", &usageTotalsTable, func(r *GU) *UsageTotals { return &r.Session })),
		nullableStringField("subscription_type", func(r *GU) *string { return &r.SubscriptionType }),
		requiredBoolField("rate_limits_available", func(r *GU) *bool { return &r.RateLimitsAvailable }),
		objectField[GU, PlanRateLimits]("rate_limits", &planRateLimitsTable, func(r *GU) *PlanRateLimits { return &r.RateLimits }),
		required(rawField("behaviors", func(r *GU) *rawJSON { return &r.Behaviors })),
	)
	type RF = ReadFileResponse
	readFileResponseTable = newTable(
		requiredStringField("contents", func(r *RF) *string { return &r.Contents }),
		requiredStringField("absPath", func(r *RF) *string { return &r.AbsPath }),
		boolField("truncated", func(r *RF) *bool { return &r.Truncated }),
		stringField("encoding", func(r *RF) *string { return &r.Encoding }),
		boolField("lossy", func(r *RF) *bool { return &r.Lossy }),
		stringField("requested_path", func(r *RF) *string { return &r.RequestedPath }),
	)
	type TO = GetTaskOutputResponse
	getTaskOutputResponseTable = newTable(
		requiredStringField("output", func(r *TO) *string { return &r.Output }),
		requiredIntField("total_bytes", func(r *TO) *int64 { return &r.TotalBytes }),
		requiredBoolField("truncated", func(r *TO) *bool { return &r.Truncated }),
	)
	type LP = ListPermissionRulesResponse
	listPermissionRulesResponseTable = newTable(
		required(objectField[LP, PermissionRulesState]("state", &permissionRulesStateTable, func(r *LP) *PermissionRulesState { return &r.State })),
	)
	type MR = MCPReadResourceResponse
	mcpReadResourceResponseTable = newTable(
		requiredObjectsField[MR, MCPResourceContent]("contents", &mcpResourceContentTable, func(r *MR) *[]MCPResourceContent { return &r.Contents }),
	)
	type RP = ReloadPluginsResponse
	reloadPluginsResponseTable = newTable(
		requiredObjectsField[RP, SlashCommand]("commands", &slashCommandTable, func(r *RP) *[]SlashCommand { return &r.Commands }),
		requiredObjectsField[RP, AgentInfo]("agents", &agentInfoTable, func(r *RP) *[]AgentInfo { return &r.Agents }),
		requiredObjectsField[RP, PluginInfo]("plugins", &pluginInfoTable, func(r *RP) *[]PluginInfo { return &r.Plugins }),
		requiredObjectsField[RP, MCPServerStatus]("mcpServers", &mcpServerStatusTable, func(r *RP) *[]MCPServerStatus { return &r.MCPServers }),
		requiredIntField("error_count", func(r *RP) *int64 { return &r.ErrorCount }),
		boolField("held", func(r *RP) *bool { return &r.Held }),
		objectField[RP, PluginCacheImpact]("cache_impact", &pluginCacheImpactTable, func(r *RP) *PluginCacheImpact { return &r.CacheImpact }),
	)
	type RK = ReloadSkillsResponse
	reloadSkillsResponseTable = newTable(
		requiredObjectsField[RK, SlashCommand]("skills", &slashCommandTable, func(r *RK) *[]SlashCommand { return &r.Skills }),
	)
	type RO = ReloadOutputStylesResponse
	reloadOutputStylesResponseTable = newTable(
		stringsField("available_output_styles", func(r *RO) *[]string { return &r.AvailableOutputStyles }),
	)
	type BT = BackgroundTasksResponse
	backgroundTasksResponseTable = newTable(
		requiredBoolField("backgrounded", func(r *BT) *bool { return &r.Backgrounded }),
	)
	type HE = HookEventInfo
	hookEventInfoTable = newTable(
		requiredStringField("name", func(r *HE) *string { return &r.Name }),
		requiredStringField("summary", func(r *HE) *string { return &r.Summary }),
		requiredBoolField("supportsMatcher", func(r *HE) *bool { return &r.SupportsMatcher }),
		intField("hookCount", func(r *HE) *int64 { return &r.HookCount }),
	)
	type HL = HookListing
	hookListingTable = newTable(
		requiredStringField("event", func(r *HL) *string { return &r.Event }),
		requiredStringField("matcher", func(r *HL) *string { return &r.Matcher }),
		requiredStringField("source", func(r *HL) *string { return &r.Source }),
		requiredStringField("sourceLabel", func(r *HL) *string { return &r.SourceLabel }),
		stringField("pluginName", func(r *HL) *string { return &r.PluginName }),
		requiredStringField("type", func(r *HL) *string { return &r.Type }),
		requiredStringField("displayText", func(r *HL) *string { return &r.DisplayText }),
		requiredStringField("commandText", func(r *HL) *string { return &r.CommandText }),
		requiredStringField("contentLabel", func(r *HL) *string { return &r.ContentLabel }),
		stringField("condition", func(r *HL) *string { return &r.Condition }),
		floatField("timeout", func(r *HL) *float64 { return &r.Timeout }),
		stringField("statusMessage", func(r *HL) *string { return &r.StatusMessage }),
		boolField("runsOnce", func(r *HL) *bool { return &r.RunsOnce }),
		boolField("runsInBackground", func(r *HL) *bool { return &r.RunsInBackground }),
		boolField("disabled", func(r *HL) *bool { return &r.Disabled }),
		rawField("editable", func(r *HL) *rawJSON { return &r.Editable }),
	)
	type HP = HooksPolicy
	hooksPolicyTable = newTable(
		requiredBoolField("disabledByPolicy", func(r *HP) *bool { return &r.DisabledByPolicy }),
		requiredBoolField("managedOnly", func(r *HP) *bool { return &r.ManagedOnly }),
		requiredBoolField("pluginOnly", func(r *HP) *bool { return &r.PluginOnly }),
		requiredBoolField("allDisabled", func(r *HP) *bool { return &r.AllDisabled }),
		requiredIntField("policyHookCount", func(r *HP) *int64 { return &r.PolicyHookCount }),
		boolField("policyUnreadable", func(r *HP) *bool { return &r.PolicyUnreadable }),
	)
	type HR = GetHooksListingResponse
	getHooksListingResponseTable = newTable(
		requiredObjectsField[HR, HookEventInfo]("events", &hookEventInfoTable, func(r *HR) *[]HookEventInfo { return &r.Events }),
		requiredObjectsField[HR, HookListing]("hooks", &hookListingTable, func(r *HR) *[]HookListing { return &r.Hooks }),
		requiredObjectsField[HR, HookEventInfo]("eventCatalog", &hookEventInfoTable, func(r *HR) *[]HookEventInfo { return &r.EventCatalog }),
		required(objectField[HR, HooksPolicy]("policy", &hooksPolicyTable, func(r *HR) *HooksPolicy { return &r.Policy })),
		rawField("safeMode", func(r *HR) *rawJSON { return &r.SafeMode }),
		rawField("bareMode", func(r *HR) *rawJSON { return &r.BareMode }),
		objectsField[HR, SettingsParseError]("errors", &settingsParseErrorTable, func(r *HR) *[]SettingsParseError { return &r.Errors }),
	)
	type LM = ListModelsResponse
	listModelsResponseTable = newTable(
		requiredObjectsField[LM, ModelInfo]("models", &modelInfoTable, func(r *LM) *[]ModelInfo { return &r.Models }),
	)
	setPermissionModeResponseTable = newTable(
		stringField("mode", func(r *SetPermissionModeResponse) *PermissionMode { return &r.Mode }),
	)
	setModelResponseTable = newTable(
		stringField("model", func(r *SetModelResponse) *string { return &r.Model }),
	)
	type SC = GetSessionCostResponse
	getSessionCostResponseTable = newTable(
		requiredStringField("text", func(r *SC) *string { return &r.Text }),
	)
	type BV = GetBinaryVersionResponse
	getBinaryVersionResponseTable = newTable(
		requiredStringField("version", func(r *BV) *string { return &r.Version }),
		stringField("buildTime", func(r *BV) *string { return &r.BuildTime }),
		stringField("oldestDesktopSdk", func(r *BV) *string { return &r.OldestDesktopSDK }),
	)
	type GS = GetSettingsResponse
	getSettingsResponseTable = newTable(
		rawField("effective", func(r *GS) *rawJSON { return &r.Effective }),
		rawField("sources", func(r *GS) *rawJSON { return &r.Sources }),
		stringField("served_settings_state", func(r *GS) *string { return &r.ServedSettingsState }),
		rawField("applied", func(r *GS) *rawJSON { return &r.Applied }),
	)
	type FS = FileSuggestionsResponse
	fileSuggestionsResponseTable = newTable(
		rawField("suggestions", func(r *FS) *rawJSON { return &r.Suggestions }),
		stringField("cwd", func(r *FS) *string { return &r.CWD }),
	)
	type RR = RegisterRepoRootResponse
	registerRepoRootResponseTable = newTable(
		requiredStringField("directory", func(r *RR) *string { return &r.Directory }),
	)
	type CM = CancelAsyncMessageResponse
	cancelAsyncMessageResponseTable = newTable(
		requiredBoolField("cancelled", func(r *CM) *bool { return &r.Cancelled }),
	)
}

// The methods tying each payload type and its parts to their tables.

func (r *InitializeResponse) decode(d *decoder) error {
	return decodeObject(d, initializeResponseTable, r, &r.objectState)
}
func (r *InitializeResponse) encode(b []byte) []byte {
	return encodeObject(b, initializeResponseTable, r, &r.objectState)
}
func (r *InitializeResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, initializeResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *InitializeResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *InitializeResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *PermissionResult) decode(d *decoder) error {
	return decodeObject(d, permissionResultTable, r, &r.objectState)
}
func (r *PermissionResult) encode(b []byte) []byte {
	return encodeObject(b, permissionResultTable, r, &r.objectState)
}
func (r *PermissionResult) walkUnknown(w *unknownWalker) {
	walkObject(w, permissionResultTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *PermissionResult) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *PermissionResult) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *MCPStatusResponse) decode(d *decoder) error {
	return decodeObject(d, mcpStatusResponseTable, r, &r.objectState)
}
func (r *MCPStatusResponse) encode(b []byte) []byte {
	return encodeObject(b, mcpStatusResponseTable, r, &r.objectState)
}
func (r *MCPStatusResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpStatusResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *MCPStatusResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *MCPStatusResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *RewindFilesResponse) decode(d *decoder) error {
	return decodeObject(d, rewindFilesResponseTable, r, &r.objectState)
}
func (r *RewindFilesResponse) encode(b []byte) []byte {
	return encodeObject(b, rewindFilesResponseTable, r, &r.objectState)
}
func (r *RewindFilesResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, rewindFilesResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *RewindFilesResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *RewindFilesResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ContextUsageResponse) decode(d *decoder) error {
	return decodeObject(d, contextUsageResponseTable, r, &r.objectState)
}
func (r *ContextUsageResponse) encode(b []byte) []byte {
	return encodeObject(b, contextUsageResponseTable, r, &r.objectState)
}
func (r *ContextUsageResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, contextUsageResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ContextUsageResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ContextUsageResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ElicitationResponse) decode(d *decoder) error {
	return decodeObject(d, elicitationResponseTable, r, &r.objectState)
}
func (r *ElicitationResponse) encode(b []byte) []byte {
	return encodeObject(b, elicitationResponseTable, r, &r.objectState)
}
func (r *ElicitationResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, elicitationResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ElicitationResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ElicitationResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *UserDialogResponse) decode(d *decoder) error {
	return decodeObject(d, userDialogResponseTable, r, &r.objectState)
}
func (r *UserDialogResponse) encode(b []byte) []byte {
	return encodeObject(b, userDialogResponseTable, r, &r.objectState)
}
func (r *UserDialogResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, userDialogResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *UserDialogResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *UserDialogResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *MCPMessageResponse) decode(d *decoder) error {
	return decodeObject(d, mcpMessageResponseTable, r, &r.objectState)
}
func (r *MCPMessageResponse) encode(b []byte) []byte {
	return encodeObject(b, mcpMessageResponseTable, r, &r.objectState)
}
func (r *MCPMessageResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpMessageResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *MCPMessageResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *MCPMessageResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *GetUsageResponse) decode(d *decoder) error {
	return decodeObject(d, getUsageResponseTable, r, &r.objectState)
}
func (r *GetUsageResponse) encode(b []byte) []byte {
	return encodeObject(b, getUsageResponseTable, r, &r.objectState)
}
func (r *GetUsageResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, getUsageResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *GetUsageResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *GetUsageResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ReadFileResponse) decode(d *decoder) error {
	return decodeObject(d, readFileResponseTable, r, &r.objectState)
}
func (r *ReadFileResponse) encode(b []byte) []byte {
	return encodeObject(b, readFileResponseTable, r, &r.objectState)
}
func (r *ReadFileResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, readFileResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ReadFileResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ReadFileResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *GetTaskOutputResponse) decode(d *decoder) error {
	return decodeObject(d, getTaskOutputResponseTable, r, &r.objectState)
}
func (r *GetTaskOutputResponse) encode(b []byte) []byte {
	return encodeObject(b, getTaskOutputResponseTable, r, &r.objectState)
}
func (r *GetTaskOutputResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, getTaskOutputResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *GetTaskOutputResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *GetTaskOutputResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ListPermissionRulesResponse) decode(d *decoder) error {
	return decodeObject(d, listPermissionRulesResponseTable, r, &r.objectState)
}
func (r *ListPermissionRulesResponse) encode(b []byte) []byte {
	return encodeObject(b, listPermissionRulesResponseTable, r, &r.objectState)
}
func (r *ListPermissionRulesResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, listPermissionRulesResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ListPermissionRulesResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ListPermissionRulesResponse) UnmarshalJSON(data []byte) error {
	return unmarshalPayload(data, r)
}

func (r *MCPReadResourceResponse) decode(d *decoder) error {
	return decodeObject(d, mcpReadResourceResponseTable, r, &r.objectState)
}
func (r *MCPReadResourceResponse) encode(b []byte) []byte {
	return encodeObject(b, mcpReadResourceResponseTable, r, &r.objectState)
}
func (r *MCPReadResourceResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, mcpReadResourceResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *MCPReadResourceResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *MCPReadResourceResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ReloadPluginsResponse) decode(d *decoder) error {
	return decodeObject(d, reloadPluginsResponseTable, r, &r.objectState)
}
func (r *ReloadPluginsResponse) encode(b []byte) []byte {
	return encodeObject(b, reloadPluginsResponseTable, r, &r.objectState)
}
func (r *ReloadPluginsResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, reloadPluginsResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ReloadPluginsResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ReloadPluginsResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ReloadSkillsResponse) decode(d *decoder) error {
	return decodeObject(d, reloadSkillsResponseTable, r, &r.objectState)
}
func (r *ReloadSkillsResponse) encode(b []byte) []byte {
	return encodeObject(b, reloadSkillsResponseTable, r, &r.objectState)
}
func (r *ReloadSkillsResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, reloadSkillsResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ReloadSkillsResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ReloadSkillsResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ReloadOutputStylesResponse) decode(d *decoder) error {
	return decodeObject(d, reloadOutputStylesResponseTable, r, &r.objectState)
}
func (r *ReloadOutputStylesResponse) encode(b []byte) []byte {
	return encodeObject(b, reloadOutputStylesResponseTable, r, &r.objectState)
}
func (r *ReloadOutputStylesResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, reloadOutputStylesResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ReloadOutputStylesResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ReloadOutputStylesResponse) UnmarshalJSON(data []byte) error {
	return unmarshalPayload(data, r)
}

func (r *BackgroundTasksResponse) decode(d *decoder) error {
	return decodeObject(d, backgroundTasksResponseTable, r, &r.objectState)
}
func (r *BackgroundTasksResponse) encode(b []byte) []byte {
	return encodeObject(b, backgroundTasksResponseTable, r, &r.objectState)
}
func (r *BackgroundTasksResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, backgroundTasksResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *BackgroundTasksResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *BackgroundTasksResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *CancelAsyncMessageResponse) decode(d *decoder) error {
	return decodeObject(d, cancelAsyncMessageResponseTable, r, &r.objectState)
}
func (r *CancelAsyncMessageResponse) encode(b []byte) []byte {
	return encodeObject(b, cancelAsyncMessageResponseTable, r, &r.objectState)
}
func (r *CancelAsyncMessageResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, cancelAsyncMessageResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *CancelAsyncMessageResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *CancelAsyncMessageResponse) UnmarshalJSON(data []byte) error {
	return unmarshalPayload(data, r)
}

func (r *GetHooksListingResponse) decode(d *decoder) error {
	return decodeObject(d, getHooksListingResponseTable, r, &r.objectState)
}
func (r *GetHooksListingResponse) encode(b []byte) []byte {
	return encodeObject(b, getHooksListingResponseTable, r, &r.objectState)
}
func (r *GetHooksListingResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, getHooksListingResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *GetHooksListingResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *GetHooksListingResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *ListModelsResponse) decode(d *decoder) error {
	return decodeObject(d, listModelsResponseTable, r, &r.objectState)
}
func (r *ListModelsResponse) encode(b []byte) []byte {
	return encodeObject(b, listModelsResponseTable, r, &r.objectState)
}
func (r *ListModelsResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, listModelsResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *ListModelsResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *ListModelsResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *SetPermissionModeResponse) decode(d *decoder) error {
	return decodeObject(d, setPermissionModeResponseTable, r, &r.objectState)
}
func (r *SetPermissionModeResponse) encode(b []byte) []byte {
	return encodeObject(b, setPermissionModeResponseTable, r, &r.objectState)
}
func (r *SetPermissionModeResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, setPermissionModeResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *SetPermissionModeResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *SetPermissionModeResponse) UnmarshalJSON(data []byte) error {
	return unmarshalPayload(data, r)
}

func (r *SetModelResponse) decode(d *decoder) error {
	return decodeObject(d, setModelResponseTable, r, &r.objectState)
}
func (r *SetModelResponse) encode(b []byte) []byte {
	return encodeObject(b, setModelResponseTable, r, &r.objectState)
}
func (r *SetModelResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, setModelResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *SetModelResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *SetModelResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *GetSessionCostResponse) decode(d *decoder) error {
	return decodeObject(d, getSessionCostResponseTable, r, &r.objectState)
}
func (r *GetSessionCostResponse) encode(b []byte) []byte {
	return encodeObject(b, getSessionCostResponseTable, r, &r.objectState)
}
func (r *GetSessionCostResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, getSessionCostResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *GetSessionCostResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *GetSessionCostResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *GetBinaryVersionResponse) decode(d *decoder) error {
	return decodeObject(d, getBinaryVersionResponseTable, r, &r.objectState)
}
func (r *GetBinaryVersionResponse) encode(b []byte) []byte {
	return encodeObject(b, getBinaryVersionResponseTable, r, &r.objectState)
}
func (r *GetBinaryVersionResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, getBinaryVersionResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *GetBinaryVersionResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *GetBinaryVersionResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *GetSettingsResponse) decode(d *decoder) error {
	return decodeObject(d, getSettingsResponseTable, r, &r.objectState)
}
func (r *GetSettingsResponse) encode(b []byte) []byte {
	return encodeObject(b, getSettingsResponseTable, r, &r.objectState)
}
func (r *GetSettingsResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, getSettingsResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *GetSettingsResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *GetSettingsResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *FileSuggestionsResponse) decode(d *decoder) error {
	return decodeObject(d, fileSuggestionsResponseTable, r, &r.objectState)
}
func (r *FileSuggestionsResponse) encode(b []byte) []byte {
	return encodeObject(b, fileSuggestionsResponseTable, r, &r.objectState)
}
func (r *FileSuggestionsResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, fileSuggestionsResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *FileSuggestionsResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *FileSuggestionsResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }

func (r *RegisterRepoRootResponse) decode(d *decoder) error {
	return decodeObject(d, registerRepoRootResponseTable, r, &r.objectState)
}
func (r *RegisterRepoRootResponse) encode(b []byte) []byte {
	return encodeObject(b, registerRepoRootResponseTable, r, &r.objectState)
}
func (r *RegisterRepoRootResponse) walkUnknown(w *unknownWalker) {
	walkObject(w, registerRepoRootResponseTable, r, &r.objectState)
}

// MarshalJSON implements json.Marshaler with [MarshalPayload].
func (r *RegisterRepoRootResponse) MarshalJSON() ([]byte, error) { return marshalPayload(r) }

// UnmarshalJSON implements json.Unmarshaler: it decodes the payload
// losslessly, like [SuccessResponse.DecodePayload].
func (r *RegisterRepoRootResponse) UnmarshalJSON(data []byte) error { return unmarshalPayload(data, r) }
