package fakecli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// pinnedVersions are the CLI versions whose real CLIs the fidelity tests
// run beside the fake.
var pinnedVersions = []string{"2.1.37", "2.1.332"}

// startFakeEnv is startFake with the player's Env given.
func startFakeEnv(t *testing.T, version, id string, env fakecli.Env) *fake {
	t.Helper()
	f := startFakeWith(t, version, id, func(p *fakecli.Player) { p.Env = env })
	return f
}

// TestDurationPerTurn: a result's duration_ms times its turn, as the CLI
// times it, not the session: a session that began an hour before its
// first message reports turns that took less than that.
func TestDurationPerTurn(t *testing.T) {
	t.Parallel()
	for _, version := range pinnedVersions {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			f := startFakeEnv(t, version, "multi-turn", fakecli.Env{Cwd: t.TempDir(), Start: time.Now().Add(-time.Hour)})
			for turn := 1; turn <= 2; turn++ {
				f.send(userMsg)
				got := f.read("result")
				d, _ := got[len(got)-1]["duration_ms"].(float64)
				if d <= 0 || d >= float64(time.Hour.Milliseconds()) {
					t.Errorf("turn %d: duration_ms %v, want the turn's time (under an hour)", turn, d)
				}
			}
		})
	}
}

// TestInterruptWhileAskingPlaysNoOtherText: an interrupt while a
// permission question waits aborts the turn with the version's own abort
// lines; it writes no text of another scenario (interrupt-stalled-stream's
// "This is a long answer").
func TestInterruptWhileAskingPlaysNoOtherText(t *testing.T) {
	t.Parallel()
	for _, version := range pinnedVersions {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "permission-prompt-allow")
			_, tool := f.asked()
			f.send(interrupt)
			got := f.read("result")
			raw, _ := json.Marshal(got)
			if bytes.Contains(raw, []byte("long answer")) {
				t.Errorf("the interrupt played another scenario's text: %s", raw)
			}
			if r, _ := got[0]["response"].(map[string]any); got[0]["type"] != "control_response" || r["request_id"] != "host_int_1" {
				t.Errorf("first line after the interrupt: %v", got[0])
			}
			if sub := got[len(got)-1]["subtype"]; sub != "error_during_execution" {
				t.Errorf("result subtype %v, want error_during_execution", sub)
			}
			// 2.1.330 and later reject the pending call, as on SIGINT
			// (signal-sigint-permission-prompt); 2.1.37 writes nothing
			// there on SIGINT, and its abort is its interrupt's.
			if version != "2.1.37" && !bytes.Contains(raw, []byte(tool)) {
				t.Errorf("the abort does not reject the pending tool call %s: %s", tool, raw)
			}
		})
	}
}

// TestNoPlaceholderReachesStdout plays every recording of the pinned
// versions as its host did and checks that no placeholder of
// recording.Placeholders reaches the fake's stdout: each is bound to a
// value (<config> to the config folder, <mcp-bin> to the folder the host
// named).
func TestNoPlaceholderReachesStdout(t *testing.T) {
	t.Parallel()
	re := recording.PlaceholderPattern()
	for _, version := range pinnedVersions {
		files, err := filepath.Glob(filepath.Join(recordingsDir, version, "*"+scenario.RecordingExt))
		if err != nil || len(files) == 0 {
			t.Fatalf("no recordings of %s: %v", version, err)
		}
		for _, file := range files {
			name := version + "/" + strings.TrimSuffix(filepath.Base(file), scenario.RecordingExt)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				rec, err := recording.ReadRecording(file)
				if err != nil {
					t.Fatal(err)
				}
				session := t.TempDir()
				env := fakecli.Env{Cwd: filepath.Join(session, "work"), Home: filepath.Join(session, "home"), Session: session, PID: os.Getpid(), APIURL: "http://127.0.0.1:4111"}
				events, _ := playAsHost(t, rec, filepath.Dir(file), env)
				for _, ev := range events {
					if ev.Kind != recording.EventStdout {
						continue
					}
					if m := re.FindString(string(ev.Msg)); m != "" {
						t.Errorf("placeholder %s reached stdout: %s", m, abbrev(string(ev.Msg), 300))
					}
				}
			})
		}
	}
}

func abbrev(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// TestUserBeforeInitializeAnswered: a user message the host sends right
// after initialize, before it answered the fake's mcp_message requests
// (as the TS Agent SDK does), waits until they are answered: the fake
// still asks tools/list and answers initialize, then plays the turn.
// The writes are ordered (initialize, then the user message, then each
// answer after its request was read), so the run is the same every time.
func TestUserBeforeInitializeAnswered(t *testing.T) {
	t.Parallel()
	// 2.1.37 has no SDK MCP servers (the scenario's first version is 2.1.219).
	for _, version := range []string{"2.1.219", "2.1.330", "2.1.332"} {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			f := startFake(t, version, "sdk-mcp-tool-call")
			f.send(`{"type":"control_request","request_id":"init_1","request":{"subtype":"initialize","sdkMcpServers":["calc"]}}`)
			f.send(userMsg)
			var methods []string
			answered := false
			for range 20 {
				got := f.read("control_request")
				for _, m := range got {
					if m["type"] == "control_response" {
						if r, _ := m["response"].(map[string]any); r["request_id"] == "init_1" {
							answered = true
						}
					}
					if m["type"] == "system" || m["type"] == "assistant" {
						if !answered || !slices.Contains(methods, "tools/list") {
							t.Fatalf("the turn began (%v) before initialize was answered (%v) and tools/list asked (%v)", m["type"], answered, methods)
						}
					}
				}
				req := got[len(got)-1]
				method := mcpMethod(req)
				methods = append(methods, method)
				switch {
				case method == "tools/list":
					f.send(mcpAnswer(req, `{"tools":[{"name":"add","description":"Add two numbers","inputSchema":{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}},{"name":"divide","description":"Divide","inputSchema":{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}}]}`))
				case method == "tools/call add":
					f.send(mcpAnswer(req, `{"content":[{"type":"text","text":"5"}]}`))
				case method == "tools/call divide":
					f.send(mcpAnswer(req, `{"content":[{"type":"text","text":"division by zero"}],"isError":true}`))
					f.read("result")
					if !answered {
						t.Error("initialize was never answered")
					}
					return
				case method == "initialize":
					f.send(mcpAnswer(req, `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"calc","version":"1.0.0"}}`))
				default:
					f.send(mcpAnswer(req, `{}`))
				}
			}
			t.Fatalf("no end after requests %v", methods)
		})
	}
}

// runMain runs fakecli.Main on the module's recordings with stdin and
// returns its status, stdout and stderr.
func runMain(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	recs, err := filepath.Abs(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errOut bytes.Buffer
	args = append([]string{"--recordings", recs, "--output-format", "stream-json", "--input-format", "stream-json", "--verbose"}, args...)
	home := t.TempDir()
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	code := fakecli.Main(ctx, args, fakecli.Stdio{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}, fakecli.Config{Getenv: getenv, Dir: t.TempDir()})
	return code, out.String(), errOut.String()
}

// TestResumePlaysLaterProcess: --resume ID and --continue play the
// recorded session's later process (its turn 2: "You told me 42."), under
// the resumed session's ID; without them the first process plays.
func TestResumePlaysLaterProcess(t *testing.T) {
	t.Parallel()
	const id = "5d1c7a2e-8f4b-4c3a-9e6d-1a2b3c4d5e6f"
	for _, version := range pinnedVersions {
		for _, tc := range []struct {
			scenario string
			args     []string
			want     string
		}{
			{"flag-resume", []string{"--session-id", id, "--dangerously-skip-permissions"}, "The secret is 42."},
			{"flag-resume", []string{"--resume", id, "--dangerously-skip-permissions"}, "You told me 42."},
			{"flag-continue", []string{"--continue", "--dangerously-skip-permissions"}, "You told me 42."},
			{"flag-fork-session", []string{"--resume", id, "--fork-session", "--dangerously-skip-permissions"}, ""},
		} {
			t.Run(version+"/"+tc.scenario+strings.Join(tc.args[:1], ""), func(t *testing.T) {
				t.Parallel()
				args := append([]string{"--scenario", tc.scenario, "--cli-version", version}, tc.args...)
				code, out, errOut := runMain(t, userMsg+"\n", args...)
				if code != 0 {
					t.Fatalf("exit %d; stderr %s", code, errOut)
				}
				var texts []string
				for l := range strings.Lines(out) {
					var m struct {
						Type      string `json:"type"`
						SessionID string `json:"session_id"`
						Message   struct {
							Content []struct{ Text string } `json:"content"`
						} `json:"message"`
					}
					if err := json.Unmarshal([]byte(l), &m); err != nil {
						t.Fatalf("stdout line %q: %v", l, err)
					}
					if m.Type == "assistant" && len(m.Message.Content) > 0 {
						texts = append(texts, m.Message.Content[0].Text)
					}
					if m.Type == "result" && tc.args[0] == "--resume" && !slices.Contains(tc.args, "--fork-session") && m.SessionID != id {
						t.Errorf("result of session %s, want the resumed %s", m.SessionID, id)
					}
				}
				if len(texts) != 1 || (tc.want != "" && texts[0] != tc.want) {
					t.Errorf("assistant texts %q, want [%q]", texts, tc.want)
				}
			})
		}
	}
}

// TestDivergentRequest: a host that asks for what changes the protocol
// where the recording's CLI was not asked for it (or the other way round)
// gets no play of the recording: the fake exits 1 before writing a line,
// naming the difference and, where one exists, the recording that has
// what the host asks. The same command lines as the recording's play.
func TestDivergentRequest(t *testing.T) {
	t.Parallel()
	const otherMCP = `{"mcpServers":{"other":{"command":"/bin/true"}}}`
	for _, version := range pinnedVersions {
		for _, tc := range []struct {
			name, scenario, stdin string
			args                  []string
			want                  []string // in stderr; none: the fake plays
		}{
			{"can_use_tool-unasked", "permission-prompt-allow", userMsg, []string{"--permission-mode", "default"}, []string{"--permission-prompt-tool stdio", "host passed none"}},
			{"can_use_tool-asked", "permission-prompt-allow", userMsg, []string{"--permission-prompt-tool", "stdio", "--permission-mode", "default"}, nil},
			{"prompt-tool-no-tool", "text-simple", userMsg, []string{"--permission-prompt-tool", "stdio"}, nil},
			{"prompt-tool-tool-run", "bash-single", userMsg, []string{"--permission-prompt-tool", "stdio"}, []string{"host passed --permission-prompt-tool stdio", "permission-prompt-allow"}},
			{"schema-unasked", "flag-json-schema", userMsg, []string{"--dangerously-skip-permissions"}, []string{"--json-schema"}},
			{"schema-extra", "text-simple", userMsg, []string{"--json-schema", `{"type":"object"}`}, []string{"host passed --json-schema", "flag-json-schema"}},
			{"partial-extra", "text-simple", userMsg, []string{"--include-partial-messages"}, nil},
			{"partial-unasked", "partial-messages-order", userMsg, []string{"--dangerously-skip-permissions"}, []string{"recorded CLI was started with --include-partial-messages"}},
			{"replay-unasked", "replay-user-messages", userMsg, []string{"--dangerously-skip-permissions"}, []string{"--replay-user-messages"}},
			{"resume-unrecorded", "text-simple", userMsg, []string{"--resume", "5d1c7a2e-8f4b-4c3a-9e6d-1a2b3c4d5e6f"}, []string{"--resume or --continue", "flag-resume"}},
			{"fork-unasked", "flag-fork-session", userMsg, []string{"--resume", "5d1c7a2e-8f4b-4c3a-9e6d-1a2b3c4d5e6f", "--dangerously-skip-permissions"}, []string{"--fork-session"}},
			{"agents-unasked", "flag-agents", userMsg, []string{"--dangerously-skip-permissions"}, []string{"--agents naming reviewer"}},
			{"mcp-unnamed", "mcp-stdio-tool-call", userMsg, []string{"--dangerously-skip-permissions"}, []string{"--mcp-config naming"}},
			{"mcp-other-server", "text-simple", userMsg, []string{"--mcp-config", otherMCP}, []string{"--mcp-config naming other"}},
			{"sdk-server-unnamed", "sdk-mcp-tool-call", `{"type":"control_request","request_id":"i1","request":{"subtype":"initialize"}}`, []string{"--dangerously-skip-permissions"}, []string{"sdkMcpServers none", "recorded one has sdkMcpServers calc"}},
			{"hooks-unregistered", "hook-pretooluse-block", `{"type":"control_request","request_id":"i1","request":{"subtype":"initialize"}}`, []string{"--dangerously-skip-permissions"}, []string{"hooks none", "recorded one has hooks PreToolUse"}},
			{"hooks-extra", "initialize-handshake", `{"type":"control_request","request_id":"i1","request":{"subtype":"initialize","hooks":{"Stop":[{"hookCallbackIds":["h"]}]}}}`, nil, []string{"hooks Stop"}},
			{"schema-init-unasked", "structured-output-initialize", `{"type":"control_request","request_id":"i1","request":{"subtype":"initialize"}}`, nil, []string{"jsonSchema none"}},
		} {
			if _, err := os.Stat(filepath.Join(recordingsDir, version, tc.scenario+scenario.RecordingExt)); err != nil {
				continue // sdk-mcp-tool-call begins at 2.1.219
			}
			t.Run(version+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				args := append([]string{"--scenario", tc.scenario, "--cli-version", version}, tc.args...)
				code, out, errOut := runMain(t, tc.stdin+"\n", args...)
				if tc.want == nil {
					if code != 0 || strings.Contains(errOut, "fakecli:") {
						t.Errorf("exit %d, stderr %s; want the recording played", code, errOut)
					}
					return
				}
				if code != 1 {
					t.Errorf("exit %d, want 1", code)
				}
				for _, w := range tc.want {
					if !strings.Contains(errOut, w) {
						t.Errorf("stderr %q does not say %q", errOut, w)
					}
				}
				if strings.Contains(out, `"type":"assistant"`) || strings.Contains(out, `"type":"result"`) {
					t.Errorf("played the recording: %s", abbrev(out, 300))
				}
			})
		}
	}
}
