package match_test

import (
	"testing"

	"github.com/ccwire/ccwire/match"
)

func TestLiteralString(t *testing.T) {
	t.Parallel()
	p := match.MustParse(`{"type":"control_response","response":{"request_id":"r1","n":1,"re":{"$regexp":"x"}},"list":["a"]}`)
	for _, tc := range []struct {
		path []string
		want string
		ok   bool
	}{
		{[]string{"response", "request_id"}, "r1", true},
		{[]string{"type"}, "control_response", true},
		{[]string{"response", "n"}, "", false},
		{[]string{"response", "re"}, "", false},
		{[]string{"response", "missing"}, "", false},
		{[]string{"response"}, "", false},
	} {
		if got, ok := p.LiteralString(tc.path...); got != tc.want || ok != tc.ok {
			t.Errorf("LiteralString(%q) = %q, %v; want %q, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
	if _, ok := (match.Pattern{}).LiteralString("type"); ok {
		t.Error("the zero Pattern has a literal string")
	}
}
