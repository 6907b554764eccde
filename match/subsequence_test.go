package match_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ccwire/ccwire/match"
	"github.com/google/go-cmp/cmp"
)

func lines(s ...string) [][]byte {
	out := make([][]byte, len(s))
	for i, l := range s {
		out[i] = []byte(l)
	}
	return out
}

const (
	msgInit       = `{"type":"system","subtype":"init","session_id":"s"}`
	msgToolBash   = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]}}`
	msgToolResult = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"a.txt","is_error":false}]}}`
	msgRunning    = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Running."}]}}`
	msgDoneBang   = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done!"}]}}`
	msgDone       = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}}`
	msgSuccess    = `{"type":"result","subtype":"success","is_error":false,"result":"Done!"}`
)

func TestSubsequenceFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file     string
		patterns []match.Pattern
	}{
		{"bash_2.1.37.jsonl", []match.Pattern{
			match.SystemInit(),
			match.AssistantText("Running."),
			match.AssistantToolUse("Bash"),
			match.UserToolResult(),
			match.AssistantText("Done."),
			match.ResultSuccess("Done."),
		}},
		{"bash_2.1.37.jsonl", []match.Pattern{
			match.AssistantToolUse("Bash"),
			match.ResultSuccess(""),
		}},
		{"bash_partial_2.1.330.jsonl", []match.Pattern{
			match.SystemInit(),
			match.StreamEvent("message_start"),
			match.AssistantText("Running."),
			match.StreamEvent("content_block_start"),
			match.AssistantToolUse("Bash"),
			match.StreamEvent("message_stop"),
			match.UserToolResult(),
			match.StreamEvent("message_start"),
			match.AssistantText("Done."),
			match.StreamEvent("message_stop"),
			match.ResultSuccess("Done."),
		}},
		{"bash_partial_2.1.330.jsonl", nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			if err := match.Subsequence(readLines(t, tt.file), tt.patterns); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestSubsequence(t *testing.T) {
	t.Parallel()
	flow := lines(msgInit, msgToolBash, msgToolResult, msgRunning, msgToolResult, msgDoneBang, msgSuccess)
	tests := []struct {
		name     string
		actual   [][]byte
		patterns []match.Pattern
		opts     []match.Option
		want     string // error text, "" for success
	}{
		{"all in order", flow, []match.Pattern{match.SystemInit(), match.AssistantToolUse("Bash"), match.UserToolResult(), match.ResultSuccess("")}, nil, ""},
		{"no patterns", flow, nil, nil, ""},
		{"no patterns, no messages", nil, nil, nil, ""},
		{"greedy earliest leaves room", lines(msgRunning, msgDone),
			[]match.Pattern{match.AssistantText(""), match.AssistantText("Done.")}, nil, ""},
		{"each message matches one pattern", lines(msgInit, msgDone),
			[]match.Pattern{match.AssistantText(""), match.AssistantText("")}, nil,
			`pattern 2 of 2 assistant(text) not found after message 2 assistant(text) "Done." (matched by pattern 1), the last message` + "\n" +
				`note: message 2 assistant(text) "Done." matches it, but pattern 1 matched it first`},
		{"closest candidate with its diff", flow,
			[]match.Pattern{match.SystemInit(), match.AssistantToolUse("Bash"), match.UserToolResult(), match.AssistantText("Done."), match.ResultSuccess("")}, nil,
			`pattern 4 of 5 assistant(text) "Done." not found after message 3 user(tool_result) (matched by pattern 3)` + "\n" +
				`closest: message 4 assistant(text) "Running."` + "\n" +
				`  message.content.0.text: want "Done." got "Running."`},
		{"first pattern", flow, []match.Pattern{match.ResultSuccessError()}, nil,
			`pattern 1 of 1 result/success(is_error:true) not found in 7 messages` + "\n" +
				`closest: message 7 result/success "Done!"` + "\n" +
				`  is_error: want true got false`},
		{"no messages", nil, []match.Pattern{match.SystemInit()}, nil,
			`pattern 1 of 1 system/init not found: no messages`},
		{"order", flow, []match.Pattern{match.ResultSuccess(""), match.SystemInit()}, nil,
			`pattern 2 of 2 system/init not found after message 7 result/success "Done!" (matched by pattern 1), the last message` + "\n" +
				`note: message 1 system/init matches it, but comes before message 7`},
		{"order with candidates left", flow, []match.Pattern{match.UserToolResult(), match.AssistantToolUse("Bash")}, nil,
			`pattern 2 of 2 assistant(tool_use:Bash) not found after message 3 user(tool_result) (matched by pattern 1)` + "\n" +
				`closest: message 4 assistant(text) "Running."` + "\n" +
				`  message.content.0.type: want "tool_use" got "text"` + "\n" +
				`  message.content.0.name: want "Bash" got absent` + "\n" +
				`note: message 2 assistant(tool_use:Bash) matches it, but comes before message 3`},
		{"ties go to the earliest", lines(msgInit, msgRunning, msgDoneBang), []match.Pattern{match.AssistantText("Done.")}, nil,
			`pattern 1 of 1 assistant(text) "Done." not found in 3 messages` + "\n" +
				`closest: message 2 assistant(text) "Running."` + "\n" +
				`  message.content.0.text: want "Done." got "Running."`},
		{"most matching leaves wins", lines(msgSuccess, msgInit, msgToolBash), []match.Pattern{match.AssistantText("Done.")}, nil,
			`pattern 1 of 1 assistant(text) "Done." not found in 3 messages` + "\n" +
				`closest: message 3 assistant(tool_use:Bash)` + "\n" +
				`  message.content.0.type: want "text" got "tool_use"` + "\n" +
				`  message.content.0.text: want "Done." got absent`},
		{"ignore applies", lines(msgInit, msgDoneBang),
			[]match.Pattern{match.MustParse(`{"type":"assistant","message":{"content":[{"text":"Done."}]}}`)},
			[]match.Option{match.Ignore("message.content.*.text")}, ""},
		{"pattern without label", lines(msgInit), []match.Pattern{match.MustParse(`{"subtype":"x"}`)}, nil,
			`pattern 1 of 1 {"subtype":"x"} not found in 1 message` + "\n" +
				`closest: message 1 system/init` + "\n" +
				`  subtype: want "x" got "init"`},
		{"custom label", lines(msgInit), []match.Pattern{match.SystemSubtype("x").WithLabel("the x system message")}, nil,
			`pattern 1 of 1 the x system message not found in 1 message` + "\n" +
				`closest: message 1 system/init` + "\n" +
				`  subtype: want "x" got "init"`},
		{"messages without type", lines(`[1,2]`, `{"a":1}`), []match.Pattern{match.SystemInit()}, nil,
			`pattern 1 of 1 system/init not found in 2 messages` + "\n" +
				`closest: message 1 (no type)` + "\n" +
				`  (root): want {"type":"system","subtype":"init"} got [1,2]`},
		{"long text shortened", lines(`{"type":"assistant","message":{"content":[{"type":"text","text":"` + strings.Repeat("x", 100) + `"}]}}`),
			[]match.Pattern{match.AssistantText(strings.Repeat("y", 50))}, nil,
			`pattern 1 of 1 assistant(text) "` + strings.Repeat("y", 40) + `…" (50 bytes) not found in 1 message` + "\n" +
				`closest: message 1 assistant(text) "` + strings.Repeat("x", 40) + `…" (100 bytes)` + "\n" +
				`  message.role: want "assistant" got absent` + "\n" +
				`  message.content.0.text: want "` + strings.Repeat("y", 50) + `" got "` + strings.Repeat("x", 64) + `…" (100 bytes) (first difference at byte 0)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := match.Subsequence(tt.actual, tt.patterns, tt.opts...)
			if tt.want == "" {
				if err != nil {
					t.Errorf("Subsequence() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Subsequence() = nil, want\n%s", tt.want)
			}
			if _, ok := errors.AsType[*match.SubsequenceError](err); !ok {
				t.Errorf("error %T is not a *SubsequenceError", err)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error text (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSubsequenceErrorFields(t *testing.T) {
	t.Parallel()
	flow := lines(msgInit, msgToolBash, msgToolResult, msgRunning, msgDoneBang, msgSuccess)
	err := match.Subsequence(flow, []match.Pattern{
		match.AssistantToolUse("Bash"), match.UserToolResult(), match.AssistantText("Done."), match.ResultSuccess(""),
	})
	se, ok := errors.AsType[*match.SubsequenceError](err)
	if !ok {
		t.Fatalf("error %v is not a *SubsequenceError", err)
	}
	want := &match.SubsequenceError{
		Pattern: 2, Patterns: 4, Messages: 6,
		Matched:      []int{1, 2},
		Closest:      3,
		Diff:         &match.Mismatch{Diffs: []match.Diff{{Path: "message.content.0.text", Want: `"Done."`, Got: `"Running."`}}},
		EarlierMatch: -1,
	}
	if diff := cmp.Diff(want, se, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".text" }, cmp.Ignore())); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(se.Error(), "pattern 3 of 4") {
		t.Errorf("Error() = %s", se)
	}

	se, _ = errors.AsType[*match.SubsequenceError](match.Subsequence(flow[:1], []match.Pattern{match.SystemInit(), match.SystemInit()}))
	if se == nil || se.Closest != -1 || se.Diff != nil || se.EarlierMatch != 0 || se.Pattern != 1 {
		t.Errorf("nothing left: %+v", se)
	}
}

func TestSubsequenceInvalidJSON(t *testing.T) {
	t.Parallel()
	err := match.Subsequence(lines(msgInit, `{"type":`, msgSuccess), []match.Pattern{match.SystemInit()})
	if err == nil {
		t.Fatal("Subsequence accepted a line that is not JSON")
	}
	if _, ok := errors.AsType[*match.SubsequenceError](err); ok {
		t.Errorf("invalid JSON reported as a missing pattern: %v", err)
	}
	if want := "match: message 2 is not valid JSON: unexpected EOF"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}
