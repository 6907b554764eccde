package scenario

import (
	"testing"
	"time"
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
		{"sock 4242.sock, not 14242 or 42420", "sock <pid>.sock, not 14242 or 42420"},
		{" - OS Version: Linux 6.18.44-fc-v445\n - next", " - OS Version: <os-version>\n - next"},
		{"gateway (http://127.0.0.1:40000)", "gateway (<api-url>)"},
		{`{"request_id":"req_stub000002"} req_stub000003 req_stub000002`, `{"request_id":"<api_request_id:1>"} <api_request_id:2> <api_request_id:1>`},
	}
	for _, tc := range tests {
		if got := n.text(tc.in); got != tc.want {
			t.Errorf("text(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestNormalizerValue(t *testing.T) {
	t.Parallel()
	n := newNormalizer(time.Now(), 0, nil, nil)
	v, err := parseValue([]byte(`{"type":"result","duration_ms":472,"duration_api_ms":198,"ttft_ms":12,"durationMs":3,"totalDurationMs":4,"time_to_request_ms":1,` +
		`"num_turns":2,"items":5,"format":6,"timestamp":1732200000,"resetsAt":1732200000,"created_at":7,` +
		`"request_id":"abc","nested":[{"request_id":"abc"},{"request_id":"def"}],"duration_ms_text":"x","cost":0.5,"flag":true,"none":null,"api":{"request_id":"req_stub000001"}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := n.value(v).String()
	want := `{"type":"result","duration_ms":"<duration>","duration_api_ms":"<duration>","ttft_ms":"<duration>","durationMs":"<duration>","totalDurationMs":"<duration>","time_to_request_ms":"<duration>",` +
		`"num_turns":2,"items":5,"format":6,"timestamp":"<time>","resetsAt":"<time>","created_at":"<time>",` +
		`"request_id":"<request_id:1>","nested":[{"request_id":"<request_id:1>"},{"request_id":"<request_id:2>"}],"duration_ms_text":"x","cost":0.5,"flag":true,"none":null,"api":{"request_id":"<api_request_id:1>"}}`
	if got != want {
		t.Errorf("value:\n got %s\nwant %s", got, want)
	}
}

func TestValueRoundTrip(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"b":1,"a":[true,false,null,"x<y>&z",1.5e3,{}],"c":{"z":[]}}`,
		`"plain"`, `[]`, `-0.0`,
	} {
		v, err := parseValue([]byte(in))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := v.String(); got != in {
			t.Errorf("compact %s = %s", in, got)
		}
		w, err := parseValue(v.appendIndent(nil, ""))
		if err != nil || !v.equal(w) {
			t.Errorf("indent round trip of %s: %v", in, err)
		}
	}
	for _, bad := range []string{``, `{`, `{"a":1} x`, `[1,]`} {
		if _, err := parseValue([]byte(bad)); err == nil {
			t.Errorf("parseValue(%q) succeeded", bad)
		}
	}
}
