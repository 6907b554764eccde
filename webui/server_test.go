package webui_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/webui"
)

// TestRefusals sends the endpoints requests they must refuse, each with a
// clear 4xx error: another host (DNS rebinding), another origin, no token,
// bad input.
func TestRefusals(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	host := strings.TrimPrefix(base(t, s), "http://")
	port := host[strings.LastIndexByte(host, ':'):]
	tok := s.Token
	js := map[string]string{"Content-Type": "application/json", webui.TokenHeader: tok}
	with := func(extra map[string]string) map[string]string {
		h := map[string]string{}
		for k, v := range js {
			h[k] = v
		}
		for k, v := range extra {
			h[k] = v
		}
		return h
	}
	for _, tc := range []struct {
		name         string
		method, path string
		body         string
		headers      map[string]string
		status       int
		says         string
	}{
		{"page", "GET", "/?token=" + tok, "", nil, 200, "<!DOCTYPE html>"},
		{"page as localhost", "GET", "/?token=" + tok, "", map[string]string{"Host": "localhost" + port}, 200, "<!DOCTYPE html>"},
		{"page without token", "GET", "/", "", nil, 403, "token query parameter is missing or wrong"},
		{"page with a wrong token", "GET", "/?token=x" + tok, "", nil, 403, "missing or wrong"},
		{"page for another host", "GET", "/?token=" + tok, "", map[string]string{"Host": "evil.example" + port}, 403, `host "evil.example` + port + `" refused`},
		{"page for a rebound name", "GET", "/?token=" + tok, "", map[string]string{"Host": "127.0.0.1.nip.io" + port}, 403, "loopback addresses only"},
		{"events from another origin", "GET", "/events?token=" + tok, "", map[string]string{"Origin": "http://evil.example"}, 403, "cross-origin request from \"http://evil.example\" refused"},
		{"events from another site", "GET", "/events?token=" + tok, "", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross-site request refused"},
		{"events without token", "GET", "/events", "", nil, 403, "missing or wrong"},
		{"events after a bad ID", "GET", "/events?token=" + tok, "", map[string]string{"Last-Event-ID": "x"}, 400, "not an event number"},
		{"events after a bad number", "GET", "/events?after=-1&token=" + tok, "", nil, 400, `after "-1" is not an event number`},
		{"backlog", "GET", "/api/events?after=0", "", map[string]string{webui.TokenHeader: tok}, 200, `{"events":[{"id":1,"event":{"kind":"init"`},
		{"backlog by query token", "GET", "/api/events?after=0&token=" + tok, "", nil, 200, `"more":false`},
		{"backlog from another origin", "GET", "/api/events?token=" + tok, "", map[string]string{"Origin": "http://evil.example"}, 403, "cross-origin"},
		{"backlog from another site", "GET", "/api/events?token=" + tok, "", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross-site"},
		{"backlog without token", "GET", "/api/events", "", nil, 403, "missing or wrong"},
		{"backlog after a bad number", "GET", "/api/events?after=x&token=" + tok, "", nil, 400, `after "x" is not an event number`},
		{"restart while running", "POST", "/api/restart", `{}`, js, 409, "still running"},
		{"restart from another origin", "POST", "/api/restart", `{}`, with(map[string]string{"Origin": "http://evil.example"}), 403, "cross-origin"},
		{"prompt from another origin", "POST", "/api/prompt", `{"text":"hi"}`, with(map[string]string{"Origin": "http://evil.example"}), 403, "cross-origin"},
		{"prompt from an opaque origin", "POST", "/api/prompt", `{"text":"hi"}`, with(map[string]string{"Origin": "null"}), 403, "cross-origin"},
		{"prompt from the same site, another port", "POST", "/api/prompt", `{"text":"hi"}`, with(map[string]string{"Origin": "http://127.0.0.1:1"}), 403, "cross-origin"},
		{"prompt from another site", "POST", "/api/prompt", `{"text":"hi"}`, with(map[string]string{"Sec-Fetch-Site": "same-site"}), 403, "cross-site"},
		{"prompt with the token in the query only", "POST", "/api/prompt?token=" + tok, `{"text":"hi"}`, map[string]string{"Content-Type": "application/json"}, 403, "X-Ccwire-Token header is missing or wrong"},
		{"prompt as a form", "POST", "/api/prompt", "text=hi", with(map[string]string{"Content-Type": "application/x-www-form-urlencoded"}), 415, "send application/json"},
		{"prompt without a body", "POST", "/api/prompt", "", js, 400, "the request body is empty"},
		{"prompt not JSON", "POST", "/api/prompt", `{"text":`, js, 400, "the request body"},
		{"prompt with an unknown member", "POST", "/api/prompt", `{"txt":"hi"}`, js, 400, `unknown field "txt"`},
		{"prompt twice in one body", "POST", "/api/prompt", `{"text":"a"}{"text":"b"}`, js, 400, "more than one JSON value"},
		{"empty prompt", "POST", "/api/prompt", `{"text":"  \n"}`, js, 400, "the prompt is empty"},
		{"huge prompt", "POST", "/api/prompt", `{"text":"` + strings.Repeat("x", webui.MaxBody) + `"}`, js, 413, "larger than"},
		{"prompt from the page's origin", "POST", "/api/prompt", `{"text":""}`, with(map[string]string{"Origin": base(t, s), "Sec-Fetch-Site": "same-origin"}), 400, "the prompt is empty"},
		{"permission without an ID", "POST", "/api/permission", `{"allow":true}`, js, 400, "id: the permission request's ID is required"},
		{"permission without a decision", "POST", "/api/permission", `{"id":"r1"}`, js, 400, "allow: true or false is required"},
		{"permission with a bad decision", "POST", "/api/permission", `{"id":"r1","allow":"yes"}`, js, 400, "the request body"},
		{"permission never asked", "POST", "/api/permission", `{"id":"r1","allow":true}`, js, 404, `no permission request "r1" is waiting`},
		{"interrupt while idle", "POST", "/api/interrupt", `{}`, js, 409, "no turn is under way"},
		{"interrupt without a body while idle", "POST", "/api/interrupt", ``, js, 409, "no turn is under way"},
		{"interrupt with a member", "POST", "/api/interrupt", `{"now":true}`, js, 400, `unknown field "now"`},
		{"prompt by GET", "GET", "/api/prompt?token=" + tok, "", nil, 405, ""},
		{"unknown path", "GET", "/nope?token=" + tok, "", nil, 404, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, body := do(t, s, tc.method, tc.path, tc.body, tc.headers)
			var e struct{ Error string }
			if json.Unmarshal([]byte(body), &e) == nil && e.Error != "" {
				body = e.Error
			}
			if status != tc.status || !strings.Contains(body, tc.says) {
				if len(body) > 300 {
					body = body[:300] + "…"
				}
				t.Errorf("%s %s: %d %q, want %d and %q", tc.method, tc.path, status, body, tc.status, tc.says)
			}
		})
	}
}

// TestPageHeaders checks the page's security headers: a CSP that allows
// its own inline script and style alone, no framing, no referrer.
func TestPageHeaders(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	resp, err := http.Get(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'sha256-", "style-src 'sha256-", "connect-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe") {
		t.Errorf("Content-Security-Policy %q allows something unsafe", csp)
	}
	for k, want := range map[string]string{"Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Content-Type": "text/html; charset=utf-8"} {
		if got := resp.Header.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
}

// TestPromptTurn sends a prompt and reads its turn from the event stream:
// the prompt, the session, the answer, the result with its cost.
func TestPromptTurn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		version string
		cost    float64
	}{{"2.1.37", 0.00055}, {"2.1.332", 0.00044}} { // the recordings' total_cost_usd
		t.Run(tc.version, func(t *testing.T) {
			t.Parallel()
			s := startServer(t, tc.version, "text-simple")
			st := subscribe(t, s, 0)
			if status, body := post(t, s, "/api/prompt", `{"text":"Say hello."}`); status != http.StatusAccepted {
				t.Fatalf("POST /api/prompt: %d %s", status, body)
			}
			if ev := st.next(t, "prompt", nil); ev.Text != "Say hello." {
				t.Errorf("prompt %q", ev.Text)
			}
			if ev := st.next(t, "state", nil); !ev.Running {
				t.Error("the state after the prompt is not running")
			}
			if ev := st.next(t, "init", nil); ev.Kind != "init" {
				t.Error("no init")
			}
			if ev := st.next(t, "text", nil); ev.Text != "Hello!" {
				t.Errorf("text %q, want Hello!", ev.Text)
			}
			r := st.next(t, "result", nil).Result
			if r.Subtype != "success" || r.IsError || r.Interrupted || r.CostUSD != tc.cost || r.TurnCostUSD != tc.cost || r.Tokens.Input == 0 {
				t.Errorf("result %+v, want a success costing $%g", r, tc.cost)
			}
			if ev := st.next(t, "state", nil); ev.Running {
				t.Error("the state after the result is running")
			}
		})
	}
}

// TestPermission answers a permission request over HTTP, allowing and
// denying it, on both pinned versions.
func TestPermission(t *testing.T) {
	t.Parallel()
	for _, version := range versions {
		for _, allow := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/allow=%v", version, allow), func(t *testing.T) {
				t.Parallel()
				s := startServer(t, version, "permission-prompt-allow")
				st := subscribe(t, s, 0)
				if status, body := post(t, s, "/api/prompt", `{"text":"Run echo allowed-output."}`); status != http.StatusAccepted {
					t.Fatalf("POST /api/prompt: %d %s", status, body)
				}
				use := st.next(t, "tool_use", nil)
				ask := st.next(t, "permission", nil)
				if ask.Permission.Tool != "Bash" || !strings.Contains(ask.Permission.Input, "echo allowed-output") || use.Name != "Bash" {
					t.Errorf("permission %+v after tool call %+v: want Bash and its command", ask.Permission, use)
				}
				body := fmt.Sprintf(`{"id":%q,"allow":%v,"message":"not today"}`, ask.ID, allow)
				if status, resp := post(t, s, "/api/permission", body); status != http.StatusOK {
					t.Fatalf("POST /api/permission: %d %s", status, resp)
				}
				if status, resp := post(t, s, "/api/permission", body); status != http.StatusNotFound {
					t.Errorf("a second answer: %d %s, want 404", status, resp)
				}
				want := map[bool]string{true: "allowed", false: "denied"}[allow]
				if ev := st.next(t, "permission_done", nil); ev.ID != ask.ID || ev.Text != want {
					t.Errorf("permission_done %+v, want %s", ev, want)
				}
				res := st.next(t, "tool_result", nil)
				r := st.next(t, "result", nil).Result
				if allow {
					if res.IsError || res.Text != "allowed-output" || r.Denials != 0 {
						t.Errorf("allowed: tool result %+v, result %+v", res, r)
					}
				} else if !res.IsError || !strings.Contains(res.Text, "not today") || r.Denials != 1 {
					t.Errorf("denied: tool result %+v, result %+v; want an error with the message and one denial", res, r)
				}
			})
		}
	}
}

// TestInterrupt interrupts a turn whose stream stalls, then runs the next
// turn, on both pinned versions.
func TestInterrupt(t *testing.T) {
	t.Parallel()
	for _, version := range versions {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			s := startServer(t, version, "interrupt-stalled-stream")
			st := subscribe(t, s, 0)
			if status, body := post(t, s, "/api/prompt", `{"text":"Tell me something long."}`); status != http.StatusAccepted {
				t.Fatalf("POST /api/prompt: %d %s", status, body)
			}
			st.next(t, "text_delta", nil)
			if status, body := post(t, s, "/api/interrupt", `{}`); status != http.StatusOK {
				t.Fatalf("POST /api/interrupt: %d %s", status, body)
			}
			var seen []event
			r := st.next(t, "result", &seen).Result
			if !r.Interrupted || r.Subtype != "error_during_execution" {
				t.Errorf("result %+v, want an interrupted turn", r)
			}
			said := false
			for _, ev := range seen {
				said = said || ev.Kind == "user" && ev.Text == "[Request interrupted by user]"
			}
			if !said {
				t.Errorf("no [Request interrupted by user] among %+v", seen)
			}
			if status, body := post(t, s, "/api/prompt", `{"text":"Try again."}`); status != http.StatusAccepted {
				t.Fatalf("POST /api/prompt: %d %s", status, body)
			}
			if ev := st.next(t, "text", nil); ev.Text != "This is a long answer that stalls." {
				t.Errorf("text %q after the interrupt", ev.Text)
			}
			if r := st.next(t, "result", nil).Result; r.Interrupted || r.Subtype != "success" {
				t.Errorf("result %+v after the interrupt, want a success", r)
			}
		})
	}
}

// TestSessionEnd: a CLI that exits ends the session; the pages hear of
// it and further prompts are refused.
func TestSessionEnd(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	st := subscribe(t, s, 0)
	post(t, s, "/api/prompt", `{"text":"Say hello."}`)
	st.next(t, "result", nil)
	// The recording has no second turn: the fake exits with status 1.
	post(t, s, "/api/prompt", `{"text":"And again."}`)
	ev := st.next(t, "ended", nil)
	select {
	case <-s.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("Done is not closed after the ended event")
	}
	var ee *claude.ExitError
	if !errors.As(s.Err(), &ee) || ev.Text == "" {
		t.Errorf("Err %v, ended %q: want the CLI's exit", s.Err(), ev.Text)
	}
	if status, body := post(t, s, "/api/prompt", `{"text":"Still there?"}`); status != http.StatusConflict || !strings.Contains(body, "the session has ended") {
		t.Errorf("a prompt after the end: %d %s, want 409", status, body)
	}
	if status, body := post(t, s, "/api/interrupt", `{}`); status != http.StatusConflict {
		t.Errorf("an interrupt after the end: %d %s, want 409", status, body)
	}
}

// TestReconnect: a page that reconnects with Last-Event-ID gets the
// events after it, and a new page every event from the first.
func TestReconnect(t *testing.T) {
	t.Parallel()
	s := startServer(t, "2.1.332", "text-simple")
	first := subscribe(t, s, 0)
	post(t, s, "/api/prompt", `{"text":"Say hello."}`)
	text := first.next(t, "text", nil)
	again := subscribe(t, s, text.Seq)
	if ev := again.next(t, "result", nil); ev.Seq <= text.Seq {
		t.Errorf("after Last-Event-ID %d: event %d", text.Seq, ev.Seq)
	}
	fresh := subscribe(t, s, 0)
	if ev := fresh.next(t, "init", nil); ev.Seq != 1 { // the CLI's start, before any prompt
		t.Errorf("a new page starts at event %d, want 1", ev.Seq)
	}
}

// TestStartLoopbackOnly: Start refuses to listen beyond this machine.
func TestStartLoopbackOnly(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	s, err := webui.New(ctx, fakeOptions(t, "2.1.332", "text-simple"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, addr := range []string{"0.0.0.0:0", ":0"} {
		if err := s.Start(addr); err == nil || !strings.Contains(err.Error(), "not a loopback address") {
			t.Errorf("Start(%q): %v, want a refusal", addr, err)
		}
	}
	// The Handler serves elsewhere too, with the same checks.
	hs := httptest.NewServer(s.Handler)
	defer hs.Close()
	resp, err := http.Get(hs.URL + "/?token=" + s.Token)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the Handler on httptest: %s", resp.Status)
	}
}

// TestNewFails: a CLI that cannot start is New's error.
func TestNewFails(t *testing.T) {
	t.Parallel()
	opts := fakeOptions(t, "2.1.332", "no-such-scenario")
	if _, err := webui.New(t.Context(), opts); err == nil || !strings.Contains(err.Error(), "webui: start the session") {
		t.Errorf("New with a CLI that exits: %v", err)
	}
}

// FuzzAnswerBodies posts arbitrary bodies to the permission and interrupt
// endpoints of an idle session: each gets a 4xx answer with an error
// message, never a 5xx or a panic.
func FuzzAnswerBodies(f *testing.F) {
	for _, seed := range []string{``, `{}`, `{"id":"x","allow":true}`, `{"id":"x","allow":false,"message":"no"}`, `{"id":1}`, `[]`, `null`, `{"allow":null}`, `{"id":"x","allow":true}{}`, "\xff", `{"id":"` + strings.Repeat("é", 100) + `"}`} {
		f.Add("/api/permission", seed)
		f.Add("/api/interrupt", seed)
	}
	s := startServer(f, "2.1.332", "text-simple")
	f.Fuzz(func(t *testing.T, path, body string) {
		if path != "/api/permission" && path != "/api/interrupt" {
			path = "/api/permission"
		}
		status, resp := post(t, s, path, body)
		var e struct{ Error string }
		if status < 400 || status >= 500 || json.Unmarshal([]byte(resp), &e) != nil || e.Error == "" {
			t.Errorf("POST %s %q: %d %s, want a 4xx with an error", path, body, status, resp)
		}
	})
}
