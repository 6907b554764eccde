package claude

import (
	"bytes"
	"io"
	"log/slog"
	"strings"
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

// FuzzNPMOutput checks that npm's output, whatever it is, classifies and
// summarises without panicking, and that the summary only keeps npm's own
// error lines.
func FuzzNPMOutput(f *testing.F) {
	for _, s := range []string{npmETARGET, npmE404, npmRefused, npmOldETARGET, npmEACCES, "", "npm error code \n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, stderr string) {
		code, kind := classifyNPM(stderr)
		if code != "" && !strings.Contains(stderr, code) {
			t.Fatalf("code %q not in the output", code)
		}
		_ = kind
		for line := range strings.Lines(npmSummary(stderr)) {
			line = strings.TrimSuffix(line, "\n")
			if !strings.HasPrefix(line, "npm error") && !strings.HasPrefix(line, "npm ERR!") {
				t.Fatalf("summary line %q is not an npm error line", line)
			}
		}
		_ = (&NPMError{Version: "1.2.3", Code: code, Kind: kind, Stderr: stderr}).Error()
	})
}

// FuzzParseVersionOutput checks that a version found in --version output is
// an exact version that occurs in it.
func FuzzParseVersionOutput(f *testing.F) {
	f.Add("2.1.330 (Claude Code)\n")
	f.Add("warning\n1.0.0-beta.1 (Claude Code)")
	f.Add("")
	f.Fuzz(func(t *testing.T, out string) {
		v, ok := parseVersionOutput(out)
		if !ok {
			return
		}
		if checkVersion(v) != nil || !strings.Contains(out, v) {
			t.Fatalf("parsed %q from %q", v, out)
		}
	})
}
