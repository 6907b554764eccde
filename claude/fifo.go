package claude

import (
	"context"
	"sync"
)

// fifo is an unbounded queue with one final error, for handing items from
// one goroutine to readers: the writer never waits for a slow reader, and
// nothing is dropped. Waking a reader allocates nothing: a one-slot
// channel holds a token while items wait, and a reader that takes an item
// and leaves others passes the token on.
type fifo[T any] struct {
	mu    sync.Mutex
	items []T
	head  int
	end   error // the final error, once done
	done  bool  // finished

	ready    chan struct{} // holds a token while items may be waiting
	finished chan struct{} // closed by finish
}

func newFIFO[T any]() *fifo[T] {
	return &fifo[T]{ready: make(chan struct{}, 1), finished: make(chan struct{})}
}

// push adds an item.
func (q *fifo[T]) push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.signal()
}

// signal leaves a token for a reader, if none is there yet.
func (q *fifo[T]) signal() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// finish ends the queue: once the items are drained, next returns end
// (which may be nil) with ok false. Only the first call counts.
func (q *fifo[T]) finish(end error) {
	q.mu.Lock()
	if !q.done {
		q.done, q.end = true, end
		close(q.finished)
	}
	q.mu.Unlock()
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
			more := q.head < len(q.items)
			if !more {
				q.items, q.head = q.items[:0], 0
			}
			q.mu.Unlock()
			if more {
				q.signal() // for another reader
			}
			return v, true, nil, nil
		}
		if q.done {
			end = q.end
			q.mu.Unlock()
			return v, false, end, nil
		}
		q.mu.Unlock()
		select {
		case <-q.ready:
		case <-q.finished:
		case <-ctx.Done():
			return v, false, nil, ctx.Err()
		}
	}
}
