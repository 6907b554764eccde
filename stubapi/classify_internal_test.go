package stubapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzDecodeRequest checks decodeRequest, which only counts messages and
// tools, against decoding the whole body with encoding/json: the same
// fields, the same counts and the same errors.
func FuzzDecodeRequest(f *testing.F) {
	for _, body := range []string{
		`{"model":"m","max_tokens":5,"stream":true,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"Bash","input_schema":{}}]}`,
		`{"model":"m","max_tokens":5,"messages":[ {"role":"user","content":"a, [b], {c}, \"d\\\",e\""} , "x" ,1,[2,3],{"k":[4,5]} ],"tools":[ ]}`,
		`{"model":"m","messages":null,"tools":null}`,
		`{"model":"m","messages":[],"tools":[[],[[]],{}]}`,
		`{"model":"m","messages":"hi"}`,
		`{"model":7,"messages":"hi","tools":{}}`,
		`{"model":"m","messages":[1],"messages":[],"tools":[1,2],"tools":[3]}`,
		`{"model":"m","messages":[1],"output_config":{"format":{"type":"json_schema","schema":{"type":"object"}}},"output_format":{"type":"x"}}`,
		`{"model":"m","messages":[1],"output_config":[]}`,
		"{\"model\":\"m\",\"messages\":[\n\t1\r\n]\n}",
		`{"model":"m","max_tokens":"5","messages":[1]}`,
		`{"model":"m","messages":[1]} trailing`,
		`[]`, `{}`, ``, `null`, `{"model":"\u00e9","messages":["\u005d",","]}`,
	} {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, err := decodeRequest(body)
		want, wantErr := strictDecode(body)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Fatalf("decodeRequest(%q) error = %v, want %v", body, err, wantErr)
		}
		if err != nil {
			return
		}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(outputFormat{})); diff != "" {
			t.Fatalf("decodeRequest(%q) (-encoding/json +got):\n%s", body, diff)
		}
	})
}

// strictDecode is decodeRequest with messages and tools decoded in full
// by encoding/json.
func strictDecode(body []byte) (*messagesRequest, error) {
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return nil, fmt.Errorf("%w: empty request body; expected a JSON object", errBadRequest)
	case trimmed[0] != '{' && json.Valid(trimmed):
		return nil, fmt.Errorf("%w: request body must be a JSON object", errBadRequest)
	case trimmed[0] != '{':
		return nil, fmt.Errorf("%w: request body is not valid JSON", errBadRequest)
	}
	var s strictMessagesRequest
	if err := json.Unmarshal(trimmed, &s); err != nil {
		if _, ok := err.(*json.SyntaxError); ok {
			return nil, fmt.Errorf("%w: request body is not valid JSON: %v", errBadRequest, err)
		}
		return nil, fmt.Errorf("%w: %v", errBadRequest, err)
	}
	switch {
	case s.Model == "":
		return nil, fmt.Errorf("%w: model: Field required", errBadRequest)
	case len(s.Messages) == 0:
		return nil, fmt.Errorf("%w: messages: Field required (at least one message)", errBadRequest)
	}
	return &messagesRequest{
		Model: s.Model, MaxTokens: s.MaxTokens, Stream: s.Stream,
		Messages: jsonArray(len(s.Messages)), Tools: jsonArray(len(s.Tools)),
		OutputFormat: s.OutputFormat, OutputConfig: s.OutputConfig,
	}, nil
}
