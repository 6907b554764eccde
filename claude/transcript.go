package claude

import (
	"bytes"
	"io"
	"slices"
	"sync"
	"time"
)

// Direction says which way a transcript line went.
type Direction string

// The directions of transcript lines.
const (
	// Stdin is a line the session wrote to the CLI.
	Stdin Direction = "stdin"
	// Stdout is a line the CLI wrote.
	Stdout Direction = "stdout"
)

// TranscriptLine is one line of a session's transcript.
type TranscriptLine struct {
	Direction Direction
	// Line is the line's bytes without its newline. Lines the CLI wrote are
	// kept exactly, including ones that failed to decode; a last line without
	// a newline is kept too.
	Line []byte
	// Time is when the session wrote or read the line.
	Time time.Time
}

// transcript records stdin and stdout lines in the order the session saw
// them. It is safe for concurrent use.
type transcript struct {
	mu    sync.Mutex
	lines []TranscriptLine
}

func (t *transcript) add(dir Direction, line []byte) {
	t.mu.Lock()
	t.lines = append(t.lines, TranscriptLine{Direction: dir, Line: bytes.Clone(line), Time: time.Now()})
	t.mu.Unlock()
}

// addLines records data, split at newlines; a piece after the last newline
// is recorded as a line of its own.
func (t *transcript) addLines(dir Direction, data []byte) {
	for len(data) > 0 {
		line, rest, found := bytes.Cut(data, []byte{'\n'})
		t.add(dir, line)
		if !found {
			break
		}
		data = rest
	}
}

func (t *transcript) snapshot() []TranscriptLine {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.lines)
}

// lineTee passes a stream through and records each of its lines in a
// transcript as it goes by.
type lineTee struct {
	r       io.Reader
	t       *transcript
	dir     Direction
	partial []byte
}

func (l *lineTee) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	data := p[:n]
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			l.partial = append(l.partial, data...)
			break
		}
		if len(l.partial) > 0 {
			l.partial = append(l.partial, data[:i]...)
			l.t.add(l.dir, l.partial)
			l.partial = l.partial[:0]
		} else {
			l.t.add(l.dir, data[:i])
		}
		data = data[i+1:]
	}
	if err != nil && len(l.partial) > 0 {
		l.t.add(l.dir, l.partial)
		l.partial = nil
	}
	return n, err
}
