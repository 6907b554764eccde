package transcript_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"
)

// TestHTMLEveryRecording renders every recording and real transcript as
// HTML: self-contained, one timeline row per tool call.
func TestHTMLEveryRecording(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join("..", "recordings", "*", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no recordings: %v", err)
	}
	paths = corpustest.Paths(t, paths)
	more, _ := filepath.Glob(filepath.Join("..", "protocol", "testdata", "transcripts", "*", "*.jsonl"))
	paths = append(append(paths, more...), filepath.Join("testdata", "demo.jsonl"))
	for _, p := range paths {
		page, st := renderHTMLFile(t, p)
		if m := external.Find(page); m != nil {
			t.Errorf("%s: the page reaches out: %s", p, m)
		}
		calls, _ := st.ToolCalls()
		if rows := bytes.Count(page, []byte(`<div class="row tool`)); int64(rows) != calls {
			t.Errorf("%s: %d tool rows, %d tool calls", p, rows, calls)
		}
	}
}
