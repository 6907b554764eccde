package claude_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/internal/mcpecho"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// TestSDKParityCLI drives the hooks and in-process MCP tools of the client
// through the real CLI of every pinned version.
func TestSDKParityCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{
		{"HookBlocksBash", testClientHookBlocks},
		{"InProcessTool", testClientInProcessTool},
		{"ControlRequests", testClientControlRequestsCLI},
		{"StructuredOutput", testClientStructuredOutput},
		{"HookEvents", testClientHookEvents},
		{"MCPControl", testClientMCPControlCLI},
		{"SettingsAgentsBudget", testClientSettingsAgentsBudget},
		{"Plugins", testClientPluginsCLI},
		{"BetasStderr", testClientBetasStderrCLI},
		{"SandboxSettings", testClientSandboxCLI},
		{"FileCheckpointing", testClientFileCheckpointingCLI},
		{"ExtraArgs", testClientExtraArgsCLI},
	})
}

// testMCPServer is the configuration of the test MCP server (package
// mcpecho), run from this test binary; args go after its command.
func testMCPServer(t *testing.T, args ...string) claude.MCPServerConfig {
	t.Helper()
	cmd, err := mcpecho.SelfCommand()
	if err != nil {
		t.Fatal(err)
	}
	return claude.MCPServerConfig{Command: cmd[0], Args: append(cmd[1:], args...)}
}

// mcpServerStatus returns the status of the server named name in st, ""
// when st does not list it.
func mcpServerStatus(st *protocol.MCPStatusResponse, name string) string {
	for _, s := range st.MCPServers {
		if s.Name == name {
			return s.Status
		}
	}
	return ""
}

// testClientMCPControlCLI drives the MCP control requests against an
// external stdio server (the test MCP server of --mcp-config) and servers
// added at run time. Every pinned CLI knows the three requests, 2.1.37
// included: none gives an UnsupportedRequestError.
func testClientMCPControlCLI(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript())
	opts := cliOptions(t, bin, stub)
	cfg, err := json.Marshal(map[string]any{"mcpServers": map[string]claude.MCPServerConfig{"echo": testMCPServer(t)}})
	if err != nil {
		t.Fatal(err)
	}
	opts.MCPConfig = []string{string(cfg)}
	c := connectCLI(t, opts)
	ctx := ctxFor(t)

	// wantStatus checks the servers' status, asking again while one is
	// still connecting (pending): the CLI connects in the background, so
	// right after initialize or a reconnection it may not be done.
	wantStatus := func(step string, want map[string]string) {
		t.Helper()
		for {
			st, err := c.MCPStatus(ctx)
			if err != nil {
				t.Fatalf("%s: MCPStatus: %v", step, err)
			}
			var got, pending []string
			for _, s := range st.MCPServers {
				got = append(got, s.Name+"="+s.Status)
				if s.Status == "pending" && want[s.Name] != "pending" {
					pending = append(pending, s.Name)
				}
			}
			if len(pending) > 0 {
				select {
				case <-ctx.Done():
					t.Fatalf("%s: servers %v still pending: %v", step, pending, ctx.Err())
				case <-time.After(50 * time.Millisecond):
				}
				continue
			}
			for name, status := range want {
				if g := mcpServerStatus(st, name); g != status {
					t.Errorf("%s: server %s has status %q, want %q (%v)", step, name, g, status, got)
				}
			}
			return
		}
	}
	wantStatus("start", map[string]string{"echo": "connected"})

	if err := c.MCPToggle(ctx, "echo", false); err != nil {
		t.Fatalf("MCPToggle off: %v", err)
	}
	wantStatus("disabled", map[string]string{"echo": "disabled"})
	if err := c.MCPToggle(ctx, "echo", true); err != nil {
		t.Fatalf("MCPToggle on: %v", err)
	}
	wantStatus("enabled", map[string]string{"echo": "connected"})

	if err := c.MCPReconnect(ctx, "echo"); err != nil {
		t.Fatalf("MCPReconnect: %v", err)
	}
	wantStatus("reconnected", map[string]string{"echo": "connected"})

	var ce *claude.ControlError
	if err := c.MCPReconnect(ctx, "nope"); !errors.As(err, &ce) || !strings.Contains(err.Error(), "Server not found: nope") {
		t.Errorf("MCPReconnect of an unknown server = %v, want a ControlError saying Server not found", err)
	}
	if err := c.MCPToggle(ctx, "nope", false); !errors.As(err, &ce) || !strings.Contains(err.Error(), "Server not found: nope") {
		t.Errorf("MCPToggle of an unknown server = %v, want a ControlError saying Server not found", err)
	}

	set, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"second": testMCPServer(t), "broken": testMCPServer(t, "-fail")})
	if err != nil {
		t.Fatalf("MCPSetServers: %v", err)
	}
	errs, err := set.ServerErrors()
	slices.Sort(set.Added)
	if err != nil || !slices.Equal(set.Added, []string{"broken", "second"}) || len(set.Removed) != 0 || errs["second"] != "" {
		t.Errorf("MCPSetServers = %+v (errors %v, %v); want broken and second added, second without error", set, errs, err)
	}
	t.Logf("MCPSetServers: the failed server's error: %q", errs["broken"])
	wantStatus("set", map[string]string{"echo": "connected", "second": "connected", "broken": "failed"})

	set, err = c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{})
	slices.Sort(set.Removed)
	if err != nil || len(set.Added) != 0 || !slices.Equal(set.Removed, []string{"broken", "second"}) {
		t.Errorf("MCPSetServers of none = %+v, %v; want broken and second removed", set, err)
	}
	wantStatus("unset", map[string]string{"echo": "connected", "second": "", "broken": ""})

	if _, err := c.MCPSetServers(ctx, map[string]claude.MCPServerConfig{"x": {}}); err == nil || !strings.Contains(err.Error(), "server x: a stdio server needs a command") {
		t.Errorf("MCPSetServers of a server without command = %v, want an error naming it", err)
	}
}

// testClientSettingsAgentsBudget checks three options the Agent SDKs have
// against the real CLI: SettingSources (the project's settings file sets
// the model only when "project" is a source), Agents (the definition joins
// system/init's agents) and MaxBudgetUSD (the first answer already costs
// more, so the turn ends with error_max_budget_usd and no second request;
// 2.1.332 may have started the answer's tool call while the answer was
// still streaming, so whether it ran is not checked).
func testClientSettingsAgentsBudget(t *testing.T, bin cliinstall.Binary) {
	const projectModel = "claude-haiku-4-5-20251001"
	for _, sources := range [][]claude.SettingSource{{claude.SettingSourceUser}, {claude.SettingSourceProject}} {
		t.Run(string(sources[0]), func(t *testing.T) {
			stub := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo over budget"})),
				stubapi.Text("Not reached."),
			))
			opts := cliOptions(t, bin, stub)
			opts.DangerouslySkipPermissions = true
			opts.WorkDir = t.TempDir()
			if err := os.MkdirAll(filepath.Join(opts.WorkDir, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(opts.WorkDir, ".claude", "settings.json"), []byte(`{"model": "`+projectModel+`"}`), 0o644); err != nil {
				t.Fatal(err)
			}
			opts.SettingSources = sources
			opts.Agents = map[string]claude.AgentDefinition{"reviewer": {Description: "Reviews a diff for bugs", Prompt: "You review diffs.", Tools: []string{"Read"}}}
			opts.MaxBudgetUSD = 0.0001
			var rec recorder
			opts.Handler = &rec
			turn, err := claude.Query(ctxFor(t), "Write a file.", opts)
			var te *claude.TurnError
			if err != nil && !errors.As(err, &te) {
				t.Fatalf("Query: %v", err)
			}
			if r := turn.Result(); r == nil || r.Subtype != protocol.SubtypeErrorMaxBudgetUSD {
				t.Errorf("result %+v, want subtype %s", r, protocol.SubtypeErrorMaxBudgetUSD)
			}
			if n := len(stub.MainRequests()); n != 1 {
				t.Errorf("%d main-loop requests, want 1", n)
			}
			var init *protocol.SystemInit
			for _, ev := range rec.events {
				if ie, ok := ev.(*claude.InitEvent); ok {
					init = ie.Init
				}
			}
			if init == nil {
				t.Fatal("no init event")
			}
			if !slices.Contains(init.Agents, "reviewer") {
				t.Errorf("init agents %q lack the defined reviewer", init.Agents)
			}
			if fromProject := init.Model == projectModel; fromProject != (sources[0] == claude.SettingSourceProject) {
				t.Errorf("setting sources %q: init model %q (the project's settings say %s)", sources, init.Model, projectModel)
			}
		})
	}
}

func testClientHookBlocks(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo never > out.txt"})),
		stubapi.Text("Blocked."),
	))
	opts := cliOptions(t, bin, stub)
	opts.DangerouslySkipPermissions = true
	var seen *protocol.HookInput
	opts.Hooks = map[protocol.HookEvent][]claude.HookMatcher{protocol.HookPreToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{
		func(_ context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
			seen = in
			return claude.BlockTool("no writes in this test"), nil
		},
	}}}}
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Write a file.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	if seen == nil || seen.HookEventName != protocol.HookPreToolUse || seen.ToolName != "Bash" || !strings.Contains(string(seen.ToolInput), "echo never") {
		t.Fatalf("hook input %+v", seen)
	}
	for _, ev := range rec.events {
		if r, ok := ev.(*claude.ToolResultEvent); ok && (!r.IsError || !strings.Contains(r.Text, "no writes in this test")) {
			t.Errorf("tool result %q (error %t)", r.Text, r.IsError)
		}
	}
}

// addInput is the input of the test's add tool.
type addInput struct {
	A float64 `json:"a" description:"first addend"`
	B float64 `json:"b" description:"second addend"`
}

func testClientInProcessTool(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("mcp__calc__add", map[string]any{"a": 2, "b": 3})),
		stubapi.ToolUse(stubapi.Call("mcp__calc__fail", map[string]any{})),
		stubapi.Text("Done."),
	))
	opts := cliOptions(t, bin, stub)
	opts.DangerouslySkipPermissions = true
	calls := make(chan addInput, 1)
	opts.MCPServers = []*claude.MCPServer{{Name: "calc", Tools: []claude.Tool{
		claude.MustTool("add", "Adds two numbers.", func(_ context.Context, in addInput) (*claude.ToolResult, error) {
			calls <- in
			r := claude.TextResult(fmt.Sprint(in.A + in.B))
			r.StructuredContent = map[string]float64{"sum": in.A + in.B}
			return r, nil
		}),
		claude.MustTool("fail", "Always fails.", func(context.Context, struct{}) (*claude.ToolResult, error) {
			return nil, errors.New("the calculator is broken")
		}),
	}}}
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Add 2 and 3.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	select {
	case in := <-calls:
		if in.A != 2 || in.B != 3 {
			t.Errorf("the tool got %+v", in)
		}
	default:
		t.Fatal("the tool was not called")
	}
	// The CLI hands the tool's schema (SchemaOf) to the API as it is;
	// 2.1.332 loads MCP tools' schemas on demand (ToolSearch) and sends
	// none in this turn.
	want, err := claude.SchemaOf(addInput{})
	if err != nil {
		t.Fatal(err)
	}
	var schemas int
	for _, r := range stub.MainRequests() {
		var body struct {
			Tools []struct {
				Name        string          `json:"name"`
				InputSchema json.RawMessage `json:"input_schema"`
			} `json:"tools"`
		}
		if err := json.Unmarshal(r.Body, &body); err != nil {
			t.Fatalf("API request %d: %v", r.Seq, err)
		}
		for _, tl := range body.Tools {
			if tl.Name != "mcp__calc__add" {
				continue
			}
			schemas++
			if !bytes.Equal(tl.InputSchema, want) {
				t.Errorf("API request %d: mcp__calc__add's input_schema\n%s\nwant\n%s", r.Seq, tl.InputSchema, want)
			}
		}
	}
	if bin.Version == cliinstall.SeedVersion && schemas == 0 {
		t.Errorf("no API request of %s lists mcp__calc__add", bin.Version)
	}
	var results []string
	for _, ev := range rec.events {
		if r, ok := ev.(*claude.ToolResultEvent); ok {
			results = append(results, fmt.Sprintf("%s error=%t", r.Text, r.IsError))
		}
	}
	// A result with structured content becomes a tool_result of that
	// content as JSON text, in place of the text content (2.1.37 and
	// 2.1.332). CLI 2.1.330 appends to an MCP tool's error a note on its
	// input schema, which it loads on demand.
	if len(results) != 2 || results[0] != `{"sum":5} error=false` ||
		!strings.HasPrefix(results[1], "the calculator is broken") || !strings.HasSuffix(results[1], "error=true") {
		t.Errorf("tool results %q, want the structured {\"sum\":5} and the calculator's error", results)
	}
}

func testClientControlRequestsCLI(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript())
	opts := cliOptions(t, bin, stub)
	opts.MCPServers = []*claude.MCPServer{{Name: "calc", Tools: []claude.Tool{
		claude.MustTool("noop", "Does nothing.", func(context.Context, struct{}) (*claude.ToolResult, error) { return nil, nil }),
	}}}
	c := connectCLI(t, opts)
	ctx := ctxFor(t)
	st, err := c.MCPStatus(ctx)
	if err != nil {
		t.Fatalf("MCPStatus: %v", err)
	}
	t.Logf("MCPStatus: %d servers", len(st.MCPServers))
	rw, err := c.RewindFiles(ctx, "00000000-0000-4000-8000-000000000000", true)
	if err != nil || rw.CanRewind || rw.Error == "" {
		t.Errorf("RewindFiles without checkpointing = %+v, %v; want CanRewind false with a reason", rw, err)
	}
	usage, err := c.ContextUsage(ctx)
	switch bin.Version {
	case cliinstall.SeedVersion:
		// A client that sent it would wait for an answer 2.1.37 never
		// gives, and end with a *ContextError at the test's bound.
		var ue *claude.UnsupportedRequestError
		if !errors.As(err, &ue) {
			t.Errorf("ContextUsage on %s = %v, want an UnsupportedRequestError", bin.Version, err)
		}
	default:
		if err != nil || usage.MaxTokens == 0 || len(usage.Categories) == 0 {
			t.Errorf("ContextUsage = %+v, %v", usage, err)
		}
		_, err := c.Control(ctx, &protocol.UnknownControlRequest{Subtype: "from_the_future"})
		if !errors.Is(err, errors.ErrUnsupported) {
			t.Errorf("an unknown request = %v, want a ControlError matching ErrUnsupported", err)
		}
	}
}

// cityInput is the structured output of testClientStructuredOutput.
type cityInput struct {
	City       string `json:"city"`
	Population int    `json:"population"`
}

func testClientStructuredOutput(t *testing.T, bin cliinstall.Binary) {
	turns := []stubapi.Turn{stubapi.ToolUse(stubapi.Call("StructuredOutput", map[string]any{"city": "Paris", "population": 2102650}))}
	if bin.Version == cliinstall.SeedVersion {
		turns = append(turns, stubapi.Text("Done.")) // 2.1.37 asks the model once more
	}
	stub := stubapi.NewTest(t, stubapi.NewScript(turns...))
	opts := cliOptions(t, bin, stub)
	schema, err := claude.SchemaOf(cityInput{})
	if err != nil {
		t.Fatal(err)
	}
	opts.OutputSchema = schema
	turn, err := claude.Query(ctxFor(t), "The capital of France?", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	var got cityInput
	if err := turn.DecodeStructuredOutput(&got); err != nil || got != (cityInput{"Paris", 2102650}) {
		t.Errorf("structured output %+v, %v (raw %s)", got, err, turn.StructuredOutput())
	}
}

// testClientHookEvents registers a hook for every event and checks the
// typed inputs of those a turn with a failing tool call sends, and that a
// UserPromptSubmit hook's context reaches the API.
func testClientHookEvents(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "exit 3"})),
		stubapi.Text("It failed."),
	))
	opts := cliOptions(t, bin, stub)
	opts.DangerouslySkipPermissions = true
	var mu sync.Mutex
	seen := map[protocol.HookEvent]*protocol.HookInput{}
	record := func(_ context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
		mu.Lock()
		defer mu.Unlock()
		seen[in.HookEventName] = in
		if in.HookEventName == protocol.HookUserPromptSubmit {
			return claude.AddContext(protocol.HookUserPromptSubmit, "PROMPT-HOOK-CONTEXT-91c2"), nil
		}
		return nil, nil
	}
	opts.Hooks = map[protocol.HookEvent][]claude.HookMatcher{}
	for _, ev := range []protocol.HookEvent{protocol.HookPreToolUse, protocol.HookPostToolUse, protocol.HookPostToolUseFailure,
		protocol.HookNotification, protocol.HookUserPromptSubmit, protocol.HookSessionStart, protocol.HookSessionEnd, protocol.HookStop,
		protocol.HookSubagentStart, protocol.HookSubagentStop, protocol.HookPreCompact, protocol.HookPermissionRequest} {
		opts.Hooks[ev] = []claude.HookMatcher{{Hooks: []claude.HookFunc{record}}}
	}
	if _, err := claude.Query(ctxFor(t), "Run a failing command.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	var names []string
	for ev := range seen {
		names = append(names, string(ev))
	}
	slices.Sort(names)
	t.Logf("Claude Code %s sent the hook events %v", bin.Version, names)
	if in := seen[protocol.HookUserPromptSubmit]; in == nil || in.Prompt != "Run a failing command." {
		t.Errorf("UserPromptSubmit input %+v", in)
	}
	if in := seen[protocol.HookPreToolUse]; in == nil || in.ToolName != "Bash" || in.ToolUseID == "" {
		t.Errorf("PreToolUse input %+v", in)
	}
	if in := seen[protocol.HookPostToolUseFailure]; in == nil || in.ToolName != "Bash" || in.Error == "" {
		t.Errorf("PostToolUseFailure input %+v", in)
	}
	if in := seen[protocol.HookStop]; in == nil || in.StopHookActive {
		t.Errorf("Stop input %+v", in)
	}
	reqs := stub.MainRequests()
	if len(reqs) == 0 || !strings.Contains(string(reqs[0].Body), "PROMPT-HOOK-CONTEXT-91c2") {
		t.Errorf("the first API request lacks the UserPromptSubmit hook's context")
	}
}
