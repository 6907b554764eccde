package fakecli

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// Signals returns a channel that receives the SIGINT and SIGTERM the
// process gets, for [Config.Signals], and a function that stops the
// delivery. While it delivers, the signals do not end the process: the
// fake plays what the recorded CLI does on them.
func Signals() (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return ch, func() { signal.Stop(ch) }
}

// signalName is the name a scenario's signal section gives sig, "" for a
// signal the fake does not play.
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return ""
}

// signalFallback is the exit status for a signal when no recording of the
// version shows the CLI's reaction: every recorded version (2.1.29 to
// 2.1.332) ends with status 0 on SIGINT and 143 on SIGTERM, writing
// nothing on stderr.
var signalFallback = map[string]int{"SIGINT": 0, "SIGTERM": 143}

// The states of a session a signal can find the fake in, each with the
// version's recording of the CLI's reaction in it (see signalProfile).
const (
	// stateIdle: no turn under way (every result written).
	stateIdle = "idle"
	// stateMidTurn: a turn under way, its result not written (a
	// recording whose turn ends in a stalled stream).
	stateMidTurn = "mid-turn"
	// statePermission: a permission request (can_use_tool) waits for
	// the host's answer.
	statePermission = "permission-prompt"
)

// signalProfile is the recording of the version that shows the CLI's
// reaction to signal name in state.
func signalProfile(name, state string) string {
	return "signal-" + strings.ToLower(name) + "-" + state
}

// signal plays what the CLI does on signal sig and returns the status it
// exits with: the recording's own reaction when its next step is that
// signal, else the reaction the version's recording of the signal in the
// session's state shows (see signalProfile), else none and the status of
// signalFallback.
func (x *play) signal(sig os.Signal) (int, error) {
	name := signalName(sig)
	if name == "" {
		return 1, nil
	}
	if x.next < len(x.s.steps) && x.s.steps[x.next].in.kind() == "signal/"+name {
		st := x.s.steps[x.next]
		x.next++
		return exitOn(x.s.rec, name), x.write(st.out, x.b)
	}
	state := stateIdle
	switch {
	case x.waitingForPermission():
		state = statePermission
	case x.turnOpen:
		state = stateMidTurn
	}
	s, i := x.reaction(name, state)
	if s == nil {
		return signalFallback[name], nil
	}
	return exitOn(s.rec, name), x.playReaction(s, i, state)
}

// reaction finds the version's recording of signal name in state and the
// step of the signal in it; nil if there is none.
func (x *play) reaction(name, state string) (*script, int) {
	s := x.other(signalProfile(name, state))
	if s == nil {
		return nil, 0
	}
	for i, st := range s.steps {
		if st.in.kind() == "signal/"+name {
			return s, i
		}
	}
	return nil, 0
}

// playReaction writes what the CLI wrote after step i of s, a signal's
// recording in state, for this session: its pending permission request
// is the one the CLI cancels. It drops the pending requests.
func (x *play) playReaction(s *script, i int, state string) error {
	st := s.steps[i]
	b := x.scope(s, nil, nil)
	swap := map[string]string{}
	if state == statePermission {
		// The request the CLI cancels and the tool call it rejects are
		// the fake's pending ones.
		if rec := lastPermissionRequest(s, i); rec != nil {
			for _, req := range x.pending {
				if req.StringAt("request", "subtype") == "can_use_tool" {
					b.bind(rec, req)
					if from, to := rec.StringAt("request", "tool_use_id"), req.StringAt("request", "tool_use_id"); from != "" && to != "" {
						swap[from] = to
					}
					break
				}
			}
		}
	}
	clear(x.pending)
	for _, l := range st.out {
		v := l.msg
		if v == nil {
			if _, err := x.out.WriteString(b.text(l.text) + "\n"); err != nil {
				return fmt.Errorf("fakecli: writing stdout: %w", err)
			}
			continue
		}
		v = b.message(v)
		if len(swap) > 0 {
			v.Walk(func(_ string, val *jsontree.Value) *jsontree.Value {
				if to, ok := swap[val.Str]; ok && val.Kind == jsontree.String {
					return jsontree.NewString(to)
				}
				return val
			})
		}
		if _, err := x.out.Write(append(v.AppendCompact(nil), '\n')); err != nil {
			return fmt.Errorf("fakecli: writing stdout: %w", err)
		}
	}
	return nil
}

// exitOn is the status the CLI exits with on signal name in recording
// rec: the recording's, or signalFallback's for one whose CLI did not
// exit by itself.
func exitOn(rec *recording.Recording, name string) int {
	if rec.ExitCode < 0 {
		return signalFallback[name]
	}
	return rec.ExitCode
}

// lastPermissionRequest returns the last can_use_tool request the CLI
// wrote in script s before step i, nil if none.
func lastPermissionRequest(s *script, i int) *jsontree.Value {
	var last *jsontree.Value
	consider := func(lines []line) {
		for _, l := range lines {
			if l.msg != nil && l.msg.StringAt("type") == "control_request" && l.msg.StringAt("request", "subtype") == "can_use_tool" {
				last = l.msg
			}
		}
	}
	consider(s.prologue)
	for _, st := range s.steps[:i] {
		consider(st.out)
	}
	return last
}
