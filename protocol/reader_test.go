package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads every message and per-line error from r.
func readAll(t *testing.T, r *Reader) (msgs []Message, lineErrs []error, final error) {
	t.Helper()
	for m, err := range r.All() {
		switch {
		case err == nil:
			msgs = append(msgs, m)
		case isLineError(err):
			lineErrs = append(lineErrs, err)
		default:
			final = err
		}
	}
	return msgs, lineErrs, final
}

func TestReaderLinesAndErrors(t *testing.T) {
	t.Parallel()
	input := strings.Join([]string{
		`{"type":"system","subtype":"init","session_id":"s"}`,
		``,
		`   `,
		`{"type":"user","message":{"role":"user","content":"hi"}}`,
		`not json`,
		`{"type":"assistant","message":{"content":[]}}` + "\r",
		`{"type":"result","subtype":"success"`,
		`{"type":"result","subtype":"success","result":"ok"}`,
	}, "\n") // no newline at the end
	for name, wrap := range map[string]func(io.Reader) io.Reader{
		"plain":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+EOF": iotest.DataErrReader,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := NewReader(wrap(strings.NewReader(input)))
			var got []string
			for {
				m, err := r.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				var de *DecodeError
				switch {
				case err == nil:
					got = append(got, fmt.Sprintf("%d:%s/%s", r.Line(), m.MessageType(), SubtypeOf(m)))
				case errors.As(err, &de):
					got = append(got, fmt.Sprintf("%d:error@%d", r.Line(), de.Line))
				default:
					t.Fatalf("final error %v", err)
				}
			}
			want := "1:system/init 4:user/ 5:error@5 6:assistant/ 7:error@7 8:result/success"
			if s := strings.Join(got, " "); s != want {
				t.Errorf("got  %s\nwant %s", s, want)
			}
			if _, err := r.Next(); !errors.Is(err, io.EOF) {
				t.Errorf("Next after the end = %v, want io.EOF", err)
			}
		})
	}
}

func TestReaderMessagesStayValid(t *testing.T) {
	t.Parallel()
	// Many lines crossing slab boundaries; earlier messages must keep their
	// text after later reads.
	var b strings.Builder
	const n = 2000
	for i := range n {
		fmt.Fprintf(&b, `{"type":"user","message":{"role":"user","content":"message number %d %s"},"session_id":"s%d"}`+"\n", i, strings.Repeat("x", i%97), i)
	}
	msgs, errs, final := readAll(t, NewReader(iotest.HalfReader(strings.NewReader(b.String()))))
	if len(errs) > 0 || final != nil || len(msgs) != n {
		t.Fatalf("%d messages, errors %v, final %v", len(msgs), errs, final)
	}
	for i, m := range msgs {
		u := m.(*UserMessage)
		want := fmt.Sprintf("message number %d %s", i, strings.Repeat("x", i%97))
		if u.Message.Content.Text != want || u.SessionID != fmt.Sprint("s", i) {
			t.Fatalf("message %d: %q %q", i, u.Message.Content.Text, u.SessionID)
		}
		out, _ := Marshal(m)
		if !bytes.Equal(out, m.Raw()) {
			t.Fatalf("message %d: Marshal %s != Raw %s", i, out, m.Raw())
		}
	}
}

// toolResultLine returns a user message line whose tool_result content is
// about size bytes of text with escapes.
func toolResultLine(size int) []byte {
	const unit = `line of tool output with a tab\t and a quote \" and unicode \u00e9\n`
	var b bytes.Buffer
	b.Grow(size + 200)
	b.WriteString(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_big","type":"tool_result","content":"`)
	for b.Len() < size {
		b.WriteString(unit)
	}
	b.WriteString(`","is_error":false}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}`)
	return b.Bytes()
}

func TestReaderLargeLine(t *testing.T) {
	t.Parallel()
	size := largeLineSize
	if testing.Short() {
		size = 4 << 20
	}
	big := toolResultLine(size)
	last := toolResultLine(1 << 20)
	input := bytes.Join([][]byte{
		[]byte(`{"type":"system","subtype":"init"}`),
		big,
		[]byte(`{"type":"result","subtype":"success"}`),
		last, // no newline
	}, []byte("\n"))
	msgs, errs, final := readAll(t, NewReader(bytes.NewReader(input)))
	if len(errs) > 0 || final != nil || len(msgs) != 4 {
		t.Fatalf("%d messages, errors %v, final %v", len(msgs), errs, final)
	}
	for i, line := range map[int][]byte{1: big, 3: last} {
		m := msgs[i]
		if !bytes.Equal(m.Raw(), line) {
			t.Fatalf("message %d: Raw differs from the line", i)
		}
		tr := m.(*UserMessage).Message.Content.Blocks[0].(*ToolResultBlock)
		if tr.ToolUseID != "toolu_big" || !strings.HasPrefix(tr.Content.Text, "line of tool output with a tab\t and a quote \" and unicode é\n") {
			t.Fatalf("message %d: tool result %q...", i, tr.Content.Text[:60])
		}
		out, err := Marshal(m)
		if err != nil || !bytes.Equal(out, line) {
			t.Fatalf("message %d: Marshal does not give the line back (%v)", i, err)
		}
	}
	if msgs[2].(*ResultMessage).Subtype != SubtypeSuccess {
		t.Fatal("the line after the large one was not read")
	}
}

func TestReaderLineTooLong(t *testing.T) {
	t.Parallel()
	long := toolResultLine(300 << 10) // longer than a slab
	short := toolResultLine(2 << 10)  // within a slab
	input := bytes.Join([][]byte{
		[]byte(`{"type":"system","subtype":"init"}`),
		long,
		short,
		[]byte(`{"type":"result","subtype":"success"}`),
		long,
	}, []byte("\n"))
	for name, limit := range map[string]int64{"under a slab": 1 << 10, "over a slab": 100 << 10} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := NewReader(iotest.HalfReader(bytes.NewReader(input)), WithMaxLineSize(limit))
			var got []string
			for m, err := range r.All() {
				var le *LineTooLongError
				switch {
				case err == nil:
					got = append(got, fmt.Sprintf("%d:%s", r.Line(), m.MessageType()))
				case errors.As(err, &le):
					if le.Limit != limit || le.Line != r.Line() {
						t.Errorf("error %+v at line %d", le, r.Line())
					}
					got = append(got, fmt.Sprintf("%d:too long %d", le.Line, le.Size))
				default:
					t.Fatalf("error %v", err)
				}
			}
			want := fmt.Sprintf("1:system 2:too long %d 3:user 4:result 5:too long %d", len(long), len(long))
			if limit < int64(len(short)) {
				want = fmt.Sprintf("1:system 2:too long %d 3:too long %d 4:result 5:too long %d", len(long), len(short), len(long))
			}
			if s := strings.Join(got, " "); s != want {
				t.Errorf("got  %s\nwant %s", s, want)
			}
		})
	}
}

func TestReaderReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	input := `{"type":"system","subtype":"init"}` + "\n" + `{"type":"user"`
	r := NewReader(io.MultiReader(strings.NewReader(input), iotest.ErrReader(boom)))
	msgs, errs, final := readAll(t, r)
	if len(msgs) != 1 || len(errs) != 0 || !errors.Is(final, boom) {
		t.Fatalf("messages %d, line errors %v, final %v", len(msgs), errs, final)
	}
	if !strings.Contains(final.Error(), "line 2") {
		t.Errorf("final error %q does not name the line", final)
	}
}

func TestReaderAllStopsEarly(t *testing.T) {
	t.Parallel()
	r := NewReader(strings.NewReader("{}\n{}\n{}\n"))
	n := 0
	for range r.All() {
		n++
		break
	}
	if n != 1 || r.Line() != 1 {
		t.Fatalf("read %d, line %d", n, r.Line())
	}
	if _, err := r.Next(); err != nil || r.Line() != 2 {
		t.Fatalf("Next after break: %v at line %d", err, r.Line())
	}
}

func TestReaderLineFuncSharesMemory(t *testing.T) {
	t.Parallel()
	long := toolResultLine(300 << 10) // longer than a slab
	input := bytes.Join([][]byte{
		[]byte(`{"type":"system","subtype":"init"}`),
		nil,
		[]byte(`not json`),
		long,
		[]byte(`{"type":"result","subtype":"success"}`),
	}, []byte("\n"))
	var lines [][]byte
	r := NewReader(iotest.HalfReader(bytes.NewReader(input)), WithLineFunc(func(line []byte, size int64) {
		if int64(len(line)) != size {
			t.Errorf("line %q with size %d", line, size)
		}
		lines = append(lines, line)
	}))
	msgs, errs, final := readAll(t, r)
	if len(msgs) != 3 || len(errs) != 1 || final != nil {
		t.Fatalf("%d messages, errors %v, final %v", len(msgs), errs, final)
	}
	if got, want := bytes.Join(lines, []byte("\n")), input; !bytes.Equal(got, want) {
		t.Fatalf("the line func saw %d lines that do not join to the input", len(lines))
	}
	// The lines of messages are the messages' own bytes, not copies.
	for i, li := range map[int]int{0: 0, 1: 3, 2: 4} {
		if raw := msgs[i].Raw(); &raw[0] != &lines[li][0] {
			t.Errorf("message %d: Raw is a copy of the line the line func saw", i)
		}
	}
}
