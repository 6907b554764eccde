package stubapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"testing"

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
