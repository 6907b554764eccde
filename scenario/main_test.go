package scenario_test

import (
	"os"
	"testing"

	"github.com/ccwire/ccwire/internal/mcpecho"
)

// mcpServer is the command that starts the test MCP server from this test
// binary, for the runners of scenarios with an external MCP server.
var mcpServer []string

func TestMain(m *testing.M) {
	mcpecho.RunIfAsked()
	var err error
	if mcpServer, err = mcpecho.SelfCommand(); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
