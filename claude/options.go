package claude

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
)

// Options configure a [Client] (see [Connect]) and a one-shot [Query]. The
// zero value of each field chooses its default, and the defaults are the
// Agent SDKs': the `claude` found on PATH runs in the caller's working
// directory with the caller's environment, so the user's login (API key,
// OAuth token, Bedrock or Vertex), settings, CLAUDE.md and proxies apply.
// Tests and programs that talk to a fake API set Isolation.
//
// Fields marked with a flag map to that CLI flag. Every flag was checked
// against the --help output and the argument parser of the pinned versions
// 2.1.37 and 2.1.330 (--max-turns, --max-thinking-tokens and
// --permission-prompt-tool are accepted by both without being listed).
// Options the CLI version in use is known not to have are refused with an
// [*OptionError] before any process starts.
type Options struct {
	// Binary is the CLI to run. When its Path is empty, the CLI of Version
	// is used if Version is set, else the `claude` found on PATH
	// ([cliinstall.LookPath]); none found is a [*CLINotFoundError].
	Binary cliinstall.Binary
	// Version is a Claude Code version to run when Binary is not given,
	// installed with [cliinstall.Install] into a per-user cache if needed
	// (a pinned version such as [cliinstall.DefaultVersion]).
	Version string
	// InstallOptions configure the install of Version
	// ([cliinstall.Install]) and the search of PATH.
	InstallOptions []cliinstall.Option

	// BaseURL, when set, is the Anthropic API base URL the CLI talks to
	// (ANTHROPIC_BASE_URL): a fake such as a stubapi server, or a gateway.
	// By default the CLI uses what the environment and its settings say.
	// Required with Isolation.
	BaseURL string
	// APIKey, when set, is the API key the CLI sends (ANTHROPIC_API_KEY).
	// By default the CLI uses the user's login; with Isolation, a dummy
	// key, which is all a fake API needs.
	APIKey string
	// Isolation, when set, seals the CLI off for tests: a throwaway HOME,
	// config folder and working directory, a clean environment, a dummy
	// key and no network but loopback and BaseURL's host (see
	// [Isolation]). Every test and the scenario runner set it.
	Isolation *Isolation
	// WorkDir is the CLI's working directory. Default: the caller's; with
	// Isolation, a temporary folder the client removes on Close.
	WorkDir string
	// ConfigDir is the CLI's config folder (CLAUDE_CONFIG_DIR), where it
	// keeps its settings and the transcripts of its sessions. Default: the
	// user's (~/.claude, or the environment's CLAUDE_CONFIG_DIR); with
	// Isolation, a temporary folder the client removes on Close. To resume
	// an isolated session in a later client (Resume, Continue), give both
	// the same ConfigDir and WorkDir.
	ConfigDir string
	// Env are environment entries ("KEY=VALUE") for the CLI, applied over
	// the environment the client builds: the caller's, less CLAUDECODE
	// (which makes a CLI started from a Claude Code tool or hook refuse to
	// start), with CLAUDE_CODE_ENTRYPOINT=sdk-go; with Isolation, the clean
	// one of [Isolation].
	Env []string
	// Stderr, when set, receives each line the CLI writes to stderr, as it
	// comes (the Agent SDKs' stderr callback). It runs on the goroutine
	// that reads stderr and must return quickly. The tail of stderr is
	// kept for errors all the same.
	Stderr func(line string)
	// Logger receives the client's lifecycle and protocol events at debug
	// level. Default: discard.
	Logger *slog.Logger
	// CloseTimeout is how long Close waits for the CLI to exit after its
	// stdin closes, and for permission callbacks to return, before it kills
	// the process. Default 5s.
	CloseTimeout time.Duration
	// TranscriptLines bounds the session's transcript
	// (Client.Session().Transcript()) to its last lines, as
	// [SessionConfig].TranscriptLines, so that a long-lived client's
	// memory does not grow with every line. Default (0):
	// [DefaultTranscriptLines]. Negative keeps none;
	// [TranscriptUnbounded] keeps every line for the client's life.
	TranscriptLines int
	// ControlTimeout bounds the wait for the answer to each control request
	// the client sends (initialize, interrupt, set_model...), unless the
	// request's context ends sooner. Default 30s.
	ControlTimeout time.Duration
	// ControlHandlers is how many of the CLI's control requests
	// (permission prompts, hook callbacks, in-process MCP messages) the
	// client answers at once, each on a goroutine of its own; the others
	// wait for a handler in a queue. Default [DefaultControlHandlers].
	ControlHandlers int
	// MaxControlQueue bounds the CLI's control requests waiting for a
	// handler. A CLI with more requests in flight than ControlHandlers +
	// MaxControlQueue ends the session: the client stops it, and reads,
	// sends and requests return a *LimitError. Default
	// [DefaultMaxControlQueue].
	MaxControlQueue int
	// MaxBufferedBytes bounds the bytes of the CLI's output the client
	// holds for reads: the events no read has taken yet (the client reads
	// the CLI's output as it comes, whether or not anyone consumes it),
	// with the turn a ReceiveTurn or Query is collecting. A CLI that
	// writes more ends the session as MaxControlQueue says. Default
	// [DefaultMaxBufferedBytes]. The transcript is bounded apart
	// (TranscriptLines).
	MaxBufferedBytes int64

	// Model is the model for the session (--model; 2.1.37 and 2.1.330).
	Model string
	// FallbackModel is the model to use when Model is overloaded
	// (--fallback-model; 2.1.37 and 2.1.330; 2.1.330 also takes a
	// comma-separated list). It must differ from Model.
	FallbackModel string
	// PermissionMode is the permission mode at start (--permission-mode):
	// default, acceptEdits, bypassPermissions, dontAsk and plan in both
	// pinned versions; delegate in 2.1.37 only; auto and manual in 2.1.330
	// only.
	PermissionMode protocol.PermissionMode
	// DangerouslySkipPermissions turns every permission check off
	// (--dangerously-skip-permissions; 2.1.37 and 2.1.330). The client sets
	// IS_SANDBOX=1 when running as root, where the CLI requires it.
	DangerouslySkipPermissions bool
	// Tools are the built-in tools available (--tools; 2.1.37 and 2.1.330).
	// nil leaves the CLI's default set; an empty, non-nil slice turns every
	// built-in tool off.
	Tools []string
	// AllowedTools are tools, or tool patterns such as "Bash(git *)", that
	// run without asking (--allowedTools; 2.1.37 and 2.1.330).
	AllowedTools []string
	// DisallowedTools are tools or patterns that never run
	// (--disallowedTools; 2.1.37 and 2.1.330).
	DisallowedTools []string
	// MaxTurns ends a turn after this many model round trips with a result
	// of subtype error_max_turns (--max-turns; 2.1.37 and 2.1.330). Zero
	// means no limit.
	MaxTurns int
	// MaxBudgetUSD ends a turn once the session has cost this many dollars
	// (--max-budget-usd; 2.1.37 and 2.1.330). Zero means no limit.
	MaxBudgetUSD float64
	// MaxThinkingTokens limits extended thinking (--max-thinking-tokens;
	// 2.1.37 and 2.1.330). Zero leaves the CLI's default.
	MaxThinkingTokens int
	// Effort is the reasoning effort: low, medium, high, xhigh or max
	// (--effort; 2.1.330, not 2.1.37).
	Effort string
	// SystemPrompt replaces the default system prompt. The client sends
	// it in the initialize request's systemPrompt, as the Agent SDKs do,
	// not on the command line (--system-prompt), whatever its size: every
	// recorded CLI version, 2.1.29 to 2.1.332, takes it there.
	SystemPrompt string
	// AppendSystemPrompt is added to the end of the system prompt. Like
	// SystemPrompt it goes in the initialize request
	// (appendSystemPrompt; every recorded version), not on the command
	// line (--append-system-prompt).
	AppendSystemPrompt string
	// SessionID is the session's ID, a UUID (--session-id; 2.1.37 and
	// 2.1.330).
	SessionID string
	// Resume continues the session with this ID or name (--resume; 2.1.37
	// and 2.1.330). It needs the session's files: the same ConfigDir and
	// WorkDir as the client that ran it.
	Resume string
	// ForkSession gives a resumed or continued session a new ID
	// (--fork-session; 2.1.37 and 2.1.330). It needs Resume or Continue.
	ForkSession bool
	// Continue continues the most recent session of the working directory
	// (--continue; 2.1.37 and 2.1.330); like Resume, it needs the same
	// ConfigDir and WorkDir.
	Continue bool
	// IncludePartialMessages makes the CLI stream the model's output as it
	// comes (--include-partial-messages; 2.1.37 and 2.1.330): the client
	// then delivers text, thinking and tool input deltas.
	IncludePartialMessages bool
	// ReplayUserMessages makes the CLI echo every user message it reads
	// from stdin back on stdout, with isReplay set
	// (--replay-user-messages; 2.1.37 and 2.1.330).
	ReplayUserMessages bool
	// AddDirs are more directories the tools may access (--add-dir; 2.1.37
	// and 2.1.330).
	AddDirs []string
	// MCPConfig are MCP server configurations: JSON strings or files
	// (--mcp-config; 2.1.37 and 2.1.330). MCPServers adds one more. The
	// client writes each JSON string to a file of its own (readable by
	// the user only: a server's env and headers may hold secrets), passes
	// its path, and removes it when the CLI has ended, so that neither
	// the command line's length nor other users of the machine see them.
	MCPConfig []string
	// Settings is a settings file or JSON string (--settings; 2.1.37 and
	// 2.1.330). A JSON string goes through a file, as MCPConfig's do. With Sandbox, the client reads it (a relative path from
	// WorkDir when set, else from the caller's working directory) and
	// passes one JSON string with both.
	Settings string
	// Sandbox are the settings of the sandbox the Bash tool runs its
	// commands in (the Agent SDKs' sandbox option; 2.1.37 and 2.1.332): as
	// the SDKs do, the client writes them into the --settings JSON as its
	// "sandbox" object, merged with Settings (the members Sandbox sets
	// replace those of a "sandbox" object in Settings; the others stay).
	// On Linux the CLI sandboxes commands only when bubblewrap (bwrap) and
	// socat are installed; without them 2.1.332 warns on stderr and runs
	// the commands unsandboxed.
	Sandbox *SandboxSettings
	// SettingSources are the settings files the CLI reads
	// (--setting-sources; 2.1.37 and 2.1.330): [SettingSourceUser] (the
	// config folder's settings.json), [SettingSourceProject]
	// (.claude/settings.json of the working directory) and
	// [SettingSourceLocal] (.claude/settings.local.json). nil leaves the
	// CLI's default, every source; an empty, non-nil slice reads none.
	// Settings given with Settings are read whatever the sources.
	SettingSources []SettingSource
	// Agents are subagents defined for the session, by name: they join
	// the built-in agents in system/init's agents and the model can start
	// them with the Task (Agent) tool. The client sends them in the
	// initialize request's agents, as the Agent SDKs do (every recorded
	// version, 2.1.29 to 2.1.332, takes them there), not on the command
	// line (--agents), which 30 agents with 2 KB prompts would fill with
	// 60 KB.
	Agents map[string]AgentDefinition
	// Plugins are local plugins to load for the session (the Agent SDKs'
	// plugins option of type "local"; one --plugin-dir per plugin; 2.1.37
	// and 2.1.332): their commands, agents, skills and hooks join the
	// session's, and system/init lists them in its plugins.
	Plugins []Plugin
	// Betas are Anthropic API beta features to turn on (the Agent SDKs'
	// betas; --betas; 2.1.37 and 2.1.332): the CLI adds them to the
	// anthropic-beta header of its API requests and lists them in
	// system/init's betas. It takes only the betas it knows (2.1.37 and
	// 2.1.332: context-1m-2025-08-07), for API key users only; it drops
	// any other with a warning on stderr. One beta per element: the CLI
	// does not split a comma-separated list.
	Betas []string
	// FileCheckpointing makes the CLI keep a copy of every file its tools
	// change (the Agent SDKs' enableFileCheckpointing, by the environment
	// entry CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true; 2.1.37 and
	// 2.1.332), so that [Client.RewindFiles] can restore them to their
	// state at a user message. The UUID of that message is the one the
	// client gives it (protocol.NewUserText with UUID set, sent with
	// [Client.SendMessage]) or, with ReplayUserMessages, the one of its
	// replay.
	FileCheckpointing bool
	// Thinking configures extended thinking, as the Agent SDK 0.3.332's
	// thinking option: see [Thinking]. It excludes MaxThinkingTokens.
	Thinking *Thinking
	// ResumeSessionAt resumes the session of Resume only up to the
	// assistant message with this UUID (--resume-session-at; every
	// recorded version). It needs Resume.
	ResumeSessionAt string
	// IncludeHookEvents makes the CLI report hook runs as
	// system/hook_started and hook_response messages
	// (--include-hook-events; CLI 2.1.100 on).
	IncludeHookEvents bool
	// StrictMCPConfig makes the CLI use only the MCP servers of MCPConfig
	// and MCPServers, none of the settings' or the project's
	// (--strict-mcp-config; every recorded version).
	StrictMCPConfig bool
	// NoSessionPersistence keeps the CLI from writing the session's
	// transcript to disk, so that it cannot be resumed (the Agent SDK's
	// persistSession: false; --no-session-persistence; every recorded
	// version).
	NoSessionPersistence bool
	// TaskBudget is the session's task budget in tokens (the Agent SDK's
	// taskBudget.total; --task-budget; CLI 2.1.84 on). Zero: none.
	TaskBudget int
	// Agent runs the session's main thread as this agent, one of Agents or
	// of the CLI's (--agent; every recorded version).
	Agent string
	// ProjectConfigRoot is the folder whose .claude configuration the
	// session reads as the project's (--project-config-root; CLI 2.1.278
	// on).
	ProjectConfigRoot string
	// Title is the session's title; the CLI then generates none (the
	// initialize request's title; CLI 2.1.113 on).
	Title string
	// Skills are the only skills the session loads, by name (the
	// initialize request's skills; seen from CLI 2.1.330). nil loads
	// them all.
	Skills []string
	// PromptSuggestions makes the CLI suggest the user's next prompt with
	// prompt_suggestion messages (the initialize request's
	// promptSuggestions; CLI 2.1.52 on).
	PromptSuggestions bool
	// AgentProgressSummaries makes the CLI summarize the progress of
	// subagents (the initialize request's agentProgressSummaries; CLI
	// 2.1.76 on).
	AgentProgressSummaries bool
	// ForwardSubagentText makes the CLI forward the text of subagents
	// (the initialize request's forwardSubagentText; CLI 2.1.124 on).
	ForwardSubagentText bool
	// ResumeDropsTurn, with ResumeSessionAt, is the UUID of the prompt of
	// the turn the truncating resume discards: the CLI refuses the resume
	// (an error_during_execution result whose message starts with "Resume
	// rejected by --resume-drops-turn:") when the discarded entries hold
	// anything else (--resume-drops-turn; CLI 2.1.229 on).
	ResumeDropsTurn string
	// PermissionPrompts says who answers permission prompts (the Agent
	// SDK's permissionPrompts; --permission-prompts; CLI 2.1.113 on):
	// "host" (the CLI's default: CanUseTool or PermissionPromptTool) or
	// "none" (nobody: what would prompt is denied at once, and CanUseTool
	// is never called, so it excludes CanUseTool).
	PermissionPrompts string
	// PermissionPromptTool is the MCP tool that answers permission prompts
	// instead of CanUseTool, which it excludes (the Agent SDK's
	// permissionPromptToolName; --permission-prompt-tool; every recorded
	// version).
	PermissionPromptTool string
	// AllowDangerouslySkipPermissions lets the session switch to the
	// bypassPermissions mode later, with [Client.SetPermissionMode]
	// (--allow-dangerously-skip-permissions; every recorded version).
	AllowDangerouslySkipPermissions bool
	// ExcludeDynamicSections keeps the per-user sections (working
	// directory, auto-memory, git status) out of Claude Code's own system
	// prompt, so that it is the same for every user and cacheable; the CLI
	// sends them in the first user message instead (the Agent SDK's
	// systemPrompt preset with excludeDynamicSections; the initialize
	// request's excludeDynamicSections; CLI 2.1.100 on). It applies to the
	// preset prompt only: it excludes SystemPrompt. The preset's append is
	// AppendSystemPrompt.
	ExcludeDynamicSections bool
	// SystemPromptSnapshot says whether the CLI records the session's
	// system prompt once and sends the record on every later request and
	// resume (true, the CLI's default) or renders it afresh each time
	// (false) (the Agent SDK's systemPrompt snapshot; the initialize
	// request's systemPromptSnapshot; CLI 2.1.268 on). nil: the CLI's
	// default.
	SystemPromptSnapshot *bool
	// ToolAliases maps tool names the model may emit to the tools that run
	// instead, one hop (e.g. "Bash" to "mcp__workspace__bash") (the
	// initialize request's toolAliases; CLI 2.1.149 on).
	ToolAliases map[string]string
	// PlanModeInstructions replaces the workflow body of the plan-mode
	// reminder, in PermissionMode plan (the initialize request's
	// planModeInstructions; CLI 2.1.124 on).
	PlanModeInstructions string
	// ManagedSettings are settings as JSON (an object, as Settings) that
	// the session applies as an administrator's managed policy, filtered
	// to restrictive keys (the Agent SDK's managedSettings). They go in
	// the initialize request from CLI 2.1.323 on
	// (--managed-settings-in-initialize), else through a file
	// (--managed-settings; CLI 2.1.124 on).
	ManagedSettings string
	// Debug makes the CLI log debug output, to stderr or to DebugFile
	// (--debug; every recorded version).
	Debug bool
	// DebugFile is the file the CLI writes its debug log to; it implies
	// Debug (--debug-file; every recorded version).
	DebugFile string
	// ExtraArgs are more CLI flags, passed last and unchecked: each flag
	// followed by its value, if it has one (the Agent SDKs' extraArgs map
	// of flag to value or null is
	// []string{"--flag", "value", "--bare-flag"}).
	ExtraArgs []string

	// CanUseTool answers the CLI's permission requests (can_use_tool
	// control requests). Setting it adds --permission-prompt-tool stdio
	// (2.1.37 and 2.1.330): tool calls that need permission then wait for
	// its decision instead of being denied.
	CanUseTool PermissionFunc
	// OnElicitation answers the requests of MCP servers for input from
	// the user (elicitation control requests, CLI 2.1.124 on), as the
	// Agent SDKs' onElicitation does. Without it the client answers
	// decline, as they do.
	OnElicitation ElicitationFunc
	// OnUserDialog answers the CLI's requests to show the user a dialog
	// (request_user_dialog, CLI 2.1.162 on), of the kinds UserDialogKinds
	// lists (the Agent SDKs' onUserDialog and supportedDialogKinds).
	// Without it the client answers cancelled, and the CLI applies the
	// dialog's default.
	OnUserDialog UserDialogFunc
	// UserDialogKinds are the dialog kinds OnUserDialog can show, sent in
	// the initialize request's supportedDialogKinds (CLI 2.1.162 on); the
	// CLI asks only for these. It needs OnUserDialog.
	UserDialogKinds []string
	// Hooks are Go callbacks the CLI calls at hook events, by event and
	// tool matcher, over the control protocol: they are registered in the
	// initialize request, as the Agent SDKs register theirs, and answer
	// the CLI's hook_callback requests. See [HookFunc].
	Hooks map[protocol.HookEvent][]HookMatcher
	// MCPServers are in-process MCP servers: tools written in Go (see
	// [MCPServer], [NewTool]). Each is declared to the CLI with an
	// --mcp-config entry of type "sdk" and in the initialize request, as
	// the Agent SDKs do; the client answers the CLI's mcp_message
	// requests with them.
	MCPServers []*MCPServer
	// OutputSchema is a JSON Schema the turns' answers must match
	// (structured output): the client sends it in the initialize request's
	// jsonSchema, as the Agent SDKs do; the model answers through the
	// StructuredOutput tool, and [Turn.StructuredOutput] returns the value.
	// [SchemaOf] derives one from a Go struct.
	OutputSchema json.RawMessage
	// StallTimeout, when positive, turns the stall watchdog on: a turn
	// under way (a prompt sent, its result not come) in which the CLI
	// writes nothing for this long is reported to OnStall with the
	// background tasks and control requests still pending, once per
	// silence, and interrupted if InterruptOnStall says so.
	StallTimeout time.Duration
	// OnStall receives the watchdog's [StallEvent]s and says whether to
	// interrupt the turn. It needs StallTimeout.
	OnStall StallFunc
	// InterruptOnStall makes the watchdog interrupt a silent turn (the
	// interrupt request, as [Client.Interrupt]): the turn then ends with
	// a result of subtype error_during_execution. It needs StallTimeout.
	InterruptOnStall bool
	// Handler receives the events of a one-shot [Query] as they come.
	// Client methods take their handler as an argument instead.
	Handler Handler
	// Observer, when set, sees every event of the client the moment it is
	// decoded, on the goroutine that reads the CLI's stdout, before the
	// event is queued for the readers (who still get it as usual). It is
	// for consumers that need the lowest latency, such as a live progress
	// display: it runs without handing the event to another goroutine.
	//
	// It must return quickly. While it runs the client reads nothing more
	// from the CLI (nothing is lost: the CLI waits once its stdout pipe is
	// full), so it must not wait for anything that needs the CLI's output:
	// the answer to Interrupt, SetModel and the other control requests, or
	// events read from the client. Start those on another goroutine.
	Observer Handler
}

// Thinking is the extended thinking of a session (Options.Thinking), as
// the Agent SDK 0.3.332's ThinkingConfig.
type Thinking struct {
	// Type is adaptive (the model decides; --thinking=adaptive, CLI
	// 2.1.52 on), enabled (with BudgetTokens: --max-thinking-tokens, every
	// version; without: adaptive) or disabled (--thinking=disabled, CLI
	// 2.1.52 on).
	Type string
	// BudgetTokens is the thinking budget of Type enabled.
	BudgetTokens int
	// Display is how thinking is shown: summarized, omitted or highlights
	// (--thinking-display, CLI 2.1.100 on). Not with disabled.
	Display string
}

// SettingSource is a settings file the CLI reads (see
// Options.SettingSources).
type SettingSource string

// The setting sources.
const (
	// SettingSourceUser is the user's settings: settings.json in the
	// config folder (CLAUDE_CONFIG_DIR, ~/.claude).
	SettingSourceUser SettingSource = "user"
	// SettingSourceProject is the project's shared settings:
	// .claude/settings.json in the working directory.
	SettingSourceProject SettingSource = "project"
	// SettingSourceLocal is the project's local settings:
	// .claude/settings.local.json in the working directory.
	SettingSourceLocal SettingSource = "local"
)

// SandboxSettings are the settings of the sandbox the Bash tool runs its
// commands in (see Options.Sandbox): the "sandbox" object of the CLI's
// settings, with the members of the Agent SDKs' SandboxSettings. A nil
// pointer or slice leaves the member unset, to the other settings
// sources and the CLI's default.
type SandboxSettings struct {
	// Enabled turns the sandbox on (or, false, off).
	Enabled *bool `json:"enabled,omitempty"`
	// AutoAllowBashIfSandboxed runs a Bash command that will run inside
	// the sandbox without asking for permission. The CLI's default is
	// true on 2.1.37, false on 2.1.332.
	AutoAllowBashIfSandboxed *bool `json:"autoAllowBashIfSandboxed,omitempty"`
	// ExcludedCommands are commands that run outside the sandbox.
	ExcludedCommands []string `json:"excludedCommands,omitempty"`
	// AllowUnsandboxedCommands lets the model run a command outside the
	// sandbox with the Bash tool's dangerouslyDisableSandbox; false
	// ignores that parameter. The CLI's default is true.
	AllowUnsandboxedCommands *bool `json:"allowUnsandboxedCommands,omitempty"`
	// Network configures the sandbox's network.
	Network *SandboxNetwork `json:"network,omitempty"`
	// IgnoreViolations are sandbox violations not to report, by command
	// pattern ("*" for every command).
	IgnoreViolations map[string][]string `json:"ignoreViolations,omitempty"`
	// EnableWeakerNestedSandbox lets the sandbox run inside an
	// unprivileged container such as Docker, with weaker isolation.
	EnableWeakerNestedSandbox *bool `json:"enableWeakerNestedSandbox,omitempty"`
	// Ripgrep is a ripgrep to use instead of the bundled one.
	Ripgrep *SandboxRipgrep `json:"ripgrep,omitempty"`
}

// SandboxNetwork configures the network of the sandbox (see
// SandboxSettings.Network). Which hosts commands may reach comes from
// the permission rules (WebFetch(domain:...)) and AllowedDomains.
type SandboxNetwork struct {
	// AllowedDomains are hosts sandboxed commands may reach.
	AllowedDomains []string `json:"allowedDomains,omitempty"`
	// AllowManagedDomainsOnly, in managed settings, makes only the
	// managed settings' domains count.
	AllowManagedDomainsOnly *bool `json:"allowManagedDomainsOnly,omitempty"`
	// AllowUnixSockets are Unix socket paths commands may connect to
	// (macOS only; Linux cannot filter sockets by path).
	AllowUnixSockets []string `json:"allowUnixSockets,omitempty"`
	// AllowAllUnixSockets lets commands connect to every Unix socket.
	AllowAllUnixSockets *bool `json:"allowAllUnixSockets,omitempty"`
	// AllowLocalBinding lets commands listen on local ports.
	AllowLocalBinding *bool `json:"allowLocalBinding,omitempty"`
	// HTTPProxyPort and SOCKSProxyPort are the ports of the user's own
	// HTTP and SOCKS proxies for the sandbox's traffic; zero lets the CLI
	// start its own.
	HTTPProxyPort  int `json:"httpProxyPort,omitempty"`
	SOCKSProxyPort int `json:"socksProxyPort,omitempty"`
}

// SandboxRipgrep is a ripgrep command for the sandbox (see
// SandboxSettings.Ripgrep).
type SandboxRipgrep struct {
	// Command is the ripgrep binary. Required.
	Command string `json:"command"`
	// Args are arguments for it.
	Args []string `json:"args,omitempty"`
}

// settingsValue returns the --settings value of o: Settings as given, or,
// with Sandbox, Settings (a JSON object or a file) with Sandbox merged
// into its "sandbox" object, as one JSON string.
func (o *Options) settingsValue() (string, string) {
	if o.Sandbox == nil {
		return o.Settings, ""
	}
	settings := map[string]json.RawMessage{}
	if s := strings.TrimSpace(o.Settings); s != "" {
		raw := []byte(s)
		if !strings.HasPrefix(s, "{") { // a file, as the CLI would read it
			path := s
			if !filepath.IsAbs(path) && o.WorkDir != "" {
				path = filepath.Join(o.WorkDir, path)
			}
			var err error
			if raw, err = os.ReadFile(path); err != nil {
				return "", fmt.Sprintf("read the settings file to merge Sandbox into: %v", err)
			}
		}
		if err := json.Unmarshal(raw, &settings); err != nil || settings == nil {
			return "", fmt.Sprintf("merge Sandbox into the settings: not a JSON object (%v)", err)
		}
	}
	sandbox := map[string]json.RawMessage{}
	if old, ok := settings["sandbox"]; ok {
		if err := json.Unmarshal(old, &sandbox); err != nil || sandbox == nil {
			return "", fmt.Sprintf("merge Sandbox into the settings: their sandbox is not a JSON object (%v)", err)
		}
	}
	set, err := json.Marshal(o.Sandbox)
	if err == nil {
		err = json.Unmarshal(set, &sandbox) // Sandbox's members over the settings'
	}
	if err != nil {
		return "", fmt.Sprintf("encode Sandbox: %v", err)
	}
	if settings["sandbox"], err = json.Marshal(sandbox); err != nil {
		return "", fmt.Sprintf("encode Sandbox: %v", err)
	}
	b, err := json.Marshal(settings) // map keys are sorted: the same flag every time
	if err != nil {
		return "", fmt.Sprintf("encode the settings: %v", err)
	}
	return string(b), ""
}

// Plugin is a plugin to load for a session (see Options.Plugins).
type Plugin struct {
	// Path is the plugin's folder, which holds .claude-plugin/plugin.json
	// and its commands/, agents/, skills/ or hooks/ (2.1.332 also takes a
	// .zip, or a folder of plugin folders). Best absolute: the CLI runs
	// in WorkDir.
	Path string
}

// fileCheckpointingEnv is the environment entry that turns on the CLI's
// file checkpointing (see Options.FileCheckpointing), as the Agent SDKs
// set it.
const fileCheckpointingEnv = "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true"

// env returns the environment entries of the options: Env, then the
// entries options stand for (FileCheckpointing), which win over Env's as
// in the Agent SDKs.
func (o *Options) env() []string {
	if !o.FileCheckpointing {
		return o.Env
	}
	return append(slices.Clip(o.Env), fileCheckpointingEnv)
}

// AgentDefinition defines a subagent (see Options.Agents). Its JSON is
// what the CLI's --agents flag and the Agent SDKs' agents option take.
type AgentDefinition struct {
	// Description says when to use the agent; the model reads it.
	// Required.
	Description string `json:"description"`
	// Prompt is the agent's system prompt. Required.
	Prompt string `json:"prompt"`
	// Tools are the tools the agent may use; nil for all of the session's.
	Tools []string `json:"tools,omitempty"`
	// DisallowedTools are tools the agent may not use.
	DisallowedTools []string `json:"disallowedTools,omitempty"`
	// Model is the agent's model: an alias (sonnet, opus, haiku,
	// inherit) or a model ID; empty for the CLI's default.
	Model string `json:"model,omitempty"`
}

// agentsJSON returns the --agents value of agents: a JSON object by name.
func agentsJSON(agents map[string]AgentDefinition) (string, string) {
	for name, a := range agents {
		switch {
		case strings.TrimSpace(name) == "":
			return "", "an agent has an empty name"
		case strings.TrimSpace(a.Description) == "" || strings.TrimSpace(a.Prompt) == "":
			return "", fmt.Sprintf("agent %q needs a Description and a Prompt", name)
		}
	}
	b, err := json.Marshal(agents) // map keys are sorted: the same flag every time
	if err != nil {
		return "", fmt.Sprintf("encode the agents: %v", err)
	}
	return string(b), ""
}

// Defaults of the client's bounds on what a CLI can make it hold
// (Options.ControlHandlers, Options.MaxControlQueue,
// Options.MaxBufferedBytes).
const (
	DefaultControlHandlers        = 64
	DefaultMaxControlQueue        = 1024
	DefaultMaxBufferedBytes int64 = 256 << 20
)

// DefaultTranscriptLines is how many lines a client's transcript keeps (the
// last ones) unless Options.TranscriptLines says otherwise: some hundred
// turns of a busy session. Older lines are dropped; the events were
// delivered all the same.
const DefaultTranscriptLines = 10000

// TranscriptUnbounded, as Options.TranscriptLines or
// SessionConfig.TranscriptLines, keeps every line of the transcript.
const TranscriptUnbounded = math.MaxInt

// transcriptLines is the transcript bound of a client's session: the
// option, or DefaultTranscriptLines for 0.
func (o *Options) transcriptLines() int {
	if o.TranscriptLines == 0 {
		return DefaultTranscriptLines
	}
	return o.TranscriptLines
}

// AnthropicBaseURL is the base URL of Anthropic's own API, for
// Options.BaseURL (with a real APIKey).
const AnthropicBaseURL = "https://api.anthropic.com"

// OptionError reports an option the client refuses before starting the
// CLI: a bad value, a conflict between options, or an option the CLI
// version in use is known not to have (then it wraps
// [errors.ErrUnsupported]).
type OptionError struct {
	// Option is the Options field at fault, e.g. "Effort".
	Option string
	// Flag is the CLI flag the option maps to, if any.
	Flag string
	// Version is the CLI version the options were checked against.
	Version string
	// Reason says what is wrong.
	Reason string
	// Unsupported reports that the version does not have the option.
	Unsupported bool
}

// Error names the option, its flag and what is wrong with it.
func (e *OptionError) Error() string {
	var b strings.Builder
	b.WriteString("claude: option ")
	b.WriteString(e.Option)
	if e.Flag != "" {
		b.WriteString(" (")
		b.WriteString(e.Flag)
		b.WriteString(")")
	}
	b.WriteString(": ")
	b.WriteString(e.Reason)
	return b.String()
}

// Unwrap returns errors.ErrUnsupported for an option the version lacks.
func (e *OptionError) Unwrap() error {
	if e.Unsupported {
		return errors.ErrUnsupported
	}
	return nil
}

// optionFlag is one row of the flag table: an option, the CLI flag it maps
// to, the CLI versions that have the flag, and how the option is written as
// arguments. Adding a flag is adding a row to optionFlags.
type optionFlag struct {
	option string // the Options field, e.g. "Effort"
	flag   string // the CLI flag, e.g. "--effort"
	// needs is the CLI versions that have the flag; the zero Constraint
	// for every version.
	needs cliversion.Constraint
	// value writes the option as the flag's values.
	value optionValue
	// check, when set, says what is wrong with the option when it is set,
	// "" if nothing: a rule about its value or about other options.
	check func(o *Options) string
	// choices, when set, are the values the flag takes (named as choice
	// in errors), each with the CLI versions that have it.
	choice  string
	choices []flagChoice
	// viaInit says the option goes in the initialize request, not on the
	// command line: Args checks it but passes no flag (see
	// Options.initializeRequest).
	viaInit bool
	// toFile says a value of the flag that is JSON, not a file's path, is
	// written to a file whose path the flag gets instead, when the client
	// starts the CLI (see configFiles).
	toFile bool
	// initFrom, when not zero, is the CLI versions that read the option
	// from the initialize request at launch, under --await-initialize:
	// for them the occurrences that inInit accepts go there (see
	// Options.initializeRequest) instead of on the command line, and
	// initFlag, if any, is passed instead.
	initFrom cliversion.Constraint
	inInit   func(values []string) bool
	initFlag string
}

// The CLI versions that read configuration from the initialize request at
// launch, under --await-initialize: the first installed version whose code
// answers plugins_applied, managed_settings_applied (and has
// --managed-settings-in-initialize) and mcp_servers_applied.
var (
	pluginsInInit         = cliversion.MustParseConstraint(">=2.1.268")
	managedSettingsInInit = cliversion.MustParseConstraint(">=2.1.323")
	mcpServersInInit      = cliversion.MustParseConstraint(">=2.1.326")
)

// jsonObject says what is wrong with v as a JSON object, "" if nothing.
func jsonObject(v string) string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(v), &m); err != nil || m == nil {
		return fmt.Sprintf("not a JSON object (%v)", err)
	}
	return ""
}

// isJSON reports whether an option's value is JSON text rather than a
// file's path.
func isJSON(v string) bool { return strings.HasPrefix(strings.TrimSpace(v), "{") }

// always is inInit for options that go in the initialize request whole.
func always([]string) bool { return true }

// inInitialize reports whether the occurrence of the row goes in the
// initialize request for CLI version v (known: v is a version).
func (row *optionFlag) inInitialize(v cliversion.Version, known bool, values []string) bool {
	return known && !row.initFrom.IsZero() && row.initFrom.Allows(v) && row.inInit(values)
}

// optionValue writes an option as the values of its flag: the values of
// each occurrence of the flag (nil when the option is unset, one empty
// occurrence for a flag without a value), or what is wrong with the
// option.
type optionValue func(o *Options) (occurrences [][]string, problem string)

// flagChoice is a value a flag takes, with the CLI versions that have it.
type flagChoice struct {
	value string
	needs cliversion.Constraint
}

// optionFlags is the flag table: every option that maps to a flag, in the
// order the flags are passed. Every flag was checked against the --help
// output and the argument parser of the pinned versions; needs says which
// versions lack a flag or a value.
var optionFlags = []optionFlag{
	{option: "Model", flag: "--model", value: text(func(o *Options) string { return o.Model })},
	{option: "FallbackModel", flag: "--fallback-model", value: text(func(o *Options) string { return o.FallbackModel }),
		check: func(o *Options) string {
			if o.FallbackModel == o.Model {
				return "the fallback model must differ from Model"
			}
			return ""
		}},
	{option: "PermissionMode", flag: "--permission-mode", value: text(func(o *Options) string { return string(o.PermissionMode) }),
		choice: "permission mode", choices: []flagChoice{
			{value: string(protocol.PermissionDefault)},
			{value: string(protocol.PermissionAcceptEdits)},
			{value: string(protocol.PermissionBypassPermissions)},
			{value: string(protocol.PermissionPlan)},
			{value: string(protocol.PermissionDontAsk)},
			// Seen in 2.1.37, gone in 2.1.330: a fixed boundary, not the
			// pinned version, which moves on.
			{value: string(protocol.PermissionDelegate), needs: cliversion.MustParseConstraint("<2.1.330")},
			{value: string(protocol.PermissionAuto), needs: cliversion.MustParseConstraint(">" + cliinstall.SeedVersion)},
			{value: "manual", needs: cliversion.MustParseConstraint(">" + cliinstall.SeedVersion)},
		}},
	// --betas takes several values (<betas...>): one occurrence with them all.
	{option: "Betas", flag: "--betas", value: func(o *Options) ([][]string, string) {
		if len(o.Betas) == 0 {
			return nil, ""
		}
		for _, b := range o.Betas {
			switch {
			case strings.TrimSpace(b) == "":
				return nil, "an empty beta"
			case strings.HasPrefix(b, "-"):
				return nil, fmt.Sprintf("beta %q starts with a dash", b)
			case strings.ContainsAny(b, ", "):
				return nil, fmt.Sprintf("beta %q: one beta per element (the CLI does not split a list)", b)
			}
		}
		return [][]string{slices.Clone(o.Betas)}, ""
	}},
	{option: "DangerouslySkipPermissions", flag: "--dangerously-skip-permissions", value: present(func(o *Options) bool { return o.DangerouslySkipPermissions })},
	{option: "Tools", flag: "--tools", value: func(o *Options) ([][]string, string) {
		if o.Tools == nil {
			return nil, "" // an empty, non-nil list turns every built-in tool off
		}
		return [][]string{{strings.Join(o.Tools, ",")}}, ""
	}},
	{option: "AllowedTools", flag: "--allowedTools", value: commaList(func(o *Options) []string { return o.AllowedTools })},
	{option: "DisallowedTools", flag: "--disallowedTools", value: commaList(func(o *Options) []string { return o.DisallowedTools })},
	{option: "MaxTurns", flag: "--max-turns", value: count(func(o *Options) int { return o.MaxTurns })},
	{option: "MaxBudgetUSD", flag: "--max-budget-usd", value: amount(func(o *Options) float64 { return o.MaxBudgetUSD })},
	{option: "MaxThinkingTokens", flag: "--max-thinking-tokens", value: count(func(o *Options) int { return o.MaxThinkingTokens })},
	// Thinking: the budget of type enabled (every version), else
	// --thinking (2.1.52 on: the first installed version after 2.1.40
	// that has it).
	{option: "Thinking", flag: "--max-thinking-tokens", value: func(o *Options) ([][]string, string) {
		t := o.Thinking
		switch {
		case t == nil || t.Type != "enabled" || t.BudgetTokens == 0:
			return nil, ""
		case t.BudgetTokens < 0:
			return nil, "a negative budget"
		case o.MaxThinkingTokens != 0:
			return nil, "Thinking and MaxThinkingTokens exclude each other"
		}
		return [][]string{{strconv.Itoa(t.BudgetTokens)}}, ""
	}},
	{option: "Thinking", flag: "--thinking", needs: cliversion.MustParseConstraint(">=2.1.52"), value: func(o *Options) ([][]string, string) {
		t := o.Thinking
		if t == nil || (t.Type == "enabled" && t.BudgetTokens != 0) {
			return nil, ""
		}
		switch t.Type {
		case "adaptive", "enabled":
			return [][]string{{"adaptive"}}, ""
		case "disabled":
			return [][]string{{"disabled"}}, ""
		}
		return nil, fmt.Sprintf("thinking type %q: want adaptive, enabled or disabled", t.Type)
	}},
	{option: "Thinking", flag: "--thinking-display", needs: cliversion.MustParseConstraint(">=2.1.100"), value: func(o *Options) ([][]string, string) {
		t := o.Thinking
		switch {
		case t == nil || t.Display == "":
			return nil, ""
		case t.Type == "disabled":
			return nil, "a display for disabled thinking"
		}
		return [][]string{{t.Display}}, ""
	}, choice: "thinking display", choices: []flagChoice{{value: "summarized"}, {value: "omitted"}, {value: "highlights"}}},
	{option: "Effort", flag: "--effort", value: text(func(o *Options) string { return o.Effort }),
		needs:  cliversion.MustParseConstraint(">" + cliinstall.SeedVersion),
		choice: "effort", choices: []flagChoice{{value: "low"}, {value: "medium"}, {value: "high"}, {value: "xhigh"}, {value: "max"}}},
	{option: "SystemPrompt", flag: "--system-prompt", value: text(func(o *Options) string { return o.SystemPrompt }), viaInit: true},
	{option: "AppendSystemPrompt", flag: "--append-system-prompt", value: text(func(o *Options) string { return o.AppendSystemPrompt }), viaInit: true},
	{option: "SessionID", flag: "--session-id", value: text(func(o *Options) string { return o.SessionID }),
		check: func(o *Options) string {
			if !uuidPattern.MatchString(o.SessionID) {
				return fmt.Sprintf("%q is not a UUID", o.SessionID)
			}
			return ""
		}},
	{option: "Resume", flag: "--resume", value: text(func(o *Options) string { return o.Resume }),
		check: func(o *Options) string {
			if o.Continue {
				return "Resume and Continue exclude each other"
			}
			return ""
		}},
	{option: "Continue", flag: "--continue", value: present(func(o *Options) bool { return o.Continue })},
	{option: "ResumeSessionAt", flag: "--resume-session-at", value: text(func(o *Options) string { return o.ResumeSessionAt }),
		check: func(o *Options) string {
			if o.Resume == "" {
				return "needs Resume"
			}
			return ""
		}},
	{option: "IncludeHookEvents", flag: "--include-hook-events", needs: cliversion.MustParseConstraint(">=2.1.100"),
		value: present(func(o *Options) bool { return o.IncludeHookEvents })},
	{option: "StrictMCPConfig", flag: "--strict-mcp-config", value: present(func(o *Options) bool { return o.StrictMCPConfig })},
	{option: "NoSessionPersistence", flag: "--no-session-persistence", value: present(func(o *Options) bool { return o.NoSessionPersistence })},
	{option: "TaskBudget", flag: "--task-budget", needs: cliversion.MustParseConstraint(">=2.1.84"),
		value: count(func(o *Options) int { return o.TaskBudget })},
	{option: "Agent", flag: "--agent", value: text(func(o *Options) string { return o.Agent })},
	{option: "ProjectConfigRoot", flag: "--project-config-root", needs: cliversion.MustParseConstraint(">=2.1.278"),
		value: text(func(o *Options) string { return o.ProjectConfigRoot })},
	{option: "ForkSession", flag: "--fork-session", value: present(func(o *Options) bool { return o.ForkSession }),
		check: func(o *Options) string {
			if o.Resume == "" && !o.Continue {
				return "needs Resume or Continue"
			}
			return ""
		}},
	{option: "IncludePartialMessages", flag: "--include-partial-messages", value: present(func(o *Options) bool { return o.IncludePartialMessages })},
	{option: "ReplayUserMessages", flag: "--replay-user-messages", value: present(func(o *Options) bool { return o.ReplayUserMessages })},
	{option: "AddDirs", flag: "--add-dir", value: each(func(o *Options) []string { return o.AddDirs })},
	{option: "MCPConfig", flag: "--mcp-config", value: each(func(o *Options) []string { return o.MCPConfig }), toFile: true,
		initFrom: mcpServersInInit, inInit: func(values []string) bool { return isJSON(values[0]) }},
	// The in-process servers, as type "sdk": a few bytes each.
	{option: "MCPServers", flag: "--mcp-config", value: func(o *Options) ([][]string, string) {
		if len(o.MCPServers) == 0 {
			return nil, ""
		}
		cfg, _ := sdkMCPConfig(o.MCPServers)
		return [][]string{{cfg}}, ""
	}},
	{option: "Settings", flag: "--settings", value: func(o *Options) ([][]string, string) {
		v, problem := o.settingsValue()
		if v == "" || problem != "" {
			return nil, problem
		}
		return [][]string{{v}}, ""
	}, toFile: true},
	{option: "Plugins", flag: "--plugin-dir", value: func(o *Options) ([][]string, string) {
		var occurrences [][]string
		for i, p := range o.Plugins {
			if strings.TrimSpace(p.Path) == "" {
				return nil, fmt.Sprintf("plugin %d has no Path", i)
			}
			occurrences = append(occurrences, []string{p.Path})
		}
		return occurrences, ""
	}, initFrom: pluginsInInit, inInit: always},
	{option: "ManagedSettings", flag: "--managed-settings", needs: cliversion.MustParseConstraint(">=2.1.124"),
		value: func(o *Options) ([][]string, string) {
			if o.ManagedSettings == "" {
				return nil, ""
			}
			if problem := jsonObject(o.ManagedSettings); problem != "" {
				return nil, problem
			}
			return [][]string{{o.ManagedSettings}}, ""
		}, initFrom: managedSettingsInInit, inInit: always, initFlag: "--managed-settings-in-initialize"},
	{option: "ResumeDropsTurn", flag: "--resume-drops-turn", needs: cliversion.MustParseConstraint(">=2.1.229"),
		value: text(func(o *Options) string { return o.ResumeDropsTurn }),
		check: func(o *Options) string {
			if o.ResumeSessionAt == "" {
				return "needs ResumeSessionAt"
			}
			return ""
		}},
	{option: "PermissionPrompts", flag: "--permission-prompts", needs: cliversion.MustParseConstraint(">=2.1.113"),
		value: text(func(o *Options) string { return o.PermissionPrompts }),
		check: func(o *Options) string {
			if o.PermissionPrompts == "none" && o.CanUseTool != nil {
				return `"none" never calls CanUseTool`
			}
			return ""
		}, choice: "target", choices: []flagChoice{{value: "host"}, {value: "none"}}},
	{option: "PermissionPromptTool", flag: "--permission-prompt-tool", value: text(func(o *Options) string { return o.PermissionPromptTool }),
		check: func(o *Options) string {
			if o.CanUseTool != nil {
				return "PermissionPromptTool and CanUseTool exclude each other"
			}
			return ""
		}},
	{option: "AllowDangerouslySkipPermissions", flag: "--allow-dangerously-skip-permissions",
		value: present(func(o *Options) bool { return o.AllowDangerouslySkipPermissions })},
	{option: "Debug", flag: "--debug", value: present(func(o *Options) bool { return o.Debug && o.DebugFile == "" })},
	{option: "DebugFile", flag: "--debug-file", value: text(func(o *Options) string { return o.DebugFile })},
	{option: "SettingSources", flag: "--setting-sources", value: func(o *Options) ([][]string, string) {
		if o.SettingSources == nil {
			return nil, "" // an empty, non-nil list reads no settings file
		}
		names := make([]string, len(o.SettingSources))
		for i, src := range o.SettingSources {
			switch src {
			case SettingSourceUser, SettingSourceProject, SettingSourceLocal:
			default:
				return nil, fmt.Sprintf("setting source %q: want %q, %q or %q", src, SettingSourceUser, SettingSourceProject, SettingSourceLocal)
			}
			names[i] = string(src)
		}
		return [][]string{{strings.Join(names, ",")}}, ""
	}},
	{option: "Agents", flag: "--agents", value: func(o *Options) ([][]string, string) {
		if len(o.Agents) == 0 {
			return nil, ""
		}
		v, problem := agentsJSON(o.Agents)
		if problem != "" {
			return nil, problem
		}
		return [][]string{{v}}, ""
	}, viaInit: true},
	{option: "CanUseTool", flag: "--permission-prompt-tool", value: func(o *Options) ([][]string, string) {
		if o.CanUseTool == nil {
			return nil, ""
		}
		return [][]string{{"stdio"}}, ""
	}, check: func(o *Options) string {
		if slices.ContainsFunc(o.ExtraArgs, func(a string) bool { return strings.HasPrefix(a, "--permission-prompt-tool") }) {
			return "ExtraArgs name another permission prompt tool"
		}
		return ""
	}},
}

// text writes a string option as the flag's value, unless it is empty.
func text(field func(*Options) string) optionValue {
	return func(o *Options) ([][]string, string) {
		if v := field(o); v != "" {
			return [][]string{{v}}, ""
		}
		return nil, ""
	}
}

// present writes a boolean option as the flag alone, when it is true.
func present(field func(*Options) bool) optionValue {
	return func(o *Options) ([][]string, string) {
		if field(o) {
			return [][]string{nil}, ""
		}
		return nil, ""
	}
}

// commaList writes a list option as one value, its elements separated by
// commas, unless it is empty.
func commaList(field func(*Options) []string) optionValue {
	return func(o *Options) ([][]string, string) {
		if l := field(o); len(l) > 0 {
			return [][]string{{strings.Join(l, ",")}}, ""
		}
		return nil, ""
	}
}

// each writes a list option as one flag per element.
func each(field func(*Options) []string) optionValue {
	return func(o *Options) ([][]string, string) {
		var occurrences [][]string
		for _, v := range field(o) {
			occurrences = append(occurrences, []string{v})
		}
		return occurrences, ""
	}
}

// count writes a whole-number option, unless it is zero; it must not be
// negative.
func count(field func(*Options) int) optionValue {
	return func(o *Options) ([][]string, string) {
		switch n := field(o); {
		case n < 0:
			return nil, "must not be negative"
		case n > 0:
			return [][]string{{strconv.Itoa(n)}}, ""
		}
		return nil, ""
	}
}

// amount writes a decimal option, unless it is zero; it must not be
// negative.
func amount(field func(*Options) float64) optionValue {
	return func(o *Options) ([][]string, string) {
		switch x := field(o); {
		case x < 0:
			return nil, "must not be negative"
		case x > 0:
			return [][]string{{strconv.FormatFloat(x, 'f', -1, 64)}}, ""
		}
		return nil, ""
	}
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Args returns the CLI flags the options stand for, after the stream-json
// flags every session passes, checked against CLI version (empty, or not a
// version: no version check). The error is an [*OptionError], or several
// joined.
//
// The options that the client sends in the initialize request instead
// (SystemPrompt, AppendSystemPrompt, Agents) are checked but have no flag
// here. The JSON values of MCPConfig and Settings are given as they are;
// [Connect] writes them to files and passes the files' paths, so that a
// large configuration does not go on the command line.
func (o Options) Args(version string) ([]string, error) {
	return o.args(version, nil)
}

// args is Args, writing the JSON values of the toFile flags to files when
// files is not nil.
func (o *Options) args(version string, files *configFiles) ([]string, error) {
	v, err := cliversion.Parse(version)
	known := err == nil
	var args []string
	var errs []error
	awaitInit := false // an option goes in the initialize request at launch
	for _, row := range optionFlags {
		occurrences, problem := row.value(o)
		if occurrences == nil && problem == "" {
			continue // unset
		}
		if problem == "" && row.check != nil {
			problem = row.check(o)
		}
		if problem == "" {
			problem = row.unknownChoice(occurrences)
		}
		fail := func(unsupported bool, reason string) {
			errs = append(errs, &OptionError{Option: row.option, Flag: row.flag, Version: version, Unsupported: unsupported, Reason: reason})
		}
		switch choice, needs := row.gatedChoice(occurrences, v); {
		case problem != "":
			fail(false, problem)
		case known && !row.needs.Allows(v):
			fail(true, fmt.Sprintf("Claude Code %s does not have it (%s)", version, lacking(row.needs)))
		case known && choice != "":
			fail(true, fmt.Sprintf("Claude Code %s does not have %s %q (%s)", version, row.choice, choice, lacking(needs)))
		case row.viaInit:
			// checked; sent in the initialize request
		default:
			for _, values := range occurrences {
				if row.inInitialize(v, known, values) {
					awaitInit = true
					if row.initFlag != "" && !slices.Contains(args, row.initFlag) {
						args = append(args, row.initFlag)
					}
					continue
				}
				if row.toFile && files != nil {
					if values, err = files.paths(row.option, values); err != nil {
						return nil, err
					}
				}
				args = append(append(args, row.flag), values...)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if awaitInit {
		args = append(args, "--await-initialize")
	}
	return append(args, o.ExtraArgs...), nil
}

// unknownChoice says which value of the flag is not one of its choices, ""
// if all are (or the flag has no choices).
func (row *optionFlag) unknownChoice(occurrences [][]string) string {
	if row.choices == nil {
		return ""
	}
	for _, values := range occurrences {
		for _, value := range values {
			if !slices.ContainsFunc(row.choices, func(c flagChoice) bool { return c.value == value }) {
				return fmt.Sprintf("unknown %s %q (want %s)", row.choice, value, row.choiceList())
			}
		}
	}
	return ""
}

// gatedChoice returns the first value of the flag that CLI version v does
// not have, with the versions that have it; "" if there is none.
func (row *optionFlag) gatedChoice(occurrences [][]string, v cliversion.Version) (string, cliversion.Constraint) {
	for _, values := range occurrences {
		for _, value := range values {
			for _, c := range row.choices {
				if c.value == value && !c.needs.Allows(v) {
					return value, c.needs
				}
			}
		}
	}
	return "", cliversion.Constraint{}
}

// choiceList lists the flag's choices for a message: "low, medium or high".
func (row *optionFlag) choiceList() string {
	values := make([]string, len(row.choices))
	for i, c := range row.choices {
		values[i] = c.value
	}
	last := len(values) - 1
	if last < 1 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:last], ", ") + " or " + values[last]
}

// lacking says which versions are outside needs, for an option error:
// "Claude Code 2.1.37 and older do not have it".
func lacking(needs cliversion.Constraint) string {
	var parts []string
	if lo, ok := needs.Lower(); ok {
		if lo.Inclusive {
			parts = append(parts, "older than "+lo.Version.String())
		} else {
			parts = append(parts, lo.Version.String()+" and older")
		}
	}
	if hi, ok := needs.Upper(); ok {
		if hi.Inclusive {
			parts = append(parts, "newer than "+hi.Version.String())
		} else {
			parts = append(parts, hi.Version.String()+" and newer")
		}
	}
	switch len(parts) {
	case 1:
		return "Claude Code " + parts[0] + " do not have it"
	case 2:
		return "Claude Code " + parts[0] + ", and " + parts[1] + ", do not have it"
	}
	return "no Claude Code version has it"
}

// CLINotFoundError reports that no Claude Code CLI could be found to run:
// Options named neither a Binary nor a Version, and there is no `claude`
// on PATH.
type CLINotFoundError struct {
	// Err is what the search said (it wraps [cliinstall.ErrNotFound]).
	Err error
}

// Error says how to get a CLI.
func (e *CLINotFoundError) Error() string {
	return "claude: no Claude Code CLI on PATH; install it (npm install -g " + cliinstall.PackageName +
		", or the native installer), set Options.Binary to its path, or set Options.Version to a version " +
		"ccwire installs with npm (such as " + cliinstall.DefaultVersion + ")"
}

// Unwrap returns what the search said.
func (e *CLINotFoundError) Unwrap() error { return e.Err }

// binary returns the CLI the options run: Binary, the CLI of Version
// (installed if needed), or the `claude` on PATH.
func (o *Options) binary(ctx context.Context) (cliinstall.Binary, error) {
	switch {
	case o.Binary.Path != "":
		if o.Version != "" && o.Binary.Version != "" && o.Version != o.Binary.Version {
			return cliinstall.Binary{}, &OptionError{Option: "Version", Version: o.Binary.Version,
				Reason: fmt.Sprintf("Binary is Claude Code %s, not %s", o.Binary.Version, o.Version)}
		}
		return o.Binary, nil
	case o.Version != "":
		return cliinstall.Install(ctx, o.Version, o.InstallOptions...)
	}
	b, err := cliinstall.LookPath(ctx, o.InstallOptions...)
	if errors.Is(err, cliinstall.ErrNotFound) {
		return b, &CLINotFoundError{Err: err}
	}
	return b, err
}
