package claude_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/protocol"
)

// fakeCLIEnv makes the test binary act as a fake Claude Code CLI when set
// (to any value) in its environment: a stand-in speaking the stream-json
// and control protocols, for client tests that need neither node nor an
// API. It reacts to words in the prompt; see fakeCLIProc.turn.
const fakeCLIEnv = "CCWIRE_TEST_FAKE_CLI"

// fakeCLIDeaf, as the value of fakeCLIEnv, makes the fake deaf: it never
// answers the initialize request and ignores its stdin closing, as a hung
// CLI would.
const fakeCLIDeaf = "deaf"

// recordedCLIEnv makes the test binary act as package fakecli's fake
// Claude Code CLI when set (to any value) in its environment: it plays a
// recording as the CLI version that made it, chosen by the CCWIRE_FAKE_*
// variables (see fakecli.Main). The Examples run it (exampleOptions).
const recordedCLIEnv = "CCWIRE_TEST_RECORDED_CLI"

// runRecordedCLI runs the recorded CLI when the environment asks for it,
// and exits with its status.
func runRecordedCLI() {
	if os.Getenv(recordedCLIEnv) == "" {
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := fakecli.Main(ctx, os.Args[1:], fakecli.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, fakecli.Config{})
	stop()
	os.Exit(code)
}

// fakeCLIBinary returns the test binary as a fake CLI and the environment
// entry that switches it on.
func fakeCLIBinary(t testing.TB) (cliinstall.Binary, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return cliinstall.Binary{Version: "0.0.1", Path: exe}, fakeCLIEnv + "=1"
}

// fakeOptions returns client options that run the fake CLI. Its control
// timeout is the test's own bound, patience(t): on a loaded machine the
// fake (a -race test binary) can take many seconds to start and answer
// initialize, and only a hang should fail; tests of that timeout set their
// own, against a fake that never answers (fakeCLIDeaf, set_max_thinking_tokens
// 999). The close grace stays short: an idle fake exits when its stdin
// closes, one stuck in a turn (waiting for a callback, "hang") does not and
// is killed when it ends; Close succeeds either way (it reports only
// failures to clean up), so no verdict depends on which comes first.
func fakeOptions(t testing.TB) claude.Options {
	bin, env := fakeCLIBinary(t)
	return claude.Options{
		Binary:         bin,
		BaseURL:        "http://127.0.0.1:9",
		Isolation:      &claude.Isolation{},
		Env:            []string{env},
		CloseTimeout:   2 * time.Second,
		ControlTimeout: patience(t),
	}
}

// fakeCLIFail, as the value of fakeCLIEnv, makes the fake fail at once,
// as a CLI refusing its flags does: a line on stderr and status 1.
const fakeCLIFail = "fail"

// fakeCLIRecording, as the value of fakeCLIEnv, makes the test binary
// play a recording with package fakecli instead (see recordingOptions).
const fakeCLIRecording = "recording"

// recordingOptions returns client options that run the test binary as
// fakecli playing scenario of the recordings of version.
func recordingOptions(t testing.TB, version, scenario string) claude.Options {
	opts := fakeOptions(t)
	recs, err := filepath.Abs("../recordings")
	if err != nil {
		t.Fatal(err)
	}
	opts.Binary.Version = version
	opts.Env = []string{fakeCLIEnv + "=" + fakeCLIRecording, fakecli.EnvScenario + "=" + scenario,
		fakecli.EnvCLIVersion + "=" + version, fakecli.EnvRecordings + "=" + recs}
	return opts
}

// runFakeCLI runs the fake CLI when the environment asks for it, and
// reports whether it did (the process then exits).
func runFakeCLI() bool {
	switch os.Getenv(fakeCLIEnv) {
	case "":
		return false
	case fakeCLIFail:
		fmt.Fprintln(os.Stderr, "fake: unknown option --bogus")
		os.Exit(1)
	case fakeCLIRecording:
		os.Exit(fakecli.Main(context.Background(), os.Args[1:], fakecli.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, fakecli.Config{}))
	case fakeCLIDeaf:
		// Reads nothing, answers nothing, and outlives its stdin.
		time.Sleep(time.Hour)
		os.Exit(0)
	}
	f := &fakeCLIProc{
		out:       bufio.NewWriter(os.Stdout),
		turns:     make(chan *protocol.UserMessage, 16),
		responses: make(chan *protocol.ControlResponse, 16),
		interrupt: make(chan string, 1),
		session:   "11111111-2222-4333-8444-555555555555",
		released:  make(chan struct{}),
	}
	f.release = sync.OnceFunc(func() { close(f.released) })
	go f.readStdin()
	for u := range f.turns {
		if code := f.turn(u); code != 0 {
			f.flush()
			os.Exit(code)
		}
	}
	f.flush()
	os.Exit(0)
	return true
}

// fakeCLIProc is the fake's state.
type fakeCLIProc struct {
	outMu sync.Mutex
	out   *bufio.Writer

	turns     chan *protocol.UserMessage
	responses chan *protocol.ControlResponse
	interrupt chan string // request ID of an interrupt
	session   string
	asked     int
	mode      string
	hooksMu   sync.Mutex
	hooks     map[string][]fakeHookMatcher // the initialize request's hooks
	stalling  atomic.Bool                  // a turn waits for an interrupt
	released  chan struct{}                // closed by release
	release   func()                       // ends the "held" turn
}

// fakeHookMatcher is a matcher of the initialize request's hooks.
type fakeHookMatcher struct {
	Matcher         string   `json:"matcher"`
	HookCallbackIDs []string `json:"hookCallbackIds"`
	Timeout         int      `json:"timeout"`
}

func (f *fakeCLIProc) flush() {
	f.outMu.Lock()
	f.out.Flush()
	f.outMu.Unlock()
}

// emit writes one line built from v (a string of JSON or a value to
// encode).
func (f *fakeCLIProc) emit(v any) {
	var line []byte
	switch v := v.(type) {
	case string:
		line = []byte(v)
	case protocol.Message:
		line, _ = protocol.Marshal(v)
	default:
		line, _ = json.Marshal(v)
	}
	f.outMu.Lock()
	f.out.Write(line)
	f.out.WriteByte('\n')
	f.out.Flush()
	f.outMu.Unlock()
}

// readStdin dispatches the fake's stdin: control requests are answered
// here, control responses go to the turn waiting for them, prompts queue
// up as turns.
func (f *fakeCLIProc) readStdin() {
	defer close(f.turns)
	defer f.release() // a held turn ends with stdin
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		m, err := protocol.Decode(sc.Bytes())
		if err != nil {
			fmt.Fprintln(os.Stderr, "fake: bad stdin line:", err)
			continue
		}
		switch m := m.(type) {
		case *protocol.UserMessage:
			f.turns <- m
			if m.Message.Content.Text == "plug" {
				// Stops reading stdin for good, as a CLI busy elsewhere:
				// writes to it block once the pipe is full.
				time.Sleep(time.Hour)
			}
		case *protocol.ControlResponse:
			f.responses <- m
		case *protocol.ControlRequest:
			f.control(m)
		}
	}
}

// control answers a control request of the client.
func (f *fakeCLIProc) control(m *protocol.ControlRequest) {
	id := m.RequestID
	ok := func(payload string) {
		f.emit(fmt.Sprintf(`{"type":"control_response","response":{"subtype":"success","request_id":%q%s}}`, id, payload))
	}
	switch r := m.Request.(type) {
	case *protocol.InitializeRequest:
		if len(r.Hooks) > 0 {
			var hooks map[string][]fakeHookMatcher
			if err := json.Unmarshal(r.Hooks, &hooks); err != nil {
				f.emit(fmt.Sprintf(`{"type":"control_response","response":{"subtype":"error","request_id":%q,"error":%s}}`, id, quote("bad hooks: "+err.Error())))
				return
			}
			f.hooksMu.Lock()
			f.hooks = hooks
			f.hooksMu.Unlock()
		}
		ok(`,"response":{"commands":[{"name":"fake","description":"A fake command","argumentHint":""}],"output_style":"default","available_output_styles":["default"],"models":[{"value":"default","displayName":"Default","description":"The fake model"}],"account":{"tokenSource":"none","apiKeySource":"ANTHROPIC_API_KEY"}}`)
	case *protocol.SetPermissionModeRequest:
		if r.Mode == "bogus" {
			f.emit(fmt.Sprintf(`{"type":"control_response","response":{"subtype":"error","request_id":%q,"error":"Cannot set permission mode: bogus","error_code":"invalid_mode"}}`, id))
			return
		}
		f.mode = string(r.Mode)
		// As CLI 2.1.37 does: two answers to one request.
		ok(fmt.Sprintf(`,"response":{"mode":%q}`, r.Mode))
		ok("")
	case *protocol.SetMaxThinkingTokensRequest:
		if r.MaxThinkingTokens == 999 {
			return // never answered, for timeout tests
		}
		ok("")
	case *protocol.SetModelRequest:
		if r.Model == "release" {
			f.release()
		}
		ok("")
	case *protocol.InterruptRequest:
		if f.stalling.Load() {
			f.interrupt <- id
		} else {
			ok("")
		}
	default:
		f.emit(fmt.Sprintf(`{"type":"control_response","response":{"subtype":"error","request_id":%q,"error":"Unsupported control request subtype: %s"}}`, id, m.Request.ControlSubtype()))
	}
}

func (f *fakeCLIProc) init() {
	f.emit(fmt.Sprintf(`{"type":"system","subtype":"init","cwd":"/fake","session_id":%q,"tools":["Bash","AskUserQuestion"],"mcp_servers":[],"model":"fake-model","permissionMode":"default","slash_commands":[],"apiKeySource":"ANTHROPIC_API_KEY","claude_code_version":"0.0.1","output_style":"default","agents":[],"skills":[],"plugins":[],"uuid":"u-init"}`, f.session))
}

func (f *fakeCLIProc) text(text string) {
	f.emit(fmt.Sprintf(`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"fake-model","content":[{"type":"text","text":%s}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":%q,"uuid":"u-a"}`, quote(text), f.session))
}

func (f *fakeCLIProc) toolUse(id, name, input string) {
	f.emit(fmt.Sprintf(`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"fake-model","content":[{"type":"tool_use","id":%q,"name":%q,"input":%s}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":%q,"uuid":"u-t"}`, id, name, input, f.session))
}

func (f *fakeCLIProc) toolResult(id, content string, isError bool) {
	f.emit(fmt.Sprintf(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":%q,"type":"tool_result","content":%s,"is_error":%t}]},"parent_tool_use_id":null,"session_id":%q,"uuid":"u-r"}`, id, quote(content), isError, f.session))
}

func (f *fakeCLIProc) result(subtype, text string, isError bool) {
	f.emit(fmt.Sprintf(`{"type":"result","subtype":%q,"is_error":%t,"duration_ms":1,"duration_api_ms":1,"num_turns":1,"result":%s,"stop_reason":null,"session_id":%q,"total_cost_usd":0.25,"usage":{"input_tokens":7,"output_tokens":3},"permission_denials":[],"uuid":"u-res"}`, subtype, isError, quote(text), f.session))
}

func (f *fakeCLIProc) stream(event string) {
	f.emit(fmt.Sprintf(`{"type":"stream_event","event":%s,"session_id":%q,"parent_tool_use_id":null,"uuid":"u-s"}`, event, f.session))
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// ask sends a can_use_tool request and waits for its answer.
func (f *fakeCLIProc) ask(tool, toolUseID, input string) *protocol.ControlResponse {
	f.asked++
	id := "cli_req_" + strconv.Itoa(f.asked)
	f.emit(fmt.Sprintf(`{"type":"control_request","request_id":%q,"request":{"subtype":"can_use_tool","tool_name":%q,"input":%s,"tool_use_id":%q}}`, id, tool, input, toolUseID))
	for r := range f.responses {
		if r.Response.ControlRequestID() == id {
			return r
		}
	}
	return nil
}

// request sends a control request with the given request object and
// waits for its answer.
func (f *fakeCLIProc) request(request string) *protocol.ControlResponse {
	f.asked++
	id := "cli_req_" + strconv.Itoa(f.asked)
	f.emit(fmt.Sprintf(`{"type":"control_request","request_id":%q,"request":%s}`, id, request))
	for r := range f.responses {
		if r.Response.ControlRequestID() == id {
			return r
		}
	}
	return nil
}

// spawnDeaf starts another deaf fake CLI, which sleeps for an hour, with
// the fake's environment (the session's marker included) and no stdio, and
// returns its process ID. Nothing waits for it.
func spawnDeaf() (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), fakeCLIEnv+"="+fakeCLIDeaf)
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	return cmd.Process.Pid, nil
}

// turn plays one turn for prompt u and returns an exit status to end the
// process with, or 0 to go on. The first word of the prompt picks the
// flow.
func (f *fakeCLIProc) turn(u *protocol.UserMessage) int {
	prompt := u.Message.Content.Text
	word, arg, _ := strings.Cut(prompt, " ")
	f.init()
	switch word {
	case "hello":
		f.text("Hello!")
		f.result("success", "Hello!", false)
	case "mode":
		f.text("mode=" + f.mode)
		f.result("success", "mode="+f.mode, false)
	case "tool":
		f.toolUse("toolu_1", "Bash", `{"command":"echo hi"}`)
		f.toolResult("toolu_1", "hi", false)
		f.text("Done.")
		f.result("success", "Done.", false)
	case "big":
		n, _ := strconv.Atoi(arg)
		f.toolUse("toolu_1", "Read", `{"file_path":"big.txt"}`)
		f.toolResult("toolu_1", strings.Repeat("é", n), false)
		f.result("success", "Read it.", false)
	case "perm", "ask":
		tool, input := "Bash", `{"command":"rm -rf /tmp/x"}`
		if word == "ask" {
			tool, input = "AskUserQuestion", `{"questions":[{"question":"Which language?","header":"Lang","options":[{"label":"Go","description":"Go"},{"label":"Rust","description":"Rust"}],"multiSelect":false}]}`
		}
		f.toolUse("toolu_1", tool, input)
		r := f.ask(tool, "toolu_1", input)
		var res protocol.PermissionResult
		switch body := r.Response.(type) {
		case *protocol.SuccessResponse:
			if err := body.DecodePayload(&res); err != nil {
				f.toolResult("toolu_1", "bad answer: "+err.Error(), true)
				break
			}
			if res.Behavior == protocol.BehaviorAllow {
				f.toolResult("toolu_1", "ran with "+string(res.UpdatedInput), false)
			} else {
				f.toolResult("toolu_1", res.Message, true)
			}
		case *protocol.ErrorResponse:
			f.toolResult("toolu_1", "error answer: "+body.Error, true)
		}
		if res.Interrupt {
			f.result("error_during_execution", "", true)
			return 0
		}
		f.text("After the permission.")
		f.result("success", "After the permission.", false)
	case "cancel":
		f.toolUse("toolu_1", "Bash", `{"command":"sleep 100"}`)
		f.asked++
		id := "cli_req_" + strconv.Itoa(f.asked)
		f.emit(fmt.Sprintf(`{"type":"control_request","request_id":%q,"request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"sleep 100"},"tool_use_id":"toolu_1"}}`, id))
		time.Sleep(50 * time.Millisecond)
		f.emit(fmt.Sprintf(`{"type":"control_cancel_request","request_id":%q}`, id))
		answered := "no answer after the cancel"
		select {
		case r := <-f.responses:
			answered = "answered after the cancel: " + string(r.Raw())
		case <-time.After(500 * time.Millisecond):
		}
		f.toolResult("toolu_1", "cancelled", true)
		f.result("success", answered, false)
	case "hook":
		// "hook EVENT TOOL": call every callback registered for EVENT
		// whose matcher is TOOL or empty, and report their answers.
		event, tool, _ := strings.Cut(arg, " ")
		f.hooksMu.Lock()
		matchers := f.hooks[event]
		f.hooksMu.Unlock()
		var answers []string
		for _, m := range matchers {
			if m.Matcher != "" && m.Matcher != tool {
				continue
			}
			for _, cb := range m.HookCallbackIDs {
				input := fmt.Sprintf(`{"session_id":%q,"transcript_path":"/fake/t.jsonl","cwd":"/fake","permission_mode":"default","hook_event_name":%q,"tool_name":%q,"tool_input":{"command":"rm -rf /"},"tool_use_id":"toolu_1"}`, f.session, event, tool)
				r := f.request(fmt.Sprintf(`{"subtype":"hook_callback","callback_id":%q,"input":%s,"tool_use_id":"toolu_1"}`, cb, input))
				switch body := r.Response.(type) {
				case *protocol.SuccessResponse:
					answers = append(answers, fmt.Sprintf("%s(timeout %d): %s", cb, m.Timeout, body.Response))
				case *protocol.ErrorResponse:
					answers = append(answers, cb+": error: "+body.Error)
				}
			}
		}
		f.result("success", strings.Join(answers, "\n"), false)
	case "mcp":
		// "mcp SERVER MESSAGE": send MESSAGE to the in-process server
		// SERVER and report the answer.
		server, message, _ := strings.Cut(arg, " ")
		r := f.request(fmt.Sprintf(`{"subtype":"mcp_message","server_name":%q,"message":%s}`, server, message))
		switch body := r.Response.(type) {
		case *protocol.SuccessResponse:
			f.result("success", string(body.Response), false)
		case *protocol.ErrorResponse:
			f.result("success", "error: "+body.Error, false)
		}
	case "unasked":
		// Requests the client did not register for: a hook callback, an
		// in-process MCP server's message and a subtype of the future.
		var answers []string
		for _, req := range []string{
			`{"subtype":"hook_callback","callback_id":"hook_0","input":{"hook_event_name":"PreToolUse"},"tool_use_id":"toolu_1"}`,
			`{"subtype":"mcp_message","server_name":"calc","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}`,
			`{"subtype":"future_request","x":1}`,
		} {
			r := f.request(req)
			if e, ok := r.Response.(*protocol.ErrorResponse); ok {
				answers = append(answers, "error: "+e.Error)
			} else {
				answers = append(answers, "other: "+string(r.Raw()))
			}
		}
		f.result("success", strings.Join(answers, "\n"), false)
	case "dialogs":
		// An MCP server's elicitation and a user dialog: report the
		// answers.
		var answers []string
		for _, req := range []string{
			`{"subtype":"elicitation","mcp_server_name":"docs","message":"Your name?","mode":"form","requested_schema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
			`{"subtype":"request_user_dialog","dialog_kind":"refusal_fallback_prompt","payload":{"text":"Retry?"},"tool_use_id":"toolu_1"}`,
		} {
			r := f.request(req)
			if e, ok := r.Response.(*protocol.ErrorResponse); ok {
				answers = append(answers, "error: "+e.Error)
			} else if s, ok := r.Response.(*protocol.SuccessResponse); ok {
				answers = append(answers, string(s.Response))
			}
		}
		f.result("success", strings.Join(answers, "\n"), false)
	case "flood":
		n, _ := strconv.Atoi(arg)
		for i := range n {
			f.text("m" + strconv.Itoa(i))
		}
		f.result("success", "flooded", false)
	case "stall":
		f.stalling.Store(true)
		defer f.stalling.Store(false)
		if arg == "task" { // "stall task": a background task started first
			f.emit(fmt.Sprintf(`{"type":"system","subtype":"task_started","task_id":"task_1","tool_use_id":"toolu_1","description":"sleep","task_type":"local_bash","session_id":%q,"uuid":"u-t"}`, f.session))
		}
		f.stream(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"fake-model","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}`)
		f.stream(`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
		f.stream(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Thinking about "}}`)
		id := <-f.interrupt // wait for an interrupt; stdin closing ends the process
		f.emit(fmt.Sprintf(`{"type":"control_response","response":{"subtype":"success","request_id":%q}}`, id))
		f.emit(fmt.Sprintf(`{"type":"user","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user]"}]},"parent_tool_use_id":null,"session_id":%q,"uuid":"u-i"}`, f.session))
		f.result("error_during_execution", "", false)
	case "partial":
		f.stream(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"fake-model","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}`)
		f.stream(`{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}`)
		f.stream(`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Hmm, "}}`)
		f.stream(`{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"yes."}}`)
		f.stream(`{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2ln"}}`)
		f.emit(fmt.Sprintf(`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"fake-model","content":[{"type":"thinking","thinking":"Hmm, yes.","signature":"c2ln"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":%q,"uuid":"u-th"}`, f.session))
		f.stream(`{"type":"content_block_stop","index":0}`)
		f.stream(`{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`)
		f.stream(`{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Héllo, "}}`)
		f.stream(`{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"wörld"}}`)
		f.text("Héllo, wörld")
		f.stream(`{"type":"content_block_stop","index":1}`)
		f.stream(`{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_9","name":"Bash","input":{}}}`)
		f.stream(`{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"command\":"}}`)
		f.stream(`{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"\"ls\"}"}}`)
		f.toolUse("toolu_9", "Bash", `{"command":"ls"}`)
		f.stream(`{"type":"content_block_stop","index":2}`)
		f.stream(`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"input_tokens":1,"output_tokens":9}}`)
		f.stream(`{"type":"message_stop"}`)
		f.toolResult("toolu_9", "a\nb", false)
		f.result("success", "Héllo, wörld", false)
	case "garbage":
		f.emit("this is not json")
		f.emit(`{"type":"brand_new_kind","uuid":"u-n","session_id":"s"}`)
		f.emit(`{"type":"keep_alive"}`)
		f.emit(`{"type":"rate_limit_event","rate_limit_info":{"status":"allowed"},"uuid":"u-rl","session_id":"s"}`)
		f.emit(`{"type":"system","subtype":"api_retry","attempt":1,"max_retries":3,"retry_delay_ms":10,"error_status":529,"error":"overloaded","uuid":"u-ar","session_id":"s"}`)
		f.text("Still here.")
		f.result("success", "Still here.", false)
	case "maxturns":
		f.toolUse("toolu_1", "Bash", `{"command":"echo hi"}`)
		f.toolResult("toolu_1", "hi", false)
		f.emit(fmt.Sprintf(`{"type":"result","subtype":"error_max_turns","is_error":true,"duration_ms":1,"duration_api_ms":1,"num_turns":2,"stop_reason":null,"session_id":%q,"total_cost_usd":0.5,"usage":{"input_tokens":7,"output_tokens":3},"permission_denials":[],"terminal_reason":"max_turns","errors":[],"uuid":"u-res"}`, f.session))
	case "exit":
		f.text("Bye.")
		return 3
	case "quit": // a clean exit in the middle of a turn
		f.text("Bye.")
		f.flush()
		os.Exit(0)
	case "held":
		// A turn held after its text until the client sends set_model
		// "release" (or closes stdin): tests that end a read inside a turn
		// wait for this event, not for a time.
		f.text("Slow.")
		<-f.released
		f.result("success", "Slow.", false)
	case "slow":
		// "slow MS": a turn that takes MS milliseconds after its text.
		ms, _ := strconv.Atoi(arg)
		f.text("Slow.")
		time.Sleep(time.Duration(ms) * time.Millisecond)
		f.result("success", "Slow.", false)
	case "apierror":
		// A turn ended by an API error, as CLI 2.1.330 reports HTTP 500.
		msg := "API Error: 500 Internal server error. This is a server-side issue, usually temporary — try again in a moment."
		f.text(msg)
		f.emit(fmt.Sprintf(`{"type":"result","subtype":"success","is_error":true,"duration_ms":1,"duration_api_ms":1,"num_turns":1,"result":%s,"stop_reason":"stop_sequence","session_id":%q,"total_cost_usd":0,"usage":{"input_tokens":0,"output_tokens":0},"permission_denials":[],"terminal_reason":"api_error","api_error_status":500,"api_error_type":"api_error","uuid":"u-res"}`, quote(msg), f.session))
	case "permflood":
		// "permflood N": N permission requests at once, none waited for,
		// then a result.
		n, _ := strconv.Atoi(arg)
		for i := range n {
			f.emit(fmt.Sprintf(`{"type":"control_request","request_id":"flood_%d","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"true"},"tool_use_id":"toolu_f%d"}}`, i, i))
		}
		f.result("success", "flooded", false)
	case "endless":
		// "endless N": texts of N bytes without end.
		n, _ := strconv.Atoi(arg)
		text := strings.Repeat("x", n)
		for {
			f.text(text)
		}
	case "plug": // stdin is no longer read (see readStdin)
		f.text("Plugged.")
		f.result("success", "Plugged.", false)
	case "hang":
		f.text("Hanging.")
		time.Sleep(time.Hour)
	case "spawn": // a background command a tool left running
		pid, err := spawnDeaf()
		if err != nil {
			f.result("error_during_execution", err.Error(), true)
			break
		}
		f.result("success", strconv.Itoa(pid), false)
	default:
		f.text("unknown prompt " + prompt)
		f.result("success", "unknown prompt", false)
	}
	return 0
}
