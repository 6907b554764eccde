package scenario

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/stubapi"
)

func TestNormalizerText(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC)
	n := newNormalizer(now, 4242, map[string]string{
		"/tmp/ccwire-scenario-123":  "cwd",
		"/tmp/ccwire-claude-9/home": "home",
		"/tmp/ccwire-claude-9":      "session",
		"":                          "ignored",
	}, map[string]string{"http://127.0.0.1:40000": "<api-url>"})
	tests := []struct{ in, want string }{
		{"session 0f8fad5b-d9cb-469f-a165-70867728950e", "session <uuid:1>"},
		{"again 0F8FAD5B-D9CB-469F-A165-70867728950E and 1b4e28ba-2fa1-11d2-883f-0016d3cca427", "again <uuid:1> and <uuid:2>"},
		{"user_50ce38a9248416568f28ce300aad2e2d569758ecc695a96beb1a05eb506152d8_account", "user_<hex:1>_account"},
		{"too short: 0123456789abcdef0123456789abcde", "too short: 0123456789abcdef0123456789abcde"},
		{"at 2026-11-21T19:19:10.987Z and 2026-11-21 19:19:10", "at <timestamp> and <timestamp>"},
		{"Today's date is 2026-11-21. Tomorrow 2026-11-22, UTC+1 2026-11-22, last week 2026-11-14.", "Today's date is <date>. Tomorrow <date>, UTC+1 <date>, last week 2026-11-14."},
		{"beta thinking-display-updates-2026-08-18", "beta thinking-display-updates-2026-08-18"},
		{"cwd /tmp/ccwire-scenario-123/sub, home /tmp/ccwire-claude-9/home/.claude, tmp /tmp/ccwire-claude-9/tmp", "cwd <cwd>/sub, home <home>/.claude, tmp <session>/tmp"},
		{"projects/-tmp-ccwire-scenario-123/memory", "projects/<cwd-slug>/memory"},
		{"sock /tmp/s/tmp/cc-socks/4242.sock, not /14242.sock, /42420 or /4242s", "sock /tmp/s/tmp/cc-socks/<pid>.sock, not /14242.sock, /42420 or /4242s"},
		{"/proc/4242/status and /proc/4242", "/proc/<pid>/status and /proc/<pid>"},
		// The process ID is no number of the text's own.
		{"default to **1200s–4242s** (20–30 min), pid 4242, 4242.sock, port :4242", "default to **1200s–4242s** (20–30 min), pid 4242, 4242.sock, port :4242"},
		{"<usage><subagent_tokens>102</subagent_tokens><duration_ms>1042</duration_ms><timestamp>17</timestamp><a_ms>1</b_ms></usage>",
			"<usage><subagent_tokens>102</subagent_tokens><duration_ms><duration></duration_ms><timestamp><time></timestamp><a_ms>1</b_ms></usage>"},
		{"Ready.\n<usage>subagent_tokens: 102\ntool_uses: 0\nduration_ms: 1685\ntimestamp: 17\nnote: 3 s</usage> duration_ms: 5",
			"Ready.\n<usage>subagent_tokens: 102\ntool_uses: 0\nduration_ms: <duration>\ntimestamp: <time>\nnote: 3 s</usage> duration_ms: 5"},
		{" - OS Version: Linux 6.18.44-fc-v445\n - next", " - OS Version: <os-version>\n - next"},
		{"gateway (http://127.0.0.1:40000)", "gateway (<api-url>)"},
		{`{"request_id":"req_stub000002"} req_stub000003 req_stub000002`, `{"request_id":"<api_request_id:1>"} <api_request_id:2> <api_request_id:1>`},
		{"Scheduled recurring job cdd214b7 (Weekdays at 9:17 AM). Next run: Nov 26 9:47am. Session-only", "Scheduled recurring job <cron_id:1> (Weekdays at 9:17 AM). Next run: <next-run>. Session-only"},
		{"0a1b2c3d — Hourly (recurring) [session-only], next run Nov 26 10:05pm: Check.\ncdd214b7 — Weekdays", "<cron_id:2> — Hourly (recurring) [session-only], next run <next-run>: Check.\n<cron_id:1> — Weekdays"},
		{"cdd214b7 again, not xcdd214b7 or 12345678 — x", "<cron_id:1> again, not xcdd214b7 or 12345678 — x"},
		{"Next wakeup scheduled for 11:11:00 (in 72s). If", "Next wakeup scheduled for <clock> (in <delay>). If"},
		{"This session is ccwire-scenario-968933047-4a [83cd91] — the name", "This session is <session_name:1> [<session_ref:1>] — the name"},
		{"to: 'ccwire-scenario-968933047-4a'", "to: '<session_name:1>'"},
		{"Run ID: wf_4c20aebe-d70\nscripts/hello-wf_4c20aebe-d70.js, not wf_4c20aebe", "Run ID: <workflow_run:1>\nscripts/hello-<workflow_run:1>.js, not wf_4c20aebe"},
		{"<usage>subagent_tokens: 102\ntool_uses: 0\nduration_ms: 2042</usage>", "<usage>subagent_tokens: 102\ntool_uses: 0\nduration_ms: <duration></usage>"},
		// get_session_cost's text, /cost's.
		{"Estimated cost:        $0.0004\nTotal duration (API):  0s\nTotal duration (wall): 1m 15.2s\nTotal code changes:    0 lines",
			"Estimated cost:        $0.0004\nTotal duration (API):  <duration>\nTotal duration (wall): <duration>\nTotal code changes:    0 lines"},
		{"Total duration (API):  1\nTotal duration (wall): 1\nTotal code", "Total duration (API):  <duration>\nTotal duration (wall): <duration>\nTotal code"},
	}
	for _, tc := range tests {
		if got := n.text(tc.in); got != tc.want {
			t.Errorf("text(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestNormalizerValue(t *testing.T) {
	t.Parallel()
	n := newNormalizer(time.Now(), 4242, nil, nil)
	v, err := jsontree.Parse([]byte(`{"pid":4242,"child_pid":77,"parentPid":77,"pids":1,"type":"result","duration_ms":472,"duration_api_ms":198,"ttft_ms":12,"durationMs":3,"totalDurationMs":4,"time_to_request_ms":1,` +
		`"num_turns":2,"items":5,"format":6,"timestamp":1732200000,"resetsAt":1732200000,"created_at":7,` +
		`"request_id":"abc","nested":[{"request_id":"abc"},{"request_id":"def"}],"duration_ms_text":"x","cost":0.5,"flag":true,"none":null,"api":{"request_id":"req_stub000001"}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := n.value(v).String()
	want := `{"pid":"<pid>","child_pid":"<pid:1>","parentPid":"<pid:1>","pids":1,"type":"result","duration_ms":"<duration>","duration_api_ms":"<duration>","ttft_ms":"<duration>","durationMs":"<duration>","totalDurationMs":"<duration>","time_to_request_ms":"<duration>",` +
		`"num_turns":2,"items":5,"format":6,"timestamp":"<time>","resetsAt":"<time>","created_at":"<time>",` +
		`"request_id":"<request_id:1>","nested":[{"request_id":"<request_id:1>"},{"request_id":"<request_id:2>"}],"duration_ms_text":"x","cost":0.5,"flag":true,"none":null,"api":{"request_id":"<api_request_id:1>"}}`
	if got != want {
		t.Errorf("value:\n got %s\nwant %s", got, want)
	}
}

func TestNormalizerRandomIDs(t *testing.T) {
	t.Parallel()
	n := newNormalizer(time.Now(), 0, map[string]string{"/tmp/s/home": "home"}, nil)
	steps := []struct{ in, want string }{
		// Learned by key; text before the member in the same value is
		// replaced too, numbered by first appearance.
		{`{"text":"agentId: a29cccee5601dbe11 (internal ID)","tool_use_result":{"agentId":"a29cccee5601dbe11","outputFile":"/tmp/s/home/tasks/a29cccee5601dbe11.output"}}`,
			`{"text":"agentId: <task_id:1> (internal ID)","tool_use_result":{"agentId":"<task_id:1>","outputFile":"<home>/tasks/<task_id:1>.output"}}`},
		{`{"type":"system","subtype":"task_started","task_id":"bpnq13hfn","run_id":"0mwqv5zo6-bf57c99c","other":"0mwqv5zo6-bf57c99c-x bpnq13hfnx xbpnq13hfn"}`,
			`{"type":"system","subtype":"task_started","task_id":"<task_id:2>","run_id":"<run_id:1>","other":"<run_id:1>-x bpnq13hfnx xbpnq13hfn"}`},
		// Values of the right keys but not of a random id's shape stay.
		{`{"agent_id":"researcher@alpha-team","task_id":"1","run_id":"run-1"}`,
			`{"agent_id":"researcher@alpha-team","task_id":"1","run_id":"run-1"}`},
		// Learned from a reminder's text, then replaced wherever it recurs.
		{`{"content":"Task t0d5bcd (type: in_process_teammate) (status: completed)","again":"t0d5bcd"}`,
			`{"content":"Task <task_id:3> (type: in_process_teammate) (status: completed)","again":"<task_id:3>"}`},
		{`{"content":"create your plan at /tmp/s/home/.claude/plans/atomic-crunching-toucan.md using the Write tool; again /.claude/plans/atomic-crunching-toucan.md, not /x/plans/a-b-c.md"}`,
			`{"content":"create your plan at <home>/.claude/plans/<plan:1>.md using the Write tool; again /.claude/plans/<plan:1>.md, not /x/plans/a-b-c.md"}`},
		{`{"earlier":"a29cccee5601dbe11 0mwqv5zo6-bf57c99c t0d5bcd /x/.claude/plans/sleepy-bouncing-firefly.md","v330":"/.claude/plans/plan-the-change-then-crispy-orbit.md"}`,
			`{"earlier":"<task_id:1> <run_id:1> <task_id:3> /x/.claude/plans/<plan:2>.md","v330":"/.claude/plans/plan-the-change-then-<plan:3>.md"}`},
		// A background Bash command's id, learned from Bash's tool_use_result.
		{`{"content":"Command running in background with ID: b195b68.","tool_use_result":{"stdout":"","backgroundTaskId":"b195b68"}}`,
			`{"content":"Command running in background with ID: <task_id:4>.","tool_use_result":{"stdout":"","backgroundTaskId":"<task_id:4>"}}`},
	}
	for _, st := range steps {
		v, err := jsontree.Parse([]byte(st.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := n.value(v).String(); got != st.want {
			t.Errorf("value(%s)\n got %s\nwant %s", st.in, got, st.want)
		}
	}
	n.learnID("x-claude-code-agent-id", "a0123456789abcdef")
	if got, want := n.text("id a0123456789abcdef"), "id <task_id:5>"; got != want {
		t.Errorf("header-learned id: got %q, want %q", got, want)
	}
}

func TestNormalizerIdleModelUsage(t *testing.T) {
	t.Parallel()
	n := newNormalizer(time.Now(), 0, nil, nil)
	in := `{"type":"result","total_cost_usd":0.001775,"modelUsage":{` +
		`"claude-sonnet-4-5-20250929":{"inputTokens":200,"outputTokens":31,"costUSD":0.001775,"contextWindow":200000,"maxOutputTokens":64000},` +
		`"claude-haiku-4-5-20251001":{"inputTokens":0,"outputTokens":0,"cacheReadInputTokens":0,"webSearchRequests":0,"costUSD":0,"contextWindow":200000,"maxOutputTokens":64000,"canonicalModel":"claude-haiku-4-5"},` +
		`"cached-only":{"inputTokens":0,"outputTokens":0,"cacheReadInputTokens":5,"costUSD":0}},` +
		`"model_usage_since_last_result":{"m":{"inputTokens":0,"outputTokens":0.0,"costUSD":0}},"other":{"m":{"inputTokens":0}}}`
	want := `{"type":"result","total_cost_usd":0.001775,"modelUsage":{` +
		`"claude-sonnet-4-5-20250929":{"inputTokens":200,"outputTokens":31,"costUSD":0.001775,"contextWindow":200000,"maxOutputTokens":64000},` +
		`"cached-only":{"inputTokens":0,"outputTokens":0,"cacheReadInputTokens":5,"costUSD":0}},` +
		`"model_usage_since_last_result":{},"other":{"m":{"inputTokens":0}}}`
	v, err := jsontree.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := n.value(v).String(); got != want {
		t.Errorf("value:\n got %s\nwant %s", got, want)
	}
}

func TestNormalizerVersion(t *testing.T) {
	t.Parallel()
	tests := []struct{ version, in, want string }{
		{"2.1.330", `claude-cli/2.1.330 (external, sdk-cli)`, `claude-cli/<cli-version> (external, sdk-cli)`},
		{"2.1.330", `x-anthropic-billing-header: cc_version=2.1.330.572; cc_entrypoint=sdk-cli;`,
			`x-anthropic-billing-header: cc_version=<cli-version>.<fingerprint>; cc_entrypoint=sdk-cli;`},
		{"2.1.37", `cc_version=2.1.37.b0e; other=2.1.37.b0e`, `cc_version=<cli-version>.<fingerprint>; other=<cli-version>.b0e`},
		{"2.1.37", `2.1.37 but not 2.1.370, 12.1.37 or 0.2.1.37; "2.1.37"`, `<cli-version> but not 2.1.370, 12.1.37 or 0.2.1.37; "<cli-version>"`},
		{"2.2.0-beta.1", `v2.2.0-beta.1 (Claude Code)`, `v<cli-version> (Claude Code)`},
		{"", `claude-cli/2.1.330`, `claude-cli/2.1.330`},
	}
	for _, tc := range tests {
		n := newNormalizer(time.Now(), 0, nil, nil)
		n.version = tc.version
		if got := n.text(tc.in); got != tc.want {
			t.Errorf("%s: text(%q)\n got %q\nwant %q", tc.version, tc.in, got, tc.want)
		}
	}
	n := newNormalizer(time.Now(), 0, nil, nil)
	n.version = "2.1.330"
	v, err := jsontree.Parse([]byte(`{"type":"system","subtype":"init","claude_code_version":"2.1.330","n":2.1}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := n.value(v).String(), `{"type":"system","subtype":"init","claude_code_version":"<cli-version>","n":2.1}`; got != want {
		t.Errorf("value:\n got %s\nwant %s", got, want)
	}
}

// TestRecordingPIDInText records a run whose CLI had process ID 1800,
// a number that the CLI also writes in a tool's description ("1200s–1800s"
// in ScheduleWakeup's, which a rerun of remote-trigger-unavailable on CLI
// 2.1.330 recorded as "1200s–<pid>s"): <pid> stands for the process ID in
// the pid members and the socket path, and the description stays as the
// CLI wrote it, in the stdout lines and in the requests.
func TestRecordingPIDInText(t *testing.T) {
	t.Parallel()
	const desc = `Schedule a wakeup. With no signal to watch, default to **1200s–1800s** (20–30 min), or 1800s at most; 1800 is no pid.`
	session := "/tmp/ccwire-claude-1"
	rec := &runLog{
		scenario: &Scenario{ID: "pid-in-text", Title: Text{En: "pid in text"}},
		version:  "2.1.330",
		stdio: []stdioLine{
			{turn: 1, dir: "stdin", data: []byte(`{"type":"control_request","request_id":"req_1","request":{"subtype":"initialize"}}`)},
			{turn: 1, dir: "stdout", data: []byte(`{"type":"control_response","response":{"subtype":"success","request_id":"req_1","response":{"pid":1800,"models":[]}}}`)},
			{turn: 1, dir: "stdout", data: []byte(`{"type":"system","subtype":"init","tools":["ScheduleWakeup"],"messaging_socket_path":"` + session + `/tmp/cc-socks/1800.sock","session_id":"s"}`)},
			{turn: 1, dir: "stdout", data: []byte(`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"` + desc + `"}]},"session_id":"s"}`)},
			{turn: 1, dir: "stdout", note: "not JSON", data: []byte(`pid 1800 wrote ` + session + `/tmp/cc-socks/1800.sock and 1200s–1800s`)},
		},
		requests: []stubapi.Request{{
			Route: stubapi.RouteMain, Method: "POST", Path: "/v1/messages", Turn: stubapi.NoTurn,
			Body: json.RawMessage(`{"tools":[{"name":"ScheduleWakeup","description":"` + desc + `"}],"metadata":{"pid":1800}}`),
		}},
	}
	n := newNormalizer(time.Now(), 1800, map[string]string{session: "session"}, nil)
	out, err := rec.encode(n).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		`"response":{"pid":"<pid>","models":[]}`,
		`"messaging_socket_path":"<session>/tmp/cc-socks/<pid>.sock"`,
		`"text":"pid 1800 wrote <session>/tmp/cc-socks/<pid>.sock and 1200s–1800s"`,
		`"pid": "<pid>"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the recording has no %s", want)
		}
	}
	if c := strings.Count(got, desc); c != 2 {
		t.Errorf("the description is in the recording %d times as the CLI wrote it, want 2 (a stdout line, the request):\n%s", c, got)
	}
}
