package transcript_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/scenario"
	"github.com/ccwire/ccwire/transcript"
)

// stdoutLines returns the stdout lines of the recording at path, as a
// CLI's stdout saved to a file holds them.
func stdoutLines(t testing.TB, path string) []byte {
	t.Helper()
	rec, err := scenario.ReadRecording(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, e := range rec.Events {
		if e.Kind != scenario.EventStdout {
			continue
		}
		if e.Msg != nil {
			b.Write(e.Msg)
		} else {
			b.WriteString(e.Text)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestMessages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		in      string
		types   string // the messages' types
		lineErr []int  // lines reported undecodable
		fatal   bool   // a final error
	}{
		{name: "empty", in: "", types: ""},
		{name: "blank", in: "\n \n", types: ""},
		{name: "stream-json", in: "{\"type\":\"system\",\"subtype\":\"init\"}\n\n{\"type\":\"result\",\"subtype\":\"success\"}", types: "system result"},
		{name: "leading space", in: "  \n{\"type\":\"result\"}\n", types: "result"},
		{name: "bad line", in: "{\"type\":\"result\"}\n{oops\n{\"type\":\"result\"}\n", types: "result result", lineErr: []int{2}},
		{name: "not a transcript", in: "hello\n", fatal: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var types []string
			var lines []int
			fatal := false
			for m, err := range transcript.Messages(strings.NewReader(tc.in)) {
				var de *protocol.DecodeError
				switch {
				case errors.As(err, &de):
					lines = append(lines, de.Line)
				case err != nil:
					fatal = true
				default:
					types = append(types, string(m.MessageType()))
				}
			}
			if got := strings.Join(types, " "); got != tc.types {
				t.Errorf("types %q, want %q", got, tc.types)
			}
			if len(lines) != len(tc.lineErr) || (len(lines) > 0 && lines[0] != tc.lineErr[0]) {
				t.Errorf("bad lines %v, want %v", lines, tc.lineErr)
			}
			if fatal != tc.fatal {
				t.Errorf("final error %v, want %v", fatal, tc.fatal)
			}
		})
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
