package claude_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/ccwire/ccwire/claude"
	"github.com/ccwire/ccwire/cliinstall"
	"github.com/ccwire/ccwire/fakecli"
	"github.com/ccwire/ccwire/protocol"
	"github.com/ccwire/ccwire/transcript"
)

// progressPrinter prints tool activity as it happens; BaseHandler takes
// care of the kinds it does not print.
type progressPrinter struct {
	claude.BaseHandler
}

func (progressPrinter) OnToolUse(e *claude.ToolUseEvent) {
	fmt.Printf("→ %s %s\n", e.Name, e.Input)
}

func (progressPrinter) OnToolResult(e *claude.ToolResultEvent) {
	fmt.Printf("← %s\n", claude.AbbreviateLines(e.Text, 6))
}

func (progressPrinter) OnText(e *claude.TextEvent) { fmt.Println(e.Text) }

// A one-shot prompt: Query starts Claude Code, sends the prompt, hands
// each event to the handler as it comes (here the tool call, its result
// and the answer) and returns the turn once its result arrives.
func ExampleQuery() {
	opts := exampleOptions() // claude.Options{} in a program: the claude on PATH, with the user's login
	opts.AllowedTools = []string{"Bash(echo:*)"}
	opts.Handler = progressPrinter{}

	turn, err := claude.Query(context.Background(), "Run echo tool-use-test-output.", opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d model calls, $%.5f\n", turn.Result().NumTurns, turn.CostUSD())
	// Output:
	// → Bash {"command":"echo tool-use-test-output","description":"Print test output"}
	// ← tool-use-test-output
	// The command printed: tool-use-test-output
	// 2 model calls, $0.00142
}

// A conversation: Connect starts one CLI process that serves every turn,
// so the context carries over, and Stream runs a turn as a range over
// its events, the result last.
func ExampleConnect() {
	ctx := context.Background()
	c, err := claude.Connect(ctx, exampleOptions()) // claude.Options{} in a program
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	for _, prompt := range []string{"First question.", "Second question."} {
		fmt.Println(">", prompt)
		for ev, err := range c.Stream(ctx, prompt) {
			if err != nil {
				log.Fatal(err) // a *claude.TurnError when the turn's result is an error
			}
			switch ev := ev.(type) {
			case *claude.TextEvent:
				fmt.Println(ev.Text)
			case *claude.ResultEvent:
				fmt.Printf("(session cost so far: $%.5f)\n", ev.Result.TotalCostUSD)
			}
		}
	}
	// Output:
	// > First question.
	// First answer.
	// (session cost so far: $0.00048)
	// > Second question.
	// Second answer.
	// (session cost so far: $0.00096)
}

// A turn interrupted as it streams (IncludePartialMessages: text deltas
// as the model writes): the CLI ends it with an error_during_execution
// result, which Stream yields as a *claude.TurnError, and the session
// goes on.
func ExampleClient_Interrupt() {
	ctx := context.Background()
	opts := exampleOptions() // claude.Options{} in a program
	opts.IncludePartialMessages = true
	c, err := claude.Connect(ctx, opts)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	interrupted := false
	for ev, err := range c.Stream(ctx, "Tell me something long.") {
		var te *claude.TurnError
		if errors.As(err, &te) {
			fmt.Println("the turn ended:", te.Subtype)
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if d, ok := ev.(*claude.TextDeltaEvent); ok && !interrupted {
			fmt.Printf("streaming %q…; enough\n", d.Text)
			if err := c.Interrupt(ctx); err != nil {
				log.Fatal(err)
			}
			interrupted = true
		}
	}
	turn, err := c.Query(ctx, "Try again.", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Text())
	// Output:
	// streaming "This is "…; enough
	// the turn ended: error_during_execution
	// This is a long answer that stalls.
}

// A permission callback: with Options.CanUseTool set, each tool call
// that needs permission waits for the program's decision instead of
// being denied.
func ExamplePermissionFunc() {
	opts := exampleOptions()                         // claude.Options{} in a program
	opts.PermissionMode = protocol.PermissionDefault // ask, whatever the user's settings say
	opts.CanUseTool = func(ctx context.Context, req *claude.PermissionRequest) (claude.PermissionDecision, error) {
		fmt.Printf("Claude asks to use %s: %s\n", req.ToolName, req.Input)
		if req.ToolName == "Bash" && strings.Contains(string(req.Input), "rm ") {
			return claude.Deny("No deleting."), nil
		}
		return claude.Allow(), nil
	}

	turn, err := claude.Query(context.Background(), "Run echo allowed-output.", opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Text())
	fmt.Println("calls denied:", len(turn.Result().PermissionDenials))
	// Output:
	// Claude asks to use Bash: {"command":"echo allowed-output > out.txt && cat out.txt","description":"Write and print"}
	// It printed allowed-output.
	// calls denied: 0
}

// A PreToolUse hook in Go: the CLI calls it before each Bash command, and
// it refuses commands that write files, even with permissions bypassed.
func ExampleHookFunc() {
	guard := func(ctx context.Context, in *protocol.HookInput) (*protocol.HookOutput, error) {
		var input struct {
			Command string `json:"command"`
		}
		if err := json.Unmarshal(in.ToolInput, &input); err != nil {
			return nil, err
		}
		if strings.Contains(input.Command, ">") {
			fmt.Printf("hook: blocked %q\n", input.Command)
			return claude.BlockTool("writing files is not allowed here"), nil
		}
		return nil, nil // no opinion: the call goes on
	}
	opts := exampleOptions()               // claude.Options{} in a program
	opts.DangerouslySkipPermissions = true // the hook decides
	opts.Hooks = map[protocol.HookEvent][]claude.HookMatcher{
		protocol.HookPreToolUse: {{Matcher: "Bash", Hooks: []claude.HookFunc{guard}}},
	}

	turn, err := claude.Query(context.Background(), "Write out.txt.", opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Text())
	// Output:
	// hook: blocked "echo blocked > out.txt"
	// The hook blocked it.
}

// Tools written in Go: an in-process MCP server (Options.MCPServers)
// whose tools take a typed input, from which NewTool derives the JSON
// Schema the model sees. The model calls them as mcp__calc__add and
// mcp__calc__divide; an error of a tool reaches the model as a failed
// result.
func ExampleNewTool() {
	type operands struct {
		A float64 `json:"a" description:"the first operand"`
		B float64 `json:"b" description:"the second operand"`
	}
	add, err := claude.NewTool("add", "Adds two numbers.", func(ctx context.Context, in operands) (*claude.ToolResult, error) {
		fmt.Printf("tool: add %v %v\n", in.A, in.B)
		return claude.TextResult(strconv.FormatFloat(in.A+in.B, 'f', -1, 64)), nil
	})
	if err != nil {
		log.Fatal(err)
	}
	divide, err := claude.NewTool("divide", "Divides a by b.", func(ctx context.Context, in operands) (*claude.ToolResult, error) {
		fmt.Printf("tool: divide %v %v\n", in.A, in.B)
		if in.B == 0 {
			return nil, errors.New("division by zero")
		}
		return claude.TextResult(strconv.FormatFloat(in.A/in.B, 'f', -1, 64)), nil
	})
	if err != nil {
		log.Fatal(err)
	}
	opts := exampleOptions() // claude.Options{} in a program
	opts.MCPServers = []*claude.MCPServer{{Name: "calc", Tools: []claude.Tool{add, divide}}}
	opts.AllowedTools = []string{"mcp__calc__add", "mcp__calc__divide"}

	turn, err := claude.Query(context.Background(), "Add 2 and 3, then divide 1 by 0.", opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(turn.Text())
	// Output:
	// tool: add 2 3
	// tool: divide 1 0
	// 2 + 3 is 5; dividing by zero failed.
}

func ExampleAbbreviateLines() {
	var b strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	fmt.Print(claude.AbbreviateLines(b.String(), 4))
	// Output:
	// line 1
	// line 2
	// [… 96 lines omitted …]
	// line 99
	// line 100
}

func ExampleAbbreviate() {
	fmt.Println(claude.Abbreviate("Résumé of a very long tool output", 12))
	// Output:
	// Résumé
	// [… 21 characters omitted …]
	// output
}

// A saved transcript (the CLI's stdout, one JSON message a line) replayed
// into the handler a live client would call. transcript.Messages reads a
// ccwire recording (.txtar) the same way, and fails on anything else.
func ExampleReplay() {
	saved := strings.NewReader(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"main.go\ngo.mod"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Two files."}]}}
`)
	if err := claude.Replay(transcript.Messages(saved), progressPrinter{}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// → Bash {"command":"ls"}
	// ← main.go
	// go.mod
	// Two files.
}

// exampleRecordings name, for each Example that runs Claude Code, the
// scenario whose recording its fake CLI plays.
var exampleRecordings = map[string]string{
	"ExampleQuery":            "bash-single",
	"ExampleConnect":          "multi-turn",
	"ExampleClient_Interrupt": "interrupt-stalled-stream",
	"ExamplePermissionFunc":   "permission-prompt-allow",
	"ExampleHookFunc":         "hook-pretooluse-block",
	"ExampleNewTool":          "sdk-mcp-tool-call",
}

// exampleOptions returns the options an Example starts from, where a
// program starts from claude.Options{} (the claude on PATH): the test
// binary as a fake CLI (package fakecli) that plays what Claude Code
// cliinstall.DefaultVersion wrote in the recording exampleRecordings names
// for the calling Example, sealed off, so that the Example runs in a
// moment, with no API, and its output is checked.
func exampleOptions() claude.Options {
	pcs := make([]uintptr, 1)
	runtime.Callers(2, pcs)
	caller, _ := runtime.CallersFrames(pcs).Next()
	name := caller.Function[strings.LastIndex(caller.Function, ".")+1:]
	id, ok := exampleRecordings[name]
	if !ok {
		panic("exampleOptions: no recording for " + caller.Function)
	}
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	recordings, err := filepath.Abs(filepath.Join("..", "recordings"))
	if err != nil {
		panic(err)
	}
	return claude.Options{
		Binary:    cliinstall.Binary{Version: cliinstall.DefaultVersion, Path: exe},
		BaseURL:   "http://127.0.0.1:9", // the fake calls no API
		Isolation: &claude.Isolation{},
		Env: []string{
			recordedCLIEnv + "=1",
			fakecli.EnvScenario + "=" + id,
			fakecli.EnvCLIVersion + "=" + cliinstall.DefaultVersion,
			fakecli.EnvRecordings + "=" + recordings,
		},
	}
}
