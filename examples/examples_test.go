// Package examples_test builds every example program and runs it against
// the real Claude Code CLI of each pinned version, sealed off (-isolate),
// and the fake API serving the example's own script, checking what it
// prints. No test runs an example without -isolate: it would start the
// user's own CLI.
package examples_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/stubapi"
)

// buildExamples builds every example once for the test binary's run.
var buildExamples = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "ccwire-examples-")
	if err != nil {
		return "", err
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	for _, name := range []string{"oneshot", "chat", "permission", "progress", "hooks", "tools"} {
		cmd := exec.Command(goTool, "build", "-o", filepath.Join(dir, name), "./"+name)
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", &buildError{name: name, out: string(out), err: err}
		}
	}
	return dir, nil
})

type buildError struct {
	name, out string
	err       error
}

func (e *buildError) Error() string { return "build " + e.name + ": " + e.err.Error() + "\n" + e.out }

func TestMain(m *testing.M) {
	code := m.Run()
	if dir, err := buildExamples(); err == nil {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// run builds the example, serves its script, runs it with args and input
// against Claude Code of version, sealed off, and returns its standard
// output.
func run(t *testing.T, example, version, input string, args ...string) string {
	t.Helper()
	claudetest.Binary(t, version) // installed (or failing) before the example looks for it
	dir, err := buildExamples()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(example, "script.json"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := stubapi.LoadScript(f)
	f.Close()
	if err != nil {
		t.Fatalf("%s/script.json: %v", example, err)
	}
	stub := stubapi.NewTest(t, script)

	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(dir, example),
		append([]string{"-isolate", "-api", stub.URL(), "-claude-version", version}, args...)...)
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", example, err, stdout.String(), stderr.String())
	}
	if stub.Remaining() != 0 {
		t.Errorf("%d turns of the script were not used\nstdout:\n%s", stub.Remaining(), stdout.String())
	}
	return stdout.String()
}

// wantInOrder checks that out contains each of wants, in order.
func wantInOrder(t *testing.T, out string, wants ...string) {
	t.Helper()
	rest := out
	for _, w := range wants {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("output lacks %q (in order)\noutput:\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
}

func TestOneshot(t *testing.T) {
	t.Parallel()
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			out := run(t, "oneshot", version, "", "What are goroutines?")
			wantInOrder(t, out, "Go's goroutines are functions that run concurrently", "(session ", "input and", "output tokens, $")
		})
	}
}

func TestChat(t *testing.T) {
	t.Parallel()
	out := run(t, "chat", cliinstall.DefaultVersion, "Hi!\nTell me about channels.\n\nWhat did I ask?\n")
	wantInOrder(t, out,
		"Connected to Claude Code "+cliinstall.DefaultVersion,
		"you> claude> Hello! I am Claude. What shall we talk about?\n",
		"you> claude> Channels let goroutines send each other values; an unbuffered send waits for a receiver.\n",
		"you> you> claude> You asked about greetings first, then about channels.\n",
		"bye ($")
}

func TestPermission(t *testing.T) {
	t.Parallel()
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			out := run(t, "permission", version, "y\nn\n1\n", "Set up the project.")
			wantInOrder(t, out,
				"? Claude wants to use Bash: ", "echo hello > greeting.txt", "Allow? [y/N]   allowed",
				"Bash ok",
				"? Claude wants to use Bash: ", "rm -rf build", "Allow? [y/N]   denied",
				"Bash refused: The user did not allow this.",
				"? Which language should the next file use?", "1. Go: A Go source file", "2. Python", "Choice:   answered Go",
				"AskUserQuestion ok: ", `"Which language should the next file use?"="Go"`,
				"Claude: Wrote greeting.txt, left the build folder alone, and will use Go next.",
				"1 call(s) denied.")
		})
	}
}

func TestProgress(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("# Notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := run(t, "progress", cliinstall.DefaultVersion, "", "-dir", dir, "Summarize this folder.")
	wantInOrder(t, out,
		"▶ session ", "✻ thinking…", "Let me look around.\n",
		`● Bash {"command":"ls -1 && seq 1 500"`,
		"  ⎿ notes.md\n    1\n    2\n    3\n    [… 493 lines omitted …]\n    497\n    498\n    499\n    500\n",
		`● Read {"file_path":"missing.txt"}`, "  ✗ ",
		"The folder holds notes.md and a long count; missing.txt does not exist.\n",
		"■ done after 3 model calls")
}

func TestProgressJSON(t *testing.T) {
	t.Parallel()
	out := run(t, "progress", cliinstall.DefaultVersion, "", "-json", "Summarize this folder.")
	var kinds []string
	var results []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("not a JSON line: %q", sc.Text())
		}
		kind := ev["kind"].(string)
		if len(kinds) == 0 || kinds[len(kinds)-1] != kind {
			kinds = append(kinds, kind)
		}
		if kind == "tool_result" {
			results = append(results, ev)
		}
	}
	want := "text_delta text tool_use tool_result tool_use tool_result text_delta text result"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("event kinds = %s, want %s", got, want)
	}
	if len(results) != 2 || results[0]["tool"] != "Bash" || results[1]["tool"] != "Read" || results[1]["is_error"] != true {
		t.Errorf("tool results = %v", results)
	}
}

// TestProgressReplay prints a saved transcript's progress with the
// handler that prints a live run's (claude.Replay): no CLI, no API.
func TestProgressReplay(t *testing.T) {
	t.Parallel()
	dir, err := buildExamples()
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join("..", "protocol", "testdata", "transcripts", "2.1.330", "tool_use.jsonl")
	out, err := exec.Command(filepath.Join(dir, "progress"), "-replay", saved).Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	wantInOrder(t, string(out), "▶ session ", "● Bash ", "  ⎿ ", "■ done after ")

	// A recording replays as the stdout it holds.
	rec := filepath.Join("..", "recordings", "2.1.330", "bash-single.txtar")
	out, err = exec.Command(filepath.Join(dir, "progress"), "-replay", rec).Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", rec, err, out)
	}
	wantInOrder(t, string(out), "▶ session ", "● Bash ", "  ⎿ ", "■ done after ")

	// Anything else fails, saying why, instead of printing nothing.
	garbage := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(garbage, []byte("not a transcript\nat all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(dir, "progress"), "-replay", garbage)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || len(out) != 0 || !strings.Contains(stderr.String(), "neither a stream-json transcript") {
		t.Errorf("-replay %s: %v, stdout %q, stderr %q; want exit 1 and why on stderr", garbage, err, out, stderr.String())
	}
}

func TestHooks(t *testing.T) {
	t.Parallel()
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			out := run(t, "hooks", version, "", "Clean up the project.")
			wantInOrder(t, out,
				`hook: blocked "rm -rf build"`,
				"tool refused: ", "Deleting files is not allowed in this session.",
				`hook: rewrote the command to "echo would run: touch clean.txt"`,
				"hook: Bash ran; adding a note",
				"tool ok: would run: touch clean.txt",
				"Claude: The build folder stays; I only marked the project clean, in dry-run mode.")
		})
	}
}

func TestTools(t *testing.T) {
	t.Parallel()
	for _, version := range cliinstall.PinnedVersions() {
		t.Run(version, func(t *testing.T) {
			t.Parallel()
			out := run(t, "tools", version, "", "How many meters are 3 miles?")
			wantInOrder(t, out,
				`result error: unknown unit in "miles" → "m"; call list for the units`,
				"tool: list", "result ok: ft, in, km, m, mi",
				"tool: convert 3 mi → m = 4828.032", "result ok: 4828.032 m",
				"Claude: 3 miles are 4828.032 meters.")
		})
	}
}

// TestUsage checks each example's help: asked for with -h it goes to
// stdout with exit status 0 and names the program, its arguments and the
// shared flags; a missing or extra argument, and -isolate without -api,
// put it on stderr with exit status 2 before any CLI starts.
func TestUsage(t *testing.T) {
	t.Parallel()
	dir, err := buildExamples()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, usage string
		bad         []string // arguments that are a usage error
	}{
		{"oneshot", "Usage: oneshot [flags] PROMPT...\n", nil},
		{"chat", "Usage: chat [flags]\n", []string{"a prompt"}},
		{"permission", "Usage: permission [flags] PROMPT...\n", nil},
		{"progress", "Usage: progress [flags] PROMPT...\n", nil},
		{"hooks", "Usage: hooks [flags] PROMPT...\n", nil},
		{"tools", "Usage: tools [flags] PROMPT...\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(filepath.Join(dir, tt.name), "-h")
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil || !strings.HasPrefix(stdout.String(), tt.usage) || stderr.Len() != 0 {
				t.Errorf("%s -h: %v\nstdout: %q\nstderr: %q\nwant the usage %q on stdout", tt.name, err, stdout.String(), stderr.String(), tt.usage)
			}
			for _, flag := range []string{"-api", "-claude-version", "-isolate"} {
				if !strings.Contains(stdout.String(), "\n  "+flag) {
					t.Errorf("%s -h does not list %s:\n%s", tt.name, flag, stdout.String())
				}
			}
			for _, args := range [][]string{tt.bad, {"-isolate", "a prompt"}} {
				stdout.Reset()
				stderr.Reset()
				cmd = exec.Command(filepath.Join(dir, tt.name), args...)
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				var ee *exec.ExitError
				if err := cmd.Run(); !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), tt.usage) || stdout.Len() != 0 {
					t.Errorf("%s %q: %v\nstdout: %q\nstderr: %q\nwant exit status 2 and the usage on stderr", tt.name, args, err, stdout.String(), stderr.String())
				}
			}
		})
	}
}
