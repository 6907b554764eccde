package scenario

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/ccwire/ccwire/stubapi"
)

// DefaultQuiet is how long a turn waits on a CLI that has gone quiet
// before it fails (see [Runner.Quiet]).
const DefaultQuiet = 3 * time.Second

// ErrQuiet is wrapped by the failure of a turn whose expected messages had
// not all been seen when the CLI went quiet: after its last line it wrote
// nothing, had no API request in flight, owed no answer the turn awaits to
// a control request of the host, ran no command and did next to no work
// for the quiet period ([Runner.Quiet]). Such a CLI waits for input the scenario does
// not give, so the turn fails at once rather than at the scenario's
// timeout.
var ErrQuiet = errors.New("the CLI went quiet")

// busyShare is the share of a core above which the CLI process counts as
// working even though it writes nothing: starting up, or slowed down by a
// loaded machine. An idle CLI polls a timer now and then (2.1.330: about
// 1% of a core), which stays below it.
const busyShare = 0.1

// quietWatch tells when a turn's CLI has gone quiet. It waits for the
// CLI's first stdout line (before it, the CLI is starting up, which can take
// many seconds on a loaded machine). Then the last sign of activity is the
// latest of: a stdout line or the turn's start, the arrival or end of an
// API request, any request still being answered, an answer the turn awaits
// to a control request of the host (an mcp_call whose tool takes a minute),
// a child process (a
// command a tool runs, such as "sleep 5"), a thread running, runnable or
// waiting for the disk, and CPU use above busyShare between two looks. The
// probes are fields so that tests can fake them.
type quietWatch struct {
	quiet time.Duration
	// requests returns the fake API's requests so far (stubapi.Server.Requests).
	requests func() []stubapi.Request
	// cpu returns the CPU time the CLI process used so far; ok is false
	// where it cannot be read.
	cpu func() (d time.Duration, ok bool)
	// children reports whether the CLI process has a running child.
	children func() bool
	// busy reports whether a thread of the CLI process is running or
	// waiting for a core or the disk.
	busy func() bool

	up      atomic.Bool  // the CLI has written a line
	owes    atomic.Bool  // the turn awaits the CLI's answer to a control request of the host
	last    atomic.Int64 // Unix nanoseconds of the last activity
	cpuSeen time.Duration
	cpuAt   time.Time
}

// newQuietWatch returns a watch of the CLI process pid and the fake API
// srv that takes quiet as gone quiet. A child process whose command line
// starts with server (the test MCP server's command, which the CLI keeps
// running for the whole session) is not a sign of activity.
func newQuietWatch(quiet time.Duration, pid int, srv *stubapi.Server, server []string) *quietWatch {
	return &quietWatch{
		quiet:    quiet,
		requests: srv.Requests,
		cpu:      func() (time.Duration, bool) { return processCPU(pid) },
		children: func() bool { return hasChildren(pid, server) },
		busy:     func() bool { return processBusy(pid) },
	}
}

// line records a stdout line written at t.
func (w *quietWatch) line(t time.Time) {
	w.up.Store(true)
	w.touch(t)
}

// touch records activity at t.
func (w *quietWatch) touch(t time.Time) {
	n := t.UnixNano()
	for {
		old := w.last.Load()
		if old >= n || w.last.CompareAndSwap(old, n) {
			return
		}
	}
}

// interval is how often watch looks: often enough that a quiet CLI is
// noticed soon after the quiet period, seldom enough to cost nothing.
func (w *quietWatch) interval() time.Duration {
	return min(max(w.quiet/10, 20*time.Millisecond), 250*time.Millisecond)
}

// watch looks at the CLI until ctx ends, and cancels ctx with an error
// wrapping ErrQuiet once the CLI has been quiet for the quiet period.
func (w *quietWatch) watch(ctx context.Context, cancel context.CancelCauseFunc) {
	t := time.NewTicker(w.interval())
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if w.quietAt(now) {
				cancel(fmt.Errorf("%w: no stdout line, API request, command or CPU use for %s", ErrQuiet, w.quiet))
				return
			}
		}
	}
}

// quietAt reports whether the CLI has shown no activity for the quiet
// period at now. The probes run in order of cost, each only while the
// cheaper ones leave the CLI quiet.
func (w *quietWatch) quietAt(now time.Time) bool {
	if cpu, ok := w.cpu(); ok {
		if !w.cpuAt.IsZero() && float64(cpu-w.cpuSeen) > busyShare*float64(now.Sub(w.cpuAt)) {
			w.touch(now)
		}
		w.cpuSeen, w.cpuAt = cpu, now
	}
	if !w.up.Load() || now.Sub(time.Unix(0, w.last.Load())) < w.quiet {
		return false
	}
	if w.owes.Load() {
		// The CLI works on a request of the host: a stalled API
		// stream's request in flight is the same.
		w.touch(now)
		return false
	}
	for _, r := range w.requests() {
		if r.Outcome == stubapi.OutcomePending {
			w.touch(now)
			return false
		}
		w.touch(r.Time.Add(r.Duration))
	}
	if now.Sub(time.Unix(0, w.last.Load())) < w.quiet {
		return false
	}
	if w.children() || w.busy() {
		w.touch(now)
		return false
	}
	return true
}
