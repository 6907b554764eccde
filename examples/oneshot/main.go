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
	"bytes"
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
	parseFlags(`Usage: oneshot [flags] PROMPT...

Asks Claude Code PROMPT and prints the answer, the session it ran in and
what it cost.
`)
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

// parseFlags parses the command line, usage heading the help: help asked
// for (-h) goes to stdout, a usage error to stderr with exit status 2.
func parseFlags(usage string) {
	flag.Usage = func() {
		fmt.Fprint(flag.CommandLine.Output(), usage+"\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.CommandLine.Init(flag.CommandLine.Name(), flag.ContinueOnError)
	var out bytes.Buffer
	flag.CommandLine.SetOutput(&out)
	err := flag.CommandLine.Parse(os.Args[1:])
	flag.CommandLine.SetOutput(os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Stdout.Write(out.Bytes())
		os.Exit(0)
	case err != nil:
		os.Stderr.Write(out.Bytes())
		os.Exit(2)
	}
}
