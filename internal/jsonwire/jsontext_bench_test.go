package jsonwire

// Benchmarks comparing this package with github.com/go-json-experiment/json/jsontext
// (the order-keeping tokenizer that is to become encoding/json/jsontext) on
// the protocol's real lines. BENCHMARKS.md in this folder gives the method,
// the figures and the verdicts, and how to run them again.
//
// Every benchmark runs its implementations as sub-benchmarks named
// impl=..., so that with -count N each round runs them one after the other
// (A, B, A, B...) and load on the machine hits them alike; benchstat
// -col /impl compares them.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/tools/txtar"
)

// benchCorpus is a list of lines, each one JSON object, each in its own
// allocation of its exact size as the protocol's Reader hands them out.
type benchCorpus struct {
	name  string
	lines [][]byte
	size  int64
}

var (
	corporaOnce sync.Once
	corpora     []benchCorpus
	corporaErr  error
)

// benchCorpora returns the inputs every comparison runs on:
//
//   - transcripts: the real CLI stdout in protocol/testdata/transcripts
//     (98 lines, 83 kB), what protocol's BenchmarkReader reads;
//   - recordings: every stdin and stdout message of the conformance
//     recordings (recordings/*/*.txtar, events.jsonl, the "msg" member of
//     each line: 749 lines, 0.56 MB, up to 17 kB a line);
//   - tool_result_1MB: one user line holding a 1 MiB tool_result made of
//     escape-heavy text, as protocol's tool_result_100MB benchmark uses.
//
// wholeReason is why the tests that compare walks over benchCorpora read
// every recorded version (corpustest.Whole).
const wholeReason = "the package's corpus of JSON lines reads the recordings' own events.jsonl lines, without the objects (749 lines, 0.56 MB at 59 versions), once for the package"

func benchCorpora(tb testing.TB) []benchCorpus {
	tb.Helper()
	corporaOnce.Do(func() { corpora, corporaErr = loadCorpora() })
	if corporaErr != nil {
		tb.Fatal(corporaErr)
	}
	return corpora
}

func loadCorpora() ([]benchCorpus, error) {
	var out []benchCorpus
	add := func(name string, lines [][]byte) {
		c := benchCorpus{name: name}
		for _, l := range lines {
			if len(bytes.TrimSpace(l)) == 0 {
				continue
			}
			c.lines = append(c.lines, bytes.Clone(l))
			c.size += int64(len(l))
		}
		out = append(out, c)
	}

	files, err := filepath.Glob(filepath.Join("..", "..", "protocol", "testdata", "transcripts", "*", "*.jsonl"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no transcripts: %v", err)
	}
	var lines [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		lines = append(lines, bytes.Split(data, []byte("\n"))...)
	}
	add("transcripts", lines)

	files, err = filepath.Glob(filepath.Join("..", "..", "recordings", "*", "*.txtar"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no recordings: %v", err)
	}
	lines = nil
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			return nil, err
		}
		for _, file := range ar.Files {
			if file.Name != "events.jsonl" {
				continue
			}
			for l := range bytes.SplitSeq(file.Data, []byte("\n")) {
				if len(l) == 0 || !bytes.Contains(l, []byte(`"msg":`)) {
					continue // an API request or a line that was not JSON
				}
				msg, err := memberRaw(l, "msg")
				if err != nil {
					return nil, fmt.Errorf("%s: %v", f, err)
				}
				if msg, err = storedLine(msg); err != nil {
					return nil, fmt.Errorf("%s: %v", f, err)
				}
				lines = append(lines, msg)
			}
		}
	}
	add("recordings", lines)

	add("tool_result_1MB", [][]byte{toolResultLine(1 << 20)})
	return out, nil
}

// memberRaw returns the raw value of the member key of the object line.
func memberRaw(line []byte, key string) ([]byte, error) {
	var d Decoder
	d.Reset(line)
	if err := d.OpenObject(); err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		k, ok, err := d.ObjectNext(i)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("no member %q", key)
		}
		raw, err := d.Skip()
		if err != nil {
			return nil, err
		}
		if k == key {
			return raw, nil
		}
	}
}

// toolResultLine returns a user line with a tool_result of about n bytes of
// text that needs escaping (tabs, quotes, newlines, non-ASCII), built like
// protocol's toolResultSource.
func toolResultLine(n int) []byte {
	unit := `line of tool output with a tab\t and a quote \" and unicode \u00e9\n`
	var b strings.Builder
	b.WriteString(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_big","type":"tool_result","content":"`)
	b.WriteString(strings.Repeat(unit, n/len(unit)))
	b.WriteString(`","is_error":false}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}`)
	return []byte(b.String())
}

// span is what protocol's decoder records for a member: its key text and
// its raw value as offsets into the line, and whether the key needs
// unquoting.
type span struct {
	keyStart, keyEnd, rawStart, rawEnd uint32
	escaped                            bool
}

// walk is the work the protocol's decoder does at the JSON level for a
// line whose every member it knows: each member's key and value offsets
// (for writing the line back), every string decoded (aliasing the line
// where no escape needs decoding, as protocol's AliasStrings does) and
// every number's literal.
type walk struct {
	spans []span
	strs  []string
	nums  int
}

func (w *walk) reset() {
	w.spans = w.spans[:0]
	clear(w.strs)
	w.strs = w.strs[:0]
	w.nums = 0
}

// offsetIn returns the offset of sub, a slice of line, within line. (The
// views jsontext returns have their capacity cut: their offsets come from
// InputOffset instead.)
func offsetIn(line, sub []byte) uint32 { return uint32(cap(line) - cap(sub)) }

// needsUnquote reports whether a string body has escapes or non-ASCII
// bytes: protocol's "escaped" key flag.
func needsUnquote(body []byte) bool {
	for _, c := range body {
		if c == '\\' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// wire walks one value with this package's Decoder, the way protocol's
// decodeObject and field decoders call it.
func (w *walk) wire(d *Decoder) error {
	switch d.Peek() {
	case Object:
		if err := d.OpenObject(); err != nil {
			return err
		}
		for i := 0; ; i++ {
			key, esc, ok, err := d.ObjectNextRaw(i)
			if err != nil || !ok {
				return err
			}
			d.Peek()
			start := d.Pos()
			if err := w.wire(d); err != nil {
				return err
			}
			ks := offsetIn(d.Data(), key)
			w.spans = append(w.spans, span{ks, ks + uint32(len(key)), uint32(start), uint32(d.Pos()), esc})
		}
	case Array:
		if err := d.OpenArray(); err != nil {
			return err
		}
		for i := 0; ; i++ {
			ok, err := d.ArrayNext(i)
			if err != nil || !ok {
				return err
			}
			if err := w.wire(d); err != nil {
				return err
			}
		}
	case String:
		s, err := d.ReadString()
		w.strs = append(w.strs, s)
		return err
	case Number:
		lit, err := d.ReadNumber()
		w.nums += len(lit)
		return err
	case Bool:
		_, err := d.ReadBool()
		return err
	case Null:
		return d.ReadNull()
	}
	_, err := d.Skip() // reports the error
	return err
}

// wireLine walks a whole line with d.
func (w *walk) wireLine(d *Decoder, line []byte) error {
	d.Reset(line)
	d.AliasStrings = true
	if err := w.wire(d); err != nil {
		return err
	}
	return d.End()
}

// textString decodes a JSON string value read by jsontext's ReadValue,
// aliasing it when nothing needs decoding, as AliasStrings does.
func textString(v []byte) string {
	body := v[1 : len(v)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		if len(body) == 0 {
			return ""
		}
		return unsafe.String(unsafe.SliceData(body), len(body))
	}
	buf, _ := jsontext.AppendUnquote(make([]byte, 0, len(v)), v) // it grows dst to len(v) first
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// skipSep returns the offset of the first byte at or after off that is
// not whitespace, ',' or ':'.
func skipSep(line []byte, off int64) uint32 {
	i := int(off)
	for i < len(line) {
		switch line[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		}
		break
	}
	return uint32(i)
}

// text walks one value with jsontext's Decoder the way a protocol decoder
// built on it would go for the same result at the least cost: tokens for
// delimiters, ReadValue for names, strings and numbers (views of the line,
// since the decoder reads a bytes.Buffer in place).
func (w *walk) text(d *jsontext.Decoder, line []byte) error {
	switch d.PeekKind() {
	case '{':
		if _, err := d.ReadToken(); err != nil {
			return err
		}
		for d.PeekKind() != '}' {
			k, err := d.ReadValue()
			if err != nil {
				return err
			}
			ks := uint32(d.InputOffset()) - uint32(len(k)) + 1
			start := skipSep(line, d.InputOffset())
			if err := w.text(d, line); err != nil {
				return err
			}
			body := k[1 : len(k)-1]
			w.spans = append(w.spans, span{ks, ks + uint32(len(body)), start, uint32(d.InputOffset()), needsUnquote(body)})
		}
		_, err := d.ReadToken()
		return err
	case '[':
		if _, err := d.ReadToken(); err != nil {
			return err
		}
		for d.PeekKind() != ']' {
			if err := w.text(d, line); err != nil {
				return err
			}
		}
		_, err := d.ReadToken()
		return err
	case '"':
		v, err := d.ReadValue()
		if err != nil {
			return err
		}
		w.strs = append(w.strs, textString(v))
		return nil
	case '0':
		v, err := d.ReadValue()
		w.nums += len(v)
		return err
	}
	_, err := d.ReadToken() // a literal, or the error
	return err
}

// textLine walks a whole line with d, reading it in place from bb.
func (w *walk) textLine(d *jsontext.Decoder, bb *bytes.Buffer, line []byte, opts []jsontext.Options) error {
	*bb = *bytes.NewBuffer(line)
	d.Reset(bb, opts...)
	if err := w.text(d, line); err != nil {
		return err
	}
	return textEnd(d)
}

// textEnd reports an error unless d is at the end of its input.
func textEnd(d *jsontext.Decoder) error {
	if _, err := d.ReadToken(); err != io.EOF {
		return fmt.Errorf("after the value: %v", err)
	}
	return nil
}

// token walks one value with jsontext's Token API alone, the idiomatic
// way: names and strings are Token.String(), which copies each string the
// caller keeps; offsets come from InputOffset.
func (w *walk) token(d *jsontext.Decoder, line []byte) error {
	start := skipSep(line, d.InputOffset())
	tok, err := d.ReadToken()
	if err != nil {
		return err
	}
	switch tok.Kind() {
	case '{':
		for d.PeekKind() != '}' {
			ks := skipSep(line, d.InputOffset()) + 1
			k, err := d.ReadToken()
			if err != nil {
				return err
			}
			w.nums += len(k.String()) // a key is compared, not kept
			ke := uint32(d.InputOffset()) - 1
			vs := skipSep(line, d.InputOffset())
			if err := w.token(d, line); err != nil {
				return err
			}
			w.spans = append(w.spans, span{ks, ke, vs, uint32(d.InputOffset()), needsUnquote(line[ks:ke])})
		}
		_, err := d.ReadToken()
		return err
	case '[':
		for d.PeekKind() != ']' {
			if err := w.token(d, line); err != nil {
				return err
			}
		}
		_, err := d.ReadToken()
		return err
	case '"':
		w.strs = append(w.strs, tok.String())
	case '0':
		w.nums += int(uint32(d.InputOffset()) - start)
	}
	return nil
}

// protocolOpts are the jsontext options the protocol needs to read what
// it reads today: duplicate members are kept (and written back), invalid
// UTF-8 in strings is read as U+FFFD.
var protocolOpts = []jsontext.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}

// TestJSONTextWalksAgree checks that the walks the benchmarks compare do
// the same work: the same member offsets and the same strings for every
// line of every corpus.
func TestJSONTextWalksAgree(t *testing.T) {
	corpustest.Whole(t, wholeReason)
	var wd Decoder
	td := jsontext.NewDecoder(bytes.NewReader(nil))
	var bb bytes.Buffer
	for _, c := range benchCorpora(t) {
		for i, line := range c.lines {
			var a, b, k walk
			if err := a.wireLine(&wd, line); err != nil {
				t.Fatalf("%s line %d: jsonwire: %v", c.name, i, err)
			}
			if err := b.textLine(td, &bb, line, protocolOpts); err != nil {
				t.Fatalf("%s line %d: jsontext: %v", c.name, i, err)
			}
			bb = *bytes.NewBuffer(line)
			td.Reset(&bb, protocolOpts...)
			if err := k.token(td, line); err != nil {
				t.Fatalf("%s line %d: jsontext tokens: %v", c.name, i, err)
			}
			if !slices.Equal(a.spans, b.spans) || !slices.Equal(a.spans, k.spans) {
				t.Fatalf("%s line %d: member offsets differ", c.name, i)
			}
			if !slices.Equal(a.strs, b.strs) || !slices.Equal(a.strs, k.strs) {
				t.Fatalf("%s line %d: strings differ", c.name, i)
			}
			for j := range a.strs {
				if inLine(line, a.strs[j]) != inLine(line, b.strs[j]) {
					t.Fatalf("%s line %d: string %q a view of the line with jsonwire: %v, with jsontext: %v",
						c.name, i, a.strs[j], inLine(line, a.strs[j]), inLine(line, b.strs[j]))
				}
			}
		}
	}
}

// inLine reports whether s is a view of line.
func inLine(line []byte, s string) bool {
	if len(s) == 0 || len(line) == 0 {
		return false
	}
	p, l := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&line[0]))
	return p >= l && p < l+uintptr(len(line))
}

// BenchmarkWalk compares walking every line the way protocol decodes a
// message all of whose members it knows (a), with this package's Decoder
// and with jsontext's, through its Value API (names, strings, numbers as
// views of the line) and through its Token API alone.
func BenchmarkWalk(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run("corpus="+c.name, func(b *testing.B) {
			b.Run("impl=jsonwire", func(b *testing.B) {
				var d Decoder
				var w walk
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						w.reset()
						if err := w.wireLine(&d, line); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
			b.Run("impl=jsontext-value", func(b *testing.B) {
				d := jsontext.NewDecoder(bytes.NewReader(nil))
				var bb bytes.Buffer
				var w walk
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						w.reset()
						if err := w.textLine(d, &bb, line, protocolOpts); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
			b.Run("impl=jsontext-token", func(b *testing.B) {
				d := jsontext.NewDecoder(bytes.NewReader(nil))
				var bb bytes.Buffer
				var w walk
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						w.reset()
						bb = *bytes.NewBuffer(line)
						d.Reset(&bb, protocolOpts...)
						if err := w.token(d, line); err != nil {
							b.Fatal(err)
						}
						if err := textEnd(d); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
		})
	}
}

// BenchmarkRawMembers compares capturing every top-level member of each
// line as raw text (b): what protocol does for an unknown message, and for
// each member it keeps raw (tool inputs, unknown members...).
func BenchmarkRawMembers(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run("corpus="+c.name, func(b *testing.B) {
			b.Run("impl=jsonwire", func(b *testing.B) {
				var d Decoder
				var spans []span
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						spans = spans[:0]
						var err error
						if spans, err = wireMembers(&d, line, spans); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
			b.Run("impl=jsontext", func(b *testing.B) {
				d := jsontext.NewDecoder(bytes.NewReader(nil))
				var bb bytes.Buffer
				var spans []span
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						spans = spans[:0]
						var err error
						if spans, err = textMembers(d, &bb, line, spans); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
		})
	}
}

func wireMembers(d *Decoder, line []byte, spans []span) ([]span, error) {
	d.Reset(line)
	if err := d.OpenObject(); err != nil {
		return spans, err
	}
	for i := 0; ; i++ {
		key, esc, ok, err := d.ObjectNextRaw(i)
		if err != nil {
			return spans, err
		}
		if !ok {
			return spans, d.End()
		}
		raw, err := d.Skip()
		if err != nil {
			return spans, err
		}
		ks, rs := offsetIn(line, key), offsetIn(line, raw)
		spans = append(spans, span{ks, ks + uint32(len(key)), rs, rs + uint32(len(raw)), esc})
	}
}

func textMembers(d *jsontext.Decoder, bb *bytes.Buffer, line []byte, spans []span) ([]span, error) {
	*bb = *bytes.NewBuffer(line)
	d.Reset(bb, protocolOpts...)
	if _, err := d.ReadToken(); err != nil {
		return spans, err
	}
	for d.PeekKind() != '}' {
		k, err := d.ReadValue()
		if err != nil {
			return spans, err
		}
		ks := uint32(d.InputOffset()) - uint32(len(k)) + 1
		raw, err := d.ReadValue()
		if err != nil {
			return spans, err
		}
		body := k[1 : len(k)-1]
		rs := uint32(d.InputOffset()) - uint32(len(raw))
		spans = append(spans, span{ks, ks + uint32(len(body)), rs, rs + uint32(len(raw)), needsUnquote(body)})
	}
	if _, err := d.ReadToken(); err != nil {
		return spans, err
	}
	return spans, textEnd(d)
}

// TestJSONTextRawMembersAgree checks that both raw-member captures find
// the same members.
func TestJSONTextRawMembersAgree(t *testing.T) {
	corpustest.Whole(t, wholeReason)
	var wd Decoder
	td := jsontext.NewDecoder(bytes.NewReader(nil))
	var bb bytes.Buffer
	for _, c := range benchCorpora(t) {
		for i, line := range c.lines {
			a, err := wireMembers(&wd, line, nil)
			if err != nil {
				t.Fatalf("%s line %d: jsonwire: %v", c.name, i, err)
			}
			b, err := textMembers(td, &bb, line, nil)
			if err != nil {
				t.Fatalf("%s line %d: jsontext: %v", c.name, i, err)
			}
			if !slices.Equal(a, b) {
				t.Fatalf("%s line %d: members differ", c.name, i)
			}
		}
	}
}

// BenchmarkSkipLine compares validating each whole line as one raw value
// (b): this package's Skip (what Valid does), jsontext's ReadValue with the
// options the protocol needs and with its defaults (which also reject
// duplicate names), and encoding/json.Valid for reference.
func BenchmarkSkipLine(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run("corpus="+c.name, func(b *testing.B) {
			b.Run("impl=jsonwire", func(b *testing.B) {
				var d Decoder
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						d.Reset(line)
						if _, err := d.Skip(); err != nil {
							b.Fatal(err)
						}
						if err := d.End(); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
			for _, o := range []struct {
				name string
				opts []jsontext.Options
			}{
				{"jsontext", protocolOpts},
				{"jsontext-strict", nil},
			} {
				b.Run("impl="+o.name, func(b *testing.B) {
					d := jsontext.NewDecoder(bytes.NewReader(nil))
					var bb bytes.Buffer
					b.SetBytes(c.size)
					b.ReportAllocs()
					cpu := benchcpu.Start()
					for b.Loop() {
						for _, line := range c.lines {
							bb = *bytes.NewBuffer(line)
							d.Reset(&bb, o.opts...)
							if _, err := d.ReadValue(); err != nil {
								b.Fatal(err)
							}
							if err := textEnd(d); err != nil {
								b.Fatal(err)
							}
						}
					}
					cpu.Report(b)
				})
			}
			b.Run("impl=encoding-json", func(b *testing.B) {
				b.SetBytes(c.size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, line := range c.lines {
						if !json.Valid(line) {
							b.Fatal("invalid")
						}
					}
				}
				cpu.Report(b)
			})
		})
	}
}

// stringCorpus returns the strings of a corpus as the protocol holds them
// (keys and string values, decoded), and their total length.
func stringCorpus(tb testing.TB, c benchCorpus) ([]string, int64) {
	tb.Helper()
	var d Decoder
	var strs []string
	var size int64
	for _, line := range c.lines {
		var w walk
		if err := w.wireLine(&d, line); err != nil {
			tb.Fatal(err)
		}
		for _, sp := range w.spans {
			strs = append(strs, string(Unquote(nil, line[sp.keyStart:sp.keyEnd])))
		}
		strs = append(strs, w.strs...)
	}
	for _, s := range strs {
		size += int64(len(s))
	}
	return strs, size
}

// TestJSONTextQuoteAgrees checks that jsontext.AppendQuote writes every
// string of the corpora byte for byte as AppendString does, and that
// jsontext.AppendUnquote reads every escaped one as Unquote does.
func TestJSONTextQuoteAgrees(t *testing.T) {
	corpustest.Whole(t, wholeReason)
	for _, c := range benchCorpora(t) {
		strs, _ := stringCorpus(t, c)
		for _, s := range strs {
			q, err := jsontext.AppendQuote(nil, s)
			if err != nil {
				t.Fatalf("%s: AppendQuote(%q): %v", c.name, s, err)
			}
			if w := AppendString(nil, s); !bytes.Equal(q, w) {
				t.Fatalf("%s: AppendQuote(%q) = %s, AppendString %s", c.name, s, q, w)
			}
			u, err := jsontext.AppendUnquote(nil, q)
			if err != nil || string(u) != s || string(Unquote(nil, q[1:len(q)-1])) != s {
				t.Fatalf("%s: unquoting %s: %v", c.name, q, err)
			}
		}
	}
	// Where they part: invalid UTF-8. AppendString writes \ufffd, as
	// JSON.stringify does for a lone surrogate; AppendQuote writes U+FFFD
	// itself and reports an error.
	q, err := jsontext.AppendQuote(nil, "a\xffb")
	if err == nil || string(q) != "\"a\uFFFDb\"" || string(AppendString(nil, "a\xffb")) != `"a\ufffdb"` {
		t.Errorf("invalid UTF-8: AppendQuote = %s, %v; AppendString = %s", q, err, AppendString(nil, "a\xffb"))
	}
}

// BenchmarkQuote compares writing strings as JSON (c): every key and
// string value of each corpus, appended to one reused buffer.
func BenchmarkQuote(b *testing.B) {
	for _, c := range benchCorpora(b) {
		strs, size := stringCorpus(b, c)
		b.Run("corpus="+c.name, func(b *testing.B) {
			b.Run("impl=jsonwire", func(b *testing.B) {
				var buf []byte
				b.SetBytes(size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, s := range strs {
						buf = AppendString(buf[:0], s)
					}
				}
				cpu.Report(b)
			})
			b.Run("impl=jsontext", func(b *testing.B) {
				var buf []byte
				b.SetBytes(size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, s := range strs {
						var err error
						if buf, err = jsontext.AppendQuote(buf[:0], s); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
		})
	}
}

// BenchmarkUnquote compares decoding the strings that have escapes (the
// ones protocol cannot alias): every escaped key and string value of each
// corpus, as their text between the quotes for Unquote and with the quotes
// for jsontext.AppendUnquote, into one reused buffer.
func BenchmarkUnquote(b *testing.B) {
	for _, c := range benchCorpora(b) {
		var quoted [][]byte
		var size int64
		for _, line := range c.lines {
			var d Decoder
			var w walk
			if err := w.wireLine(&d, line); err != nil {
				b.Fatal(err)
			}
			for _, s := range w.strs {
				q := AppendString(nil, s)
				if bytes.IndexByte(q, '\\') >= 0 {
					quoted = append(quoted, q)
					size += int64(len(q))
				}
			}
		}
		if len(quoted) == 0 {
			continue
		}
		b.Run("corpus="+c.name, func(b *testing.B) {
			b.Run("impl=jsonwire", func(b *testing.B) {
				var buf []byte
				b.SetBytes(size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, q := range quoted {
						buf = Unquote(buf[:0], q[1:len(q)-1])
					}
				}
				cpu.Report(b)
			})
			b.Run("impl=jsontext", func(b *testing.B) {
				var buf []byte
				b.SetBytes(size)
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					for _, q := range quoted {
						var err error
						if buf, err = jsontext.AppendUnquote(buf[:0], q); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.Report(b)
			})
		})
	}
}

// storedLine returns the message a recording's line refers to when the
// corpus stores it once ("@line:system/init:<hash>", the object
// recordings/objects/line/<hash>.json; see package recording, which this
// package cannot import), or msg itself.
func storedLine(msg []byte) ([]byte, error) {
	ref, ok := bytes.CutPrefix(bytes.Trim(msg, `"`), []byte("@line:"))
	if !ok || msg[0] != '"' {
		return msg, nil
	}
	hash := ref[bytes.LastIndexByte(ref, ':')+1:]
	data, err := os.ReadFile(filepath.Join("..", "..", "recordings", "objects", "line", string(hash)+".json"))
	return bytes.TrimSuffix(data, []byte("\n")), err
}
