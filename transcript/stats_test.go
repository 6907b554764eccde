package transcript_test

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/transcript"
)

func statsOf(t *testing.T, lines ...string) *transcript.Stats {
	t.Helper()
	s := &transcript.Stats{}
	for ev, err := range claude.Events(transcript.Messages(strings.NewReader(strings.Join(lines, "\n")))) {
		if err != nil {
			t.Fatal(err)
		}
		s.Add(ev)
	}
	return s
}

func TestStats(t *testing.T) {
	t.Parallel()
	const (
		init1 = `{"type":"system","subtype":"init","session_id":"s1","model":"opus"}`
		use   = `{"type":"assistant","timestamp":"2026-01-01T10:00:00.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}`
		fail  = `{"type":"user","timestamp":"2026-01-01T10:00:01.500Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"no"}]}}`
		res1  = `{"type":"result","subtype":"success","session_id":"s1","num_turns":2,"duration_ms":3000,"duration_api_ms":2000,"total_cost_usd":0.5,"usage":{"input_tokens":10,"output_tokens":5},"modelUsage":{"opus":{"inputTokens":10,"outputTokens":5,"cacheReadInputTokens":7,"cacheCreationInputTokens":3,"costUSD":0.5}},"permission_denials":[{"tool_name":"Bash","tool_use_id":"t1","tool_input":{}}]}`
		res2  = `{"type":"result","subtype":"error_max_turns","session_id":"s1","num_turns":1,"duration_ms":1000,"total_cost_usd":0.75,"usage":{"input_tokens":4,"output_tokens":1},"modelUsage":{"opus":{"inputTokens":14,"outputTokens":6,"costUSD":0.7},"haiku":{"inputTokens":1,"outputTokens":1,"costUSD":0.05}}}`
		plain = `{"type":"result","subtype":"success","session_id":"s2","num_turns":1,"total_cost_usd":0.1,"usage":{"input_tokens":4,"output_tokens":1}}`
	)
	for _, tc := range []struct {
		name                  string
		lines                 []string
		turns, calls, errs    int64
		cost                  float64
		opusIn, opusCacheRead int64
		outcome               string
		toolMS                int64
		denials               int
	}{
		{name: "empty", outcome: ""},
		{name: "one turn", lines: []string{init1, use, fail, res1}, turns: 1, calls: 1, errs: 1, cost: 0.5, opusIn: 10, opusCacheRead: 7, outcome: "success", toolMS: 1500, denials: 1},
		{name: "cumulative session figures are not added twice", lines: []string{init1, res1, res2}, turns: 2, cost: 0.75, opusIn: 14, outcome: "error_max_turns", denials: 1},
		{name: "two sessions", lines: []string{init1, res1, plain}, turns: 2, cost: 0.6, opusIn: 10, opusCacheRead: 7, outcome: "success", denials: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := statsOf(t, tc.lines...)
			calls, errs := s.ToolCalls()
			if s.Turns != tc.turns || calls != tc.calls || errs != tc.errs || s.Outcome != tc.outcome || len(s.Denials) != tc.denials {
				t.Errorf("turns %d calls %d errors %d outcome %q denials %d; want %d %d %d %q %d", s.Turns, calls, errs, s.Outcome, len(s.Denials), tc.turns, tc.calls, tc.errs, tc.outcome, tc.denials)
			}
			if d := s.CostUSD - tc.cost; d > 1e-9 || d < -1e-9 {
				t.Errorf("cost %v, want %v", s.CostUSD, tc.cost)
			}
			var in, cr int64
			if m := s.Models["opus"]; m != nil {
				in, cr = m.InputTokens, m.CacheReadTokens
			}
			if in != tc.opusIn || cr != tc.opusCacheRead {
				t.Errorf("opus input %d cache read %d, want %d %d", in, cr, tc.opusIn, tc.opusCacheRead)
			}
			var ms int64
			if b := s.Tools["Bash"]; b != nil {
				ms = b.DurationMS
			}
			if ms != tc.toolMS {
				t.Errorf("Bash time %d ms, want %d", ms, tc.toolMS)
			}
		})
	}
}

func TestStatsMerge(t *testing.T) {
	t.Parallel()
	const res = `{"type":"result","subtype":"success","session_id":"same","num_turns":1,"total_cost_usd":0.25,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{"m":{"inputTokens":1,"outputTokens":2,"costUSD":0.25}}}`
	total := &transcript.Stats{}
	for range 3 {
		total.Merge(statsOf(t, res)) // three files naming the same session
	}
	if total.Turns != 3 || total.CostUSD != 0.75 || total.Models["m"].OutputTokens != 6 {
		t.Errorf("merged: turns %d cost %v output %d", total.Turns, total.CostUSD, total.Models["m"].OutputTokens)
	}
}

// TestStatsCostRounded adds up costs whose float sum is noisy
// (0.00044 + 0.00012 = 0.0005600000000000001): the figures read as the
// costs do, in every sum (sessions, models, Tokens, Merge) and in the
// HTML page's per-turn cost.
func TestStatsCostRounded(t *testing.T) {
	t.Parallel()
	const (
		a = `{"type":"result","subtype":"success","session_id":"a","num_turns":1,"total_cost_usd":0.00044,"usage":{},"modelUsage":{"opus":{"costUSD":0.00044},"haiku":{"costUSD":0.00016}}}`
		b = `{"type":"result","subtype":"success","session_id":"b","num_turns":1,"total_cost_usd":0.00012,"usage":{},"modelUsage":{"opus":{"costUSD":0.00012},"haiku":{"costUSD":0.00012}}}`
		// The session's cost so far: this turn cost 0.00056 - 0.00044.
		a2 = `{"type":"result","subtype":"success","session_id":"a","num_turns":1,"total_cost_usd":0.00056,"usage":{}}`
	)
	s := statsOf(t, a, b)
	m := statsOf(t, a)
	m.Merge(statsOf(t, b))
	for _, c := range []struct {
		name string
		got  float64
		want string
	}{
		{"CostUSD", s.CostUSD, "0.00056"},
		{"opus", s.Models["opus"].CostUSD, "0.00056"},
		{"haiku", s.Models["haiku"].CostUSD, "0.00028"},
		{"Merge CostUSD", m.CostUSD, "0.00056"},
		{"Merge opus", m.Models["opus"].CostUSD, "0.00056"},
		{"Tokens", s.Tokens().CostUSD, "0.00084"},
	} {
		if str := strconv.FormatFloat(c.got, 'g', -1, 64); str != c.want {
			t.Errorf("%s = %s, want %s", c.name, str, c.want)
		}
	}
	var page bytes.Buffer
	if err := transcript.RenderHTML(&page, transcript.Messages(strings.NewReader(a+"\n"+a2+"\n")), transcript.HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), `data-cost="0.00012"`) {
		t.Errorf("the page's second turn costs %q, want 0.00012", regexp.MustCompile(`data-cost="[^"]*"`).FindAllString(page.String(), -1))
	}
}
