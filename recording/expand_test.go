package recording_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/ccwire/ccwire/internal/benchheap"
	"github.com/ccwire/ccwire/recording"
)

// BenchmarkExpand expands the stored recordings of one version (read into
// memory first) from the corpus's store on disk: the reader every
// consumer of the recordings goes through. It reports the CPU time
// (cpu-ns/op) and the peak heap growth (peak-heap-B).
func BenchmarkExpand(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(recordingsDir, "2.1.332", "*.txtar"))
	if err != nil || len(files) == 0 {
		b.Fatal(files, err)
	}
	stored := make([][]byte, len(files))
	for i, f := range files {
		if stored[i], err = os.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	}
	store := recording.StoreFS(os.DirFS(recordingsDir))
	b.ReportAllocs()
	runtime.GC()
	heap := benchheap.Start()
	cpu := benchcpu.Start()
	for b.Loop() {
		for _, data := range stored {
			if _, err := recording.Expand(data, store); err != nil {
				b.Fatal(err)
			}
		}
	}
	cpu.Report(b)
	b.ReportMetric(float64(heap.Stop()), "peak-heap-B")
}

// bombStore returns a store of one paragraph of paraLen bytes and one
// system object (with a made-up hash) whose text names it refs times,
// and a recording whose request names that object once.
func bombStore(paraLen, refs int) (fstest.MapFS, []byte) {
	para := strings.Repeat("x", paraLen)
	paraRef := "@text:00000000000000aa"
	elems := make([]string, refs)
	for i := range elems {
		elems[i] = paraRef
	}
	text, _ := json.Marshal(elems)
	fsys := fstest.MapFS{
		"objects/text/00000000000000aa.json":   {Data: []byte(`"` + para + `"` + "\n")},
		"objects/system/00000000000000bb.json": {Data: []byte(`{"type":"text","text":` + string(text) + "}\n")},
	}
	return fsys, []byte("-- requests/1.json --\n" + `{"body":{"system":["@system:00000000000000bb"]}}` + "\n")
}

// repeatStore returns a store of one sound system object of objLen bytes
// and a recording whose request names it refs times.
func repeatStore(objLen, refs int) (fstest.MapFS, []byte) {
	obj := []byte(`{"type":"text","text":"` + strings.Repeat("y", objLen) + `"}`)
	sum := sha256.Sum256(obj)
	ref := `"@system:` + hex.EncodeToString(sum[:])[:16] + `"`
	fsys := fstest.MapFS{"objects/system/" + hex.EncodeToString(sum[:])[:16] + ".json": {Data: append(obj, '\n')}}
	return fsys, []byte("-- requests/1.json --\n" + `{"body":{"system":[` + strings.Repeat(ref+",", refs-1) + ref + "]}}\n")
}

// TestExpansionBomb reads recordings whose references would expand them
// to gigabytes (issue 33, defect 4: 2,000 references to one 1 MiB
// paragraph took 144 s and 9.2 GB before the damage was reported): each
// read stops with an *ExpansionError having allocated a few megabytes.
// The test is not parallel, so that the allocation it measures is its own.
func TestExpansionBomb(t *testing.T) {
	for _, tc := range []struct {
		name       string
		fsys       fstest.MapFS
		data       []byte
		what       string
		allocLimit uint64 // bytes the read may allocate
	}{
		{"issue 33: 2000 references to a 1 MiB paragraph", nil, nil, "an object's texts", 24 << 20},
		{"1000 references to a 64 KiB paragraph", nil, nil, "an object's texts", 24 << 20},
		{"a recording naming a 64 KiB object 1000 times", nil, nil, "a recording's units", 24 << 20},
	} {
		switch tc.name[0] {
		case 'i':
			tc.fsys, tc.data = bombStore(1<<20, 2000)
		case '1':
			tc.fsys, tc.data = bombStore(64<<10, 1000)
		default:
			tc.fsys, tc.data = repeatStore(64<<10, 1000)
		}
		t.Run(tc.name, func(t *testing.T) {
			s := recording.StoreFS(tc.fsys)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := recording.Expand(tc.data, s)
			runtime.ReadMemStats(&after)
			n := after.TotalAlloc - before.TotalAlloc
			t.Logf("Expand allocated %d bytes: %v", n, err)
			var ee *recording.ExpansionError
			if !errors.As(err, &ee) {
				t.Fatalf("Expand = %v, want an *ExpansionError", err)
			}
			if ee.What != tc.what || ee.Produced <= ee.Limit || ee.Limit < recording.ExpandFloor || !strings.Contains(err.Error(), "requests/1.json") {
				t.Errorf("Expand = %v (%+v)", err, ee)
			}
			if n > tc.allocLimit {
				t.Errorf("Expand allocated %d bytes, more than %d", n, tc.allocLimit)
			}
			if _, err := recording.ExpandEvents([]byte(`{"dir":"stdout","msg":"@line:0000000000000000"}`), s); !errors.Is(err, recording.ErrMissingObject) {
				t.Errorf("ExpandEvents = %v", err)
			}
		})
	}
}

// FuzzExpandStore expands a recording that names a system object n
// times, the object and the one paragraph it may name being the fuzzer's:
// the read either fails or gives a text with no reference left, and never
// produces more than its bound.
func FuzzExpandStore(f *testing.F) {
	f.Add([]byte(`{"type":"text","text":["a","@text:00000000000000aa"]}`), []byte(`"b\n\nc"`), uint8(3))
	f.Add([]byte(`{"type":"text","text":"whole"}`), []byte(`"x"`), uint8(1))
	f.Add([]byte(`{"text":[{"text":["@text:00000000000000aa","@text:00000000000000aa"]}]}`), []byte(`7`), uint8(2))
	f.Fuzz(func(t *testing.T, object, para []byte, n uint8) {
		sum := sha256.Sum256(bytes.TrimSpace(object))
		hash := hex.EncodeToString(sum[:])[:16]
		fsys := fstest.MapFS{
			"objects/system/" + hash + ".json":     {Data: object},
			"objects/system/00000000000000bb.json": {Data: object},
			"objects/text/00000000000000aa.json":   {Data: para},
		}
		refs := []string{`"@system:` + hash + `"`, `"@system:00000000000000bb"`}
		var list []string
		for i := range int(n%16) + 1 {
			list = append(list, refs[i%2])
		}
		data := []byte("-- requests/1.json --\n{\"body\":{\"system\":[" + strings.Join(list, ",") + "]}}\n")
		full, read, produced, err := recording.ExpandGrowth(data, recording.StoreFS(fsys))
		var ee *recording.ExpansionError
		if errors.As(err, &ee) && ee.Produced <= ee.Limit {
			t.Errorf("%v: produced %d within its limit %d", err, ee.Produced, ee.Limit)
		}
		if err != nil {
			return
		}
		if produced > max(recording.ExpandFloor, recording.ExpandRatio*read) {
			t.Errorf("produced %d from %d read", produced, read)
		}
		if recording.HasReferences(full) {
			t.Errorf("Expand left references: %s", full)
		}
	})
}
