package scenario

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/stubapi"
)

func TestPlaceRequests(t *testing.T) {
	t.Parallel()
	t0 := time.Now()
	at := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Second) }
	assistant := func(turn int) string {
		return `{"type":"assistant","message":{"id":"` + stubapi.MessageID(turn) + `","content":[]}}`
	}
	start := func(turn int) string {
		return `{"type":"stream_event","event":{"type":"message_start","message":{"id":"` + stubapi.MessageID(turn) + `"}}}`
	}
	const (
		user      = `{"type":"user"}`
		init      = `{"type":"system","subtype":"init"}`
		toolRes   = `{"type":"user","message":{"content":[{"type":"tool_result"}]}}`
		retry     = `{"type":"system","subtype":"api_retry"}`
		result    = `{"type":"result"}`
		delta     = `{"type":"stream_event","event":{"type":"content_block_delta"}}`
		synthetic = `{"type":"user","isSynthetic":true}`
		made      = `{"type":"assistant","message":{"id":"8d3b…","model":"<synthetic>"}}`
		ctlResp   = `{"type":"control_response"}`
	)
	// in is a stdin line written at second n; out a stdout line.
	in := func(n int, line string) stdioLine { return stdioLine{dir: "stdin", data: []byte(line), at: at(n)} }
	out := func(line string) stdioLine { return stdioLine{dir: "stdout", data: []byte(line)} }
	// req is a request arriving at second n.
	req := func(n, turn int, outcome stubapi.Outcome) stubapi.Request {
		return stubapi.Request{Time: at(n), Turn: turn, Outcome: outcome}
	}
	const (
		served  = stubapi.OutcomeServed
		fault   = stubapi.OutcomeFault
		overrun = stubapi.OutcomeOverrun
	)
	for _, tc := range []struct {
		name     string
		lines    []stdioLine
		requests []stubapi.Request
		want     string // the lines by their type, requests as R1, R2, …
	}{{
		name: "tool loop with retries",
		lines: []stdioLine{
			in(0, user), out(init), out(assistant(0)), out(assistant(0)), out(toolRes),
			out(retry), out(assistant(1)), out(result),
		},
		requests: []stubapi.Request{req(1, 0, fault), req(1, 0, served), req(1, 1, fault), req(1, 1, served), req(1, stubapi.NoTurn, overrun)},
		want:     "user system R1 R2 assistant assistant user R3 system R4 assistant R5 result",
	}, {
		name: "a fault after part of an answer, served again in a later turn",
		lines: []stdioLine{
			in(0, user), out(init), out(start(0)), out(delta),
			in(2, `{"type":"control_request"}`), out(ctlResp), out(assistant(0)), out(result),
			in(3, user), out(init), out(start(0)), out(assistant(0)), out(result),
		},
		requests: []stubapi.Request{req(1, 0, fault), req(4, 0, served)},
		want:     "user system R1 stream_event stream_event control_request control_response assistant result user system R2 stream_event assistant result",
	}, {
		name: "an empty answer and the CLI's nudge",
		lines: []stdioLine{
			in(0, user), out(init), out(synthetic), out(assistant(2)), out(result),
		},
		requests: []stubapi.Request{req(1, 0, fault), req(1, 1, served), req(1, 2, served)},
		want:     "user system R1 R2 user R3 assistant result",
	}, {
		name: "a fault in the second turn stays in it",
		lines: []stdioLine{
			in(0, user), out(init), out(assistant(0)), out(result),
			in(2, user), out(init), out(made), out(result),
		},
		requests: []stubapi.Request{req(1, 0, served), req(3, 1, fault)},
		want:     "user system R1 assistant result user system R2 assistant result",
	}, {
		name: "a request with nothing after it ends its turn",
		lines: []stdioLine{
			in(0, user), out(init), out(ctlResp),
			in(2, user), out(init), out(assistant(0)), out(result),
		},
		requests: []stubapi.Request{req(1, stubapi.NoTurn, overrun), req(3, 0, served)},
		want:     "user system control_response R1 user system R2 assistant result",
	}, {
		name: "a served request whose answer shows on no line",
		lines: []stdioLine{
			in(0, user), out(init), out(assistant(0)), out(toolRes), out(assistant(2)), out(result),
		},
		requests: []stubapi.Request{req(1, 0, served), req(1, 1, served), req(1, 2, served)},
		want:     "user system R1 assistant user R2 R3 assistant result",
	}, {
		name: "two stdin lines in a turn",
		lines: []stdioLine{
			in(0, user), in(0, user), out(init), out(assistant(0)), out(result),
		},
		requests: []stubapi.Request{req(1, 0, served)},
		want:     "user user system R1 assistant result",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pos := placeRequests(tc.lines, tc.requests)
			var got []string
			k := 0
			for j := 0; j <= len(tc.lines); j++ {
				for ; k < len(pos) && pos[k] <= j; k++ {
					got = append(got, "R"+string(rune('1'+k)))
				}
				if j < len(tc.lines) {
					got = append(got, readType(tc.lines[j].data))
				}
			}
			if diff := cmp.Diff(tc.want, strings.Join(got, " ")); diff != "" {
				t.Errorf("placeRequests %v (-want +got):\n%s", pos, diff)
			}
			for i := 1; i < len(pos); i++ {
				if pos[i] < pos[i-1] {
					t.Errorf("request %d goes before request %d: %v", i+1, i, pos)
				}
			}
		})
	}
}

func readType(line []byte) string {
	_, rest, _ := strings.Cut(string(line), `"type":"`)
	typ, _, _ := strings.Cut(rest, `"`)
	return typ
}
