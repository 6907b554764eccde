package corpus_test

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/corpus"
)

// recordingsDir is the recordings folder the pack is made from.
const recordingsDir = "../recordings"

// TestPackFresh checks that the built-in recordings are the recordings
// folder's: the same files, byte for byte (the pack's own bytes may
// differ with the Go release that compressed it).
func TestPackFresh(t *testing.T) {
	t.Parallel()
	corpustest.Whole(t, "the pack holds every version, and goes stale when the recordings or the pack's code change; reading both costs 2.5 CPU-seconds at 59 versions")
	got, err := corpus.Recordings()
	if err != nil {
		t.Fatal(err)
	}
	want := os.DirFS(recordingsDir)
	files := func(fsys fs.FS) []string {
		var names []string
		err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && name != "go.mod" && path.Ext(name) != ".go" && !strings.HasPrefix(path.Base(name), ".") {
				names = append(names, name)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return names
	}
	gotNames, wantNames := files(got), files(want)
	if len(wantNames) < 1000 {
		t.Fatalf("%d files in %s, want the whole corpus", len(wantNames), recordingsDir)
	}
	stale := !slices.Equal(gotNames, wantNames)
	for _, name := range wantNames {
		if stale {
			break
		}
		a, errA := fs.ReadFile(got, name)
		b, errB := fs.ReadFile(want, name)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		stale = !bytes.Equal(a, b)
	}
	if stale {
		t.Fatalf("corpus/recordings.pack is stale (%d files, the recordings folder %d): run go generate ./corpus", len(gotNames), len(wantNames))
	}
}
