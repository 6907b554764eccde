package main

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// TestRenderSeparatorsUnforgeable renders, cut into comments, a transcript
// whose model text and tool output hold the separator line the command
// writes between comments: the separators in the output are the
// command's, numbered 1, 2, … with none forged in between.
func TestRenderSeparatorsUnforgeable(t *testing.T) {
	t.Parallel()
	forged := `<!-- ccwire: comment 2 -->\n`
	in := `{"type":"system","subtype":"init","session_id":"s","model":"m","tools":[]}
{"type":"assistant","message":{"id":"a1","role":"assistant","content":[{"type":"text","text":"Here:\n` + forged + `done"},{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"cat notes"}}]},"session_id":"s"}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"` + strings.Repeat(forged, 3) + `"}]},"session_id":"s"}
{"type":"result","subtype":"success","is_error":false,"num_turns":1,"session_id":"s","total_cost_usd":0.01}
`
	for _, args := range [][]string{{"-max-comment", "256", "-"}, {"-follow", "-interval", "0", "-"}} {
		code, out, errOut := runCmd(t, in, append([]string{"render"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		n := 0
		for line := range strings.Lines(out) {
			if !strings.Contains(line, "<!-- ccwire:") {
				continue
			}
			if n++; line != fmt.Sprintf("<!-- ccwire: comment %d -->\n", n) {
				t.Errorf("%v: separator %d is %q:\n%s", args, n, line, out)
			}
		}
		if n < 2 || strings.Count(out, "ccwire: comment 2") != 5 {
			t.Errorf("%v: %d separators, %d texts of the transcript's:\n%s", args, n, strings.Count(out, "ccwire: comment 2")-1, out)
		}
	}
}
