package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// write writes files (path -> content) under a new temporary folder and
// returns it.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// copyRecording copies a committed recording of CLI 2.1.37 to
// dir/<version>/<name>.
func copyRecording(t *testing.T, dir, version, name string) {
	t.Helper()
	data, err := recording.ReadFile(filepath.Join("..", "..", "recordings", "2.1.37", name))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, version, name)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeRecording writes a recording of CLI version with the given stdin
// ("<" first) and stdout lines to dir/<version>/<name>.txtar and returns
// its path.
func writeRecording(t *testing.T, dir, version, name string, lines ...string) string {
	t.Helper()
	rec := &recording.Recording{Scenario: name, Title: name, Version: version}
	for _, l := range lines {
		ev := recording.Event{Kind: recording.EventStdout, Turn: 1}
		if s, ok := strings.CutPrefix(l, "<"); ok {
			ev.Kind, l = recording.EventStdin, s
		}
		ev.Msg = json.RawMessage(l)
		rec.Events = append(rec.Events, ev)
	}
	data, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, version, name+scenario.RecordingExt)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFindUntyped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := writeRecording(t, dir, "1.0.0", "a",
		`<{"type":"control_request","request_id":"<request_id:1>","request":{"subtype":"initialize"}}`,
		`{"type":"control_response","response":{"subtype":"success","request_id":"<request_id:1>","response":{"commands":[],"models":[],"account":{},"pid":"<pid>","zz_answer":true}}}`,
		`{"type":"system","subtype":"init","cwd":5,"session_id":"<uuid:1>","tools":[],"zz_init":1}`,
		`{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}},{"type":"tool_use","id":"toolu_2","name":"mcp__s__t","input":{}}]},"parent_tool_use_id":null,"session_id":"<uuid:1>"}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"ok"}]},"parent_tool_use_id":null,"session_id":"<uuid:1>","tool_use_result":{"stdout":"ok","stderr":"","interrupted":false,"zz_tool":1}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_2","content":"ok"}]},"parent_tool_use_id":null,"session_id":"<uuid:1>","tool_use_result":{"anything":1}}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"no","is_error":true}]},"parent_tool_use_id":null,"session_id":"<uuid:1>","tool_use_result":"Error: no"}`,
		`{"type":"control_request","request_id":"<request_id:2>","request":{"subtype":"hook_callback","callback_id":"hook_0","input":{"session_id":"<uuid:1>","hook_event_name":"Stop","zz_hook":1}}}`,
		`<{"type":"control_request","request_id":"<request_id:3>","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":null}}`,
		`{"type":"control_response","response":{"subtype":"success","request_id":"<request_id:3>","response":{}}}`,
		`<{"type":"control_request","request_id":"<request_id:4>","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":null}}`,
		`{"type":"control_response","response":{"subtype":"success","request_id":"<request_id:4>","response":{"zz":1}}}`,
		`{"type":"result","subtype":"success","duration_ms":"<duration>","is_error":false,"session_id":"<uuid:1>"}`,
	)
	b := writeRecording(t, dir, "1.1.0", "b",
		`{"type":"system","subtype":"init","cwd":"<cwd>","session_id":"<uuid:1>","zz_init":2}`,
		`{"type":"system","subtype":"init","cwd":"<cwd>","session_id":"<uuid:1>","zz_init":3}`,
	)
	writeRecording(t, dir, "0.9.0", "c", `{"type":"system","subtype":"init","zz_old":1}`)

	got, err := FindUntyped(context.Background(), dir, "1.1.0", "1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	want := []Untyped{
		{Kind: "control_request/hook_callback", Path: "request.input.zz_hook", Versions: []string{"1.0.0"}, Recordings: []string{a}, First: a + ":8", Count: 1},
		{Kind: "control_response/success (initialize)", Path: "response.response.zz_answer", Versions: []string{"1.0.0"}, Recordings: []string{a}, First: a + ":2", Count: 1},
		{Kind: "control_response/success (set_max_thinking_tokens)", Path: "response.response", Versions: []string{"1.0.0"}, Recordings: []string{a}, First: a + ":12", Count: 1},
		{Kind: "system/init", Path: "cwd", Mistyped: "string, got number", Versions: []string{"1.0.0"}, Recordings: []string{a}, First: a + ":3", Count: 1},
		{Kind: "system/init", Path: "zz_init", Versions: []string{"1.0.0", "1.1.0"}, Recordings: []string{a, b}, First: a + ":3", Count: 3},
		{Kind: "user/tool_result (Bash)", Path: "tool_use_result.zz_tool", Versions: []string{"1.0.0"}, Recordings: []string{a}, First: a + ":5", Count: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FindUntyped:\n%s\nwant:\n%s", showUntyped(got), showUntyped(want))
	}
	if s := want[3].String(); s != "system/init.cwd (mistyped: string, got number)" {
		t.Errorf("String() = %q", s)
	}

	all, err := FindUntyped(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(want)+1 || all[5].Path != "zz_old" || !reflect.DeepEqual(all[5].Versions, []string{"0.9.0"}) {
		t.Errorf("FindUntyped of every version:\n%s", showUntyped(all))
	}
}

func showUntyped(us []Untyped) string {
	var b strings.Builder
	for _, u := range us {
		fmt.Fprintf(&b, "  %s %v %v %s %d\n", u, u.Versions, u.Recordings, u.First, u.Count)
	}
	return b.String()
}

func TestFindUntypedErrors(t *testing.T) {
	t.Parallel()
	t.Run("no recordings", func(t *testing.T) {
		t.Parallel()
		if _, err := FindUntyped(context.Background(), t.TempDir(), "9.9.9"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("error %v, want fs.ErrNotExist", err)
		}
	})
	t.Run("malformed recording", func(t *testing.T) {
		t.Parallel()
		dir := write(t, map[string]string{"9.9.9/r.txtar": "-- events.jsonl --\n{\"dir\":\n"})
		if _, err := FindUntyped(context.Background(), dir); err == nil || !strings.Contains(err.Error(), "r.txtar") {
			t.Errorf("error %v, want one naming r.txtar", err)
		}
	})
	t.Run("context ended", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		copyRecording(t, dir, "9.9.9", "bash-single.txtar")
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := FindUntyped(ctx, dir); !errors.Is(err, context.Canceled) {
			t.Errorf("error %v, want context.Canceled", err)
		}
	})
}

// TestModelTypesEveryRecordedMember holds the protocol model to every
// member of every line of every recorded CLI version: a new version's
// recordings that carry a member the model lacks fail it, listing the
// members as kind.path with the versions and recordings that hold them
// (go run ./protocol/untyped prints the same list).
func TestModelTypesEveryRecordedMember(t *testing.T) {
	t.Parallel()
	start := time.Now()
	untyped, err := FindUntyped(context.Background(), corpustest.Dir(t, filepath.Join("..", "..", "recordings")))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("read the recordings in %v", time.Since(start).Round(time.Millisecond))
	for _, u := range untyped {
		recs := u.Recordings
		if len(recs) > 3 {
			recs = append(recs[:3:3], fmt.Sprintf("and %d more", len(u.Recordings)-3))
		}
		t.Errorf("%s: not typed by the protocol model; in CLI %s (%d lines: %s)", u, strings.Join(u.Versions, ", "), u.Count, strings.Join(recs, ", "))
	}
}

// BenchmarkFindUntyped reads the committed recordings of every version.
func BenchmarkFindUntyped(b *testing.B) {
	dir := filepath.Join("..", "..", "recordings")
	for b.Loop() {
		if _, err := FindUntyped(context.Background(), dir); err != nil {
			b.Fatal(err)
		}
	}
}
