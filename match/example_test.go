package match_test

import (
	"fmt"

	"github.com/ccwire/ccwire/match"
)

func ExampleParse() {
	p, err := match.Parse([]byte(`{
		"type": "assistant",
		"message": {"id": {"$regexp": "^msg_"}, "content": [{"type": "tool_use", "name": "Bash"}]}
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Label())
	fmt.Println(p)

	_, err = match.Parse([]byte(`{"type": {"$oneof": ["user", "assistant"]}}`))
	fmt.Println(err)
	// Output:
	// assistant(tool_use:Bash)
	// {"type":"assistant","message":{"id":{"$regexp":"^msg_"},"content":[{"type":"tool_use","name":"Bash"}]}}
	// match: pattern at type (byte 9): unknown operator "$oneof" (known: $absent, $any, $contains, $nonempty, $regexp, $type; write "$$oneof" for a literal key "$oneof")
}

func ExamplePattern_Match() {
	p := match.AssistantText("Done.")
	line := []byte(`{"type":"assistant","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"Done!"}]},"session_id":"s"}`)
	if m := p.Match(line); m != nil {
		fmt.Println(m)
	}
	// Output:
	// match: message.content.0.text: want "Done." got "Done!"
}

func ExampleValue() {
	p := match.Value(map[string]any{
		"type":       "result",
		"subtype":    "success",
		"result":     match.NonEmpty(),
		"errors":     match.Absent(),
		"session_id": match.Type("string"),
	})
	fmt.Println(p)
	fmt.Println(p.Match([]byte(`{"type":"result","subtype":"success","result":"ok","session_id":"abc"}`)) == nil)
	// Output:
	// {"errors":{"$absent":true},"result":{"$nonempty":true},"session_id":{"$type":"string"},"subtype":"success","type":"result"}
	// true
}

func ExampleContains() {
	p := match.Value(map[string]any{
		"tools": match.Contains("Bash", "Read"),
	})
	fmt.Println(p.Match([]byte(`{"tools":["Task","Bash","Glob","Read","Edit"]}`)) == nil)
	fmt.Println(p.Match([]byte(`{"tools":["Read","Bash"]}`)))
	// Output:
	// true
	// match: tools: want an element matching "Read" got no elements after element 1 ($contains item 1 of 2)
}

func ExampleIgnore() {
	p := match.MustParse(`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_01","content":"hi"}]}}`)
	line := []byte(`{"type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_9f","type":"tool_result","content":"hi","is_error":false}]}}`)
	fmt.Println(p.Match(line))
	fmt.Println(p.Match(line, match.Ignore("message.content.*.tool_use_id")))
	// Output:
	// match: message.content.0.tool_use_id: want "toolu_01" got "toolu_9f"
	// <nil>
}

func ExampleSubsequence() {
	stdout := [][]byte{
		[]byte(`{"type":"system","subtype":"init","session_id":"s"}`),
		[]byte(`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}`),
		[]byte(`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}`),
		[]byte(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done!"}]}}`),
		[]byte(`{"type":"result","subtype":"success","is_error":false,"result":"Done!"}`),
	}
	err := match.Subsequence(stdout, []match.Pattern{
		match.SystemInit(),
		match.UserToolResult(),
		match.AssistantText("Done."),
		match.ResultSuccess(""),
	})
	fmt.Println(err)
	// Output:
	// pattern 3 of 4 assistant(text) "Done." not found after message 3 user(tool_result) (matched by pattern 2)
	// closest: message 4 assistant(text) "Done!"
	//   message.content.0.text: want "Done." got "Done!"
}

func ExampleMessageLabel() {
	for _, line := range []string{
		`{"type":"system","subtype":"init"}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","name":"AskUserQuestion"}]}}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","is_error":true}]}}`,
		`{"type":"result","subtype":"success","is_error":false,"permission_denials":[{"tool_name":"AskUserQuestion"}]}`,
	} {
		fmt.Println(match.MessageLabel([]byte(line)))
	}
	// Output:
	// system/init
	// assistant(tool_use:AskUserQuestion)
	// user(tool_result:error)
	// result/success(permission_denials)
}

func ExamplePattern_Label() {
	fmt.Println(match.AssistantToolUse("Bash").Label())
	fmt.Println(match.ResultSuccessError().Label())
	fmt.Println(match.UserToolResultError().Label())
	fmt.Println(match.SystemStatus("plan").Label())
	// Output:
	// assistant(tool_use:Bash)
	// result/success(is_error:true)
	// user(tool_result:error)
	// system/status(plan)
}
