package recording_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/recording"
)

// sessionRecording is smallRecording with session files after side.json.
const sessionRecording = smallRecording +
	"-- projects/<cwd-slug>/<uuid:1>.jsonl --\n" +
	`{"type":"user","uuid":"<uuid:2>","parentUuid":null,"sessionId":"<uuid:1>","timestamp":"<timestamp>"}` + "\n" +
	`{"type":"custom-title","customTitle":"t","sessionId":"<uuid:1>"}` + "\n" +
	"-- projects/<cwd-slug>/<uuid:1>/subagents/agent-<task_id:1>.jsonl --\n" +
	`{"type":"assistant","isSidechain":true}` + "\n" +
	"-- projects/<cwd-slug>/<uuid:1>/tool-results/x.txt --\n" +
	"not JSON\n"

func TestSessionFilesRoundTrip(t *testing.T) {
	t.Parallel()
	rec, err := recording.ParseRecording([]byte(sessionRecording))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.SessionFiles) != 3 {
		t.Fatalf("%d session files, want 3", len(rec.SessionFiles))
	}
	f := rec.SessionFiles[0]
	if f.Path != "projects/<cwd-slug>/<uuid:1>.jsonl" || !f.IsJSONL() {
		t.Errorf("file 1 = %s", f.Path)
	}
	var lines []string
	for n, l := range f.Entries() {
		lines = append(lines, string(rune('0'+n))+string(l))
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[1], `2{"type":"custom-title"`) {
		t.Errorf("entries %q", lines)
	}
	for range rec.SessionFiles[2].Entries() {
		t.Errorf("entries of a file that is not JSON Lines")
	}
	got, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != sessionRecording {
		t.Errorf("written back differently:\n%s", match.FirstDifference([]byte(sessionRecording), got))
	}
	lean, err := recording.ParseRecordingLines([]byte(sessionRecording))
	if err != nil {
		t.Fatal(err)
	}
	if len(lean.SessionFiles) != 3 {
		t.Errorf("ParseRecordingLines kept %d session files, want 3", len(lean.SessionFiles))
	}
}

func TestSessionFilesErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"outside projects", "-- projects/<cwd-slug>/<uuid:1>.jsonl --", "-- settings.json --", "only session files"},
		{"not clean", "-- projects/<cwd-slug>/<uuid:1>.jsonl --", "-- projects/<cwd-slug>/../<uuid:1>.jsonl --", "not a clean path"},
		{"order", "-- projects/<cwd-slug>/<uuid:1>/tool-results/x.txt --", "-- projects/<cwd-slug>/<uuid:1>/a.txt --", "must be in order"},
		{"twice", "-- projects/<cwd-slug>/<uuid:1>/tool-results/x.txt --", "-- projects/<cwd-slug>/<uuid:1>/subagents/agent-<task_id:1>.jsonl --", "must be in order"},
		{"not JSON", `{"type":"assistant","isSidechain":true}`, `{"type":"assistant",`, "agent-<task_id:1>.jsonl line 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(sessionRecording, tc.from) {
				t.Fatalf("the recording has no %q", tc.from)
			}
			_, err := recording.ParseRecording([]byte(strings.Replace(sessionRecording, tc.from, tc.to, 1)))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestSessionFilesMarshalErrors checks that Marshal refuses a session file
// it could not read back.
func TestSessionFilesMarshalErrors(t *testing.T) {
	t.Parallel()
	for _, f := range []recording.SessionFile{
		{Path: "elsewhere/a.jsonl", Data: []byte("{}\n")},
		{Path: "projects/a.jsonl", Data: []byte("{}")},
		{Path: "projects/a.txt", Data: []byte("-- b --\n")},
		{Path: "projects/a.jsonl", Data: []byte("{\n")},
	} {
		rec, err := recording.ParseRecording([]byte(smallRecording))
		if err != nil {
			t.Fatal(err)
		}
		rec.SessionFiles = []recording.SessionFile{f}
		if _, err := rec.Marshal(); err == nil {
			t.Errorf("Marshal of session file %s %q: no error", f.Path, f.Data)
		}
	}
}
