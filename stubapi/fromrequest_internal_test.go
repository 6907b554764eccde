package stubapi

import (
	"encoding/json"
	"testing"
)

// FuzzResolveTurn checks that filling in placeholders never panics and,
// for an input that validates, yields valid JSON or an error.
func FuzzResolveTurn(f *testing.F) {
	f.Add(`{"task_id":{"$from_request":"ID: (\\w+)"}}`, `"with ID: b1"`)
	f.Add(`{"a":[{"$from_request":"(x)"},{"b":{"$from_request":"y(z)"}}]}`, `[{"type":"text","text":"xyz"}]`)
	f.Add(`{"a":{"$from_request":3}}`, `"x"`)
	f.Fuzz(func(t *testing.T, input, last string) {
		if !json.Valid([]byte(input)) || !json.Valid([]byte(last)) {
			return
		}
		var errs int
		validatePlaceholders(json.RawMessage(input), "input", func(string, string, ...any) { errs++ })
		if errs > 0 {
			return
		}
		body := `{"messages":[{"role":"user","content":` + last + `}]}`
		turn := Turn{Content: []Block{{Type: BlockToolUse, Name: "X", Input: json.RawMessage(input)}}}
		got, err := resolveTurn(&turn, 0, []byte(body))
		if err != nil {
			return
		}
		if !json.Valid(got.Content[0].Input) {
			t.Fatalf("resolved input %s is not JSON (from %s)", got.Content[0].Input, input)
		}
	})
}
