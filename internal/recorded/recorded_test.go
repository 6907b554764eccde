package recorded

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/protocol/schema"
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
// dir/<version>/<name> and returns the copy's path and recording.
func copyRecording(t *testing.T, dir, version, name string) (string, *scenario.Recording) {
	t.Helper()
	src := filepath.Join("..", "..", "recordings", "2.1.37", name)
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
	rec, err := scenario.ParseRecording(data)
	if err != nil {
		t.Fatal(err)
	}
	return dst, rec
}

func TestLines(t *testing.T) {
	t.Parallel()
	dir := write(t, map[string]string{"9.9.9/notes.md": "not a recording"})
	b, recB := copyRecording(t, dir, "9.9.9", "text-simple.txtar")
	a, recA := copyRecording(t, dir, "9.9.9", "bash-single.txtar")
	copyRecording(t, dir, "1.0.0", "multi-turn.txtar")
	var want []schema.Line
	for _, f := range []struct {
		path string
		rec  *scenario.Recording
	}{{a, recA}, {b, recB}} {
		for i, ev := range f.rec.Events {
			if ev.Msg != nil && ev.Kind != scenario.EventRequest {
				want = append(want, schema.Line{File: f.path, Num: i + 1, Dir: string(ev.Kind)})
			}
		}
	}
	var got []schema.Line
	for l, err := range Lines(dir, "9.9.9") {
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

func TestLineNumbers(t *testing.T) {
	t.Parallel()
	l, err := line(scenario.Event{Kind: scenario.EventStdout, Msg: []byte(`{"type":"result","duration_ms":"<duration>","resetsAt":"<time>","pid":"<pid:2>","uuid":"<uuid:1>","result":"took <duration>","list":["<pid>"]}`)})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"result","duration_ms":0,"resetsAt":0,"pid":0,"uuid":"<uuid:1>","result":"took <duration>","list":["<pid>"]}`
	if l.Dir != "stdout" || string(l.Msg) != want {
		t.Errorf("line = %s %s, want stdout %s", l.Dir, l.Msg, want)
	}
}

func show(ls []schema.Line) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.String() + " " + l.Dir + "\n")
	}
	return b.String()
}

func TestLinesErrors(t *testing.T) {
	t.Parallel()
	t.Run("malformed recording", func(t *testing.T) {
		t.Parallel()
		dir := write(t, map[string]string{"9.9.9/r.txtar": "-- events.jsonl --\n{\"dir\":\n"})
		var last error
		for _, err := range Lines(dir, "9.9.9") {
			last = err
		}
		if last == nil || !strings.Contains(last.Error(), "r.txtar") {
			t.Errorf("error %v, want one naming r.txtar", last)
		}
	})
	t.Run("no recordings", func(t *testing.T) {
		t.Parallel()
		for _, err := range Lines(t.TempDir(), "9.9.9") {
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
		for range Lines(dir, "9.9.9") {
			break
		}
	})
}

func TestVersions(t *testing.T) {
	t.Parallel()
	dir := write(t, map[string]string{"2.1.330/a.txtar": "", "2.1.37/a.txtar": "", "10.0.0/a.txtar": "", "README.md": ""})
	got, err := Versions(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"2.1.37", "2.1.330", "10.0.0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Versions = %v, want %v", got, want)
	}
	bad := write(t, map[string]string{"latest/a.txtar": ""})
	if _, err := Versions(bad); err == nil || !strings.Contains(err.Error(), "latest") {
		t.Errorf("Versions of a folder named latest: %v, want an error naming it", err)
	}
	if _, err := Versions(filepath.Join(bad, "nope")); err == nil {
		t.Error("Versions of a missing folder: no error")
	}
}

// TestCommittedRecordings reads the committed recordings.
func TestCommittedRecordings(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "recordings")
	versions, err := Versions(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(versions) == 0 {
		t.Fatal("no recorded versions")
	}
	for _, v := range versions {
		n := 0
		for l, err := range Lines(dir, v) {
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(l.Msg) || strings.Contains(string(l.Msg), `"<duration>"`) {
				t.Errorf("%s: %s", l, l.Msg)
			}
			n++
		}
		if n == 0 {
			t.Errorf("CLI %s: no lines", v)
		}
	}
}

// FuzzLine turns recorded messages into lines: a message it accepts gives
// a JSON message with no number placeholder left as a member's value.
func FuzzLine(f *testing.F) {
	for _, s := range []string{
		`{"type":"result","duration_ms":"<duration>","x":["<pid:3>"]}`,
		`{"type":"user"}`,
		`"<time>"`,
		`{"a":{"b":"<pid>"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		l, err := line(scenario.Event{Kind: scenario.EventStdout, Msg: msg})
		if err != nil {
			return
		}
		var v any
		if err := json.Unmarshal(l.Msg, &v); err != nil {
			t.Fatalf("msg %q: %v", l.Msg, err)
		}
		var walk func(v any, member bool)
		walk = func(v any, member bool) {
			switch v := v.(type) {
			case string:
				if member && scenario.IsNumberPlaceholder(v) {
					t.Errorf("placeholder %q left in %s", v, l.Msg)
				}
			case []any:
				for _, e := range v {
					walk(e, false)
				}
			case map[string]any:
				for _, e := range v {
					walk(e, true)
				}
			}
		}
		walk(v, false)
	})
}

// TestBuiltIn reads the recordings built into ccwire (package
// recordings) as LinesFS and VersionsFS do: the versions and, for the
// pinned ones, the lines of the folder they are built from.
func TestBuiltIn(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "recordings")
	want, err := Versions(dir)
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := corpus.Recordings()
	if err != nil {
		t.Fatal(err)
	}
	got, err := VersionsFS(builtin)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("VersionsFS = %v, want %v", got, want)
	}
	for _, v := range cliinstall.PinnedVersions() {
		var fromDir, fromFS []schema.Line
		for l, err := range Lines(dir, v) {
			if err != nil {
				t.Fatal(err)
			}
			l.File = filepath.ToSlash(strings.TrimPrefix(l.File, dir+string(filepath.Separator)))
			fromDir = append(fromDir, l)
		}
		for l, err := range LinesFS(builtin, v) {
			if err != nil {
				t.Fatal(err)
			}
			fromFS = append(fromFS, l)
		}
		if len(fromDir) == 0 || !reflect.DeepEqual(fromFS, fromDir) {
			t.Errorf("CLI %s: LinesFS gave %d lines, Lines %d, or others", v, len(fromFS), len(fromDir))
		}
	}
	for _, err := range LinesFS(builtin, "9.9.9") {
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("LinesFS of a version not recorded: %v, want fs.ErrNotExist", err)
		}
	}
}
