package recording

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// Recording is the normalized record of one run of a scenario against one
// CLI version (see the package documentation for the placeholders): what
// recordings/<version>/<scenario>.txtar holds. The runner of package scenario
// builds it as the run goes; [ParseRecording] reads it back and [Recording.Marshal] writes
// it, byte for byte as read when it was written by Marshal.
//
// The archive has these files, in this order:
//
//	run.json           the run: scenario, CLI version, flags, environment,
//	                   exit status, request counts, unused script turns
//	events.jsonl       the events in order, one a line (see [Event]): stdin
//	                   lines, stdout lines, main-loop requests and a signal
//	                   sent to the CLI
//	requests/N.json    main-loop request N (see [Request])
//	side.json          the side requests, counted by kind (see [SideRequests])
//	projects/…         the session files the CLI wrote, if the scenario
//	                   asks for them (see [SessionFile])
type Recording struct {
	// Scenario is the scenario's ID and Title its English title.
	Scenario, Title string
	// Version is the CLI version run.
	Version string
	// Args are the CLI flags the scenario adds and Env the environment
	// variables the run set.
	Args, Env []string
	// Restart is the scenario's second CLI process, nil for none: the
	// turn it starts at and its flags as the scenario writes them
	// ("<session_id>" unreplaced). ExitCode is the last process's.
	Restart *Restart
	// ExitCode is the CLI's exit status, -1 when it did not exit by itself.
	ExitCode int
	// UnusedTurns is how many turns of the stub script the run left
	// unused.
	UnusedTurns int
	// Events are the run's stdin and stdout lines, main-loop requests and
	// signal, in order. The lines and the signal are in the order the
	// runner wrote, read and sent them;
	// the requests are placed among them by a causal rule, as late as
	// causality lets them go (see [EventRequest]).
	Events []Event
	// Requests are the main-loop requests to the fake API, in the order
	// they arrived (the main loop sends one at a time); the events list
	// each once, in this order.
	Requests []Request
	// Side are the requests outside the main loop (token counts, helper
	// calls on a small model, title generation, …), counted by kind: their
	// number and kinds are stable from run to run, the times they arrive
	// at are not.
	Side []SideRequests
	// SessionFiles are the files the CLI wrote under its config folder's
	// projects/ folder, in the order of their paths, for a scenario that
	// asks for them; nil for the others.
	SessionFiles []SessionFile
}

// Restart is a second CLI process in a scenario: before turn Turn the
// runner of package scenario closes the first process's stdin and waits for it to exit (with
// status 0, else the run fails), then starts a new process with Args in the
// same working folder and config folder (CLAUDE_CONFIG_DIR), where the
// first one kept its session, so flags such as --resume, --continue and
// --fork-session find it. The stub script, the expectations and the
// recording go on across the restart.
type Restart struct {
	// Turn is the turn the new process starts at, 2 or more.
	Turn int `json:"turn"`
	// Args are the new process's flags after the stream-json ones, in
	// place of the scenario's Args; the string "<session_id>" in one is
	// replaced by the session_id of the first process's system/init.
	Args []string `json:"args"`
}

// EventKind says what an [Event] is; it is written as the event's "dir".
type EventKind string

// The event kinds.
const (
	// EventStdin is a line written to the CLI's stdin.
	EventStdin EventKind = "stdin"
	// EventStdout is a line the CLI wrote on its stdout.
	EventStdout EventKind = "stdout"
	// EventRequest is a main-loop request to the fake API (see
	// Event.Request). Which of a stdout line and a request the runner
	// sees first varies from run to run, so the runner places each
	// request where causality puts it, as late as it lets it go:
	//
	//  1. after the stdin lines the runner had begun to write when the
	//     request arrived, and after the request before it;
	//  2. a served request right before the first stdout line carrying
	//     the message ID of its script turn (stubapi.MessageID, on an
	//     assistant message or a message_start stream event): the CLI
	//     writes no answer before asking for it;
	//  3. any other request (a fault, an abort, an overrun, a served
	//     one whose answer shows on no line) between the requests before
	//     and after it, within its turn: right before the first line
	//     carrying its script turn's message ID (the part of an answer
	//     it got before a fault), or else the first line that reports
	//     what became of it (a system/api_retry notice, a result, an
	//     assistant message with an ID the fake API did not give, a
	//     synthetic user message), or else right before the next request
	//     or at the end of its turn.
	EventRequest EventKind = "api"
	// EventSignal is a signal the runner sent to the CLI process (see
	// Event.Signal), from the last turn's signal section: what the CLI
	// writes after it is its reaction.
	EventSignal EventKind = "signal"
)

// Event is one step of a run, a line of events.jsonl:
//
//	{"turn":1,"dir":"stdin","msg":{…}}
//	{"turn":1,"dir":"stdout","expect":2,"msg":{…}}
//	{"turn":1,"dir":"stdout","text":"…","error":"…"}
//	{"turn":1,"dir":"api","request":1}
//	{"turn":2,"dir":"signal","signal":"SIGINT"}
type Event struct {
	// Kind says what the event is.
	Kind EventKind
	// Turn is the scenario turn (from 1) the line was written or read in;
	// lines read after the last turn, while the CLI finishes, have the
	// last turn's number. A request has the turn of the event before it.
	Turn int
	// Expect numbers, from 1, the pattern of the turn's expect.jsonl (the
	// variant for the version) that matched this stdout line, as the
	// runner matched them: each pattern the first line after the previous
	// pattern's that it matches. 0 for a line no pattern matched.
	Expect int
	// Request numbers, from 1, the main-loop request of an EventRequest:
	// Recording.Requests[Request-1].
	Request int
	// Msg is the line's message, normalized, as compact JSON; nil for a
	// line that is not a JSON message (see Text).
	Msg json.RawMessage
	// Text is a line that is not a JSON message (a raw stdin line, a
	// stdout line that could not be decoded), normalized; Error says why a
	// stdout line could not be decoded.
	Text, Error string
	// Signal names the signal of an EventSignal: "SIGINT", "SIGTERM".
	Signal string
}

// Request is a main-loop request to the fake API, normalized: what the CLI
// sent and how the fake API answered, a file requests/N.json.
type Request struct {
	// Method, Path and Query are the request line's.
	Method, Path, Query string
	// Model and Stream are the model and stream flag the body named.
	Model  string
	Stream bool
	// Turn is the index of the script turn the request was answered from
	// (or whose fault it met), stubapi.NoTurn for none.
	Turn int
	// Status is the HTTP status answered, 0 for none.
	Status int
	// Outcome says how the request was answered (a stubapi.Outcome:
	// "served", "fault", …); Detail names the fault
	// met or the error sent, if any.
	Outcome string
	Detail  string
	// Header is the request's header by lower-case name, without
	// Content-Length and X-Stainless-Runtime-Version (they follow from the
	// body or from the machine) and with secrets redacted.
	Header map[string][]string
	// Body is a JSON body as compact JSON; a "system" or "tools" member
	// equal to an earlier request's is the string
	// "<same as requests/N.json>". BodyText is a body that is not JSON.
	Body     json.RawMessage
	BodyText string
}

// SideRequests counts the side requests of one kind, an element of
// side.json.
type SideRequests struct {
	Method, Path, Model string
	Stream              bool
	// Reason is the rule that classified the requests as side requests.
	Reason string
	Status int
	// Outcome says how they were answered (a stubapi.Outcome, normally "side").
	Outcome string
	// Count is how many requests of the kind the run made.
	Count int
}

// The names of the archive's files.
const (
	runFile    = "run.json"
	eventsFile = "events.jsonl"
	sideFile   = "side.json"
)

func requestFile(n int) string { return "requests/" + strconv.Itoa(n) + ".json" }

// SameAs is the string a request body's "system" or "tools" member is
// written as when it equals request n's (see [Request]):
// "<same as requests/N.json>".
func SameAs(n int) string { return "<same as " + requestFile(n) + ">" }

// recordingComment is the archive's comment.
func recordingComment(id, title, version string) string {
	return "Recording of scenario " + id + " (" + title + ") against Claude Code " + version + ".\n" + commentTail
}

const commentTail = "Written by `ccwire spec`; `go test ./scenario` checks that a new run reproduces it byte for byte.\n" +
	"Values that change between runs are placeholders: <uuid:N>, <cwd>, <home>, <timestamp>, <duration>, ….\n"

// ReadRecording reads the recording in file path (see [ParseRecording]),
// expanding the references of its stored form from the object store of
// its recordings folder ([Root]) as it reads them: the archive is parsed
// once, and each JSON text once.
func ReadRecording(path string) (*Recording, error) {
	return readRecording(path, false)
}

// ReadRecordingLines is [ReadRecording] without the API requests, for a
// reader of the lines such as the fake CLI: see [ParseRecordingLines].
// The objects only the requests reference (most of a recording's) are
// never read.
func ReadRecordingLines(path string) (*Recording, error) {
	return readRecording(path, true)
}

func readRecording(path string, lean bool) (*Recording, error) {
	data, err := ReadStored(path)
	if err != nil {
		return nil, err
	}
	r, err := parseRecording(data, storeUnits(OpenStore(Root(path)), data), lean)
	if err != nil {
		return nil, fmt.Errorf("%s: recording: %w", path, err)
	}
	return r, nil
}

// ReadEvents reads the events of the recording in file path, and nothing
// else: for a reader of its lines, it spares the parsing of the requests'
// bodies, most of a recording. It checks the events as [ParseRecording]
// does, not the rest of the recording.
func ReadEvents(path string) ([]Event, error) {
	data, err := ReadStored(path)
	if err != nil {
		return nil, err
	}
	for _, f := range txtar.Parse(data).Files {
		if f.Name != eventsFile {
			continue
		}
		var r Recording
		if err := r.parseEvents(f.Data, storeUnits(OpenStore(Root(path)), f.Data)); err != nil {
			return nil, fmt.Errorf("recording: %s: %w", path, err)
		}
		return r.Events, nil
	}
	return nil, fmt.Errorf("recording: %s: no %s", path, eventsFile)
}

// ReadRecordingFS is [ReadRecording] for the recording name in fsys, such
// as the recordings built into ccwire (package corpus): a recording in
// the stored form is expanded from the objects folder two levels above it
// (see [ReadFileFS]).
func ReadRecordingFS(fsys fs.FS, name string) (*Recording, error) {
	return readRecordingFS(fsys, name, false)
}

// ReadRecordingLinesFS is [ReadRecordingFS] without the API requests
// (see [ParseRecordingLines]). An error wraps fs.ErrNotExist when there
// is no such recording.
func ReadRecordingLinesFS(fsys fs.FS, name string) (*Recording, error) {
	return readRecordingFS(fsys, name, true)
}

func readRecordingFS(fsys fs.FS, name string, lean bool) (*Recording, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	if err := checkWhole(data); err != nil {
		return nil, fmt.Errorf("recording: %s: %w", name, err)
	}
	sub, err := fs.Sub(fsys, path.Dir(path.Dir(name)))
	if err != nil {
		return nil, fmt.Errorf("recording: %s: %w", name, err)
	}
	r, err := parseRecording(data, storeUnits(StoreFS(sub), data), lean)
	if err != nil {
		return nil, fmt.Errorf("%s: recording: %w", name, err)
	}
	return r, nil
}

// ParseRecording reads a recording written by [Recording.Marshal]. It is
// strict: the archive must have the files Marshal writes, in its order,
// with no unknown or repeated members, and the counts of run.json must
// agree with the requests. Whitespace in the JSON may differ from what
// Marshal writes.
//
// data is the full text: a recording in the stored form of a recordings
// folder (see package recording) is an error here; read it with
// [ReadRecording], or expand it first ([Expand]).
func ParseRecording(data []byte) (*Recording, error) {
	r, err := parseRecording(data, noReferences, false)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	return r, nil
}

// ParseRecordingLines is [ParseRecording] without the API requests, for
// a reader of the lines such as the fake CLI: the main-loop requests and
// the side requests, which make up most of a recording's bytes (the system
// prompt and tool definitions the CLI sent), are left out unread. The
// recording has no Requests, no Side and no [EventRequest] events; run.json
// and the events are checked as ParseRecording checks them, and the
// request files must be there, in order, but their text is not read, so
// it accepts what ParseRecording accepts.
func ParseRecordingLines(data []byte) (*Recording, error) {
	r, err := parseRecording(data, noReferences, true)
	if err != nil {
		return nil, fmt.Errorf("recording: %w", err)
	}
	return r, nil
}

// noReferences is the unitFunc of the full text: a reference to the
// store is an error.
func noReferences(kind Kind, _ string, v *jsontree.Value) (*jsontree.Value, error) {
	if v.Kind != jsontree.String {
		return v, nil
	}
	if _, err := refAt(kind, v); err != nil {
		return v, nil // a string, not a reference: the message as recorded
	}
	return nil, errors.New("it refers to objects of a recordings folder's store; read it with recording.ReadRecording, or expand it with recording.Expand")
}

// storeUnits is the unitFunc of a recording in stored form, data its text:
// each reference becomes its unit from s, bounded as [Expand] is.
func storeUnits(s *Store, data []byte) unitFunc {
	return expandUnit(s, &growth{what: "a recording's units", read: int64(len(data))})
}

// parseRecording reads a recording's text in one pass: the archive once,
// each JSON text once, the units of the stored form (see the package
// documentation) replaced by what unit gives as they are read. lean leaves
// the requests out (see ParseRecordingLines).
func parseRecording(data []byte, unit unitFunc, lean bool) (*Recording, error) {
	ar := txtar.Parse(data)
	files := ar.Files
	next := func(name string) ([]byte, error) {
		if len(files) == 0 {
			return nil, fmt.Errorf("no %s", name)
		}
		if files[0].Name != name {
			return nil, fmt.Errorf("file %s where %s belongs", files[0].Name, name)
		}
		f := files[0]
		files = files[1:]
		return f.Data, nil
	}
	r := &Recording{}
	runData, err := next(runFile)
	if err != nil {
		return nil, err
	}
	main, side, err := r.parseRun(runData)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", runFile, err)
	}
	if err := r.parseComment(string(ar.Comment)); err != nil {
		return nil, err
	}
	evData, err := next(eventsFile)
	if err != nil {
		return nil, err
	}
	if err := r.parseEvents(evData, unit); err != nil {
		return nil, err
	}
	if err := checkRequestEvents(r.Events, main); err != nil {
		return nil, err
	}
	for i := range main {
		name := requestFile(i + 1)
		d, err := next(name)
		if err != nil {
			return nil, fmt.Errorf("run.json counts %d main-loop requests: %w", main, err)
		}
		if lean {
			continue
		}
		q, err := parseRequest(d, unit)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		r.Requests = append(r.Requests, q)
	}
	sideData, err := next(sideFile)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if !strings.HasPrefix(f.Name, SessionDir+"/") {
			return nil, fmt.Errorf("unexpected file %s: %w", f.Name, errNotSessionFile)
		}
		r.SessionFiles = append(r.SessionFiles, SessionFile{Path: f.Name, Data: f.Data})
	}
	if err := checkSessionFiles(r.SessionFiles); err != nil {
		return nil, err
	}
	if lean {
		r.Events = slices.DeleteFunc(r.Events, func(ev Event) bool { return ev.Kind == EventRequest })
		return r, nil
	}
	if r.Side, err = parseSide(sideData); err != nil {
		return nil, fmt.Errorf("%s: %w", sideFile, err)
	}
	if n := r.sideCount(); n != side {
		return nil, fmt.Errorf("run.json counts %d side requests, side.json %d", side, n)
	}
	return r, nil
}

// parseComment reads the title from the archive's comment, which must be
// the one Marshal writes.
func (r *Recording) parseComment(c string) error {
	head := "Recording of scenario " + r.Scenario + " ("
	tail := ") against Claude Code " + r.Version + ".\n" + commentTail
	if !strings.HasPrefix(c, head) || !strings.HasSuffix(c, tail) || len(c) < len(head)+len(tail) {
		return fmt.Errorf("the comment is not the one of a recording of scenario %s against Claude Code %s", r.Scenario, r.Version)
	}
	r.Title = c[len(head) : len(c)-len(tail)]
	if err := oneLine("the title", r.Title); err != nil {
		return err
	}
	return nil
}

func oneLine(what, s string) error {
	if strings.ContainsAny(s, "\r\n") {
		return fmt.Errorf("%s %q is not one line", what, s)
	}
	return nil
}

// parseRun reads run.json and returns its request counts.
func (r *Recording) parseRun(data []byte) (main, side int, err error) {
	v, err := jsontree.Parse(data)
	if err != nil {
		return 0, 0, err
	}
	o := readObject(v, "scenario", "cli_version", "args", "restart", "env", "exit_code", "main_requests", "side_requests", "unused_turns")
	r.Scenario = o.str("scenario")
	r.Version = o.str("cli_version")
	r.Args = o.strs("args")
	if o.has("restart") {
		ro := readObject(o.get("restart", jsontree.Object), "turn", "args")
		r.Restart = &Restart{Turn: ro.int("turn"), Args: ro.strs("args")}
		if ro.err != nil {
			return 0, 0, fmt.Errorf("member \"restart\": %w", ro.err)
		}
	}
	r.Env = o.strs("env")
	r.ExitCode = o.int("exit_code")
	main = o.int("main_requests")
	side = o.int("side_requests")
	r.UnusedTurns = o.int("unused_turns")
	if o.err != nil {
		return 0, 0, o.err
	}
	if err := oneLine("the scenario", r.Scenario); err != nil {
		return 0, 0, err
	}
	if err := oneLine("the CLI version", r.Version); err != nil {
		return 0, 0, err
	}
	if main < 0 || side < 0 {
		return 0, 0, errors.New("a negative request count")
	}
	return main, side, nil
}

// parseEvents reads events.jsonl, each stdout line's unit replaced by
// what unit gives.
func (r *Recording) parseEvents(data []byte, unit unitFunc) error {
	if len(data) == 0 {
		return nil
	}
	if data[len(data)-1] != '\n' {
		return fmt.Errorf("%s does not end with a newline", eventsFile)
	}
	for i, line := range strings.Split(string(data[:len(data)-1]), "\n") {
		ev, err := parseEvent([]byte(line), unit)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", eventsFile, i+1, err)
		}
		r.Events = append(r.Events, ev)
	}
	return nil
}

// checkRequestEvents checks that events list main-loop requests 1 to n
// once each, in order.
func checkRequestEvents(events []Event, n int) error {
	placed := 0
	for i, ev := range events {
		if ev.Kind != EventRequest {
			continue
		}
		if placed++; ev.Request != placed || placed > n {
			return fmt.Errorf("%s line %d: request %d where request %d of %d belongs", eventsFile, i+1, ev.Request, placed, n)
		}
	}
	if placed != n {
		return fmt.Errorf("%s lists %d main-loop requests of %d", eventsFile, placed, n)
	}
	return nil
}

func parseEvent(line []byte, unit unitFunc) (Event, error) {
	v, err := jsontree.Parse(line)
	if err != nil {
		return Event{}, err
	}
	if err := lineUnits(v, unit); err != nil {
		return Event{}, err
	}
	o := readObject(v, "turn", "dir", "expect", "msg", "text", "error", "request", "signal")
	ev := Event{Turn: o.int("turn"), Kind: EventKind(o.str("dir"))}
	if o.err != nil {
		return Event{}, o.err
	}
	switch ev.Kind {
	case EventRequest:
		if o.has("expect") || o.has("msg") || o.has("text") || o.has("error") || o.has("signal") {
			return Event{}, errors.New("a request with a line's members")
		}
		ev.Request = o.int("request")
		return ev, o.err
	case EventSignal:
		if o.has("expect") || o.has("msg") || o.has("text") || o.has("error") || o.has("request") {
			return Event{}, errors.New("a signal with a line's members")
		}
		if ev.Signal = o.str("signal"); ev.Signal == "" && o.err == nil {
			o.fail("a signal without its name")
		}
		return ev, o.err
	}
	if o.has("request") || o.has("signal") {
		return Event{}, fmt.Errorf("a %s line with a request or signal", ev.Kind)
	}
	if o.has("expect") {
		if ev.Expect = o.int("expect"); ev.Expect < 1 && o.err == nil {
			o.fail("expect %d", ev.Expect)
		}
		if ev.Kind != EventStdout || !o.has("msg") {
			o.fail("expect on a line that is not a stdout message")
		}
	}
	switch {
	case o.has("msg"):
		if o.has("text") || o.has("error") {
			return Event{}, errors.New("both msg and text")
		}
		ev.Msg = o.m["msg"].AppendCompact(nil)
	case o.has("text"):
		ev.Text = o.str("text")
		if o.has("error") {
			ev.Error = o.str("error")
		}
	default:
		o.fail("neither msg nor text")
	}
	if o.err != nil {
		return Event{}, o.err
	}
	switch ev.Kind {
	case EventStdin:
		if ev.Error != "" {
			return Event{}, errors.New("an error on a stdin line")
		}
	case EventStdout:
	default:
		return Event{}, fmt.Errorf("dir %q is neither stdin, stdout, api nor signal", ev.Kind)
	}
	return ev, nil
}

// The members of requests/N.json, in order.
var requestMembers = []string{"method", "path", "query", "model", "stream", "turn", "status", "outcome", "detail", "header", "body", "body_text"}

// parseRequest reads requests/N.json, each unit replaced by what unit
// gives.
func parseRequest(data []byte, unit unitFunc) (Request, error) {
	v, err := jsontree.Parse(data)
	if err != nil {
		return Request{}, err
	}
	if v.Kind == jsontree.Object {
		if err := units(v, unit); err != nil {
			return Request{}, err
		}
	}
	o := readObject(v, requestMembers...)
	q := Request{
		Method:  o.str("method"),
		Path:    o.str("path"),
		Model:   o.str("model"),
		Stream:  o.bool("stream"),
		Turn:    o.int("turn"),
		Status:  o.int("status"),
		Outcome: o.str("outcome"),
	}
	if o.has("query") {
		if q.Query = o.str("query"); q.Query == "" && o.err == nil {
			o.fail("an empty query")
		}
	}
	if o.has("detail") {
		if q.Detail = o.str("detail"); q.Detail == "" && o.err == nil {
			o.fail("an empty detail")
		}
	}
	h := o.get("header", jsontree.Object)
	if h != nil {
		q.Header = map[string][]string{}
		for _, m := range h.Members {
			if _, dup := q.Header[m.Key]; dup {
				o.fail("header %s twice", m.Key)
			}
			if m.Key != strings.ToLower(m.Key) {
				o.fail("header %s is not in lower case", m.Key)
			}
			switch m.Val.Kind {
			case jsontree.String:
				q.Header[m.Key] = []string{m.Val.Str}
			case jsontree.Array:
				vals := []string{}
				for _, e := range m.Val.Elems {
					if e.Kind != jsontree.String {
						o.fail("header %s: a value that is not a string", m.Key)
					}
					vals = append(vals, e.Str)
				}
				if len(vals) == 1 {
					o.fail("header %s: one value in an array", m.Key)
				}
				q.Header[m.Key] = vals
			default:
				o.fail("header %s: neither a string nor an array", m.Key)
			}
		}
	}
	switch {
	case o.has("body") && o.has("body_text"):
		o.fail("both body and body_text")
	case o.has("body"):
		q.Body = o.m["body"].AppendCompact(nil)
	case o.has("body_text"):
		if q.BodyText = o.str("body_text"); q.BodyText == "" && o.err == nil {
			o.fail("an empty body_text")
		}
	}
	if o.err != nil {
		return Request{}, o.err
	}
	return q, nil
}

func parseSide(data []byte) ([]SideRequests, error) {
	v, err := jsontree.Parse(data)
	if err != nil {
		return nil, err
	}
	if v.Kind != jsontree.Array {
		return nil, errors.New("not an array")
	}
	var out []SideRequests
	for i, e := range v.Elems {
		o := readObject(e, "method", "path", "model", "stream", "reason", "status", "outcome", "count")
		s := SideRequests{
			Method:  o.str("method"),
			Path:    o.str("path"),
			Stream:  o.bool("stream"),
			Reason:  o.str("reason"),
			Status:  o.int("status"),
			Outcome: o.str("outcome"),
			Count:   o.int("count"),
		}
		if o.has("model") {
			if s.Model = o.str("model"); s.Model == "" && o.err == nil {
				o.fail("an empty model")
			}
		}
		if o.err == nil && s.Count < 1 {
			o.fail("count %d", s.Count)
		}
		if o.err != nil {
			return nil, fmt.Errorf("element %d: %w", i+1, o.err)
		}
		out = append(out, s)
	}
	return out, nil
}

func (r *Recording) sideCount() int {
	n := 0
	for _, s := range r.Side {
		n += s.Count
	}
	return n
}

// Marshal writes the recording as a txtar archive (see [Recording]). It
// fails on a recording it could not read back: a title, scenario or
// version of more than one line, a message or body that is not JSON, an
// event of unknown kind.
func (r *Recording) Marshal() ([]byte, error) {
	for _, f := range []struct{ what, s string }{{"the title", r.Title}, {"the scenario", r.Scenario}, {"the CLI version", r.Version}} {
		if err := oneLine(f.what, f.s); err != nil {
			return nil, fmt.Errorf("recording: marshal: %w", err)
		}
	}
	if err := checkRequestEvents(r.Events, len(r.Requests)); err != nil {
		return nil, fmt.Errorf("recording: marshal: %w", err)
	}
	ar := &txtar.Archive{Comment: []byte(recordingComment(r.Scenario, r.Title, r.Version))}
	ar.Files = append(ar.Files, txtar.File{Name: runFile, Data: r.runJSON()})
	events, err := r.eventsJSONL()
	if err != nil {
		return nil, fmt.Errorf("recording: marshal: %w", err)
	}
	ar.Files = append(ar.Files, txtar.File{Name: eventsFile, Data: events})
	for i, q := range r.Requests {
		data, err := q.marshal()
		if err != nil {
			return nil, fmt.Errorf("recording: marshal: request %d: %w", i+1, err)
		}
		ar.Files = append(ar.Files, txtar.File{Name: requestFile(i + 1), Data: data})
	}
	ar.Files = append(ar.Files, txtar.File{Name: sideFile, Data: r.sideJSON()})
	if err := checkSessionFiles(r.SessionFiles); err != nil {
		return nil, fmt.Errorf("recording: marshal: %w", err)
	}
	for _, f := range r.SessionFiles {
		ar.Files = append(ar.Files, txtar.File{Name: f.Path, Data: f.Data})
	}
	return txtar.Format(ar), nil
}

func (r *Recording) runJSON() []byte {
	v := jsontree.NewObject(
		jsontree.Member{Key: "scenario", Val: jsontree.NewString(r.Scenario)},
		jsontree.Member{Key: "cli_version", Val: jsontree.NewString(r.Version)},
		jsontree.Member{Key: "args", Val: stringArray(r.Args)},
	)
	if r.Restart != nil {
		v.Set("restart", jsontree.NewObject(
			jsontree.Member{Key: "turn", Val: jsontree.NewInt(r.Restart.Turn)},
			jsontree.Member{Key: "args", Val: stringArray(r.Restart.Args)},
		))
	}
	v.Set("env", stringArray(r.Env))
	v.Set("exit_code", jsontree.NewInt(r.ExitCode))
	v.Set("main_requests", jsontree.NewInt(len(r.Requests)))
	v.Set("side_requests", jsontree.NewInt(r.sideCount()))
	v.Set("unused_turns", jsontree.NewInt(r.UnusedTurns))
	return append(v.AppendIndent(nil, ""), '\n')
}

func stringArray(ss []string) *jsontree.Value {
	v := jsontree.NewArray()
	for _, s := range ss {
		v.Elems = append(v.Elems, jsontree.NewString(s))
	}
	return v
}

func (r *Recording) eventsJSONL() ([]byte, error) {
	var out []byte
	for i, ev := range r.Events {
		line, err := ev.appendJSON(out)
		if err != nil {
			return nil, fmt.Errorf("event %d: %w", i+1, err)
		}
		out = append(line, '\n')
	}
	return out, nil
}

// appendJSON appends the event's line of events.jsonl, without its
// newline.
func (ev Event) appendJSON(dst []byte) ([]byte, error) {
	switch ev.Kind {
	case EventRequest:
		if ev.Msg != nil || ev.Text != "" || ev.Error != "" || ev.Expect != 0 {
			return nil, errors.New("a request with a line's fields")
		}
		return fmt.Appendf(dst, `{"turn":%d,"dir":"api","request":%d}`, ev.Turn, ev.Request), nil
	case EventSignal:
		if ev.Msg != nil || ev.Text != "" || ev.Error != "" || ev.Expect != 0 || ev.Request != 0 || ev.Signal == "" {
			return nil, errors.New("a signal with a line's fields, or without its name")
		}
		dst = fmt.Appendf(dst, `{"turn":%d,"dir":"signal","signal":`, ev.Turn)
		return append(jsontree.NewString(ev.Signal).AppendCompact(dst), '}'), nil
	case EventStdin, EventStdout:
	default:
		return nil, fmt.Errorf("unknown kind %q", ev.Kind)
	}
	switch {
	case ev.Msg != nil && (ev.Text != "" || ev.Error != ""):
		return nil, errors.New("both a message and text")
	case ev.Kind == EventStdin && ev.Error != "":
		return nil, errors.New("an error on a stdin line")
	case ev.Request != 0 || ev.Signal != "":
		return nil, errors.New("a line with a request number or signal")
	case ev.Expect != 0 && (ev.Kind != EventStdout || ev.Msg == nil):
		return nil, errors.New("expect on a line that is not a stdout message")
	case ev.Expect < 0:
		return nil, fmt.Errorf("expect %d", ev.Expect)
	}
	dst = fmt.Appendf(dst, `{"turn":%d,"dir":`, ev.Turn)
	dst = jsontree.NewString(string(ev.Kind)).AppendCompact(dst)
	if ev.Expect != 0 {
		dst = fmt.Appendf(dst, `,"expect":%d`, ev.Expect)
	}
	if ev.Msg != nil {
		dst = append(dst, `,"msg":`...)
		var b bytes.Buffer
		if err := json.Compact(&b, ev.Msg); err != nil {
			return nil, fmt.Errorf("message: %w", err)
		}
		dst = append(dst, b.Bytes()...)
	} else {
		dst = append(dst, `,"text":`...)
		dst = jsontree.NewString(ev.Text).AppendCompact(dst)
		if ev.Error != "" {
			dst = append(dst, `,"error":`...)
			dst = jsontree.NewString(ev.Error).AppendCompact(dst)
		}
	}
	return append(dst, '}'), nil
}

func (q Request) marshal() ([]byte, error) {
	v := jsontree.NewObject(
		jsontree.Member{Key: "method", Val: jsontree.NewString(q.Method)},
		jsontree.Member{Key: "path", Val: jsontree.NewString(q.Path)},
	)
	if q.Query != "" {
		v.Set("query", jsontree.NewString(q.Query))
	}
	v.Set("model", jsontree.NewString(q.Model))
	v.Set("stream", jsontree.NewBool(q.Stream))
	v.Set("turn", jsontree.NewInt(q.Turn))
	v.Set("status", jsontree.NewInt(q.Status))
	v.Set("outcome", jsontree.NewString(string(q.Outcome)))
	if q.Detail != "" {
		v.Set("detail", jsontree.NewString(q.Detail))
	}
	keys := make([]string, 0, len(q.Header))
	for k := range q.Header {
		if k != strings.ToLower(k) {
			return nil, fmt.Errorf("header %s is not in lower case", k)
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	h := jsontree.NewObject()
	for _, k := range keys {
		if vals := q.Header[k]; len(vals) == 1 {
			h.Set(k, jsontree.NewString(vals[0]))
		} else {
			h.Set(k, stringArray(vals))
		}
	}
	v.Set("header", h)
	switch {
	case q.Body != nil && q.BodyText != "":
		return nil, errors.New("both a JSON body and body text")
	case q.Body != nil:
		b, err := jsontree.Parse(q.Body)
		if err != nil {
			return nil, fmt.Errorf("body: %w", err)
		}
		v.Set("body", b)
	case q.BodyText != "":
		v.Set("body_text", jsontree.NewString(q.BodyText))
	}
	return append(v.AppendIndent(nil, ""), '\n'), nil
}

func (r *Recording) sideJSON() []byte {
	out := jsontree.NewArray()
	for _, s := range r.Side {
		e := jsontree.NewObject(jsontree.Member{Key: "method", Val: jsontree.NewString(s.Method)}, jsontree.Member{Key: "path", Val: jsontree.NewString(s.Path)})
		if s.Model != "" {
			e.Set("model", jsontree.NewString(s.Model))
		}
		e.Set("stream", jsontree.NewBool(s.Stream))
		e.Set("reason", jsontree.NewString(s.Reason))
		e.Set("status", jsontree.NewInt(s.Status))
		e.Set("outcome", jsontree.NewString(string(s.Outcome)))
		e.Set("count", jsontree.NewInt(s.Count))
		out.Elems = append(out.Elems, e)
	}
	return append(out.AppendIndent(nil, ""), '\n')
}

// object reads the members of a JSON object strictly: known keys only,
// each once, of the expected types. The first problem is kept in err.
type object struct {
	m   map[string]*jsontree.Value
	err error
}

func readObject(v *jsontree.Value, keys ...string) *object {
	o := &object{m: map[string]*jsontree.Value{}}
	if v.Kind != jsontree.Object {
		o.fail("not an object")
		return o
	}
	for _, m := range v.Members {
		switch {
		case !slices.Contains(keys, m.Key):
			o.fail("unknown member %q", m.Key)
		case o.m[m.Key] != nil:
			o.fail("member %q twice", m.Key)
		default:
			o.m[m.Key] = m.Val
		}
	}
	return o
}

func (o *object) fail(format string, args ...any) {
	if o.err == nil {
		o.err = fmt.Errorf(format, args...)
	}
}

func (o *object) has(key string) bool { return o.m[key] != nil }

// get returns member key, failing if it is missing or not of kind k.
func (o *object) get(key string, k jsontree.Kind) *jsontree.Value {
	v := o.m[key]
	switch {
	case v == nil:
		o.fail("no member %q", key)
		return nil
	case v.Kind != k:
		o.fail("member %q is a %s, not a %s", key, v.Kind, k)
		return nil
	}
	return v
}

func (o *object) str(key string) string {
	if v := o.get(key, jsontree.String); v != nil {
		return v.Str
	}
	return ""
}

func (o *object) bool(key string) bool {
	if v := o.get(key, jsontree.Bool); v != nil {
		return v.Bool
	}
	return false
}

func (o *object) int(key string) int {
	v := o.get(key, jsontree.Number)
	if v == nil {
		return 0
	}
	n, err := strconv.Atoi(v.Str)
	if err != nil || strconv.Itoa(n) != v.Str {
		o.fail("member %q is not an integer: %s", key, v.Str)
		return 0
	}
	return n
}

func (o *object) strs(key string) []string {
	v := o.get(key, jsontree.Array)
	if v == nil {
		return nil
	}
	out := []string{}
	for _, e := range v.Elems {
		if e.Kind != jsontree.String {
			o.fail("member %q has an element that is not a string", key)
			return nil
		}
		out = append(out, e.Str)
	}
	return out
}
