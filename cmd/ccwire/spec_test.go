package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
		{name: "one binary, two versions", args: []string{"--claude", cli, "--cli-version", "1.0.0,2.0.0"}, code: 2, stderrHas: []string{"at most one --cli-version"}},
		{name: "no scenario folder", args: []string{"--claude", cli, "--scenarios", filepath.Join(dir, "missing")}, code: 1, stderrHas: []string{"missing"}},
		{name: "run matches nothing", args: []string{"--claude", cli, "--scenarios", dir, "--run", "^zzz$"}, code: 1, stderrHas: []string{"matches no scenario"}},
		{name: "wrong version", args: []string{"--claude", cli, "--scenarios", dir, "--cli-version", "2.1.330"}, code: 1, stderrHas: []string{"2.1.330"}},
		{
			name: "pass, fail, skip",
			args: []string{"--claude", cli, "--scenarios", dir, "--record", record, "-j", "2"},
			code: 1,
			stdoutHas: []string{
				"ccwire spec: 4 scenarios × Claude Code 2.1.37, 2 at a time",
				"PASS  2.1.37    good", "FAIL  2.1.37    bad", "SKIP  2.1.37    later                                    not applicable: only from 3.0",
				"Failures:", "scenario bad, Claude Code 2.1.37:", "exited with status 2, want 0",
				"SCENARIO", "not applicable: only from 3.0",
				"CLI     PASSED  FAILED  SKIPPED  RUN TIME",
			},
			stdoutRE: []string{`(?m)^\[1/4\] SKIP  2\.1\.37    later .*  \(0:\d\d elapsed, estimating\)$`, `(?m)^\[[234]/4\] (PASS|FAIL)  2\.1\.37 .*  \(0:\d\d elapsed(, about 0:\d\d left)?\)$`,
				`(?m)^2\.1\.37  2       1       1        \S+$`, `(?m)^wall time \S+ for 3 runs; CPU time of their CLI processes \S+ on \d+ cores, ideally \S+ \(wall [0-9.]+× that\); ccwire's own CPU time \S+$`, `(?m)^another\s+2\.1\.37\s+pass\s+\S+$`, `(?m)^later\s+2\.1\.37\s+skip\s+-\s+not applicable: only from 3\.0$`, `(?m)^bad\s+2\.1\.37\s+fail\s+\S+\s+the CLI exited with status 2`},
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
		for _, id := range []string{"good", "bad", "another"} {
			if _, err := os.Stat(filepath.Join(record, "2.1.37", id+".txtar")); err != nil {
				t.Errorf("recording of %s: %v", id, err)
			}
		}
		if _, err := os.Stat(filepath.Join(record, "2.1.37", "later.txtar")); !os.IsNotExist(err) {
			t.Errorf("a skipped run was recorded: %v", err)
		}
	})
}
