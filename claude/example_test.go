package claude_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/stubapi"
)

// progressPrinter prints tool activity as it happens; BaseHandler takes
// care of the kinds it does not print.
type progressPrinter struct {
	claude.BaseHandler
}

func (progressPrinter) OnToolUse(e *claude.ToolUseEvent) {
	fmt.Printf("→ %s %s\n", e.Name, e.Input)
}

func (progressPrinter) OnToolResult(e *claude.ToolResultEvent) {
	fmt.Printf("← %s\n", claude.AbbreviateLines(e.Text, 6))
}

func (progressPrinter) OnText(e *claude.TextEvent) { fmt.Println(e.Text) }

// A one-shot prompt against a fake API, with a handler printing progress.
func ExampleQuery() {
	api, err := stubapi.Start(stubapi.NewScript(
		stubapi.ToolUse(stubapi.Call("Bash", map[string]any{"command": "ls"})),
		stubapi.Text("The folder is empty."),
	))
	if err != nil {
		log.Fatal(err)
	}
	defer api.Close()

	turn, err := claude.Query(context.Background(), "What is in this folder?", claude.Options{
		BaseURL:                    api.URL(),
		DangerouslySkipPermissions: true,
		Handler:                    progressPrinter{},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s ($%.4f)\n", turn.Text(), turn.CostUSD())
}

// A multi-turn session that changes the model between turns, answers
// permission requests and interrupts a turn that takes too long.
func ExampleConnect() {
	ctx := context.Background()
	c, err := claude.Connect(ctx, claude.Options{
		BaseURL:        "http://127.0.0.1:8080", // e.g. `ccwire stub --script ...`
		PermissionMode: protocol.PermissionAcceptEdits,
		CanUseTool: func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
			if req.ToolName == "Bash" && strings.Contains(string(req.Input), "rm ") {
				return claude.Deny("No deleting."), nil
			}
			return claude.Allow(), nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	fmt.Println("models:", len(c.InitializeResponse().Models))

	if _, err := c.Query(ctx, "Tidy up the build folder.", progressPrinter{}); err != nil {
		log.Fatal(err)
	}
	if err := c.SetModel(ctx, "claude-haiku-4-5"); err != nil {
		log.Fatal(err)
	}
	for ev, err := range c.Stream(ctx, "Now write the release notes.") {
		var te *claude.TurnError
		if errors.As(err, &te) {
			fmt.Println("the turn failed:", te.Subtype)
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if d, ok := ev.(*claude.TextDeltaEvent); ok && len(d.Text) > 10_000 {
			_ = c.Interrupt(ctx) // enough; the turn ends with error_during_execution
		}
	}
}

func ExampleAbbreviateLines() {
	var b strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	fmt.Print(claude.AbbreviateLines(b.String(), 4))
	// Output:
	// line 1
	// line 2
	// [… 96 lines omitted …]
	// line 99
	// line 100
}

func ExampleAbbreviate() {
	fmt.Println(claude.Abbreviate("Résumé of a very long tool output", 12))
	// Output:
	// Résumé
	// [… 21 characters omitted …]
	// output
}

// A saved transcript (the CLI's stdout, one JSON message a line) replayed
// into the handler a live client would call.
func ExampleReplay() {
	transcript := strings.NewReader(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"main.go\ngo.mod"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Two files."}]}}
`)
	if err := claude.Replay(protocol.NewReader(transcript).All(), progressPrinter{}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// → Bash {"command":"ls"}
	// ← main.go
	// go.mod
	// Two files.
}
