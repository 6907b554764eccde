package stubapi_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"
	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/stubapi"
)

// attempt makes one main-loop request, streaming or not, and returns the
// message (accumulated so far when streaming), the response headers and
// the error.
func attempt(ctx context.Context, c anthropic.Client, stream bool) (anthropic.Message, http.Header, error) {
	var resp *http.Response
	opt := option.WithResponseInto(&resp)
	header := func() http.Header {
		if resp == nil {
			return nil
		}
		return resp.Header
	}
	if stream {
		s := c.Messages.NewStreaming(ctx, mainParams(), opt)
		defer s.Close()
		var acc anthropic.Message
		for s.Next() {
			if err := acc.Accumulate(s.Current()); err != nil {
				return acc, header(), err
			}
		}
		return acc, header(), s.Err()
	}
	m, err := c.Messages.New(ctx, mainParams(), opt)
	if m == nil {
		return anthropic.Message{}, header(), err
	}
	return *m, header(), err
}

// apiErr describes an *anthropic.Error for comparison.
type apiErr struct {
	Status int
	Type   string
}

func asAPIErr(err error) (apiErr, bool) {
	var e *anthropic.Error
	if !errors.As(err, &e) {
		return apiErr{}, false
	}
	return apiErr{e.StatusCode, string(e.Type())}, true
}

func TestHTTPErrorFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		fault      stubapi.Fault
		want       apiErr
		retryAfter string
		message    string
		// header holds extra response headers the fault must send.
		header http.Header
	}{
		{"overloaded", stubapi.Overloaded(), apiErr{529, "overloaded_error"}, "", "Overloaded", nil},
		{"rate limited", stubapi.RateLimited(1500 * time.Millisecond), apiErr{429, "rate_limit_error"}, "2", "rate limit", nil},
		{"server error", stubapi.ServerError(), apiErr{500, "api_error"}, "", "Internal server error", nil},
		{"unauthorized", stubapi.Unauthorized(), apiErr{401, "authentication_error"}, "", "x-api-key", nil},
		{"billing", stubapi.HTTPError(402), apiErr{402, "billing_error"}, "", "billing_error", nil},
		{"timeout", stubapi.HTTPError(504), apiErr{504, "timeout_error"}, "", "timeout_error", nil},
		{"custom type", stubapi.HTTPError(503).WithErrorType("overloaded_error").WithMessage("busy"), apiErr{503, "overloaded_error"}, "", `"message":"busy"`, nil},
		{"usage limit headers", stubapi.RateLimited(0).
			WithHeader("anthropic-ratelimit-unified-status", "rejected").
			WithHeader("anthropic-ratelimit-unified-representative-claim", "five_hour").
			WithHeader("anthropic-ratelimit-unified-reset", "1767261600").
			WithHeader("X-Several", "a").WithHeader("X-Several", "b"),
			apiErr{429, "rate_limit_error"}, "", "rate limit", http.Header{
				"Anthropic-Ratelimit-Unified-Status":               {"rejected"},
				"Anthropic-Ratelimit-Unified-Representative-Claim": {"five_hour"},
				"Anthropic-Ratelimit-Unified-Reset":                {"1767261600"},
				"X-Several":                                        {"a", "b"},
			}},
	}
	for _, tt := range tests {
		for _, stream := range []bool{true, false} {
			t.Run(tt.name+streamName(stream), func(t *testing.T) {
				t.Parallel()
				turn := stubapi.Text("after the fault").WithFaults(tt.fault)
				s := stubapi.NewTest(t, stubapi.NewScript(turn))
				c := client(s)
				_, h, err := attempt(context.Background(), c, stream)
				got, ok := asAPIErr(err)
				if !ok {
					t.Fatalf("err = %v, want an *anthropic.Error", err)
				}
				if got != tt.want {
					t.Errorf("error = %+v, want %+v", got, tt.want)
				}
				var e *anthropic.Error
				if errors.As(err, &e) && !strings.Contains(e.RawJSON(), tt.message) {
					t.Errorf("error body %s does not contain %q", e.RawJSON(), tt.message)
				}
				if ra := h.Get("Retry-After"); ra != tt.retryAfter {
					t.Errorf("retry-after = %q, want %q", ra, tt.retryAfter)
				}
				if h.Get("Request-Id") == "" {
					t.Error("error response has no request-id header")
				}
				for name, values := range tt.header {
					if diff := cmp.Diff(values, h.Values(name)); diff != "" {
						t.Errorf("header %s (-want +got):\n%s", name, diff)
					}
				}
				// The fault was met once; the retry gets the turn.
				m, _, err := attempt(context.Background(), c, stream)
				if err != nil {
					t.Fatalf("retry: %v", err)
				}
				if diff := cmp.Diff(want(turn, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
					t.Errorf("retry differs from the script (-want +got):\n%s", diff)
				}
				outcomes := outcomesOf(s)
				if diff := cmp.Diff([]stubapi.Outcome{stubapi.OutcomeFault, stubapi.OutcomeServed}, outcomes); diff != "" {
					t.Errorf("outcomes (-want +got):\n%s", diff)
				}
			})
		}
	}
}

func streamName(stream bool) string {
	if stream {
		return "/stream"
	}
	return "/message"
}

// outcomesOf returns the outcomes of the requests so far, once the server
// has finished answering them.
func outcomesOf(s *stubapi.Server) []stubapi.Outcome {
	var out []stubapi.Outcome
	for _, r := range settledRequests(s) {
		out = append(out, r.Outcome)
	}
	return out
}

// settledRequests returns s's main-loop requests once none is being
// answered: a client sees the end of a response a moment before the
// server records its outcome.
func settledRequests(s *stubapi.Server) []stubapi.Request {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = s.WaitIdle(ctx)
	return s.MainRequests()
}

// TestStreamFaults checks faults that strike inside a stream: what the
// client accumulated before the fault and the error it sees.
func TestStreamFaults(t *testing.T) {
	t.Parallel()
	content := stubapi.ToolUse(stubapi.Say("Let me run this for you."), stubapi.Call("Bash", map[string]any{"command": "echo hello world"}))
	tests := []struct {
		name  string
		fault stubapi.Fault
		// blocks is the number of content blocks the client saw before
		// the fault; partial whether the last one is incomplete.
		blocks  int
		partial bool
		// apiError is the error the client should see, if an API error.
		apiError *apiErr
	}{
		{"error event first", stubapi.StreamError(""), 0, false, &apiErr{200, "overloaded_error"}},
		{"error event at start", stubapi.StreamError("api_error").When(stubapi.PhaseStart), 0, false, &apiErr{200, "api_error"}},
		{"error event mid text", stubapi.StreamError("overloaded_error").MidBlock(0), 1, true, &apiErr{200, "overloaded_error"}},
		{"error event mid tool", stubapi.StreamError("overloaded_error").MidBlock(1), 2, true, &apiErr{200, "overloaded_error"}},
		{"error event at end", stubapi.StreamError("overloaded_error").When(stubapi.PhaseEnd), 2, false, &apiErr{200, "overloaded_error"}},
		{"drop first byte", stubapi.Drop(), 0, false, nil},
		{"drop at start", stubapi.Drop().When(stubapi.PhaseStart), 0, false, nil},
		{"drop mid text", stubapi.Drop().MidBlock(0), 1, true, nil},
		{"drop at end", stubapi.Drop().When(stubapi.PhaseEnd), 2, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := stubapi.NewTest(t, stubapi.NewScript(content.WithFaults(tt.fault)))
			c := client(s)
			m, _, err := attempt(context.Background(), c, true)
			if err == nil {
				t.Fatal("faulted stream ended without an error")
			}
			got, isAPI := asAPIErr(err)
			switch {
			case tt.apiError != nil && (!isAPI || got != *tt.apiError):
				t.Errorf("err = %v (%+v), want API error %+v", err, got, *tt.apiError)
			case tt.apiError == nil && isAPI:
				t.Errorf("err = %v, want a connection error", err)
			}
			if len(m.Content) != tt.blocks {
				t.Fatalf("client saw %d blocks before the fault, want %d", len(m.Content), tt.blocks)
			}
			if tt.blocks > 0 {
				full := want(content, 0, "claude-sonnet-4-5-20250929").Content
				gotBlocks := project(m).Content
				last := tt.blocks - 1
				if diff := cmp.Diff(full[:last], gotBlocks[:last]); diff != "" {
					t.Errorf("complete blocks before the fault (-want +got):\n%s", diff)
				}
				complete := cmp.Equal(full[last], gotBlocks[last])
				if complete == tt.partial {
					t.Errorf("last block seen %+v: partial = %v, want %v", gotBlocks[last], !complete, tt.partial)
				}
			}
			// The retry gets the whole turn.
			m, _, err = attempt(context.Background(), c, true)
			if err != nil {
				t.Fatalf("retry: %v", err)
			}
			if diff := cmp.Diff(want(content, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
				t.Errorf("retry differs from the script (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNonStreamFaults checks that stream-shaped faults have a sensible
// non-streaming form.
func TestNonStreamFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		fault    stubapi.Fault
		apiError *apiErr
	}{
		{"stream error becomes its status", stubapi.StreamError("overloaded_error").MidBlock(0), &apiErr{529, "overloaded_error"}},
		{"api error becomes 500", stubapi.StreamError("api_error"), &apiErr{500, "api_error"}},
		{"drop first byte", stubapi.Drop(), nil},
		{"drop mid body", stubapi.Drop().MidBlock(0), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Some text here.").WithFaults(tt.fault)))
			_, _, err := attempt(context.Background(), client(s), false)
			got, isAPI := asAPIErr(err)
			switch {
			case err == nil:
				t.Fatal("faulted request succeeded")
			case tt.apiError != nil && (!isAPI || got != *tt.apiError):
				t.Errorf("err = %v (%+v), want API error %+v", err, got, *tt.apiError)
			case tt.apiError == nil && isAPI:
				t.Errorf("err = %v, want a connection error", err)
			}
		})
	}
}

func TestStallAndDelay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fault stubapi.Fault
	}{
		{"delay", stubapi.Delay(20 * time.Millisecond)},
		{"timed stall at start", stubapi.Stall(20 * time.Millisecond)},
		{"timed stall mid block", stubapi.Stall(20 * time.Millisecond).MidBlock(0)},
		{"timed stall at first byte", stubapi.Stall(20 * time.Millisecond).When(stubapi.PhaseFirstByte)},
	}
	for _, tt := range tests {
		for _, stream := range []bool{true, false} {
			t.Run(tt.name+streamName(stream), func(t *testing.T) {
				t.Parallel()
				turn := stubapi.Text("Slow but complete.").WithFaults(tt.fault)
				s := stubapi.NewTest(t, stubapi.NewScript(turn))
				m, _, err := attempt(context.Background(), client(s), stream)
				if err != nil {
					t.Fatalf("request: %v", err)
				}
				if diff := cmp.Diff(want(turn, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
					t.Errorf("message differs from the script (-want +got):\n%s", diff)
				}
				if err := s.WaitIdle(context.Background()); err != nil {
					t.Fatal(err)
				}
				reqs := s.Requests()
				if len(reqs) != 1 || reqs[0].Outcome != stubapi.OutcomeServed || reqs[0].Detail == "" {
					t.Errorf("records = %+v, want one served request naming the fault", reqs)
				}
			})
		}
	}
}

// TestStallUntilClientLeaves checks a stall without duration: the client
// gives up, the attempt counts as faulted, and the retry gets the turn.
func TestStallUntilClientLeaves(t *testing.T) {
	t.Parallel()
	for _, at := range []stubapi.Fault{stubapi.Stall(0), stubapi.Stall(0).MidBlock(0), stubapi.Stall(0).When(stubapi.PhaseFirstByte)} {
		for _, stream := range []bool{true, false} {
			t.Run(at.String()+streamName(stream), func(t *testing.T) {
				t.Parallel()
				turn := stubapi.Text("Eventually.").WithFaults(at)
				s := stubapi.NewTest(t, stubapi.NewScript(turn))
				c := client(s)
				ctx, cancel := context.WithCancel(context.Background())
				go cancelWhenAnswering(s, cancel)
				_, _, err := attempt(ctx, c, stream)
				cancel()
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("stalled attempt: err = %v, want the client's cancellation", err)
				}
				m, _, err := attempt(context.Background(), c, stream)
				if err != nil {
					t.Fatalf("retry: %v", err)
				}
				if diff := cmp.Diff(want(turn, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
					t.Errorf("retry differs from the script (-want +got):\n%s", diff)
				}
				waitOutcomes(t, s, stubapi.OutcomeFault, stubapi.OutcomeServed)
			})
		}
	}
}

// waitOutcomes compares the outcomes of the requests so far, once the
// server has finished answering them (a stalled handler notices its client
// left a moment after the client did).
func waitOutcomes(t *testing.T, s *stubapi.Server, want ...stubapi.Outcome) {
	t.Helper()
	if diff := cmp.Diff(want, outcomesOf(s)); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
}

// cancelWhenAnswering calls cancel once the server is answering a request
// (it has read the whole request), so the client gives up at a known point
// whatever the machine's load.
func cancelWhenAnswering(s *stubapi.Server, cancel context.CancelFunc) {
	defer cancel()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, r := range s.Requests() {
			if r.Outcome == stubapi.OutcomePending {
				return
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// TestAbortedTurnIsHandedBack checks that a turn whose client leaves
// before it is served in full goes to the next main-loop request.
func TestAbortedTurnIsHandedBack(t *testing.T) {
	t.Parallel()
	turn := stubapi.Text("Worth the wait.").WithFaults(stubapi.Delay(time.Minute))
	s := stubapi.NewTest(t, stubapi.NewScript(turn, stubapi.Text("second")))
	c := client(s)
	ctx, cancel := context.WithCancel(context.Background())
	go cancelWhenAnswering(s, cancel)
	_, _, err := attempt(ctx, c, true)
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("delayed attempt: err = %v, want the client's cancellation", err)
	}
	waitOutcomes(t, s, stubapi.OutcomeAborted)
	m, _, err := attempt(context.Background(), c, true)
	if err != nil {
		t.Fatalf("retry: %v", err)
	}
	if diff := cmp.Diff(want(turn, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
		t.Errorf("retry differs from turn 0 (-want +got):\n%s", diff)
	}
	if got := s.Remaining(); got != 1 {
		t.Errorf("Remaining() = %d, want 1", got)
	}
}

func TestFaultRepetition(t *testing.T) {
	t.Parallel()
	overloaded := apiErr{529, "overloaded_error"}
	tests := []struct {
		name   string
		script stubapi.Script
		// results is what each attempt gets: an API error or the text of
		// the turn served.
		results []any
		left    int
	}{
		{
			name:    "repeat twice then serve",
			script:  stubapi.NewScript(stubapi.Text("finally").WithFaults(stubapi.Overloaded().Repeat(2))),
			results: []any{overloaded, overloaded, "finally"},
		},
		{
			name: "faults in order",
			script: stubapi.NewScript(stubapi.Text("done").WithFaults(
				stubapi.RateLimited(0), stubapi.ServerError().Repeat(2), stubapi.Overloaded())),
			results: []any{apiErr{429, "rate_limit_error"}, apiErr{500, "api_error"}, apiErr{500, "api_error"}, overloaded, "done"},
		},
		{
			name:    "failing turn is consumed",
			script:  stubapi.NewScript(stubapi.Fail(stubapi.Overloaded().Repeat(2)), stubapi.Text("next turn")),
			results: []any{overloaded, overloaded, "next turn"},
		},
		{
			name:    "always",
			script:  stubapi.NewScript(stubapi.Text("first"), stubapi.Fail(stubapi.Overloaded().Forever())),
			results: []any{"first", overloaded, overloaded, overloaded, overloaded},
			left:    1,
		},
		{
			name:    "always with content to stream",
			script:  stubapi.NewScript(stubapi.Text("never complete").WithFaults(stubapi.StreamError("").MidBlock(0).Forever())),
			results: []any{apiErr{200, "overloaded_error"}, apiErr{200, "overloaded_error"}, apiErr{200, "overloaded_error"}},
			left:    1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := stubapi.NewTest(t, tt.script)
			c := client(s)
			for i, wantRes := range tt.results {
				m, _, err := attempt(context.Background(), c, true)
				var got any
				if err != nil {
					e, ok := asAPIErr(err)
					if !ok {
						t.Fatalf("attempt %d: %v", i, err)
					}
					got = e
				} else {
					got = m.Content[0].Text
				}
				if got != wantRes {
					t.Errorf("attempt %d got %v, want %v", i, got, wantRes)
				}
			}
			if got := s.Remaining(); got != tt.left {
				t.Errorf("Remaining() = %d, want %d", got, tt.left)
			}
			if n := len(s.Overruns()); n != 0 {
				t.Errorf("%d overruns", n)
			}
		})
	}
}

// TestSDKRetriesThroughFaults lets the client retry on its own, as the
// CLI does.
func TestSDKRetriesThroughFaults(t *testing.T) {
	t.Parallel()
	turn := stubapi.Text("made it").WithFaults(stubapi.Overloaded(), stubapi.Drop())
	s := stubapi.NewTest(t, stubapi.NewScript(turn))
	c := client(s, option.WithMaxRetries(2))
	m, _, err := attempt(context.Background(), c, true)
	if err != nil {
		t.Fatalf("request with retries: %v", err)
	}
	if m.Content[0].Text != "made it" {
		t.Errorf("text = %q", m.Content[0].Text)
	}
	var retries []string
	for _, r := range s.MainRequests() {
		retries = append(retries, r.Header.Get("X-Stainless-Retry-Count"))
	}
	if diff := cmp.Diff([]string{"0", "1", "2"}, retries); diff != "" {
		t.Errorf("x-stainless-retry-count of the attempts (-want +got):\n%s", diff)
	}
}

// TestStallSendsEventsBeforeIt checks that the events before a stall reach
// the client while the server stalls (the server sends a response in one
// write only when no fault's timing depends on its events): the client
// reads, during a stall that lasts until it leaves, the same events it
// gets before a stream error at that point.
func TestStallSendsEventsBeforeIt(t *testing.T) {
	t.Parallel()
	content := stubapi.Thinking("Let me think about which command to run.",
		stubapi.ToolUse(stubapi.Say("Let me run this for you."), stubapi.Call("Bash", map[string]any{"command": "echo hello world"})))
	for _, at := range []stubapi.Fault{
		stubapi.Stall(0).When(stubapi.PhaseStart),
		stubapi.Stall(0).MidBlock(0),
		stubapi.Stall(0).MidBlock(1),
		stubapi.Stall(0).MidBlock(2),
		stubapi.Stall(0).When(stubapi.PhaseEnd),
	} {
		t.Run(at.String(), func(t *testing.T) {
			t.Parallel()
			streamError := stubapi.Fault{Kind: stubapi.FaultStreamError, At: at.At, Block: at.Block}
			ref := stubapi.NewTest(t, stubapi.NewScript(content.WithFaults(streamError)))
			before, _ := streamTypes(context.Background(), client(ref), -1)
			if len(before) == 0 {
				t.Fatal("no events before the stream error")
			}

			s := stubapi.NewTest(t, stubapi.NewScript(content.WithFaults(at), stubapi.Text("unused")), stubapi.AllowOverrun())
			// The deadline only keeps a broken server from hanging the
			// test; the events arrive at once when it works.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			got, err := streamTypes(ctx, client(s), len(before))
			if err != nil {
				t.Fatalf("reading the %d events before the stall: %v (got %v)", len(before), err, got)
			}
			if diff := cmp.Diff(before, got); diff != "" {
				t.Errorf("events before the stall (-before a stream error +got):\n%s", diff)
			}
			cancel()
			waitOutcomes(t, s, stubapi.OutcomeFault)
		})
	}
}

// streamTypes streams one main-loop request and returns the types of the
// events it reads: all of them when n < 0, else the first n.
func streamTypes(ctx context.Context, c anthropic.Client, n int) ([]string, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream := c.Messages.NewStreaming(ctx, mainParams())
	defer stream.Close()
	var types []string
	for (n < 0 || len(types) < n) && stream.Next() {
		types = append(types, stream.Current().Type)
	}
	if n >= 0 && len(types) == n {
		return types, nil
	}
	return types, stream.Err()
}

// TestStreamErrorThenEmptyAnswer plays the flow after which Claude Code
// 2.1.37 ends a turn with error_during_execution: an SSE error event, then
// a non-streaming retry answered with no content blocks.
func TestStreamErrorThenEmptyAnswer(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Fail(stubapi.StreamError("")), stubapi.Empty()))
	c := client(s)
	ctx := context.Background()
	_, _, err := attempt(ctx, c, true)
	if got, ok := asAPIErr(err); !ok || got != (apiErr{200, "overloaded_error"}) {
		t.Fatalf("streamed attempt: err = %v, want an overloaded_error event", err)
	}
	m, header, err := attempt(ctx, c, false)
	if err != nil {
		t.Fatalf("non-streaming retry: %v", err)
	}
	if len(m.Content) != 0 || m.StopReason != anthropic.StopReasonEndTurn || m.ID != stubapi.MessageID(1) {
		t.Errorf("retry = %d blocks, stop %q, id %q; want no blocks, end_turn, %s", len(m.Content), m.StopReason, m.ID, stubapi.MessageID(1))
	}
	if header.Get("Content-Type") != "application/json" {
		t.Errorf("retry Content-Type %q, want application/json", header.Get("Content-Type"))
	}
	waitOutcomes(t, s, stubapi.OutcomeFault, stubapi.OutcomeServed)
	if s.Remaining() != 0 {
		t.Errorf("Remaining() = %d, want 0", s.Remaining())
	}
}

func TestWithHeaderCopies(t *testing.T) {
	t.Parallel()
	base := stubapi.RateLimited(0).WithHeader("X-A", "1")
	more := base.WithHeader("X-A", "2").WithHeader("X-B", "3")
	if diff := cmp.Diff(http.Header{"X-A": {"1"}}, base.Headers); diff != "" {
		t.Errorf("WithHeader changed the fault it was called on (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(http.Header{"X-A": {"1", "2"}, "X-B": {"3"}}, more.Headers); diff != "" {
		t.Errorf("headers (-want +got):\n%s", diff)
	}
}

// TestMalformedFault checks that a malformed fault sends its frame where
// it strikes, then the rest of the stream, that a client decoding the
// events fails on it, and that the attempt fails: the retry gets the turn.
func TestMalformedFault(t *testing.T) {
	t.Parallel()
	content := stubapi.ToolUse(stubapi.Say("Let me run this for you."), stubapi.Call("Bash", map[string]any{"command": "echo hello world"}))
	tests := []struct {
		name  string
		fault stubapi.Fault
		// before is an event that comes before the frame, after one
		// that comes after it ("" for none).
		before, after string
	}{
		{"first byte", stubapi.Malformed(), "", "event: message_start"},
		{"at start", stubapi.Malformed().When(stubapi.PhaseStart), "event: message_start", "event: content_block_start"},
		{"mid text", stubapi.Malformed().MidBlock(0), `"text":"Let `, "event: message_stop"},
		{"at end", stubapi.Malformed().When(stubapi.PhaseEnd), `"partial_json":"`, "event: message_delta"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// Two attempts meet the fault: a raw one and the SDK's.
			s := stubapi.NewTest(t, stubapi.NewScript(content.WithFaults(tt.fault.Repeat(2))))
			// The raw stream: the frame where the fault strikes, the
			// rest after it.
			body := `{"model":"claude-sonnet-4-5-20250929","max_tokens":1024,"stream":true,"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"}]}`
			req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, s.URL()+"/v1/messages", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Api-Key", "dummy")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatalf("reading the stream: %v", err)
			}
			stream := string(raw)
			at := strings.Index(stream, stubapi.MalformedFrame)
			switch {
			case resp.StatusCode != http.StatusOK:
				t.Fatalf("status %d, want 200", resp.StatusCode)
			case at < 0:
				t.Fatalf("no malformed frame in the stream:\n%s", stream)
			case tt.before != "" && !strings.Contains(stream[:at], tt.before):
				t.Errorf("%q does not come before the frame:\n%s", tt.before, stream)
			case !strings.Contains(stream[at:], tt.after):
				t.Errorf("%q does not come after the frame:\n%s", tt.after, stream)
			}
			if reqs := settledRequests(s); len(reqs) != 1 || reqs[0].Outcome != stubapi.OutcomeFault || !strings.HasPrefix(reqs[0].Detail, "malformed at ") {
				t.Errorf("requests %+v, want one with outcome fault and detail malformed", reqs)
			}
			// The SDK fails on the frame; the turn is not used up.
			c := client(s)
			if _, _, err := attempt(t.Context(), c, true); err == nil {
				t.Error("the SDK read the malformed stream without an error")
			} else if _, isAPI := asAPIErr(err); isAPI {
				t.Errorf("err = %v, want a decoding error", err)
			}
			m, _, err := attempt(t.Context(), c, true)
			if err != nil {
				t.Fatalf("retry: %v", err)
			}
			if diff := cmp.Diff(want(content, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
				t.Errorf("retry differs from the script (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("not streaming", func(t *testing.T) {
		t.Parallel()
		s := stubapi.NewTest(t, stubapi.NewScript(content.WithFaults(stubapi.Malformed().MidBlock(0))))
		if _, _, err := attempt(t.Context(), client(s), false); err == nil {
			t.Fatal("the SDK decoded a malformed body without an error")
		} else if _, isAPI := asAPIErr(err); isAPI {
			t.Errorf("err = %v, want a decoding error", err)
		}
		if reqs := settledRequests(s); len(reqs) != 1 || reqs[0].Status != http.StatusOK || reqs[0].Outcome != stubapi.OutcomeFault {
			t.Errorf("requests %+v, want one answered 200 with outcome fault", reqs)
		}
	})
}
