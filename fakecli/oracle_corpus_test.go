package fakecli_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// TestReplayMatchesRecordings is the oracle test: every recording of
// every version, played through the fake with the recording's stdin
// lines (written where the recording has them, answering the fake's
// control requests as the recording's stdin did), gives the recording's
// stdout lines once normalized as recordings are, and its exit status.
func TestReplayMatchesRecordings(t *testing.T) {
	t.Parallel()
	for _, file := range recordingFiles(t) {
		name := filepath.Base(filepath.Dir(file)) + "/" + strings.TrimSuffix(filepath.Base(file), scenario.RecordingExt)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec, err := recording.ReadRecording(file)
			if err != nil {
				t.Fatal(err)
			}
			got, code := hostReplay(t, rec, filepath.Dir(file))
			if code != rec.ExitCode {
				t.Errorf("exit status %d, recorded %d", code, rec.ExitCode)
			}
			want := lines(rec.Events)
			if len(got) != len(want) {
				t.Errorf("%d lines, recorded %d", len(got), len(want))
			}
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], want[i])
					break
				}
			}
		})
	}
}
