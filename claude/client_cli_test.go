package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// TestClientCLI drives the real CLI of every pinned version through the
// client: each feature of the client against what the CLI really does.
func TestClientCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{
		{"QueryToolEvents", testClientToolEvents},
		{"Initialize", testClientInitialize},
		{"PermissionAllowDeny", testClientPermissionAllowDeny},
		{"AskUserQuestion", testClientAskUserQuestion},
		{"ExitPlanMode", testClientExitPlanMode},
		{"ModeAndModelBetweenTurns", testClientModeAndModel},
		{"InterruptStalledStream", testClientInterrupt},
		{"PartialMessages", testClientPartial},
		{"ReplayUserMessages", testClientReplay},
		{"MaxTurns", testClientMaxTurnsCLI},
		{"PromptOptions", testClientPromptOptions},
		{"FlagsAcceptedAndGated", testClientFlags},
		{"ResumeSession", testClientResume},
	})
}

// cliOptions returns client options for bin against stub. The control
// timeout is the test's own bound, patience(t): a loaded machine can take
// the node CLI minutes to answer initialize, and only a hang should fail.
func cliOptions(t *testing.T, bin cliinstall.Binary, stub *stubapi.Server) claude.Options {
	return claude.Options{
		Binary:         bin,
		BaseURL:        stub.URL(),
		Isolation:      &claude.Isolation{},
		Env:            []string{"CLAUDE_CODE_MAX_RETRIES=0"},
		ControlTimeout: patience(t),
	}
}

// connectCLI connects a client and registers its session for the leak
// check.
func connectCLI(t *testing.T, opts claude.Options) *claude.Client {
	t.Helper()
	c := claudetest.Connect(t, opts)
	track(c.Session())
	return c
}

// kinds names the events of a turn, tool calls with their tool.
func kinds(evs []claude.Event) string {
	var out []string
	for _, ev := range evs {
		switch ev := ev.(type) {
		case *claude.InitEvent:
			out = append(out, "init")
		case *claude.TextEvent:
			out = append(out, "text")
		case *claude.ToolUseEvent:
			out = append(out, "tool_use:"+ev.Name)
		case *claude.ToolResultEvent:
			out = append(out, "tool_result")
		case *claude.PermissionRequestEvent:
			out = append(out, "permission:"+ev.Request.ToolName)
		case *claude.ResultEvent:
			out = append(out, "result")
		case *claude.StatusEvent:
			out = append(out, "status")
		}
	}
	return strings.Join(out, " ")
}

func testClientToolEvents(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo from-the-tool"})),
		stubapi.Text("It printed from-the-tool."),
	))
	opts := cliOptions(t, bin, stub)
	opts.DangerouslySkipPermissions = true
	var rec recorder
	opts.Handler = &rec
	turn, err := claude.Query(ctxFor(t), "Run echo.", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if got := kinds(rec.events); !strings.HasPrefix(got, "init tool_use:Bash tool_result text result") {
		t.Errorf("events = %s", got)
	}
	for _, ev := range rec.events {
		if r, ok := ev.(*claude.ToolResultEvent); ok {
			if r.ToolUse == nil || r.ToolUse.ID != stubapi.ToolUseID(0, 0) || r.Text != "from-the-tool" || r.IsError {
				t.Errorf("tool result %q (error %t) for %+v", r.Text, r.IsError, r.ToolUse)
			}
		}
	}
	if turn.Text() != "It printed from-the-tool." || turn.CostUSD() <= 0 || turn.Usage().InputTokens == 0 || turn.SessionID() == "" {
		t.Errorf("turn: %q, cost %v, usage %+v, session %q", turn.Text(), turn.CostUSD(), turn.Usage(), turn.SessionID())
	}
}

func testClientInitialize(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript())
	c := connectCLI(t, cliOptions(t, bin, stub))
	ir := c.InitializeResponse()
	if len(ir.Commands) == 0 || len(ir.Models) == 0 || ir.Account.APIKeySource != "ANTHROPIC_API_KEY" || ir.OutputStyle != "default" {
		t.Errorf("initialize answer: %d commands, %d models, account %+v, output style %q",
			len(ir.Commands), len(ir.Models), ir.Account, ir.OutputStyle)
	}
	if !slices.ContainsFunc(ir.Models, func(m protocol.ModelInfo) bool { return m.Value == "default" }) {
		t.Errorf("models lack default: %+v", ir.Models)
	}
	if bin.Version == cliinstall.DefaultVersion && (ir.ClaudeCodeVersion != bin.Version || len(ir.Agents) == 0) {
		t.Errorf("2.1.330 initialize answer: version %q, %d agents", ir.ClaudeCodeVersion, len(ir.Agents))
	}
}

func testClientPermissionAllowDeny(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo allowed > allowed.txt && cat allowed.txt", "description": "Write a file"})),
		stubapi.Text("Allowed."),
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo denied > denied.txt", "description": "Write another"})),
		stubapi.Text("Denied."),
	))
	opts := cliOptions(t, bin, stub)
	var mu sync.Mutex
	var asked []*claude.PermissionRequest
	opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
		mu.Lock()
		asked = append(asked, req)
		mu.Unlock()
		if strings.Contains(string(req.Input), "denied") {
			return claude.Deny("Not this one."), nil
		}
		return claude.Allow(), nil
	}
	c := connectCLI(t, opts)
	ctx := ctxFor(t)

	var rec recorder
	if _, err := c.Query(ctx, "Write allowed.txt.", &rec); err != nil {
		t.Fatalf("first turn: %v", err)
	}
	if got := kinds(rec.events); !strings.Contains(got, "tool_use:Bash permission:Bash tool_result text result") {
		t.Errorf("first turn events = %s", got)
	}
	if data, err := os.ReadFile(filepath.Join(c.Session().WorkDir(), "allowed.txt")); err != nil || string(data) != "allowed\n" {
		t.Errorf("allowed.txt = %q, %v", data, err)
	}

	rec = recorder{}
	turn, err := c.Query(ctx, "Write denied.txt.", &rec)
	if err != nil {
		t.Fatalf("second turn: %v", err)
	}
	var res *claude.ToolResultEvent
	for _, ev := range rec.events {
		if r, ok := ev.(*claude.ToolResultEvent); ok {
			res = r
		}
	}
	if res == nil || !res.IsError || res.Text != "Not this one." {
		t.Errorf("denied tool result = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(c.Session().WorkDir(), "denied.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("denied.txt exists: %v", err)
	}
	if d := turn.Result().PermissionDenials; len(d) != 1 || d[0].ToolName != "Bash" {
		t.Errorf("permission denials = %+v", d)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 2 || asked[0].ToolUse == nil || asked[0].ToolUse.ID != asked[0].ToolUseID || asked[0].Request.BlockedPath == "" {
		t.Errorf("permission requests = %+v", asked)
	}
	if s, err := asked[0].Suggestions(); err != nil || len(s) == 0 {
		t.Errorf("suggestions = %+v, %v", s, err)
	}
}

func testClientAskUserQuestion(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("AskUserQuestion", map[string]any{"questions": []any{map[string]any{
			"question": "Which language should we use?", "header": "Language", "multiSelect": false,
			"options": []any{map[string]any{"label": "Go", "description": "Use Go"}, map[string]any{"label": "Rust", "description": "Use Rust"}},
		}}})),
		stubapi.Text("Go it is."),
	))
	opts := cliOptions(t, bin, stub)
	opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
		if req.ToolName != "AskUserQuestion" {
			return claude.Deny("unexpected tool " + req.ToolName), nil
		}
		qs, err := claude.Questions(req.Input)
		if err != nil || len(qs) != 1 {
			return claude.PermissionDecision{}, errors.New("no question")
		}
		return claude.AnswerQuestions(req.Input, map[string]string{qs[0].Question: "Go"})
	}
	var rec recorder
	opts.Handler = &rec
	turn, err := claude.Query(ctxFor(t), "Ask me which language to use.", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	var res *claude.ToolResultEvent
	for _, ev := range rec.events {
		if r, ok := ev.(*claude.ToolResultEvent); ok {
			res = r
		}
	}
	if res == nil || res.IsError || !strings.Contains(res.Text, `"Which language should we use?"="Go"`) {
		t.Errorf("tool result = %+v", res)
	}
	if turn.Text() != "Go it is." {
		t.Errorf("turn text %q", turn.Text())
	}
	var answered struct{ Answers map[string]string }
	if err := json.Unmarshal(res.Message.ToolUseResult, &answered); err != nil || answered.Answers["Which language should we use?"] != "Go" {
		t.Errorf("tool_use_result = %s (%v)", res.Message.ToolUseResult, err)
	}
}

func testClientExitPlanMode(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("ExitPlanMode", map[string]any{"plan": "1. Write hello.txt"})),
		stubapi.Text("Plan approved."),
	))
	opts := cliOptions(t, bin, stub)
	opts.PermissionMode = protocol.PermissionPlan
	opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
		if req.ToolName != "ExitPlanMode" {
			return claude.Deny("unexpected tool " + req.ToolName), nil
		}
		return claude.Allow(), nil
	}
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Plan, then go.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	var modes []protocol.PermissionMode
	for _, ev := range rec.events {
		switch ev := ev.(type) {
		case *claude.InitEvent:
			modes = append(modes, ev.Init.PermissionMode)
		case *claude.StatusEvent:
			modes = append(modes, ev.Status.PermissionMode)
		case *claude.ToolResultEvent:
			if ev.IsError || !strings.Contains(ev.Text, "approved") {
				t.Errorf("ExitPlanMode result %q (error %t)", ev.Text, ev.IsError)
			}
		}
	}
	if !slices.Equal(modes, []protocol.PermissionMode{protocol.PermissionPlan, protocol.PermissionDefault}) {
		t.Errorf("permission modes seen = %v, want plan then default", modes)
	}
}

func testClientModeAndModel(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("One."), stubapi.Text("Two.")))
	c := connectCLI(t, cliOptions(t, bin, stub))
	ctx := ctxFor(t)
	first, err := c.Query(ctx, "First.", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetPermissionMode(ctx, protocol.PermissionAcceptEdits); err != nil {
		t.Fatalf("SetPermissionMode: %v", err)
	}
	if err := c.SetModel(ctx, "claude-haiku-4-5"); err != nil {
		t.Fatalf("SetModel: %v", err)
	}
	if err := c.SetMaxThinkingTokens(ctx, 2048); err != nil {
		t.Fatalf("SetMaxThinkingTokens: %v", err)
	}
	err = c.SetPermissionMode(ctx, "bogus")
	var ce *claude.ControlError
	switch bin.Version {
	case cliinstall.DefaultVersion:
		if !errors.As(err, &ce) || ce.Code != "invalid_mode" {
			t.Errorf("SetPermissionMode(bogus) on %s = %v, want a ControlError invalid_mode", bin.Version, err)
		}
	default:
		// 2.1.37 takes any mode; put a real one back.
		if err != nil {
			t.Errorf("SetPermissionMode(bogus) on %s = %v", bin.Version, err)
		}
		if err := c.SetPermissionMode(ctx, protocol.PermissionAcceptEdits); err != nil {
			t.Fatal(err)
		}
	}
	var rec recorder
	second, err := c.Query(ctx, "Second.", &rec)
	if err != nil {
		t.Fatal(err)
	}
	var init *protocol.SystemInit
	for _, m := range second.Messages {
		if i, ok := m.(*protocol.SystemInit); ok {
			init = i
		}
		if m.MessageType() == protocol.TypeControlResponse {
			t.Errorf("control response among the turn's messages: %s", m.Raw())
		}
	}
	if init == nil || init.PermissionMode != protocol.PermissionAcceptEdits || init.Model != "claude-haiku-4-5" {
		t.Errorf("second turn's init = %+v", init)
	}
	reqs := stub.MainRequests()
	if len(reqs) != 2 || reqs[1].Model != "claude-haiku-4-5" || reqs[0].Model == reqs[1].Model {
		t.Errorf("models requested: %v", func() (ms []string) {
			for _, r := range reqs {
				ms = append(ms, r.Model)
			}
			return
		}())
	}
	if first.Text() != "One." || second.Text() != "Two." {
		t.Errorf("answers %q, %q", first.Text(), second.Text())
	}
}

func testClientInterrupt(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.Text("This is a long answer that stalls.").WithFaults(stubapi.Stall(0).MidBlock(0)),
	))
	opts := cliOptions(t, bin, stub)
	opts.IncludePartialMessages = true
	c := connectCLI(t, opts)
	ctx := ctxFor(t)
	var kindsSeen []string
	var turnErr error
	for ev, err := range c.Stream(ctx, "Talk.") {
		if err != nil {
			turnErr = err
			break
		}
		switch ev := ev.(type) {
		case *claude.TextDeltaEvent:
			if len(kindsSeen) == 0 || kindsSeen[len(kindsSeen)-1] != "delta" {
				kindsSeen = append(kindsSeen, "delta")
			}
			if ev.Text == "This is " {
				if err := c.Interrupt(ctx); err != nil {
					t.Fatalf("Interrupt: %v", err)
				}
				kindsSeen = append(kindsSeen, "interrupted")
			}
		case *claude.UserEvent:
			kindsSeen = append(kindsSeen, "user:"+ev.Text)
		case *claude.ResultEvent:
			kindsSeen = append(kindsSeen, "result:"+string(ev.Result.Subtype))
		}
	}
	var te *claude.TurnError
	if !errors.As(turnErr, &te) || te.Subtype != protocol.SubtypeErrorDuringExecution {
		t.Errorf("turn error = %v, want error_during_execution", turnErr)
	}
	got := strings.Join(kindsSeen, " ")
	if !strings.HasPrefix(got, "delta interrupted") || !strings.Contains(got, "user:[Request interrupted by user]") || !strings.HasSuffix(got, "result:error_during_execution") {
		t.Errorf("events = %s", got)
	}
}

func testClientPartial(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.Reply(stubapi.Say("Let me run it."), stubapi.Call("Bash", map[string]any{"command": "echo hi"})),
		stubapi.Text("Done here."),
	))
	opts := cliOptions(t, bin, stub)
	opts.IncludePartialMessages = true
	opts.DangerouslySkipPermissions = true
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Run.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	var lastDelta, input string
	var texts []string
	deltas := 0
	for _, ev := range rec.events {
		switch ev := ev.(type) {
		case *claude.TextDeltaEvent:
			deltas++
			if !strings.HasSuffix(ev.Text, ev.Delta) {
				t.Errorf("assembled text %q does not end with %q", ev.Text, ev.Delta)
			}
			lastDelta = ev.Text
		case *claude.TextEvent:
			if ev.Text != lastDelta {
				t.Errorf("text %q, assembled from deltas %q", ev.Text, lastDelta)
			}
			texts = append(texts, ev.Text)
		case *claude.ToolInputDeltaEvent:
			input = ev.Input
			if ev.Name != "Bash" || ev.ID == "" {
				t.Errorf("tool input delta for %q %q", ev.Name, ev.ID)
			}
		case *claude.ToolUseEvent:
			if input != string(ev.Input) {
				t.Errorf("tool input %s, assembled %q", ev.Input, input)
			}
		}
	}
	if deltas < 4 || !slices.Equal(texts, []string{"Let me run it.", "Done here."}) {
		t.Errorf("%d text deltas; texts %q", deltas, texts)
	}
}

func testClientReplay(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hi.")))
	opts := cliOptions(t, bin, stub)
	opts.ReplayUserMessages = true
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Echo me.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	var echoed *claude.UserEvent
	for _, ev := range rec.events {
		if u, ok := ev.(*claude.UserEvent); ok {
			echoed = u
		}
	}
	if echoed == nil || echoed.Text != "Echo me." || !echoed.Message.IsReplay {
		t.Errorf("replayed user message = %+v", echoed)
	}
}

func testClientMaxTurnsCLI(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo hi"})),
		stubapi.Text("Never sent."),
	))
	opts := cliOptions(t, bin, stub)
	opts.MaxTurns = 1
	opts.DangerouslySkipPermissions = true
	turn, err := claude.Query(ctxFor(t), "Run.", opts)
	var te *claude.TurnError
	if !errors.As(err, &te) || te.Subtype != protocol.SubtypeErrorMaxTurns {
		t.Fatalf("Query error = %v, want error_max_turns", err)
	}
	if turn.Result() == nil || len(stub.MainRequests()) != 1 {
		t.Errorf("result %v, %d main requests", turn.Result(), len(stub.MainRequests()))
	}
}

func testClientPromptOptions(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Brief.")))
	opts := cliOptions(t, bin, stub)
	opts.SystemPrompt = "You are a terse test assistant."
	opts.AppendSystemPrompt = "Always answer in one word."
	opts.Tools = []string{"Bash", "Read"}
	opts.Model = "claude-sonnet-4-5-20250929"
	var rec recorder
	opts.Handler = &rec
	if _, err := claude.Query(ctxFor(t), "Hello.", opts); err != nil {
		t.Fatalf("Query: %v", err)
	}
	sp := stub.SystemPrompt()
	if !strings.Contains(sp, opts.SystemPrompt) || !strings.Contains(sp, opts.AppendSystemPrompt) {
		t.Errorf("system prompt lacks the options' text: %.300q", sp)
	}
	init := rec.events[0].(*claude.InitEvent).Init
	if !slices.Equal(init.Tools, []string{"Bash", "Read"}) || init.Model != opts.Model {
		t.Errorf("init tools %v, model %q", init.Tools, init.Model)
	}
	if r := stub.MainRequests(); len(r) != 1 || r[0].Model != opts.Model {
		t.Errorf("main requests %+v", r)
	}
}

// testClientFlags checks the option-to-flag table against the CLI: every
// flag the options give for this version is accepted (the CLI starts and,
// its stdin closed at once, exits 0 without output), and every flag or
// permission mode the table says this version lacks is refused by the CLI
// itself.
func testClientFlags(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript())
	decide := func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
		return claude.Allow(), nil
	}
	all := claude.Options{
		Model: "claude-sonnet-4-5-20250929", FallbackModel: "claude-haiku-4-5",
		PermissionMode: protocol.PermissionAcceptEdits,
		Tools:          []string{"Bash", "Read"}, AllowedTools: []string{"Bash(git *)", "Read"}, DisallowedTools: []string{"Write"},
		MaxTurns: 3, MaxBudgetUSD: 0.5, MaxThinkingTokens: 2048,
		SystemPrompt: "Be brief.", AppendSystemPrompt: "Say hi.",
		SessionID:              "11111111-2222-4333-8444-555555555555",
		IncludePartialMessages: true, ReplayUserMessages: true,
		AddDirs: []string{t.TempDir()}, MCPConfig: []string{`{"mcpServers":{}}`}, Settings: `{}`,
		CanUseTool: decide,
		Betas:      []string{"context-1m-2025-08-07"}, Plugins: []claude.Plugin{{Path: testPlugin(t)}},
		Sandbox: &claude.SandboxSettings{Enabled: new(false), ExcludedCommands: []string{"git"}},
	}
	type gated struct {
		args []string
		says string
	}
	var refused []gated
	switch bin.Version {
	case cliinstall.DefaultVersion:
		all.Effort = "high"
		refused = []gated{{[]string{"--permission-mode", "delegate"}, "is invalid"}}
	case cliinstall.SeedVersion:
		refused = []gated{
			{[]string{"--effort", "high"}, "unknown option '--effort'"},
			{[]string{"--permission-mode", "auto"}, "is invalid"},
			{[]string{"--permission-mode", "manual"}, "is invalid"},
		}
	}
	args, err := all.Args(bin.Version)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range append([]gated{{args, ""}}, refused...) {
		s := startCLI(t, bin, stub, claude.SessionConfig{Args: tc.args})
		if err := s.CloseInput(); err != nil {
			t.Fatal(err)
		}
		msgs, _ := s.ReadUntil(ctx, func(protocol.Message) bool { return false })
		err := s.Wait(ctx)
		switch {
		case tc.says == "" && (err != nil || len(msgs) > 0):
			t.Errorf("the CLI refused %q: %v; %d messages; stderr:\n%s", tc.args, err, len(msgs), s.Stderr())
		case tc.says != "" && (err == nil || !strings.Contains(s.Stderr(), tc.says)):
			t.Errorf("the CLI took %q (%v), want it refused with %q; stderr:\n%s", tc.args, err, tc.says, s.Stderr())
		}
	}
}

// testClientResume resumes a session in a second CLI process: both keep
// the session's files in the same ConfigDir and run in the same WorkDir.
// The resumed session sends the whole conversation to the API; with
// ForkSession it gets a new ID.
func testClientResume(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("The secret is 42."), stubapi.Text("You told me 42."), stubapi.Text("Still 42.")))
	opts := cliOptions(t, bin, stub)
	opts.ConfigDir = t.TempDir()
	opts.WorkDir = t.TempDir()
	opts.SessionID = "6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f"
	first, err := claude.Query(ctx, "Remember 42.", opts)
	if err != nil {
		t.Fatalf("first session: %v", err)
	}
	if first.SessionID() != opts.SessionID {
		t.Errorf("session ID %q, want %q", first.SessionID(), opts.SessionID)
	}
	if kept, _ := filepath.Glob(filepath.Join(opts.ConfigDir, "projects", "*", opts.SessionID+".jsonl")); len(kept) != 1 {
		t.Errorf("the session's transcript is not in ConfigDir: %v", kept)
	}

	opts.SessionID = ""
	opts.Resume = first.SessionID()
	second, err := claude.Query(ctx, "What was the number?", opts)
	if err != nil {
		t.Fatalf("resumed session: %v", err)
	}
	if second.SessionID() != first.SessionID() {
		t.Errorf("resumed session ID %q, want %q", second.SessionID(), first.SessionID())
	}
	reqs := stub.MainRequests()
	if !strings.Contains(string(reqs[len(reqs)-1].Body), "The secret is 42.") {
		t.Errorf("the resumed session's request lacks the first answer")
	}

	opts.ForkSession = true
	third, err := claude.Query(ctx, "And now?", opts)
	if err != nil {
		t.Fatalf("forked session: %v", err)
	}
	if third.SessionID() == "" || third.SessionID() == first.SessionID() {
		t.Errorf("forked session ID %q, want a new one", third.SessionID())
	}
}
