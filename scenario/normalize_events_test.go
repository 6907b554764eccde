package scenario_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

func TestNormalizeEvents(t *testing.T) {
	t.Parallel()
	const u1, u2 = "0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4", "1c7f2e3f-4d5b-4c6d-9e7f-8091a2b3c4d5"
	for _, tc := range []struct {
		name string
		in   []recording.Event
		want []recording.Event
	}{
		{
			name: "numbered by first appearance across directions",
			in: []recording.Event{
				{Kind: recording.EventStdin, Msg: json.RawMessage(`{"type":"user","uuid":"` + u2 + `"}`)},
				{Kind: recording.EventRequest, Request: 1},
				{Kind: recording.EventStdout, Msg: json.RawMessage(`{"session_id":"` + u1 + `","uuid":"` + u2 + `","cwd":"/run/w/x","duration_ms":12,"claude_code_version":"2.1.37"}`)},
			},
			want: []recording.Event{
				{Kind: recording.EventStdin, Msg: json.RawMessage(`{"type":"user","uuid":"<uuid:1>"}`)},
				{Kind: recording.EventRequest, Request: 1},
				{Kind: recording.EventStdout, Msg: json.RawMessage(`{"session_id":"<uuid:2>","uuid":"<uuid:1>","cwd":"<cwd>/x","duration_ms":"<duration>","claude_code_version":"<cli-version>"}`)},
			},
		},
		{
			name: "text lines",
			in:   []recording.Event{{Kind: recording.EventStdout, Msg: json.RawMessage(`not json /run/w`)}, {Kind: recording.EventStdout, Text: "at api.test:8080", Error: "bad"}},
			want: []recording.Event{{Kind: recording.EventStdout, Text: "not json <cwd>"}, {Kind: recording.EventStdout, Text: "at <api-host>", Error: "bad"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := scenario.NormalizeEvents(time.Now(), 0, "2.1.37", map[string]string{"/run/w": "cwd"}, map[string]string{"api.test:8080": "<api-host>"}, tc.in)
			if len(got) != len(tc.want) {
				t.Fatalf("%d events, want %d", len(got), len(tc.want))
			}
			for i := range got {
				g, w := got[i], tc.want[i]
				if g.Kind != w.Kind || string(g.Msg) != string(w.Msg) || g.Text != w.Text || g.Error != w.Error || g.Request != w.Request {
					t.Errorf("event %d: %+v, want %+v (msg %s, want %s)", i, g, w, g.Msg, w.Msg)
				}
			}
		})
	}
}
