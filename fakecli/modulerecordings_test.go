package fakecli_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ccwire/ccwire/fakecli"
)

// TestModuleRecordings finds the recordings folder of a ccwire checkout
// from anywhere in it, the recordings folder included: it is a module of
// its own, whose go.mod must not end the search empty-handed.
func TestModuleRecordings(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	other := t.TempDir()
	for name, data := range map[string]string{
		filepath.Join(root, "go.mod"):                        "// A comment first.\nmodule github.com/ccwire/ccwire\n\ngo 1.26\n",
		filepath.Join(root, "recordings", "go.mod"):          "// Data.\nmodule github.com/ccwire/ccwire/recordings\n\ngo 1.26\n",
		filepath.Join(root, "recordings", "2.1.37", "a.txt"): "",
		filepath.Join(root, "claude", "a.go"):                "",
		filepath.Join(other, "go.mod"):                       "module example.com/other\n",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	recs := filepath.Join(root, "recordings")
	for _, tc := range []struct{ dir, want string }{
		{root, recs},
		{filepath.Join(root, "claude"), recs},
		{recs, recs},
		{filepath.Join(recs, "2.1.37"), recs},
		{other, ""},
	} {
		if got := fakecli.ModuleRecordings(tc.dir); got != tc.want {
			t.Errorf("ModuleRecordings(%s) = %q, want %q", tc.dir, got, tc.want)
		}
	}
}
