package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/drift"
	"github.com/ccwire/ccwire/recording"
	"github.com/ccwire/ccwire/scenario"
)

// recordingOf returns a minimal recording of scenario id on CLI version.
func recordingOf(t *testing.T, id, version string) []byte {
	t.Helper()
	data, err := (&recording.Recording{Scenario: id, Title: "Scenario " + id, Version: version}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeShard writes a shard's output: its results and a recording file
// for each run that has one.
func writeShard(t *testing.T, res *drift.Results) string {
	t.Helper()
	dir := t.TempDir()
	for _, r := range res.Runs {
		if r.Recording == "" || !filepath.IsLocal(r.Recording) {
			continue
		}
		p := filepath.Join(dir, r.Recording)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, recordingOf(t, r.Scenario, r.Version), 0o644); err != nil {
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
	// A recording that is a link to a file of this machine, and one in a
	// folder that is a link.
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, recordingOf(t, "a", "2.1.2"), 0o600); err != nil {
		t.Fatal(err)
	}
	linkedRun := drift.RunResult{Scenario: "a", Version: "2.1.2", Status: scenario.Passed, Recording: "2.1.2/a.txtar"}
	linked := rewriteShard(t, shard(1, 2, c), func(dir string) {
		if err := os.MkdirAll(filepath.Join(dir, "2.1.2"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(secret, filepath.Join(dir, "2.1.2", "a.txtar")); err != nil {
			t.Fatal(err)
		}
	}, linkedRun, c)
	linkedDir := rewriteShard(t, shard(1, 2, c), func(dir string) {
		other := t.TempDir()
		if err := os.WriteFile(filepath.Join(other, "a.txtar"), recordingOf(t, "a", "2.1.2"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(other, filepath.Join(dir, "2.1.2")); err != nil {
			t.Fatal(err)
		}
	}, linkedRun, c)
	folder := rewriteShard(t, shard(1, 2, c), func(dir string) {
		if err := os.MkdirAll(filepath.Join(dir, "2.1.2", "a.txtar"), 0o755); err != nil {
			t.Fatal(err)
		}
	}, linkedRun, c)
	// Recordings of another scenario or version than their run's.
	swapped := rewriteShard(t, shard(1, 2, a, c), func(dir string) {
		if err := os.WriteFile(filepath.Join(dir, "2.1.2", "a.txtar"), recordingOf(t, "b", "2.1.2"), 0o644); err != nil {
			t.Fatal(err)
		}
	}, a, c)
	otherVersion := rewriteShard(t, shard(1, 2, a, c), func(dir string) {
		if err := os.WriteFile(filepath.Join(dir, "2.1.2", "a.txtar"), recordingOf(t, "a", "2.1.3"), 0o644); err != nil {
			t.Fatal(err)
		}
	}, a, c)
	garbage := rewriteShard(t, shard(1, 2, a, c), func(dir string) {
		if err := os.WriteFile(filepath.Join(dir, "2.1.2", "a.txtar"), []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}, a, c)
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
		{name: "a link to a file", args: []string{"-o", t.TempDir(), linked, s2}, code: 1, stderrHas: "run a on CLI 2.1.2: recording 2.1.2/a.txtar: 2.1.2/a.txtar is a symbolic link"},
		{name: "a link to a folder", args: []string{"-o", t.TempDir(), linkedDir, s2}, code: 1, stderrHas: "recording 2.1.2/a.txtar: 2.1.2 is a symbolic link"},
		{name: "a folder", args: []string{"-o", t.TempDir(), folder, s2}, code: 1, stderrHas: "recording 2.1.2/a.txtar is not a regular file but a folder"},
		{name: "another scenario's recording", args: []string{"-o", t.TempDir(), swapped, s2}, code: 1, stderrHas: "recording 2.1.2/a.txtar is of scenario b on CLI 2.1.2, not of this run"},
		{name: "another version's recording", args: []string{"-o", t.TempDir(), otherVersion, s2}, code: 1, stderrHas: "recording 2.1.2/a.txtar is of scenario a on CLI 2.1.3, not of this run"},
		{name: "not a recording", args: []string{"-o", t.TempDir(), garbage, s2}, code: 1, stderrHas: "recording 2.1.2/a.txtar: recording: no run.json"},
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
				if err != nil || string(data) != string(recordingOf(t, id, "2.1.2")) {
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

// rewriteShard rewrites shard dir's results to runs, after edit has
// changed its files.
func rewriteShard(t *testing.T, dir string, edit func(dir string), runs ...drift.RunResult) string {
	t.Helper()
	res, err := drift.ReadResults(filepath.Join(dir, drift.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	edit(dir)
	res.Runs = runs
	if err := drift.WriteResults(filepath.Join(dir, drift.ResultsFile), res); err != nil {
		t.Fatal(err)
	}
	return dir
}
