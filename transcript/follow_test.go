package transcript_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/transcript"
)

// TestFollowPipe feeds a recording's stdout through a pipe a line at a
// time, slowly, and follows it: the updates together say what the report
// of the whole transcript says, in order. The number of updates and the
// gaps between them depend on the machine's speed: they are measured and
// logged, not asserted.
func TestFollowPipe(t *testing.T) {
	t.Parallel()
	data := stdoutLines(t, filepath.Join("..", "recordings", "2.1.330", "read-edit-bash-chain.txtar"))
	var want bytes.Buffer
	if err := transcript.RenderMarkdown(&want, transcript.Messages(bytes.NewReader(data)), transcript.Options{}); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name     string
		interval time.Duration
		max      int
	}{
		{"batched", 150 * time.Millisecond, 0},
		{"every block", 0, 0},
		{"batched comments", 150 * time.Millisecond, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pr, pw := io.Pipe()
			go func() {
				for _, line := range bytes.SplitAfter(data, []byte("\n")) {
					time.Sleep(30 * time.Millisecond) // a CLI at work
					if _, err := pw.Write(line); err != nil {
						return
					}
				}
				pw.Close()
			}()
			var updates []string
			var times []time.Time
			start := time.Now()
			err := transcript.Follow(context.Background(), transcript.Messages(pr), transcript.FollowOptions{Interval: tc.interval, MaxComment: tc.max}, func(c string) error {
				updates = append(updates, c)
				times = append(times, time.Now())
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(updates) == 0 {
				t.Fatal("no update")
			}
			if tc.max > 0 {
				checkComments(t, updates, tc.max)
			} else if got := strings.Join(updates, "\n"); got != want.String() {
				t.Errorf("the updates differ from the report:\n%s\nwant:\n%s", got, want.String())
			}
			if !strings.Contains(updates[len(updates)-1], "## Summary") {
				t.Errorf("the last update has no summary")
			}
			minGap := time.Duration(-1)
			for i := 1; i < len(times); i++ {
				if g := times[i].Sub(times[i-1]); minGap < 0 || g < minGap {
					minGap = g
				}
			}
			t.Logf("%d lines over %v: %d updates, shortest gap %v (interval %v)", bytes.Count(data, []byte("\n")), time.Since(start).Round(time.Millisecond), len(updates), minGap, tc.interval)
		})
	}
}

func TestFollowCancel(t *testing.T) {
	t.Parallel()
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		pw.Write([]byte(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"working"}]}}` + "\n"))
	}()
	posted := make(chan string, 10)
	done := make(chan error, 1)
	go func() {
		done <- transcript.Follow(ctx, transcript.Messages(pr), transcript.FollowOptions{Interval: time.Hour}, func(c string) error {
			posted <- c
			return nil
		})
	}()
	if c := <-posted; !strings.Contains(c, "working") {
		t.Errorf("first update %q", c)
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Follow returned %v, want context.Canceled", err)
	}
}
