package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/ccwire/ccwire/internal/benchheap"
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
		var peak, peakRSS uint64
		rssOK := true
		for b.Loop() {
			b.StopTimer()
			src.reset()
			runtime.GC()
			debug.FreeOSMemory()
			baseRSS, ok := resetRSSPeak()
			rssOK = rssOK && ok
			sampler := benchheap.Start()
			b.StartTimer()
			if n := readAllMessages(b, NewReader(src)); n != 1 {
				b.Fatalf("%d messages", n)
			}
			b.StopTimer()
			peak = max(peak, sampler.Stop())
			if hwm, ok := rssPeak(); ok && hwm > baseRSS {
				peakRSS = max(peakRSS, hwm-baseRSS)
			}
			b.StartTimer()
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(peak)/float64(src.size()), "peak-heap/line")
		if rssOK {
			// The process's resident memory, which also counts the off-heap
			// chunks long lines are collected in.
			b.ReportMetric(float64(peakRSS)/(1<<20), "peak-rss-MB")
			b.ReportMetric(float64(peakRSS)/float64(src.size()), "peak-rss/line")
		}
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

// resetRSSPeak resets the process's resident memory high-water mark
// (Linux) and returns the resident memory now.
func resetRSSPeak() (uint64, bool) {
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return 0, false
	}
	return procStatus("VmRSS:")
}

// rssPeak returns the resident memory high-water mark since the last reset.
func rssPeak() (uint64, bool) { return procStatus("VmHWM:") }

// procStatus reads a size in kB from /proc/self/status, in bytes.
func procStatus(key string) (uint64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(data) {
		if rest, ok := bytes.CutPrefix(line, []byte(key)); ok {
			kb, err := strconv.ParseUint(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// toolResultSource generates one user message line with a tool_result of
// about n bytes of escaped text, without holding the line in memory.
type toolResultSource struct {
	prefix, body, suffix []byte // body is a block of whole units
	blocks               int    // times body is repeated
	// read position: part 0 prefix, 1 body, 2 suffix, 3 done
	part, off, block int
}

func newToolResultSource(n int) *toolResultSource {
	unit := []byte(`line of tool output with a tab\t and a quote \" and unicode \u00e9\n`)
	body := bytes.Repeat(unit, (1<<20)/len(unit))
	return &toolResultSource{
		prefix: []byte(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_big","type":"tool_result","content":"`),
		body:   body,
		blocks: max(1, n/len(body)),
		suffix: []byte(`","is_error":false}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}` + "\n"),
	}
}

func (s *toolResultSource) size() int64 {
	return int64(len(s.prefix) + s.blocks*len(s.body) + len(s.suffix))
}

func (s *toolResultSource) reset() { s.part, s.off, s.block = 0, 0, 0 }

func (s *toolResultSource) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		var cur []byte
		switch s.part {
		case 0:
			cur = s.prefix
		case 1:
			cur = s.body
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
				s.block++
				if s.block < s.blocks {
					continue
				}
			}
			s.part++
		}
	}
	return n, nil
}

// BenchmarkInitializeResponse measures decoding the payload of CLI
// 2.1.330's answer to initialize (18 kB: commands, agents, models...)
// typed, as a client reads the handshake.
func BenchmarkInitializeResponse(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "control", "2.1.330.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	var s *SuccessResponse
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		if m, err := Decode(line); err == nil {
			if r, ok := m.(*ControlResponse).Response.(*SuccessResponse); ok && r.RequestID == "req_1" {
				s = r
			}
		}
	}
	if s == nil {
		b.Fatal("no initialize answer in the capture")
	}
	b.SetBytes(int64(len(s.Response)))
	b.ReportAllocs()
	for b.Loop() {
		var r InitializeResponse
		if err := s.DecodePayload(&r); err != nil {
			b.Fatal(err)
		}
	}
}
