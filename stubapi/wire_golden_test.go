package stubapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/stubapi"
)

var update = flag.Bool("update", false, "rewrite testdata/wire.txtar from this run")

const wireGolden = "testdata/wire.txtar"

// TestWireGolden pins the exact bytes the server writes for a range of
// turns, faults and side requests (status, the headers it sets, the body
// up to where a fault ends it), so that changes to how responses are
// rendered and written cannot change what a client receives.
func TestWireGolden(t *testing.T) {
	t.Parallel()
	var got []txtar.File
	for _, c := range wireCases() {
		got = append(got, txtar.File{Name: c.name, Data: []byte(c.run(t))})
	}
	if *update {
		if err := os.WriteFile(wireGolden, txtar.Format(&txtar.Archive{
			Comment: []byte("Golden wire output of stubapi; regenerate with go test ./stubapi -run TestWireGolden -update\n"),
			Files:   got,
		}), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	ar, err := txtar.ParseFile(wireGolden)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, f := range ar.Files {
		want[f.Name] = string(f.Data)
	}
	if len(ar.Files) != len(got) {
		t.Errorf("%s has %d cases, this run %d (run with -update after an intended change)", wireGolden, len(ar.Files), len(got))
	}
	for _, f := range got {
		w, ok := want[f.Name]
		if !ok {
			t.Errorf("case %s is not in %s", f.Name, wireGolden)
			continue
		}
		if diff := cmp.Diff(w, string(f.Data)); diff != "" {
			t.Errorf("case %s: wire output differs from %s (-want +got):\n%s", f.Name, wireGolden, diff)
		}
	}
}

// wireCase is one request answered by a fresh server with a one-turn
// script.
type wireCase struct {
	name string
	turn stubapi.Turn
	body string
	// canceled makes the request's context done from the start, so a
	// stall without duration ends at once.
	canceled bool
}

func (c wireCase) run(t *testing.T) string {
	t.Helper()
	s := stubapi.NewTest(t, stubapi.NewScript(c.turn), stubapi.AllowOverrun())
	req := httptest.NewRequest(http.MethodPost, "/v1/messages", strings.NewReader(c.body))
	if c.canceled {
		ctx, cancel := context.WithCancel(req.Context())
		cancel()
		req = req.WithContext(ctx)
	}
	rec := &flushRecorder{ResponseRecorder: httptest.NewRecorder()}
	aborted := serveRecovering(s, rec, req)
	var b strings.Builder
	if rec.wrote {
		fmt.Fprintf(&b, "status %d", rec.Code)
	} else {
		b.WriteString("no response")
	}
	if aborted {
		b.WriteString(", connection dropped")
	}
	b.WriteByte('\n')
	for _, n := range rec.flushes {
		fmt.Fprintf(&b, "flushed at byte %d\n", n)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range rec.Header() {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(rec.Header()[k], ", "))
	}
	b.WriteByte('\n')
	// The body, then one newline that is not part of it (txtar files end
	// with a newline).
	b.Write(rec.Body.Bytes())
	b.WriteByte('\n')
	return b.String()
}

// flushRecorder is a ResponseRecorder that notes where the body was
// flushed: a fault's timing depends on the bytes before it having been
// sent.
type flushRecorder struct {
	*httptest.ResponseRecorder
	wrote   bool
	flushes []int
}

func (r *flushRecorder) WriteHeader(code int) {
	r.wrote = true
	r.ResponseRecorder.WriteHeader(code)
}

func (r *flushRecorder) Write(p []byte) (int, error) {
	r.wrote = true
	return r.ResponseRecorder.Write(p)
}

func (r *flushRecorder) Flush() {
	r.flushes = append(r.flushes, r.Body.Len())
	r.ResponseRecorder.Flush()
}

// serveRecovering calls s.ServeHTTP and reports whether it aborted the
// connection (panicked with http.ErrAbortHandler, as a drop fault does).
func serveRecovering(s *stubapi.Server, w http.ResponseWriter, r *http.Request) (aborted bool) {
	defer func() {
		if v := recover(); v != nil {
			if err, ok := v.(error); ok && errors.Is(err, http.ErrAbortHandler) {
				aborted = true
				return
			}
			panic(v)
		}
	}()
	s.ServeHTTP(w, r)
	return false
}

func wireCases() []wireCase {
	const (
		mainStream  = `{"model":"claude-sonnet-4-5-20250929","max_tokens":1024,"stream":true,"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"}]}`
		mainMessage = `{"model":"claude-sonnet-4-5-20250929","max_tokens":1024,"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"}]}`
	)
	turns := []struct {
		name string
		turn stubapi.Turn
	}{
		{"text", stubapi.Text("Hello! This is a scripted answer of a typical short length, streamed as deltas.")},
		{"escapes", stubapi.Text("Quotes \" and \\ backslashes,\ttabs\nnewlines, \x01 control, <html> & Ünïcödé ✓ 日本語テキスト, \xff invalid, \u2028 separator")},
		{"two-texts", stubapi.Text("First block.", "Second block.")},
		{"empty-text", stubapi.Text("")},
		{"tool-use", stubapi.ToolUse(stubapi.Say("Let me look."), stubapi.Call("Bash", map[string]any{"command": "ls -la", "description": "List the files in the working directory"}), stubapi.Call("Read", map[string]any{"file_path": "/tmp/x", "limit": 10}))},
		{"tool-explicit-id", stubapi.ToolUse(stubapi.Block{Type: stubapi.BlockToolUse, ID: "toolu_custom", Name: "Bash",
			Input: json.RawMessage(`{"command":"echo \"quoted\" and \\backslash","nested":{"a":[1,2,3]}}`)})},
		{"tool-nil-input", stubapi.ToolUse(stubapi.Call("TodoRead", nil))},
		{"thinking", stubapi.Thinking("Let me think about this carefully before I answer.", stubapi.Text("Answer."))},
		{"explicit-signature", stubapi.Reply(stubapi.Block{Type: stubapi.BlockThinking, Thinking: "hmm", Signature: "c2lnbmF0dXJl"}, stubapi.Say("ok"))},
		{"thinking-empty", stubapi.Reply(stubapi.Think(""))},
		{"redacted", stubapi.Reply(stubapi.RedactedThinking("EmwKAhgBEgy3va3pzix"), stubapi.Say("done"))},
		{"stop-sequence", stubapi.Text("Counting: 1, 2, 3").WithStopSequence("4")},
		{"usage", stubapi.Text("Counted.").WithUsage(stubapi.Usage{InputTokens: 1234, OutputTokens: 56, CacheCreationInputTokens: 7, CacheReadInputTokens: 890})},
		{"max-tokens", stubapi.Text("This answer is cut").WithStop(stubapi.StopMaxTokens)},
	}
	var cases []wireCase
	for _, tt := range turns {
		cases = append(cases,
			wireCase{name: "stream/" + tt.name, turn: tt.turn, body: mainStream},
			wireCase{name: "message/" + tt.name, turn: tt.turn, body: mainMessage})
	}
	faultTurn := stubapi.ToolUse(stubapi.Say("Let me run this for you."), stubapi.Call("Bash", map[string]any{"command": "echo hello world"}))
	faults := []struct {
		name     string
		fault    stubapi.Fault
		canceled bool
	}{
		{"overloaded", stubapi.Overloaded(), false},
		{"rate-limit", stubapi.RateLimited(1500 * time.Millisecond), false},
		{"http-error-message", stubapi.HTTPError(500).WithMessage("boom").WithErrorType("api_error"), false},
		{"stream-error-first-byte", stubapi.StreamError(""), false},
		{"stream-error-start", stubapi.StreamError("api_error").When(stubapi.PhaseStart), false},
		{"stream-error-mid-0", stubapi.StreamError("overloaded_error").MidBlock(0), false},
		{"stream-error-mid-1", stubapi.StreamError("overloaded_error").MidBlock(1), false},
		{"stream-error-end", stubapi.StreamError("overloaded_error").When(stubapi.PhaseEnd), false},
		{"drop-first-byte", stubapi.Drop(), false},
		{"drop-start", stubapi.Drop().When(stubapi.PhaseStart), false},
		{"drop-mid-0", stubapi.Drop().MidBlock(0), false},
		{"drop-mid-1", stubapi.Drop().MidBlock(1), false},
		{"drop-end", stubapi.Drop().When(stubapi.PhaseEnd), false},
		{"stall-first-byte", stubapi.Stall(0).When(stubapi.PhaseFirstByte), true},
		{"stall-start", stubapi.Stall(0), true},
		{"stall-mid-1", stubapi.Stall(0).MidBlock(1), true},
		{"stall-end", stubapi.Stall(0).When(stubapi.PhaseEnd), true},
		{"timed-stall-mid-0", stubapi.Stall(time.Nanosecond).MidBlock(0), false},
		{"delay", stubapi.Delay(time.Nanosecond), false},
	}
	for _, f := range faults {
		turn := faultTurn.WithFaults(f.fault)
		cases = append(cases,
			wireCase{name: "stream/fault/" + f.name, turn: turn, body: mainStream, canceled: f.canceled},
			wireCase{name: "message/fault/" + f.name, turn: turn, body: mainMessage, canceled: f.canceled})
	}
	// A mid-block fault strikes halfway through the deltas of any kind
	// of block.
	for _, tt := range turns {
		for i := range tt.turn.Content {
			cases = append(cases, wireCase{
				name: fmt.Sprintf("stream/mid-block/%s/%d", tt.name, i),
				turn: tt.turn.WithFaults(stubapi.StreamError("").MidBlock(i)),
				body: mainStream,
			})
		}
	}
	side := []struct{ name, body string }{
		{"probe", `{"model":"claude-haiku-4-5","max_tokens":1,"messages":[{"role":"user","content":"quota"}]}`},
		{"helper-stream", `{"model":"claude-haiku-4-5","max_tokens":512,"stream":true,"messages":[{"role":"user","content":"paths?"}]}`},
		{"structured", `{"model":"claude-haiku-4-5","max_tokens":512,"output_config":{"format":{"type":"json_schema","schema":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}}},"messages":[{"role":"user","content":"title?"}]}`},
		{"malformed", `{"model":"claude-sonnet-4-5-20250929","messages":[]}`},
	}
	for _, sc := range side {
		cases = append(cases, wireCase{name: "side/" + sc.name, turn: stubapi.Text("unused"), body: sc.body})
	}
	return cases
}
