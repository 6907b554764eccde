package recording_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/recording"
)

// TestCommittedRecordings reads the committed recordings.
func TestCommittedRecordings(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "recordings")
	versions, err := recording.Versions(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(versions) == 0 {
		t.Fatal("no recorded versions")
	}
	for _, v := range corpustest.Versions(t, versions) {
		n := 0
		for l, err := range recording.SchemaLines(dir, v) {
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(l.Msg) || strings.Contains(string(l.Msg), `"<duration>"`) {
				t.Errorf("%s: %s", l, l.Msg)
			}
			n++
		}
		if n == 0 {
			t.Errorf("CLI %s: no lines", v)
		}
	}
}
