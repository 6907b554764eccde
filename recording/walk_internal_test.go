package recording

import (
	"encoding/json"
	"testing"

	"github.com/ccwire/ccwire/protocol/schema"
)

func TestNumbersRestored(t *testing.T) {
	t.Parallel()
	got, err := numbersRestored([]byte(`{"type":"result","duration_ms":"<duration>","resetsAt":"<time>","pid":"<pid:2>","uuid":"<uuid:1>","result":"took <duration>","list":["<pid>"],"":{"":"<pid>","x":["<time>"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"result","duration_ms":0,"resetsAt":0,"pid":0,"uuid":"<uuid:1>","result":"took <duration>","list":["<pid>"],"":{"":0,"x":["<time>"]}}`
	if string(got) != want {
		t.Errorf("numbersRestored = %s, want %s", got, want)
	}
}

// FuzzNumbersRestored turns recorded messages into lines: a message it
// accepts gives a JSON message with no number placeholder left as a
// member's value.
func FuzzNumbersRestored(f *testing.F) {
	for _, s := range []string{
		`{"type":"result","duration_ms":"<duration>","x":["<pid:3>"]}`,
		`{"type":"user"}`,
		`"<time>"`,
		`{"a":{"b":"<pid>"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		restored, err := numbersRestored(msg)
		if err != nil {
			return
		}
		l := schema.Line{Msg: restored}
		var v any
		if err := json.Unmarshal(l.Msg, &v); err != nil {
			t.Fatalf("msg %q: %v", l.Msg, err)
		}
		var walk func(v any, member bool)
		walk = func(v any, member bool) {
			switch v := v.(type) {
			case string:
				if member && IsNumberPlaceholder(v) {
					t.Errorf("placeholder %q left in %s", v, l.Msg)
				}
			case []any:
				for _, e := range v {
					walk(e, false)
				}
			case map[string]any:
				for _, e := range v {
					walk(e, true)
				}
			}
		}
		walk(v, false)
	})
}
