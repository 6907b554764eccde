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
// *MCPSetServersResponse, *RewindFilesResponse, *ContextUsageResponse, *ElicitationResponse,
// *UserDialogResponse, *MCPMessageResponse and *HookOutput; for the requests of CLI
// 2.1.330's hosts, *GetUsageResponse, *ReadFileResponse,
// *GetTaskOutputResponse, *ListPermissionRulesResponse,
// *MCPReadResourceResponse, *MCPCallResponse, *ReloadPluginsResponse, *ReloadSkillsResponse,
// *ReloadOutputStylesResponse, *GetHooksListingResponse,
// *BackgroundTasksResponse and *CancelAsyncMessageResponse; and, seen from
// CLI 2.1.330 though its SDK does not define them, *ListModelsResponse,
// *GetSessionCostResponse, *GetBinaryVersionResponse, *GetSettingsResponse,
// *FileSuggestionsResponse and *RegisterRepoRootResponse. The answers to
// set_permission_mode, set_model and interrupt are
// *SetPermissionModeResponse, *SetModelResponse and *InterruptResponse when
// they carry a payload. [NewPayload] gives the type by the request's
// subtype.
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

// UnknownPayloadKeys lists the members of p whose key the model does not
// know, as [UnknownKeys] does for messages.
func UnknownPayloadKeys(p Payload) []string {
	if p == nil || isNil(p) {
		return nil
	}
	return unknownKeysOf(p)
}

// MistypedPayloadFields lists the members of p whose key the model knows
// but whose value it cannot hold, as [MistypedFields] does for messages.
func MistypedPayloadFields(p Payload) []MistypedField {
	if p == nil || isNil(p) {
		return nil
	}
	return mistypedOf(p)
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

// SlashCommand is a slash command or skill the session offers.
type SlashCommand struct {
	Name         string   `json:"name"`                         // name, without the leading slash
	Description  string   `json:"description"`                  // what it does
	ArgumentHint string   `json:"argumentHint" wire:"required"` // hint for its arguments, e.g. "<file>"; empty when none
	Aliases      []string `json:"aliases"`                      // other names it answers to (CLI 2.1.330)
	Builtin      bool     `json:"builtin"`                      // the command is Claude Code's own (CLI 2.1.330)
	objectState
}

// AgentInfo is a subagent the session offers.
type AgentInfo struct {
	Name        string `json:"name"`        // agent type, e.g. "Explore"
	Description string `json:"description"` // when to use it
	Model       string `json:"model"`       // the model it uses, "inherit" for the parent's
	objectState
}

// ModelInfo is a model the session can switch to.
type ModelInfo struct {
	Value                    string   `json:"value"`                    // the model to pass to set_model: an alias or an ID
	ResolvedModel            string   `json:"resolvedModel"`            // the model ID Value stands for (CLI 2.1.330)
	DisplayName              string   `json:"displayName"`              // name to show
	Description              string   `json:"description"`              // what it is good at, with its price
	SupportsEffort           bool     `json:"supportsEffort"`           // effort levels apply (CLI 2.1.330)
	SupportedEffortLevels    []string `json:"supportedEffortLevels"`    // low, medium, high, xhigh, max (CLI 2.1.330)
	SupportsAdaptiveThinking bool     `json:"supportsAdaptiveThinking"` // the model decides when to think (CLI 2.1.330)
	SupportsFastMode         bool     `json:"supportsFastMode"`         // fast mode applies (CLI 2.1.330)
	SupportsAutoMode         bool     `json:"supportsAutoMode"`         // auto permission mode applies (CLI 2.1.330)
	SupportsThinkingOff      bool     `json:"supportsThinkingOff"`      // thinking can be turned off (seen from CLI 2.1.330)
	objectState
}

// AccountInfo describes the account the session runs under.
type AccountInfo struct {
	Email            string `json:"email"`            // the user's email
	Organization     string `json:"organization"`     // the user's organization
	SubscriptionType string `json:"subscriptionType"` // the claude.ai subscription
	TokenSource      string `json:"tokenSource"`      // where the OAuth token came from, "none" when there is none
	APIKeySource     string `json:"apiKeySource"`     // where the API key came from, e.g. ANTHROPIC_API_KEY
	APIProvider      string `json:"apiProvider"`      // firstParty, bedrock, vertex, foundry, gateway... (CLI 2.1.330)
	objectState
}

// FeedbackMode is how the CLI collects feedback on the session (CLI
// 2.1.330; not in the Agent SDK's types).
type FeedbackMode struct {
	Kind string `json:"kind"` // e.g. "disabled"
	objectState
}

// InitializeResponse is the payload answering an initialize request: what
// the session offers. Both CLI versions send commands, output styles,
// models and account; CLI 2.1.330 adds agents, its version, the permission
// mode and more.
type InitializeResponse struct {
	Commands                        []SlashCommand  `json:"commands" wire:"required"`            // slash commands and skills
	Agents                          []AgentInfo     `json:"agents"`                              // subagents (CLI 2.1.330)
	OutputStyle                     string          `json:"output_style"`                        // output style in use
	AvailableOutputStyles           []string        `json:"available_output_styles"`             // output styles available
	UserOutputStylesDir             string          `json:"user_output_styles_dir"`              // directory of the user's output styles (seen from CLI 2.1.330)
	Models                          []ModelInfo     `json:"models" wire:"required"`              // models available
	Account                         AccountInfo     `json:"account" wire:"required"`             // the account
	PID                             int64           `json:"pid"`                                 // process ID of the CLI (seen from CLI 2.1.330)
	ClaudeCodeVersion               string          `json:"claude_code_version"`                 // version of the CLI running the session (CLI 2.1.330)
	CurrentPermissionMode           PermissionMode  `json:"current_permission_mode"`             // permission mode in force (seen from CLI 2.1.330)
	HooksApplied                    bool            `json:"hooks_applied"`                       // the request's hooks were registered (CLI 2.1.330)
	HookOnFailureSupported          bool            `json:"hook_on_failure_supported"`           // hook matchers' onFailure is honored (CLI 2.1.330)
	PluginsApplied                  bool            `json:"plugins_applied"`                     // every plugin the request listed is loaded (CLI 2.1.330)
	MCPServersApplied               bool            `json:"mcp_servers_applied"`                 // the request's mcpServers are those read at launch (CLI 2.1.330)
	SDKMCPManifestsParked           json.RawMessage `json:"sdk_mcp_manifests_parked"`            // what became of each SDK MCP server manifest, by name (CLI 2.1.330)
	AnalyticsDisabled               bool            `json:"analytics_disabled"`                  // analytics are off (seen from CLI 2.1.330)
	FastModeState                   string          `json:"fast_mode_state"`                     // fast mode state: off, cooldown or on (CLI 2.1.330)
	FastModeDisabledReason          string          `json:"fast_mode_disabled_reason"`           // why fast mode is off (CLI 2.1.330)
	SessionState                    string          `json:"session_state"`                       // idle, running or requires_action (seen from CLI 2.1.330)
	Capabilities                    []string        `json:"capabilities"`                        // protocol capabilities of the CLI (seen from CLI 2.1.330)
	RemoteControlAvailable          bool            `json:"remote_control_available"`            // remote control of the session can be turned on (seen from CLI 2.1.330)
	RemoteControlAutoEnable         bool            `json:"remote_control_auto_enable"`          // remote control turns on by itself (seen from CLI 2.1.330)
	RemoteControlAutoOnByDefault    bool            `json:"remote_control_auto_on_by_default"`   // remote control is on by default (seen from CLI 2.1.330)
	RemoteControlAutoConnectDefault bool            `json:"remote_control_auto_connect_default"` // remote control connects by default (seen from CLI 2.1.330)
	IDERemoteControlAutoEnableGate  bool            `json:"ide_rc_auto_enable_gate"`             // the gate for turning remote control on from an IDE (seen from CLI 2.1.330)
	OtherHookAskOutranksHost        bool            `json:"other_hook_ask_outranks_host"`        // a hook's "ask" decision takes precedence over the host's answer (seen from CLI 2.1.330)
	HooksWhenUnansweredKept         int64           `json:"hooks_when_unanswered_kept"`          // hook callbacks kept although the host did not answer them (seen from CLI 2.1.330)
	FeedbackMode                    FeedbackMode    `json:"feedback_mode"`                       // how feedback is collected (seen from CLI 2.1.330)
	SandboxEnabled                  json.RawMessage `json:"sandbox_enabled"`                     // the CLI runs its shell commands in its command sandbox, as system/init says: true, false, or "unknown" (CLI 2.1.331)
	objectState                     `wire:"answers=initialize"`
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
	ToolName    string `json:"toolName" wire:"required"` // the tool
	RuleContent string `json:"ruleContent"`              // what the rule covers, e.g. "npm test:*"; empty for the whole tool
	objectState
}

// PermissionUpdate changes the permission settings: add, replace or remove
// rules, set the mode, add or remove directories. The CLI suggests updates
// in can_use_tool requests; the host applies them by returning them in an
// allow answer.
type PermissionUpdate struct {
	Type        string                `json:"type" wire:"required"` // addRules, replaceRules, removeRules, setMode, addDirectories or removeDirectories
	Rules       []PermissionRuleValue `json:"rules"`                // the rules (rule updates)
	Behavior    PermissionBehavior    `json:"behavior"`             // what the rules decide (rule updates)
	Mode        PermissionMode        `json:"mode"`                 // the mode (setMode)
	Directories []string              `json:"directories"`          // the directories (directory updates)
	Destination string                `json:"destination"`          // where to save it: userSettings, projectSettings, localSettings, session or cliArg
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
	Behavior               PermissionBehavior `json:"behavior" wire:"required"` // BehaviorAllow or BehaviorDeny
	UpdatedInput           json.RawMessage    `json:"updatedInput"`             // the input to run the tool with (allow)
	UpdatedPermissions     []PermissionUpdate `json:"updatedPermissions"`       // permission updates to apply, e.g. the request's suggestions for "always allow" (allow)
	Message                string             `json:"message"`                  // why, given to the model as the tool's error (deny)
	Interrupt              bool               `json:"interrupt"`                // also stop the turn (deny)
	ToolUseID              string             `json:"toolUseID"`                // the call decided
	DecisionClassification string             `json:"decisionClassification"`   // user_temporary, user_permanent or user_reject, for telemetry (CLI 2.1.330)
	objectState            `wire:"answers=can_use_tool"`
}

// MCPStatusResponse is the payload answering an mcp_status request.
type MCPStatusResponse struct {
	MCPServers  []MCPServerStatus `json:"mcpServers" wire:"required"` // every MCP server and its status
	objectState `wire:"answers=mcp_status"`
}

// MCPSetServersResponse is the payload answering an mcp_set_servers
// request: what the replacement changed. CLI 2.1.37 and 2.1.330.
type MCPSetServersResponse struct {
	Added       []string        `json:"added" wire:"required"`   // servers the request added
	Removed     []string        `json:"removed" wire:"required"` // servers it removed, disconnected
	Errors      json.RawMessage `json:"errors" wire:"required"`  // an object: why each added server that failed to connect did, by name ({} when none did)
	objectState `wire:"answers=mcp_set_servers"`
}

// ServerErrors decodes Errors: the error of each added server that failed
// to connect, by name; an empty map when none did.
func (r *MCPSetServersResponse) ServerErrors() (map[string]string, error) {
	out := map[string]string{}
	if len(r.Errors) == 0 || string(r.Errors) == "null" {
		return out, nil
	}
	if err := json.Unmarshal(r.Errors, &out); err != nil {
		return nil, fmt.Errorf("protocol: mcp_set_servers errors: %w", err)
	}
	return out, nil
}

// RewindFilesResponse is the payload answering a rewind_files request.
type RewindFilesResponse struct {
	CanRewind    bool     `json:"canRewind" wire:"required"` // the files can be (or were) rewound
	Error        string   `json:"error"`                     // why not
	FilesChanged []string `json:"filesChanged"`              // files changed by the rewind
	Insertions   int64    `json:"insertions"`                // lines inserted
	Deletions    int64    `json:"deletions"`                 // lines deleted
	SkippedLinks int64    `json:"skippedLinks"`              // files not restored because a link or special file stood in the way (CLI 2.1.330)
	objectState  `wire:"answers=rewind_files"`
}

// ContextCategory is one row of a context usage breakdown.
type ContextCategory struct {
	ID         string `json:"id"`         // system_prompt, system_tools, mcp_tools, messages, free_space...
	Name       string `json:"name"`       // row name to show
	Tokens     int64  `json:"tokens"`     // tokens the category takes
	Color      string `json:"color"`      // color to show it in
	IsDeferred bool   `json:"isDeferred"` // the tools are loaded on demand
	Kind       string `json:"kind"`       // used, free, buffer or deferred
	objectState
}

// ContextUsageResponse is the payload answering a get_context_usage
// request: how the context window is used. CLI 2.1.330.
type ContextUsageResponse struct {
	Categories           []ContextCategory `json:"categories"`           // the breakdown
	TotalTokens          int64             `json:"totalTokens"`          // tokens used
	MaxTokens            int64             `json:"maxTokens"`            // the context window
	RawMaxTokens         int64             `json:"rawMaxTokens"`         // the model's context window before any reduction
	AutocompactSource    string            `json:"autocompactSource"`    // where the autocompact threshold comes from (seen from CLI 2.1.330)
	Percentage           float64           `json:"percentage"`           // share of the window used, in percent
	GridRows             json.RawMessage   `json:"gridRows"`             // the grid the /context command draws
	Model                string            `json:"model"`                // the model the usage is computed for
	MemoryFiles          json.RawMessage   `json:"memoryFiles"`          // memory files and their tokens
	MCPTools             json.RawMessage   `json:"mcpTools"`             // MCP tools and their tokens
	MCPInstructions      json.RawMessage   `json:"mcpInstructions"`      // MCP servers' instructions and their tokens
	DeferredBuiltinTools json.RawMessage   `json:"deferredBuiltinTools"` // built-in tools loaded on demand
	SystemTools          json.RawMessage   `json:"systemTools"`          // built-in tools and their tokens
	SystemPromptSections json.RawMessage   `json:"systemPromptSections"` // system prompt sections and their tokens
	Agents               json.RawMessage   `json:"agents"`               // subagent definitions and their tokens
	SlashCommands        json.RawMessage   `json:"slashCommands"`        // slash commands counted and their tokens
	Skills               json.RawMessage   `json:"skills"`               // skills counted and their tokens
	AutoCompactThreshold int64             `json:"autoCompactThreshold"` // tokens at which the conversation is compacted
	IsAutoCompactEnabled bool              `json:"isAutoCompactEnabled"` // compacting is automatic
	MessageBreakdown     json.RawMessage   `json:"messageBreakdown"`     // the messages' tokens by kind
	APIUsage             json.RawMessage   `json:"apiUsage"`             // usage of the last API response, null before the first
	objectState          `wire:"answers=get_context_usage"`
}

// ElicitationResponse is the payload answering an elicitation request: the
// user accepted with Content (a form's values), declined or cancelled.
type ElicitationResponse struct {
	Action      string          `json:"action" wire:"required"` // accept, decline or cancel
	Content     json.RawMessage `json:"content"`                // the values entered (accept, form mode)
	objectState `wire:"answers=elicitation"`
}

// UserDialogResponse is the payload answering a request_user_dialog
// request: the dialog completed with a result, or was cancelled (the CLI
// then applies the dialog's default).
type UserDialogResponse struct {
	Behavior    string          `json:"behavior" wire:"required"` // completed or cancelled
	Result      json.RawMessage `json:"result"`                   // the user's choice, shaped per dialog kind (completed)
	objectState `wire:"answers=request_user_dialog"`
}

// MCPMessageResponse is the payload answering an mcp_message request: the
// JSON-RPC response of the host's MCP server.
type MCPMessageResponse struct {
	MCPResponse json.RawMessage `json:"mcp_response" wire:"required"` // the JSON-RPC message
	objectState `wire:"answers=mcp_message"`
}

// UsageTotals is the cost and usage a session accumulated, as get_usage
// reports them.
type UsageTotals struct {
	TotalCostUSD       float64               `json:"total_cost_usd" wire:"required"`        // cost in US dollars
	TotalAPIDurationMS float64               `json:"total_api_duration_ms" wire:"required"` // time spent waiting for the API, in milliseconds
	TotalDurationMS    float64               `json:"total_duration_ms" wire:"required"`     // wall time, in milliseconds
	TotalLinesAdded    int64                 `json:"total_lines_added" wire:"required"`     // lines of code added
	TotalLinesRemoved  int64                 `json:"total_lines_removed" wire:"required"`   // lines of code removed
	ModelUsage         map[string]ModelUsage `json:"model_usage"`                           // usage per model
	objectState
}

// RateLimitWindow is the use of one of the plan's rate-limit windows.
type RateLimitWindow struct {
	DisplayName string  `json:"display_name"` // the model bucket, e.g. "Fable" (model_scoped windows)
	Utilization float64 `json:"utilization"`  // share of the window used, in percent; zero (null) when unknown
	ResetsAt    string  `json:"resets_at"`    // ISO 8601 time the window resets; empty (null) when unknown
	objectState
}

// PlanRateLimits is the use of the claude.ai plan's rate limits.
type PlanRateLimits struct {
	FiveHour          RateLimitWindow   `json:"five_hour"`            // the five-hour window
	SevenDay          RateLimitWindow   `json:"seven_day"`            // the weekly window
	SevenDayOAuthApps RateLimitWindow   `json:"seven_day_oauth_apps"` // the weekly window of OAuth apps
	SevenDayOpus      RateLimitWindow   `json:"seven_day_opus"`       // the weekly window of Opus models
	SevenDaySonnet    RateLimitWindow   `json:"seven_day_sonnet"`     // the weekly window of Sonnet models
	ModelScoped       []RateLimitWindow `json:"model_scoped"`         // weekly windows per model bucket
	ExtraUsage        json.RawMessage   `json:"extra_usage"`          // extra usage beyond the plan: is_enabled, monthly_limit, used_credits...
	objectState
}

// GetUsageResponse is the payload answering a get_usage request: the
// session's cost and usage, and the plan's rate limits when they apply.
// The SDK calls its shape experimental. CLI 2.1.330.
type GetUsageResponse struct {
	Session             UsageTotals     `json:"session" wire:"required"`               // the session's cost and usage
	SubscriptionType    string          `json:"subscription_type" wire:"nullable"`     // pro, max, team or enterprise; empty (null) for an API key or another provider
	RateLimitsAvailable bool            `json:"rate_limits_available" wire:"required"` // plan rate limits apply; else RateLimits is null
	RateLimits          PlanRateLimits  `json:"rate_limits"`                           // the plan's rate limits, null when unavailable
	Behaviors           json.RawMessage `json:"behaviors" wire:"required"`             // what the local transcripts of the last day and week spent the limits on; null when not scanned
	objectState         `wire:"answers=get_usage"`
}

// ReadFileResponse is the payload answering a read_file request: the
// file's contents. CLI 2.1.330.
type ReadFileResponse struct {
	Contents      string `json:"contents" wire:"required"` // the bytes read, as UTF-8 text or base64
	AbsPath       string `json:"absPath" wire:"required"`  // the file's absolute path
	Truncated     bool   `json:"truncated"`                // the file is longer than what was read
	Encoding      string `json:"encoding"`                 // base64 when the request asked for it; empty for utf-8
	Lossy         bool   `json:"lossy"`                    // the bytes were not all valid UTF-8: Contents has U+FFFD in their place
	RequestedPath string `json:"requested_path"`           // the path as the request gave it (seen from CLI 2.1.330)
	objectState   `wire:"answers=read_file"`
}

// GetTaskOutputResponse is the payload answering a get_task_output request:
// the end of a background task's output. CLI 2.1.330.
type GetTaskOutputResponse struct {
	Output      string `json:"output" wire:"required"`      // the end of the output, as UTF-8 text; empty when nothing was written yet
	TotalBytes  int64  `json:"total_bytes" wire:"required"` // size of the whole output, in bytes
	Truncated   bool   `json:"truncated" wire:"required"`   // Output holds only the last 8 KiB of the output
	objectState `wire:"answers=get_task_output"`
}

// PermissionRuleDescription is the plain-language reading of a permission
// rule, e.g. "Any Bash command starting with" and "npm run".
type PermissionRuleDescription struct {
	Prefix   string `json:"prefix" wire:"required"` // fixed words before the rule's content
	Emphasis string `json:"emphasis"`               // the rule's content, to show emphasized
	Suffix   string `json:"suffix"`                 // fixed words after it
	objectState
}

// PermissionRuleEntry is one permission rule in force, with where it comes
// from.
type PermissionRuleEntry struct {
	Behavior    PermissionBehavior        `json:"behavior" wire:"required"`    // allow, deny or ask
	Source      string                    `json:"source" wire:"required"`      // userSettings, projectSettings, localSettings, flagSettings, policySettings, cliArg, session...
	Rule        string                    `json:"rule" wire:"required"`        // the rule as stored, e.g. "Bash(npm run:*)"
	Description PermissionRuleDescription `json:"description"`                 // what the rule means, when the terminal shows it
	Editability string                    `json:"editability" wire:"required"` // persistent, session or readonly
	NotInEffect bool                      `json:"notInEffect"`                 // managed settings allow only their own rules: this one is ignored
	objectState
}

// WorkspaceDirectory is a working directory the permissions cover besides
// the session's own.
type WorkspaceDirectory struct {
	Path   string `json:"path" wire:"required"`   // the directory
	Source string `json:"source" wire:"required"` // where it was added: a settings source, cliArg (--add-dir) or session
	objectState
}

// SettingsParseError is a settings file the CLI skipped because it could
// not parse or validate it.
type SettingsParseError struct {
	File    string `json:"file"`                    // the settings file
	Path    string `json:"path" wire:"required"`    // dotted path of the member in error, empty for the whole file
	Message string `json:"message" wire:"required"` // what is wrong
	objectState
}

// PermissionRulesState is the session's permission rules and working
// directories, as /permissions lists them.
type PermissionRulesState struct {
	Rules                []PermissionRuleEntry `json:"rules" wire:"required"`                // the rules in force
	WorkspaceDirectories []WorkspaceDirectory  `json:"workspaceDirectories" wire:"required"` // the working directories added
	OriginalCWD          string                `json:"originalCwd" wire:"required"`          // the session's first working directory
	ManagedOnly          bool                  `json:"managedOnly" wire:"required"`          // managed settings allow only their own rules
	Errors               []SettingsParseError  `json:"errors"`                               // settings files skipped, whose rules are not in force
	Withheld             bool                  `json:"withheld"`                             // the answer was cut because the connection stores answers
	objectState
}

// ListPermissionRulesResponse is the payload answering a
// list_permission_rules request. CLI 2.1.330.
type ListPermissionRulesResponse struct {
	State       PermissionRulesState `json:"state" wire:"required"` // the rules and directories in force
	objectState `wire:"answers=list_permission_rules"`
}

// MCPResourceContent is one item of an MCP resource: text or a binary blob.
type MCPResourceContent struct {
	URI      string          `json:"uri" wire:"required"` // the item's URI
	MIMEType string          `json:"mimeType"`            // its media type, e.g. text/html;profile=mcp-app
	Text     string          `json:"text"`                // its text
	Blob     string          `json:"blob"`                // its bytes in base64 (binary items)
	Meta     json.RawMessage `json:"_meta"`               // the item's _meta as the server sent it, less the CLI's reserved keys
	objectState
}

// MCPReadResourceResponse is the payload answering an mcp_read_resource
// request: the server's resources/read result, untrusted content to render
// sandboxed. CLI 2.1.330.
type MCPReadResourceResponse struct {
	Contents    []MCPResourceContent `json:"contents" wire:"required"` // the resource's items
	objectState `wire:"answers=mcp_read_resource"`
}

// MCPCallResponse is the payload answering an mcp_call request: the MCP
// tool's result. Content is what a model turn would be handed, the text as
// a string (as the CLIs recorded give it), or the server's own content
// blocks when the request set result_not_for_model; a tool's own error
// result comes as the success subtype with ToolError (isError) when the request set
// soft_error_result, and a staged call's outcome is in Staging. Seen from
// CLI 2.1.124.
type MCPCallResponse struct {
	Content           json.RawMessage `json:"content"`           // the result: a string, or content blocks
	StructuredContent json.RawMessage `json:"structuredContent"` // the tool's structured result, a JSON object, when it gave one
	Meta              json.RawMessage `json:"_meta"`             // the result's metadata, as the server's serverInfo
	ToolError         bool            `json:"isError"`           // the tool's own error result (soft_error_result)
	Staging           json.RawMessage `json:"staging"`           // a staged call's outcome (input_files, output_files)
	objectState       `wire:"answers=mcp_call"`
}

// PluginCacheImpact is what a held plugin reload would change in the
// session's tools, which the prompt cache depends on.
type PluginCacheImpact struct {
	MCPServersAdded   []string `json:"mcp_servers_added"`               // plugin MCP servers it would add, as plugin:<plugin>:<server>
	MCPServersRemoved []string `json:"mcp_servers_removed"`             // plugin MCP servers it would drop
	LSPToolChange     string   `json:"lsp_tool_change" wire:"nullable"` // adds, may-add, removes or may-remove the LSP tool; empty (null) for no change
	objectState
}

// ReloadPluginsResponse is the payload answering a reload_plugins request:
// the session's commands, agents, plugins and MCP servers after the
// reload. CLI 2.1.330.
type ReloadPluginsResponse struct {
	Commands    []SlashCommand    `json:"commands" wire:"required"`    // slash commands and skills
	Agents      []AgentInfo       `json:"agents" wire:"required"`      // subagents
	Plugins     []PluginInfo      `json:"plugins" wire:"required"`     // plugins loaded
	MCPServers  []MCPServerStatus `json:"mcpServers" wire:"required"`  // MCP servers and their status
	ErrorCount  int64             `json:"error_count" wire:"required"` // errors the reload met
	Held        bool              `json:"held"`                        // the reload was not applied, for its impact on the prompt cache (see CacheImpact)
	CacheImpact PluginCacheImpact `json:"cache_impact"`                // what applying the held reload would change
	objectState `wire:"answers=reload_plugins"`
}

// ReloadSkillsResponse is the payload answering a reload_skills request.
// CLI 2.1.330.
type ReloadSkillsResponse struct {
	Skills      []SlashCommand `json:"skills" wire:"required"` // the skills after the reload
	objectState `wire:"answers=reload_skills"`
}

// ReloadOutputStylesResponse is the payload answering a
// reload_output_styles request. CLI 2.1.330.
type ReloadOutputStylesResponse struct {
	AvailableOutputStyles []string `json:"available_output_styles"` // output styles, built-in and custom, in the order initialize lists them
	objectState           `wire:"answers=reload_output_styles"`
}

// HookEventInfo is a hook event as the /hooks menu lists it.
type HookEventInfo struct {
	Name            string `json:"name" wire:"required"`            // the event, e.g. PreToolUse
	Summary         string `json:"summary" wire:"required"`         // one line on what it is
	SupportsMatcher bool   `json:"supportsMatcher" wire:"required"` // its hooks can have a matcher
	HookCount       int64  `json:"hookCount"`                       // hooks listed on it (events, not eventCatalog)
	objectState
}

// HookListing is one hook as the /hooks menu lists it, its strings ready
// to show (control characters revealed).
type HookListing struct {
	Event            string          `json:"event" wire:"required"`        // the hook event
	Matcher          string          `json:"matcher" wire:"required"`      // the matcher, empty when none
	Source           string          `json:"source" wire:"required"`       // where it comes from: userSettings, sessionHook, pluginHook...
	SourceLabel      string          `json:"sourceLabel" wire:"required"`  // that source, worded for the user
	PluginName       string          `json:"pluginName"`                   // the plugin that brings it
	Type             string          `json:"type" wire:"required"`         // command, prompt, agent, http, mcp_tool...
	DisplayText      string          `json:"displayText" wire:"required"`  // label of its row
	CommandText      string          `json:"commandText" wire:"required"`  // the command, prompt or URL it runs
	ContentLabel     string          `json:"contentLabel" wire:"required"` // label of CommandText: Command, Prompt, URL...
	Condition        string          `json:"condition"`                    // its if-condition
	Timeout          float64         `json:"timeout"`                      // timeout in seconds
	StatusMessage    string          `json:"statusMessage"`                // message shown while it runs
	RunsOnce         bool            `json:"runsOnce"`                     // it runs once only
	RunsInBackground bool            `json:"runsInBackground"`             // it runs in the background
	Disabled         bool            `json:"disabled"`                     // the session's mode or policy keeps it from running
	Editable         json.RawMessage `json:"editable"`                     // the entry as stored, for an edit form: matcher, config, headersRedacted
	objectState
}

// HooksPolicy is what managed settings decide about hooks.
type HooksPolicy struct {
	DisabledByPolicy bool  `json:"disabledByPolicy" wire:"required"` // managed settings disable every hook
	ManagedOnly      bool  `json:"managedOnly" wire:"required"`      // only managed hooks run (and they are not listed)
	PluginOnly       bool  `json:"pluginOnly" wire:"required"`       // managed settings lock the hooks to plugins
	AllDisabled      bool  `json:"allDisabled" wire:"required"`      // disableAllHooks is in force, whatever set it
	PolicyHookCount  int64 `json:"policyHookCount" wire:"required"`  // hooks managed settings configure
	PolicyUnreadable bool  `json:"policyUnreadable"`                 // managed settings exist but could not be read: edits are refused
	objectState
}

// GetHooksListingResponse is the payload answering a get_hooks_listing
// request: the hooks the /hooks menu lists, a snapshot. CLI 2.1.330.
type GetHooksListingResponse struct {
	Events       []HookEventInfo      `json:"events" wire:"required"`       // events with hooks, in lifecycle order
	Hooks        []HookListing        `json:"hooks" wire:"required"`        // one row per hook
	EventCatalog []HookEventInfo      `json:"eventCatalog" wire:"required"` // every hook event, for an add-hook form
	Policy       HooksPolicy          `json:"policy" wire:"required"`       // what managed settings decide
	SafeMode     json.RawMessage      `json:"safeMode"`                     // set under --safe-mode: managedHooksStillApply and exitHint
	BareMode     json.RawMessage      `json:"bareMode"`                     // set under --bare with hooks off: exitHint
	Errors       []SettingsParseError `json:"errors"`                       // settings files skipped, whose hooks are neither listed nor run
	objectState  `wire:"answers=get_hooks_listing"`
}

// ListModelsResponse is the payload answering a list_models request: the
// models the session can run (seen from CLI 2.1.330).
type ListModelsResponse struct {
	Models      []ModelInfo `json:"models" wire:"required"` // the models, as initialize lists them
	objectState `wire:"answers=list_models"`
}

// InterruptResponse is the payload answering an interrupt request (CLI
// 2.1.205; earlier CLIs answer without a payload).
type InterruptResponse struct {
	StillQueued []string `json:"still_queued" wire:"required"` // UUIDs of the queued user messages the interrupt did not cancel: they run in later turns
	objectState `wire:"answers=interrupt"`
}

// SetPermissionModeResponse is the payload answering a set_permission_mode
// request: the mode now in force. CLI 2.1.37 sends two answers to one
// request, this one and one without a payload; CLI 2.1.330 sends this one.
type SetPermissionModeResponse struct {
	Mode        PermissionMode `json:"mode"` // the mode now in force
	objectState `wire:"answers=set_permission_mode"`
}

// SetModelResponse is the payload answering a set_model request (seen from
// CLI 2.1.330; CLI 2.1.37 answers without a payload).
type SetModelResponse struct {
	Model       string `json:"model"` // the model now in use, as the request named it or its alias resolved
	objectState `wire:"answers=set_model"`
}

// GetSessionCostResponse is the payload answering a get_session_cost
// request (seen from CLI 2.1.330).
type GetSessionCostResponse struct {
	Text        string `json:"text" wire:"required"` // the summary /usage prints: cost, durations, code changes, tokens
	objectState `wire:"answers=get_session_cost"`
}

// GetBinaryVersionResponse is the payload answering a get_binary_version
// request (seen from CLI 2.1.330).
type GetBinaryVersionResponse struct {
	Version          string `json:"version" wire:"required"` // the CLI's version, e.g. 2.1.330
	BuildTime        string `json:"buildTime"`               // when it was built, in RFC 3339
	OldestDesktopSDK string `json:"oldestDesktopSdk"`        // the oldest desktop SDK version it works with
	objectState      `wire:"answers=get_binary_version"`
}

// SideQuestionResponse is the payload answering a side_question request
// (seen from CLI 2.1.199).
type SideQuestionResponse struct {
	Response    string `json:"response" wire:"required,nullable"` // the model's answer; empty (null) when there is none
	Synthetic   bool   `json:"synthetic"`                         // the answer was made by the CLI, not the model
	objectState `wire:"answers=side_question"`
}

// GetSettingsResponse is the payload answering a get_settings request: the
// settings in force and those of each source (seen from CLI 2.1.330).
type GetSettingsResponse struct {
	Effective           json.RawMessage `json:"effective"`             // the merged settings
	Sources             json.RawMessage `json:"sources"`               // the settings of each source
	ServedSettingsState string          `json:"served_settings_state"` // state of the settings served by the organization, e.g. ineligible
	Applied             json.RawMessage `json:"applied"`               // values in force after overrides: model, effort...
	objectState         `wire:"answers=get_settings"`
}

// FileSuggestionsResponse is the payload answering a file_suggestions
// request (seen from CLI 2.1.330).
type FileSuggestionsResponse struct {
	Suggestions json.RawMessage `json:"suggestions"` // the files suggested
	CWD         string          `json:"cwd"`         // the directory the paths are relative to
	objectState `wire:"answers=file_suggestions"`
}

// RegisterRepoRootResponse is the payload answering a register_repo_root
// request (seen from CLI 2.1.330).
type RegisterRepoRootResponse struct {
	Directory   string `json:"directory" wire:"required"` // the directory added, as an absolute path
	objectState `wire:"answers=register_repo_root"`
}

// BackgroundTasksResponse is the payload answering a background_tasks
// request, as the SDK's Query.backgroundTasks reads it. CLI 2.1.330
// answers {} when it backgrounded tasks: read the outcome with
// [BackgroundTasksResponse.AnyBackgrounded].
type BackgroundTasksResponse struct {
	Backgrounded bool `json:"backgrounded" wire:"required"` // false when no foreground task had the tool_use_id; the CLI leaves it out otherwise
	objectState  `wire:"answers=background_tasks"`
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
	Cancelled   bool `json:"cancelled" wire:"required"` // the message was dropped from the queue
	objectState `wire:"answers=cancel_async_message"`
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

func init() {
	// A deny carries its message even when empty: the CLI requires one.
	msg := &permissionResultTable.fields[permissionResultTable.index["message"]]
	msg.nonzero = func(r *PermissionResult) bool { return r.Message != "" || r.Behavior == BehaviorDeny }
}

// The methods tying each payload type and its parts to their tables.

// NewPayload returns a new value of the type of the payload of a
// successful answer to a control request of subtype ([InitializeResponse]
// for initialize), to decode with [SuccessResponse.DecodePayload]; nil for
// a subtype whose answer the model types no payload for.
func NewPayload(subtype ControlSubtype) Payload { return newPayload(subtype) }
