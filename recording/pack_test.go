package recording_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"runtime"
	"testing"
	"testing/fstest"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/internal/benchcpu"
	"github.com/ccwire/ccwire/internal/benchheap"
	"github.com/ccwire/ccwire/recording"
)

// packOf packs fsys.
func packOf(tb testing.TB, fsys fs.FS) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := recording.Pack(&b, fsys); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// TestPackFS checks a pack's file system with fstest.TestFS, on a folder
// large enough for several blocks, and that packing it twice gives the
// same bytes.
func TestPackFS(t *testing.T) {
	t.Parallel()
	src := fstest.MapFS{
		"README.md": {Data: []byte("readme")},
		"go.mod":    {Data: []byte("module x\n")},  // left out
		"embed.go":  {Data: []byte("package x\n")}, // left out
		"empty.txt": {Data: nil},
	}
	var want []string
	for i := range 40 {
		big := bytes.Repeat([]byte{byte('a' + i%26)}, recording.PackBlockSize/8+i)
		for _, name := range []string{
			path.Join("2.1."+string(rune('0'+i%10)), "s"+string(rune('a'+i/10))+".txtar"),
			path.Join("objects", "tool", string(rune('a'+i%26))+string(rune('a'+i/26))+".json"),
		} {
			src[name] = &fstest.MapFile{Data: big}
			want = append(want, name)
		}
	}
	want = append(want, "README.md", "empty.txt")
	data := packOf(t, src)
	if again := packOf(t, src); !bytes.Equal(data, again) {
		t.Error("two packs of one folder differ")
	}
	p, err := recording.OpenPack(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(p, want...); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"go.mod", "embed.go"} {
		if _, err := fs.Stat(p, name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Stat(%s) = %v, want it left out", name, err)
		}
	}
	for _, name := range want {
		got, err := fs.ReadFile(p, name)
		if err != nil || !bytes.Equal(got, src[name].Data) {
			t.Errorf("ReadFile(%s) = %d bytes, %v; want the %d packed", name, len(got), err, len(src[name].Data))
		}
	}
}

// TestPackCorpus packs the module's corpus and reads every file back.
func TestPackCorpus(t *testing.T) {
	t.Parallel()
	corpustest.Matrix(t, "packs the whole folder, 7.5 CPU-seconds at 59 versions; the pack's code is tested on fixtures, and TestPackFresh reads the built-in pack on every run")
	src := os.DirFS(recordingsDir)
	data := packOf(t, src)
	p, err := recording.OpenPack(data)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || name == "go.mod" || path.Ext(name) == ".go" {
			return err
		}
		n++
		want, err := fs.ReadFile(src, name)
		if err != nil {
			return err
		}
		got, err := fs.ReadFile(p, name)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the pack holds other bytes", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 1000 {
		t.Fatalf("%d files in %s, want the whole corpus", n, recordingsDir)
	}
	t.Logf("%d files packed in %d bytes", n, len(data))
}

// TestOpenPackBad checks that what is not a whole pack is refused with
// ErrBadPack.
func TestOpenPackBad(t *testing.T) {
	t.Parallel()
	good := packOf(t, fstest.MapFS{"2.1.37/a.txtar": {Data: []byte("hello, pack")}})
	for name, data := range map[string][]byte{
		"empty":     nil,
		"not":       []byte("PK\x03\x04"),
		"truncated": good[:len(good)-1],
		"trailing":  append(bytes.Clone(good), 0),
		"no index":  good[:len("ccwire recordings pack 2\n")+1],
	} {
		if _, err := recording.OpenPack(data); !errors.Is(err, recording.ErrBadPack) {
			t.Errorf("%s: OpenPack = %v, want ErrBadPack", name, err)
		}
	}
}

// FuzzOpenPack checks that no input makes OpenPack or reading what it
// returns panic, and that a pack it accepts reads as a file system.
func FuzzOpenPack(f *testing.F) {
	f.Add(packOf(f, fstest.MapFS{"2.1.37/a.txtar": {Data: []byte("hello, pack")}, "objects/tool/x.json": {Data: []byte("{}\n")}}))
	f.Add([]byte("ccwire recordings pack 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := recording.OpenPack(data)
		if err != nil {
			return
		}
		_ = fs.WalkDir(p, ".", func(name string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				_, _ = fs.ReadFile(p, name)
			}
			return nil
		})
	})
}

// BenchmarkPackOpenRecording measures what reading the packed corpus
// costs from scratch, each iteration opening the pack: its index alone,
// one recording expanded from the blocks of its text and its objects, and
// all the recordings of a version (and, for comparison, the same from the
// folder on disk). It reports the CPU time (cpu-ns/op, which waiting for
// a core on a shared machine does not inflate) and the peak heap growth
// (peak-heap-B).
func BenchmarkPackOpenRecording(b *testing.B) {
	data := packOf(b, os.DirFS(recordingsDir))
	read := func(b *testing.B, p fs.FS, pattern string) {
		names, err := fs.Glob(p, pattern)
		if err != nil || len(names) == 0 {
			b.Fatal(names, err)
		}
		for _, n := range names {
			if _, err := recording.ReadFileFS(p, n); err != nil {
				b.Fatal(err)
			}
		}
	}
	fromPack := func(b *testing.B) fs.FS {
		p, err := recording.OpenPack(data)
		if err != nil {
			b.Fatal(err)
		}
		return p
	}
	fromFolder := func(*testing.B) fs.FS { return os.DirFS(recordingsDir) }
	for _, bc := range []struct {
		name    string
		open    func(*testing.B) fs.FS
		pattern string // the recordings to read; "" for none
	}{
		{"index", fromPack, ""},
		{"recording", fromPack, "2.1.332/text-simple.txtar"},
		{"version", fromPack, "2.1.332/*.txtar"},
		{"version-folder", fromFolder, "2.1.332/*.txtar"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			runtime.GC()
			heap := benchheap.Start()
			cpu := benchcpu.Start()
			for b.Loop() {
				p := bc.open(b)
				if bc.pattern != "" {
					read(b, p, bc.pattern)
				}
			}
			cpu.Report(b)
			b.ReportMetric(float64(heap.Stop()), "peak-heap-B")
		})
	}
}
