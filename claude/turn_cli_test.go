package claude_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/stubapi"
)

// TestTurnIntegrityCLI abandons a turn in each way a caller can while the
// real CLI runs a tool, then sends the next prompt: its read gets its own
// turn. Without the client's wait for the abandoned turn, both pinned CLIs
// fold a prompt sent during a tool call into the running turn, whose
// result would come back as the new prompt's answer.
func TestTurnIntegrityCLI(t *testing.T) {
	t.Parallel()
	var tests []cliTest
	for _, way := range abandonWays {
		tests = append(tests, cliTest{way.name, func(t *testing.T, bin cliinstall.Binary) {
			stub := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "sleep 1; echo done", "description": "Wait"})),
				stubapi.Text("First answer."),
				stubapi.Text("Second answer."),
			))
			opts := cliOptions(t, bin, stub)
			opts.DangerouslySkipPermissions = true
			c := connectCLI(t, opts)
			askAfterAbandoning(t, ctxFor(t), c, way.abandon, "First question.", "Second question.", "Second answer.")
			reqs := stub.MainRequests()
			if len(reqs) != 3 {
				t.Fatalf("%d main-loop requests, want 3", len(reqs))
			}
			if strings.Contains(string(reqs[1].Body), "Second question.") {
				t.Errorf("the second prompt was folded into the abandoned turn's tool result")
			}
		}})
	}
	runCLITests(t, tests)
}

// TestTurnErrorCLI checks the words of a turn the real CLIs end after an
// HTTP 500 from the API (no retries).
func TestTurnErrorCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"HTTP500", func(t *testing.T, bin cliinstall.Binary) {
		stub := stubapi.NewTest(t, stubapi.NewScript(stubapi.Fail(stubapi.ServerError())))
		_, err := claude.Query(ctxFor(t), "Say hello.", cliOptions(t, bin, stub))
		checkAPIErrorTurn(t, bin.Version, err)
	}}})
}
