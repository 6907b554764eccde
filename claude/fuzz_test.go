package claude

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzLineTee checks that the transcript tee passes every byte through and
// records exactly the stream's lines, however the reads are cut.
func FuzzLineTee(f *testing.F) {
	f.Add([]byte("a\nb\n"), uint8(0))
	f.Add([]byte("no newline"), uint8(1))
	f.Add([]byte("\n\n\n"), uint8(2))
	f.Add([]byte(`{"type":"result"}`+"\n"+`{"type":"assistant"}`), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		var tr transcript
		r := bytes.NewReader(data)
		tee := &lineTee{t: &tr, dir: Stdout}
		switch mode % 3 {
		case 0:
			tee.r = r
		case 1:
			tee.r = iotest.OneByteReader(r)
		case 2:
			tee.r = iotest.HalfReader(r)
		}
		var out bytes.Buffer
		if _, err := out.ReadFrom(tee); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("passed through %q, want %q", out.Bytes(), data)
		}
		var lines [][]byte
		for _, l := range tr.snapshot() {
			lines = append(lines, l.Line)
		}
		joined := bytes.Join(lines, []byte("\n"))
		want := data
		if len(data) > 0 && data[len(data)-1] == '\n' {
			want = data[:len(data)-1]
		}
		if !bytes.Equal(joined, want) {
			t.Fatalf("recorded lines %q for %q", lines, data)
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
