package stubapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/stubapi"
)

// requestWith returns a main-loop request body whose messages end with
// last, a user message's content (a JSON value).
func requestWith(last string) string {
	return `{"model":"m","max_tokens":5,"tools":[{"name":"x"}],"messages":[` +
		`{"role":"user","content":"start"},` +
		`{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{}}]},` +
		`{"role":"user","content":` + last + `}]}`
}

func TestFromRequest(t *testing.T) {
	t.Parallel()
	const bgResult = `[{"type":"tool_result","tool_use_id":"toolu_1","content":"Command running in background with ID: b7x2k9q. Output is being written to: /tmp/b7x2k9q.output"}]`
	tests := []struct {
		name  string
		input string // the scripted tool_use input
		last  string // the request's last user message content
		// want is the served input; empty when the request must get an
		// API error whose message and Detail contain errPart.
		want, errPart string
	}{
		{"tool_result text", `{"task_id":{"$from_request":"with ID: (\\w+)"}}`, bgResult,
			`{"task_id":"b7x2k9q"}`, ""},
		{"members keep their order", `{"z":1,"task_id":{"$from_request":"ID: (\\w+)"},"a":[true]}`, bgResult,
			`{"z":1,"task_id":"b7x2k9q","a":[true]}`, ""},
		{"in an array and a nested object", `{"ids":[{"$from_request":"ID: (\\w+)"},"x"],"o":{"p":{"$from_request":"written to: (\\S+)"}}}`, bgResult,
			`{"ids":["b7x2k9q","x"],"o":{"p":"/tmp/b7x2k9q.output"}}`, ""},
		{"tool_result with text blocks", `{"id":{"$from_request":"job ([0-9a-f]{8})"}}`,
			`[{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"Scheduled recurring job cdd214b7 (hourly)."}]}]`,
			`{"id":"cdd214b7"}`, ""},
		{"a text block of the message", `{"id":{"$from_request":"token=(\\d+)"}}`,
			`[{"type":"tool_result","tool_use_id":"toolu_1","content":"done"},{"type":"text","text":"token=42"}]`,
			`{"id":"42"}`, ""},
		{"string content", `{"id":{"$from_request":"token=(\\d+)"}}`, `"the token=7"`, `{"id":"7"}`, ""},
		{"first match wins", `{"id":{"$from_request":"n=(\\d)"}}`, `"n=1 n=2"`, `{"id":"1"}`, ""},
		{"no placeholder", `{"command":"ls"}`, bgResult, `{"command":"ls"}`, ""},
		{"nothing matches", `{"task_id":{"$from_request":"with ID: (\\d+)"}}`, bgResult,
			"", `turns[0].content[0].input.task_id: $from_request "with ID: (\\d+)" matched nothing in the last user message`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sc, err := stubapi.ParseScript([]byte(`{"turns":[{"tool_use":[{"name":"TaskStop","input":` + tt.input + `}]}]}`))
			if err != nil {
				t.Fatal(err)
			}
			s, err := stubapi.Start(sc)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			resp, data := post(t, s, "POST", "/v1/messages", requestWith(tt.last), nil)
			reqs := s.Requests()
			if len(reqs) != 1 {
				t.Fatalf("%d requests recorded, want 1", len(reqs))
			}
			if tt.want == "" {
				var e errorBody
				if err := json.Unmarshal(data, &e); err != nil {
					t.Fatalf("error body %s: %v", data, err)
				}
				if resp.StatusCode != 400 || e.Error.Type != "invalid_request_error" || !strings.Contains(e.Error.Message, tt.errPart) {
					t.Errorf("answer %d %s, want 400 invalid_request_error containing %q", resp.StatusCode, data, tt.errPart)
				}
				if r := reqs[0]; r.Outcome != stubapi.OutcomeUnresolved || !strings.Contains(r.Detail, tt.errPart) {
					t.Errorf("recorded outcome %q, detail %q; want %q with %q", r.Outcome, r.Detail, stubapi.OutcomeUnresolved, tt.errPart)
				}
				if u := s.Unresolved(); len(u) != 1 {
					t.Errorf("Unresolved() = %d requests, want 1", len(u))
				}
				return
			}
			var msg struct {
				Content []struct {
					Input json.RawMessage `json:"input"`
				} `json:"content"`
				Usage struct {
					OutputTokens int `json:"output_tokens"`
				} `json:"usage"`
			}
			if err := json.Unmarshal(data, &msg); err != nil || len(msg.Content) != 1 {
				t.Fatalf("answer %d %s: %v", resp.StatusCode, data, err)
			}
			if got := string(msg.Content[0].Input); got != tt.want {
				t.Errorf("input = %s, want %s", got, tt.want)
			}
			// The usage is the scripted turn's, whatever was filled in.
			if want := (len("TaskStop") + len(sc.Turns[0].Content[0].Input) + 3) / 4; msg.Usage.OutputTokens != want {
				t.Errorf("output_tokens = %d, want %d (the scripted turn's)", msg.Usage.OutputTokens, want)
			}
			if r := reqs[0]; r.Outcome != stubapi.OutcomeServed {
				t.Errorf("outcome = %q, want served", r.Outcome)
			}
		})
	}
}

func TestFromRequestStream(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.ToolUse(stubapi.Call("TaskOutput", map[string]any{"task_id": stubapi.FromRequest(`ID: (\w+)`), "block": true}))))
	body := strings.Replace(requestWith(`"Started with ID: bq1"`), `"max_tokens":5,`, `"max_tokens":5,"stream":true,`, 1)
	_, data := post(t, s, "POST", "/v1/messages", body, nil)
	var input strings.Builder
	for line := range strings.Lines(string(data)) {
		var ev struct {
			Delta struct {
				PartialJSON string `json:"partial_json"`
			} `json:"delta"`
		}
		if rest, ok := strings.CutPrefix(line, "data: "); ok && json.Unmarshal([]byte(rest), &ev) == nil {
			input.WriteString(ev.Delta.PartialJSON)
		}
	}
	if got, want := input.String(), `{"block":true,"task_id":"bq1"}`; got != want {
		t.Errorf("streamed input = %s, want %s", got, want)
	}
}

func TestNewTestReportsUnresolved(t *testing.T) {
	t.Parallel()
	ft := &fakeTB{TB: t}
	s := stubapi.NewTest(ft, stubapi.NewScript(stubapi.ToolUse(stubapi.Call("TaskStop", map[string]any{"task_id": stubapi.FromRequest(`ID: (\w+)`)}))))
	post(t, s, "POST", "/v1/messages", requestWith(`"no id here"`), nil)
	for _, fn := range ft.cleanups {
		fn()
	}
	if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], "matched nothing") {
		t.Errorf("errors = %q, want one unresolved placeholder", ft.errors)
	}
}
