package scenario

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// TestSessionFiles reads the files of a config folder's projects/ the way
// the runner does after a run, and normalizes them: paths and content with
// the run's placeholders, the session entries' own volatile members, in
// the order of the normalized paths, the timing entries once each at
// the end of their file, and a recording holding them reads
// back.
func TestSessionFiles(t *testing.T) {
	t.Parallel()
	config, work := t.TempDir(), "/tmp/ccwire-scenario-123"
	sid, agent := "0b5ac0c6-2f43-4a8e-9ad4-3c0f4f7d8e11", "a29cccee5601dbe11"
	project := filepath.Join(config, "projects", slug(work))
	write := func(rel, data string) {
		p := filepath.Join(project, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(sid+".jsonl", `{"type":"user","uuid":"11111111-2222-4333-8444-555555555555","sessionId":"`+sid+`","cwd":"`+work+`","timestamp":"2026-11-29T13:00:00.123Z"}`+"\n"+
		`{"type":"last-prompt","lastPrompt":"Hi","leafUuid":"99999999-2222-4333-8444-555555555555","sessionId":"`+sid+`"}`+"\n"+
		`{"type":"cost-state","totalAPIDuration":238,"totalAPIDurationWithoutRetries":179,"totalCostUSD":0.5}`+"\n"+
		`{"type":"last-prompt","lastPrompt":"Hi","leafUuid":"88888888-2222-4333-8444-555555555555","sessionId":"`+sid+`"}`+"\n"+
		`{"type":"attachment","attachment":{"type":"environment","snapshot":{"osVersion":"Linux 6.1"}}}`+"\n"+
		`{"type":"atis-latch","atis":""}`+"\n")
	write(sid+"/subagents/agent-"+agent+".jsonl", `{"type":"assistant","agentId":"`+agent+`","isSidechain":true}`+"\n")
	write(sid+"/tool-results/out.txt", "ran in "+work)
	files, err := readSessionFiles(config)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Fatalf("read %d files, want 3", len(files))
	}
	n := newNormalizer(time.Now(), 1, map[string]string{work: "cwd"}, nil)
	n.text(sid) // the session id, numbered from the stdout lines first
	got := normalizeSessionFiles(files, n)
	want := []recording.SessionFile{
		{Path: "projects/<cwd-slug>/<uuid:1>.jsonl", Data: []byte(`{"type":"user","uuid":"<uuid:2>","sessionId":"<uuid:1>","cwd":"<cwd>","timestamp":"<timestamp>"}` + "\n" +
			`{"type":"cost-state","totalAPIDuration":"<duration>","totalAPIDurationWithoutRetries":"<duration>","totalCostUSD":0.5}` + "\n" +
			`{"type":"attachment","attachment":{"type":"environment","snapshot":{"osVersion":"<os-version>"}}}` + "\n" +
			`{"type":"last-prompt","lastPrompt":"Hi","leafUuid":"<leaf>","sessionId":"<uuid:1>"}` + "\n" +
			`{"type":"atis-latch","atis":""}` + "\n")},
		{Path: "projects/<cwd-slug>/<uuid:1>/subagents/agent-<task_id:1>.jsonl", Data: []byte(`{"type":"assistant","agentId":"<task_id:1>","isSidechain":true}` + "\n")},
		{Path: "projects/<cwd-slug>/<uuid:1>/tool-results/out.txt", Data: []byte("ran in <cwd>\n")},
	}
	if len(got) != len(want) {
		t.Fatalf("%d files, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Path != want[i].Path || string(got[i].Data) != string(want[i].Data) {
			t.Errorf("file %d:\n%s\n%s\nwant\n%s\n%s", i+1, got[i].Path, got[i].Data, want[i].Path, want[i].Data)
		}
	}
	rec, err := recording.ParseRecording([]byte(minimalRecording))
	if err != nil {
		t.Fatal(err)
	}
	rec.SessionFiles = got
	data, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := recording.ParseRecording(data)
	if err != nil || len(back.SessionFiles) != 3 {
		t.Fatalf("read back %v, %v", back, err)
	}
}

// TestSessionFilesNone reads a config folder without projects/: no files,
// no error.
func TestSessionFilesNone(t *testing.T) {
	t.Parallel()
	files, err := readSessionFiles(t.TempDir())
	if err != nil || files != nil {
		t.Errorf("readSessionFiles = %v, %v; want none", files, err)
	}
	if got := normalizeSessionFiles(nil, newNormalizer(time.Now(), 1, nil, nil)); got != nil {
		t.Errorf("normalized %v", got)
	}
}

const minimalRecording = "Recording of scenario s (S) against Claude Code 2.1.37.\n" +
	"Written by `ccwire spec`; `go test ./scenario` checks that a new run reproduces it byte for byte.\n" +
	"Values that change between runs are placeholders: <uuid:N>, <cwd>, <home>, <timestamp>, <duration>, ….\n" +
	"-- run.json --\n" + `{"scenario":"s","cli_version":"2.1.37","args":[],"env":[],"exit_code":0,"main_requests":0,"side_requests":0,"unused_turns":0}` + "\n" +
	"-- events.jsonl --\n" +
	"-- side.json --\n[]\n"

// TestCanonicalOrder orders the entries of a session file as two runs of
// 2.1.37 wrote them (hook-subagent-start-stop's subagent file; the main
// file's queue-operation) into the same order.
func TestCanonicalOrder(t *testing.T) {
	t.Parallel()
	type line struct {
		text   string
		timing bool
	}
	entries := func(texts ...string) []line {
		var out []line
		for _, s := range texts {
			out = append(out, line{text: s, timing: strings.Contains(s, "queue-operation")})
		}
		return out
	}
	is := func(l line) (bool, *jsontree.Value) {
		v, err := jsontree.Parse([]byte(l.text))
		if err != nil {
			t.Fatal(err)
		}
		return l.timing, v
	}
	for _, tc := range []struct{ a, b []line }{{
		entries(`{"type":"assistant","uuid":"12","parentUuid":"11"}`, `{"type":"progress","uuid":"13","parentUuid":"12"}`, `{"type":"user","uuid":"5","parentUuid":null}`),
		entries(`{"type":"user","uuid":"5","parentUuid":null}`, `{"type":"assistant","uuid":"12","parentUuid":"11"}`, `{"type":"progress","uuid":"13","parentUuid":"12"}`),
	}, {
		entries(`{"type":"queue-operation"}`, `{"type":"user","uuid":"1","parentUuid":null}`, `{"type":"assistant","uuid":"2","parentUuid":"1"}`, `{"type":"custom-title"}`),
		entries(`{"type":"user","uuid":"1","parentUuid":null}`, `{"type":"assistant","uuid":"2","parentUuid":"1"}`, `{"type":"custom-title"}`, `{"type":"queue-operation"}`),
	}, {
		// A chain written out of order comes back in its order.
		entries(`{"uuid":"3","parentUuid":"2"}`, `{"uuid":"1"}`, `{"uuid":"2","parentUuid":"1"}`),
		entries(`{"uuid":"1"}`, `{"uuid":"2","parentUuid":"1"}`, `{"uuid":"3","parentUuid":"2"}`),
	}} {
		got, want := canonicalOrder(tc.a, is), canonicalOrder(tc.b, is)
		if !slices.Equal(got, want) {
			t.Errorf("canonicalOrder:\n%v\n%v", got, want)
		}
		if !slices.Equal(want, tc.b) {
			t.Errorf("canonicalOrder(%v) = %v, want it unchanged", tc.b, want)
		}
	}
}
