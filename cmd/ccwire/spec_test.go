package main

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// fakeStreamCLI is a shell script that talks stream-json like a tiny Claude
// Code 2.1.37: it answers every prompt with "Hello!" and exits with
// $FAKE_EXIT once its stdin closes.
const fakeStreamCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "2.1.37 (Claude Code)"; exit 0; fi
while IFS= read -r line; do
  printf '{"type":"system","subtype":"init","cwd":"%s"}\n' "$PWD"
  printf '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello!"}]}}\n'
  printf '{"type":"result","subtype":"success","is_error":false,"result":"Hello!"}\n'
done
exit ${FAKE_EXIT:-0}
`

func specScenario(id, extra string) string {
	return `-- scenario.json --
{"id": "` + id + `", "category": "test", "title": {"en": "Test ` + id + `", "ja": "テスト"}` + extra + `}
-- stub.json --
{"turns": [{"text": "Hello!"}]}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"assistant","message":{"content":[{"type":"text","text":"Hello!"}]}}
{"type":"result","result":"Hello!"}
-- want.json --
{"unused_turns": 1}
`
}

// specFixture writes a fake CLI and a scenario folder; it returns their
// paths.
func specFixture(t *testing.T, scenarios map[string]string) (cli, dir string) {
	t.Helper()
	cli = filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(cli, []byte(fakeStreamCLI), 0o755); err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	for id, text := range scenarios {
		if err := os.WriteFile(filepath.Join(dir, id+".txtar"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return cli, dir
}

func TestRunSpec(t *testing.T) {
	t.Parallel()
	cli, dir := specFixture(t, map[string]string{
		"good":    specScenario("good", ""),
		"bad":     specScenario("bad", `, "env": {"FAKE_EXIT": "2"}`),
		"later":   specScenario("later", `, "cli": ">=3.0.0", "not_applicable": {"en": "only from 3.0", "ja": "3.0以降のみ"}`),
		"another": specScenario("another", ""),
	})
	record := t.TempDir()
	tests := []struct {
		name      string
		args      []string
		code      int
		stdoutHas []string
		stdoutRE  []string
		lastLine  string
		stderrHas []string
	}{
		{name: "help", args: []string{"-h"}, code: 0, stdoutHas: []string{"Usage: ccwire spec", "-cli-version", "-run", "-record", "-j"}},
		{name: "bad flag", args: []string{"--nope"}, code: 2, stderrHas: []string{"nope"}},
		{name: "extra argument", args: []string{"--claude", cli, "x"}, code: 2, stderrHas: []string{`unexpected arguments ["x"]`}},
		{name: "bad regexp", args: []string{"--run", "("}, code: 2, stderrHas: []string{"--run:"}},
		{name: "bad -j", args: []string{"-j", "0"}, code: 2, stderrHas: []string{"-j must be at least 1"}},
		{name: "bad --quiet", args: []string{"--quiet", "-1s"}, code: 2, stderrHas: []string{"--quiet must not be negative"}},
		{name: "one binary, two versions", args: []string{"--claude", cli, "--cli-version", "1.0.0,2.0.0"}, code: 2, stderrHas: []string{"at most one --cli-version"}},
		{name: "no scenario folder", args: []string{"--claude", cli, "--scenarios", filepath.Join(dir, "missing")}, code: 1, stderrHas: []string{"missing"}},
		{name: "run matches nothing", args: []string{"--claude", cli, "--scenarios", dir, "--run", "^zzz$"}, code: 1, stderrHas: []string{"matches no scenario"}},
		{name: "wrong version", args: []string{"--claude", cli, "--scenarios", dir, "--cli-version", "2.1.330"}, code: 1, stderrHas: []string{"2.1.330"}},
		{name: "neither version nor tag", args: []string{"--claude", cli, "--scenarios", dir, "--cli-version", "^2.1.0"}, code: 1, stderrHas: []string{"neither an exact version", "nor an npm dist-tag"}},
		{
			name: "pass, fail, skip",
			args: []string{"--claude", cli, "--scenarios", dir, "--record", record, "-j", "2"},
			code: 1,
			stdoutHas: []string{
				"ccwire spec: 4 scenarios × Claude Code 2.1.37, 2 at a time",
				"PASS  2.1.37    good", "FAIL  2.1.37    bad", "SKIP  2.1.37    later                                    not applicable: for Claude Code >=3.0.0, and 2.1.37 is older: only from 3.0",
				"Failures:", "scenario bad, Claude Code 2.1.37:", "exited with status 2, want 0",
				"SCENARIO", "not applicable: for Claude Code >=3.0.0, and 2.1.37 is older: only from 3.0",
				"CLI     PASSED  FAILED  SKIPPED  RUN TIME",
				"Claude Code 2.1.37: not recorded: 1 of its 3 runs failed, and a release is recorded only when all its runs pass\n  crash: scenario bad: the CLI crashed: it exited with status 2 (want 0)\n",
			},
			stdoutRE: []string{`(?m)^\[1/4\] SKIP  2\.1\.37    later .*  \(0:\d\d elapsed, estimating\)$`, `(?m)^\[[234]/4\] (PASS|FAIL)  2\.1\.37 .*  \(0:\d\d elapsed(, about 0:\d\d left)?\)$`,
				`(?m)^2\.1\.37  2       1       1        \S+$`, `(?m)^wall time \S+ for 3 runs; CPU time of their CLI processes \S+ on \d+ cores, ideally \S+ \(wall [0-9.]+× that\); ccwire's own CPU time \S+$`, `(?m)^another\s+2\.1\.37\s+pass\s+\S+$`, `(?m)^later\s+2\.1\.37\s+skip\s+-\s+not applicable: for Claude Code >=3\.0\.0, and 2\.1\.37 is older: only from 3\.0$`, `(?m)^bad\s+2\.1\.37\s+fail\s+\S+\s+the CLI exited with status 2`},
			lastLine: "2 passed, 1 failed, 1 skipped",
		},
		{
			name:      "all pass",
			args:      []string{"--claude", cli, "--cli-version", "2.1.37", "--scenarios", dir, "--run", "good|another", "--record", ""},
			code:      0,
			stdoutHas: []string{"2 scenarios"},
			lastLine:  "2 passed, 0 failed, 0 skipped",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, append([]string{"spec"}, tc.args...))
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout.String(), stderr.String())
			}
			for _, w := range tc.stdoutHas {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
				}
			}
			for _, re := range tc.stdoutRE {
				if !regexp.MustCompile(re).MatchString(stdout.String()) {
					t.Errorf("stdout does not match %s:\n%s", re, stdout.String())
				}
			}
			for _, w := range tc.stderrHas {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
				}
			}
			if tc.lastLine != "" {
				lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
				if last := lines[len(lines)-1]; last != tc.lastLine {
					t.Errorf("last line %q, want %q", last, tc.lastLine)
				}
			}
		})
	}
	t.Cleanup(func() {
		// bad failed, so the release, which had no recordings, is not
		// recorded (TestSpecFailedRunsNotRecorded).
		if _, err := os.Stat(filepath.Join(record, "2.1.37")); !os.IsNotExist(err) {
			t.Errorf("a release with a failed run was recorded: %v", err)
		}
	})
}

// TestRunSpecShards runs the scenarios in shards: each run once, in one
// shard, and each shard's results file says which.
func TestRunSpecShards(t *testing.T) {
	t.Parallel()
	cli, dir := specFixture(t, map[string]string{
		"a": specScenario("a", ""),
		"b": specScenario("b", `, "env": {"FAKE_EXIT": "2"}`),
		"c": specScenario("c", `, "cli": ">=3.0.0", "not_applicable": {"en": "only from 3.0", "ja": "3.0以降のみ"}`),
	})
	seen := map[string]int{}
	for k := 1; k <= 2; k++ {
		out := t.TempDir()
		results := filepath.Join(out, drift.ResultsFile)
		var stdout, stderr bytes.Buffer
		shard := fmt.Sprintf("%d/2", k)
		code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr},
			[]string{"spec", "--claude", cli, "--scenarios", dir, "--record", out, "--results", results, "--shard", shard, "-j", "2"})
		if code > 1 {
			t.Fatalf("shard %s: exit code %d\n%s%s", shard, code, stdout.String(), stderr.String())
		}
		if !strings.Contains(stdout.String(), "ccwire spec: shard "+shard+": ") {
			t.Errorf("shard %s: stdout does not name the shard:\n%s", shard, stdout.String())
		}
		res, err := drift.ReadResults(results)
		if err != nil {
			t.Fatal(err)
		}
		if res.Shard == nil || res.Shard.String() != shard || res.Planned != 3 || !slices.Equal(res.Versions, []string{"2.1.37"}) {
			t.Errorf("shard %s: results %+v", shard, res)
		}
		for _, r := range res.Runs {
			seen[r.Scenario]++
			want := map[string]scenario.Status{"a": scenario.Passed, "b": scenario.Failed, "c": scenario.Skipped}[r.Scenario]
			if r.Status != want || r.Version != "2.1.37" {
				t.Errorf("shard %s: run %+v, want status %s", shard, r, want)
			}
			// A failed run is never recorded.
			if (r.Recording != "") != (r.Status == scenario.Passed) {
				t.Errorf("shard %s: run %+v: recording %q", shard, r, r.Recording)
			}
			if r.Recording != "" {
				if _, err := os.Stat(filepath.Join(out, r.Recording)); err != nil {
					t.Errorf("shard %s: %v", shard, err)
				}
			}
		}
	}
	if want := map[string]int{"a": 1, "b": 1, "c": 1}; !maps.Equal(seen, want) {
		t.Errorf("runs per scenario over the shards %v, want %v", seen, want)
	}
	var stderr bytes.Buffer
	if code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr}, []string{"spec", "--shard", "3/2"}); code != 2 || !strings.Contains(stderr.String(), "--shard") {
		t.Errorf("--shard 3/2: exit code %d, stderr %s", code, stderr.String())
	}
}

// TestSpecFailedRunsNotRecorded: a run that fails (a crash, a hang
// stopped by the scenario's timeout, unmet expectations) never replaces
// a recording, and a release with no recordings yet is recorded only
// when all its runs pass.
func TestSpecFailedRunsNotRecorded(t *testing.T) {
	t.Parallel()
	cli, dir := specFixture(t, map[string]string{
		"good":  specScenario("good", `, "timeout": "6s"`),
		"other": specScenario("other", `, "timeout": "6s"`),
	})
	script := func(body string) string {
		p := filepath.Join(t.TempDir(), "claude")
		text := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo \"2.1.37 (Claude Code)\"; exit 0; fi\n" + body
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	crash := script("echo 'boom: cannot start' >&2\nexit 7\n")
	hang := script("exec sleep 600\n")
	changed := script(strings.ReplaceAll(strings.SplitN(fakeStreamCLI, "\n", 3)[2], "Hello!", "Goodbye!"))

	record := t.TempDir()
	checkRun(t, []string{"spec", "--claude", cli, "--scenarios", dir, "--record", record}, 0, nil, nil)
	files := map[string][]byte{}
	for _, id := range []string{"good", "other"} {
		data, err := os.ReadFile(scenario.RecordingPath(record, "2.1.37", id))
		if err != nil {
			t.Fatal(err)
		}
		files[id] = data
	}
	for name, bin := range map[string]string{"crash": crash, "hang": hang, "changed": changed} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := t.TempDir()
			if err := os.CopyFS(rec, os.DirFS(record)); err != nil {
				t.Fatal(err)
			}
			checkRun(t, []string{"spec", "--claude", bin, "--scenarios", dir, "--record", rec, "--run", "^good$"}, 1,
				[]string{"Claude Code 2.1.37: the recordings of its 1 failed runs were not written"}, nil)
			if data, err := os.ReadFile(scenario.RecordingPath(rec, "2.1.37", "good")); err != nil || !bytes.Equal(data, files["good"]) {
				t.Errorf("the recording of good was rewritten (%v):\n%s", err, data)
			}
		})
	}
	t.Run("new release", func(t *testing.T) {
		t.Parallel()
		bad := t.TempDir()
		for id, text := range map[string]string{"good": specScenario("good", ""), "bad": specScenario("bad", `, "env": {"FAKE_EXIT": "2"}`)} {
			if err := os.WriteFile(filepath.Join(bad, id+".txtar"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		rec := t.TempDir()
		checkRun(t, []string{"spec", "--claude", cli, "--scenarios", bad, "--record", rec}, 1,
			[]string{"Claude Code 2.1.37: not recorded: 1 of its 2 runs failed"}, nil)
		if _, err := os.Stat(filepath.Join(rec, "2.1.37")); !os.IsNotExist(err) {
			t.Errorf("a release with a failed run was recorded: %v", err)
		}
	})
}
