package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"

	"github.com/ccwire/ccwire/recording"
)

// The size targets of issue 25: what go get github.com/ccwire/ccwire
// downloads (the root module's zip), and the binaries with the
// recordings they carry, when the recordings hold targetVersions CLI
// versions.
const (
	maxModuleZip   = 10_000_000
	maxBinary      = 40_000_000
	targetVersions = 60
)

// BenchmarkDownloadSizes reports what a user downloads, in MiB: the
// root module's zip (what go get github.com/ccwire/ccwire fetches, made
// by golang.org/x/mod/zip as the module proxy makes it), the zips of the
// nested modules (recordings, docs, schema: data no build needs), the
// ccwire command as go install builds it and stripped as the release
// builds it (-s -w -trimpath), the fake CLI claude-fake (with the
// recordings both embed, packed by package corpus), and a program that
// imports only package claude (examples/oneshot), which carries none.
//
// The recordings grow by a version at a time: the "-at60" figures add
// to the module zip and the binaries what the pack grows by per version
// (measured by packing the older half of the recorded versions and the
// whole, a slope from versions farther apart, so larger, than the ones
// still to come) times the versions missing to targetVersions. It fails
// when one of them passes its target. Each iteration builds the binaries,
// so run it with -benchtime 1x.
func BenchmarkDownloadSizes(b *testing.B) {
	root := filepath.Join("..", "..")
	dir := b.TempDir()
	var ccwire, stripped, fake, claudeOnly int64
	for b.Loop() {
		ccwire = buildSize(b, dir, ".")
		stripped = buildSize(b, dir, ".", "-trimpath", "-ldflags=-s -w")
		fake = buildSize(b, dir, "../claude-fake")
		claudeOnly = buildSize(b, dir, "../../examples/oneshot")
	}
	zip := moduleZipSize(b, root, "github.com/ccwire/ccwire")
	nested := map[string]int64{}
	for _, m := range []string{"recordings", "docs", "schema"} {
		nested[m] = moduleZipSize(b, filepath.Join(root, m), "github.com/ccwire/ccwire/"+m)
	}
	versions, perVersion := packGrowth(b, os.DirFS(filepath.Join(root, recordingsDir)))
	grow := int64(max(0, targetVersions-versions)) * perVersion

	mib := func(n int64) float64 { return float64(n) / (1 << 20) }
	b.ReportMetric(mib(zip), "module-zip-MiB")
	for m, n := range nested {
		b.ReportMetric(mib(n), m+"-zip-MiB")
	}
	b.ReportMetric(mib(ccwire), "ccwire-MiB")
	b.ReportMetric(mib(stripped), "ccwire-stripped-MiB")
	b.ReportMetric(mib(fake), "claude-fake-MiB")
	b.ReportMetric(mib(claudeOnly), "claude-only-MiB")
	b.ReportMetric(float64(versions), "versions")
	b.ReportMetric(float64(perVersion)/(1<<10), "pack-KiB/version")
	for _, s := range []struct {
		name   string
		n, max int64
	}{
		{"module-zip", zip + grow, maxModuleZip},
		{"ccwire", ccwire + grow, maxBinary},
		{"ccwire-stripped", stripped + grow, maxBinary},
		{"claude-fake", fake + grow, maxBinary},
	} {
		b.ReportMetric(mib(s.n), s.name+"-at60-MiB")
		if s.n > s.max {
			b.Errorf("%s with %d versions: %d bytes, want at most %d", s.name, targetVersions, s.n, s.max)
		}
	}
}

// buildSize builds the command in pkg into dir, with flags, and returns
// its size.
func buildSize(b *testing.B, dir, pkg string, flags ...string) int64 {
	out := filepath.Join(dir, filepath.Base(pkg)+".bin")
	args := append(append([]string{"build", "-o", out}, flags...), pkg)
	if msg, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		b.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	st, err := os.Stat(out)
	if err != nil {
		b.Fatal(err)
	}
	return st.Size()
}

// moduleZipSize returns the size of the zip of the module path at dir, as
// the module proxy serves it: made by golang.org/x/mod/zip, which leaves
// out nested modules, version control and vendor folders.
func moduleZipSize(tb testing.TB, dir, path string) int64 {
	tb.Helper()
	var n countWriter
	if err := modzip.CreateFromDir(&n, module.Version{Path: path, Version: "v0.0.0"}, dir); err != nil {
		tb.Fatalf("zip of %s: %v", path, err)
	}
	return int64(n)
}

// countWriter counts the bytes written to it.
type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

// packGrowth returns how many versions the recordings folder recs holds
// and what a version adds to its pack: the pack of the whole folder less
// the pack of its older half (their recordings and the objects they
// reference), over the versions between.
func packGrowth(tb testing.TB, recs fs.FS) (versions int, perVersion int64) {
	tb.Helper()
	all, err := recording.VersionsFS(recs)
	if err != nil {
		tb.Fatal(err)
	}
	if len(all) < 2 {
		tb.Fatalf("%d versions recorded, want two or more", len(all))
	}
	half := all[:len(all)/2]
	older := fstest.MapFS{}
	err = fs.WalkDir(recs, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !slices.Contains(half, path.Dir(name)) {
			return err
		}
		data, err := fs.ReadFile(recs, name)
		if err != nil {
			return err
		}
		older[name] = &fstest.MapFile{Data: data}
		refs, err := recording.References(data)
		if err != nil {
			return err
		}
		for _, r := range refs {
			o := path.Join(recording.ObjectsDir, string(r.Kind), r.Hash+".json")
			if older[o] == nil {
				obj, err := fs.ReadFile(recs, o)
				if err != nil {
					return err
				}
				older[o] = &fstest.MapFile{Data: obj}
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	whole, part := packSize(tb, recs), packSize(tb, older)
	return len(all), (whole - part) / int64(len(all)-len(half))
}

// packSize returns the size of the pack of fsys.
func packSize(tb testing.TB, fsys fs.FS) int64 {
	tb.Helper()
	var b bytes.Buffer
	if err := recording.Pack(&b, fsys); err != nil {
		tb.Fatal(err)
	}
	return int64(b.Len())
}
