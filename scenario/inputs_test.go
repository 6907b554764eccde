package scenario

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestInputs(t *testing.T) {
	t.Parallel()
	sc, err := Parse("x.txtar", []byte(`-- scenario.json --
{"id": "x", "category": "test", "title": {"en": "T", "ja": "T"}}
-- stub.json --
{"turns": []}
-- stub.json [>=2.1.140] --
{"turns": [{"text": "new"}]}
-- files/a.txt --
a
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
-- turns/1/expect.jsonl --
{"type":"result"}
-- turns/1/expect.jsonl [>=2.1.150] --
{"type":"result","subtype":"success"}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		version string
		want    []string
	}{
		{"2.1.139", []string{"files/a.txt", "stub.json", "turns/1/stdin.jsonl"}},
		{"2.1.140", []string{"files/a.txt", "stub.json [>=2.1.140]", "turns/1/stdin.jsonl"}},
		// An expectation's variant is not an input.
		{"2.1.150", []string{"files/a.txt", "stub.json [>=2.1.140]", "turns/1/stdin.jsonl"}},
		{"nope", nil},
	} {
		if diff := cmp.Diff(tt.want, sc.Inputs(tt.version)); diff != "" {
			t.Errorf("Inputs(%s) (-want +got):\n%s", tt.version, diff)
		}
	}
}
