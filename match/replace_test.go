package match_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/match"
)

func TestReplace(t *testing.T) {
	t.Parallel()
	const v = "2.1.331"
	tests := []struct {
		name, pattern string
		want          string // the replaced pattern's text
		matches       string
		differs       string
	}{
		{
			name:    "member value",
			pattern: `{"claude_code_version":"<cli-version>"}`,
			want:    `{"claude_code_version":"2.1.331"}`,
			matches: `{"claude_code_version":"2.1.331","pid":1}`,
			differs: `{"claude_code_version":"2.1.330"}`,
		},
		{
			name:    "inside a longer string, twice",
			pattern: `{"ua":"claude-cli/<cli-version> (<cli-version>)"}`,
			want:    `{"ua":"claude-cli/2.1.331 (2.1.331)"}`,
			matches: `{"ua":"claude-cli/2.1.331 (2.1.331)"}`,
			differs: `{"ua":"claude-cli/2.1.331 (2.1.330)"}`,
		},
		{
			name:    "regexp quotes the version",
			pattern: `{"ua":{"$regexp":"^claude-cli/<cli-version> "}}`,
			want:    `{"ua":{"$regexp":"^claude-cli/2\\.1\\.331 "}}`,
			matches: `{"ua":"claude-cli/2.1.331 (external)"}`,
			differs: `{"ua":"claude-cli/2x1x331 (external)"}`,
		},
		{
			name:    "arrays and $contains",
			pattern: `{"a":["<cli-version>"],"b":{"$contains":[{"v":"<cli-version>"}]}}`,
			want:    `{"a":["2.1.331"],"b":{"$contains":[{"v":"2.1.331"}]}}`,
			matches: `{"a":["2.1.331"],"b":[{"v":"x"},{"v":"2.1.331"}]}`,
			differs: `{"a":["<cli-version>"],"b":[{"v":"2.1.331"}]}`,
		},
		{
			name:    "keys and other operators stay",
			pattern: `{"<cli-version>":{"$type":"string"},"n":1,"x":{"$absent":true}}`,
			want:    `{"<cli-version>":{"$type":"string"},"n":1,"x":{"$absent":true}}`,
			matches: `{"<cli-version>":"s","n":1}`,
			differs: `{"2.1.331":"s","n":1}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := match.MustParse(tc.pattern)
			got, err := p.Replace("<cli-version>", v)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != tc.want {
				t.Errorf("Replace = %s, want %s", got, tc.want)
			}
			if p.String() == got.String() && tc.pattern != tc.want {
				t.Errorf("Replace changed the original pattern: %s", p)
			}
			if err := got.Match([]byte(tc.matches)); err != nil {
				t.Errorf("does not match %s: %v", tc.matches, err)
			}
			if err := got.Match([]byte(tc.differs)); err == nil {
				t.Errorf("matches %s", tc.differs)
			}
		})
	}
	t.Run("label kept", func(t *testing.T) {
		t.Parallel()
		got, err := match.MustParse(`{"type":"x","v":"<cli-version>"}`).WithLabel("mine").Replace("<cli-version>", v)
		if err != nil || got.Label() != "mine" {
			t.Errorf("Replace = %v (label %q), %v", got, got.Label(), err)
		}
	})
	t.Run("errors", func(t *testing.T) {
		t.Parallel()
		if _, err := match.MustParse(`"x"`).Replace("", v); err == nil {
			t.Error("Replace of an empty string did not fail")
		}
		if _, err := (match.Pattern{}).Replace("x", v); err == nil {
			t.Error("Replace on the zero Pattern did not fail")
		}
		// Quoting keeps every replacement a literal, so only an expression
		// whose syntax old is part of can break: "a{1,<n>}" is literal text
		// until <n> becomes a repeat count over the limit.
		_, err := match.MustParse(`{"$regexp":"a{1,<n>}"}`).Replace("<n>", "2000")
		if err == nil || !strings.Contains(err.Error(), "a{1,<n>}") {
			t.Errorf("Replace breaking a regexp = %v, want an error naming it", err)
		}
	})
}
