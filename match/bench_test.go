package match_test

import (
	"testing"

	"github.com/ccwire/ccwire/match"
)

var benchPatterns = []match.Pattern{
	match.SystemInit(),
	match.StreamEvent("message_start"),
	match.AssistantText("Running."),
	match.AssistantToolUse("Bash"),
	match.UserToolResult(),
	match.AssistantText("Done."),
	match.ResultSuccess("Done."),
}

func BenchmarkParse(b *testing.B) {
	text := []byte(`{"type":"assistant","message":{"id":{"$regexp":"^msg_"},"content":{"$contains":[{"type":"tool_use","name":"Bash","input":{"command":{"$type":"string"}}}]}}}`)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := match.Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	line := readLines(b, "bash_2.1.37.jsonl")[2]
	p := match.AssistantToolUse("Bash")
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if m := p.Match(line, match.Ignore("message.content.*.id")); m != nil {
			b.Fatal(m)
		}
	}
}

// BenchmarkSubsequence matches the patterns of a turn against the 23
// lines of a partial-messages run.
func BenchmarkSubsequence(b *testing.B) {
	actual := readLines(b, "bash_partial_2.1.330.jsonl")
	var size int64
	for _, l := range actual {
		size += int64(len(l))
	}
	b.SetBytes(size)
	for b.Loop() {
		if err := match.Subsequence(actual, benchPatterns); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSubsequenceFailure includes ranking the candidates and
// rendering the error.
func BenchmarkSubsequenceFailure(b *testing.B) {
	actual := readLines(b, "bash_partial_2.1.330.jsonl")
	patterns := []match.Pattern{match.SystemInit(), match.AssistantText("Nope.")}
	for b.Loop() {
		if err := match.Subsequence(actual, patterns); err == nil {
			b.Fatal("no error")
		}
	}
}
