package transcript_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/protocol"
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

// TestFollowFlushesOnCancel cancels Follow while blocks wait for the
// interval: it posts them, and the summary, before it returns. It used to
// return at once, losing both.
func TestFollowFlushesOnCancel(t *testing.T) {
	t.Parallel()
	lines := []string{
		`{"type":"system","subtype":"init","session_id":"s","model":"m","tools":["Bash"]}`,
		`{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"text","text":"First step."}]},"session_id":"s"}`,
		`{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"make test"}}]},"session_id":"s"}`,
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},"session_id":"s"}`,
	}
	yielded := make(chan struct{})
	release := make(chan struct{})
	defer close(release)
	// The messages, then a CLI that says no more for now: every event is
	// handed to Follow before yielded closes.
	msgs := func(yield func(protocol.Message, error) bool) {
		for m, err := range transcript.Messages(strings.NewReader(strings.Join(lines, "\n") + "\n")) {
			if !yield(m, err) {
				return
			}
		}
		close(yielded)
		<-release
	}
	ctx, cancel := context.WithCancel(context.Background())
	var posted []string
	done := make(chan error, 1)
	go func() {
		done <- transcript.Follow(ctx, msgs, transcript.FollowOptions{Interval: time.Hour}, func(c string) error {
			posted = append(posted, c)
			return nil
		})
	}()
	<-yielded
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Follow returned %v, want context.Canceled", err)
	}
	all := strings.Join(posted, "\n")
	for _, want := range []string{"## Turn 1", "First step.", "🔧 **Bash** `make test`", "↳ Bash result:", "## Summary", "- Tool calls: 1 — Bash 1"} {
		if !strings.Contains(all, want) {
			t.Errorf("the updates lack %q:\n%s", want, all)
		}
	}
	if !strings.HasPrefix(posted[len(posted)-1], "## Summary") && !strings.Contains(posted[len(posted)-1], "\n## Summary") {
		t.Errorf("the last update has no summary: %q", posted[len(posted)-1])
	}
}
