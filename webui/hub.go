package webui

import (
	"encoding/json"
	"slices"
	"sync"
)

// maxBacklog bounds the bytes of page events a hub keeps for pages that
// connect later or reconnect; the oldest go first.
const maxBacklog = 64 << 20

// hub keeps the page events of a session in order and wakes the pages
// waiting for more. Publishing never waits for a page: each page reads
// the backlog at its own pace.
type hub struct {
	max     int // bytes of backlog kept
	mu      sync.Mutex
	events  []stored      // the backlog, oldest first
	size    int           // bytes in events
	next    int64         // the sequence number of the next event, from 1
	changed chan struct{} // closed and replaced on each publish
}

// stored is a published event: its sequence number and JSON.
type stored struct {
	seq  int64
	data []byte
}

// newHub returns a hub that keeps max bytes of backlog.
func newHub(max int) *hub {
	return &hub{max: max, next: 1, changed: make(chan struct{})}
}

// publish appends ev to the backlog and wakes the waiting pages.
func (h *hub) publish(ev pageEvent) {
	data, err := json.Marshal(ev)
	if err != nil {
		// Only strings, numbers and booleans: cannot happen.
		panic("webui: encoding a page event: " + err.Error())
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, stored{seq: h.next, data: data})
	h.next++
	h.size += len(data)
	drop := 0
	for h.size > h.max && drop < len(h.events)-1 {
		h.size -= len(h.events[drop].data)
		drop++
	}
	if drop > 0 {
		h.events = append(h.events[:0:0], h.events[drop:]...)
	}
	close(h.changed)
	h.changed = make(chan struct{})
}

// since returns the events after sequence number last, at most max bytes
// of them (at least one) in a slice of their own, so that a page holding
// them pins those events alone, not the backlog they came from; whether
// more events follow them; how many events after last the backlog no
// longer holds; and a channel closed at the next publish.
func (h *hub) since(last int64, max int) (evs []stored, dropped int64, more bool, changed <-chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if last < 0 || last >= h.next {
		last = 0 // not one of ours (a page of an earlier server): start over
	}
	if len(h.events) > 0 && h.events[0].seq > last+1 {
		dropped = h.events[0].seq - last - 1
		last = h.events[0].seq - 1
	}
	if len(h.events) == 0 {
		return nil, dropped, false, h.changed
	}
	i := int(last + 1 - h.events[0].seq)
	j, size := i, 0
	for j < len(h.events) && (j == i || size+len(h.events[j].data) <= max) {
		size += len(h.events[j].data)
		j++
	}
	if j > i {
		evs = slices.Clone(h.events[i:j])
	}
	return evs, dropped, j < len(h.events), h.changed
}
