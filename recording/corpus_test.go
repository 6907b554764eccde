package recording_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// recordingsDir is the module's corpus.
const recordingsDir = "../recordings"

// TestCorpusLossless checks every recording of the corpus: it is in stored
// form (tidy), its references resolve, and it expands to the full text
// that package scenario reads and writes back byte for byte (what the CLI
// sent and wrote, normalized). TestCorpusTidy checks that nothing is left
// in full form.
func TestCorpusLossless(t *testing.T) {
	t.Parallel()
	files, err := recording.Files(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 1000 {
		t.Fatalf("%d recordings in %s, want the whole corpus", len(files), recordingsDir)
	}
	store := recording.StoreFS(os.DirFS(recordingsDir))
	for _, f := range files {
		stored, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		full, err := recording.Expand(stored, store)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		rec, err := scenario.ParseRecording(full)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		again, err := rec.Marshal()
		if err != nil || !bytes.Equal(again, full) {
			t.Errorf("%s: the expanded recording does not read back byte for byte (%v)", f, err)
		}
	}
}

// TestCorpusTidy checks that the store holds exactly the objects the
// recordings reference.
func TestCorpusTidy(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	if err := os.CopyFS(tmp, os.DirFS(recordingsDir)); err != nil {
		t.Fatal(err)
	}
	rep, err := recording.Tidy(t.Context(), tmp)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Compacted != 0 || rep.Removed != 0 {
		t.Errorf("the corpus is not tidy: %d recordings in full form, %d objects no recording references; run ccwire spec --tidy", rep.Compacted, rep.Removed)
	}
	t.Logf("%d recordings, %d objects", rep.Recordings, rep.Objects)
}
