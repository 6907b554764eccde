package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/scenario"
)

// writeShard writes a shard's output: its results and a recording file
// for each run that has one.
func writeShard(t *testing.T, res *drift.Results) string {
	t.Helper()
	dir := t.TempDir()
	for _, r := range res.Runs {
		if r.Recording == "" {
			continue
		}
		p := filepath.Join(dir, r.Recording)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("recording of "+r.Scenario), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := drift.WriteResults(filepath.Join(dir, drift.ResultsFile), res); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRunMerge(t *testing.T) {
	t.Parallel()
	shard := func(k, n int, runs ...drift.RunResult) string {
		return writeShard(t, &drift.Results{Shard: &drift.Shard{Index: k, Count: n}, Planned: 3, Versions: []string{"2.1.2"}, Runs: runs})
	}
	a := drift.RunResult{Scenario: "a", Version: "2.1.2", Status: scenario.Passed, Recording: "2.1.2/a.txtar"}
	b := drift.RunResult{Scenario: "b", Version: "2.1.2", Status: scenario.Failed, Recording: "2.1.2/b.txtar"}
	c := drift.RunResult{Scenario: "c", Version: "2.1.2", Status: scenario.Skipped}
	s1, s2 := shard(1, 2, a, c), shard(2, 2, b)
	evil := shard(1, 1, drift.RunResult{Scenario: "a", Version: "2.1.2", Status: scenario.Passed, Recording: "../a.txtar"}, b, c)
	tests := []struct {
		name      string
		args      []string
		code      int
		stdoutHas string
		stderrHas string
	}{
		{name: "help", args: []string{"-h"}, code: 0, stdoutHas: "Usage: ccwire merge"},
		{name: "bad flag", args: []string{"-nope"}, code: 2, stderrHas: "Usage: ccwire merge"},
		{name: "no -o", args: []string{s1}, code: 2, stderrHas: "-o is required"},
		{name: "no shards", args: []string{"-o", t.TempDir()}, code: 2, stderrHas: "no shard folders"},
		{name: "missing shard", args: []string{"-o", t.TempDir(), s1}, code: 1, stderrHas: "missing shard 2/2"},
		{name: "no results", args: []string{"-o", t.TempDir(), t.TempDir()}, code: 1, stderrHas: drift.ResultsFile},
		{name: "a path outside", args: []string{"-o", t.TempDir(), evil}, code: 1, stderrHas: "not a path inside"},
		{name: "merged", args: []string{"-o", "OUT", s2, s1}, code: 0, stdoutHas: "merged 2 results: 3 runs (1 passed, 1 failed, 1 skipped), 2 recordings into "},
		{name: "merged, JSON", args: []string{"-o", "OUT", "-json", s1, s2}, code: 0, stdoutHas: `"planned": 3`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			args := append([]string{"merge"}, tc.args...)
			for i, a := range args {
				if a == "OUT" {
					args[i] = out
				}
			}
			var stdout, stderr bytes.Buffer
			code := run(t.Context(), env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.stdoutHas) {
				t.Errorf("stdout lacks %q:\n%s", tc.stdoutHas, stdout.String())
			}
			if !strings.Contains(stderr.String(), tc.stderrHas) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderrHas, stderr.String())
			}
			if tc.code != 0 || tc.name == "help" {
				return
			}
			res, err := drift.ReadResults(filepath.Join(out, drift.ResultsFile))
			if err != nil {
				t.Fatal(err)
			}
			if res.Shard != nil || len(res.Runs) != 3 || res.Planned != 3 {
				t.Errorf("merged results %+v", res)
			}
			for _, id := range []string{"a", "b"} {
				data, err := os.ReadFile(filepath.Join(out, "2.1.2", id+".txtar"))
				if err != nil || string(data) != "recording of "+id {
					t.Errorf("recording of %s: %q, %v", id, data, err)
				}
			}
			if strings.Contains(tc.name, "JSON") {
				var back drift.Results
				if err := json.Unmarshal(stdout.Bytes(), &back); err != nil || len(back.Runs) != 3 {
					t.Errorf("JSON output %s: %v", stdout.String(), err)
				}
			}
		})
	}
}
