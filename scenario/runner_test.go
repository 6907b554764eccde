package scenario_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// fakeCLI is a shell script that talks stream-json like a tiny Claude Code
// 2.1.37 without calling any API: its init names its config folder and
// flags after the stream-json ones; it answers every prompt with "Hello!",
// asks for permission when the prompt says "ask", hangs when it says
// "hang" (it waits for more input and writes nothing), answers after
// running "sleep $FAKE_NAP" when it says "nap", copies in.txt to out.txt,
// runs an argument that names an executable mcp-test-server with the
// argument x and reports its output in system/init's "mcp", and exits with
// $FAKE_EXIT. On SIGINT it writes an error_during_execution result and
// exits with status 0, on SIGTERM it writes $FAKE_TERM_STDERR on stderr and
// exits with 143; after a prompt saying "deaf" it ignores both.
const fakeCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "2.1.37 (Claude Code)"; exit 0; fi
mcp=
for a; do case "$a" in */mcp-test-server) mcp=$("$a" x);; esac; done
shift 6 # the stream-json flags
sid=$(printf '%08x-1111-4222-8333-444444444444' $$)
trap 'printf "{\"type\":\"result\",\"subtype\":\"error_during_execution\",\"is_error\":true,\"session_id\":\"%s\"}\n" "$sid"; exit 0' INT
trap 'printf "%s" "$FAKE_TERM_STDERR" >&2; exit 143' TERM
[ -f in.txt ] && cp in.txt out.txt
n=0
while IFS= read -r line; do
  n=$((n+1))
  [ $n = 1 ] && printf '{"type":"system","subtype":"init","cwd":"%s","session_id":"%s","tmp":"%s","api_key":"%s","oauth_token":"%s","config":"%s","args":"%s","mcp":"%s"}\n' "$PWD" "$sid" "$TMPDIR" "${ANTHROPIC_API_KEY:+set}" "$CLAUDE_CODE_OAUTH_TOKEN" "$CLAUDE_CONFIG_DIR" "$*" "$mcp"
  case "$line" in
  *'"type":"control_request"'*)
    printf '{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"mode":"default"}}}\n';;
  *control_response*)
    printf '{"type":"result","subtype":"success","is_error":false,"result":"allowed","session_id":"%s","echo":%s}\n' "$sid" "$line";;
  *ask*)
    printf '{"type":"control_request","request_id":"req-%s-%s","request":{"subtype":"can_use_tool","tool_name":"Bash"}}\n' "$$" "$n";;
  *hang*) ;;
  *deaf*)
    trap '' INT TERM
    printf '{"type":"result","subtype":"success","is_error":false,"result":"deaf","session_id":"%s"}\n' "$sid";;
  *nap*)
    sleep "${FAKE_NAP:-1}"
    printf '{"type":"result","subtype":"success","is_error":false,"result":"rested","session_id":"%s"}\n' "$sid";;
  *garbage*)
    printf 'this is not JSON %s\n' "$PWD"
    printf '{"type":"result","subtype":"success","is_error":false,"result":"after garbage"}\n';;
  *)
    printf '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello!"}]},"session_id":"%s","pid":"%s"}\n' "$sid" "$$"
    printf '{"type":"result","subtype":"success","is_error":false,"duration_ms":%s,"result":"Hello!","session_id":"%s"}\n' "$n$$" "$sid";;
  esac
done
exit ${FAKE_EXIT:-0}
`

func fakeBinary(t testing.TB) cliinstall.Binary {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(path, []byte(fakeCLI), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := cliinstall.Install(t.Context(), "", cliinstall.WithBinaryPath(path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// recordingText returns the recording of a run as written.
func recordingText(t *testing.T, res scenario.Result) string {
	t.Helper()
	if res.Recording == nil {
		t.Fatal("the run has no recording")
	}
	data, err := res.Recording.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func mustParse(t *testing.T, name, text string) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Parse(name+".txtar", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func header(id, extra string) string {
	return `-- scenario.json --
{"id": "` + id + `", "category": "test", "title": {"en": "Test", "ja": "テスト"}` + extra + `}
-- stub.json --
{"turns": [{"text": "Hello!"}]}
`
}

const helloTurn = `-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"system","subtype":"init"}
{"type":"assistant","message":{"content":[{"type":"text","text":"Hello!"}]}}
{"type":"result","subtype":"success","result":"Hello!"}
`

const unused = `-- want.json --
{"unused_turns": 1}
`

func TestRunPassAndRecord(t *testing.T) {
	t.Parallel()
	r := &scenario.Runner{Binary: fakeBinary(t)}
	sc := mustParse(t, "hello", header("hello", "")+helloTurn+unused+`-- files/in.txt --
copied
-- want/files/out.txt --
copied
`)
	first := r.Run(t.Context(), sc)
	if first.Status != scenario.Passed {
		t.Fatalf("status %s: %v", first.Status, first.Err)
	}
	second := r.Run(t.Context(), sc)
	if second.Status != scenario.Passed {
		t.Fatalf("second run: status %s: %v", second.Status, second.Err)
	}
	rec := recordingText(t, first)
	if second := recordingText(t, second); rec != second {
		t.Errorf("two runs differ:\n%s\n----\n%s", rec, second)
	}
	for _, want := range []string{
		"-- run.json --", "-- events.jsonl --", "-- side.json --",
		`{"turn":1,"dir":"stdin","msg":{"type":"user","message":{"role":"user","content":"hi"}}}`,
		`"cwd":"<cwd>","session_id":"<uuid:1>","tmp":"<session>/tmp"`,
		`{"turn":1,"dir":"stdout","expect":1,"msg":{"type":"system","subtype":"init",`,
		`{"turn":1,"dir":"stdout","expect":2,"msg":{"type":"assistant",`,
		`{"turn":1,"dir":"stdout","expect":3,"msg":{"type":"result",`,
		`"pid":"<pid>"`, `"duration_ms":"<duration>"`, `"unused_turns": 1`, `"exit_code": 0`,
	} {
		if !strings.Contains(rec, want) {
			t.Errorf("recording lacks %s:\n%s", want, rec)
		}
	}
	if strings.Contains(rec, os.TempDir()+"/ccwire") {
		t.Errorf("recording keeps a temporary path:\n%s", rec)
	}
}

// TestRunMCPTestServer checks that the placeholder in a scenario's args
// becomes an executable running the runner's MCPTestServer command with its
// own arguments after the command's (quotes and all), that the recording
// keeps the placeholder, and that a runner without the command refuses the
// scenario.
func TestRunMCPTestServer(t *testing.T) {
	t.Parallel()
	bin := fakeBinary(t)
	sc := mustParse(t, "mcp", header("mcp", `, "args": ["--mcp-config", "<mcp-test-server>"]`)+helloTurn+unused)

	res := (&scenario.Runner{Binary: bin, MCPTestServer: []string{"printf", "%s|%s", "it's"}}).Run(t.Context(), sc)
	if res.Status != scenario.Passed {
		t.Fatalf("status %s: %v", res.Status, res.Err)
	}
	rec := recordingText(t, res)
	for _, want := range []string{`"mcp":"it's|x"`, `"<mcp-test-server>"`} {
		if !strings.Contains(rec, want) {
			t.Errorf("recording lacks %s:\n%s", want, rec)
		}
	}
	if strings.Contains(rec, os.TempDir()+"/ccwire") {
		t.Errorf("recording keeps a temporary path:\n%s", rec)
	}

	res = (&scenario.Runner{Binary: bin}).Run(t.Context(), sc)
	if res.Status != scenario.Failed || !errors.Is(res.Err, scenario.ErrNoMCPTestServer) {
		t.Errorf("without MCPTestServer: status %s, error %v; want a failure with ErrNoMCPTestServer", res.Status, res.Err)
	}

	// In stdin.jsonl, the JSON string "<mcp-test-server>" stands for the
	// script; the recording shows it in the folder <mcp-bin>.
	sc = mustParse(t, "mcp-stdin", header("mcp-stdin", "")+`-- turns/1/stdin.jsonl --
{"type":"control_response","response":{"command":"<mcp-test-server>"}}
-- turns/1/expect.jsonl --
{"type":"result","result":"allowed","echo":{"response":{"command":{"$regexp":"/mcp-test-server$"}}}}
`+unused)
	res = (&scenario.Runner{Binary: bin, MCPTestServer: []string{"true"}}).Run(t.Context(), sc)
	if res.Status != scenario.Passed {
		t.Fatalf("stdin: status %s: %v", res.Status, res.Err)
	}
	if rec := recordingText(t, res); strings.Count(rec, `"command":"<mcp-bin>/mcp-test-server"`) != 2 {
		t.Errorf("stdin: the recording does not show the script as <mcp-bin>/mcp-test-server in stdin and stdout:\n%s", rec)
	}
	res = (&scenario.Runner{Binary: bin}).Run(t.Context(), sc)
	if !errors.Is(res.Err, scenario.ErrNoMCPTestServer) {
		t.Errorf("stdin without MCPTestServer: %v, want ErrNoMCPTestServer", res.Err)
	}
}

// TestRunRestart runs a scenario whose second turn is a new CLI process
// with flags of its own, in the first one's config folder.
func TestRunRestart(t *testing.T) {
	t.Parallel()
	r := &scenario.Runner{Binary: fakeBinary(t)}
	const again = `-- turns/2/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi again"}}
-- turns/2/expect.jsonl --
{"type":"system","subtype":"init","args":{"$regexp":"^--resume [0-9a-f]{8}-1111-"}}
{"type":"result","subtype":"success","result":"Hello!"}
`
	restart := `, "args": ["--first"], "restart": {"turn": 2, "args": ["--resume", "<session_id>"]}`
	res := r.Run(t.Context(), mustParse(t, "restart", header("restart", restart)+helloTurn+again+unused))
	if res.Status != scenario.Passed {
		t.Fatalf("status %s: %v", res.Status, res.Err)
	}
	rec := recordingText(t, res)
	for _, want := range []string{
		`{"turn":1,"dir":"stdout","expect":1,"msg":{"type":"system","subtype":"init","cwd":"<cwd>","session_id":"<uuid:1>","tmp":"<session>/tmp","api_key":"set","oauth_token":"","config":"<config>","args":"--first","mcp":""}}`,
		`{"turn":2,"dir":"stdout","expect":1,"msg":{"type":"system","subtype":"init","cwd":"<cwd>","session_id":"<uuid:2>","tmp":"<session>/tmp","api_key":"set","oauth_token":"","config":"<config>","args":"--resume <uuid:1>","mcp":""}}`,
		`"session_id":"<uuid:2>","pid":"<pid>"`,
		"\"restart\": {\n    \"turn\": 2,\n    \"args\": [\n      \"--resume\",\n      \"<session_id>\"\n    ]\n  }",
	} {
		if !strings.Contains(rec, want) {
			t.Errorf("recording lacks %s:\n%s", want, rec)
		}
	}
	back, err := recording.ParseRecording([]byte(rec))
	if err != nil {
		t.Fatalf("parse the recording: %v", err)
	}
	if back.Restart == nil || back.Restart.Turn != 2 || strings.Join(back.Restart.Args, " ") != "--resume <session_id>" {
		t.Errorf("parsed restart %+v", back.Restart)
	}

	// A first process that fails stops the run before the restart.
	failing := `, "env": {"FAKE_EXIT": "3"}, "restart": {"turn": 2, "args": []}`
	res = r.Run(t.Context(), mustParse(t, "restart", header("restart", failing)+helloTurn+again+unused))
	if res.Status != scenario.Failed || !strings.Contains(res.Err.Error(), "exited with status 3 before the restart at turn 2") {
		t.Errorf("status %s: %v, want a failure before the restart", res.Status, res.Err)
	}
}

func TestRunAuth(t *testing.T) {
	t.Parallel()
	r := &scenario.Runner{Binary: fakeBinary(t)}
	tests := []struct {
		auth, init string
	}{
		{"", `"api_key":"set","oauth_token":""`},
		{`, "auth": "oauth"`, `"api_key":"","oauth_token":"` + scenario.DummyOAuthToken + `"`},
	}
	for _, tc := range tests {
		res := r.Run(t.Context(), mustParse(t, "auth", header("auth", tc.auth)+helloTurn+unused))
		if res.Status != scenario.Passed {
			t.Fatalf("auth %q: status %s: %v", tc.auth, res.Status, res.Err)
		}
		if rec := recordingText(t, res); !strings.Contains(rec, tc.init) {
			t.Errorf("auth %q: the CLI did not see %s:\n%s", tc.auth, tc.init, rec)
		}
	}
}

func TestRunControlRequest(t *testing.T) {
	t.Parallel()
	r := &scenario.Runner{Binary: fakeBinary(t)}
	sc := mustParse(t, "ask", header("ask", "")+unused+`-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"ask first"}}
-- turns/1/expect.jsonl --
{"type":"control_request","request":{"subtype":"can_use_tool"}}
-- turns/2/stdin.jsonl --
{"type":"control_response","response":{"subtype":"success","request_id":"<request_id>","response":{"behavior":"allow"}},"session":"<session_id>"}
-- turns/2/expect.jsonl --
{"type":"result","result":"allowed","echo":{"response":{"request_id":{"$regexp":"^req-[0-9]+-1$"}}}}
`)
	res := r.Run(t.Context(), sc)
	if res.Status != scenario.Passed {
		t.Fatalf("status %s: %v", res.Status, res.Err)
	}
	rec := recordingText(t, res)
	for _, want := range []string{
		`{"turn":1,"dir":"stdout","expect":1,"msg":{"type":"control_request","request_id":"<request_id:1>"`,
		`{"turn":2,"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"<request_id:1>","response":{"behavior":"allow"}},"session":"<uuid:1>"}}`,
	} {
		if !strings.Contains(rec, want) {
			t.Errorf("recording lacks %s:\n%s", want, rec)
		}
	}
}

// TestRunSignal checks that a turn's signal section sends the signal to
// the CLI after the turn's stdin lines, that the recording has it as a
// signal event followed by what the CLI wrote on it, that the run waits
// for the CLI to exit on it with its stdin open, and want.json's exit
// status and stderr checks; and that a CLI that does not exit on the
// signal fails the run.
func TestRunSignal(t *testing.T) {
	t.Parallel()
	bin := fakeBinary(t)
	r := &scenario.Runner{Binary: bin}
	sigint := mustParse(t, "sigint", header("sigint", "")+helloTurn+`-- turns/2/signal --
SIGINT
-- turns/2/expect.jsonl --
{"type":"result","subtype":"error_during_execution"}
-- want.json --
{"unused_turns": 1, "stderr": ""}
`)
	res := r.Run(t.Context(), sigint)
	if res.Status != scenario.Passed {
		t.Fatalf("SIGINT: status %s: %v", res.Status, res.Err)
	}
	rec := recordingText(t, res)
	want := `{"turn":1,"dir":"stdout","expect":3,"msg":{"type":"result","subtype":"success","is_error":false,"duration_ms":"<duration>","result":"Hello!","session_id":"<uuid:1>"}}
{"turn":2,"dir":"signal","signal":"SIGINT"}
{"turn":2,"dir":"stdout","expect":1,"msg":{"type":"result","subtype":"error_during_execution","is_error":true,"session_id":"<uuid:1>"}}
`
	if !strings.Contains(rec, want) {
		t.Errorf("recording lacks\n%s\n%s", want, rec)
	}
	parsed, err := recording.ParseRecording([]byte(rec))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := parsed.Marshal(); err != nil || string(out) != rec {
		t.Errorf("the recording does not round-trip: %v", err)
	}

	for _, tc := range []struct {
		name, file string
		pass       bool
		want       []string
	}{
		{"sigterm", header("sigterm", "") + helloTurn + "-- turns/2/signal --\nSIGTERM\n-- want.json --\n{\"unused_turns\": 1, \"exit_code\": 143, \"stderr\": \"\"}\n", true, nil},
		{"sigterm-stderr", header("sigterm-stderr", `, "env": {"FAKE_TERM_STDERR": "bye"}`) + helloTurn + "-- turns/2/signal --\nSIGTERM\n-- want.json --\n{\"unused_turns\": 1, \"exit_code\": 143, \"stderr\": \"\"}\n", false,
			[]string{"the CLI wrote on its stderr:", `got  "bye"`, `want ""`}},
		{"deaf", header("deaf", `, "timeout": "3s"`) + unused + `-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"deaf"}}
-- turns/1/expect.jsonl --
{"type":"result","result":"deaf"}
-- turns/2/signal --
SIGINT
`, false, []string{"the CLI did not exit within", "of SIGINT with its stdin open"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := r.Run(t.Context(), mustParse(t, tc.name, tc.file))
			if (res.Status == scenario.Passed) != tc.pass {
				t.Fatalf("status %s (%v), want pass %v", res.Status, res.Err, tc.pass)
			}
			for _, w := range tc.want {
				if res.Err == nil || !strings.Contains(res.Err.Error(), w) {
					t.Errorf("error lacks %q: %v", w, res.Err)
				}
			}
			if rec := recordingText(t, res); !strings.Contains(rec, `"dir":"signal","signal":"SIG`) {
				t.Errorf("recording has no signal:\n%s", rec)
			}
		})
	}
}

func TestRunBadStdoutLine(t *testing.T) {
	t.Parallel()
	r := &scenario.Runner{Binary: fakeBinary(t)}
	sc := mustParse(t, "garbage", header("garbage", "")+unused+`-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"garbage"}}
-- turns/1/expect.jsonl --
{"type":"result","result":"after garbage"}
`)
	res := r.Run(t.Context(), sc)
	if res.Status != scenario.Passed {
		t.Fatalf("status %s: %v", res.Status, res.Err)
	}
	want := `{"turn":1,"dir":"stdout","text":"this is not JSON <cwd>","error":`
	if rec := recordingText(t, res); !strings.Contains(rec, want) {
		t.Errorf("recording lacks %s:\n%s", want, rec)
	}
}

func TestRunFailures(t *testing.T) {
	t.Parallel()
	bin := fakeBinary(t)
	tests := []struct {
		name string
		file string
		want []string
	}{
		{
			name: "wrong text",
			file: header("wrong-text", "") + unused + `-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"system","subtype":"init"}
{"type":"assistant","message":{"content":[{"type":"text","text":"Bye!"}]}}
{"type":"result"}
`,
			want: []string{"scenario wrong-text, Claude Code 2.1.37:", "turn 1: expected messages not seen", "the turn ended (result message)",
				"pattern at wrong-text.txtar:11", `"Bye!"`, `"Hello!"`, "messages read in this turn:", "2. assistant(text)"},
		},
		{
			name: "exit status and unused turns",
			file: header("exit-status", `, "env": {"FAKE_EXIT": "3"}`) + helloTurn,
			want: []string{"exited with status 3, want 0", "1 turn(s) of the stub script left unused, want 0"},
		},
		{
			name: "files and requests",
			file: header("files", "") + helloTurn + unused + `-- files/in.txt --
one
-- want/files/out.txt --
two
-- want/files/missing.txt --
x
-- want/requests.jsonl --
{"turn": 0}
-- want/tool_results.jsonl --
{"is_error": false}
`,
			want: []string{"file out.txt after the run:", `got  "one\n"`, `want "two\n"`, "file missing.txt after the run", "want/requests.jsonl", "want/tool_results.jsonl"},
		},
		{
			name: "main requests",
			file: header("main-requests", "") + helloTurn + "-- want.json --\n{\"unused_turns\": 1, \"main_requests\": 1}\n",
			want: []string{"made 0 main-loop request(s), want 1"},
		},
		{
			name: "unexpected control request",
			file: header("unexpected-control", "") + unused + `-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"ask"}}
-- turns/1/expect.jsonl --
{"type":"result"}
`,
			want: []string{"control request the turn does not expect", "2. control_request(can_use_tool:Bash)"},
		},
		{
			// The answer to a control request comes once: one that does
			// not match fails the turn at once, with no wait for the CLI
			// to go quiet (a CLI that runs an MCP server never does).
			name: "control answer drifted",
			file: header("control-answer", `, "timeout": "20s"`) + unused + `-- turns/1/stdin.jsonl --
{"type":"control_request","request_id":"r1","request":{"subtype":"set_permission_mode","mode":"plan"}}
-- turns/1/expect.jsonl --
{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"mode":"plan"}}}
`,
			want: []string{`turn 1: expected messages not seen: the CLI answered control request "r1", and not as the pattern at control-answer.txtar:10 expects`, `response.response.mode: want "plan" got "default"`},
		},
		{
			name: "timeout",
			file: header("hangs", `, "timeout": "2s"`) + unused + `-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hang"}}
-- turns/1/expect.jsonl --
{"type":"result"}
`,
			want: []string{"within the scenario's timeout (2s)"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc := mustParse(t, strings.TrimSuffix(strings.Split(strings.Split(tc.file, `"id": "`)[1], `"`)[0], ""), tc.file)
			res := (&scenario.Runner{Binary: bin}).Run(t.Context(), sc)
			if res.Status != scenario.Failed {
				t.Fatalf("status %s, want fail", res.Status)
			}
			var f *scenario.Failure
			if !errors.As(res.Err, &f) || f.Scenario != sc.ID || f.Version != "2.1.37" {
				t.Errorf("error %T %+v is not a *Failure naming the scenario and version", res.Err, f)
			}
			for _, w := range tc.want {
				if !strings.Contains(res.Err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, res.Err)
				}
			}
			if res.Recording == nil {
				t.Error("a failed run has no recording")
			}
		})
	}
}

// TestRunQuiet checks that a turn fails soon after the CLI goes quiet with
// the turn's patterns unmet, long before the scenario's timeout, and that
// a command the CLI runs keeps it from counting as quiet.
func TestRunQuiet(t *testing.T) {
	t.Parallel()
	bin := fakeBinary(t)
	const timeout = 2 * time.Minute
	hang := header("quiet", `, "timeout": "2m"`) + unused + helloTurn + `-- turns/2/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hang"}}
-- turns/2/expect.jsonl --
{"type":"assistant","message":{"content":[{"type":"text","text":"Bye!"}]}}
{"type":"result"}
`
	t.Run("drifted answer", func(t *testing.T) {
		t.Parallel()
		// The CLI takes the second prompt and waits for more input,
		// writing nothing: the turn fails when it has been quiet for
		// DefaultQuiet.
		start := time.Now()
		res := (&scenario.Runner{Binary: bin}).Run(t.Context(), mustParse(t, "quiet", hang))
		took := time.Since(start)
		t.Logf("failed after %s (quiet period %s, scenario timeout %s)", took.Round(time.Millisecond), scenario.DefaultQuiet, timeout)
		if res.Status != scenario.Failed || !errors.Is(res.Err, scenario.ErrQuiet) {
			t.Fatalf("status %s, error %v; want a failure wrapping ErrQuiet", res.Status, res.Err)
		}
		for _, w := range []string{"turn 2: expected messages not seen before the CLI went quiet", "pattern at quiet.txtar:16", `"Bye!"`, "messages read in this turn:"} {
			if !strings.Contains(res.Err.Error(), w) {
				t.Errorf("error lacks %q:\n%v", w, res.Err)
			}
		}
		if took > timeout/4 {
			t.Errorf("the run took %s, not much less than the scenario's timeout %s", took, timeout)
		}
	})
	t.Run("command running", func(t *testing.T) {
		t.Parallel()
		// The CLI runs "sleep 2" before it answers, well past a quiet
		// period of 300ms: the sleep keeps the turn waiting.
		sc := mustParse(t, "nap", header("nap", `, "env": {"FAKE_NAP": "2"}`)+unused+`-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"nap"}}
-- turns/1/expect.jsonl --
{"type":"system","subtype":"init"}
{"type":"result","result":"rested"}
`)
		res := (&scenario.Runner{Binary: bin, Quiet: 300 * time.Millisecond}).Run(t.Context(), sc)
		if res.Status != scenario.Passed {
			t.Fatalf("status %s: %v", res.Status, res.Err)
		}
	})
	t.Run("check off", func(t *testing.T) {
		t.Parallel()
		res := (&scenario.Runner{Binary: bin, Quiet: -1}).Run(t.Context(), mustParse(t, "quiet", strings.Replace(hang, `"2m"`, `"4s"`, 1)))
		if res.Status != scenario.Failed || errors.Is(res.Err, scenario.ErrQuiet) || !strings.Contains(res.Err.Error(), "within the scenario's timeout (4s)") {
			t.Fatalf("status %s, error %v; want the scenario's timeout", res.Status, res.Err)
		}
	})
}

func TestRunAll(t *testing.T) {
	t.Parallel()
	bin := fakeBinary(t)
	scs := []*scenario.Scenario{
		mustParse(t, "one", header("one", "")+helloTurn+unused),
		mustParse(t, "two", header("two", `, "cli": ">=3.0.0", "not_applicable": {"en": "needs 3.0", "ja": "3.0が必要"}`)+helloTurn+unused),
		mustParse(t, "three", header("three", `, "env": {"FAKE_EXIT": "1"}`)+helloTurn+unused),
	}
	runners := []*scenario.Runner{{Binary: bin}, {Binary: bin}}
	var mu sync.Mutex
	var progress []string
	results := scenario.RunAll(context.Background(), scs, runners, scenario.Options{
		Parallel: 2,
		Progress: func(r scenario.Result) {
			mu.Lock()
			defer mu.Unlock()
			progress = append(progress, r.Scenario.ID)
		},
	})
	var got []string
	for _, r := range results {
		got = append(got, r.Scenario.ID+":"+string(r.Status))
	}
	want := "one:pass one:pass two:skip two:skip three:fail three:fail"
	if strings.Join(got, " ") != want {
		t.Errorf("results %v, want %s", got, want)
	}
	if len(progress) != 6 {
		t.Errorf("progress called %d times, want 6", len(progress))
	}
	if results[2].Reason.En != "for Claude Code >=3.0.0, and 2.1.37 is older: needs 3.0" || results[2].Recording != nil {
		t.Errorf("skipped result = %+v", results[2])
	}

	dir := t.TempDir()
	for _, r := range results {
		if err := scenario.WriteRecording(t.Context(), dir, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(scenario.RecordingPath(dir, "2.1.37", "one")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(scenario.RecordingPath(dir, "2.1.37", "two")); !os.IsNotExist(err) {
		t.Errorf("a skipped run was recorded: %v", err)
	}
}
