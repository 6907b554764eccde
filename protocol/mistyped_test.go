package protocol_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccwire/ccwire/protocol"
)

func TestMistypedFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		line     string
		mistyped []protocol.MistypedField
		keys     []string
	}{
		{
			name:     "boolean given a string",
			line:     `{"type":"result","subtype":"success","is_error":"nope","duration_ms":1,"session_id":"s","new_member":1}`,
			mistyped: []protocol.MistypedField{{Path: "is_error", Want: "boolean", Got: "string"}},
			keys:     []string{"new_member"},
		},
		{
			name: "nested, integer given a fraction and a string given an object",
			line: `{"type":"assistant","message":{"id":{"x":1},"role":"assistant","content":[{"type":"text","text":"hi","extra":true}],"usage":{"input_tokens":1.5}},"session_id":"s"}`,
			mistyped: []protocol.MistypedField{
				{Path: "message.id", Want: "string", Got: "object"},
				{Path: "message.usage.input_tokens", Want: "integer", Got: "number with a fraction or exponent"},
			},
			keys: []string{"message.content.*.extra"},
		},
		{
			name:     "array of strings given a string",
			line:     `{"type":"system","subtype":"init","tools":"Bash","session_id":"s"}`,
			mistyped: []protocol.MistypedField{{Path: "tools", Want: "array of strings", Got: "string"}},
		},
		{
			name:     "content given a number",
			line:     `{"type":"user","message":{"role":"user","content":7},"session_id":"s"}`,
			mistyped: []protocol.MistypedField{{Path: "message.content", Want: "string or array of objects", Got: "number"}},
		},
		{
			name:     "repeated type with another value",
			line:     `{"type":"result","subtype":"success","is_error":false,"type":"other","session_id":"s"}`,
			mistyped: []protocol.MistypedField{{Path: "type", Want: "", Got: "string"}},
		},
		{
			name: "numbers out of range",
			line: `{"type":"result","subtype":"success","num_turns":99999999999999999999,"total_cost_usd":1e400,"session_id":"s"}`,
			mistyped: []protocol.MistypedField{
				{Path: "num_turns", Want: "integer", Got: "integer out of range"},
				{Path: "total_cost_usd", Want: "number", Got: "number out of range"},
			},
		},
		{
			name: "nothing unknown",
			line: `{"type":"result","subtype":"success","is_error":false,"session_id":"s"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, err := protocol.Decode([]byte(tt.line))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.mistyped, protocol.MistypedFields(m)); diff != "" {
				t.Errorf("MistypedFields (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.keys, protocol.UnknownKeys(m)); diff != "" {
				t.Errorf("UnknownKeys (-want +got):\n%s", diff)
			}
			// UnknownFields lists both.
			all := protocol.UnknownFields(m)
			for _, mf := range tt.mistyped {
				if !slices.Contains(all, mf.Path) {
					t.Errorf("UnknownFields %q lacks the mistyped %q", all, mf.Path)
				}
			}
			for _, k := range tt.keys {
				if !slices.Contains(all, k) {
					t.Errorf("UnknownFields %q lacks %q", all, k)
				}
			}
		})
	}
}
