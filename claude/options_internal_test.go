package claude

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/protocol"
)

func TestLacking(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		needs, want string
	}{
		{">2.1.37", "Claude Code 2.1.37 and older do not have it"},
		{">=2.1.100", "Claude Code older than 2.1.100 do not have it"},
		{"<2.1.330", "Claude Code 2.1.330 and newer do not have it"},
		{"<=2.1.330", "Claude Code newer than 2.1.330 do not have it"},
		{">2.1.37, <3.0.0", "Claude Code 2.1.37 and older, and 3.0.0 and newer, do not have it"},
	} {
		if got := lacking(cliversion.MustParseConstraint(tc.needs)); got != tc.want {
			t.Errorf("lacking(%q) = %q, want %q", tc.needs, got, tc.want)
		}
	}
}

// TestOptionFlags checks the flag table: one row per option and flag, each
// with a way to write it, and choices named.
func TestOptionFlags(t *testing.T) {
	t.Parallel()
	options, flags := map[string]bool{}, map[string]string{}
	for _, row := range optionFlags {
		// A flag may serve two options only when it can be repeated:
		// --mcp-config for MCPConfig's files and MCPServers' "sdk" entry.
		// Thinking has three flags; --max-thinking-tokens serves it and
		// MaxThinkingTokens. --permission-prompt-tool serves CanUseTool
		// (stdio) and PermissionPromptTool, which exclude each other.
		if other, ok := flags[row.flag]; (options[row.option] && row.option != "Thinking") || ok && row.flag != "--mcp-config" && row.flag != "--max-thinking-tokens" && row.flag != "--permission-prompt-tool" {
			t.Errorf("%s (%s) is in the table twice (also %s)", row.option, row.flag, other)
		}
		options[row.option], flags[row.flag] = true, row.option
		if row.viaInit && row.toFile {
			t.Errorf("%s: both in initialize and in a file", row.option)
		}
		if row.value == nil {
			t.Errorf("%s: no value", row.option)
		}
		if (row.choice == "") != (row.choices == nil) {
			t.Errorf("%s: choices %v named %q", row.option, row.choices, row.choice)
		}
		if occurrences, problem := row.value(&Options{}); occurrences != nil || problem != "" {
			t.Errorf("%s: the zero Options give %q, %q", row.option, occurrences, problem)
		}
	}
}

// TestOptionsEnv checks the environment entries of FileCheckpointing: after
// Env, so that they win, without writing into Env's array.
func TestOptionsEnv(t *testing.T) {
	t.Parallel()
	env := make([]string, 1, 4)
	env[0] = "A=1"
	o := Options{Env: env}
	if got := o.env(); !slices.Equal(got, []string{"A=1"}) {
		t.Errorf("env = %q, want Env", got)
	}
	o.FileCheckpointing = true
	if got := o.env(); !slices.Equal(got, []string{"A=1", "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true"}) {
		t.Errorf("env with FileCheckpointing = %q", got)
	}
	if extra := env[:2][1]; extra != "" {
		t.Errorf("env wrote %q into Env's array", extra)
	}
}

// TestConfigOffCommandLine checks where a large configuration goes: the
// prompts and the agents in the initialize request, none of them on the
// command line; the JSON of MCPConfig and Settings in files readable by
// the user only, whose paths the flags get, removed with remove. A file's
// path stays as given.
func TestConfigOffCommandLine(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 70_000)
	mcp := `{"mcpServers":{"a":{"command":"` + big + `"}}}`
	o := Options{
		SystemPrompt:       big,
		AppendSystemPrompt: "and more",
		Agents:             map[string]AgentDefinition{"a": {Description: "d", Prompt: big}},
		MCPConfig:          []string{mcp, "servers.json"},
		Settings:           `{"env":{"A":"1"}}`,
		Model:              "opus",
	}
	files := new(configFiles)
	args, err := o.args("2.1.37", files)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.remove() })
	if n := len(strings.Join(args, " ")); n > 512 {
		t.Errorf("args are %d bytes: %.200q", n, args)
	}
	want := []string{"--model", "opus", "--mcp-config", filepath.Join(files.dir, "mcpconfig-1.json"), "--mcp-config", "servers.json",
		"--settings", filepath.Join(files.dir, "settings-2.json")}
	if !slices.Equal(args, want) {
		t.Errorf("args = %q, want %q", args, want)
	}
	for path, content := range map[string]string{want[3]: mcp, want[7]: o.Settings} {
		b, err := os.ReadFile(path)
		if err != nil || string(b) != content {
			t.Errorf("%s holds %.40q (%v), want the option's JSON", path, b, err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v), want 0600", path, fi.Mode(), err)
		}
	}
	req, err := o.initializeRequest("2.1.37")
	if err != nil {
		t.Fatal(err)
	}
	var prompt string
	if err := json.Unmarshal(req.SystemPrompt, &prompt); err != nil || prompt != big {
		t.Errorf("initialize systemPrompt is %d bytes (%v), want the option's", len(prompt), err)
	}
	var agents map[string]AgentDefinition
	if err := json.Unmarshal(req.Agents, &agents); err != nil || agents["a"].Prompt != big || req.AppendSystemPrompt != "and more" {
		t.Errorf("initialize agents %.80s, append %q (%v)", req.Agents, req.AppendSystemPrompt, err)
	}
	if err := files.remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(files.dir); !os.IsNotExist(err) {
		t.Errorf("the files' folder is still there (%v)", err)
	}
	if args, _ := o.Args("2.1.37"); !slices.Contains(args, mcp) {
		t.Errorf("Args (no files) = %.200q, want the JSON as given", args)
	}
}

// TestInitOptions checks the options of the initialize request: set in
// the request where the version reads them, refused as unsupported before.
func TestInitOptions(t *testing.T) {
	t.Parallel()
	o := Options{Title: "t", Skills: []string{"s"}, PromptSuggestions: true, AgentProgressSummaries: true, ForwardSubagentText: true}
	req, err := o.initializeRequest("2.1.332")
	if err != nil {
		t.Fatal(err)
	}
	if req.Title != "t" || !slices.Equal(req.Skills, []string{"s"}) || !req.PromptSuggestions || !req.AgentProgressSummaries || !req.ForwardSubagentText {
		t.Errorf("initialize request %+v", req)
	}
	_, err = o.initializeRequest("2.1.37")
	var oe *OptionError
	if !errors.As(err, &oe) || !oe.Unsupported || oe.Option != "Title" {
		t.Errorf("on 2.1.37: %v, want Title unsupported", err)
	}
	if _, err := (&Options{}).initializeRequest("2.1.37"); err != nil {
		t.Errorf("no options on 2.1.37: %v", err)
	}
}

// TestInitOptionsSDK0332 checks the initialize members of the options of
// the Agent SDK 0.3.332 this client added last, each refused on the last
// installed version before the first that reads it.
func TestInitOptionsSDK0332(t *testing.T) {
	t.Parallel()
	o := Options{ToolAliases: map[string]string{"Bash": "mcp__w__bash"}, PlanModeInstructions: "plan", ExcludeDynamicSections: true, SystemPromptSnapshot: new(false)}
	req, err := o.initializeRequest("2.1.332")
	if err != nil {
		t.Fatal(err)
	}
	if string(req.ToolAliases) != `{"Bash":"mcp__w__bash"}` || req.PlanModeInstructions != "plan" || !req.ExcludeDynamicSections || string(req.SystemPromptSnapshot) != "false" {
		t.Errorf("initialize request %+v", req)
	}
	for _, tt := range []struct {
		opts    Options
		version string
		option  string
	}{
		{Options{ExcludeDynamicSections: true}, "2.1.87", "ExcludeDynamicSections"},
		{Options{PlanModeInstructions: "p"}, "2.1.113", "PlanModeInstructions"},
		{Options{ToolAliases: map[string]string{"a": "b"}}, "2.1.139", "ToolAliases"},
		{Options{SystemPromptSnapshot: new(true)}, "2.1.252", "SystemPromptSnapshot"},
	} {
		_, err := tt.opts.initializeRequest(tt.version)
		var oe *OptionError
		if !errors.As(err, &oe) || !oe.Unsupported || oe.Option != tt.option {
			t.Errorf("%s on %s: %v, want it unsupported", tt.option, tt.version, err)
		}
	}
	_, err = (&Options{ExcludeDynamicSections: true, SystemPrompt: "own"}).initializeRequest("2.1.332")
	if oe := (*OptionError)(nil); !errors.As(err, &oe) || oe.Option != "ExcludeDynamicSections" {
		t.Errorf("ExcludeDynamicSections with SystemPrompt: %v, want refused", err)
	}
}

// TestLaunchConfig checks what goes in the initialize request at launch,
// where the version reads it: the plugins (2.1.268 on), the managed
// settings (2.1.323 on) and the JSON of MCPConfig, merged (2.1.326 on);
// before, nothing (Args passes the flags).
func TestLaunchConfig(t *testing.T) {
	t.Parallel()
	o := Options{
		Plugins:         []Plugin{{Path: "/p/one"}},
		ManagedSettings: ` {"permissions":{"deny":["Bash"]}} `,
		MCPConfig:       []string{`{"mcpServers":{"a":{"command":"x"}}}`, "servers.json", `{"mcpServers":{"b":{"type":"http","url":"u"}}}`},
	}
	for _, tt := range []struct {
		version               string
		plugins, managed, mcp string
	}{
		{"2.1.252", "", "", ""},
		{"2.1.268", `[{"type":"local","path":"/p/one"}]`, "", ""},
		{"2.1.323", `[{"type":"local","path":"/p/one"}]`, `{"permissions":{"deny":["Bash"]}}`, ""},
		{"2.1.332", `[{"type":"local","path":"/p/one"}]`, `{"permissions":{"deny":["Bash"]}}`, `{"a":{"command":"x"},"b":{"type":"http","url":"u"}}`},
		{"", "", "", ""},
	} {
		req, err := o.initializeRequest(tt.version)
		if err != nil {
			t.Fatalf("%s: %v", tt.version, err)
		}
		if string(req.Plugins) != tt.plugins || string(req.ManagedSettings) != tt.managed || string(req.MCPServers) != tt.mcp {
			t.Errorf("%s: plugins %s, managed settings %s, MCP servers %s; want %s, %s, %s", tt.version, req.Plugins, req.ManagedSettings, req.MCPServers, tt.plugins, tt.managed, tt.mcp)
		}
	}
	dup := Options{MCPConfig: []string{`{"mcpServers":{"a":{}}}`, `{"mcpServers":{"a":{}}}`}}
	if _, err := dup.initializeRequest("2.1.332"); err == nil || !strings.Contains(err.Error(), `two configurations name MCP server "a"`) {
		t.Errorf("two servers a: %v", err)
	}
}

// TestHookRegistryEveryEvent registers a callback for each of the SDK's 34
// hook events, with the matcher's onFailure, and checks the initialize
// request's hooks member.
func TestHookRegistryEveryEvent(t *testing.T) {
	t.Parallel()
	f := func(context.Context, *protocol.HookInput) (*protocol.HookOutput, error) { return nil, nil }
	hooks := map[protocol.HookEvent][]HookMatcher{}
	for _, ev := range protocol.HookEvents() {
		hooks[ev] = []HookMatcher{{Hooks: []HookFunc{f}}}
	}
	hooks[protocol.HookPreToolUse] = []HookMatcher{{Matcher: "Bash", Hooks: []HookFunc{f}, OnFailure: HookFailureBlock}}
	r, err := newHookRegistry(hooks)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string][]map[string]any
	if err := json.Unmarshal(r.config, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 34 || len(r.funcs) != 34 {
		t.Fatalf("%d events, %d callbacks registered, want 34", len(got), len(r.funcs))
	}
	if m := got["PreToolUse"][0]; m["onFailure"] != "block" || m["matcher"] != "Bash" {
		t.Errorf("PreToolUse matcher %v", m)
	}
	if _, ok := got["Stop"][0]["onFailure"]; ok {
		t.Errorf("Stop matcher %v has an onFailure it was not given", got["Stop"][0])
	}
}
