package claude_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
)

func TestOptionsArgs(t *testing.T) {
	t.Parallel()
	decide := func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
		return claude.Allow(), nil
	}
	tests := []struct {
		name    string
		opts    claude.Options
		version string
		want    []string
	}{
		{"none", claude.Options{}, "2.1.330", nil},
		{"model and fallback", claude.Options{Model: "opus", FallbackModel: "sonnet"}, "2.1.37",
			[]string{"--model", "opus", "--fallback-model", "sonnet"}},
		{"permissions", claude.Options{PermissionMode: protocol.PermissionAcceptEdits, DangerouslySkipPermissions: true}, "2.1.37",
			[]string{"--permission-mode", "acceptEdits", "--dangerously-skip-permissions"}},
		{"tools", claude.Options{Tools: []string{"Bash", "Read"}, AllowedTools: []string{"Bash(git *)", "Read"}, DisallowedTools: []string{"Write"}}, "2.1.330",
			[]string{"--tools", "Bash,Read", "--allowedTools", "Bash(git *),Read", "--disallowedTools", "Write"}},
		{"no tools", claude.Options{Tools: []string{}}, "2.1.330", []string{"--tools", ""}},
		{"limits", claude.Options{MaxTurns: 3, MaxBudgetUSD: 0.5, MaxThinkingTokens: 2048}, "2.1.37",
			[]string{"--max-turns", "3", "--max-budget-usd", "0.5", "--max-thinking-tokens", "2048"}},
		{"effort", claude.Options{Effort: "high"}, "2.1.330", []string{"--effort", "high"}},
		{"effort, version unknown", claude.Options{Effort: "low"}, "", []string{"--effort", "low"}},
		{"effort, not a version", claude.Options{Effort: "low"}, "custom-build", []string{"--effort", "low"}},
		{"effort on a prerelease", claude.Options{Effort: "max"}, "2.1.38-beta.1", []string{"--effort", "max"}},
		// The prompts and the agents go in the initialize request.
		{"prompts", claude.Options{SystemPrompt: "Be brief.", AppendSystemPrompt: "Say hi."}, "2.1.37", nil},
		{"session", claude.Options{SessionID: "11111111-2222-4333-8444-555555555555", Resume: "abc", ForkSession: true}, "2.1.330",
			[]string{"--session-id", "11111111-2222-4333-8444-555555555555", "--resume", "abc", "--fork-session"}},
		{"continue", claude.Options{Continue: true, ForkSession: true}, "2.1.330", []string{"--continue", "--fork-session"}},
		{"streaming", claude.Options{IncludePartialMessages: true, ReplayUserMessages: true}, "2.1.37",
			[]string{"--include-partial-messages", "--replay-user-messages"}},
		{"dirs and config", claude.Options{AddDirs: []string{"/a", "/b"}, MCPConfig: []string{`{"mcpServers":{}}`}, Settings: `{}`}, "2.1.325",
			[]string{"--add-dir", "/a", "--add-dir", "/b", "--mcp-config", `{"mcpServers":{}}`, "--settings", "{}"}},
		// From 2.1.326 the JSON of MCPConfig goes in the initialize request; a file stays a flag.
		{"MCP configuration in initialize", claude.Options{MCPConfig: []string{`{"mcpServers":{}}`, "servers.json"}}, "2.1.326",
			[]string{"--mcp-config", "servers.json", "--await-initialize"}},
		{"MCP configuration, version unknown", claude.Options{MCPConfig: []string{`{"mcpServers":{}}`}}, "",
			[]string{"--mcp-config", `{"mcpServers":{}}`}},
		{"setting sources", claude.Options{SettingSources: []claude.SettingSource{claude.SettingSourceUser, claude.SettingSourceProject}}, "2.1.37",
			[]string{"--setting-sources", "user,project"}},
		{"no setting sources", claude.Options{SettingSources: []claude.SettingSource{}}, "2.1.330", []string{"--setting-sources", ""}},
		{"agents", claude.Options{Agents: map[string]claude.AgentDefinition{
			"reviewer": {Description: "Reviews diffs", Prompt: "You review diffs.", Tools: []string{"Read"}, Model: "haiku"},
			"a-writer": {Description: "Writes docs", Prompt: "You write docs."},
		}}, "2.1.330", nil},
		{"permission callback", claude.Options{CanUseTool: decide, ExtraArgs: []string{"--verbose"}}, "2.1.37",
			[]string{"--permission-prompt-tool", "stdio", "--verbose"}},
		{"modes of 2.1.330", claude.Options{PermissionMode: protocol.PermissionAuto}, "2.1.330", []string{"--permission-mode", "auto"}},
		{"delegate on 2.1.37", claude.Options{PermissionMode: protocol.PermissionDelegate}, "2.1.37", []string{"--permission-mode", "delegate"}},
		{"delegate between the pins", claude.Options{PermissionMode: protocol.PermissionDelegate}, "2.1.100", []string{"--permission-mode", "delegate"}},
		{"betas, one occurrence with every value", claude.Options{Betas: []string{"context-1m-2025-08-07", "other-2026-01-01"}}, "2.1.37",
			[]string{"--betas", "context-1m-2025-08-07", "other-2026-01-01"}},
		{"plugins, a flag each", claude.Options{Plugins: []claude.Plugin{{Path: "/p/one"}, {Path: "two"}}}, "2.1.252",
			[]string{"--plugin-dir", "/p/one", "--plugin-dir", "two"}},
		{"plugins in initialize", claude.Options{Plugins: []claude.Plugin{{Path: "/p/one"}, {Path: "two"}}}, "2.1.268",
			[]string{"--await-initialize"}},
		{"managed settings as a flag", claude.Options{ManagedSettings: `{"a":1}`}, "2.1.124", []string{"--managed-settings", `{"a":1}`}},
		{"managed settings in initialize", claude.Options{ManagedSettings: `{"a":1}`, Plugins: []claude.Plugin{{Path: "/p"}}}, "2.1.323",
			[]string{"--managed-settings-in-initialize", "--await-initialize"}},
		{"options of the Agent SDK 0.3.332, second part", claude.Options{Resume: "r", ResumeSessionAt: "u", ResumeDropsTurn: "p", PermissionPrompts: "none",
			PermissionPromptTool: "mcp__perm__ask", AllowDangerouslySkipPermissions: true, Debug: true,
			ToolAliases: map[string]string{"Bash": "mcp__w__bash"}, PlanModeInstructions: "plan", ExcludeDynamicSections: true, SystemPromptSnapshot: new(false)}, "2.1.332",
			[]string{"--resume", "r", "--resume-session-at", "u", "--resume-drops-turn", "p", "--permission-prompts", "none",
				"--permission-prompt-tool", "mcp__perm__ask", "--allow-dangerously-skip-permissions", "--debug"}},
		{"debug file implies debug", claude.Options{Debug: true, DebugFile: "/tmp/d.log"}, "2.1.37", []string{"--debug-file", "/tmp/d.log"}},
		{"sandbox alone", claude.Options{Sandbox: &claude.SandboxSettings{Enabled: new(true), AutoAllowBashIfSandboxed: new(false)}}, "2.1.37",
			[]string{"--settings", `{"sandbox":{"autoAllowBashIfSandboxed":false,"enabled":true}}`}},
		{"sandbox merged into JSON settings", claude.Options{
			Settings: ` {"model": "haiku", "sandbox": {"enabled": false, "excludedCommands": ["git"], "filesystem": {"x": 1}}} `,
			Sandbox:  &claude.SandboxSettings{Enabled: new(true), ExcludedCommands: []string{"docker"}},
		}, "2.1.332", []string{"--settings", `{"model":"haiku","sandbox":{"enabled":true,"excludedCommands":["docker"],"filesystem":{"x":1}}}`}},
		{"every sandbox member", claude.Options{Sandbox: &claude.SandboxSettings{
			Enabled: new(true), AutoAllowBashIfSandboxed: new(true), ExcludedCommands: []string{"git"},
			AllowUnsandboxedCommands: new(false), IgnoreViolations: map[string][]string{"*": {"/tmp"}},
			EnableWeakerNestedSandbox: new(true), Ripgrep: &claude.SandboxRipgrep{Command: "/bin/rg", Args: []string{"--hidden"}},
			Network: &claude.SandboxNetwork{
				AllowedDomains: []string{"example.com"}, AllowManagedDomainsOnly: new(false), AllowUnixSockets: []string{"/run/docker.sock"},
				AllowAllUnixSockets: new(false), AllowLocalBinding: new(true), HTTPProxyPort: 3128, SOCKSProxyPort: 1080,
			},
		}}, "2.1.332", []string{"--settings", `{"sandbox":{"allowUnsandboxedCommands":false,"autoAllowBashIfSandboxed":true,` +
			`"enableWeakerNestedSandbox":true,"enabled":true,"excludedCommands":["git"],"ignoreViolations":{"*":["/tmp"]},` +
			`"network":{"allowedDomains":["example.com"],"allowManagedDomainsOnly":false,"allowUnixSockets":["/run/docker.sock"],` +
			`"allowAllUnixSockets":false,"allowLocalBinding":true,"httpProxyPort":3128,"socksProxyPort":1080},` +
			`"ripgrep":{"command":"/bin/rg","args":["--hidden"]}}}`}},
		{"settings file without sandbox, passed as is", claude.Options{Settings: "does-not-exist.json"}, "2.1.37",
			[]string{"--settings", "does-not-exist.json"}},
		{"options of the Agent SDK 0.3.332", claude.Options{Thinking: &claude.Thinking{Type: "adaptive", Display: "summarized"}, Resume: "r", ResumeSessionAt: "u",
			IncludeHookEvents: true, StrictMCPConfig: true, NoSessionPersistence: true, TaskBudget: 1000, Agent: "reviewer", ProjectConfigRoot: "/p"}, "2.1.332",
			[]string{"--thinking", "adaptive", "--thinking-display", "summarized", "--resume", "r", "--resume-session-at", "u", "--include-hook-events",
				"--strict-mcp-config", "--no-session-persistence", "--task-budget", "1000", "--agent", "reviewer", "--project-config-root", "/p"}},
		{"thinking with a budget", claude.Options{Thinking: &claude.Thinking{Type: "enabled", BudgetTokens: 2048}}, "2.1.37", []string{"--max-thinking-tokens", "2048"}},
		{"disabled thinking", claude.Options{Thinking: &claude.Thinking{Type: "disabled"}}, "2.1.52", []string{"--thinking", "disabled"}},
		{"extra args after the table's flags", claude.Options{Model: "opus", ExtraArgs: []string{"--verbose", "--disable-slash-commands"}}, "2.1.37",
			[]string{"--model", "opus", "--verbose", "--disable-slash-commands"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.opts.Args(tt.version)
			if err != nil {
				t.Fatalf("Args: %v", err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Args =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestOptionsArgsErrors(t *testing.T) {
	t.Parallel()
	decide := func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
		return claude.Allow(), nil
	}
	tests := []struct {
		name        string
		opts        claude.Options
		version     string
		options     []string // the options named, in order
		unsupported bool
		text        string
	}{
		{"effort on 2.1.37", claude.Options{Effort: "high"}, "2.1.37", []string{"Effort"}, true, "Claude Code 2.1.37 does not have it"},
		{"effort on older", claude.Options{Effort: "high"}, "2.0.1", []string{"Effort"}, true, "2.1.37 and older"},
		{"bad effort", claude.Options{Effort: "huge"}, "2.1.330", []string{"Effort"}, false, `unknown effort "huge"`},
		{"auto on 2.1.37", claude.Options{PermissionMode: protocol.PermissionAuto}, "2.1.37", []string{"PermissionMode"}, true, `permission mode "auto"`},
		{"manual on 2.1.37", claude.Options{PermissionMode: "manual"}, "2.1.37", []string{"PermissionMode"}, true, `"manual"`},
		{"delegate on 2.1.330", claude.Options{PermissionMode: protocol.PermissionDelegate}, "2.1.330", []string{"PermissionMode"}, true, "2.1.330 and newer"},
		{"effort on a prerelease", claude.Options{Effort: "high"}, "2.1.37-beta.1", []string{"Effort"}, true, "2.1.37 and older"},
		{"unknown mode", claude.Options{PermissionMode: "yolo"}, "2.1.330", []string{"PermissionMode"}, false, `unknown permission mode "yolo"`},
		{"same fallback", claude.Options{Model: "opus", FallbackModel: "opus"}, "2.1.330", []string{"FallbackModel"}, false, "must differ"},
		{"negative", claude.Options{MaxTurns: -1, MaxBudgetUSD: -1, MaxThinkingTokens: -1}, "2.1.330",
			[]string{"MaxTurns", "MaxBudgetUSD", "MaxThinkingTokens"}, false, "must not be negative"},
		{"session id", claude.Options{SessionID: "abc"}, "2.1.330", []string{"SessionID"}, false, "not a UUID"},
		{"resume and continue", claude.Options{Resume: "x", Continue: true}, "2.1.330", []string{"Resume"}, false, "exclude each other"},
		{"fork alone", claude.Options{ForkSession: true}, "2.1.330", []string{"ForkSession"}, false, "needs Resume or Continue"},
		{"bad setting source", claude.Options{SettingSources: []claude.SettingSource{"user", "global"}}, "2.1.330", []string{"SettingSources"}, false, `setting source "global"`},
		{"agent without prompt", claude.Options{Agents: map[string]claude.AgentDefinition{"x": {Description: "d"}}}, "2.1.330", []string{"Agents"}, false, `agent "x" needs a Description and a Prompt`},
		{"agent without name", claude.Options{Agents: map[string]claude.AgentDefinition{" ": {Description: "d", Prompt: "p"}}}, "2.1.330", []string{"Agents"}, false, "empty name"},
		{"two prompt tools", claude.Options{CanUseTool: decide, ExtraArgs: []string{"--permission-prompt-tool", "mcp__x"}}, "2.1.330",
			[]string{"CanUseTool"}, false, "another permission prompt tool"},
		{"empty beta", claude.Options{Betas: []string{"context-1m-2025-08-07", " "}}, "2.1.332", []string{"Betas"}, false, "an empty beta"},
		{"betas as a list", claude.Options{Betas: []string{"context-1m-2025-08-07,other"}}, "2.1.332", []string{"Betas"}, false, "one beta per element"},
		{"beta like a flag", claude.Options{Betas: []string{"--model"}}, "2.1.332", []string{"Betas"}, false, "starts with a dash"},
		{"plugin without path", claude.Options{Plugins: []claude.Plugin{{Path: "/p"}, {}}}, "2.1.37", []string{"Plugins"}, false, "plugin 1 has no Path"},
		// The options of the Agent SDK 0.3.332, gated by the first installed CLI with each flag.
		{"adaptive thinking on 2.1.40", claude.Options{Thinking: &claude.Thinking{Type: "adaptive"}}, "2.1.40", []string{"Thinking"}, true, "older than 2.1.52"},
		{"thinking display on 2.1.87", claude.Options{Thinking: &claude.Thinking{Type: "enabled", BudgetTokens: 5, Display: "omitted"}}, "2.1.87", []string{"Thinking"}, true, "older than 2.1.100"},
		{"thinking and max thinking tokens", claude.Options{Thinking: &claude.Thinking{Type: "enabled", BudgetTokens: 5}, MaxThinkingTokens: 5}, "2.1.332", []string{"Thinking"}, false, "exclude each other"},
		{"bad thinking", claude.Options{Thinking: &claude.Thinking{Type: "lots"}}, "2.1.332", []string{"Thinking"}, false, `thinking type "lots"`},
		{"display of disabled thinking", claude.Options{Thinking: &claude.Thinking{Type: "disabled", Display: "omitted"}}, "2.1.332", []string{"Thinking"}, false, "disabled"},
		{"resume at without resume", claude.Options{ResumeSessionAt: "u"}, "2.1.332", []string{"ResumeSessionAt"}, false, "needs Resume"},
		{"hook events on 2.1.87", claude.Options{IncludeHookEvents: true}, "2.1.87", []string{"IncludeHookEvents"}, true, "older than 2.1.100"},
		{"task budget on 2.1.83", claude.Options{TaskBudget: 1000}, "2.1.83", []string{"TaskBudget"}, true, "older than 2.1.84"},
		{"project config root on 2.1.268", claude.Options{ProjectConfigRoot: "/p"}, "2.1.268", []string{"ProjectConfigRoot"}, true, "older than 2.1.278"},
		{"resume drops turn on 2.1.219", claude.Options{Resume: "r", ResumeSessionAt: "u", ResumeDropsTurn: "p"}, "2.1.219", []string{"ResumeDropsTurn"}, true, "older than 2.1.229"},
		{"resume drops turn alone", claude.Options{ResumeDropsTurn: "p"}, "2.1.332", []string{"ResumeDropsTurn"}, false, "needs ResumeSessionAt"},
		{"permission prompts on 2.1.37", claude.Options{PermissionPrompts: "none"}, "2.1.37", []string{"PermissionPrompts"}, true, "older than 2.1.113"},
		{"bad permission prompts", claude.Options{PermissionPrompts: "user"}, "2.1.332", []string{"PermissionPrompts"}, false, `unknown target "user"`},
		{"no prompts and a callback", claude.Options{PermissionPrompts: "none", CanUseTool: decide}, "2.1.332", []string{"PermissionPrompts"}, false, "never calls CanUseTool"},
		{"prompt tool and a callback", claude.Options{PermissionPromptTool: "mcp__x", CanUseTool: decide}, "2.1.37", []string{"PermissionPromptTool"}, false, "exclude each other"},
		{"managed settings on 2.1.113", claude.Options{ManagedSettings: `{}`}, "2.1.113", []string{"ManagedSettings"}, true, "older than 2.1.124"},
		{"managed settings not JSON", claude.Options{ManagedSettings: `policy.json`}, "2.1.332", []string{"ManagedSettings"}, false, "not a JSON object"},
		{"sandbox, settings file missing", claude.Options{Settings: "/does/not/exist.json", Sandbox: &claude.SandboxSettings{}}, "2.1.332",
			[]string{"Settings"}, false, "read the settings file to merge Sandbox into"},
		{"sandbox, settings not an object", claude.Options{Settings: `{"a": }`, Sandbox: &claude.SandboxSettings{}}, "2.1.332",
			[]string{"Settings"}, false, "not a JSON object"},
		{"sandbox, settings' sandbox not an object", claude.Options{Settings: `{"sandbox": true}`, Sandbox: &claude.SandboxSettings{}}, "2.1.332",
			[]string{"Settings"}, false, "their sandbox is not a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			args, err := tt.opts.Args(tt.version)
			if err == nil {
				t.Fatalf("Args = %q, want an error", args)
			}
			var named []string
			for _, e := range flatten(err) {
				var oe *claude.OptionError
				if !errors.As(e, &oe) {
					t.Fatalf("error %v is not an OptionError", e)
				}
				named = append(named, oe.Option)
			}
			if !slices.Equal(named, tt.options) {
				t.Errorf("options named = %v, want %v (%v)", named, tt.options, err)
			}
			if errors.Is(err, errors.ErrUnsupported) != tt.unsupported {
				t.Errorf("errors.Is(ErrUnsupported) = %t, want %t", !tt.unsupported, tt.unsupported)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q does not say %q", err, tt.text)
			}
		})
	}
}

// TestOptionsSandboxSettingsFile checks that Sandbox is merged into a
// settings file, read from WorkDir when its path is relative, and that
// the file is left as it is.
func TestOptionsSandboxSettingsFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const file = `{"env": {"A": "1"}, "sandbox": {"excludedCommands": ["git"]}}`
	if err := os.WriteFile(filepath.Join(dir, "settings.json"), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{"--settings", `{"env":{"A":"1"},"sandbox":{"enabled":true,"excludedCommands":["git"]}}`}
	for _, opts := range []claude.Options{
		{Settings: filepath.Join(dir, "settings.json")},
		{Settings: "settings.json", WorkDir: dir},
	} {
		opts.Sandbox = &claude.SandboxSettings{Enabled: new(true)}
		got, err := opts.Args("2.1.332")
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Settings %q, WorkDir %q: Args = %q, %v; want %q", opts.Settings, opts.WorkDir, got, err, want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "settings.json")); err != nil || string(b) != file {
		t.Errorf("the settings file became %q, %v", b, err)
	}
}

// flatten returns the errors joined in err, or err alone.
func flatten(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestAbbreviate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		s    string
		max  int
		want string
	}{
		{"short", "hello", 10, "hello"},
		{"exact", "hello", 5, "hello"},
		{"cut", "abcdefghij", 4, "ab\n[… 6 characters omitted …]\nij"},
		{"lines", "line1\nline2\nline3\n", 12, "line1\n[… 6 characters omitted …]\nline3\n"},
		{"multibyte", "ééééééééé", 4, "éé\n[… 5 characters omitted …]\néé"},
		{"cjk", "日本語のテキストです", 2, "日\n[… 8 characters omitted …]\nす"},
		{"invalid utf8", "a\xff\xfeb\xffc", 2, "a\n[… 4 characters omitted …]\nc"},
		{"zero", "abc", 0, "[… 3 characters omitted …]"},
		{"negative", "abc", -5, "[… 3 characters omitted …]"},
		{"empty", "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := claude.Abbreviate(tt.s, tt.max); got != tt.want {
				t.Errorf("Abbreviate(%q, %d) = %q, want %q", tt.s, tt.max, got, tt.want)
			}
		})
	}
}

func TestAbbreviateLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		s    string
		max  int
		want string
	}{
		{"short", "a\nb\n", 2, "a\nb\n"},
		{"no newline", "a\nb", 2, "a\nb"},
		{"cut", "1\n2\n3\n4\n5\n6\n", 4, "1\n2\n[… 2 lines omitted …]\n5\n6\n"},
		{"cut without final newline", "1\n2\n3\n4\n5", 2, "1\n[… 3 lines omitted …]\n5"},
		{"odd max", "1\n2\n3\n4\n5\n", 3, "1\n[… 3 lines omitted …]\n5\n"},
		{"empty lines", "\n\n\n\n", 2, "\n[… 2 lines omitted …]\n\n"},
		{"zero", "1\n2\n", 0, "[… 2 lines omitted …]\n"},
		{"one line", "x", 0, "[… 1 lines omitted …]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := claude.AbbreviateLines(tt.s, tt.max); got != tt.want {
				t.Errorf("AbbreviateLines(%q, %d) = %q, want %q", tt.s, tt.max, got, tt.want)
			}
		})
	}
}

// TestCLINotFound checks what zero Options say when no claude is on PATH.
// It sets PATH, so it does not run in parallel.
func TestCLINotFound(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv(cliinstall.EnvBinary, "")
	_, err := claude.Connect(t.Context(), claude.Options{})
	var nf *claude.CLINotFoundError
	if !errors.As(err, &nf) || !errors.Is(err, cliinstall.ErrNotFound) {
		t.Fatalf("Connect = %v, want a *CLINotFoundError wrapping cliinstall.ErrNotFound", err)
	}
	for _, want := range []string{"npm install -g @anthropic-ai/claude-code", "Options.Binary", "Options.Version"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}
