package stubapi_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/stubapi"
)

// The bodies below have the shape (fields, models, tool counts) of what
// the pinned CLIs were recorded sending; prompts are shortened.
const (
	tools3  = `[{"name":"Task","input_schema":{}},{"name":"Bash","input_schema":{}},{"name":"Read","input_schema":{}}]`
	system3 = `[{"type":"text","text":"x-anthropic-billing-header: cc_version=0"},{"type":"text","text":"You are a Claude agent, built on Anthropic's Claude Agent SDK."},{"type":"text","text":"…"}]`

	v37Main       = `{"model":"claude-sonnet-4-5-20250929","messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}],"system":` + system3 + `,"tools":` + tools3 + `,"metadata":{"user_id":"u"},"max_tokens":32000,"temperature":1,"stream":true}`
	v37Probe      = `{"model":"claude-haiku-4-5-20251001","max_tokens":1,"messages":[{"role":"user","content":"count"}],"tools":` + tools3 + `,"metadata":{"user_id":"u"}}`
	v37PathHelper = `{"model":"claude-haiku-4-5-20251001","messages":[{"role":"user","content":[{"type":"text","text":"Command: echo hi\nOutput: hi\n\n"}]}],"system":` + system3 + `,"tools":[],"metadata":{"user_id":"u"},"max_tokens":32000,"temperature":1,"stream":true}`
	v37NoTools    = `{"model":"claude-sonnet-4-5-20250929","messages":[{"role":"user","content":"hi"}],"system":` + system3 + `,"tools":[],"max_tokens":32000,"stream":true}`
	v37Retry      = `{"model":"claude-sonnet-4-5-20250929","messages":[{"role":"user","content":"hi"}],"system":` + system3 + `,"tools":` + tools3 + `,"max_tokens":21333}`
	v330Main      = `{"model":"claude-opus-5-5","messages":[{"role":"user","content":[{"type":"text","text":"<system-reminder>…</system-reminder>"}]},{"role":"system","content":"# Environment"}],"system":` + system3 + `,"tools":` + tools3 + `,"metadata":{"user_id":"{}"},"max_tokens":128000,"thinking":{"type":"adaptive","display":"updates"},"context_management":{"edits":[{"type":"clear_thinking_20251015","keep":"all"}]},"output_config":{"effort":"medium"},"stream":true}`
	v330Title     = `{"model":"claude-opus-5-5","messages":[{"role":"user","content":"<session>\nhi\n</session>"}],"system":[{"type":"text","text":"Name this session."}],"max_tokens":32000,"output_config":{"format":{"type":"json_schema","schema":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"],"additionalProperties":false}}},"stream":true}`
	oldTitle      = `{"model":"claude-sonnet-4-5-20250929","messages":[{"role":"user","content":"hi"}],"max_tokens":512,"output_format":{"type":"json_schema","schema":{"type":"object"}}}`
	countTokens   = `{"model":"claude-sonnet-4-5-20250929","messages":[{"role":"user","content":"foo"}],"tools":` + tools3 + `}`
)

func TestClassify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, path, body string
		want                     stubapi.Route
		reason                   string
	}{
		{"2.1.37 main loop", "POST", "/v1/messages", v37Main, stubapi.RouteMain, "offers 3 tools"},
		{"2.1.37 non-streaming retry", "POST", "/v1/messages", v37Retry, stubapi.RouteMain, "offers 3 tools"},
		{"2.1.37 quota probe", "POST", "/v1/messages", v37Probe, stubapi.RouteSide, "probe"},
		{"2.1.37 bash path helper", "POST", "/v1/messages", v37PathHelper, stubapi.RouteSide, "small model"},
		{"2.1.37 with --tools empty", "POST", "/v1/messages", v37NoTools, stubapi.RouteMain, "without tools"},
		{"2.1.330 main loop", "POST", "/v1/messages", v330Main, stubapi.RouteMain, "offers 3 tools"},
		{"session title", "POST", "/v1/messages", v330Title, stubapi.RouteSide, "structured"},
		{"structured output, older field", "POST", "/v1/messages", oldTitle, stubapi.RouteSide, "structured"},
		{"count tokens", "POST", "/v1/messages/count_tokens", countTokens, stubapi.RouteSide, "count_tokens"},
		{"models", "GET", "/v1/models", "", stubapi.RouteSide, "models"},
		{"model", "GET", "/v1/models/claude-opus-5-5", "", stubapi.RouteSide, "models"},
		{"connectivity check", "HEAD", "/api/hello", "", stubapi.RouteSide, "other"},
		{"GET messages", "GET", "/v1/messages", "", stubapi.RouteSide, "other"},
		{"malformed body", "POST", "/v1/messages", `{"model":`, stubapi.RouteSide, "malformed"},
		{"array body", "POST", "/v1/messages", `[]`, stubapi.RouteSide, "malformed"},
		{"missing max_tokens", "POST", "/v1/messages", `{"model":"m","messages":[{}],"tools":[{}]}`, stubapi.RouteSide, "malformed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := stubapi.Classify(tt.method, tt.path, []byte(tt.body))
			if got.Route != tt.want || !strings.Contains(got.Reason, tt.reason) {
				t.Errorf("Classify = %+v, want route %s with a reason containing %q", got, tt.want, tt.reason)
			}
		})
	}
}

func FuzzClassify(f *testing.F) {
	for _, body := range []string{v37Main, v37Probe, v37PathHelper, v37NoTools, v37Retry, v330Main, v330Title, oldTitle, countTokens, "", "{}", "[]", "null", `{"max_tokens":-1}`} {
		f.Add("POST", "/v1/messages", []byte(body))
	}
	f.Add("POST", "/v1/messages/count_tokens", []byte(countTokens))
	f.Add("GET", "/v1/models", []byte{})
	f.Fuzz(func(t *testing.T, method, path string, body []byte) {
		c := stubapi.Classify(method, path, body)
		if c.Route != stubapi.RouteMain && c.Route != stubapi.RouteSide {
			t.Fatalf("route %q", c.Route)
		}
		if c.Reason == "" {
			t.Fatal("empty reason")
		}
		if c.Route == stubapi.RouteMain && (method != "POST" || path != "/v1/messages") {
			t.Fatalf("%s %s classified main", method, path)
		}
		if again := stubapi.Classify(method, path, body); again != c {
			t.Fatalf("not deterministic: %+v then %+v", c, again)
		}
	})
}
