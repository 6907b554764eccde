package stubapi_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/stubapi"
)

func TestParseScriptExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		file string
		want stubapi.Script
	}{
		{
			name: "the brief's example",
			file: `{"turns":[{"text":"Hello!"},{"tool_use":[{"name":"Bash","input":{"command":"echo hi"}}]},{"fault":{"kind":"overloaded","times":"always"}}]}`,
			want: stubapi.NewScript(
				stubapi.Text("Hello!"),
				stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo hi"})),
				stubapi.Fail(stubapi.Overloaded().Forever()),
			),
		},
		{
			name: "shorthands combined",
			file: `{"turns": [
				{"thinking": "Plan.", "text": "Let me look.", "tool_use": [{"id": "toolu_x", "name": "Read", "input": {"file_path": "/a"}}, {"name": "Bash", "input": {"command": "ls"}}]},
				{"text": ["One.", "Two."], "stop_reason": "max_tokens", "usage": {"input_tokens": 5, "output_tokens": 6}},
				{"text": "Stop here", "stop_sequence": "###"}
			]}`,
			want: stubapi.NewScript(
				stubapi.Thinking("Plan.", stubapi.ToolUse(
					stubapi.Say("Let me look."),
					stubapi.Block{Type: stubapi.BlockToolUse, ID: "toolu_x", Name: "Read", Input: json.RawMessage(`{"file_path":"/a"}`)},
					stubapi.Call("Bash", map[string]any{"command": "ls"}))),
				stubapi.Text("One.", "Two.").WithStop(stubapi.StopMaxTokens).WithUsage(stubapi.Usage{InputTokens: 5, OutputTokens: 6}),
				stubapi.Text("Stop here").WithStopSequence("###"),
			),
		},
		{
			name: "content form",
			file: `{"turns": [{"content": [
				{"type": "text", "text": "before"},
				{"type": "thinking", "thinking": "interleaved", "signature": "sig"},
				{"type": "redacted_thinking", "data": "opaque"},
				{"type": "tool_use", "name": "Bash", "input": {}}
			]}]}`,
			want: stubapi.NewScript(stubapi.Reply(
				stubapi.Say("before"),
				stubapi.Block{Type: stubapi.BlockThinking, Thinking: "interleaved", Signature: "sig"},
				stubapi.RedactedThinking("opaque"),
				stubapi.Call("Bash", nil),
			)),
		},
		{
			name: "every fault",
			file: `{"turns": [{"text": "ok", "faults": [
				{"kind": "rate_limit", "retry_after": "2s"},
				{"kind": "server_error", "times": 2},
				{"kind": "unauthorized"},
				{"kind": "http_error", "status": 503, "error_type": "overloaded_error", "message": "busy"},
				{"kind": "rate_limit", "headers": {"anthropic-ratelimit-unified-status": "rejected", "X-Two": ["a", "b"], "x-empty": []}},
				{"kind": "stream_error", "error_type": "api_error", "at": "mid_block", "block": 0},
				{"kind": "drop", "at": "start"},
				{"kind": "stall", "at": "end"},
				{"kind": "malformed", "at": "mid_block", "block": 0},
				{"kind": "delay", "duration": "150ms"}
			]}]}`,
			want: stubapi.NewScript(stubapi.Text("ok").WithFaults(
				stubapi.RateLimited(2*time.Second),
				stubapi.ServerError().Repeat(2),
				stubapi.Unauthorized(),
				stubapi.HTTPError(503).WithErrorType("overloaded_error").WithMessage("busy"),
				stubapi.RateLimited(0).WithHeader("Anthropic-Ratelimit-Unified-Status", "rejected").WithHeader("x-two", "a").WithHeader("X-Two", "b"),
				stubapi.StreamError("api_error").MidBlock(0),
				stubapi.Drop().When(stubapi.PhaseStart),
				stubapi.Stall(0).When(stubapi.PhaseEnd),
				stubapi.Malformed().MidBlock(0),
				stubapi.Delay(150*time.Millisecond),
			)),
		},
		{
			name: "empty content",
			file: `{"turns": [
				{"fault": {"kind": "stream_error"}},
				{"content": []},
				{"content": [], "stop_reason": "max_tokens", "usage": {"input_tokens": 1, "output_tokens": 0}, "fault": {"kind": "delay", "duration": "10ms"}}
			]}`,
			want: stubapi.NewScript(
				stubapi.Fail(stubapi.StreamError("")),
				stubapi.Empty(),
				stubapi.Empty().WithStop(stubapi.StopMaxTokens).WithUsage(stubapi.Usage{InputTokens: 1}).WithFaults(stubapi.Delay(10*time.Millisecond)),
			),
		},
		{
			name: "empty script",
			file: `{"turns": []}`,
			want: stubapi.Script{Turns: []stubapi.Turn{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := stubapi.ParseScript([]byte(tt.file))
			if err != nil {
				t.Fatalf("ParseScript: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("parsed script (-want +got):\n%s", diff)
			}
			checkRoundTrip(t, got)
		})
	}
}

// checkRoundTrip checks that s survives encoding and decoding unchanged.
func checkRoundTrip(t *testing.T, s stubapi.Script) {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	back, err := stubapi.ParseScript(data)
	if err != nil {
		t.Fatalf("parsing the encoded script %s: %v", data, err)
	}
	if diff := cmp.Diff(s, back); diff != "" {
		t.Errorf("round trip through %s changed the script (-before +after):\n%s", data, diff)
	}
}

func TestScriptRoundTripFromConstructors(t *testing.T) {
	t.Parallel()
	s := stubapi.NewScript(
		stubapi.Text("Hello!"),
		stubapi.Text("a", "b", ""),
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo <hi> & bye"})),
		stubapi.Thinking("hmm", stubapi.Text("ok")),
		stubapi.Reply(stubapi.Call("A", nil), stubapi.Say("text after a tool")),
		stubapi.Reply(stubapi.Say("x"), stubapi.Think("late thinking")),
		stubapi.Reply(stubapi.RedactedThinking("r"), stubapi.Say("y")),
		stubapi.Text("cut").WithStop(stubapi.StopMaxTokens).WithUsage(stubapi.Usage{InputTokens: 1, OutputTokens: 2, CacheCreationInputTokens: 3, CacheReadInputTokens: 4}),
		stubapi.Text("seq").WithStopSequence("END"),
		stubapi.Text("faulty").WithFaults(stubapi.StreamError("").MidBlock(0).Repeat(3), stubapi.Drop(), stubapi.Malformed().When(stubapi.PhaseStart), stubapi.Stall(time.Second).When(stubapi.PhaseEnd)),
		stubapi.Empty(),
		stubapi.Empty().WithFaults(stubapi.Stall(time.Second)),
		stubapi.Fail(stubapi.RateLimited(1500*time.Millisecond).WithMessage("slow down"), stubapi.Overloaded().Forever()),
	)
	s.Turns = append(s.Turns[:len(s.Turns)-1], stubapi.Fail(stubapi.HTTPError(429).WithHeader("anthropic-ratelimit-unified-reset", "1767261600").WithHeader("X-Many", "1").WithHeader("X-Many", "2")), s.Turns[len(s.Turns)-1])
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, s)
}

func TestParseScriptErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		// path is the ScriptError's Path; msg a part of the message.
		path, msg string
	}{
		{"syntax", "{\"turns\": [\n  {\"text\": }]}", "", "line 2, column 12"},
		{"not an object", `[]`, "", "want an object, got array"},
		{"no turns", `{}`, "turns", "missing"},
		{"unknown top field", `{"turns": [], "turnz": []}`, "turnz", "unknown field"},
		{"duplicate field", `{"turns": [], "turns": []}`, "turns", "appears twice"},
		{"trailing data", `{"turns": []} {}`, "", "invalid character"},
		{"turns not array", `{"turns": {}}`, "turns", "want an array, got object"},
		{"unknown turn field", `{"turns": [{"text": "a", "txt": "b"}]}`, "turns[0].txt", "unknown field"},
		{"text wrong type", `{"turns": [{"text": 3}]}`, "turns[0].text", "want a string or an array of strings, got number"},
		{"text item wrong type", `{"turns": [{"text": ["a", null]}]}`, "turns[0].text[1]", "want a string, got null"},
		{"content and shorthand", `{"turns": [{"content": [], "text": "a"}]}`, "turns[0].text", `cannot be combined with "content"`},
		{"block without type", `{"turns": [{"content": [{"text": "a"}]}]}`, "turns[0].content[0].type", "missing"},
		{"unknown block type", `{"turns": [{"content": [{"type": "image"}]}]}`, "turns[0].content[0].type", `unknown block type "image"`},
		{"unknown block field", `{"turns": [{"content": [{"type": "text", "text": "a", "citations": []}]}]}`, "turns[0].content[0].citations", "unknown field"},
		{"tool input not object", `{"turns": [{"tool_use": [{"name": "Bash", "input": "ls"}]}]}`, "turns[0].tool_use[0].input", "want an object, got string"},
		{"tool without name", `{"turns": [{"tool_use": [{"input": {}}]}]}`, "turns[0].content[0].name", "needs a tool name"},
		{"unknown call field", `{"turns": [{"tool_use": [{"name": "a", "args": {}}]}]}`, "turns[0].tool_use[0].args", "unknown field"},
		{"empty turn", `{"turns": [{}]}`, "turns[0]", "neither content nor faults"},
		{"placeholder without group", `{"turns": [{"tool_use": [{"name": "TaskStop", "input": {"task_id": {"$from_request": "ID: \\w+"}}}]}]}`, "turns[0].content[0].input.task_id", "has 0 capture groups, want exactly 1"},
		{"placeholder with two groups", `{"turns": [{"tool_use": [{"name": "TaskStop", "input": {"ids": [{"$from_request": "(a)(b)"}]}}]}]}`, "turns[0].content[0].input.ids[0]", "has 2 capture groups"},
		{"placeholder bad regexp", `{"turns": [{"tool_use": [{"name": "TaskStop", "input": {"task_id": {"$from_request": "(x"}}}]}]}`, "turns[0].content[0].input.task_id", "missing closing )"},
		{"placeholder not a string", `{"turns": [{"tool_use": [{"name": "TaskStop", "input": {"task_id": {"$from_request": 3}}}]}]}`, "turns[0].content[0].input.task_id", "wants a regular expression string, got 3"},
		{"placeholder with other members", `{"turns": [{"tool_use": [{"name": "TaskStop", "input": {"task_id": {"$from_request": "(x)", "y": 1}}}]}]}`, "turns[0].content[0].input.task_id", "has no other members"},
		{"empty content with a failing fault", `{"turns": [{"content": [], "fault": {"kind": "overloaded"}}]}`, "turns[0].faults[0]", "put the fault in a turn of its own"},
		{"empty content stalling for ever", `{"turns": [{"content": [], "fault": {"kind": "stall"}}]}`, "turns[0].faults[0]", "uses up a turn without content"},
		{"empty content mid block", `{"turns": [{"content": [], "fault": {"kind": "stall", "duration": "1s", "at": "mid_block"}}]}`, "turns[0].faults[0].block", "not a content block"},
		{"bad stop reason", `{"turns": [{"text": "a", "stop_reason": "done"}]}`, "turns[0].stop_reason", `unknown stop reason "done"`},
		{"bad usage", `{"turns": [{"text": "a", "usage": {"input_tokens": 1.5}}]}`, "turns[0].usage.input_tokens", "want an integer"},
		{"unknown usage field", `{"turns": [{"text": "a", "usage": {"tokens": 1}}]}`, "turns[0].usage.tokens", "unknown field"},
		{"fault and faults", `{"turns": [{"text": "a", "fault": {"kind": "drop"}, "faults": []}]}`, "turns[0].faults", "not both"},
		{"fault without kind", `{"turns": [{"fault": {"times": 2}}]}`, "turns[0].fault.kind", "missing"},
		{"unknown fault kind", `{"turns": [{"fault": {"kind": "explode"}}]}`, "turns[0].fault.kind", `unknown fault kind "explode"`},
		{"unknown fault field", `{"turns": [{"fault": {"kind": "drop", "when": "start"}}]}`, "turns[0].fault.when", "unknown field"},
		{"bad times", `{"turns": [{"fault": {"kind": "drop", "times": "often"}}]}`, "turns[0].fault.times", `"always"`},
		{"zero times", `{"turns": [{"fault": {"kind": "drop", "times": 0}}]}`, "turns[0].fault.times", "positive integer"},
		{"drop duration at first byte", `{"turns": [{"text": "a", "fault": {"kind": "drop", "duration": "1s"}}]}`, "turns[0].faults[0].duration", "phase after first_byte"},
		{"duration of an http error", `{"turns": [{"text": "a", "fault": {"kind": "http_error", "status": 500, "duration": "1s"}}]}`, "turns[0].faults[0].duration", "duration only applies to drop, stall and delay faults"},
		{"bad duration", `{"turns": [{"text": "a", "fault": {"kind": "delay", "duration": 5}}]}`, "turns[0].fault.duration", "duration string"},
		{"unparsable duration", `{"turns": [{"text": "a", "fault": {"kind": "delay", "duration": "5 minutes"}}]}`, "turns[0].fault.duration", "duration string"},
		{"bad phase", `{"turns": [{"text": "a", "fault": {"kind": "drop", "at": "middle"}}]}`, "turns[0].faults[0].at", `unknown phase "middle"`},
		{"block out of range", `{"turns": [{"text": "a", "fault": {"kind": "drop", "at": "mid_block", "block": 1}}]}`, "turns[0].faults[0].block", "not a content block"},
		{"mid block without content", `{"turns": [{"fault": {"kind": "drop", "at": "mid_block"}}]}`, "turns[0].faults[0].block", "not a content block"},
		{"status out of range", `{"turns": [{"fault": {"kind": "http_error", "status": 200}}]}`, "turns[0].faults[0].status", "from 400 to 599"},
		{"status on drop", `{"turns": [{"fault": {"kind": "drop", "status": 500}}]}`, "turns[0].faults[0].status", "only applies to http_error"},
		{"duration on malformed", `{"turns": [{"text": "a", "fault": {"kind": "malformed", "duration": "1s"}}]}`, "turns[0].faults[0].duration", "only applies to drop, stall and delay"},
		{"bad phase of malformed", `{"turns": [{"text": "a", "fault": {"kind": "malformed", "at": "middle"}}]}`, "turns[0].faults[0].at", `unknown phase "middle"`},
		{"headers on drop", `{"turns": [{"fault": {"kind": "drop", "headers": {"x-a": "1"}}}]}`, "turns[0].faults[0].headers", "headers only applies to http_error faults"},
		{"message of a drop", `{"turns": [{"fault": {"kind": "drop", "message": "x"}}]}`, "turns[0].faults[0].message", "message only applies to http_error and stream_error faults"},
		{"error type of a stall", `{"turns": [{"fault": {"kind": "stall", "error_type": "x"}}]}`, "turns[0].faults[0].error_type", "error_type only applies to http_error and stream_error faults"},
		{"block of a delay", `{"turns": [{"text": "a", "fault": {"kind": "delay", "duration": "1s", "block": 1}}]}`, "turns[0].faults[0].block", "block only applies to stream_error, drop, stall and malformed faults"},
		{"at of an http error", `{"turns": [{"fault": {"kind": "overloaded", "at": "start"}}]}`, "turns[0].faults[0].at", "at only applies to stream_error, drop, stall and malformed faults"},
		{"retry after of a stream error", `{"turns": [{"fault": {"kind": "stream_error", "retry_after": "1s"}}]}`, "turns[0].faults[0].retry_after", "retry_after only applies to http_error faults"},
		{"headers not an object", `{"turns": [{"fault": {"kind": "rate_limit", "headers": ["x-a"]}}]}`, "turns[0].fault.headers", "want an object, got array"},
		{"header value a number", `{"turns": [{"fault": {"kind": "rate_limit", "headers": {"x-a": 1}}}]}`, "turns[0].fault.headers.x-a", "want a string or an array of strings, got number"},
		{"header value item a number", `{"turns": [{"fault": {"kind": "rate_limit", "headers": {"x-a": ["1", 2]}}}]}`, "turns[0].fault.headers.x-a[1]", "want a string, got number"},
		{"bad header name", `{"turns": [{"fault": {"kind": "rate_limit", "headers": {"x a": "1"}}}]}`, "turns[0].faults[0].headers", `bad header name "x a"`},
		{"header value with a newline", `{"turns": [{"fault": {"kind": "rate_limit", "headers": {"x-a": "1\r\nx-b: 2"}}}]}`, "turns[0].faults[0].headers", "line break"},
		{"server header", `{"turns": [{"fault": {"kind": "rate_limit", "headers": {"content-type": "text/plain"}}}]}`, "turns[0].faults[0].headers", "Content-Type is the server's own header"},
		{"retry-after header", `{"turns": [{"fault": {"kind": "rate_limit", "headers": {"retry-after": "5"}}}]}`, "turns[0].faults[0].headers", "retry_after"},
		{"delay without content", `{"turns": [{"fault": {"kind": "delay", "duration": "1s"}}]}`, "turns[0].faults[0]", "has no content"},
		{"delay not last", `{"turns": [{"text": "a", "faults": [{"kind": "delay", "duration": "1s"}, {"kind": "drop"}]}]}`, "turns[0].faults[0]", "can never be reached"},
		{"always before more turns", `{"turns": [{"fault": {"kind": "overloaded", "times": "always"}}, {"text": "never"}]}`, "turns[0].faults[0]", "turns[1:] can never be reached"},
		{"bad tool id", `{"turns": [{"tool_use": [{"id": "toolu id", "name": "a"}]}]}`, "turns[0].content[0].id", "must match"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := stubapi.ParseScript([]byte(tt.file))
			if err == nil {
				t.Fatal("ParseScript succeeded, want an error")
			}
			var se *stubapi.ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v (%T), want a *ScriptError", err, err)
			}
			if se.Path != tt.path || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("err = %q (path %q), want path %q and a message containing %q", err, se.Path, tt.path, tt.msg)
			}
		})
	}
}

func TestLoadScript(t *testing.T) {
	t.Parallel()
	s, err := stubapi.LoadScript(strings.NewReader(`{"turns": [{"text": "hi"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(stubapi.NewScript(stubapi.Text("hi")), s); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A script embedded in a larger document decodes the same way.
	var doc struct {
		Name   string         `json:"name"`
		Script stubapi.Script `json:"script"`
	}
	if err := json.Unmarshal([]byte(`{"name": "x", "script": {"turns": [{"text": "hi"}]}}`), &doc); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, doc.Script); diff != "" {
		t.Errorf("embedded (-want +got):\n%s", diff)
	}
	if err := json.Unmarshal([]byte(`{"script": {"turns": [{"txt": "hi"}]}}`), &doc); err == nil || !strings.Contains(err.Error(), "turns[0].txt") {
		t.Errorf("embedded bad script: err = %v, want the path turns[0].txt", err)
	}
}

func FuzzParseScript(f *testing.F) {
	for _, seed := range []string{
		`{"turns":[{"text":"Hello!"},{"tool_use":[{"name":"Bash","input":{"command":"echo hi"}}]},{"fault":{"kind":"overloaded","times":"always"}}]}`,
		`{"turns":[{"thinking":"t","text":["a","b"],"tool_use":[{"id":"x","name":"n","input":{}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":2}}]}`,
		`{"turns":[{"content":[{"type":"redacted_thinking","data":"d"},{"type":"thinking","thinking":"t","signature":"s"}]}]}`,
		`{"turns":[{"text":"a","faults":[{"kind":"stream_error","at":"mid_block","block":0,"times":2},{"kind":"stall","duration":"1s"}]}]}`,
		`{"turns":[{"fault":{"kind":"http_error","status":429,"retry_after":"1s","message":"m","error_type":"e"}}]}`,
		`{"turns":[]}`, `{}`, `[]`, `null`, `{"turns":[{"text":"a","text":"b"}]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := stubapi.ParseScript(data)
		if err != nil {
			var se *stubapi.ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("error %v (%T) is not a *ScriptError", err, err)
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("parsed script does not validate: %v", err)
		}
		checkRoundTrip(t, s)
	})
}

// TestDocExample checks that the script example in the package doc parses.
func TestDocExample(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(src), "// # Script files\n")
	if !ok {
		t.Fatal("doc.go has no Script files section")
	}
	var example strings.Builder
	inBlock := false
	for _, line := range strings.Split(after, "\n") {
		code, isCode := strings.CutPrefix(line, "//\t")
		if isCode {
			inBlock = true
			example.WriteString(code + "\n")
		} else if inBlock {
			break
		}
	}
	s, err := stubapi.ParseScript([]byte(example.String()))
	if err != nil {
		t.Fatalf("the doc example does not parse: %v\n%s", err, example.String())
	}
	if len(s.Turns) != 7 {
		t.Errorf("doc example has %d turns, want 7", len(s.Turns))
	}
	checkRoundTrip(t, s)
}

func TestEmptyTurnValidation(t *testing.T) {
	t.Parallel()
	bad := stubapi.Empty()
	bad.Content = []stubapi.Block{stubapi.Say("x")}
	err := stubapi.NewScript(bad).Validate()
	var se *stubapi.ScriptError
	if !errors.As(err, &se) || se.Path != "turns[0].content" {
		t.Fatalf("Validate of an empty turn with content = %v, want a *ScriptError at turns[0].content", err)
	}
}

// TestParseScriptErrorPlace checks that an error names the line and
// column of the member at fault, or of its turn for a problem only the
// whole turn shows.
func TestParseScriptErrorPlace(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file   string
		line, column int
		path         string
	}{
		{"unknown member", "{\"turns\": [\n  {\"text\": \"a\"},\n  {\"text\": \"b\", \"txt\": \"c\"}\n]}", 3, 17, "turns[1].txt"},
		{"wrong type", "{\"turns\": [\n  {\"text\": \"a\",\n   \"usage\": {\"input_tokens\": \"1\"}}\n]}", 3, 14, "turns[0].usage.input_tokens"},
		{"repeated member", "{\"turns\": [\n  {\"text\": \"a\",\n   \"text\": \"b\"}\n]}", 3, 4, "turns[0].text"},
		{"member a kind does not take", "{\"turns\": [\n  {\"text\": \"a\", \"fault\": {\"kind\": \"drop\",\n    \"status\": 500}}\n]}", 3, 5, "turns[0].faults[0].status"},
		{"turn without content", "{\"turns\": [\n  {\"text\": \"a\"},\n    {}\n]}", 3, 5, "turns[1]"},
		{"syntax", "{\"turns\": [\n  {\"text\": }]}", 2, 12, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := stubapi.ParseScript([]byte(tt.file))
			var se *stubapi.ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want a *ScriptError", err)
			}
			if se.Line != tt.line || se.Column != tt.column || se.Path != tt.path {
				t.Errorf("err = %v: at %d:%d, path %q; want %d:%d, path %q", err, se.Line, se.Column, se.Path, tt.line, tt.column, tt.path)
			}
		})
	}
}
