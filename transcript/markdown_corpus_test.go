package transcript_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/transcript"
)

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
	paths = corpustest.Paths(t, paths)
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
