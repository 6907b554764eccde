package stubapi

import (
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
