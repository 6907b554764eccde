package recording_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/recording"
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
	var most expansion
	for _, f := range files {
		stored, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		full, read, produced, err := recording.ExpandGrowth(stored, store)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		most.add(f, read, produced)
		rec, err := recording.ParseRecording(full)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		again, err := rec.Marshal()
		if err != nil || !bytes.Equal(again, full) {
			t.Errorf("%s: the expanded recording does not read back byte for byte (%v)", f, err)
		}
	}
	most.check(t, "recording")
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

// expansionMargin is how far inside the bounds of expansion every
// recording and object of the corpus must stay: what it expands to, times
// expansionMargin, is within its bound.
const expansionMargin = 8

// expansion keeps the largest expansion of a corpus: the most produced,
// and the highest ratio of produced to read.
type expansion struct {
	n                   int
	produced, ratio     float64
	mostName, ratioName string
	tightest            float64 // the least bound / produced
	tightestName        string
}

// add counts one read of name.
func (e *expansion) add(name string, read, produced int64) {
	e.n++
	if float64(produced) > e.produced {
		e.produced, e.mostName = float64(produced), name
	}
	if r := float64(produced) / float64(read); r > e.ratio {
		e.ratio, e.ratioName = r, name
	}
	bound := float64(max(recording.ExpandFloor, recording.ExpandRatio*read))
	if h := bound / float64(max(produced, 1)); e.tightestName == "" || h < e.tightest {
		e.tightest, e.tightestName = h, name
	}
}

// check logs the figures and fails when one is within expansionMargin of
// its bound.
func (e *expansion) check(t *testing.T, what string) {
	t.Helper()
	t.Logf("%d %ss: the largest expands to %.0f bytes (%s), the highest ratio of produced to read is %.1f (%s); bounds: %d bytes or %d times what is read; the least headroom %.0f times (%s)",
		e.n, what, e.produced, e.mostName, e.ratio, e.ratioName, recording.ExpandFloor, recording.ExpandRatio, e.tightest, e.tightestName)
	if e.tightest < expansionMargin {
		t.Errorf("%s %s expands to within %.1f times its bound, less than the margin of %d: raise expandFloor or expandRatio (recording/bound.go)", what, e.tightestName, e.tightest, expansionMargin)
	}
}

// TestExpansionMargin checks that every object of the corpus joins its
// texts well inside the bounds of expansion, and reports the figures
// (TestCorpusLossless does it for the recordings).
func TestExpansionMargin(t *testing.T) {
	t.Parallel()
	corpustest.Matrix(t, "every object of the store; they change only with the recordings")
	store := recording.StoreFS(os.DirFS(recordingsDir))
	var most expansion
	for _, kind := range []recording.Kind{recording.KindHeader, recording.KindTool, recording.KindSystem, recording.KindMessage, recording.KindLine} {
		names, err := filepath.Glob(filepath.Join(recordingsDir, recording.ObjectsDir, string(kind), "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			r := recording.Ref{Kind: kind, Hash: strings.TrimSuffix(filepath.Base(n), ".json")}
			read, produced, err := recording.ObjectGrowth(store, r)
			if err != nil {
				t.Errorf("%s: %v", n, err)
				continue
			}
			if produced > 0 {
				most.add(r.String(), read, produced)
			}
		}
	}
	if most.n == 0 {
		t.Fatal("no object of the corpus has its texts as paragraphs")
	}
	most.check(t, "object")
}
