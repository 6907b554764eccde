package stubapi

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

func TestDeltas(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "Hi", "Hello, world!", "a b c d e f g h i j k", "nospacesatallinthisverylongword", "日本語テキストです", "✓✓✓✓✓✓✓✓", "\xff\xfe invalid"} {
		parts := slices.Collect(deltas(s))
		joined := ""
		for _, p := range parts {
			if p == "" {
				t.Errorf("deltas(%q) has an empty part: %q", s, parts)
			}
			joined += p
		}
		if joined != s {
			t.Errorf("deltas(%q) = %q, which joins to %q", s, parts, joined)
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

func TestAppendPadded(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 7, 42, 999, 1000, 9999, 10000, 123456, 1234567, -1, -42, -12345} {
		for _, width := range []int{2, 4, 6} {
			got := string(appendPadded([]byte("id"), n, width))
			if want := fmt.Sprintf("id%0*d", width, n); got != want {
				t.Errorf("appendPadded(%d, %d) = %q, want %q", n, width, got, want)
			}
		}
	}
}
