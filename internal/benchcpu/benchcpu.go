// Package benchcpu measures the CPU time a benchmark's loop uses, to report
// it next to the wall time as cpu-ns/op: on a machine shared with other
// work, time spent waiting for a core inflates ns/op but not cpu-ns/op.
package benchcpu

import (
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/cputime"
)

// Meter measures the process's CPU time over a benchmark's loop.
type Meter struct {
	start, total time.Duration
	ok           bool
}

// Start starts measuring; call it right before the benchmark's loop.
func Start() *Meter {
	m := &Meter{}
	m.start, m.ok = cputime.Process()
	return m
}

// Pause stops counting (around work the benchmark does not time).
func (m *Meter) Pause() {
	if now, ok := cputime.Process(); ok && m.ok {
		m.total += now - m.start
	}
}

// Resume counts again after Pause.
func (m *Meter) Resume() { m.start, m.ok = cputime.Process() }

// Report stops measuring and reports cpu-ns/op over b.N iterations.
func (m *Meter) Report(b *testing.B) {
	m.Pause()
	if m.ok && b.N > 0 {
		b.ReportMetric(float64(m.total.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
