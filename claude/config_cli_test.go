package claude_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// TestConfigOffCommandLineCLI gives the real CLI of every pinned version a
// large configuration, the one issue 34 measured at 126,836 bytes of
// command line: a 60 KB system prompt, an appended prompt and 30
// subagents with 2 KB prompts each, and an MCP server configuration. The
// command line the CLI process got stays under a few KB, far below
// Windows' 32,767, and the API request shows the prompt, the appended
// text and every agent reached the model, and the MCP server connected.
func TestConfigOffCommandLineCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"LargeConfig", testLargeConfigCLI}})
}

// maxArgvBytes is the bound on the command line of a large configuration:
// a few KB (the flags, the paths of the CLI and of the configuration
// files).
const maxArgvBytes = 4096

func testLargeConfigCLI(t *testing.T, bin cliinstall.Binary) {
	const appended = "ccwire-appended: the appended prompt reached the model."
	system := "ccwire-system-start. " + strings.Repeat("You are a careful assistant for ccwire's tests. ", 60_000/48) + " ccwire-system-end."
	agents := make(map[string]claude.AgentDefinition, 30)
	for i := range 30 {
		name := fmt.Sprintf("ccwire-agent-%02d", i)
		agents[name] = claude.AgentDefinition{
			Description: fmt.Sprintf("Use %s for task number %d of the ccwire tests.", name, i),
			Prompt:      strings.Repeat(fmt.Sprintf("You are agent %d. ", i), 2000/16),
		}
	}
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.SystemPrompt = system
	opts.AppendSystemPrompt = appended
	opts.Agents = agents
	mcp, err := json.Marshal(map[string]any{"mcpServers": map[string]claude.MCPServerConfig{"echo": testMCPServer(t)}})
	if err != nil {
		t.Fatal(err)
	}
	opts.MCPConfig = []string{string(mcp)}
	c := connectCLI(t, opts)
	ctx := ctxFor(t)

	argv := c.Session().Args()
	if n := argvBytes(argv); n > maxArgvBytes {
		t.Errorf("the CLI's command line is %d bytes (want at most %d): %.300q", n, maxArgvBytes, argv)
	}
	if runtime.GOOS == "linux" { // what the process really got
		b, err := os.ReadFile("/proc/" + strconv.Itoa(c.Session().PID()) + "/cmdline")
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("the CLI process's command line: %d bytes (%d arguments)", len(b), strings.Count(string(b), "\x00"))
		if len(b) > maxArgvBytes {
			t.Errorf("/proc/PID/cmdline holds %d bytes, want at most %d", len(b), maxArgvBytes)
		}
	}

	turn, err := c.Query(ctx, "Hi.", nil)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	init := initOf(t, turn.Messages)
	for name := range agents {
		if !slices.Contains(init.Agents, name) {
			t.Errorf("system/init's agents %q lack %s", init.Agents, name)
		}
	}
	if !containsMCP(init.MCPServers, "echo") {
		t.Errorf("system/init's MCP servers %+v lack echo", init.MCPServers)
	}
	prompt := stub.SystemPrompt()
	for _, want := range []string{"ccwire-system-start.", "ccwire-system-end.", appended} {
		if !strings.Contains(prompt, want) {
			t.Errorf("the API's system prompt (%d bytes) lacks %q", len(prompt), want)
		}
	}
	main := stub.MainRequests()
	if len(main) == 0 {
		t.Fatal("no main-loop request")
	}
	body := string(main[0].Body)
	for name, a := range agents {
		if !strings.Contains(body, name) || !strings.Contains(body, a.Description) {
			t.Errorf("the API request does not name agent %s with its description", name)
		}
	}
}

// argvBytes is the size of a command line as the kernel holds it: each
// argument and its NUL.
func argvBytes(argv []string) int {
	n := 0
	for _, a := range argv {
		n += len(a) + 1
	}
	return n
}

// containsMCP reports whether servers list one named name.
func containsMCP(servers []protocol.MCPServerStatus, name string) bool {
	return slices.ContainsFunc(servers, func(s protocol.MCPServerStatus) bool { return s.Name == name })
}

// TestSDKOptionsCLI passes the options of the Agent SDK 0.3.332 that map
// to flags to the real CLI of every pinned version, those the version has
// (2.1.37 lacks --thinking, --include-hook-events and --task-budget, which
// Args refuses), and on 2.1.332 those of the initialize request (Title,
// PromptSuggestions, AgentProgressSummaries, ForwardSubagentText): the CLI
// takes them and the turn succeeds. Agent runs the
// main thread as an agent of Agents, whose prompt becomes the API's
// system prompt; NoSessionPersistence leaves no transcript in the config
// folder.
func TestSDKOptionsCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"Accepted", testSDKOptionsCLI}, {"Options0332", testSDKOptions0332CLI}})
}

func testSDKOptionsCLI(t *testing.T, bin cliinstall.Binary) {
	const agentPrompt = "ccwire-main-agent: you are the reviewer agent."
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.ConfigDir = t.TempDir()
	opts.Agents = map[string]claude.AgentDefinition{"reviewer": {Description: "Reviews", Prompt: agentPrompt}}
	opts.Agent = "reviewer"
	opts.StrictMCPConfig = true
	opts.NoSessionPersistence = true
	if bin.Version == cliinstall.SeedVersion {
		opts.Thinking = &claude.Thinking{Type: "enabled", BudgetTokens: 2048}
		for _, o := range []claude.Options{{Thinking: &claude.Thinking{Type: "adaptive"}}, {IncludeHookEvents: true}, {TaskBudget: 1000}} {
			if _, err := o.Args(bin.Version); !errors.Is(err, errors.ErrUnsupported) {
				t.Errorf("Args(%s) of %+v = %v, want unsupported", bin.Version, o, err)
			}
		}
	} else {
		opts.Thinking = &claude.Thinking{Type: "adaptive", Display: "summarized"}
		opts.IncludeHookEvents = true
		opts.TaskBudget = 100000
		opts.Title = "ccwire titled session"
		opts.PromptSuggestions = true
		opts.AgentProgressSummaries = true
		opts.ForwardSubagentText = true
	}
	if _, err := claude.Query(ctxFor(t), "Hi.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	if !strings.Contains(stub.SystemPrompt(), agentPrompt) {
		t.Errorf("the API's system prompt lacks the main agent's prompt")
	}
	var transcripts []string
	_ = filepath.WalkDir(filepath.Join(opts.ConfigDir, "projects"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".jsonl") {
			transcripts = append(transcripts, path)
		}
		return nil
	})
	if len(transcripts) > 0 {
		t.Errorf("NoSessionPersistence: transcripts %q written", transcripts)
	}
}

// testSDKOptions0332CLI (TestSDKOptionsCLI/*/Options0332) passes the options of the Agent SDK 0.3.332 added
// last to the real CLI of every pinned version. On 2.1.332 the CLI takes
// them all: the plan-mode reminder carries PlanModeInstructions, DebugFile
// gets the debug log, and the plugins and MCP servers sent in the
// initialize request under --await-initialize are applied (the answer's
// plugins_applied and mcp_servers_applied; system/init lists the plugin
// and the server); ManagedSettings goes there too
// (--managed-settings-in-initialize). ExcludeDynamicSections, ToolAliases,
// SystemPromptSnapshot and PermissionPrompts are taken (the turn
// succeeds) but their effect is not checked: with the stub, 2.1.332 keeps
// its environment section out of the system prompt with or without
// ExcludeDynamicSections. On 2.1.37 each is refused with an *OptionError
// wrapping errors.ErrUnsupported before any CLI starts, and the plugins
// and the MCP server go on the command line.
func testSDKOptions0332CLI(t *testing.T, bin cliinstall.Binary) {
	const instructions = "ccwire-plan-instructions: list the files first."
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello.")))
	opts := cliOptions(t, bin, stub)
	opts.WorkDir = t.TempDir()
	opts.PermissionMode = protocol.PermissionPlan
	plugin := testPlugin(t)
	opts.Plugins = []claude.Plugin{{Path: plugin}}
	mcp, err := json.Marshal(map[string]any{"mcpServers": map[string]claude.MCPServerConfig{"echo": testMCPServer(t)}})
	if err != nil {
		t.Fatal(err)
	}
	opts.MCPConfig = []string{string(mcp)}
	newer := bin.Version != cliinstall.SeedVersion
	if !newer {
		for name, set := range map[string]func(*claude.Options){
			"PlanModeInstructions":   func(o *claude.Options) { o.PlanModeInstructions = instructions },
			"ExcludeDynamicSections": func(o *claude.Options) { o.ExcludeDynamicSections = true },
			"ToolAliases":            func(o *claude.Options) { o.ToolAliases = map[string]string{"Shell": "Bash"} },
			"SystemPromptSnapshot":   func(o *claude.Options) { o.SystemPromptSnapshot = new(false) },
			"ManagedSettings":        func(o *claude.Options) { o.ManagedSettings = `{}` },
			"PermissionPrompts":      func(o *claude.Options) { o.PermissionPrompts = "host" },
			"ResumeDropsTurn":        func(o *claude.Options) { o.Resume, o.ResumeSessionAt, o.ResumeDropsTurn = "r", "u", "p" },
		} {
			o := cliOptions(t, bin, stub)
			set(&o)
			c, err := claude.Connect(ctxFor(t), o)
			var oe *claude.OptionError
			if !errors.As(err, &oe) || oe.Option != name || !errors.Is(err, errors.ErrUnsupported) {
				if c != nil {
					c.Close()
				}
				t.Errorf("Connect on %s with %s = %v, want it unsupported", bin.Version, name, err)
			}
		}
	} else {
		opts.PlanModeInstructions = instructions
		opts.ExcludeDynamicSections = true
		opts.ToolAliases = map[string]string{"Shell": "Bash"}
		opts.SystemPromptSnapshot = new(false)
		opts.ManagedSettings = `{"permissions":{"deny":["WebFetch"]}}`
		opts.PermissionPrompts = "host"
		opts.AllowDangerouslySkipPermissions = true
		opts.DebugFile = filepath.Join(t.TempDir(), "debug.log")
	}
	c := connectCLI(t, opts)
	argv := strings.Join(c.Session().Args(), " ")
	if newer {
		for _, flag := range []string{"--await-initialize", "--managed-settings-in-initialize"} {
			if !strings.Contains(argv, flag) {
				t.Errorf("the command line lacks %s: %s", flag, argv)
			}
		}
		for _, flag := range []string{"--plugin-dir", "--mcp-config"} {
			if strings.Contains(argv, flag) {
				t.Errorf("the command line has %s: %s", flag, argv)
			}
		}
		ir := c.InitializeResponse()
		if !ir.PluginsApplied || !ir.MCPServersApplied {
			t.Errorf("initialize answer: plugins_applied %t, mcp_servers_applied %t; want both", ir.PluginsApplied, ir.MCPServersApplied)
		}
	} else if !strings.Contains(argv, "--plugin-dir "+plugin) || !strings.Contains(argv, "--mcp-config") {
		t.Errorf("2.1.37's command line lacks the plugin or the MCP configuration: %s", argv)
	}
	turn, err := c.Query(ctxFor(t), "Hi.", nil)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	init := initOf(t, turn.Messages)
	if !containsMCP(init.MCPServers, "echo") {
		t.Errorf("system/init's MCP servers %+v lack echo", init.MCPServers)
	}
	if !slices.ContainsFunc(init.Plugins, func(p protocol.PluginInfo) bool { return p.Name == "ccwire-probe" }) {
		t.Errorf("system/init's plugins %+v lack ccwire-probe", init.Plugins)
	}
	if !newer {
		return
	}
	main := stub.MainRequests()
	if len(main) == 0 {
		t.Fatal("no main-loop request")
	}
	body := string(main[0].Body)
	if !strings.Contains(body, instructions) {
		t.Errorf("the API request lacks the plan-mode instructions")
	}
	if fi, err := os.Stat(opts.DebugFile); err != nil || fi.Size() == 0 {
		t.Errorf("DebugFile: %v (%v), want a debug log", fi, err)
	}
}
