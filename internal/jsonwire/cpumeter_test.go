package jsonwire

import (
	"testing"
	"time"
)

// cpuMeter measures the CPU time a benchmark's loop uses, to report it
// next to the wall time as cpu-ns/op: on a machine shared with other work,
// time spent waiting for a core inflates ns/op but not cpu-ns/op.
type cpuMeter struct {
	start, total time.Duration
	ok           bool
}

// startCPU starts measuring; call it right before the benchmark's loop.
func startCPU() *cpuMeter {
	m := &cpuMeter{}
	m.start, m.ok = processCPU()
	return m
}

// pause stops counting (around work the benchmark does not time).
func (m *cpuMeter) pause() {
	if now, ok := processCPU(); ok && m.ok {
		m.total += now - m.start
	}
}

// resume counts again after pause.
func (m *cpuMeter) resume() { m.start, m.ok = processCPU() }

// report stops measuring and reports cpu-ns/op over b.N iterations.
func (m *cpuMeter) report(b *testing.B) {
	m.pause()
	if m.ok && b.N > 0 {
		b.ReportMetric(float64(m.total.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
