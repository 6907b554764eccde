package claude

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"testing/iotest"
)

// FuzzStdoutTranscript checks that the session's stdout path records
// exactly the stream's lines in the transcript, however the reads are
// cut, and queues an event for each line that is not blank.
func FuzzStdoutTranscript(f *testing.F) {
	f.Add([]byte("a\nb\n"), uint8(0))
	f.Add([]byte("no newline"), uint8(1))
	f.Add([]byte("\n\n\n"), uint8(2))
	f.Add([]byte(`{"type":"result"}`+"\n"+`{"type":"assistant"}`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		var tr transcript
		var r io.Reader = bytes.NewReader(data)
		switch mode % 3 {
		case 1:
			r = iotest.OneByteReader(r)
		case 2:
			r = iotest.HalfReader(r)
		}
		q := newFIFO[event, *ExitError]()
		if err := pump(r, &tr, q.push, nil, slog.New(slog.DiscardHandler)); err != nil {
			t.Fatal(err)
		}
		lines, dropped := tr.snapshot()
		if dropped != 0 {
			t.Fatalf("%d lines dropped", dropped)
		}
		var got [][]byte
		blank := 0
		for _, l := range lines {
			if l.Direction != Stdout || l.Size != int64(len(l.Line)) {
				t.Fatalf("line %+v", l)
			}
			got = append(got, l.Line)
			if len(bytes.TrimSpace(l.Line)) == 0 {
				blank++
			}
		}
		want := bytes.TrimSuffix(data, []byte("\n"))
		if joined := bytes.Join(got, []byte("\n")); !bytes.Equal(joined, want) || (len(data) == 0) != (len(got) == 0) {
			t.Fatalf("recorded lines %q for %q", got, data)
		}
		if queued := len(q.items); queued != len(got)-blank {
			t.Fatalf("%d events queued for %d lines, %d of them blank", queued, len(got), blank)
		}
	})
}
