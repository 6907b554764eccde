package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// transcriptCorpus returns every transcript concatenated.
func transcriptCorpus(b *testing.B) []byte {
	b.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*", "*.jsonl"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no transcripts: %v", err)
	}
	var corpus []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		corpus = append(corpus, data...)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			corpus = append(corpus, '\n')
		}
	}
	return corpus
}

// readAllMessages reads every message from r and fails on any error.
func readAllMessages(b *testing.B, r *Reader) int {
	n := 0
	for {
		_, err := r.Next()
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
}

// BenchmarkReader measures reading fully typed messages: over the real
// transcripts, and over one line holding a 100 MB tool_result, for which it
// also reports the peak heap growth while reading, against the line's size.
func BenchmarkReader(b *testing.B) {
	b.Run("transcripts", func(b *testing.B) {
		corpus := transcriptCorpus(b)
		b.SetBytes(int64(len(corpus)))
		b.ReportAllocs()
		for b.Loop() {
			readAllMessages(b, NewReader(bytes.NewReader(corpus)))
		}
	})
	b.Run("tool_result_100MB", func(b *testing.B) {
		src := newToolResultSource(100 << 20)
		b.SetBytes(src.size())
		b.ReportAllocs()
		var peak uint64
		for b.Loop() {
			b.StopTimer()
			src.reset()
			runtime.GC()
			sampler := startHeapSampler()
			b.StartTimer()
			if n := readAllMessages(b, NewReader(src)); n != 1 {
				b.Fatalf("%d messages", n)
			}
			b.StopTimer()
			peak = max(peak, sampler.stop())
			b.StartTimer()
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(peak)/float64(src.size()), "peak/line")
	})
}

// BenchmarkUnmarshalMap is the point of comparison: encoding/json decoding
// each transcript line into a map.
func BenchmarkUnmarshalMap(b *testing.B) {
	corpus := transcriptCorpus(b)
	b.SetBytes(int64(len(corpus)))
	b.ReportAllocs()
	for b.Loop() {
		for line := range bytes.SplitSeq(corpus, []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			var v map[string]any
			if err := json.Unmarshal(line, &v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkMarshal measures writing decoded transcript messages back.
func BenchmarkMarshal(b *testing.B) {
	corpus := transcriptCorpus(b)
	var msgs []Message
	for m, err := range NewReader(bytes.NewReader(corpus)).All() {
		if err != nil {
			b.Fatal(err)
		}
		msgs = append(msgs, m)
	}
	b.SetBytes(int64(len(corpus)))
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range msgs {
			if _, err := Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// heapSampler records the largest heap growth seen while it runs.
type heapSampler struct {
	base uint64
	peak atomic.Uint64
	done chan struct{}
	wg   sync.WaitGroup
}

const heapMetric = "/memory/classes/heap/objects:bytes"

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapSampler() *heapSampler {
	s := &heapSampler{base: heapBytes(), done: make(chan struct{})}
	s.wg.Go(func() {
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			if h := heapBytes(); h > s.base && h-s.base > s.peak.Load() {
				s.peak.Store(h - s.base)
			}
			select {
			case <-s.done:
				return
			case <-t.C:
			}
		}
	})
	return s
}

// stop ends sampling and returns the peak growth over the heap at start.
func (s *heapSampler) stop() uint64 {
	if h := heapBytes(); h > s.base && h-s.base > s.peak.Load() {
		s.peak.Store(h - s.base)
	}
	close(s.done)
	s.wg.Wait()
	return s.peak.Load()
}

// toolResultSource generates one user message line with a tool_result of
// about n bytes of escaped text, without holding it in memory.
type toolResultSource struct {
	prefix, unit, suffix []byte
	units                int
	// read position
	part, off, unitIdx int
}

func newToolResultSource(n int) *toolResultSource {
	s := &toolResultSource{
		prefix: []byte(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_big","type":"tool_result","content":"`),
		unit:   []byte(`line of tool output with a tab\t and a quote \" and unicode \u00e9\n`),
		suffix: []byte(`","is_error":false}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}` + "\n"),
	}
	s.units = n / len(s.unit)
	return s
}

func (s *toolResultSource) size() int64 {
	return int64(len(s.prefix) + s.units*len(s.unit) + len(s.suffix))
}

func (s *toolResultSource) reset() { s.part, s.off, s.unitIdx = 0, 0, 0 }

func (s *toolResultSource) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var cur []byte
		switch s.part {
		case 0:
			cur = s.prefix
		case 1:
			if s.unitIdx >= s.units {
				s.part, s.off = 2, 0
				continue
			}
			cur = s.unit
		case 2:
			cur = s.suffix
		default:
			if n == 0 {
				return 0, io.EOF
			}
			return n, nil
		}
		c := copy(p[n:], cur[s.off:])
		n += c
		s.off += c
		if s.off == len(cur) {
			s.off = 0
			if s.part == 1 {
				s.unitIdx++
			} else {
				s.part++
			}
		}
	}
	return n, nil
}
