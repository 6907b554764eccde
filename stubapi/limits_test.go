package stubapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/stubapi"
)

// byteReader reads an endless run of one byte, allocating nothing.
type byteReader byte

func (b byteReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// heapInUse returns the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// TestOversizedBodiesAreNotKept sends several 50 MB bodies, announced and
// chunked, and checks that the server answers 413, records each with a
// bounded prefix and its size, and that neither its heap nor its request
// log grows with them. Not parallel: it measures the heap.
func TestOversizedBodiesAreNotKept(t *testing.T) {
	const size = 50 << 20
	var log countingWriter
	var logMu = make(chan struct{}, 1)
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("untouched")), stubapi.OnRequest(func(r stubapi.Request) {
		logMu <- struct{}{}
		defer func() { <-logMu }()
		_ = json.NewEncoder(&log).Encode(r)
	}))
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	send := func(announced bool) {
		t.Helper()
		req, err := http.NewRequest("POST", s.URL()+"/v1/messages", io.LimitReader(byteReader('x'), size))
		if err != nil {
			t.Fatal(err)
		}
		if announced {
			req.ContentLength = size
		}
		resp, err := client.Do(req)
		if err != nil {
			// The server may close the connection before the client
			// finished sending; the record below still tells.
			t.Logf("POST of %d bytes (announced %t): %v", size, announced, err)
			return
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("status %d, want 413", resp.StatusCode)
		}
	}
	send(true) // warm up: connections, buffers, pools
	before := heapInUse()
	const n = 4
	for i := range n {
		send(i%2 == 0)
	}
	s.Close()
	after := heapInUse()
	grown := int64(after) - int64(before)
	t.Logf("heap %d KiB before, %d KiB after %d requests of 50 MB (%+d KiB); log %d bytes", before>>10, after>>10, n, grown>>10, log.n)
	if grown > 16<<20 {
		t.Errorf("the heap grew by %d MiB over %d requests of 50 MB, want less than 16 MiB", grown>>20, n)
	}
	if log.n > 1<<20 {
		t.Errorf("the request log holds %d bytes for %d rejected requests, want less than 1 MiB", log.n, n+1)
	}
	reqs := s.Requests()
	if len(reqs) != n+1 {
		t.Fatalf("%d requests recorded, want %d", len(reqs), n+1)
	}
	for _, r := range reqs {
		kept := len(r.Body) + len(r.BodyText)
		if r.Status != http.StatusRequestEntityTooLarge || !r.BodyTruncated || r.BodySize <= 32<<20 || kept == 0 || kept > stubapi.MaxRecordedBody {
			t.Errorf("request #%d: status %d, truncated %t, size %d, %d bytes kept; want 413, truncated, more than 32 MiB, at most %d kept",
				r.Seq, r.Status, r.BodyTruncated, r.BodySize, kept, stubapi.MaxRecordedBody)
		}
	}
	// A body within the limit is kept whole and not marked.
	s2 := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("hi")))
	body := fmt.Sprintf(`{"model":"m","max_tokens":5,"messages":[{"role":"user","content":%q}]}`, bytes.Repeat([]byte("y"), 100<<10))
	resp, _ := post(t, s2, "POST", "/v1/messages", body, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d for a 100 KiB body", resp.StatusCode)
	}
	r := s2.Requests()[0]
	if r.BodyTruncated || r.BodySize != int64(len(body)) || len(r.Body) != len(body) {
		t.Errorf("100 KiB body recorded as truncated %t, size %d, %d bytes kept; want whole", r.BodyTruncated, r.BodySize, len(r.Body))
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// logRecords is a slog handler that keeps the messages of the records it
// gets.
type logRecords struct {
	mu       sync.Mutex
	messages []string
}

func (l *logRecords) Enabled(context.Context, slog.Level) bool { return true }
func (l *logRecords) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *logRecords) WithGroup(string) slog.Handler            { return l }
func (l *logRecords) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.messages = append(l.messages, r.Level.String()+" "+r.Message)
	return nil
}

func (l *logRecords) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.messages, "\n")
}

// TestOversizedChunkedBodyStopsAtLimit sends a chunked body of 200 MiB,
// whose length the server cannot know beforehand, and checks that the
// server stops reading it at the limit (the client gets to send little
// more than 32 MiB), allocates about the limit for it and no more, answers
// 413 request_too_large saying so, and records and logs it as an
// oversize request rather than a malformed one. It used to read on up to
// 128 MiB, grow its buffer as io.ReadAll does (ten such requests at once
// took 646 MB) and record the request as "other: malformed body". Not
// parallel: it measures allocations.
func TestOversizedChunkedBodyStopsAtLimit(t *testing.T) {
	const size = 200 << 20
	var logged logRecords
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("untouched")), stubapi.WithLogger(slog.New(&logged)))
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	send := func() (sent int64, status int, body string) {
		t.Helper()
		body0 := &countingReader{r: io.LimitReader(byteReader('x'), size)}
		req, err := http.NewRequest("POST", s.URL()+"/v1/messages", body0)
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = -1 // chunked
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("POST of a chunked body of %d bytes: %v (the server must answer before it closes)", size, err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return body0.n.Load(), resp.StatusCode, string(data)
	}
	send() // warm up: connections, buffers, pools
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sent, status, body := send()
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("client sent %d MiB of %d MiB; %d MiB allocated", sent>>20, size>>20, allocated>>20)
	if sent > 48<<20 {
		t.Errorf("the server let the client send %d MiB of a body it rejects at 32 MiB, want less than 48 MiB", sent>>20)
	}
	if allocated > 40<<20 {
		t.Errorf("answering a chunked body over the limit of 32 MiB allocated %d MiB, want less than 40 MiB", allocated>>20)
	}
	var eb errorBody
	if err := json.Unmarshal([]byte(body), &eb); err != nil || status != http.StatusRequestEntityTooLarge ||
		eb.Error.Type != "request_too_large" || !strings.Contains(eb.Error.Message, "more than the limit of 33554432 bytes (32 MiB)") {
		t.Errorf("answer %d %s (%v), want 413 request_too_large naming the limit", status, body, err)
	}
	if err := s.WaitIdle(t.Context()); err != nil {
		t.Fatal(err)
	}
	reqs := s.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests recorded, want 2", len(reqs))
	}
	r := reqs[1]
	if r.Outcome != stubapi.OutcomeRejected || r.Status != http.StatusRequestEntityTooLarge || !strings.HasPrefix(r.Reason, "oversize:") ||
		!r.BodyTruncated || r.BodySize <= 32<<20 || len(r.BodyText) != stubapi.MaxRecordedBody {
		t.Errorf("recorded outcome %s, status %d, reason %q, truncated %t, size %d, %d bytes kept; want rejected, 413, oversize:…, truncated, more than 32 MiB, %d kept",
			r.Outcome, r.Status, r.Reason, r.BodyTruncated, r.BodySize, len(r.BodyText), stubapi.MaxRecordedBody)
	}
	if log := logged.String(); !strings.Contains(log, "WARN stubapi: request body over the limit of 32 MiB") || strings.Contains(log, "malformed") {
		t.Errorf("log:\n%s\nwant a warning of a body over the limit, and no mention of a malformed one", log)
	}
}

// TestTimeoutsCloseConnections checks that a client that stops sending its
// request, or keeps an idle connection open, is cut off once the
// configured read or idle timeout passes.
func TestTimeoutsCloseConnections(t *testing.T) {
	t.Parallel()
	const timeout = 200 * time.Millisecond
	tests := []struct {
		name   string
		send   string // what the client sends before it goes quiet
		answer bool   // the server answers (a status line) before closing
		status int    // recorded status, 0 for none recorded
	}{
		{"slow body", "POST /v1/messages HTTP/1.1\r\nHost: stub\r\nContent-Length: 1000\r\n\r\n{\"model\":", true, http.StatusBadRequest},
		{"slow header", "POST /v1/messages HTTP/1.1\r\nHost: stub\r\n", false, 0},
		{"idle keep-alive", "GET /v1/models HTTP/1.1\r\nHost: stub\r\n\r\n", true, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := stubapi.NewTest(t, stubapi.Script{}, stubapi.WithReadTimeout(timeout), stubapi.WithIdleTimeout(timeout))
			conn, err := net.Dial("tcp", strings.TrimPrefix(s.URL(), "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, tt.send); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_ = conn.SetReadDeadline(start.Add(10 * time.Second))
			got, err := io.ReadAll(conn)
			took := time.Since(start)
			t.Logf("connection closed after %v", took.Round(time.Millisecond))
			if err != nil {
				t.Fatalf("the server kept the connection open: %v after %v (read %q)", err, took, got)
			}
			if answered := bytes.HasPrefix(got, []byte("HTTP/1.1 ")); answered != tt.answer {
				t.Errorf("the server answered %q, want an answer %t", got, tt.answer)
			}
			if err := s.WaitIdle(t.Context()); err != nil {
				t.Fatal(err)
			}
			reqs := s.Requests()
			switch {
			case tt.status == 0 && len(reqs) != 0:
				t.Errorf("recorded %+v, want nothing", reqs)
			case tt.status != 0 && (len(reqs) != 1 || reqs[0].Status != tt.status):
				t.Errorf("recorded %+v, want one request answered %d", reqs, tt.status)
			}
		})
	}
}

// TestStallOutlivesReadTimeout checks that the read timeout bounds reading
// a request only: a response that stalls for longer still completes.
func TestStallOutlivesReadTimeout(t *testing.T) {
	t.Parallel()
	for _, stream := range []bool{true, false} {
		t.Run(streamName(stream), func(t *testing.T) {
			t.Parallel()
			turn := stubapi.Text("Slow but complete.").WithFaults(stubapi.Stall(600 * time.Millisecond).MidBlock(0))
			s := stubapi.NewTest(t, stubapi.NewScript(turn), stubapi.WithReadTimeout(100*time.Millisecond), stubapi.WithIdleTimeout(100*time.Millisecond))
			m, _, err := attempt(t.Context(), client(s), stream)
			if err != nil {
				t.Fatalf("request: %v", err)
			}
			if diff := cmp.Diff(want(turn, 0, "claude-sonnet-4-5-20250929"), project(m)); diff != "" {
				t.Errorf("message differs from the script (-want +got):\n%s", diff)
			}
		})
	}
}
