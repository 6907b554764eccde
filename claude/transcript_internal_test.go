package claude

import (
	"fmt"
	"testing"
)

// TestTranscriptBounds checks what a client's transcript keeps for each
// Options.TranscriptLines: the default bound, a bound of its own, none,
// and every line.
func TestTranscriptBounds(t *testing.T) {
	t.Parallel()
	const added = 25
	for _, tc := range []struct {
		name        string
		option      int
		wantMax     int
		kept, drops int
	}{
		{"default", 0, DefaultTranscriptLines, added, 0},
		{"bounded", 10, 10, 10, added - 10},
		{"none", -1, -1, 0, added},
		{"unbounded", TranscriptUnbounded, TranscriptUnbounded, added, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			o := Options{TranscriptLines: tc.option}
			if got := o.transcriptLines(); got != tc.wantMax {
				t.Fatalf("transcriptLines() = %d, want %d", got, tc.wantMax)
			}
			tr := &transcript{max: o.transcriptLines()}
			for i := range added {
				tr.add(Stdout, fmt.Appendf(nil, "line %d", i+1), 0)
			}
			lines, dropped := tr.snapshot()
			if len(lines) != tc.kept || dropped != tc.drops {
				t.Fatalf("kept %d lines, dropped %d; want %d and %d", len(lines), dropped, tc.kept, tc.drops)
			}
			if len(lines) > 0 {
				if got, want := string(lines[len(lines)-1].Line), fmt.Sprintf("line %d", added); got != want {
					t.Errorf("last line %q, want %q", got, want)
				}
			}
		})
	}
}

// TestTranscriptDefaultBoundDrops fills a default client transcript past
// DefaultTranscriptLines: it keeps exactly the last DefaultTranscriptLines
// lines and never holds more than twice that.
func TestTranscriptDefaultBoundDrops(t *testing.T) {
	t.Parallel()
	tr := &transcript{max: (&Options{}).transcriptLines()}
	const added = 3*DefaultTranscriptLines + 7
	for i := range added {
		tr.add(Stdin, fmt.Appendf(nil, "%d", i+1), 0)
		if len(tr.lines) > 2*DefaultTranscriptLines {
			t.Fatalf("after %d lines the transcript holds %d", i+1, len(tr.lines))
		}
	}
	lines, dropped := tr.snapshot()
	if len(lines) != DefaultTranscriptLines || dropped != added-DefaultTranscriptLines {
		t.Fatalf("kept %d, dropped %d; want %d and %d", len(lines), dropped, DefaultTranscriptLines, added-DefaultTranscriptLines)
	}
	if got, want := string(lines[0].Line), fmt.Sprint(added-DefaultTranscriptLines+1); got != want {
		t.Errorf("first kept line %q, want %q", got, want)
	}
}
