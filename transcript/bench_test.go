package transcript_test

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/ccwire/ccwire/internal/benchheap"
	"github.com/ccwire/ccwire/transcript"
)

// transcriptSource generates a stream-json transcript of about size
// bytes without holding it in memory: a session of tool calls with 8 kB
// results filling three quarters of it, and one tool result of a quarter
// of it, the largest line; the texts hold escapes (\n, \", \t) as real
// tool output does.
type transcriptSource struct {
	size    int64
	largest int64 // the largest line's length
	pieces  func(yield func([]byte) bool)
	next    func() ([]byte, bool)
	stop    func()
	cur     []byte
}

func newTranscriptSource(size int64) *transcriptSource {
	s := &transcriptSource{}
	unit := []byte(`line of tool output with a tab\t, a quote \" and unicode \u00e9\n`)
	smallBody := bytes.Repeat(unit, 8192/len(unit))
	bigBody := bytes.Repeat(unit, (1<<20)/len(unit))
	bigPrefix := []byte(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_big","type":"tool_result","content":"`)
	bigSuffix := []byte(`"}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u","timestamp":"2026-01-01T00:00:02.000Z"}` + "\n")
	bigBlocks := max(1, int(size/4)/len(bigBody))
	s.largest = int64(len(bigPrefix)+bigBlocks*len(bigBody)+len(bigSuffix)) - 1
	call := func(i int) []byte {
		return fmt.Appendf(nil, `{"type":"assistant","message":{"id":"msg_%d","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"toolu_%d","name":"Bash","input":{"command":"go test ./pkg%d/...","description":"Run the tests"}}],"stop_reason":null,"usage":{"input_tokens":1200,"cache_creation_input_tokens":0,"cache_read_input_tokens":14000,"output_tokens":1}},"parent_tool_use_id":null,"session_id":"s","uuid":"a%d","timestamp":"2026-01-01T00:00:00.000Z"}`+"\n", i, i, i, i)
	}
	result := func(i int) []byte {
		b := fmt.Appendf(nil, `{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_%d","type":"tool_result","content":"`, i)
		b = append(b, smallBody...)
		return fmt.Appendf(b, `"}]},"parent_tool_use_id":null,"session_id":"s","uuid":"r%d","timestamp":"2026-01-01T00:00:01.000Z"}`+"\n", i)
	}
	head := []byte(`{"type":"system","subtype":"init","session_id":"s","model":"claude-sonnet-4-5","tools":["Bash"],"permissionMode":"default"}` + "\n")
	tail := []byte(`{"type":"result","subtype":"success","is_error":false,"duration_ms":1000,"duration_api_ms":800,"num_turns":3,"session_id":"s","total_cost_usd":1.25,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{"claude-sonnet-4-5":{"inputTokens":1,"outputTokens":1,"cacheReadInputTokens":0,"cacheCreationInputTokens":0,"webSearchRequests":0,"costUSD":1.25,"contextWindow":200000}},"permission_denials":[]}` + "\n")
	s.pieces = func(yield func([]byte) bool) {
		n := int64(len(head) + len(tail))
		if !yield(head) {
			return
		}
		for i := 0; n < size*3/4; i++ {
			c, r := call(i), result(i)
			n += int64(len(c) + len(r))
			if !yield(c) || !yield(r) {
				return
			}
		}
		if !yield(call(-1)) || !yield(bigPrefix) {
			return
		}
		for range bigBlocks {
			if !yield(bigBody) {
				return
			}
		}
		if !yield(bigSuffix) {
			return
		}
		yield(tail)
	}
	// Measure the size once.
	for p := range s.pieces {
		s.size += int64(len(p))
	}
	return s
}

func (s *transcriptSource) reset() {
	if s.stop != nil {
		s.stop()
	}
	s.next, s.stop = iter.Pull(iter.Seq[[]byte](s.pieces))
	s.cur = nil
}

func (s *transcriptSource) Read(p []byte) (int, error) {
	for len(s.cur) == 0 {
		var ok bool
		if s.cur, ok = s.next(); !ok {
			return 0, io.EOF
		}
	}
	n := copy(p, s.cur)
	s.cur = s.cur[n:]
	return n, nil
}

// BenchmarkRender renders generated transcripts of 1, 10 and 100 MB as
// Markdown and as HTML. Besides ns/op it reports ns/byte (flat across
// sizes when the time is linear in the size), cpu-ns/op, and the peak
// heap growth while rendering against the largest line (peak-heap/line,
// which should stay at or under 2).
func BenchmarkRender(b *testing.B) {
	for _, mb := range []int64{1, 10, 100} {
		src := newTranscriptSource(mb << 20)
		for _, format := range []string{"markdown", "html"} {
			b.Run(fmt.Sprintf("%s/%dMB", format, mb), func(b *testing.B) {
				b.SetBytes(src.size)
				b.ReportAllocs()
				var peak uint64
				meter := benchcpu.Start()
				for b.Loop() {
					b.StopTimer()
					meter.Pause()
					src.reset()
					runtime.GC()
					debug.FreeOSMemory()
					sampler := benchheap.Start()
					meter.Resume()
					b.StartTimer()
					var err error
					if format == "html" {
						err = transcript.RenderHTML(io.Discard, transcript.Messages(src), transcript.HTMLOptions{})
					} else {
						err = transcript.RenderMarkdown(io.Discard, transcript.Messages(src), transcript.Options{})
					}
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					meter.Pause()
					peak = max(peak, sampler.Stop())
					meter.Resume()
					b.StartTimer()
				}
				meter.Report(b)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*src.size), "ns/byte")
				b.ReportMetric(float64(peak), "peak-heap-B")
				b.ReportMetric(float64(peak)/float64(src.largest), "peak-heap/line")
			})
		}
	}
}

// BenchmarkMessagesLeadingLine reads generated transcripts of 10 and 100
// MB that start with a byte-order mark and a warning line, as a CLI's
// stdout can: the reading streams, so the peak heap growth follows the
// largest line (peak-heap/line at or under 2), not the input's size.
// Before the reader looked at the first line only, it read such an input
// whole, then rejected it.
func BenchmarkMessagesLeadingLine(b *testing.B) {
	const warning = "\xef\xbb\xbf(node:4242) Warning: something old is in use\n"
	for _, mb := range []int64{10, 100} {
		src := newTranscriptSource(mb << 20)
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			b.SetBytes(src.size + int64(len(warning)))
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				b.StopTimer()
				src.reset()
				runtime.GC()
				debug.FreeOSMemory()
				sampler := benchheap.Start()
				b.StartTimer()
				msgs, bad := 0, 0
				for _, err := range transcript.Messages(io.MultiReader(strings.NewReader(warning), src)) {
					if err != nil {
						bad++
						continue
					}
					msgs++
				}
				b.StopTimer()
				peak = max(peak, sampler.Stop())
				if bad != 1 || msgs < 3 {
					b.Fatalf("%d messages, %d bad lines; want the warning line as the one bad line", msgs, bad)
				}
				b.StartTimer()
			}
			b.ReportMetric(float64(peak), "peak-heap-B")
			b.ReportMetric(float64(peak)/float64(src.largest), "peak-heap/line")
		})
	}
}
