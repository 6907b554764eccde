package claude

import (
	"context"
	"sync"
)

// fifo is an unbounded queue with one final error, for handing items from
// one goroutine to readers: the writer never waits for a slow reader, and
// nothing is dropped. Readers are woken only when one is waiting.
type fifo[T any] struct {
	mu      sync.Mutex
	items   []T
	head    int
	end     error         // set once finished; returned when drained
	done    bool          // finished
	wake    chan struct{} // closed and replaced when an item comes and someone waits
	waiters int
}

func newFIFO[T any]() *fifo[T] {
	return &fifo[T]{wake: make(chan struct{})}
}

// push adds an item.
func (q *fifo[T]) push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.signal()
	q.mu.Unlock()
}

// finish ends the queue: once the items are drained, next returns end
// (which may be nil) with ok false. Only the first call counts.
func (q *fifo[T]) finish(end error) {
	q.mu.Lock()
	if !q.done {
		q.done, q.end = true, end
		q.signal()
	}
	q.mu.Unlock()
}

// signal wakes the waiting readers. q.mu is held.
func (q *fifo[T]) signal() {
	if q.waiters > 0 {
		close(q.wake)
		q.wake = make(chan struct{})
		q.waiters = 0
	}
}

// next returns the next item (ok true); or, once the queue is finished and
// drained, its final error (ok false); or ctx's error (ok false) if ctx
// ends first, leaving the queue as it was.
func (q *fifo[T]) next(ctx context.Context) (v T, ok bool, end error, ctxErr error) {
	for {
		q.mu.Lock()
		if q.head < len(q.items) {
			v = q.items[q.head]
			var zero T
			q.items[q.head] = zero
			q.head++
			if q.head == len(q.items) {
				q.items, q.head = q.items[:0], 0
			}
			q.mu.Unlock()
			return v, true, nil, nil
		}
		if q.done {
			end = q.end
			q.mu.Unlock()
			return v, false, end, nil
		}
		wake := q.wake
		q.waiters++
		q.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return v, false, nil, ctx.Err()
		}
	}
}
