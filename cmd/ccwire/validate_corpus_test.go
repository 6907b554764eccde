// The tests of every recording of every version run without the race
// detector (make test runs them in its corpus step): under it they take
// ten times as long.

//go:build !race

package main

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// TestValidateStrictEveryRecording runs ccwire validate --strict on every
// recording of every recorded version (the versions merged later too):
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
	for _, p := range cliinstall.PinnedVersions() {
		if !slices.Contains(versions, p) {
			t.Errorf("no recordings of pinned CLI %s", p)
		}
	}
	for _, v := range versions {
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
