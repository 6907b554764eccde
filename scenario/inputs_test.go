package scenario

import (
	"strings"
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

func TestPaths(t *testing.T) {
	t.Parallel()
	head := `-- scenario.json --
{"id": "x", "category": "test", "title": {"en": "T", "ja": "T"}, "paths": [%s]}
-- stub.json --
{"turns": []}
-- turns/1/stdin.jsonl --
{"type":"user","message":{"role":"user","content":"hi"}}
`
	sc, err := Parse("x.txtar", []byte(strings.Replace(head, "%s", `{"cli": ">=2.1.113, <=2.1.197", "varies": ["system/api_retry"], "why": {"en": "timing", "ja": "タイミング"}}`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string][]string{"2.1.112": nil, "2.1.113": {"system/api_retry"}, "2.1.197": {"system/api_retry"}, "2.1.198": nil} {
		if diff := cmp.Diff(want, sc.Varies(v)); diff != "" {
			t.Errorf("Varies(%s) (-want +got):\n%s", v, diff)
		}
	}
	for _, tt := range []struct{ paths, err string }{
		{`{"varies": ["a"], "why": {"en": "e", "ja": "j"}}`, "paths[0]: cli is missing"},
		{`{"cli": "nope", "varies": ["a"], "why": {"en": "e", "ja": "j"}}`, "paths[0]: cli:"},
		{`{"cli": ">=2.1.1", "why": {"en": "e", "ja": "j"}}`, "paths[0]: varies must name"},
		{`{"cli": ">=2.1.1", "varies": ["a"], "why": {"en": "e"}}`, "paths[0]: why needs both languages"},
		{`{"cli": ">=2.1.1", "varies": ["a"], "why": {"en": "e", "ja": "j"}, "bogus": 1}`, "bogus"},
	} {
		_, err := Parse("x.txtar", []byte(strings.Replace(head, "%s", tt.paths, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("paths %s: error %v, want one with %q", tt.paths, err, tt.err)
		}
	}
}
