package claude

import (
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccwire/ccwire/protocol"
)

// Options configure a [Client] (see [Connect]) and a one-shot [Query]. The
// zero value of each field chooses its default; BaseURL is required.
//
// Fields marked with a flag map to that CLI flag. Every flag was checked
// against the --help output and the argument parser of the pinned versions
// 2.1.37 and 2.1.330 (--max-turns, --max-thinking-tokens and
// --permission-prompt-tool are accepted by both without being listed).
// Options the CLI version in use is known not to have are refused with an
// [*OptionError] before any process starts.
type Options struct {
	// Binary is the CLI to run. When its Path is empty, the CLI of Version
	// is used, installed with [Install] if needed.
	Binary Binary
	// Version is the Claude Code version to run when Binary is not given.
	// Default: [DefaultVersion].
	Version string
	// InstallOptions configure the install of Version ([Install]).
	InstallOptions []InstallOption

	// BaseURL is the Anthropic API base URL the CLI talks to
	// (ANTHROPIC_BASE_URL): a fake such as a stubapi server, or
	// [AnthropicBaseURL] with a real APIKey. The CLI may always reach
	// BaseURL's host. Required, so a client never reaches an API by
	// accident.
	BaseURL string
	// APIKey is the API key the CLI sends (ANTHROPIC_API_KEY). Default: a
	// dummy key, which is all a fake API needs.
	APIKey string
	// AllowNetwork lets the CLI and its tools reach hosts other than
	// loopback and BaseURL's host (see [SessionConfig]).
	AllowNetwork bool
	// WorkDir is the CLI's working directory. Default: a temporary folder
	// the client owns and removes on Close.
	WorkDir string
	// ConfigDir is the CLI's config folder (CLAUDE_CONFIG_DIR), where it
	// keeps its settings and the transcripts of its sessions. Default: a
	// temporary folder the client removes on Close. To resume a session
	// in a later client (Resume, Continue), give both the same ConfigDir
	// and WorkDir.
	ConfigDir string
	// Env are environment entries ("KEY=VALUE") for the CLI, applied over
	// the clean environment the client builds (see [Start]).
	Env []string
	// Logger receives the client's lifecycle and protocol events at debug
	// level. Default: discard.
	Logger *slog.Logger
	// CloseTimeout is how long Close waits for the CLI to exit after its
	// stdin closes, and for permission callbacks to return, before it kills
	// the process. Default 5s.
	CloseTimeout time.Duration
	// TranscriptLines bounds the session's transcript
	// (Client.Session().Transcript()) to its last lines, as
	// [SessionConfig].TranscriptLines: 0 keeps every line, which a
	// long-lived client should not.
	TranscriptLines int
	// ControlTimeout bounds the wait for the answer to each control request
	// the client sends (initialize, interrupt, set_model...), unless the
	// request's context ends sooner. Default 30s.
	ControlTimeout time.Duration

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
	// SystemPrompt replaces the default system prompt (--system-prompt;
	// 2.1.37 and 2.1.330).
	SystemPrompt string
	// AppendSystemPrompt is added to the end of the system prompt
	// (--append-system-prompt; 2.1.37 and 2.1.330).
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
	// (--mcp-config; 2.1.37 and 2.1.330).
	MCPConfig []string
	// Settings is a settings file or JSON string (--settings; 2.1.37 and
	// 2.1.330).
	Settings string
	// ExtraArgs are more CLI flags, passed last and unchecked.
	ExtraArgs []string

	// CanUseTool answers the CLI's permission requests (can_use_tool
	// control requests). Setting it adds --permission-prompt-tool stdio
	// (2.1.37 and 2.1.330): tool calls that need permission then wait for
	// its decision instead of being denied.
	CanUseTool PermissionFunc
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

// flagGates lists the flags some CLI versions are known to lack. Flags not
// listed are accepted by both pinned versions.
var flagGates = map[string]versionBound{
	"--effort": {Through: SeedVersion},
}

// permissionModeGates lists the permission modes some CLI versions are
// known to reject at --permission-mode.
var permissionModeGates = map[protocol.PermissionMode]versionBound{
	protocol.PermissionAuto:     {Through: SeedVersion},
	"manual":                    {Through: SeedVersion},
	protocol.PermissionDelegate: {Since: DefaultVersion},
}

// knownPermissionModes are the modes some pinned version accepts.
var knownPermissionModes = []protocol.PermissionMode{
	protocol.PermissionDefault, protocol.PermissionAcceptEdits, protocol.PermissionBypassPermissions,
	protocol.PermissionPlan, protocol.PermissionDontAsk, protocol.PermissionDelegate,
	protocol.PermissionAuto, "manual",
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Args returns the CLI flags the options stand for, after the stream-json
// flags every session passes, checked against CLI version (empty: no
// version check). The error is an [*OptionError].
func (o Options) Args(version string) ([]string, error) {
	var args []string
	fail := func(option, flag, reason string) error {
		return &OptionError{Option: option, Flag: flag, Version: version, Reason: reason}
	}
	add := func(option, flag string, values ...string) error {
		if gate, ok := flagGates[flag]; ok && gate.excludes(version) {
			return &OptionError{Option: option, Flag: flag, Version: version, Unsupported: true,
				Reason: fmt.Sprintf("Claude Code %s does not have it (%s)", version, gate)}
		}
		args = append(args, flag)
		args = append(args, values...)
		return nil
	}
	var errs []error
	check := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}

	if o.Model != "" {
		check(add("Model", "--model", o.Model))
	}
	if o.FallbackModel != "" {
		if o.FallbackModel == o.Model {
			check(fail("FallbackModel", "--fallback-model", "the fallback model must differ from Model"))
		} else {
			check(add("FallbackModel", "--fallback-model", o.FallbackModel))
		}
	}
	if o.PermissionMode != "" {
		switch gate, gated := permissionModeGates[o.PermissionMode]; {
		case !slices.Contains(knownPermissionModes, o.PermissionMode):
			check(fail("PermissionMode", "--permission-mode", fmt.Sprintf("unknown permission mode %q", o.PermissionMode)))
		case gated && gate.excludes(version):
			check(&OptionError{Option: "PermissionMode", Flag: "--permission-mode", Version: version, Unsupported: true,
				Reason: fmt.Sprintf("Claude Code %s does not have permission mode %q (%s)", version, o.PermissionMode, gate)})
		default:
			check(add("PermissionMode", "--permission-mode", string(o.PermissionMode)))
		}
	}
	if o.DangerouslySkipPermissions {
		check(add("DangerouslySkipPermissions", "--dangerously-skip-permissions"))
	}
	if o.Tools != nil {
		check(add("Tools", "--tools", strings.Join(o.Tools, ",")))
	}
	if len(o.AllowedTools) > 0 {
		check(add("AllowedTools", "--allowedTools", strings.Join(o.AllowedTools, ",")))
	}
	if len(o.DisallowedTools) > 0 {
		check(add("DisallowedTools", "--disallowedTools", strings.Join(o.DisallowedTools, ",")))
	}
	switch {
	case o.MaxTurns < 0:
		check(fail("MaxTurns", "--max-turns", "must not be negative"))
	case o.MaxTurns > 0:
		check(add("MaxTurns", "--max-turns", strconv.Itoa(o.MaxTurns)))
	}
	switch {
	case o.MaxBudgetUSD < 0:
		check(fail("MaxBudgetUSD", "--max-budget-usd", "must not be negative"))
	case o.MaxBudgetUSD > 0:
		check(add("MaxBudgetUSD", "--max-budget-usd", strconv.FormatFloat(o.MaxBudgetUSD, 'f', -1, 64)))
	}
	switch {
	case o.MaxThinkingTokens < 0:
		check(fail("MaxThinkingTokens", "--max-thinking-tokens", "must not be negative"))
	case o.MaxThinkingTokens > 0:
		check(add("MaxThinkingTokens", "--max-thinking-tokens", strconv.Itoa(o.MaxThinkingTokens)))
	}
	if o.Effort != "" {
		if !slices.Contains([]string{"low", "medium", "high", "xhigh", "max"}, o.Effort) {
			check(fail("Effort", "--effort", fmt.Sprintf("unknown effort %q (want low, medium, high, xhigh or max)", o.Effort)))
		} else {
			check(add("Effort", "--effort", o.Effort))
		}
	}
	if o.SystemPrompt != "" {
		check(add("SystemPrompt", "--system-prompt", o.SystemPrompt))
	}
	if o.AppendSystemPrompt != "" {
		check(add("AppendSystemPrompt", "--append-system-prompt", o.AppendSystemPrompt))
	}
	if o.SessionID != "" {
		if !uuidPattern.MatchString(o.SessionID) {
			check(fail("SessionID", "--session-id", fmt.Sprintf("%q is not a UUID", o.SessionID)))
		} else {
			check(add("SessionID", "--session-id", o.SessionID))
		}
	}
	if o.Resume != "" && o.Continue {
		check(fail("Resume", "--resume", "Resume and Continue exclude each other"))
	}
	if o.Resume != "" {
		check(add("Resume", "--resume", o.Resume))
	}
	if o.Continue {
		check(add("Continue", "--continue"))
	}
	if o.ForkSession {
		if o.Resume == "" && !o.Continue {
			check(fail("ForkSession", "--fork-session", "needs Resume or Continue"))
		} else {
			check(add("ForkSession", "--fork-session"))
		}
	}
	if o.IncludePartialMessages {
		check(add("IncludePartialMessages", "--include-partial-messages"))
	}
	if o.ReplayUserMessages {
		check(add("ReplayUserMessages", "--replay-user-messages"))
	}
	for _, d := range o.AddDirs {
		check(add("AddDirs", "--add-dir", d))
	}
	for _, c := range o.MCPConfig {
		check(add("MCPConfig", "--mcp-config", c))
	}
	if o.Settings != "" {
		check(add("Settings", "--settings", o.Settings))
	}
	if o.CanUseTool != nil {
		if slices.ContainsFunc(o.ExtraArgs, func(a string) bool { return strings.HasPrefix(a, "--permission-prompt-tool") }) {
			check(fail("CanUseTool", "--permission-prompt-tool", "ExtraArgs name another permission prompt tool"))
		} else {
			check(add("CanUseTool", "--permission-prompt-tool", "stdio"))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return append(args, o.ExtraArgs...), nil
}
