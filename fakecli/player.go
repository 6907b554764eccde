package fakecli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/recording"
)

// Player plays one recording as the CLI would: it reads the host's
// stdin lines and, for each, writes the stdout lines the recorded CLI
// wrote after the corresponding recorded stdin line, with the recording's
// placeholders replaced by fresh values consistent within the session
// (see [Env]). It waits for each line before writing what follows it, so
// a turn's output comes only once the host has asked for it, and a
// permission request waits for the host's answer.
//
// Lines the recording does not have at that point are answered in the
// recorded version's shape: a control request (initialize, interrupt,
// set_model, set_permission_mode, set_max_thinking_tokens) from the
// recording's own answer to one, or else from another recording of the
// version (see Lookup); an interrupt while a permission request waits
// aborts the turn as the CLI does; a deny where the recording allowed
// writes the tool_result error the CLI writes on a deny, and lists the
// denial in the turn's result; a deny where the recording denied writes
// the host's message where the CLI does. An allow where the recording
// denied (it has no run of the tool to play), and a user message the
// recording has no turn for, end the session with a [DivergenceError].
//
// A signal (see Signals) ends the session as it ends the recorded CLI:
// with the recording's lines after it where the recording has it next,
// else with what the version's signal-sigint-* or signal-sigterm-*
// recording shows the CLI writing in the session's state (between turns,
// while a permission request waits, in the middle of a turn) and the
// status it exits with.
type Player struct {
	// Recording is the recording to play.
	Recording *recording.Recording
	// Lookup returns another recording of the same CLI version by
	// scenario ID, for control requests the recording has no answer to
	// (initialize-handshake, set-mode-and-model, interrupt-stalled-stream,
	// permission-prompt-deny); nil, or an error, and the fake answers in a
	// generic shape.
	Lookup func(id string) (*recording.Recording, error)
	// Env gives the values of the run's placeholders. A zero Version is
	// the recording's; a zero Start is when Run starts.
	Env Env
	// Stderr receives what the CLI writes on its stderr (input errors)
	// and notes on where the host left the recording. Nil discards them.
	Stderr io.Writer
	// SessionID, if a UUID, is the session ID to play the recording's
	// under (--resume ID, --session-id ID); "" for a fresh one.
	SessionID string
	// Resumed says that the host resumes a session (--resume,
	// --continue): of a recording whose CLI was started again for a later
	// turn (Recording.Restart), the later process plays; of one run in a
	// single process, all of it.
	Resumed bool
	// Request is the host's command line; Run checks that the recording's
	// CLI was started with the same flags that change the protocol (see
	// [CheckRequest]), and that the initialize request asks for what the
	// recorded one asked, and stops with a *[DivergenceError] where they
	// differ. Nil skips the checks.
	Request *Args
	// Signals delivers the signals the fake's process gets (SIGINT,
	// SIGTERM; see [Signals]): on one, Run writes what the recorded CLI
	// writes on it and returns the status it exits with. Nil for none.
	Signals <-chan os.Signal
}

// DivergenceError reports a host line that the recording cannot answer:
// the fake stops there, as a CLI would stop with an error.
type DivergenceError struct {
	// Scenario and Version name the recording.
	Scenario, Version string
	// Line is the host's line.
	Line string
	// Reason says what the recording lacks.
	Reason string
	// Match names a recording of the version that has what the host
	// asked, "" if none is known.
	Match string
}

func (e *DivergenceError) Error() string {
	where := "the command line"
	if e.Line != "" {
		where = "stdin line " + abbreviate(e.Line, 200)
	}
	match := ""
	if e.Match != "" {
		match = fmt.Sprintf("; scenario %s has what the host asks", e.Match)
	}
	return fmt.Sprintf("fakecli: recording %s of CLI %s: %s (%s)%s", e.Scenario, e.Version, e.Reason, where, match)
}

// InputError reports a stdin line that is not JSON; the fake writes the
// CLI's message for it on stderr and exits with status 1, as the CLI does.
type InputError struct {
	// Line is the line read.
	Line string
	// Err is the JSON error.
	Err error
}

func (e *InputError) Error() string {
	return fmt.Sprintf("fakecli: stdin line is not JSON: %v", e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Run plays the recording: it reads stdin until it ends, writes stdout,
// and returns the exit status the CLI would exit with. The error is nil
// when the session went as a CLI's could; otherwise it says why the fake
// stopped (an *[InputError], a *[DivergenceError], an I/O error or the
// context's error), and the status is then 1.
func (p *Player) Run(ctx context.Context, stdin io.Reader, stdout io.Writer) (int, error) {
	if p.Request != nil {
		if err := CheckRequest(p.Recording, p.Request, p.Lookup); err != nil {
			return 1, err
		}
		if lacksPartial(p.Recording, p.Request, p.Resumed) && p.Stderr != nil {
			fmt.Fprintf(p.Stderr, "ccwire fake-cli: note: recording %s of CLI %s has no partial messages (stream_event lines): playing it without them (scenario partial-messages-order has them)\n", p.Recording.Scenario, p.Recording.Version)
		}
	}
	from := 0
	if p.Resumed && p.Recording.Restart != nil {
		from = p.Recording.Restart.Turn
	}
	s, err := newScriptFrom(p.Recording, from)
	if err != nil {
		return 1, err
	}
	env := p.Env
	if env.Version == "" {
		env.Version = p.Recording.Version
	}
	if env.Start.IsZero() {
		env.Start = time.Now()
	}
	stderr := p.Stderr
	if stderr == nil {
		stderr = io.Discard
	}
	x := &play{
		p:        p,
		s:        s,
		env:      &env,
		out:      bufio.NewWriterSize(stdout, 64<<10),
		stderr:   stderr,
		pending:  map[string]*jsontree.Value{},
		scripts:  map[string]*script{},
		replaced: map[string]*jsontree.Value{},
		messages: map[string][2]string{},
	}
	x.b = newBinder(&env)
	if s.sessionID != "" && uuidShape.MatchString(p.SessionID) {
		x.b.set(s.sessionID, p.SessionID)
	}

	lines := make(chan []byte)
	readErr := make(chan error, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		r := bufio.NewReaderSize(stdin, 64<<10)
		for {
			l, err := r.ReadBytes('\n')
			if len(l) > 0 {
				select {
				case lines <- l:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				readErr <- err
				return
			}
		}
	}()

	if err := x.write(s.prologue, x.b); err != nil {
		return 1, err
	}
	for {
		select {
		case sig := <-p.Signals:
			code, err := x.signal(sig)
			if err == nil {
				err = x.out.Flush()
			}
			return code, err
		case <-ctx.Done():
			return 1, fmt.Errorf("fakecli: %w", ctx.Err())
		case err := <-readErr:
			if err != nil {
				return 1, fmt.Errorf("fakecli: reading stdin: %w", err)
			}
			return x.exitCode(), nil
		case l := <-lines:
			code, err := x.handle(l)
			for code < 0 && err == nil && len(x.queue) > 0 && len(x.pending) == 0 {
				// The requests the queued messages waited behind are
				// answered: the CLI reads them now.
				q := x.queue[0]
				x.queue = x.queue[1:]
				code, err = x.handleMessage(q.String(), q)
			}
			if err == nil {
				err = x.out.Flush()
			}
			if err != nil || code >= 0 {
				x.out.Flush()
				return max(code, 1), err
			}
		}
	}
}

// play is the state of one Run.
type play struct {
	p      *Player
	s      *script
	env    *Env
	b      *binder
	out    *bufio.Writer
	stderr io.Writer
	next   int // the next step

	// pending are the control requests the fake wrote that wait for the
	// host's answer, by request ID: the recorded request.
	pending map[string]*jsontree.Value
	// replaced maps the ID of a tool call the host denied where the
	// recording allowed it to the tool_result line to write instead of
	// the recorded one.
	replaced map[string]*jsontree.Value
	// messages maps the ID of a tool call the host denied, as the
	// recording did, with a message of its own to the recorded message
	// and the host's.
	messages map[string][2]string
	// denials are permission denials to add to the next result.
	denials []*jsontree.Value
	// turnOpen reports a turn under way: a user message played and its
	// result not written yet.
	turnOpen bool
	// started reports a turn played in this process.
	started bool
	scripts map[string]*script // other recordings by scenario ID; nil for none
	// queue holds the user messages the host sent while a control request
	// of the fake waited for its answer: the CLI reads them once the
	// answer came (it answers initialize only after the SDK's MCP servers
	// answered it, and a turn's permission question before the next
	// turn), so they must not skip the recorded lines that wait.
	queue []*jsontree.Value
}

// exitCode is the status the CLI exits with when stdin ends now.
func (x *play) exitCode() int {
	if x.next < len(x.s.steps) || x.p.Recording.ExitCode < 0 {
		return 0
	}
	return x.p.Recording.ExitCode
}

// handle answers one stdin line. It returns a status >= 0 when the
// session must end with it, -1 to go on.
func (x *play) handle(raw []byte) (int, error) {
	text := strings.TrimRight(string(raw), "\r\n")
	if strings.TrimSpace(text) == "" {
		return -1, nil
	}
	v, err := jsontree.Parse([]byte(text))
	if err != nil {
		if x.next < len(x.s.steps) && x.s.steps[x.next].in.kind() == "text" {
			return -1, x.step(nil)
		}
		fmt.Fprintln(x.stderr, parseErrorMessage(x.env.Version, text, err))
		return 1, &InputError{Line: text, Err: err}
	}
	return x.handleMessage(text, v)
}

// handleMessage answers the host's JSON line v, text as read.
func (x *play) handleMessage(text string, v *jsontree.Value) (int, error) {
	k := kind(v)
	if k == "user" && len(x.pending) > 0 && (x.next >= len(x.s.steps) || x.s.steps[x.next].in.kind() != "user") {
		x.queue = append(x.queue, v)
		return -1, nil
	}
	if k == "control_request/initialize" && x.p.Request != nil {
		var rec *jsontree.Value
		for _, st := range x.s.steps {
			if st.in.kind() == k {
				rec = st.in.msg
				break
			}
		}
		if err := x.checkInitialize(v, rec); err != nil {
			return 1, err
		}
	}
	if x.next < len(x.s.steps) && x.s.steps[x.next].in.kind() == k && x.answers(x.s.steps[x.next].in.msg, v) {
		return -1, x.step(v)
	}
	switch {
	case strings.HasPrefix(k, "control_request/"):
		return -1, x.control(v)
	case k == "control_response":
		id := v.StringAt("response", "request_id")
		if _, ok := x.pending[id]; !ok {
			fmt.Fprintf(x.stderr, "ccwire fake-cli: ignoring a control_response to %q, which is no pending request\n", id)
		}
		delete(x.pending, id)
		return -1, nil
	case k == "user":
		for j := x.next; j < len(x.s.steps); j++ {
			if x.s.steps[j].in.kind() == "user" {
				x.next = j
				return -1, x.step(v)
			}
		}
		return 1, &DivergenceError{Scenario: x.s.rec.Scenario, Version: x.env.Version, Line: text, Reason: "no turn left for a user message"}
	}
	return -1, nil // keep_alive and the like: nothing to answer
}

// answers reports whether the host's line v can be the recorded stdin
// line rec: any line but a control_response can; a control_response only
// if it answers the request rec answered, which the fake wrote. An answer
// to another request (one whose step a user message skipped, answered
// late) must not play the step, or the fake would go on before the host
// answered what it waits for.
func (x *play) answers(rec, v *jsontree.Value) bool {
	if kind(rec) != "control_response" {
		return true
	}
	id, ok := x.b.bound(rec.StringAt("response", "request_id"))
	return ok && id == v.StringAt("response", "request_id")
}

// step plays the next step for the host's line v (nil for a line that is
// not JSON).
func (x *play) step(v *jsontree.Value) error {
	st := x.s.steps[x.next]
	x.next++
	if v != nil {
		x.b.bind(st.in.msg, v)
	}
	if st.in.kind() == "user" {
		x.turnOpen, x.started = true, true
		x.env.Start = time.Now() // <duration> times the turn
	}
	if kind(v) == "control_response" {
		if err := x.answered(st.in.msg, v); err != nil {
			return err
		}
	}
	return x.write(st.out, x.b)
}

// allowCounterparts names, for a recording whose host denies a tool, the
// version's recording whose host allows it: what to play for a host that
// allows.
var allowCounterparts = map[string]string{
	"permission-prompt-deny": "permission-prompt-allow",
}

// answered deals with the host's answer v to one of the fake's control
// requests, recorded as rec. An allow where the recording denied is a
// *[DivergenceError]: the recording has no run of the tool to play.
func (x *play) answered(rec, v *jsontree.Value) error {
	id := v.StringAt("response", "request_id")
	req := x.pending[id]
	delete(x.pending, id)
	if req == nil || req.StringAt("request", "subtype") != "can_use_tool" {
		return nil
	}
	recorded := rec.StringAt("response", "response", "behavior")
	got := v.StringAt("response", "response", "behavior")
	tool := x.b.text(req.StringAt("request", "tool_use_id"))
	switch {
	case got == "deny" && recorded != "deny":
		msg := v.StringAt("response", "response", "message")
		x.replaced[tool] = x.denyLine(tool, msg)
		x.denials = append(x.denials, jsontree.NewObject(
			jsontree.Member{Key: "tool_name", Val: jsontree.NewString(req.StringAt("request", "tool_name"))},
			jsontree.Member{Key: "tool_use_id", Val: jsontree.NewString(tool)},
			jsontree.Member{Key: "tool_input", Val: x.b.message(orEmpty(req.Path("request", "input")))},
		))
	case got == "deny":
		// The CLI writes the host's message: the tool_result's content,
		// and tool_use_result after "Error: ".
		recMsg := rec.StringAt("response", "response", "message")
		if msg := v.StringAt("response", "response", "message"); msg != recMsg {
			x.messages[tool] = [2]string{recMsg, msg}
		}
	case got == "allow" && recorded == "deny":
		reason := fmt.Sprintf("the host allowed the %s call the recording denied, and the recording has no run of it to play", req.StringAt("request", "tool_name"))
		if other, ok := allowCounterparts[x.s.rec.Scenario]; ok {
			reason += fmt.Sprintf("; play scenario %s for a host that allows it", other)
		} else {
			reason += "; play a scenario whose host allows the tool"
		}
		return &DivergenceError{Scenario: x.s.rec.Scenario, Version: x.env.Version, Line: v.String(), Reason: reason}
	case got != recorded && got != "":
		fmt.Fprintf(x.stderr, "ccwire fake-cli: the host answered %s where the recording %s answered %s; playing the recorded %s\n", got, x.s.rec.Scenario, recorded, recorded)
	}
	return nil
}

// swapDenyMessage makes v, the tool_result message of a denied call, carry
// the host's deny message to instead of the recorded from: the
// tool_result's content is the message, and tool_use_result is "Error: "
// and the message, as the CLI writes them.
func swapDenyMessage(v *jsontree.Value, from, to string) {
	if from == to {
		return
	}
	v.Walk(func(key string, val *jsontree.Value) *jsontree.Value {
		if val.Kind != jsontree.String {
			return val
		}
		switch {
		case key == "content" && val.Str == from:
			return jsontree.NewString(to)
		case key == "tool_use_result" && val.Str == "Error: "+from:
			return jsontree.NewString("Error: " + to)
		}
		return val
	})
}

func orEmpty(v *jsontree.Value) *jsontree.Value {
	if v == nil {
		return jsontree.NewObject()
	}
	return v
}

// write writes recorded stdout lines with b's values.
func (x *play) write(lines []line, b *binder) error {
	var buf []byte
	for _, l := range lines {
		if l.msg == nil {
			buf = append(l.appendTo(buf[:0], b), '\n')
		} else {
			v := x.adjust(b.message(l.msg))
			buf = append(v.AppendCompact(buf[:0]), '\n')
		}
		if _, err := x.out.Write(buf); err != nil {
			return fmt.Errorf("fakecli: writing stdout: %w", err)
		}
	}
	return nil
}

// adjust changes a stdout message as the host's answers so far require:
// a denied tool's result, the denials of a result; and notes the control
// requests it makes.
func (x *play) adjust(v *jsontree.Value) *jsontree.Value {
	switch v.StringAt("type") {
	case "control_request":
		x.pending[v.StringAt("request_id")] = v
	case "user":
		if len(x.replaced) == 0 && len(x.messages) == 0 {
			break
		}
		c := v.Path("message", "content")
		if c == nil || c.Kind != jsontree.Array || len(c.Elems) == 0 {
			break
		}
		id := c.Elems[0].StringAt("tool_use_id")
		if deny, ok := x.replaced[id]; ok {
			delete(x.replaced, id)
			return deny
		}
		if m, ok := x.messages[id]; ok {
			delete(x.messages, id)
			swapDenyMessage(v, m[0], m[1])
		}
	case "result":
		x.turnOpen = false
		if len(x.denials) == 0 {
			break
		}
		d := v.Get("permission_denials")
		if d == nil || d.Kind != jsontree.Array {
			break
		}
		d.Elems = append(d.Elems, x.denials...)
		x.denials = nil
	}
	return v
}

// parseErrorMessage is what the CLI writes on stderr for a stdin line that
// is not JSON: 2.1.37 quotes the line, later versions give its length.
func parseErrorMessage(version, line string, err error) string {
	if v, perr := cliversion.Parse(version); perr == nil && v.Less(cliversion.MustParse("2.1.330")) {
		return fmt.Sprintf("Error parsing streaming input line: %s: SyntaxError: %v", line, err)
	}
	return fmt.Sprintf("Error parsing streaming input line (type=unknown, %d chars): SyntaxError", len(line))
}
