package fakecli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// profiles names, by control request subtype, the recordings of a
// version whose answer to such a request serves as the answer when the
// recording played has none where the host asks.
var profiles = map[string][]string{
	"initialize":              {"initialize-handshake"},
	"interrupt":               {"interrupt-stalled-stream"},
	"set_model":               {"set-mode-and-model"},
	"set_permission_mode":     {"set-mode-and-model"},
	"set_max_thinking_tokens": {"set-mode-and-model"},
}

// permissionModes are the modes every recorded version takes; the answer
// to another comes from invalidModeProfile.
var permissionModes = []string{"default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"}

// invalidModeProfile is the recording that shows a version's answer to an
// unknown permission mode.
const invalidModeProfile = "set-permission-mode-invalid"

// denyProfile is the recording that shows what a version writes when the
// host denies a tool.
const denyProfile = "permission-prompt-deny"

// other returns the script of another recording of the version, nil if
// there is none.
func (x *play) other(id string) *script {
	if id == x.s.rec.Scenario {
		return x.s
	}
	if s, ok := x.scripts[id]; ok {
		return s
	}
	var s *script
	if x.p.Lookup != nil {
		if rec, err := x.p.Lookup(id); err == nil && rec != nil {
			s, _ = newScript(rec)
		}
	}
	x.scripts[id] = s
	return s
}

// scope is a binder for lines of script s answering the host's request
// v: its request ID is the host's, its session is this session, and its
// other placeholders are fresh.
func (x *play) scope(s *script, rec, v *jsontree.Value) *binder {
	b := newBinder(x.env)
	if s.sessionID != "" && x.s.sessionID != "" {
		b.set(s.sessionID, x.b.text(x.s.sessionID))
	}
	if rec != nil && v != nil {
		b.bind(rec, v)
	}
	return b
}

// control answers a control request of the host that the recording has
// no step for at this point.
func (x *play) control(v *jsontree.Value) error {
	subtype := v.StringAt("request", "subtype")
	id := v.StringAt("request_id")
	abort := subtype == "interrupt" && x.waitingForPermission()
	candidates := append([]string{x.s.rec.Scenario}, profiles[subtype]...)
	if subtype == "set_permission_mode" && !slices.Contains(permissionModes, v.StringAt("request", "mode")) {
		// An unknown mode: the version's answer to one (2.1.330 refuses
		// it, 2.1.37 takes any string).
		candidates = append([]string{invalidModeProfile}, candidates...)
	}
	for _, sc := range candidates {
		s := x.other(sc)
		if s == nil {
			continue
		}
		for _, st := range s.steps {
			if st.in.kind() != "control_request/"+subtype {
				continue
			}
			// What the CLI wrote after the request is its reaction to it
			// (the runner reads it before the next stdin line): the
			// answer, and such lines as 2.1.330's system/status after a
			// mode change or its "Set model to" user message. Only an
			// interrupt's reaction depends on the moment: an idle CLI
			// just answers it, and one asking for permission answers it
			// and then aborts the turn as on SIGINT (see abort); the rest
			// of the recorded reaction is the recorded turn's.
			recID := st.in.msg.StringAt("request_id")
			var lines, ending []line
			for _, l := range st.out {
				switch {
				case subtype == "set_model" && !x.started && l.msg != nil && l.msg.StringAt("type") == "user":
					// Before the first turn the CLI (2.1.332, TestFidelity)
					// writes no "Set model to" message: it has no session yet.
				case subtype != "interrupt" || (l.msg != nil && l.msg.StringAt("type") == "control_response" && l.msg.StringAt("response", "request_id") == recID):
					lines = append(lines, l)
				case l.msg != nil && l.msg.StringAt("type") != "assistant" && l.msg.StringAt("type") != "stream_event":
					ending = append(ending, l) // not the interrupted text
				}
			}
			if len(lines) == 0 {
				continue
			}
			b := x.scope(s, st.in.msg, v)
			if err := x.writeAnswer(lines, b, st.in.msg.Path("request"), v.Path("request")); err != nil || !abort {
				return err
			}
			return x.abort(ending, b)
		}
	}
	if abort {
		defer x.abort(nil, nil)
	}
	// No recording shows the answer: the bare success every version
	// writes for a request without a payload.
	resp := jsontree.NewObject(
		jsontree.Member{Key: "type", Val: jsontree.NewString("control_response")},
		jsontree.Member{Key: "response", Val: jsontree.NewObject(
			jsontree.Member{Key: "subtype", Val: jsontree.NewString("success")},
			jsontree.Member{Key: "request_id", Val: jsontree.NewString(id)},
		)},
	)
	if _, ok := profiles[subtype]; !ok {
		resp = jsontree.NewObject(
			jsontree.Member{Key: "type", Val: jsontree.NewString("control_response")},
			jsontree.Member{Key: "response", Val: jsontree.NewObject(
				jsontree.Member{Key: "subtype", Val: jsontree.NewString("error")},
				jsontree.Member{Key: "request_id", Val: jsontree.NewString(id)},
				jsontree.Member{Key: "error", Val: jsontree.NewString(fmt.Sprintf("Unsupported control request subtype: %s", subtype))},
			)},
		)
	}
	if _, err := x.out.Write(append(resp.AppendCompact(nil), '\n')); err != nil {
		return fmt.Errorf("fakecli: writing stdout: %w", err)
	}
	return nil
}

// writeAnswer writes recorded answer lines for a request whose recorded
// payload was recReq and the host's is req: a string of the recorded
// payload ("mode":"acceptEdits", "model":"claude-haiku-4-5") that the
// answer repeats, whole or in a text ("Set model to `claude-haiku-4-5`"),
// becomes the host's.
func (x *play) writeAnswer(lines []line, b *binder, recReq, req *jsontree.Value) error {
	swap := map[string]string{}
	if recReq != nil && req != nil && recReq.Kind == jsontree.Object {
		for _, m := range recReq.Members {
			if m.Key == "subtype" || m.Val.Kind != jsontree.String {
				continue
			}
			if got := req.Get(m.Key); got != nil && got.Kind == jsontree.String && got.Str != m.Val.Str {
				swap[m.Val.Str] = got.Str
			}
		}
	}
	for _, l := range lines {
		if l.msg == nil {
			if _, err := x.out.WriteString(b.text(l.text) + "\n"); err != nil {
				return fmt.Errorf("fakecli: writing stdout: %w", err)
			}
			continue
		}
		v := b.message(l.msg)
		if len(swap) > 0 {
			v.Walk(func(_ string, val *jsontree.Value) *jsontree.Value {
				if val.Kind != jsontree.String {
					return val
				}
				if s, ok := swap[val.Str]; ok {
					return jsontree.NewString(s)
				}
				s := val.Str
				for from, to := range swap {
					if len(from) >= 4 {
						s = strings.ReplaceAll(s, from, to)
					}
				}
				return jsontree.NewString(s)
			})
		}
		if _, err := x.out.Write(append(x.adjust(v).AppendCompact(nil), '\n')); err != nil {
			return fmt.Errorf("fakecli: writing stdout: %w", err)
		}
	}
	return nil
}

// waitingForPermission reports whether a permission request of the fake
// waits for the host's answer: the turn is under way.
func (x *play) waitingForPermission() bool {
	for _, req := range x.pending {
		if req.StringAt("request", "subtype") == "can_use_tool" {
			return true
		}
	}
	return false
}

// abort ends the turn whose permission request waits, on an interrupt:
// with what the version's signal-sigint-permission-prompt recording shows
// the CLI writing (2.1.330 and later cancel the request, reject the tool
// call, note the interruption and write an error_during_execution
// result), else (2.1.37 writes nothing on SIGINT there) with ending, the
// end of a turn interrupted mid-stream without its text, bound by b; and
// drops the rest of the recorded turn.
func (x *play) abort(ending []line, b *binder) error {
	defer x.abortTurn()
	x.turnOpen = false
	if s, i := x.reaction("SIGINT", statePermission); s != nil && len(s.steps[i].out) > 0 {
		return x.playReaction(s, i, statePermission)
	}
	if b == nil {
		return nil
	}
	return x.writeAnswer(ending, b, nil, nil)
}

// abortTurn drops the rest of the interrupted turn: the pending requests
// and the recorded steps up to the next user message.
func (x *play) abortTurn() {
	clear(x.pending)
	for x.next < len(x.s.steps) && x.s.steps[x.next].in.kind() != "user" {
		x.next++
	}
}

// denyLine is the tool_result message the CLI writes when the host denies
// tool call id with message msg: the recorded deny of the version's
// permission-prompt-deny recording, or else the shape 2.1.37 writes.
func (x *play) denyLine(id, msg string) *jsontree.Value {
	if s := x.other(denyProfile); s != nil {
		for _, st := range s.steps {
			if st.in.kind() != "control_response" || st.in.msg.StringAt("response", "response", "behavior") != "deny" {
				continue
			}
			recMsg := st.in.msg.StringAt("response", "response", "message")
			for _, l := range st.out {
				if l.msg == nil || l.msg.StringAt("type") != "user" {
					continue
				}
				c := l.msg.Path("message", "content")
				if c == nil || c.Kind != jsontree.Array || len(c.Elems) == 0 || c.Elems[0].StringAt("type") != "tool_result" {
					continue
				}
				recID := c.Elems[0].StringAt("tool_use_id")
				v := x.scope(s, nil, nil).message(l.msg)
				swapDenyMessage(v, recMsg, msg)
				v.Walk(func(_ string, val *jsontree.Value) *jsontree.Value {
					if val.Kind == jsontree.String && val.Str == recID {
						return jsontree.NewString(id)
					}
					return val
				})
				return v
			}
		}
	}
	sid := ""
	if x.s.sessionID != "" {
		sid = x.b.text(x.s.sessionID)
	}
	return jsontree.NewObject(
		jsontree.Member{Key: "type", Val: jsontree.NewString("user")},
		jsontree.Member{Key: "message", Val: jsontree.NewObject(
			jsontree.Member{Key: "role", Val: jsontree.NewString("user")},
			jsontree.Member{Key: "content", Val: jsontree.NewArray(jsontree.NewObject(
				jsontree.Member{Key: "type", Val: jsontree.NewString("tool_result")},
				jsontree.Member{Key: "content", Val: jsontree.NewString(msg)},
				jsontree.Member{Key: "is_error", Val: jsontree.NewBool(true)},
				jsontree.Member{Key: "tool_use_id", Val: jsontree.NewString(id)},
			))},
		)},
		jsontree.Member{Key: "parent_tool_use_id", Val: &jsontree.Value{Kind: jsontree.Null}},
		jsontree.Member{Key: "session_id", Val: jsontree.NewString(sid)},
		jsontree.Member{Key: "uuid", Val: jsontree.NewString(fresh("uuid", 0))},
		jsontree.Member{Key: "tool_use_result", Val: jsontree.NewString("Error: " + msg)},
	)
}
