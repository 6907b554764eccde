package stubapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/claude/claudetest"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/stubapi"
)

// These tests run the real Claude Code CLI against the stub: one short
// process each.

// cliVersion is a pinned CLI the tests run.
type cliVersion struct {
	version string
}

var cliVersions = []cliVersion{{cliinstall.SeedVersion}, {cliinstall.DefaultVersion}}

// command returns the argv that runs v, installing it into the cache when it
// is missing. A CLI that cannot be had fails the test; it is never skipped.
func (v cliVersion) command(t *testing.T) []string {
	t.Helper()
	return claudetest.Binary(t, v.version).Argv()
}

// runCLI runs the CLI once against url with prompt as the one user message
// and returns its stdout lines up to and including the result line.
func runCLI(t *testing.T, argv []string, url, prompt string) []string {
	t.Helper()
	return runCLIEnv(t, argv, url, prompt, true)
}

// runCLIEnv is runCLI that can leave the CLI's non-essential traffic on.
func runCLIEnv(t *testing.T, argv []string, url, prompt string, quiet bool) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append(argv[1:], "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions")
	cmd := exec.CommandContext(ctx, argv[0], args...)
	cmd.Dir = t.TempDir()
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + t.TempDir(),
		"IS_SANDBOX=1",
		"ANTHROPIC_BASE_URL=" + url,
		"ANTHROPIC_API_KEY=dummy",
		"DISABLE_AUTOUPDATER=1",
	}
	if quiet {
		cmd.Env = append(cmd.Env, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %v: %v", argv, err)
	}
	line, _ := json.Marshal(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": prompt}})
	if _, err := stdin.Write(append(line, '\n')); err != nil {
		t.Fatalf("writing the user message: %v", err)
	}
	var lines []string
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		var m struct{ Type string }
		if json.Unmarshal(sc.Bytes(), &m) == nil && m.Type == "result" {
			break
		}
	}
	_ = stdin.Close()
	if err := cmd.Wait(); err != nil && ctx.Err() != nil {
		t.Fatalf("CLI timed out: %v\nstderr:\n%s\nstdout:\n%s", err, stderr.String(), strings.Join(lines, "\n"))
	}
	if len(lines) == 0 || !strings.Contains(lines[len(lines)-1], `"type":"result"`) {
		t.Fatalf("CLI ended without a result line\nstderr:\n%s\nstdout:\n%s", stderr.String(), strings.Join(lines, "\n"))
	}
	return lines
}

// result decodes the CLI's result line.
func result(t *testing.T, lines []string) (subtype string, isError bool, text string) {
	t.Helper()
	var r struct {
		Subtype string `json:"subtype"`
		IsError bool   `json:"is_error"`
		Result  string `json:"result"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		t.Fatalf("result line: %v", err)
	}
	return r.Subtype, r.IsError, r.Result
}

// wantSuccess checks that the CLI's result is a success with text.
func wantSuccess(t *testing.T, lines []string, text string) {
	t.Helper()
	if sub, isErr, got := result(t, lines); sub != "success" || isErr || got != text {
		t.Errorf("result = %s, is_error %v, %q; want success with the scripted text %q\n%s", sub, isErr, got, text, strings.Join(lines, "\n"))
	}
}

func TestRealCLIText(t *testing.T) {
	t.Parallel()
	for _, v := range cliVersions {
		t.Run(v.version, func(t *testing.T) {
			t.Parallel()
			argv := v.command(t)
			s := stubapi.NewTest(t, stubapi.NewScript(stubapi.Text("Hello from the stub!")))
			lines := runCLI(t, argv, s.URL(), "hi")
			wantSuccess(t, lines, "Hello from the stub!")
			main := s.MainRequests()
			if len(main) != 1 {
				t.Fatalf("%d main-loop requests, want 1:\n%s", len(main), dump(t, s))
			}
			if !strings.Contains(s.SystemPrompt(), "Claude") {
				t.Errorf("system prompt of the main-loop request does not mention Claude: %.200q", s.SystemPrompt())
			}
		})
	}
}

func TestRealCLIBashToolUse(t *testing.T) {
	t.Parallel()
	for _, v := range cliVersions {
		t.Run(v.version, func(t *testing.T) {
			t.Parallel()
			argv := v.command(t)
			s := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.ToolUse(stubapi.Say("Running it."), stubapi.Call("Bash", map[string]any{"command": "echo stub-says-hi", "description": "Print a greeting"})),
				stubapi.Text("The command printed the greeting."),
			))
			lines := runCLI(t, argv, s.URL(), "run echo")
			wantSuccess(t, lines, "The command printed the greeting.")
			main := s.MainRequests()
			if len(main) != 2 {
				t.Fatalf("%d main-loop requests, want 2:\n%s", len(main), dump(t, s))
			}
			results := main[1].ToolResults()
			if len(results) != 1 {
				t.Fatalf("second main-loop request carries %d tool results, want 1:\n%s", len(results), dump(t, s))
			}
			tr := results[0]
			if tr.ToolUseID != stubapi.ToolUseID(0, 1) || tr.IsError || !strings.Contains(tr.Text(), "stub-says-hi") {
				t.Errorf("tool result = %+v (text %q), want the output of echo for %s", tr, tr.Text(), stubapi.ToolUseID(0, 1))
			}
			if s.Remaining() != 0 {
				t.Errorf("%d turns left unconsumed", s.Remaining())
			}
		})
	}
}

// dump renders the server's requests for a failure message.
func dump(t *testing.T, s *stubapi.Server) string {
	t.Helper()
	var b strings.Builder
	for _, r := range s.Requests() {
		b.WriteString(r.Method + " " + r.Path + " route=" + string(r.Route) + " (" + r.Reason + ") outcome=" + string(r.Outcome) + " " + r.Detail + "\n")
	}
	return b.String()
}

// TestRealCLIRetriesAfterStreamError checks how the CLI recovers from an
// SSE error event in the middle of a text block: it retries the same
// main-loop request without streaming, which gets the turn.
func TestRealCLIRetriesAfterStreamError(t *testing.T) {
	t.Parallel()
	for _, v := range cliVersions {
		t.Run(v.version, func(t *testing.T) {
			t.Parallel()
			argv := v.command(t)
			s := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.Text("Recovered after an overload.").WithFaults(stubapi.StreamError("overloaded_error").MidBlock(0)),
			))
			lines := runCLI(t, argv, s.URL(), "hi")
			wantSuccess(t, lines, "Recovered after an overload.")
			main := s.MainRequests()
			if len(main) != 2 {
				t.Fatalf("%d main-loop requests, want 2", len(main))
			}
			type attempt struct {
				Stream  bool
				Turn    int
				Outcome stubapi.Outcome
			}
			got := []attempt{{main[0].Stream, main[0].Turn, main[0].Outcome}, {main[1].Stream, main[1].Turn, main[1].Outcome}}
			want := []attempt{{true, 0, stubapi.OutcomeFault}, {false, 0, stubapi.OutcomeServed}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("attempts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRealCLISideTraffic runs the CLI with its non-essential traffic on
// (token counting, connectivity checks, helper calls): side requests must
// not touch the script.
func TestRealCLISideTraffic(t *testing.T) {
	t.Parallel()
	for _, v := range cliVersions {
		t.Run(v.version, func(t *testing.T) {
			t.Parallel()
			argv := v.command(t)
			s := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo side-traffic"})),
				stubapi.Text("All done."),
			))
			lines := runCLIEnv(t, argv, s.URL(), "hi", false)
			wantSuccess(t, lines, "All done.")
			var turns []int
			for _, r := range s.Requests() {
				switch r.Route {
				case stubapi.RouteMain:
					turns = append(turns, r.Turn)
				case stubapi.RouteSide:
					if r.Turn != stubapi.NoTurn || (r.Outcome != stubapi.OutcomeSide && r.Outcome != stubapi.OutcomeRejected) {
						t.Errorf("side request #%d %s %s: turn %d, outcome %s", r.Seq, r.Method, r.Path, r.Turn, r.Outcome)
					}
				}
			}
			if diff := cmp.Diff([]int{0, 1}, turns); diff != "" {
				t.Errorf("turns of the main-loop requests (-want +got):\n%s", diff)
			}
		})
	}
}
