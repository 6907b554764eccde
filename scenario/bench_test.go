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
