package recording_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/ccwire/ccwire/recording"
)

// BenchmarkReadRecording reads a recording in stored form as the readers
// of the corpus do: "expand-then-parse" expands its text (Expand) and
// parses that, the archive and the JSON texts twice; "one-pass" is
// ReadRecording, which expands the references as it parses; "lines" is
// ReadRecordingLines, the fake CLI's, which leaves the requests unread.
func BenchmarkReadRecording(b *testing.B) {
	path := filepath.Join(recordingsDir, "2.1.330", "multi-turn"+recording.Ext)
	for _, tc := range []struct {
		name string
		read func(string) (*recording.Recording, error)
	}{
		{"expand-then-parse", func(p string) (*recording.Recording, error) {
			data, err := recording.ReadFile(p)
			if err != nil {
				return nil, err
			}
			return recording.ParseRecording(data)
		}},
		{"one-pass", recording.ReadRecording},
		{"lines", recording.ReadRecordingLines},
	} {
		b.Run(tc.name, func(b *testing.B) {
			if _, err := os.Stat(path); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cpu := benchcpu.Start()
			for b.Loop() {
				if _, err := tc.read(path); err != nil {
					b.Fatal(err)
				}
			}
			cpu.Report(b)
		})
	}
}
