package mcpecho

import "github.com/modelcontextprotocol/go-sdk/mcp"

// NewServerElicitURL returns the server as -elicit-url serves it, for the
// external tests.
func NewServerElicitURL() *mcp.Server { return newServer(false, true) }
