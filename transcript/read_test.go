package transcript_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/transcript"
)

// stdoutLines returns the stdout lines of the recording at path, as a
// CLI's stdout saved to a file holds them, with the values of the
// placeholders the recording holds (see fakecli.Resolve).
func stdoutLines(t testing.TB, path string) []byte {
	t.Helper()
	rec, err := recording.ReadRecording(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, e := range rec.Events {
		if e.Kind != recording.EventStdout {
			continue
		}
		if e.Msg != nil {
			msg, err := fakecli.Resolve(e.Msg, fakecli.Env{Version: rec.Version})
			if err != nil {
				t.Fatal(err)
			}
			b.Write(msg)
		} else {
			b.WriteString(e.Text)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestMessages(t *testing.T) {
	t.Parallel()
	const result = `{"type":"result","subtype":"success"}`
	warnings := strings.Repeat("(node:1) Warning: something\n", transcript.MaxLeadingLines)
	for _, tc := range []struct {
		name    string
		in      string
		types   string // the messages' types
		lineErr []int  // lines reported undecodable
		lines   []int  // Line() at each message
		fatal   string // a final error holding this
		format  bool   // the final error is a *FormatError
	}{
		{name: "empty", in: "", types: ""},
		{name: "blank", in: "\n \n", types: ""},
		{name: "stream-json", in: "{\"type\":\"system\",\"subtype\":\"init\"}\n\n" + result, types: "system result", lines: []int{1, 3}},
		{name: "leading space", in: "  \n" + result + "\n", types: "result", lines: []int{2}},
		{name: "bad line", in: result + "\n{oops\n" + result + "\n", types: "result result", lineErr: []int{2}, lines: []int{1, 3}},
		{name: "byte-order mark", in: "\xef\xbb\xbf" + result + "\n" + result + "\n", types: "result result", lines: []int{1, 2}},
		{name: "warning line", in: "Warning: the config file is old\n" + result + "\n", types: "result", lineErr: []int{1}, lines: []int{2}},
		{name: "byte-order mark and warning", in: "\xef\xbb\xbfWarning\n\n" + result + "\n{oops\n", types: "result", lineErr: []int{1, 4}, lines: []int{3}},
		{name: "most leading lines", in: warnings + result + "\n", types: "result", lineErr: upTo(transcript.MaxLeadingLines), lines: []int{transcript.MaxLeadingLines + 1}},
		{name: "too many leading lines", in: warnings + "one more\n" + result + "\n", fatal: "17 lines read, no message; line 1: ", format: true},
		{name: "not a transcript", in: "hello\n", fatal: "neither a stream-json transcript (one JSON object a line) nor a ccwire recording (.txtar): 1 line read, no message; line 1: ", format: true},
		{name: "binary", in: "\x00\x01\x02", fatal: "nor a ccwire recording", format: true},
		{name: "recording heading", in: "Recording of scenario x (X) against Claude Code 2.1.332.\n", fatal: "transcript: not a valid ccwire recording: recording: no run.json"},
		{name: "txtar", in: "-- run.json --\n{}\n-- events.jsonl --\n", fatal: "transcript: not a valid ccwire recording: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var types []string
			var lineErrs, lines []int
			var fatal error
			rd := transcript.NewReader(strings.NewReader(tc.in))
			for m, err := range rd.All() {
				if fatal != nil {
					t.Fatalf("yielded after the final error %v", fatal)
				}
				var de *protocol.DecodeError
				switch {
				case errors.As(err, &de):
					lineErrs = append(lineErrs, de.Line)
					if rd.Line() != de.Line {
						t.Errorf("Line() %d at the error of line %d", rd.Line(), de.Line)
					}
				case err != nil:
					fatal = err
				default:
					types = append(types, string(m.MessageType()))
					lines = append(lines, rd.Line())
				}
			}
			if got := strings.Join(types, " "); got != tc.types {
				t.Errorf("types %q, want %q", got, tc.types)
			}
			if !slices.Equal(lineErrs, tc.lineErr) {
				t.Errorf("bad lines %v, want %v", lineErrs, tc.lineErr)
			}
			if tc.lines != nil && !slices.Equal(lines, tc.lines) {
				t.Errorf("message lines %v, want %v", lines, tc.lines)
			}
			switch {
			case tc.fatal == "" && fatal != nil:
				t.Errorf("final error %v", fatal)
			case tc.fatal != "" && (fatal == nil || !strings.Contains(fatal.Error(), tc.fatal)):
				t.Errorf("final error %v, want one holding %q", fatal, tc.fatal)
			case strings.Contains(fmt.Sprint(fatal), "transcript: transcript:"):
				t.Errorf("final error %v repeats its prefix", fatal)
			}
			var fe *transcript.FormatError
			if errors.As(fatal, &fe) != tc.format {
				t.Errorf("final error %T %v, want a *FormatError: %v", fatal, fatal, tc.format)
			}
		})
	}
}

// upTo returns 1 to n.
func upTo(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}

// TestMessagesStreamsAfterWarning reads a transcript that starts with a
// warning line from a pipe: its first message comes while the writer
// still holds the pipe open. Messages used to read such an input whole
// before looking at it (and then rejected it).
func TestMessagesStreamsAfterWarning(t *testing.T) {
	t.Parallel()
	pr, pw := io.Pipe()
	got := make(chan struct{})
	var closed atomic.Bool
	go func() {
		pw.Write([]byte("Warning: an old Node.js\n{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"s\"}\n"))
		select {
		case <-got:
		case <-time.After(10 * time.Second):
		}
		closed.Store(true)
		pw.Write([]byte(`{"type":"result","subtype":"success"}` + "\n"))
		pw.Close()
	}()
	n := 0
	for m, err := range transcript.Messages(pr) {
		if err != nil {
			var de *protocol.DecodeError
			if !errors.As(err, &de) || de.Line != 1 {
				t.Fatalf("error %v, want one for line 1", err)
			}
			continue
		}
		if n++; n == 1 {
			if closed.Load() {
				t.Errorf("the first message (%s) came after the writer was done", m.MessageType())
			}
			close(got)
		}
	}
	if n != 2 {
		t.Errorf("%d messages, want 2", n)
	}
}

// TestMessagesRecording reads recordings: each message comes from its
// stdout event, at the line of the .txtar file that holds it, with the
// CLI version the recording's run.json gives for <cli-version>.
func TestMessagesRecording(t *testing.T) {
	t.Parallel()
	for _, path := range []string{
		filepath.Join("..", "recordings", "2.1.332", "text-simple.txtar"),
		filepath.Join("..", "recordings", "2.1.37", "read-edit-bash-chain.txtar"),
	} {
		data, err := recording.ReadFile(path) // its full text: the events' lines are the stored file's
		if err != nil {
			t.Fatal(err)
		}
		version := filepath.Base(filepath.Dir(path))
		fileLines := strings.Split(string(data), "\n")
		rd := transcript.NewReader(bytes.NewReader(data))
		n := 0
		for m, err := range rd.All() {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			n++
			line := fileLines[rd.Line()-1]
			if !strings.HasPrefix(line, `{"turn":`) || !strings.Contains(line, `"dir":"stdout"`) || !strings.Contains(line, `"type":"`+string(m.MessageType())+`"`) {
				t.Errorf("%s:%d holds no stdout %s message: %.80s", path, rd.Line(), m.MessageType(), line)
			}
			if bytes.Contains(m.Raw(), []byte("<cli-version>")) {
				t.Errorf("%s:%d: %s", path, rd.Line(), m.Raw())
			}
			if init, ok := m.(*protocol.SystemInit); ok && init.ClaudeCodeVersion != version {
				t.Errorf("%s: claude_code_version %q, want %q", path, init.ClaudeCodeVersion, version)
			}
		}
		if n == 0 || rd.Lines() != n {
			t.Errorf("%s: %d messages, Lines() %d", path, n, rd.Lines())
		}
	}
}

// FuzzMessages reads arbitrary input as a transcript: it must not panic,
// and a stream-json input gives a message or a line error per non-blank
// line.
func FuzzMessages(f *testing.F) {
	f.Add([]byte("{\"type\":\"result\",\"subtype\":\"success\"}\n"))
	f.Add([]byte("-- run.json --\n{}\n-- events.jsonl --\n"))
	f.Add([]byte("{oops\n\n{\"type\":\"user\"}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		for range transcript.Messages(bytes.NewReader(data)) {
			n++
		}
		if len(bytes.TrimSpace(data)) > 0 && bytes.TrimSpace(data)[0] == '{' && n == 0 {
			t.Fatalf("no message nor error from %q", data)
		}
	})
}

// TestMessagesStoredRecording reads a recording in the stored form of the
// corpus: from its file, beside its folder's objects, it reads as its full
// text does; from a stream without its file, it is a clear error.
func TestMessagesStoredRecording(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "recordings", "2.1.332", "text-simple.txtar")
	stored, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	full, err := recording.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kinds := func(rd *transcript.Reader) (out []string, err error) {
		for m, err := range rd.All() {
			if err != nil {
				return out, err
			}
			out = append(out, string(m.MessageType()))
		}
		return out, nil
	}
	want, err := kinds(transcript.NewReader(bytes.NewReader(full)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := kinds(transcript.NewReader(bytes.NewReader(stored)).FromFile(path))
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("the stored recording read from its file = %v (%v), want %v", got, err, want)
	}
	if _, err := kinds(transcript.NewReader(bytes.NewReader(stored))); err == nil || !strings.Contains(err.Error(), "read it from its file") {
		t.Errorf("the stored recording without its file: %v", err)
	}
}
