package scenario

import (
	"context"
	"errors"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/ccwire/ccwire/stubapi"
)

func TestQuietAt(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	const q = 3 * time.Second
	tests := []struct {
		name     string
		requests []stubapi.Request
		cpu      []time.Duration // CPU readings at the looks, in order; nil: unreadable
		children bool
		busy     bool
		owes     bool            // the turn awaits an answer to a control request of the host
		starting bool            // no line yet
		looks    []time.Duration // times of the looks after t0 (the last activity)
		want     bool            // at the last look
	}{
		{name: "quiet", looks: []time.Duration{q}, want: true},
		{name: "not yet", looks: []time.Duration{q - time.Millisecond}, want: false},
		{
			name:     "request in flight",
			requests: []stubapi.Request{{Time: t0.Add(-time.Minute), Outcome: stubapi.OutcomePending}},
			looks:    []time.Duration{time.Minute}, want: false,
		},
		{
			name:     "request ended lately",
			requests: []stubapi.Request{{Time: at(time.Second), Duration: time.Second, Outcome: stubapi.OutcomeServed}},
			looks:    []time.Duration{4 * time.Second}, want: false,
		},
		{
			name:     "request ended long ago",
			requests: []stubapi.Request{{Time: at(time.Second), Duration: time.Second, Outcome: stubapi.OutcomeServed}},
			looks:    []time.Duration{5 * time.Second}, want: true,
		},
		{name: "a command runs", children: true, looks: []time.Duration{time.Minute}, want: false},
		{name: "a thread runs", busy: true, looks: []time.Duration{time.Minute}, want: false},
		{name: "an answer owed", owes: true, looks: []time.Duration{time.Minute}, want: false},
		{name: "starting up", starting: true, looks: []time.Duration{time.Minute}, want: false},
		{
			name:  "busy CPU",
			cpu:   []time.Duration{0, 2 * time.Second},
			looks: []time.Duration{4 * time.Second, 8 * time.Second}, want: false,
		},
		{
			name:  "busy CPU, then quiet",
			cpu:   []time.Duration{0, 2 * time.Second, 2 * time.Second},
			looks: []time.Duration{4 * time.Second, 8 * time.Second, 11 * time.Second}, want: true,
		},
		{
			name:  "idle timers",
			cpu:   []time.Duration{0, 40 * time.Millisecond},
			looks: []time.Duration{time.Second, 4 * time.Second}, want: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			look := 0
			w := &quietWatch{
				quiet:    q,
				requests: func() []stubapi.Request { return tc.requests },
				cpu: func() (time.Duration, bool) {
					if tc.cpu == nil {
						return 0, false
					}
					return tc.cpu[look], true
				},
				children: func() bool { return tc.children },
				busy:     func() bool { return tc.busy },
			}
			w.owes.Store(tc.owes)
			if tc.starting {
				w.touch(t0)
			} else {
				w.line(t0)
			}
			var got bool
			for i, d := range tc.looks {
				look = i
				got = w.quietAt(at(d))
			}
			if got != tc.want {
				t.Errorf("quietAt = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestQuietWatchEnds checks that watch cancels with ErrQuiet once the CLI
// is quiet.
func TestQuietWatchEnds(t *testing.T) {
	t.Parallel()
	w := &quietWatch{
		quiet:    50 * time.Millisecond,
		requests: func() []stubapi.Request { return nil },
		cpu:      func() (time.Duration, bool) { return 0, false },
		children: func() bool { return false },
		busy:     func() bool { return false },
	}
	w.line(time.Now())
	ctx, cancel := context.WithCancelCause(t.Context())
	start := time.Now()
	w.watch(ctx, cancel)
	if err := context.Cause(ctx); !errors.Is(err, ErrQuiet) {
		t.Fatalf("cause %v, want ErrQuiet", err)
	}
	t.Logf("quiet after %s", time.Since(start))
}

// TestProcess checks the process probes on a shell that waits for a
// sleep it started.
func TestProcess(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("only on linux: the process probes read /proc (proc_other.go has none)")
	}
	cmd := exec.Command("sh", "-c", "sleep 10; true")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	deadline := time.Now().Add(10 * time.Second)
	for !hasChildren(cmd.Process.Pid, nil) {
		if time.Now().After(deadline) {
			t.Fatal("hasChildren = false for a shell running sleep")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// A child the watch is told to ignore (the test MCP server) does not
	// count, once it runs it: right after the fork it is still the shell.
	if !eventually(deadline, func() bool { return !hasChildren(cmd.Process.Pid, []string{"sleep", "10"}) }) {
		t.Error("hasChildren = true for a shell running only the ignored sleep 10")
	}
	if !hasChildren(cmd.Process.Pid, []string{"sleep", "9"}) {
		t.Error("hasChildren = false for a shell running sleep 10, ignoring sleep 9")
	}
	lone := exec.Command("sleep", "10")
	if err := lone.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = lone.Process.Kill(); _ = lone.Wait() }()
	if hasChildren(lone.Process.Pid, nil) {
		t.Error("hasChildren = true for sleep")
	}
	// Right after Start the child may still be running (exec, loader):
	// it counts as idle once it sleeps.
	if !eventually(deadline, func() bool { return !processBusy(lone.Process.Pid) }) {
		t.Error("processBusy = true for sleep")
	}
	spin := exec.Command("sh", "-c", "while :; do :; done")
	if err := spin.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = spin.Process.Kill(); _ = spin.Wait() }()
	if !eventually(deadline, func() bool { return processBusy(spin.Process.Pid) }) {
		t.Error("processBusy = false for a busy loop")
	}
	if _, ok := processCPU(cmd.Process.Pid); !ok {
		t.Error("processCPU(sh) failed")
	}
	if _, ok := processCPU(1 << 30); ok {
		t.Error("processCPU of no process succeeded")
	}
}

// eventually polls cond until it holds or deadline passes.
func eventually(deadline time.Time, cond func() bool) bool {
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}
