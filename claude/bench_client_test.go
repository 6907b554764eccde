package claude

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// pipeConn is an in-process CLI for benchmarks: the benchmark writes the
// CLI's stdout lines into a pipe, which a goroutine reads exactly as a
// Session reads a CLI's stdout (transcript tee, protocol reader, queue,
// routed to the client). The pipe is an OS pipe, as with a real CLI, or
// an io.Pipe, which leaves the kernel out. What is sent to the CLI is
// discarded.
type pipeConn struct {
	r     io.ReadCloser
	w     io.WriteCloser
	queue *eventQueue
	tr    transcript
	done  chan struct{}
}

func newPipeConn(tb testing.TB, osPipe bool, route func(event) bool) *pipeConn {
	pc := &pipeConn{queue: newEventQueue(), done: make(chan struct{})}
	if osPipe {
		r, w, err := os.Pipe()
		if err != nil {
			tb.Fatal(err)
		}
		pc.r, pc.w = r, w
	} else {
		pc.r, pc.w = io.Pipe()
	}
	pc.queue.route = route
	r := pc.r
	go func() {
		defer close(pc.done)
		err := pump(&lineTee{r: r, t: &pc.tr, dir: Stdout}, pc.queue, nil, slog.New(slog.DiscardHandler))
		if errors.Is(err, io.ErrClosedPipe) {
			err = nil
		}
		pc.queue.finish(&ExitError{Err: err})
	}()
	return pc
}

func (pc *pipeConn) SendRaw(ctx context.Context, data []byte) error { return nil }
func (pc *pipeConn) CloseInput() error                              { return nil }
func (pc *pipeConn) Close() error {
	pc.w.Close()
	<-pc.done
	return pc.r.Close()
}
func (pc *pipeConn) nextEvent(ctx context.Context) (event, *ExitError, error) {
	return pc.queue.next(ctx)
}

// signalHandler signals every text or text delta it gets.
type signalHandler struct {
	BaseHandler
	got chan struct{}
}

func (h *signalHandler) OnText(*TextEvent)           { h.got <- struct{}{} }
func (h *signalHandler) OnTextDelta(*TextDeltaEvent) { h.got <- struct{}{} }

// clientBenchLines are stdout lines as the CLIs write them: a complete assistant
// text message of two sizes, and a stream_event text delta (the most
// frequent line with partial messages on).
func clientBenchLines() map[string][]byte {
	assistant := func(n int) []byte {
		text := strings.Repeat("All work and no play makes Jack a dull boy. ", n/44+1)[:n]
		return fmt.Appendf(nil, `{"type":"assistant","message":{"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant","model":"claude-opus-5-5","content":[{"type":"text","text":%q}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1},"context_management":null},"parent_tool_use_id":null,"session_id":"6c3a9d0e-2f1b-4a57-9c1e-8d2b7f4e0a11","uuid":"0b7e2c1d-5a4f-4e3b-8c2d-1f0e9a8b7c6d","timestamp":"2026-11-21T10:00:00.000Z","request_id":"req_011CVxyz"}`+"\n", text)
	}
	return map[string][]byte{
		"assistant-1KiB":  assistant(1 << 10),
		"assistant-16KiB": assistant(16 << 10),
		"stream-delta":    []byte(`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a long answer "}},"session_id":"6c3a9d0e-2f1b-4a57-9c1e-8d2b7f4e0a11","parent_tool_use_id":null,"uuid":"0b7e2c1d-5a4f-4e3b-8c2d-1f0e9a8b7c6d","api_message_id":"msg_01XFDUDYJgAACzvnptvVoYEL"}` + "\n"),
	}
}

// BenchmarkClientMessage measures the client's cost per message, from the
// CLI's stdout line to the handler: the line is written into a pipe (an OS
// pipe as with a real CLI, or an in-memory io.Pipe), read
// by the session's stdout path (transcript tee, decoder, queue), routed by
// the client's dispatcher (control messages taken out, events made),
// queued for the reader, and handed to a Handler. Each message is written
// once the previous one reached the handler, so the time per message is
// its latency; p50-ns and p99-ns report its distribution. B/op against the
// line's size shows the copies made of a message's bytes: the read buffer
// and the transcript's copy.
func BenchmarkClientMessage(b *testing.B) {
	lines := clientBenchLines()
	names := slices.Sorted(maps.Keys(lines))
	for _, pipe := range []string{"mem-pipe", "os-pipe"} {
		for _, name := range names {
			line := lines[name]
			b.Run(pipe+"/"+name, func(b *testing.B) {
				c := newClient(Options{}, "")
				pc := newPipeConn(b, pipe == "os-pipe", c.route)
				c.attach(pc)
				h := &signalHandler{got: make(chan struct{}, 1)}
				readerDone := make(chan struct{})
				go func() {
					defer close(readerDone)
					for ev, err := range c.Events(context.Background()) {
						if err != nil {
							return
						}
						Dispatch(h, ev)
					}
				}()
				lat := make([]time.Duration, 0, b.N)
				b.SetBytes(int64(len(line)))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					start := time.Now()
					if _, err := pc.w.Write(line); err != nil {
						b.Fatal(err)
					}
					<-h.got
					lat = append(lat, time.Since(start))
				}
				b.StopTimer()
				if err := c.Close(); err != nil {
					b.Fatal(err)
				}
				<-readerDone
				slices.Sort(lat)
				b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds()), "p50-ns/msg")
				b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns/msg")
			})
		}
	}
}

// BenchmarkSessionMessage is BenchmarkClientMessage's baseline: the same
// lines through the same stdout path of a session, read as messages from
// the session's queue without a client. The difference between the two is
// the client's own cost per message.
func BenchmarkSessionMessage(b *testing.B) {
	lines := clientBenchLines()
	for _, pipe := range []string{"mem-pipe", "os-pipe"} {
		for _, name := range slices.Sorted(maps.Keys(lines)) {
			line := lines[name]
			b.Run(pipe+"/"+name, func(b *testing.B) {
				pc := newPipeConn(b, pipe == "os-pipe", nil)
				got := make(chan struct{}, 1)
				go func() {
					for {
						ev, end, _ := pc.queue.next(context.Background())
						if end != nil {
							return
						}
						if ev.msg != nil {
							got <- struct{}{}
						}
					}
				}()
				lat := make([]time.Duration, 0, b.N)
				b.SetBytes(int64(len(line)))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					start := time.Now()
					if _, err := pc.w.Write(line); err != nil {
						b.Fatal(err)
					}
					<-got
					lat = append(lat, time.Since(start))
				}
				b.StopTimer()
				pc.Close()
				slices.Sort(lat)
				b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds()), "p50-ns/msg")
				b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns/msg")
			})
		}
	}
}

// BenchmarkClientThroughput measures messages per second when the CLI
// writes faster than the handler runs: every line is written at once, and
// the time per op is the time to get all of them to the handler divided by
// their number.
func BenchmarkClientThroughput(b *testing.B) {
	line := clientBenchLines()["stream-delta"]
	c := newClient(Options{}, "")
	pc := newPipeConn(b, true, c.route)
	c.attach(pc)
	h := &signalHandler{got: make(chan struct{}, 1024)}
	go func() {
		for ev, err := range c.Events(context.Background()) {
			if err != nil {
				return
			}
			Dispatch(h, ev)
		}
	}()
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	b.ResetTimer()
	done := make(chan struct{})
	n := b.N
	go func() {
		for range n {
			<-h.got
		}
		close(done)
	}()
	for range n {
		if _, err := pc.w.Write(line); err != nil {
			b.Fatal(err)
		}
	}
	<-done
	b.StopTimer()
	if err := c.Close(); err != nil {
		b.Fatal(err)
	}
}
