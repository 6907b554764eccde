package fakecli

import (
	"fmt"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// line is one recorded stdin or stdout line: a JSON message, or a text
// that is not one; or a signal sent to the CLI, in place of a stdin line.
type line struct {
	msg    *jsontree.Value
	text   string
	signal string // "SIGINT", "SIGTERM"; "" for a line
}

// kind classifies a recorded stdin line (see kind), or a signal:
// "signal/SIGINT".
func (l line) kind() string {
	if l.signal != "" {
		return "signal/" + l.signal
	}
	return kind(l.msg)
}

// write appends the line as the CLI writes it, after substitution.
func (l line) appendTo(dst []byte, b *binder) []byte {
	if l.msg == nil {
		return append(dst, b.text(l.text)...)
	}
	return b.message(l.msg).AppendCompact(dst)
}

// step is one recorded stdin line and the stdout lines the CLI wrote after
// it, up to the next stdin line: what the fake writes once the host sends
// a line like it.
type step struct {
	in  line
	out []line
}

// script is a recording cut into steps.
type script struct {
	rec *recording.Recording
	// prologue are the stdout lines written before any stdin line.
	prologue []line
	steps    []step
	// sessionID is the placeholder of the session ID ("<uuid:1>"), taken
	// from the first stdout line that has one; "" if none does.
	sessionID string
}

func newScript(rec *recording.Recording) (*script, error) {
	return newScriptFrom(rec, 0)
}

// newScriptFrom cuts the part of rec from scenario turn from on (0 for
// all) into steps: with the turn a later CLI process starts at
// (Recording.Restart), that process's part.
func newScriptFrom(rec *recording.Recording, from int) (*script, error) {
	s := &script{rec: rec}
	for i, ev := range rec.Events {
		if ev.Turn < from {
			continue
		}
		var l line
		switch ev.Kind {
		case recording.EventSignal:
			// The CLI's reaction is what it wrote after it: a step, as
			// for a stdin line.
			s.steps = append(s.steps, step{in: line{signal: ev.Signal}})
			continue
		case recording.EventStdin, recording.EventStdout:
			if ev.Msg != nil {
				v, err := jsontree.Parse(ev.Msg)
				if err != nil {
					return nil, fmt.Errorf("fakecli: recording of %s, event %d: %w", rec.Scenario, i+1, err)
				}
				l.msg = v
			} else {
				l.text = ev.Text
			}
		default:
			continue // API requests: the fake has no API to ask
		}
		if ev.Kind == recording.EventStdin {
			s.steps = append(s.steps, step{in: l})
			continue
		}
		if s.sessionID == "" && l.msg != nil {
			s.sessionID = l.msg.StringAt("session_id")
		}
		if len(s.steps) == 0 {
			s.prologue = append(s.prologue, l)
		} else {
			st := &s.steps[len(s.steps)-1]
			st.out = append(st.out, l)
		}
	}
	return s, nil
}

// kind classifies a stdin line for matching a host's line with a
// recorded one: "user", "control_request/<subtype>", "control_response",
// another type, or "text" for a line that is not JSON.
func kind(v *jsontree.Value) string {
	if v == nil {
		return "text"
	}
	t := v.StringAt("type")
	if t == "control_request" {
		return t + "/" + v.StringAt("request", "subtype")
	}
	return t
}
