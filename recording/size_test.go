package recording_test

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/recording"
)

// Size targets of the corpus: the whole recordings folder held
// baseVersions versions in at most maxCorpusBytes, and each version more
// adds at most maxVersionAddBytes (its recordings and the objects only it
// references) to it.
const (
	baseVersions       = 15
	maxCorpusBytes     = 25 << 20
	maxVersionAddBytes = 1 << 20
)

// TestCorpusSize reports the size of the recordings folder and what each
// version adds to it, and holds them to their targets: the folder as a
// whole, and each version recorded among near releases, as a new release
// is (a version far from any other recorded one shares fewer objects).
func TestCorpusSize(t *testing.T) {
	t.Parallel()
	corpustest.Matrix(t, "the size of the folder and what each version adds to it change only with the recordings; reading every file costs 7 CPU-seconds at 59 versions")
	var total int64
	err := filepath.WalkDir(recordingsDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		total += info.Size()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	files, err := recording.Files(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]int64{}             // a version's recording bytes
	users := map[recording.Ref][]string{} // the versions that reference an object
	for _, f := range files {
		v := filepath.Base(filepath.Dir(f))
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		own[v] += int64(len(data))
		refs, err := recording.References(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			if !slices.Contains(users[r], v) {
				users[r] = append(users[r], v)
			}
		}
	}
	// A paragraph of an object's text is used by the versions that use
	// the object.
	store := recording.OpenStore(recordingsDir)
	for r, vs := range maps.Clone(users) {
		paras, err := store.Paragraphs(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paras {
			for _, v := range vs {
				if !slices.Contains(users[p], v) {
					users[p] = append(users[p], v)
				}
			}
		}
	}
	alone := map[string]int64{} // bytes of the objects only one version references
	for r, vs := range users {
		if len(vs) == 1 {
			info, err := os.Stat(filepath.Join(recordingsDir, recording.ObjectsDir, string(r.Kind), r.Hash+".json"))
			if err != nil {
				t.Fatal(err)
			}
			alone[vs[0]] += info.Size()
		}
	}
	versions := make([]string, 0, len(own))
	for v := range own {
		versions = append(versions, v)
	}
	slices.SortFunc(versions, cliversion.CompareStrings)
	var b strings.Builder
	for _, v := range versions {
		add := own[v] + alone[v]
		b.WriteString("\n  " + v + ": " + mb(own[v]) + " recordings + " + mb(alone[v]) + " own objects = " + mb(add))
		if add > maxVersionAddBytes && dense(versions, v) {
			t.Errorf("Claude Code %s adds %s to the corpus, more than %s", v, mb(add), mb(maxVersionAddBytes))
		}
	}
	t.Logf("recordings folder: %s for %d versions (%d recordings); each version adds:%s", mb(total), len(versions), len(files), b.String())
	limit := int64(maxCorpusBytes + max(len(versions)-baseVersions, 0)*maxVersionAddBytes)
	if total > limit {
		t.Errorf("the recordings folder has %s for %d versions, more than %s (%s for %d, %s for each more)",
			mb(total), len(versions), mb(limit), mb(maxCorpusBytes), baseVersions, mb(maxVersionAddBytes))
	}
}

// mb writes a byte count in MiB with two decimals.
func mb(n int64) string { return strconv.FormatFloat(float64(n)/(1<<20), 'f', 2, 64) + " MiB" }

// denseGap is how many releases apart two recorded versions are near: the
// next release, as the dense matrix records every new one.
const denseGap = 1

// dense reports whether another of versions is at most denseGap releases
// from v (the same major and minor version).
func dense(versions []string, v string) bool {
	line, patch := splitPatch(v)
	for _, w := range versions {
		l, p := splitPatch(w)
		if w != v && l == line && max(p-patch, patch-p) <= denseGap {
			return true
		}
	}
	return false
}

// splitPatch splits a release version into its major.minor and patch.
func splitPatch(v string) (string, int) {
	i := strings.LastIndexByte(v, '.')
	n, _ := strconv.Atoi(v[i+1:])
	return v[:i], n
}
