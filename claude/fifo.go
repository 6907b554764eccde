package claude

import (
	"context"
	"sync"
)

// fifo is an unbounded first-in first-out queue that ends with a final
// value of type E, for handing items from one goroutine to readers: the
// writer never waits for a slow reader, nothing is dropped, and each item
// goes to exactly one reader. Waking a reader allocates nothing: a
// one-slot channel holds a token while items wait, and a reader that takes
// an item and leaves others passes the token on.
//
// A session queues its stdout events in a fifo[event, *ExitError], a
// client the items for its reader in a fifo[item, error].
type fifo[T, E any] struct {
	mu    sync.Mutex
	items []T
	head  int
	end   E    // the final value, once done
	done  bool // finished
	drop  bool // failed: items pushed are dropped

	ready    chan struct{} // holds a token while items may be waiting
	finished chan struct{} // closed by finish
}

func newFIFO[T, E any]() *fifo[T, E] {
	return &fifo[T, E]{ready: make(chan struct{}, 1), finished: make(chan struct{})}
}

// push adds an item, unless the queue failed.
func (q *fifo[T, E]) push(v T) {
	q.mu.Lock()
	if q.drop {
		q.mu.Unlock()
		return
	}
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.signal()
}

// signal leaves a token for a reader, if none is there yet.
func (q *fifo[T, E]) signal() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// finish ends the queue: once the items are drained, next returns end
// with ok false, from then on. Only the first call counts.
func (q *fifo[T, E]) finish(end E) {
	q.mu.Lock()
	if !q.done {
		q.done, q.end = true, end
		close(q.finished)
	}
	q.mu.Unlock()
}

// fail ends the queue at once with end, unless it has ended: the items
// waiting are dropped, as are those pushed later, and next returns end.
func (q *fifo[T, E]) fail(end E) {
	q.mu.Lock()
	if !q.done {
		q.done, q.end, q.drop = true, end, true
		clear(q.items)
		q.items, q.head = nil, 0
		close(q.finished)
	}
	q.mu.Unlock()
}

// next returns the next item (ok true); or, once the queue is finished and
// drained, its final value (ok false); or ctx's error (ok false) if ctx
// ends first, leaving the queue as it was.
func (q *fifo[T, E]) next(ctx context.Context) (v T, ok bool, end E, ctxErr error) {
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
			return v, true, end, nil
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
			return v, false, end, ctx.Err()
		}
	}
}
