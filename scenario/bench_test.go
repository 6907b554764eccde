package scenario_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/scenario"
)

func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "max-tokens.txtar"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := scenario.Parse("max-tokens.txtar", data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunFakeCLI measures what the runner itself costs per run: a
// fake API, a working folder, a process (a tiny shell script instead of
// the CLI), one turn, the checks and the recording.
func BenchmarkRunFakeCLI(b *testing.B) {
	bin := fakeBinary(b)
	sc, err := scenario.Parse("hello.txtar", []byte(header("hello", "")+helloTurn+unused))
	if err != nil {
		b.Fatal(err)
	}
	r := &scenario.Runner{Binary: bin}
	for b.Loop() {
		if res := r.Run(b.Context(), sc); res.Status != scenario.Passed {
			b.Fatal(res.Err)
		}
	}
}
