package claude

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"log/slog"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"

	"github.com/ccwire/ccwire/protocol"
)

func TestTailBuffer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		size   int
		writes []string
		want   string
	}{
		{"empty", 8, nil, ""},
		{"fits", 8, []string{"abc", "de"}, "abcde"},
		{"exactly full", 5, []string{"abc", "de"}, "abcde"},
		{"wraps", 5, []string{"abc", "def"}, "[…]bcdef"},
		{"wraps twice", 4, []string{"ab", "cd", "ef", "gh", "i"}, "[…]fghi"},
		{"one big write", 4, []string{"0123456789"}, "[…]6789"},
		{"big then small", 4, []string{"0123456789", "ab"}, "[…]89ab"},
		{"zero size", 0, []string{"abc"}, "[…]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := newTailBuffer(tc.size)
			for _, w := range tc.writes {
				if n, err := b.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if got := b.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPumpRecordsEveryLine(t *testing.T) {
	t.Parallel()
	input := "first\n\nsecond line\n" + strings.Repeat("x", 100) + "\nlast without newline"
	want := []string{"first", "", "second line", strings.Repeat("x", 100), "last without newline"}
	for _, tc := range []struct {
		name string
		r    func() io.Reader
	}{
		{"whole", func() io.Reader { return strings.NewReader(input) }},
		{"byte by byte", func() io.Reader { return iotest.OneByteReader(strings.NewReader(input)) }},
		{"half", func() io.Reader { return iotest.HalfReader(strings.NewReader(input)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var tr transcript
			if err := pump(tc.r(), &tr, func(event) {}, nil, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			lines, _ := tr.snapshot()
			var got []string
			for _, l := range lines {
				if l.Direction != Stdout {
					t.Errorf("direction %q", l.Direction)
				}
				got = append(got, string(l.Line))
			}
			if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("lines %q, want %q", got, want)
			}
		})
	}
}

func TestPumpKeepsNoLineOverTheLimit(t *testing.T) {
	t.Parallel()
	long := `{"type":"assistant","text":"` + strings.Repeat("x", 200) + `"}`
	input := `{"type":"system"}` + "\n" + long + "\n" + `{"type":"result"}` + "\n"
	var tr transcript
	q := newFIFO[event, *ExitError]()
	if err := pump(strings.NewReader(input), &tr, q.push, []protocol.ReaderOption{protocol.WithMaxLineSize(100)}, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	lines, _ := tr.snapshot()
	if len(lines) != 3 || lines[1].Line != nil || lines[1].Size != int64(len(long)) || string(lines[2].Line) != `{"type":"result"}` {
		t.Fatalf("transcript %+v", lines)
	}
	if len(q.items) != 3 || q.items[1].err == nil {
		t.Fatalf("queued %+v, want the too-long line as an error between two messages", q.items)
	}
}

func TestTranscriptKeepsTheLastLines(t *testing.T) {
	t.Parallel()
	for _, limit := range []int{-1, 1, 3, 10} {
		tr := transcript{max: limit}
		for i := range 25 {
			tr.add(Stdout, []byte(strconv.Itoa(i)), 1)
			lines, dropped := tr.snapshot()
			kept := min(i+1, max(limit, 0))
			if len(lines) != kept || dropped != i+1-kept || tr.droppedLines() != dropped {
				t.Fatalf("limit %d, after %d lines: %d kept, %d dropped", limit, i+1, len(lines), dropped)
			}
			for j, l := range lines {
				if want := strconv.Itoa(dropped + j); string(l.Line) != want {
					t.Fatalf("limit %d, after %d lines: line %d is %q, want %q", limit, i+1, j, l.Line, want)
				}
			}
		}
		if limit > 0 && cap(tr.lines) > 2*limit {
			t.Errorf("limit %d: the transcript holds room for %d lines", limit, cap(tr.lines))
		}
	}
}

func TestTranscriptAddLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		data string
		want []string
	}{
		{"a\n", []string{"a"}},
		{"a\nb\n", []string{"a", "b"}},
		{"a\nb", []string{"a", "b"}},
		{"\n", []string{""}},
		{"", nil},
	} {
		var tr transcript
		tr.addLines(Stdin, []byte(tc.data))
		lines, _ := tr.snapshot()
		var got []string
		for _, l := range lines {
			got = append(got, string(l.Line))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("addLines(%q) = %q, want %q", tc.data, got, tc.want)
		}
	}
}

func TestBypassesPermissions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"--model", "x"}, false},
		{[]string{"--dangerously-skip-permissions"}, true},
		{[]string{"--allow-dangerously-skip-permissions"}, true},
		{[]string{"--permission-mode", "bypassPermissions"}, true},
		{[]string{"--permission-mode=bypassPermissions"}, true},
		{[]string{"--permission-mode", "plan"}, false},
		{[]string{"--permission-mode"}, false},
	} {
		if got := bypassesPermissions(tc.args); got != tc.want {
			t.Errorf("bypassesPermissions(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

// benchLines is a turn's worth of realistic stdout: assistant messages of
// about 1 KiB each.
func benchLines(n int) []byte {
	var b bytes.Buffer
	text := strings.Repeat("lorem ipsum ", 80)
	for i := range n {
		if i == n-1 {
			b.WriteString(`{"type":"result","subtype":"success","is_error":false,"duration_ms":1,"num_turns":1,"result":"ok","session_id":"s"}` + "\n")
			break
		}
		b.WriteString(`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"` + text + `"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":2}},"parent_tool_use_id":null,"session_id":"s","uuid":"u"}` + "\n")
	}
	return b.Bytes()
}

// BenchmarkStdoutPipeline measures the session's stdout path: decoding,
// the transcript and queueing, then draining the queue.
func BenchmarkStdoutPipeline(b *testing.B) {
	data := benchLines(1000)
	logger := slog.New(slog.DiscardHandler)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var tr transcript
		q := newFIFO[event, *ExitError]()
		if err := pump(bytes.NewReader(data), &tr, q.push, nil, logger); err != nil {
			b.Fatal(err)
		}
		q.finish(&ExitError{})
		n := 0
		for {
			_, ok, _, _ := q.next(context.Background())
			if !ok {
				break
			}
			n++
		}
		if n != 1000 {
			b.Fatalf("%d messages", n)
		}
	}
}

func TestExitErrorNamesSignal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err    ExitError
		signal syscall.Signal
		text   string
	}{
		{ExitError{ExitCode: -1, Signal: syscall.SIGKILL}, 0, "the CLI was killed by signal 9 (killed) (stderr empty)"},
		{ExitError{ExitCode: 143}, syscall.SIGTERM, "the CLI exited with status 143 (128+15: it ended itself on signal 15 (terminated)) (stderr empty)"},
		{ExitError{ExitCode: 130, Stderr: "bye"}, syscall.SIGINT, "the CLI exited with status 130 (128+2: it ended itself on signal 2 (interrupt)); stderr:\nbye"},
		{ExitError{ExitCode: 1}, 0, "the CLI exited with status 1 (stderr empty)"},
		{ExitError{ExitCode: 128}, 0, "the CLI exited with status 128 (stderr empty)"},
		{ExitError{ExitCode: 160}, 0, "the CLI exited with status 160 (stderr empty)"},
		{ExitError{ExitCode: 200}, 0, "the CLI exited with status 200 (stderr empty)"},
		{ExitError{ExitCode: 143, Stopped: true}, 0, "the CLI was stopped by the session (stderr empty)"},
	}
	for _, tt := range tests {
		if lastSignal == 0 && tt.signal != 0 {
			// Windows: no exit status stands for a signal.
			if got := tt.err.StatusSignal(); got != 0 {
				t.Errorf("%+v: StatusSignal = %v, want 0 on %s", tt.err, got, runtime.GOOS)
			}
			continue
		}
		if got := tt.err.StatusSignal(); got != tt.signal {
			t.Errorf("%+v: StatusSignal = %v, want %v", tt.err, got, tt.signal)
		}
		if got := tt.err.Error(); got != "claude: "+tt.text {
			t.Errorf("%+v: Error = %q, want %q", tt.err, got, "claude: "+tt.text)
		}
	}
}

// TestProcArgsHaveEnv checks the reading of a macOS kern.procargs2 buffer,
// which markedProcesses does there: the marker counts in the environment,
// not among the arguments or past the environment's end.
func TestProcArgsHaveEnv(t *testing.T) {
	t.Parallel()
	buf := func(argc uint32, parts ...string) []byte {
		b := binary.NativeEndian.AppendUint32(nil, argc)
		for _, p := range parts {
			b = append(b, p...)
			b = append(b, 0)
		}
		return b
	}
	const marker = "CCWIRE_SESSION=1-ab"
	for _, tt := range []struct {
		name string
		buf  []byte
		want bool
	}{
		{"in the environment", buf(2, "/usr/bin/sleep", "", "", "sleep", "300", "HOME=/h", marker, "", "ptr_munge="), true},
		{"first entry", buf(1, "/bin/sh", "sh", marker), true},
		{"an argument", buf(2, "/usr/bin/env", "env", marker, "HOME=/h", ""), false},
		{"after the environment", buf(1, "/bin/sh", "sh", "HOME=/h", "", marker), false},
		{"a longer entry", buf(1, "/bin/sh", "sh", marker+"c"), false},
		{"cut short", buf(3, "/bin/sh", "sh")[:10], false},
		{"empty", nil, false},
	} {
		if got := procArgsHaveEnv(tt.buf, marker); got != tt.want {
			t.Errorf("%s: procArgsHaveEnv = %v, want %v", tt.name, got, tt.want)
		}
	}
}
