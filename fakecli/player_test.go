package fakecli_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// fake is a Player running on pipes, driven by a test as its host.
type fake struct {
	t      *testing.T
	in     *io.PipeWriter
	out    chan string // stdout lines, read ahead so the fake never waits
	stderr *syncBuffer
	sig    chan os.Signal // the fake's Player.Signals
	done   chan struct{}
	code   int
	err    error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startFake(t *testing.T, version, id string) *fake {
	t.Helper()
	return startFakeWith(t, version, id, nil)
}

// startFakeWith is startFake with the player set up by setup, if not nil.
func startFakeWith(t *testing.T, version, id string, setup func(*fakecli.Player)) *fake {
	t.Helper()
	dir := filepath.Join(recordingsDir, version)
	rec, err := recording.ReadRecording(filepath.Join(dir, id+scenario.RecordingExt))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	f := &fake{t: t, in: inW, out: make(chan string, 1000), stderr: &syncBuffer{}, sig: make(chan os.Signal, 1), done: make(chan struct{})}
	go func() {
		defer close(f.out)
		r := bufio.NewReader(outR)
		for {
			l, err := r.ReadString('\n')
			if l != "" {
				f.out <- l
			}
			if err != nil {
				return
			}
		}
	}()
	p := &fakecli.Player{Recording: rec, Lookup: fakecli.DirLookup(dir), Env: fakecli.Env{Cwd: t.TempDir()}, Stderr: f.stderr, Signals: f.sig}
	if setup != nil {
		setup(p)
	}
	go func() {
		f.code, f.err = p.Run(ctx, inR, outW)
		outW.Close()
		inR.Close()
		close(f.done)
	}()
	t.Cleanup(func() { inW.Close(); <-f.done })
	return f
}

func (f *fake) send(line string) {
	f.t.Helper()
	if _, err := io.WriteString(f.in, line+"\n"); err != nil {
		f.t.Fatalf("send: %v", err)
	}
}

// read reads stdout lines up to one whose type (and subtype, if given as
// "type/subtype") is want, and returns them all.
func (f *fake) read(want string) []map[string]any {
	f.t.Helper()
	var got []map[string]any
	for {
		l, ok := <-f.out
		if !ok {
			f.t.Fatalf("stdout ended before a %s line; read %d lines; stderr %q", want, len(got), f.stderr.String())
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			f.t.Fatalf("stdout line %q: %v", l, err)
		}
		got = append(got, m)
		k, _ := m["type"].(string)
		if sub, ok := m["subtype"].(string); ok && strings.Contains(want, "/") {
			k += "/" + sub
		}
		if k == want {
			return got
		}
	}
}

// asked sends a user message and reads up to the permission request it
// brings, whose request ID and tool call ID it returns.
func (f *fake) asked() (id, tool string) {
	f.t.Helper()
	f.send(userMsg)
	req := f.read("control_request")
	last := req[len(req)-1]
	return last["request_id"].(string), last["request"].(map[string]any)["tool_use_id"].(string)
}

// finish closes stdin and returns the lines written after it and the exit
// status.
func (f *fake) finish() ([]string, int, error) {
	f.in.Close()
	var lines []string
	for l := range f.out {
		lines = append(lines, strings.TrimSuffix(l, "\n"))
	}
	<-f.done
	return lines, f.code, f.err
}

const (
	userMsg   = `{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"session_id":""}`
	initReq   = `{"type":"control_request","request_id":"host_init_1","request":{"subtype":"initialize","hooks":null}}`
	interrupt = `{"type":"control_request","request_id":"host_int_1","request":{"subtype":"interrupt"}}`
)

func TestPlayerInteractive(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2.1.37", "2.1.330", "2.1.332"} {
		t.Run(version+"/unscripted-initialize", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "text-simple")
			f.send(initReq)
			got := f.read("control_response")
			resp := got[0]["response"].(map[string]any)
			if resp["request_id"] != "host_init_1" || resp["subtype"] != "success" {
				t.Errorf("initialize answered %v", resp)
			}
			if _, ok := resp["response"].(map[string]any)["commands"]; !ok {
				t.Errorf("initialize answer without the recorded version's commands: %v", resp)
			}
			f.send(userMsg)
			f.read("result")
			rest, code, err := f.finish()
			if len(rest) != 0 || code != 0 || err != nil {
				t.Errorf("after the result: %d lines, exit %d, %v", len(rest), code, err)
			}
		})
		t.Run(version+"/waits-for-each-turn", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "multi-turn")
			f.send(userMsg)
			first := f.read("result")
			rest, code, err := f.finish()
			if len(rest) != 0 || code != 0 || err != nil {
				t.Errorf("stdin closed after turn 1 of %d lines: %d more lines, exit %d, %v", len(first), len(rest), code, err)
			}
		})
		t.Run(version+"/deny-where-recorded-allow", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "permission-prompt-allow")
			id, tool := f.asked()
			f.send(`{"type":"control_response","response":{"subtype":"success","request_id":"` + id + `","response":{"behavior":"deny","message":"No, thanks."}}}`)
			got := f.read("result")
			var denied bool
			for _, m := range got {
				if m["type"] != "user" {
					continue
				}
				c := m["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
				if c["tool_use_id"] == tool {
					denied = c["is_error"] == true && c["content"] == "No, thanks."
				}
			}
			if !denied {
				t.Errorf("no denied tool_result for %s in %v", tool, got)
			}
			res := got[len(got)-1]
			if d, _ := res["permission_denials"].([]any); len(d) != 1 {
				t.Errorf("result's permission_denials = %v, want the denial", res["permission_denials"])
			}
		})
		t.Run(version+"/deny-message-where-recorded-deny", func(t *testing.T) {
			t.Parallel()
			// The CLI writes the host's message (checked on 2.1.37 and
			// 2.1.332 with "denied by test" and ""): the tool_result's
			// content, and tool_use_result after "Error: ".
			for _, msg := range []string{"denied by test", ""} {
				f := startFake(t, version, "permission-prompt-deny")
				id, tool := f.asked()
				answer, _ := json.Marshal(msg)
				f.send(`{"type":"control_response","response":{"subtype":"success","request_id":"` + id + `","response":{"behavior":"deny","message":` + string(answer) + `}}}`)
				got := f.read("result")
				found := false
				for _, m := range got {
					if line, _ := json.Marshal(m); strings.Contains(string(line), "Writing files is not allowed") {
						t.Errorf("deny %q: the recorded message in %s", msg, line)
					}
					if m["type"] != "user" {
						continue
					}
					c := m["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
					if c["tool_use_id"] != tool {
						continue
					}
					found = true
					if c["content"] != msg || c["is_error"] != true || m["tool_use_result"] != "Error: "+msg {
						t.Errorf("deny %q: tool_result content %q, is_error %v, tool_use_result %q", msg, c["content"], c["is_error"], m["tool_use_result"])
					}
				}
				if !found {
					t.Errorf("deny %q: no tool_result for %s in %v", msg, tool, got)
				}
				res := got[len(got)-1]
				if d, _ := res["permission_denials"].([]any); len(d) != 1 || d[0].(map[string]any)["tool_use_id"] != tool {
					t.Errorf("deny %q: result's permission_denials = %v, want the one denial", msg, res["permission_denials"])
				}
				if rest, code, err := f.finish(); len(rest) != 0 || code != 0 || err != nil {
					t.Errorf("deny %q: after the result: %d lines, exit %d, %v", msg, len(rest), code, err)
				}
			}
		})
		t.Run(version+"/allow-where-recorded-deny", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "permission-prompt-deny")
			id, _ := f.asked()
			f.send(`{"type":"control_response","response":{"subtype":"success","request_id":"` + id + `","response":{"behavior":"allow","updatedInput":{}}}}`)
			rest, code, err := f.finish()
			var de *fakecli.DivergenceError
			if code == 0 || !errors.As(err, &de) {
				t.Fatalf("exit %d, %v; want a non-zero status and a DivergenceError", code, err)
			}
			for _, want := range []string{"allowed the Bash call the recording denied", "permission-prompt-allow"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			for _, l := range rest {
				if strings.Contains(l, `"tool_result"`) || strings.Contains(l, `"result"`) {
					t.Errorf("wrote %s after the allow: the recorded deny", l)
				}
			}
		})
		t.Run(version+"/interrupt-while-asking", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "permission-prompt-allow")
			f.send(userMsg)
			f.read("control_request")
			f.send(interrupt)
			got := f.read("result")
			if r := got[0]["response"].(map[string]any); got[0]["type"] != "control_response" || r["request_id"] != "host_int_1" {
				t.Errorf("first line after the interrupt: %v", got[0])
			}
			if sub := got[len(got)-1]["subtype"]; sub != "error_during_execution" {
				t.Errorf("result subtype %v, want error_during_execution", sub)
			}
		})
		t.Run(version+"/set-model-unscripted", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "text-simple")
			f.send(`{"type":"control_request","request_id":"m1","request":{"subtype":"set_model","model":"claude-opus-4-1"}}`)
			got := f.read("control_response")
			last := got[len(got)-1]
			if r := last["response"].(map[string]any); r["request_id"] != "m1" || r["subtype"] != "success" {
				t.Errorf("set_model answered %v", last)
			}
			if len(got) != 1 {
				// 2.1.330 and later report the command's output in a user
				// message first, but not before the first turn (the real
				// 2.1.332 in TestFidelity).
				t.Errorf("set_model before the first turn wrote %v, want the answer alone", got)
			}
			if version != "2.1.37" {
				f.send(userMsg)
				f.read("result")
				f.send(`{"type":"control_request","request_id":"m2","request":{"subtype":"set_model","model":"claude-opus-4-1"}}`)
				got := f.read("control_response")
				c, _ := got[0]["message"].(map[string]any)["content"].(string)
				if len(got) != 2 || !strings.Contains(c, "Set model to `claude-opus-4-1`") {
					t.Errorf("set_model after a turn on %s wrote %v, want the Set model message and the answer", version, got)
				}
			}
		})
		t.Run(version+"/set-permission-mode-unscripted", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "text-simple")
			f.send(`{"type":"control_request","request_id":"p1","request":{"subtype":"set_permission_mode","mode":"plan"}}`)
			f.send(`{"type":"control_request","request_id":"p2","request":{"subtype":"set_permission_mode","mode":"bogus"}}`)
			f.send(userMsg)
			got := f.read("result")
			answers := map[string]string{}
			for _, m := range got {
				if m["type"] == "control_response" {
					r := m["response"].(map[string]any)
					id := r["request_id"].(string)
					if answers[id] == "" {
						answers[id] = r["subtype"].(string)
					}
				}
			}
			// 2.1.330 and later refuse an unknown mode; 2.1.37 takes any string.
			want := map[string]string{"p1": "success", "p2": "success"}
			if version != "2.1.37" {
				want["p2"] = "error"
			}
			if !maps.Equal(answers, want) {
				t.Errorf("answers %v, want %v", answers, want)
			}
		})
		t.Run(version+"/bad-json", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "text-simple")
			f.send("not json")
			_, code, err := f.finish()
			var ie *fakecli.InputError
			if code != 1 || !errors.As(err, &ie) {
				t.Errorf("exit %d, %v; want 1 and an InputError", code, err)
			}
			if !strings.HasPrefix(f.stderr.String(), "Error parsing streaming input line") {
				t.Errorf("stderr %q, not the CLI's message", f.stderr.String())
			}
		})
		t.Run(version+"/no-turn-left", func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "text-simple")
			f.send(userMsg)
			f.read("result")
			f.send(userMsg)
			_, code, err := f.finish()
			var de *fakecli.DivergenceError
			if code != 1 || !errors.As(err, &de) {
				t.Errorf("exit %d, %v; want 1 and a DivergenceError", code, err)
			}
		})
	}
}

// TestPlayerLateAnswer answers a control request of the fake after a
// user message, as a host whose answers run on goroutines of their own
// may (ccwire's client answers the in-process MCP server's
// notifications/initialized that way): the user message waits for the
// answer, as the CLI's does, and skips no recorded line (tools/list comes
// after the late answer, then the turn).
func TestPlayerLateAnswer(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2.1.330", "2.1.332"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "sdk-mcp-tool-call")
			f.send(`{"type":"control_request","request_id":"host_init_1","request":{"subtype":"initialize","sdkMcpServers":["calc"]}}`)
			mcpInit := f.read("control_request")
			f.send(mcpAnswer(mcpInit[len(mcpInit)-1], `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"calc","version":"1.0.0"}}`))
			notification := f.read("control_request") // the initialize answer, then notifications/initialized
			f.send(userMsg)                           // before answering the notification
			// A control request the fake answers at once: when its answer
			// comes, the fake has written all it writes for the user
			// message, which waits for the answer to the notification.
			f.send(`{"type":"control_request","request_id":"sync","request":{"subtype":"set_permission_mode","mode":"default"}}`)
			for _, m := range f.read("control_response") {
				if m["type"] != "control_response" {
					t.Fatalf("the user message played before the notification was answered: %v", m)
				}
			}
			f.send(mcpAnswer(notification[len(notification)-1], `{}`)) // late
			list := f.read("control_request")
			if call := mcpMethod(list[len(list)-1]); call != "tools/list" {
				t.Fatalf("after the late answer: %s, want tools/list", call)
			}
			f.send(mcpAnswer(list[len(list)-1], `{"tools":[]}`))
			add := f.read("control_request")
			if call := mcpMethod(add[len(add)-1]); call != "tools/call add" {
				t.Fatalf("after tools/list: %s, want the queued turn's tools/call add", call)
			}
			f.send(mcpAnswer(add[len(add)-1], `{"content":[{"type":"text","text":"5"}]}`))
			divide := f.read("control_request")
			if call := mcpMethod(divide[len(divide)-1]); call != "tools/call divide" {
				t.Fatalf("after the answer to add: %s, want tools/call divide", call)
			}
			f.send(mcpAnswer(divide[len(divide)-1], `{"content":[{"type":"text","text":"division by zero"}],"isError":true}`))
			f.read("result")
		})
	}
}

// mcpAnswer is the host's answer to mcp_message request req with result.
func mcpAnswer(req map[string]any, result string) string {
	r, _ := req["request"].(map[string]any)
	m, _ := r["message"].(map[string]any)
	b, _ := json.Marshal(m["id"])
	return `{"type":"control_response","response":{"subtype":"success","request_id":"` + req["request_id"].(string) +
		`","response":{"mcp_response":{"jsonrpc":"2.0","id":` + string(b) + `,"result":` + result + `}}}}`
}

// mcpMethod says what mcp_message request req asks: its method, and the
// tool of a tools/call.
func mcpMethod(req map[string]any) string {
	r, _ := req["request"].(map[string]any)
	m, _ := r["message"].(map[string]any)
	method, _ := m["method"].(string)
	if p, ok := m["params"].(map[string]any); ok && method == "tools/call" {
		name, _ := p["name"].(string)
		method += " " + name
	}
	return method
}

// TestVersionFreeRecording plays a recording whose CLI version is the
// <cli-version> placeholder (as version-free recordings write it): the
// fake writes the version it plays.
func TestVersionFreeRecording(t *testing.T) {
	t.Parallel()
	data, err := recording.ReadFile(filepath.Join(recordingsDir, "2.1.37", "text-simple"+scenario.RecordingExt))
	if err != nil {
		t.Fatal(err)
	}
	head, events, ok := strings.Cut(string(data), "-- events.jsonl --\n")
	if !ok {
		t.Fatal("no events.jsonl")
	}
	events, rest, _ := strings.Cut(events, "-- requests/")
	free := head + "-- events.jsonl --\n" + strings.ReplaceAll(events, `"2.1.37"`, `"<cli-version>"`) + "-- requests/" + rest
	if !strings.Contains(free, `"claude_code_version":"<cli-version>"`) {
		t.Fatal("the edited recording has no <cli-version>")
	}
	rec, err := fakecli.ParseRecording([]byte(free))
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range []string{"", "2.1.38"} {
		p := &fakecli.Player{Recording: rec, Env: fakecli.Env{Version: version}}
		var out bytes.Buffer
		if _, err := p.Run(t.Context(), strings.NewReader(userMsg+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		want := `"claude_code_version":"` + cmp.Or(version, "2.1.37") + `"`
		if !strings.Contains(out.String(), want) {
			t.Errorf("Env.Version %q: output lacks %s:\n%s", version, want, out.String())
		}
	}
}
