package match_test

import (
	"strings"
	"testing"

	"github.com/ccwire/ccwire/match"
)

// TestFirstDifference checks that a long line is shown around the byte
// where it first differs.
func TestFirstDifference(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 1000)
	got := match.FirstDifference([]byte("same\n"+long+"X"+long), []byte("same\n"+long+"Y"+long))
	for _, want := range []string{"line 2, from byte 1001:", "aX", "aY"} {
		if !strings.Contains(got, want) {
			t.Errorf("FirstDifference lacks %q:\n%s", want, got)
		}
	}
}
