package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCmd runs "ccwire args..." in-process.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(t.Context(), env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

func TestRender(t *testing.T) {
	t.Parallel()
	rec := filepath.Join("..", "..", "recordings", "2.1.330", "read-edit-bash-chain.txtar")
	jsonl := filepath.Join("..", "..", "protocol", "testdata", "transcripts", "2.1.330", "tool_error.jsonl")
	stdin, err := os.ReadFile(jsonl)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     []string // substrings of stdout
		stderr     string   // substring of stderr
		noStdout   bool
		jsonSplits bool // stdout is JSON lines
	}{
		{name: "help", args: []string{"-h"}, stdout: []string{"Usage: ccwire render", "-max-comment"}},
		{name: "no file", args: nil, code: 2, stderr: "give one FILE", noStdout: true},
		{name: "two files", args: []string{rec, rec}, code: 2, stderr: "give one FILE", noStdout: true},
		{name: "bad flag", args: []string{"-nope", rec}, code: 2, stderr: "-nope", noStdout: true},
		{name: "tiny comments", args: []string{"-max-comment", "10", rec}, code: 2, stderr: "at least 256", noStdout: true},
		{name: "missing file", args: []string{"no/such.jsonl"}, code: 1, stderr: "no such file", noStdout: true},
		{name: "recording", args: []string{rec}, stdout: []string{"## Turn 1", "🔧 **Edit** `chain.txt`", "## Summary", "$0.0027"}},
		{name: "stdin", args: []string{"-"}, stdin: string(stdin), stdout: []string{"## Turn 1", "❌", "## Summary"}},
		{name: "comments", args: []string{"-max-comment", "600", rec}, stdout: []string{"<!-- ccwire: comment 1 -->", "<!-- ccwire: comment 2 -->"}},
		{name: "json comments", args: []string{"-json", "-max-comment", "1KiB", rec}, jsonSplits: true},
		{name: "follow stdin", args: []string{"-follow", "-interval", "0", "-"}, stdin: string(stdin), stdout: []string{"<!-- ccwire: comment 1 -->", "## Summary"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCmd(t, tc.stdin, append([]string{"render"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			if !strings.Contains(errOut, tc.stderr) || (tc.stderr == "" && errOut != "") {
				t.Errorf("stderr %q, want %q", errOut, tc.stderr)
			}
			if tc.noStdout && out != "" {
				t.Errorf("stdout %q, want none", out)
			}
			if tc.jsonSplits {
				lines := strings.Split(strings.TrimSpace(out), "\n")
				for i, l := range lines {
					var c struct {
						Index    int    `json:"index"`
						Markdown string `json:"markdown"`
					}
					if err := json.Unmarshal([]byte(l), &c); err != nil || c.Index != i+1 || len(c.Markdown) > 1024 {
						t.Errorf("line %d: %v %+v", i+1, err, c)
					}
				}
			}
		})
	}
}

func TestRenderHTML(t *testing.T) {
	t.Parallel()
	rec := filepath.Join("..", "..", "recordings", "2.1.330", "thinking-then-tool.txtar")
	code, out, errOut := runCmd(t, "", "render", "-html", rec)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"<!DOCTYPE html>", `<div class="row tool`, `class="row thinking`, `id="search"`} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	code, _, errOut = runCmd(t, "", "render", "-html", "-follow", rec)
	if code != 2 || !strings.Contains(errOut, "-html goes with none") {
		t.Errorf("-html -follow: exit %d, %q", code, errOut)
	}
}
