package fakecli_test

import (
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/internal/benchcpu"
)

// BenchmarkDirLookup reads a recording for playing as the fake reads a
// scenario's other recordings (DirLookup): from its stored form in the
// recordings folder, expanded from the object store.
func BenchmarkDirLookup(b *testing.B) {
	lookup := fakecli.DirLookup(filepath.Join(recordingsDir, "2.1.330"))
	b.ReportAllocs()
	cpu := benchcpu.Start()
	for b.Loop() {
		if _, err := lookup("multi-turn"); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}
