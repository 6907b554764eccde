package main

import (
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// TestValidateStrictEveryRecording runs ccwire validate --strict on every
// recording of the recorded versions corpustest.Versions selects (every
// one with CCWIRE_CORPUS=all):
// each stdout line, with its placeholders bound as the fake CLI binds them
// (fakecli.Resolve), decodes with nothing unknown to the protocol model
// and nothing mistyped.
func TestValidateStrictEveryRecording(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "recordings")
	versions, err := recording.Versions(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range corpustest.Versions(t, versions) {
		t.Run(v, func(t *testing.T) {
			t.Parallel()
			files, err := filepath.Glob(filepath.Join(dir, v, "*"+scenario.RecordingExt))
			if err != nil || len(files) == 0 {
				t.Fatalf("no recordings of CLI %s: %v", v, err)
			}
			code, out, errOut := runValidateCmd(t, "", append([]string{"--strict"}, files...)...)
			if code != 0 {
				t.Errorf("ccwire validate --strict on the %d recordings of CLI %s: exit %d\n%s\n%s", len(files), v, code, out, errOut)
			}
		})
	}
}
