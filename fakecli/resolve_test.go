package fakecli_test

import (
	"testing"

	"github.com/ccwire/ccwire/fakecli"
)

// TestResolve replaces the placeholders whose values the Env gives and
// leaves the others, but a number's, which becomes 0.
func TestResolve(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		env  fakecli.Env
		in   string
		want string
	}{
		{
			name: "version only",
			env:  fakecli.Env{Version: "2.1.332"},
			in:   `{"claude_code_version":"<cli-version>","session_id":"<uuid:1>","cwd":"<cwd>","ts":"<timestamp>","text":"Claude Code <cli-version> in <cwd-slug>"}`,
			want: `{"claude_code_version":"2.1.332","session_id":"<uuid:1>","cwd":"<cwd>","ts":"<timestamp>","text":"Claude Code 2.1.332 in <cwd-slug>"}`,
		},
		{
			name: "numbers",
			env:  fakecli.Env{Version: "2.1.332"},
			in:   `{"duration_ms":"<duration>","pid":"<pid>","task_pid":"<pid:2>","text":"took <duration> ms"}`,
			want: `{"duration_ms":0,"pid":0,"task_pid":0,"text":"took <duration> ms"}`,
		},
		{
			name: "machine values",
			env:  fakecli.Env{Cwd: "/w", Home: "/h/home", PID: 42, APIURL: "http://127.0.0.1:9"},
			in:   `{"cwd":"<cwd>","slug":"<cwd-slug>","cli":"<cli>","pid":"<pid>","url":"<api-url>","host":"<api-host>","v":"<cli-version>","other":"<system-reminder>"}`,
			want: `{"cwd":"/w","slug":"-w","cli":"/h","pid":42,"url":"http://127.0.0.1:9","host":"127.0.0.1:9","v":"<cli-version>","other":"<system-reminder>"}`,
		},
		{
			name: "none",
			in:   `{"type":"result","total_cost_usd":0.5}`,
			want: `{"type":"result","total_cost_usd":0.5}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := fakecli.Resolve([]byte(tc.in), tc.env)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	if _, err := fakecli.Resolve([]byte(`{"a":"<cwd>"`), fakecli.Env{}); err == nil {
		t.Error("no error for malformed JSON")
	}
}
