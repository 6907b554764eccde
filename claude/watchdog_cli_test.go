package claude_test

import (
	"errors"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// TestStallWatchdogCLI runs the stall watchdog on the real CLI of every
// pinned version: the stub's answer stalls mid-stream until the client
// goes, so the turn stays silent; the watchdog reports it and, with
// InterruptOnStall, interrupts it, and the turn ends with
// error_during_execution. The timeout only decides when the report comes:
// the stall lasts until the interrupt, whenever that is.
func TestStallWatchdogCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"InterruptOnStall", testStallWatchdogCLI}})
}

func testStallWatchdogCLI(t *testing.T, bin cliinstall.Binary) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.Text("This is a long answer that stalls.").WithFaults(stubapi.Stall(0).MidBlock(0)),
	))
	opts := cliOptions(t, bin, stub)
	stalls := make(chan *claude.StallEvent, 10)
	opts.StallTimeout = 2 * time.Second
	opts.InterruptOnStall = true
	opts.OnStall = func(ev *claude.StallEvent) bool { stalls <- ev; return false }
	c := connectCLI(t, opts)
	ctx := ctxFor(t)
	_, err := c.Query(ctx, "Talk.", nil)
	var te *claude.TurnError
	if !errors.As(err, &te) || te.Subtype != protocol.SubtypeErrorDuringExecution {
		t.Fatalf("Query = %v, want the interrupted turn's error_during_execution", err)
	}
	select {
	case ev := <-stalls:
		t.Logf("stall: %+v", ev)
		if ev.Silent < opts.StallTimeout {
			t.Errorf("stall event %+v", ev)
		}
	default:
		t.Error("the turn ended without a stall report")
	}
}
