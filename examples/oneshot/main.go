// Command oneshot asks Claude Code one question and prints the answer, the
// session it ran in and what it cost.
//
// It needs an Anthropic API to talk to. Without an API key, start the fake
// one with the script of this example and pass its URL:
//
//	go run ./cmd/ccwire stub --script examples/oneshot/script.json
//	go run ./examples/oneshot -api http://127.0.0.1:PORT "What are goroutines?"
//
// With a real key: -api https://api.anthropic.com and ANTHROPIC_API_KEY set.
// The Claude Code CLI of -claude-version is installed with npm on first use.
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
	"github.com/ccwire/ccwire/cliinstall"
)

func main() {
	api := flag.String("api", os.Getenv("ANTHROPIC_BASE_URL"), "base URL of the Anthropic API (default $ANTHROPIC_BASE_URL)")
	version := flag.String("claude-version", cliinstall.DefaultVersion, "Claude Code version to run")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: oneshot [flags] PROMPT...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	prompt := strings.Join(flag.Args(), " ")
	if *api == "" || prompt == "" {
		flag.Usage()
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	turn, err := claude.Query(ctx, prompt, claude.Options{
		Version: *version,
		BaseURL: *api,
		APIKey:  os.Getenv("ANTHROPIC_API_KEY"),
	})
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
