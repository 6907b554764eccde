package protocol

// Benchmarks of the protocol's own memory machinery against the plain
// alternatives a decoder built on jsontext would use: the decoder's arenas
// for member lists and string arrays, and the Reader's slabs and off-heap
// chunks for lines. internal/jsonwire/BENCHMARKS.md gives the method, the
// figures and the verdicts, and how to run them again. As there, the
// implementations are sub-benchmarks named impl=..., run one after the
// other in each round of -count.

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/ccwire/ccwire/internal/benchheap"
	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/tools/txtar"
)

// recordingLines returns the "msg" member of every line of the
// recordings' events.jsonl: every message the CLIs read and wrote in the
// conformance runs.
func recordingLines(tb testing.TB) [][]byte {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*.txtar"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no recordings: %v", err)
	}
	files = corpustest.Paths(tb, files)
	var lines [][]byte
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for _, file := range ar.Files {
			if file.Name != "events.jsonl" {
				continue
			}
			for l := range bytes.SplitSeq(file.Data, []byte("\n")) {
				if len(l) == 0 || !bytes.Contains(l, []byte(`"msg":`)) {
					continue // an API request or a line that was not JSON
				}
				var d decoder
				d.Reset(l)
				if err := d.OpenObject(); err != nil {
					tb.Fatal(err)
				}
				for i := 0; ; i++ {
					k, ok, err := d.ObjectNext(i)
					if err != nil || !ok {
						tb.Fatalf("%s: no msg in %s", f, l)
					}
					raw, err := d.Skip()
					if err != nil {
						tb.Fatal(err)
					}
					if k == "msg" {
						lines = append(lines, bytes.Clone(raw))
						break
					}
				}
			}
		}
	}
	return lines
}

// benchLines returns the transcripts' and the recordings' lines, each in
// an allocation of its own exact size, and their total size.
func benchLines(tb testing.TB) map[string][][]byte {
	tb.Helper()
	var transcripts [][]byte
	for l := range bytes.SplitSeq(transcriptCorpus(tb.(*testing.B)), []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			transcripts = append(transcripts, bytes.Clone(l))
		}
	}
	return map[string][][]byte{"transcripts": transcripts, "recordings": recordingLines(tb)}
}

func linesSize(lines [][]byte) int64 {
	var n int64
	for _, l := range lines {
		n += int64(len(l))
	}
	return n
}

var corpusNames = []string{"transcripts", "recordings"}

// BenchmarkDecoderReuse measures what keeping one decoder across lines
// buys (d): the Reader's way, whose member and string arenas, scratch
// stacks and string arrays carry over from line to line, against a fresh
// decoder per line, as Decode does (without its copy of the line).
func BenchmarkDecoderReuse(b *testing.B) {
	all := benchLines(b)
	for _, name := range corpusNames {
		lines := all[name]
		b.Run("corpus="+name, func(b *testing.B) {
			b.Run("impl=reused", func(b *testing.B) {
				b.SetBytes(linesSize(lines))
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					var d decoder
					for _, l := range lines {
						if _, err := d.decodeLine(l); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
			b.Run("impl=fresh", func(b *testing.B) {
				b.SetBytes(linesSize(lines))
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, l := range lines {
						var d decoder
						if _, err := d.decodeLine(l); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
		})
	}
}

// listSizes is what decoding one line kept: the length of every typed
// object's member list, and of every string array.
type listSizes struct {
	members, strings []int
}

var (
	stateType   = reflect.TypeFor[objectState]()
	stringsType = reflect.TypeFor[[]string]()
)

// collectSizes walks a decoded message and records its member lists and
// string arrays.
func collectSizes(v reflect.Value, s *listSizes) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collectSizes(v.Elem(), s)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			switch f.Type() {
			case stateType:
				if n := f.FieldByName("members").Len(); n > 0 {
					s.members = append(s.members, n)
				}
			case stringsType:
				if n := f.Len(); n > 0 {
					s.strings = append(s.strings, n)
				}
			default:
				collectSizes(f, s)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := range v.Len() {
			collectSizes(v.Index(i), s)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			collectSizes(it.Value(), s)
		}
	}
}

// lineSizes decodes every line and returns what each kept.
func lineSizes(tb testing.TB, lines [][]byte) []listSizes {
	tb.Helper()
	out := make([]listSizes, len(lines))
	for i, l := range lines {
		var d decoder
		m, err := d.decodeLine(l)
		if err != nil {
			tb.Fatal(err)
		}
		collectSizes(reflect.ValueOf(m), &out[i])
		// A fresh decoder carves a line's lists from one arena while they
		// fit: then its length counts every member the walk must find.
		var total int
		for _, n := range out[i].members {
			total += n
		}
		if total <= minArena && total != len(d.arena) {
			tb.Fatalf("line %d: the walk found %d members, the arena holds %d", i, total, len(d.arena))
		}
	}
	return out
}

// BenchmarkMemberLists isolates the arenas (d): it replays, line after
// line, the member lists and string arrays decoding the corpus keeps, of
// their real sizes, through the decoder's keep and keepStrings (carved
// from arenas shared by all lines, as in a Reader, or by one line's
// lists, as in Decode) and through one allocation of the exact size per
// list, the way a decoder without arenas would keep them. The lists of the
// last line stay reachable, as a caller keeps its messages.
func BenchmarkMemberLists(b *testing.B) {
	all := benchLines(b)
	for _, name := range corpusNames {
		sizes := lineSizes(b, all[name])
		var nm, ns int
		for _, s := range sizes {
			nm += len(s.members)
			ns += len(s.strings)
		}
		b.Run("corpus="+name, func(b *testing.B) {
			scratch := make([]member, 1<<12)
			strs := make([]string, 1<<12)
			var keptM [][]member
			var keptS [][]string
			b.Run("impl=arena", func(b *testing.B) {
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					var d decoder
					for _, s := range sizes {
						keptM, keptS = keptM[:0], keptS[:0]
						for _, n := range s.members {
							keptM = append(keptM, d.keep(scratch[:n]))
						}
						for _, n := range s.strings {
							keptS = append(keptS, d.keepStrings(strs[:n]))
						}
					}
				}
				cpu.Report(b)
				b.ReportMetric(float64(nm), "lists/op")
				b.ReportMetric(float64(ns), "string-arrays/op")
			})
			b.Run("impl=arena-per-line", func(b *testing.B) {
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, s := range sizes {
						var d decoder
						keptM, keptS = keptM[:0], keptS[:0]
						for _, n := range s.members {
							keptM = append(keptM, d.keep(scratch[:n]))
						}
						for _, n := range s.strings {
							keptS = append(keptS, d.keepStrings(strs[:n]))
						}
					}
				}
				cpu.Report(b)
				b.ReportMetric(float64(nm), "lists/op")
				b.ReportMetric(float64(ns), "string-arrays/op")
			})
			b.Run("impl=exact", func(b *testing.B) {
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, s := range sizes {
						keptM, keptS = keptM[:0], keptS[:0]
						for _, n := range s.members {
							keptM = append(keptM, slices.Clone(scratch[:n]))
						}
						for _, n := range s.strings {
							keptS = append(keptS, slices.Clone(strs[:n]))
						}
					}
				}
				cpu.Report(b)
				b.ReportMetric(float64(nm), "lists/op")
				b.ReportMetric(float64(ns), "string-arrays/op")
			})
		})
	}
}

// streamOf returns lines joined into one newline-delimited stream.
func streamOf(lines [][]byte) []byte {
	var s []byte
	for _, l := range lines {
		s = append(s, l...)
		s = append(s, '\n')
	}
	return s
}

// bufioLines is the plain line reader a decoder without the Reader's
// slabs would use: bufio.Reader.ReadBytes, which hands out every line in
// an allocation of its own (messages keep views of their line, so a
// reused buffer would not do), collecting a line longer than its buffer
// in heap copies of it first.
type bufioLines struct{ r *bufio.Reader }

func newBufioLines(r io.Reader) *bufioLines {
	return &bufioLines{bufio.NewReaderSize(r, slabSize)}
}

func (l *bufioLines) next() ([]byte, error) {
	line, err := l.r.ReadBytes('\n')
	if len(line) > 0 {
		return bytes.TrimSuffix(line, []byte("\n")), nil
	}
	return nil, err
}

// chunkLines is a copy of the Reader's line reading (64 KiB slabs, a line
// longer than half a slab collected in 4 MiB chunks then copied once)
// with the chunks' memory from alloc and back to free: with allocChunk and
// freeChunk it is the Reader's (off the heap, given back at once), with
// make and nothing the same on the heap, so the two isolate the mmap.
type chunkLines struct {
	r          io.Reader
	alloc      func(int) []byte
	free       func([]byte)
	slab       []byte
	start, end int
	err        error
}

func (c *chunkLines) next() ([]byte, error) {
	if c.slab == nil {
		c.slab = make([]byte, slabSize)
	}
	scan := c.start
	for {
		if i := bytes.IndexByte(c.slab[scan:c.end], '\n'); i >= 0 {
			nl := scan + i
			line := c.slab[c.start:nl:nl]
			c.start = nl + 1
			return line, nil
		}
		if c.end == len(c.slab) {
			if c.end-c.start >= slabSize/2 {
				return c.long()
			}
			s := make([]byte, slabSize)
			n := copy(s, c.slab[c.start:c.end])
			c.slab, c.start, c.end = s, 0, n
		}
		scan = c.end
		if c.err != nil {
			if c.end > c.start && c.err == io.EOF {
				line := c.slab[c.start:c.end:c.end]
				c.start = c.end
				return line, nil
			}
			return nil, c.err
		}
		n, err := c.r.Read(c.slab[c.end:])
		c.end += n
		c.err = err
	}
}

func (c *chunkLines) long() ([]byte, error) {
	head := c.slab[c.start:c.end]
	size := int64(len(head))
	var chunks [][]byte
	defer func() {
		for _, ch := range chunks {
			c.free(ch)
		}
	}()
	for {
		buf := c.alloc(chunkSize)
		n, err := io.ReadAtLeast(c.r, buf, 1)
		piece := buf[:n]
		chunks = append(chunks, piece)
		if i := bytes.IndexByte(piece, '\n'); i >= 0 {
			size += int64(i)
			c.slab = make([]byte, max(slabSize, n-i-1))
			c.start, c.end = 0, copy(c.slab, piece[i+1:])
			c.err = err
			chunks[len(chunks)-1] = piece[:i]
			return joinChunks(head, chunks, size), nil
		}
		size += int64(n)
		if err != nil {
			c.err = err
			c.slab = make([]byte, slabSize)
			c.start, c.end = 0, 0
			if errors.Is(err, io.EOF) {
				return joinChunks(head, chunks, size), nil
			}
			return nil, err
		}
	}
}

// lineSource is one way of reading lines: next returns io.EOF at the end.
type lineSource func(io.Reader) func() ([]byte, error)

// lineSources are the ways of reading lines compared: the Reader's, its
// copy with the chunks off or on the heap, bufio's, and jsontext's
// Decoder reading the stream itself, one top-level value after another,
// each copied (the Decoder's views last only until its next call; it
// parses every value and knows no lines, so a line that is not JSON
// would end the stream instead of being reported and skipped).
var lineSources = []struct {
	name string
	open lineSource
}{
	{"reader", func(r io.Reader) func() ([]byte, error) {
		rd := NewReader(r)
		return func() ([]byte, error) {
			line, _, err := rd.readLine()
			return line, err
		}
	}},
	{"copy-mmap", func(r io.Reader) func() ([]byte, error) {
		return (&chunkLines{r: r, alloc: allocChunk, free: freeChunk}).next
	}},
	{"copy-heap", func(r io.Reader) func() ([]byte, error) {
		return (&chunkLines{r: r, alloc: func(n int) []byte { return make([]byte, n) }, free: func([]byte) {}}).next
	}},
	{"bufio", func(r io.Reader) func() ([]byte, error) { return newBufioLines(r).next }},
	{"jsontext", func(r io.Reader) func() ([]byte, error) {
		d := jsontext.NewDecoder(r, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
		return func() ([]byte, error) {
			v, err := d.ReadValue()
			return bytes.Clone(v), err
		}
	}},
}

// TestLineSourcesAgree checks that every line reader the benchmarks
// compare reads the same lines, short and long.
func TestLineSourcesAgree(t *testing.T) {
	long := slices.Concat([]byte(`"`), bytes.Repeat([]byte("x"), 9<<20), []byte(`"`))
	input := slices.Concat([]byte("{}\n\"a\"\n[1]\n"), long, []byte("\n{\"c\":2}\n"), long[:40<<10], []byte("\"\n{}"))
	var want [][]byte
	for l := range bytes.SplitSeq(input, []byte("\n")) {
		want = append(want, l)
	}
	for _, s := range lineSources {
		next := s.open(bytes.NewReader(input))
		var got [][]byte
		for {
			l, err := next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			got = append(got, l)
		}
		if !slices.EqualFunc(got, want, bytes.Equal) {
			t.Errorf("%s: read %d lines, want %d, or their text differs", s.name, len(got), len(want))
		}
	}
}

// BenchmarkLines compares reading the real lines (e), alone (mode=lines)
// and decoded as the Reader decodes them (mode=decode): the Reader's
// slabs, lines handed out as views of them, against bufio's ReadBytes,
// one allocation per line, and jsontext's Decoder reading the stream. (No line of the corpora is near the 32 KiB at
// which the Reader's off-heap chunks start: on them both copies of the
// Reader's code are the Reader.)
func BenchmarkLines(b *testing.B) {
	all := benchLines(b)
	for _, name := range corpusNames {
		stream := streamOf(all[name])
		b.Run("corpus="+name, func(b *testing.B) {
			for _, mode := range []string{"lines", "decode"} {
				b.Run("mode="+mode, func(b *testing.B) {
					for _, s := range lineSources {
						if s.name == "copy-mmap" || s.name == "copy-heap" {
							continue
						}
						b.Run("impl="+s.name, func(b *testing.B) {
							b.SetBytes(int64(len(stream)))
							b.ReportAllocs()
							cpu := benchcpu.Start()
							for b.Loop() {
								readLines(b, s.open(bytes.NewReader(stream)), mode == "decode")
							}
							cpu.Report(b)
						})
					}
				})
			}
		})
	}
}

// readLines reads every line from next, decoding it when decode is set,
// and returns how many it read.
func readLines(b *testing.B, next func() ([]byte, error), decode bool) int {
	var d decoder
	n := 0
	for {
		line, err := next()
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
		if decode {
			if _, err := d.decodeLine(line); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLongLine compares reading one line holding a 100 MB
// tool_result (e), alone and decoded, with the Reader (chunks off the
// heap), the same code with its chunks on the heap, bufio's ReadBytes and
// jsontext's Decoder reading the stream;
// it reports, as BenchmarkReader does, the peak growth of the heap and of
// the resident memory while reading, in MB and against the line's size.
func BenchmarkLongLine(b *testing.B) {
	src := newToolResultSource(100 << 20)
	for _, mode := range []string{"lines", "decode"} {
		b.Run("mode="+mode, func(b *testing.B) {
			for _, s := range lineSources {
				b.Run("impl="+s.name, func(b *testing.B) {
					b.SetBytes(src.size())
					b.ReportAllocs()
					var peak, peakRSS uint64
					rssOK := true
					cpu := benchcpu.Start()
					for b.Loop() {
						b.StopTimer()
						cpu.Pause()
						src.reset()
						runtime.GC()
						debug.FreeOSMemory()
						baseRSS, ok := resetRSSPeak()
						rssOK = rssOK && ok
						sampler := benchheap.Start()
						cpu.Resume()
						b.StartTimer()
						if n := readLines(b, s.open(src), mode == "decode"); n != 1 {
							b.Fatalf("%d lines", n)
						}
						b.StopTimer()
						cpu.Pause()
						peak = max(peak, sampler.Stop())
						if hwm, ok := rssPeak(); ok && hwm > baseRSS {
							peakRSS = max(peakRSS, hwm-baseRSS)
						}
						cpu.Resume()
						b.StartTimer()
					}
					cpu.Report(b)
					b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
					b.ReportMetric(float64(peak)/float64(src.size()), "peak-heap/line")
					if rssOK {
						b.ReportMetric(float64(peakRSS)/(1<<20), "peak-rss-MB")
						b.ReportMetric(float64(peakRSS)/float64(src.size()), "peak-rss/line")
					}
				})
			}
		})
	}
}
