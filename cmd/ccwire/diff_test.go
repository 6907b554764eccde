package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/recording"
)

// fakeVersionCLI is a stream-json CLI like fakeStreamCLI, of version
// VERSION, whose system/init has the members EXTRA (",…" or "") and
// names its version.
const fakeVersionCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "VERSION (Claude Code)"; exit 0; fi
while IFS= read -r line; do
  printf '{"type":"system","subtype":"init","cwd":"%s","claude_code_version":"VERSION"EXTRA}\n' "$PWD"
  printf '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello!"}]}}\n'
  printf '{"type":"result","subtype":"success","is_error":false,"result":"Hello!"}\n'
done
exit ${FAKE_EXIT:-0}
`

// fakeCache makes a ccwire cache with fake CLIs installed: version to
// the members its system/init adds.
func fakeCache(t *testing.T, versions map[string]string) string {
	t.Helper()
	cache := t.TempDir()
	for v, extra := range versions {
		fakeCLIScript(t, cache, v, strings.ReplaceAll(fakeVersionCLI, "EXTRA", extra))
	}
	return cache
}

func TestRunDiff(t *testing.T) {
	t.Parallel()
	cache := fakeCache(t, map[string]string{"2.1.37": "", "2.1.38": `,"sandbox_enabled":false`})
	_, scenarios := specFixture(t, map[string]string{
		"good":  specScenario("good", ""),
		"later": specScenario("later", `, "cli": ">=2.1.38", "not_applicable": {"en": "only from 2.1.38", "ja": "2.1.38以降のみ"}`),
	})
	// The runs on demand are kept in record; recordings is empty.
	record, recordings := t.TempDir(), t.TempDir()
	common := []string{"--cache-dir", cache, "--scenarios", scenarios, "--recordings", recordings}
	checkRun(t, append(append([]string{"diff"}, common...), "--record", record, "2.1.37", "2.1.38"), 0,
		[]string{
			"Claude Code 2.1.37 → 2.1.38: 1 scenarios compared, 1 verdicts changed.",
			"Verdicts (2.1.37 → 2.1.38):\n  later  n/a → pass\n",
			"In total:\n  stdout system/init\n    added sandbox_enabled (boolean)\n",
		},
		[]string{"ccwire diff: running the scenarios on Claude Code 2.1.37", "ccwire diff: Claude Code 2.1.38: 2 passed, 0 failed, 0 skipped"})
	// The kept runs are folders of recordings to compare again, with
	// their results, without running anything.
	a, b := filepath.Join(record, "2.1.37"), filepath.Join(record, "2.1.38")
	for _, f := range []string{a, b} {
		if _, err := os.Stat(filepath.Join(f, drift.ResultsFile)); err != nil {
			t.Fatal(err)
		}
	}
	// A folder holding one version's folder, as merge -o writes it.
	merged := t.TempDir()
	files, err := filepath.Glob(filepath.Join(b, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("recordings of 2.1.38: %v, %v", files, err)
	}
	for _, f := range files {
		if err := copyFile(f, filepath.Join(merged, "2.1.38", filepath.Base(f))); err != nil {
			t.Fatal(err)
		}
	}
	// The pinned version's recordings, which are 2.1.37's here.
	pinned := t.TempDir()
	files, err = filepath.Glob(filepath.Join(a, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("recordings of 2.1.37: %v, %v", files, err)
	}
	for _, f := range files {
		if err := copyFile(f, filepath.Join(pinned, cliinstall.DefaultVersion, filepath.Base(f))); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name      string
		args      []string
		code      int
		stdout    []string // what stdout has; "" alone for nothing
		stderrHas []string
	}{
		{name: "help", args: []string{"-h"}, stdout: []string{"Usage: ccwire diff", "-exit-code"}},
		{name: "bad flag", args: []string{"--nope"}, code: 2, stderrHas: []string{"Usage: ccwire diff"}},
		{name: "one argument", args: []string{"2.1.37"}, code: 2, stderrHas: []string{"want two versions or folders"}},
		{name: "bad format", args: []string{"--format", "yaml", "a", "b"}, code: 2, stderrHas: []string{`--format "yaml"`}},
		{name: "formats disagree", args: []string{"-md", "-json", "a", "b"}, code: 2, stderrHas: []string{"disagree"}},
		{name: "bad --only", args: []string{"--only", "(", "a", "b"}, code: 2, stderrHas: []string{"--only"}},
		{name: "not a folder", args: append(common, "nowhere", "2.1.37"), code: 1, stderrHas: []string{"nowhere is neither a CLI version nor a folder of recordings"}},
		{
			name: "folders, only one scenario, exit code",
			args: []string{"--scenarios", scenarios, "--exit-code", "--only", "^good$", a, b}, code: 1,
			stdout: []string{"Claude Code 2.1.37 (" + a + ") → 2.1.38 (" + b + "): 1 scenarios compared.\n\nIn total:\n  stdout system/init\n    added sandbox_enabled (boolean)\n"},
		},
		{name: "a folder and itself", args: []string{"--exit-code", a, a}, stdout: []string{""}, stderrHas: []string{"ccwire diff: " + a + " and " + a + " are both Claude Code 2.1.37: their recordings show no change\n"}},
		{name: "pinned and the pinned version", args: []string{"--recordings", pinned, "pinned", cliinstall.DefaultVersion}, stdout: []string{""},
			stderrHas: []string{"ccwire diff: pinned and " + cliinstall.DefaultVersion + " are both Claude Code 2.1.37: their recordings show no change\n"}}, // the fixture's recordings are 2.1.37's
		{name: "a folder holding a version's folder", args: []string{"--exit-code", a, merged}, code: 1, stdout: []string{"→ 2.1.38 (" + merged + ")", "added sandbox_enabled"}},
		{name: "a folder holding two versions' folders", args: []string{filepath.Dir(a), b}, code: 1, stderrHas: []string{"holds the recordings of 2 versions (2.1.37, 2.1.38)"}},
		{name: "pinned", args: []string{"--recordings", pinned, "pinned", b}, stdout: []string{"Claude Code 2.1.37 (pinned) → 2.1.38 (" + b + ")"}},
		{name: "Markdown", args: []string{"-md", a, b}, stdout: []string{"# Wire changes: Claude Code 2.1.37", "- added `sandbox_enabled` (boolean)", "| `later` | n/a | pass |"}},
		{name: "the same version run again", args: append(common, "--run", "--exit-code", a, "2.1.37"), stdout: []string{""}, stderrHas: []string{"are both Claude Code 2.1.37: their recordings show no change"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkRun(t, append([]string{"diff"}, tc.args...), tc.code, tc.stdout, tc.stderrHas)
		})
	}
	t.Run("JSON", func(t *testing.T) {
		t.Parallel()
		out := checkRun(t, []string{"diff", "-json", a, b}, 0, nil, nil)
		var rep drift.Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("JSON output: %v\n%s", err, out)
		}
		if len(rep.Total.Members) != 1 || rep.Total.Members[0].Path != "sandbox_enabled" || rep.B.Version != "2.1.38" {
			t.Errorf("JSON report %+v", rep)
		}
	})
}

// checkRun runs ccwire with args and checks the exit code, what stdout
// has (a single "" means nothing) and stderr has; it returns stdout.
func checkRun(t *testing.T, args []string, code int, stdout, stderrHas []string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	got := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, args)
	if got != code {
		t.Errorf("ccwire %q: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", args, got, code, out.String(), errOut.String())
	}
	if len(stdout) == 1 && stdout[0] == "" {
		if out.Len() != 0 {
			t.Errorf("ccwire %q: stdout not empty:\n%s", args, out.String())
		}
	} else {
		for _, s := range stdout {
			if !strings.Contains(out.String(), s) {
				t.Errorf("ccwire %q: stdout lacks %q:\n%s", args, s, out.String())
			}
		}
	}
	for _, s := range stderrHas {
		if !strings.Contains(errOut.String(), s) {
			t.Errorf("ccwire %q: stderr lacks %q:\n%s", args, s, errOut.String())
		}
	}
	return out.String()
}

// copyFile copies a file, making the folder it goes to; a recording in
// the stored form of its recordings folder is copied in full, so that the
// copy needs no object store.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if recording.HasReferences(data) {
		if data, err = recording.ReadFile(from); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
