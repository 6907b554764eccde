package recording_test

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/recording"
)

// proseFiles are the pages whose prose speaks of the recordings.
var proseFiles = []string{"../README.md", "../docs/architecture.md"}

// TestProseFigures keeps what the README and the architecture page say
// of the recordings true as versions are recorded (issue 33: they gave
// "16.8 MiB for 15 versions" and a list of 13 matrix releases when 59
// versions were recorded). The figures that change with each version are
// not written in prose (TestCorpusSize and BenchmarkDownloadSizes report
// them); this test fails when one comes back, when a CLI release they
// name is not recorded, or when the pinned versions they name are not
// cliinstall's.
func TestProseFigures(t *testing.T) {
	t.Parallel()
	corpustest.Whole(t, "the prose must name only recorded versions; it lists folder names only")
	versions, err := recording.Versions(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(versions) < 2 {
		t.Fatalf("%d versions in %s", len(versions), recordingsDir)
	}
	forVersions := regexp.MustCompile(`(?i)\bfor\s+(\d+)\s+versions\b`)
	size := regexp.MustCompile(`\b\d+(?:\.\d+)?\s*(?:[KMG]i?B)\b[^.;]*\bversions?\b`)
	release := regexp.MustCompile(`\b2\.\d+\.\d+\b`)
	pinned := regexp.MustCompile(`pinned CLI versions \(([^)]*)\)`)
	for _, f := range proseFiles {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for _, m := range forVersions.FindAllStringSubmatch(text, -1) {
			if n, _ := strconv.Atoi(m[1]); n != len(versions) {
				t.Errorf("%s says %q: %d versions are recorded", f, m[0], len(versions))
			}
		}
		for _, m := range size.FindAllString(text, -1) {
			t.Errorf("%s gives a size that changes with the versions recorded, %q: point to the test or benchmark that reports it", f, m)
		}
		for _, v := range release.FindAllString(text, -1) {
			if !slices.Contains(versions, v) {
				t.Errorf("%s names Claude Code %s, which is not recorded", f, v)
			}
		}
		for _, m := range pinned.FindAllStringSubmatch(text, -1) {
			if want := strings.Join(cliinstall.PinnedVersions(), " and "); m[1] != want {
				t.Errorf("%s says the pinned CLI versions are %s, cliinstall pins %s", f, m[1], want)
			}
		}
	}
}
