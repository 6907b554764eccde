package transcript_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/transcript"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestMarkdownGolden renders a few recordings and compares the reports
// with testdata/<version>_<scenario>.md.
func TestMarkdownGolden(t *testing.T) {
	t.Parallel()
	for _, rec := range []string{
		"2.1.330/bash-single",
		"2.1.330/parallel-tools",
		"2.1.330/tool-failure-read-missing",
		"2.1.330/thinking-then-tool",
		"2.1.330/permission-prompt-deny",
		"2.1.330/max-turns-reached",
		"2.1.37/multi-turn",
		"2.1.37/api-sse-error-retry",
		"2.1.330/partial-messages-order",
	} {
		t.Run(rec, func(t *testing.T) {
			t.Parallel()
			got := renderFile(t, filepath.Join("..", "recordings", rec+".txtar"), transcript.Options{})
			golden := filepath.Join("testdata", strings.ReplaceAll(rec, "/", "_")+".md")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./transcript -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the rendering (go test ./transcript -update rewrites it):\n%s", golden, got)
			}
		})
	}
}

func renderFile(t testing.TB, path string, opts transcript.Options) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b bytes.Buffer
	if err := transcript.RenderMarkdown(&b, transcript.Messages(f), opts); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b.Bytes()
}

// TestRenderEveryRecording renders every recording of every CLI version,
// as a recording and as the plain stdout transcript it holds: no error,
// the same report both ways, and a summary. The real transcripts of
// package protocol's tests render too.
func TestRenderEveryRecording(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no recordings: %v", err)
	}
	for _, p := range paths {
		got := renderFile(t, p, transcript.Options{})
		if !bytes.Contains(got, []byte("\n## Summary\n")) && !bytes.HasPrefix(got, []byte("## Summary\n")) {
			t.Errorf("%s: no summary:\n%s", p, got)
		}
		stdout := stdoutLines(t, p)
		var b bytes.Buffer
		if err := transcript.RenderMarkdown(&b, transcript.Messages(bytes.NewReader(stdout)), transcript.Options{}); err != nil {
			t.Fatalf("%s as stream-json: %v", p, err)
		}
		if !bytes.Equal(b.Bytes(), got) {
			t.Errorf("%s: the recording and its stdout lines render differently", p)
		}
	}
}

func TestRenderTranscripts(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "protocol", "testdata", "transcripts", "*", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, p := range paths {
		got := renderFile(t, p, transcript.Options{})
		if !bytes.Contains(got, []byte("## Turn 1\n")) || !bytes.Contains(got, []byte("\n## Summary\n")) {
			t.Errorf("%s: no turn or no summary:\n%s", p, got)
		}
	}
}
