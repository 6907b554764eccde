package claude_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEProgram checks that the program the README opens its Go part
// with is testdata/userprogram, which TestUserProgramCLI builds and runs,
// and that it is short.
func TestREADMEProgram(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := os.ReadFile(filepath.Join("testdata", "userprogram", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "```go\n")
	if !ok {
		t.Fatal("README.md has no Go program")
	}
	block, _, _ = strings.Cut(block, "```")
	if block != string(prog) {
		t.Errorf("README.md's Go program is not testdata/userprogram/main.go:\n%s", block)
	}
	var code int
	for line := range strings.Lines(block) {
		if s := strings.TrimSpace(line); s != "" && s != ")" && !strings.HasPrefix(s, `"`) && s != "import (" {
			code++
		}
	}
	if code > 15 {
		t.Errorf("the README's program has %d lines of code, want at most 15", code)
	}
}
