package claude_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestClaudeLinksNoCorpus checks that a program importing package claude
// links none of the recordings: neither package corpus (the pack the
// ccwire binaries embed) nor anything of the recordings module.
func TestClaudeLinksNoCorpus(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-deps", "github.com/ccwire/ccwire/claude").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 2 {
		t.Fatalf("go list -deps listed %q", deps)
	}
	for _, p := range deps {
		if p == "github.com/ccwire/ccwire/corpus" || p == "github.com/ccwire/ccwire/scenarios" ||
			p == "github.com/ccwire/ccwire/recordings" || strings.HasPrefix(p, "github.com/ccwire/ccwire/recordings/") {
			t.Errorf("package claude depends on %s, data built into the ccwire binaries", p)
		}
	}
}
