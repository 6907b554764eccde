package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkDownloadSizes reports what a user downloads: the ccwire command
// and the fake CLI as built (bytes, with the recordings they embed), and
// the files of the module outside its nested modules, which
// go get github.com/ccwire/ccwire fetches. Each iteration builds both
// binaries, so run it with -benchtime 1x.
func BenchmarkDownloadSizes(b *testing.B) {
	dir := b.TempDir()
	var ccwire, fake int64
	for b.Loop() {
		ccwire = buildSize(b, dir, ".")
		fake = buildSize(b, dir, "../claude-fake")
	}
	b.ReportMetric(float64(ccwire)/(1<<20), "ccwire-MiB")
	b.ReportMetric(float64(fake)/(1<<20), "claude-fake-MiB")
	b.ReportMetric(float64(moduleFilesSize(b, filepath.Join("..", "..")))/(1<<20), "module-MiB")
}

// buildSize builds the command in pkg into dir and returns its size.
func buildSize(b *testing.B, dir, pkg string) int64 {
	out := filepath.Join(dir, filepath.Base(pkg)+".bin")
	if msg, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
	st, err := os.Stat(out)
	if err != nil {
		b.Fatal(err)
	}
	return st.Size()
}

// moduleFilesSize sums the files of the module at root that its zip
// holds: all but those of nested modules (folders with a go.mod of their
// own), version control and vendor folders.
func moduleFilesSize(tb testing.TB, root string) int64 {
	var n int64
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root {
				if name := d.Name(); strings.HasPrefix(name, ".") || name == "vendor" {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // a nested module
				}
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		n += info.Size()
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
