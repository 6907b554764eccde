package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
)

// trackRoot makes a module root for ccwire track: the scenarios
// (scenario ID to txtar), a firsts file with no findings, and the
// recordings of versions, made with ccwire spec from the cache's CLIs.
func trackRoot(t *testing.T, cache string, scenarios map[string]string, versions ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, dir := range []string{scenariosDir, "drift"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for id, text := range scenarios {
		if err := os.WriteFile(filepath.Join(root, scenariosDir, id+".txtar"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(drift.FirstsFile)), []byte(`{"findings": []}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		checkRun(t, []string{"spec", "--cache-dir", cache, "--scenarios", filepath.Join(root, scenariosDir), "--cli-version", v, "--record", filepath.Join(root, recordingsDir)}, 0, nil, nil)
	}
	return root
}

func TestRunTrack(t *testing.T) {
	t.Parallel()
	sandbox := `,"sandbox_enabled":false`
	cache := fakeCache(t, map[string]string{"2.1.37": "", "2.1.38": "", "2.1.39": "", "2.1.40": sandbox, "2.1.41": sandbox, "2.1.42": sandbox})
	npm := fakeNPMView(t, "2.1.36", "2.1.37", "2.1.38", "2.1.39", "2.1.40", "2.1.41", "2.1.42")
	scenarios := map[string]string{
		"good":  specScenario("good", ""),
		"later": specScenario("later", `, "cli": ">=2.1.41", "not_applicable": {"en": "only from 2.1.41", "ja": "2.1.41以降のみ"}`),
	}
	root := trackRoot(t, cache, scenarios, "2.1.37")
	common := []string{"track", "--root", root, "--cache-dir", cache, "--npm", npm, "--dense-from", "2.1.42"}

	t.Run("usage", func(t *testing.T) {
		t.Parallel()
		checkRun(t, []string{"track", "-h"}, 0, []string{"Usage: ccwire track", "-dense-from", "-dry-run"}, nil)
		checkRun(t, []string{"track", "x"}, 2, nil, []string{"unexpected arguments"})
		checkRun(t, []string{"track", "--dense-from", "nope"}, 2, nil, []string{"--dense-from"})
		checkRun(t, []string{"track", "--run", "("}, 2, nil, []string{"--run"})
		checkRun(t, []string{"track", "-j", "0"}, 2, nil, []string{"-j must be at least 1"})
	})

	// The plan: 2.1.42 (dense), compared with 2.1.37, a change bisected
	// over the four releases between. Nothing is run or written.
	before, err := os.ReadDir(filepath.Join(root, recordingsDir))
	if err != nil {
		t.Fatal(err)
	}
	checkRun(t, append(slices.Clone(common), "--dry-run"), 0, []string{
		"ccwire track: would record 1 releases (1 recorded of 7 published; dense from 2.1.42)\n",
		"release 1 of 1: 2.1.42\n  compared with the older 2.1.37: a change is bisected over the 4 releases between (2.1.38 to 2.1.41)\n",
	}, nil)
	after, err := os.ReadDir(filepath.Join(root, recordingsDir))
	if err != nil {
		t.Fatal(err)
	}
	if len(before) != len(after) {
		t.Errorf("--dry-run wrote recordings: %d entries, then %d", len(before), len(after))
	}

	// The run: both changes bisected to their first version.
	out := checkRun(t, common, 0, []string{
		"ccwire track: recorded 1 releases",
		"2 passed, 0 failed, 0 skipped; 2 changes, 0 already in drift/firsts.json, 2 findings added",
		"2.1.40 (last without: 2.1.39, scenario good): system/init carries sandbox_enabled (boolean).",
		"2.1.41 (last without: 2.1.40, scenario later): Scenario later passes (before: n/a).",
		"regenerated docs/",
	}, []string{"release 1 of 1: Claude Code 2.1.42"})
	f, err := drift.ReadFirsts(filepath.Join(root, filepath.FromSlash(drift.FirstsFile)))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Findings) != 2 || f.Findings[0].Version != "2.1.40" || f.Findings[0].Member != "system/init.sandbox_enabled" || f.Findings[1].Version != "2.1.41" {
		t.Errorf("findings %+v\n%s", f.Findings, out)
	}
	for _, p := range []string{"recordings/2.1.42/good.txtar", "recordings/2.1.42/later.txtar", "docs/en/changelog.md", "docs/ja/changelog.md", "schema/2.1.42/stream-json.schema.json", "drift/releases.txt"} {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
			t.Errorf("track wrote no %s: %v", p, err)
		}
	}
	changelog, err := os.ReadFile(filepath.Join(root, "docs", "en", "changelog.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(changelog), "system/init carries sandbox_enabled (boolean).") {
		t.Errorf("the changelog does not name the finding:\n%s", changelog)
	}

	// Nothing missing now.
	checkRun(t, common, 0, []string{"ccwire track: nothing missing: the recordings hold every release the matrix wants (2 recorded of 7 published, the newest 2.1.42; dense from 2.1.42)\n"}, nil)

	// A release left incomplete is run again; its findings are known.
	if err := os.Remove(filepath.Join(root, recordingsDir, "2.1.42", "later.txtar")); err != nil {
		t.Fatal(err)
	}
	js := checkRun(t, append(slices.Clone(common), "-json"), 0, nil, nil)
	var rep trackReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, js)
	}
	if len(rep.Releases) != 1 || rep.Releases[0].Version != "2.1.42" || rep.Releases[0].Known != 2 || len(rep.Releases[0].Findings) != 0 {
		t.Errorf("the resumed run: %+v", rep)
	}
	if _, err := os.Stat(filepath.Join(root, recordingsDir, "2.1.42", "later.txtar")); err != nil {
		t.Errorf("the resumed run did not write the missing recording: %v", err)
	}
}
