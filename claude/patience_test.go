package claude_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
)

// noDeadlinePatience is how long a test waits for an event when it runs
// without a deadline (go test -timeout 0).
const noDeadlinePatience = time.Hour

// patience returns how long a test may wait for an event that is not what
// it tests (a fake CLI starting and answering initialize, a turn
// finishing): most of the time left before the test binary's deadline,
// keeping a tenth of it (at most a minute) for the test to report the
// hang and clean up. A loaded machine makes events slow, never wrong, so
// only a real hang fails, and it fails at the test timeout with a clear
// error instead of a panic.
func patience(t testing.TB) time.Duration {
	dt, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return noDeadlinePatience
	}
	deadline, ok := dt.Deadline()
	if !ok {
		return noDeadlinePatience
	}
	left := time.Until(deadline)
	return max(left-min(left/10, time.Minute), time.Second)
}

// ctxFor returns a context of t that ends after patience(t): the bound on
// waiting for events the test does not test.
func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), patience(t))
	t.Cleanup(cancel)
	return ctx
}

// firstText is an Observer (Options.Observer) that tells when the first
// text of the client arrives: tests start a short deadline or end a
// context on that event, never after a guessed time.
type firstText struct {
	claude.BaseHandler
	once    sync.Once
	arrived chan struct{} // closed at the first text
}

func newFirstText() *firstText { return &firstText{arrived: make(chan struct{})} }

func (f *firstText) OnText(*claude.TextEvent) { f.once.Do(func() { close(f.arrived) }) }

// wait waits for the first text, failing t if ctx ends first.
func (f *firstText) wait(ctx context.Context, t *testing.T) {
	t.Helper()
	select {
	case <-f.arrived:
	case <-ctx.Done():
		t.Fatalf("the turn's text never came: %v", ctx.Err())
	}
}
