package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
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

// The fake CLIs of broken releases, for fakeCLIScript: VERSION is the
// version, STATE a file of the test's.
const (
	// fakeCrashCLI exits 7 on every run, before reading anything.
	fakeCrashCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "VERSION (Claude Code)"; exit 0; fi
echo "boom: VERSION cannot start" >&2
exit 7
`
	// fakeHangCLI never writes a line and never exits by itself.
	fakeHangCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "VERSION (Claude Code)"; exit 0; fi
exec sleep 600
`
	// fakeFlakyCLI crashes on its first run, and talks as
	// fakeVersionCLI from then on.
	fakeFlakyCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "VERSION (Claude Code)"; exit 0; fi
if [ ! -e 'STATE' ]; then : > 'STATE'; echo "flaky: first run" >&2; exit 7; fi
while IFS= read -r line; do
  printf '{"type":"system","subtype":"init","cwd":"%s","claude_code_version":"VERSION"}\n' "$PWD"
  printf '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello!"}]}}\n'
  printf '{"type":"result","subtype":"success","is_error":false,"result":"Hello!"}\n'
done
`
)

// fakeCLIScript installs script as version's CLI in the fake cache
// (fakeCache), replacing what it had, and returns the path STATE
// stands for.
func fakeCLIScript(t *testing.T, cache, version, script string) string {
	t.Helper()
	dir := filepath.Join(cache, "claude-code", version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(t.TempDir(), "state")
	script = strings.NewReplacer("VERSION", version, "STATE", state, "EXTRA", "").Replace(script)
	if err := os.WriteFile(filepath.Join(dir, "claude"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	marker := `{"package":"@anthropic-ai/claude-code","version":"` + version + `","entry":"claude","node":false,"installed_at":"2026-01-01T00:00:00Z"}`
	if err := os.WriteFile(filepath.Join(dir, "ccwire-install.json"), []byte(marker), 0o644); err != nil {
		t.Fatal(err)
	}
	return state
}

// TestTrackBrokenReleases runs ccwire track over releases that crash
// (exit 7), hang, do not install, change the protocol for real, and
// crash once: none of the broken ones is recorded or leaves a finding,
// track goes on to the later releases and exits 1 naming each with its
// reason, and a release fixed since is recorded by the next run.
func TestTrackBrokenReleases(t *testing.T) {
	t.Parallel()
	// 2.1.42 is not in the cache, and the fake npm installs nothing.
	cache := fakeCache(t, map[string]string{"2.1.37": "", "2.1.45": ""})
	fakeCLIScript(t, cache, "2.1.40", fakeCrashCLI)
	fakeCLIScript(t, cache, "2.1.41", fakeHangCLI)
	fakeCLIScript(t, cache, "2.1.43", strings.ReplaceAll(fakeVersionCLI, "Hello!", "Goodbye!"))
	fakeCLIScript(t, cache, "2.1.44", fakeFlakyCLI)
	npm := fakeNPMView(t, "2.1.36", "2.1.37", "2.1.38", "2.1.39", "2.1.40", "2.1.41", "2.1.42", "2.1.43", "2.1.44", "2.1.45")
	// The hanging CLI's runs end by the scenario's timeout at the latest.
	root := trackRoot(t, cache, map[string]string{"good": specScenario("good", `, "timeout": "8s"`)}, "2.1.37")
	firstsFile := filepath.Join(root, filepath.FromSlash(drift.FirstsFile))
	common := []string{"track", "--root", root, "--cache-dir", cache, "--npm", npm, "--dense-from", "2.1.40"}

	js := checkRun(t, append(slices.Clone(common), "-json"), 1, nil, []string{
		"ccwire track: 4 of 6 releases not recorded (a later run tries them again):",
		"2.1.40: scenario good: the CLI crashed: it exited with status 7 (want 0); stderr: boom: 2.1.40 cannot start",
		"2.1.41: scenario good: the CLI hung: it did not exit by itself",
		"2.1.42: the release did not install:",
		"2.1.43: scenario good: its expectations fail, though the CLI exited as wanted: a protocol change to look at",
	})
	var rep trackReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, js)
	}
	status := map[string]string{}
	for _, r := range rep.Releases {
		status[r.Version] = r.Status
		if r.Version == "2.1.44" && (r.Older != "2.1.37" || !slices.Equal(r.Rerun, []string{"good"})) {
			t.Errorf("2.1.44: compared with %q, passed on a rerun %q; want 2.1.37 and good", r.Older, r.Rerun)
		}
		if r.Version == "2.1.45" && r.Older != "2.1.44" {
			t.Errorf("2.1.45 compared with %q, want 2.1.44, the newest recorded", r.Older)
		}
		if r.Status == "failed" && len(r.Findings) > 0 {
			t.Errorf("%s failed and has findings %+v", r.Version, r.Findings)
		}
	}
	want := map[string]string{"2.1.40": "failed", "2.1.41": "failed", "2.1.42": "failed", "2.1.43": "failed", "2.1.44": "recorded", "2.1.45": "recorded"}
	if !maps.Equal(status, want) {
		t.Errorf("releases %v, want %v", status, want)
	}
	for v, s := range want {
		_, err := os.Stat(filepath.Join(root, recordingsDir, v))
		if recorded := err == nil; recorded != (s == "recorded") {
			t.Errorf("%s (%s): recordings folder: %v", v, s, err)
		}
		if _, err := os.Stat(filepath.Join(root, "schema", v)); (err == nil) != (s == "recorded") {
			t.Errorf("%s (%s): schema folder: %v", v, s, err)
		}
	}
	// The releases that passed show no change (their CLIs are alike):
	// a finding could only come from a broken one.
	if f, err := drift.ReadFirsts(firstsFile); err != nil || len(f.Findings) > 0 {
		t.Errorf("findings %+v, %v; want none", f, err)
	}

	// The broken releases are still missing; fixed since, 2.1.40 is
	// recorded by the next run, the others are tried again.
	checkRun(t, append(slices.Clone(common), "--dry-run"), 0, []string{"would record 4 releases", "release 1 of 4: 2.1.40\n"}, nil)
	fakeCLIScript(t, cache, "2.1.40", fakeVersionCLI)
	checkRun(t, common, 1, []string{"release 1 of 4: 2.1.40\n", "1 passed, 0 failed, 0 skipped"}, []string{"ccwire track: 3 of 4 releases not recorded"})
	if _, err := os.Stat(scenario.RecordingPath(filepath.Join(root, recordingsDir), "2.1.40", "good")); err != nil {
		t.Errorf("the fixed release was not recorded: %v", err)
	}
}

// TestTrackFailedBeforeRecorded: when the release that was to be
// compared with a recorded newer one fails, the release before it,
// recorded by the same run, is compared with that one instead, and the
// change between them is bisected over the failed release (which
// observes nothing).
func TestTrackFailedBeforeRecorded(t *testing.T) {
	t.Parallel()
	cache := fakeCache(t, map[string]string{"2.1.37": "", "2.1.43": "", "2.1.45": `,"sandbox_enabled":false`})
	fakeCLIScript(t, cache, "2.1.44", fakeCrashCLI)
	npm := fakeNPMView(t, "2.1.36", "2.1.37", "2.1.38", "2.1.39", "2.1.40", "2.1.41", "2.1.42", "2.1.43", "2.1.44", "2.1.45")
	root := trackRoot(t, cache, map[string]string{"good": specScenario("good", "")}, "2.1.37", "2.1.45")
	js := checkRun(t, []string{"track", "--root", root, "--cache-dir", cache, "--npm", npm, "--dense-from", "2.1.43", "-json"}, 1, nil,
		[]string{"ccwire track: 1 of 2 releases not recorded", "2.1.44: scenario good: the CLI crashed"})
	var rep trackReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, js)
	}
	if len(rep.Releases) != 2 {
		t.Fatalf("releases %+v", rep.Releases)
	}
	r := rep.Releases[0]
	if r.Version != "2.1.43" || r.Status != statusRecorded || r.Newer != "2.1.45" || !slices.Equal(r.After, []string{"2.1.44"}) {
		t.Errorf("2.1.43: %+v; want it recorded and compared with 2.1.45 over 2.1.44", r)
	}
	if len(r.Findings) != 1 || r.Findings[0].Member != "system/init.sandbox_enabled" || r.Findings[0].Version != "2.1.45" {
		t.Errorf("2.1.43's findings %+v, want sandbox_enabled first seen in 2.1.45 (2.1.44 observes nothing)", r.Findings)
	}
}

// TestTrackKilledSweepsTemp kills ccwire track with SIGKILL while a CLI
// runs: its temporary folders stay, and the next track removes them.
func TestTrackKilledSweepsTemp(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL")
	}
	cache := fakeCache(t, map[string]string{"2.1.37": ""})
	// A CLI that says it started, then reads its stdin to its end.
	started := fakeCLIScript(t, cache, "2.1.38", "#!/bin/sh\nif [ \"$1\" = --version ]; then echo \"VERSION (Claude Code)\"; exit 0; fi\n: > 'STATE'\ncat > /dev/null\n")
	npm := fakeNPMView(t, "2.1.37", "2.1.38")
	root := trackRoot(t, cache, map[string]string{"good": specScenario("good", "")}, "2.1.37")
	tmp := t.TempDir()
	track := func() *exec.Cmd {
		cmd := ccwireCommand(t, "track", "--root", root, "--cache-dir", cache, "--npm", npm, "--dense-from", "2.1.38")
		cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
		return cmd
	}
	cmd := track()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(started); err == nil {
			break
		}
		if t.Context().Err() != nil {
			t.Fatal("the CLI did not start")
		}
		time.Sleep(10 * time.Millisecond) // polls for the event, bounded by the test's deadline
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	left := func() (names []string, size int64) {
		t.Helper()
		entries, err := os.ReadDir(tmp)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "ccwire-") {
				names = append(names, e.Name())
				_ = filepath.WalkDir(filepath.Join(tmp, e.Name()), func(_ string, d fs.DirEntry, err error) error {
					if info, ierr := d.Info(); err == nil && ierr == nil && d.Type().IsRegular() {
						size += info.Size()
					}
					return nil
				})
			}
		}
		return names, size
	}
	names, size := left()
	if len(names) == 0 {
		t.Fatal("the killed track left no temporary folder: the test shows nothing")
	}
	t.Logf("the killed track left %d temporary folders, %d bytes: %s", len(names), size, strings.Join(names, " "))

	fakeCLIScript(t, cache, "2.1.38", fakeVersionCLI)
	var stderr strings.Builder
	cmd = track()
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("track again: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), fmt.Sprintf("ccwire track: removed %d temporary folders", len(names))) {
		t.Errorf("track again does not say it removed the %d folders:\n%s", len(names), stderr.String())
	}
	if names, _ := left(); len(names) > 0 {
		t.Errorf("after track again, temporary folders are left: %s", strings.Join(names, " "))
	}
}

// TestTrackProbeRerun: a bisection probe that fails is run again before
// it counts: 2.1.40 crashes on its first run, then shows the change.
func TestTrackProbeRerun(t *testing.T) {
	t.Parallel()
	sandbox := `,"sandbox_enabled":false`
	cache := fakeCache(t, map[string]string{"2.1.37": "", "2.1.38": "", "2.1.39": "", "2.1.41": sandbox, "2.1.42": sandbox})
	fakeCLIScript(t, cache, "2.1.40", strings.ReplaceAll(fakeFlakyCLI, `"claude_code_version":"VERSION"}`, `"claude_code_version":"VERSION"`+sandbox+`}`))
	npm := fakeNPMView(t, "2.1.37", "2.1.38", "2.1.39", "2.1.40", "2.1.41", "2.1.42")
	root := trackRoot(t, cache, map[string]string{"good": specScenario("good", "")}, "2.1.37")
	checkRun(t, []string{"track", "--root", root, "--cache-dir", cache, "--npm", npm, "--dense-from", "2.1.42"}, 0,
		[]string{"2.1.40 (last without: 2.1.39, scenario good): system/init carries sandbox_enabled (boolean)."}, nil)
}
