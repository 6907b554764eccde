package claude_test

import (
	"testing"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/stubapi"
)

// TestPermissionOrderCLI checks on the real CLIs that a permission
// callback starts after the reader got the call's ToolUseEvent.
func TestPermissionOrderCLI(t *testing.T) {
	t.Parallel()
	runCLITests(t, []cliTest{{"ToolUseBeforeCallback", func(t *testing.T, bin cliinstall.Binary) {
		checkPermissionOrder(t, func(t *testing.T, canUseTool claude.PermissionFunc) *claude.Client {
			stub := stubapi.NewTest(t, stubapi.NewScript(
				stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "echo ordered > ordered.txt", "description": "Write a file"})),
				stubapi.Text("Done."),
			))
			opts := cliOptions(t, bin, stub)
			opts.PermissionMode = "default"
			opts.CanUseTool = canUseTool
			return connectCLI(t, opts)
		}, "Run echo ordered.")
	}}})
}
