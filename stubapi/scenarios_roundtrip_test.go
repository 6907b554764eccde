package stubapi_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/ccwire/ccwire/stubapi"
)

// TestScenarioScriptsRoundTrip checks that the script of every scenario
// of scenarios/ (each version variant) parses, and survives encoding and
// decoding unchanged.
func TestScenarioScriptsRoundTrip(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../scenarios/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "stub.json" && !strings.HasPrefix(f.Name, "stub.json ") {
				continue
			}
			t.Run(filepath.Base(file)+":"+f.Name, func(t *testing.T) {
				s, err := stubapi.ParseScript(f.Data)
				if err != nil {
					t.Fatal(err)
				}
				// MarshalJSON, not json.Marshal, which escapes the < of
				// tool inputs kept as written.
				data, err := s.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				back, err := stubapi.ParseScript(data)
				if err != nil {
					t.Fatalf("parsing the encoded script %s: %v", data, err)
				}
				if diff := cmp.Diff(s, back); diff != "" {
					t.Errorf("round trip through %s changed the script (-before +after):\n%s", data, diff)
				}
			})
		}
	}
}
