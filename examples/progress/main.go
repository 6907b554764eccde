// Command progress runs a prompt through Claude Code and prints its progress
// live, the way a bot posting to an issue or a runner feeding a web page
// would see it: the text as it streams, each tool call with its input, each
// tool result (long ones abbreviated), and the outcome. With -json it
// prints one JSON object per event instead, for a front end to consume.
// With -replay FILE it prints the progress of a saved transcript (the
// CLI's stdout) or of a ccwire recording (.txtar) through the same
// handler, with no CLI nor API.
//
// It runs your own Claude Code (the claude on PATH, with your login) in the
// current folder, or in -dir, with permissions bypassed as an unattended
// bot in a sandbox runs it: point it at a folder whose files you can lose.
//
//	go run ./examples/progress -dir /tmp/scratch "Summarize this folder."
//
// To try it without an account, serve this example's script with the fake
// API and run the CLI sealed off against it:
//
//	go run ./cmd/ccwire stub --script examples/progress/script.json
//	go run ./examples/progress -isolate -api http://127.0.0.1:PORT "Summarize this folder."
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/examples/internal/exampleflags"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/transcript"
)

// textPrinter prints progress for people.
type textPrinter struct {
	claude.BaseHandler
	w         io.Writer
	streaming bool // a text block is being streamed
}

func (p *textPrinter) OnInit(e *claude.InitEvent) {
	fmt.Fprintf(p.w, "▶ session %s, model %s, %d tools\n", e.Init.SessionID, e.Init.Model, len(e.Init.Tools))
}

func (p *textPrinter) OnThinkingDelta(e *claude.ThinkingDeltaEvent) {
	if e.Thinking == e.Delta { // the block's first piece
		fmt.Fprintln(p.w, "✻ thinking…")
	}
}

func (p *textPrinter) OnTextDelta(e *claude.TextDeltaEvent) {
	p.streaming = true
	fmt.Fprint(p.w, e.Delta)
}

func (p *textPrinter) OnText(e *claude.TextEvent) {
	if !p.streaming { // no partial messages: print the block whole
		fmt.Fprint(p.w, e.Text)
	}
	p.streaming = false
	fmt.Fprintln(p.w)
}

func (p *textPrinter) OnToolUse(e *claude.ToolUseEvent) {
	fmt.Fprintf(p.w, "● %s %s\n", e.Name, claude.Abbreviate(string(e.Input), 160))
}

func (p *textPrinter) OnToolResult(e *claude.ToolResultEvent) {
	mark := "⎿"
	if e.IsError {
		mark = "✗"
	}
	// Long output (a build log, a big file) is cut to its first and last
	// lines, and any line too long to its ends.
	text := claude.Abbreviate(claude.AbbreviateLines(strings.TrimSuffix(e.Text, "\n"), 8), 600)
	fmt.Fprintf(p.w, "  %s %s\n", mark, strings.ReplaceAll(text, "\n", "\n    "))
}

func (p *textPrinter) OnSystem(e *claude.SystemEvent) {
	switch m := e.Message.(type) {
	case *protocol.APIRetry:
		fmt.Fprintf(p.w, "  (the API failed with %d; retry %d of %d)\n", m.ErrorStatus, m.Attempt, m.MaxRetries)
	case *protocol.CompactBoundary:
		fmt.Fprintln(p.w, "  (the conversation was compacted)")
	}
}

func (p *textPrinter) OnResult(e *claude.ResultEvent) {
	r := e.Result
	status := "done"
	if r.Subtype != "success" || r.IsError {
		status = "failed (" + string(r.Subtype) + ")"
	}
	fmt.Fprintf(p.w, "■ %s after %d model calls, %d output tokens, $%.6f\n", status, r.NumTurns, r.Usage.OutputTokens, r.TotalCostUSD)
}

// jsonPrinter writes one JSON object per event: what a runner would push
// to a web front end over a socket.
type jsonPrinter struct {
	claude.BaseHandler
	enc *json.Encoder
}

// frontEndEvent is the shape the front end gets.
type frontEndEvent struct {
	Kind      string          `json:"kind"`
	Text      string          `json:"text,omitempty"`
	Tool      string          `json:"tool,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
	CostUSD   float64         `json:"cost_usd,omitempty"`
}

func (p *jsonPrinter) emit(e frontEndEvent) { _ = p.enc.Encode(e) }

func (p *jsonPrinter) OnTextDelta(e *claude.TextDeltaEvent) {
	p.emit(frontEndEvent{Kind: "text_delta", Text: e.Delta})
}
func (p *jsonPrinter) OnText(e *claude.TextEvent) { p.emit(frontEndEvent{Kind: "text", Text: e.Text}) }
func (p *jsonPrinter) OnToolUse(e *claude.ToolUseEvent) {
	p.emit(frontEndEvent{Kind: "tool_use", Tool: e.Name, ToolUseID: e.ID, Input: e.Input})
}
func (p *jsonPrinter) OnToolResult(e *claude.ToolResultEvent) {
	ev := frontEndEvent{Kind: "tool_result", ToolUseID: e.ToolUseID, Text: claude.Abbreviate(claude.AbbreviateLines(e.Text, 40), 4000), IsError: e.IsError}
	if e.ToolUse != nil {
		ev.Tool = e.ToolUse.Name
	}
	p.emit(ev)
}
func (p *jsonPrinter) OnResult(e *claude.ResultEvent) {
	p.emit(frontEndEvent{Kind: "result", Text: e.Result.Result, IsError: e.Result.IsError, CostUSD: e.Result.TotalCostUSD})
}

func main() {
	asJSON := flag.Bool("json", false, "print one JSON object per event")
	dir := flag.String("dir", "", "working directory of the CLI (default: the current one; with -isolate, a temporary one)")
	replay := flag.String("replay", "", "print the progress of a saved transcript (the CLI's stdout, or a recording; - for stdin) instead of running a prompt")
	opts := exampleflags.Parse(`Usage: progress [flags] PROMPT...
       progress [flags] -replay FILE

Runs PROMPT through Claude Code and prints its progress live: the text as it
streams, tool calls and results, and the outcome (-json: one JSON object per
event). With -replay, prints the progress of a saved transcript (or a
ccwire recording) instead.
`)

	var h claude.Handler = &textPrinter{w: os.Stdout}
	if *asJSON {
		h = &jsonPrinter{enc: json.NewEncoder(os.Stdout)}
	}
	if *replay != "" {
		// The same handler shows a saved run: claude.Replay translates the
		// transcript's messages into the events a live client delivers.
		if err := replayFile(*replay, h); err != nil {
			fmt.Fprintf(os.Stderr, "progress: %v\n", err)
			os.Exit(1)
		}
		return
	}
	prompt := strings.Join(flag.Args(), " ")
	if prompt == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts.WorkDir = *dir
	// The bot runs unattended in a sandbox: no permission prompts.
	opts.DangerouslySkipPermissions = true
	opts.IncludePartialMessages = true
	opts.Handler = h
	_, err := claude.Query(ctx, prompt, opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "progress: %v\n", err)
		os.Exit(1)
	}
}

// replayFile hands the events of the transcript or recording in file name
// ("-": stdin) to h. transcript.Reader tells which it is, and fails on
// an input that is neither.
func replayFile(name string, h claude.Handler) error {
	rd := transcript.NewReader(os.Stdin)
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		rd = transcript.NewReader(f).FromFile(name) // a recording's objects are beside it
	}
	if err := claude.Replay(rd.All(), h); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
