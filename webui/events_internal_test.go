package webui

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/transcript"
)

// TestTranslateRecordings turns the events of the pinned versions'
// recordings, and of the others' with partial messages, into page events
// and checks what the page relies on: every event encodes; a block
// streamed in pieces is completed under the same ID by the whole block,
// whose text starts with the pieces joined (a stream cut off and retried
// without streaming gives the whole text), or discarded when the next
// response starts (one cut off and streamed again), or left as it is when
// an interrupt ends the turn; a whole block names no ID that was not streamed; the
// pieces of a tool call's input come before the call itself.
func TestTranslateRecordings(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no recordings: %v", err)
	}
	paths = corpustest.Paths(t, paths)
	checked, streamed, discarded := 0, 0, 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		version := filepath.Base(filepath.Dir(p))
		if version != "2.1.37" && version != "2.1.332" && !bytes.Contains(data, []byte(`"type":"stream_event"`)) {
			continue // the other versions' recordings with partial messages only
		}
		checked++
		tr := newTranslator()
		open := map[string]string{} // streamed block ID → its pieces so far
		inputs := map[string]bool{} // tool calls whose input was streamed
		called := map[string]bool{} // tool calls made
		for ev, err := range claude.Events(transcript.NewReader(bytes.NewReader(data)).FromFile(p).All()) {
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			for _, pe := range tr.events(ev, false) {
				if _, err := json.Marshal(pe); err != nil {
					t.Fatalf("%s: %+v: %v", p, pe, err)
				}
				switch pe.Kind {
				case "text_delta", "thinking_delta":
					if pe.ID == "" {
						t.Errorf("%s: a %s without an ID", p, pe.Kind)
					}
					open[pe.ID] += pe.Text
				case "text", "thinking":
					if pe.ID == "" {
						continue
					}
					pieces, ok := open[pe.ID]
					if !ok {
						t.Errorf("%s: %s completes %s, which is not being streamed", p, pe.Kind, pe.ID)
						continue
					}
					delete(open, pe.ID)
					streamed++
					if len(pe.Text) < resultChars && !strings.HasPrefix(pe.Text, pieces) {
						t.Errorf("%s: %s %s: the pieces %q, the whole %q", p, pe.Kind, pe.ID, pieces, pe.Text)
					}
				case "tool_input_delta":
					if called[pe.ID] {
						t.Errorf("%s: a piece of tool call %s's input after the call", p, pe.ID)
					}
					inputs[pe.ID] = true
				case "tool_use":
					called[pe.ID] = true
				case "discard":
					if _, ok := open[pe.ID]; !ok {
						t.Errorf("%s: discard %s, which is not being streamed", p, pe.ID)
					}
					delete(open, pe.ID)
					discarded++
				case "result":
					if len(open) > 0 && pe.Result.Subtype != "error_during_execution" {
						t.Errorf("%s: %d streamed blocks left open at a result %s", p, len(open), pe.Result.Subtype)
					}
					clear(open) // cut short by an interrupt: the page keeps what came
				}
			}
		}
		for id := range inputs {
			if !called[id] {
				t.Logf("%s: tool call %s's input was streamed, the call never came", p, id)
			}
		}
	}
	if streamed == 0 {
		t.Error("no recording streams a block: the check checked nothing")
	}
	t.Logf("%d recordings, %d streamed blocks completed, %d discarded", checked, streamed, discarded)
}
