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
	"sync/atomic"
	"testing"
	"time"
)

// pipeConn is an in-process CLI for benchmarks: the benchmark writes the
// CLI's stdout lines into a pipe, which a goroutine reads exactly as a
// Session reads a CLI's stdout (protocol reader, transcript, queue,
// routed to the client). The pipe is an OS pipe, as with a real CLI, or
// an io.Pipe, which leaves the kernel out. What is sent to the CLI is
// discarded.
type pipeConn struct {
	r     io.ReadCloser
	w     io.WriteCloser
	queue *fifo[event, *ExitError]
	route func(event) bool
	tr    transcript
	done  chan struct{}
}

// newPipeConn starts reading the pipe. With a clock, it notes when each
// line has been read from the pipe.
func newPipeConn(tb testing.TB, osPipe bool, route func(event) bool, clock *latencyClock) *pipeConn {
	pc := &pipeConn{queue: newFIFO[event, *ExitError](), route: route, done: make(chan struct{})}
	if osPipe {
		r, w, err := os.Pipe()
		if err != nil {
			tb.Fatal(err)
		}
		pc.r, pc.w = r, w
	} else {
		pc.r, pc.w = io.Pipe()
	}
	var r io.Reader = pc.r
	if clock != nil {
		r = &stampReader{r: r, clock: clock}
	}
	go func() {
		defer close(pc.done)
		err := pump(r, &pc.tr, pc.deliver, nil, slog.New(slog.DiscardHandler))
		if errors.Is(err, io.ErrClosedPipe) {
			err = nil
		}
		pc.queue.finish(&ExitError{Err: err})
	}()
	return pc
}

func (pc *pipeConn) SendRaw(ctx context.Context, data []byte) error { return nil }
func (pc *pipeConn) CloseInput() error                              { return nil }
func (pc *pipeConn) hurry()                                         {}
func (pc *pipeConn) Close() error {
	pc.w.Close()
	<-pc.done
	return pc.r.Close()
}
func (pc *pipeConn) nextEvent(ctx context.Context) (event, *ExitError, error) {
	ev, _, end, err := pc.queue.next(ctx)
	return ev, end, err
}

// deliver routes or queues one stdout event, as Session.deliver does.
func (pc *pipeConn) deliver(ev event) {
	if pc.route == nil || !pc.route(ev) {
		pc.queue.push(ev)
	}
}

// signalHandler signals every text or text delta it gets.
type signalHandler struct {
	BaseHandler
	got chan struct{}
}

func (h *signalHandler) OnText(*TextEvent)           { h.got <- struct{}{} }
func (h *signalHandler) OnTextDelta(*TextDeltaEvent) { h.got <- struct{}{} }

// latencyClock times messages to when they reach their consumer: from
// when the session's reading goroutine has read the line's last byte from
// the pipe (the client's own latency: decoding, routing, the hand-off to
// the reader's goroutine and the call), and from when the benchmark wrote
// it (the same plus the pipe: the kernel, or io.Pipe, and waking the
// reading goroutine). It tells the benchmark when it may write the next
// line. The consumer takes the time itself, before it signals, so waking
// the benchmark's goroutine is not counted.
type latencyClock struct {
	base    time.Time
	sent    atomic.Int64 // ns since base when the line under way was written
	arrived atomic.Int64 // ns since base when its last byte was read
	lat     []time.Duration
	e2e     []time.Duration
	got     chan struct{}
}

func newLatencyClock(n int) *latencyClock {
	return &latencyClock{base: time.Now(), lat: make([]time.Duration, 0, n), e2e: make([]time.Duration, 0, n), got: make(chan struct{}, 1)}
}

// stampReader notes in its clock when a read returned the end of a line.
type stampReader struct {
	r     io.Reader
	clock *latencyClock
}

func (sr *stampReader) Read(p []byte) (int, error) {
	n, err := sr.r.Read(p)
	if n > 0 && p[n-1] == '\n' {
		sr.clock.arrived.Store(int64(time.Since(sr.clock.base)))
	}
	return n, err
}

// write writes line to w and waits until its message is consumed.
func (lc *latencyClock) write(tb testing.TB, w io.Writer, line []byte) {
	lc.sent.Store(int64(time.Since(lc.base)))
	if _, err := w.Write(line); err != nil {
		tb.Fatal(err)
	}
	<-lc.got
}

// consumed records that the message under way arrived.
func (lc *latencyClock) consumed() {
	now := time.Since(lc.base)
	lc.lat = append(lc.lat, now-time.Duration(lc.arrived.Load()))
	lc.e2e = append(lc.e2e, now-time.Duration(lc.sent.Load()))
	lc.got <- struct{}{}
}

// report reports the latencies' p50 and p99, from the read (p50-ns/msg,
// p99-ns/msg) and from the write (e2e-p50-ns, e2e-p99-ns); call it once
// the consumer stopped.
func (lc *latencyClock) report(b *testing.B) {
	for _, d := range []struct {
		unit string
		lat  []time.Duration
	}{{"-ns/msg", lc.lat}, {"-ns/e2e", lc.e2e}} {
		slices.Sort(d.lat)
		b.ReportMetric(float64(d.lat[len(d.lat)/2].Nanoseconds()), "p50"+d.unit)
		b.ReportMetric(float64(d.lat[len(d.lat)*99/100].Nanoseconds()), "p99"+d.unit)
	}
}

// clockHandler is a Handler that reports every text or text delta to a
// latencyClock.
type clockHandler struct {
	BaseHandler
	clock *latencyClock
}

func (h *clockHandler) OnText(*TextEvent)           { h.clock.consumed() }
func (h *clockHandler) OnTextDelta(*TextDeltaEvent) { h.clock.consumed() }

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
// by the session's stdout path (decoder, transcript, queue), routed by
// the client's dispatcher (control messages taken out, events made),
// queued for the reader, and handed to a Handler. Each message is written
// once the previous one reached the handler; the handler takes the time
// of arrival itself, so p50-ns and p99-ns report the latency from the
// write to the handler call, without waking the benchmark's goroutine
// again (ns/op includes that). B/op against the line's size shows the
// copies made of a message's bytes: none, as the message and the
// transcript hold the bytes read.
func BenchmarkClientMessage(b *testing.B) {
	benchClientMessage(b, false)
}

// BenchmarkClientObserver is BenchmarkClientMessage with the handler as
// the client's Observer (Options.Observer), which the goroutine reading
// the CLI's stdout calls itself: the events reach it without the hand-off
// to the reader's goroutine. The client still queues every event for the
// readers; the benchmark drains them.
func BenchmarkClientObserver(b *testing.B) {
	benchClientMessage(b, true)
}

func benchClientMessage(b *testing.B, observer bool) {
	lines := clientBenchLines()
	names := slices.Sorted(maps.Keys(lines))
	for _, pipe := range []string{"mem-pipe", "os-pipe"} {
		for _, name := range names {
			line := lines[name]
			b.Run(pipe+"/"+name, func(b *testing.B) {
				clock := newLatencyClock(b.N)
				h := &clockHandler{clock: clock}
				var opts Options
				if observer {
					opts.Observer = h
				}
				c := newClient(opts, "")
				pc := newPipeConn(b, pipe == "os-pipe", c.route, clock)
				c.attach(pc)
				readerDone := make(chan struct{})
				go func() {
					defer close(readerDone)
					for ev, err := range c.Events(context.Background()) {
						if err != nil {
							return
						}
						if !observer {
							Dispatch(h, ev)
						}
					}
				}()
				b.SetBytes(int64(len(line)))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					clock.write(b, pc.w, line)
				}
				b.StopTimer()
				if err := c.Close(); err != nil {
					b.Fatal(err)
				}
				<-readerDone
				clock.report(b)
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
				clock := newLatencyClock(b.N)
				pc := newPipeConn(b, pipe == "os-pipe", nil, clock)
				readerDone := make(chan struct{})
				go func() {
					defer close(readerDone)
					for {
						ev, end, _ := pc.nextEvent(context.Background())
						if end != nil {
							return
						}
						if ev.msg != nil {
							clock.consumed()
						}
					}
				}()
				b.SetBytes(int64(len(line)))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					clock.write(b, pc.w, line)
				}
				b.StopTimer()
				pc.Close()
				<-readerDone
				clock.report(b)
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
	pc := newPipeConn(b, true, c.route, nil)
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
