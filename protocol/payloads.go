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
// *UserDialogResponse and *MCPMessageResponse.
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
	Commands               []SlashCommand  // slash commands and skills
	Agents                 []AgentInfo     // subagents (CLI 2.1.330)
	OutputStyle            string          // output style in use
	AvailableOutputStyles  []string        // output styles available
	Models                 []ModelInfo     // models available
	Account                AccountInfo     // the account
	HooksApplied           bool            // the request's hooks were registered (CLI 2.1.330)
	HookOnFailureSupported bool            // hook matchers' onFailure is honored (CLI 2.1.330)
	PluginsApplied         bool            // every plugin the request listed is loaded (CLI 2.1.330)
	MCPServersApplied      bool            // the request's mcpServers are those read at launch (CLI 2.1.330)
	SDKMCPManifestsParked  json.RawMessage // what became of each SDK MCP server manifest, by name (CLI 2.1.330)
	ClaudeCodeVersion      string          // version of the CLI running the session (CLI 2.1.330)
	FastModeState          string          // fast mode state: off, cooldown or on (CLI 2.1.330)
	FastModeDisabledReason string          // why fast mode is off (CLI 2.1.330)
	UserOutputStylesDir    string          // directory of the user's output styles (seen from CLI 2.1.330)
	PID                    int64           // process ID of the CLI (seen from CLI 2.1.330)
	CurrentPermissionMode  PermissionMode  // permission mode in force (seen from CLI 2.1.330)
	AnalyticsDisabled      bool            // analytics are off (seen from CLI 2.1.330)
	SessionState           string          // idle, running or requires_action (seen from CLI 2.1.330)
	Capabilities           []string        // protocol capabilities of the CLI (seen from CLI 2.1.330)
	RemoteControlAvailable          bool         // remote control of the session can be turned on (seen from CLI 2.1.330)
	RemoteControlAutoEnable         bool         // remote control turns on by itself (seen from CLI 2.1.330)
	RemoteControlAutoOnByDefault    bool         // remote control is on by default (seen from CLI 2.1.330)
	RemoteControlAutoConnectDefault bool         // remote control connects by default (seen from CLI 2.1.330)
	IDERemoteControlAutoEnableGate  bool         // the gate for turning remote control on from an IDE (seen from CLI 2.1.330)
	OtherHookAskOutranksHost        bool         // a hook's "ask" decision takes precedence over the host's answer (seen from CLI 2.1.330)
	HooksWhenUnansweredKept         int64        // hook callbacks kept although the host did not answer them (seen from CLI 2.1.330)
	FeedbackMode                    FeedbackMode // how feedback is collected (seen from CLI 2.1.330)
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
	slashCommandTable         *table[SlashCommand]
	agentInfoTable            *table[AgentInfo]
	modelInfoTable            *table[ModelInfo]
	accountInfoTable          *table[AccountInfo]
	feedbackModeTable         *table[FeedbackMode]
	initializeResponseTable   *table[InitializeResponse]
	permissionRuleValueTable  *table[PermissionRuleValue]
	permissionUpdateTable     *table[PermissionUpdate]
	permissionResultTable     *table[PermissionResult]
	mcpStatusResponseTable    *table[MCPStatusResponse]
	rewindFilesResponseTable  *table[RewindFilesResponse]
	contextCategoryTable      *table[ContextCategory]
	contextUsageResponseTable *table[ContextUsageResponse]
	elicitationResponseTable  *table[ElicitationResponse]
	userDialogResponseTable   *table[UserDialogResponse]
	mcpMessageResponseTable   *table[MCPMessageResponse]
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
