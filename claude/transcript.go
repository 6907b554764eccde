package claude

import (
	"bytes"
	"math"
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
	// kept exactly, blank and undecodable ones and a last line without a
	// newline included, except a line over the size limit of the session's
	// reader ([protocol.WithMaxLineSize]), which is not kept: Line is then
	// nil and Size tells its length. A stdout line shares its memory with
	// the message decoded from it: treat it as read-only.
	Line []byte
	// Size is the line's length in bytes, len(Line) unless the line was
	// over the size limit.
	Size int64
	// Time is when the session wrote or read the line.
	Time time.Time
}

// transcript records stdin and stdout lines in the order the session saw
// them, all of them or the last max. It is safe for concurrent use.
type transcript struct {
	mu      sync.Mutex
	lines   []TranscriptLine
	max     int // keep the last max lines; 0 keeps all, < 0 none
	dropped int // lines dropped for max
}

// limit is how many lines a bounded transcript holds at most before it
// drops the older ones: 2*max, or every line when that does not fit in an
// int (max is [TranscriptUnbounded]).
func (t *transcript) limit() int {
	if t.max > math.MaxInt/2 {
		return math.MaxInt
	}
	return 2 * t.max
}

// add records line, which the transcript now owns.
func (t *transcript) add(dir Direction, line []byte, size int64) {
	now := time.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.max < 0:
		t.dropped++
		return
	case t.max > 0 && len(t.lines) == t.limit():
		// Keep the last max-1 lines and this one. Compacting once every
		// max lines keeps adding O(1) amortized.
		n := copy(t.lines, t.lines[len(t.lines)-(t.max-1):])
		clear(t.lines[n:])
		t.dropped += len(t.lines) - n
		t.lines = t.lines[:n]
	case t.max > 0 && len(t.lines) == cap(t.lines):
		// Grow as append would, but never past the 2*max lines a bounded
		// transcript holds at most.
		grown := make([]TranscriptLine, len(t.lines), min(max(2*cap(t.lines), 8), t.limit()))
		copy(grown, t.lines)
		t.lines = grown
	}
	t.lines = append(t.lines, TranscriptLine{Direction: dir, Line: line, Size: size, Time: now})
}

// addLines records copies of the lines of data, split at newlines; a
// piece after the last newline is recorded as a line of its own.
func (t *transcript) addLines(dir Direction, data []byte) {
	for len(data) > 0 {
		line, rest, found := bytes.Cut(data, []byte{'\n'})
		t.add(dir, bytes.Clone(line), int64(len(line)))
		if !found {
			break
		}
		data = rest
	}
}

// snapshot returns the lines kept, and how many earlier ones were
// dropped.
func (t *transcript) snapshot() ([]TranscriptLine, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	kept := t.kept()
	return slices.Clone(t.lines[len(t.lines)-kept:]), t.dropped + len(t.lines) - kept
}

// droppedLines returns how many lines were dropped.
func (t *transcript) droppedLines() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped + len(t.lines) - t.kept()
}

// kept returns how many of the last lines held are kept: they can be up to
// 2*max between two compactions. t.mu is held.
func (t *transcript) kept() int {
	if t.max > 0 {
		return min(len(t.lines), t.max)
	}
	return len(t.lines)
}
