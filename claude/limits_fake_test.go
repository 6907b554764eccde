package claude_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/internal/benchheap"
)

// waitForPermission is a permission callback that answers only when its
// context ends, as a person who is away does.
func waitForPermission(ctx context.Context, _ *claude.PermissionRequest) (claude.PermissionDecision, error) {
	<-ctx.Done()
	return claude.PermissionDecision{}, ctx.Err()
}

// TestControlRequestFlood has the fake CLI send 20,000 permission
// requests at once to a client whose callback waits: the client answers a
// bounded number at a time and ends the session with a *LimitError naming
// the option once more are in flight than it queues (issue 33, defect 9:
// 100,000 requests made ~99,000 goroutines, 650 MB).
func TestControlRequestFlood(t *testing.T) {
	t.Parallel()
	const flood = 20000
	c := connectFake(t, func(o *claude.Options) {
		o.CanUseTool = waitForPermission
		o.CloseTimeout = 200 * time.Millisecond
	})
	base := runtime.NumGoroutine()
	heap := benchheap.Start()
	peak := base
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // samples the goroutines while the flood goes on
		defer close(sampled)
		for {
			peak = max(peak, runtime.NumGoroutine())
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	_, err := c.Query(ctxFor(t), "permflood 20000", nil)
	close(stop)
	<-sampled
	grown := heap.Stop()
	t.Logf("%d permission requests: goroutines %d -> peak %d, heap +%.1f MB; %v", flood, base, peak, float64(grown)/1e6, err)
	var le *claude.LimitError
	if !errors.As(err, &le) || le.Option != "MaxControlQueue" || !strings.Contains(err.Error(), "Options.MaxControlQueue") {
		t.Fatalf("Query = %v, want a *LimitError naming Options.MaxControlQueue", err)
	}
	if want := int64(claude.DefaultControlHandlers + claude.DefaultMaxControlQueue); le.Limit != want {
		t.Errorf("LimitError.Limit = %d, want %d", le.Limit, want)
	}
	if over := peak - base; over > claude.DefaultControlHandlers+16 {
		t.Errorf("the flood took %d goroutines more, want at most the %d handlers and a few", over, claude.DefaultControlHandlers)
	}
	if err := c.SetModel(ctxFor(t), "x"); !errors.As(err, &le) {
		t.Errorf("a control request after the session failed: %v, want the *LimitError", err)
	}
	if err := c.Wait(ctxFor(t)); !errors.As(err, &le) {
		t.Errorf("Wait = %v, want the *LimitError", err)
	}
}

// TestEndlessStream has the fake CLI write texts without end: a Query,
// which holds the turn's messages, and a client nobody reads from both
// end the session with a *LimitError naming Options.MaxBufferedBytes once
// they hold more than it (issue 33, defect 9: Query grew to 283 MB in
// 3 s).
func TestEndlessStream(t *testing.T) {
	t.Parallel()
	const limit = 4 << 20
	for _, read := range []bool{true, false} {
		name := map[bool]string{true: "Query", false: "unread"}[read]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := connectFake(t, func(o *claude.Options) {
				o.MaxBufferedBytes = limit
				o.CloseTimeout = 200 * time.Millisecond
			})
			ctx := ctxFor(t)
			heap := benchheap.Start()
			var err error
			if read {
				_, err = c.Query(ctx, "endless 10000", nil)
			} else {
				if err := c.Send(ctx, "endless 10000"); err != nil {
					t.Fatal(err)
				}
				err = c.Wait(ctx) // the client fails the session by itself
			}
			grown := heap.Stop()
			t.Logf("heap +%.1f MB; %v", float64(grown)/1e6, err)
			var le *claude.LimitError
			if !errors.As(err, &le) || le.Option != "MaxBufferedBytes" || le.Limit != limit || !strings.Contains(err.Error(), "Options.MaxBufferedBytes") {
				t.Fatalf("err = %v, want a *LimitError of Options.MaxBufferedBytes, %d", err, limit)
			}
			if _, err := c.ReceiveTurn(ctx, nil); !errors.As(err, &le) {
				t.Errorf("a read after the session failed: %v, want the *LimitError", err)
			}
		})
	}
}
