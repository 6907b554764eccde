package transcript

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
)

// Messages returns the messages of the transcript read from r (see
// [Reader]): NewReader(r, opts...).All().
func Messages(r io.Reader, opts ...protocol.ReaderOption) iter.Seq2[protocol.Message, error] {
	return NewReader(r, opts...).All()
}

// MaxLeadingLines is how many lines that are no message (a warning, a
// notice) a stream-json transcript may start with: an input with no
// message before more lines than that is no transcript.
const MaxLeadingLines = 16

// A Reader reads the transcript people hand to a command: the CLI's stdout
// in stream-json (one JSON object a line), or a ccwire recording
// (recordings/<version>/<scenario>.txtar), whose stdout lines it takes.
// Which it is shows in the input's first line that is not blank, after a
// UTF-8 byte-order mark if any (skipped):
//
//   - a JSON object: a stream-json transcript;
//   - the heading of a recording ("Recording of scenario …") or a txtar
//     file marker ("-- run.json --"): a recording;
//   - anything else (a warning the CLI's runtime printed first): a
//     stream-json transcript if a message follows within
//     [MaxLeadingLines] lines, those lines then being bad lines; else the
//     input is neither, and the error is a *[FormatError].
//
// Lines that cannot be decoded are yielded as *protocol.DecodeError (or
// *protocol.LineTooLongError) with their line number, and reading goes on;
// an error reading the input, a recording that does not parse, or a
// *FormatError is yielded last. Empty or blank input is an empty
// transcript.
//
// A stream-json transcript is read as it comes, with no line limit unless
// the [protocol.ReaderOption]s set one, so the input can be a pipe from a
// running CLI: memory follows the longest line, not the input. A
// recording is read whole first. Its messages show the values the
// recording holds for its placeholders (its CLI version for
// <cli-version>; see [fakecli.Resolve]) and keep the others (<uuid:1>);
// line numbers are those of the .txtar file.
type Reader struct {
	in    io.Reader
	opts  []protocol.ReaderOption
	store *recording.Store // the objects of a stored recording's folder
	line  int              // the input line of the last message or line error yielded
	lines int              // the transcript lines read
}

// NewReader returns a reader of the transcript in r; opts configure the
// [protocol.Reader] of a stream-json transcript.
func NewReader(r io.Reader, opts ...protocol.ReaderOption) *Reader {
	return &Reader{in: r, opts: opts}
}

// FromFile tells the reader that its input is the file name: a recording
// in the stored form of a recordings folder (see package recording) is
// then expanded from that folder's object store. It returns r.
func (r *Reader) FromFile(name string) *Reader {
	r.store = recording.OpenStore(recording.Root(name))
	return r
}

// Line returns the line of the input that the last message or line error
// yielded came from (1-based; 0 before the first): of a recording, the
// line of its .txtar file.
func (r *Reader) Line() int { return r.line }

// Lines returns how many lines of the transcript were read so far: all
// the lines of a stream-json transcript, blank ones too; the stdout lines
// of a recording.
func (r *Reader) Lines() int { return r.lines }

// FormatError reports an input that is neither a stream-json transcript
// nor a ccwire recording: its first line is no JSON object nor the
// heading of a recording, and no message follows within
// [MaxLeadingLines] lines.
type FormatError struct {
	// Lines is the number of lines read that were not blank, none of
	// them a message.
	Lines int
	// First is the error of the first of them. (FormatError does not
	// wrap it: it is not an error of one line, and it ends the input.)
	First error
}

// Error implements error.
func (e *FormatError) Error() string {
	return fmt.Sprintf("transcript: neither a stream-json transcript (one JSON object a line) nor a ccwire recording (.txtar): %s read, no message; %v",
		plural(int64(e.Lines), "line"), e.First)
}

// The input kinds the first line tells apart.
const (
	inputStream    = iota // a stream-json transcript
	inputRecording        // a ccwire recording
	inputUnknown          // a transcript if a message follows soon
)

// sniffSize is the most of the input looked at to tell its kind.
const sniffSize = 4096

var bom = []byte("\xef\xbb\xbf")

// All returns an iterator over the messages of the transcript. It reads
// the input once: call it once.
func (r *Reader) All() iter.Seq2[protocol.Message, error] {
	return func(yield func(protocol.Message, error) bool) {
		br := bufio.NewReaderSize(r.in, sniffSize)
		kind, err := sniff(br)
		if err != nil {
			yield(nil, fmt.Errorf("transcript: %w", err))
			return
		}
		if kind == inputRecording {
			r.recording(br, yield)
			return
		}
		r.stream(br, kind == inputUnknown, yield)
	}
}

// sniff skips a byte-order mark and tells the input's kind from its first
// line that is not blank, consuming nothing else. It reads no more than
// it needs: up to the end of that line, or its first byte when it is '{'.
func sniff(br *bufio.Reader) (int, error) {
	for n := 1; ; n = br.Buffered() + 1 {
		_, err := br.Peek(n)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			return 0, err
		}
		b, _ := br.Peek(br.Buffered())
		if bytes.HasPrefix(b, bom) {
			if _, err := br.Discard(len(bom)); err != nil {
				return 0, err
			}
			continue
		}
		if len(b) < len(bom) && bytes.HasPrefix(bom, b) && err == nil {
			continue // perhaps a byte-order mark
		}
		head := bytes.TrimLeft(b, " \t\r\n")
		if len(head) > 0 && head[0] == '{' {
			return inputStream, nil
		}
		line, _, complete := bytes.Cut(head, []byte("\n"))
		if !complete && err == nil && br.Buffered() < br.Size() {
			continue // read on to the end of the line
		}
		line = bytes.TrimRight(line, "\r")
		if bytes.HasPrefix(line, []byte("Recording of scenario ")) ||
			len(line) > 6 && bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) {
			return inputRecording, nil
		}
		return inputUnknown, nil
	}
}

// stream yields the messages of a stream-json transcript. When probe,
// the input has yet to show it is one: its line errors are held until a
// message comes, and without one within MaxLeadingLines lines (or before
// the end) it is a *FormatError.
func (r *Reader) stream(in io.Reader, probe bool, yield func(protocol.Message, error) bool) {
	rd := protocol.NewReader(in, r.opts...)
	defer func() { r.lines = rd.Line() }() // with the blank lines at the end
	var held []error
	for m, err := range rd.All() {
		r.lines = rd.Line()
		if probe {
			if _, ok := lineOf(err); ok {
				held = append(held, err)
				if len(held) > MaxLeadingLines {
					yield(nil, &FormatError{Lines: len(held), First: held[0]})
					return
				}
				continue
			}
			probe = false
			for _, h := range held {
				r.line, _ = lineOf(h)
				if !yield(nil, h) {
					return
				}
			}
			held = nil
		}
		r.line = rd.Line()
		if !yield(m, err) {
			return
		}
	}
	if len(held) > 0 {
		yield(nil, &FormatError{Lines: len(held), First: held[0]})
	}
}

// lineOf returns the line of a line error (a *protocol.DecodeError or
// *protocol.LineTooLongError); ok is false for another error.
func lineOf(err error) (line int, ok bool) {
	var de *protocol.DecodeError
	var le *protocol.LineTooLongError
	switch {
	case errors.As(err, &de):
		return de.Line, true
	case errors.As(err, &le):
		return le.Line, true
	}
	return 0, false
}

// recording yields the stdout messages of the recording read from in,
// with the values of the placeholders the recording holds.
func (r *Reader) recording(in io.Reader, yield func(protocol.Message, error) bool) {
	data, err := io.ReadAll(in)
	if err != nil {
		yield(nil, fmt.Errorf("transcript: %w", err))
		return
	}
	if recording.HasReferences(data) {
		if r.store == nil {
			yield(nil, errors.New("transcript: a recording in the stored form of a recordings folder: read it from its file, beside the folder's objects"))
			return
		}
		if data, err = recording.Expand(data, r.store); err != nil {
			yield(nil, fmt.Errorf("transcript: %w", err))
			return
		}
	}
	rec, err := recording.ParseRecording(data)
	if err != nil {
		yield(nil, fmt.Errorf("transcript: not a valid ccwire recording: %w", err))
		return
	}
	env := fakecli.Env{Version: rec.Version}
	first := eventsLine(data)
	for i, e := range rec.Events {
		if e.Kind != recording.EventStdout {
			continue
		}
		r.lines++
		r.line = first + i
		if e.Msg == nil {
			if !yield(nil, &protocol.DecodeError{Line: r.line, Err: errors.New(cmp.Or(e.Error, "not a JSON message")), Excerpt: e.Text}) {
				return
			}
			continue
		}
		msg, err := fakecli.Resolve(e.Msg, env)
		if err != nil {
			if !yield(nil, &protocol.DecodeError{Line: r.line, Err: err}) {
				return
			}
			continue
		}
		m, err := protocol.Decode(msg)
		if err != nil {
			var de *protocol.DecodeError
			if errors.As(err, &de) {
				de.Line = r.line
			}
			if !yield(nil, err) {
				return
			}
			continue
		}
		if !yield(m, nil) {
			return
		}
	}
}

// eventsLine returns the line of a recording's file where its first event
// is, the line after the marker of events.jsonl.
func eventsLine(data []byte) int {
	const marker = "-- events.jsonl --\n"
	i := 0
	if !bytes.HasPrefix(data, []byte(marker)) {
		if i = bytes.Index(data, []byte("\n"+marker)); i < 0 {
			return 0
		}
		i++
	}
	return bytes.Count(data[:i], []byte("\n")) + 2
}
