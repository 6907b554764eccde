package webui_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/webui"
)

// TestTimeoutsCloseConnections opens loopback connections that send part
// of a request, or a request and then nothing, and checks that the server
// closes each once its configured read-header, read or idle timeout has
// passed (issue 33, defect 6: 400 such connections stayed open).
func TestTimeoutsCloseConnections(t *testing.T) {
	t.Parallel()
	const timeout = 200 * time.Millisecond
	s := startWith(t, fakeOptions(t, "2.1.332", "text-simple"),
		webui.Limits{ReadHeaderTimeout: timeout, ReadTimeout: timeout, IdleTimeout: timeout})
	host := strings.TrimPrefix(base(t, s), "http://")
	head := func(method, target string, headers ...string) string {
		return method + " " + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + strings.Join(headers, "")
	}
	tests := []struct {
		name   string
		send   string // what the client sends before it goes quiet
		answer bool   // the server answers before it closes
	}{
		{"silent", "", false},
		{"slow header", head("GET", "/events?token="+s.Token), false},
		{"slow body", head("POST", "/api/prompt", "Content-Type: application/json\r\n", webui.TokenHeader+": "+s.Token+"\r\n", "Content-Length: 1000\r\n\r\n") + `{"text":`, true},
		{"idle without a token", head("GET", "/") + "\r\n", true},
		{"idle after the page", head("GET", "/?token="+s.Token) + "\r\n", true},
	}
	const conns = 8 // per case: a bounded number
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var wg sync.WaitGroup
			for i := range conns {
				wg.Go(func() {
					conn, err := net.Dial("tcp", host)
					if err != nil {
						t.Error(err)
						return
					}
					defer conn.Close()
					if _, err := io.WriteString(conn, tt.send); err != nil {
						t.Error(err)
						return
					}
					// A safety net, far past the timeout: the test waits
					// for the server's close, not for the time.
					_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
					got, err := io.ReadAll(conn)
					if err != nil {
						t.Errorf("connection %d: the server kept it open: %v (read %q)", i, err, cutText(got))
						return
					}
					if answered := bytes.HasPrefix(got, []byte("HTTP/1.1 ")); answered != tt.answer {
						t.Errorf("connection %d: the server answered %q, want an answer %t", i, cutText(got), tt.answer)
					}
				})
			}
			wg.Wait()
		})
	}
}

// cutText returns the start of b, for messages.
func cutText(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// logSignal is a slog handler that signals each record whose message
// starts with prefix.
type logSignal struct {
	prefix string
	ch     chan slog.Record
}

func (h *logSignal) Enabled(context.Context, slog.Level) bool { return true }
func (h *logSignal) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *logSignal) WithGroup(string) slog.Handler            { return h }
func (h *logSignal) Handle(_ context.Context, r slog.Record) error {
	if strings.HasPrefix(r.Message, h.prefix) {
		select {
		case h.ch <- r:
		default:
		}
	}
	return nil
}

// completeIDs returns the IDs of the whole server-sent events in data, in
// order: an event cut off by the end of data does not count, as a
// browser does not dispatch it.
func completeIDs(t *testing.T, data []byte) []int64 {
	t.Helper()
	var ids []int64
	blocks := strings.Split(string(data), "\n\n")
	for _, b := range blocks[:len(blocks)-1] { // the last is cut off, or empty
		for line := range strings.SplitSeq(b, "\n") {
			if v, ok := strings.CutPrefix(line, "id: "); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					t.Fatalf("event ID %q: %v", v, err)
				}
				ids = append(ids, n)
			}
		}
	}
	return ids
}

// TestStalledViewerDropped connects a page that never reads its event
// stream and publishes far more than the connection buffers: the server
// drops the page once a write stalls for the configured StallTimeout
// (issue 33, defect 7: it kept every such page, each pinning up to 64
// MiB), and the page reconnects with the last event it got and is sent
// the ones after it.
func TestStalledViewerDropped(t *testing.T) {
	t.Parallel()
	opts := fakeOptions(t, "2.1.332", "text-simple")
	drops := &logSignal{prefix: "webui: dropped a page", ch: make(chan slog.Record, 1)}
	opts.Logger = slog.New(drops)
	s := startWith(t, opts, webui.Limits{StallTimeout: 200 * time.Millisecond, ViewerBuffer: 64 << 10})
	host := strings.TrimPrefix(base(t, s), "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET /events?token="+s.Token+" HTTP/1.1\r\nHost: "+host+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	// 32 MiB: more than the socket buffers of both ends hold (the
	// sender's grows to 4 MiB at most by default), less than the backlog.
	const events, size = 2048, 16 << 10
	text := strings.Repeat("x", size)
	for range events {
		if err := s.PublishJSON(`{"kind":"notice","text":"` + text + `"}`); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case r := <-drops.ch:
		t.Logf("%s", r.Message)
	case <-time.After(time.Minute): // a safety net: the drop comes after 200 ms of stall
		t.Fatal("the server kept a page that stopped reading its event stream")
	}
	_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	got, err := io.ReadAll(conn)
	if err != nil {
		t.Fatalf("the server dropped the page but kept its connection open: %v", err)
	}
	ids := completeIDs(t, got)
	t.Logf("the page got %d bytes, %d whole events, before it was dropped", len(got), len(ids))
	if len(ids) == 0 || len(ids) >= events {
		t.Fatalf("the dropped page got %d whole events of %d", len(ids), events)
	}
	last := ids[len(ids)-1]
	st := subscribe(t, s, last)
	select {
	case ev, ok := <-st.events:
		if !ok || ev.Seq != last+1 {
			t.Fatalf("reconnected after event %d: got event %d (%s), want %d", last, ev.Seq, ev.Kind, last+1)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the reconnected page got no event")
	}
}

// TestStreamOutlivesReadTimeout checks that the read timeout bounds
// reading a request only: an event stream opened before a connection that
// the same timeout closed still gets the events published after.
func TestStreamOutlivesReadTimeout(t *testing.T) {
	t.Parallel()
	const timeout = 200 * time.Millisecond
	s := startWith(t, fakeOptions(t, "2.1.332", "text-simple"),
		webui.Limits{ReadHeaderTimeout: timeout, ReadTimeout: timeout, IdleTimeout: timeout})
	st := subscribe(t, s, 0)
	// Two silent connections in turn, each closed by the timeout: the
	// stream's request has outlived it by one timeout at least.
	for range 2 {
		conn, err := net.Dial("tcp", strings.TrimPrefix(base(t, s), "http://"))
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
		_, err = io.ReadAll(conn)
		conn.Close()
		if err != nil {
			t.Fatalf("the server kept a silent connection open: %v", err)
		}
	}
	if err := s.PublishJSON(`{"kind":"notice","text":"after the timeout"}`); err != nil {
		t.Fatal(err)
	}
	if ev := st.next(t, "notice", nil); ev.Text != "after the timeout" {
		t.Errorf("the stream got %q", ev.Text)
	}
}
