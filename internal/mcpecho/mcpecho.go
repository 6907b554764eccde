// Package mcpecho is a small stdio MCP server that the conformance
// scenarios and the client's tests start through the CLI's --mcp-config,
// so that what the CLI does with an external MCP server is recorded
// against a real one. It is built on the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk).
//
// Its tools are deterministic:
//
//   - echo returns its text, as text content and as structured content;
//   - fail returns a tool error (isError) carrying its reason;
//   - sleep waits for a number of milliseconds, or until the call is
//     cancelled, then says so;
//   - elicit, only with the argument -elicit (so that the tool list of
//     the servers started without it stays the same), asks the client
//     for input (an MCP elicitation: a form with a name and a count) and
//     returns what it answered, or the error the elicitation got;
//   - elicit_url, only with the argument -elicit-url, asks the client to
//     open a URL (a URL-mode elicitation, id [ElicitURLID]) and, when the
//     client accepts, notifies it that the elicitation is complete
//     (notifications/elicitation/complete) before it returns the answer.
//
// [Main] is the whole program: the ccwire command runs it as
// "ccwire mcp-test-server", and test binaries run it from TestMain.
package mcpecho

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Name and Version are the server's name and version in its answer to
// initialize. The version is fixed so that recordings do not depend on
// ccwire's.
const (
	Name    = "ccwire-echo"
	Version = "1.0.0"
)

// Command is the argument that makes a program that embeds [Main] (the
// ccwire command, a test binary's TestMain) run the server.
const Command = "mcp-test-server"

// MaxSleep bounds the sleep tool's wait.
const MaxSleep = time.Minute

// EchoInput is the echo tool's input.
type EchoInput struct {
	Text string `json:"text" jsonschema:"the text to return"`
}

// EchoOutput is the echo tool's structured output.
type EchoOutput struct {
	Text   string `json:"text" jsonschema:"the text given"`
	Length int    `json:"length" jsonschema:"its length in bytes"`
}

// FailInput is the fail tool's input.
type FailInput struct {
	Reason string `json:"reason,omitempty" jsonschema:"what the tool error says"`
}

// ElicitInput is the elicit tool's input.
type ElicitInput struct {
	Message string `json:"message,omitempty" jsonschema:"what to ask the user"`
}

// ElicitOutput is the elicit tool's structured output: the client's
// answer.
type ElicitOutput struct {
	Action  string         `json:"action" jsonschema:"accept, decline or cancel"`
	Content map[string]any `json:"content,omitempty" jsonschema:"the values given, with accept"`
}

// elicitSchema is the form the elicit tool asks for: a name and a count.
var elicitSchema = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"Your name"},"count":{"type":"integer","description":"How many"}},"required":["name"]}`)

// ElicitURLID is the elicitation id of the elicit_url tool's URL-mode
// elicitation, and ElicitURL the URL it asks the client to open.
const (
	ElicitURLID = "ccwire-elicit-url-1"
	ElicitURL   = "https://example.com/ccwire/confirm"
)

// SleepInput is the sleep tool's input.
type SleepInput struct {
	MS int `json:"ms" jsonschema:"how long to wait, in milliseconds (at most 60000)"`
}

// NewServer returns the server with its three tools, and the elicit tool
// when withElicit is set.
func NewServer(withElicit bool) *mcp.Server {
	return newServer(withElicit, false)
}

// newServer returns the server with its three tools, the elicit tool when
// withElicit is set and the elicit_url tool when withElicitURL is.
func newServer(withElicit, withElicitURL bool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: Name, Version: Version}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Returns its text."}, echo)
	mcp.AddTool(s, &mcp.Tool{Name: "fail", Description: "Fails with a tool error giving its reason."}, fail)
	mcp.AddTool(s, &mcp.Tool{Name: "sleep", Description: "Waits for ms milliseconds."}, sleep)
	if withElicit {
		mcp.AddTool(s, &mcp.Tool{Name: "elicit", Description: "Asks the user for a name and a count, and returns the answer."}, elicit)
	}
	if withElicitURL {
		mcp.AddTool(s, &mcp.Tool{Name: "elicit_url", Description: "Asks the user to open a URL, and says when they are done."}, elicitURL)
	}
	return s
}

// elicitKey names the elicit tool's one input request.
const elicitKey = "who"

// elicit asks the client for the form of elicitSchema, as a multi
// round-trip request (SEP-2322): the first call returns the request, and
// the call the client makes again with the answer returns it. The SDK
// sends a client of a protocol older than 2026-07-28 an
// elicitation/create request in the call's stead. A client that cannot
// answer (it declared no elicitation capability) or a failed elicitation
// makes a tool error saying so.
func elicit(_ context.Context, req *mcp.CallToolRequest, in ElicitInput) (*mcp.CallToolResult, ElicitOutput, error) {
	if in.Message == "" {
		in.Message = "Who are you?"
	}
	answer, ok := req.Params.InputResponses[elicitKey]
	if !ok {
		ask := &mcp.ElicitParams{Mode: "form", Message: in.Message, RequestedSchema: elicitSchema}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{elicitKey: ask}}, ElicitOutput{}, nil
	}
	res, err := elicitResult(answer)
	if err != nil {
		return nil, ElicitOutput{}, err
	}
	return elicitAnswer("elicit", res)
}

// elicitResult is a tool's answer to its input request, which must be an
// elicitation result.
func elicitResult(answer any) (*mcp.ElicitResult, error) {
	res, ok := answer.(*mcp.ElicitResult)
	if !ok {
		return nil, fmt.Errorf("elicitation failed: the answer is a %T, not an elicitation result", answer)
	}
	return res, nil
}

// elicitAnswer is the result of the elicitation tool named tool that got
// the answer res: its action and content, as JSON text after the tool's
// name and as structured output.
func elicitAnswer(tool string, res *mcp.ElicitResult) (*mcp.CallToolResult, ElicitOutput, error) {
	out := ElicitOutput{Action: res.Action, Content: res.Content}
	text, err := json.Marshal(out)
	if err != nil {
		return nil, ElicitOutput{}, fmt.Errorf("elicitation answer: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: tool + ": " + string(text)}}}, out, nil
}

// elicitURLKey names the elicit_url tool's one input request.
const elicitURLKey = "open"

// elicitURL asks the client to open ElicitURL (a URL-mode elicitation),
// as elicit asks for its form. When the client accepts, the server
// notifies it that the elicitation ElicitURLID is complete, as a server
// does once the user has finished at the URL, then returns the answer.
func elicitURL(ctx context.Context, req *mcp.CallToolRequest, in ElicitInput) (*mcp.CallToolResult, ElicitOutput, error) {
	if in.Message == "" {
		in.Message = "Open the page to confirm."
	}
	answer, ok := req.Params.InputResponses[elicitURLKey]
	if !ok {
		ask := &mcp.ElicitParams{Mode: "url", Message: in.Message, URL: ElicitURL, ElicitationID: ElicitURLID}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{elicitURLKey: ask}}, ElicitOutput{}, nil
	}
	res, err := elicitResult(answer)
	if err != nil {
		return nil, ElicitOutput{}, err
	}
	if res.Action == "accept" {
		if err := req.Session.NotifyElicitationComplete(ctx, &mcp.ElicitationCompleteParams{ElicitationID: ElicitURLID}); err != nil {
			return nil, ElicitOutput{}, fmt.Errorf("elicitation complete notification: %w", err)
		}
	}
	return elicitAnswer("elicit_url", res)
}

func echo(_ context.Context, _ *mcp.CallToolRequest, in EchoInput) (*mcp.CallToolResult, EchoOutput, error) {
	out := EchoOutput{Text: in.Text, Length: len(in.Text)}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "echo: " + in.Text}}}, out, nil
}

// fail's error becomes a result with isError set and the error's text as
// its content: the SDK's way of reporting a tool error.
func fail(_ context.Context, _ *mcp.CallToolRequest, in FailInput) (*mcp.CallToolResult, any, error) {
	if in.Reason == "" {
		in.Reason = "no reason given"
	}
	return nil, nil, fmt.Errorf("tool failed: %s", in.Reason)
}

func sleep(ctx context.Context, _ *mcp.CallToolRequest, in SleepInput) (*mcp.CallToolResult, any, error) {
	d := time.Duration(in.MS) * time.Millisecond
	if d < 0 || d > MaxSleep {
		return nil, nil, fmt.Errorf("ms must be between 0 and %d, not %d", MaxSleep.Milliseconds(), in.MS)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return nil, nil, fmt.Errorf("sleep cancelled: %w", ctx.Err())
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("slept %d ms", in.MS)}}}, nil, nil
}

// ErrAskedToFail is what Main reports when -fail asks it not to start.
var ErrAskedToFail = errors.New("mcp test server: asked to fail at start (-fail)")

// Serve serves the server over r and w (newline-delimited JSON-RPC) until
// the client closes r or ctx ends.
func Serve(ctx context.Context, r io.ReadCloser, w io.WriteCloser) error {
	return serve(ctx, NewServer(false), r, w)
}

// serve runs s over r and w until the client closes r or ctx ends.
func serve(ctx context.Context, s *mcp.Server, r io.ReadCloser, w io.WriteCloser) error {
	err := s.Run(ctx, &mcp.IOTransport{Reader: r, Writer: w})
	if err != nil && !errors.Is(err, io.EOF) && ctx.Err() == nil {
		return fmt.Errorf("mcp test server: %w", err)
	}
	return nil
}

// Main runs the server on stdin and stdout (the process's, in a program)
// and returns the exit status. args are the arguments after [Command]: -fail makes it exit
// with status 1 at once, before the MCP handshake (a server that fails to
// start). Usage errors give status 2; -h prints the usage on stdout.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(Command, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	failAtStart := fs.Bool("fail", false, "exit with status 1 at once, before the MCP handshake")
	withElicit := fs.Bool("elicit", false, "serve the elicit tool as well, which asks the client for input")
	withElicitURL := fs.Bool("elicit-url", false, "serve the elicit_url tool as well, which asks the client to open a URL and notifies it when that is complete")
	usage := func(w io.Writer) {
		fmt.Fprintf(w, "Usage: %s [-fail] [-elicit] [-elicit-url]\n\nServe the ccwire test MCP server (tools echo, fail, sleep; elicit with -elicit; elicit_url with -elicit-url) on stdin and stdout.\n\n", Command)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "%s: %v\n", Command, err)
		usage(stderr)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected arguments %q\n", Command, fs.Args())
		usage(stderr)
		return 2
	}
	if *failAtStart {
		fmt.Fprintln(stderr, ErrAskedToFail)
		return 1
	}
	if err := serve(ctx, newServer(*withElicit, *withElicitURL), io.NopCloser(stdin), nopCloser{stdout}); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// SelfCommand is the command that runs the server from the running
// program, which must call [RunIfAsked] first thing (the ccwire command
// does so through its mcp-test-server subcommand): the program's
// executable with [Command] as its first argument.
func SelfCommand() ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("mcp test server: the running program: %w", err)
	}
	return []string{exe, Command}, nil
}

// RunIfAsked runs [Main] on the process's streams and exits when the
// process's first argument is [Command]; otherwise it returns at once.
// Test binaries call it at the start of TestMain so that [SelfCommand]
// works in them.
func RunIfAsked() {
	if len(os.Args) < 2 || os.Args[1] != Command {
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Main(ctx, os.Args[2:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
