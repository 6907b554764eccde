package recording_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/corpus"
	"github.com/ccwire/ccwire/internal/corpustest"
	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
)

// committedRecordings returns the paths of the committed recordings.
func committedRecordings(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(recordingsDir, "*", "*"+recording.Ext))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no recordings under %s", recordingsDir)
	}
	return corpustest.Paths(t, files)
}

// TestRecordingRoundTrip reads every committed recording and writes it
// back byte for byte.
func TestRecordingRoundTrip(t *testing.T) {
	t.Parallel()
	for _, path := range committedRecordings(t) {
		t.Run(strings.TrimPrefix(filepath.ToSlash(path), recordingsDir+"/"), func(t *testing.T) {
			t.Parallel()
			data, err := recording.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := recording.ParseRecording(data)
			if err != nil {
				t.Fatal(err)
			}
			version := filepath.Base(filepath.Dir(path))
			id := strings.TrimSuffix(filepath.Base(path), recording.Ext)
			if rec.Version != version || rec.Scenario != id {
				t.Errorf("the recording is of scenario %s against %s", rec.Scenario, rec.Version)
			}
			if len(rec.Events) == 0 || len(rec.Requests) == 0 {
				t.Errorf("%d events and %d requests", len(rec.Events), len(rec.Requests))
			}
			got, err := rec.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, data) {
				t.Errorf("written back differently:\n%s", match.FirstDifference(data, got))
			}
			// Every recorded message decodes with package protocol and is
			// written back byte for byte.
			for i, ev := range rec.Events {
				if ev.Msg == nil {
					continue
				}
				m, err := protocol.Decode(ev.Msg)
				if err != nil {
					t.Errorf("event %d: %v", i+1, err)
					continue
				}
				if out, err := protocol.Marshal(m); err != nil || !bytes.Equal(out, ev.Msg) {
					t.Errorf("event %d: protocol.Marshal wrote %s (%v), want %s", i+1, out, err, ev.Msg)
				}
			}
		})
	}
}

// smallRecording is a recording of every kind of member, small enough to
// seed the fuzzer.
const smallRecording = "Recording of scenario small (A (small) one) against Claude Code 2.1.37.\n" +
	"Written by `ccwire spec`; `go test ./scenario` checks that a new run reproduces it byte for byte.\n" +
	"Values that change between runs are placeholders: <uuid:N>, <cwd>, <home>, <timestamp>, <duration>, ….\n" +
	`-- run.json --
{
  "scenario": "small",
  "cli_version": "2.1.37",
  "args": [
    "--verbose"
  ],
  "env": [],
  "exit_code": -1,
  "main_requests": 2,
  "side_requests": 3,
  "unused_turns": 0
}
-- events.jsonl --
{"turn":1,"dir":"stdin","msg":{"type":"user","message":{"role":"user","content":"hi <cwd>"}}}
{"turn":1,"dir":"stdin","text":"not JSON"}
{"turn":1,"dir":"stdout","expect":1,"msg":{"type":"system","subtype":"init","n":1.50}}
{"turn":1,"dir":"api","request":1}
{"turn":1,"dir":"stdout","text":"garbage","error":"line 2: invalid character"}
{"turn":1,"dir":"stdout","msg":{"type":"assistant"}}
{"turn":1,"dir":"api","request":2}
{"turn":2,"dir":"stdout","expect":3,"msg":{"type":"result","result":"\u00e9\n"}}
-- requests/1.json --
{
  "method": "POST",
  "path": "/v1/messages",
  "query": "beta=true",
  "model": "claude-x",
  "stream": true,
  "turn": 0,
  "status": 200,
  "outcome": "served",
  "header": {
    "accept": [
      "a",
      "b"
    ],
    "x-api-key": "[redacted]"
  },
  "body": {
    "model": "claude-x",
    "messages": [],
    "system": "S",
    "tools": [
      {}
    ]
  }
}
-- requests/2.json --
{
  "method": "POST",
  "path": "/v1/messages",
  "model": "",
  "stream": false,
  "turn": -1,
  "status": 0,
  "outcome": "overrun",
  "detail": "script used up",
  "header": {},
  "body_text": "not JSON"
}
-- side.json --
[
  {
    "method": "POST",
    "path": "/v1/messages/count_tokens",
    "stream": false,
    "reason": "count_tokens",
    "status": 200,
    "outcome": "side",
    "count": 2
  },
  {
    "method": "POST",
    "path": "/v1/messages",
    "model": "claude-haiku",
    "stream": true,
    "reason": "helper",
    "status": 200,
    "outcome": "side",
    "count": 1
  }
]
`

func TestSmallRecordingRoundTrip(t *testing.T) {
	t.Parallel()
	rec, err := recording.ParseRecording([]byte(smallRecording))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Title != "A (small) one" || rec.ExitCode != -1 || len(rec.Events) != 8 || len(rec.Requests) != 2 || len(rec.Side) != 2 {
		t.Errorf("read %+v", rec)
	}
	if ev := rec.Events[2]; ev.Kind != recording.EventStdout || ev.Expect != 1 {
		t.Errorf("event 3 = %+v, want a stdout line that expectation 1 matched", ev)
	}
	if ev := rec.Events[6]; ev.Kind != recording.EventRequest || ev.Request != 2 || ev.Turn != 1 {
		t.Errorf("event 7 = %+v, want request 2 in turn 1", ev)
	}
	if got := rec.Requests[0].Header["accept"]; !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("header accept = %q", got)
	}
	if got, want := string(rec.Events[7].Msg), `{"type":"result","result":"\u00e9\n"}`; got != want {
		t.Errorf("message %s, want %s as written", got, want)
	}
	got, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != smallRecording {
		t.Errorf("written back differently:\n%s", match.FirstDifference([]byte(smallRecording), got))
	}
}

func TestParseRecordingErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"title", "A (small) one", "A (small) one\nmore", "not one line"},
		{"scenario", `"scenario": "small"`, `"scenario": "other"`, "comment"},
		{"unknown member", `"unused_turns": 0`, `"unused_turns": 0, "extra": 1`, `unknown member "extra"`},
		{"twice", `"exit_code": -1,`, `"exit_code": -1, "exit_code": 1,`, `"exit_code" twice`},
		{"not an integer", `"exit_code": -1`, `"exit_code": 1.5`, "not an integer"},
		{"missing member", `"unused_turns": 0`, `"unused": 0`, `unknown member "unused"`},
		{"main count", `"main_requests": 2`, `"main_requests": 3`, "lists 2 main-loop requests of 3"},
		{"side count", `"side_requests": 3`, `"side_requests": 4`, "counts 4 side requests, side.json 3"},
		{"dir", `"dir":"stdin","text"`, `"dir":"sideways","text"`, "neither stdin, stdout, api nor signal"},
		{"request order", `"request":1}`, `"request":2}`, "request 2 where request 1 of 2 belongs"},
		{"request missing", `{"turn":1,"dir":"api","request":2}` + "\n", "", "lists 1 main-loop requests of 2"},
		{"request and line", `"dir":"api","request":1`, `"dir":"api","request":1,"text":"x"`, "a request with a line's members"},
		{"line and request", `"msg":{"type":"assistant"}`, `"request":1,"msg":{"type":"assistant"}`, "a stdout line with a request or signal"},
		{"signal with a line", `{"turn":1,"dir":"stdin","text":"not JSON"}`, `{"turn":1,"dir":"signal","signal":"SIGINT","text":"x"}`, "a signal with a line's members"},
		{"signal without name", `{"turn":1,"dir":"stdin","text":"not JSON"}`, `{"turn":1,"dir":"signal","signal":""}`, "a signal without its name"},
		{"line with signal", `"msg":{"type":"assistant"}`, `"signal":"SIGINT","msg":{"type":"assistant"}`, "a stdout line with a request or signal"},
		{"expect on stdin", `"dir":"stdin","msg"`, `"dir":"stdin","expect":1,"msg"`, "not a stdout message"},
		{"expect zero", `"expect":1`, `"expect":0`, "expect 0"},
		{"no msg", `{"turn":1,"dir":"stdin","text":"not JSON"}`, `{"turn":1,"dir":"stdin"}`, "neither msg nor text"},
		{"both", `"text":"garbage"`, `"msg":{},"text":"garbage"`, "both msg and text"},
		{"bad JSON", `"subtype":"init"`, `"subtype":init`, "events.jsonl line 3"},
		{"order", "-- side.json --", "-- side.jsonl --", "side.jsonl where side.json belongs"},
		{"header case", `"x-api-key"`, `"X-Api-Key"`, "not in lower case"},
		{"body and text", `"body_text": "not JSON"`, `"body_text": "not JSON", "body": {}`, "both body and body_text"},
		{"count", `"count": 1`, `"count": 0`, "count 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if !strings.Contains(smallRecording, tc.from) {
				t.Fatalf("the recording has no %q", tc.from)
			}
			_, err := recording.ParseRecording([]byte(strings.Replace(smallRecording, tc.from, tc.to, 1)))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// FuzzParseRecording checks that what ParseRecording accepts, Marshal
// writes, and that what Marshal writes reads back to the same recording
// and bytes.
func FuzzParseRecording(f *testing.F) {
	f.Add([]byte(smallRecording))
	f.Add([]byte(sessionRecording))
	f.Add([]byte(strings.Replace(smallRecording, `{"turn":1,"dir":"stdin","text":"not JSON"}`, `{"turn":1,"dir":"signal","signal":"SIGINT"}`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := recording.ParseRecording(data)
		if err != nil {
			return
		}
		out, err := rec.Marshal()
		if err != nil {
			t.Fatalf("Marshal of a parsed recording: %v", err)
		}
		again, err := recording.ParseRecording(out)
		if err != nil {
			t.Fatalf("ParseRecording of what Marshal wrote: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(rec, again) {
			t.Fatalf("read back differently:\n%+v\n%+v", rec, again)
		}
		out2, err := again.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, out2) {
			t.Fatalf("written differently the second time:\n%s", match.FirstDifference(out, out2))
		}
	})
}

func TestReadEvents(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txtar")
	if err := os.WriteFile(good, []byte(smallRecording), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := recording.ParseRecording([]byte(smallRecording))
	if err != nil {
		t.Fatal(err)
	}
	events, err := recording.ReadEvents(good)
	if err != nil || !reflect.DeepEqual(events, rec.Events) {
		t.Errorf("ReadEvents = %+v, %v; want %+v", events, err, rec.Events)
	}
	for name, tc := range map[string]struct{ data, want string }{
		"bad event":  {strings.Replace(smallRecording, `"subtype":"init"`, `"subtype":init`, 1), "events.jsonl line 3"},
		"no events":  {"-- run.json --\n{}\n", "no events.jsonl"},
		"bad member": {"-- events.jsonl --\n{}\n", `no member "turn"`},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".txtar")
		if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := recording.ReadEvents(path); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file and containing %q", name, err, tc.want)
		}
	}
	if _, err := recording.ReadEvents(filepath.Join(dir, "missing.txtar")); err == nil {
		t.Error("ReadEvents of a missing file: no error")
	}
}

// TestReadRecordingOnePass checks that reading a recording in stored form,
// which expands its references as it parses, gives what parsing its
// expanded text gives, from a folder and from the built-in pack, and that
// ReadRecordingLines gives that without the requests.
func TestReadRecordingOnePass(t *testing.T) {
	t.Parallel()
	pack, err := corpus.Recordings()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"2.1.37/text-simple.txtar", "2.1.332/permission-prompt-allow.txtar", "2.1.330/multi-turn.txtar"} {
		path := filepath.Join(recordingsDir, name)
		full, err := recording.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := recording.ParseRecording(full)
		if err != nil {
			t.Fatal(err)
		}
		fromPack, err := recording.ReadRecordingFS(pack, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := recording.ReadRecording(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(fromPack, want) {
			t.Errorf("%s: ReadRecording or ReadRecordingFS read otherwise than ParseRecording of the expanded text", name)
		}
		lines, err := recording.ReadRecordingLines(path)
		if err != nil {
			t.Fatal(err)
		}
		lean := *want
		lean.Requests, lean.Side = nil, nil
		lean.Events = slices.DeleteFunc(slices.Clone(want.Events), func(ev recording.Event) bool { return ev.Kind == recording.EventRequest })
		if !reflect.DeepEqual(lines, &lean) {
			t.Errorf("%s: ReadRecordingLines read otherwise than ParseRecording without the requests", name)
		}
	}
}
