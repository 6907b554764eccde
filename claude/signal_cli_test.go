//go:build unix

package claude_test

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/stubapi"
)

// TestClientCLIKilled kills the real CLI of every pinned version with a
// signal in the middle of a turn (its answer's stream stalls mid-text)
// and checks that the turn's error is an *ExitError naming the signal,
// not a context error: the client notices the CLI's death by itself.
// SIGKILL shows in ExitError.Signal; SIGTERM the CLIs catch, exiting with
// status 143, which ExitError.StatusSignal reads back. The time from the
// kill to the error is logged, not asserted. Unix only: Windows has no
// signals (testKilledMidTurn kills the CLI there too).
func TestClientCLIKilled(t *testing.T) {
	t.Parallel()
	var tests []cliTest
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		tests = append(tests, cliTest{sig.String(), func(t *testing.T, bin cliinstall.Binary) { testClientKilled(t, bin, sig) }})
	}
	runCLITests(t, tests)
}

func testClientKilled(t *testing.T, bin cliinstall.Binary, sig syscall.Signal) {
	stub := stubapi.NewTest(t, stubapi.NewScript(
		stubapi.Text("This answer never ends, because the CLI dies.").WithFaults(stubapi.Stall(0).MidBlock(0)),
	))
	opts := cliOptions(t, bin, stub)
	opts.IncludePartialMessages = true
	c := connectCLI(t, opts)
	// The read's bound is the test's own: a read still blocked at it (the
	// client missed the death) fails with a *ContextError.
	ctx := ctxFor(t)
	var killed time.Time
	var turnErr error
	deltas := 0
	for ev, err := range c.Stream(ctx, "Talk.") {
		if err != nil {
			turnErr = err
			break
		}
		if _, ok := ev.(*claude.TextDeltaEvent); ok && killed.IsZero() {
			deltas++
			killed = time.Now()
			// The process itself, not its group: the client must learn
			// of the death from the process, as when the OOM killer or
			// a user's kill strikes.
			if err := syscall.Kill(c.Session().PID(), sig); err != nil {
				t.Fatalf("kill: %v", err)
			}
		}
	}
	took := time.Since(killed)
	if killed.IsZero() {
		t.Fatalf("the turn ended before any text delta: %v", turnErr)
	}
	var exit *claude.ExitError
	if !errors.As(turnErr, &exit) {
		t.Fatalf("turn error = %v (%T), want an *ExitError", turnErr, turnErr)
	}
	t.Logf("%s: error %s after the kill: %v", sig, took.Round(time.Millisecond), turnErr)
	// SIGKILL ends the process; both CLIs catch SIGTERM and exit by
	// themselves with status 128+15.
	want := fmt.Sprintf("killed by signal %d (%v)", int(sig), sig)
	if sig == syscall.SIGKILL {
		if exit.Signal != sig || exit.ExitCode != -1 || exit.Stopped {
			t.Errorf("ExitError signal %v, exit code %d, stopped %v; want signal %v, -1, not stopped", exit.Signal, exit.ExitCode, exit.Stopped, sig)
		}
	} else {
		want = fmt.Sprintf("exited with status %d (128+%d: it ended itself on signal %d (%v))", 128+int(sig), int(sig), int(sig), sig)
		if exit.Signal != 0 || exit.StatusSignal() != sig || exit.Stopped {
			t.Errorf("ExitError signal %v, exit code %d (status signal %v), stopped %v; want exit status %d", exit.Signal, exit.ExitCode, exit.StatusSignal(), exit.Stopped, 128+int(sig))
		}
	}
	if !strings.Contains(turnErr.Error(), want) {
		t.Errorf("error %q does not say %q", turnErr, want)
	}
	// The session is over; Close reports the same end and leaves nothing.
	if err := c.Close(); err != nil && !errors.As(err, &exit) {
		t.Errorf("Close: %v", err)
	}
}
