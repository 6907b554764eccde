package claude_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// TestStallWatchdog has the fake CLI start a background task, then stall
// in the turn until it is interrupted. The watchdog reports each silence;
// the one after the task started lists it as pending. OnStall interrupts
// the turn at that report, or (ReportOnly) the test does once it came.
// Nothing waits for time: a silence before the task started (a loaded
// machine) is reported without the task and not acted on, and the fake
// stalls until the interrupt, whenever it comes.
func TestStallWatchdog(t *testing.T) {
	t.Parallel()
	for _, byCallback := range []bool{true, false} {
		name := map[bool]string{true: "OnStallInterrupts", false: "ReportOnly"}[byCallback]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			withTask := make(chan *claude.StallEvent, 1)
			c := connectFake(t, func(o *claude.Options) {
				o.StallTimeout = 20 * time.Millisecond
				o.OnStall = func(ev *claude.StallEvent) bool {
					if !slices.Equal(ev.PendingTasks, []string{"task_1"}) {
						return false // before the fake's stall
					}
					select {
					case withTask <- ev:
					default:
					}
					return byCallback
				}
			})
			ctx := ctxFor(t)
			if err := c.Send(ctx, "stall task"); err != nil {
				t.Fatal(err)
			}
			var ev *claude.StallEvent
			select {
			case ev = <-withTask:
			case <-ctx.Done():
				t.Fatal("no stall reported with the task pending")
			}
			if ev.Silent < 20*time.Millisecond {
				t.Errorf("stall event %+v, want 20ms or more of silence", ev)
			}
			if !byCallback {
				if err := c.Interrupt(ctx); err != nil {
					t.Fatal(err)
				}
			}
			turn, err := c.ReceiveTurn(ctx, nil)
			var te *claude.TurnError
			if !errors.As(err, &te) || te.Subtype != protocol.SubtypeErrorDuringExecution {
				t.Fatalf("ReceiveTurn = %v, want the interrupted turn's error_during_execution (%d messages)", err, len(turn.Messages))
			}
		})
	}
}

// TestStallWatchdogOptions checks the watchdog's options before the CLI
// starts.
func TestStallWatchdogOptions(t *testing.T) {
	t.Parallel()
	for _, o := range []claude.Options{
		{StallTimeout: -time.Second},
		{InterruptOnStall: true},
		{OnStall: func(*claude.StallEvent) bool { return true }},
	} {
		o.Binary.Path = "/nonexistent/claude"
		_, err := claude.Connect(t.Context(), o)
		var oe *claude.OptionError
		if !errors.As(err, &oe) || oe.Option != "StallTimeout" {
			t.Errorf("Connect(%+v) = %v, want an OptionError for StallTimeout", o, err)
		}
	}
}
