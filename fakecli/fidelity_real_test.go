package fakecli_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/stubapi"
)

// fidelityCase is one case of TestFidelity: a client session against a
// CLI (real or fake) set up by opts for scenario, whose verdict is the
// error run returns (nil: pass) and whose message kinds it collects.
type fidelityCase struct {
	name, scenario string
	// setup adds the scenario's flags to the client's options.
	setup func(o *claude.Options)
	// run drives the session; kinds receives the messages the client got.
	run func(ctx context.Context, opts claude.Options, kinds *[]string) error
}

// turnKinds appends the kinds of a turn's messages to kinds.
func turnKinds(kinds *[]string, turn claude.Turn) {
	for _, m := range turn.Messages {
		*kinds = append(*kinds, protocol.KindOf(m, "").Name)
	}
}

// query runs one-shot turns on one connection and checks each turn's text.
func query(texts ...string) func(context.Context, claude.Options, *[]string) error {
	return func(ctx context.Context, opts claude.Options, kinds *[]string) error {
		c, err := claude.Connect(ctx, opts)
		if err != nil {
			return err
		}
		defer c.Close()
		for i, want := range texts {
			turn, err := c.Query(ctx, fmt.Sprintf("prompt %d", i+1), nil)
			turnKinds(kinds, turn)
			if err != nil {
				return err
			}
			if want != "" && turn.Text() != want {
				return fmt.Errorf("turn %d: text %q, want %q", i+1, turn.Text(), want)
			}
		}
		return c.Close()
	}
}

var fidelityCases = []fidelityCase{
	{name: "text", scenario: "text-simple", run: query("Hello!")},
	{name: "multi-turn", scenario: "multi-turn", run: query("", "")},
	{name: "allow", scenario: "permission-prompt-allow", setup: permission(claude.Allow()), run: permissionRun(0)},
	{name: "deny", scenario: "permission-prompt-deny", setup: permission(claude.Deny("Not in tests.")), run: permissionRun(1)},
	{name: "interrupt", scenario: "interrupt-stalled-stream", setup: func(o *claude.Options) { o.IncludePartialMessages = true }, run: interruptRun},
	{name: "mode-and-model", scenario: "set-mode-and-model", run: modeModelRun},
	{name: "hook", scenario: "hook-pretooluse-block", run: hookRun},
	{name: "sdk-mcp", scenario: "sdk-mcp-tool-call", run: sdkMCPRun},
	{name: "structured-output", scenario: "flag-json-schema", setup: func(o *claude.Options) {
		o.DangerouslySkipPermissions = true
		o.ExtraArgs = []string{"--json-schema", `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`}
	}, run: structuredRun},
	{name: "resume", scenario: "flag-resume", setup: func(o *claude.Options) { o.DangerouslySkipPermissions = true }, run: resumeRun},
}

func permission(d claude.PermissionDecision) func(*claude.Options) {
	return func(o *claude.Options) {
		o.PermissionMode = "default"
		o.CanUseTool = func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) { return d, nil }
	}
}

func permissionRun(denials int) func(context.Context, claude.Options, *[]string) error {
	return func(ctx context.Context, opts claude.Options, kinds *[]string) error {
		asked := 0
		inner := opts.CanUseTool
		opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
			asked++
			return inner(ctx, req)
		}
		turn, err := claude.Query(ctx, "Run the command.", opts)
		turnKinds(kinds, turn)
		if err != nil {
			return err
		}
		if asked != 1 {
			return fmt.Errorf("asked %d times, want 1", asked)
		}
		if r := turn.Result(); r == nil || len(r.PermissionDenials) != denials {
			return fmt.Errorf("result %+v, want %d permission denials", r, denials)
		}
		return nil
	}
}

func interruptRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return err
	}
	defer c.Close()
	interrupted := false
	var turnErr *claude.TurnError
	for ev, err := range c.Stream(ctx, "Tell me something long.") {
		if errors.As(err, &turnErr) {
			continue
		}
		if err != nil {
			return err
		}
		switch ev := ev.(type) {
		case *claude.TextDeltaEvent:
			if !interrupted {
				interrupted = true
				if err := c.Interrupt(ctx); err != nil {
					return fmt.Errorf("interrupt: %w", err)
				}
			}
		case *claude.ResultEvent:
			*kinds = append(*kinds, protocol.KindOf(ev.Result, "").Name)
		}
	}
	if !interrupted || turnErr == nil {
		return fmt.Errorf("interrupted %v, turn error %v: want an interrupted turn", interrupted, turnErr)
	}
	again, err := c.Query(ctx, "Try again.", nil)
	turnKinds(kinds, again)
	if err != nil {
		return err
	}
	if again.Text() != "This is a long answer that stalls." {
		return fmt.Errorf("after the interrupt: %q", again.Text())
	}
	return c.Close()
}

func modeModelRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SetPermissionMode(ctx, "acceptEdits"); err != nil {
		return fmt.Errorf("set_permission_mode: %w", err)
	}
	if err := c.SetModel(ctx, "claude-haiku-4-5"); err != nil {
		return fmt.Errorf("set_model: %w", err)
	}
	turn, err := c.Query(ctx, "Say hi.", nil)
	turnKinds(kinds, turn)
	if err != nil {
		return err
	}
	return c.Close()
}

// hookRun registers a PreToolUse hook for Bash that blocks the call, as
// the TS SDK's hook case does, and checks that the CLI called it once.
func hookRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	var hooked atomic.Int32
	guard := func(ctx context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
		hooked.Add(1)
		return claude.BlockTool("writing files is not allowed here"), nil
	}
	opts.DangerouslySkipPermissions = true // the hook decides
	opts.Hooks = map[protocol.HookEvent][]claude.HookMatcher{
		protocol.HookPreToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{guard}}},
	}
	turn, err := claude.Query(ctx, "Write out.txt.", opts)
	turnKinds(kinds, turn)
	if err != nil {
		return err
	}
	if n := hooked.Load(); n != 1 {
		return fmt.Errorf("the hook was called %d times, want 1", n)
	}
	return nil
}

// sdkMCPRun gives the CLI an in-process MCP server, calc, with the TS SDK
// case's two tools, and checks that the model called both.
func sdkMCPRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	type operands struct {
		A float64 `json:"a"`
		B float64 `json:"b"`
	}
	var called atomic.Int32
	add := claude.MustTool("add", "Add two numbers", func(ctx context.Context, in operands) (*claude.ToolResult, error) {
		called.Add(1)
		return claude.TextResult(strconv.FormatFloat(in.A+in.B, 'f', -1, 64)), nil
	})
	divide := claude.MustTool("divide", "Divide two numbers", func(ctx context.Context, in operands) (*claude.ToolResult, error) {
		called.Add(1)
		return claude.ErrorResult("division by zero"), nil
	})
	opts.DangerouslySkipPermissions = true
	opts.MCPServers = []*claude.MCPServer{{Name: "calc", Tools: []claude.Tool{add, divide}}}
	turn, err := claude.Query(ctx, "Add 2 and 3, then divide 1 by 0.", opts)
	turnKinds(kinds, turn)
	if err != nil {
		return err
	}
	if n := called.Load(); n != 2 {
		return fmt.Errorf("the tools were called %d times, want 2", n)
	}
	return nil
}

func structuredRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	turn, err := claude.Query(ctx, "What is the capital of France?", opts)
	turnKinds(kinds, turn)
	if err != nil {
		return err
	}
	var out struct{ City string }
	if err := turn.DecodeStructuredOutput(&out); err != nil || out.City == "" {
		return fmt.Errorf("structured output %s: %v", turn.StructuredOutput(), err)
	}
	return nil
}

func resumeRun(ctx context.Context, opts claude.Options, kinds *[]string) error {
	const id = "5d1c7a2e-8f4b-4c3a-9e6d-1a2b3c4d5e6f"
	first := opts
	first.SessionID = id
	turn, err := claude.Query(ctx, "Remember 42.", first)
	turnKinds(kinds, turn)
	if err != nil {
		return fmt.Errorf("first process: %w", err)
	}
	second := opts
	second.Resume = id
	turn, err = claude.Query(ctx, "What was the number?", second)
	turnKinds(kinds, turn)
	if err != nil {
		return fmt.Errorf("resumed process: %w", err)
	}
	if turn.Text() != "You told me 42." {
		return fmt.Errorf("resumed: text %q, want %q", turn.Text(), "You told me 42.")
	}
	return nil
}

// realCLI returns the installed pinned CLI of version, skipping the test
// (failing it in CI) when it is missing.
func realCLI(t *testing.T, version string) cliinstall.Binary {
	t.Helper()
	b, err := cliinstall.Locate(t.Context(), version)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Claude Code %s is not installed: %v; make test installs it", version, err)
		}
		t.Skipf("Claude Code %s is not installed (%v): run `go run ./cmd/ccwire cli install`", version, err)
	}
	return b
}

// realOptions are options for ccwire's client that run the real CLI b on
// a fake API serving scenario id's script, in a working folder holding
// the scenario's files and with a config folder of its own (shared by the
// processes of one case, as a resumed session needs).
func realOptions(t *testing.T, b cliinstall.Binary, id string) claude.Options {
	t.Helper()
	sc, err := scenario.Load(filepath.Join("..", "scenarios", id+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	pl, err := sc.Plan(b.Version)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := stubapi.Start(pl.Script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	work := t.TempDir()
	for _, f := range pl.Files {
		p := filepath.Join(work, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return claude.Options{
		Binary:         b,
		BaseURL:        srv.URL(),
		Isolation:      &claude.Isolation{},
		WorkDir:        work,
		ConfigDir:      t.TempDir(),
		Env:            append(scenario.DefaultEnv(), "IS_SANDBOX=1"),
		CloseTimeout:   10 * time.Second,
		ControlTimeout: 60 * time.Second,
	}
}

// realSlots bounds the real CLIs TestFidelity and TestFidelitySDK run at a
// time: one a core, at least two.
var realSlots = make(chan struct{}, max(2, runtime.NumCPU()))

// fidelityResult is a case's outcome on one CLI.
type fidelityResult struct {
	err   error
	kinds []string
}

func (r fidelityResult) verdict() string {
	if r.err != nil {
		return "fail"
	}
	return "pass"
}

// fidelityVersions are the versions the fidelity tests run: the pinned
// ones on the fake and on the real CLI, two others on the fake alone.
var fidelityVersions = []string{"2.1.37", "2.1.332", "2.1.219", "2.1.330"}

// runFidelity runs case i of names (playing scenarios[i]) with run on the
// fake at every version of fidelityVersions and on the real CLI at the
// pinned ones, all in parallel (a core's worth of real CLIs at a time),
// skipping a version without the scenario's recording. It then requires
// each case to pass on the real CLI and to give the same verdict and
// message kinds on the fake, to pass on the fake at the other versions,
// and logs the table case x version x fake/real for client.
func runFidelity(t *testing.T, client string, names, scenarios []string, run func(ctx context.Context, t *testing.T, version, target string, i int) fidelityResult) {
	type key struct {
		version, target string
		i               int
	}
	var mu sync.Mutex
	results := map[key]fidelityResult{}
	t.Run("cases", func(t *testing.T) {
		for _, version := range fidelityVersions {
			targets := []string{"fake"}
			if slices.Contains(pinnedVersions, version) {
				targets = append(targets, "real")
			}
			for _, target := range targets {
				for i, name := range names {
					if _, err := os.Stat(filepath.Join(recordingsDir, version, scenarios[i]+scenario.RecordingExt)); err != nil {
						continue // the version has no such scenario
					}
					t.Run(version+"/"+target+"/"+name, func(t *testing.T) {
						t.Parallel()
						ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
						defer cancel()
						if target == "real" {
							// More real CLIs, on a loaded machine, take
							// longer to start than the clients wait.
							select {
							case realSlots <- struct{}{}:
							case <-ctx.Done():
								t.Fatal(ctx.Err())
							}
							defer func() { <-realSlots }()
						}
						res := run(ctx, t, version, target, i)
						mu.Lock()
						results[key{version, target, i}] = res
						mu.Unlock()
						if res.err != nil {
							t.Logf("%s on the %s %s: %v", name, target, version, res.err)
						}
					})
				}
			}
		}
	})
	var table strings.Builder
	fmt.Fprintf(&table, "%-18s %-8s %-5s %-5s %s\n", "case", "version", "fake", "real", "kinds")
	for _, version := range fidelityVersions {
		for i, name := range names {
			fake, ok := results[key{version, "fake", i}]
			if !ok {
				continue
			}
			real, hasReal := results[key{version, "real", i}]
			realVerdict := "-"
			if hasReal {
				realVerdict = real.verdict()
			}
			fmt.Fprintf(&table, "%-18s %-8s %-5s %-5s %s\n", name, version, fake.verdict(), realVerdict, strings.Join(fake.kinds, " "))
			switch {
			case !hasReal && fake.err != nil:
				t.Errorf("%s on the fake %s: %v", name, version, fake.err)
			case !hasReal:
			case real.err != nil:
				t.Errorf("%s fails on the real CLI %s: %v", name, version, real.err)
			case fake.err != nil:
				t.Errorf("%s passes on the real CLI %s and fails on the fake: %v", name, version, fake.err)
			case !slices.Equal(fake.kinds, real.kinds):
				t.Errorf("%s on %s: message kinds differ:\nfake %v\nreal %v", name, version, fake.kinds, real.kinds)
			}
		}
	}
	t.Logf("%s, case x CLI:\n%s", client, table.String())
}

// TestFidelity runs the same cases with ccwire's client on the fake and
// on the real pinned CLIs (2.1.37, 2.1.332) started against the fake API
// with each scenario's script (see runFidelity).
func TestFidelity(t *testing.T) {
	t.Parallel()
	var names, scenarios []string
	for _, tc := range fidelityCases {
		names, scenarios = append(names, tc.name), append(scenarios, tc.scenario)
	}
	runFidelity(t, "ccwire's client", names, scenarios, func(ctx context.Context, t *testing.T, version, target string, i int) fidelityResult {
		tc := fidelityCases[i]
		var opts claude.Options
		if target == "real" {
			opts = realOptions(t, realCLI(t, version), tc.scenario)
		} else {
			opts = clientOptions(t, version, tc.scenario)
		}
		if tc.setup != nil {
			tc.setup(&opts)
		}
		var kinds []string
		err := tc.run(ctx, opts, &kinds)
		return fidelityResult{err, kinds}
	})
}

// envAgentSDKNewestDir is where `make test` installs the newest TypeScript
// Agent SDK (the Makefile's agent-sdk target); default
// npm-agent-sdk-newest beside ccwire's CLI cache.
const envAgentSDKNewestDir = "CCWIRE_AGENT_SDK_NEWEST_DIR"

// newestAgentSDK returns the newest SDK's entry module, skipping the test
// (failing it in CI) when it or node is missing.
func newestAgentSDK(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(envAgentSDKNewestDir)
	if dir == "" {
		cache, err := cliinstall.CacheDir()
		if err == nil {
			dir = filepath.Join(filepath.Dir(cache), "npm-agent-sdk-newest")
		}
	}
	entry := filepath.Join(dir, "node_modules", "@anthropic-ai", "claude-agent-sdk", "sdk.mjs")
	_, err := os.Stat(entry)
	if err == nil {
		_, err = exec.LookPath("node")
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the newest TypeScript Agent SDK or node is missing (%s): %v; make test installs it", dir, err)
		}
		t.Skipf("the newest TypeScript Agent SDK or node is missing (%s): %v; run `make agent-sdk`", dir, err)
	}
	return entry
}

// sdkCases are TestFidelitySDK's cases: the mode of testdata/fidelity.mjs,
// the scenario, and the check of what the SDK yielded.
var sdkCases = []struct {
	mode, scenario string
	check          func(results []map[string]any, done map[string]any) error
}{
	{"text", "text-simple", resultsAre("success")},
	{"multi-turn", "multi-turn", resultsAre("success", "success")},
	{"allow", "permission-prompt-allow", all(resultsAre("success"), counted("asked", 1), denials(0))},
	{"deny", "permission-prompt-deny", all(resultsAre("success"), counted("asked", 1), denials(1))},
	{"interrupt", "interrupt-stalled-stream", resultsAre("error_during_execution", "success")},
	{"mode-and-model", "set-mode-and-model", resultsAre("success")},
	{"hook", "hook-pretooluse-block", all(resultsAre("success"), counted("hooked", 1))},
	{"sdk-mcp", "sdk-mcp-tool-call", all(resultsAre("success"), counted("called", 2))},
	{"structured-output", "flag-json-schema", all(resultsAre("success"), structured("city"))},
	{"resume", "flag-resume", all(resultsAre("success", "success"), lastText("You told me 42."))},
}

func all(checks ...func([]map[string]any, map[string]any) error) func([]map[string]any, map[string]any) error {
	return func(r []map[string]any, d map[string]any) error {
		for _, c := range checks {
			if err := c(r, d); err != nil {
				return err
			}
		}
		return nil
	}
}

func resultsAre(subtypes ...string) func([]map[string]any, map[string]any) error {
	return func(r []map[string]any, _ map[string]any) error {
		var got []string
		for _, m := range r {
			s, _ := m["subtype"].(string)
			got = append(got, s)
		}
		if !slices.Equal(got, subtypes) {
			return fmt.Errorf("results %v, want %v", got, subtypes)
		}
		return nil
	}
}

func counted(name string, n int) func([]map[string]any, map[string]any) error {
	return func(_ []map[string]any, d map[string]any) error {
		if got, _ := d[name].(float64); int(got) != n {
			return fmt.Errorf("%s %v times, want %d", name, d[name], n)
		}
		return nil
	}
}

func denials(n int) func([]map[string]any, map[string]any) error {
	return func(r []map[string]any, _ map[string]any) error {
		if d, _ := r[len(r)-1]["permission_denials"].([]any); len(d) != n {
			return fmt.Errorf("permission_denials %v, want %d", r[len(r)-1]["permission_denials"], n)
		}
		return nil
	}
}

func structured(member string) func([]map[string]any, map[string]any) error {
	return func(r []map[string]any, _ map[string]any) error {
		if o, _ := r[len(r)-1]["structured_output"].(map[string]any); o[member] == nil {
			return fmt.Errorf("structured_output %v, want a %s", r[len(r)-1]["structured_output"], member)
		}
		return nil
	}
}

func lastText(want string) func([]map[string]any, map[string]any) error {
	return func(r []map[string]any, _ map[string]any) error {
		if got := r[len(r)-1]["result"]; got != want {
			return fmt.Errorf("last result %q, want %q", got, want)
		}
		return nil
	}
}

// runSDK runs testdata/fidelity.mjs's mode with the CLI at path and env,
// and returns its verdict and the kinds of the messages the SDK yielded.
func runSDK(ctx context.Context, entry, path, work, mode string, env []string, check func([]map[string]any, map[string]any) error) fidelityResult {
	script, _ := filepath.Abs(filepath.Join("testdata", "fidelity.mjs"))
	cmd := exec.CommandContext(ctx, "node", script, mode)
	cmd.Dir = work
	cmd.Env = append(env, "SDK_ENTRY="+entry, "CLAUDE_PATH="+path, "WORK_DIR="+work)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fidelityResult{err: fmt.Errorf("node: %w; stderr %s", err, tail(stderr.String(), 800))}
	}
	var res fidelityResult
	var results []map[string]any
	var done map[string]any
	for l := range strings.Lines(string(out)) {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			return fidelityResult{err: fmt.Errorf("SDK output %q: %w", l, err)}
		}
		if m["done"] == true {
			done = m
			continue
		}
		if msg, err := protocol.Decode([]byte(l)); err == nil {
			res.kinds = append(res.kinds, protocol.KindOf(msg, "").Name)
		} else {
			res.kinds = append(res.kinds, "?"+typeOf(m))
		}
		if m["type"] == "result" {
			results = append(results, m)
		}
	}
	switch {
	case done == nil:
		res.err = fmt.Errorf("the SDK did not finish; stderr %s", tail(stderr.String(), 800))
	case done["error"] != nil:
		res.err = fmt.Errorf("query: %v; stderr %s", done["error"], tail(stderr.String(), 800))
	case len(results) == 0:
		res.err = fmt.Errorf("no result; stderr %s", tail(stderr.String(), 800))
	default:
		res.err = check(results, done)
	}
	return res
}

// TestFidelitySDK is TestFidelity with the newest TypeScript Agent SDK
// (0.3.332) as the client: testdata/fidelity.mjs drives query() against
// the fake and against the real pinned CLIs on the fake API, and each case
// must give the same verdict and message kinds on both (the fake alone at
// two other versions, where it must pass).
func TestFidelitySDK(t *testing.T) {
	t.Parallel()
	entry := newestAgentSDK(t)
	recs, err := filepath.Abs(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	fake, err := fakecli.Install(t.TempDir(), map[string]string{fakecli.EnvRecordings: recs})
	if err != nil {
		t.Fatal(err)
	}
	var names, scenarios []string
	for _, tc := range sdkCases {
		names, scenarios = append(names, tc.mode), append(scenarios, tc.scenario)
	}
	runFidelity(t, "TypeScript Agent SDK 0.3.332", names, scenarios, func(ctx context.Context, t *testing.T, version, target string, i int) fidelityResult {
		tc := sdkCases[i]
		env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "TMPDIR=" + t.TempDir(), "CLAUDE_CODE_MAX_RETRIES=0", "IS_SANDBOX=1"}
		if target == "real" {
			b := realCLI(t, version)
			o := realOptions(t, b, tc.scenario)
			env = append(env, "ANTHROPIC_BASE_URL="+o.BaseURL, "ANTHROPIC_API_KEY="+claude.DummyAPIKey, "CLAUDE_CONFIG_DIR="+o.ConfigDir)
			return runSDK(ctx, entry, b.Path, o.WorkDir, tc.mode, env, tc.check)
		}
		env = append(env, asCLIEnv+"=ccwire", fakecli.EnvScenario+"="+tc.scenario, fakecli.EnvCLIVersion+"="+version)
		return runSDK(ctx, entry, fake, t.TempDir(), tc.mode, env, tc.check)
	})
}
