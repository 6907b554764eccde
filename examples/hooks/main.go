// Command hooks runs a prompt with Go hooks guarding Claude Code's tool
// calls, as the Agent SDKs' hooks do: a PreToolUse hook refuses Bash
// commands that delete files and rewrites the others to run in a dry-run
// mode, and a PostToolUse hook adds a note for the model after each call.
//
// Bash is the only tool the model gets, so every call goes through the
// hooks. It runs your own Claude Code (the claude on PATH, with your login)
// in the current folder:
//
//	go run ./examples/hooks "Clean up the project."
//
// To try it without an account, serve this example's script with the fake
// API and run the CLI sealed off against it:
//
//	go run ./cmd/ccwire stub --script examples/hooks/script.json
//	go run ./examples/hooks -isolate -api http://127.0.0.1:PORT "Clean up the project."
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/examples/internal/exampleflags"
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
	opts := exampleflags.Parse(`Usage: hooks [flags] PROMPT...

Runs PROMPT with Go hooks guarding Claude Code's tool calls: Bash commands
that delete files are refused, the others run in a dry-run mode, and a note
for the model follows each call.
`)
	prompt := strings.Join(flag.Args(), " ")
	if prompt == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	opts.Tools = []string{"Bash"}          // the one tool, which the hooks guard
	opts.DangerouslySkipPermissions = true // the hooks decide
	opts.Hooks = map[protocol.HookEvent][]claude.HookMatcher{
		protocol.HookPreToolUse:  {{Matcher: "Bash", Hooks: []claude.HookFunc{guard}}},
		protocol.HookPostToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{note}}},
	}
	opts.Handler = reporter{}
	_, err := claude.Query(ctx, prompt, opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hooks: %v\n", err)
		os.Exit(1)
	}
}
