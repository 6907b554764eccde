package transcript

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/scenario"
)

// Messages returns the messages of the transcript read from r: the CLI's
// stdout lines (stream-json, one JSON object a line), or a recording of
// package scenario (a txtar archive), whose stdout lines it takes. Which
// it is shows in the first byte that is not white space: '{' starts a
// stream-json transcript.
//
// Lines that cannot be decoded are yielded as *protocol.DecodeError (or
// *protocol.LineTooLongError) with their line number, and reading goes on;
// an error reading r, or a recording that does not parse, is yielded last.
// A stream-json transcript is read as it comes, with no line limit
// (opts configure the [protocol.Reader]), so r can be a pipe from a
// running CLI; a recording is read whole first.
func Messages(r io.Reader, opts ...protocol.ReaderOption) iter.Seq2[protocol.Message, error] {
	return func(yield func(protocol.Message, error) bool) {
		br := bufio.NewReaderSize(r, 4096)
		first, err := firstByte(br)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				yield(nil, fmt.Errorf("transcript: %w", err))
			}
			return
		}
		if first == '{' {
			for m, err := range protocol.NewReader(br, opts...).All() {
				if !yield(m, err) {
					return
				}
			}
			return
		}
		data, err := io.ReadAll(br)
		if err != nil {
			yield(nil, fmt.Errorf("transcript: %w", err))
			return
		}
		recordingMessages(data, yield)
	}
}

// firstByte returns the first byte of br that is not white space, without
// consuming it.
func firstByte(br *bufio.Reader) (byte, error) {
	for {
		b, err := br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return b, br.UnreadByte()
	}
}

// recordingMessages yields the stdout messages of the recording in data.
// Line numbers in errors count the recording's stdout lines from 1.
func recordingMessages(data []byte, yield func(protocol.Message, error) bool) {
	rec, err := scenario.ParseRecording(data)
	if err != nil {
		yield(nil, fmt.Errorf("transcript: not a stream-json transcript nor a recording: %w", err))
		return
	}
	line := 0
	for _, e := range rec.Events {
		if e.Kind != scenario.EventStdout {
			continue
		}
		line++
		if e.Msg == nil {
			if !yield(nil, &protocol.DecodeError{Line: line, Err: errors.New(e.Error), Excerpt: e.Text}) {
				return
			}
			continue
		}
		m, err := protocol.Decode(e.Msg)
		if err != nil {
			var de *protocol.DecodeError
			if errors.As(err, &de) {
				de.Line = line
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
