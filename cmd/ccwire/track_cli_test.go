package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/cliversion"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// TestTrackCLI runs ccwire track on a copy of a few scenarios'
// recordings with the newest pinned release removed: track runs the
// real CLI of that release and brings back its recordings, the
// findings of what changed from the release before, and the reference
// that names them.
func TestTrackCLI(t *testing.T) {
	t.Parallel()
	pinned := cliinstall.PinnedVersions()
	newest := pinned[len(pinned)-1]
	claudetest.Binary(t, newest) // installed, or the test fails
	repo := filepath.Join("..", "..")
	recs := filepath.Join(repo, recordingsDir)
	versions, err := os.ReadDir(recs)
	if err != nil {
		t.Fatal(err)
	}
	// The recorded release before the newest.
	var older string
	for _, e := range versions {
		v := e.Name()
		if e.IsDir() && v != "objects" && v != newest && (older == "" || cliversion.CompareStrings(older, v) < 0) && cliversion.CompareStrings(v, newest) < 0 {
			older = v
		}
	}
	ids := []string{"initialize-handshake", "bash-single", "multi-turn"}
	root := t.TempDir()
	for _, id := range ids {
		if err := copyFile(filepath.Join(repo, scenariosDir, id+".txtar"), filepath.Join(root, scenariosDir, id+".txtar")); err != nil {
			t.Fatal(err)
		}
		if err := copyFile(scenario.RecordingPath(recs, older, id), scenario.RecordingPath(filepath.Join(root, recordingsDir), older, id)); err != nil {
			t.Fatal(err)
		}
	}
	// The findings without those of the newest release.
	firsts, err := drift.ReadFirsts(filepath.Join(repo, filepath.FromSlash(drift.FirstsFile)))
	if err != nil {
		t.Fatal(err)
	}
	firsts.Findings = slices.DeleteFunc(firsts.Findings, func(x drift.First) bool { return x.Version == newest })
	if err := os.MkdirAll(filepath.Join(root, "drift"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := drift.WriteFirsts(filepath.Join(root, filepath.FromSlash(drift.FirstsFile)), firsts); err != nil {
		t.Fatal(err)
	}
	releases := filepath.Join(t.TempDir(), "releases.txt")
	if err := os.WriteFile(releases, []byte(older+"\n"+newest+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	checkRun(t, []string{"track", "--root", root, "--releases", releases, "--run", "^(" + strings.Join(ids, "|") + ")$", "-j", "3"}, 0,
		[]string{"ccwire track: recorded 1 releases", "release 1 of 1: " + newest, "3 passed, 0 failed, 0 skipped", "regenerated docs/"}, nil)

	// The recordings are back, and show what the committed ones show.
	only := func(c *drift.Corpus) *drift.Corpus { return c.Only(ids...) }
	load := func(dir, v string) *drift.Corpus {
		t.Helper()
		c, err := drift.Load(filepath.Join(dir, v), drift.LoadOptions{Label: dir, Version: v})
		if err != nil {
			t.Fatal(err)
		}
		return only(c)
	}
	if rep := drift.Compare(load(recs, newest), load(filepath.Join(root, recordingsDir), newest)); !rep.Empty() {
		var b strings.Builder
		_ = rep.WriteText(&b)
		t.Errorf("the recordings track made of %s differ from the committed ones:\n%s", newest, b.String())
	}
	// Every change from the older release is a finding of the newest,
	// named in the changelog.
	got, err := drift.ReadFirsts(filepath.Join(root, filepath.FromSlash(drift.FirstsFile)))
	if err != nil {
		t.Fatal(err)
	}
	changelog, err := os.ReadFile(filepath.Join(root, "docs", "en", "changelog.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range drift.Shifts(drift.Compare(load(recs, older), load(recs, newest)), nil) {
		en, _ := sh.Describe()
		if !slices.ContainsFunc(got.Findings, func(x drift.First) bool {
			return x.Version == newest && x.LastWithout == older && x.En == en
		}) && firsts.Known(sh, older, newest) == nil {
			t.Errorf("no finding of %s in %s: %q", newest, drift.FirstsFile, en)
		}
		// Markdown escapes the brackets of a member's path.
		if !strings.Contains(strings.ReplaceAll(string(changelog), `\`, ""), en) {
			t.Errorf("the changelog does not name %q", en)
		}
	}
	if !strings.Contains(string(changelog), newest) {
		t.Errorf("the changelog does not name %s", newest)
	}
}
