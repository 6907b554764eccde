package webui

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// TestHubBacklog: a page gets the events after the last it saw; once the
// backlog is over its bound the oldest go, and a page that missed them is
// told how many; a page of an earlier server starts over.
func TestHubBacklog(t *testing.T) {
	t.Parallel()
	const all = 1 << 30
	h := newHub(1000)
	evs, dropped, _, changed := h.since(0, all)
	if len(evs) != 0 || dropped != 0 {
		t.Fatalf("an empty hub: %d events, %d dropped", len(evs), dropped)
	}
	for i := range 100 {
		h.publish(pageEvent{Kind: "text", Text: strings.Repeat("x", i%7)})
	}
	select {
	case <-changed:
	default:
		t.Error("publish did not wake the waiting pages")
	}
	evs, dropped, _, _ = h.since(0, all)
	if dropped == 0 || len(evs) == 0 || evs[0].seq != dropped+1 || evs[len(evs)-1].seq != 100 {
		t.Fatalf("since(0) after 100 events over the bound: %d events from %d, %d dropped", len(evs), evs[0].seq, dropped)
	}
	size := 0
	for i, e := range evs {
		size += len(e.data)
		if i > 0 && e.seq != evs[i-1].seq+1 {
			t.Fatalf("event %d follows %d", e.seq, evs[i-1].seq)
		}
		var ev pageEvent
		if err := json.Unmarshal(e.data, &ev); err != nil || ev.Kind != "text" {
			t.Fatalf("event %d: %s (%v)", e.seq, e.data, err)
		}
	}
	if size > 1000 {
		t.Errorf("the backlog holds %d bytes, bound 1000", size)
	}
	if evs, dropped, _, _ := h.since(95, all); len(evs) != 5 || dropped != 0 || evs[0].seq != 96 {
		t.Errorf("since(95): %d events, %d dropped", len(evs), dropped)
	}
	if evs, _, _, _ := h.since(100, all); len(evs) != 0 {
		t.Errorf("since(100): %d events, want none", len(evs))
	}
	if evs, _, _, _ := h.since(5000, all); len(evs) == 0 {
		t.Error("since(5000), an ID of another server: no events, want the backlog again")
	}
}

// TestHubSinceBound: a page takes at most its buffer's bytes of events at
// once (at least one event), in a slice that shares no array with the
// backlog, and hears that more follow.
func TestHubSinceBound(t *testing.T) {
	t.Parallel()
	h := newHub(1 << 20)
	for range 100 {
		h.publish(pageEvent{Kind: "text", Text: strings.Repeat("x", 100)})
	}
	var last int64
	for batches := 1; ; batches++ {
		evs, dropped, more, _ := h.since(last, 1000)
		size := 0
		for _, e := range evs {
			size += len(e.data)
		}
		if dropped != 0 || len(evs) == 0 || (size > 1000 && len(evs) > 1) || evs[0].seq != last+1 {
			t.Fatalf("since(%d, 1000): %d events of %d bytes from %d, %d dropped", last, len(evs), size, evs[0].seq, dropped)
		}
		h.mu.Lock()
		shared := &h.events[evs[0].seq-1] == &evs[0]
		h.mu.Unlock()
		if shared || cap(evs) != len(evs) {
			t.Fatalf("since returned a slice of the backlog (cap %d, len %d)", cap(evs), len(evs))
		}
		last = evs[len(evs)-1].seq
		if !more {
			if last != 100 || batches < 10 {
				t.Fatalf("the batches ended at event %d after %d batches", last, batches)
			}
			break
		}
	}
	if evs, _, more, _ := h.since(0, 10); len(evs) != 1 || !more {
		t.Errorf("since(0, 10) with events of more than 10 bytes: %d events, more %t; want one, and more", len(evs), more)
	}
}

// BenchmarkStalledPages measures the heap that pages which stopped reading
// their event streams keep alive: six pages each stop at a batch, in turn,
// while 100 MB of events go through a backlog of 16 MiB; reported as
// retained-B/page (issue 33: each stalled page held up to the whole
// backlog, 64 MiB by default).
func BenchmarkStalledPages(b *testing.B) {
	const pages, backlog, event = 6, 16 << 20, 16 << 10
	text := strings.Repeat("x", event)
	var retained uint64
	for b.Loop() {
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		h := newHub(backlog)
		held := make([][]stored, 0, pages)
		for p := range pages {
			for range int(100e6) / pages / event {
				h.publish(pageEvent{Kind: "text", Text: text})
			}
			evs, _, _, _ := h.since(int64(p), DefaultViewerBuffer)
			held = append(held, evs)
		}
		h = nil // the server goes on; the stalled pages' batches stay
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(held)
		retained += after.HeapAlloc - min(after.HeapAlloc, base.HeapAlloc)
	}
	b.ReportMetric(float64(retained)/float64(b.N)/pages, "retained-B/page")
}
