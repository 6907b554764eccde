package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// connectFake connects a client to the fake CLI, closing it when the test
// ends.
func connectFake(t *testing.T, configure func(*claude.Options)) *claude.Client {
	t.Helper()
	opts := fakeOptions(t)
	if configure != nil {
		configure(&opts)
	}
	return connectWith(t, opts)
}

// connectWith connects a client with opts (a fake CLI's), closing it when
// the test ends.
func connectWith(t *testing.T, opts claude.Options) *claude.Client {
	t.Helper()
	c, err := claude.Connect(ctxFor(t), opts)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	track(c.Session())
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

// recorder is a Handler that records the events it gets, with the method
// each came to.
type recorder struct {
	mu     sync.Mutex
	calls  []string
	events []claude.Event
}

func (r *recorder) add(name string, ev claude.Event) {
	r.mu.Lock()
	r.calls = append(r.calls, name)
	r.events = append(r.events, ev)
	r.mu.Unlock()
}

func (r *recorder) OnInit(e *claude.InitEvent)                   { r.add("init", e) }
func (r *recorder) OnText(e *claude.TextEvent)                   { r.add("text", e) }
func (r *recorder) OnTextDelta(e *claude.TextDeltaEvent)         { r.add("text_delta", e) }
func (r *recorder) OnThinking(e *claude.ThinkingEvent)           { r.add("thinking", e) }
func (r *recorder) OnThinkingDelta(e *claude.ThinkingDeltaEvent) { r.add("thinking_delta", e) }
func (r *recorder) OnToolUse(e *claude.ToolUseEvent)             { r.add("tool_use", e) }
func (r *recorder) OnToolInputDelta(e *claude.ToolInputDeltaEvent) {
	r.add("tool_input_delta", e)
}
func (r *recorder) OnToolResult(e *claude.ToolResultEvent) { r.add("tool_result", e) }
func (r *recorder) OnUser(e *claude.UserEvent)             { r.add("user", e) }
func (r *recorder) OnPermissionRequest(e *claude.PermissionRequestEvent) {
	r.add("permission_request", e)
}
func (r *recorder) OnStatus(e *claude.StatusEvent)   { r.add("status", e) }
func (r *recorder) OnSystem(e *claude.SystemEvent)   { r.add("system", e) }
func (r *recorder) OnPartial(e *claude.PartialEvent) { r.add("partial", e) }
func (r *recorder) OnResult(e *claude.ResultEvent)   { r.add("result", e) }
func (r *recorder) OnOther(e *claude.OtherEvent)     { r.add("other", e) }
func (r *recorder) OnUnknown(e *claude.UnknownEvent) { r.add("unknown", e) }

func (r *recorder) joined() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.calls, " ")
}

func TestClientInitialize(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ir := c.InitializeResponse()
	if ir == nil || len(ir.Commands) != 1 || ir.Commands[0].Name != "fake" {
		t.Fatalf("InitializeResponse commands = %+v", ir)
	}
	if len(ir.Models) != 1 || ir.Models[0].Value != "default" || ir.Account.APIKeySource != "ANTHROPIC_API_KEY" {
		t.Errorf("InitializeResponse = models %+v, account %+v", ir.Models, ir.Account)
	}
	if c.Version() != "0.0.1" {
		t.Errorf("Version = %q", c.Version())
	}
	// The initialize exchange is in the transcript.
	var in, out bool
	for _, l := range c.Session().Transcript() {
		in = in || (l.Direction == claude.Stdin && strings.Contains(string(l.Line), `"subtype":"initialize"`))
		out = out || (l.Direction == claude.Stdout && strings.Contains(string(l.Line), `"control_response"`))
	}
	if !in || !out {
		t.Errorf("transcript lacks the initialize exchange (request %t, response %t)", in, out)
	}
}

func TestClientQueryToolEvents(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	var rec recorder
	turn, err := c.Query(ctx, "tool", &rec)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if got, want := rec.joined(), "init tool_use tool_result text result"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	use := rec.events[1].(*claude.ToolUseEvent)
	res := rec.events[2].(*claude.ToolResultEvent)
	if use.ID != "toolu_1" || use.Name != "Bash" {
		t.Errorf("tool use = %s %s", use.ID, use.Name)
	}
	var in struct{ Command string }
	if err := use.DecodeInput(&in); err != nil || in.Command != "echo hi" {
		t.Errorf("DecodeInput = %+v, %v", in, err)
	}
	if res.ToolUse != use || res.Text != "hi" || res.IsError {
		t.Errorf("tool result = %+v (tool use %p, want %p)", res, res.ToolUse, use)
	}
	if turn.Text() != "Done." || turn.CostUSD() != 0.25 || turn.Usage().InputTokens != 7 || turn.SessionID() == "" || turn.Err() != nil {
		t.Errorf("turn: text %q, cost %v, usage %+v, session %q, err %v", turn.Text(), turn.CostUSD(), turn.Usage(), turn.SessionID(), turn.Err())
	}
	if len(turn.Messages) != 5 {
		t.Errorf("turn has %d messages, want 5", len(turn.Messages))
	}
	for _, m := range turn.Messages {
		if m.MessageType() == protocol.TypeControlResponse {
			t.Errorf("a control response leaked into the turn: %s", m.Raw())
		}
	}
}

func TestClientObserver(t *testing.T) {
	t.Parallel()
	var obs recorder
	c := connectFake(t, func(o *claude.Options) { o.Observer = &obs })
	ctx := ctxFor(t)
	for _, prompt := range []string{"tool", "partial"} {
		var rec recorder
		if _, err := c.Query(ctx, prompt, &rec); err != nil {
			t.Fatalf("Query(%s): %v", prompt, err)
		}
		// The observer saw the turn's events first, then the reader: the
		// same ones, in the same order.
		obs.mu.Lock()
		seen := obs.events
		obs.events, obs.calls = nil, nil
		obs.mu.Unlock()
		if len(seen) != len(rec.events) {
			t.Fatalf("%s: the observer saw %d events, the reader %d (%s)", prompt, len(seen), len(rec.events), rec.joined())
		}
		for i, ev := range rec.events {
			if seen[i] != ev {
				t.Errorf("%s: event %d: the observer saw %T, the reader %T", prompt, i, seen[i], ev)
			}
		}
	}
}

func TestQueryOneShot(t *testing.T) {
	t.Parallel()
	opts := fakeOptions(t)
	var rec recorder
	opts.Handler = &rec
	turn, err := claude.Query(ctxFor(t), "hello", opts)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	if turn.Text() != "Hello!" || rec.joined() != "init text result" {
		t.Errorf("turn text %q, events %s", turn.Text(), rec.joined())
	}
}

func TestClientMultiTurn(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	for i, prompt := range []string{"hello", "tool", "hello"} {
		turn, err := c.Query(ctx, prompt, nil)
		if err != nil {
			t.Fatalf("turn %d: %v", i, err)
		}
		if turn.Result() == nil {
			t.Fatalf("turn %d has no result", i)
		}
	}
	if err := c.CloseInput(); err != nil {
		t.Fatal(err)
	}
	if err := c.Wait(ctx); err != nil {
		t.Errorf("Wait after CloseInput: %v", err)
	}
}

func TestClientPermission(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		prompt   string
		decide   claude.PermissionFunc
		noFunc   bool
		wantText string
		wantErr  bool // the tool result is an error
		wantTurn protocol.Subtype
	}{
		{
			name: "allow", prompt: "perm",
			decide: func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
				return claude.Allow(), nil
			},
			wantText: `ran with {"command":"rm -rf /tmp/x"}`,
		},
		{
			name: "allow with input", prompt: "perm",
			decide: func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
				return claude.AllowWithInput(map[string]string{"command": "echo safe"}), nil
			},
			wantText: `ran with {"command":"echo safe"}`,
		},
		{
			name: "deny", prompt: "perm",
			decide: func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
				return claude.Deny("not here"), nil
			},
			wantText: "not here", wantErr: true,
		},
		{
			name: "deny and interrupt", prompt: "perm",
			decide: func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
				return claude.DenyAndInterrupt("stop"), nil
			},
			wantText: "stop", wantErr: true, wantTurn: protocol.SubtypeErrorDuringExecution,
		},
		{
			name: "callback error", prompt: "perm",
			decide: func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
				return claude.PermissionDecision{}, errors.New("cannot decide")
			},
			wantText: "error answer: cannot decide", wantErr: true,
		},
		{
			name: "input not an object", prompt: "perm",
			decide: func(context.Context, *claude.PermissionRequest) (claude.PermissionDecision, error) {
				return claude.AllowWithInput([]int{1}), nil
			},
			wantText: "error answer: claude: the permission decision's input is not a JSON object", wantErr: true,
		},
		{
			name: "no callback", prompt: "perm", noFunc: true,
			wantText: "error answer: this client has no permission callback", wantErr: true,
		},
		{
			name: "answer questions", prompt: "ask",
			decide: func(_ context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
				qs, err := claude.Questions(req.Input)
				if err != nil || len(qs) != 1 {
					return claude.PermissionDecision{}, fmt.Errorf("questions %v: %v", qs, err)
				}
				return claude.AnswerQuestions(req.Input, map[string]string{qs[0].Question: qs[0].Options[0].Label})
			},
			wantText: `"answers":{"Which language?":"Go"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var seen *claude.PermissionRequest
			var mu sync.Mutex
			c := connectFake(t, func(o *claude.Options) {
				if !tt.noFunc {
					o.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
						mu.Lock()
						seen = req
						mu.Unlock()
						return tt.decide(ctx, req)
					}
				}
			})
			if !tt.noFunc && !strings.Contains(strings.Join(c.Session().Args(), " "), "--permission-prompt-tool stdio") {
				t.Errorf("args lack --permission-prompt-tool stdio: %q", c.Session().Args())
			}
			var rec recorder
			turn, err := c.Query(ctxFor(t), tt.prompt, &rec)
			var te *claude.TurnError
			switch {
			case tt.wantTurn != "":
				if !errors.As(err, &te) || te.Subtype != tt.wantTurn {
					t.Fatalf("Query error = %v, want a TurnError %s", err, tt.wantTurn)
				}
			case err != nil:
				t.Fatalf("Query: %v", err)
			}
			var res *claude.ToolResultEvent
			var req *claude.PermissionRequestEvent
			for _, ev := range rec.events {
				switch ev := ev.(type) {
				case *claude.ToolResultEvent:
					res = ev
				case *claude.PermissionRequestEvent:
					req = ev
				}
			}
			if res == nil || !strings.Contains(res.Text, tt.wantText) || res.IsError != tt.wantErr {
				t.Fatalf("tool result = %+v, want text containing %q, error %t; events %s", res, tt.wantText, tt.wantErr, rec.joined())
			}
			if req == nil || req.ToolUse == nil || req.ToolUse.ID != "toolu_1" || req.RequestID != "cli_req_1" {
				t.Errorf("permission request event = %+v", req)
			}
			mu.Lock()
			defer mu.Unlock()
			if !tt.noFunc && (seen == nil || seen.ToolUse == nil || seen.ToolUseID != "toolu_1" || seen.RequestID != "cli_req_1") {
				t.Errorf("callback saw %+v", seen)
			}
			if turn.Result() == nil {
				t.Errorf("turn without result")
			}
		})
	}
}

func TestClientPermissionCancelled(t *testing.T) {
	t.Parallel()
	cancelled := make(chan error, 1)
	c := connectFake(t, func(o *claude.Options) {
		o.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
			<-ctx.Done() // a person who never answers
			cancelled <- ctx.Err()
			return claude.Allow(), nil
		}
	})
	turn, err := c.Query(ctxFor(t), "cancel", nil)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	select {
	case err := <-cancelled:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("callback context ended with %v", err)
		}
	case <-ctxFor(t).Done():
		t.Fatal("the callback's context was not cancelled")
	}
	if got := turn.Result().Result; got != "no answer after the cancel" {
		t.Errorf("the fake CLI says %q", got)
	}
}

func TestClientAnswersUnregisteredRequests(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	turn, err := c.Query(ctxFor(t), "unasked", nil)
	if err != nil {
		t.Fatalf("Query: %v", err)
	}
	want := "error: claude: no hook callback with this ID: \"hook_0\"\n" +
		"error: claude: no in-process MCP server of this name: \"calc\"\n" +
		"error: unsupported control request subtype: future_request"
	if got := turn.Result().Result; got != want {
		t.Errorf("the fake CLI got the answers\n%s\nwant\n%s", got, want)
	}
}

func TestClientControlRequests(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)

	// The fake answers set_permission_mode twice, as CLI 2.1.37 does; the
	// second answer must not leak anywhere.
	if err := c.SetPermissionMode(ctx, protocol.PermissionPlan); err != nil {
		t.Fatalf("SetPermissionMode: %v", err)
	}
	if err := c.SetModel(ctx, "claude-haiku-4-5"); err != nil {
		t.Fatalf("SetModel: %v", err)
	}
	if err := c.SetMaxThinkingTokens(ctx, 1024); err != nil {
		t.Fatalf("SetMaxThinkingTokens: %v", err)
	}
	if err := c.Interrupt(ctx); err != nil {
		t.Fatalf("Interrupt with no turn under way: %v", err)
	}
	turn, err := c.Query(ctx, "mode", nil)
	if err != nil || turn.Text() != "mode=plan" {
		t.Fatalf("Query = %q, %v", turn.Text(), err)
	}
	if len(turn.Messages) != 3 {
		t.Errorf("turn has %d messages, want init, text, result: %v", len(turn.Messages), turn.Messages)
	}

	err = c.SetPermissionMode(ctx, "bogus")
	var ce *claude.ControlError
	if !errors.As(err, &ce) || ce.Code != "invalid_mode" || ce.Subtype != protocol.ControlSetPermissionMode || !strings.Contains(ce.Message, "bogus") {
		t.Errorf("SetPermissionMode(bogus) = %v, want a ControlError invalid_mode", err)
	}
	_, err = c.Control(ctx, &protocol.MCPStatusRequest{})
	if !errors.As(err, &ce) || !strings.Contains(ce.Message, "Unsupported") {
		t.Errorf("Control(mcp_status) = %v, want a ControlError", err)
	}

	// No answer: the request times out, and a late answer would be dropped.
	// The deadline is the request's own, not Options.ControlTimeout, which
	// would also bound the initialize request of a fake CLI slow to start on
	// a loaded machine.
	unanswered, stop := context.WithTimeout(ctx, 500*time.Millisecond)
	defer stop()
	err = c.SetMaxThinkingTokens(unanswered, 999)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("unanswered request = %v, want DeadlineExceeded", err)
	}
	short, cancel := context.WithCancel(ctx)
	cancel()
	if err := c.SetModel(short, "x"); !errors.Is(err, context.Canceled) {
		t.Errorf("request with a cancelled context = %v", err)
	}
	// The client is still usable.
	if _, err := c.Query(ctx, "hello", nil); err != nil {
		t.Errorf("Query after control errors: %v", err)
	}
}

func TestClientInterrupt(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	var rec recorder
	var interruptErr error
	for ev, err := range c.Stream(ctx, "stall") {
		if err != nil {
			var te *claude.TurnError
			if !errors.As(err, &te) || te.Subtype != protocol.SubtypeErrorDuringExecution {
				t.Fatalf("Stream error = %v", err)
			}
			break
		}
		claude.Dispatch(&rec, ev)
		if d, ok := ev.(*claude.TextDeltaEvent); ok && d.Text == "Thinking about " {
			// Interrupt from another goroutine, as a UI would, while this
			// one keeps reading.
			done := make(chan error, 1)
			go func() { done <- c.Interrupt(ctx) }()
			defer func() { interruptErr = <-done }()
		}
	}
	if got, want := rec.joined(), "init partial partial text_delta user result"; got != want {
		t.Errorf("events = %s, want %s", got, want)
	}
	for _, ev := range rec.events {
		if u, ok := ev.(*claude.UserEvent); ok && u.Text != "[Request interrupted by user]" {
			t.Errorf("user event text %q", u.Text)
		}
	}
	t.Cleanup(func() {
		if interruptErr != nil {
			t.Errorf("Interrupt: %v", interruptErr)
		}
	})
}

func TestClientPartialMessages(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	var rec recorder
	if _, err := c.Query(ctxFor(t), "partial", &rec); err != nil {
		t.Fatal(err)
	}
	want := "init partial partial thinking_delta thinking_delta partial thinking partial " +
		"partial text_delta text_delta text partial " +
		"partial tool_input_delta tool_input_delta tool_use partial partial partial tool_result result"
	if got := rec.joined(); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	var texts, thinking, inputs []string
	for _, ev := range rec.events {
		switch ev := ev.(type) {
		case *claude.TextDeltaEvent:
			texts = append(texts, ev.Delta+"|"+ev.Text)
		case *claude.ThinkingDeltaEvent:
			thinking = append(thinking, ev.Delta+"|"+ev.Thinking)
		case *claude.ToolInputDeltaEvent:
			inputs = append(inputs, ev.ID+" "+ev.Name+" "+ev.Delta+"|"+ev.Input)
		case *claude.ThinkingEvent:
			if ev.Thinking != "Hmm, yes." || ev.Redacted {
				t.Errorf("thinking event %+v", ev)
			}
		}
	}
	check := func(name string, got []string, want ...string) {
		t.Helper()
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s deltas =\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	check("text", texts, "Héllo, |Héllo, ", "wörld|Héllo, wörld")
	check("thinking", thinking, "Hmm, |Hmm, ", "yes.|Hmm, yes.")
	check("input", inputs, `toolu_9 Bash {"command":|{"command":`, `toolu_9 Bash "ls"}|{"command":"ls"}`)
}

func TestClientSlowConsumerLosesNothing(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	const n = 5000
	if err := c.Send(ctx, fmt.Sprintf("flood %d", n)); err != nil {
		t.Fatal(err)
	}
	// Nobody reads for a while; the CLI writes everything meanwhile, and
	// control requests are still answered.
	time.Sleep(300 * time.Millisecond)
	if err := c.SetModel(ctx, "m"); err != nil {
		t.Fatalf("SetModel while nobody reads: %v", err)
	}
	i := 0
	for ev, err := range c.Events(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		switch ev := ev.(type) {
		case *claude.TextEvent:
			if want := fmt.Sprintf("m%d", i); ev.Text != want {
				t.Fatalf("text %d = %q, want %q", i, ev.Text, want)
			}
			i++
			if i%1000 == 0 {
				time.Sleep(10 * time.Millisecond) // a slow consumer
			}
		case *claude.ResultEvent:
			if i != n {
				t.Fatalf("got %d of %d messages", i, n)
			}
			return
		}
	}
	t.Fatal("the events ended before the result")
}

func TestClientBreakLosesNothing(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	var kinds []string
	for ev, err := range c.Stream(ctx, "tool") {
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, fmt.Sprintf("%T", ev))
		if _, ok := ev.(*claude.ToolUseEvent); ok {
			break
		}
	}
	var rec recorder
	turn, err := c.ReceiveTurn(ctx, &rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.joined(); got != "tool_result text result" {
		t.Errorf("after the break: %s (before: %v)", got, kinds)
	}
	if turn.Text() != "Done." {
		t.Errorf("turn text %q", turn.Text())
	}
}

func TestClientOddMessages(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	var rec recorder
	turn, err := c.Query(ctxFor(t), "garbage", &rec)
	var le *claude.LineErrors
	if !errors.As(err, &le) || len(le.Errs) != 1 {
		t.Fatalf("Query error = %v, want LineErrors with one line", err)
	}
	if got, want := rec.joined(), "init unknown unknown other system text result"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	if u := rec.events[1].(*claude.UnknownEvent); u.Err == nil || u.Message != nil || u.Source() != nil {
		t.Errorf("undecodable line event = %+v", u)
	}
	if u := rec.events[2].(*claude.UnknownEvent); u.Err != nil || u.Message.MessageType() != "brand_new_kind" {
		t.Errorf("unknown message event = %+v", u)
	}
	if s := rec.events[4].(*claude.SystemEvent); s.Subtype != protocol.SubtypeAPIRetry {
		t.Errorf("system event subtype %q", s.Subtype)
	}
	if turn.Text() != "Still here." {
		t.Errorf("turn text %q", turn.Text())
	}
}

func TestClientMaxTurns(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	turn, err := c.Query(ctxFor(t), "maxturns", nil)
	var te *claude.TurnError
	if !errors.As(err, &te) || te.Subtype != protocol.SubtypeErrorMaxTurns || te.TerminalReason != "max_turns" {
		t.Fatalf("Query error = %v, want TurnError error_max_turns", err)
	}
	if !errors.As(turn.Err(), &te) || turn.Result() == nil {
		t.Errorf("turn.Err() = %v", turn.Err())
	}
}

func TestClientLongToolResult(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	const n = 200_000
	var rec recorder
	if _, err := c.Query(ctxFor(t), fmt.Sprintf("big %d", n), &rec); err != nil {
		t.Fatal(err)
	}
	res := rec.events[2].(*claude.ToolResultEvent)
	text := res.Text
	if utf8.RuneCountInString(text) != n {
		t.Fatalf("tool result has %d characters, want %d", utf8.RuneCountInString(text), n)
	}
	short := claude.Abbreviate(text, 100)
	if !utf8.ValidString(short) || !strings.Contains(short, "[… 199900 characters omitted …]") || utf8.RuneCountInString(short) > 140 {
		t.Errorf("Abbreviate = %q", short)
	}
}

func TestClientCLIExits(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	turn, err := c.Query(ctx, "exit", nil)
	var ee *claude.ExitError
	if !errors.As(err, &ee) || ee.ExitCode != 3 || ee.Stopped {
		t.Fatalf("Query error = %v, want ExitError status 3", err)
	}
	if turn.Text() != "Bye." {
		t.Errorf("turn text %q", turn.Text())
	}
	if err := c.SetModel(ctx, "x"); !errors.As(err, &ee) {
		t.Errorf("control request after the exit = %v, want the ExitError", err)
	}
	if err := c.Wait(ctx); !errors.As(err, &ee) {
		t.Errorf("Wait = %v", err)
	}
}

func TestClientStreamCleanExitBeforeResult(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	var got []string
	var final error
	for ev, err := range c.Stream(ctx, "quit") {
		if err != nil {
			final = err
			break
		}
		got = append(got, fmt.Sprintf("%T", ev))
	}
	var ee *claude.ExitError
	if !errors.As(final, &ee) || ee.ExitCode != 0 || ee.Stopped {
		t.Errorf("Stream ended with %v after %v, want the ExitError of a clean exit", final, got)
	}
	// Events, unlike a turn read, ends silently on a clean exit.
	for ev, err := range c.Events(ctx) {
		t.Errorf("Events after the exit yielded %v, %v", ev, err)
	}
}

// TestClientCloseKillsDescendants checks that Close kills a process the
// CLI started and left running, on every platform: on Unix it is in the
// CLI's process group, on Windows in its job object.
func TestClientCloseKillsDescendants(t *testing.T) {
	t.Parallel()
	c := connectFake(t, nil)
	ctx := ctxFor(t)
	if err := c.Send(ctx, "spawn"); err != nil {
		t.Fatal(err)
	}
	turn, err := c.ReceiveTurn(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	child, err := strconv.Atoi(resultText(t, turn))
	if err != nil {
		t.Fatalf("the fake CLI did not start its child: %v", err)
	}
	if processGone(child) == nil {
		t.Fatalf("child %d of the CLI is not running before Close", child)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	// Killed, the child may take a moment to be reaped by its new parent.
	for gone := ctxFor(t); ; time.Sleep(20 * time.Millisecond) {
		err := processGone(child)
		if err == nil {
			break
		}
		if gone.Err() != nil {
			t.Fatalf("long after Close: %v", err)
		}
	}
}

func TestClientCloseDuringTurn(t *testing.T) {
	t.Parallel()
	started := make(chan struct{})
	c := connectFake(t, func(o *claude.Options) {
		o.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
			close(started)
			<-ctx.Done()
			return claude.Deny("closing"), nil
		}
	})
	ctx := ctxFor(t)
	if err := c.Send(ctx, "perm"); err != nil {
		t.Fatal(err)
	}
	<-started
	pid := c.Session().PID()
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := treeGone(pid); err != nil {
		t.Errorf("after Close: %v", err)
	}
	_, err := c.ReceiveTurn(ctx, nil)
	var ee *claude.ExitError
	if !errors.As(err, &ee) || !ee.Stopped {
		t.Errorf("ReceiveTurn after Close = %v, want an ExitError of a stopped CLI", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestClientReceiveContext(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	text := newFirstText()
	c := connectFake(t, func(o *claude.Options) { o.Observer = text })
	if err := c.Send(ctx, "hang"); err != nil {
		t.Fatal(err)
	}
	// The deadline passes once the turn's text has arrived (an event,
	// not raced by the timer) and while the CLI hangs.
	text.wait(ctx, t)
	short, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	turn, err := c.ReceiveTurn(short, nil)
	var ce *claude.ContextError
	if !errors.As(err, &ce) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ReceiveTurn = %v, want a ContextError", err)
	}
	if len(turn.Messages) != 2 || len(ce.Messages) != 2 {
		t.Errorf("messages read before giving up: %d (error says %d), want init and text", len(turn.Messages), len(ce.Messages))
	}
}

func TestConnectRefusesOptions(t *testing.T) {
	t.Parallel()
	ctx := ctxFor(t)
	tests := []struct {
		name        string
		configure   func(*claude.Options)
		option      string
		unsupported bool
	}{
		{"effort on 2.1.37", func(o *claude.Options) { o.Binary.Version = "2.1.37"; o.Effort = "high" }, "Effort", true},
		{"auto mode on 2.1.37", func(o *claude.Options) { o.Binary.Version = "2.1.37"; o.PermissionMode = protocol.PermissionAuto }, "PermissionMode", true},
		{"delegate mode on 2.1.330", func(o *claude.Options) { o.Binary.Version = "2.1.330"; o.PermissionMode = protocol.PermissionDelegate }, "PermissionMode", true},
		{"version mismatch", func(o *claude.Options) { o.Version = "2.1.330" }, "Version", false},
		{"fork without resume", func(o *claude.Options) { o.ForkSession = true }, "ForkSession", false},
		{"isolated without base URL", func(o *claude.Options) { o.BaseURL = "" }, "BaseURL", false},
		// Refused before any process starts: no unsealed CLI runs.
		{"missing work dir", func(o *claude.Options) { o.Isolation = nil; o.WorkDir = "/nonexistent/ccwire-work" }, "WorkDir", false},
		{"work dir a file", func(o *claude.Options) { o.Isolation = nil; o.WorkDir = "/etc/hostname" }, "WorkDir", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opts := fakeOptions(t)
			tt.configure(&opts)
			c, err := claude.Connect(ctx, opts)
			if err == nil {
				c.Close()
				t.Fatal("Connect succeeded")
			}
			var oe *claude.OptionError
			if !errors.As(err, &oe) || oe.Option != tt.option || errors.Is(err, errors.ErrUnsupported) != tt.unsupported {
				t.Errorf("Connect error = %v (%#v), want an OptionError for %s, unsupported %t", err, oe, tt.option, tt.unsupported)
			}
			// The error speaks of Options, which the caller used.
			if msg := err.Error(); strings.Contains(msg, "SessionConfig") || strings.Contains(msg, "session needs") {
				t.Errorf("Connect error %q names the session's configuration, not Options", msg)
			}
		})
	}
}

// allEvents returns a zero event of every kind, in the order of Handler's
// methods.
func allEvents() []claude.Event {
	return []claude.Event{
		&claude.InitEvent{}, &claude.TextEvent{}, &claude.TextDeltaEvent{}, &claude.ThinkingEvent{},
		&claude.ThinkingDeltaEvent{}, &claude.ToolUseEvent{}, &claude.ToolInputDeltaEvent{}, &claude.ToolResultEvent{},
		&claude.UserEvent{}, &claude.PermissionRequestEvent{}, &claude.StatusEvent{}, &claude.SystemEvent{},
		&claude.PartialEvent{}, &claude.ResultEvent{}, &claude.OtherEvent{}, &claude.UnknownEvent{},
	}
}

func TestDispatchCallsTheKindsMethod(t *testing.T) {
	t.Parallel()
	events := allEvents()
	var rec recorder
	for _, ev := range events {
		claude.Dispatch(&rec, ev)
		claude.Dispatch(claude.BaseHandler{}, ev)
	}
	claude.Dispatch(nil, events[0])
	claude.Dispatch(&rec, nil)
	want := "init text text_delta thinking thinking_delta tool_use tool_input_delta tool_result user permission_request status system partial result other unknown"
	if got := rec.joined(); got != want {
		t.Errorf("Dispatch called\n%s\nwant\n%s", got, want)
	}
}

// TestEventShape holds every event type to one convention: its data are
// fields (TextEvent.Text, ToolResultEvent.Text...), and its only methods
// are Source and helpers that do more than read (DecodeInput).
func TestEventShape(t *testing.T) {
	t.Parallel()
	helpers := map[string]bool{"Source": true, "DecodeInput": true}
	for _, ev := range allEvents() {
		typ := reflect.TypeOf(ev)
		for m := range typ.Methods() {
			if !helpers[m.Name] {
				t.Errorf("%s has the method %s; event data are fields", typ, m.Name)
			}
		}
	}
	// The text of the events that carry one is the field Text.
	for _, ev := range []claude.Event{&claude.TextEvent{}, &claude.TextDeltaEvent{}, &claude.ToolResultEvent{}, &claude.UserEvent{}} {
		if f, ok := reflect.TypeOf(ev).Elem().FieldByName("Text"); !ok || f.Type.Kind() != reflect.String {
			t.Errorf("%T has no string field Text", ev)
		}
	}
}

func TestQuestionsAndAnswers(t *testing.T) {
	t.Parallel()
	input := json.RawMessage(`{"questions":[{"question":"Q1?","header":"H","options":[{"label":"A","description":"a"}],"multiSelect":true}],"metadata":{"source":"x"}}`)
	qs, err := claude.Questions(input)
	if err != nil || len(qs) != 1 || qs[0].Question != "Q1?" || !qs[0].MultiSelect || qs[0].Options[0].Label != "A" {
		t.Fatalf("Questions = %+v, %v", qs, err)
	}
	d, err := claude.AnswerQuestions(input, map[string]string{"Q1?": "A"})
	if err != nil || !d.Allow {
		t.Fatalf("AnswerQuestions = %+v, %v", d, err)
	}
	var got map[string]any
	if err := json.Unmarshal(d.Input, &got); err != nil {
		t.Fatal(err)
	}
	if got["answers"].(map[string]any)["Q1?"] != "A" || got["metadata"] == nil || got["questions"] == nil {
		t.Errorf("answered input = %s", d.Input)
	}
	for _, bad := range []string{`null`, `[1]`, `{`} {
		if _, err := claude.AnswerQuestions(json.RawMessage(bad), nil); err == nil {
			t.Errorf("AnswerQuestions(%s) succeeded", bad)
		}
		if _, err := claude.Questions(json.RawMessage(bad)); err == nil && bad != "null" {
			t.Errorf("Questions(%s) succeeded", bad)
		}
	}
}

// TestClientTranscriptBound checks that a client's session keeps the
// transcript bound of its options: the default, and one of its own.
func TestClientTranscriptBound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		option int
		turns  int
		// keptMax is the most lines the transcript may hold after the
		// turns; dropped says whether lines must have been dropped.
		keptMax int
		dropped bool
	}{
		{"default", 0, 3, claude.DefaultTranscriptLines, false},
		{"three lines", 3, 3, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := connectFake(t, func(o *claude.Options) { o.TranscriptLines = tc.option })
			ctx := ctxFor(t)
			for i := range tc.turns {
				if _, err := c.Query(ctx, "hello", nil); err != nil {
					t.Fatalf("turn %d: %v", i+1, err)
				}
			}
			tr := c.Session().Transcript()
			dropped := c.Session().TranscriptDropped()
			if len(tr) == 0 || len(tr) > tc.keptMax {
				t.Errorf("the transcript holds %d lines, want 1 to %d", len(tr), tc.keptMax)
			}
			if (dropped > 0) != tc.dropped {
				t.Errorf("TranscriptDropped() = %d, want lines dropped: %v", dropped, tc.dropped)
			}
			if last := tr[len(tr)-1]; last.Direction != claude.Stdout || !strings.Contains(string(last.Line), `"type":"result"`) {
				t.Errorf("last transcript line %s %q, want the last result", last.Direction, last.Line)
			}
		})
	}
}
