package scenario

import (
	"os"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/internal/jsontree"
)

// BenchmarkNormalizeRequest measures normalizing one main-loop request of
// the 2.1.37 CLI (system prompt and 17 tool definitions, ~70 KB).
func BenchmarkNormalizeRequest(b *testing.B) {
	ar, err := txtar.ParseFile("../recordings/2.1.37/bash-single.txtar")
	if err != nil {
		b.Fatal(err)
	}
	var body []byte
	for _, f := range ar.Files {
		if f.Name == "requests/1.json" {
			body = f.Data
		}
	}
	if body == nil {
		b.Fatal("no requests/1.json")
	}
	b.SetBytes(int64(len(body)))
	paths := map[string]string{os.TempDir() + "/ccwire-scenario-1": "cwd"}
	for b.Loop() {
		v, err := jsontree.Parse(body)
		if err != nil {
			b.Fatal(err)
		}
		n := newNormalizer(time.Now(), 1234, paths, nil)
		_ = n.value(v).AppendIndent(nil, "")
	}
}
