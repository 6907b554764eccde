package drift

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/stubapi"
)

// baseLines is a small recording, an initialize handshake then a prompt
// answered in two requests, as fixture lines (see fixtureRecording); "{V}" stands
// for the CLI version.
var baseLines = []string{
	`stdin 1 {"type":"control_request","request_id":"<request_id:1>","request":{"subtype":"initialize"}}`,
	`stdout 1 {"type":"control_response","response":{"subtype":"success","request_id":"<request_id:1>","response":{"capabilities":["a_v1","c_v1"],"claude_code_version":"{V}"}}}`,
	`stdin 2 {"type":"user","message":{"role":"user","content":"Say hello."}}`,
	`stdout 2 {"type":"system","subtype":"init","session_id":"<uuid:1>","model":null,"tools":["Bash","Read"],"claude_code_version":"{V}"}`,
	`api 2 {"header":{"user-agent":"claude-cli/{V} (external, sdk-cli)","anthropic-beta":"b1,b2"},"body":{"model":"m","messages":[{"role":"user","content":[{"type":"text","text":"Say hello."}]}],"system":[{"type":"text","text":"cc_version={V}.abc"}],"tools":[{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}}}}]}}`,
	`stdout 2 {"type":"assistant","message":{"id":"msg_stub0000","content":[{"type":"text","text":"Hello."}]},"session_id":"<uuid:1>"}`,
	`api 2 {"header":{"user-agent":"claude-cli/{V} (external, sdk-cli)","anthropic-beta":"b1,b2"},"body":{"model":"m","messages":[{"role":"user","content":"Output limit hit."}],"system":"<same as requests/1.json>","tools":"<same as requests/1.json>"}}`,
	`stdout 2 {"type":"result","subtype":"success","duration_ms":"<duration>","result":"Hello."}`,
	`side 2 {"method":"POST","path":"/v1/messages","reason":"helper","count":1}`,
}

// edit returns lines with old replaced by new in each (a line of "" is
// dropped).
func edit(lines []string, pairs ...string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		for i := 0; i+1 < len(pairs); i += 2 {
			l = strings.ReplaceAll(l, pairs[i], pairs[i+1])
		}
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// fixtureRecording builds a recording of scenario id against version from
// fixture lines "DIR TURN JSON": DIR stdin or stdout with the message;
// api with {"header": {name: value}, "body": …}, the next main-loop
// request; side with a side.json element. "{V}" in the lines becomes
// version.
func fixtureRecording(t testing.TB, id, version string, lines []string) *recording.Recording {
	t.Helper()
	r := &recording.Recording{Scenario: id, Title: "Test " + id, Version: version, Args: []string{}, Env: []string{}}
	for _, l := range lines {
		dir, rest, _ := strings.Cut(strings.ReplaceAll(l, "{V}", version), " ")
		turnText, msg, _ := strings.Cut(rest, " ")
		turn, err := strconv.Atoi(turnText)
		if err != nil {
			t.Fatalf("fixture line %q: %v", l, err)
		}
		switch dir {
		case "stdin", "stdout":
			r.Events = append(r.Events, recording.Event{Kind: recording.EventKind(dir), Turn: turn, Msg: json.RawMessage(msg)})
		case "api":
			var q struct {
				Header map[string]string
				Body   json.RawMessage
			}
			if err := json.Unmarshal([]byte(msg), &q); err != nil {
				t.Fatalf("fixture line %q: %v", l, err)
			}
			req := recording.Request{Method: "POST", Path: "/v1/messages", Query: "beta=true", Model: "m", Stream: true, Turn: len(r.Requests), Status: 200, Outcome: string(stubapi.OutcomeServed), Header: map[string][]string{}, Body: q.Body}
			for k, v := range q.Header {
				req.Header[k] = []string{v}
			}
			r.Requests = append(r.Requests, req)
			r.Events = append(r.Events, recording.Event{Kind: recording.EventRequest, Turn: turn, Request: len(r.Requests)})
		case "side":
			var s struct {
				Method, Path, Reason string
				Count                int
			}
			if err := json.Unmarshal([]byte(msg), &s); err != nil {
				t.Fatalf("fixture line %q: %v", l, err)
			}
			r.Side = append(r.Side, recording.SideRequests{Method: s.Method, Path: s.Path, Reason: s.Reason, Status: 200, Outcome: string(stubapi.OutcomeSide), Count: s.Count})
		default:
			t.Fatalf("fixture line %q: unknown direction %q", l, dir)
		}
	}
	return r
}

// writeCorpus writes recordings of scenarios (by ID) against version
// under root, as root/<folder>/<id>.txtar, and returns the folder. The
// recordings name recorded as their version (the version, or a
// placeholder for version-free recordings).
func writeCorpus(t testing.TB, root, folder, recorded string, scenarios map[string][]string) string {
	t.Helper()
	dir := filepath.Join(root, folder)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for id, lines := range scenarios {
		data, err := fixtureRecording(t, id, recorded, lines).Marshal()
		if err != nil {
			t.Fatalf("fixture %s: %v", id, err)
		}
		if err := os.WriteFile(filepath.Join(dir, id+scenario.RecordingExt), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// load writes and loads a corpus.
func load(t testing.TB, folder, recorded string, scenarios map[string][]string, opts LoadOptions) *Corpus {
	t.Helper()
	dir := writeCorpus(t, t.TempDir(), folder, recorded, scenarios)
	c, err := Load(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
