package claude_test

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/transcript"
)

// recordedStdout returns the stdout lines of a recording as a stream-json
// transcript, as a CLI's stdout saved to a file would hold them.
func recordedStdout(t testing.TB, path string) []byte {
	t.Helper()
	rec, err := recording.ReadRecording(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, e := range rec.Events {
		if e.Kind != recording.EventStdout {
			continue
		}
		if e.Msg != nil {
			b.Write(e.Msg)
		} else {
			b.WriteString(e.Text)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// countingHandler counts the events it gets by kind and checks that tool
// results name their calls.
type countingHandler struct {
	claude.BaseHandler
	kinds   map[string]int
	orphans int // results whose call the handler did not see
}

func (h *countingHandler) OnInit(*claude.InitEvent)           { h.kinds["init"]++ }
func (h *countingHandler) OnText(*claude.TextEvent)           { h.kinds["text"]++ }
func (h *countingHandler) OnTextDelta(*claude.TextDeltaEvent) { h.kinds["text_delta"]++ }
func (h *countingHandler) OnToolUse(*claude.ToolUseEvent)     { h.kinds["tool_use"]++ }
func (h *countingHandler) OnResult(*claude.ResultEvent)       { h.kinds["result"]++ }
func (h *countingHandler) OnToolResult(e *claude.ToolResultEvent) {
	h.kinds["tool_result"]++
	if e.ToolUse == nil {
		h.orphans++
	}
}

func TestReplayRecordings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		recording string
		want      map[string]int
	}{
		{"2.1.330/bash-single.txtar", map[string]int{"init": 1, "tool_use": 1, "tool_result": 1, "text": 1, "result": 1}},
		{"2.1.37/parallel-tools.txtar", map[string]int{"init": 1, "tool_use": 2, "tool_result": 2, "text": 1, "result": 1}},
		{"2.1.330/multi-turn.txtar", map[string]int{"init": 2, "text": 2, "result": 2}},
		{"2.1.330/partial-messages-order.txtar", map[string]int{"init": 1, "text": 2, "text_delta": 4, "tool_use": 1, "tool_result": 1, "result": 1}},
	} {
		t.Run(tc.recording, func(t *testing.T) {
			t.Parallel()
			data := recordedStdout(t, filepath.Join("..", "recordings", tc.recording))
			h := &countingHandler{kinds: map[string]int{}}
			if err := claude.Replay(protocol.NewReader(bytes.NewReader(data)).All(), h); err != nil {
				t.Fatal(err)
			}
			if h.orphans != 0 {
				t.Errorf("%d tool results without their call", h.orphans)
			}
			for k, n := range tc.want {
				if h.kinds[k] != n {
					t.Errorf("%s events: got %d, want %d (all: %v)", k, h.kinds[k], n, h.kinds)
				}
			}
		})
	}
}

// TestReplayEitherInput replays what people hand over, read with package
// transcript: a recording file as such gives the events its stdout lines
// give, and an input that is neither a transcript nor a recording ends
// Replay with an error. Read with a protocol.Reader, as the progress
// example did, both gave no event and no error.
func TestReplayEitherInput(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "recordings", "2.1.330", "bash-single.txtar")
	want := &countingHandler{kinds: map[string]int{}}
	if err := claude.Replay(protocol.NewReader(bytes.NewReader(recordedStdout(t, path))).All(), want); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := &countingHandler{kinds: map[string]int{}}
	if err := claude.Replay(transcript.NewReader(bytes.NewReader(data)).FromFile(path).All(), got); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got.kinds, want.kinds) || got.kinds["tool_use"] != 1 {
		t.Errorf("the recording replays as %v, its stdout lines as %v", got.kinds, want.kinds)
	}

	h := &countingHandler{kinds: map[string]int{}}
	err = claude.Replay(transcript.Messages(strings.NewReader("Error: not logged in\nRun claude login first.\n")), h)
	var fe *transcript.FormatError
	if !errors.As(err, &fe) {
		t.Errorf("Replay of garbage: %v, want a *transcript.FormatError", err)
	}
}

// TestReplayEveryRecording replays the stdout of every recording of every
// CLI version: no error, and every tool result names a call.
func TestReplayEveryRecording(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no recordings: %v", err)
	}
	paths = corpustest.Paths(t, paths)
	for _, p := range paths {
		data := recordedStdout(t, p)
		n := 0
		for ev, err := range claude.Events(protocol.NewReader(bytes.NewReader(data)).All()) {
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if _, ok := ev.(*claude.UnknownEvent); ok && ev.Source() == nil {
				continue // an undecodable line the recording kept
			}
			if ev.Source() == nil {
				t.Fatalf("%s: event %T without a source", p, ev)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no events", p)
		}
	}
}

func TestEventsErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	for _, tc := range []struct {
		name      string
		msgs      iter.Seq2[protocol.Message, error]
		wantKinds string
		wantErr   error
	}{
		{
			name:      "bad line goes on",
			msgs:      protocol.NewReader(strings.NewReader("not json\n{\"type\":\"keep_alive\"}\n{\"type\":\"result\",\"subtype\":\"success\"}\n")).All(),
			wantKinds: "*claude.UnknownEvent *claude.ResultEvent",
		},
		{
			name: "read error ends",
			msgs: func(yield func(protocol.Message, error) bool) {
				m, _ := protocol.Decode([]byte(`{"type":"result","subtype":"success"}`))
				if yield(m, nil) {
					yield(nil, boom)
				}
			},
			wantKinds: "*claude.ResultEvent",
			wantErr:   boom,
		},
		{
			name:      "control responses give no event",
			msgs:      protocol.NewReader(strings.NewReader(`{"type":"control_response","response":{"subtype":"success","request_id":"1"}}` + "\n")).All(),
			wantKinds: "",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var kinds []string
			var gotErr error
			for ev, err := range claude.Events(tc.msgs) {
				if err != nil {
					gotErr = err
					continue
				}
				kinds = append(kinds, fmt.Sprintf("%T", ev))
			}
			if got := strings.Join(kinds, " "); got != tc.wantKinds {
				t.Errorf("events %q, want %q", got, tc.wantKinds)
			}
			if !errors.Is(gotErr, tc.wantErr) {
				t.Errorf("error %v, want %v", gotErr, tc.wantErr)
			}
		})
	}
}
