package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestInputs runs the commands that read what people hand over
// (validate, render, stats) on the three kinds of input: a recording,
// read as the stdout it holds; a CLI's stdout that starts with a
// byte-order mark and a warning line, one bad line and the rest read; and
// an input that is neither, a clear error and exit 1. validate used to
// read a recording as stream-json (every line bad), and render and stats
// used to reject the warning line's transcript whole.
func TestInputs(t *testing.T) {
	t.Parallel()
	rec := filepath.Join("..", "..", "recordings", "2.1.330", "bash-single.txtar")
	jsonl, err := os.ReadFile(filepath.Join("..", "..", "protocol", "testdata", "transcripts", "2.1.330", "tool_error.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	warned := filepath.Join(dir, "warned.jsonl")
	if err := os.WriteFile(warned, append([]byte("\xef\xbb\xbf(node:4242) Warning: an old Node.js\n"), jsonl...), 0o644); err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(garbage, []byte("These are notes,\nnot a transcript.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const neither = "neither a stream-json transcript (one JSON object a line) nor a ccwire recording (.txtar)"
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings of stdout
		stderr string   // substring of stderr
	}{
		{name: "validate recording", args: []string{"validate", rec}, stdout: []string{"1 files, 5 lines, 5 messages, 0 bad lines", "result/success      1", "nothing unknown"}},
		{name: "validate warned", args: []string{"validate", warned}, code: 1, stdout: []string{"1 bad lines", warned + ":1: invalid JSON", "result/"}},
		{name: "validate neither", args: []string{"validate", garbage}, code: 1, stdout: []string{"1 unreadable files", garbage + ": transcript: " + neither + ": 2 lines read, no message; line 1: "}},
		{name: "render recording", args: []string{"render", rec}, stdout: []string{"## Turn 1", "Claude Code 2.1.330", "🔧 **Bash**", "## Summary"}},
		{name: "render warned", args: []string{"render", warned}, stdout: []string{"⚠️ line 1: invalid JSON", "## Turn 1", "❌", "- Undecodable lines: 1"}},
		{name: "render neither", args: []string{"render", garbage}, code: 1, stderr: "ccwire render: " + garbage + ": transcript: " + neither},
		{name: "render html neither", args: []string{"render", "-html", garbage}, code: 1, stderr: neither},
		{name: "render follow neither", args: []string{"render", "-follow", garbage}, code: 1, stderr: neither},
		{name: "stats recording", args: []string{"stats", rec}, stdout: []string{"1 file, 1 turn", "Bash"}},
		{name: "stats warned", args: []string{"stats", warned}, stdout: []string{"1 bad line", "1 turn"}},
		{name: "stats neither", args: []string{"stats", garbage}, code: 1, stderr: "ccwire stats: " + garbage + ": transcript: " + neither},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// The wanted stderr pins the prefixes: "transcript: transcript:"
			// or a missing run.json, as before, fail it.
			checkRun(t, tc.args, tc.code, tc.stdout, []string{tc.stderr})
		})
	}
}
