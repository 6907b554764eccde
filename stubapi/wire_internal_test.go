package stubapi

import (
	"encoding/json"
	"testing"
)

func TestSplitDeltas(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "Hi", "Hello, world!", "a b c d e f g h i j k", "nospacesatallinthisverylongword", "日本語テキストです", "✓✓✓✓✓✓✓✓", "\xff\xfe invalid"} {
		parts := splitDeltas(s, deltaSize)
		joined := ""
		for _, p := range parts {
			if p == "" {
				t.Errorf("splitDeltas(%q) has an empty part: %q", s, parts)
			}
			joined += p
		}
		if joined != s {
			t.Errorf("splitDeltas(%q) = %q, which joins to %q", s, parts, joined)
		}
	}
}

func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "quote \" backslash \\ slash /", "\n\r\t\x00\x1f\x7f", "<html>&", "日本語 ✓", "\xff\xfe\xc3", "\u2028\u2029"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := appendJSONString(nil, s)
		var back string
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("appendJSONString(%q) = %s, not a JSON string: %v", s, got, err)
		}
		std, _ := json.Marshal(s)
		var want string
		if err := json.Unmarshal(std, &want); err != nil {
			t.Fatal(err)
		}
		if back != want {
			t.Fatalf("appendJSONString(%q) decodes to %q, encoding/json's to %q", s, back, want)
		}
	})
}
