package jsonwire

import (
	"encoding/json"
	"testing"
)

// FuzzAppendString checks that AppendString writes a JSON string that reads
// back as what encoding/json makes of the same Go string (invalid UTF-8 as
// U+FFFD included).
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "quote \" backslash \\ slash /", "\n\r\t\b\f\x00\x1f\x7f", "<html>&", "日本語 ✓", "\xff\xfe\xc3", "\u2028\u2029"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := AppendString(nil, s)
		var back string
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("AppendString(%q) = %s, not a JSON string: %v", s, got, err)
		}
		std, _ := json.Marshal(s)
		var want string
		if err := json.Unmarshal(std, &want); err != nil {
			t.Fatal(err)
		}
		if back != want {
			t.Fatalf("AppendString(%q) reads back as %q, encoding/json's as %q", s, back, want)
		}
	})
}
