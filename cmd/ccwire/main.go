// Command ccwire pins down the Claude Code CLI's stream-json protocol.
//
// Usage:
//
//	ccwire <command> [arguments]
//
// The commands are:
//
//	validate   check stream-json transcripts and report unknown or malformed lines
//	render     render a transcript for people: Markdown progress report, comments, live updates, HTML
//	stats      print a transcript's tokens and cost per model, turns, tool calls, durations, denials
//	web        serve a web page on this machine that runs a Claude Code session and shows it live
//	stub       serve a scripted fake Anthropic Messages API
//	cli        install a pinned Claude Code CLI version or print its path
//	spec       run the conformance scenarios against the real Claude Code CLI
//	merge      merge the outputs of ccwire spec shards
//	diff       tell what changed on the wire between two CLI versions
//	bisect     find the first CLI version where a verdict or a member changes
//	docs       generate the protocol reference in docs/ from the scenarios and recordings
//	schema     generate the JSON Schema of each recorded CLI version's protocol in schema/
//	fake-cli   act as a Claude Code CLI that plays a recording (install: write a fake claude into a folder)
//	version    print ccwire's version and the pinned Claude Code versions
//	mcp-test-server
//	           serve the test MCP server (tools echo, fail, sleep) on stdin and stdout
//
// Run "ccwire <command> -h" or "ccwire help <command>" for a command's
// flags; "ccwire --version" is "ccwire version".
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/ccwire/ccwire/internal/mcpecho"
)

// env is what a command sees of the process: its streams and arguments.
// Commands take it instead of reaching for os.Stdin and friends, so tests can
// run them in-process.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one ccwire subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e env, args []string) int
}

// commands lists the subcommands in the order the usage text shows them.
func commands() []command {
	return []command{
		{"validate", "check stream-json transcripts and report unknown or malformed lines", runValidate},
		{"render", "render a transcript for people: Markdown progress report, comments, live updates, HTML", runRender},
		{"stats", "print a transcript's tokens and cost per model, turns, tool calls, durations, denials", runStats},
		{"web", "serve a web page on this machine that runs a Claude Code session and shows it live", runWeb},
		{"stub", "serve a scripted fake Anthropic Messages API", runStub},
		{"cli", "install a pinned Claude Code CLI version or print its path", runCLI},
		{"spec", "run the conformance scenarios against the real Claude Code CLI", runSpec},
		{"merge", "merge the outputs of ccwire spec shards", runMerge},
		{"diff", "tell what changed on the wire between two CLI versions", runDiff},
		{"bisect", "find the first CLI version where a verdict or a member changes", runBisect},
		{"track", "record the releases the recordings lack, bisect what changed, regenerate docs and schema", runTrack},
		{"docs", "generate the protocol reference in docs/ from the scenarios and recordings", runDocs},
		{"schema", "generate the JSON Schema of each recorded CLI version's protocol in schema/", runSchema},
		{"fake-cli", "act as a Claude Code CLI that plays a recording (install: write a fake claude into a folder)", runFakeCLI},
		{"version", "print ccwire's version and the pinned Claude Code versions", runVersion},
		{mcpecho.Command, "serve the test MCP server (tools echo, fail, sleep) on stdin and stdout", runMCPTestServer},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first signal asks the command to wind up; once it has, the
	// default handling is back, so a second one ends the process at once.
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// run dispatches args to a subcommand and returns the process exit code:
// 0 for success, 1 for a failed check, 2 for a usage error.
func run(ctx context.Context, e env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	if isHelp(args[0]) {
		if args[0] == "help" && len(args) > 1 {
			return help(ctx, e, args[1:])
		}
		usage(e.stdout)
		return 0
	}
	if isVersion(args[0]) {
		return runVersion(ctx, e, args[1:])
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "ccwire: unknown command %q\n\n", args[0])
	usage(e.stderr)
	return 2
}

// help answers "ccwire help COMMAND [SUBCOMMAND]": the command's own help,
// as "ccwire COMMAND [SUBCOMMAND] -h" prints it.
func help(ctx context.Context, e env, args []string) int {
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, e, append(args[1:len(args):len(args)], "-h"))
		}
	}
	fmt.Fprintf(e.stderr, "ccwire help: unknown command %q\n\n", args[0])
	usage(e.stderr)
	return 2
}

// runMCPTestServer serves the test MCP server that scenarios start through
// the CLI's --mcp-config (see package mcpecho).
func runMCPTestServer(ctx context.Context, e env, args []string) int {
	return mcpecho.Main(ctx, args, e.stdin, e.stdout, e.stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: ccwire <command> [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		if len(c.name) > 10 {
			fmt.Fprintf(w, "  %s\n  %-10s %s\n", c.name, "", c.summary)
			continue
		}
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "ccwire <command> -h" or "ccwire help <command>" for a command's flags; "ccwire --version" is "ccwire version".`)
}

// isVersion reports whether arg asks for ccwire's version, as
// "ccwire version" prints it.
func isVersion(arg string) bool { return arg == "--version" || arg == "-version" }

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}

// parseFlags parses a subcommand's arguments with fs, whose Usage must
// write to fs.Output(). It returns ok false when the command must stop at
// once, with the exit code to stop with: 0 after -h, with the usage on
// e.stdout (help asked for is output: "ccwire stub -h | less"); 2 after a
// usage error, reported with the usage on e.stderr. Afterwards fs writes
// to e.stderr.
func parseFlags(fs *flag.FlagSet, args []string, e env) (code int, ok bool) {
	var out bytes.Buffer
	fs.SetOutput(&out)
	err := fs.Parse(args)
	fs.SetOutput(e.stderr)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		_, _ = e.stdout.Write(out.Bytes())
		return 0, false
	default:
		_, _ = e.stderr.Write(out.Bytes())
		return 2, false
	}
}
