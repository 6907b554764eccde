package claude

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/ccwire/ccwire/protocol"
)

// ExitError reports that the CLI's output ended: the process exited (or was
// killed) before what the reader waited for arrived. Reads keep returning it
// once the messages before it are consumed.
type ExitError struct {
	// ExitCode is the exit status, or -1 if a signal ended the process.
	ExitCode int
	// Signal is the signal that ended the process, or 0.
	Signal syscall.Signal
	// Stopped reports that the session stopped the process itself: Close, or
	// the end of the context given to Start.
	Stopped bool
	// Stderr is the tail of what the CLI wrote to stderr.
	Stderr string
	// Err is the error from waiting for the process or reading its stdout,
	// or nil for a clean exit.
	Err error
}

// Error says how the CLI ended and what it said on stderr.
func (e *ExitError) Error() string {
	var b strings.Builder
	b.WriteString("claude: the CLI ")
	switch {
	case e.Stopped:
		b.WriteString("was stopped by the session")
	case e.Signal != 0:
		fmt.Fprintf(&b, "was killed by signal %d (%v)", int(e.Signal), e.Signal)
	default:
		fmt.Fprintf(&b, "exited with status %d", e.ExitCode)
		if sig := e.StatusSignal(); sig != 0 {
			fmt.Fprintf(&b, " (128+%d: it ended itself on signal %d (%v))", int(sig), int(sig), sig)
		}
	}
	if s := lastLines(e.Stderr, 10); s != "" {
		b.WriteString("; stderr:\n")
		b.WriteString(s)
	} else {
		b.WriteString(" (stderr empty)")
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *ExitError) Unwrap() error { return e.Err }

// StatusSignal returns the signal that an exit status of 128+N reports by
// convention, or 0: the CLI catches SIGTERM and SIGINT, and exits by
// itself with status 143 or 130 (both pinned versions), so Signal is 0
// then and the status names the signal.
func (e *ExitError) StatusSignal() syscall.Signal {
	if e.Stopped || e.Signal != 0 || e.ExitCode <= 128 || e.ExitCode > 128+lastSignal {
		return 0
	}
	return syscall.Signal(e.ExitCode - 128)
}

// clean reports whether the CLI ended by itself with status 0.
func (e *ExitError) clean() bool {
	return !e.Stopped && e.Signal == 0 && e.ExitCode == 0 && e.Err == nil
}

// ContextError reports that a context ended before what the client or
// session waited for came: a read's (the session goes on; a later read
// continues where this one stopped, unless a [Client] sends a prompt first:
// it discards the rest of the turn this read abandoned, see [Client.Send]),
// a send's (the CLI did not read its stdin in time: part of the line may
// have been written), a control request's, a wait's or a start's. A
// control request that gets no answer within [Options.ControlTimeout] is
// one too, with Err context.DeadlineExceeded. Every deadline and
// cancellation of the package is reported as one, so that
// errors.As(err, new(*ContextError)) and errors.Is(err,
// context.DeadlineExceeded) (or context.Canceled) hold together.
type ContextError struct {
	// Err is the context's error: context.Canceled or
	// context.DeadlineExceeded.
	Err error
	// Cause is the context's cause, if other than Err; for a control
	// request's ControlTimeout, what timed out.
	Cause error
	// Op says what was given up, as a phrase ("writing to the CLI's
	// stdin", "waiting for the answer to the interrupt request req_1_ab");
	// empty for a read.
	Op string
	// Messages are the messages a read consumed before giving up.
	Messages []protocol.Message
}

// Error says what was given up, and for a read what it was left with.
func (e *ContextError) Error() string {
	what := e.Op
	if what == "" {
		what = fmt.Sprintf("waiting for the CLI after %d messages", len(e.Messages))
	}
	msg := "claude: gave up " + what + ": " + e.Err.Error()
	if e.Cause != nil {
		msg += " (" + e.Cause.Error() + ")"
	}
	return msg
}

// Unwrap returns the context's error and cause.
func (e *ContextError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// contextError returns the *ContextError of ctx, which has ended with err
// (ctx.Err(), or context.DeadlineExceeded when ctx's deadline passed a
// moment before ctx.Err() says so), for giving up op ("" for a read).
func contextError(ctx context.Context, err error, op string) *ContextError {
	ce := &ContextError{Err: err, Op: op}
	if cause := context.Cause(ctx); cause != nil && cause != err {
		ce.Cause = cause
	}
	return ce
}

// LimitError reports that the CLI made the client hold more than it
// bounds: more control requests in flight than [Options.ControlHandlers]
// + [Options.MaxControlQueue], or more output held for reads than
// [Options.MaxBufferedBytes]. The client ended the session on it: it
// stopped the CLI, and the reads, sends and control requests that follow
// return it.
type LimitError struct {
	// What is what went over the bound: "control requests from the CLI in
	// flight" or "bytes of the CLI's output held for reads".
	What string
	// Limit is the bound.
	Limit int64
	// Option is the field of [Options] that raises it.
	Option string
}

// Error says what went over which bound, and the option that raises it.
func (e *LimitError) Error() string {
	return fmt.Sprintf("claude: the CLI sent more than the client holds: over %d %s; the session was ended (raise Options.%s to allow more)",
		e.Limit, e.What, e.Option)
}

// LineErrors reports stdout lines that could not be decoded during a read.
// The lines were skipped (they are in the transcript) and the read went on;
// its messages are complete otherwise.
type LineErrors struct {
	// Errs are *protocol.DecodeError and *protocol.LineTooLongError values.
	Errs []error
}

// Error lists the failed lines.
func (e *LineErrors) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "claude: %d stdout line(s) could not be decoded", len(e.Errs))
	for _, err := range e.Errs {
		b.WriteString("\n  ")
		b.WriteString(err.Error())
	}
	return b.String()
}

// Unwrap returns the per-line errors.
func (e *LineErrors) Unwrap() []error { return e.Errs }

// withLineErrors adds the per-line errors of a read to its final error.
func withLineErrors(err error, lineErrs []error) error {
	if len(lineErrs) == 0 {
		return err
	}
	le := &LineErrors{Errs: lineErrs}
	if err == nil {
		return le
	}
	return errors.Join(err, le)
}

// isLineError reports whether err concerns one stdout line only.
func isLineError(err error) bool {
	var de *protocol.DecodeError
	var le *protocol.LineTooLongError
	return errors.As(err, &de) || errors.As(err, &le)
}

// exitErrorOf builds the ExitError for a process that ended.
func exitErrorOf(state *os.ProcessState, waitErr, readErr error, stopped bool, stderr string) *ExitError {
	e := &ExitError{ExitCode: -1, Stopped: stopped, Stderr: stderr}
	if state != nil {
		e.ExitCode = state.ExitCode()
		if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			e.Signal = ws.Signal()
		}
	}
	switch {
	case readErr != nil && waitErr != nil:
		e.Err = errors.Join(waitErr, readErr)
	case readErr != nil:
		e.Err = readErr
	default:
		e.Err = waitErr
	}
	return e
}

// lastLines returns the last n non-empty lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	var kept []string
	for i := len(lines) - 1; i >= 0 && len(kept) < n; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			kept = append(kept, lines[i])
		}
	}
	slices.Reverse(kept)
	return strings.Join(kept, "\n")
}

// opError is an error of the client with what it was doing: its message
// says the package's prefix once, dropping the one of the error it wraps.
type opError struct {
	op  string
	err error
}

// wrapError wraps err with op, what the client was doing.
func wrapError(op string, err error) error { return &opError{op: op, err: err} }

// Error says what failed, then why.
func (e *opError) Error() string {
	return "claude: " + e.op + ": " + strings.TrimPrefix(e.err.Error(), "claude: ")
}

// Unwrap returns the error wrapped.
func (e *opError) Unwrap() error { return e.err }
