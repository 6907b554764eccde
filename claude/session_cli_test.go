package claude_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// startCLI starts a session of bin against stub.
func startCLI(t *testing.T, bin cliinstall.Binary, stub *stubapi.Server, cfg claude.SessionConfig) *claude.Session {
	t.Helper()
	cfg.BaseURL = stub.URL()
	s := claudetest.Start(t, bin, cfg)
	track(s)
	return s
}

// waitForMainRequest waits until the stub has received n main-loop requests.
func waitForMainRequest(ctx context.Context, t *testing.T, stub *stubapi.Server, n int) {
	t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for len(stub.MainRequests()) < n {
		select {
		case <-ctx.Done():
			t.Fatalf("the CLI sent %d main-loop requests, want %d: %v", len(stub.MainRequests()), n, ctx.Err())
		case <-tick.C:
		}
	}
}

// assistantText returns the text blocks of the turn's assistant messages.
func assistantText(turn claude.Turn) string {
	var b strings.Builder
	for _, m := range turn.Messages {
		a, ok := m.(*protocol.AssistantMessage)
		if !ok {
			continue
		}
		for _, blk := range a.Message.Content {
			if tb, ok := blk.(*protocol.TextBlock); ok {
				b.WriteString(tb.Text)
			}
		}
	}
	return b.String()
}

// cliTest is one test against a real CLI.
type cliTest struct {
	name string
	run  func(t *testing.T, bin cliinstall.Binary)
}

// runCLITests runs each test, in parallel, against the CLI of every pinned
// version (installed if need be; a missing CLI fails the test).
func runCLITests(t *testing.T, tests []cliTest) {
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			bin := claudetest.Binary(t, version)
			for _, tc := range tests {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					tc.run(t, bin)
				})
			}
		})
	}
}

// TestCLI drives the real CLI of every pinned version through the stub.
func TestCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{
		{"TextTurn", testTextTurn},
		{"BashTool", testBashTool},
		{"TwoTurns", testTwoTurns},
		{"KilledMidTurn", testKilledMidTurn},
		{"NeverAnswers", testNeverAnswers},
		{"BadFlag", testBadFlag},
		{"NetworkSealed", testNetworkSealed},
	})
}

func testTextTurn(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello from the stub.")))
	s := startCLI(t, bin, stub, claude.SessionConfig{})
	if err := s.SendText(ctx, "Say hello."); err != nil {
		t.Fatal(err)
	}
	turn, err := s.ReadTurn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := turn.Messages[0].(*protocol.SystemInit); !ok {
		t.Errorf("first message is %T, want *protocol.SystemInit", turn.Messages[0])
	}
	r := turn.Result()
	if r == nil || r.IsError || r.Subtype != protocol.SubtypeSuccess || r.Result != "Hello from the stub." {
		t.Fatalf("result = %+v", r)
	}
	if got := assistantText(turn); got != "Hello from the stub." {
		t.Errorf("assistant text %q", got)
	}
	if n := len(stub.MainRequests()); n != 1 {
		t.Errorf("%d main-loop requests, want 1", n)
	}
	// The transcript holds the prompt and every line of the turn.
	tr := s.Transcript()
	if len(tr) != len(turn.Messages)+1 || tr[0].Direction != claude.Stdin {
		t.Errorf("transcript has %d lines (first %s), want the prompt and %d messages", len(tr), tr[0].Direction, len(turn.Messages))
	}
	// Closing stdin ends the CLI cleanly.
	if err := s.CloseInput(); err != nil {
		t.Fatal(err)
	}
	if err := s.Wait(ctx); err != nil {
		t.Errorf("exit after stdin closed: %v", err)
	}
}

func testBashTool(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo ccwire-$((6*7))", "description": "Print a number"})),
		stubapi.Text("The command printed 42."),
	))
	s := startCLI(t, bin, stub, claude.SessionConfig{Args: []string{"--dangerously-skip-permissions"}})
	if err := s.SendText(ctx, "Run the command."); err != nil {
		t.Fatal(err)
	}
	turn, err := s.ReadTurn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r := turn.Result(); r.IsError || r.Result != "The command printed 42." {
		t.Errorf("result = %+v", r)
	}
	var toolResult *protocol.ToolResultBlock
	for _, m := range turn.Messages {
		if u, ok := m.(*protocol.UserMessage); ok {
			for _, blk := range u.Message.Content.Blocks {
				if tr, ok := blk.(*protocol.ToolResultBlock); ok {
					toolResult = tr
				}
			}
		}
	}
	if toolResult == nil {
		t.Fatal("no tool_result in the turn")
	}
	if toolResult.IsError || toolResult.ToolUseID != stubapi.ToolUseID(0, 0) {
		t.Errorf("tool result %+v", toolResult)
	}
	results := stub.ToolResults()
	if len(results) != 1 || !strings.Contains(results[0].Text(), "ccwire-42") {
		t.Errorf("tool results sent to the API: %+v", results)
	}
}

func testTwoTurns(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("First answer."), stubapi.Text("Second answer.")))
	s := startCLI(t, bin, stub, claude.SessionConfig{})
	var sessionIDs []string
	for i, want := range []string{"First answer.", "Second answer."} {
		if err := s.SendText(ctx, "Question "+string(rune('1'+i))); err != nil {
			t.Fatal(err)
		}
		turn, err := s.ReadTurn(ctx)
		if err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		r := turn.Result()
		if r.Result != want {
			t.Errorf("turn %d result %q, want %q", i+1, r.Result, want)
		}
		sessionIDs = append(sessionIDs, r.SessionID)
	}
	if sessionIDs[0] == "" || sessionIDs[0] != sessionIDs[1] {
		t.Errorf("session IDs %q, want one non-empty ID", sessionIDs)
	}
	if n := len(stub.MainRequests()); n != 2 {
		t.Errorf("%d main-loop requests, want 2", n)
	}
}

func testKilledMidTurn(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Fail(stubapi.Stall(0))))
	s := startCLI(t, bin, stub, claude.SessionConfig{})
	if err := s.SendText(ctx, "Take your time."); err != nil {
		t.Fatal(err)
	}
	waitForMainRequest(ctx, t, stub, 1)
	if p, err := os.FindProcess(s.PID()); err != nil {
		t.Fatal(err)
	} else if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	// The test's own bound: an *ExitError, not a *ContextError, proves the
	// read did not wait for it.
	turn, err := s.ReadTurn(ctx)
	var exit *claude.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("ReadTurn = %v, want *ExitError", err)
	}
	if exit.Signal != killSignal || exit.Stopped {
		t.Errorf("ExitError = %+v, want killed by %v from outside", exit, killSignal)
	}
	if turn.Result() != nil {
		t.Error("a killed turn has a result")
	}
}

func testNeverAnswers(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Fail(stubapi.Stall(0))))
	s := startCLI(t, bin, stub, claude.SessionConfig{CloseTimeout: time.Second})
	if err := s.SendText(ctx, "Hello?"); err != nil {
		t.Fatal(err)
	}
	waitForMainRequest(ctx, t, stub, 1)
	readCtx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	turn, err := s.ReadTurn(readCtx)
	var ce *claude.ContextError
	if !errors.As(err, &ce) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ReadTurn = %v, want *ContextError wrapping DeadlineExceeded", err)
	}
	if len(ce.Messages) == 0 || len(ce.Messages) != len(turn.Messages) {
		t.Fatalf("messages so far: error %d, turn %d", len(ce.Messages), len(turn.Messages))
	}
	if _, ok := ce.Messages[0].(*protocol.SystemInit); !ok {
		t.Errorf("first message so far is %T, want *protocol.SystemInit", ce.Messages[0])
	}
	// The hanging CLI does not stop when its stdin closes; Close kills it.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var exit *claude.ExitError
	if _, err := s.ReadTurn(ctx); !errors.As(err, &exit) || !exit.Stopped {
		t.Errorf("ReadTurn after Close = %v, want *ExitError with Stopped", err)
	}
}

func testBadFlag(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	stub := stubapi.NewTest(t, stubapi.NewScript())
	s := startCLI(t, bin, stub, claude.SessionConfig{Args: []string{"--no-such-flag-ccwire"}})
	turn, err := s.ReadTurn(ctx)
	var exit *claude.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("ReadTurn = %v, want *ExitError", err)
	}
	if exit.ExitCode == 0 || exit.Stopped || !strings.Contains(exit.Stderr, "--no-such-flag-ccwire") {
		t.Errorf("ExitError = %+v, want a failed exit complaining about the flag", exit)
	}
	if !strings.Contains(err.Error(), "--no-such-flag-ccwire") {
		t.Errorf("error message lacks the CLI's complaint: %v", err)
	}
	if len(turn.Messages) != 0 || len(stub.Requests()) != 0 {
		t.Errorf("%d messages, %d API requests after a bad flag", len(turn.Messages), len(stub.Requests()))
	}
}

// proxyRecorder is an HTTP proxy that refuses everything and records the
// request lines it was sent.
type proxyRecorder struct {
	mu    sync.Mutex
	lines []string
}

func (p *proxyRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	p.lines = append(p.lines, r.Method+" "+r.Host)
	p.mu.Unlock()
	http.Error(w, "sealed", http.StatusForbidden)
}

func (p *proxyRecorder) seen() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.lines)
}

// testNetworkSealed checks that the CLI sends its outside traffic through
// the proxy variables (which a session points at a dead port) and its API
// traffic straight to the stub.
func testNetworkSealed(t *testing.T, bin cliinstall.Binary) {
	ctx := ctxFor(t)
	rec := &proxyRecorder{}
	proxy := httptest.NewServer(rec)
	t.Cleanup(proxy.Close)
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo $HTTPS_PROXY", "description": "Show the proxy"})),
		stubapi.Text("Done."),
	))
	var env []string
	for _, k := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
		env = append(env, k+"="+proxy.URL)
	}
	s := startCLI(t, bin, stub, claude.SessionConfig{Args: []string{"--dangerously-skip-permissions"}, Env: env})
	if err := s.SendText(ctx, "Go."); err != nil {
		t.Fatal(err)
	}
	turn, err := s.ReadTurn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r := turn.Result(); r.Result != "Done." {
		t.Errorf("result %+v", r)
	}
	if tr := stub.ToolResults(); len(tr) != 1 || strings.TrimSpace(tr[0].Text()) != proxy.URL {
		t.Errorf("tool commands do not inherit the proxy: %+v", tr)
	}
	if err := s.CloseInput(); err != nil {
		t.Fatal(err)
	}
	if err := s.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	stubHost := strings.TrimPrefix(stub.URL(), "http://")
	for _, line := range rec.seen() {
		if strings.Contains(line, stubHost) || strings.Contains(line, "127.0.0.1") || strings.Contains(line, "localhost") {
			t.Errorf("loopback traffic went through the proxy: %s", line)
		}
	}
	t.Logf("outside traffic caught by the proxy: %q", rec.seen())
}
