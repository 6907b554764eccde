package stubapi_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccwire/ccwire/stubapi"
)

// BenchmarkScriptedText measures scripted text responses streamed to plain
// net/http clients that read the whole SSE body, with 1 and 64 concurrent
// clients. It reports responses per second and the p50/p99 latency of one
// response.
func BenchmarkScriptedText(b *testing.B) {
	for _, clients := range []int{1, 64} {
		b.Run("clients="+strconv.Itoa(clients), func(b *testing.B) {
			benchText(b, clients)
		})
	}
}

func benchText(b *testing.B, clients int) {
	turns := make([]stubapi.Turn, b.N)
	for i := range turns {
		turns[i] = stubapi.Text("Hello! This is a scripted answer of a typical short length, streamed as deltas.")
	}
	s, err := stubapi.Start(stubapi.NewScript(turns...))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	tr := &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr}
	body := []byte(`{"model":"claude-sonnet-4-5-20250929","max_tokens":1024,"stream":true,"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"}]}`)
	url := s.URL() + "/v1/messages"

	latencies := make([]time.Duration, b.N)
	var next atomic.Int64
	var failed atomic.Value
	var wg sync.WaitGroup
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				t0 := time.Now()
				resp, err := hc.Post(url, "application/json", bytes.NewReader(body))
				if err != nil {
					failed.Store(err)
					return
				}
				data, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != 200 || !bytes.HasSuffix(data, []byte("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")) {
					failed.Store(err)
					return
				}
				latencies[i] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if err := failed.Load(); err != nil {
		b.Fatalf("a request failed: %v", err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "responses/s")
	b.ReportMetric(percentile(latencies, 0.50), "p50-µs")
	b.ReportMetric(percentile(latencies, 0.99), "p99-µs")
	// The server's own time per response, from its records: the latency
	// above less the client's work and the wait for a CPU.
	var server []time.Duration
	for _, r := range s.MainRequests() {
		server = append(server, r.Duration)
	}
	b.ReportMetric(percentile(server, 0.99), "server-p99-µs")
}

// percentile returns the p-th percentile of ds in microseconds.
func percentile(ds []time.Duration, p float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return float64(ds[min(len(ds)-1, int(float64(len(ds))*p))].Nanoseconds()) / 1e3
}

// BenchmarkServeHTTP measures the server's work for one scripted text
// response without the network: the handler writing to a recorder.
func BenchmarkServeHTTP(b *testing.B) {
	turns := make([]stubapi.Turn, b.N)
	for i := range turns {
		turns[i] = stubapi.Text("Hello! This is a scripted answer of a typical short length, streamed as deltas.")
	}
	s, err := stubapi.Start(stubapi.NewScript(turns...))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	body := `{"model":"claude-sonnet-4-5-20250929","max_tokens":1024,"stream":true,"tools":[{"name":"Bash","input_schema":{"type":"object"}}],"messages":[{"role":"user","content":"hi"}]}`
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		req := httptest.NewRequest("POST", "/v1/messages", strings.NewReader(body))
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}
