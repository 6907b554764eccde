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

	"github.com/ccwire/ccwire/protocol/schema"
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

const recordingA = `Recording of scenario a.
-- run.json --
{"scenario":"a","cli_version":"9.9.9"}
-- stdio.jsonl --
{"turn":1,"dir":"stdin","msg":{"type":"user","message":{"role":"user","content":"hi"}}}
{"turn":1,"dir":"stdout","msg":{"type":"result","duration_ms":"<duration>","resetsAt":"<time>","pid":"<pid:2>","uuid":"<uuid:1>","result":"took <duration>","list":["<pid>"]}}
{"turn":1,"dir":"stdout","text":"not json","error":"invalid character"}

-- requests/1.json --
{"turn":1,"dir":"stdout","msg":{"type":"not a line"}}
`

const recordingB = `-- stdio.jsonl --
{"turn":1,"dir":"stdout","msg":{"type":"keep_alive"}}
-- side.json --
{}
`

func TestLines(t *testing.T) {
	t.Parallel()
	dir := write(t, map[string]string{
		"9.9.9/b.txtar":     recordingB,
		"9.9.9/a.txtar":     recordingA,
		"9.9.9/notes.md":    "not a recording",
		"1.0.0/other.txtar": recordingB,
	})
	a, b := filepath.Join(dir, "9.9.9", "a.txtar"), filepath.Join(dir, "9.9.9", "b.txtar")
	var got []schema.Line
	for l, err := range Lines(dir, "9.9.9") {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l)
	}
	want := []schema.Line{
		{File: a, Num: 5, Dir: "stdin", Msg: []byte(`{"type":"user","message":{"role":"user","content":"hi"}}`)},
		{File: a, Num: 6, Dir: "stdout", Msg: []byte(`{"type":"result","duration_ms":0,"resetsAt":0,"pid":0,"uuid":"<uuid:1>","result":"took <duration>","list":["<pid>"]}`)},
		{File: b, Num: 2, Dir: "stdout", Msg: []byte(`{"type":"keep_alive"}`)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", show(got), show(want))
	}
}

func show(ls []schema.Line) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.String() + " " + l.Dir + " " + string(l.Msg) + "\n")
	}
	return b.String()
}

func TestLinesErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		file  string
		want  []string
		notIs error
	}{
		{name: "malformed record", file: "-- stdio.jsonl --\n{\"dir\":\"stdout\",\"msg\":{}}\n{\"dir\":\n", want: []string{"r.txtar:3"}},
		{name: "bad direction", file: "-- stdio.jsonl --\n{\"dir\":\"stderr\",\"msg\":{}}\n", want: []string{"r.txtar:2", `dir "stderr"`}},
		{name: "neither msg nor text", file: "-- stdio.jsonl --\n{\"dir\":\"stdout\"}\n", want: []string{"r.txtar:2", "neither msg nor text"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := write(t, map[string]string{"9.9.9/r.txtar": tc.file})
			n := 0
			var last error
			for _, err := range Lines(dir, "9.9.9") {
				n++
				last = err
			}
			if last == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(last.Error(), w) {
					t.Errorf("error %q lacks %q", last, w)
				}
			}
		})
	}
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
		dir := write(t, map[string]string{"9.9.9/a.txtar": recordingA})
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

// FuzzRecord decodes stdio records: a record it accepts gives a JSON
// message with no number placeholder left as a member's value.
func FuzzRecord(f *testing.F) {
	for _, s := range []string{
		`{"turn":1,"dir":"stdout","msg":{"type":"result","duration_ms":"<duration>","x":["<pid:3>"]}}`,
		`{"turn":1,"dir":"stdin","msg":{"type":"user"}}`,
		`{"turn":1,"dir":"stdout","text":"oops"}`,
		`{"dir":"stdout","msg":"<time>"}`,
		`{"dir":"nope"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		l, ok, err := record(line)
		if err != nil || !ok {
			return
		}
		if l.Dir != "stdin" && l.Dir != "stdout" {
			t.Errorf("dir %q", l.Dir)
		}
		var v any
		if err := json.Unmarshal(l.Msg, &v); err != nil {
			t.Fatalf("msg %q: %v", l.Msg, err)
		}
		var walk func(v any, member bool)
		walk = func(v any, member bool) {
			switch v := v.(type) {
			case string:
				if member && numberPlaceholder.MatchString(v) {
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
