// Command chat is a multi-turn conversation with Claude Code: each line read
// from standard input is a prompt, and the answer is printed as it streams
// in. The conversation's context carries over from turn to turn, since one
// CLI process serves them all.
//
//	go run ./cmd/ccwire stub --script examples/chat/script.json
//	go run ./examples/chat -api http://127.0.0.1:PORT
//
// End the conversation with end-of-file (Ctrl-D).
package main

import (
	"bufio"
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
	api := flag.String("api", os.Getenv("ANTHROPIC_BASE_URL"), "base URL of the Anthropic API (default $ANTHROPIC_BASE_URL)")
	version := flag.String("claude-version", cliinstall.DefaultVersion, "Claude Code version to run")
	parseFlags(`Usage: chat [flags]

A conversation with Claude Code: each line of standard input is a prompt,
and the answer is printed as it streams in. End it with end-of-file (Ctrl-D).
`)
	if *api == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := chat(ctx, *api, *version); err != nil {
		fmt.Fprintf(os.Stderr, "chat: %v\n", err)
		os.Exit(1)
	}
}

func chat(ctx context.Context, api, version string) error {
	c, err := claude.Connect(ctx, claude.Options{
		Version:                version,
		BaseURL:                api,
		APIKey:                 os.Getenv("ANTHROPIC_API_KEY"),
		IncludePartialMessages: true,
	})
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
