package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestStatsCommand(t *testing.T) {
	t.Parallel()
	deny := filepath.Join("..", "..", "recordings", "2.1.330", "permission-prompt-deny.txtar")
	chain := filepath.Join("..", "..", "recordings", "2.1.330", "read-edit-bash-chain.txtar")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{name: "help", args: []string{"-h"}, stdout: []string{"Usage: ccwire stats"}},
		{name: "no files", code: 2, stderr: "no files given"},
		{name: "missing", args: []string{"nope.jsonl"}, code: 1, stderr: "nope.jsonl"},
		{name: "text", args: []string{deny, chain}, stdout: []string{"2 files, 2 turns (0 in error), 6 model calls, 4 tool calls", "claude-opus-5-5", "Bash", "Permission denials: 1", "Cost: $0.00402"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCmd(t, "", append([]string{"stats"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, tc.code, out, errOut)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			if !strings.Contains(errOut, tc.stderr) || (tc.stderr == "" && errOut != "") {
				t.Errorf("stderr %q, want %q", errOut, tc.stderr)
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		t.Parallel()
		code, out, errOut := runCmd(t, "", "stats", "-json", deny, chain)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var got struct {
			Turns      int64 `json:"turns"`
			ToolCalls  int64 `json:"tool_calls"`
			ToolErrors int64 `json:"tool_errors"`
			Tools      map[string]struct {
				Calls, Errors int64
			} `json:"tools"`
			Tokens struct {
				Output int64 `json:"output_tokens"`
			} `json:"tokens"`
			PermissionDenials []struct{ Tool string } `json:"permission_denials"`
			Files             []struct{ File string } `json:"files"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if got.Turns != 2 || got.ToolCalls != 4 || got.ToolErrors != 1 || got.Tools["Bash"].Calls != 2 || len(got.PermissionDenials) != 1 || len(got.Files) != 2 || got.Tokens.Output == 0 {
			t.Errorf("unexpected figures: %+v\n%s", got, out)
		}
	})
}
