package fakecli_test

import (
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// BenchmarkParseRecording compares the full reading of a recording with
// the fake's, which leaves the requests out.
func BenchmarkParseRecording(b *testing.B) {
	for _, tc := range []struct {
		name  string
		parse func([]byte) (*recording.Recording, error)
	}{{"full", recording.ParseRecording}, {"lean", fakecli.ParseRecording}} {
		b.Run(tc.name, func(b *testing.B) { benchParse(b, tc.parse) })
	}
}

func benchParse(b *testing.B, parse func([]byte) (*recording.Recording, error)) {
	data, err := recording.ReadFile(filepath.Join(recordingsDir, "2.1.330", "multi-turn"+scenario.RecordingExt))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
