package webui

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHubBacklog: a page gets the events after the last it saw; once the
// backlog is over its bound the oldest go, and a page that missed them is
// told how many; a page of an earlier server starts over.
func TestHubBacklog(t *testing.T) {
	t.Parallel()
	h := newHub(1000)
	evs, dropped, changed := h.since(0)
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
	evs, dropped, _ = h.since(0)
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
	if evs, dropped, _ := h.since(95); len(evs) != 5 || dropped != 0 || evs[0].seq != 96 {
		t.Errorf("since(95): %d events, %d dropped", len(evs), dropped)
	}
	if evs, _, _ := h.since(100); len(evs) != 0 {
		t.Errorf("since(100): %d events, want none", len(evs))
	}
	if evs, _, _ := h.since(5000); len(evs) == 0 {
		t.Error("since(5000), an ID of another server: no events, want the backlog again")
	}
}
