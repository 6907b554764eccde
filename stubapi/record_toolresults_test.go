package stubapi_test

import (
	"testing"

	"github.com/ccwire/ccwire/stubapi"
)

func TestRequestToolResults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body string
		want       []string // tool_use ids
	}{
		{"last user message", `{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"a"},{"type":"text","text":"x"},{"type":"tool_result","tool_use_id":"b"}]}]}`, []string{"a", "b"}},
		{"system messages after it", `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a"}]},{"role":"system","content":[{"type":"text","text":"cwd changed"}]},{"role":"system","content":"more"}]}`, []string{"a"}},
		{"assistant last", `{"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"a"}]},{"role":"assistant","content":[]}]}`, nil},
		{"only system messages after an assistant", `{"messages":[{"role":"assistant","content":[]},{"role":"system","content":"x"}]}`, nil},
		{"string content", `{"messages":[{"role":"user","content":"hi"}]}`, nil},
		{"no messages", `{"messages":[]}`, nil},
		{"not JSON", `nope`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := stubapi.Request{Body: []byte(tc.body), Seq: 7}
			var got []string
			for _, tr := range r.ToolResults() {
				if tr.Seq != 7 {
					t.Errorf("Seq = %d, want 7", tr.Seq)
				}
				got = append(got, tr.ToolUseID)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("ToolResults ids = %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("ToolResults ids = %v, want %v", got, tc.want)
				}
			}
		})
	}
}
