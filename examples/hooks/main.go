// Command hooks runs a prompt with Go hooks guarding Claude Code's tool
// calls, as the Agent SDKs' hooks do: a PreToolUse hook refuses Bash
// commands that delete files and rewrites the others to run in a dry-run
// mode, and a PostToolUse hook adds a note for the model after each call.
//
//	go run ./cmd/ccwire stub --script examples/hooks/script.json
//	go run ./examples/hooks -api http://127.0.0.1:PORT "Clean up the project."
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/protocol"
)

// guard is the PreToolUse hook: it blocks rm and prefixes every other
// command with an echo of what would run.
func guard(_ context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
	var input struct {
		Command     string `json:"command"`
		Description string `json:"description,omitempty"`
	}
	if err := json.Unmarshal(in.ToolInput, &input); err != nil {
		return nil, fmt.Errorf("the Bash input: %w", err)
	}
	if strings.Contains(input.Command, "rm ") {
		fmt.Printf("hook: blocked %q\n", input.Command)
		return claude.BlockTool("Deleting files is not allowed in this session."), nil
	}
	input.Command = "echo would run: " + input.Command
	fmt.Printf("hook: rewrote the command to %q\n", input.Command)
	return claude.RewriteToolInput(input)
}

// note is the PostToolUse hook: the model reads its text with the result.
func note(_ context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
	fmt.Printf("hook: %s ran; adding a note\n", in.ToolName)
	return claude.AddContext(protocol.HookPostToolUse, "This session runs in dry-run mode."), nil
}

// reporter prints what happens.
type reporter struct{ claude.BaseHandler }

func (reporter) OnText(e *claude.TextEvent) { fmt.Printf("Claude: %s\n", e.Text) }

func (reporter) OnToolResult(e *claude.ToolResultEvent) {
	status := "ok"
	if e.IsError {
		status = "refused"
	}
	fmt.Printf("  tool %s: %s\n", status, claude.Abbreviate(e.Text, 200))
}

func main() {
	api := flag.String("api", os.Getenv("ANTHROPIC_BASE_URL"), "base URL of the Anthropic API (default $ANTHROPIC_BASE_URL)")
	version := flag.String("claude-version", cliinstall.DefaultVersion, "Claude Code version to run")
	parseFlags(`Usage: hooks [flags] PROMPT...

Runs PROMPT with Go hooks guarding Claude Code's tool calls: Bash commands
that delete files are refused, the others run in a dry-run mode, and a note
for the model follows each call.
`)
	prompt := strings.Join(flag.Args(), " ")
	if *api == "" || prompt == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	_, err := claude.Query(ctx, prompt, claude.Options{
		Version:                    *version,
		BaseURL:                    *api,
		APIKey:                     os.Getenv("ANTHROPIC_API_KEY"),
		DangerouslySkipPermissions: true, // the hooks decide
		Hooks: map[protocol.HookEvent][]claude.HookMatcher{
			protocol.HookPreToolUse:  {{Matcher: "Bash", Hooks: []claude.HookFunc{guard}}},
			protocol.HookPostToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{note}}},
		},
		Handler: reporter{},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "hooks: %v\n", err)
		os.Exit(1)
	}
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
