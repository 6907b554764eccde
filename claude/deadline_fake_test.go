package claude_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// endlessGrace is a close grace period no test outlives: a Connect,
// Query or Close that returns at all, before the test's own bound, did
// not wait it out. How fast they return once the context ends (target
// 100 ms) is measured by BenchmarkQueryDeadline, not asserted.
const endlessGrace = 24 * time.Hour

// returnsBeforeBound runs f on another goroutine and fails t if it does
// not return before the test's bound, ctxFor(t): with endlessGrace, only
// the context's end can make it return.
func returnsBeforeBound(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-ctxFor(t).Done():
		t.Fatalf("%s did not return once its context ended: it waits out the close grace (%v)", what, endlessGrace)
	}
}

// TestContextEndKillsAtOnce checks that a context ending while Connect or
// Query waits for a CLI that ignores its stdin closing makes them return:
// the CLI is killed, not given the close grace period (endlessGrace). The
// cancel cases end the context on an event: once the fake that never
// answers initialize runs (Connect), once the hanging turn has started
// (Query).
// The deadline cases end it after a second, while Connect or Query waits
// for a CLI that will never answer, so the deadline is certain to be what
// ends them (on a loaded machine the "Query deadline" case may still be
// waiting for initialize when it passes).
func TestContextEndKillsAtOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		deaf   bool // the fake never answers initialize
		cancel bool // cancel the context rather than let its deadline pass
	}{
		{"Connect deadline", true, false},
		{"Connect cancel", true, true},
		{"Query deadline", false, false},
		{"Query cancel", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opts := fakeOptions(t)
			opts.CloseTimeout = endlessGrace
			tag := runTag()
			opts.Env = append(opts.Env, tag)
			if tt.deaf {
				opts.Env = append(opts.Env, fakeCLIEnv+"="+fakeCLIDeaf)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Second)
			defer cancel()
			if tt.cancel {
				ctx, cancel = context.WithCancel(t.Context())
				defer cancel()
				if tt.deaf { // once the fake runs
					go func() {
						for len(claude.MarkedProcesses(tag)) == 0 && ctx.Err() == nil {
							time.Sleep(10 * time.Millisecond)
						}
						cancel()
					}()
				} else { // once the fake hangs in the turn, after its text
					text := newFirstText()
					opts.Observer = text
					go func() {
						select {
						case <-text.arrived:
						case <-ctx.Done():
						}
						cancel()
					}()
				}
			}
			var err error
			returnsBeforeBound(t, "Query", func() { _, err = claude.Query(ctx, "hang", opts) })
			want := context.DeadlineExceeded
			if tt.cancel {
				want = context.Canceled
			}
			if !errors.Is(err, want) {
				t.Errorf("Query error = %v, want one wrapping %v", err, want)
			}
			if pids := claude.MarkedProcesses(tag); len(pids) > 0 {
				t.Errorf("processes %v of the CLI outlived Query", pids)
			}
		})
	}
}

// TestCloseKeepsGrace checks that a normal Close still gives the CLI its
// close grace period before killing it.
func TestCloseKeepsGrace(t *testing.T) {
	t.Parallel()
	const grace = 300 * time.Millisecond
	ctx := ctxFor(t)
	text := newFirstText()
	c := connectFake(t, func(o *claude.Options) {
		o.CloseTimeout = grace
		o.Observer = text
	})
	if err := c.Send(ctx, "hang"); err != nil {
		t.Fatal(err)
	}
	text.wait(ctx, t) // the CLI is now hanging in the turn
	start := time.Now()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < grace {
		t.Errorf("Close took %v, want at least the grace period %v", took, grace)
	}
}

// runTag returns an environment entry unique to the caller, to find the
// processes that carry it.
func runTag() string {
	return fmt.Sprintf("CCWIRE_TEST_RUN=%s", rand.Text())
}

// BenchmarkQueryDeadline measures how long Query takes to return after
// its context's deadline passes while the CLI hangs in a turn and ignores
// its stdin closing (the target is 100 ms), as ms-over/op.
func BenchmarkQueryDeadline(b *testing.B) {
	opts := fakeOptions(b)
	opts.CloseTimeout = 5 * time.Second
	var total time.Duration
	for b.Loop() {
		ctx, cancel := context.WithTimeout(b.Context(), 500*time.Millisecond)
		_, _ = claude.Query(ctx, "hang", opts)
		d, _ := ctx.Deadline()
		total += time.Since(d)
		cancel()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-over/op")
}

// TestStartContextCutsCloseShort checks that the end of Start's context
// kills the CLI even while a Close waits out its grace period: with a
// grace of endlessGrace, Close returns at all only because the context
// ended (the CLI, hanging in a turn, ignores its stdin closing; see
// fakeScript). The context ends 300 ms into Close; should load delay Close
// past that, the context has killed the CLI already and Close returns all
// the same.
func TestStartContextCutsCloseShort(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	s, err := claude.Start(ctx, fakeBinary(t), claude.SessionConfig{BaseURL: "http://127.0.0.1:9", Isolation: &claude.Isolation{}, CloseTimeout: endlessGrace})
	if err != nil {
		t.Fatal(err)
	}
	track(s)
	if err := s.SendText(t.Context(), "hang"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadUntil(ctxFor(t), func(protocol.Message) bool { return true }); err != nil {
		t.Fatalf("the hanging turn's first message: %v", err) // the fake now hangs in the turn
	}
	returnsBeforeBound(t, "Close", func() {
		time.AfterFunc(300*time.Millisecond, cancel)
		err = s.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
}

// earlyDeadline is a context whose deadline passes before its Done
// channel closes. It makes the moment a real deadline can fall into by
// chance (12 of 20 runs in issue 33) last: the write deadline the client
// sets on the CLI's stdin from ctx has passed, but ctx.Err() is still nil.
type earlyDeadline struct {
	context.Context
	at time.Time
}

func (e earlyDeadline) Deadline() (time.Time, bool) { return e.at, true }

// TestDeadlineIsContextError checks that a deadline or a cancellation
// that ends a send or a control request while the CLI does not read its
// stdin is a *ContextError matching context.DeadlineExceeded (or
// context.Canceled), never the pipe's "write |1: i/o timeout" (issue 33,
// defect 8).
func TestDeadlineIsContextError(t *testing.T) {
	t.Parallel()
	c := connectFake(t, func(o *claude.Options) { o.CloseTimeout = 100 * time.Millisecond })
	if _, err := c.Query(ctxFor(t), "plug", nil); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 1<<20) // more than a pipe holds: the write blocks
	check := func(t *testing.T, what string, err, want error) {
		t.Helper()
		var ce *claude.ContextError
		if !errors.As(err, &ce) || !errors.Is(err, want) {
			t.Fatalf("%s = %v, want a *ContextError matching %v", what, err, want)
		}
		if p := repeatedPrefix(err.Error()); p != "" {
			t.Errorf("the prefix %q repeats in %q", p, err)
		}
	}
	// Sequential: they share the plugged CLI's stdin.
	t.Run("send deadline", func(t *testing.T) {
		for range 20 {
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
			err := c.Send(ctx, big)
			cancel()
			check(t, "Send", err, context.DeadlineExceeded)
		}
	})
	t.Run("send deadline before Done", func(t *testing.T) {
		ctx := earlyDeadline{ctxFor(t), time.Now().Add(50 * time.Millisecond)}
		check(t, "Send", c.Send(ctx, big), context.DeadlineExceeded)
	})
	t.Run("send cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(20*time.Millisecond, cancel)
		check(t, "Send", c.Send(ctx, big), context.Canceled)
	})
	t.Run("control deadline", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		defer cancel()
		check(t, "SetModel", c.SetModel(ctx, "x"), context.DeadlineExceeded)
	})
	t.Run("wait deadline", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
		defer cancel()
		check(t, "Wait", c.Wait(ctx), context.DeadlineExceeded)
	})
}
