// Command oneshot asks Claude Code one question and prints the answer, the
// session it ran in and what it cost.
//
// It runs your own Claude Code (the claude on PATH, with your login) in the
// current folder:
//
//	go run ./examples/oneshot "What are goroutines?"
//
// To try it without an account, serve this example's script with the fake
// API and run the CLI sealed off against it (-claude-version V runs a pinned
// version, installed with npm on first use):
//
//	go run ./cmd/ccwire stub --script examples/oneshot/script.json
//	go run ./examples/oneshot -isolate -api http://127.0.0.1:PORT "What are goroutines?"
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/examples/internal/exampleflags"
)

func main() {
	opts := exampleflags.Parse(`Usage: oneshot [flags] PROMPT...

Asks Claude Code PROMPT and prints the answer, the session it ran in and
what it cost.
`)
	prompt := strings.Join(flag.Args(), " ")
	if prompt == "" {
		flag.Usage()
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	turn, err := claude.Query(ctx, prompt, opts)
	var te *claude.TurnError
	switch {
	case errors.As(err, &te):
		fmt.Fprintf(os.Stderr, "oneshot: the turn failed: %v\n", te)
		os.Exit(1)
	case err != nil:
		fmt.Fprintf(os.Stderr, "oneshot: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(turn.Text())
	fmt.Printf("\n(session %s, %d input and %d output tokens, $%.6f)\n",
		turn.SessionID(), turn.Usage().InputTokens, turn.Usage().OutputTokens, turn.CostUSD())
}
