package recording_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/protocol/schema"
	"github.com/ccwire/ccwire/recording"
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
// dir/<version>/<name> and returns the copy's path and recording.
func copyRecording(t *testing.T, dir, version, name string) (string, *recording.Recording) {
	t.Helper()
	src := filepath.Join("..", "recordings", "2.1.37", name)
	data, err := recording.ReadFile(src)
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
	rec, err := recording.ParseRecording(data)
	if err != nil {
		t.Fatal(err)
	}
	return dst, rec
}

func TestSchemaLines(t *testing.T) {
	t.Parallel()
	dir := write(t, map[string]string{"9.9.9/notes.md": "not a recording"})
	b, recB := copyRecording(t, dir, "9.9.9", "text-simple.txtar")
	a, recA := copyRecording(t, dir, "9.9.9", "bash-single.txtar")
	copyRecording(t, dir, "1.0.0", "multi-turn.txtar")
	var want []schema.Line
	for _, f := range []struct {
		path string
		rec  *recording.Recording
	}{{a, recA}, {b, recB}} {
		for i, ev := range f.rec.Events {
			if ev.Msg != nil && ev.Kind != recording.EventRequest {
				want = append(want, schema.Line{File: f.path, Num: i + 1, Dir: string(ev.Kind)})
			}
		}
	}
	var got []schema.Line
	for l, err := range recording.SchemaLines(dir, "9.9.9") {
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(l.Msg) || strings.Contains(string(l.Msg), `"duration_ms":"<duration>"`) {
			t.Errorf("%s: %s", l, l.Msg)
		}
		got = append(got, schema.Line{File: l.File, Num: l.Num, Dir: l.Dir})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", show(got), show(want))
	}
}

func show(ls []schema.Line) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.String() + " " + l.Dir + "\n")
	}
	return b.String()
}

func TestSchemaLinesErrors(t *testing.T) {
	t.Parallel()
	t.Run("malformed recording", func(t *testing.T) {
		t.Parallel()
		dir := write(t, map[string]string{"9.9.9/r.txtar": "-- events.jsonl --\n{\"dir\":\n"})
		var last error
		for _, err := range recording.SchemaLines(dir, "9.9.9") {
			last = err
		}
		if last == nil || !strings.Contains(last.Error(), "r.txtar") {
			t.Errorf("error %v, want one naming r.txtar", last)
		}
	})
	t.Run("no recordings", func(t *testing.T) {
		t.Parallel()
		for _, err := range recording.SchemaLines(t.TempDir(), "9.9.9") {
			if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "no recordings of CLI 9.9.9") {
				t.Errorf("error %v, want no recordings (fs.ErrNotExist)", err)
			}
			return
		}
		t.Error("no error")
	})
	t.Run("stop early", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		copyRecording(t, dir, "9.9.9", "bash-single.txtar")
		for range recording.SchemaLines(dir, "9.9.9") {
			break
		}
	})
}

// TestBuiltIn reads the recordings built into ccwire (package
// recordings) as recording.SchemaLinesFS and recording.VersionsFS do: the versions and, for the
// pinned ones, the lines of the folder they are built from.
func TestBuiltIn(t *testing.T) {
	t.Parallel()
	corpustest.Whole(t, "the pack must list every version; it compares the lists of names and reads the pinned versions' lines only")
	dir := filepath.Join("..", "recordings")
	want, err := recording.Versions(dir)
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := corpus.Recordings()
	if err != nil {
		t.Fatal(err)
	}
	got, err := recording.VersionsFS(builtin)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("VersionsFS = %v, want %v", got, want)
	}
	for _, v := range cliinstall.PinnedVersions() {
		var fromDir, fromFS []schema.Line
		for l, err := range recording.SchemaLines(dir, v) {
			if err != nil {
				t.Fatal(err)
			}
			l.File = filepath.ToSlash(strings.TrimPrefix(l.File, dir+string(filepath.Separator)))
			fromDir = append(fromDir, l)
		}
		for l, err := range recording.SchemaLinesFS(builtin, v) {
			if err != nil {
				t.Fatal(err)
			}
			fromFS = append(fromFS, l)
		}
		if len(fromDir) == 0 || !reflect.DeepEqual(fromFS, fromDir) {
			t.Errorf("CLI %s: recording.SchemaLinesFS gave %d lines, recording.SchemaLines %d, or others", v, len(fromFS), len(fromDir))
		}
	}
	for _, err := range recording.SchemaLinesFS(builtin, "9.9.9") {
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("recording.SchemaLinesFS of a version not recorded: %v, want fs.ErrNotExist", err)
		}
	}
}

func TestWalk(t *testing.T) {
	t.Parallel()
	events := []recording.Event{
		{Kind: recording.EventStdin, Turn: 1, Msg: []byte(`{"type":"control_request","request_id":"<request_id:1>","request":{"subtype":"initialize"}}`)},
		{Kind: recording.EventStdout, Turn: 1, Msg: []byte(`{"type":"control_response","response":{"subtype":"success","request_id":"<request_id:1>","response":{"pid":"<pid>"}}}`)},
		{Kind: recording.EventStdin, Turn: 1, Msg: []byte(`{"type":"user","message":{"role":"user","content":"hi"}}`)},
		{Kind: recording.EventRequest, Turn: 1, Request: 1},
		{Kind: recording.EventStdout, Turn: 1, Msg: []byte(`{"type":"control_request","request_id":"c1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{}}}`)},
		{Kind: recording.EventStdin, Turn: 1, Msg: []byte(`{"type":"control_response","response":{"subtype":"success","request_id":"c1","response":{"behavior":"allow"}}}`)},
		{Kind: recording.EventStdout, Turn: 1, Text: "warning", Error: "not JSON"},
		{Kind: recording.EventSignal, Turn: 1, Signal: "SIGINT"},
		{Kind: recording.EventStdout, Turn: 1, Msg: []byte(`{"type":"result","subtype":"success","is_error":true,"duration_ms":"<duration>"}`)},
	}
	want := []struct {
		channel recording.EventKind
		kind    string
		answers string
	}{
		{recording.EventStdin, "control_request/initialize", ""},
		{recording.EventStdout, "control_response/success (initialize)", "initialize"},
		{recording.EventStdin, "user", ""},
		{recording.EventRequest, "", ""},
		{recording.EventStdout, "control_request/can_use_tool", ""},
		{recording.EventStdin, "control_response/success (can_use_tool)", "can_use_tool"},
		{recording.EventStdout, "", ""},
		{recording.EventSignal, "", ""},
		{recording.EventStdout, "result/success", ""},
	}
	var n int
	for s, err := range recording.Walk(events) {
		if err != nil {
			t.Fatal(err)
		}
		w := want[n]
		n++
		if s.Num != n || s.Event != &events[n-1] || s.Channel != w.channel || s.Kind.String() != w.kind {
			t.Errorf("step %d: %d %s %q, want %d %s %q", n, s.Num, s.Channel, s.Kind, n, w.channel, w.kind)
		}
		var answers string
		if s.Answers != nil {
			answers = string(s.Answers.Request.ControlSubtype())
		}
		if answers != w.answers {
			t.Errorf("step %d answers %q, want %q", n, answers, w.answers)
		}
		if (s.Msg == nil) != (w.kind == "") || (s.Msg == nil) != (s.JSON == nil) {
			t.Errorf("step %d: message %v, JSON %s", n, s.Msg, s.JSON)
		}
	}
	if n != len(want) {
		t.Errorf("%d steps, want %d", n, len(want))
	}
	for s := range recording.Walk(events[8:]) {
		if string(s.JSON) != `{"type":"result","subtype":"success","is_error":true,"duration_ms":0}` || s.Kind.Variant != "is_error=true" {
			t.Errorf("result: %s %+v", s.JSON, s.Kind)
		}
	}
	bad := []recording.Event{{Kind: recording.EventStdout}, {Kind: recording.EventStdout, Msg: []byte(`{"type":`)}}
	var last error
	for _, err := range recording.Walk(bad) {
		last = err
	}
	if last == nil || !strings.Contains(last.Error(), "event 2") {
		t.Errorf("error %v, want one naming event 2", last)
	}
}
