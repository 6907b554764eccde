package recording

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"iter"
	"path"
	"path/filepath"
	"slices"

	"github.com/ccwire/ccwire/internal/jsontree"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/protocol/schema"
)

// Step is one event of a recording as [Walk] yields it: where it travels,
// and for a protocol line its decoded message, its kind and, for a
// control response, the request it answers.
type Step struct {
	// Num numbers the event in its recording, from 1.
	Num int
	// Event is the recorded event.
	Event *Event
	// Channel is where it travels: stdin, stdout, api (a main-loop
	// request, Event.Request) or signal.
	Channel EventKind
	// JSON is a stdin or stdout message as the CLI wrote or read it, as
	// far as the recording tells: the placeholders a recording puts for
	// numbers that change from run to run ("duration_ms": "<duration>",
	// "<time>", "<pid>", "<pid:N>"; [IsNumberPlaceholder]) read as the
	// number 0, so that the line has the JSON types the CLI wrote. Nil for
	// an event that is no message (a request, a signal, a line recorded
	// as text).
	JSON json.RawMessage
	// Msg is JSON decoded by package protocol, nil when JSON is.
	Msg protocol.Message
	// Kind is Msg's kind ([protocol.KindOf]), with the request it answers
	// for a control response; zero when Msg is nil.
	Kind protocol.Kind
	// Answers is, for a control response, the control request it answers
	// (matched by request_id among the recording's earlier lines, both
	// ways), nil when none.
	Answers *protocol.ControlRequest
}

// Walk yields the events of a recording in order, each with its decoded
// message and kind (see [Step]). A stdin or stdout message that is not
// valid JSON ends the walk with an error naming the event; one that
// decodes to no known kind is no error (its kind says so).
func Walk(events []Event) iter.Seq2[Step, error] {
	return func(yield func(Step, error) bool) {
		var requests protocol.Requests
		for i := range events {
			ev := &events[i]
			s := Step{Num: i + 1, Event: ev, Channel: ev.Kind}
			if ev.Msg != nil && (ev.Kind == EventStdin || ev.Kind == EventStdout) {
				var err error
				if s.JSON, err = numbersRestored(ev.Msg); err == nil {
					s.Msg, err = protocol.Decode(s.JSON)
				}
				if err != nil {
					yield(Step{}, fmt.Errorf("recording: event %d: %w", s.Num, err))
					return
				}
				s.Kind = requests.KindOf(s.Msg)
				s.Answers = requests.Answered(s.Msg)
			}
			if !yield(s, nil) {
				return
			}
		}
	}
}

// numbersRestored returns msg with the number placeholders that stand for
// the values of members ([IsNumberPlaceholder]) turned back into the
// number 0; msg itself when it holds none, as most lines.
func numbersRestored(msg []byte) (json.RawMessage, error) {
	if !hasNumberPlaceholder(msg) {
		if !json.Valid(msg) {
			_, err := jsontree.Parse(msg)
			return nil, err
		}
		return msg, nil
	}
	v, err := jsontree.Parse(msg)
	if err != nil {
		return nil, err
	}
	restoreMemberNumbers(v)
	return v.AppendCompact(nil), nil
}

// restoreMemberNumbers turns the number placeholders that are the values
// of members below v into 0. The recording puts them for the values of
// members only, whatever the member's name (an array's elements keep
// theirs): it walks the members itself, as jsontree.Value.Walk gives a
// member named "" the key it gives an element.
func restoreMemberNumbers(v *jsontree.Value) {
	switch v.Kind {
	case jsontree.Object:
		for i, m := range v.Members {
			if m.Val.Kind == jsontree.String && IsNumberPlaceholder(m.Val.Str) {
				v.Members[i].Val = jsontree.NewInt(0)
				continue
			}
			restoreMemberNumbers(m.Val)
		}
	case jsontree.Array:
		for _, e := range v.Elems {
			restoreMemberNumbers(e)
		}
	}
}

// hasNumberPlaceholder reports whether msg holds a string that is a
// number's placeholder: it spares the parsing and writing of the lines
// that hold none, most of them.
func hasNumberPlaceholder(msg []byte) bool {
	for rest := msg; ; {
		i := bytes.Index(rest, []byte(`"<`))
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
		end := bytes.IndexByte(rest, '"')
		if end < 0 {
			return false
		}
		if IsNumberPlaceholder(string(rest[:end])) {
			return true
		}
		rest = rest[end:]
	}
}

// SchemaLines yields the protocol lines of every recording of CLI version
// under dir (the recordings folder), for [schema.JSONSchema]: the stdin
// and stdout messages of each recording's [Walk], file by file in name
// order, with the request each control response answers. An error (a
// file that cannot be read, a malformed record) names the file and ends
// the sequence.
func SchemaLines(dir, version string) iter.Seq2[schema.Line, error] {
	files, err := filepath.Glob(filepath.Join(dir, version, "*"+Ext))
	return schemaLines(files, err, dir, version, ReadEvents)
}

// SchemaLinesFS is [SchemaLines] for a recordings folder at the root of
// fsys, such as the recordings built into ccwire (package recordings);
// the lines' File is a name in fsys.
func SchemaLinesFS(fsys fs.FS, version string) iter.Seq2[schema.Line, error] {
	files, err := fs.Glob(fsys, path.Join(version, "*"+Ext))
	return schemaLines(files, err, "the recordings", version, func(name string) ([]Event, error) {
		rec, err := ReadRecordingFS(fsys, name)
		if err != nil {
			return nil, err
		}
		return rec.Events, nil
	})
}

// schemaLines yields the lines of the recordings files of version
// (globErr the error listing them), whose events read reads; where names
// the recordings folder in errors.
func schemaLines(files []string, globErr error, where, version string, read func(string) ([]Event, error)) iter.Seq2[schema.Line, error] {
	return func(yield func(schema.Line, error) bool) {
		err := globErr
		if err == nil && len(files) == 0 {
			err = fmt.Errorf("no recordings of CLI %s in %s: %w", version, where, fs.ErrNotExist)
		}
		if err != nil {
			yield(schema.Line{}, fmt.Errorf("recording: %w", err))
			return
		}
		slices.Sort(files)
		for _, f := range files {
			events, err := read(f)
			if err != nil {
				yield(schema.Line{}, err)
				return
			}
			for s, err := range Walk(events) {
				if err != nil {
					yield(schema.Line{}, fmt.Errorf("%s: %w", f, err))
					return
				}
				if s.Msg == nil {
					continue
				}
				if !yield(schema.Line{File: f, Num: s.Num, Dir: string(s.Channel), Msg: s.JSON, Answers: string(s.Kind.Answers)}, nil) {
					return
				}
			}
		}
	}
}
