package stubapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/stubapi"
)

// post sends body to path on s and returns the response and its body.
func post(t *testing.T, s *stubapi.Server, method, path, body string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading %s %s: %v", method, path, err)
	}
	return resp, data
}

type errorBody struct {
	Type  string `json:"type"`
	Error struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	RequestID string `json:"request_id"`
}

func TestErrorResponses(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("untouched")))
	tests := []struct {
		name, method, path, body string
		status                   int
		errType, msg             string
	}{
		{"unknown path", "GET", "/v1/complete", "", 404, "not_found_error", "/v1/complete"},
		{"wrong method", "GET", "/v1/messages", "", 404, "not_found_error", "GET /v1/messages"},
		{"unknown model", "GET", "/v1/models/gpt-4", "", 404, "not_found_error", "gpt-4"},
		{"not JSON", "POST", "/v1/messages", "hello", 400, "invalid_request_error", "not valid JSON"},
		{"empty body", "POST", "/v1/messages", "", 400, "invalid_request_error", "empty request body"},
		{"not an object", "POST", "/v1/messages", `["a"]`, 400, "invalid_request_error", "JSON object"},
		{"no model", "POST", "/v1/messages", `{"messages":[{"role":"user","content":"hi"}],"max_tokens":5}`, 400, "invalid_request_error", "model: Field required"},
		{"no messages", "POST", "/v1/messages", `{"model":"m","max_tokens":5}`, 400, "invalid_request_error", "messages: Field required"},
		{"no max_tokens", "POST", "/v1/messages", `{"model":"m","messages":[{"role":"user","content":"hi"}]}`, 400, "invalid_request_error", "max_tokens: Field required"},
		{"zero max_tokens", "POST", "/v1/messages", `{"model":"m","max_tokens":0,"messages":[{"role":"user","content":"hi"}]}`, 400, "invalid_request_error", "max_tokens"},
		{"wrong field type", "POST", "/v1/messages", `{"model":7,"max_tokens":5,"messages":[{"role":"user","content":"hi"}]}`, 400, "invalid_request_error", "model"},
		{"count tokens without model", "POST", "/v1/messages/count_tokens", `{"messages":[{"role":"user","content":"hi"}]}`, 400, "invalid_request_error", "model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			resp, data := post(t, s, tt.method, tt.path, tt.body, nil)
			if resp.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.status)
			}
			var e errorBody
			if err := json.Unmarshal(data, &e); err != nil {
				t.Fatalf("error body %s: %v", data, err)
			}
			if e.Type != "error" || e.Error.Type != tt.errType || !strings.Contains(e.Error.Message, tt.msg) {
				t.Errorf("error body = %s, want type %s with a message containing %q", data, tt.errType, tt.msg)
			}
			if e.RequestID == "" || e.RequestID != resp.Header.Get("Request-Id") {
				t.Errorf("request_id %q, header %q: want the same, non-empty", e.RequestID, resp.Header.Get("Request-Id"))
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("content-type = %q", ct)
			}
		})
	}
	t.Cleanup(func() {
		if s.Remaining() != 1 {
			t.Errorf("rejected requests consumed the script")
		}
	})
}

func TestSideRequestsLeaveTheScript(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("main answer")))
	c := client(s)
	ctx := context.Background()

	// A small-model helper without tools.
	helper, err := c.Messages.New(ctx, anthropic.MessageNewParams{
		Model: "claude-haiku-4-5-20251001", MaxTokens: 512,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Command: ls"))},
	})
	if err != nil {
		t.Fatal(err)
	}
	if helper.Content[0].Text != "OK" || helper.ID != "msg_stubside0001" {
		t.Errorf("helper answer = %q (id %s), want OK", helper.Content[0].Text, helper.ID)
	}
	// A streaming helper.
	streamed, _, err := streamOnce(ctx, c, anthropic.MessageNewParams{
		Model: "claude-haiku-4-5-20251001", MaxTokens: 512,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("topic?"))},
	})
	if err != nil || streamed.Content[0].Text != "OK" {
		t.Errorf("streamed helper = %+v, %v", streamed.Content, err)
	}
	// A max_tokens probe.
	probe, err := c.Messages.New(ctx, anthropic.MessageNewParams{
		Model: "claude-haiku-4-5-20251001", MaxTokens: 1, Tools: toolParams,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("count"))},
	})
	if err != nil {
		t.Fatal(err)
	}
	if probe.StopReason != "max_tokens" || probe.Usage.OutputTokens != 1 {
		t.Errorf("probe = stop %s, %d output tokens; want max_tokens, 1", probe.StopReason, probe.Usage.OutputTokens)
	}
	// Token counting.
	count, err := c.Messages.CountTokens(ctx, anthropic.MessageCountTokensParams{
		Model:    "claude-sonnet-4-5-20250929",
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("how many tokens is this?"))},
	})
	if err != nil {
		t.Fatal(err)
	}
	if count.InputTokens < 1 {
		t.Errorf("count_tokens = %d", count.InputTokens)
	}
	// The main-loop request still gets turn 0.
	m, err := c.Messages.New(ctx, mainParams())
	if err != nil {
		t.Fatal(err)
	}
	if m.Content[0].Text != "main answer" || m.ID != stubapi.MessageID(0) {
		t.Errorf("main answer = %q (id %s), want turn 0", m.Content[0].Text, m.ID)
	}
	if err := s.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
	var routes []string
	for _, r := range s.Requests() {
		routes = append(routes, string(r.Route)+" "+string(r.Outcome))
	}
	want := []string{"side side", "side side", "side side", "side side", "main served"}
	if diff := cmp.Diff(want, routes); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
}

func TestStructuredSideAnswer(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.Script{})
	tests := []struct {
		name, format, want string
	}{
		{"session title", `"output_config":{"format":{"type":"json_schema","schema":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"],"additionalProperties":false}}}`, `{"title":"stub"}`},
		{"nested", `"output_format":{"type":"json_schema","schema":{"type":"object","properties":{"n":{"type":"integer","minimum":3},"ok":{"type":"boolean"},"tags":{"type":"array","items":{"type":"string"},"minItems":2},"kind":{"enum":["a","b"]},"opt":{"type":"string"}},"required":["n","ok","tags","kind"]}}`, `{"kind":"a","n":3,"ok":false,"tags":["stub","stub"]}`},
		{"not a schema", `"output_format":{"type":"json_schema","schema":7}`, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			body := `{"model":"claude-opus-5-5","max_tokens":100,"messages":[{"role":"user","content":"name it"}],` + tt.format + `}`
			resp, data := post(t, s, "POST", "/v1/messages", body, nil)
			if resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, data)
			}
			var m anthropic.Message
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			if got := m.Content[0].Text; got != tt.want {
				t.Errorf("answer = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestModels(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.Script{}, stubapi.WithModels(
		stubapi.Model{ID: "claude-a", DisplayName: "A", CreatedAt: time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)},
		stubapi.Model{ID: "claude-b", DisplayName: "B"},
	))
	c := client(s)
	page, err := c.Models.List(context.Background(), anthropic.ModelListParams{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range page.Data {
		ids = append(ids, m.ID)
	}
	if diff := cmp.Diff([]string{"claude-a", "claude-b"}, ids); diff != "" {
		t.Errorf("model ids (-want +got):\n%s", diff)
	}
	if page.FirstID != "claude-a" || page.LastID != "claude-b" || page.HasMore {
		t.Errorf("page = first %s last %s more %v", page.FirstID, page.LastID, page.HasMore)
	}
	m, err := c.Models.Get(context.Background(), "claude-a", anthropic.ModelGetParams{})
	if err != nil {
		t.Fatal(err)
	}
	if m.DisplayName != "A" || !m.CreatedAt.Equal(time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("model = %+v", m)
	}
	other, err := c.Models.Get(context.Background(), "claude-unlisted-9", anthropic.ModelGetParams{})
	if err != nil || other.ID != "claude-unlisted-9" {
		t.Errorf("unlisted claude model = %+v, %v", other, err)
	}
	if _, err := c.Models.Get(context.Background(), "gpt-4", anthropic.ModelGetParams{}); err == nil {
		t.Error("non-claude model found")
	}
	resp, _ := post(t, s, "HEAD", "/api/hello", "", nil)
	if resp.StatusCode != 200 {
		t.Errorf("HEAD /api/hello = %d", resp.StatusCode)
	}
}

func TestStreamWireFormat(t *testing.T) {
	t.Parallel()
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hi")))
	body := `{"model":"claude-x","max_tokens":10,"stream":true,"tools":[{"name":"t","input_schema":{}}],"messages":[{"role":"user","content":"hi"}]}`
	resp, data := post(t, s, "POST", "/v1/messages", body, nil)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream; charset=utf-8" {
		t.Errorf("content-type = %q", ct)
	}
	if resp.Header.Get("Request-Id") == "" || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("headers = %v", resp.Header)
	}
	want := strings.Join([]string{
		`event: message_start`,
		`data: {"type":"message_start","message":{"id":"msg_stub0000","type":"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1}}}`,
		``,
		`event: content_block_start`,
		`data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		``,
		`event: ping`,
		`data: {"type":"ping"}`,
		``,
		`event: content_block_delta`,
		`data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}`,
		``,
		`event: content_block_stop`,
		`data: {"type":"content_block_stop","index":0}`,
		``,
		`event: message_delta`,
		`data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":100,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1}}`,
		``,
		`event: message_stop`,
		`data: {"type":"message_stop"}`,
		``, ``,
	}, "\n")
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("stream (-want +got):\n%s", diff)
	}
}

func TestRecording(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var hooked []int
	var logs bytes.Buffer
	s := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "ls"}), stubapi.Call("Read", map[string]any{"file_path": "/x"})),
		stubapi.Text("done"),
	),
		stubapi.OnRequest(func(r stubapi.Request) { mu.Lock(); hooked = append(hooked, r.Seq); mu.Unlock() }),
		stubapi.WithLogger(slog.New(slog.NewJSONHandler(&logs, nil))),
	)
	first := `{"model":"m","max_tokens":5,"system":[{"type":"text","text":"You are a test."},{"type":"text","text":"Be brief."}],"tools":[{"name":"Bash","input_schema":{}}],"messages":[{"role":"user","content":"hi"}]}`
	second := `{"model":"m","max_tokens":5,"system":"plain system","tools":[{"name":"Bash","input_schema":{}}],"messages":[
		{"role":"user","content":"hi"},
		{"role":"assistant","content":[{"type":"tool_use","id":"toolu_stub0000_00","name":"Bash","input":{"command":"ls"}},{"type":"tool_use","id":"toolu_stub0000_01","name":"Read","input":{"file_path":"/x"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_stub0000_00","content":"a\nb"},{"type":"tool_result","tool_use_id":"toolu_stub0000_01","content":[{"type":"text","text":"no such file"}],"is_error":true}]},
		{"role":"system","content":[{"type":"text","text":"<total_tokens>14999880 tokens left</total_tokens>"}]}]}`
	secret := map[string]string{"X-Api-Key": "sk-secret", "Authorization": "Bearer sk-secret", "Anthropic-Beta": "b1"}
	post(t, s, "POST", "/v1/messages?beta=true", first, secret)
	post(t, s, "POST", "/v1/messages/count_tokens", `{"model":"m","messages":[{"role":"user","content":"x"}]}`, secret)
	post(t, s, "POST", "/v1/messages", second, secret)
	post(t, s, "POST", "/v1/messages", "not json", nil)
	if err := s.WaitIdle(context.Background()); err != nil {
		t.Fatal(err)
	}

	reqs := s.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests recorded, want 4", len(reqs))
	}
	r := reqs[0]
	if r.Seq != 1 || r.Method != "POST" || r.Path != "/v1/messages" || r.Query != "beta=true" || r.Route != stubapi.RouteMain ||
		r.Turn != 0 || r.Status != 200 || r.Outcome != stubapi.OutcomeServed || r.Model != "m" || r.Stream {
		t.Errorf("first record = %+v", r)
	}
	if got := r.Header.Get("X-Api-Key") + r.Header.Get("Authorization"); got != "[redacted][redacted]" {
		t.Errorf("credentials recorded as %q", got)
	}
	if r.Header.Get("Anthropic-Beta") != "b1" {
		t.Errorf("anthropic-beta not recorded")
	}
	if string(r.Body) != first {
		t.Errorf("body = %s", r.Body)
	}
	if reqs[1].Route != stubapi.RouteSide || reqs[1].Turn != stubapi.NoTurn || reqs[1].Outcome != stubapi.OutcomeSide {
		t.Errorf("count_tokens record = %+v", reqs[1])
	}
	if reqs[3].BodyText != "not json" || reqs[3].Body != nil || reqs[3].Outcome != stubapi.OutcomeRejected || reqs[3].Status != 400 {
		t.Errorf("malformed record = %+v", reqs[3])
	}

	main := s.MainRequests()
	if len(main) != 2 || main[1].Turn != 1 {
		t.Fatalf("main requests = %+v", main)
	}
	if got := s.SystemPrompt(); got != "You are a test.\nBe brief." {
		t.Errorf("SystemPrompt() = %q", got)
	}
	if got := main[1].SystemPrompt(); got != "plain system" {
		t.Errorf("string system prompt = %q", got)
	}
	results := s.ToolResults()
	type res struct {
		ID, Text string
		IsError  bool
		Seq      int
	}
	var got []res
	for _, tr := range results {
		got = append(got, res{tr.ToolUseID, tr.Text(), tr.IsError, tr.Seq})
	}
	wantRes := []res{{"toolu_stub0000_00", "a\nb", false, 3}, {"toolu_stub0000_01", "no such file", true, 3}}
	if diff := cmp.Diff(wantRes, got); diff != "" {
		t.Errorf("ToolResults (-want +got):\n%s", diff)
	}

	var out bytes.Buffer
	if err := s.WriteJSONL(&out); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	var back []stubapi.Request
	for sc.Scan() {
		var r stubapi.Request
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("JSONL line %s: %v", sc.Bytes(), err)
		}
		back = append(back, r)
	}
	// JSON lines carry bodies compacted.
	for i := range reqs {
		if reqs[i].Body != nil {
			var c bytes.Buffer
			if err := json.Compact(&c, reqs[i].Body); err != nil {
				t.Fatal(err)
			}
			reqs[i].Body = c.Bytes()
		}
	}
	if diff := cmp.Diff(reqs, back); diff != "" {
		t.Errorf("JSONL round trip (-want +got):\n%s", diff)
	}
	if strings.Contains(out.String(), "sk-secret") || strings.Contains(logs.String(), "sk-secret") {
		t.Error("a credential leaked into the JSONL or the log")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(hooked) != 4 {
		t.Errorf("OnRequest saw %v, want 4 requests", hooked)
	}
	if n := strings.Count(logs.String(), `"msg":"stubapi request"`); n != 4 {
		t.Errorf("%d log records, want 4:\n%s", n, logs.String())
	}
}

func TestOptions(t *testing.T) {
	t.Parallel()
	everythingMain := func(method, path string, body []byte) stubapi.Classification {
		return stubapi.Classification{Route: stubapi.RouteMain, Reason: "custom rule"}
	}
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("scripted")), stubapi.WithClassifier(everythingMain))
	haiku := `{"model":"claude-haiku-4-5","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}`
	_, data := post(t, s, "POST", "/v1/messages", haiku, nil)
	if !strings.Contains(string(data), "scripted") {
		t.Errorf("custom classifier: got %s", data)
	}

	s2 := stubapi.NewTest(t, stubapi.Script{}, stubapi.WithSideText("custom side"))
	_, data = post(t, s2, "POST", "/v1/messages", haiku, nil)
	if !strings.Contains(string(data), "custom side") {
		t.Errorf("WithSideText: got %s", data)
	}

	if _, err := stubapi.Start(stubapi.Script{}, stubapi.WithAddr("256.0.0.1:0")); err == nil {
		t.Error("Start on a bad address succeeded")
	}
	if _, err := stubapi.Start(stubapi.NewScript(stubapi.Turn{})); err == nil {
		t.Error("Start with an invalid script succeeded")
	}
}

// TestURLOnEveryInterface checks that a server listening on every
// interface gives a URL a client can use: it used to give
// http://0.0.0.0:PORT or http://[::]:PORT (":0" listens on [::], dual
// stack).
func TestURLOnEveryInterface(t *testing.T) {
	t.Parallel()
	for _, addr := range []string{":0", "0.0.0.0:0"} {
		t.Run(addr, func(t *testing.T) {
			t.Parallel()
			s, err := stubapi.Start(stubapi.NewScript(stubapi.Text("hi")), stubapi.WithAddr(addr))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
				t.Fatalf("URL() = %s, want http://127.0.0.1:PORT", s.URL())
			}
			resp, err := http.Get(s.URL() + "/v1/models")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("GET %s/v1/models: status %d", s.URL(), resp.StatusCode)
			}
		})
	}
}

// TestNewTestReportsOverrun checks that NewTest fails the test on overrun.
func TestNewTestReportsOverrun(t *testing.T) {
	t.Parallel()
	ft := &fakeTB{TB: t}
	s := stubapi.NewTest(ft, stubapi.Script{})
	post(t, s, "POST", "/v1/messages", `{"model":"m","max_tokens":5,"tools":[{"name":"x"}],"messages":[{"role":"user","content":"hi"}]}`, nil)
	for _, fn := range ft.cleanups {
		fn()
	}
	if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], "script overrun") {
		t.Errorf("errors = %q, want one overrun", ft.errors)
	}
}

// fakeTB records what NewTest reports instead of failing the real test.
type fakeTB struct {
	testing.TB
	cleanups []func()
	errors   []string
}

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }
func (f *fakeTB) Errorf(s string, a ...any) {
	f.errors = append(f.errors, fmt.Sprintf(s, a...))
}

// TestRecordingRedactsCredentials checks that the record of a request,
// and so the request log, has no credential in it, whatever header or
// query parameter carries it, and keeps every other header and parameter.
// Only x-api-key, authorization, proxy-authorization and cookie used to be
// redacted: an anthropic-auth-token, an x-auth-token or an ?api_key= went
// into the log.
func TestRecordingRedactsCredentials(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	var mu sync.Mutex
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("hi")), stubapi.OnRequest(func(r stubapi.Request) {
		mu.Lock()
		defer mu.Unlock()
		_ = json.NewEncoder(&logs).Encode(r)
	}))
	credentials := map[string]string{
		"X-Api-Key":            "sk-ant-1",
		"Authorization":        "Bearer sk-ant-2",
		"Proxy-Authorization":  "Basic c2stYW50LTM=",
		"Cookie":               "session=sk-ant-4",
		"Anthropic-Auth-Token": "sk-ant-5",
		"X-Auth-Token":         "sk-ant-6",
		"X-Goog-Api-Key":       "sk-ant-7",
		"X_Client_Secret":      "sk-ant-8",
	}
	kept := map[string]string{
		"Anthropic-Beta":           "b1",
		"X-Claude-Code-Session-Id": "0f0e",
		"X-Stainless-Retry-Count":  "0",
	}
	header := maps.Clone(credentials)
	maps.Copy(header, kept)
	query := "beta=true&api_key=sk-ant-9&access_token=sk-ant-10&key=sk-ant-11&Sig=sk-ant-12&x-auth%2Dtoken=sk-ant-13&keyboard=qwerty&flag"
	resp, _ := post(t, s, "POST", "/v1/messages?"+query, `{"model":"m","max_tokens":5,"tools":[{"name":"Bash","input_schema":{}}],"messages":[{"role":"user","content":"hi"}]}`, header)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if err := s.WaitIdle(t.Context()); err != nil {
		t.Fatal(err)
	}
	r := s.Requests()[0]
	for k := range credentials {
		if got := r.Header.Values(k); len(got) != 1 || got[0] != stubapi.Redacted {
			t.Errorf("header %s recorded as %q, want %q", k, got, stubapi.Redacted)
		}
	}
	for k, v := range kept {
		if got := r.Header.Get(k); got != v {
			t.Errorf("header %s recorded as %q, want %q", k, got, v)
		}
	}
	wantQuery := "beta=true&api_key=[redacted]&access_token=[redacted]&key=[redacted]&Sig=[redacted]&x-auth%2Dtoken=[redacted]&keyboard=qwerty&flag"
	if r.Query != wantQuery {
		t.Errorf("query recorded as\n%s\nwant\n%s", r.Query, wantQuery)
	}
	mu.Lock()
	defer mu.Unlock()
	if strings.Contains(logs.String(), "sk-ant-") {
		t.Errorf("the request log holds a credential:\n%s", logs.String())
	}
}
