package main

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestProgress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		live bool
		want string
	}{
		{
			name: "plain",
			want: "[ 1/12] SKIP a  (0:00 elapsed, estimating)\n" +
				"[ 2/12] PASS b  (1:00 elapsed, about 10:00 left)\n" +
				"[ 3/12] FAIL c  (1:30 elapsed, about 6:45 left)\n",
		},
		{
			name: "live",
			live: true,
			// Each run's line replaces the status line, which follows it.
			want: "[ 1/12] SKIP a\n[1/12] 0:00 elapsed, estimating" +
				"\r\x1b[K[ 2/12] PASS b\n[2/12] 1:00 elapsed, about 10:00 left" +
				"\r\x1b[K[ 3/12] FAIL c\n[3/12] 1:30 elapsed, about 6:45 left" +
				"\r\x1b[K",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b syncBuffer
			clock := &fakeClock{t: time.Unix(1e9, 0)}
			p := newProgressAt(&b, 12, tt.live, clock.now)
			p.add("SKIP a", true)
			clock.advance(time.Minute)
			p.add("PASS b", false)
			clock.advance(30 * time.Second)
			p.add("FAIL c", false)
			p.finish()
			if got := b.String(); got != tt.want {
				t.Errorf("output\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestProgressTicks(t *testing.T) {
	t.Parallel()
	var b syncBuffer
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	p := newProgressAt(&b, 2, true, clock.now)
	p.add("PASS a", false)
	clock.advance(5 * time.Second)
	// The status line is redrawn every second with the time elapsed.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(b.String(), "[1/2] 0:05 elapsed") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	p.finish()
	if !strings.Contains(b.String(), "\r\x1b[K[1/2] 0:05 elapsed, about 0:05 left") {
		t.Errorf("the status line was not redrawn: %q", b.String())
	}
	if !strings.HasSuffix(b.String(), "\r\x1b[K") {
		t.Errorf("finish left the status line: %q", b.String())
	}
}

func TestClock(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{0: "0:00", 1500 * time.Millisecond: "0:02", 61 * time.Second: "1:01", 3*time.Hour + 4*time.Minute + 5*time.Second: "3:04:05"} {
		if got := clock(d); got != want {
			t.Errorf("clock(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestStatusLine(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	s := &statusLine{w: &b, prefix: "ccwire docs: "}
	s.clear() // nothing shown: nothing to erase
	s.show("reading (1/2)…")
	s.show("writing (2/2)…")
	s.clear()
	s.clear()
	if want := "ccwire docs: reading (1/2)…\r\x1b[Kccwire docs: writing (2/2)…\r\x1b[K"; b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}
