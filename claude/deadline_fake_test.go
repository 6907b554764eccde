package claude_test

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
)

// overshootLimit bounds how long Connect and Query may take to return once
// their context has ended. The target is 100 ms (BenchmarkQueryDeadline
// measures it); the bound is generous for a loaded 2-core machine.
const overshootLimit = time.Second

// TestContextEndKillsAtOnce checks that a context ending while Connect or
// Query waits for a CLI that ignores its stdin closing returns at once:
// the CLI is killed, not given the close grace period (5 s here).
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
			opts.CloseTimeout = 5 * time.Second
			tag := runTag()
			opts.Env = append(opts.Env, tag)
			if tt.deaf {
				opts.Env = append(opts.Env, fakeCLIEnv+"="+fakeCLIDeaf)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Second)
			defer cancel()
			cancelled := make(chan time.Time, 1)
			if tt.cancel {
				ctx, cancel = context.WithCancel(t.Context())
				defer cancel()
				time.AfterFunc(time.Second, func() {
					cancelled <- time.Now()
					cancel()
				})
			}
			_, err := claude.Query(ctx, "hang", opts)
			var ended time.Time
			if d, ok := ctx.Deadline(); ok {
				ended = d
			} else {
				ended = <-cancelled
			}
			over := time.Since(ended)
			t.Logf("returned %v after the context ended", over.Round(time.Millisecond))
			if over > overshootLimit {
				t.Errorf("Query returned %v after the context ended, want at most %v (target 100 ms)", over, overshootLimit)
			}
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
	c := connectFake(t, func(o *claude.Options) { o.CloseTimeout = grace })
	ctx := ctxFor(t, 30*time.Second)
	if err := c.Send(ctx, "hang"); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, _ = c.ReceiveTurn(short, nil) // the CLI is now hanging in the turn
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
// kills the CLI at once even while a Close waits out its grace period.
func TestStartContextCutsCloseShort(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	s, err := claude.Start(ctx, fakeBinary(t), claude.SessionConfig{BaseURL: "http://127.0.0.1:9", Isolation: &claude.Isolation{}, CloseTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	track(s)
	if err := s.SendText(t.Context(), "hang"); err != nil {
		t.Fatal(err)
	}
	cancelled := make(chan time.Time, 1)
	time.AfterFunc(300*time.Millisecond, func() {
		cancelled <- time.Now()
		cancel()
	})
	if err := s.Close(); err != nil { // the fake script ignores its stdin closing while it hangs
		t.Fatal(err)
	}
	over := time.Since(<-cancelled)
	t.Logf("Close returned %v after the context ended", over.Round(time.Millisecond))
	if over > overshootLimit {
		t.Errorf("Close returned %v after Start's context ended, want at most %v", over, overshootLimit)
	}
}
