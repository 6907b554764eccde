package claude_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
)

// A large configuration stays off the command line: the system prompt and
// the subagents go in the initialize request, the MCP configuration
// through a file the client removes when the CLI has ended. (Not run:
// it needs the user's Claude Code and login.)
func ExampleOptions_largeConfiguration() {
	prompt, err := os.ReadFile("system-prompt.md") // tens of KB
	if err != nil {
		log.Fatal(err)
	}
	turn, err := claude.Query(context.Background(), "Review the last commit.", claude.Options{
		SystemPrompt: string(prompt),
		Agents: map[string]claude.AgentDefinition{
			"security-reviewer": {Description: "Reviews diffs for security problems", Prompt: "You review diffs for security problems."},
			"docs-reviewer":     {Description: "Reviews documentation changes", Prompt: "You review documentation."},
		},
		MCPConfig: []string{`{"mcpServers":{"docs":{"command":"docs-mcp","args":[]}}}`},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Result().Result)
}

// The Agent SDK 0.3.332's options for a host that embeds Claude Code:
// Claude Code's own system prompt, cacheable across users, with an
// appended part; a plan-mode workflow of its own; a tool name the model
// may emit routed to an MCP tool; the host's policy as managed settings.
// An option the CLI version lacks is an *OptionError wrapping
// errors.ErrUnsupported before the CLI starts. The MCP configuration, the
// plugins and the managed settings go in the initialize request where the
// version reads them there. (Not run.)
func ExampleOptions_embedding() {
	turn, err := claude.Query(context.Background(), "Plan the migration to Go 1.26.", claude.Options{
		AppendSystemPrompt:     "Answer in British English.",
		ExcludeDynamicSections: true,
		PermissionMode:         protocol.PermissionPlan,
		PlanModeInstructions:   "List the packages to change first, then the order of the changes.",
		ToolAliases:            map[string]string{"Bash": "mcp__workspace__bash"},
		MCPConfig:              []string{`{"mcpServers":{"workspace":{"command":"workspace-mcp"}}}`},
		ManagedSettings:        `{"permissions":{"deny":["WebFetch"]}}`,
		PermissionPrompts:      "none", // nobody answers: what would ask is denied
	})
	var oe *claude.OptionError
	if errors.As(err, &oe) && errors.Is(err, errors.ErrUnsupported) {
		log.Fatalf("this Claude Code is too old for %s: %v", oe.Option, err)
	}
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Result().Result)
}

// The stall watchdog reports a turn in which the CLI writes nothing for a
// minute, with what it may be waiting for, and interrupts it. (Not run.)
func ExampleOptions_stallWatchdog() {
	c, err := claude.Connect(context.Background(), claude.Options{
		StallTimeout: time.Minute,
		OnStall: func(ev *claude.StallEvent) (interrupt bool) {
			log.Printf("silent for %s; tasks %q, control requests %q", ev.Silent, ev.PendingTasks, ev.PendingControl)
			return len(ev.PendingTasks) == 0 // a background task may take long
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Query(context.Background(), "Run the test suite.", nil); err != nil {
		log.Print(err) // a *TurnError of subtype error_during_execution when interrupted
	}
}

// Typed control requests: the models the session can run, the session's
// cost, and an MCP server's question to the user answered in Go. A CLI
// too old for a request gives an UnsupportedRequestError at once. (Not
// run.)
func ExampleClient_ListModels() {
	ctx := context.Background()
	c, err := claude.Connect(ctx, claude.Options{
		OnElicitation: func(_ context.Context, r *protocol.ElicitationRequest) (*protocol.ElicitationResponse, error) {
			log.Printf("%s asks: %s", r.MCPServerName, r.Message)
			return &protocol.ElicitationResponse{Action: "decline"}, nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	models, err := c.ListModels(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range models.Models {
		fmt.Println(m.Value)
	}
	if cost, err := c.SessionCost(ctx); err == nil {
		fmt.Println(cost.Text)
	}
}
