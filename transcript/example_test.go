package transcript_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/ccwire/ccwire/transcript"
)

// A saved transcript (the CLI's stdout) rendered as a Markdown progress
// report.
func ExampleRenderMarkdown() {
	saved := strings.NewReader(`{"type":"system","subtype":"init","session_id":"s1","model":"claude-sonnet-4-5","permissionMode":"default"}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"go test ./...","description":"Run the tests"}}]}}
{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok  \tshop/cart\t0.011s"}]}}
{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"The tests pass."}]}}
{"type":"result","subtype":"success","num_turns":2,"duration_ms":5100,"total_cost_usd":0.0123,"session_id":"s1","usage":{"input_tokens":10,"output_tokens":20},"modelUsage":{"claude-sonnet-4-5":{"inputTokens":10,"outputTokens":20,"cacheReadInputTokens":0,"cacheCreationInputTokens":0,"costUSD":0.0123}}}
`)
	if err := transcript.RenderMarkdown(os.Stdout, transcript.Messages(saved), transcript.Options{}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// ## Turn 1
	//
	// _Session `s1`, model `claude-sonnet-4-5`, permission mode `default`._
	//
	// 🔧 **Bash** `go test ./...` — Run the tests
	//
	// ↳ Bash result:
	//
	// ```
	// ok  	shop/cart	0.011s
	// ```
	//
	// The tests pass.
	//
	// ✅ **Done** · 2 model calls · 5.1 s · $0.0123
	//
	// ## Summary
	//
	// - Outcome: **success**
	// - Turns: 1 (2 model calls)
	// - Tool calls: 1 — Bash 1
	// - Duration: 5.1 s
	// - Cost: **$0.0123**
	//
	// | Model | Input | Output | Cache read | Cache write | Cost |
	// |---|---:|---:|---:|---:|---:|
	// | claude-sonnet-4-5 | 10 | 20 | 0 | 0 | $0.0123 |
}

// A bot packs a report's blocks into comments no larger than GitHub
// takes, and posts each.
func ExampleSplitter() {
	sp := &transcript.Splitter{Max: 300}
	post := func(c string) { fmt.Printf("--- comment of %d bytes\n", len(c)) }
	for _, block := range []string{"## Turn 1", strings.Repeat("Some text. ", 20), "🔧 **Bash** `make`", strings.Repeat("More text. ", 20)} {
		for _, c := range sp.Add(block) {
			post(c)
		}
	}
	post(sp.Flush())
	// Output:
	// --- comment of 254 bytes
	// --- comment of 221 bytes
}
