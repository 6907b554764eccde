package scenario_test

import (
	"bytes"
	"io/fs"
	"os"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
)

// TestRecordedHookInputs decodes the input of every hook_callback request
// of the recordings into protocol.HookInput: every member must be typed
// (none unknown or of another JSON type), and the recordings must hold
// the hook events the scenarios make the CLIs send to a client's
// callbacks. Recordings write timings as "<duration>"; a number is put
// back before decoding.
func TestRecordedHookInputs(t *testing.T) {
	t.Parallel()
	recs := os.DirFS("../recordings")
	files, err := fs.Glob(recs, "*/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recordings: %v", err)
	}
	seen := map[protocol.HookEvent]bool{}
	for _, f := range corpustest.Paths(t, files) {
		data, err := recording.ReadFileFS(recs, f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := recording.ParseRecording(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range rec.Events {
			if e.Kind != recording.EventStdout || !bytes.Contains(e.Msg, []byte(`"subtype":"hook_callback"`)) {
				continue
			}
			line := bytes.ReplaceAll(e.Msg, []byte(`"duration_ms":"<duration>"`), []byte(`"duration_ms":1`))
			m, err := protocol.Decode(line)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cr, ok := m.(*protocol.ControlRequest)
			if !ok {
				continue
			}
			hc, ok := cr.Request.(*protocol.HookCallbackRequest)
			if !ok {
				continue
			}
			in, err := hc.DecodeInput()
			if err != nil {
				t.Errorf("%s: DecodeInput: %v", f, err)
				continue
			}
			seen[in.HookEventName] = true
			if u := protocol.UnknownPayloadFields(in); len(u) > 0 {
				t.Errorf("%s: %s input has members HookInput does not type: %v", f, in.HookEventName, u)
			}
		}
	}
	want := []protocol.HookEvent{
		protocol.HookPreToolUse, protocol.HookPostToolUse, protocol.HookPostToolUseFailure,
		protocol.HookUserPromptSubmit, protocol.HookStop, protocol.HookSubagentStart, protocol.HookSubagentStop,
		protocol.HookPreCompact, protocol.HookSessionStart, protocol.HookSessionEnd, protocol.HookPermissionRequest, protocol.HookNotification,
		protocol.HookPreModelSwitch, protocol.HookPostModelSwitch, protocol.HookCwdChanged, protocol.HookFileChanged,
		protocol.HookTaskCreated, protocol.HookTaskCompleted, protocol.HookUserPromptExpansion, protocol.HookPostCompact,
		protocol.HookPreSkillShellCommand, protocol.HookStopFailure, protocol.HookElicitation, protocol.HookElicitationResult,
		protocol.HookWorktreeCreate, protocol.HookWorktreeRemove, protocol.HookMessageDisplay, protocol.HookDirectoryAdded,
	}
	for _, ev := range want {
		if !seen[ev] {
			t.Errorf("no recording holds a hook_callback for %s", ev)
		}
	}
	for ev := range seen {
		if !slices.Contains(want, ev) {
			t.Errorf("a recording holds a hook_callback for %s, which this test does not list", ev)
		}
	}
}
