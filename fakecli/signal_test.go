package fakecli_test

import (
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stopped sends sig to the fake and returns the lines it wrote after it
// and its exit status; it fails the test if the fake does not end by
// itself, its stdin still open.
func (f *fake) stopped(sig os.Signal) ([]string, int, error) {
	f.t.Helper()
	f.sig <- sig
	select {
	case <-f.done:
	case <-time.After(10 * time.Second):
		f.t.Fatalf("the fake did not end within 10s of %v, its stdin open", sig)
	}
	var lines []string
	for l := range f.out {
		lines = append(lines, strings.TrimSuffix(l, "\n"))
	}
	return lines, f.code, f.err
}

// TestPlayerSignals checks that the fake does on SIGINT and SIGTERM what
// the recorded CLI does in the session's state (the signal-* recordings of
// the version): between turns, while a permission request of a recording
// that has no signal waits, and in the middle of a turn; and that it
// writes nothing on stderr.
func TestPlayerSignals(t *testing.T) {
	t.Parallel()
	type want struct {
		code  int
		kinds []string // type (and subtype) of each line written after the signal
	}
	tests := []struct {
		version, scenario string
		state             string // "idle", "permission-prompt" or "mid-turn"
		sig               os.Signal
		want              want
	}{
		{"2.1.37", "text-simple", "idle", os.Interrupt, want{0, nil}},
		{"2.1.37", "text-simple", "idle", syscall.SIGTERM, want{143, nil}},
		{"2.1.332", "text-simple", "idle", os.Interrupt, want{0, nil}},
		{"2.1.332", "multi-turn", "idle", syscall.SIGTERM, want{143, nil}},
		{"2.1.37", "permission-prompt-allow", "permission-prompt", os.Interrupt, want{0, nil}},
		{"2.1.332", "permission-prompt-allow", "permission-prompt", os.Interrupt, want{0, []string{"control_cancel_request", "user", "user", "result/error_during_execution"}}},
		{"2.1.332", "permission-prompt-deny", "permission-prompt", syscall.SIGTERM, want{143, nil}},
		{"2.1.37", "interrupt-stalled-stream", "mid-turn", os.Interrupt, want{0, nil}},
		{"2.1.332", "interrupt-stalled-stream", "mid-turn", os.Interrupt, want{0, []string{"assistant", "user", "stream_event", "stream_event", "stream_event", "result/error_during_execution"}}},
		{"2.1.332", "interrupt-stalled-stream", "mid-turn", syscall.SIGTERM, want{143, nil}},
	}
	for _, tc := range tests {
		t.Run(tc.version+"/"+tc.scenario+"/"+tc.sig.String(), func(t *testing.T) {
			t.Parallel()
			f := startFake(t, tc.version, tc.scenario)
			f.send(userMsg)
			var pending map[string]any
			switch tc.state {
			case "idle":
				f.read("result")
			case "permission-prompt":
				got := f.read("control_request")
				pending = got[len(got)-1]
			case "mid-turn":
				f.read("stream_event") // the stalled answer's first event; the rest of the turn's lines follow
			}
			lines, code, err := f.stopped(tc.sig)
			if err != nil || code != tc.want.code {
				t.Errorf("exit %d, %v; want %d", code, err, tc.want.code)
			}
			if s := f.stderr.String(); s != "" {
				t.Errorf("stderr %q, want nothing, as the CLI", s)
			}
			var kinds []string
			var after []map[string]any
			for _, l := range lines {
				m := map[string]any{}
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatalf("line %q: %v", l, err)
				}
				k, _ := m["type"].(string)
				if k == "result" {
					k += "/" + m["subtype"].(string)
				}
				after = append(after, m)
				kinds = append(kinds, k)
			}
			if tc.state == "mid-turn" {
				// The stalled turn's own lines come before the signal's.
				kinds = kindsAfterStall(kinds)
			}
			if strings.Join(kinds, " ") != strings.Join(tc.want.kinds, " ") {
				t.Errorf("after %v: %q, want %q", tc.sig, kinds, tc.want.kinds)
			}
			if pending != nil && len(after) > 0 {
				// The CLI cancels the fake's pending request and rejects
				// its tool call.
				id := pending["request_id"].(string)
				tool := pending["request"].(map[string]any)["tool_use_id"].(string)
				if got := after[0]["request_id"]; got != id {
					t.Errorf("control_cancel_request names %v, want the pending %s", got, id)
				}
				c := after[1]["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
				if c["tool_use_id"] != tool || c["is_error"] != true {
					t.Errorf("tool_result %v, want an error for the pending %s", c, tool)
				}
			}
		})
	}
}

// kindsAfterStall drops the stream events of the stalled answer before
// the signal's lines (which start with its assistant message).
func kindsAfterStall(kinds []string) []string {
	for i, k := range kinds {
		if k != "stream_event" {
			return kinds[i:]
		}
	}
	return nil
}

// TestPlayerSignalRecorded plays the signal-* recordings themselves: the
// signal where the recording has it gives the recorded lines and status.
// TestReplayMatchesRecordings compares them line for line; this checks a
// host that signals elsewhere than the recording: before its first turn.
func TestPlayerSignalRecorded(t *testing.T) {
	t.Parallel()
	f := startFake(t, "2.1.332", "signal-sigint-mid-turn")
	lines, code, err := f.stopped(syscall.SIGTERM)
	if code != 143 || err != nil || len(lines) != 0 {
		t.Errorf("SIGTERM before the first turn: exit %d, %v, %d lines; want 143 and none", code, err, len(lines))
	}
}
