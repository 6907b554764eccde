package claude

import (
	"context"
	"sync"

	"github.com/ccwire/ccwire/protocol"
)

// event is one item read from the CLI's stdout: a message, or the error of a
// line that could not be decoded.
type event struct {
	msg protocol.Message
	err error
}

// eventQueue hands stdout events from the reading goroutine to readers. It
// is unbounded, so the reading goroutine never waits for a slow consumer and
// nothing is dropped, and it ends with a sticky final error.
type eventQueue struct {
	mu    sync.Mutex
	items []event
	head  int
	end   *ExitError    // set once the stream ended; returned from then on
	wake  chan struct{} // closed and replaced on every change

	// route, when set, sees every event first, on the pushing goroutine;
	// the events it takes (returns true for) are not queued. A Client
	// routes a session's stdout this way, without a goroutine hop.
	route func(event) bool
}

func newEventQueue() *eventQueue {
	return &eventQueue{wake: make(chan struct{})}
}

func (q *eventQueue) push(e event) {
	if q.route != nil && q.route(e) {
		return
	}
	q.mu.Lock()
	q.items = append(q.items, e)
	q.signal()
	q.mu.Unlock()
}

// finish ends the queue: after the queued events, next returns end.
func (q *eventQueue) finish(end *ExitError) {
	q.mu.Lock()
	if q.end == nil {
		q.end = end
	}
	q.signal()
	q.mu.Unlock()
}

// signal wakes every waiting reader. q.mu is held.
func (q *eventQueue) signal() {
	close(q.wake)
	q.wake = make(chan struct{})
}

// next returns the next event, or the final error once the queue is drained,
// or ctx's error if ctx ends first.
func (q *eventQueue) next(ctx context.Context) (event, *ExitError, error) {
	for {
		q.mu.Lock()
		if q.head < len(q.items) {
			e := q.items[q.head]
			q.items[q.head] = event{}
			q.head++
			if q.head == len(q.items) {
				q.items, q.head = q.items[:0], 0
			}
			q.mu.Unlock()
			return e, nil, nil
		}
		if q.end != nil {
			end := q.end
			q.mu.Unlock()
			return event{}, end, nil
		}
		wake := q.wake
		q.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return event{}, nil, ctx.Err()
		}
	}
}
