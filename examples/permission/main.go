// Command permission runs a prompt with Claude Code asking this program,
// rather than a terminal UI, before each tool call that needs permission:
// it prints the call and reads the decision (y or n) from standard input.
// An AskUserQuestion call is shown as numbered choices, and the number read
// is the answer the model gets.
//
// It runs your own Claude Code (the claude on PATH, with your login) in the
// current folder, in the default permission mode whatever your settings say,
// so that whatever needs permission is asked for:
//
//	go run ./examples/permission "Set up the project."
//
// To try it without an account, serve this example's script with the fake
// API and run the CLI sealed off against it:
//
//	go run ./cmd/ccwire stub --script examples/permission/script.json
//	go run ./examples/permission -isolate -api http://127.0.0.1:PORT "Set up the project."
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/examples/internal/exampleflags"
	"github.com/ccwire/ccwire/protocol"
)

// asker answers permission requests from lines of input. The client calls
// it from a goroutine of its own while it goes on reading the CLI.
type asker struct {
	in *bufio.Scanner
}

func (a *asker) readLine(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err // the CLI withdrew the question
	}
	if !a.in.Scan() {
		if err := a.in.Err(); err != nil {
			return "", err
		}
		return "", errors.New("no more input")
	}
	return strings.TrimSpace(a.in.Text()), nil
}

func (a *asker) decide(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
	if req.ToolName == "AskUserQuestion" {
		return a.answer(ctx, req)
	}
	fmt.Printf("? Claude wants to use %s: %s\n", req.ToolName, claude.Abbreviate(string(req.Input), 200))
	if p := req.Request.BlockedPath; p != "" {
		fmt.Printf("  (it touches %s)\n", p)
	}
	fmt.Print("  Allow? [y/N] ")
	line, err := a.readLine(ctx)
	if err != nil {
		return claude.PermissionDecision{}, err
	}
	if strings.EqualFold(line, "y") || strings.EqualFold(line, "yes") {
		fmt.Println("  allowed")
		return claude.Allow(), nil
	}
	fmt.Println("  denied")
	return claude.Deny("The user did not allow this."), nil
}

// answer shows the questions of an AskUserQuestion call and reads a choice
// for each.
func (a *asker) answer(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
	questions, err := claude.Questions(req.Input)
	if err != nil {
		return claude.PermissionDecision{}, err
	}
	answers := make(map[string]string)
	for _, q := range questions {
		fmt.Printf("? %s\n", q.Question)
		for i, o := range q.Options {
			fmt.Printf("  %d. %s: %s\n", i+1, o.Label, o.Description)
		}
		fmt.Print("  Choice: ")
		line, err := a.readLine(ctx)
		if err != nil {
			return claude.PermissionDecision{}, err
		}
		n, err := strconv.Atoi(line)
		if err != nil || n < 1 || n > len(q.Options) {
			return claude.Deny("The user gave no valid answer."), nil
		}
		answers[q.Question] = q.Options[n-1].Label
		fmt.Printf("  answered %s\n", q.Options[n-1].Label)
	}
	return claude.AnswerQuestions(req.Input, answers)
}

// reporter prints what happens.
type reporter struct{ claude.BaseHandler }

func (reporter) OnText(e *claude.TextEvent) { fmt.Printf("Claude: %s\n", e.Text) }

func (reporter) OnToolResult(e *claude.ToolResultEvent) {
	status := "ok"
	if e.IsError {
		status = "refused"
	}
	name := "tool"
	if e.ToolUse != nil {
		name = e.ToolUse.Name
	}
	fmt.Printf("  %s %s: %s\n", name, status, claude.Abbreviate(e.Text, 300))
}

func main() {
	opts := exampleflags.Parse(`Usage: permission [flags] PROMPT...

Runs PROMPT with Claude Code, asking on standard input (y or n) before each
tool call that needs permission, and showing AskUserQuestion choices.
`)
	prompt := strings.Join(flag.Args(), " ")
	if prompt == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	a := &asker{in: bufio.NewScanner(os.Stdin)}
	opts.CanUseTool = a.decide
	// Ask, rather than follow a mode of the user's settings (acceptEdits,
	// bypassPermissions) that would not.
	opts.PermissionMode = protocol.PermissionDefault
	opts.Handler = reporter{}
	turn, err := claude.Query(ctx, prompt, opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "permission: %v\n", err)
		os.Exit(1)
	}
	if d := turn.Result().PermissionDenials; len(d) > 0 {
		fmt.Printf("%d call(s) denied.\n", len(d))
	}
}
