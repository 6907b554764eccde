package claude

import (
	"context"

	"github.com/ccwire/ccwire/protocol"
)

// event is one item read from the CLI's stdout: a message, or the error of a
// line that could not be decoded.
type event struct {
	msg protocol.Message
	err error
}

// conn is what a Client talks to: a CLI's stdin, its decoded stdout, and
// its end. A *Session is one; tests and benchmarks use in-memory ones.
type conn interface {
	// SendRaw writes data to the CLI's stdin.
	SendRaw(ctx context.Context, data []byte) error
	// CloseInput closes the CLI's stdin.
	CloseInput() error
	// Close ends the CLI; afterwards nextEvent soon reports the end.
	Close() error
	// hurry makes a Close under way or to come end the CLI at once,
	// without a grace period. It does not block.
	hurry()
	// nextEvent returns the next stdout item, or how the output ended, or
	// ctx's error.
	nextEvent(ctx context.Context) (event, *ExitError, error)
}

// nextEvent returns the next item of the session's stdout queue, or how
// the output ended, or ctx's error.
func (s *Session) nextEvent(ctx context.Context) (event, *ExitError, error) {
	ev, _, end, err := s.queue.next(ctx)
	return ev, end, err
}

// sendMessage writes one message to c as a line of JSON.
func sendMessage(ctx context.Context, c conn, m protocol.Message) error {
	line, err := protocol.Marshal(m)
	if err != nil {
		return wrapError("send", err)
	}
	return c.SendRaw(ctx, append(line, '\n'))
}
