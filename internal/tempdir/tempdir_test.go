package tempdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMake(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seen := map[string]bool{}
	for range 20 {
		p, err := Make(dir, "ccwire-x-")
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		if filepath.Dir(p) != dir || !strings.HasPrefix(name, "ccwire-x-") || len(name) != len("ccwire-x-")+16 {
			t.Errorf("Make = %s, want %s/ccwire-x- and 16 hex digits", p, dir)
		}
		if seen[p] {
			t.Errorf("Make gave %s twice", p)
		}
		seen[p] = true
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
			t.Errorf("Make: %s is not a private folder: %v %v", p, fi, err)
		}
	}
}

func TestMakeError(t *testing.T) {
	t.Parallel()
	if _, err := Make(filepath.Join(t.TempDir(), "missing"), "x-"); err == nil || !strings.HasPrefix(err.Error(), "tempdir: ") {
		t.Errorf("Make in a missing folder: %v, want a tempdir error", err)
	}
}
