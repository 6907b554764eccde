package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// placeholderNumber matches the placeholders recordings write for timings
// and clock readings, numbers on the wire.
var placeholderNumber = regexp.MustCompile(`"<(duration|time)>"`)

// TestToolResultsOfRecordings decodes every object tool_use_result of the
// recordings with the type of the tool called: the model knows each of
// their members, and writes each back byte for byte.
func TestToolResultsOfRecordings(t *testing.T) {
	t.Parallel()
	names := map[string]string{} // tool_use id -> tool name
	typed := map[string]int{}
	for _, line := range recordingLines(t) {
		line = placeholderNumber.ReplaceAll(line, []byte("0"))
		m, err := Decode(line)
		if err != nil {
			continue
		}
		switch m := m.(type) {
		case *AssistantMessage:
			for _, b := range m.Message.Content {
				if u, ok := b.(*ToolUseBlock); ok {
					names[u.ID] = u.Name
				}
			}
		case *UserMessage:
			if len(m.ToolUseResult) == 0 || !m.Message.Content.IsBlocks() {
				continue
			}
			var tool string
			for _, b := range m.Message.Content.Blocks {
				if r, ok := b.(*ToolResultBlock); ok {
					tool = names[r.ToolUseID]
				}
			}
			if _, ok := m.ToolResultText(); ok || m.ToolUseResult[0] != '{' {
				continue
			}
			r := NewToolResult(tool)
			if r == nil {
				if !strings.HasPrefix(tool, "mcp__") {
					t.Errorf("no tool result type for %s: %s", tool, m.ToolUseResult)
				}
				continue
			}
			if err := m.DecodeToolResult(r); err != nil {
				t.Errorf("%s: %v", tool, err)
				continue
			}
			if u := UnknownPayloadFields(r); len(u) > 0 {
				t.Errorf("%s: members the model does not know: %v", tool, u)
			}
			out, err := MarshalToolResult(r)
			if err != nil || !bytes.Equal(out, m.ToolUseResult) {
				t.Errorf("%s: written back as %s, %v; want %s", tool, out, err, m.ToolUseResult)
			}
			typed[tool]++
		}
	}
	if len(typed) == 0 {
		t.Fatal("no typed tool result in the recordings")
	}
	t.Logf("typed tool results by tool: %v", typed)
}

func TestDecodeToolResult(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line string
		tool       string
		wantErr    string
		check      func(*testing.T, ToolResult)
	}{
		{"bash", `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"hi"}]},"session_id":"s","tool_use_result":{"stdout":"hi","stderr":"","interrupted":false,"isImage":false,"extra":1}}`, "Bash", "",
			func(t *testing.T, r ToolResult) {
				b := r.(*BashToolResult)
				if b.Stdout != "hi" || b.Interrupted {
					t.Errorf("got %+v", b)
				}
				if u := UnknownPayloadFields(r); !slices.Equal(u, []string{"extra"}) {
					t.Errorf("unknown members %v, want [extra]", u)
				}
			}},
		{"task alias", `{"type":"user","message":{"role":"user","content":[]},"session_id":"s","tool_use_result":{"status":"completed","agentId":"a1"}}`, "Agent", "",
			func(t *testing.T, r ToolResult) {
				if a := r.(*AgentToolResult); a.Status != "completed" || a.AgentID != "a1" {
					t.Errorf("got %+v", a)
				}
			}},
		{"error text", `{"type":"user","message":{"role":"user","content":[]},"session_id":"s","tool_use_result":"Error: No task found"}`, "mcp__srv__tool", "",
			nil},
		{"string into a type", `{"type":"user","message":{"role":"user","content":[]},"session_id":"s","tool_use_result":"Error: x"}`, "Bash", "want an object", nil},
		{"no result", `{"type":"user","message":{"role":"user","content":"hi"},"session_id":"s"}`, "Bash", "no tool_use_result", nil},
		{"mistyped member", `{"type":"user","message":{"role":"user","content":[]},"session_id":"s","tool_use_result":{"stdout":1}}`, "Bash", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, err := Decode([]byte(tc.line))
			if err != nil {
				t.Fatal(err)
			}
			u := m.(*UserMessage)
			r := NewToolResult(tc.tool)
			if r == nil {
				if text, ok := u.ToolResultText(); !ok || !strings.HasPrefix(text, "Error: ") {
					t.Errorf("ToolResultText = %q, %v", text, ok)
				}
				return
			}
			err = u.DecodeToolResult(r)
			switch {
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("err = %v, want one saying %q", err, tc.wantErr)
			case tc.wantErr == "" && err != nil && tc.name != "mistyped member":
				t.Fatal(err)
			}
			if tc.wantErr == "no tool_use_result" && !errors.Is(err, ErrNoToolResult) {
				t.Errorf("err = %v, want ErrNoToolResult", err)
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

func TestNewToolResult(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"Bash", "Read", "Edit", "Write", "Task", "Agent", "CronCreate", "ScheduleWakeup"} {
		r := NewToolResult(tool)
		if r == nil {
			t.Errorf("NewToolResult(%q) = nil", tool)
			continue
		}
		if _, err := json.Marshal(r); err != nil {
			t.Errorf("json.Marshal(NewToolResult(%q)): %v", tool, err)
		}
	}
	for _, tool := range []string{"", "mcp__calc__add", "Nope"} {
		if r := NewToolResult(tool); r != nil {
			t.Errorf("NewToolResult(%q) = %T, want nil", tool, r)
		}
	}
	if _, err := MarshalToolResult(nil); err == nil {
		t.Error("MarshalToolResult(nil): no error")
	}
}

func FuzzDecodeToolResult(f *testing.F) {
	f.Add("Bash", []byte(`{"stdout":"a","stderr":"","interrupted":false}`))
	f.Add("Read", []byte(`{"type":"text","file":{"filePath":"a","numLines":1}}`))
	f.Add("Task", []byte(`{"status":"completed","content":[{"type":"text","text":"x"}]}`))
	f.Add("CronList", []byte(`{"jobs":[{"id":"x"}]}`))
	f.Fuzz(func(t *testing.T, tool string, data []byte) {
		r := NewToolResult(tool)
		if r == nil {
			return
		}
		m := &UserMessage{ToolUseResult: data}
		if err := m.DecodeToolResult(r); err != nil {
			return
		}
		out, err := MarshalToolResult(r)
		if err != nil {
			t.Fatal(err)
		}
		r2 := NewToolResult(tool)
		if err := (&UserMessage{ToolUseResult: out}).DecodeToolResult(r2); err != nil {
			t.Fatalf("written back as %s, which does not decode: %v", out, err)
		}
	})
}
