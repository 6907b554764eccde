package claude

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// TestFIFO pushes from one goroutine to several readers and checks that
// every item arrives once, in order per reader, that the end comes after
// the items and stays, and that a reader's context ends its wait.
func TestFIFO(t *testing.T) {
	t.Parallel()
	q := newFIFO[int, error]()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, ok, _, err := q.next(ctx); ok || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("next on an empty queue = %t, %v", ok, err)
	}
	const n, readers = 20000, 3
	got := make([][]int, readers)
	var wg sync.WaitGroup
	for r := range readers {
		wg.Go(func() {
			for {
				v, ok, end, ctxErr := q.next(context.Background())
				if !ok {
					if end == nil || ctxErr != nil || end.Error() != "the end" {
						t.Errorf("reader %d ended with %v, %v", r, end, ctxErr)
					}
					return
				}
				got[r] = append(got[r], v)
			}
		})
	}
	for i := range n {
		q.push(i)
	}
	q.finish(errors.New("the end"))
	q.finish(errors.New("ignored"))
	wg.Wait()
	seen := make([]bool, n)
	for r, vs := range got {
		for i, v := range vs {
			if i > 0 && vs[i-1] >= v {
				t.Fatalf("reader %d got %d after %d", r, v, vs[i-1])
			}
			if seen[v] {
				t.Fatalf("item %d delivered twice", v)
			}
			seen[v] = true
		}
	}
	for v, ok := range seen {
		if !ok {
			t.Fatalf("item %d lost", v)
		}
	}
	if _, ok, end, _ := q.next(t.Context()); ok || end == nil || end.Error() != "the end" {
		t.Errorf("the end is not sticky: %t, %v", ok, end)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok, _, err := newFIFO[int, error]().next(cancelled); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("next on a cancelled context = %t, %v", ok, err)
	}
}

// TestFIFOWakesWithoutAllocating checks that handing an item over costs no
// allocation once the queue has grown, and neither does waking a reader
// that waits for it.
func TestFIFOWakesWithoutAllocating(t *testing.T) {
	q := newFIFO[event, *ExitError]()
	ctx := context.Background()
	if allocs := testing.AllocsPerRun(1000, func() {
		q.push(event{})
		q.next(ctx)
	}); allocs != 0 {
		t.Errorf("push and next: %v allocations, want 0", allocs)
	}
	take, took := make(chan struct{}), make(chan struct{})
	go func() {
		for range take {
			q.next(ctx)
			took <- struct{}{}
		}
	}()
	defer close(take)
	if allocs := testing.AllocsPerRun(1000, func() {
		take <- struct{}{}
		q.push(event{})
		<-took
	}); allocs != 0 {
		t.Errorf("waking a waiting reader: %v allocations, want 0", allocs)
	}
}
