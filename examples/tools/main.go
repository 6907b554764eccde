// Command tools gives Claude Code tools written in Go: an in-process MCP
// server, as the Agent SDKs' createSdkMcpServer makes, whose tools are Go
// functions with a typed input. The model calls them as
// mcp__units__convert and mcp__units__list.
//
// It runs your own Claude Code (the claude on PATH, with your login) in the
// current folder:
//
//	go run ./examples/tools "How many meters are 3 miles?"
//
// To try it without an account, serve this example's script with the fake
// API and run the CLI sealed off against it:
//
//	go run ./cmd/ccwire stub --script examples/tools/script.json
//	go run ./examples/tools -isolate -api http://127.0.0.1:PORT "How many meters are 3 miles?"
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/examples/internal/exampleflags"
)

// meters is how many meters each unit is.
var meters = map[string]float64{"m": 1, "km": 1000, "mi": 1609.344, "ft": 0.3048, "in": 0.0254}

// convertInput is the input of the convert tool; its JSON Schema, which
// the model sees, comes from the struct.
type convertInput struct {
	Value float64 `json:"value" description:"the length to convert"`
	From  string  `json:"from" description:"its unit: m, km, mi, ft or in"`
	To    string  `json:"to" description:"the unit wanted"`
}

func convert(_ context.Context, in convertInput) (*claude.ToolResult, error) {
	from, ok1 := meters[in.From]
	to, ok2 := meters[in.To]
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("unknown unit in %q → %q; call list for the units", in.From, in.To)
	}
	out := in.Value * from / to
	fmt.Printf("tool: convert %v %s → %s = %s\n", in.Value, in.From, in.To, strconv.FormatFloat(out, 'f', -1, 64))
	return claude.TextResult(strconv.FormatFloat(out, 'f', -1, 64) + " " + in.To), nil
}

func list(context.Context, struct{}) (*claude.ToolResult, error) {
	units := make([]string, 0, len(meters))
	for u := range meters {
		units = append(units, u)
	}
	slices.Sort(units)
	fmt.Println("tool: list")
	return claude.TextResult(strings.Join(units, ", ")), nil
}

// reporter prints what happens.
type reporter struct{ claude.BaseHandler }

func (reporter) OnText(e *claude.TextEvent) { fmt.Printf("Claude: %s\n", e.Text) }

func (reporter) OnToolResult(e *claude.ToolResultEvent) {
	status := "ok"
	if e.IsError {
		status = "error"
	}
	first, _, _ := strings.Cut(e.Text, "\n")
	fmt.Printf("  result %s: %s\n", status, first)
}

func main() {
	opts := exampleflags.Parse(`Usage: tools [flags] PROMPT...

Runs PROMPT with tools written in Go, served to Claude Code by an in-process
MCP server: unit conversions (convert, list).
`)
	prompt := strings.Join(flag.Args(), " ")
	if prompt == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	units := &claude.MCPServer{Name: "units", Tools: []claude.Tool{
		claude.MustTool("convert", "Converts a length from one unit to another.", convert),
		claude.MustTool("list", "Lists the units convert knows.", list),
	}}
	opts.MCPServers = []*claude.MCPServer{units}
	opts.AllowedTools = []string{"mcp__units__convert", "mcp__units__list"}
	opts.Handler = reporter{}
	_, err := claude.Query(ctx, prompt, opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tools: %v\n", err)
		os.Exit(1)
	}
}
