package scenario_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/internal/corpustest"

	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/match"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

var (
	update = flag.Bool("update", false, "rewrite the recordings in ../recordings from this run")
	runRE  = flag.String("scenarios", "", "run only scenarios whose ID matches this regular expression")
)

const (
	corpusDir     = "../scenarios"
	recordingsDir = "../recordings"
)

// TestCorpus runs every scenario of the corpus against both pinned CLI
// versions and checks that each run passes and reproduces its committed
// recording byte for byte.
func TestCorpus(t *testing.T) {
	scenarios, err := scenario.LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	if *runRE != "" {
		re, err := regexp.Compile(*runRE)
		if err != nil {
			t.Fatalf("-scenarios: %v", err)
		}
		scenarios = slices.DeleteFunc(scenarios, func(sc *scenario.Scenario) bool { return !re.MatchString(sc.ID) })
		if len(scenarios) == 0 {
			t.Fatalf("-scenarios %q matches no scenario", *runRE)
		}
	}
	var runners []*scenario.Runner
	for _, v := range cliinstall.PinnedVersions() {
		runners = append(runners, &scenario.Runner{Binary: claudetest.Binary(t, v), MCPTestServer: mcpServer})
	}
	start := time.Now()
	results := scenario.RunAll(context.Background(), scenarios, runners, scenario.Options{})
	t.Logf("%d runs: %v", len(results), scenario.NewTiming(results, time.Since(start)))
	for _, r := range results {
		t.Run(r.Scenario.ID+"/"+r.Version, func(t *testing.T) {
			switch r.Status {
			case scenario.Skipped:
				t.Logf("not applicable to %s: %s", r.Version, r.Reason.En)
				return
			case scenario.Failed:
				t.Error(r.Err)
			}
			path := scenario.RecordingPath(recordingsDir, r.Version, r.Scenario.ID)
			if *update {
				if err := scenario.WriteRecording(t.Context(), recordingsDir, r); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := recording.ReadFile(path)
			if err != nil {
				t.Fatalf("no committed recording (run go test ./scenario -update, or ccwire spec): %v", err)
			}
			if r.Recording == nil {
				t.Fatal("no recording")
			}
			got, err := r.Recording.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the run does not reproduce %s:\n%s", path, match.FirstDifference(want, got))
			}
		})
	}
}

// TestRecordingsMatchCorpus checks that every recorded CLI version has
// a recording of every scenario that applies to it, and none of a
// scenario that does not or that is gone: the matrix is the whole
// corpus on each of its versions, not a part of it.
func TestRecordingsMatchCorpus(t *testing.T) {
	t.Parallel()
	corpustest.Whole(t, "a change of the scenarios concerns every version; it lists file names, reading no recording")
	scenarios, err := scenario.LoadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(recordingsDir)
	if err != nil {
		t.Fatal(err)
	}
	versions := 0
	for _, ent := range entries {
		v, err := cliversion.Parse(ent.Name())
		if err != nil || !ent.IsDir() {
			continue
		}
		versions++
		t.Run(ent.Name(), func(t *testing.T) {
			t.Parallel()
			files, err := os.ReadDir(filepath.Join(recordingsDir, ent.Name()))
			if err != nil {
				t.Fatal(err)
			}
			recorded := map[string]bool{}
			for _, f := range files {
				if id, ok := strings.CutSuffix(f.Name(), ".txtar"); ok {
					recorded[id] = true
				}
			}
			var missing []string
			for _, sc := range scenarios {
				switch applies := sc.AppliesTo(v); {
				case applies && !recorded[sc.ID]:
					missing = append(missing, sc.ID)
				case !applies && recorded[sc.ID]:
					t.Errorf("%s: recorded, but the scenario does not apply (%s)", sc.ID, sc.SkipReason(v).En)
				}
				delete(recorded, sc.ID)
			}
			if len(missing) > 0 {
				t.Errorf("%d scenarios that apply have no recording (ccwire spec --cli-version %s --run '^(%s)$'): %v", len(missing), ent.Name(), strings.Join(missing, "|"), missing)
			}
			for id := range recorded {
				t.Errorf("%s.txtar: no scenario %s in %s", id, id, corpusDir)
			}
		})
	}
	if versions < 10 {
		t.Errorf("%d versions recorded; the matrix keeps at least 10", versions)
	}
}
