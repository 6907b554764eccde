// Command chat is a multi-turn conversation with Claude Code: each line read
// from standard input is a prompt, and the answer is printed as it streams
// in. The conversation's context carries over from turn to turn, since one
// CLI process serves them all.
//
// It runs your own Claude Code (the claude on PATH, with your login) in the
// current folder; end the conversation with end-of-file (Ctrl-D):
//
//	go run ./examples/chat
//
// To try it without an account, serve this example's script with the fake
// API and run the CLI sealed off against it:
//
//	go run ./cmd/ccwire stub --script examples/chat/script.json
//	go run ./examples/chat -isolate -api http://127.0.0.1:PORT
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/examples/internal/exampleflags"
)

// printer prints the answer as it streams in: text deltas when the CLI
// sends partial messages, and each text block's remainder.
type printer struct {
	claude.BaseHandler
	printed int // bytes of the current block already printed
}

func (p *printer) OnTextDelta(e *claude.TextDeltaEvent) {
	fmt.Print(e.Delta)
	p.printed = len(e.Text)
}

func (p *printer) OnText(e *claude.TextEvent) {
	fmt.Println(e.Text[min(p.printed, len(e.Text)):])
	p.printed = 0
}

func (p *printer) OnToolUse(e *claude.ToolUseEvent) {
	fmt.Printf("[using %s]\n", e.Name)
}

func main() {
	opts := exampleflags.Parse(`Usage: chat [flags]

A conversation with Claude Code: each line of standard input is a prompt,
and the answer is printed as it streams in. End it with end-of-file (Ctrl-D).
`)
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts.IncludePartialMessages = true // stream the answer as it comes
	if err := chat(ctx, opts); err != nil {
		fmt.Fprintf(os.Stderr, "chat: %v\n", err)
		os.Exit(1)
	}
}

func chat(ctx context.Context, opts claude.Options) error {
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		return err
	}
	defer c.Close()
	if ir := c.InitializeResponse(); ir != nil && len(ir.Models) > 0 {
		fmt.Printf("Connected to Claude Code %s (%d models, %d commands).\n", c.Version(), len(ir.Models), len(ir.Commands))
	}

	in := bufio.NewScanner(os.Stdin)
	var cost float64
	for {
		fmt.Print("you> ")
		if !in.Scan() {
			break
		}
		prompt := strings.TrimSpace(in.Text())
		if prompt == "" {
			continue
		}
		fmt.Print("claude> ")
		turn, err := c.Query(ctx, prompt, &printer{})
		if err != nil {
			return err
		}
		cost = turn.CostUSD()
	}
	fmt.Printf("\nbye ($%.6f in all)\n", cost)
	return in.Err()
}
