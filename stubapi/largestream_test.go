package stubapi_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/stubapi"
)

// largeText is the text of the large turn the tests and benchmarks below
// stream: 20 MB.
var largeText = strings.Repeat("All work and no play makes Jack a dull boy. ", 20<<20/44)

// discardWriter is a ResponseWriter that keeps nothing of the body but its
// size, its end and the size of its largest write.
type discardWriter struct {
	header  http.Header
	status  int
	n       int64
	largest int
	tail    [64]byte
}

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *discardWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.n += int64(len(p))
	w.largest = max(w.largest, len(p))
	// Keep the last 64 bytes written, allocating nothing.
	keep := min(len(p), len(w.tail))
	copy(w.tail[:], w.tail[keep:])
	copy(w.tail[len(w.tail)-keep:], p[len(p)-keep:])
	return len(p), nil
}

func (w *discardWriter) Flush() {}

// serveLarge answers one streaming main-loop request for the large turn
// of s into a discardWriter.
func serveLarge(s *stubapi.Server) *discardWriter {
	req := httptest.NewRequest("POST", "/v1/messages", strings.NewReader(benchBody))
	w := &discardWriter{header: http.Header{}}
	s.ServeHTTP(w, req)
	return w
}

// TestLargeStreamIsWrittenAsRendered streams a 20 MB text turn and checks
// that the server writes it in pieces as it renders them, in memory that
// does not grow with the answer: it used to render the whole stream (about
// 250 MB of events) into one buffer first, allocating 1.36 GB. Not
// parallel: it measures allocations.
func TestLargeStreamIsWrittenAsRendered(t *testing.T) {
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("warm-up"), stubapi.Text(largeText)))
	serveLarge(s) // warm-up: pools, buffers
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w := serveLarge(s)
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("%.1f MB of text: %.1f MB of events, largest write %d KiB, %d KiB allocated", float64(len(largeText))/1e6, float64(w.n)/1e6, w.largest>>10, allocated>>10)
	if w.status != http.StatusOK || !bytes.HasSuffix(w.tail[:], []byte("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")) || w.n < int64(len(largeText)) {
		t.Fatalf("status %d, %d bytes ending %q: want 200 and the whole stream", w.status, w.n, w.tail)
	}
	if w.largest > 64<<10 {
		t.Errorf("the largest write of the stream was %d KiB, want at most 64 KiB: the events must go out as they are rendered", w.largest>>10)
	}
	if allocated > 4<<20 {
		t.Errorf("streaming a 20 MB text allocated %d MiB, want less than 4 MiB", allocated>>20)
	}
}

// TestLargeStreamFaultMidBlock checks that a fault in the middle of a
// text streamed in many writes strikes where it would in a short one:
// the client has the first half of the text, whole, then the error.
func TestLargeStreamFaultMidBlock(t *testing.T) {
	t.Parallel()
	text := strings.Repeat("A text long enough to be streamed in several writes. ", 700)
	s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text(text).WithFaults(stubapi.StreamError("overloaded_error").MidBlock(0))))
	m, _, err := attempt(t.Context(), client(s), true)
	if got, isAPI := asAPIErr(err); !isAPI || got.Type != "overloaded_error" {
		t.Errorf("err = %v, want the overloaded_error event", err)
	}
	if len(m.Content) != 1 {
		t.Fatalf("client saw %d blocks before the fault, want 1", len(m.Content))
	}
	got := m.Content[0].Text
	if !strings.HasPrefix(text, got) || len(got) < len(text)*2/5 || len(got) > len(text)*3/5 {
		t.Errorf("client saw %d bytes of the %d of the text before the fault, want the first half of it", len(got), len(text))
	}
}

// BenchmarkLargeStream measures the server's work for one streamed text
// turn of 20 MB (about 250 MB of events) without the network; B/op is
// what it allocates for it.
func BenchmarkLargeStream(b *testing.B) {
	turns := make([]stubapi.Turn, b.N)
	for i := range turns {
		turns[i] = stubapi.Text(largeText)
	}
	s, err := stubapi.Start(stubapi.NewScript(turns...))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if w := serveLarge(s); w.status != http.StatusOK {
			b.Fatalf("status %d", w.status)
		}
	}
	b.ReportMetric(float64(len(largeText))/1e6, "text-MB")
}
