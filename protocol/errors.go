package protocol

import (
	"fmt"

	"github.com/ccwire/ccwire/internal/jsonwire"
)

// MaxNesting is the deepest nesting of arrays and objects a line may have:
// 10,000 levels, the limit encoding/json applies.
const MaxNesting = jsonwire.MaxDepth

// NestingError reports a line whose arrays and objects nest deeper than
// [MaxNesting] levels. The line is valid JSON, which [Decode] otherwise
// never refuses, but decoding it would take stack and time out of
// proportion; encoding/json refuses it too. It comes as the Err of a
// *DecodeError: test for it with errors.As.
type NestingError struct {
	Offset int // byte offset in the line of the array or object too deep
}

// Error implements error.
func (e *NestingError) Error() string {
	return fmt.Sprintf("JSON nested deeper than %d levels at offset %d", MaxNesting, e.Offset)
}

// wireError turns the decoder's errors that callers tell apart into this
// package's types.
func wireError(err error) error {
	if de, ok := err.(*jsonwire.DepthError); ok {
		return &NestingError{Offset: de.Offset}
	}
	return err
}

// DecodeError reports a line that is not a JSON object. Reading can go on
// with the next line.
type DecodeError struct {
	Line    int    // 1-based line number, 0 when decoding a single line
	Err     error  // what was wrong
	Excerpt string // the part of the line around the problem
}

// Error implements error.
func (e *DecodeError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %v (near %q)", e.Line, e.Err, e.Excerpt)
	}
	return fmt.Sprintf("%v (near %q)", e.Err, e.Excerpt)
}

// Unwrap returns the cause.
func (e *DecodeError) Unwrap() error { return e.Err }

// LineTooLongError reports a line longer than the reader's limit. The line
// was skipped without being kept in memory; reading can go on.
type LineTooLongError struct {
	Line  int   // 1-based line number
	Size  int64 // the line's length in bytes, without the newline
	Limit int64 // the limit in force
}

// Error implements error.
func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("line %d: %d bytes, over the limit of %d", e.Line, e.Size, e.Limit)
}
