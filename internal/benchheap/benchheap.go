// Package benchheap measures the peak heap a benchmark's work takes: a
// sampler reads the heap's size every 200 µs while the work runs and
// keeps the largest growth over the heap at its start.
//
// The heap counted is the Go heap's objects, live or not yet collected
// (runtime/metrics' /memory/classes/heap/objects:bytes), so the figure
// includes the garbage the collector's pacing lets pile up.
package benchheap

import (
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Sampler records the largest heap growth seen while it runs.
type Sampler struct {
	base uint64
	peak atomic.Uint64
	done chan struct{}
	wg   sync.WaitGroup
}

const heapMetric = "/memory/classes/heap/objects:bytes"

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// Start starts sampling; call it right before the work (after a GC, for
// a steady base).
func Start() *Sampler {
	s := &Sampler{base: heapBytes(), done: make(chan struct{})}
	s.wg.Go(func() {
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			s.note()
			select {
			case <-s.done:
				return
			case <-t.C:
			}
		}
	})
	return s
}

func (s *Sampler) note() {
	if h := heapBytes(); h > s.base && h-s.base > s.peak.Load() {
		s.peak.Store(h - s.base)
	}
}

// Stop ends sampling and returns the peak growth over the heap at start,
// in bytes.
func (s *Sampler) Stop() uint64 {
	s.note()
	close(s.done)
	s.wg.Wait()
	return s.peak.Load()
}
